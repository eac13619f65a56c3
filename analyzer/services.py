"""Use cases: what a button press or a command does, one database session each.

The command line (:mod:`analyzer.cli`) and the GUI (``ui/``) both call these functions and
nothing below them, so the two stay the same program (STYLE.md habits 13, 16, 17). Long use
cases are jobs: generators yielding :class:`~analyzer.progress.Progress` and returning their
result; the plain function of the same name without ``_job`` runs the job to its end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.detail import CardDetail
from analyzer.cards.detail import card_detail as detail_of
from analyzer.cards.importing import ensure_cards
from analyzer.cards.model import Card
from analyzer.cards.problems import CardDataProblem
from analyzer.cards.problems import card_data_problems as card_problems
from analyzer.cards.search import run_search, search_index_job
from analyzer.cards.search import search_index_missing as missing_search_index
from analyzer.cards.sources import AnySummary, import_card_file_job
from analyzer.deck_analysis import DeckAnalysis
from analyzer.decks import Deck, DeckValidation, LossReport, load_deck, validate_deck
from analyzer.progress import CancelToken, Job, Progress, run_job

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.combos.report import ComboReport
    from analyzer.graph.suggest import FeatureIndex, Suggestion
    from analyzer.oracle.coverage import CoverageReport, DeckCards
    from analyzer.oracle.profile import CardProfile
    from analyzer.reports.export import ReportFormat
    from analyzer.reports.model import ComboFindings, ReportSection
    from analyzer.rules import CardLibrary, Game
    from analyzer.rules.errors import UnsupportedCardError
    from analyzer.simulate.board import BoardSpec
    from analyzer.simulate.goldfish import OddsReport
    from analyzer.simulate.lines import LinesReport

__all__ = [
    "DeckAnalysis",
    "SampleBoard",
    "analyze_deck",
    "analyze_deck_job",
    "board_game",
    "board_lines_job",
    "card_by_name",
    "card_detail",
    "card_note",
    "card_profile",
    "cards_by_ids",
    "compile_profiles_job",
    "convert_deck",
    "coverage_job",
    "database_info",
    "deck_combos",
    "deck_combos_job",
    "deck_odds",
    "deck_sample_board_job",
    "deck_sample_lines",
    "download_cards_job",
    "export_graph",
    "export_report",
    "export_report_job",
    "fix_deck_entry",
    "goal_combos",
    "has_only_starter_cards",
    "import_cards",
    "import_cards_job",
    "lines_card_library",
    "looks_like_deck",
    "open_database",
    "read_deck",
    "read_text_file",
    "report_findings_job",
    "require_card",
    "scenario_board_spec",
    "scenario_lines",
    "search",
    "search_cards",
    "search_index_missing",
    "set_card_note",
    "suggest",
    "suggest_job",
    "suggestion_index_job",
    "validate",
]


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


def read_text_file(path: Path | str, what: str) -> str:
    """The text of a UTF-8 file the user named, or an :class:`InputError` in the deck reader's
    words: ``PATH: no such file``, ``PATH: not a regular file (it is a folder); give a WHAT``,
    ``PATH: not a text file (binary data)``, ``PATH: not UTF-8 text (byte 0xd0 at 24)``.

    ``what`` names the file wanted ("scenario file"), for the hint.
    """
    from analyzer.errors import InputError

    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: not a regular file (it is a folder); give a {what}")
    try:
        data = path.read_bytes()
    except FileNotFoundError as err:
        raise InputError(f"{path}: no such file") from err
    except OSError as err:
        raise InputError(f"{path}: cannot read the file ({err.strerror or err})") from err
    if b"\x00" in data:
        raise InputError(f"{path}: not a text file (binary data); give a {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{path}: not UTF-8 text (byte 0x{data[err.start]:02x} at "
                         f"{err.start}); give a {what}") from err


def looks_like_deck(path: Path | str) -> bool:
    """Whether a file reads as a deck list with at least one entry (any deck format)."""
    from analyzer.decks import read_deck_file
    from analyzer.errors import InputError

    try:
        return bool(read_deck_file(path).deck.entries)
    except InputError:
        return False


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


def analyze_deck_job(db: Database, deck: Deck | Path | str, *, strict: bool = False,
                     cancel: CancelToken | None = None) -> Job[DeckAnalysis]:
    """Read a deck (unless given one) and build its synergy graph.

    Cards missing from the database are skipped (they stay in ``deck.issues``, with the
    closest names, for the caller to show); ``strict=True`` raises on the first instead
    (:func:`read_deck`).

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
    entries = deck.main_and_commander()
    yield Progress(0, 0, "Reading card profiles")
    from analyzer.cards.profiles import profiles_for
    from analyzer.graph import synergy_graph_job

    with db.session() as session:
        # Stored profiles where current; the rest compiled once and stored (cards.profiles).
        profiles = profiles_for(session, [card for card, _ in entries])
    graph = yield from synergy_graph_job(entries, cancel=cancel, profiles=profiles)
    return DeckAnalysis(deck=deck, graph=graph)


