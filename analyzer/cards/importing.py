"""Importing card data into the database, as one transaction.

Source format: MTGJSON AtomicCards (see :mod:`analyzer.cards.importers.mtgjson`). An import
replaces every card at once: it runs in a single transaction, so a failed, cancelled or
interrupted import leaves the previous cards exactly as they were.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from analyzer.cards.db import printings as prepo
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.db.rows import (
    CardEntry,
    CardRows,
    JsonCache,
    Placeholder,
    bulk_load,
    card_entry,
    insert_rows,
)
from analyzer.cards.identity import card_id_for
from analyzer.cards.importers.mtgjson import iter_atomic_entries, read_atomic_file
from analyzer.cards.model import Card
from analyzer.cards.problems import CardDataProblem, card_data_problems
from analyzer.data_files import starter_cards_path
from analyzer.errors import CardImportError, DatabaseError
from analyzer.progress import CancelToken, Job, Progress, run_job

__all__ = ["ImportSummary", "WriteSummary", "collector_paused", "distinct_ids", "ensure_cards",
           "import_atomic_cards", "import_atomic_cards_job", "replace_cards_job", "split_cards"]

_BATCH = 2000


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import did."""

    path: str
    """The imported file."""
    cards: int
    """Cards now in the database."""
    faces: int
    """Faces now in the database."""
    skipped: tuple[str, ...]
    """Messages of entries that could not be read and were left out."""
    seconds: float
    """Wall time of the whole import."""
    data_date: str = ""
    """The file's own ``meta.date``."""
    placeholders: tuple[str, ...] = ()
    """Names of the file's placeholder entries (``";Manifest"``), no cards: not stored."""
    data_problems: tuple[CardDataProblem, ...] = ()
    """Cards stored whose data says they have abilities their text lacks
    (:func:`analyzer.cards.problems.card_data_problems`)."""


def distinct_ids(cards: list[Card]) -> list[Card]:
    """Give a fresh id to a card whose id another card already has (names are not unique:
    both cards survive)."""
    seen: set[str] = set()
    return [_distinct(card, seen) for card in cards]


def import_atomic_cards_job(db: Database, path: Path | str, *, source: str | None = None,
                            cancel: CancelToken | None = None) -> Job[ImportSummary]:
    """Replace the database's cards with those of an AtomicCards file, reporting progress.

    Parameters
    ----------
    db : Database
        The card database to write.
    path : Path or str
        ``AtomicCards.json`` (``.gz``, ``.xz``, ``.bz2``, ``.zip`` accepted).
    source : str, optional
        What ``meta.source`` records; default: the file name.
    cancel : CancelToken, optional
        Checked between batches; cancelling rolls the whole import back.

    Yields
    ------
    Progress
        Reading, then one report per batch of 2,000 cards converted and written.

    Returns
    -------
    ImportSummary

    Raises
    ------
    CardImportError
        The file cannot be read or holds no card; the database is unchanged.
    Cancelled
        ``cancel`` was set; the database is unchanged.
    DatabaseError
        The database refused the write; the database is unchanged.
    """
    started = time.perf_counter()
    token = cancel or CancelToken()
    path = Path(path)
    yield Progress(0, 0, f"Reading {path.name}")
    with collector_paused():
        doc = read_atomic_file(path)
    token.check()
    total = len(doc["data"])
    meta = doc.get("meta")
    data_date = str(meta.get("date", "")) if isinstance(meta, dict) else ""
    written = yield from replace_cards_job(db, iter_atomic_entries(doc), origin=str(path),
                                           source=source or path.name, data_date=data_date,
                                           total=total, cancel=token)
    return ImportSummary(path=str(path), cards=written.cards, faces=written.faces,
                         skipped=written.skipped, seconds=time.perf_counter() - started,
                         data_date=data_date, placeholders=written.placeholders,
                         data_problems=written.data_problems)


def split_cards(items: Iterable[Card | CardImportError],
                path: Path) -> tuple[list[Card], list[str]]:
    """The cards a reader produced, and the messages of the entries it could not read.

    Raises
    ------
    CardImportError
        Not one card could be read from ``path``.
    """
    cards: list[Card] = []
    skipped: list[str] = []
    for item in items:
        if isinstance(item, CardImportError):
            skipped.append(str(item))
        else:
            cards.append(item)
    if not cards:
        raise CardImportError(f"{str(path)!r}: the file holds no card")
    return cards, skipped


