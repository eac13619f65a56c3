"""Draw mana symbols (``{2}{U}{B}``, ``{T}``, ``{U/P}``) as small coloured discs: in a cost
cell (:class:`ManaCostDelegate`) and as images in rich text (:func:`symbol_image`, which the
Inspector puts inline in rules text)."""

from __future__ import annotations

import math

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from analyzer.oracle.symbols import mana_symbols
from ui.widgets.curve_chart import PIP_COLORS

__all__ = ["ManaCostDelegate", "contrast_ratio", "draw_symbol", "symbol_image"]

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
        size = min(self.SIZE, opt.rect.height() - 4.0)
        x = opt.rect.left() + 4.0
        y = opt.rect.top() + (opt.rect.height() - size) / 2
        fit = 0   # the symbols that fit the cell, as many as drawn one by one before
        while fit < len(symbols) and x + fit * (size + 2) + size <= opt.rect.right():
            fit += 1
        if not fit:
            return
        background = (opt.backgroundBrush.color()
                      if opt.backgroundBrush.style() != Qt.BrushStyle.NoBrush
                      else opt.palette.color(QPalette.ColorRole.Base))
        top = math.floor(y)
        ratio = painter.device().devicePixelRatioF()
        painter.save()
        font = QFont(opt.font)
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.72))
        font.setBold(True)
        painter.setFont(font)
        for i, symbol in enumerate(symbols[:fit]):
            at = x + i * (size + 2)
            left = math.floor(at)
            painter.drawPixmap(left, top, _disc_pixmap(symbol, size, background, at - left,
                                                       y - top, ratio))
            label = _label(symbol)
            if label is not None:   # written live: text on a transparent pixmap looks bolder
                painter.setPen(label[0])
                painter.drawText(QRectF(at, y, size, size), Qt.AlignmentFlag.AlignCenter,
                                 label[1])
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        text = index.data(Qt.ItemDataRole.DisplayRole)
        count = len(mana_symbols(text)) if isinstance(text, str) else 0
        if count:
            hint.setWidth(int(count * (self.SIZE + 2) + 8))
        return hint


_DISC_CACHE: dict[tuple[object, ...], QPixmap] = {}
"""Discs already painted: a deck shows the same dozen symbols again and again, so a cell
copies a pixmap per symbol instead of half a dozen painter calls (each call from the GUI
thread may wait for a busy job thread to hand back the interpreter lock)."""
_DISC_CACHE_MAX = 512


def _disc_pixmap(symbol: str, size: float, background: QColor, dx: float, dy: float,
                 ratio: float) -> QPixmap:
    """The disc of :func:`draw_symbol` (``size`` pixels) on a transparent pixmap, offset by
    the fractions ``dx``, ``dy`` of a pixel where the cell places it, for a screen of
    device pixel ratio ``ratio``; cached."""
    key = (symbol, size, background.rgba(), round(dx, 3), round(dy, 3), ratio)
    pixmap = _DISC_CACHE.get(key)
    if pixmap is not None:
        return pixmap
    width, height = math.ceil(dx + size + 1), math.ceil(dy + size + 1)
    pixmap = QPixmap(round(width * ratio), round(height * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _draw_disc(painter, QRectF(dx, dy, size, size), symbol, background)
    painter.end()
    if len(_DISC_CACHE) >= _DISC_CACHE_MAX:
        _DISC_CACHE.clear()
    _DISC_CACHE[key] = pixmap
    return pixmap


def _luminance(color: QColor) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF())
            + 0.0722 * channel(color.blueF()))


def contrast_ratio(a: QColor, b: QColor) -> float:
    """The WCAG 2 contrast ratio of two colours, 1 to 21."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _edge(fill: QColor, background: QColor | None) -> QColor:
    """The disc's outline: a darker shade of the fill, unless that does not stand out 3:1
    from the background (WCAG 1.4.11 non-text contrast; {B} on a dark theme), then a light
    or dark grey, whichever contrasts more with the background."""
    edge = fill.darker(150)
    if background is None or contrast_ratio(edge, background) >= 3.0:
        return edge
    light, dark = QColor("#c8c8c8"), QColor("#303030")
    return light if contrast_ratio(light, background) >= contrast_ratio(dark, background) \
        else dark


def draw_symbol(painter: QPainter, rect: QRectF, symbol: str, *,
                background: QColor | None = None) -> None:
    """Paint one symbol (braces removed: ``"U"``, ``"2"``, ``"W/U"``, ``"T"``) in ``rect``:
    a disc in the colour of its mana (two halves for a hybrid), the number or letter on it
    (CR 107.4 mana symbols, 107.5 tap symbol). ``background``: the colour behind it, so
    that a disc close to it ({B} on a dark theme) gets an outline that stands out."""
    _draw_disc(painter, rect, symbol, background)
    label = _label(symbol)
    if label is not None:
        painter.setPen(label[0])
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label[1])


def _fill(symbol: str) -> tuple[list[QColor], QColor]:
    parts = symbol.split("/")
    colors = [QColor(PIP_COLORS[p]) for p in parts if p in PIP_COLORS and p != "C"]
    return colors, (colors[0] if colors else
                    (QColor(PIP_COLORS["C"]) if symbol == "C" else _GENERIC))


def _draw_disc(painter: QPainter, rect: QRectF, symbol: str,
               background: QColor | None) -> None:
    """The disc of :func:`draw_symbol`, without its number or letter."""
    colors, fill = _fill(symbol)
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
    painter.setBrush(fill)
    painter.setPen(QPen(_edge(fill, background), 1.2 if background is not None else 0.8))
    painter.drawEllipse(rect)


def _label(symbol: str) -> tuple[QColor, str] | None:
    """The colour and text :func:`draw_symbol` writes on the disc (None: a hybrid's two
    halves carry no text)."""
    colors, fill = _fill(symbol)
    if len(colors) >= 2:
        return None
    parts = symbol.split("/")
    label = parts[0] if len(parts) > 1 and parts[1] == "P" else symbol
    return (QColor("#ffffff") if fill.lightness() < 130 else QColor("#222222"),
            label if len(label) <= 2 else "•")


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
