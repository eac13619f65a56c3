"""Importing any card file: its kind told from its content, then the right importer.

=====================================  =====================================================
File                                   What the import does
=====================================  =====================================================
MTGJSON AtomicCards                    replaces every card
                                       (:func:`analyzer.cards.importing.import_atomic_cards_job`)
MTGJSON AllPrintings, a set file       replaces every printing; the cards stay
                                       (:func:`analyzer.cards.printings.import_printings_job`)
Scryfall bulk cards (oracle-cards)     replaces every card (:func:`import_scryfall_cards_job`)
=====================================  =====================================================

Each import is one transaction: a failed, cancelled or killed import leaves the previous
data whole. After the cards are replaced, the printings are linked to the new cards again.
"""

from __future__ import annotations

import time
from pathlib import Path

from analyzer.cards.db.engine import Database
from analyzer.cards.importers.detect import CardFileKind, sniff_card_file
from analyzer.cards.importers.scryfall import iter_scryfall_cards, read_scryfall_file
from analyzer.cards.importing import (
    ImportSummary,
    import_atomic_cards_job,
    replace_cards_job,
)
from analyzer.cards.printings import PrintingsSummary, import_printings_job
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["AnySummary", "CardFileKind", "import_card_file_job", "import_scryfall_cards_job",
           "sniff_card_file"]

AnySummary = ImportSummary | PrintingsSummary
"""What :func:`import_card_file_job` returns: cards imported, or printings imported."""

_BATCH = 2000


def import_scryfall_cards_job(db: Database, path: Path | str, *, source: str | None = None,
                              cancel: CancelToken | None = None) -> Job[ImportSummary]:
    """Replace the database's cards with those of a Scryfall bulk card file.

    Parameters
    ----------
    db : Database
        The card database to write.
    path : Path or str
        ``oracle-cards-*.json`` (``.gz``, ``.xz``, ``.bz2``, ``.zip`` accepted).
    source : str, optional
        What ``meta.source`` records; default: the file name.
    cancel : CancelToken, optional
        Checked between batches; cancelling rolls the whole import back.

    Yields
    ------
    Progress

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
    objects = read_scryfall_file(path)
    token.check()
    written = yield from replace_cards_job(db, iter_scryfall_cards(objects), origin=str(path),
                                           source=source or path.name, total=len(objects),
                                           cancel=token)
    return ImportSummary(path=str(path), cards=written.cards, faces=written.faces,
                         skipped=written.skipped, seconds=time.perf_counter() - started,
                         placeholders=written.placeholders,
                         data_problems=written.data_problems)


def import_card_file_job(db: Database, path: Path | str, *,
                         cancel: CancelToken | None = None) -> Job[AnySummary]:
    """Import any card file Spellweb reads, its kind told from its content.

    Parameters
    ----------
    db : Database
        The card database to write.
    path : Path or str
        MTGJSON AtomicCards, AllPrintings or a set file, or a Scryfall bulk card file;
        compressed or not (``.gz``, ``.xz``, ``.bz2``, ``.zip``).
    cancel : CancelToken, optional
        Checked between steps; cancelling leaves the database unchanged.

    Yields
    ------
    Progress

    Returns
    -------
    ImportSummary or PrintingsSummary
        :class:`~analyzer.cards.printings.PrintingsSummary` for AllPrintings and set files.

    Raises
    ------
    CardImportError, Cancelled, DatabaseError
        As the importer of that kind; the database is unchanged.
    """
    kind = sniff_card_file(path)
    if kind is CardFileKind.PRINTINGS:
        return (yield from import_printings_job(db, path, cancel=cancel))
    if kind is CardFileKind.SCRYFALL:
        return (yield from import_scryfall_cards_job(db, path, cancel=cancel))
    return (yield from import_atomic_cards_job(db, path, cancel=cancel))
