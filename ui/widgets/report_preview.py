"""The Report tab: the deck's report, read-only, as the exported HTML file would show it.

The exported HTML (:func:`analyzer.reports.render_html`) uses what Qt's rich text cannot show:
inline SVG pictures, CSS variables, grid and flex layout, ``:root`` rules. So this view renders
the same :class:`~analyzer.reports.model.Report` itself, in the HTML subset
:class:`QTextBrowser` supports: tables instead of grids, and the three pictures (mana curve,
colour pips, synergy graph) painted from the report's own geometry
(:mod:`analyzer.reports.charts`, :class:`~analyzer.reports.model.GraphPicture`) into images
the document holds. Every colour comes from the palette, so the view reads in dark mode.

Card names are links (``card:<id>``): activating one emits :attr:`ReportPreview.card_activated`
and the window selects the card. *Export…* asks the window for the export dialog.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from contextlib import suppress
from urllib.parse import quote, unquote

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, QThreadPool, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QShowEvent,
    QTextDocument,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from analyzer.reports.charts import Chart, curve_chart, pip_chart
from analyzer.reports.model import (
    HUB_NODE_COLOR,
    NODE_COLOR,
    ComboVerdict,
    GraphPicture,
    Report,
    kind_label,
)
from ui.theme import error_color, is_dark, muted_color, success_color

__all__ = ["CARD_SCHEME", "ReportPreview", "card_url", "paint_chart", "paint_graph",
           "report_document", "report_rich_text"]

CARD_SCHEME = "card"
"""URL scheme of the card links: ``card:<percent-encoded card id>``."""
CURVE_IMAGE, PIPS_IMAGE, GRAPH_IMAGE = (QUrl("spellweb-report:curve.png"),
                                         QUrl("spellweb-report:pips.png"),
                                         QUrl("spellweb-report:graph.png"))
"""Names of the pictures in the document's resources."""
GRAPH_WIDTH = 900
"""Pixel width the synergy graph picture is painted at (at most)."""

_E = html.escape


def card_url(card_id: str) -> str:
    """The link of a card: ``card:`` and its id, percent-encoded."""
    return f"{CARD_SCHEME}:{quote(card_id, safe='')}"


# -- rich text ---------------------------------------------------------------------------


