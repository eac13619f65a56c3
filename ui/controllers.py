"""What the window's actions do: open the database, analyse a deck, import cards, export.

The controller is the only place in ``ui/`` that calls :mod:`analyzer.services` (STYLE.md
habit 16). Long work goes through :class:`~ui.workers.JobWorker`; results and failures come
back as signals the window turns into views and dialogs. Nothing here touches a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.detail import CardDetail
from analyzer.decks import Deck, DeckValidation, ResolvedEntry
from analyzer.errors import AnalyzerError, Cancelled
from analyzer.graph import layout_positions, packages
from analyzer.progress import CancelToken, Job, Progress
from analyzer.reports.model import ReportSection
from analyzer.stats import DeckStats, deck_stats
from ui.graph_layout import role_groups
from ui.workers import JobWorker

__all__ = ["REPORT_FINDINGS", "Controller", "LoadedDeck", "report_job"]

LAYOUT_SEED = 7
"""Seed of the graph layout, so a deck always draws the same way."""


@dataclass(frozen=True)
class LoadedDeck:
    """Everything the views show of one analysed deck, computed off the GUI thread."""

    path: Path
    """The deck file."""
    analysis: services.DeckAnalysis = field(repr=False)
    """The deck and its synergy graph."""
    edges: list[Any] = field(repr=False)
    """The graph's edge rows (:attr:`DeckAnalysis.edges`), computed once."""
    nodes: list[tuple[Hashable, dict[str, Any]]] = field(repr=False)
    """The graph's nodes with their attributes (name, count, colors, type_line...)."""
    positions: dict[Hashable, tuple[float, float]] = field(repr=False)
    """Node positions from :func:`analyzer.graph.layout_positions`, every card."""
    linked_positions: dict[Hashable, tuple[float, float]] = field(repr=False)
    """Positions laid out over the cards that have a synergy only (what the graph shows
    by default), so cards without synergies do not push the others together."""
    stats: DeckStats = field(repr=False)
    """Curve, pips, types."""
    groups: dict[Hashable, str] = field(default_factory=dict, repr=False)
    """Card id -> the name of its package (:func:`analyzer.graph.packages`), for the Graph
    tab's default layout; cards in no package are absent."""
    roles: dict[Hashable, str] = field(default_factory=dict, repr=False)
    """Card id -> its role group (:func:`card_roles`), for the *by role* layout."""
    validation: DeckValidation | None = field(default=None, repr=False)
    """Commander, size, copies and legality checks of the deck."""

    @property
    def title(self) -> str:
        """The deck's name, else the file name."""
        return self.analysis.deck.name or self.path.stem


def _deck_stats(analysis: services.DeckAnalysis) -> DeckStats:
    return deck_stats(analysis.analysed_cards)


def _floats(positions: Mapping[Hashable, Any]) -> dict[Hashable, tuple[float, float]]:
    return {n: (float(x), float(y)) for n, (x, y) in positions.items()}


def card_packages(analysis: services.DeckAnalysis) -> dict[Hashable, str]:
    """The package of each card (:func:`analyzer.graph.packages`: Louvain communities of
    the synergy graph, each named by the analyzer); cards in no package are absent."""
    return {card: package.name for package in packages(analysis.graph)
            for card in package.cards}


def card_roles(analysis: services.DeckAnalysis) -> dict[Hashable, str]:
    """The role group of each card: the role it plays most, the source or the target of
    one synergy kind (:func:`ui.graph_layout.role_groups`)."""
    return role_groups(analysis.graph.nodes,
                       ((e.source, e.target, e.kind, e.strength) for e in analysis.edges))


def load_deck_job(db: Database, path: Path, cancel: CancelToken,
                  deck: Deck | None = None) -> Job[LoadedDeck]:
    """Analyse a deck leniently (unknown names kept, reported in ``deck.issues``), then lay
    its graph out and count its statistics: all the slow parts, for the worker thread.
    ``deck``: an already resolved deck (after a fix) instead of reading ``path``."""
    source: Deck | Path = deck if deck is not None else path
    analysis = yield from services.analyze_deck_job(db, source, strict=False, cancel=cancel)
    cancel.check()
    yield Progress(0, 0, "Laying out the graph")
    graph = analysis.graph
    positions = layout_positions(graph, seed=LAYOUT_SEED)
    cancel.check()
    linked = {n for u, v in graph.edges() if u != v for n in (u, v)}
    linked_positions = layout_positions(graph.subgraph(linked), seed=LAYOUT_SEED)
    cancel.check()
    groups, roles = card_packages(analysis), card_roles(analysis)
    return LoadedDeck(path=path, analysis=analysis, edges=list(analysis.edges),
                      nodes=[(n, dict(a)) for n, a in analysis.graph.nodes(data=True)],
                      positions=_floats(positions), linked_positions=_floats(linked_positions),
                      stats=_deck_stats(analysis), validation=services.validate(analysis.deck),
                      groups=groups, roles=roles)


REPORT_FINDINGS = frozenset({ReportSection.COMBOS, ReportSection.NEAR_MISSES,
                             ReportSection.LINES, ReportSection.ODDS})
"""Report sections that need :func:`analyzer.services.report_findings_job` first."""


