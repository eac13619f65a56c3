"""The PDF report: the same content as the HTML one, laid out on A4 pages with fpdf2.

Text is printed as text in DejaVu Sans Condensed (embedded and subset; its license is
``fonts/LICENSE.txt``), so card names such as "Lim-Dûl's Vault" or "Æther Vial" print as
written; a character the font lacks prints as U+FFFD (the HTML, Markdown and JSON reports keep
it). Charts and the synergy graph are vector drawings from the same geometry as the HTML SVG.

Page layout (the rules a reader can check the page count against)
-----------------------------------------------------------------
Every block of :func:`analyzer.reports.pdf_blocks.report_blocks` takes a whole number of lines
of :attr:`PdfLayout.line` mm; a page holds :attr:`PdfLayout.lines_per_page` lines. Text wraps
greedily at spaces to its width (a word wider than the width is cut between characters), with
the advance widths of the embedded font at the block's size:

- ``PageBreak``: a new page (unless the page is empty; the report's blocks hold none: a
  section starts a new page only when its heading and first lines do not fit);
- ``Heading`` level 1: 2 lines per wrapped line (width 180 mm); level 2 (a section): 1 line of
  space unless at the top of a page, then 2 lines per wrapped line; level 3: 1 line of space
  (also at the top of a page) + 1 line per wrapped line. A level 2 or 3 heading is kept with
  what follows: it moves to a new page (where a level 2 heading takes no space line) unless
  its lines and what it keeps fit, that is the next block's first unit (a paragraph line, a
  table header and first row, a whole figure) or, when the next block is a level 2 or 3
  heading, that heading's space and lines and what it keeps in turn;
- ``Paragraph``: 1 line per wrapped line, a line that does not fit goes to the next page;
- ``Table``: 1 header line, then per row as many lines as its tallest cell (cells wrap to their
  column width less 2 mm); a row that does not fit starts a new page, which repeats the header;
  1 line of space after the table if it fits on the page;
- ``Figure``: ``ceil(height / line)`` lines, height in mm = picture units × its scale
  (:data:`FIGURE_SCALE`); a figure that does not fit starts a new page; 1 line of space after
  it if it fits.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # no stubs
from fpdf import FPDF

from analyzer.graph.kinds import KIND_COLORS
from analyzer.reports.build import LABEL_FONT, UNKNOWN_KIND_COLOR
from analyzer.reports.charts import Chart, curve_chart, pip_chart
from analyzer.reports.model import HUB_NODE_COLOR, NODE_COLOR, GraphPicture, Report, kind_label
from analyzer.reports.pdf_blocks import (
    Align,
    Block,
    Column,
    Figure,
    FigureKind,
    Heading,
    PageBreak,
    Paragraph,
    Table,
    Tone,
    report_blocks,
)

__all__ = ["FIGURE_SCALE", "LAYOUT", "PdfLayout", "figure_size", "font_path", "render_pdf"]


@dataclass(frozen=True, slots=True)
class PdfLayout:
    """Page geometry (mm) and type sizes (pt) of the PDF report."""

    page_width: float = 210.0
    """A4 width."""
    page_height: float = 297.0
    """A4 height."""
    margin: float = 15.0
    """Left, right and top margin."""
    line: float = 4.2
    """The height of one line; every block is a whole number of lines."""
    lines_per_page: int = 62
    """Lines a page holds (the footer sits below them)."""
    body_size: float = 8.5
    """Paragraphs."""
    cell_size: float = 8.0
    """Table cells."""
    header_size: float = 7.5
    """Table headers (bold)."""
    h1_size: float = 18.0
    """The report title (bold)."""
    h2_size: float = 13.0
    """Section headings (bold)."""
    h3_size: float = 10.0
    """Part headings (bold)."""
    cell_pad: float = 1.0
    """Space left and right of a cell's text."""
    note_pad: float = 2.0
    """Space left and right of the notes' text on their band."""

    @property
    def text_width(self) -> float:
        """Width between the margins (180 mm on A4)."""
        return self.page_width - 2 * self.margin


LAYOUT = PdfLayout()
"""The layout every PDF report uses."""

FIGURE_SCALE = {FigureKind.CURVE: 0.25, FigureKind.PIPS: 0.25, FigureKind.GRAPH: None}
"""Millimetres per picture unit; ``None``: scaled to the text width (the graph)."""

_FONT_FILES = {"": "DejaVuSansCondensed.ttf", "B": "DejaVuSansCondensed-Bold.ttf"}
_FAMILY = "DejaVuSansCondensed"
_INK, _MUTED, _RULE, _NOTE_BG = "#1f2430", "#6b7280", "#d1d5db", "#eef2f7"


