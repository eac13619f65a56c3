"""The Graph tab's canvas: the synergy graph drawn in a QGraphicsScene.

Cards are discs filled with their colour, labelled with their (elided) name; synergies are
curved arrows coloured by kind. Layouts (:data:`LAYOUTS`): *by package* (the default) and
*by role* put each group of cards in its own block of cells (:mod:`ui.graph_layout`), so
labels never overlap; *force-directed* is the spring layout of
:func:`analyzer.graph.layout_positions`.

The user can zoom (wheel, ``+``/``-``, ``0`` fits), pan (drag, scroll bars), hover an arrow
for its explanation, click a card or an arrow (:attr:`GraphView.node_clicked`,
:attr:`GraphView.edge_clicked`), walk from card to card with the arrow keys, hide kinds of
synergy (:meth:`GraphView.set_kind_visible`), find cards by name
(:meth:`GraphView.find_nodes`) and save the picture (:meth:`GraphView.export_image`).

The widget draws plain values (:class:`GraphNode`, :class:`GraphEdge`) and positions the
window takes from the analysis; it never touches the networkx graph itself. How the scene is
built, in slices, is :mod:`ui.widgets.graph_build`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPolygonF,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QLabel, QWidget

from ui.graph_layout import nearest_in_direction
from ui.theme import canvas_color, is_dark, set_themed_sheet
from ui.widgets.graph_build import OTHER_SYNERGIES, GraphBuilding
from ui.widgets.graph_export import export_scene
from ui.widgets.graph_items import EdgeItem, GraphEdge, GraphNode, GroupItem, NodeItem, label_font
from ui.widgets.graph_layers import EDGE_WIDTH, ArrowPictures, EdgeLayer
from ui.workers import JobWorker

__all__ = ["LAYOUTS", "OTHER_SYNERGIES", "GraphEdge", "GraphNode", "GraphView"]


LAYOUTS = {"packages": "By package", "roles": "By role", "force": "Force-directed"}
"""Layout modes: key -> label for the layout chooser. ``packages`` and ``roles`` are
grouped layouts (the groups :meth:`GraphView.set_graph` is given); ``force`` is the spring
layout."""
_DIM = 0.25             # opacity of what the selection does not touch
_FILTERED = 0.35        # opacity of a card whose every synergy is filtered out
_MAX_FIT_SCALE = 1.6    # fitting never blows a small graph up beyond this zoom


class GraphView(GraphBuilding, QGraphicsView):
    """The interactive synergy graph.

    Signals
    -------
    node_clicked(object)
        The id of the node the user clicked (or reached with the arrow keys).
    edge_clicked(object)
        The :attr:`GraphEdge.payload` of the edge the user clicked.
    background_clicked()
        A click on no item, or Escape.
    graph_changed()
        The cards, edges, groups or kinds drawn changed (after :meth:`set_graph`, a layout
        change, the isolated cards shown or hidden).
    arrows_ready()
        Every arrow is drawn: the pictures of the dense kinds, painted off the GUI thread,
        have arrived (:meth:`arrows_ready`).
    """

    node_clicked = Signal(object)
    edge_clicked = Signal(object)
    background_clicked = Signal()
    graph_changed = Signal()
    arrows_ready = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        # a few hundred items with large, overlapping bounds: a linear scan beats the BSP
        # tree Qt would rebuild on every new graph
        self.scene().setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(canvas_color(self.palette()))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Synergy graph")
        self.setToolTip("")  # items carry their own tooltips
        self.setAccessibleDescription(
            "Cards as nodes, synergies as arrows. Arrow keys: go to the nearest card in that "
            "direction; plus and minus: zoom; 0: fit; Escape: clear the selection.")
        self._metrics = QFontMetricsF(label_font())
        self._node_items: dict[Hashable, NodeItem] = {}
        self._edges: list[EdgeItem] = []
        self._planned: list[tuple[GraphEdge, QPainterPath, QPolygonF]] = []
        """Every edge drawn, with its curve and head; :attr:`_edges` holds the items made
        for them so far (:meth:`_create_edge_items`)."""
        self._build_generation = 0
        self._steps: Iterator[object] | None = None
        """The build under way (:meth:`_build_steps`), None when done."""
        self._dirty = False
        """The graph changed while hidden: build it when shown."""
        self._stepping = False
        """A build step is running (accessors it calls must not restart the build)."""
        self._synchronous = False
        """The build is being completed at once: steps compute instead of waiting."""
        self._layout_workers: set[JobWorker] = set()
        self._keep: tuple[str, object] | None = None
        """What to highlight once the build under way is done: ("node", id) or
        ("edge", payload)."""
        self._build_timer = QTimer(self)
        self._build_timer.setSingleShot(True)
        self._build_timer.setInterval(0)
        self._build_timer.timeout.connect(self._continue_build)
        self._colors: dict[str, QColor] = {}
        self._groups: list[GroupItem] = []
        self._layers: dict[str, EdgeLayer] = {}
        self._pictures = ArrowPictures(self)
        self._pictures.ready.connect(self._pictures_ready)
        self._data: tuple[Sequence[GraphNode], Sequence[GraphEdge],
                          Mapping[Hashable, tuple[float, float]]] = ([], [], {})
        self._linked_positions: Mapping[Hashable, tuple[float, float]] | None = None
        self._groupings: dict[str, Mapping[Hashable, str]] = {}
        self._layout = "packages"
        self._show_isolated = False
        self._hidden_kinds: set[str] = set()
        self._filtered_out: set[Hashable] = set()
        self._found: list[Hashable] = []
        self._user_zoomed = False
        self._selected_edge: object = None
        self._selected_node: Hashable | None = None
        self._current: Hashable | None = None
        self._preview: Hashable | None = None
        self._layout_aspect = 1.2
        self._relayout_timer = QTimer(self)
        self._relayout_timer.setSingleShot(True)
        self._relayout_timer.setInterval(120)
        self._relayout_timer.timeout.connect(self._relayout_if_reshaped)
        self._empty = QLabel("Open a deck to see its synergy graph.", self.viewport())
        set_themed_sheet(self._empty, "color: {muted}; font-size: 13pt;")
        self._empty.adjustSize()

    @property
    def _nodes(self) -> dict[Hashable, NodeItem]:
        """The card items by id, every one (a build under way is completed first; for
        tests that look at the items; the view itself uses :attr:`_node_items`)."""
        self._finish_build()
        return self._node_items

    # -- data ------------------------------------------------------------------------------

    def set_graph(self, nodes: Sequence[GraphNode], edges: Sequence[GraphEdge],
                  positions: Mapping[Hashable, tuple[float, float]],
                  linked_positions: Mapping[Hashable, tuple[float, float]] | None = None,
                  groups: Mapping[Hashable, str] | None = None,
                  roles: Mapping[Hashable, str] | None = None) -> None:
        """Draw ``nodes`` joined by ``edges``.

        Parameters
        ----------
        nodes, edges : sequences
            What to draw. Self-loops are not drawn (the Synergies table lists them).
        positions : mapping
            node id -> (x, y) of a force-directed layout of every card (any units).
        linked_positions : mapping, optional
            The same over the cards that have a synergy only, used while the cards without
            one are hidden (the default, see :meth:`set_show_isolated`).
        groups : mapping, optional
            node id -> package name, for the ``packages`` layout (a linked card missing
            from it is drawn in an "Other synergies" block; without any, one block).
        roles : mapping, optional
            node id -> role group, for the ``roles`` layout (the same, by role).

        Kind filters are kept when the new graph has those kinds; the search is cleared.
        """
        self._data = (list(nodes), list(edges), dict(positions))
        self._linked_positions = dict(linked_positions) if linked_positions else None
        self._groupings = {"packages": dict(groups or {}), "roles": dict(roles or {})}
        self._found = []
        self._rebuild()

    def clear_graph(self) -> None:
        """Show nothing (no deck)."""
        self.set_graph([], [], {})

    def set_show_isolated(self, show: bool) -> None:
        """Draw the cards that have no synergy too (default: hide them)."""
        if show != self._show_isolated:
            self._show_isolated = show
            self._rebuild()

    @property
    def show_isolated(self) -> bool:
        """Whether cards without synergy are drawn."""
        return self._show_isolated

    def set_layout_mode(self, mode: str) -> None:
        """``"packages"``, ``"roles"`` or ``"force"`` (see :data:`LAYOUTS`).

        Raises
        ------
        ValueError
            An unknown mode.
        """
        if mode not in LAYOUTS:
            raise ValueError(f"unknown graph layout {mode!r}; use one of {sorted(LAYOUTS)}")
        if mode != self._layout:
            self._layout = mode
            self._rebuild()

    @property
    def layout_mode(self) -> str:
        """The current layout, a key of :data:`LAYOUTS`."""
        return self._layout

    def hidden_count(self) -> int:
        """Cards left out because they have no synergy."""
        self._finish_build()
        return len(self._data[0]) - len(self._node_items)

    def node_ids(self) -> list[Hashable]:
        """Ids of the nodes drawn."""
        self._finish_build()
        return list(self._node_items)

    def node_names(self) -> dict[Hashable, str]:
        """Full card name of every node drawn."""
        self._finish_build()
        return {key: item.node.name for key, item in self._node_items.items()}

    def node_label(self, node_id: Hashable) -> str:
        """The (possibly elided) label drawn under a node."""
        self._finish_build()
        return self._node_items[node_id].label_text

    def node_position(self, node_id: Hashable) -> QPointF:
        """Scene position of a node's centre."""
        self._finish_build()
        return self._node_items[node_id].pos()

    def edge_count(self) -> int:
        """Number of edges drawn (filtered-out kinds included)."""
        self._finish_build()
        return len(self._planned)

    def visible_edge_count(self) -> int:
        """Number of edges drawn and not filtered out."""
        self._finish_build()
        return sum(1 for e, _, _ in self._planned if e.kind not in self._hidden_kinds)

    def kind_counts(self) -> dict[str, int]:
        """Edges drawn per kind, kinds sorted by name."""
        self._finish_build()
        return dict(sorted(Counter(e.kind for e, _, _ in self._planned).items()))

    def group_rects(self) -> dict[str, QRectF]:
        """The grouped layout's blocks: group name -> scene rectangle ({} in force layout)."""
        self._finish_build()
        return {g.name: g.rect for g in self._groups}

    def selected_edge(self) -> object:
        """The payload of the highlighted edge, or None."""
        return self._selected_edge

    # -- filters and search ----------------------------------------------------------------

    def set_kind_visible(self, kind: str, visible: bool) -> None:
        """Show or hide the edges of one kind; cards left with no edge shown are dimmed."""
        if visible:
            self._hidden_kinds.discard(kind)
        else:
            self._hidden_kinds.add(kind)
        self._apply_kind_filter()

    def hidden_kinds(self) -> set[str]:
        """The kinds filtered out."""
        return set(self._hidden_kinds)

    def find_nodes(self, text: str) -> list[Hashable]:
        """Mark the cards whose name contains ``text`` (case-insensitive) with a halo.

        Returns the matching ids, an exact name match first, then by name; ``""`` clears.
        """
        self._finish_build()
        needle = text.strip().casefold()
        found = []
        if needle:
            found = [key for key, item in self._node_items.items()
                     if needle in item.node.name.casefold()]
            found.sort(key=lambda k: (self._node_items[k].node.name.casefold() != needle,
                                      self._node_items[k].node.name.casefold()))
        for key, item in self._node_items.items():
            item.set_found(key in found)
        self._found = found
        return list(found)

    def search_matches(self) -> list[Hashable]:
        """The ids :meth:`find_nodes` marked."""
        return list(self._found)

    def center_on_node(self, node_id: Hashable) -> None:
        """Scroll so the node is in the middle of the view (zooming in to a readable size
        if the whole graph is shown smaller than 1:1)."""
        self._finish_build()
        item = self._node_items.get(node_id)
        if item is None:
            return
        if self.transform().m11() < 1.0:
            self.resetTransform()
            self._user_zoomed = True
        self.centerOn(item)

    def zoom_to_group(self, name: str) -> None:
        """Fit one group's block in the view."""
        self._finish_build()
        for group in self._groups:
            if group.name == name:
                self.resetTransform()
                self.fitInView(group.sceneBoundingRect().adjusted(-20, -20, 20, 20),
                               Qt.AspectRatioMode.KeepAspectRatio)
                self._cap_scale()
                self._user_zoomed = True
                return

    # -- highlighting ----------------------------------------------------------------------

    def highlight_node(self, node_id: Hashable | None) -> None:
        """Emphasise a node, its edges and its neighbours; None shows everything plainly
        (during a build: once the cards are drawn)."""
        if self.building and not self._stepping:
            self._keep = ("node", node_id)
            return
        self._selected_edge = None
        self._selected_node = node_id if node_id in self._node_items else None
        if node_id is not None and node_id in self._node_items:
            self._current = node_id
        self._apply_emphasis()
        if self._selected_node is not None and self._user_zoomed:
            self.ensureVisible(self._node_items[self._selected_node], 80, 80)

    def highlight_edge(self, payload: object) -> None:
        """Emphasise the edge whose payload is ``payload`` and its two cards (during a
        build: once the arrows are shaped)."""
        if self.building and not self._stepping:
            self._keep = ("edge", payload)
            return
        match = [e for e, _, _ in self._planned if e.payload is payload
                 or (payload is not None and e.payload == payload)]
        if not match:
            self.highlight_node(None)
            return
        self._selected_node = None
        self._selected_edge = match[0].payload
        self._apply_emphasis()

    def preview_node(self, node_id: Hashable | None) -> None:
        """While the mouse is over a card, emphasise it and its synergies as if it were
        selected (None: back to the selection)."""
        preview = node_id if node_id in self._node_items else None
        if preview != self._preview:
            self._preview = preview
            self._apply_emphasis()

    def edge_width(self, item: EdgeItem) -> float:
        """The width an edge has outside of hovering (wider when it is selected or touches
        the selected card)."""
        node = self._preview if self._preview is not None else self._selected_node
        if self._preview is None and self._selected_edge is not None \
                and item.edge.payload is self._selected_edge:
            return 3.2
        if node is not None and node in (item.edge.source, item.edge.target):
            return 2.2
        return EDGE_WIDTH

    # -- zoom and export -------------------------------------------------------------------

    def fit(self) -> None:
        """Fit the whole graph in the view (never zooming beyond 1.6:1)."""
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        self.resetTransform()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._cap_scale()
        self._user_zoomed = False

    def zoom(self, factor: float) -> None:
        """Zoom by ``factor`` (>1 in), within sensible bounds."""
        current = self.transform().m11()
        factor = max(0.05 / current, min(factor, 8.0 / current))
        self.scale(factor, factor)
        self._user_zoomed = True

    def export_image(self, path: Path | str, title: str = "Synergies", *,
                     legend: bool = True) -> Path:
        """Save the whole graph as drawn (filters and highlights included) as PNG or SVG,
        by the extension of ``path``, under a legend of the kinds shown (a build under way
        is completed first).

        Raises
        ------
        ValueError
            Neither ``.png`` nor ``.svg``.
        OSError
            The file could not be written.
        """
        self._finish_build()
        shown = {k: n for k, n in self.kind_counts().items() if k not in self._hidden_kinds}
        vector = {kind: layer.vector for kind, layer in self._layers.items()}
        for layer in self._layers.values():  # vectors in the SVG, full resolution in PNG
            layer.setCacheMode(EdgeLayer.CacheMode.NoCache)
            layer.vector = True
        try:
            return export_scene(self.scene(), path, shown, title, legend=legend)
        finally:
            for kind, layer in self._layers.items():
                layer.vector = vector[kind]
                layer.cache()

    # -- Qt overrides ----------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom(1.15 ** steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        directions = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
                      Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key in directions and self._node_items:
            target = self._neighbour(*directions[key])
            if target is not None:
                self._current = target
                self.node_clicked.emit(target)
                self.ensureVisible(self._node_items[target], 60, 60)
            event.accept()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)
        elif key == Qt.Key.Key_Minus:
            self.zoom(0.8)
        elif key == Qt.Key.Key_0:
            self.fit()
        elif key == Qt.Key.Key_Escape:
            self.background_clicked.emit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) \
                and self._current in self._node_items:
            self.node_clicked.emit(self._current)
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_overlays()
        if not self._user_zoomed:
            self.fit()
        self._relayout_timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._place_overlays()
        if self._dirty:
            self._start_build()
        else:
            self._relayout_if_reshaped()
        if not self._user_zoomed:
            self.fit()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not any(
                isinstance(item, (NodeItem, EdgeItem))
                or isinstance(item.parentItem(), (NodeItem, EdgeItem))
                for item in self.items(event.position().toPoint())):
            self.background_clicked.emit()
        super().mousePressEvent(event)

    def _pictures_ready(self) -> None:
        if self.is_drawn():
            self.arrows_ready.emit()

    def is_drawn(self) -> bool:
        """True when every arrow is on screen and answers the mouse (no picture is still
        being painted, no edge item still to be made)."""
        return not self.building and len(self._edges) == len(self._planned) and \
            all(layer.ready for layer in self._layers.values())

    def changeEvent(self, event: QEvent) -> None:
        """A theme change: the canvas, the card labels and the group titles follow it (the
        synergy kind colours stay: they read on both canvases)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.setBackgroundBrush(canvas_color(self.palette()))
            dark = is_dark(self.palette())
            for item in self._node_items.values():
                item.apply_theme(dark)
            for group in self._groups:
                group.apply_theme(dark)

    def shutdown(self, msecs: int = 5000) -> None:
        """Stop building and painting pictures and wait for the threads (the window is
        closing)."""
        self._stop_build()
        for worker in list(self._layout_workers):
            worker.wait(msecs)
        self._pictures.shutdown(msecs)

    # -- helpers ---------------------------------------------------------------------------

    def _apply_kind_filter(self) -> None:
        shown: set[Hashable] = set()
        for kind, layer in self._layers.items():
            layer.setVisible(kind not in self._hidden_kinds)
        for item in self._edges:
            item.setVisible(item.edge.kind not in self._hidden_kinds)
        for edge, _, _ in self._planned:
            if edge.kind not in self._hidden_kinds:
                shown.update((edge.source, edge.target))
        self._filtered_out = {k for k in self._node_items if k not in shown} \
            if self._hidden_kinds else set()
        self._apply_emphasis()

    def _apply_emphasis(self) -> None:
        """Opacity and width of every item from the selection and the kind filter."""
        filtered = self._filtered_out
        node, payload = self._selected_node, self._selected_edge
        if self._preview is not None:
            node, payload = self._preview, None
        hidden = self._hidden_kinds
        if node is not None:  # from the planned edges: some items may be still to come
            touching = [e for e, _, _ in self._planned if node in (e.source, e.target)
                        and e.kind not in hidden]
        elif payload is not None:
            touching = [e for e, _, _ in self._planned if e.payload is payload]
        else:
            touching = []
        near = {n for e in touching for n in (e.source, e.target)}
        if node is not None:
            near.add(node)
        on_edges = {id(e) for e in touching}
        focus = node is not None or payload is not None
        for key, item in self._node_items.items():
            if focus:
                item.setOpacity(1.0 if key in near else _DIM)
            else:
                item.setOpacity(_FILTERED if key in filtered else 1.0)
            item.set_highlight(key == node or (payload is not None and key in near))
        for layer in self._layers.values():
            layer.setOpacity(_DIM * 0.6 if focus else 1.0)
        for edge in self._edges:
            edge.setOpacity(1.0 if not focus or id(edge.edge) in on_edges else _DIM * 0.6)
            if not edge.hovered:
                edge.set_width(self.edge_width(edge))

    def _neighbour(self, dx: int, dy: int) -> Hashable | None:
        points = {k: (item.pos().x(), item.pos().y()) for k, item in self._node_items.items()}
        return nearest_in_direction(points, self._current, dx, dy)

    def _drawing_rect(self) -> QRectF:
        """What the scene draws: the cards, the group blocks and the arrow layers (cheaper
        than asking the scene about its hundreds of items)."""
        rect = QRectF()
        for node in self._node_items.values():
            rect = rect.united(node.sceneBoundingRect()).united(
                node.backdrop.sceneBoundingRect())
        for group in self._groups:
            rect = rect.united(group.sceneBoundingRect()).united(
                group.title.sceneBoundingRect())
        for layer in self._layers.values():
            rect = rect.united(layer.sceneBoundingRect())
        return rect

    def _relayout_if_reshaped(self) -> None:
        """Pack the groups again when the view's shape changed much since the layout (a
        wide window wants wide rows of groups), unless the user zoomed in."""
        viewport = self.viewport()
        if self._layout == "force" or self._user_zoomed or self.building \
                or len(self._groups) < 2 or not self.isVisible() or viewport.height() < 50:
            return
        aspect = viewport.width() / viewport.height()
        if abs(math.log(aspect / self._layout_aspect)) > math.log(1.3):
            self._rebuild()

    def _mark_found(self, ids: Sequence[Hashable]) -> None:
        self._found = [i for i in ids if i in self._node_items]
        for key, item in self._node_items.items():
            item.set_found(key in self._found)

    def _cap_scale(self) -> None:
        scale = self.transform().m11()
        if scale > _MAX_FIT_SCALE:
            self.scale(_MAX_FIT_SCALE / scale, _MAX_FIT_SCALE / scale)

    def _place_overlays(self) -> None:
        self._empty.move((self.viewport().width() - self._empty.width()) // 2,
                         (self.viewport().height() - self._empty.height()) // 2)
