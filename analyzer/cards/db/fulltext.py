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

Type lines are short enough to scan without an index.

The table is a cache derived from ``cards`` and ``card_names``: it exists and describes the
stored cards, or it is absent. Every write of the cards drops it in the same transaction
(:func:`drop_search_index`, called by :func:`analyzer.cards.db.repository.wipe_cards` and
:func:`~analyzer.cards.db.repository.insert_cards`), so the import commits the card data
without paying for the index, and no search ever reads an index of other cards. It is built
afterwards, in a transaction of its own, with one ``INSERT ... SELECT``
(:func:`rebuild_search_index`): by the first search (:func:`ensure_search_index`) or by
:func:`analyzer.cards.search.search_index_job`, the step after an import. A process killed
while building it leaves the table absent (its transaction is rolled back), and the next
search builds it again. A database written before the index existed, or with an older layout
of it (dropped by migration 0005), gets it the same way. Other databases (PostgreSQL) have no
such table and the search uses plain SQL. Sources: SQLite's FTS5
documentation, https://sqlite.org/fts5.html (sections "The Trigram Tokenizer", "Contentless
Tables", "The detail= Option").
"""

from __future__ import annotations

import sqlite3

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
    "create_search_index",
    "drop_search_index",
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


def _begin(session: Session) -> None:
    """Open the SQLite transaction now if the driver has not yet.

    Python's ``sqlite3`` module (in its default, legacy transaction control) opens a
    transaction before ``INSERT``, ``UPDATE`` and ``DELETE`` only: a ``DROP`` or ``CREATE``
    run first would be committed on its own at once, and a process killed after it would
    leave the index dropped under the old cards or created empty
    (https://docs.python.org/3/library/sqlite3.html#sqlite3-transaction-control).
    """
    raw = session.connection().connection.driver_connection
    if isinstance(raw, sqlite3.Connection) and not raw.in_transaction:
        raw.execute("BEGIN")


def drop_search_index(session: Session) -> None:
    """Drop ``cards_fts`` inside the caller's transaction, which changes the cards: the index
    no longer describes them (built again by :func:`ensure_search_index`). Does nothing on
    databases other than SQLite."""
    if uses_fulltext(session):
        _begin(session)
        session.execute(text(f"DROP TABLE IF EXISTS {FTS_TABLE}"))


def create_search_index(session: Session) -> None:
    """Create ``cards_fts`` empty (dropping any earlier one), inside the caller's transaction;
    :func:`rebuild_search_index` fills it from the tables in one statement. SQLite only.
    """
    # Dropped and created again (not emptied): a database may hold an older layout of it.
    _begin(session)
    session.execute(text(f"DROP TABLE IF EXISTS {FTS_TABLE}"))
    session.execute(text(_CREATE))
    # Terms are gathered in memory up to this size before a segment is written: one large
    # segment instead of dozens to merge (FTS5 "hashsize" option); a quarter cheaper here.
    session.execute(text(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) "
                         f"VALUES ('hashsize', {_HASH_SIZE})"))


def ensure_search_index(session: Session) -> bool:
    """Build ``cards_fts`` if a SQLite database lacks it (in the caller's transaction; about a
    second for the 24,000 cards of MTGJSON); True when the search can use it."""
    if not uses_fulltext(session):
        return False
    if not has_search_index(session):
        rebuild_search_index(session)
    return True