def font_path(bold: bool = False) -> Path:
    """The embedded TTF file (regular or bold) shipped in ``analyzer/reports/fonts``."""
    ref = resources.files("analyzer.reports").joinpath("fonts", _FONT_FILES["B" if bold else ""])
    return Path(str(ref))


@lru_cache(maxsize=2)
def _metrics(bold: bool) -> tuple[dict[int, float], float]:
    """Advance widths per code point in em (from the font's ``hmtx`` and ``cmap``) and the
    width of U+FFFD, which stands for a character the font lacks."""
    font = TTFont(str(font_path(bold)), lazy=True)
    units = float(font["head"].unitsPerEm)
    hmtx = font["hmtx"].metrics
    widths = {cp: hmtx[glyph][0] / units for cp, glyph in font.getBestCmap().items()}
    font.close()
    return widths, widths.get(0xFFFD, 0.5)


def printable(text: str) -> str:
    """``text`` with what the font cannot print replaced: tabs by spaces, other control
    characters dropped, characters without a glyph by U+FFFD."""
    if text.isascii() and text.isprintable():   # the font has every printable ASCII glyph
        return text
    widths, _ = _metrics(False)
    out = []
    for ch in text.replace("\t", " "):
        if unicodedata.category(ch) in ("Cc", "Cf"):
            continue
        out.append(ch if ord(ch) in widths else "\ufffd")
    return "".join(out)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of ``text`` (already :func:`printable`) at ``size`` points."""
    widths, missing = _metrics(bold)
    return sum(widths.get(ord(ch), missing) for ch in text) * size * 25.4 / 72


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` mm: greedy at spaces, a word wider than
    the width cut between characters. Always at least one line (``[""]`` for no text)."""
    space = text_width(" ", size, bold)
    lines: list[str] = []
    current, used = "", 0.0
    for word in text.split(" "):
        wide = text_width(word, size, bold)
        if current and used + space + wide <= width:
            current, used = f"{current} {word}", used + space + wide
            continue
        if not current and wide <= width:
            current, used = word, wide
            continue
        if current:
            lines.append(current)
        current, used = "", 0.0
        if wide <= width:
            current, used = word, wide
            continue
        for ch in word:
            step = text_width(ch, size, bold)
            if current and used + step > width:
                lines.append(current)
                current, used = "", 0.0
            current, used = current + ch, used + step
    lines.append(current)
    return lines


def figure_size(kind: FigureKind, report: Report,
                layout: PdfLayout = LAYOUT) -> tuple[float, float, float]:
    """(width, height, scale) in mm of a figure; scale is mm per picture unit."""
    if kind is FigureKind.GRAPH:
        picture = report.graph
        assert picture is not None
        scale = layout.text_width / picture.width
        return layout.text_width, picture.height * scale, scale
    chart = _chart(kind, report)
    scale = FIGURE_SCALE[kind] or 1.0
    return chart.width * scale, chart.height * scale, scale


def _chart(kind: FigureKind, report: Report) -> Chart:
    assert report.stats is not None
    return curve_chart(report.stats.curve) if kind is FigureKind.CURVE \
        else pip_chart(report.stats.pips)


# -- placing --------------------------------------------------------------------------


@dataclass
class _Placed:
    """A block cut into drawable units with their line counts."""

    block: Block
    units: list[tuple[int, Any]] = field(default_factory=list)
    """(lines, payload) per unit: wrapped lines, table rows, the figure."""


def _bold(tone: Tone) -> bool:
    return tone is Tone.BOLD


def _cell_lines(columns: Sequence[Column], row: Sequence[str],
                layout: PdfLayout) -> list[list[str]]:
    return [wrap(printable(text), col.width - 2 * layout.cell_pad, layout.cell_size)
            for col, text in zip(columns, row, strict=True)]


def _measure(block: Block, report: Report, layout: PdfLayout) -> _Placed:
    placed = _Placed(block)
    if isinstance(block, Heading):
        size = {1: layout.h1_size, 2: layout.h2_size, 3: layout.h3_size}[block.level]
        lines = wrap(printable(block.text), layout.text_width, size, bold=True)
        placed.units = [(2 if block.level < 3 else 1, line) for line in lines]
    elif isinstance(block, Paragraph):
        width = layout.text_width - (2 * layout.note_pad if block.tone is Tone.NOTE else 0)
        placed.units = [(1, line) for line in
                        wrap(printable(block.text), width, layout.body_size, _bold(block.tone))]
    elif isinstance(block, Table):
        for row in block.rows:
            cells = _cell_lines(block.columns, row, layout)
            placed.units.append((max(len(c) for c in cells), cells))
    elif isinstance(block, Figure):
        _, height, _ = figure_size(block.kind, report, layout)
        placed.units = [(math.ceil(height / layout.line - 1e-9), block.kind)]
    return placed


