"""Use cases: what a button press or a command does, one database session each.

The command line (:mod:`analyzer.cli`) and the GUI (``ui/``) both call these functions and
nothing below them, so the two stay the same program (STYLE.md habits 13, 16, 17). Long use
cases are jobs: generators yielding :class:`~analyzer.progress.Progress` and returning their
result; the plain function of the same name without ``_job`` runs the job to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.detail import CardDetail
from analyzer.cards.detail import card_detail as detail_of
from analyzer.cards.importing import ensure_cards
from analyzer.cards.model import Card
from analyzer.cards.search import run_search
from analyzer.cards.sources import AnySummary, import_card_file_job
from analyzer.decks import Deck, DeckValidation, LossReport, load_deck, validate_deck
from analyzer.graph import edge_list, synergy_graph_job, write_graph
from analyzer.graph.analysis import EdgeRow
from analyzer.oracle.coverage import CoverageReport
from analyzer.oracle.profile import CardProfile
from analyzer.progress import CancelToken, Job, Progress, run_job

__all__ = [
    "DeckAnalysis",
    "analyze_deck",
    "analyze_deck_job",
    "card_by_name",
    "card_detail",
    "card_note",
    "card_profile",
    "convert_deck",
    "coverage_job",
    "database_info",
    "download_cards_job",
    "export_graph",
    "export_report",
    "fix_deck_entry",
    "has_only_starter_cards",
    "import_cards",
    "import_cards_job",
    "open_database",
    "read_deck",
    "search",
    "search_cards",
    "set_card_note",
    "validate",
]


@dataclass(frozen=True)
class DeckAnalysis:
    """A deck with its synergy graph: what the GUI shows and reports print."""

    deck: Deck
    """The resolved deck, issues included."""
    graph: nx.MultiDiGraph[str] = field(repr=False)
    """The synergy graph of the main deck and command zone (nodes: card ids)."""

    @property
    def edges(self) -> list[EdgeRow]:
        """Every synergy edge, sorted for display (kind, source, target)."""
        return edge_list(self.graph)

    @property
    def analysed_cards(self) -> list[tuple[Card, int]]:
        """(card, copies) of the main deck and command zone, the cards the graph holds."""
        return self.deck.main_and_commander()


def open_database(url: str | None = None, *, seed: bool = True) -> Database:
    """Open (and create) the card database; load the starter set if it holds no card.

    Parameters
    ----------
    url : str, optional
        SQLAlchemy URL; default ``$SPELLWEB_DB`` or the SQLite file in the user data folder.
    seed : bool
        Load ``data/starter_cards.json`` into an empty database.

    Raises
    ------
    DatabaseError
        See :class:`~analyzer.cards.db.engine.Database`.
    """
    db = Database(url)
    if seed:
        ensure_cards(db)
    return db


def database_info(db: Database) -> repo.DatabaseInfo:
    """Counts and provenance of the card database, for the status bar and ``spellweb info``."""
    with db.session() as session:
        return repo.database_info(session, db.safe_url)


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


def read_deck(db: Database, path: Path | str, *, strict: bool = False) -> Deck:
    """Read a deck file and resolve its card names against the database.

    Parameters
    ----------
    strict : bool
        Raise on the first problem instead of collecting it in ``deck.issues``.

    Raises
    ------
    DeckParseError
        The file cannot be read as a deck list (binary, empty, ...), or, with ``strict``,
        a line is malformed or names an unknown card (``UnknownCardError``, with the
        closest names).
    """
    with db.session() as session:
        return load_deck(Path(path), repo.DatabaseCardLookup(session), strict=strict)


def convert_deck(source: Path | str, target: Path | str,
                 fmt: str | None = None) -> tuple[LossReport, str]:
    """Write the deck file ``source`` to ``target`` in another format (no database needed).

    Parameters
    ----------
    fmt : str, optional
        The target format's registry name; default from ``target``'s extension.

    Returns
    -------
    (LossReport, str)
        What the target cannot hold, and the target format's description.

    Raises
    ------
    DeckParseError
        ``source`` cannot be read as a deck list.
    InputError
        ``fmt`` names no format.
    OSError
        ``target`` cannot be written (an existing file is left untouched).
    """
    from analyzer.decks import format_for_path, get_format, read_deck_file, write_deck_file

    target_format = get_format(fmt) if fmt else format_for_path(target)
    deck = read_deck_file(source).deck
    return write_deck_file(deck, target, fmt=target_format), target_format.description


def validate(deck: Deck, game_format: str | None = None) -> DeckValidation:
    """The deck's commander, size, copies and legality checks
    (:func:`analyzer.decks.validate_deck`)."""
    return validate_deck(deck, game_format)


def fix_deck_entry(db: Database, deck: Deck, index: int, card_name: str) -> Deck:
    """The deck with entry ``index`` resolved to the card named ``card_name`` (the user's
    pick among the suggestions, or from a search).

    Raises
    ------
    UnknownCardError
        No card has that name.
    """
    from analyzer.decks import resolve_entry
    from analyzer.errors import UnknownCardError

    card = card_by_name(db, card_name)
    if card is None:
        raise UnknownCardError(deck.path, None, f"no card is named {card_name!r}")
    return resolve_entry(deck, index, card)


def analyze_deck_job(db: Database, deck: Deck | Path | str, *, strict: bool = True,
                     cancel: CancelToken | None = None) -> Job[DeckAnalysis]:
    """Read a deck (unless given one) and build its synergy graph.

    Yields
    ------
    Progress
        Reading the deck, then the graph builder's reports.

    Returns
    -------
    DeckAnalysis
    """
    if not isinstance(deck, Deck):
        yield Progress(0, 0, f"Reading {Path(deck).name}")
        deck = read_deck(db, deck, strict=strict)
    graph = yield from synergy_graph_job(deck.main_and_commander(), cancel=cancel)
    return DeckAnalysis(deck=deck, graph=graph)


def analyze_deck(db: Database, deck: Deck | Path | str, *, strict: bool = True) -> DeckAnalysis:
    """:func:`analyze_deck_job` run to its end."""
    return run_job(analyze_deck_job(db, deck, strict=strict))


def export_graph(analysis: DeckAnalysis, path: Path | str) -> Path:
    """Write the synergy graph: node-link JSON (``.json``) or GraphML (``.graphml``)."""
    path = Path(path)
    write_graph(analysis.graph, path)
    return path


def export_report(analysis: DeckAnalysis, path: Path | str, *, title: str | None = None,
                  notes: str = "") -> Path:
    """Write the HTML report of a deck analysis (see :mod:`analyzer.reports`)."""
    from analyzer.reports import write_html_report

    path = Path(path)
    write_html_report(analysis, path, title=title, notes=notes)
    return path


def card_note(db: Database, name: str) -> repo.CardNote:
    """The user's tags and note on a card (kept across card-data imports)."""
    with db.session() as session:
        return repo.card_note(session, name)


