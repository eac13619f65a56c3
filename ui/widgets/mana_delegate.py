"""Draw mana symbols (``{2}{U}{B}``, ``{T}``, ``{U/P}``) as small coloured discs: in a cost
cell (:class:`ManaCostDelegate`) and as images in rich text (:func:`symbol_image`, which the
Inspector puts inline in rules text)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from analyzer.oracle.symbols import mana_symbols
from ui.widgets.curve_chart import PIP_COLORS

__all__ = ["ManaCostDelegate", "draw_symbol", "symbol_image"]

_GENERIC = QColor("#cfcac0")


class ManaCostDelegate(QStyledItemDelegate):
    """Paints the display text of a cell as mana symbols; other text is drawn as usual."""

    SIZE = 15.0

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        symbols = list(mana_symbols(text)) if isinstance(text, str) else []
        if not symbols:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(opt.font)
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.72))
        font.setBold(True)
        painter.setFont(font)
        size = min(self.SIZE, opt.rect.height() - 4.0)
        x = opt.rect.left() + 4.0
        y = opt.rect.top() + (opt.rect.height() - size) / 2
        for symbol in symbols:
            if x + size > opt.rect.right():
                break
            draw_symbol(painter, QRectF(x, y, size, size), symbol)
            x += size + 2
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        text = index.data(Qt.ItemDataRole.DisplayRole)
        count = len(mana_symbols(text)) if isinstance(text, str) else 0
        if count:
            hint.setWidth(int(count * (self.SIZE + 2) + 8))
        return hint


def draw_symbol(painter: QPainter, rect: QRectF, symbol: str) -> None:
    """Paint one symbol (braces removed: ``"U"``, ``"2"``, ``"W/U"``, ``"T"``) in ``rect``:
    a disc in the colour of its mana (two halves for a hybrid), the number or letter on it
    (CR 107.4 mana symbols, 107.5 tap symbol)."""
    parts = symbol.split("/")
    colors = [QColor(PIP_COLORS[p]) for p in parts if p in PIP_COLORS and p != "C"]
    if len(colors) >= 2:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colors[0])
        painter.drawPie(rect, 45 * 16, 180 * 16)
        painter.setBrush(colors[1])
        painter.drawPie(rect, 225 * 16, 180 * 16)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#555555"), 0.8))
        painter.drawEllipse(rect)
        return
    fill = colors[0] if colors else (QColor(PIP_COLORS["C"]) if symbol == "C" else _GENERIC)
    painter.setBrush(fill)
    painter.setPen(QPen(fill.darker(150), 0.8))
    painter.drawEllipse(rect)
    painter.setPen(QColor("#ffffff") if fill.lightness() < 130 else QColor("#222222"))
    label = parts[0] if len(parts) > 1 and parts[1] == "P" else symbol
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label if len(label) <= 2 else "•")


def symbol_image(symbol: str, size: int = 15, scale: float = 2.0) -> QImage:
    """A symbol drawn by :func:`draw_symbol` on a transparent ``size`` x ``size`` image
    (``scale`` times the pixels, for sharp text on high-density screens)."""
    pixels = round(size * scale)
    image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    image.setDevicePixelRatio(scale)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont()
    font.setPixelSize(max(7, round(size * 0.62)))
    font.setBold(True)
    painter.setFont(font)
    draw_symbol(painter, QRectF(0.5, 0.5, size - 1.0, size - 1.0), symbol)
    painter.end()
    return image
