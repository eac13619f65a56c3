"""Save the Graph tab's picture as PNG or SVG: the whole scene as drawn (filters and
highlights included) under a legend of the synergy kinds shown.

SVG goes through :class:`PySide6.QtSvg.QSvgGenerator` (part of PySide6-Essentials), PNG
through a :class:`QImage` at twice the scene's resolution.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene

from ui.palette import kind_color, kind_label

__all__ = ["PICTURE_SUFFIXES", "export_scene"]

PICTURE_SUFFIXES = (".png", ".svg")
"""The picture formats :func:`export_scene` writes, by file extension."""
_MARGIN = 24.0
_PNG_SCALE = 2.0


def _legend_height(kinds: Mapping[str, int], width: float, metrics: QFontMetricsF) -> float:
    rows, x = 1, 0.0
    for kind, count in kinds.items():
        w = 26 + metrics.horizontalAdvance(f"{kind_label(kind)} ({count})") + 18
        if x and x + w > width:
            rows, x = rows + 1, 0.0
        x += w
    return 24 + rows * 18.0


def _draw_legend(painter: QPainter, kinds: Mapping[str, int], title: str, width: float,
                 font: QFont) -> None:
    metrics = QFontMetricsF(font)
    bold = QFont(font)
    bold.setBold(True)
    painter.setFont(bold)
    painter.setPen(QColor("#222222"))
    painter.drawText(QRectF(_MARGIN, _MARGIN - 4, width, 18),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
    painter.setFont(font)
    x, y = 0.0, _MARGIN + 18
    for kind, count in kinds.items():
        text = f"{kind_label(kind)} ({count})"
        w = 26 + metrics.horizontalAdvance(text) + 18
        if x and x + w > width:
            x, y = 0.0, y + 18
        color = kind_color(kind)
        painter.setPen(QPen(color, 3))
        painter.drawLine(int(_MARGIN + x), int(y + 9), int(_MARGIN + x + 20), int(y + 9))
        painter.setPen(QColor("#222222"))
        painter.drawText(QRectF(_MARGIN + x + 26, y, w, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        x += w


def export_scene(scene: QGraphicsScene, path: Path | str, kinds: Mapping[str, int],
                 title: str = "Synergies", *, legend: bool = True) -> Path:
    """Write the scene's items (``scene.itemsBoundingRect()``) to ``path`` with a legend.

    Parameters
    ----------
    scene : QGraphicsScene
        The graph as drawn.
    path : path
        ``*.png`` or ``*.svg`` (case-insensitive).
    kinds : mapping
        kind -> edges shown, for the legend (in this order).
    title : str
        The legend's title.
    legend : bool
        Draw the title and legend above the graph.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    ValueError
        The extension is neither ``.png`` nor ``.svg``.
    OSError
        The file could not be written.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in PICTURE_SUFFIXES:
        raise ValueError(f"cannot save a picture as {path.name!r}: use a .png or .svg name")
    source = scene.itemsBoundingRect()
    if source.isEmpty():
        source = QRectF(0, 0, 200, 100)
    font = QFont()
    font.setPixelSize(12)
    width = max(source.width(), 420.0)
    top = _legend_height(kinds, width, QFontMetricsF(font)) + _MARGIN if legend else _MARGIN
    size = QSize(int(width + 2 * _MARGIN), int(top + source.height() + _MARGIN))
    target = QRectF(_MARGIN + (width - source.width()) / 2, top, source.width(),
                    source.height())
    if suffix == ".svg":
        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(size)
        generator.setViewBox(QRect(0, 0, size.width(), size.height()))
        generator.setTitle(title)
        generator.setDescription("Spellweb synergy graph: cards as nodes, synergies as arrows")
        painter = QPainter()
        if not painter.begin(generator):
            raise OSError(f"could not write {str(path)!r}")
        _paint(painter, scene, source, target, size, kinds if legend else None, title, width,
               font)
        painter.end()
        if not path.is_file() or path.stat().st_size == 0:
            raise OSError(f"could not write {str(path)!r}")
        return path
    image = QImage(int(size.width() * _PNG_SCALE), int(size.height() * _PNG_SCALE),
                   QImage.Format.Format_ARGB32)
    image.setDotsPerMeterX(int(96 / 0.0254 * _PNG_SCALE))
    image.setDotsPerMeterY(int(96 / 0.0254 * _PNG_SCALE))
    painter = QPainter(image)
    painter.scale(_PNG_SCALE, _PNG_SCALE)
    _paint(painter, scene, source, target, size, kinds if legend else None, title, width, font)
    painter.end()
    if not image.save(str(path), "PNG"):  # type: ignore[call-overload]  # stubs say bytes
        raise OSError(f"could not write {str(path)!r}")
    return path


def _paint(painter: QPainter, scene: QGraphicsScene, source: QRectF, target: QRectF,
           size: QSize, kinds: Mapping[str, int] | None, title: str, width: float,
           font: QFont) -> None:
    painter.setRenderHints(QPainter.RenderHint.Antialiasing
                           | QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(QRectF(0, 0, size.width(), size.height()), QColor("#ffffff"))
    if kinds is not None:
        _draw_legend(painter, kinds, title, width, font)
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
