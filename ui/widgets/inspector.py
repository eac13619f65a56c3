"""The Inspector dock: what is selected, a card or a synergy edge, as readable text.

It shows what it is given and decides nothing: a card's fields as the card model holds them,
an edge's explanation and rules as the graph wrote them.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from analyzer.cards.model import Card, Face
from analyzer.decks import ResolvedEntry
from analyzer.graph import EdgeRow
from analyzer.oracle.symbols import mana_symbols
from ui.palette import kind_color, kind_label
from ui.widgets.curve_chart import PIP_COLORS

__all__ = ["Inspector", "mana_cost_html"]

_EMPTY = ("<p style='color:#777'>Select a card or a synergy in the deck, the synergy table "
          "or the graph to see it here.</p>")


def mana_cost_html(cost: str) -> str:
    """A mana cost with each symbol as a small coloured badge (``{2}{U}`` -> two badges)."""
    parts = []
    for symbol in mana_symbols(cost):
        colors = [c for c in symbol.split("/") if c in PIP_COLORS]
        fill = PIP_COLORS[colors[0]] if colors else "#d6d2c8"
        text = "#ffffff" if colors and colors[0] in "UBRG" else "#222222"
        parts.append(f"<span style='background:{fill}; color:{text}; font-weight:bold;'>"
                     f"&nbsp;{html.escape(symbol)}&nbsp;</span>")
    return "&thinsp;".join(parts)


class Inspector(QWidget):
    """Shows the selected card, edge or unknown deck entry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._browser = QTextBrowser(self)
        self._browser.setOpenLinks(False)
        self._browser.setAccessibleName("Inspector")
        self._browser.setToolTip("Details of the selected card or synergy")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._browser)
        self._item: Any = None
        self._browser.setHtml(_EMPTY)

    # -- API -------------------------------------------------------------------------------

    def show_item(self, item: Any) -> None:
        """Show a :class:`Card`, an :class:`EdgeRow`, a :class:`ResolvedEntry`, or nothing."""
        self._item = item
        if isinstance(item, Card):
            self._browser.setHtml(_card_html(item))
        elif isinstance(item, ResolvedEntry):
            self._browser.setHtml(_card_html(item.card) if item.card is not None
                                  else _entry_html(item))
        elif isinstance(item, EdgeRow):
            self._browser.setHtml(_edge_html(item))
        else:
            self._browser.setHtml(_EMPTY)

    def item(self) -> Any:
        """What is shown."""
        return self._item

    def text(self) -> str:
        """The plain text shown (for tests and screen readers)."""
        return self._browser.toPlainText()


# -- formatting ------------------------------------------------------------------------------


def _face_html(face: Face, title: bool) -> str:
    out = []
    if title:
        out.append(f"<h3 style='margin-bottom:2px'>{html.escape(face.name)}</h3>")
    if face.mana_cost:
        out.append(f"<p>{mana_cost_html(face.mana_cost)}</p>")
    if face.type:
        out.append(f"<p><i>{html.escape(face.type)}</i></p>")
    if face.text:
        text = "<br>".join(html.escape(line) for line in face.text.splitlines())
        out.append(f"<p>{text}</p>")
    stats = []
    if face.power is not None or face.toughness is not None:
        stats.append(f"{html.escape(face.power or '')}/{html.escape(face.toughness or '')}")
    if face.loyalty:
        stats.append(f"Loyalty {html.escape(face.loyalty)}")
    if face.defense:
        stats.append(f"Defense {html.escape(face.defense)}")
    if stats:
        out.append(f"<p><b>{' · '.join(stats)}</b></p>")
    return "".join(out)


def _card_html(card: Card) -> str:
    out = [f"<h2 style='margin-bottom:2px'>{html.escape(card.name)}</h2>"]
    faces = card.faces or (card.front,)
    for face in faces:
        out.append(_face_html(face, title=len(faces) > 1))
    value = int(card.mana_value) if card.mana_value == int(card.mana_value) else card.mana_value
    out.append(f"<p style='color:#666'>Mana value {value}")
    if card.keywords:
        out.append(" · Keywords: " + html.escape(", ".join(card.keywords)))
    out.append("</p>")
    return "".join(out)


def _entry_html(entry: ResolvedEntry) -> str:
    where = f"line {entry.entry.line_no}" if entry.entry.line_no is not None else "the deck"
    return (f"<h2 style='color:#c62828'>{html.escape(entry.name)}</h2>"
            f"<p>No card of this name was found ({html.escape(where)}).</p>"
            "<p style='color:#666'>Check the spelling, or import a newer card file "
            "(File ▸ Import cards…).</p>")


def _edge_html(edge: EdgeRow) -> str:
    kind = edge.kind
    color = kind_color(kind).name()
    source, target = html.escape(edge.source_name), html.escape(edge.target_name)
    rules = edge.rules
    out = [
        f"<h2 style='margin-bottom:2px'>{source} → {target}</h2>",
        f"<p><span style='background:{color}; color:white;'>&nbsp;{html.escape(kind_label(kind))}"
        "&nbsp;</span></p>",
        f"<p>{html.escape(str(edge.explanation))}</p>",
    ]
    if rules:
        out.append("<p><b>Rules:</b> " + html.escape(", ".join(str(r) for r in rules)) + "</p>")
    out.append(f"<p style='color:#666'>Strength {edge.strength:.2f} (0 to 1)</p>")
    return "".join(out)