# -- drawing --------------------------------------------------------------------------


class _ReportPDF(FPDF):
    """FPDF with the report's footer: title and page number."""

    def __init__(self, title: str, layout: PdfLayout) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.report_title = title
        self.layout = layout

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(_FAMILY, "", 7)
        self.set_text_color(_MUTED)
        width = self.layout.text_width
        title = self.report_title
        while title and text_width(title + " …", 7) > width - 30:
            title = title[:-1]
        shown = title + (" …" if title != self.report_title else "")
        self.cell(width - 30, 4, shown, align="L")
        self.cell(30, 4, f"{self.page_no()} / {{nb}}", align="R")


class _Writer:
    """Places measured blocks line by line on pages and draws them."""

    def __init__(self, report: Report, layout: PdfLayout) -> None:
        self.report = report
        self.layout = layout
        pdf = _ReportPDF(printable(report.title), layout)
        pdf.set_auto_page_break(False)
        pdf.set_margins(layout.margin, layout.margin, layout.margin)
        pdf.c_margin = 0.0   # cells start their text at their x, as the rules say
        pdf.alias_nb_pages()
        for style in _FONT_FILES:
            pdf.add_font(_FAMILY, style, str(font_path(bold=style == "B")))
        pdf.set_title(printable(report.title))
        pdf.set_creator(report.generator)
        self.pdf = pdf
        self.used = 0
        self.table_header: Table | None = None
        self._new_page()

    # -- the line grid --

    def _new_page(self) -> None:
        self.pdf.add_page()
        self.used = 0
        if self.table_header is not None:
            self._draw_header(self.table_header)

    def _y(self) -> float:
        return self.layout.margin + self.used * self.layout.line

    def _room(self, lines: int) -> bool:
        return self.used + lines <= self.layout.lines_per_page

    def _take(self, lines: int) -> float:
        """Start a new page unless ``lines`` fit; return the y where they go."""
        if not self._room(lines) and self.used > 0:
            self._new_page()
        y = self._y()
        self.used += lines
        return y

    def _space(self) -> None:
        if self._room(1):
            self.used += 1

    # -- blocks --

    def write(self, placed: Sequence[_Placed]) -> None:
        for i, item in enumerate(placed):
            block = item.block
            if isinstance(block, PageBreak):
                if self.used > 0:
                    self._new_page()
            elif isinstance(block, Heading):
                self._heading(block, item, _kept_lines(placed, i + 1))
            elif isinstance(block, Paragraph):
                for lines, text in item.units:
                    self._paragraph_line(block, text, self._take(lines))
            elif isinstance(block, Table):
                self._table(block, item)
            elif isinstance(block, Figure):
                self._figure(block.kind, self._take(item.units[0][0]))
                self._space()

    def _heading(self, block: Heading, item: _Placed, kept: int) -> None:
        """Draw a heading; ``kept``: lines of what follows that must fit on its page."""
        pdf, layout = self.pdf, self.layout
        size = {1: layout.h1_size, 2: layout.h2_size, 3: layout.h3_size}[block.level]
        if block.level > 1:
            space = _space_before(block, self.used)
            if not self._room(space + sum(n for n, _ in item.units) + kept) and self.used > 0:
                self._new_page()
                space = _space_before(block, 0)
            self.used += space
        pdf.set_text_color(_INK)
        for n, (lines, text) in enumerate(item.units):
            y = self._take(lines)
            pdf.set_xy(layout.margin, y)
            if block.level == 2 and n == 0:   # the outline entry points at this page and y
                pdf.start_section(printable(block.text), level=0)
            pdf.set_font(_FAMILY, "B", size)
            pdf.cell(layout.text_width, lines * layout.line, text, align="L")
            if block.level == 2:
                pdf.set_draw_color(_RULE)
                pdf.set_line_width(0.4)
                bottom = y + lines * layout.line - 0.8
                pdf.line(layout.margin, bottom, layout.margin + layout.text_width, bottom)

    def _text(self, x: float, y: float, width: float, text: str, size: float,
              align: Align = Align.LEFT, bold: bool = False) -> None:
        """One line of text in the line box at (x, y), ``width`` wide (fpdf2's ``text``:
        much faster than ``cell`` for thousands of table cells)."""
        if align is Align.RIGHT:
            x += width - text_width(text, size, bold)
        baseline = y + self.layout.line / 2 + size * 25.4 / 72 * 0.35
        self.pdf.text(x, baseline, text)

    def _paragraph_line(self, block: Paragraph, text: str, y: float) -> None:
        pdf, layout, tone = self.pdf, self.layout, block.tone
        pdf.set_font(_FAMILY, "B" if tone is Tone.BOLD else "", layout.body_size)
        pdf.set_text_color(block.color or (_MUTED if tone is Tone.MUTED else _INK))
        x = layout.margin
        if tone is Tone.NOTE:
            pdf.set_fill_color(_NOTE_BG)
            pdf.rect(x, y, layout.text_width, layout.line, style="F")
            pdf.set_fill_color("#4f6d9a")
            pdf.rect(x, y, 0.8, layout.line, style="F")
            x += layout.note_pad
        self._text(x, y, layout.text_width, text, layout.body_size, bold=tone is Tone.BOLD)

    def _draw_header(self, table: Table) -> None:
        pdf, layout = self.pdf, self.layout
        y = self._y()
        self.used += 1
        pdf.set_font(_FAMILY, "B", layout.header_size)
        pdf.set_text_color(_MUTED)
        x = layout.margin
        for col in table.columns:
            self._text(x + layout.cell_pad, y, col.width - 2 * layout.cell_pad,
                       printable(col.title.upper()), layout.header_size, col.align, bold=True)
            x += col.width
        pdf.set_draw_color("#9ca3af")
        pdf.set_line_width(0.3)
        bottom = y + layout.line
        pdf.line(layout.margin, bottom, x, bottom)

    def _table(self, table: Table, item: _Placed) -> None:
        pdf, layout = self.pdf, self.layout
        if not self._room(1 + (item.units[0][0] if item.units else 0)) and self.used > 0:
            self._new_page()
        self.table_header = table
        self._draw_header(table)
        for lines, cells in item.units:
            y = self._take(lines)
            x = layout.margin
            for col, cell in zip(table.columns, cells, strict=True):
                color = _LABEL_COLORS.get(" ".join(cell), UNKNOWN_KIND_COLOR) \
                    if col.kind_colored else _INK
                pdf.set_font(_FAMILY, "", layout.cell_size)
                pdf.set_text_color(color)
                for n, text in enumerate(cell):
                    self._text(x + layout.cell_pad, y + n * layout.line,
                               col.width - 2 * layout.cell_pad, text, layout.cell_size,
                               col.align)
                x += col.width
            pdf.set_draw_color("#e5e7eb")
            pdf.set_line_width(0.2)
            bottom = y + lines * layout.line
            pdf.line(layout.margin, bottom, x, bottom)
        self.table_header = None
        self._space()

    def _figure(self, kind: FigureKind, y: float) -> None:
        if kind is FigureKind.GRAPH:
            assert self.report.graph is not None
            _draw_graph(self.pdf, self.report.graph, self.layout.margin, y,
                        figure_size(kind, self.report, self.layout)[2])
        else:
            _draw_chart(self.pdf, _chart(kind, self.report), kind, self.layout.margin, y,
                        figure_size(kind, self.report, self.layout)[2])