def analyze_deck(db: Database, deck: Deck | Path | str, *, strict: bool = False) -> DeckAnalysis:
    """:func:`analyze_deck_job` run to its end."""
    return run_job(analyze_deck_job(db, deck, strict=strict))


def suggestion_index_job(db: Database, *, cancel: CancelToken | None = None
                         ) -> Job[FeatureIndex]:
    """The database's synergy feature index (:mod:`analyzer.graph.suggest`): from memory,
    from its file beside a SQLite database (else in the user cache folder), or built (about
    15-40 s for 24,000 cards) and saved. It is rebuilt after a card import or a compiler
    change (the key holds the import time and the compiler version)."""
    import platformdirs
    from sqlalchemy.engine import make_url

    from analyzer.graph.suggest import cache_path, cached_index_job, index_key

    info = database_info(db)
    key = index_key(db.safe_url, info.cards, info.source, info.imported_at, info.data_date)
    url = make_url(db.url)
    file = Path(url.database) if url.get_backend_name() == "sqlite" and url.database \
        and url.database != ":memory:" else None
    folder = Path(platformdirs.user_cache_dir("spellweb", appauthor=False))
    path = None if file is None and db.url.startswith("sqlite") \
        else cache_path(db.safe_url, file, folder)

    def cards() -> list[Card]:
        with db.session() as session:
            return list(repo.iter_cards(session))

    def profiles(batch: Sequence[Card]) -> dict[str, CardProfile]:
        from analyzer.cards.profiles import stored_profiles

        # the stored profiles where current (cards.profiles); the index compiles the rest
        # without writing them: compile_profiles_job is what stores every card's profile
        with db.session() as session:
            return stored_profiles(session, batch)

    return (yield from cached_index_job(key, path, cards, info.cards, cancel=cancel,
                                        profiles=profiles))


def suggest_job(db: Database, analysis: DeckAnalysis, n: int = 20, *,
                cancel: CancelToken | None = None,
                game_format: str | None = None) -> Job[list[Suggestion]]:
    """The ``n`` database cards that would add the most synergy edges to the deck, within
    its colour identity and legal in its format: ``game_format`` (a ``legalities`` key),
    else ``commander`` for a deck with a commander, else the most restrictive format all
    its cards are legal in (:func:`analyzer.graph.suggest.deck_legality`,
    :func:`analyzer.graph.suggest.suggest_for_graph`).

    Raises
    ------
    KeyError
        ``game_format`` is no known format.
    """
    from analyzer.decks.model import Section
    from analyzer.graph.suggest import deck_legality, suggest_for_graph

    index = yield from suggestion_index_job(db, cancel=cancel)
    yield Progress(0, 0, "Ranking suggestions")
    deck = analysis.deck
    found, digital = deck_legality([card for card, _ in deck.main_and_commander()], index,
                                   commander=bool(deck.section(Section.COMMANDER)),
                                   game_format=game_format)
    return suggest_for_graph(analysis.graph, index, n, game_format=found, digital=digital)


