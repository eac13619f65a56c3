"""The card database: open it, import or download card data, compile the profiles and
measure what the compiler reads.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.importing import ensure_cards
from analyzer.cards.problems import CardDataProblem
from analyzer.cards.problems import card_data_problems as card_problems
from analyzer.cards.search import search_index_job
from analyzer.cards.search import search_index_missing as missing_search_index
from analyzer.cards.sources import AnySummary, import_card_file_job
from analyzer.progress import CancelToken, Job, run_job
from analyzer.services.decks import deck_folder_cards

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.oracle.coverage import CoverageReport

__all__ = ["card_data_problems", "compile_profiles_job", "coverage_job", "database_info",
           "download_cards_job", "has_only_starter_cards", "import_cards", "import_cards_job",
           "open_database", "search_index_missing"]


def open_database(url: str | None = None, *, seed: bool = True,
                  create_folder: bool | None = None) -> Database:
    """Open (and create) the card database; load the starter set if it holds no card.

    Parameters
    ----------
    url : str, optional
        SQLAlchemy URL; default ``$SPELLWEB_DB`` or the SQLite file in the user data folder.
    seed : bool
        Load ``data/starter_cards.json`` into an empty database.
    create_folder : bool, optional
        Whether a SQLite file's missing folder may be created. Default: only for the user
        data folder (no ``url`` and no ``$SPELLWEB_DB``); a URL typed by the user names an
        existing folder, so a typo does not leave new folders behind.

    Raises
    ------
    DatabaseError
        The SQLite file's folder does not exist (and may not be created); else see
        :class:`~analyzer.cards.db.engine.Database`.
    """
    import os

    from analyzer.cards.db.engine import (
        hide_password,
        parse_database_url,
        resolve_database_url,
        sqlite_file,
    )
    from analyzer.errors import DatabaseError

    chosen = url or os.environ.get("SPELLWEB_DB")
    if create_folder is None:
        create_folder = not chosen
    if chosen and not create_folder:
        file = sqlite_file(parse_database_url(resolve_database_url(chosen)))
        if file is not None and not file.parent.is_dir():
            raise DatabaseError(f"folder {str(file.parent)!r} of the database "
                                f"{hide_password(chosen)!r} does not exist; create it, or "
                                "check the --db URL")
    db = Database(url)
    if seed:
        ensure_cards(db)
    return db


def database_info(db: Database) -> repo.DatabaseInfo:
    """Counts and provenance of the card database, for the status bar and ``spellweb info``."""
    with db.session() as session:
        return repo.database_info(session, db.safe_url)


def card_data_problems(db: Database) -> list[CardDataProblem]:
    """Cards of the database whose data says they have abilities their text lacks (empty
    text with keywords, or a planeswalker, Aura, Equipment... type line), by name; what
    ``spellweb info --problems`` lists (:func:`analyzer.cards.problems.card_data_problems`)."""
    with db.session() as session:
        return card_problems(session)


def import_cards_job(db: Database, path: Path | str,
                     cancel: CancelToken | None = None) -> Job[AnySummary]:
    """Import a card file, its kind told from its content (one transaction).

    MTGJSON AtomicCards and Scryfall bulk cards replace every card (an
    :class:`~analyzer.cards.importing.ImportSummary`); MTGJSON AllPrintings or a set file
    replaces the printings only (a :class:`~analyzer.cards.printings.PrintingsSummary`).
    See :func:`analyzer.cards.sources.import_card_file_job` for errors.
    """
    return import_card_file_job(db, path, cancel=cancel)


def import_cards(db: Database, path: Path | str) -> AnySummary:
    """:func:`import_cards_job` run to its end."""
    return run_job(import_cards_job(db, path))


def has_only_starter_cards(db: Database) -> bool:
    """True while the database holds no card data but the starter set (or no card at all):
    the window then offers to download the full card data."""
    with db.session() as session:
        return repo.card_count(session) == 0 or \
            repo.database_info(session, db.safe_url).source == "starter"


def download_cards_job(db: Database, *, url: str | None = None, folder: Path | str | None = None,
                       cancel: CancelToken | None = None) -> Job[AnySummary]:
    """Download the card data (MTGJSON AtomicCards by default) and import it.

    Parameters
    ----------
    db : Database
        The card database to write.
    url : str, optional
        Default ``$SPELLWEB_CARDS_URL`` or :data:`analyzer.cards.download.DEFAULT_CARDS_URL`.
    folder : Path or str, optional
        Where the file is kept (default: the user's cache folder); a part file left by an
        interrupted download there is resumed.
    cancel : CancelToken, optional
        Stops the download (kept for a resume) or the import (nothing changed).

    Raises
    ------
    DownloadError
        The download failed or its checksum did not match.
    CardImportError, DatabaseError, Cancelled
        As :func:`import_cards_job`.
    """
    from analyzer.cards.download import cards_url, download_folder, download_job

    source = cards_url(url)
    name = source.rstrip("/").rsplit("/", 1)[-1].split("?")[0] or "cards.json"
    target = Path(folder) if folder is not None else download_folder()
    path = yield from download_job(source, target / name, cancel=cancel)
    return (yield from import_cards_job(db, path, cancel))


def compile_profiles_job(db: Database, cancel: CancelToken | None = None) -> Job[int]:
    """Build the full-text search index if it is absent, then compile and store every card's
    profile that is not current (the background job to run after an import; see
    :func:`analyzer.cards.search.search_index_job` and
    :func:`analyzer.cards.profiles.compile_profiles_job`)."""
    from analyzer.cards.profiles import compile_profiles_job as stored_profiles_job

    yield from search_index_job(db, cancel=cancel)
    return (yield from stored_profiles_job(db, cancel=cancel))


def search_index_missing(db: Database) -> bool:
    """True when the next :func:`search` builds the full-text index first (SQLite, after an
    import: about a second once; the command line says so)."""
    with db.session() as session:
        return missing_search_index(session)


def coverage_job(db: Database, cancel: CancelToken | None = None, *,
                 decks: Path | str | None = None) -> Job[CoverageReport]:
    """Compile every card of the database and measure what the Oracle compiler understands.

    Parameters
    ----------
    decks : path, optional
        A folder of deck lists (read recursively, any deck format): the distinct cards they
        name are measured apart too (:attr:`CoverageReport.decks`). A file that is not a
        deck list is skipped.

    Yields
    ------
    Progress
        Every 500 cards.

    Returns
    -------
    CoverageReport
    """
    from analyzer.oracle.coverage import coverage_job as compile_all

    deck_cards = deck_folder_cards(db, decks) if decks is not None else None
    with db.session() as session:
        total = repo.card_count(session)
        return (yield from compile_all(repo.iter_cards(session), total, cancel=cancel,
                                       decks=deck_cards))