class _Writer:
    """Builds the rich text of a report; every string from the report is escaped."""

    def __init__(self, report: Report, palette: QPalette) -> None:
        self.report = report
        self.muted = muted_color(palette).name()
        self.error = error_color(palette).name()
        self.ok = success_color(palette).name()
        self.warn = "#ffd54f" if is_dark(palette) else "#a16207"
        self.line = palette.color(QPalette.ColorRole.Mid).name()
        self.ids = _ids_by_name(report)
        self.out: list[str] = []

    def card(self, name: str, card_id: str | None = None) -> str:
        card_id = card_id or self.ids.get(name.casefold())
        if card_id is None:
            return _E(name)
        return f"<a href='{_E(card_url(card_id))}'>{_E(name)}</a>"

    def cards(self, names: Iterable[str], sep: str = " · ") -> str:
        return _E(sep).join(self.card(n) for n in names)

    def sub(self, text: str) -> str:
        return f"<span style='color:{self.muted}'>{text}</span>"

    def missing(self, text: str) -> None:
        self.out.append(f"<p style='color:{self.muted}'><i>{_E(text)}</i></p>")

    def table(self, head: Iterable[str], rows: Iterable[Iterable[str]]) -> None:
        self.out.append("<table cellspacing='0' cellpadding='3' width='100%' "
                        f"style='border-collapse:collapse; border-color:{self.line}'><tr>")
        self.out.extend(f"<th align='left' style='color:{self.muted}'>{_E(h)}</th>" for h in head)
        self.out.append("</tr>")
        for row in rows:
            self.out.append("<tr>" + "".join(f"<td valign='top'>{cell}</td>" for cell in row)
                            + "</tr>")
        self.out.append("</table>")

    # -- the document ----------------------------------------------------------------------

    def write(self) -> str:
        r = self.report
        self.out.append(f"<h1>{_E(r.title)}</h1>")
        facts = [_E(r.generator) + " report", r.generated_at.strftime("%Y-%m-%d %H:%M UTC")]
        if r.deck is not None:
            facts += [_E(r.deck.file_name or ""), f"read as {_E(r.deck.format)}"]
        self.out.append(f"<p>{self.sub(' · '.join(f for f in facts if f))}</p>")
        if r.notes:
            self.out.append(f"<p>{_E(r.notes).replace(chr(10), '<br>')}</p>")
        totals = [f"<b>{t.count}</b> {_E(t.title)}" for t in (r.deck.totals if r.deck else ())]
        totals += [f"<b>{r.card_count}</b> cards analysed",
                   f"<b>{r.edge_count}</b> synergy edges"]
        self.out.append("<p>" + " &nbsp; ".join(totals) + "</p>")
        self.out.append("<p>" + " &nbsp; ".join(f"<a href='#{s.value}'>{_E(s.title)}</a>"
                                               for s in r.sections) + "</p>")
        for section in r.sections:
            self.out.append(f"<a name='{section.value}'></a><h2>{_E(section.title)}</h2>")
            reason = r.reason_missing(section)
            if reason is not None:
                self.missing(f"Not in this report: {reason}.")
                continue
            getattr(self, f"_{section.value}")()
        return "<html><body>" + "\n".join(self.out) + "</body></html>"

    def _deck(self) -> None:
        deck = self.report.deck
        assert deck is not None
        if deck.issues:
            self.out.append("<h3>Problems in the deck file</h3><ul>")
            for issue in deck.issues:
                where = f", line {issue.line_no}" if issue.line_no else ""
                text = f" — “{_E(issue.text)}”" if issue.text else ""
                hint = (f" (did you mean {_E(' or '.join(issue.suggestions))}?)"
                        if issue.suggestions else "")
                self.out.append(f"<li style='color:{self.error}'>{_E(issue.severity)}{where}: "
                                f"{_E(issue.reason)}{text}{hint}</li>")
            self.out.append("</ul>")
        cells = []
        for group in deck.groups:
            rows = "".join(
                f"<tr><td align='right'>{line.count}</td><td>"
                + (self.card(line.name, line.card_id) if line.card_id
                   else f"<span style='color:{self.error}'>{_E(line.name)}</span>")
                + (f"<br>{self.sub(_E(line.note))}" if line.note else "")
                + f"</td><td>{self.sub(_E(line.mana_cost))}</td></tr>" for line in group.cards)
            cells.append(f"<h3>{_E(group.title)} ({group.count})</h3>"
                         f"<table cellspacing='0' cellpadding='2'>{rows}</table>")
        # two columns: Qt rich text has no CSS grid
        self.out.append("<table width='100%' cellspacing='0' cellpadding='4'>")
        for i in range(0, len(cells), 2):
            pair = cells[i:i + 2] + [""] * (2 - len(cells[i:i + 2]))
            self.out.append("<tr>" + "".join(f"<td valign='top' width='50%'>{c}</td>"
                                             for c in pair) + "</tr>")
        self.out.append("</table>")

    def _stats(self) -> None:
        stats = self.report.stats
        assert stats is not None
        types = "".join(f"<tr><td>{_E(t.card_type)}</td><td align='right'>{t.count}</td></tr>"
                        for t in stats.types)
        curve = self.sub(f"Mana curve: {stats.total} cards of the main deck and command zone; "
                         "nonland cards by mana value")
        self.out.append(
            "<table cellspacing='0' cellpadding='6'><tr>"
            f"<td valign='top'><img src='{CURVE_IMAGE.toString()}'><br>{curve}</td>"
            f"<td valign='top'><img src='{PIPS_IMAGE.toString()}'><br>"
            f"{self.sub('Coloured mana symbols in mana costs')}</td>"
            f"<td valign='top'><table cellspacing='0' cellpadding='2'><tr>"
            f"<th align='left' style='color:{self.muted}'>Card type</th>"
            f"<th style='color:{self.muted}'>Copies</th></tr>{types}</table></td>"
            "</tr></table>")

    def _key_cards(self) -> None:
        kc = self.report.key_cards
        assert kc is not None
        self.out.append("<h3>Key cards</h3>")
        if kc.cards:
            self.table(("#", "Card", "Score"),
                       ((str(i), self.card(c.name, c.card_id), f"{c.score:.2f}")
                        for i, c in enumerate(kc.cards, start=1)))
            self.out.append(f"<p>{self.sub('Score: ' + _E(kc.method) + '.')}</p>")
        else:
            self.missing("No card has a synergy edge.")
        self.out.append("<h3>Packages</h3>")
        if kc.packages is None:
            self.missing(f"Not in this report: {kc.packages_note}.")
        elif kc.packages:
            self.out.append("<ul>" + "".join(f"<li><b>{_E(p.name)}</b>: {self.cards(p.cards)}"
                                             "</li>" for p in kc.packages) + "</ul>")
        else:
            self.missing("No package found.")

    def _graph(self) -> None:
        picture = self.report.graph
        assert picture is not None
        if picture.nodes:
            self.out.append(f"<p><img src='{GRAPH_IMAGE.toString()}'></p>")
            legend = " &nbsp; ".join(f"<span style='color:{color}'>■</span> "
                                     f"{_E(kind_label(kind))}" for kind, color in picture.legend)
            caption = self.sub("Synergies (arrow colour, from the helping card to the helped "
                               "one):")
            self.out.append(f"<p>{caption} {legend}</p>")
        else:
            self.missing("No synergy edge to draw.")
        if picture.unlinked:
            self.out.append(f"<p>{self.sub(f'No synergy edge ({len(picture.unlinked)}):')} "
                            f"{self.cards(picture.unlinked)}.</p>")

    def _edges(self) -> None:
        edges = self.report.edges
        if not edges:
            self.missing("No synergy edge of the kinds Spellweb knows.")
            return
        from analyzer.graph.kinds import KIND_COLORS

        self.table(("From", "Synergy", "To", "Why", "Rules"), (
            (self.card(e.source_name, e.source),
             f"<span style='color:{KIND_COLORS.get(e.kind, self.muted)}'>■</span>&nbsp;"
             f"{_E(kind_label(e.kind)).replace(' ', '&nbsp;')}",
             self.card(e.target_name, e.target), _E(e.explanation),
             self.sub(_E(", ".join(e.rules)))) for e in edges))

    def _combos(self) -> None:
        colors = {ComboVerdict.VERIFIED: self.ok, ComboVerdict.NOT_WORKING: self.error,
                  ComboVerdict.NOT_VERIFIABLE: self.warn}
        combos = self.report.combos or ()
        if not combos:
            self.missing("The combo analysis found no combo in this deck.")
        for c in combos:
            self.out.append(f"<h3>{_E(c.name)} — <span style='color:{colors[c.verdict]}'>"
                            f"{_E(c.verdict.label)}</span></h3>"
                            f"<p>{self.cards(c.cards, ' + ')}<br>{self.sub(_E(c.reason))}</p>")
            if c.steps:
                self.out.append("<ol>" + "".join(f"<li>{_E(s)}</li>" for s in c.steps) + "</ol>")
            gain = ", ".join(c.gain_per_iteration) or "no net gain"
            rules = f" {self.sub('(CR ' + _E(', '.join(c.rules)) + ')')}" if c.rules else ""
            self.out.append(f"<p>Per iteration: {_E(gain)}{rules}</p>")

    def _near_misses(self) -> None:
        misses = self.report.near_misses
        if not misses:
            self.missing("No combo is one card away.")
            return
        self.table(("Missing card", "Completes", "Pieces in the deck"),
                   ((_E(m.missing_card), _E("; ".join(m.combos)), self.cards(m.cards_in_deck))
                    for m in misses))

    def _lines(self) -> None:
        if not self.report.lines:
            self.missing("No sample line.")
        for line in self.report.lines or ():
            steps = "".join(f"<li>{_E(s.action)}"
                            + (f"<br>{self.sub(_E('; '.join(s.events)))}" if s.events else "")
                            + "</li>" for s in line.steps)
            self.out.append(f"<h3>{_E(line.title)}</h3><ol>{steps}</ol>"
                            + (f"<p>{_E(line.outcome)}</p>" if line.outcome else ""))

    def _odds(self) -> None:
        if not self.report.odds:
            self.missing(f"No odds: {self.report.odds_note or 'the simulation counted no goal'}.")
        for odds in self.report.odds or ():
            play = "on the play" if odds.on_the_play else "on the draw"
            games = self.sub(f"{odds.games} goldfish games, {play}.")
            self.out.append(f"<h3>{_E(odds.goal)}</h3><p>{games}</p>")
            self.table(("Turn", "Share of games"),
                       ((str(row.turn), f"{row.probability * 100:.1f} %") for row in odds.rows))