def suggest(db: Database, analysis: DeckAnalysis, n: int = 20, *,
            game_format: str | None = None) -> list[Suggestion]:
    """:func:`suggest_job` run to its end."""
    return run_job(suggest_job(db, analysis, n, game_format=game_format))


def export_graph(analysis: DeckAnalysis, path: Path | str) -> Path:
    """Write the synergy graph: node-link JSON (``.json``), GraphML (``.graphml``), or a
    picture (``.svg``, ``.png``); see :func:`analyzer.graph.write_graph`."""
    from analyzer.graph import write_graph

    path = Path(path)
    write_graph(analysis.graph, path)
    return path


def export_report_job(analysis: DeckAnalysis, path: Path | str, *,
                      fmt: ReportFormat | str | None = None,
                      sections: Sequence[ReportSection | str] | None = None,
                      title: str | None = None, notes: str = "",
                      findings: ComboFindings | None = None,
                      cancel: CancelToken | None = None) -> Job[Path]:
    """Write the report of a deck analysis as HTML, PDF, Markdown or JSON (a job).

    Parameters
    ----------
    analysis : DeckAnalysis
        The deck and its synergy graph.
    path : Path or str
        The file to write (replaced atomically).
    fmt : ReportFormat or str, optional
        ``"html"``, ``"pdf"``, ``"md"`` or ``"json"``; default from ``path``'s ending.
    sections : sequence of ReportSection or str, optional
        The sections to include (values such as ``"deck"``, ``"edges"``); default all.
    title : str, optional
        Default: the deck's name.
    notes : str
        The user's notes, printed under the title (escaped in every format).
    findings : ComboFindings, optional
        Combo results; without them the combo sections say the analysis was not run.
    cancel : CancelToken, optional
        Stops the export before the file is written.

    Yields
    ------
    Progress
        Building, rendering, writing.

    Returns
    -------
    Path

    Raises
    ------
    InputError
        An unknown format or section, or a file name whose ending names no format.
    OSError
        The file cannot be written (an existing file is left untouched).
    """
    # Imported here: the report renderers (Jinja2, fpdf2) load only when a report is written.
    from analyzer.reports import export as report_export
    from analyzer.reports.model import ReportOptions, ReportSection

    chosen = tuple(ReportSection)
    if sections is not None:
        named = [s.value if isinstance(s, ReportSection) else s for s in sections]
        chosen = ReportSection.parse_list(",".join(named)) if named else ()
    options = ReportOptions(sections=chosen, title=title, notes=notes)
    return (yield from report_export.export_report_job(
        analysis, path, fmt=fmt, options=options, findings=findings, cancel=cancel))


