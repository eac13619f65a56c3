"""Importing printings (MTGJSON AllPrintings or per-set files), as one transaction.

An import replaces every printing and nothing else: the cards, the user's notes and the
search index are left alone. Each printing is linked to its card by Scryfall Oracle id where
the card has one, else by its full name (:class:`~analyzer.cards.db.printings.CardIndex`).

Printings never create cards: the Oracle text comes from AtomicCards (or Scryfall's
oracle-cards). Printings of cards the database does not hold are kept all the same, and are
linked when the card data is imported later (:func:`relink_printings`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from analyzer.cards.db import printings as prepo
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.db.printings import relink_printings
from analyzer.cards.importers.mtgjson_sets import iter_printings, read_printings_file
from analyzer.cards.printing import Printing
from analyzer.errors import CardImportError, DatabaseError
from analyzer.progress import CancelToken, Job, Progress, run_job

__all__ = ["PrintingsSummary", "import_printings", "import_printings_job", "relink_printings"]

_BATCH = 5000


@dataclass(frozen=True, slots=True)
class PrintingsSummary:
    """What a printings import did."""

    path: str
    """The imported file."""
    printings: int
    """Printing rows now in the database (one per face of each printing)."""
    sets: int
    """Sets they come from."""
    linked: int
    """Distinct cards of the file found in the card database."""
    unlinked: tuple[str, ...]
    """Names of the file's cards the card database does not hold (sorted)."""
    skipped: tuple[str, ...]
    """Messages of entries that could not be read and were left out."""
    seconds: float
    """Wall time of the whole import."""
    data_date: str = ""
    """The file's own ``meta.date``."""


def _link(printings: list[Printing], index: prepo.CardIndex) -> tuple[list[Printing], int,
                                                                        set[str]]:
    linked: set[str] = set()
    unlinked: set[str] = set()
    result = []
    for p in printings:
        found = index.find(p.name, p.oracle_id)
        if found is None:
            unlinked.add(p.name)
        else:
            linked.add(found)
            if found != p.card_id:
                p = replace(p, card_id=found)
        result.append(p)
    return result, len(linked), unlinked


def import_printings_job(db: Database, path: Path | str, *,
                         cancel: CancelToken | None = None) -> Job[PrintingsSummary]:
    """Replace the database's printings with those of an AllPrintings or per-set file.

    Parameters
    ----------
    db : Database
        The card database to write.
    path : Path or str
        ``AllPrintings.json`` or a set file such as ``LEA.json`` (``.gz``, ``.xz``, ``.bz2``,
        ``.zip`` accepted).
    cancel : CancelToken, optional
        Checked between batches; cancelling rolls the whole import back.

    Yields
    ------
    Progress
        Reading, linking, then one report per batch of printings written.

    Returns
    -------
    PrintingsSummary

    Raises
    ------
    CardImportError
        The file cannot be read or holds no printing; the database is unchanged.
    Cancelled
        ``cancel`` was set; the database is unchanged.
    DatabaseError
        The database refused the write; the database is unchanged.
    """
    started = time.perf_counter()
    token = cancel or CancelToken()
    path = Path(path)
    yield Progress(0, 0, f"Reading {path.name}")
    doc = read_printings_file(path)
    token.check()
    printings: list[Printing] = []
    skipped: list[str] = []
    for item in iter_printings(doc):
        if isinstance(item, CardImportError):
            skipped.append(str(item))
        else:
            printings.append(item)
    if not printings:
        raise CardImportError(f"{str(path)!r}: the file holds no printing")
    meta = doc.get("meta")
    data_date = str(meta.get("date", "")) if isinstance(meta, dict) else ""
    del doc
    yield Progress(0, len(printings), "Linking printings to cards")
    try:
        with db.session() as session:
            printings, linked, unlinked = _link(printings, prepo.card_index(session))
            token.check()
            prepo.wipe_printings(session)
            for start in range(0, len(printings), _BATCH):
                token.check()
                prepo.insert_printings(session, printings[start:start + _BATCH])
                done = min(start + _BATCH, len(printings))
                yield Progress(done, len(printings),
                               f"Writing printings {done:,}/{len(printings):,}")
            token.check()
            repo.set_meta(session, printings_source=path.name,
                          printings_imported_at=repo.utc_now(), printings_date=data_date)
    except SQLAlchemyError as err:
        raise DatabaseError(f"the import into {db.safe_url!r} failed, the database is "
                            f"unchanged: {err}") from err
    return PrintingsSummary(path=str(path), printings=len(printings),
                            sets=len({p.set_code for p in printings}), linked=linked,
                            unlinked=tuple(sorted(unlinked)), skipped=tuple(skipped),
                            seconds=time.perf_counter() - started, data_date=data_date)


def import_printings(db: Database, path: Path | str, *,
                     cancel: CancelToken | None = None) -> PrintingsSummary:
    """:func:`import_printings_job` run to its end (no progress reports)."""
    return run_job(import_printings_job(db, path, cancel=cancel))
