"""The Graph tab's scene items: a card node with its elided label, a curved synergy arrow,
and a group's rounded block with its name.

Items only draw and report clicks to their :class:`~ui.widgets.graph_view.GraphView`; sizes
are scene units (one screen pixel at zoom 1), so the labels zoom with the picture and the
grouped layout's cells keep them apart at every zoom.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from ui.palette import card_fill
from ui.theme import is_dark
from ui.widgets.graph_layers import EDGE_WIDTH, line_pen

if TYPE_CHECKING:
    from ui.widgets.graph_view import GraphView

__all__ = [
    "EdgeItem",
    "GraphEdge",
    "GraphNode",
    "GroupItem",
    "NodeItem",
    "label_font",
    "short_label",
]

BASE_RADIUS = 9.0
"""Radius of a one-copy card's node, scene units."""
LABEL_WIDTH = 128.0
"""Widest label, scene units (a little less than a layout cell)."""

@dataclass(frozen=True)
class GraphNode:
    """A card to draw."""

    id: Hashable
    """The node key (a card id)."""
    name: str
    """The card's full name; the label shows :func:`short_label` of it, the tooltip all."""
    count: int = 1
    """Copies in the deck: the node grows with it."""
    colors: tuple[str, ...] = ()
    """Colour letters, for the fill."""
    tooltip: str = ""
    """Hover text (rich text allowed)."""


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
    """Hover text: the kind, the explanation and the rules."""
    payload: object = field(default=None, compare=False)
    """What :attr:`GraphView.edge_clicked` emits (the edge row)."""


def label_font() -> QFont:
    """The labels' font: 11 scene units high, so a cell holds about 20 characters."""
    font = QFont()
    font.setPixelSize(11)
    return font


def short_label(name: str, metrics: QFontMetricsF, width: float = LABEL_WIDTH) -> str:
    """A card name short enough for its cell: the front face of ``"A // B"``, then elided
    with "…" at the right to ``width`` scene units."""
    front = name.split(" // ", 1)[0]
    return metrics.elidedText(front, Qt.TextElideMode.ElideRight, width)


class NodeItem(QGraphicsEllipseItem):
    """A card: a disc in its colour, a copy count inside, its short name below."""

    def __init__(self, node: GraphNode, view: GraphView, metrics: QFontMetricsF) -> None:
        # grows with the copies up to 10 (a basic land with 35 copies must still fit its
        # layout cell above its label)
        radius = BASE_RADIUS + 2.0 * math.sqrt(min(max(0, node.count - 1), 9))
        super().__init__(-radius, -radius, 2 * radius, 2 * radius)
        self.node = node
        self.radius = radius
        self._view = view
        fill = card_fill(node.colors)
        self.setBrush(QBrush(fill))
        self._pen = QPen(fill.darker(170), 1.3)
        self.setPen(self._pen)
        self.setZValue(2)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(node.tooltip or node.name)
        self._highlighted = False
        self.halo = QGraphicsEllipseItem(-radius - 5, -radius - 5, 2 * radius + 10,
                                         2 * radius + 10, self)
        self.halo.setPen(QPen(QColor("#f59e0b"), 3.5))
        self.halo.setBrush(Qt.BrushStyle.NoBrush)
        self.halo.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent, True)
        self.halo.hide()
        self.label_text = short_label(node.name, metrics)
        backdrop = QGraphicsRectItem(self)
        backdrop.setPen(QPen(Qt.PenStyle.NoPen))
        label = QGraphicsSimpleTextItem(self.label_text, backdrop)
        label.setFont(label_font())
        box = label.boundingRect()
        label.setPos(-box.width() / 2, 0)
        backdrop.setRect(box.translated(-box.width() / 2, 0).adjusted(-2, 0, 2, 0))
        backdrop.setPos(0, radius + 1)
        self.label = label
        self.backdrop = backdrop
        self.apply_theme(is_dark())
        if node.count > 1:
            badge = QGraphicsSimpleTextItem(str(node.count), self)
            badge.setFont(label_font())
            rect = badge.boundingRect()
            badge.setPos(-rect.width() / 2, -rect.height() / 2)

    def apply_theme(self, dark: bool) -> None:
        """Label colours of the light or dark canvas: dark text on a pale backdrop, or light
        text on a dark one (the card disc keeps its colour-identity fill)."""
        self.backdrop.setBrush(QColor(30, 30, 30, 215) if dark else QColor(251, 251, 248, 215))
        self.label.setBrush(QColor("#ececec") if dark else QColor("#1f1f1f"))

    def set_highlight(self, on: bool) -> None:
        """Draw the selected card with a heavy outline and its full name, above the
        others (which the selection dims)."""
        if on == self._highlighted:
            return
        self._highlighted = on
        self.setPen(QPen(QColor("#111111"), 3.0) if on else self._pen)
        self.setZValue(5 if on else 2)
        font = label_font()
        font.setBold(on)
        self.label.setFont(font)
        self._set_label(self.node.name.split(" // ", 1)[0] if on else self.label_text)

    def _set_label(self, text: str) -> None:
        self.label.setText(text)
        box = self.label.boundingRect()
        self.label.setPos(-box.width() / 2, 0)
        self.backdrop.setRect(box.translated(-box.width() / 2, 0).adjusted(-2, 0, 2, 0))

    def set_found(self, on: bool) -> None:
        """Show the search halo."""
        self.halo.setVisible(on)
        if on:
            self.setZValue(max(self.zValue(), 4))
        elif self.zValue() == 4:
            self.setZValue(2)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._view.preview_node(self.node.id)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._view.preview_node(None)
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._view.node_clicked.emit(self.node.id)
            event.accept()
            return
        super().mousePressEvent(event)