def report_findings_job(db: Database, analysis: DeckAnalysis,
                        sections: Sequence[ReportSection | str] | None = None, *,
                        seed: int = 0, games: int = 2_000, turns: int = 6,
                        line_goal: str = "damage", line_nodes: int = 300,
                        cancel: CancelToken | None = None) -> Job[ComboFindings]:
    """Run the combo analyses a report's sections need and gather them for the report.

    Combos and near misses (:func:`analyzer.combos.report.combo_report_job`, verified in the
    rules core, loops discovered in ``analysis.graph``) when the ``combos`` or
    ``near_misses`` section is wanted; goldfish odds (:func:`deck_odds`, ``games`` seeded
    games over ``turns`` turns) for ``odds``; sample lines (:func:`deck_sample_lines`
    toward ``line_goal`` with a budget of ``line_nodes`` states) for ``lines``. A part not
    wanted stays ``None`` in the result, which the report states as "not run"; odds that
    cannot be simulated (a deck smaller than an opening hand) stay ``None`` with the reason in
    :attr:`ComboFindings.reasons`, which the report states instead.

    Parameters
    ----------
    sections : sequence of ReportSection or str, optional
        Default: every section.

    Yields
    ------
    Progress
        One step per analysis, then the combo verifications.

    Returns
    -------
    ComboFindings
        See :func:`analyzer.combos.findings.combo_findings`.

    Raises
    ------
    Cancelled
        When ``cancel`` is set.
    """
    from dataclasses import replace

    from analyzer.combos.findings import combo_findings
    from analyzer.combos.report import combo_report_job
    from analyzer.errors import InputError
    from analyzer.reports.model import ReportSection as Section
    from analyzer.rules.cards import CardLibrary

    wanted = set(Section) if sections is None else {Section(s) if isinstance(s, str) else s
                                                    for s in sections}
    combos = lines = odds = None
    reasons: list[tuple[Section, str]] = []
    if wanted & {Section.COMBOS, Section.NEAR_MISSES}:
        names = [card.name for card, _ in analysis.deck.main_and_commander()]
        combos = yield from combo_report_job(names, CardLibrary.from_database(db),
                                             graph=analysis.graph, cancel=cancel)
    if Section.ODDS in wanted:
        yield Progress(0, 0, "goldfish odds")
        try:
            odds = deck_odds(db, analysis.deck, turns=turns, games=games, seed=seed)
        except InputError as err:   # e.g. too few cards for an opening hand: say so
            reasons.append((Section.ODDS, f"the goldfish simulation cannot run: {err}"))
    if Section.LINES in wanted:
        yield Progress(0, 0, "sample lines")
        try:
            lines = [deck_sample_lines(db, analysis.deck, line_goal, seed=seed,
                                       nodes=line_nodes)]
        except InputError:
            lines = []   # no board of this deck the rules core can set up: no lines to show
    if cancel is not None:
        cancel.check()
    found = combo_findings(combos, lines=lines, odds=odds)
    return replace(found, reasons=tuple(reasons)) if reasons else found


def export_report(analysis: DeckAnalysis, path: Path | str, *,
                  fmt: ReportFormat | str | None = None,
                  sections: Sequence[ReportSection | str] | None = None,
                  title: str | None = None, notes: str = "",
                  findings: ComboFindings | None = None) -> Path:
    """:func:`export_report_job` run to its end (see :mod:`analyzer.reports`)."""
    return run_job(export_report_job(analysis, path, fmt=fmt, sections=sections, title=title,
                                     notes=notes, findings=findings))


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


def cards_by_ids(db: Database, ids: Sequence[str]) -> dict[str, Card]:
    """The cards with these ids (``Card.id``, the database key); unknown ids are left out.

    What a card dragged from the card browser (:mod:`ui.dnd`) or a recovered deck snapshot
    (:func:`analyzer.decks.deck_from_snapshot`) names.
    """
    with db.session() as session:
        return repo.cards_by_id(session, ids)


def search_cards(db: Database, text: str, limit: int = 200) -> list[Card]:
    """Cards whose name contains ``text`` (case- and accent-insensitive)."""
    with db.session() as session:
        return repo.search_names(session, text, limit)


def search(db: Database, query: str, *, limit: int | None = None,
           on_index_build: Callable[[], None] | None = None) -> list[Card]:
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
    on_index_build : callable, optional
        Called before the full-text index is built (the first search after an import on
        SQLite, about a second).

    Returns
    -------
    list of Card

    Raises
    ------
    SearchSyntaxError
        The query is malformed; the error carries the offset and length of the bad token.
    """
    with db.session() as session:
        return run_search(session, query, limit=limit, on_index_build=on_index_build)


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
        No card has that name; the message offers the closest names ("did you mean"),
        as the deck reader does (:class:`analyzer.decks.NameSuggester`).
    """
    from analyzer.cards.profiles import profiles_for

    card = require_card(db, name)
    with db.session() as session:
        return card, profiles_for(session, [card])[card.id]


def require_card(db: Database, name: str) -> Card:
    """The card a name (full, face or flavor name) means.

    Raises
    ------
    InputError
        No card has that name; the message offers the closest names ("did you mean"),
        as the deck reader does (:class:`analyzer.decks.NameSuggester`).
    """
    from analyzer.decks import NameSuggester
    from analyzer.errors import InputError

    with db.session() as session:
        card = repo.find_card(session, name)
        if card is None:
            close = NameSuggester(repo.DatabaseCardLookup(session).all_names()).suggest(name)
            hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise InputError(f"no card named {name!r} in the card database{hint}")
        return card


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