def set_card_note(db: Database, name: str, *, tags: Sequence[str] = (),
                  note: str = "") -> repo.CardNote:
    """Write the user's tags and note on a card; both empty deletes them."""
    with db.session() as session:
        return repo.set_card_note(session, name, tags=tags, note=note)


def card_by_name(db: Database, name: str) -> Card | None:
    """The card a name means (full, ASCII, face or flavor name), or None."""
    with db.session() as session:
        return repo.find_card(session, name)


def search_cards(db: Database, text: str, limit: int = 200) -> list[Card]:
    """Cards whose name contains ``text`` (case- and accent-insensitive)."""
    with db.session() as session:
        return repo.search_names(session, text, limit)


def search(db: Database, query: str, *, limit: int | None = None) -> list[Card]:
    """The cards a query in Scryfall's search syntax matches, sorted by name.

    Parameters
    ----------
    db : Database
        The card database (FTS5 full-text search on SQLite, plain SQL elsewhere).
    query : str
        E.g. ``'t:ninja c:b'``, ``'o:"draw a card" -t:creature'``, ``'id<=esper is:commander'``;
        see :mod:`analyzer.cards.search` and https://scryfall.com/docs/syntax.
    limit : int, optional
        At most this many cards (the first by name).

    Returns
    -------
    list of Card

    Raises
    ------
    SearchSyntaxError
        The query is malformed; the error carries the offset and length of the bad token.
    """
    with db.session() as session:
        return run_search(session, query, limit=limit)


def card_detail(db: Database, name_or_id: str) -> CardDetail:
    """Everything the card detail view shows: every face with its text and mana symbols,
    legalities, printings (when imported) and the user's note.

    Raises
    ------
    InputError
        No card has that id or name.
    """
    with db.session() as session:
        return detail_of(session, name_or_id)


def card_profile(db: Database, name: str) -> tuple[Card, CardProfile]:
    """The card a name means and its compiled profile (``spellweb card NAME``).

    Raises
    ------
    InputError
        No card has that name.
    """
    from analyzer.errors import InputError
    from analyzer.oracle import compile_card

    card = card_by_name(db, name)
    if card is None:
        raise InputError(f"no card named {name!r} in the card database")
    return card, compile_card(card)


def coverage_job(db: Database, cancel: CancelToken | None = None) -> Job[CoverageReport]:
    """Compile every card of the database and measure what the Oracle compiler understands.

    Yields
    ------
    Progress
        Every 500 cards.

    Returns
    -------
    CoverageReport
    """
    from analyzer.oracle.coverage import coverage_job as compile_all

    with db.session() as session:
        total = repo.card_count(session)
        return (yield from compile_all(repo.iter_cards(session), total, cancel=cancel))

