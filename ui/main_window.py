"""The main window (DESIGN.md, "The window"): Deck, Synergies, Graph and Combos tabs, the Inspector
dock, menus, drag and drop, and a status bar with the database and background work.

The window wires things together and decides nothing about Magic: the :class:`Controller`
runs the use cases, the models adapt their results, and the one :class:`Selection` keeps every
view on the same card or edge.
"""

from __future__ import annotations

import html
import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from analyzer.cards.model import Card
from analyzer.combos.outcome import ComboFinding, ComboReport
from analyzer.decks import DeckValidation, ResolvedEntry, Section, Severity, file_dialog_filter
from analyzer.errors import AnalyzerError, Cancelled
from analyzer.graph.rows import EdgeRow
from analyzer.stats import COLOR_NAMES
from ui.autosave import RecoveryStore
from ui.controllers import REPORT_FINDINGS, Controller, LoadedDeck, edge_tooltip
from ui.deck_document import DeckDocument
from ui.deck_editor import DeckEditor
from ui.models.combo_model import ComboModel
from ui.models.deck_model import DeckModel
from ui.models.edge_model import EdgeModel
from ui.recent import RecentFiles
from ui.selection import Selection
from ui.settings import AppSettings, LayoutKeeper, fit_to_screen
from ui.theme import ThemeManager
from ui.widgets.card_browser import CardBrowser
from ui.widgets.card_data_dialog import CardDataDialog
from ui.widgets.combo_panel import ComboPanel
from ui.widgets.deck_panel import DeckPanel
from ui.widgets.edge_panel import EdgePanel
from ui.widgets.file_notice import FileNotice
from ui.widgets.fix_card_dialog import FixCardDialog
from ui.widgets.graph_panel import GraphPanel
from ui.widgets.graph_view import GraphEdge, GraphNode
from ui.widgets.inspector import Inspector
from ui.widgets.job_status import JobStatus
from ui.widgets.lazy_view import LazyView
from ui.widgets.report_dialog import (
    FILTER_KEY,
    REPORT_FILTER,
    ReportChoice,
    ReportDialog,
    filter_for,
    report_path,
)
from ui.widgets.report_preview import ReportPreview
from ui.widgets.settings_dialog import SettingsChoice, SettingsDialog
from ui.widgets.shortcuts_editor import (
    apply_shortcuts,
    entries_of,
    menu_mnemonics,
    with_shortcut,
)
from ui.workers import JobWorker

if TYPE_CHECKING:
    from ui.widgets.lines_panel import LinesPanel, LinesSession
    from ui.widgets.stats_panel import StatsPanel

__all__ = ["APP_NAME", "VIEW_KEYS", "MainWindow", "View"]

APP_NAME = "Spellweb"
DECK_FILTER = file_dialog_filter()
"""Every deck format Spellweb reads (the content decides the format, not the extension)."""
CARD_FILTER = "MTGJSON card files (*.json *.json.gz *.json.xz *.json.zip *.gz *.xz *.zip)"
GRAPH_FILTER = ("Graph as JSON (*.json);;GraphML (*.graphml);;PNG picture of the graph (*.png);;"
                "SVG picture of the graph (*.svg)")
_GRAPH_SUFFIXES = {"JSON": ".json", "GraphML": ".graphml", "PNG": ".png", "SVG": ".svg"}

VIEW_KEYS = ("deck", "synergies", "graph", "combos", "report", "stats", "lines", "cards")
"""The window's views (tabs) in order; ``--screenshot`` saves ``<key>.png`` for each, and
Ctrl+1… Ctrl+9 show them.  A new view appends its key here and calls ``_add_view``."""
DECK_TAB, SYNERGY_TAB, GRAPH_TAB, COMBO_TAB = (VIEW_KEYS.index(key) for key in
                                                ("deck", "synergies", "graph", "combos"))
OFFERED_KEY = "cards/downloadOffered"
"""Settings key: the first-run card data offer was shown (it is shown once)."""


@dataclass(frozen=True)
class View:
    """One tab of the main window: ``key`` (from :data:`VIEW_KEYS`, also the screenshot's
    file stem), the tab ``title``, the ``widget`` and its tooltip.  A widget may define
    ``prepare_screenshot()``: ``--screenshot`` calls it (it may run the event loop to wait
    for background work) before grabbing the window."""

    key: str
    title: str
    widget: QWidget
    tip: str


