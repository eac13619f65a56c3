"""Opening the card database: URL choice, engine, sessions, schema creation.

The embedded default is a SQLite file in the user's data folder (platformdirs); any
SQLAlchemy URL works (``postgresql+psycopg://...`` for a team's shared database), chosen by
``--db URL`` on the command line or the ``SPELLWEB_DB`` environment variable.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
import platformdirs
from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool, StaticPool

from analyzer.cards.db.migrate import upgrade
from analyzer.cards.db.schema import SCHEMA_VERSION, MetaRow
from analyzer.errors import DatabaseError

__all__ = ["ENV_VAR", "Database", "default_database_url", "resolve_database_url"]

ENV_VAR = "SPELLWEB_DB"
"""Environment variable holding a SQLAlchemy URL for the card database."""


def default_database_url() -> str:
    """The embedded default: ``sqlite:///<user data dir>/spellweb/cards.sqlite``.

    The folder is the platform's user data folder (``~/.local/share/spellweb`` on Linux,
    ``%LOCALAPPDATA%\\spellweb`` on Windows, ``~/Library/Application Support/spellweb`` on
    macOS), from :func:`platformdirs.user_data_dir`.
    """
    folder = Path(platformdirs.user_data_dir("spellweb", appauthor=False))
    return f"sqlite:///{folder / 'cards.sqlite'}"


def resolve_database_url(url: str | None = None) -> str:
    """The URL to use: ``url`` if given, else ``$SPELLWEB_DB``, else the embedded default.

    A bare file path (no ``://``) is taken as a SQLite file.

    Examples
    --------
    >>> resolve_database_url("sqlite://")
    'sqlite://'
    >>> resolve_database_url("/tmp/x.sqlite")
    'sqlite:////tmp/x.sqlite'
    """
    chosen = url or os.environ.get(ENV_VAR) or default_database_url()
    if "://" not in chosen:
        chosen = f"sqlite:///{Path(chosen).expanduser().resolve()}"
    return chosen


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Database:
    """An open card database: engine, session factory and schema.

    Parameters
    ----------
    url : str, optional
        SQLAlchemy URL; see :func:`resolve_database_url` for the default.

    Raises
    ------
    DatabaseError
        The URL is malformed, the driver is missing, or the database cannot be reached or
        created.

    Notes
    -----
    Sessions start and end at the use-case boundary (STYLE.md habit 13): each user action or
    worker job calls :meth:`session` once. SQLite files use ``NullPool`` so every thread opens
    its own connection.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = resolve_database_url(url)
        try:
            parsed = make_url(self.url)
        except ArgumentError as err:
            raise DatabaseError(f"not a database URL: {self.url!r}") from err
        # JSON columns (colors, keywords, legalities...) are read with orjson: a search
        # result decodes several per card, and stdlib json.loads was ~40% of a search's time.
        kwargs: dict[str, Any] = {"json_deserializer": orjson.loads}
        if parsed.get_backend_name() == "sqlite":
            database = parsed.database or ""
            if database in ("", ":memory:"):
                kwargs.update(poolclass=StaticPool,
                              connect_args={"check_same_thread": False})
            else:
                Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
                kwargs.update(poolclass=NullPool)
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except (ArgumentError, ImportError, SQLAlchemyError) as err:
            raise DatabaseError(f"cannot open the database {self.safe_url!r}: {err}") from err
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._create_schema()

    @property
    def safe_url(self) -> str:
        """The URL with any password hidden, for messages and the status bar."""
        try:
            return make_url(self.url).render_as_string(hide_password=True)
        except ArgumentError:
            return self.url

    def _create_schema(self) -> None:
        """Create the schema, or migrate an older one to :data:`SCHEMA_VERSION` (Alembic)."""
        try:
            revision = upgrade(self.engine)
            with self.session() as session:
                session.merge(MetaRow(key="schema_version", value=revision))
        except SQLAlchemyError as err:
            raise DatabaseError(f"cannot open the database {self.safe_url!r}: {err}") from err
        if revision != SCHEMA_VERSION:
            raise DatabaseError(f"the database {self.safe_url!r} is at schema {revision!r}, "
                                f"this Spellweb expects {SCHEMA_VERSION!r}")

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in a transaction: committed on success, rolled back on any error."""
        with self._sessions.begin() as session:
            yield session

    def meta(self) -> dict[str, str]:
        """Every ``meta`` key and value."""
        with self.session() as session:
            return {row.key: row.value for row in session.scalars(select(MetaRow))}

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"Database({self.safe_url!r})"
