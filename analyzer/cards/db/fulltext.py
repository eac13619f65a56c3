"""The SQLite FTS5 full-text index of the card search (``cards_fts``).

``cards_fts`` is a contentless FTS5 table with the trigram tokenizer, so a phrase query finds
any substring of three characters or more, case-insensitively: the same answers as
``lower(column) LIKE '%text%'``, without scanning every row. Its rowid is the ``cards``
rowid; its columns hold

- ``name``: every normalised name of the card (``card_names.key``), one a line;
- ``type_line`` and ``oracle_text``: copies of the ``cards`` columns.

The importer rebuilds it inside the import transaction (:func:`rebuild_search_index`); a
database written before the index existed gets it on first search
(:func:`ensure_search_index`). Other databases (PostgreSQL) have no such table and the search
uses plain SQL. Sources: SQLite's FTS5 documentation, https://sqlite.org/fts5.html
(sections "The Trigram Tokenizer", "Contentless Tables", "The 'delete-all' Command").
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    Table,
    Text,
    func,
    insert,
    inspect,
    literal_column,
    select,
    text,
)
from sqlalchemy.orm import Session

from analyzer.cards.db.schema import CardNameRow, CardRow

__all__ = [
    "FTS_TABLE",
    "cards_fts",
    "ensure_search_index",
    "has_search_index",
    "rebuild_search_index",
    "uses_fulltext",
]

FTS_TABLE = "cards_fts"
"""Name of the FTS5 table."""

cards_fts = Table(
    FTS_TABLE, MetaData(),
    Column("rowid", Integer, primary_key=True),
    Column("name", Text),
    Column("type_line", Text),
    Column("oracle_text", Text),
)
"""The FTS5 table for queries (created by :func:`rebuild_search_index`, not ``create_all``)."""

_CREATE = (f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5("
           "name, type_line, oracle_text, content='', tokenize='trigram')")


def uses_fulltext(session: Session) -> bool:
    """Whether the session's database is SQLite, where the search uses FTS5."""
    return session.get_bind().dialect.name == "sqlite"


def has_search_index(session: Session) -> bool:
    """Whether ``cards_fts`` exists in the session's database."""
    return bool(inspect(session.connection()).has_table(FTS_TABLE))


def rebuild_search_index(session: Session) -> None:
    """Create (if missing) and refill ``cards_fts`` from ``cards`` and ``card_names``.

    Runs inside the caller's transaction, so a rolled-back import leaves the previous index
    with the previous cards. Does nothing on databases other than SQLite.

    Parameters
    ----------
    session : Session
        A session in a transaction on the card database.
    """
    if not uses_fulltext(session):
        return
    session.execute(text(_CREATE))
    session.execute(text(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('delete-all')"))
    keys = (select(func.group_concat(CardNameRow.key, "\n"))
            .where(CardNameRow.card_id == CardRow.id).scalar_subquery())
    source = select(literal_column("cards.rowid", Integer), func.coalesce(keys, "", type_=Text),
                    CardRow.type_line, CardRow.oracle_text)
    session.execute(insert(cards_fts).from_select(
        ["rowid", "name", "type_line", "oracle_text"], source))


def ensure_search_index(session: Session) -> bool:
    """Build ``cards_fts`` if a SQLite database lacks it; True when the search can use it."""
    if not uses_fulltext(session):
        return False
    if not has_search_index(session):
        rebuild_search_index(session)
    return True
