"""The main window's views: the tabs in their fixed order (:data:`VIEW_KEYS`, each a
:class:`View`), the Stats and Lines views built on first show (:mod:`ui.widgets.lazy_view`),
the Inspector dock, the status bar, and the plain values the Graph tab draws of a deck.

:class:`WindowViews` is a part of :class:`~ui.main_window.MainWindow` (which re-exports
these names); it is no widget of its own.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QTabWidget, QWidget

from analyzer.cards.model import Card
from analyzer.decks import ResolvedEntry
from ui.controllers import LoadedDeck, edge_tooltip
from ui.models.combo_model import ComboModel
from ui.models.deck_model import DeckModel
from ui.models.edge_model import EdgeModel
from ui.widgets.card_browser import CardBrowser
from ui.widgets.combo_panel import ComboPanel
from ui.widgets.deck_panel import DeckPanel
from ui.widgets.edge_panel import EdgePanel
from ui.widgets.file_notice import FileNotice
from ui.widgets.graph_panel import GraphPanel
from ui.widgets.graph_view import GraphEdge, GraphNode
from ui.widgets.inspector import Inspector
from ui.widgets.job_status import JobStatus
from ui.widgets.lazy_view import LazyView
from ui.widgets.report_preview import ReportPreview

if TYPE_CHECKING:
    from ui.widgets.lines_panel import LinesPanel, LinesSession
    from ui.widgets.stats_panel import StatsPanel

__all__ = ["COMBO_TAB", "DECK_TAB", "GRAPH_TAB", "SYNERGY_TAB", "VIEW_KEYS", "View",
           "WindowViews"]


VIEW_KEYS = ("deck", "synergies", "graph", "combos", "report", "stats", "lines", "cards")
"""The window's views (tabs) in order; ``--screenshot`` saves ``<key>.png`` for each, and
Ctrl+1… Ctrl+9 show them.  A new view appends its key here and calls ``_add_view``."""
DECK_TAB, SYNERGY_TAB, GRAPH_TAB, COMBO_TAB = (VIEW_KEYS.index(key) for key in
                                                ("deck", "synergies", "graph", "combos"))


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


class WindowViews:
    """The views, the dock and the status bar of a :class:`~ui.main_window.MainWindow` (a
    part of that window)."""

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
