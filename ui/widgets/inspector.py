"""The Inspector dock: what is selected — a card or a synergy edge — as readable text.

A card shows every face (mana cost and rules text with the mana symbols drawn as symbols,
type line, power/toughness, loyalty), then its legalities, printings and the user's note when
the window gives its :class:`~analyzer.cards.detail.CardDetail`. An edge shows both cards
(links that select them), its kind, its explanation and the Comprehensive Rules behind it.
It shows what it is given and decides nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from analyzer.cards.detail import CardDetail
from analyzer.cards.model import Card, Face
from analyzer.combos.model import ComboKind
from analyzer.combos.outcome import ComboFinding
from analyzer.combos.words import gain, result_words
from analyzer.decks import ResolvedEntry
from analyzer.graph.rows import EdgeRow
from analyzer.oracle.symbols import TextPart, mana_symbols, text_parts
from ui.models.combo_model import VERDICT_TEXT, verdict_color
from ui.palette import kind_color, kind_label
from ui.theme import error_color, muted_color, success_color
from ui.widgets.mana_delegate import symbol_image

__all__ = ["Inspector", "combo_html", "mana_cost_html", "symbols_html"]

_EMPTY = ("<p style='color:#777'>Select a card or a synergy in the deck, the synergy table "
          "or the graph to see it here.</p>")
_SYMBOL_SCHEME = "mana"
_CARD_SCHEME = "card"
_EDGE_SCHEME = "edge"
_COMBO_SCHEME = "combo"
_SYNERGIES_SHOWN = 40
_PRINTINGS_SHOWN = 12
_SYMBOL_PX = 15


def _symbol_img(symbol: str, size: int = _SYMBOL_PX) -> str:
    url = f"{_SYMBOL_SCHEME}:{html.escape(symbol, quote=True)}"
    return (f"<img src=\"{url}\" width=\"{size}\" height=\"{size}\" "
            f"alt=\"{{{html.escape(symbol)}}}\" style=\"vertical-align: middle\">")


def mana_cost_html(cost: str) -> str:
    """A mana cost as inline symbol images (``{2}{U}`` -> two images; the Inspector draws
    them with :func:`~ui.widgets.mana_delegate.symbol_image`)."""
    return "".join(_symbol_img(s) for s in mana_symbols(cost))


def symbols_html(parts: Sequence[TextPart]) -> str:
    """Rules text cut by :func:`~analyzer.oracle.symbols.text_parts` as HTML: words
    escaped, line breaks kept, every ``{...}`` symbol an inline image."""
    out = []
    for part in parts:
        if part.is_symbol:
            out.append(_symbol_img(part.text, 13))
        else:
            out.append("<br>".join(html.escape(line) for line in part.text.split("\n")))
    return "".join(out)


class _Browser(QTextBrowser):
    """A text browser that draws ``mana:SYMBOL`` images itself."""

    def loadResource(self, kind: int, name: QUrl | str) -> Any:
        url = QUrl(name) if isinstance(name, str) else name
        if kind == QTextDocument.ResourceType.ImageResource.value \
                and url.scheme() == _SYMBOL_SCHEME:
            return symbol_image(url.path())
        return super().loadResource(kind, name)


class Inspector(QWidget):
    """Shows the selected card, edge or unknown deck entry."""

    card_link_activated = Signal(str)
    """The id of a card the user followed a link to (the two cards of an edge)."""
    edge_link_activated = Signal(object)
    """The :class:`EdgeRow` the user followed a link to (a card's synergies)."""
    combo_link_activated = Signal(object)
    """The :class:`~analyzer.combos.report.ComboFinding` the user followed a link to (the
    combos of a card)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._browser = _Browser(self)
        self._browser.setOpenLinks(False)
        self._browser.setAccessibleName("Inspector")
        self._browser.setToolTip("Details of the selected card or synergy")
        self._browser.anchorClicked.connect(self._on_anchor)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._browser)
        self._item: Any = None
        self._detail: CardDetail | None = None
        self._synergies: list[EdgeRow] = []
        self._combos: list[ComboFinding] = []
        self._browser.setHtml(_EMPTY)

    # -- API -------------------------------------------------------------------------------

    def show_item(self, item: Any, detail: CardDetail | None = None,
                  synergies: Sequence[EdgeRow] = (), *,
                  combos: Sequence[ComboFinding] = (),
                  card_ids: Mapping[str, str] | None = None) -> None:
        """Show a :class:`Card` (with its ``detail``, its ``synergies`` and the ``combos``
        that need it in the deck when given), an :class:`EdgeRow`, a :class:`ResolvedEntry`,
        a :class:`~analyzer.combos.report.ComboFinding` (its cards are links where
        ``card_ids`` maps their lower-case name to a card id), or nothing."""
        self._item = item
        self._detail = detail
        self._synergies = list(synergies)
        self._combos = list(combos)
        if isinstance(item, ResolvedEntry) and item.card is not None:
            item = item.card
        if isinstance(item, Card):
            usable = detail if detail is not None and detail.card.id == item.id else None
            self._browser.setHtml(_card_html(item, usable) + _combos_html(self._combos)
                                  + _synergies_html(item.id, self._synergies))
        elif isinstance(item, ComboFinding):
            self._browser.setHtml(combo_html(item, card_ids or {}))
        elif isinstance(item, ResolvedEntry):
            self._browser.setHtml(_entry_html(item))
        elif isinstance(item, EdgeRow):
            self._browser.setHtml(_edge_html(item))
        else:
            self._browser.setHtml(_EMPTY)

    def item(self) -> Any:
        """What is shown."""
        return self._item

    def detail(self) -> CardDetail | None:
        """The card detail shown, if any."""
        return self._detail

    def text(self) -> str:
        """The plain text shown (for tests and screen readers)."""
        return self._browser.toPlainText()

    def html(self) -> str:
        """The HTML shown (symbols are ``<img src="mana:...">``)."""
        return self._browser.toHtml()

    # -- slots -----------------------------------------------------------------------------

    def _on_anchor(self, url: QUrl) -> None:
        if url.scheme() == _CARD_SCHEME:
            self.card_link_activated.emit(url.path())
        elif url.scheme() == _EDGE_SCHEME and url.path().isdigit() \
                and int(url.path()) < len(self._synergies):
            self.edge_link_activated.emit(self._synergies[int(url.path())])
        elif url.scheme() == _COMBO_SCHEME and url.path().isdigit() \
                and int(url.path()) < len(self._combos):
            self.combo_link_activated.emit(self._combos[int(url.path())])


# -- formatting ------------------------------------------------------------------------------


def _face_html(face: Face, parts: Sequence[TextPart] | None, title: bool) -> str:
    out = []
    if title:
        out.append(f"<h3 style='margin-bottom:2px'>{html.escape(face.name)}</h3>")
    if face.mana_cost:
        out.append(f"<p>{mana_cost_html(face.mana_cost)}</p>")
    if face.type:
        out.append(f"<p><i>{html.escape(face.type)}</i></p>")
    if face.text:
        out.append(f"<p>{symbols_html(parts if parts is not None else text_parts(face.text))}"
                   "</p>")
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


def _faces(card: Card, detail: CardDetail | None) -> list[tuple[Face, Sequence[TextPart] | None]]:
    if detail is not None and detail.faces:
        return [(f.face, f.text) for f in detail.faces]
    return [(face, None) for face in (card.faces or (card.front,))]


def _muted() -> str:
    """Secondary text that reads on the current palette, light or dark (ui.theme)."""
    return muted_color().name()


def _card_html(card: Card, detail: CardDetail | None) -> str:
    out = [f"<h2 style='margin-bottom:2px'>{html.escape(card.name)}</h2>"]
    faces = _faces(card, detail)
    for face, parts in faces:
        out.append(_face_html(face, parts, title=len(faces) > 1))
    value = int(card.mana_value) if card.mana_value == int(card.mana_value) else card.mana_value
    out.append(f"<p style='color:{_muted()}'>Mana value {value}")
    if card.keywords:
        out.append(" · Keywords: " + html.escape(", ".join(card.keywords)))
    out.append("</p>")
    if detail is not None:
        out.append(_legalities_html(detail))
        out.append(_printings_html(detail))
        out.append(_note_html(detail))
    return "".join(out)


def _legalities_html(detail: CardDetail) -> str:
    if not detail.legalities:
        return (f"<h4>Legalities</h4><p style='color:{_muted()}'>Legal in no format we know "
                "of.</p>")
    chips = []
    for fmt, status in detail.legalities:
        legal = status.casefold() == "legal"
        color = (success_color() if legal else error_color()).name()
        text = html.escape(fmt) if legal else f"{html.escape(fmt)}: {html.escape(status)}"
        chips.append(f"<span style='color:{color}'>{text}</span>")
    return "<h4>Legalities</h4><p>" + " · ".join(chips) + "</p>"


def _printings_html(detail: CardDetail) -> str:
    if not detail.printings:
        return (f"<h4>Printings</h4><p style='color:{_muted()}'>No printings in the card "
                "database (import MTGJSON AllPrintings or set files to list them).</p>")
    rows = []
    for printing in detail.printings[:_PRINTINGS_SHOWN]:
        parts = [f"<b>{html.escape(printing.set_code)}</b>"]
        if printing.number:
            parts.append(f"#{html.escape(printing.number)}")
        if printing.set_name:
            parts.append(html.escape(printing.set_name))
        if printing.rarity:
            parts.append(html.escape(printing.rarity))
        if printing.release_date:
            parts.append(html.escape(printing.release_date[:4]))
        rows.append(" ".join(parts))
    more = len(detail.printings) - _PRINTINGS_SHOWN
    tail = f"<br><span style='color:{_muted()}'>… and {more} more</span>" if more > 0 else ""
    return (f"<h4>Printings ({len(detail.printings)})</h4><p>" + "<br>".join(rows) + tail
            + "</p>")


def _note_html(detail: CardDetail) -> str:
    note = detail.note
    if not note.tags and not note.note:
        return ""
    out = ["<h4>Your note</h4>"]
    if note.tags:
        out.append("<p>Tags: " + html.escape(", ".join(note.tags)) + "</p>")
    if note.note:
        out.append("<p>" + "<br>".join(html.escape(x) for x in note.note.splitlines()) + "</p>")
    return "".join(out)


def _synergies_html(card_id: str, synergies: Sequence[EdgeRow]) -> str:
    """The card's synergies in the deck, each a link to the edge: what it gives (→) and
    what it gets (←)."""
    if not synergies:
        return ""
    rows = []
    for i, edge in enumerate(synergies[:_SYNERGIES_SHOWN]):
        color = kind_color(edge.kind).name()
        if edge.source == edge.target:
            other = "itself"
            arrow = "↻"
        elif edge.source == card_id:
            other, arrow = html.escape(edge.target_name), "→"
        else:
            other, arrow = html.escape(edge.source_name), "←"
        rows.append(f"<span style='color:{color}'>■</span> {arrow} "
                    f"<a href=\"{_EDGE_SCHEME}:{i}\">{other}</a> "
                    f"<span style='color:{_muted()}'>{html.escape(kind_label(edge.kind))}</span>")
    more = len(synergies) - _SYNERGIES_SHOWN
    tail = f"<br><span style='color:{_muted()}'>… and {more} more</span>" if more > 0 else ""
    return (f"<h4>Synergies in this deck ({len(synergies)})</h4><p>" + "<br>".join(rows)
            + tail + "</p>")


def _entry_html(entry: ResolvedEntry) -> str:
    where = f"line {entry.entry.line_no}" if entry.entry.line_no is not None else "the deck"
    return (f"<h2 style='color:#c62828'>{html.escape(entry.name)}</h2>"
            f"<p>No card of this name was found ({html.escape(where)}).</p>"
            f"<p style='color:{_muted()}'>Check the spelling, or import a newer card file "
            "(File ▸ Import cards…).</p>")


def _card_link(card_id: str, name: str) -> str:
    return (f"<a href=\"{_CARD_SCHEME}:{html.escape(card_id, quote=True)}\">"
            f"{html.escape(name)}</a>")


def _edge_html(edge: EdgeRow) -> str:
    kind = edge.kind
    color = kind_color(kind).name()
    rules = edge.rules
    out = [
        f"<h2 style='margin-bottom:2px'>{_card_link(edge.source, edge.source_name)} → "
        f"{_card_link(edge.target, edge.target_name)}</h2>",
        f"<p><span style='background:{color}; color:white;'>&nbsp;{html.escape(kind_label(kind))}"
        "&nbsp;</span></p>",
        f"<p>{html.escape(str(edge.explanation))}</p>",
    ]
    if rules:
        out.append("<p><b>Rules:</b> " + html.escape(", ".join(f"CR {r}" for r in rules))
                   + "</p>")
    out.append(f"<p style='color:{_muted()}'>Strength {edge.strength:.2f} (0 to 1)</p>")
    return "".join(out)



# -- combos ----------------------------------------------------------------------------------


def _badge(label: str) -> str:
    color = verdict_color(label).name()
    return (f"<span style='background:{color}; color:white;'>&nbsp;"
            f"{html.escape(VERDICT_TEXT.get(label, label))}&nbsp;</span>")


def _combos_html(combos: Sequence[ComboFinding]) -> str:
    """The combos of the deck that need the card, each a link to the combo."""
    if not combos:
        return ""
    rows = [f"{_badge(f.verdict.label)} <a href=\"{_COMBO_SCHEME}:{i}\">"
            f"{html.escape(f.combo.name)}</a>" for i, f in enumerate(combos)]
    return f"<h4>Combos in this deck ({len(combos)})</h4><p>" + "<br>".join(rows) + "</p>"


def combo_html(finding: ComboFinding, card_ids: Mapping[str, str]) -> str:
    """A combo as the Inspector shows it: its cards (links to those in the deck), verdict
    and reason, result, per-iteration gains, steps, the line the rules core played as
    numbered events, and the Comprehensive Rules it relies on.

    ``card_ids`` maps a card's lower-case name to its id (cards not in it show as text).
    """
    c, v = finding.combo, finding.verification
    label = v.verdict.label
    cards = []
    for name in c.cards:
        card_id = card_ids.get(name.casefold())
        cards.append(_card_link(card_id, name) if card_id else html.escape(name))
    result = c.result_detail or result_words(c.result.label, v.gains)
    source = "catalog entry" if finding.source == "catalog" else \
        "loop discovered in the synergy graph" if finding.source == "discovered" \
        else finding.source
    out = [f"<h2 style='margin-bottom:2px'>{html.escape(c.name)}</h2>",
           f"<p>{_badge(label)} <span style='color:{_muted()}'>{html.escape(source)} · "
           f"{html.escape(c.family.label.replace('_', ' '))}</span></p>",
           "<p><b>Cards:</b> " + " + ".join(cards) + "</p>",
           f"<p><b>Result:</b> {html.escape(result)}</p>",
           f"<p><b>{html.escape(VERDICT_TEXT.get(label, label))}:</b> "
           f"{html.escape(v.reason)}</p>"]
    if c.why:
        out.append(f"<p><b>Why:</b> {html.escape(c.why)}</p>")
    if c.rules:   # before the long line, so they show without scrolling
        out.append("<p><b>Rules:</b> " + html.escape(", ".join(f"CR {r}" for r in c.rules))
                   + "</p>")
    if c.kind is not ComboKind.ONCE and v.gains:
        gains = []
        for metric, per in v.gains.items():
            try:
                gains.append(gain(metric, per))
            except ValueError:   # a metric the words module does not know: show it raw
                gains.append(f"{metric} {per:+g}")
        out.append(f"<p><b>Gain per iteration</b> (over {v.iterations} iterations): "
                   + html.escape("; ".join(gains)) + "</p>")
    if str(c.mana_needed):
        out.append(f"<p><b>Mana to start:</b> {mana_cost_html(str(c.mana_needed))}</p>")
    if c.steps:
        out.append("<h4>Steps</h4><ol>" + "".join(f"<li>{html.escape(s)}</li>"
                                                   for s in c.steps) + "</ol>")
    if v.line:
        title = "Line played in the rules core" if label == "verified" else \
            "Line played until it stopped"
        out.append(f"<h4>{title} ({len(v.line)} events)</h4><ol>"
                   + "".join(f"<li>{html.escape(e)}</li>" for e in v.line) + "</ol>")
    return "".join(out)