def deck_folder_cards(db: Database, folder: Path | str) -> DeckCards:
    """The distinct cards of every deck list under ``folder`` (recursively), resolved in
    the database (:func:`analyzer.decks.folder.folder_cards`).

    Raises
    ------
    InputError
        ``folder`` is not a folder.
    """
    from analyzer.decks.folder import folder_cards
    from analyzer.oracle.coverage import DeckCards

    with db.session() as session:
        files, ids, unknown = folder_cards(folder, repo.DatabaseCardLookup(session))
    return DeckCards(str(folder), files, ids, len(unknown))


def deck_combos_job(db: Database, deck: Deck | Path | str, *, discover: bool = True,
                    iterations: int | None = None, strict: bool = True,
                    cancel: CancelToken | None = None) -> Job[ComboReport]:
    """The deck's combos: catalog combos present, loops discovered in its synergy graph,
    each verified in the rules core, and near misses (``spellweb combos``).

    See :func:`analyzer.combos.report.combo_report_job`.

    Yields
    ------
    Progress
        Reading the deck, building the graph, then one per combo verified.

    Returns
    -------
    ComboReport
    """
    from analyzer.combos.report import combo_report_job
    from analyzer.combos.verify import DEFAULT_ITERATIONS
    from analyzer.rules.cards import CardLibrary

    analysis = yield from analyze_deck_job(db, deck, strict=strict, cancel=cancel)
    names = [card.name for card, _ in analysis.deck.main_and_commander()]
    return (yield from combo_report_job(
        names, CardLibrary.from_database(db), graph=analysis.graph if discover else None,
        iterations=iterations or DEFAULT_ITERATIONS, cancel=cancel))


def deck_combos(db: Database, deck: Deck | Path | str, *, discover: bool = True,
                iterations: int | None = None, strict: bool = True) -> ComboReport:
    """:func:`deck_combos_job` run to its end."""
    return run_job(deck_combos_job(db, deck, discover=discover, iterations=iterations,
                                   strict=strict))


def deck_odds(db: Database, deck: Deck | Path | str, *, turns: int = 6, games: int = 10_000,
              seed: int = 0, on_the_play: bool = True, mulligan: str = "london",
              strict: bool = True) -> OddsReport:
    """Goldfish odds of the deck's combos and sneak/prowl cards by turn (``spellweb odds``).

    Tracks the catalog combos complete in the deck (see :mod:`analyzer.simulate.goldfish`
    for the model and its stated assumptions).

    Raises
    ------
    InputError
        An unknown mulligan rule, or ``turns``/``games`` below 1.
    """
    from analyzer.combos.detect import detect_combos
    from analyzer.decks.model import Section
    from analyzer.errors import InputError
    from analyzer.simulate.goldfish import GoldfishCard, MulliganRule, goldfish

    if not isinstance(deck, Deck):
        deck = read_deck(db, deck, strict=strict)
    rules = {r.label: r for r in MulliganRule}
    if mulligan not in rules:
        raise InputError(f"unknown mulligan rule {mulligan!r}; use {' or '.join(rules)}")
    from analyzer.cards.profiles import profiles_for

    with db.session() as session:   # stored profiles where current (cards.profiles)
        profiles = profiles_for(session, [card for card, _ in deck.main_and_commander()])
    main = [(GoldfishCard.from_card(card, profiles.get(card.id)), n)
            for card, n in deck.cards(Section.MAIN)]
    commanders = [GoldfishCard.from_card(card, profiles.get(card.id))
                  for card, _ in deck.cards(Section.COMMANDER)]
    present = detect_combos([c.name for c, _ in deck.main_and_commander()]).present
    try:
        return goldfish(main, combos=[(c.id, c.cards) for c in present],
                        commanders=commanders, turns=turns, games=games, seed=seed,
                        on_the_play=on_the_play, mulligan=rules[mulligan])
    except ValueError as err:
        raise InputError(str(err)) from err


