"""A read-only look at a card database (Settings ▸ Test Connection).

:class:`~analyzer.cards.db.engine.Database` creates a missing SQLite file and upgrades an
older schema (Alembic) as it opens; testing a URL must do neither. :func:`probe_database`
connects, reads the schema revision, the card and face counts and the ``meta`` rows, and
changes nothing: a SQLite file is opened with ``mode=ro`` (a missing one is reported, not
created), and on a server every statement is a ``SELECT`` in a transaction rolled back.
"""

from __future__ import annotations

import enum
import os
import sqlite3
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, create_engine, inspect, text
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import NullPool

from analyzer.cards.db.engine import (
    ENV_VAR,
    hide_password,
    parse_database_url,
    resolve_database_url,
    sqlite_file,
)
from analyzer.cards.db.schema import SCHEMA_VERSION
from analyzer.errors import DatabaseError

__all__ = ["DatabaseProbe", "ProbeState", "probe_database"]


class ProbeState(enum.Enum):
    """What a probe found at a URL."""

    MISSING = "missing"
    """No such SQLite file (opening it would create it)."""
    EMPTY = "empty"
    """The database exists but holds no Spellweb tables (opening it would create them)."""
    CURRENT = "current"
    """Spellweb's schema at :data:`~analyzer.cards.db.schema.SCHEMA_VERSION`."""
    OLDER = "older"
    """An older Spellweb schema (opening it would upgrade it)."""
    NEWER = "newer"
    """A schema revision this Spellweb does not know (a newer Spellweb wrote it)."""


@dataclass(frozen=True)
class DatabaseProbe:
    """What :func:`probe_database` read.

    ``schema_version`` is the Alembic revision (``alembic_version.version_num``; ``"0001"``
    for Spellweb tables that predate Alembic, ``""`` when there are none); ``cards`` and
    ``faces`` are row counts of the ``cards`` and ``faces`` tables (0 when missing);
    ``source``, ``imported_at`` and ``data_date`` are the ``meta`` rows of the last import.
    """

    url: str
    """The URL, password hidden."""
    state: ProbeState
    schema_version: str = ""
    cards: int = 0
    faces: int = 0
    source: str = ""
    imported_at: str = ""
    data_date: str = ""


def probe_database(url: str | None = None) -> DatabaseProbe:
    """Connect to the card database ``url`` and read it without writing anything.

    Parameters
    ----------
    url : str, optional
        SQLAlchemy URL or SQLite file path (:func:`resolve_database_url`).

    Raises
    ------
    DatabaseError
        The URL is malformed, its driver missing, the server unreachable or refusing the
        login, the SQLite path a folder or not a SQLite file, the folder of a SQLite file
        named by ``url`` or ``$SPELLWEB_DB`` missing. Messages show the URL with
        its password hidden.
    """
    resolved = resolve_database_url(url)
    parsed = parse_database_url(resolved)
    shown = hide_password(resolved)
    kwargs: dict[str, Any] = {"poolclass": NullPool}
    file = sqlite_file(parsed)
    if file is not None:
        if not file.exists():
            if (url or os.environ.get(ENV_VAR)) and not file.parent.is_dir():
                # services.open_database creates the folder of the default database only
                raise DatabaseError(f"folder {str(file.parent)!r} of the database "
                                    f"{shown!r} does not exist; create it, or check the URL")
            return DatabaseProbe(shown, ProbeState.MISSING)
        if file.is_dir():
            raise DatabaseError(f"{str(file)!r} is a folder, not a database file; name a "
                                "file in it, e.g. cards.sqlite")
        uri = f"{file.resolve().as_uri()}?mode=ro"
        kwargs["creator"] = lambda: sqlite3.connect(uri, uri=True, check_same_thread=False)
        engine_url: Any = "sqlite://"
    else:
        engine_url = parsed
    try:
        engine = create_engine(engine_url, **kwargs)
    except (ArgumentError, ImportError, SQLAlchemyError) as err:
        raise DatabaseError(f"cannot open the database {shown!r}: "
                            f"{_scrub(str(err), parsed.password)}") from err
    try:
        with engine.connect() as connection:
            try:
                return _read(connection, shown)
            finally:
                connection.rollback()
    except SQLAlchemyError as err:
        raise DatabaseError(f"cannot read the database {shown!r}: "
                            f"{_scrub(str(err), parsed.password)}") from err
    finally:
        engine.dispose()


def _read(connection: Connection, shown: str) -> DatabaseProbe:
    tables = set(inspect(connection).get_table_names())
    revision = ""
    if "alembic_version" in tables:
        rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        revision = str(rows[0][0]) if len(rows) == 1 else ""
    if not revision and "cards" in tables:
        revision = "0001"    # Spellweb's tables from before Alembic (migrate.upgrade)
    if not revision:
        return DatabaseProbe(shown, ProbeState.EMPTY)
    if revision == SCHEMA_VERSION:
        state = ProbeState.CURRENT
    elif revision.isdigit() and SCHEMA_VERSION.isdigit() and int(revision) < int(SCHEMA_VERSION):
        state = ProbeState.OLDER
    else:
        state = ProbeState.NEWER
    cards = _count(connection, "cards", tables)
    faces = _count(connection, "faces", tables)
    meta: dict[str, str] = {}
    if "meta" in tables:
        meta = {str(k): str(v) for k, v in
                connection.execute(text("SELECT key, value FROM meta")).all()}
    return DatabaseProbe(shown, state, revision, cards, faces, meta.get("source", ""),
                         meta.get("imported_at", ""), meta.get("data_date", ""))


def _count(connection: Connection, table: str, tables: set[str]) -> int:
    if table not in tables:
        return 0
    return int(connection.execute(text(f"SELECT count(*) FROM {table}")).scalar() or 0)


def _scrub(message: str, password: str | None) -> str:
    return message.replace(password, "***") if password else message