_LABEL_COLORS = {kind_label(kind): color for kind, color in KIND_COLORS.items()}
"""A kind's colour by the label a legend row prints."""


def _space_before(block: Heading, used: int) -> int:
    """Lines of space above a level 2 or 3 heading when ``used`` lines of its page are
    taken."""
    return 1 if block.level == 3 or used > 0 else 0


def _kept_lines(placed: Sequence[_Placed], i: int) -> int:
    """Lines that must fit with a heading before ``placed[i]``: its first unit, or, for a
    level 2 or 3 heading, that heading's space and lines and what it keeps in turn."""
    if i >= len(placed):
        return 0
    item = placed[i]
    if isinstance(item.block, Heading):
        if item.block.level == 1:
            return 0
        return 1 + sum(n for n, _ in item.units) + _kept_lines(placed, i + 1)
    if not item.units or isinstance(item.block, PageBreak):
        return 0
    header = 1 if isinstance(item.block, Table) else 0
    return header + item.units[0][0]


def _draw_chart(pdf: FPDF, chart: Chart, kind: FigureKind, x0: float, y0: float,
                s: float) -> None:
    pdf.set_font(_FAMILY, "", 7.5)
    pdf.set_line_width(0.2)
    if kind is FigureKind.CURVE:
        pdf.set_draw_color("#9ca3af")
        pdf.line(x0 + 24 * s, y0 + chart.baseline * s, x0 + (chart.width - 6) * s,
                 y0 + chart.baseline * s)
    for bar in chart.bars:
        pdf.set_fill_color(bar.color)
        pdf.set_draw_color("#6b7280")
        if bar.height > 0 and bar.width > 0:
            pdf.rect(x0 + bar.x * s, y0 + bar.y * s, bar.width * s, bar.height * s,
                     style="FD" if kind is FigureKind.PIPS else "F")
        pdf.set_text_color(_INK)
        value = str(bar.value)
        if kind is FigureKind.CURVE:
            centre = x0 + (bar.x + bar.width / 2) * s
            if bar.value:
                pdf.text(centre - text_width(value, 7.5) / 2, y0 + (bar.y - 4) * s, value)
            pdf.set_text_color(_MUTED)
            pdf.text(centre - text_width(bar.label, 7.5) / 2, y0 + (chart.baseline + 16) * s,
                     printable(bar.label))
        else:
            pdf.text(x0, y0 + (bar.y + 15) * s, printable(bar.label))
            pdf.text(x0 + (bar.x + bar.width + 6) * s, y0 + (bar.y + 15) * s, value)


