"""The Graph tab: the synergy graph drawn in a QGraphicsScene.

Nodes are labelled ellipses sized by the number of copies and filled with the card's colour;
edges are curved arrows coloured by synergy kind, with a legend in the corner. The wheel zooms
(under the mouse), dragging pans, hovering an edge shows its explanation, clicking a node or an
edge emits :attr:`GraphView.node_clicked` / :attr:`GraphView.edge_clicked`.

The widget draws plain values (:class:`GraphNode`, :class:`GraphEdge`) and positions that the
window takes from the analysis and :func:`analyzer.graph.layout_positions`; it never touches
the networkx graph itself.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QGridLayout,
    QLabel,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ui.palette import card_fill, kind_color, kind_label

__all__ = ["GraphEdge", "GraphNode", "GraphView"]

_SPACING = 95.0         # scene units per sqrt(node): the drawing grows with the graph
_MIN_HALF_SPAN = 220.0  # half the width of the smallest drawing
_BASE_RADIUS = 13.0
_DIM = 0.18             # opacity of what the selection does not touch


@dataclass(frozen=True)
class GraphNode:
    """A card to draw."""

    id: Hashable
    """The node key (a card id)."""
    name: str
    """Label under the node."""
    count: int = 1
    """Copies in the deck: the node grows with it."""
    colors: tuple[str, ...] = ()
    """Colour letters, for the fill."""
    tooltip: str = ""
    """Hover text."""


@dataclass(frozen=True)
class GraphEdge:
    """A synergy edge to draw."""

    source: Hashable
    """Source node id."""
    target: Hashable
    """Target node id."""
    kind: str
    """Synergy kind: picks the colour and the legend entry."""
    tooltip: str = ""
    """Hover text (the explanation)."""
    payload: object = field(default=None, compare=False)
    """What :attr:`GraphView.edge_clicked` emits (the edge row)."""


# -- scene items -----------------------------------------------------------------------------


class _NodeItem(QGraphicsEllipseItem):
    def __init__(self, node: GraphNode, view: GraphView) -> None:
        radius = _BASE_RADIUS + 5.0 * math.sqrt(max(0, node.count - 1))
        super().__init__(-radius, -radius, 2 * radius, 2 * radius)
        self.node = node
        self.radius = radius
        self._view = view
        fill = card_fill(node.colors)
        self.setBrush(QBrush(fill))
        self._pen = QPen(fill.darker(175), 1.5)
        self.setPen(self._pen)
        self.setZValue(2)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(node.tooltip or node.name)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        font = QFont()
        font.setPointSizeF(8.0)
        backdrop = QGraphicsRectItem(self)  # the label keeps its size on screen at any zoom
        backdrop.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        backdrop.setPen(QPen(Qt.PenStyle.NoPen))
        backdrop.setBrush(QColor(255, 255, 255, 200))
        label = QGraphicsSimpleTextItem(node.name, backdrop)
        label.setFont(font)
        label.setBrush(QColor("#222222"))
        box = label.boundingRect()
        label.setPos(-box.width() / 2, 0)
        backdrop.setRect(box.translated(-box.width() / 2, 0).adjusted(-2, 0, 2, 0))
        backdrop.setPos(0, radius + 1)
        self.label = label
        if node.count > 1:
            badge = QGraphicsSimpleTextItem(str(node.count), self)
            badge.setFont(font)
            rect = badge.boundingRect()
            badge.setPos(-rect.width() / 2, -rect.height() / 2)

    def set_highlight(self, on: bool) -> None:
        self.setPen(QPen(QColor("#111111"), 3.5) if on else self._pen)
        self.setZValue(5 if on else 2)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._view.node_clicked.emit(self.node.id)
            event.accept()
            return
        super().mousePressEvent(event)


class _EdgeItem(QGraphicsPathItem):
    def __init__(self, edge: GraphEdge, path: QPainterPath, head: QPolygonF,
                 color: QColor, view: GraphView) -> None:
        super().__init__(path)
        self.edge = edge
        self._view = view
        self._color = color
        self._width = 1.3
        self.setPen(QPen(color, self._width))
        self.setZValue(1)
        self.setAcceptHoverEvents(True)
        self.setToolTip(edge.tooltip)
        self._head = QGraphicsPolygonItem(head, self)
        self._head.setBrush(QBrush(color))
        self._head.setPen(QPen(color, 1))
        stroker = QPainterPathStroker()
        stroker.setWidth(9)
        self._shape = stroker.createStroke(path)

    def shape(self) -> QPainterPath:
        return self._shape

    def set_width(self, width: float) -> None:
        pen = QPen(self._color, width)
        self.setPen(pen)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.set_width(4.0)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.set_width(3.2 if self._view.selected_edge() is self.edge.payload
                       and self.edge.payload is not None else self._width)
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._view.edge_clicked.emit(self.edge.payload)
            event.accept()
            return
        super().mousePressEvent(event)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        super().paint(painter, option, widget)


# -- the view --------------------------------------------------------------------------------


class GraphView(QGraphicsView):
    """The interactive synergy graph.

    Signals
    -------
    node_clicked(object)
        The id of the node the user clicked.
    edge_clicked(object)
        The :attr:`GraphEdge.payload` of the edge the user clicked.
    background_clicked()
        A click on no item.
    """

    node_clicked = Signal(object)
    edge_clicked = Signal(object)
    background_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(QColor("#fbfbf8"))
        self.setAccessibleName("Synergy graph")
        self.setToolTip("")  # items carry their own tooltips
        self.setAccessibleDescription(
            "Cards as nodes, synergies as arrows. Wheel to zoom, drag to pan, click a card "
            "to select it.")
        self._nodes: dict[Hashable, _NodeItem] = {}
        self._edges: list[_EdgeItem] = []
        self._data: tuple[Sequence[GraphNode], Sequence[GraphEdge],
                          Mapping[Hashable, tuple[float, float]]] = ([], [], {})
        self._linked_positions: Mapping[Hashable, tuple[float, float]] | None = None
        self._show_isolated = False
        self._user_zoomed = False
        self._selected_edge: object = None
        self._legend = _Legend(self.viewport())
        self._legend.move(10, 10)
        self._empty = QLabel("Open a deck to see its synergy graph.", self.viewport())
        self._empty.setStyleSheet("color: #888; font-size: 13pt;")
        self._empty.adjustSize()

    # -- data ------------------------------------------------------------------------------

    def set_graph(self, nodes: Sequence[GraphNode], edges: Sequence[GraphEdge],
                  positions: Mapping[Hashable, tuple[float, float]],
                  linked_positions: Mapping[Hashable, tuple[float, float]] | None = None
                  ) -> None:
        """Draw ``nodes`` at ``positions`` (layout units) joined by ``edges``.

        Cards with no synergy are left out unless :meth:`set_show_isolated` asks for them;
        while they are, ``linked_positions`` (a layout of the linked cards alone), if given,
        places the others.
        """
        self._data = (list(nodes), list(edges), dict(positions))
        self._linked_positions = dict(linked_positions) if linked_positions else None
        self._rebuild()

    def set_show_isolated(self, show: bool) -> None:
        """Draw the cards that have no synergy too (default: hide them)."""
        if show != self._show_isolated:
            self._show_isolated = show
            self._rebuild()

    @property
    def show_isolated(self) -> bool:
        """Whether cards without synergy are drawn."""
        return self._show_isolated

    def hidden_count(self) -> int:
        """Cards left out because they have no synergy."""
        return len(self._data[0]) - len(self._nodes)

    def _rebuild(self) -> None:
        nodes, edges, positions = self._data
        if not self._show_isolated:
            linked = {n for e in edges if e.source != e.target for n in (e.source, e.target)}
            nodes = [n for n in nodes if n.id in linked]
            if self._linked_positions is not None:
                positions = self._linked_positions
        placed = _fit_positions([n.id for n in nodes], positions)
        scene = self.scene()
        scene.clear()
        self._nodes.clear()
        self._edges.clear()
        self._selected_edge = None
        for node in nodes:
            x, y = placed.get(node.id, (0.0, 0.0))
            item = _NodeItem(node, self)
            item.setPos(x, y)
            scene.addItem(item)
            self._nodes[node.id] = item
        self._add_edges(edges)
        kinds = Counter(e.kind for e in edges if e.source in self._nodes
                        and e.target in self._nodes and e.source != e.target)
        self._legend.set_kinds(kinds)
        self._empty.setText("Open a deck to see its synergy graph." if not self._data[0]
                            else "No synergies found in this deck.")
        self._empty.adjustSize()
        self._empty.setVisible(not nodes)
        self._place_overlays()
        rect = scene.itemsBoundingRect().adjusted(-60, -60, 60, 60)
        scene.setSceneRect(rect)
        self._user_zoomed = False
        self.fit()

    def clear_graph(self) -> None:
        """Show nothing (no deck)."""
        self.set_graph([], [], {})

    def node_ids(self) -> list[Hashable]:
        """Ids of the nodes drawn."""
        return list(self._nodes)

    def edge_count(self) -> int:
        """Number of edges drawn."""
        return len(self._edges)

    def node_position(self, node_id: Hashable) -> QPointF:
        """Scene position of a node's centre."""
        return self._nodes[node_id].pos()

    def selected_edge(self) -> object:
        """The payload of the highlighted edge, or None."""
        return self._selected_edge

    # -- highlighting ----------------------------------------------------------------------

    def highlight_node(self, node_id: Hashable | None) -> None:
        """Emphasise a node, its edges and its neighbours; None shows everything plainly."""
        self._selected_edge = None
        if node_id is None or node_id not in self._nodes:
            self._set_all_opacity(1.0)
            for item in self._nodes.values():
                item.set_highlight(False)
            for edge in self._edges:
                edge.set_width(1.3)
            return
        touching = {id(e) for e in self._edges
                    if node_id in (e.edge.source, e.edge.target)}
        near = {node_id} | {n for e in self._edges if id(e) in touching
                            for n in (e.edge.source, e.edge.target)}
        for key, item in self._nodes.items():
            item.setOpacity(1.0 if key in near else _DIM)
            item.set_highlight(key == node_id)
        for edge in self._edges:
            on = id(edge) in touching
            edge.setOpacity(1.0 if on else _DIM * 0.6)
            edge.set_width(2.4 if on else 1.3)
        if not self._user_zoomed:
            return
        self.ensureVisible(self._nodes[node_id], 80, 80)

    def highlight_edge(self, payload: object) -> None:
        """Emphasise the edge whose payload is ``payload`` and its two cards."""
        match = [e for e in self._edges if e.edge.payload is payload
                 or (payload is not None and e.edge.payload == payload)]
        if not match:
            self.highlight_node(None)
            return
        self._selected_edge = payload
        ends = {match[0].edge.source, match[0].edge.target}
        for key, item in self._nodes.items():
            item.setOpacity(1.0 if key in ends else _DIM)
            item.set_highlight(key in ends)
        for edge in self._edges:
            on = edge is match[0]
            edge.setOpacity(1.0 if on else _DIM * 0.6)
            edge.set_width(3.2 if on else 1.3)

    # -- zoom ------------------------------------------------------------------------------

    def fit(self) -> None:
        """Fit the whole graph in the view."""
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        self.resetTransform()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        """Zoom by ``factor`` (>1 in), within sensible bounds."""
        current = self.transform().m11()
        factor = max(0.05 / current, min(factor, 8.0 / current))
        self.scale(factor, factor)
        self._user_zoomed = True

    # -- Qt overrides ----------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom(1.15 ** steps)
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_overlays()
        if not self._user_zoomed:
            self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._place_overlays()
        if not self._user_zoomed:
            self.fit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.itemAt(event.position().toPoint()) is None \
                and event.button() == Qt.MouseButton.LeftButton:
            self.background_clicked.emit()
        super().mousePressEvent(event)

    # -- helpers ---------------------------------------------------------------------------

    def _place_overlays(self) -> None:
        self._legend.move(10, 10)
        self._empty.move((self.viewport().width() - self._empty.width()) // 2,
                         (self.viewport().height() - self._empty.height()) // 2)

    def _set_all_opacity(self, value: float) -> None:
        for item in self._nodes.values():
            item.setOpacity(value)
        for edge in self._edges:
            edge.setOpacity(value)

    def _add_edges(self, edges: Sequence[GraphEdge]) -> None:
        pairs: dict[frozenset[Hashable], list[GraphEdge]] = defaultdict(list)
        for edge in edges:
            if edge.source == edge.target or edge.source not in self._nodes \
                    or edge.target not in self._nodes:
                continue
            pairs[frozenset((edge.source, edge.target))].append(edge)
        for group in pairs.values():
            ordered = sorted(group, key=lambda e: (str(e.source), e.kind))
            first = ordered[0].source
            for i, edge in enumerate(ordered):
                bend = (i - (len(ordered) - 1) / 2) * 22.0
                if edge.source != first:
                    bend = -bend  # same side of the line, whichever way it points
                if len(ordered) == 1:
                    bend = 10.0
                item = self._edge_item(edge, bend)
                self.scene().addItem(item)
                self._edges.append(item)

    def _edge_item(self, edge: GraphEdge, bend: float) -> _EdgeItem:
        a, b = self._nodes[edge.source], self._nodes[edge.target]
        p, q = a.pos(), b.pos()
        dx, dy = q.x() - p.x(), q.y() - p.y()
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        nx_, ny_ = -uy, ux
        mid = QPointF((p.x() + q.x()) / 2 + nx_ * bend, (p.y() + q.y()) / 2 + ny_ * bend)
        start = _towards(p, mid, a.radius + 1)
        end = _towards(q, mid, b.radius + 3)
        path = QPainterPath(start)
        path.quadTo(mid, end)
        tx, ty = end.x() - mid.x(), end.y() - mid.y()
        tlen = math.hypot(tx, ty) or 1.0
        tx, ty = tx / tlen, ty / tlen
        size = 9.0
        head = QPolygonF([
            end,
            QPointF(end.x() - tx * size - ty * size * 0.5, end.y() - ty * size + tx * size * 0.5),
            QPointF(end.x() - tx * size + ty * size * 0.5, end.y() - ty * size - tx * size * 0.5),
        ])
        return _EdgeItem(edge, path, head, kind_color(edge.kind), self)


def _fit_positions(ids: Sequence[Hashable],
                   positions: Mapping[Hashable, tuple[float, float]]
                   ) -> dict[Hashable, tuple[float, float]]:
    """Scene positions of the nodes drawn: the layout of just these nodes, centred and
    stretched to a size that grows with their number (so hiding cards without synergies
    does not leave the rest crammed in the middle)."""
    points = {i: positions.get(i, (0.0, 0.0)) for i in ids}
    if not points:
        return {}
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    span = max(max(xs) - min(xs), max(ys) - min(ys)) / 2 or 1.0
    half = max(_MIN_HALF_SPAN, _SPACING * math.sqrt(len(points)))
    return {i: ((x - cx) / span * half, (y - cy) / span * half) for i, (x, y) in points.items()}


def _towards(origin: QPointF, target: QPointF, distance: float) -> QPointF:
    dx, dy = target.x() - origin.x(), target.y() - origin.y()
    length = math.hypot(dx, dy) or 1.0
    return QPointF(origin.x() + dx / length * distance, origin.y() + dy / length * distance)


class _Legend(QFrame):
    """The kinds drawn, each with its colour and number of edges."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("graphLegend")
        self.setStyleSheet("#graphLegend { background: rgba(255,255,255,225);"
                           " border: 1px solid #cfcfcf; border-radius: 4px; }")
        self.setAccessibleName("Graph legend")
        self.setToolTip("Synergy kinds: colour of the arrows and number of edges")
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(8, 6, 8, 6)
        self._layout.setHorizontalSpacing(6)
        self._layout.setVerticalSpacing(2)
        self.kinds: dict[str, int] = {}
        self.hide()

    def set_kinds(self, kinds: Mapping[str, int]) -> None:
        while self._layout.count():
            child = self._layout.takeAt(0)
            if child.widget() is not None:
                child.widget().deleteLater()
        self.kinds = dict(sorted(kinds.items()))
        title = QLabel("<b>Synergies</b>")
        self._layout.addWidget(title, 0, 0, 1, 3)
        for row, (kind, count) in enumerate(self.kinds.items(), start=1):
            swatch = QLabel()
            swatch.setFixedSize(18, 4)
            swatch.setStyleSheet(f"background: {kind_color(kind).name()};")
            self._layout.addWidget(swatch, row, 0, Qt.AlignmentFlag.AlignVCenter)
            self._layout.addWidget(QLabel(kind_label(kind)), row, 1)
            number = QLabel(str(count))
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self._layout.addWidget(number, row, 2)
        self.setVisible(bool(self.kinds))
        self.adjustSize()


