"""Schema versions and migrations of the card database (Alembic, run by Spellweb itself).

A new database is created from the current models and stamped with the newest revision; an
existing one is upgraded to it, so a newer Spellweb opens a database an older one wrote. A
database that predates Alembic but holds Spellweb's tables is taken as revision ``0001``.
The migration scripts live in ``analyzer/cards/db/migrations/versions``.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect

from analyzer.cards.db.schema import Base

__all__ = ["current_revision", "head_revision", "upgrade"]

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest schema revision this Spellweb knows (``"0002"``...)."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision stamped in a database, None for a database without one."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> str:
    """Create or upgrade the card schema to the newest revision; return that revision.

    Raises
    ------
    sqlalchemy.exc.SQLAlchemyError
        The database refused a statement (the caller wraps it in ``DatabaseError``).
    """
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