class MainWindow(QMainWindow):
    """Spellweb's main window.

    Parameters
    ----------
    db_url : str, optional
        Card database URL (default: ``$SPELLWEB_DB`` or the user's database).
    settings : QSettings, optional
        Where recent files and geometry live (default: the application's settings).
    interactive : bool
        Show dialogs; when False (``--screenshot``), messages go to stderr instead.
    recovery_dir : Path, optional
        Where unsaved changes are kept against a crash (default
        :func:`ui.autosave.default_recovery_dir`).
    """

    message_shown = Signal(str, str, str)
    """``(level, title, text)`` of every message shown to the user (dialog or stderr)."""

    def __init__(self, db_url: str | None = None, *, settings: QSettings | None = None,
                 interactive: bool = True, recovery_dir: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.interactive = interactive
        self.settings = settings if settings is not None else QSettings()
        self.recent = RecentFiles(self.settings)
        self.app_settings = AppSettings(self.settings)
        self.theme = ThemeManager(self.app_settings.theme, self)
        self.db_override = "--db" if db_url is not None else \
            "$SPELLWEB_DB" if os.environ.get("SPELLWEB_DB") else ""
        """What overrides Settings ▸ Database at this start: ``"--db"``, ``"$SPELLWEB_DB"``
        or ``""`` (the saved URL, or the default database, is used)."""
        if db_url is None and not os.environ.get("SPELLWEB_DB"):
            db_url = self.app_settings.db_url or None
        self.controller = Controller(db_url, self)
        self.controller.cards_url = self.app_settings.card_source or None
        self.selection = Selection(self)
        self.document = DeckDocument(RecoveryStore(recovery_dir), self)
        """The deck under edit: its file, format, undo stack and recovery file."""
        self.loaded: LoadedDeck | None = None
        self._cards_by_id: dict[str, Card] = {}
        self._last_dir = str(self.settings.value("paths/lastDir", "") or "")
        self.fix_dialog: FixCardDialog | None = None
        self.report_dialog: ReportDialog | None = None
        self.combo_report: ComboReport | None = None
        self.auto_combos = True
        """Find the combos as soon as a deck is analysed (Analyze ▸ Find Combos re-runs)."""

        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.setAccessibleName("Spellweb main window")
        size = QSize(1400, 900)   # --screenshot pictures keep this size on any screen
        self.resize(fit_to_screen(self, size) if interactive else size)

        self._build_views()
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_status_bar()
        self._connect()
        self.shortcut_entries = entries_of(self.actions())
        """Every window action with its default shortcut (Settings ▸ Keyboard Shortcuts)."""
        apply_shortcuts(self.shortcut_entries, self.app_settings.shortcuts())
        self._refresh_shortcut_texts()
        self.layout_keeper = LayoutKeeper(self, self.tabs, VIEW_KEYS, self.app_settings)
        for lazy in (self.stats_view, self.lines_view):
            lazy.built.connect(self.layout_keeper.adopt)
        self.settings_dialog: SettingsDialog | None = None
        if interactive:
            self.layout_keeper.restore()
        self.controller.open_database()
        self.card_data_dialog: CardDataDialog | None = None
        if interactive and not self.settings.value(OFFERED_KEY, False, type=bool):
            QTimer.singleShot(0, self, self.offer_card_data)
        if interactive:
            QTimer.singleShot(0, self, self.editor.offer_recovery)

    # -- building --------------------------------------------------------------------------

    def _build_views(self) -> None:
        self.deck_model = DeckModel(self)
        self.edge_model = EdgeModel(self)
        self.deck_panel = DeckPanel(self.deck_model)
        self.edge_panel = EdgePanel(self.edge_model)
        self.graph_panel = GraphPanel()
        self.graph_panel.interactive = self.interactive
        self.graph_view = self.graph_panel.view
        self.graph_view.setAcceptDrops(False)
        self.combo_model = ComboModel(self)
        self.combo_panel = ComboPanel(self.combo_model)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Views")
        self.tabs.tabBar().setAccessibleName("View tabs")
        self.tabs.setDocumentMode(True)
        self.views: list[View] = []
        self._add_view("deck", "Deck", self.deck_panel,
                       "The deck by card type, with its statistics")
        self._add_view("synergies", "Synergies", self.edge_panel,
                       "Every synergy edge as a table")
        self._add_view("graph", "Graph", self.graph_panel, "The synergy graph")
        self._add_view("combos", "Combos", self.combo_panel,
                       "The deck's combos with their verdicts, and its near misses")
        self.report_preview = ReportPreview()
        self._add_view("report", "Report", self.report_preview,
                       "The deck's report as it will be exported")
        # built on first show or use (ui.widgets.lazy_view): their imports are a third of
        # the start
        self.stats_view: LazyView[StatsPanel] = LazyView(self._make_stats_panel, "Stats view")
        self._add_view("stats", "Stats", self.stats_view,
                       "Mana curve, colours against sources, card types and draw odds")
        self.lines_view: LazyView[LinesPanel] = LazyView(self._make_lines_panel, "Lines view")
        self._add_view("lines", "Lines", self.lines_view,
                       "Set up a board, search lines to a goal and step through them")
        self.card_browser = CardBrowser(self.controller)
        self._add_view("cards", "Cards", self.card_browser,
                       "Search every card in Scryfall's syntax and add cards to the deck")
        self.setCentralWidget(self.tabs)

    @property
    def stats_panel(self) -> StatsPanel:
        """The Stats view (built now if its tab was never shown)."""
        return self.stats_view.widget()

    @property
    def lines_panel(self) -> LinesPanel:
        """The Lines view (built now if its tab was never shown)."""
        return self.lines_view.widget()

    @property
    def lines_session(self) -> LinesSession:
        """The Lines view's state (:class:`~ui.widgets.lines_panel.LinesSession`)."""
        return self.lines_panel.session

    def _selected_card(self) -> Card | None:
        current = self.selection.current
        card = current.card if isinstance(current, ResolvedEntry) else current
        return card if isinstance(card, Card) else None

    def _make_stats_panel(self) -> StatsPanel:
        """Build the Stats view, wired to the selection and showing the open deck."""
        from ui.widgets.stats_panel import StatsPanel

        panel = StatsPanel(self.controller.draw_odds)
        panel.card_selected.connect(self.selection.select)
        if self.loaded is not None:
            panel.set_stats(self.loaded.stats,
                            self.controller.card_groups(self.loaded, self.combo_report))
        card = self._selected_card()
        if card is not None:
            panel.select_card(card.id)
        return panel

    def _make_lines_panel(self) -> LinesPanel:
        """Build the Lines view and its session, wired to the selection, the Analyze ▸ Step
        Through the Line menu and the open deck."""
        from ui.widgets.lines_panel import LinesPanel, LinesSession

        panel = LinesPanel(LinesSession(self.controller, self))
        panel.card_chosen.connect(self._select_card_name)
        for action in (panel.back_action, panel.forward_action, panel.reset_action):
            self.step_menu.addAction(action)
        if self.loaded is not None:
            analysis = self.loaded.analysis
            panel.session.set_deck(analysis.deck, analysis.analysed_cards, keep_board=False)
        card = self._selected_card()
        if card is not None:
            panel.highlight_card(card.name)
        return panel

    def _add_view(self, key: str, title: str, widget: QWidget, tip: str) -> View:
        """Add the tab ``key`` (its place is fixed by :data:`VIEW_KEYS`) with its tooltip;
        the first nine get the shortcuts Ctrl+1…Ctrl+9."""
        index = len(self.views)
        if VIEW_KEYS[index] != key:
            raise ValueError(f"view {key!r} added at {index}; VIEW_KEYS says "
                             f"{VIEW_KEYS[index]!r}")
        view = View(key, title, widget, tip)
        self.views.append(view)
        widget.setAccessibleName(widget.accessibleName() or f"{title} view")
        self.tabs.addTab(widget, title)
        shortcut = f" (Ctrl+{index + 1})" if index < 9 else ""
        self.tabs.setTabToolTip(index, tip + shortcut)
        return view

    def view_index(self, key: str) -> int:
        """The tab index of the view ``key`` (one of :data:`VIEW_KEYS`)."""
        return VIEW_KEYS.index(key)

    def _build_docks(self) -> None:
        self.inspector = Inspector()
        self.inspector.setAcceptDrops(False)
        self.inspector_dock = QDockWidget("Inspector", self)
        self.inspector_dock.setObjectName("inspectorDock")
        self.inspector_dock.setAccessibleName("Inspector dock")
        self.inspector_dock.setToolTip("The selected card, synergy or combo")
        self.inspector_dock.setWidget(self.inspector)
        self.inspector_dock.setMinimumWidth(300)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.resizeDocks([self.inspector_dock], [360], Qt.Orientation.Horizontal)

    def _action(self, text: str,
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None, tip: str,
                slot: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if slot is not None:
            action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.open_action = self._action("&Open Deck…", key.Open, "Open a deck list (Ctrl+O)",
                                        self.choose_deck)
        self.import_action = self._action("&Import Cards…", "Ctrl+I",
                                          "Import an MTGJSON AtomicCards file into the card "
                                          "database", self.choose_card_file)
        self.report_action = self._action("Export &Report…", "Ctrl+E",
                                          "Write the deck's report as HTML, PDF, Markdown or "
                                          "JSON (Ctrl+E)", self.choose_report)
        self.graph_action = self._action("Export &Graph…", "Ctrl+Shift+E",
                                         "Write the synergy graph as JSON or GraphML, or "
                                         "its picture as PNG or SVG",
                                         self.choose_graph_export)
        self.quit_action = self._action("&Quit", "Ctrl+Q", "Quit Spellweb", self.close)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.fit_action = self._action("&Fit Graph", "Ctrl+0", "Fit the whole graph in view",
                                       self._fit_graph)
        self.zoom_in_action = self._action("Zoom &In", key.ZoomIn, "Zoom into the graph",
                                           lambda: self.graph_view.zoom(1.25))
        self.zoom_out_action = self._action("Zoom &Out", key.ZoomOut, "Zoom out of the graph",
                                            lambda: self.graph_view.zoom(0.8))
        self.find_action = self._action("&Find…", key.Find,
                                        "Find a card in the graph (Graph tab) or filter the "
                                        "synergy table (Ctrl+F)", self._focus_filter)
        self.card_search_action = self._action("Search &Cards…", "Ctrl+K",
                                               "Search the card database in Scryfall's "
                                               "syntax (Cards tab, Ctrl+K)",
                                               self.focus_card_search)
        self.tab_actions = [
            self._action(f"&{view.title}", f"Ctrl+{i + 1}" if i < 9 else None,
                         f"Show the {view.title} tab",
                         lambda _=False, i=i: self.tabs.setCurrentIndex(i))
            for i, view in enumerate(self.views)]
        self.combos_action = self._action("Find &Combos", "Ctrl+Shift+C",
                                          "Detect, discover and verify the deck's combos in "
                                          "the rules core (Ctrl+Shift+C)", self.find_combos)
        self.lines_action = self._action("Search &Lines", "Ctrl+Shift+L",
                                         "Search the Lines tab's board for the best lines to "
                                         "its goal (Ctrl+Shift+L)", self.search_lines)
        self.about_action = self._action("&About Spellweb", key.HelpContents,
                                         "About Spellweb (F1)", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.inspector_action = self.inspector_dock.toggleViewAction()
        self.inspector_action.setShortcut(QKeySequence("Ctrl+Shift+I"))
        self.inspector_action.setToolTip("Show or hide the Inspector (Ctrl+Shift+I)")
        self.addAction(self.inspector_action)
        self.focus_inspector_action = self._action(
            "Go to &Inspector", "F6", "Show the Inspector and move the keyboard focus into it "
            "(F6)", self.focus_inspector)
        self.settings_action = self._action("Settin&gs…", "Ctrl+,",
                                            "Card database, card data, theme and keyboard "
                                            "shortcuts (Ctrl+,)", self.open_settings)
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.reset_layout_action = self._action("Reset &Layout", "Ctrl+Shift+R",
                                                "Put the tabs, docks and window size back as "
                                                "they were at the first start (Ctrl+Shift+R)",
                                                lambda: self.layout_keeper.reset())
        self.editor = DeckEditor(self, self.document)
        """File ▸ New / Save / Save As, Edit ▸ Undo / Redo and the Deck tab's edits."""
        self._set_deck_actions_enabled(False)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.editor.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.setToolTip("Decks opened lately")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.editor.save_action)
        file_menu.addAction(self.editor.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addSeparator()
        file_menu.addAction(self.report_action)
        file_menu.addAction(self.graph_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.editor.undo_action)
        edit_menu.addAction(self.editor.redo_action)
        edit_menu.addAction(self.editor.rename_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        edit_menu.addAction(self.card_search_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.settings_action)
        view_menu = bar.addMenu("&View")
        for action in self.tab_actions:
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.inspector_action)
        view_menu.addAction(self.focus_inspector_action)
        view_menu.addAction(self.reset_layout_action)
        view_menu.addSeparator()
        view_menu.addAction(self.fit_action)
        view_menu.addAction(self.zoom_in_action)
        view_menu.addAction(self.zoom_out_action)
        analyze_menu = bar.addMenu("&Analyze")
        analyze_menu.addAction(self.combos_action)
        analyze_menu.addAction(self.lines_action)
        self.step_menu = analyze_menu.addMenu("Step Through the &Line")
        self.step_menu.setToolTip("Step through the Lines tab's line (its shortcuts work in "
                                  "the Lines tab)")
        # the Lines view adds its Back/Forward/Reset actions when it is built
        self.step_menu.aboutToShow.connect(self.lines_view.widget)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)
        self._fill_recent_menu()

    def _build_status_bar(self) -> None:
        self.job_status = JobStatus()
        self.db_label = QLabel("No card database")
        self.db_label.setAccessibleName("Card database")
        self.db_label.setToolTip("The card database in use")
        # all permanent: a temporary message (left) must never hide the progress bar, nor
        # the "report written" notice while the next message (combos found...) shows
        self.file_notice = FileNotice()
        self.statusBar().addPermanentWidget(self.file_notice)
        self.statusBar().addPermanentWidget(self.job_status)
        self.statusBar().addPermanentWidget(self.db_label)

    def _connect(self) -> None:
        c = self.controller
        c.database_changed.connect(self._show_database)
        c.job_started.connect(self._track_job)
        c.deck_loaded.connect(self.show_deck)
        c.cards_imported.connect(self._show_import)
        c.failed.connect(self._show_failure)
        c.combos_found.connect(self.show_combos)
        c.combos_stopped.connect(self._combos_stopped)
        c.report_written.connect(self._show_report_written)
        c.report_failed.connect(self._show_report_failure)
        c.report_cancelled.connect(lambda path: self.statusBar().showMessage(
            f"Report export cancelled: {path.name} was not written", 8000))
        self.selection.changed.connect(self._follow_selection)
        self.deck_panel.entry_activated.connect(self._select_entry)
        self.deck_panel.fix_requested.connect(self.fix_entry)
        self.edge_panel.edge_activated.connect(self.selection.select)
        self.edge_panel.card_filter_cleared.connect(self._card_filter_cleared)
        self.graph_view.node_clicked.connect(self._select_card_id)
        self.graph_view.edge_clicked.connect(self.selection.select)
        self.graph_view.background_clicked.connect(self.selection.clear)
        self.graph_panel.card_chosen.connect(self._select_card_id)
        self.graph_panel.exported.connect(
            lambda path: self.statusBar().showMessage(f"Graph picture written to {path}", 8000))
        self.inspector.card_link_activated.connect(self._select_card_id)
        self.inspector.edge_link_activated.connect(self.selection.select)
        self.inspector.combo_link_activated.connect(self.selection.select)
        self.combo_panel.combo_activated.connect(self.selection.select)
        self.combo_panel.run_requested.connect(self.find_combos)
        c.report_built.connect(self._show_report_preview)
        self.report_preview.card_activated.connect(self._select_card_id)
        self.report_preview.export_requested.connect(self.choose_report)
        c.database_changed.connect(lambda _info: self.card_browser.refresh())
        self.card_browser.card_selected.connect(self.selection.select)
        self.card_browser.add_requested.connect(self.add_card)
        self.card_browser.status_message.connect(
            lambda text: self.statusBar().showMessage(text, 8000))

    # -- use cases -------------------------------------------------------------------------

    def open_deck(self, path: Path | str) -> JobWorker | None:
        """Analyse and show the deck at ``path`` (in the background), after the
        unsaved-changes prompt (None if the user stays with the deck under edit)."""
        path = Path(path)
        if not self.editor.before_open(path):
            return None
        self._last_dir = str(path.parent)
        self.settings.setValue("paths/lastDir", self._last_dir)
        self.statusBar().showMessage(f"Opening {path.name}…", 3000)
        return self.controller.open_deck(path)

    def focus_card_search(self) -> None:
        """Edit ▸ Search Cards… (Ctrl+K): show the Cards tab with the cursor in its box."""
        self.tabs.setCurrentIndex(self.view_index("cards"))
        self.card_browser.focus_search()

    def add_card(self, card: Card, section: Section = Section.MAIN, count: int = 1) -> bool:
        """Add ``count`` copies of ``card`` to ``section`` of the deck under edit (a new deck
        when none is open), as one undoable edit; False if refused (the status bar says
        why: a card that cannot be a commander, a count out of range)."""
        return self.editor.add_card(card, section, count)

    def import_cards(self, path: Path | str) -> JobWorker | None:
        """Import a card file into the database (in the background)."""
        return self.controller.import_cards(path)

    def offer_card_data(self) -> CardDataDialog | None:
        """Offer (once) to download the card data or import a file, when the database holds
        only the starter cards; a dialog that does not block the window."""
        if not self.controller.needs_card_data():
            return None
        self.settings.setValue(OFFERED_KEY, True)
        info = self.controller.database_info()
        dialog = CardDataDialog(self.controller.card_data_url, info.cards if info else 0, self)
        dialog.download_requested.connect(lambda: dialog.follow(self.controller.download_cards()))
        dialog.import_requested.connect(self.choose_card_file)
        self.card_data_dialog = dialog
        dialog.show()
        return dialog

    def find_combos(self) -> JobWorker | None:
        """Analyze ▸ Find Combos: search the open deck's combos in the background and show
        the Combos tab; the status bar shows the progress and can cancel it."""
        if self.loaded is None:
            self.statusBar().showMessage(
                with_shortcut("Open a deck first", self.open_action.shortcut()), 5000)
            return None
        self.tabs.setCurrentIndex(COMBO_TAB)
        return self._start_combos(self.loaded)

    def _start_combos(self, loaded: LoadedDeck) -> JobWorker | None:
        self.combo_report = None
        self.combo_panel.set_state(f"Finding the combos of {loaded.title}: detecting catalog "
                                   "combos, discovering loops and playing each in the rules "
                                   "core… (Esc cancels)")
        return self.controller.find_combos(loaded)

    def show_combos(self, loaded: LoadedDeck, report: ComboReport) -> None:
        """Show the combos found in ``loaded`` (ignored if another deck is open now)."""
        if loaded is not self.loaded:
            return
        self.combo_report = report
        self.combo_panel.set_report(report)
        if self.stats_view.is_built:
            self.stats_panel.set_groups(self.controller.card_groups(loaded, report))
        self._build_report_preview(loaded, report)
        current = self.selection.current
        if isinstance(current, Card):
            self.combo_panel.highlight_card(current.name)
        self.statusBar().showMessage(f"{loaded.title}: {self.combo_panel.summary.text()}",
                                     8000)

    def search_lines(self) -> JobWorker | None:
        """Analyze ▸ Search Lines: show the Lines tab and search its board."""
        self.tabs.setCurrentIndex(self.view_index("lines"))
        return self.lines_panel.start_search()

    def _combos_stopped(self, loaded: LoadedDeck, err: BaseException) -> None:
        if loaded is not self.loaded:
            return
        what = "cancelled" if isinstance(err, Cancelled) else "failed"
        self.combo_panel.set_state(f"Combo search {what}: "
                                   f"{self.combos_hint('runs it again')}.", can_run=True)

    def show_deck(self, loaded: LoadedDeck) -> None:
        """Fill every view with an analysed deck: one read from a file (it becomes the deck
        under edit) or the deck under edit analysed again after edits."""
        kind = self.editor.deck_loaded(loaded)
        if kind == "stale":
            return   # edited again since: a newer analysis is on its way
        opened = kind == "open"
        self.loaded = loaded
        analysis = loaded.analysis
        self._cards_by_id = {card.id: card for card, _ in analysis.analysed_cards}
        for entry in analysis.deck.entries:
            if entry.card is not None:
                self._cards_by_id.setdefault(entry.card.id, entry.card)
        if opened:
            self.selection.clear()
        self.combo_report = None
        self.deck_panel.set_packages(loaded.groups)
        self.edge_model.set_edges(loaded.edges)
        self.edge_panel.set_card_filter(None)
        s = loaded.stats
        self.deck_panel.set_stats(s.total, s.curve, s.pips, s.types, COLOR_NAMES)
        if self.stats_view.is_built:
            self.stats_panel.set_stats(s, self.controller.card_groups(loaded))
        if self.lines_view.is_built:
            self.lines_session.set_deck(analysis.deck, analysis.analysed_cards,
                                        keep_board=not opened)
        self._show_validation(loaded.validation)
        self.graph_view.set_graph(self._graph_nodes(loaded), self._graph_edges(loaded),
                                  loaded.positions, loaded.linked_positions, loaded.groups,
                                  loaded.roles)
        self.graph_panel.export_stem = loaded.path.stem
        self.graph_panel.export_folder = self._last_dir
        self.editor.update_title()
        if opened and loaded.path.is_file():
            self.recent.add(loaded.path)
        self._fill_recent_menu()
        self._set_deck_actions_enabled(True)
        self._build_report_preview(loaded, None)
        if self.auto_combos:
            self._start_combos(loaded)
        else:
            self.combo_panel.set_state(f"Combos of {loaded.title} not searched yet: "
                                       f"{self.combos_hint()}.", can_run=True)
        self.statusBar().showMessage(
            f"{loaded.title}: {s.total} cards, {len(loaded.edges)} synergies", 8000)
        if not opened:
            return
        if any(issue.severity is Severity.ERROR for issue in analysis.deck.issues):
            self._report_deck_issues(loaded)
        elif analysis.deck.issues:
            self.statusBar().showMessage(
                f"{loaded.title}: {len(analysis.deck.issues)} note(s) on reading the file: "
                + "; ".join(str(i) for i in analysis.deck.issues[:3]), 15000)

    def fix_entry(self, entry: ResolvedEntry) -> FixCardDialog | None:
        """Open the *Fix…* dialog of an unresolved entry; on OK, re-resolve and re-analyse."""
        issue = self.deck_model.issue_for(entry)
        dialog = FixCardDialog(entry.name, issue.suggestions if issue else (),
                               self.controller.search_card_names, self)
        dialog.accepted.connect(lambda: self._apply_fix(entry, dialog))
        self.fix_dialog = dialog
        if self.interactive:
            dialog.open()
        return dialog

    def _apply_fix(self, entry: ResolvedEntry, dialog: FixCardDialog) -> None:
        name = dialog.chosen_name()
        if name:
            self.statusBar().showMessage(f"Reading “{entry.name}” as {name}…", 5000)
            self.editor.fix_entry(entry, name)   # an undoable edit, analysed again

    # -- dialogs ---------------------------------------------------------------------------

    def choose_deck(self) -> None:
        """File ▸ Open Deck…"""
        path, _ = QFileDialog.getOpenFileName(self, "Open deck", self._last_dir, DECK_FILTER)
        if path:
            self.open_deck(path)

    def choose_card_file(self) -> None:
        """File ▸ Import Cards…"""
        path, _ = QFileDialog.getOpenFileName(self, "Import cards", self._last_dir,
                                              CARD_FILTER)
        if path:
            self.import_cards(path)

    def choose_report(self) -> ReportDialog | None:
        """File ▸ Export Report…: ask for the title, notes and sections (a dialog that does
        not block the window); *Export…* then asks for the file (:meth:`_export_report`)."""
        if self.loaded is None:
            return None
        if self.report_dialog is not None:
            self.report_dialog.deleteLater()   # one at a time
        dialog = ReportDialog(self.loaded.title, self.settings, REPORT_FINDINGS, self)
        dialog.accepted.connect(lambda: self._export_report(dialog.choice()))
        self.report_dialog = dialog
        if self.interactive:
            dialog.open()
        return dialog

    def _export_report(self, choice: ReportChoice) -> JobWorker | None:
        """Ask where to write the report (the filter chosen names the format when the name
        has no report ending), then write it in the background."""
        if self.loaded is None:
            return None
        chosen = str(self.settings.value(FILTER_KEY, "") or "") or filter_for(".html")
        suffix = report_path("x", chosen).suffix
        default = str(Path(self._last_dir or ".") / f"{self.loaded.path.stem}{suffix}")
        path, chosen = QFileDialog.getSaveFileName(self, "Export report", default,
                                                   REPORT_FILTER, chosen)
        if not path:
            return None
        self.settings.setValue(FILTER_KEY, chosen)
        target = report_path(path, chosen)
        self.file_notice.hide()
        self.statusBar().showMessage(f"Writing the report {target.name}…", 5000)
        return self.controller.start_report(target, choice.sections, title=choice.title,
                                            notes=choice.notes)

    def choose_graph_export(self) -> None:
        """File ▸ Export Graph…"""
        if self.loaded is None:
            return
        default = str(Path(self._last_dir or ".") / f"{self.loaded.path.stem}.graph.json")
        path, chosen = QFileDialog.getSaveFileName(self, "Export graph", default, GRAPH_FILTER)
        if path:
            if Path(path).suffix.lower() not in _GRAPH_SUFFIXES.values():
                path += next((suffix for word, suffix in _GRAPH_SUFFIXES.items()
                              if chosen.startswith(word) or f" {word} " in chosen), ".json")
            if Path(path).suffix.lower() in (".png", ".svg"):
                self.graph_panel.export(path)
                return
            written = self.controller.export_graph(path)
            if written is not None:
                self.statusBar().showMessage(f"Graph written to {written}", 8000)

    def show_about(self) -> None:
        """Help ▸ About."""
        text = ("<h3>Spellweb</h3><p>A deck and combo analyzer for Magic: The Gathering: "
                "a synergy graph whose every edge names the rule behind it.</p>"
                "<p>Open source. Card data from MTGJSON.</p>")
        if self.interactive:
            QMessageBox.about(self, "About Spellweb", text)

    def warn(self, title: str, text: str) -> None:
        """Show a warning (a dialog, or stderr when not interactive)."""
        self.message_shown.emit("warning", title, text)
        if self.interactive:
            QMessageBox.warning(self, title, text)
        else:
            print(f"spellweb: {title}: {text}", file=sys.stderr)

    def error(self, title: str, text: str) -> None:
        """Show an unexpected error (a dialog, or stderr when not interactive)."""
        self.message_shown.emit("error", title, text)
        if self.interactive:
            QMessageBox.critical(self, title, text)
        else:
            print(f"spellweb: {title}: {text}", file=sys.stderr)

    # -- drag and drop ---------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _local_files(event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: Any) -> None:
        if _local_files(event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        files = _local_files(event.mimeData().urls())
        if not files:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_deck(files[0])

    # -- Qt overrides ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.editor.maybe_save():
            event.ignore()
            return
        self.editor.closing()
        self.layout_keeper.save()
        self.controller.shutdown()
        self.graph_view.shutdown()
        super().closeEvent(event)

    # -- slots -----------------------------------------------------------------------------

    def _show_database(self, info: Any) -> None:
        if info is None:
            self.db_label.setText("No card database")
            self.db_label.setToolTip("No card database is open")
            return
        date = info.data_date or (info.imported_at[:10] if info.imported_at else "")
        parts = [f"{info.cards:,} cards", info.source or "unknown source"]
        if date:
            parts.append(date)
        self.db_label.setText("Cards: " + " · ".join(parts))
        self.db_label.setToolTip(
            f"Card database {info.url}\n{info.cards:,} cards, {info.faces:,} faces\n"
            f"Source: {info.source}\nData date: {info.data_date or '?'}\n"
            f"Imported: {info.imported_at or 'never'}\nSchema {info.schema_version}")

    def _track_job(self, worker: JobWorker) -> None:
        self.job_status.track(worker)

    def _show_import(self, summary: Any) -> None:
        what = f"{summary.printings:,} printings" if hasattr(summary, "printings") else \
            f"{summary.cards:,} cards"
        text = f"Imported {what} from {Path(summary.path).name}"
        notes = []
        if summary.skipped:
            notes.append(f"{len(summary.skipped)} entries skipped")
        if getattr(summary, "placeholders", ()):
            notes.append(f"{len(summary.placeholders)} placeholder entries left out")
        if getattr(summary, "data_problems", ()):
            notes.append(f"{len(summary.data_problems)} cards missing their text "
                         "(spellweb info --problems)")
        if notes:
            text += f" ({'; '.join(notes)})"
        self.statusBar().showMessage(text, 10000)

    def _show_report_written(self, path: Path) -> None:
        self.statusBar().clearMessage()
        self.file_notice.show_file(f"Report written to {path.name}", path)

    def _show_report_failure(self, path: Path, err: BaseException) -> None:
        self.statusBar().clearMessage()
        doing = f"Exporting the report {path.name}"
        if isinstance(err, (AnalyzerError, OSError)):
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            self.warn(doing, f"Could not write the report {path}:\n\n{reason}")
        else:
            self._show_failure(doing, err)

    def _show_failure(self, doing: str, err: BaseException) -> None:
        self.statusBar().clearMessage()
        if isinstance(err, AnalyzerError):
            self.warn(doing, str(err))
        else:
            details = "".join(traceback.format_exception(err)).strip()
            self.error(f"{doing}: unexpected error",
                       f"{type(err).__name__}: {err}\n\n{details[-2000:]}")

    def _show_validation(self, validation: DeckValidation | None) -> None:
        if validation is None:
            self.deck_panel.set_validation("", "", True)
            return
        legal = ", ".join(validation.legal_in) or "no format"
        if validation.ok:
            summary = f"✓ {validation.format}"
        else:
            count = len(validation.problems)
            summary = f"{count} problem{'' if count == 1 else 's'} for {validation.format}"
        details = "\n".join([f"Checked as {validation.format}; every card legal in: {legal}",
                             *(f"• {p}" for p in validation.problems[:20])])
        self.deck_panel.set_validation(summary, details, validation.ok)

    def _report_deck_issues(self, loaded: LoadedDeck) -> None:
        issues = loaded.analysis.deck.issues
        shown = "\n".join(f"• {issue}" for issue in issues[:12])
        more = f"\n… and {len(issues) - 12} more" if len(issues) > 12 else ""
        self.warn(f"Problems in {loaded.path.name}",
                  f"{len(issues)} line(s) could not be used as written:\n\n"
                  f"{shown}{more}")

    def _select_entry(self, entry: ResolvedEntry) -> None:
        self.selection.select(entry.card if entry.card is not None else entry)

    def _select_card_id(self, card_id: Any) -> None:
        card = self._cards_by_id.get(card_id)
        if card is not None:
            self.selection.select(card)

    def _select_card_name(self, name: str) -> None:
        """Select the card named ``name`` (a card of the Lines view's board)."""
        card = next((c for c in self._cards_by_id.values() if c.name == name), None) \
            or self.controller.card_named(name)
        if isinstance(card, Card):
            self.selection.select(card)

    def _card_filter_cleared(self) -> None:
        if isinstance(self.selection.current, Card):
            self.selection.clear()

    def _follow_selection(self, item: Any) -> None:
        card = item.card if isinstance(item, ResolvedEntry) else item
        detail = self.controller.card_detail(card.id) if isinstance(card, Card) else None
        synergies = [e for e in (self.loaded.edges if self.loaded is not None else ())
                     if isinstance(card, Card) and card.id in (e.source, e.target)]
        combos = [f for f in (self.combo_report.findings if self.combo_report else ())
                  if isinstance(card, Card)
                  and card.name.casefold() in (n.casefold() for n in f.combo.cards)]
        self.inspector.show_item(item, detail, synergies, combos=combos,
                                 card_ids={c.name.casefold(): i
                                           for i, c in self._cards_by_id.items()})
        self.combo_panel.highlight_card(card.name if isinstance(card, Card) else None)
        if self.stats_view.is_built:
            self.stats_panel.select_card(card.id if isinstance(card, Card) else None)
        if self.lines_view.is_built:
            self.lines_panel.highlight_card(card.name if isinstance(card, Card) else None)
        self.card_browser.select_card(card.id if isinstance(card, Card) else None)
        self.combo_panel.select_finding(item if isinstance(item, ComboFinding) else None)
        if isinstance(item, ComboFinding):
            self.deck_panel.select_card(None)
            self.graph_view.highlight_node(None)
            self.edge_panel.set_card_filter(None)
            self.edge_panel.select_edge(None)
        elif isinstance(item, Card):
            self.deck_panel.select_card(item.id)
            self.graph_view.highlight_node(item.id)
            self.edge_panel.set_card_filter(item.id, item.name)
            self.edge_panel.select_edge(None)
        elif isinstance(item, EdgeRow):
            card = self.edge_panel.proxy.card
            if card is not None and card not in (item.source, item.target):
                self.edge_panel.set_card_filter(None)
            self.edge_panel.select_edge(item)
            self.graph_view.highlight_edge(item)
        else:
            if item is None:
                self.deck_panel.select_card(None)
            self.graph_view.highlight_node(None)
            self.edge_panel.set_card_filter(None)
            self.edge_panel.select_edge(None)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths):
            action = self.recent_menu.addAction(f"&{(i + 1) % 10} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_deck(p))
        if paths:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("&Clear Menu")
            clear.setToolTip("Forget the recent decks")
            clear.triggered.connect(self._clear_recent)
        self.recent_menu.setEnabled(bool(paths))

    def _clear_recent(self) -> None:
        self.recent.clear()
        self._fill_recent_menu()

    def _fit_graph(self) -> None:
        self.tabs.setCurrentIndex(GRAPH_TAB)
        self.graph_view.fit()

    def _focus_filter(self) -> None:
        if self.tabs.currentIndex() == GRAPH_TAB:
            self.graph_panel.search_edit.setFocus()
            self.graph_panel.search_edit.selectAll()
            return
        self.tabs.setCurrentIndex(SYNERGY_TAB)
        self.edge_panel.filter_edit.setFocus()
        self.edge_panel.filter_edit.selectAll()

    # -- helpers ---------------------------------------------------------------------------

    def _set_deck_actions_enabled(self, enabled: bool) -> None:
        self.report_action.setEnabled(enabled)
        self.combos_action.setEnabled(enabled)
        self.graph_action.setEnabled(enabled)

    # -- settings, report preview ----------------------------------------------------------

    def open_settings(self) -> SettingsDialog:
        """Edit ▸ Settings…: a dialog that does not block the window; OK saves and applies
        the settings (:meth:`apply_settings`)."""
        from analyzer.cards.db.engine import default_database_url
        from analyzer.cards.download import cards_url

        if self.settings_dialog is not None:
            self.settings_dialog.deleteLater()
        s = self.app_settings
        current = SettingsChoice(db_url=s.db_url, card_source=s.card_source, theme=s.theme,
                                 shortcuts=s.shortcuts())
        dialog = SettingsDialog(current, default_db=os.environ.get("SPELLWEB_DB")
                                or default_database_url(), default_source=cards_url(None),
                                shortcuts=self.shortcut_entries,
                                test_connection=self.controller.test_database,
                                in_use=self._database_in_use(),
                                menus=menu_mnemonics(self.menuBar().actions()), parent=self)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.choice()))
        self.settings_dialog = dialog
        if self.interactive:
            dialog.open()
        return dialog

    def apply_settings(self, choice: SettingsChoice) -> None:
        """Save ``choice`` and apply it: theme and shortcuts at once, the card source for the
        next download, and the card database re-opened when its URL changed."""
        s = self.app_settings
        reopen = choice.db_url != s.db_url or self.controller.db is None
        s.card_source, s.theme = choice.card_source, choice.theme
        s.set_shortcuts(choice.shortcuts)
        self.theme.set_theme(choice.theme)
        apply_shortcuts(self.shortcut_entries, choice.shortcuts)
        self._refresh_shortcut_texts()
        self.controller.cards_url = choice.card_source or None
        if reopen:
            self.switch_database(choice.db_url)

    def switch_database(self, url: str) -> bool:
        """Open the card database ``url`` (``""``: the default) instead of the one in use and
        save it in the settings, without its password (libpq reads ``~/.pgpass`` or
        ``$PGPASSWORD``). A URL that does not open is not saved: the error is shown and the
        previous database re-opened. An open deck is analysed again on the database now in
        use. Returns True when ``url`` opened."""
        from analyzer.cards.db.engine import without_password

        previous, had_db = self.controller.db_url, self.controller.db is not None
        self.statusBar().showMessage("Opening the card database…", 3000)
        opened = self.controller.set_database_url(url or None)
        if opened:
            stored = without_password(url)
            self.app_settings.db_url = stored
            self.db_override = ""
            if stored != url:
                self.inform("Card database password",
                            "The password is not saved in Spellweb's settings. For the next "
                            "start, put it in ~/.pgpass (%APPDATA%\\postgresql\\pgpass.conf "
                            "on Windows) or the PGPASSWORD environment variable; libpq reads "
                            "them.")
        elif had_db and previous != (url or None):
            self.controller.set_database_url(previous)
            self.statusBar().showMessage("The previous card database is still in use; the "
                                         "new URL was not saved", 10_000)
        self._reanalyse_after_switch()
        return opened

    def _reanalyse_after_switch(self) -> None:
        """The database changed under an open deck: read the deck file again on it (an
        unmodified file), or analyse the deck under edit again (its cards stay those read
        from the previous database); with no database, rebuild the report from the views."""
        if self.loaded is None:
            return
        path = self.document.path
        if self.controller.db is None:
            self._build_report_preview(self.loaded, self.combo_report)
            self.statusBar().showMessage("No card database: the views show the deck as read "
                                         "from the previous database", 10_000)
        elif not self.document.modified and path is not None and path.is_file():
            self.controller.open_deck(path)
        else:
            self.editor.analyse()
            self.statusBar().showMessage("The deck under edit keeps the cards read from the "
                                         "previous database; save and re-open it to read "
                                         "them from this one", 10_000)

    def combos_hint(self, then: str = "") -> str:
        """``"Analyze ▸ Find Combos (<its shortcut>) <then>"``: the combo panel's hints."""
        hint = with_shortcut("Analyze ▸ Find Combos", self.combos_action.shortcut())
        return f"{hint} {then}" if then else hint

    def _refresh_shortcut_texts(self) -> None:
        """Tooltips that name a shortcut outside the actions (tab tips, the Report tab's
        Export… button, the combo panel's Find Combos button) follow the shortcuts in use."""
        for index, view in enumerate(self.views):
            key = self.tab_actions[index].shortcut() if index < len(self.tab_actions) else None
            self.tabs.setTabToolTip(index, with_shortcut(view.tip, key))
        self.report_preview.export_button.setToolTip(with_shortcut(
            "Write the report as HTML, PDF, Markdown or JSON, with sample lines and goldfish "
            "odds if wanted", self.report_action.shortcut()))
        self.combo_panel.run_button.setToolTip(
            "Detect, discover and verify the deck's combos: " + self.combos_hint())

    def _database_in_use(self) -> str:
        """Settings ▸ Database's first line: the database open now, and what chose it."""
        from analyzer.cards.db.engine import hide_password

        db = self.controller.db
        shown = f"In use: {hide_password(db.url)}" if db is not None else \
            "In use: no card database (it could not be opened)"
        if self.db_override:
            shown += (f" — overridden by {self.db_override}; the URL below is used when "
                      f"Spellweb starts without {self.db_override}")
        return shown + "."

    def inform(self, title: str, text: str) -> None:
        """Show information (a dialog, or stderr when not interactive)."""
        self.message_shown.emit("information", title, text)
        if self.interactive:
            QMessageBox.information(self, title, text)
        else:
            print(f"spellweb: {title}: {text}", file=sys.stderr)

    def focus_inspector(self) -> None:
        """View ▸ Go to Inspector: show the Inspector dock and give it the keyboard focus."""
        self.inspector_dock.show()
        self.inspector_dock.raise_()
        self.inspector.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _build_report_preview(self, loaded: LoadedDeck, combos: ComboReport | None) -> None:
        if combos is None:    # a new deck: its report replaces the last one's
            self.report_preview.set_state(f"Building the report of {loaded.title}…")
        self.controller.build_report_preview(loaded, combos)

    def _show_report_preview(self, loaded: LoadedDeck, report: Any) -> None:
        if loaded is self.loaded:
            self.report_preview.set_report(report)

    @staticmethod
    def _graph_nodes(loaded: LoadedDeck) -> list[GraphNode]:
        degree: dict[Any, int] = {}
        for row in loaded.edges:
            if row.source != row.target:
                for end in (row.source, row.target):
                    degree[end] = degree.get(end, 0) + 1
        nodes = []
        for node_id, attrs in loaded.nodes:
            name = str(attrs.get("name", node_id))
            type_line = str(attrs.get("type_line", ""))
            count = int(attrs.get("count", 1) or 1)
            group = loaded.groups.get(node_id, "")  # the package
            tip = (f"<b>{html.escape(name)}</b> × {count}<br><i>{html.escape(type_line)}</i>"
                   f"<br>{degree.get(node_id, 0)} synergies"
                   + (f"<br>{html.escape(group)}" if group else ""))
            nodes.append(GraphNode(
                id=node_id, name=name, count=count, colors=tuple(attrs.get("colors", ()) or ()),
                tooltip=tip))
        return nodes

    @staticmethod
    def _graph_edges(loaded: LoadedDeck) -> list[GraphEdge]:
        # the tooltips were written in the deck's worker (581 of them in a dense deck)
        tips = loaded.edge_tips if len(loaded.edge_tips) == len(loaded.edges) else \
            tuple(edge_tooltip(row) for row in loaded.edges)
        return [GraphEdge(row.source, row.target, row.kind, tip, row)
                for row, tip in zip(loaded.edges, tips, strict=True)]


def _local_files(urls: list[QUrl]) -> list[Path]:
    return [Path(u.toLocalFile()) for u in urls if u.isLocalFile() and u.toLocalFile()
            and Path(u.toLocalFile()).is_file()]