def scenario_lines(db: Database | None, path: Path | str, goal: str, *,
                   depth: int | None = None, nodes: int | None = None,
                   top: int = 3) -> LinesReport:
    """Search the board of a scenario file (its first document's ``turn``, ``players`` and
    inline ``cards``; its ``actions`` are not played) for the best lines reaching ``goal``
    (``spellweb lines``; see :mod:`analyzer.simulate.lines`).

    Parameters
    ----------
    db : Database or None
        Where card names are looked up; ``None``: the starter set.
    goal : str
        ``damage``, ``cast:CARD`` or ``combo:ID`` (a catalog combo id).

    Raises
    ------
    InputError
        An unreadable scenario file, a bad goal, an unknown combo id, or a board the rules
        core can't set up.
    """
    from analyzer.combos.engine import ComboBoard, Unplayable
    from analyzer.errors import InputError
    from analyzer.rules.cards import CardLibrary, inline_card
    from analyzer.rules.errors import ScenarioError
    from analyzer.rules.scenario_file import load_documents
    from analyzer.simulate.lines import (
        DEFAULT_DEPTH,
        DEFAULT_NODES,
        resolve_goal,
        scenario_board,
        search_lines,
    )

    wanted = resolve_goal(goal)
    text = read_text_file(path, "scenario file")
    try:
        documents = load_documents(text, str(path))
    except InputError as err:
        if looks_like_deck(path):
            raise InputError(f"{path} is a deck file: add --sample to search a sample board "
                             "of it, or give a scenario file") from err
        raise
    if not documents or "players" not in documents[0]:
        raise ScenarioError(f"{path}: no scenario with 'players' in the file")
    document = documents[0]
    cards = CardLibrary.from_database(db) if db is not None else CardLibrary.starter()
    for entry in document.get("cards") or []:
        try:
            cards.define(inline_card(
                str(entry["name"]), str(entry.get("mana_cost", "") or ""), str(entry["type"]),
                str(entry.get("text", "") or ""),
                None if entry.get("power") is None else str(entry["power"]),
                None if entry.get("toughness") is None else str(entry["toughness"])))
        except (KeyError, ValueError) as err:
            raise ScenarioError(f"{path}: inline card {entry!r}: {err}") from err
    try:
        start = scenario_board(document)
    except ValueError as err:
        raise ScenarioError(f"{path}: {err}") from err
    try:
        board = ComboBoard(start, cards, str(path))
    except Unplayable as err:
        raise InputError(f"{path}: {err}") from err
    return search_lines(board.game, wanted, depth=depth or DEFAULT_DEPTH,
                        nodes=nodes or DEFAULT_NODES, top=top)


