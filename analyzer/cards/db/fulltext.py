"""The SQLite FTS5 full-text index of the card search (``cards_fts``).

``cards_fts`` is a contentless FTS5 table with the trigram tokenizer and ``detail=column``: it
stores, for each three-character sequence (case-folded), the cards and columns holding it, but
not the positions. A search term of three characters or more becomes "every trigram of the
term is in this column" (an AND of one-token queries), which narrows 24,000 cards to a few
candidates; the search then checks each candidate with ``lower(column) LIKE '%text%'``, so the
answers are exactly those of the plain SQL path. Storing no positions makes the index about a
third cheaper to build than ``detail=full`` (phrase queries), measured by
``benchmarks/import_cards.py``. Its rowid is the ``cards`` rowid; its columns hold

- ``name``: every normalised name of the card (``card_names.key``), one a line;
- ``oracle_text``: a copy of ``cards.oracle_text``.

Type lines are short enough to scan without an index. The importer rebuilds the table inside
the import transaction with one ``INSERT ... SELECT`` (:func:`rebuild_search_index`); a
database written before the index existed, or with an older layout of it (dropped by
migration 0005), gets it on first search (:func:`ensure_search_index`). Other databases
(PostgreSQL) have no such table and the search uses plain SQL. Sources: SQLite's FTS5
documentation, https://sqlite.org/fts5.html (sections "The Trigram Tokenizer", "Contentless
Tables", "The detail= Option").
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
    "INSERT_SEARCH_ROWS",
    "cards_fts",
    "create_search_index",
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
    Column("oracle_text", Text),
)
"""The FTS5 table for queries (created by :func:`rebuild_search_index`, not ``create_all``)."""

_CREATE = (f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5("
           "name, oracle_text, content='', tokenize='trigram', detail=column)")

_HASH_SIZE = 64 * 1024 * 1024
"""Bytes of pending index data FTS5 keeps in memory before writing a segment."""


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
    create_search_index(session)
    keys = (select(func.group_concat(CardNameRow.key, "\n"))
            .where(CardNameRow.card_id == CardRow.id).scalar_subquery())
    source = select(literal_column("cards.rowid", Integer), func.coalesce(keys, "", type_=Text),
                    CardRow.oracle_text)
    session.execute(insert(cards_fts).from_select(["rowid", "name", "oracle_text"], source))


def create_search_index(session: Session) -> None:
    """Create ``cards_fts`` empty (dropping any earlier one), inside the caller's transaction.

    The importer creates it first and adds each batch's rows (:data:`INSERT_SEARCH_ROWS`,
    rowid = ``cards.rowid``) as it writes the cards; :func:`rebuild_search_index` fills it from
    the tables in one statement. SQLite only.
    """
    # Dropped and created again (not emptied): a database may hold an older layout of it.
    session.execute(text(f"DROP TABLE IF EXISTS {FTS_TABLE}"))
    session.execute(text(_CREATE))
    # Terms are gathered in memory up to this size before a segment is written: one large
    # segment instead of dozens to merge (FTS5 "hashsize" option); a quarter cheaper here.
    session.execute(text(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) "
                         f"VALUES ('hashsize', {_HASH_SIZE})"))


INSERT_SEARCH_ROWS = f"INSERT INTO {FTS_TABLE} (rowid, name, oracle_text) VALUES (?, ?, ?)"
"""The statement adding one card to ``cards_fts``: its ``cards.rowid``, its name keys one a
line, its Oracle text (:attr:`analyzer.cards.db.rows.CardRows.search`)."""


def ensure_search_index(session: Session) -> bool:
    """Build ``cards_fts`` if a SQLite database lacks it; True when the search can use it."""
    if not uses_fulltext(session):
        return False
    if not has_search_index(session):
        rebuild_search_index(session)
    return True