def report_job(db: Database | None, analysis: services.DeckAnalysis, path: Path,
               sections: Sequence[ReportSection], title: str | None, notes: str,
               cancel: CancelToken) -> Job[Path]:
    """Write a deck's report (for the worker thread): first the combo verification, sample
    lines and goldfish odds when a section of :data:`REPORT_FINDINGS` is wanted
    (:func:`analyzer.services.report_findings_job`), then the file
    (:func:`analyzer.services.export_report_job`, format from ``path``'s ending).

    Raises
    ------
    Cancelled
        ``cancel`` was set; no file is written.
    InputError, OSError
        From the export (unknown ending, unwritable file).
    """
    findings = None
    if REPORT_FINDINGS.intersection(sections):
        if db is None:
            raise AnalyzerError("the combo sections need the card database; none is open")
        findings = yield from services.report_findings_job(db, analysis, sections,
                                                           cancel=cancel)
    cancel.check()
    written = yield from services.export_report_job(analysis, path, sections=sections,
                                                    title=title, notes=notes,
                                                    findings=findings, cancel=cancel)
    return written


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

    def __init__(self, db_url: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._db_url = db_url
        self.db: Database | None = None
        self.loaded: LoadedDeck | None = None
        self._deck_worker: JobWorker | None = None
        self._combo_worker: JobWorker | None = None
        self._workers: set[JobWorker] = set()
        self.cards_url: str | None = None
        """Card data URL for :meth:`download_cards` (None: ``$SPELLWEB_CARDS_URL`` or
        MTGJSON's AtomicCards)."""
        self.download_folder: Path | None = None
        """Where downloads are kept (None: the user's cache folder)."""

    # -- database --------------------------------------------------------------------------

    def open_database(self) -> bool:
        """Open (and seed) the card database; emit ``database_changed`` or ``failed``."""
        try:
            self.db = services.open_database(self._db_url)
            info = services.database_info(self.db)
        except AnalyzerError as err:
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

    # -- jobs ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while any job runs."""
        return bool(self._workers)

    @property
    def deck_worker(self) -> JobWorker | None:
        """The running deck job, if any."""
        return self._deck_worker

    def open_deck(self, path: Path | str, deck: Deck | None = None) -> JobWorker | None:
        """Analyse the deck at ``path`` (or ``deck``, already resolved) in a worker
        (cancelling a deck job still running)."""
        db = self._require_db("Opening a deck")
        if db is None:
            self.deck_finished.emit()
            return None
        path = Path(path)
        if self._deck_worker is not None:
            self._deck_worker.cancel()
        worker = JobWorker(lambda cancel: load_deck_job(db, path, cancel, deck),
                           f"Analysing {path.name}", self)
        worker.result.connect(lambda loaded: self._on_deck_loaded(worker, loaded))
        worker.finished.connect(lambda: self._deck_done(worker))
        self._deck_worker = worker
        return self._start(worker, f"Opening {path.name}")

    @property
    def combo_worker(self) -> JobWorker | None:
        """The running combo search, if any."""
        return self._combo_worker

    def find_combos(self, loaded: LoadedDeck) -> JobWorker | None:
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
        worker = JobWorker(lambda cancel: services.deck_combos_job(
            db, deck, strict=False, cancel=cancel), f"Finding combos in {loaded.title}", self)
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

    def import_cards(self, path: Path | str) -> JobWorker | None:
        """Import an MTGJSON AtomicCards file in a worker; refresh the database info after."""
        db = self._require_db("Importing cards")
        if db is None:
            return None
        path = Path(path)
        worker = JobWorker(lambda cancel: services.import_cards_job(db, path, cancel),
                           f"Importing {path.name}", self)
        worker.result.connect(self.cards_imported)
        worker.result.connect(lambda _summary: self.compile_profiles())
        worker.finished.connect(self.refresh_database_info)
        return self._start(worker, f"Importing {path.name}")

    def compile_profiles(self) -> JobWorker | None:
        """After an import: build the search index and compile every card's Oracle profile
        into the database in a worker (progress and cancel in the status bar), so opening a
        deck never parses Oracle text (:func:`analyzer.services.compile_profiles_job`)."""
        db = self._require_db("Preparing the card data")
        if db is None:
            return None
        worker = JobWorker(lambda cancel: services.compile_profiles_job(db, cancel),
                           "Compiling card profiles", self)
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

    def download_cards(self) -> JobWorker | None:
        """Download the card data (:attr:`card_data_url`) and import it, in a worker."""
        db = self._require_db("Downloading the card data")
        if db is None:
            return None
        url, folder = self.card_data_url, self.download_folder
        worker = JobWorker(lambda cancel: services.download_cards_job(
            db, url=url, folder=folder, cancel=cancel), "Downloading the card data", self)
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

    # -- helpers ---------------------------------------------------------------------------

    def _require_db(self, doing: str) -> Database | None:
        if self.db is None and not self.open_database():
            return None
        if self.db is None:
            self.failed.emit(doing, AnalyzerError("no card database is open"))
        return self.db

    def _start(self, worker: JobWorker, doing: str | None) -> JobWorker:
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
        self.loaded = loaded
        self.deck_loaded.emit(loaded)

    def _on_error(self, doing: str, err: BaseException) -> None:
        if isinstance(err, Cancelled):
            return
        self.failed.emit(doing, err)

    def _on_combos(self, worker: JobWorker, loaded: LoadedDeck, report: Any) -> None:
        if worker is self._combo_worker and not worker.cancelled:
            self.combos_found.emit(loaded, report)

    def _on_combos_error(self, worker: JobWorker, loaded: LoadedDeck,
                         err: BaseException) -> None:
        if worker is not self._combo_worker:
            return  # a newer search replaced it
        if not isinstance(err, Cancelled):
            self.failed.emit("Finding combos", err)
        self.combos_stopped.emit(loaded, err)

    def _combos_done(self, worker: JobWorker) -> None:
        if self._combo_worker is worker:
            self._combo_worker = None

    def _deck_done(self, worker: JobWorker) -> None:
        if self._deck_worker is worker:
            self._deck_worker = None
            self.deck_finished.emit()