@dataclass(frozen=True, slots=True)
class WriteSummary:
    """What :func:`replace_cards_job` wrote."""

    cards: int
    """Cards written."""
    faces: int
    """Faces written."""
    skipped: tuple[str, ...]
    """Messages of the entries the reader could not read (left out)."""
    placeholders: tuple[str, ...] = ()
    """Names of the placeholder entries the reader passed on (no cards, not stored)."""
    data_problems: tuple[CardDataProblem, ...] = ()
    """Cards written whose data says they have abilities their text lacks."""


def _fresh_id(name: str, seen: set[str]) -> str:
    """An id for a card named ``name`` that no card in ``seen`` has: the name's id with
    ``#2``, ``#3``... (names are not unique: both cards survive)."""
    n = 2
    while card_id_for(f"{name}#{n}") in seen:
        n += 1
    return card_id_for(f"{name}#{n}")


def _distinct(card: Card, seen: set[str]) -> Card:
    """The card, with a fresh id if another card already has its id (names are not unique:
    both cards survive); records the id in ``seen``."""
    if card.id in seen:
        card = replace(card, id=_fresh_id(card.name, seen))
    seen.add(card.id)
    return card


def replace_cards_job(db: Database,
                      items: Iterable[Card | CardEntry | Placeholder | CardImportError], *,
                      origin: str, source: str, data_date: str = "", total: int = 0,
                      cancel: CancelToken | None = None) -> Job[WriteSummary]:
    """Replace every card of the database with the cards a reader yields, in one transaction.

    The one write path of every card importer (MTGJSON, Scryfall): empty the tables and drop
    the full-text index (SQLite), then take the reader's cards as it converts them (a
    :class:`~analyzer.cards.model.Card`, or its rows already built, a
    :class:`~analyzer.cards.db.rows.CardEntry`), give cards sharing an id distinct ids, and
    write them in batches of 2,000 (:func:`insert_rows`, secondary indexes built once at the
    end by :func:`bulk_load`); then list the cards whose data lacks their text
    (:func:`~analyzer.cards.problems.card_data_problems`); finally link the printings kept
    from earlier imports and record ``meta``.

    The full-text index (``cards_fts``, SQLite) is a cache derived from ``cards``: it is
    dropped in this transaction and built after the commit, in its own transaction, by
    :func:`analyzer.cards.db.fulltext.ensure_search_index` (the first search, or
    :func:`analyzer.cards.search.search_index_job`). The index therefore never describes other
    cards than those stored: it exists and is current, or it is absent; a process killed
    while building it leaves the new cards whole, and the next search builds it again.

    (Handing the batches to a writer thread was measured and dropped: ``executemany`` takes
    the GIL back for every row, so the threads wait on each other and the import got slower
    in wall time than its CPU time.)

    Parameters
    ----------
    items : iterable of Card, CardEntry, Placeholder or CardImportError
        A reader's output; errors are entries left out (listed in the summary), placeholders
        entries that are no cards (counted in the summary, not stored).
    origin : str
        The file, for the message when no card could be read.
    source : str
        What ``meta.source`` records.
    total : int
        How many entries ``items`` holds, for the progress reports (0: unknown).

    Yields
    ------
    Progress
        One report per batch written.

    Returns
    -------
    WriteSummary

    Raises
    ------
    CardImportError
        Not one card could be read; the database is unchanged.
    Cancelled
        ``cancel`` was set; the database is unchanged.
    DatabaseError
        The database refused the write; the database is unchanged.
    """
    token = cancel or CancelToken()
    token.check()
    sqlite = db.engine.dialect.name == "sqlite"
    cache = JsonCache()
    seen: set[str] = set()
    skipped: list[str] = []
    placeholders: list[str] = []
    problems: tuple[CardDataProblem, ...] = ()
    cards = faces = 0

    def write(session: Session, batch: CardRows) -> None:
        nonlocal cards, faces
        token.check()
        insert_rows(session, batch)
        cards += len(batch.cards)
        faces += len(batch.faces)

    try:
        with db.session() as session:
            if sqlite:
                _tune_sqlite(session)
            repo.wipe_cards(session)  # drops the full-text index too
            with bulk_load(session):
                entries = iter(items)
                more = True
                while more:
                    with collector_paused():
                        batch = CardRows()
                        for item in entries:
                            if type(item) is CardEntry:
                                entry = item
                            elif isinstance(item, CardImportError):
                                skipped.append(str(item))
                                continue
                            elif type(item) is Placeholder:
                                placeholders.append(item.name)
                                continue
                            else:
                                entry = card_entry(item, cache)  # type: ignore[arg-type]
                            if entry.card[0] in seen:
                                entry = entry.with_id(_fresh_id(entry.card[1], seen))
                            seen.add(entry.card[0])
                            batch.add(entry)
                            if len(batch.cards) == _BATCH:
                                break
                        else:
                            more = False
                        if batch.cards:
                            write(session, batch)
                    if batch.cards:
                        whole = max(total, cards) if more else cards
                        yield Progress(cards, whole, f"Writing cards {cards:,}/{whole:,}")
                if not cards:
                    raise CardImportError(f"{origin!r}: the file holds no card")
                token.check()
            problems = tuple(card_data_problems(session))
            if prepo.has_printings(session):
                prepo.relink_printings(session)
            repo.set_meta(session, source=source, imported_at=repo.utc_now(),
                          data_date=data_date)
    except SQLAlchemyError as err:
        raise DatabaseError(f"the import into {db.safe_url!r} failed, the database is "
                            f"unchanged: {err}") from err
    finally:
        if sqlite:
            _restore_sqlite(db)
    return WriteSummary(cards=cards, faces=faces, skipped=tuple(skipped),
                        placeholders=tuple(placeholders), data_problems=problems)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off inside the block (on again after, if it was).

    Parsing the card file and building its rows allocate about two million containers that
    form no reference cycle; each allocation counts towards the collector's next pass, and
    the passes, each walking every container alive, took about a third of the parse and
    of the conversion (``benchmarks/import_cards.py``). Memory is still freed by reference
    counting. The import pauses it only around work that does not yield, never while the
    caller (the GUI's worker thread) runs between two progress reports.
    See https://docs.python.org/3/library/gc.html.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _tune_sqlite(session: Session) -> None:
    """Settings of the import's own SQLite connection, its first statements.

    - ``foreign_keys=OFF``: the rows are built together (:func:`build_rows`), every face and
      name with its card's id, so checking each against ``cards`` only costs time. SQLite
      takes this pragma only outside a transaction, i.e. before the first write; where a
      transaction had begun already it is ignored and the checks stay on.
    - ``cache_size`` of 64 MiB: the rollback journal is never spilled to the file in the middle
      of the transaction.

    The journal mode and ``synchronous`` stay SQLite's safe defaults: a killed import leaves
    the previous database whole. :func:`_restore_sqlite` turns the checks back on.
    """
    session.execute(text("PRAGMA foreign_keys=OFF"))
    session.execute(text("PRAGMA cache_size=-65536"))


def _restore_sqlite(db: Database) -> None:
    """Foreign key checks on again (an in-memory database keeps one shared connection)."""
    with db.engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")


def import_atomic_cards(db: Database, path: Path | str, **kwargs: object) -> ImportSummary:
    """:func:`import_atomic_cards_job` run to its end (no progress reports)."""
    return run_job(import_atomic_cards_job(db, path, **kwargs))  # type: ignore[arg-type]


def ensure_cards(db: Database) -> bool:
    """Load the starter card set into an empty database; True if it did.

    The starter set (``data/starter_cards.json``) lets the app work on a fresh machine
    before the user imports the full MTGJSON file.
    """
    with db.session() as session:
        if repo.card_count(session) > 0:
            return False
    path = starter_cards_path()
    if not path.is_file():
        raise CardImportError(f"the starter card set is missing: {str(path)!r}")
    import_atomic_cards(db, path, source="starter")
    return True
