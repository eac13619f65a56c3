"""Colours the views share: one colour per synergy kind, one per card colour.

Presentation only. The kinds themselves (and their meaning) belong to :mod:`analyzer.graph`;
a kind this table does not know gets a stable colour of its own from its name.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from analyzer.graph.kinds import KIND_COLORS

__all__ = ["KIND_COLORS", "card_fill", "kind_color", "kind_icon", "kind_label"]

_CARD_FILLS: dict[str, str] = {
    "W": "#f3ecd0", "U": "#b9d3ee", "B": "#bdb5b5", "R": "#f2b8a8", "G": "#b7dcc0",
}
_MULTI = "#e8d28a"
_COLORLESS = "#dcdcdc"


def kind_color(kind: str) -> QColor:
    """The colour of a synergy kind (stable for kinds not in :data:`KIND_COLORS`)."""
    if kind in KIND_COLORS:
        return QColor(KIND_COLORS[kind])
    hue = zlib.crc32(kind.encode()) % 360
    return QColor.fromHsv(hue, 170, 190)


@functools.cache
def kind_icon(kind: str) -> QIcon:
    """A small round swatch of a kind's colour, for table cells and menus."""
    pixmap = QPixmap(12, 12)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = kind_color(kind)
    painter.setBrush(color)
    painter.setPen(color.darker(130))
    painter.drawEllipse(1, 1, 10, 10)
    painter.end()
    return QIcon(pixmap)


def kind_label(kind: str) -> str:
    """A kind as people read it (:func:`analyzer.graph.kinds.kind_label`):
    ``"shares_creature_type"`` -> ``"shares creature type"``."""
    from analyzer.graph.kinds import kind_label as label

    return label(kind)


def card_fill(colors: Sequence[str]) -> QColor:
    """Node fill of a card: its colour, gold when multicoloured, grey when colourless."""
    if len(colors) > 1:
        return QColor(_MULTI)
    if len(colors) == 1:
        return QColor(_CARD_FILLS.get(colors[0], _COLORLESS))
    return QColor(_COLORLESS)
