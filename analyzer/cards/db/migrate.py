"""Schema versions and migrations of the card database (Alembic, run by Spellweb itself).

A new database is created from the current models and stamped with the newest revision; an
existing one is upgraded to it, so a newer Spellweb opens a database an older one wrote. A
database that predates Alembic but holds Spellweb's tables is taken as revision ``0001``.
The migration scripts live in ``analyzer/cards/db/migrations/versions``.

Opening a database that is already at :data:`~analyzer.cards.db.schema.SCHEMA_VERSION` reads
Alembic's ``alembic_version`` table with plain SQLAlchemy and does not import Alembic at all
(0.2 s of the application's start); Alembic is imported only to create, stamp or upgrade.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from analyzer.cards.db.schema import SCHEMA_VERSION, Base

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = ["current_revision", "head_revision", "upgrade"]

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def _config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest schema revision this Spellweb knows (``"0002"``...)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision stamped in a database, None for a database without one."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> str:
    """Create or upgrade the card schema to the newest revision; return that revision.

    Raises
    ------
    sqlalchemy.exc.SQLAlchemyError
        The database refused a statement (the caller wraps it in ``DatabaseError``).
    """
    if _stamped_revision(engine) == SCHEMA_VERSION:
        return SCHEMA_VERSION
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    with engine.begin() as connection:
        tables = set(inspect(connection).get_table_names())
        revision = MigrationContext.configure(connection).get_current_revision()
        config = _config(connection)
        if revision is None and "cards" not in tables:
            Base.metadata.create_all(connection)
            command.stamp(config, "head")
        else:
            if revision is None:
                command.stamp(config, "0001")
            command.upgrade(config, "head")
    return head_revision()


def _stamped_revision(engine: Engine) -> str | None:
    """The revision in ``alembic_version`` read without Alembic; None when the table is
    missing, empty, holds several heads, or cannot be read (the caller then asks Alembic)."""
    try:
        with engine.connect() as connection:
            if not inspect(connection).has_table("alembic_version"):
                return None
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except Exception:
        return None
    return str(rows[0][0]) if len(rows) == 1 else None