def deck_sample_lines(db: Database, deck: Deck | Path | str, goal: str, *, seed: int = 0,
                      turn: int = 3, depth: int | None = None, nodes: int | None = None,
                      top: int = 3, strict: bool = True) -> LinesReport:
    """Search a sample board of the deck (a seeded hand played out to turn ``turn``, see
    :mod:`analyzer.simulate.sample`) for the best lines reaching ``goal``
    (``spellweb lines DECK --sample``). Cards the rules core cannot play yet are left out of
    the deck first; :attr:`LinesReport.left_out` names them with the reason.

    Raises
    ------
    InputError
        A bad goal, ``turn`` below 1, or a board the rules core can't set up.
    """
    import dataclasses

    from analyzer.combos.engine import ComboBoard, Unplayable
    from analyzer.decks.model import Section
    from analyzer.errors import InputError
    from analyzer.rules.cards import CardLibrary
    from analyzer.rules.errors import RulesError
    from analyzer.simulate.goldfish import GoldfishCard
    from analyzer.simulate.lines import (
        DEFAULT_DEPTH,
        DEFAULT_NODES,
        resolve_goal,
        search_lines,
    )
    from analyzer.simulate.sample import sample_board

    wanted = resolve_goal(goal)
    if not isinstance(deck, Deck):
        deck = read_deck(db, deck, strict=strict)
    cards = CardLibrary.from_database(db)
    left_out: list[str] = []
    from analyzer.cards.profiles import profiles_for

    with db.session() as session:   # stored profiles where current (cards.profiles)
        profiles = profiles_for(session, [card for card, _ in deck.main_and_commander()])

    def playable(entries: list[tuple[Card, int]]) -> list[tuple[GoldfishCard, int]]:
        kept = []
        for card, n in entries:
            try:   # the rules core refuses a card it cannot play as soon as it is set up,
                # or when it lists the actions the card allows
                probe = ComboBoard({"players": {
                    "A": {"battlefield": [card.name], "hand": [card.name], "library": []},
                    "B": {"battlefield": ["Grizzly Bears"]}}}, cards)
                list(probe.game.legal_actions())
            except (Unplayable, RulesError) as err:
                left_out.append(f"{card.name}: {err}")
                continue
            kept.append((GoldfishCard.from_card(card, profiles.get(card.id)), n))
        return kept

    main, commanders = playable(deck.cards(Section.MAIN)), playable(
        deck.cards(Section.COMMANDER))
    while True:   # a card whose ability the set-up itself needs is left out, then again
        try:
            board = sample_board(main, seed=seed, turn=turn,
                                 commanders=[c for c, _ in commanders])
            game = ComboBoard(board, cards, str(deck.path)).game
            break
        except (ValueError, Unplayable) as err:
            unsupported = _unsupported_card(err)
            if unsupported is None or not _leave_out(unsupported.card, main, commanders):
                raise InputError(f"{deck.path}: sample board: {err}") from err
            left_out.append(f"{unsupported.card}: {unsupported} (needed as the sample "
                            "board was set up)")
    found = search_lines(game, wanted, depth=depth or DEFAULT_DEPTH,
                         nodes=nodes or DEFAULT_NODES, top=top)
    return dataclasses.replace(found, left_out=tuple(left_out))