class EdgeItem(QGraphicsPathItem):
    """A synergy: a curved arrow in its kind's colour; hovering thickens it and shows the
    explanation.

    At rest the arrow is drawn by its kind's :class:`EdgeLayer` (one cached picture for
    hundreds of arrows) and this item only catches the mouse; hovered, selected or next to
    the selected card it draws itself, wider and in full colour."""

    def __init__(self, edge: GraphEdge, path: QPainterPath, head: QPolygonF, color: QColor,
                 view: GraphView) -> None:
        super().__init__(path)
        self.edge = edge
        self.head_polygon = head
        self._view = view
        self._color = color
        self.setZValue(1)
        self.setAcceptHoverEvents(True)
        self.setToolTip(edge.tooltip)
        self._head: QGraphicsPolygonItem | None = None  # made when first drawn
        self._shape: QPainterPath | None = None
        self.hovered = False
        self.setPen(QPen(Qt.PenStyle.NoPen))

    def shape(self) -> QPainterPath:
        if self._shape is None:  # made on first use: most arrows are never pointed at
            stroker = QPainterPathStroker()
            stroker.setWidth(8)
            self._shape = stroker.createStroke(self.path())
        return self._shape

    def set_width(self, width: float) -> None:
        """Draw the arrow ``width`` wide in full colour; at the resting width
        (:data:`EDGE_WIDTH`) leave the drawing to the layer."""
        active = width > EDGE_WIDTH
        if not active and self._head is None:
            return  # never drawn yet: nothing to undo
        self.setPen(line_pen(self._color, width) if active else QPen(Qt.PenStyle.NoPen))
        if self._head is None:
            self._head = QGraphicsPolygonItem(self.head_polygon, self)
            self._head.setPen(QPen(Qt.PenStyle.NoPen))
            self._head.setBrush(QBrush(self._color))
        self._head.setVisible(active)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        self.set_width(3.5)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        self.set_width(self._view.edge_width(self))
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._view.edge_clicked.emit(self.edge.payload)
            event.accept()
            return
        super().mousePressEvent(event)


class GroupItem(QGraphicsPathItem):
    """A group's block: a pale rounded rectangle, and its title above it (a separate item,
    which the view stacks above the arrows so they never hide it)."""

    def __init__(self, name: str, title: str, rect: QRectF) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect.adjusted(-8, -24, 8, 6), 8, 8)
        super().__init__(path)
        self.name = name
        self.rect = rect
        self.setZValue(0)
        self.title = QGraphicsRectItem()  # a backdrop, so arrows never cross the letters
        self.title.setPen(QPen(Qt.PenStyle.NoPen))
        text = QGraphicsSimpleTextItem(title, self.title)
        text.setFont(self.title_font())
        self.title.setRect(text.boundingRect().adjusted(-3, -1, 3, 1))
        self.title.setPos(rect.left(), rect.top() - 20)
        self.title.setZValue(1.5)
        self.title_text = text
        self.apply_theme(is_dark())

    def apply_theme(self, dark: bool) -> None:
        """The block and title colours of the light or dark canvas."""
        self.setBrush(QColor(255, 255, 255, 16) if dark else QColor(236, 234, 226, 150))
        self.setPen(QPen(QColor("#4a4740") if dark else QColor("#dedad0"), 1))
        self.title.setBrush(QColor(38, 38, 36, 235) if dark else QColor(240, 238, 231, 235))
        self.title_text.setBrush(QColor("#cfc9b8") if dark else QColor("#5b5648"))

    @staticmethod
    def title_font() -> QFont:
        """The group titles' font (bold, 12 scene units)."""
        font = QFont()
        font.setPixelSize(12)
        font.setBold(True)
        return font


def arrow_shape(ends: tuple[float, float, float, float], radii: tuple[float, float],
                bend: float) -> tuple[QPainterPath, QPolygonF]:
    """A quadratic curve between two discs, centres ``ends = (x1, y1, x2, y2)`` and
    ``radii``, bent ``bend`` units to the left of the way it goes, and its arrow head."""
    x1, y1, x2, y2 = ends
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    mx, my = (x1 + x2) / 2 - dy / length * bend, (y1 + y2) / 2 + dx / length * bend
    sx, sy = _towards(x1, y1, mx, my, radii[0] + 1)
    ex, ey = _towards(x2, y2, mx, my, radii[1] + 2)
    path = QPainterPath(QPointF(sx, sy))
    path.quadTo(QPointF(mx, my), QPointF(ex, ey))
    tx, ty = ex - mx, ey - my
    tlen = math.hypot(tx, ty) or 1.0
    tx, ty = tx / tlen * 7.0, ty / tlen * 7.0
    head = QPolygonF([QPointF(ex, ey),
                      QPointF(ex - tx - ty * 0.5, ey - ty + tx * 0.5),
                      QPointF(ex - tx + ty * 0.5, ey - ty - tx * 0.5)])
    return path, head


def _towards(x: float, y: float, tx: float, ty: float, distance: float
             ) -> tuple[float, float]:
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy) or 1.0
    return x + dx / length * distance, y + dy / length * distance
