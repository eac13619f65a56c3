"""The arrows of the Graph tab at rest: one translucent picture per synergy kind.

Stroking hundreds of long antialiased curves takes Qt's raster engine a few hundred
milliseconds, far too long for the GUI thread. Each kind's arrows are therefore one
:class:`EdgeLayer`: a layer with few arrows draws them itself; a layer with many shows a
picture that :class:`ArrowPictures` paints off the GUI thread (in a
:class:`~ui.workers.JobWorker`, QImage and QPainter being safe there). Either way Qt caches
what is drawn in screen pixels, so hovering and scrolling only copy it. The
:class:`~ui.widgets.graph_items.EdgeItem` above each arrow takes the mouse and draws the
arrow itself, in full colour, when it is hovered or selected.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from analyzer.progress import CancelToken, Job, Progress
from ui.palette import kind_color
from ui.workers import JobWorker

__all__ = [
    "EDGE_WIDTH",
    "VECTOR_LIMIT",
    "ArrowPictures",
    "EdgeLayer",
    "line_pen",
    "picture_scale",
    "render_arrows",
    "rest_alpha",
]

EDGE_WIDTH = 1.2
"""Pen width of an arrow at rest."""
VECTOR_LIMIT = 40
"""A layer with at most this many arrows draws them itself, with no picture."""
_PICTURE_BYTES = 48_000_000
"""Memory all the layers' pictures of a graph may take together."""
_CURVES_PER_TURN = 4
"""Curves a worker draws before it lets the GUI thread run Python."""

Arrow = tuple[QPainterPath, QPolygonF]
"""An arrow's curve and its head, scene units."""


def rest_alpha(edges: int) -> int:
    """Opacity (0-255) of the arrows at rest when ``edges`` are drawn: 150 up to 150
    arrows, then falling with the square root of their number (60 at 900), so a dense deck
    reads as a haze under its labels until a card is hovered or selected."""
    return max(60, min(150, round(150 * math.sqrt(150 / max(edges, 1)))))


def line_pen(color: QColor, width: float) -> QPen:
    """An arrow's pen: cosmetic (``width`` screen pixels at any zoom), which Qt strokes
    several times faster than a scaled pen — hundreds of arrows stay smooth."""
    pen = QPen(color, width)
    pen.setCosmetic(True)
    return pen


class EdgeLayer(QGraphicsItem):
    """Every arrow of one kind at rest, translucent, as one picture.

    Stroking hundreds of long antialiased curves takes Qt's raster engine a few hundred
    milliseconds, far too long for the GUI thread. A layer with many arrows is therefore
    drawn by :func:`render_arrows` into an image off the GUI thread (the view runs it in a
    :class:`~ui.workers.JobWorker`) and shows that image, scaled, once it arrives
    (:meth:`set_image`); a layer with few arrows (:data:`VECTOR_LIMIT`) draws them itself.
    Either way the result is cached in screen pixels, so hovering and scrolling only copy
    it. It never takes the mouse: the :class:`EdgeItem` above each arrow does.
    """

    def __init__(self, kind: str, arrows: list[Arrow],
                 alpha: int) -> None:
        super().__init__()
        self.kind = kind
        self.arrows = arrows
        rest = QColor(kind_color(kind))
        rest.setAlpha(alpha)
        self.color = rest
        rect = QRectF()
        for path, head in arrows:
            rect = rect.united(path.boundingRect()).united(head.boundingRect())
        self._rect = rect.adjusted(-3, -3, 3, 3)
        self._image: QImage | None = None
        self.vector = len(arrows) <= VECTOR_LIMIT
        """Draw the arrows as vectors (few arrows, or while exporting a picture)."""
        self.setZValue(0.9)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.cache()

    @property
    def ready(self) -> bool:
        """True once the layer can draw its arrows (vectors, or its image arrived)."""
        return self.vector or self._image is not None

    def set_image(self, image: QImage) -> None:
        """Show the picture :func:`render_arrows` made of :attr:`arrows`."""
        self._image = image
        self.update()

    def cache(self) -> None:
        """Cache what is drawn in screen pixels (drawn again only when the zoom changes)."""
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit: the edge items take the mouse

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.vector:
            _paint_arrows(painter, self.arrows, line_pen(self.color, EDGE_WIDTH),
                          QBrush(self.color))
        elif self._image is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(self._rect, self._image)