def _unsupported_card(err: BaseException) -> UnsupportedCardError | None:
    """The :class:`~analyzer.rules.UnsupportedCardError` behind ``err`` (its cause chain)."""
    from analyzer.rules.errors import UnsupportedCardError

    seen: BaseException | None = err
    while seen is not None:
        if isinstance(seen, UnsupportedCardError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def _leave_out(name: str, *sections: list[tuple[Any, int]]) -> bool:
    """Remove the card ``name`` (a :class:`GoldfishCard` list of (card, copies)) from every
    section; True when there was one to remove."""
    removed = False
    for section in sections:
        kept = [(card, n) for card, n in section if card.name != name]
        removed = removed or len(kept) != len(section)
        section[:] = kept
    return removed


# -- the Lines view: boards set up by hand, sample hands, lines stepped through -------------


def lines_card_library(db: Database | None) -> CardLibrary:
    """The cards a board's game looks names up in: the database's (``None``: the starter
    set), each compiled once and kept (:class:`~analyzer.rules.CardLibrary`)."""
    from analyzer.rules.cards import CardLibrary as Library

    return Library.from_database(db) if db is not None else Library.starter()


def board_game(cards: CardLibrary, board: BoardSpec) -> Game:
    """The rules-core game of a board set up by hand (:func:`analyzer.simulate.board.
    build_game`, the scenario runner's own setup).

    Raises
    ------
    InputError
        A card the database lacks or the rules core cannot play, named with its text.
    """
    from analyzer.simulate.board import build_game

    return build_game(board, cards)


def scenario_board_spec(path: Path | str) -> BoardSpec:
    """The start board of a scenario file (its first scenario with ``players``; inline
    ``cards`` kept, ``actions`` not played).

    Raises
    ------
    InputError
        The file can't be read or holds no board (the file, line and key named).
    """
    from analyzer.simulate.board import BoardSpec as Spec

    return Spec.from_scenario_file(path)


@dataclass(frozen=True)
class SampleBoard:
    """A deck's sample-hand board, its game, and the cards left out of it."""

    board: BoardSpec
    """The board (:func:`analyzer.simulate.board.sample_hand_board`)."""
    game: Game = field(repr=False)
    """Its game, set up."""
    left_out: tuple[str, ...] = ()
    """Cards of the deck the rules core cannot play, each with the reason."""


def deck_sample_board_job(db: Database, deck: Deck, cards: CardLibrary, *, seed: int = 0,
                          turn: int = 3, cancel: CancelToken | None = None) -> Job[SampleBoard]:
    """The board of a seeded sample game of ``deck`` at turn ``turn``
    (:mod:`analyzer.simulate.sample`), with the cards the rules core cannot play left out
    first (:func:`analyzer.simulate.board.playable_problem`); yields one progress step per
    distinct card checked.

    Raises
    ------
    InputError
        ``turn`` below 1, too few playable cards for a hand, or a board that can't be set up.
    Cancelled
        ``cancel`` was set.
    """
    from analyzer.cards.profiles import profiles_for
    from analyzer.decks.model import Section
    from analyzer.errors import InputError
    from analyzer.simulate.board import build_game, playable_problem, sample_hand_board
    from analyzer.simulate.goldfish import GoldfishCard

    entries = deck.main_and_commander()
    with db.session() as session:
        profiles = profiles_for(session, [card for card, _ in entries])
    left_out: list[str] = []
    problems: dict[str, str | None] = {}
    for done, (card, _) in enumerate(entries):
        if cancel is not None:
            cancel.check()
        yield Progress(done, len(entries), f"checking {card.name}")
        if card.name not in problems:
            problems[card.name] = playable_problem(card.name, cards)
            if problems[card.name]:
                left_out.append(f"{card.name}: {problems[card.name]}")

    def playable(section: Section) -> list[tuple[GoldfishCard, int]]:
        return [(GoldfishCard.from_card(card, profiles.get(card.id)), n)
                for card, n in deck.cards(section) if not problems.get(card.name)]

    main, commanders = playable(Section.MAIN), playable(Section.COMMANDER)
    while True:   # a card whose ability the set-up itself needs is left out, then again
        board = sample_hand_board(main, seed=seed, turn=turn,
                                  commanders=[c for c, _ in commanders])
        try:
            return SampleBoard(board, build_game(board, cards), tuple(left_out))
        except InputError as err:
            unsupported = _unsupported_card(err)
            if unsupported is None or not _leave_out(unsupported.card, main, commanders):
                raise
            left_out.append(f"{unsupported.card}: {unsupported} (needed as the sample "
                            "board was set up)")


def board_lines_job(game: Game, goal: str, *, depth: int | None = None,
                    nodes: int | None = None, top: int = 3,
                    cancel: CancelToken | None = None) -> Job[LinesReport]:
    """Search ``game`` (a board's game; left as it was) for the best lines reaching
    ``goal`` (:func:`analyzer.simulate.lines.search_lines_job`: progress, cancel); each
    line's :attr:`~analyzer.simulate.lines.Line.moves` replay on a game set up the same way.

    Raises
    ------
    InputError
        A bad goal or an unknown combo id.
    Cancelled
        ``cancel`` was set.
    """
    from analyzer.simulate.lines import DEFAULT_DEPTH, DEFAULT_NODES, resolve_goal
    from analyzer.simulate.lines import search_lines_job as search

    wanted = resolve_goal(goal)
    return (yield from search(game, wanted, depth=depth or DEFAULT_DEPTH,
                              nodes=nodes or DEFAULT_NODES, top=top, cancel=cancel))


def goal_combos() -> list[tuple[str, str]]:
    """The catalog combos a line can be searched to assemble (``combo:ID`` goals), as
    ``(id, name)`` in catalog order (``data/combos``).

    Raises
    ------
    InputError
        The catalog can't be read.
    """
    from analyzer.combos.catalog import load_catalog

    return [(combo.id, combo.name) for combo in load_catalog()]