def _arrow_head(pdf: FPDF, x1: float, y1: float, x2: float, y2: float, back: float,
                size: float) -> None:
    """A filled triangle pointing at (x2, y2), drawn ``back`` mm before it."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length <= back + size / 2:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - ux * back, y2 - uy * back)
    base = (tip[0] - ux * size, tip[1] - uy * size)
    half = size * 0.45
    pdf.polygon([tip, (base[0] - uy * half, base[1] + ux * half),
                 (base[0] + uy * half, base[1] - ux * half)], style="F")


def _draw_graph(pdf: FPDF, picture: GraphPicture, x0: float, y0: float, s: float) -> None:
    pdf.set_line_width(0.15)
    with pdf.local_context(stroke_opacity=picture.edge_opacity,
                           fill_opacity=min(1.0, picture.edge_opacity + 0.2)):
        for link in picture.links:
            start = (x0 + link.x1 * s, y0 + link.y1 * s)
            control = (x0 + link.cx * s, y0 + link.cy * s)
            end = (x0 + link.x2 * s, y0 + link.y2 * s)
            pdf.set_draw_color(link.color)
            pdf.set_fill_color(link.color)
            pdf.bezier([start, control, end])
            _arrow_head(pdf, *control, *end, 0.0, 1.2)
    size = LABEL_FONT * s * 72 / 25.4      # the label size in points
    for node in picture.nodes:
        pdf.set_fill_color(HUB_NODE_COLOR if node.hub else NODE_COLOR)
        pdf.set_draw_color("#ffffff")
        pdf.circle(x0 + node.x * s, y0 + node.y * s, node.radius * s, style="FD")
    for node in picture.nodes:
        name = printable(node.label)
        pdf.set_font(_FAMILY, "B" if node.hub else "", size)
        width = text_width(name, size, node.hub)
        x, y = x0 + node.label_x * s, y0 + node.label_y * s
        shift = {"end": -width, "middle": -width / 2}.get(node.label_anchor, 0.0)
        baseline = size * 25.4 / 72 * 0.35
        # fpdf2 turns counter-clockwise; the picture's angles are clockwise (y points down).
        with pdf.rotation(-node.label_angle, x, y):
            if node.hub:
                pdf.set_fill_color("#ffffff")
                pdf.rect(x + shift - 0.3, y - 2 * baseline, width + 0.6, 4 * baseline,
                         style="F")
            pdf.set_text_color("#374151")
            pdf.text(x + shift, y + baseline, name)


def layout_blocks(report: Report, layout: PdfLayout = LAYOUT) -> Iterator[_Placed]:
    """The report's blocks, measured (lines per unit) for :class:`_Writer`."""
    for block in report_blocks(report):
        yield _measure(block, report, layout)


def render_pdf(report: Report, *, layout: PdfLayout = LAYOUT) -> bytes:
    """The report as a PDF document.

    Parameters
    ----------
    report : Report
        Built by :func:`analyzer.reports.build_report`.
    layout : PdfLayout
        Page geometry and type sizes (see the module's layout rules).

    Returns
    -------
    bytes
        A PDF 1.x file with the fonts embedded, an outline entry per section, and the report's
        title as document title.
    """
    writer = _Writer(report, layout)
    writer.write(list(layout_blocks(report, layout)))
    return bytes(writer.pdf.output())
