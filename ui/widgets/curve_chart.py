"""The Deck tab's small charts: the mana curve as bars and the colour pips as dots.

Both are drawn with QPainter (PySide6-Essentials has no QtCharts). They only draw what they
are given: the numbers come from :mod:`analyzer.stats` through the window.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QLineF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

__all__ = ["PIP_COLORS", "ColorPips", "CurveChart"]

PIP_COLORS: dict[str, str] = {
    "W": "#efe6c0", "U": "#3b82c4", "B": "#4a4242", "R": "#d9534f", "G": "#3f9c5a",
    "C": "#b8b2a8",
}
"""Fill colour of each mana colour letter (the same colours as the HTML report)."""

_BAR = QColor("#5b7db1")
_AXIS = QColor("#8a8a8a")


class CurveChart(QWidget):
    """A bar per mana value, 0 to 7+, with the copies above each bar.

    Parameters
    ----------
    last_label : str
        Label of the last bucket (``"7+"``).
    """

    def __init__(self, parent: QWidget | None = None, *, last_label: str = "7+") -> None:
        super().__init__(parent)
        self._curve: dict[int, int] = {}
        self._last_label = last_label
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Mana curve")
        self.setToolTip("Mana curve: nonland cards by mana value")

    # -- data ------------------------------------------------------------------------------

    def set_curve(self, curve: Mapping[int, int]) -> None:
        """Show ``{mana value: copies}`` (the last key is the "and more" bucket)."""
        self._curve = dict(sorted(curve.items()))
        parts = [f"{self._label(mv)}: {n}" for mv, n in self._curve.items()]
        self.setToolTip("Mana curve (nonland cards by mana value)\n" + ", ".join(parts))
        self.setAccessibleDescription(", ".join(parts))
        self.update()

    def curve(self) -> dict[int, int]:
        """The curve shown."""
        return dict(self._curve)

    # -- Qt overrides ----------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(260, 96)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
        painter.setFont(font)
        metrics = painter.fontMetrics()
        label_h = metrics.height()
        rect = QRectF(self.rect()).adjusted(4, 2, -4, -2)
        buckets = list(self._curve.items()) or [(mv, 0) for mv in range(8)]
        top = max((n for _, n in buckets), default=0) or 1
        slot = rect.width() / len(buckets)
        bar_w = slot * 0.68
        chart_h = rect.height() - 2 * label_h - 2
        base_y = rect.top() + label_h + chart_h
        painter.setPen(QPen(_AXIS, 1))
        painter.drawLine(QLineF(rect.left(), base_y, rect.right(), base_y))
        for i, (mv, count) in enumerate(buckets):
            x = rect.left() + i * slot + (slot - bar_w) / 2
            h = chart_h * count / top
            if count:
                painter.fillRect(QRectF(x, base_y - h, bar_w, h), _BAR)
                painter.setPen(self.palette().text().color())
                painter.drawText(QRectF(x - 4, base_y - h - label_h, bar_w + 8, label_h),
                                 Qt.AlignmentFlag.AlignCenter, str(count))
            painter.setPen(_AXIS)
            painter.drawText(QRectF(x - 4, base_y + 1, bar_w + 8, label_h),
                             Qt.AlignmentFlag.AlignCenter, self._label(mv))
        painter.end()

    # -- helpers ---------------------------------------------------------------------------

    def _label(self, mv: int) -> str:
        last = max(self._curve, default=7)
        return self._last_label if mv == last and self._last_label else str(mv)


class ColorPips(QWidget):
    """One coloured dot per mana colour with its pip count beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pips: dict[str, int] = {}
        self._names: dict[str, str] = {}
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Colour pips")
        self.setToolTip("Coloured mana symbols in the mana costs")

    def set_pips(self, pips: Mapping[str, int], names: Mapping[str, str] | None = None) -> None:
        """Show ``{colour letter: pips}``; ``names`` gives each letter's name for tooltips."""
        self._pips = {c: n for c, n in pips.items() if n}
        self._names = dict(names or {})
        text = ", ".join(f"{self._names.get(c, c)}: {n}" for c, n in self._pips.items())
        self.setToolTip("Coloured mana symbols in the mana costs\n" + (text or "none"))
        self.setAccessibleDescription(text or "none")
        self.updateGeometry()
        self.update()

    def pips(self) -> dict[str, int]:
        """The pips shown."""
        return dict(self._pips)

    # -- Qt overrides ----------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(max(60, 62 * len(self._pips)), 96)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = painter.fontMetrics()
        size = 22.0
        y = (self.height() - size) / 2
        x = 4.0
        if not self._pips:
            painter.setPen(_AXIS)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "no pips")
        for color, count in self._pips.items():
            fill = QColor(PIP_COLORS.get(color, "#999999"))
            painter.setBrush(fill)
            painter.setPen(QPen(fill.darker(160), 1.2))
            painter.drawEllipse(QRectF(x, y, size, size))
            painter.setPen(QColor("#ffffff") if fill.lightness() < 140 else QColor("#222222"))
            painter.drawText(QRectF(x, y, size, size), Qt.AlignmentFlag.AlignCenter, color)
            painter.setPen(self.palette().text().color())
            text = str(count)
            painter.drawText(QRectF(x + size + 4, y, metrics.horizontalAdvance(text) + 4, size),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
            x += 62
        painter.end()
