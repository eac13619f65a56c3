"""What the window's actions do: open the database, analyse a deck, import cards, export.

The controller, with the worker jobs it runs (:mod:`ui.loaded_deck`, :mod:`ui.jobs`), is
the only place in ``ui/`` that calls :mod:`analyzer.services` (STYLE.md habit 16). Long work
goes through :class:`~ui.workers.JobWorker`; results and failures come back as signals the
window turns into views and dialogs. Nothing here touches a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from sqlalchemy.exc import SQLAlchemyError

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.detail import CardDetail
from analyzer.cards.model import Card
from analyzer.decks import Deck, ResolvedEntry
from analyzer.errors import AnalyzerError, Cancelled
from analyzer.progress import Job
from analyzer.reports.model import ReportSection
from analyzer.stats import CardGroup, DrawOdds, OddsMode, card_groups, draw_odds
from ui.jobs import (
    PREVIEW_SECTIONS,
    REPORT_FINDINGS,
    database_job,
    database_probe_job,
    report_job,
    report_preview_job,
    shared_by_processes,
)
from ui.loaded_deck import (  # noqa: F401  (re-exported: the window and tests import them here)
    LAYOUT_SEED,
    LoadedDeck,
    card_packages,
    card_roles,
    edge_tooltip,
    load_deck_job,
)
from ui.workers import AnyWorker, JobWorker, ProcessJobWorker

__all__ = ["PREVIEW_SECTIONS", "REPORT_FINDINGS", "Controller", "LoadedDeck",
           "database_probe_job", "report_job", "report_preview_job"]


class Controller(QObject):
    """Runs the window's use cases against one card database.

    Parameters
    ----------
    db_url : str, optional
        SQLAlchemy URL of the card database (default: ``$SPELLWEB_DB`` or the user's file).
    """

    database_changed = Signal(object)
    """The database's :class:`~analyzer.cards.db.repository.DatabaseInfo` (None: no database)."""
    job_started = Signal(object)
    """A :class:`JobWorker` that just started (for the status bar)."""
    deck_loaded = Signal(object)
    """A :class:`LoadedDeck`."""
    deck_finished = Signal()
    """The deck job ended, whatever the outcome (after ``deck_loaded`` or ``failed``)."""
    cards_imported = Signal(object)
    """The :class:`~analyzer.cards.importing.ImportSummary` of a finished import."""
    failed = Signal(str, object)
    """``(what was being done, exception)``: an error the user must see."""
    report_written = Signal(object)
    """The :class:`Path` of a report just written by :meth:`start_report`."""
    report_failed = Signal(object, object)
    """``(path, exception)``: a report could not be written (not sent on cancel)."""
    report_cancelled = Signal(object)
    """The :class:`Path` of a report whose export was cancelled (nothing written)."""
    combos_found = Signal(object, object)
    """``(loaded deck, ComboReport)`` of :meth:`find_combos` (only for the deck still open)."""
    combos_stopped = Signal(object, object)
    """``(loaded deck, exception)``: the combo search was cancelled or failed (the error
    also goes to ``failed`` unless it is a cancel)."""
    report_built = Signal(object, object)
    """``(loaded deck, Report)`` of :meth:`build_report_preview` (only for the deck still
    open; a failure goes to ``failed``)."""

    def __init__(self, db_url: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._db_url = db_url
        self.db: Database | None = None
        self.loaded: LoadedDeck | None = None
        self._deck_worker: JobWorker | None = None
        self._deck_worker_opens = False   # the deck job is a user's open, not a re-analysis
        self._combo_worker: AnyWorker | None = None
        self._preview_worker: JobWorker | None = None
        self._search_workers: set[JobWorker] = set()
        self._workers: set[AnyWorker] = set()
        self.cards_url: str | None = None
        """Card data URL for :meth:`download_cards` (None: ``$SPELLWEB_CARDS_URL`` or
        MTGJSON's AtomicCards)."""
        self.download_folder: Path | None = None
        """Where downloads are kept (None: the user's cache folder)."""
        self._lines_cards: tuple[Database | None, Any] | None = None

    # -- database --------------------------------------------------------------------------

    def open_database(self) -> bool:
        """Open (and seed) the card database; emit ``database_changed`` or ``failed``."""
        try:
            self.db = services.open_database(self._db_url)
            info = services.database_info(self.db)
        except (AnalyzerError, SQLAlchemyError, ValueError, OSError) as err:
            # never raised to the window: a bad saved URL must not stop Spellweb starting
            if self.db is not None:
                self.db.dispose()
            self.db = None
            self.failed.emit("Opening the card database", err)
            self.database_changed.emit(None)
            return False
        self.database_changed.emit(info)
        return True

    def database_info(self) -> Any:
        """The open database's :class:`~analyzer.cards.db.repository.DatabaseInfo`, or None."""
        if self.db is None:
            return None
        try:
            return services.database_info(self.db)
        except AnalyzerError:
            return None

    def refresh_database_info(self) -> None:
        """Emit ``database_changed`` with fresh counts."""
        if self.db is None:
            self.database_changed.emit(None)
            return
        try:
            self.database_changed.emit(services.database_info(self.db))
        except AnalyzerError as err:
            self.failed.emit("Reading the card database", err)

    @property
    def db_url(self) -> str | None:
        """The database URL asked for (None: ``$SPELLWEB_DB`` or the user's file)."""
        return self._db_url

    def set_database_url(self, url: str | None) -> bool:
        """Switch to the card database ``url`` (Edit ▸ Settings…): running jobs are
        cancelled, the old database is closed and the new one opened (and seeded with the
        starter cards when empty); ``database_changed`` or ``failed`` follows."""
        self.shutdown()
        if self.db is not None:
            self.db.dispose()
            self.db = None
        self._db_url = url or None
        return self.open_database()

    def test_database(self, url: str) -> JobWorker:
        """Read the database ``url`` in a worker (Settings ▸ Test Connection) and return its
        :class:`~analyzer.cards.db.probe.DatabaseProbe` (state, card count, source, schema);
        errors (a bad URL, a missing driver, a server that does not answer) come as the
        worker's ``error``.  Nothing is written: the database in use is not touched, a
        missing file not created, an older schema not upgraded, an empty one not seeded."""
        chosen = url or None
        worker = JobWorker(lambda cancel: database_probe_job(chosen, cancel),
                           "Testing the database connection", self)
        return self._start(worker, None)

    # -- jobs ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while any job runs."""
        return bool(self._workers)

    @property
    def deck_worker(self) -> JobWorker | None:
        """The running deck job, if any."""
        return self._deck_worker

    def open_deck(self, path: Path | str, deck: Deck | None = None, *,
                  reanalysis: bool = False) -> JobWorker | None:
        """Analyse the deck at ``path`` (or ``deck``, already resolved) in a worker
        (cancelling a deck job still running).

        ``reanalysis``: the deck under edit analysed again after edits. It never cancels a
        user's open still loading (None is returned, nothing runs: the opened deck
        replaces the one under edit, or the editor asks for the analysis again)."""
        if reanalysis and self._deck_worker is not None and self._deck_worker_opens:
            return None
        db = self._require_db("Opening a deck")
        if db is None:
            self.deck_finished.emit()
            return None
        path = Path(path)
        if self._deck_worker is not None:
            self._deck_worker.cancel()
        self._deck_worker_opens = not reanalysis
        worker = JobWorker(lambda cancel: load_deck_job(db, path, cancel, deck),
                           f"Analysing {path.name}", self)
        worker.result.connect(lambda loaded: self._on_deck_loaded(worker, loaded))
        worker.finished.connect(lambda: self._deck_done(worker))
        self._deck_worker = worker
        return self._start(worker, f"Opening {path.name}")

    @property
    def combo_worker(self) -> AnyWorker | None:
        """The running combo search, if any."""
        return self._combo_worker

    def find_combos(self, loaded: LoadedDeck) -> AnyWorker | None:
        """Detect, discover and verify the combos of an analysed deck in a worker
        (:func:`analyzer.services.deck_combos_job` on the deck already read, so unknown
        names stay skipped as in the analysis); a search still running is cancelled.
        Ends with ``combos_found`` or ``combos_stopped``."""
        db = self._require_db("Finding combos")
        if db is None:
            return None
        if self._combo_worker is not None:
            self._combo_worker.cancel()
        deck = loaded.analysis.deck
        # in its own process when the database allows: verification runs thousands of rules
        # core actions, and a thread would take the interpreter lock from the GUI thread
        worker = self._database_worker(db, services.deck_combos_job, (deck,),
                                       {"strict": False}, f"Finding combos in {loaded.title}")
        worker.result.connect(lambda report: self._on_combos(worker, loaded, report))
        worker.error.connect(lambda err: self._on_combos_error(worker, loaded, err))
        worker.finished.connect(lambda: self._combos_done(worker))
        self._combo_worker = worker
        return self._start(worker, None)

    def fix_entry(self, entry: ResolvedEntry, card_name: str) -> JobWorker | None:
        """Resolve an unknown entry of the open deck to ``card_name`` and analyse the deck
        again; ``failed`` if no card has that name."""
        if self.loaded is None or self.db is None:
            return None
        deck = self.loaded.analysis.deck
        index = next((i for i, e in enumerate(deck.entries) if e is entry), None)
        if index is None:
            return None
        try:
            fixed = services.fix_deck_entry(self.db, deck, index, card_name)
        except AnalyzerError as err:
            self.failed.emit("Fixing a card", err)
            return None
        return self.open_deck(self.loaded.path, fixed)

    def search_card_names(self, text: str, limit: int = 50) -> list[str]:
        """Card names containing ``text`` (the *Fix…* dialog's search)."""
        if self.db is None:
            return []
        try:
            return [card.name for card in services.search_cards(self.db, text, limit)]
        except AnalyzerError as err:
            self.failed.emit("Searching cards", err)
            return []

    def cards_by_ids(self, ids: Sequence[str]) -> dict[str, Card]:
        """The cards with these ids (a card drag, a recovered deck); unknown ids are left
        out; ``{}`` without a database, ``failed`` if the database cannot be read."""
        if self.db is None or not ids:
            return {}
        try:
            return services.cards_by_ids(self.db, list(ids))
        except AnalyzerError as err:
            self.failed.emit("Reading cards", err)
            return {}

    def fixed_deck(self, deck: Deck, entry: ResolvedEntry, card_name: str) -> Deck | None:
        """``deck`` with ``entry`` resolved to the card named ``card_name`` (*Fix…* in the
        deck editor, which analyses the result itself); None and ``failed`` if no card has
        that name or the entry is gone."""
        index = next((i for i, e in enumerate(deck.entries) if e is entry), None)
        if index is None or self.db is None:
            return None
        try:
            return services.fix_deck_entry(self.db, deck, index, card_name)
        except AnalyzerError as err:
            self.failed.emit("Fixing a card", err)
            return None

    def card_detail(self, card_id: str) -> CardDetail | None:
        """Every face, legalities, printings and note of a card (the Inspector's detail);
        None without a database, ``failed`` if the card cannot be read."""
        if self.db is None:
            return None
        try:
            return services.card_detail(self.db, card_id)
        except AnalyzerError as err:
            self.failed.emit("Reading the card's detail", err)
            return None

    # -- card browser ----------------------------------------------------------------------

    def start_card_search(self, query: str, *, limit: int | None = None,
                          supersede: bool = True) -> JobWorker | None:
        """Search ``query`` (Scryfall syntax) in a worker
        (:func:`analyzer.cards.search.results.search_summaries_job`; ``limit``: only the
        first cards by name). With ``supersede`` the searches still running are cancelled,
        so only the newest query answers (False: a second search of the same query, e.g.
        the whole answer after its first page). The caller connects the worker's ``result``
        (:class:`~analyzer.cards.search.results.SearchResults`) and ``error`` (a
        :class:`~analyzer.errors.SearchSyntaxError` to show in the box); searches are short
        and not shown in the status bar. None without a database."""
        from analyzer.cards.search.results import search_summaries_job

        if supersede:
            for running in self._search_workers:
                running.cancel()
        db = self.db
        if db is None:
            return None
        worker = JobWorker(lambda cancel: search_summaries_job(db, query, limit=limit,
                                                               cancel=cancel),
                           f"Searching {query}", self)
        self._search_workers.add(worker)
        self._workers.add(worker)
        worker.finished.connect(lambda: self._search_workers.discard(worker))
        worker.finished.connect(lambda: self._workers.discard(worker))
        worker.start()
        return worker

    def load_query_vocabulary(self) -> JobWorker | None:
        """Read the completion vocabulary (the database's types and keywords,
        :func:`analyzer.cards.search.complete.vocabulary_job`) in a worker; its
        ``result`` is a :class:`~analyzer.cards.search.complete.Vocabulary`."""
        from analyzer.cards.search.complete import vocabulary_job

        db = self.db
        if db is None:
            return None
        worker = JobWorker(lambda cancel: vocabulary_job(db, cancel=cancel),
                           "Reading the card types", self)
        worker.finished.connect(lambda: self._workers.discard(worker))
        self._workers.add(worker)
        worker.start()
        return worker

    def card_name_suggestions(self, text: str, limit: int = 15) -> list[str]:
        """Card names completing ``text``, best first
        (:func:`analyzer.cards.search.complete.card_name_suggestions`); [] without a
        database or on a database error (completion must never interrupt typing)."""
        from analyzer.cards.search.complete import card_name_suggestions

        if self.db is None:
            return []
        try:
            return card_name_suggestions(self.db, text, limit)
        except (AnalyzerError, SQLAlchemyError):
            return []

    def card_by_id(self, card_id: str) -> Card | None:
        """The full card of a result row (for the selection and the deck); None without a
        database, ``failed`` if it cannot be read."""
        detail = self.card_detail(card_id)
        return detail.card if detail is not None else None

    def import_cards(self, path: Path | str) -> AnyWorker | None:
        """Import an MTGJSON AtomicCards file in a worker process (:meth:`_database_worker`);
        refresh the database info after."""
        db = self._require_db("Importing cards")
        if db is None:
            return None
        path = Path(path)
        worker = self._database_worker(db, services.import_cards_job, (path,), {},
                                       f"Importing {path.name}")
        worker.result.connect(self.cards_imported)
        worker.result.connect(lambda _summary: self.compile_profiles())
        worker.finished.connect(self.refresh_database_info)
        return self._start(worker, f"Importing {path.name}")

    def compile_profiles(self) -> AnyWorker | None:
        """After an import: build the search index and compile every card's Oracle profile
        into the database in a worker (progress and cancel in the status bar), so opening a
        deck never parses Oracle text (:func:`analyzer.services.compile_profiles_job`)."""
        db = self._require_db("Preparing the card data")
        if db is None:
            return None
        worker = self._database_worker(db, services.compile_profiles_job, (), {},
                                       "Compiling card profiles")
        return self._start(worker, "Compiling card profiles")

    def needs_card_data(self) -> bool:
        """True while the database holds only the starter cards (the first-run offer)."""
        if self.db is None:
            return False
        try:
            return services.has_only_starter_cards(self.db)
        except AnalyzerError:
            return False

    @property
    def card_data_url(self) -> str:
        """Where :meth:`download_cards` downloads from (:attr:`cards_url` or the default)."""
        from analyzer.cards.download import cards_url

        return cards_url(self.cards_url)

    @property
    def card_data_file(self) -> Path | None:
        """The local card file :attr:`cards_url` names (a path, or a ``file:`` URL), else
        None: then :meth:`download_cards` imports it instead of downloading."""
        source = self.cards_url or ""
        if source.startswith("file:"):
            from urllib.parse import unquote, urlparse

            source = unquote(urlparse(source).path)
        elif "://" in source:
            return None
        return Path(source).expanduser() if source else None

    def download_cards(self) -> AnyWorker | None:
        """Download the card data (:attr:`card_data_url`) and import it, in a worker; a
        local card source (:attr:`card_data_file`) is imported."""
        local = self.card_data_file
        if local is not None:
            return self.import_cards(local)
        db = self._require_db("Downloading the card data")
        if db is None:
            return None
        url, folder = self.card_data_url, self.download_folder
        worker = self._database_worker(db, services.download_cards_job, (),
                                       {"url": url, "folder": folder},
                                       "Downloading the card data")
        worker.result.connect(self.cards_imported)
        worker.result.connect(lambda _summary: self.compile_profiles())
        worker.finished.connect(self.refresh_database_info)
        return self._start(worker, "Downloading the card data")

    def cancel_all(self) -> None:
        """Ask every running job to stop."""
        for worker in list(self._workers):
            worker.cancel()

    def shutdown(self, msecs: int = 5000) -> None:
        """Cancel every job and wait for the threads (closing the window)."""
        self.cancel_all()
        for worker in list(self._workers):
            worker.wait(msecs)

    # -- statistics ------------------------------------------------------------------------

    @staticmethod
    def draw_odds(library_size: int, copies: Sequence[int], k: int, *, on_the_play: bool,
                  each: bool = False) -> DrawOdds:
        """The Stats tab's draw odds (:func:`analyzer.stats.draw_odds`: exact, a few
        microseconds, so it runs on the GUI thread): at least ``k`` of the chosen copies, or
        one of each chosen card (``each``), by turns 1 to 10."""
        return draw_odds(library_size, copies, k, on_the_play=on_the_play,
                         mode=OddsMode.EACH if each else OddsMode.AT_LEAST)

    @staticmethod
    def card_groups(loaded: LoadedDeck, combos: Any = None) -> tuple[CardGroup, ...]:
        """Groups the draw-odds picker offers (:func:`analyzer.stats.card_groups`): lands,
        types, the deck's packages and, given a :class:`ComboReport`, each combo found."""
        found = [(f.combo.name or " + ".join(f.combo.cards), f.combo.cards)
                 for f in (combos.findings if combos is not None else ())]
        return card_groups(loaded.stats.library, packages={
            str(card): name for card, name in loaded.groups.items()}, combos=found)

    # -- lines (the Lines view) -----------------------------------------------------------

    def lines_cards(self) -> Any:
        """The :class:`~analyzer.rules.CardLibrary` boards are set up with: one per open
        database, each card compiled once (:func:`analyzer.services.lines_card_library`)."""
        if self._lines_cards is None or self._lines_cards[0] is not self.db:
            self._lines_cards = (self.db, services.lines_card_library(self.db))
        return self._lines_cards[1]

    def board_game(self, board: Any) -> Any:
        """The rules-core game of a board set up by hand (fast: the cards are cached).

        Raises
        ------
        AnalyzerError
            A card the database lacks or the rules core cannot play (shown by the view).
        """
        return services.board_game(self.lines_cards(), board)

    def scenario_board(self, path: Path | str) -> Any:
        """The start board of a scenario file (:func:`analyzer.services.scenario_board_spec`).

        Raises
        ------
        AnalyzerError
            An unreadable file or no board in it (file and line named).
        """
        return services.scenario_board_spec(path)

    def sample_board(self, deck: Deck, *, seed: int = 0, turn: int = 3) -> JobWorker | None:
        """A sample-hand board of ``deck`` in a worker
        (:func:`analyzer.services.deck_sample_board_job`); the worker's ``result`` is a
        :class:`~analyzer.services.SampleBoard`, its ``error`` the reason it failed."""
        db = self._require_db("Setting up a sample hand")
        if db is None:
            return None
        cards = self.lines_cards()
        worker = JobWorker(lambda cancel: services.deck_sample_board_job(
            db, deck, cards, seed=seed, turn=turn, cancel=cancel),
            f"Dealing a sample hand (seed {seed}, turn {turn})", self)
        return self._start(worker, None)

    def search_lines(self, game: Any, goal: str, *, depth: int | None = None,
                     nodes: int | None = None, top: int = 3) -> JobWorker:
        """Search ``game`` (a copy the worker owns) for lines reaching ``goal`` in a worker
        (:func:`analyzer.services.board_lines_job`, progress and cancel in the status bar);
        the worker's ``result`` is a :class:`~analyzer.simulate.lines.LinesReport`."""
        worker = JobWorker(lambda cancel: services.board_lines_job(
            game, goal, depth=depth, nodes=nodes, top=top, cancel=cancel),
            f"Searching lines: {goal}", self)
        return self._start(worker, None)

    def cards_for_ids(self, ids: Sequence[str]) -> dict[str, Any]:
        """The cards with these database ids (a card drag); {} without a database."""
        if self.db is None:
            return {}
        try:
            return services.cards_by_ids(self.db, ids)
        except AnalyzerError as err:
            self.failed.emit("Reading the dragged cards", err)
            return {}

    def goal_combos(self) -> list[tuple[str, str]]:
        """``(id, name)`` of the catalog combos a line may be searched to assemble."""
        try:
            return services.goal_combos()
        except AnalyzerError as err:
            self.failed.emit("Reading the combo catalog", err)
            return []

    def card_named(self, name: str) -> Any:
        """The card named ``name`` (None if unknown or without a database)."""
        if self.db is None:
            return None
        try:
            return services.card_by_name(self.db, name)
        except AnalyzerError:
            return None

    # -- exports ---------------------------------------------------------------------------

    def start_report(self, path: Path | str, sections: Sequence[ReportSection], *,
                     title: str | None = None, notes: str = "") -> JobWorker | None:
        """Write the open deck's report to ``path`` in a worker (:func:`report_job`); the
        format comes from the ending (``.html .pdf .md .json``). Ends with
        ``report_written``, ``report_failed`` or ``report_cancelled``."""
        if self.loaded is None:
            self.failed.emit("Exporting the report", AnalyzerError("no deck is open"))
            return None
        path, analysis, chosen = Path(path), self.loaded.analysis, tuple(sections)
        db = self._require_db("Exporting the report") if REPORT_FINDINGS.intersection(
            chosen) else self.db
        if db is None and REPORT_FINDINGS.intersection(chosen):
            return None
        worker = JobWorker(lambda cancel: report_job(db, analysis, path, chosen, title, notes,
                                                     cancel),
                           f"Writing the report {path.name}", self)
        worker.result.connect(self.report_written)
        worker.error.connect(lambda err: self.report_cancelled.emit(path)
                             if isinstance(err, Cancelled) else self.report_failed.emit(path, err))
        return self._start(worker, None)

    def export_graph(self, path: Path | str) -> Path | None:
        """Write the synergy graph (``.json`` or ``.graphml``); ``failed`` on error."""
        return self._export("Exporting the graph", services.export_graph, path)

    def build_report_preview(self, loaded: LoadedDeck,
                             combos: Any = None) -> JobWorker | None:
        """Build the report model of ``loaded`` in a worker for the Report tab
        (:func:`report_preview_job`; with ``combos``, a ComboReport already found, its
        combo and near-miss sections are filled); a preview still building is cancelled.
        Ends with ``report_built`` (for the deck still open) or ``failed``."""
        if self._preview_worker is not None:
            self._preview_worker.cancel()
        analysis = loaded.analysis
        worker = JobWorker(lambda cancel: report_preview_job(analysis, combos, cancel),
                           f"Building the report of {loaded.title}", self)
        worker.result.connect(lambda report: self._on_preview(worker, loaded, report))
        worker.finished.connect(lambda: self._preview_done(worker))
        self._preview_worker = worker
        return self._start(worker, "Building the report preview")

    @property
    def preview_worker(self) -> JobWorker | None:
        """The report preview being built, if any."""
        return self._preview_worker

    def _on_preview(self, worker: JobWorker, loaded: LoadedDeck, report: Any) -> None:
        if worker is self._preview_worker and not worker.cancelled and loaded is self.loaded:
            self.report_built.emit(loaded, report)

    def _preview_done(self, worker: JobWorker) -> None:
        if self._preview_worker is worker:
            self._preview_worker = None

    # -- helpers ---------------------------------------------------------------------------

    def _require_db(self, doing: str) -> Database | None:
        if self.db is None and not self.open_database():
            return None
        if self.db is None:
            self.failed.emit(doing, AnalyzerError("no card database is open"))
        return self.db

    def _database_worker(self, db: Database, job: Callable[..., Job[Any]],
                         args: tuple[Any, ...], kwargs: dict[str, Any], title: str
                         ) -> AnyWorker:
        """A worker for a long pure-Python job on the database (import, download, compiling
        every profile, verifying a deck's combos in the rules core): in its own process
        (:func:`database_job`) when the database is a file or a server, since such a job
        allocates millions of objects or runs for seconds, and its garbage collections and
        interpreter lock would stop the GUI thread for 0.1-0.5 s at a time; in a thread for
        an in-memory database, which no other process can open."""
        if shared_by_processes(db.url):
            return ProcessJobWorker(database_job, (db.url, job, args, kwargs), title, self)
        return JobWorker(lambda cancel: job(db, *args, cancel=cancel, **kwargs), title, self)

    def _start(self, worker: AnyWorker, doing: str | None) -> AnyWorker:
        """Start ``worker``; its errors go to ``failed`` as ``doing`` (None: the caller
        reports them)."""
        if doing is not None:
            worker.error.connect(lambda err: self._on_error(doing, err))
        worker.finished.connect(lambda: self._workers.discard(worker))
        self._workers.add(worker)
        worker.start()
        self.job_started.emit(worker)
        return worker

    def _export(self, doing: str, export: Callable[[Any, Path], Path],
                path: Path | str) -> Path | None:
        if self.loaded is None:
            self.failed.emit(doing, AnalyzerError("no deck is open"))
            return None
        try:
            return export(self.loaded.analysis, Path(path))
        except (AnalyzerError, OSError) as err:
            self.failed.emit(doing, err)
            return None

    def _on_deck_loaded(self, worker: JobWorker, loaded: LoadedDeck) -> None:
        if worker is not self._deck_worker or worker.cancelled:
            return  # a newer deck was asked for meanwhile
        self._deck_worker_opens = False   # delivered: a re-analysis may run now
        self.loaded = loaded
        self.deck_loaded.emit(loaded)

    def _on_error(self, doing: str, err: BaseException) -> None:
        if isinstance(err, Cancelled):
            return
        self.failed.emit(doing, err)

    def _on_combos(self, worker: AnyWorker, loaded: LoadedDeck, report: Any) -> None:
        if worker is self._combo_worker and not worker.cancelled:
            self.combos_found.emit(loaded, report)

    def _on_combos_error(self, worker: AnyWorker, loaded: LoadedDeck,
                         err: BaseException) -> None:
        if worker is not self._combo_worker:
            return  # a newer search replaced it
        if not isinstance(err, Cancelled):
            self.failed.emit("Finding combos", err)
        self.combos_stopped.emit(loaded, err)

    def _combos_done(self, worker: AnyWorker) -> None:
        if self._combo_worker is worker:
            self._combo_worker = None

    def _deck_done(self, worker: JobWorker) -> None:
        if self._deck_worker is worker:
            self._deck_worker = None
            self.deck_finished.emit()
