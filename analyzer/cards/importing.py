"""Importing card data into the database, as one transaction.

Source format: MTGJSON AtomicCards (see :mod:`analyzer.cards.importers.mtgjson`). An import
replaces every card at once: it runs in a single transaction, so a failed, cancelled or
interrupted import leaves the previous cards exactly as they were.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from analyzer.cards.db import printings as prepo
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.db.fulltext import rebuild_search_index
from analyzer.cards.identity import card_id_for
from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file
from analyzer.cards.model import Card
from analyzer.data_files import starter_cards_path
from analyzer.errors import CardImportError, DatabaseError
from analyzer.progress import CancelToken, Job, Progress, run_job

__all__ = ["ImportSummary", "distinct_ids", "ensure_cards", "import_atomic_cards",
           "import_atomic_cards_job", "replace_cards_job", "split_cards"]

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


def distinct_ids(cards: list[Card]) -> list[Card]:
    """Give a fresh id to a card whose id another card already has (names are not unique:
    both cards survive)."""
    seen: set[str] = set()
    result = []
    for card in cards:
        if card.id in seen:
            n = 2
            while card_id_for(f"{card.name}#{n}") in seen:
                n += 1
            card = Card(**{**{f: getattr(card, f) for f in card.__dataclass_fields__},
                           "id": card_id_for(f"{card.name}#{n}")})
        seen.add(card.id)
        result.append(card)
    return result


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
        Reading, converting, then one report per batch of 2,000 cards written.

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
    doc = read_atomic_file(path)
    token.check()
    total = len(doc["data"])
    yield Progress(0, total, "Converting cards")
    cards, skipped = split_cards(iter_atomic_cards(doc), path)
    meta = doc.get("meta")
    data_date = str(meta.get("date", "")) if isinstance(meta, dict) else ""
    faces = yield from replace_cards_job(db, cards, source=source or path.name,
                                         data_date=data_date, cancel=token)
    return ImportSummary(path=str(path), cards=len(cards), faces=faces, skipped=tuple(skipped),
                         seconds=time.perf_counter() - started, data_date=data_date)


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


def replace_cards_job(db: Database, cards: list[Card], *, source: str, data_date: str = "",
                      cancel: CancelToken | None = None) -> Job[int]:
    """Replace every card of the database with ``cards``, in one transaction.

    The one write path of every card importer (MTGJSON, Scryfall): wipe, insert in batches of
    2,000, rebuild the full-text index, link the printings kept from earlier imports, record
    ``meta``. Cards sharing an id get distinct ids first (names are not unique).

    Yields
    ------
    Progress
        One report per batch written.

    Returns
    -------
    int
        The number of faces written.

    Raises
    ------
    Cancelled
        ``cancel`` was set; the database is unchanged.
    DatabaseError
        The database refused the write; the database is unchanged.
    """
    token = cancel or CancelToken()
    cards = distinct_ids(cards)
    token.check()
    try:
        with db.session() as session:
            repo.wipe_cards(session)
            for start in range(0, len(cards), _BATCH):
                token.check()
                repo.insert_cards(session, cards[start:start + _BATCH])
                done = min(start + _BATCH, len(cards))
                yield Progress(done, len(cards), f"Writing cards {done:,}/{len(cards):,}")
            token.check()
            rebuild_search_index(session)
            if prepo.has_printings(session):
                prepo.relink_printings(session)
            repo.set_meta(session, source=source, imported_at=repo.utc_now(),
                          data_date=data_date)
    except SQLAlchemyError as err:
        raise DatabaseError(f"the import into {db.safe_url!r} failed, the database is "
                            f"unchanged: {err}") from err
    return sum(len(c.faces) for c in cards)


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