def _ids_by_name(report: Report) -> dict[str, str]:
    """Card name (case-folded) -> card id, from every part of the report that knows both."""
    ids: dict[str, str] = {}
    for group in report.deck.groups if report.deck else ():
        for line in group.cards:
            if line.card_id:
                ids.setdefault(line.name.casefold(), line.card_id)
    for edge in report.edges or ():
        ids.setdefault(edge.source_name.casefold(), edge.source)
        ids.setdefault(edge.target_name.casefold(), edge.target)
    for card in report.key_cards.cards if report.key_cards else ():
        ids.setdefault(card.name.casefold(), card.card_id)
    for node in report.graph.nodes if report.graph else ():
        ids.setdefault(node.name.casefold(), node.card_id)
    return ids


def report_rich_text(report: Report, palette: QPalette) -> str:
    """The report as Qt rich text (the HTML subset of :class:`QTextDocument`): the same
    sections and content as :func:`analyzer.reports.render_html`, card names as
    :func:`card_url` links, pictures as the resources :data:`CURVE_IMAGE`,
    :data:`PIPS_IMAGE` and :data:`GRAPH_IMAGE` (see :meth:`ReportPreview.set_report`)."""
    return _Writer(report, palette).write()


# -- pictures ----------------------------------------------------------------------------


