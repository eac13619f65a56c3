"""Opening the card database: URL choice, engine, sessions, schema creation.

The embedded default is a SQLite file in the user's data folder (platformdirs); any
SQLAlchemy URL works (``postgresql+psycopg://...`` for a team's shared database), chosen by
``--db URL`` on the command line or the ``SPELLWEB_DB`` environment variable.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
import platformdirs
from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool, StaticPool

from analyzer.cards.db.migrate import upgrade
from analyzer.cards.db.schema import SCHEMA_VERSION, MetaRow
from analyzer.errors import DatabaseError

__all__ = ["ENV_VAR", "Database", "default_database_url", "hide_password", "parse_database_url",
           "resolve_database_url", "sqlite_file", "without_password"]

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


_USER_PASSWORD = re.compile(r"(://[^:/@?#]*:)([^@]*)@")
"""``scheme://user:password@``: the password is group 2 (RFC 3986 userinfo)."""


def hide_password(url: str) -> str:
    """``url`` with its password replaced by ``***``, for messages and the status bar.

    A URL SQLAlchemy can parse is rendered by :meth:`sqlalchemy.engine.URL.render_as_string`
    (``hide_password=True``); text it cannot parse has whatever follows ``user:`` up to
    the ``@`` masked.

    Examples
    --------
    >>> hide_password("postgresql+psycopg://alice:S3cret@db/x")
    'postgresql+psycopg://alice:***@db/x'
    >>> hide_password("postgresql+psycopg://alice:S3cret@db:notaport/x")
    'postgresql+psycopg://alice:***@db:notaport/x'
    """
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError, TypeError):
        return _USER_PASSWORD.sub(lambda m: f"{m.group(1)}***@", url)


def without_password(url: str) -> str:
    """``url`` with its password left out, for storing in the settings (libpq then reads
    the password from ``~/.pgpass`` or ``$PGPASSWORD``); a URL without a password, a
    SQLite path and text that is not a URL come back unchanged.

    Examples
    --------
    >>> without_password("postgresql+psycopg://alice:S3cret@db/x")
    'postgresql+psycopg://alice@db/x'
    >>> without_password("/tmp/cards.sqlite")
    '/tmp/cards.sqlite'
    """
    if "://" not in url:
        return url
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError, TypeError):
        return url
    if parsed.password is None:
        return url
    # URL.set() keeps a None password; _replace (its documented NamedTuple base) clears it
    return parsed._replace(password=None).render_as_string(hide_password=False)


def parse_database_url(url: str) -> URL:
    """Parse a SQLAlchemy URL (``dialect+driver://user:password@host:port/database``).

    Raises
    ------
    DatabaseError
        The text is not a URL, or one of its parts is wrong (a port that is not a number,
        an unclosed ``[`` of an IPv6 host); the message names the part and shows the URL
        with its password hidden (:func:`hide_password`).
    """
    shown = hide_password(url)
    try:
        return make_url(url)
    except ArgumentError as err:
        raise DatabaseError(
            f"not a database URL: {shown!r}; expected dialect+driver://user@host:port/"
            "database (e.g. postgresql+psycopg://me@localhost/spellweb) or a SQLite "
            "file path") from err
    except (ValueError, TypeError) as err:
        found = re.search(r"invalid literal for int\(\) with base 10: '([^']*)'", str(err))
        if found is not None:
            part = f"the port {found.group(1)!r} is not a number"
            if "[" in url and "]" not in url:
                part += " (an IPv6 host needs its closing ']', as in [::1]:5432)"
        else:
            part = str(err)
        raise DatabaseError(f"bad database URL {shown!r}: {part}") from err


def sqlite_file(parsed: URL) -> Path | None:
    """The file of a SQLite URL; None for an in-memory database, a ``file:`` URI
    (``sqlite:///file:x.sqlite?mode=ro&uri=true``, opened as SQLite reads it) and other
    back-ends."""
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or parsed.query.get("mode") == "memory":
        return None
    if database.startswith("file:") and parsed.query.get("uri") == "true":
        return None
    return Path(database).expanduser()


def _scrub(text: str, parsed: URL) -> str:
    """``text`` without the URL's password (a driver may echo the URL in its errors)."""
    password = parsed.password
    return text.replace(str(password), "***") if password else text


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
        parsed = parse_database_url(self.url)
        # JSON columns (colors, keywords, legalities...) are read with orjson: a search
        # result decodes several per card, and stdlib json.loads was ~40% of a search's time.
        kwargs: dict[str, Any] = {"json_deserializer": orjson.loads}
        if parsed.get_backend_name() == "sqlite":
            database = parsed.database or ""
            file = sqlite_file(parsed)
            if database in ("", ":memory:"):
                kwargs.update(poolclass=StaticPool,
                              connect_args={"check_same_thread": False})
            else:
                if file is not None:
                    file.parent.mkdir(parents=True, exist_ok=True)
                kwargs.update(poolclass=NullPool)
        self._parsed = parsed
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except (ArgumentError, ImportError, SQLAlchemyError) as err:
            hint = ""
            if isinstance(err, ImportError) and "psycopg" in str(err):
                hint = ' (install the PostgreSQL driver: pip install "spellweb[postgres]")'
            raise DatabaseError(f"cannot open the database {self.safe_url!r}: "
                                f"{_scrub(str(err), parsed)}{hint}") from err
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._create_schema()

    @property
    def safe_url(self) -> str:
        """The URL with any password hidden, for messages and the status bar."""
        return hide_password(self.url)

    def _create_schema(self) -> None:
        """Create the schema, or migrate an older one to :data:`SCHEMA_VERSION` (Alembic)."""
        try:
            revision = upgrade(self.engine)
            with self.session() as session:
                stored = session.get(MetaRow, "schema_version")
                if stored is None or stored.value != revision:   # a read-only file stays so
                    session.merge(MetaRow(key="schema_version", value=revision))
        except SQLAlchemyError as err:
            raise DatabaseError(f"cannot open the database {self.safe_url!r}: "
                                f"{_scrub(str(err), self._parsed)}") from err
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