def picture_scale(rect: QRectF, layers: int) -> float:
    """Pixels per scene unit of the layers' pictures: 1.5, less when ``layers`` pictures of
    ``rect`` would take more than 48 MB together, never a side over 4096 pixels."""
    area = max(rect.width() * rect.height(), 1.0) * 4 * max(layers, 1)
    scale = min(1.5, math.sqrt(_PICTURE_BYTES / area))
    return min(scale, 4096 / max(rect.width(), rect.height(), 1.0))


def render_arrows(arrows: list[Arrow], rect: QRectF,
                  color: QColor, scale: float) -> QImage:
    """Paint translucent arrows (curves and heads) into a transparent image of ``rect``
    at ``scale`` pixels per scene unit. Safe off the GUI thread (QImage, QPainter)."""
    image = QImage(max(1, math.ceil(rect.width() * scale)),
                   max(1, math.ceil(rect.height() * scale)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-rect.left(), -rect.top())
    _paint_arrows(painter, arrows, QPen(color, EDGE_WIDTH), QBrush(color), share_gil=True)
    painter.end()
    return image


def _paint_arrows(painter: QPainter, arrows: list[Arrow],
                  pen: QPen, brush: QBrush, *, share_gil: bool = False) -> None:
    """Draw curves, then heads. ``share_gil`` (in a worker): Qt draws each curve holding
    the interpreter lock, so every few curves the lock is let go (``time.sleep(0)``) for
    the GUI thread, which would otherwise wait up to the 5 ms switch interval each time
    it needs Python."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for i, (path, _) in enumerate(arrows):
        painter.drawPath(path)
        if share_gil and i % _CURVES_PER_TURN == 0:
            time.sleep(0)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(brush)
    for _, head in arrows:
        painter.drawPolygon(head)


class ArrowPictures(QObject):
    """Paints the pictures of the :class:`EdgeLayer` objects that need one, in a worker.

    Signals
    -------
    ready()
        Every layer given to the last :meth:`paint` can draw its arrows.
    """

    ready = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._workers: set[JobWorker] = set()
        self._generation = 0
        self._layers: Mapping[str, EdgeLayer] = {}

    def paint(self, layers: Mapping[str, EdgeLayer]) -> None:
        """Start painting the pictures ``layers`` lack (results for an older call are
        dropped); ``ready`` at once when none lacks one."""
        self._generation += 1
        generation = self._generation
        self._layers = layers
        pending = [layer for layer in layers.values() if not layer.ready]
        if not pending:
            self.ready.emit()
            return
        bounds = QRectF()
        for layer in pending:
            bounds = bounds.united(layer.boundingRect())
        scale = picture_scale(bounds, len(pending))
        # the job copies the arrows itself (off the GUI thread): nothing changes them
        # meanwhile, the view only draws new layers for a new graph
        work = [(layer.kind, list(layer.arrows), QRectF(layer.boundingRect()),
                 QColor(layer.color)) for layer in pending]
        worker = JobWorker(lambda cancel: _render_job(work, scale, cancel),
                           "Drawing the synergy arrows", self)
        worker.result.connect(lambda images: self._painted(generation, images))
        worker.finished.connect(lambda: self._workers.discard(worker))
        self._workers.add(worker)
        worker.start()

    def shutdown(self, msecs: int = 5000) -> None:
        """Drop the pictures being painted and wait for the threads."""
        self._generation += 1
        for worker in list(self._workers):
            worker.cancel()
            worker.wait(msecs)

    def _painted(self, generation: int, images: dict[str, QImage]) -> None:
        if generation != self._generation:
            return  # painted for a graph replaced since
        for kind, image in images.items():
            layer = self._layers.get(kind)
            if layer is not None:
                layer.set_image(image)
        if all(layer.ready for layer in self._layers.values()):
            self.ready.emit()


def _render_job(work: list[tuple[str, list[Arrow], QRectF, QColor]],
                scale: float, cancel: CancelToken) -> Job[dict[str, QImage]]:
    """Paint each kind's arrows into a picture (:func:`render_arrows`), in a worker."""
    images = {}
    for done, (kind, arrows, rect, color) in enumerate(work):
        cancel.check()
        yield Progress(done, len(work), f"Drawing the {kind.replace('_', ' ')} arrows")
        own = [(QPainterPath(path), QPolygonF(head)) for path, head in arrows]
        images[kind] = render_arrows(own, rect, color, scale)
    return images