def paint_chart(chart: Chart, palette: QPalette, *, vertical: bool) -> QImage:
    """A bar chart of :mod:`analyzer.reports.charts` (the same bars the HTML and PDF reports
    draw), one pixel per picture unit, with the palette's text colour for labels."""
    image = QImage(int(chart.width), int(chart.height), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    text, muted = palette.color(QPalette.ColorRole.Text), muted_color(palette)
    font = QFont(painter.font())
    font.setPixelSize(12)
    painter.setFont(font)
    if vertical:
        painter.setPen(QPen(muted, 1))
        painter.drawLine(QPointF(24, chart.baseline), QPointF(chart.width - 6, chart.baseline))
    if not chart.bars and not vertical:
        painter.setPen(muted)
        painter.drawText(QPointF(0, 15), "No coloured mana symbols.")
    for bar in chart.bars:
        rect = QRectF(bar.x, bar.y, bar.width, bar.height)
        painter.setPen(QPen(muted, 0.5) if not vertical else Qt.PenStyle.NoPen)
        painter.setBrush(QColor(bar.color))
        painter.drawRoundedRect(rect, 2, 2)
        painter.setPen(text)
        if vertical:
            if bar.value:
                painter.drawText(QRectF(bar.x - 8, bar.y - 18, bar.width + 16, 16),
                                 Qt.AlignmentFlag.AlignCenter, str(bar.value))
            painter.setPen(muted)
            painter.drawText(QRectF(bar.x - 8, chart.baseline + 4, bar.width + 16, 16),
                             Qt.AlignmentFlag.AlignCenter, bar.label)
        else:
            painter.drawText(QPointF(0, bar.y + 15), bar.label)
            painter.drawText(QPointF(bar.x + bar.width + 6, bar.y + 15), str(bar.value))
    painter.end()
    return image


def paint_graph(picture: GraphPicture, palette: QPalette, width: int = GRAPH_WIDTH) -> QImage:
    """The report's synergy graph picture (a ring of cards, arrows coloured by kind, hubs
    darker with bold labels), scaled to ``width`` pixels at most, labels in the palette's
    text colour."""
    scale = min(1.0, width / picture.width) if picture.width else 1.0
    image = QImage(max(1, int(picture.width * scale)), max(1, int(picture.height * scale)),
                   QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(scale, scale)
    opacity = picture.edge_opacity
    for link in picture.links:
        color = QColor(link.color)
        color.setAlphaF(opacity)
        path = QPainterPath(QPointF(link.x1, link.y1))
        path.quadTo(QPointF(link.cx, link.cy), QPointF(link.x2, link.y2))
        painter.setPen(QPen(color, 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        angle = math.atan2(link.y2 - link.cy, link.x2 - link.cx)
        tip = QPointF(link.x2, link.y2)
        head = QPainterPath(tip)
        for side in (0.45, -0.45):   # the two back corners of the arrowhead, 7 units long
            head.lineTo(tip - QPointF(7 * math.cos(angle + side), 7 * math.sin(angle + side)))
        head.closeSubpath()
        color.setAlphaF(min(1.0, opacity + 0.2))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawPath(head)
    base = palette.color(QPalette.ColorRole.Base)
    for node in picture.nodes:
        painter.setPen(QPen(base, 1))
        painter.setBrush(QColor(HUB_NODE_COLOR if node.hub else NODE_COLOR))
        painter.drawEllipse(QPointF(node.x, node.y), node.radius, node.radius)
    text = palette.color(QPalette.ColorRole.Text)
    for node in picture.nodes:
        font = QFont(painter.font())
        font.setPixelSize(12)
        font.setBold(node.hub)
        painter.setFont(font)
        painter.setPen(text)
        painter.save()
        painter.translate(node.label_x, node.label_y)
        painter.rotate(node.label_angle)
        advance = painter.fontMetrics().horizontalAdvance(node.label)
        x = {"start": 0.0, "end": -advance, "middle": -advance / 2}.get(node.label_anchor, 0.0)
        painter.drawText(QPointF(x, painter.fontMetrics().ascent() * 0.35), node.label)
        painter.restore()
    painter.end()
    return image


# -- the view ----------------------------------------------------------------------------


def report_document(report: Report, palette: QPalette, font: QFont) -> QTextDocument:
    """The whole Report tab document of ``report``: :func:`report_rich_text` parsed into a
    :class:`QTextDocument` (``font`` its default font, the palette's colours) holding the
    three pictures (:func:`paint_chart`, :func:`paint_graph`) as image resources.

    Safe to call in a worker thread (it paints on :class:`QImage` only, never a pixmap); the
    document then belongs to the calling thread (move it with ``moveToThread``)."""
    document = QTextDocument()
    document.setUndoRedoEnabled(False)
    document.setDefaultFont(font)
    image = QTextDocument.ResourceType.ImageResource
    if report.stats is not None:
        document.addResource(image, CURVE_IMAGE, paint_chart(curve_chart(report.stats.curve),
                                                             palette, vertical=True))
        document.addResource(image, PIPS_IMAGE, paint_chart(pip_chart(report.stats.pips),
                                                            palette, vertical=False))
    if report.graph is not None and report.graph.nodes:
        document.addResource(image, GRAPH_IMAGE, paint_graph(report.graph, palette))
    document.setHtml(report_rich_text(report, palette))
    return document


class _Courier(QObject):
    """Carries a document built in the thread pool back to the GUI thread (the object
    lives in the GUI thread, so the signal is queued there)."""

    built = Signal(int, object)
    """``(render number, QTextDocument)``."""


class ReportPreview(QWidget):
    """The Report tab: a read-only :class:`QTextBrowser` of the deck's report and an
    *Export…* button.

    The document is built only while the tab is shown (a hidden tab marks it stale and
    builds it when it is first shown), and in the thread pool (:func:`report_document`:
    the pictures and the parsed document), so the GUI thread only swaps the finished
    document in."""

    card_activated = Signal(str)
    """The id of a card whose link was activated."""
    export_requested = Signal()
    """*Export…* was pressed (the window opens the export dialog)."""
    rendered = Signal()
    """The document of :attr:`report` is shown (after :meth:`set_report`, a first show of
    the tab, or a palette change)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self._stale = False
        """The report shown is newer than the document (built on the next show)."""
        self._render_no = 0
        """Number of the latest render asked for; older documents arriving are dropped."""
        self._pending = False
        self._document: QTextDocument | None = None
        self._courier = _Courier(self)
        self._courier.built.connect(self._adopt)
        self.setAccessibleName("Report view")
        self.summary = QLabel("Open a deck (Ctrl+O) to see its report.")
        self.summary.setAccessibleName("Report summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)   # deck names are never markup
        self.export_button = QPushButton("E&xport…")
        self.export_button.setAccessibleName("Export the report")
        self.export_button.setToolTip("Write the report as HTML, PDF, Markdown or JSON, with "
                                      "sample lines and goldfish odds if wanted (Ctrl+E)")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.export_requested)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName("Report")
        self.browser.setToolTip("The deck's report; click a card name to select the card")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow_link)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.browser, 1)

    # -- public API ------------------------------------------------------------------------

    def set_state(self, text: str, *, can_export: bool = False) -> None:
        """Show ``text`` instead of a report (building, no deck, failed)."""
        self.report = None
        self._stale = self._pending = False
        self._render_no += 1            # a document still being built is dropped
        self.summary.setText(text)
        self._swap(None)
        self.export_button.setEnabled(can_export)

    def set_report(self, report: Report) -> None:
        """Show ``report`` (re-rendered when the palette changes); the document is built in
        the background, once the tab is shown (:attr:`rendered` then)."""
        self.report = report
        combos = ("combos not searched yet" if report.combos is None
                  else f"{len(report.combos)} combo{'' if len(report.combos) == 1 else 's'}")
        self.summary.setText(f"{report.title}: {report.card_count} different cards, "
                             f"{report.edge_count} "
                             f"synergies, {combos}. Sample lines and goldfish odds are "
                             "simulated when the report is exported.")
        self.export_button.setEnabled(True)
        self._render()

    def is_rendered(self) -> bool:
        """True when the document shown is that of :attr:`report` (or there is none)."""
        return not self._stale and not self._pending

    def ensure_rendered(self) -> None:
        """Build the document of :attr:`report` now, on this thread, if it is stale or still
        being built (what :meth:`text`, :meth:`card_links` and screenshots read)."""
        if self.report is None or self.is_rendered():
            return
        self._render_no += 1
        self._stale = self._pending = False
        self._swap(report_document(self.report, self.browser.palette(), self.browser.font()))
        self.rendered.emit()

    def text(self) -> str:
        """The report as plain text (what a screen reader reads)."""
        self.ensure_rendered()
        return self.browser.toPlainText()

    def card_links(self) -> dict[str, str]:
        """Card name -> card id of every card link in the report shown."""
        self.ensure_rendered()
        links: dict[str, str] = {}
        block = self.browser.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                href = fragment.charFormat().anchorHref()
                if href.startswith(f"{CARD_SCHEME}:"):
                    links[fragment.text()] = unquote(href.split(":", 1)[1])
                it += 1
            block = block.next()
        return links

    # -- Qt overrides ----------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.report is not None:
            self._render()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._render()

    # -- helpers ---------------------------------------------------------------------------

    def _render(self) -> None:
        """Build the document of :attr:`report` in the thread pool if the tab is shown;
        else mark it stale."""
        report = self.report
        if report is None:
            return
        self._render_no += 1
        if not self.isVisible():
            self._stale = True
            return
        self._stale, self._pending = False, True
        number, palette, font = self._render_no, QPalette(self.browser.palette()), \
            QFont(self.browser.font())
        courier, gui_thread = self._courier, self.thread()

        def build() -> None:    # in a pool thread: QImage and QTextDocument only
            document = report_document(report, palette, font)
            document.moveToThread(gui_thread)
            with suppress(RuntimeError):    # the view was deleted meanwhile
                courier.built.emit(number, document)

        QThreadPool.globalInstance().start(build)

    def _adopt(self, number: int, document: QTextDocument) -> None:
        if number != self._render_no:
            document.deleteLater()      # a newer report or state replaced it
            return
        self._pending = False
        self._swap(document)
        self.rendered.emit()

    def _swap(self, document: QTextDocument | None) -> None:
        """Show ``document`` (None: empty), keeping the scroll position of a report shown
        again; the document shown before is deleted."""
        old = self._document
        position = self.browser.verticalScrollBar().value()
        if document is None:
            self.browser.setDocument(QTextDocument(self.browser))
        else:
            document.setParent(self.browser)
            self.browser.setDocument(document)
        self._document = self.browser.document()
        if old is not None:
            old.deleteLater()
        if document is not None:
            self.browser.verticalScrollBar().setValue(position)

    def _follow_link(self, url: QUrl) -> None:
        if url.scheme() == CARD_SCHEME:
            self.card_activated.emit(unquote(url.toString().split(":", 1)[1]))
        elif url.hasFragment():
            self.browser.scrollToAnchor(url.fragment())

    def prepare_screenshot(self) -> None:
        """For ``--screenshot``: wait (running the event loop) for the report being built,
        then build its document."""
        window = self.window()
        controller = getattr(window, "controller", None)
        worker = getattr(controller, "preview_worker", None)
        if worker is not None and worker.running:
            from PySide6.QtCore import QEventLoop, QTimer

            loop = QEventLoop()
            worker.finished.connect(loop.quit)
            QTimer.singleShot(60_000, loop.quit)
            if worker.running:
                loop.exec()
        self.ensure_rendered()
