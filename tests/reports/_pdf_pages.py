"""The PDF report's page count computed from its content, independently of the renderer.

It follows the layout rules written in ``analyzer/reports/pdf.py`` (its module docstring)
with its own word wrapping, measured with fpdf2's ``get_string_width`` on the embedded font
(the renderer measures with its own reading of the font's ``hmtx`` table), and its own
placement loop. Only the layout's numbers (:data:`LAYOUT`, :data:`FIGURE_SCALE`) and the
block list come from the report code.
"""

from __future__ import annotations

import math

from fpdf import FPDF

from analyzer.reports.charts import curve_chart, pip_chart
from analyzer.reports.model import Report
from analyzer.reports.pdf import FIGURE_SCALE, LAYOUT, font_path
from analyzer.reports.pdf_blocks import (
    Block,
    Figure,
    FigureKind,
    Heading,
    PageBreak,
    Paragraph,
    Table,
    Tone,
)


class _Measure:
    def __init__(self) -> None:
        self.pdf = FPDF()
        self.pdf.add_font("F", "", str(font_path(False)))
        self.pdf.add_font("F", "B", str(font_path(True)))

    def width(self, text: str, size: float, bold: bool) -> float:
        self.pdf.set_font("F", "B" if bold else "", size)
        return float(self.pdf.get_string_width(text))

    def count_lines(self, text: str, width: float, size: float, bold: bool = False) -> int:
        """Greedy wrapping at spaces; a word wider than the line is cut between characters."""
        lines, current = 0, ""
        for word in text.split(" "):
            candidate = f"{current} {word}" if current else word
            if self.width(candidate, size, bold) <= width + 1e-9:
                current = candidate
                continue
            if current:
                lines += 1
            current = ""
            for ch in word:
                if current and self.width(current + ch, size, bold) > width + 1e-9:
                    lines += 1
                    current = ""
                current += ch
        return lines + 1


def _figure_lines(kind: FigureKind, report: Report) -> int:
    if kind is FigureKind.GRAPH:
        assert report.graph is not None
        height = report.graph.height * LAYOUT.text_width / report.graph.width
    else:
        assert report.stats is not None
        chart = curve_chart(report.stats.curve) if kind is FigureKind.CURVE \
            else pip_chart(report.stats.pips)
        height = chart.height * (FIGURE_SCALE[kind] or 1.0)
    return math.ceil(height / LAYOUT.line - 1e-9)


def expected_pages(blocks: list[Block], report: Report) -> int:
    """Pages the blocks take under the documented layout rules."""
    m = _Measure()
    capacity, line_width = LAYOUT.lines_per_page, LAYOUT.text_width
    sizes = {1: LAYOUT.h1_size, 2: LAYOUT.h2_size, 3: LAYOUT.h3_size}
    pages, used = 1, 0

    def row_lines(table: Table, row: tuple[str, ...]) -> int:
        return max(m.count_lines(text, col.width - 2 * LAYOUT.cell_pad, LAYOUT.cell_size)
                   for col, text in zip(table.columns, row, strict=True))

    def heading_lines(block: Heading) -> int:
        per_line = 2 if block.level < 3 else 1
        return per_line * m.count_lines(block.text, line_width, sizes[block.level], bold=True)

    def kept(j: int) -> int:
        """What a heading before blocks[j] keeps with it (the rules: the next block's first
        unit, or the next heading's space, lines and what it keeps)."""
        if j >= len(blocks):
            return 0
        block = blocks[j]
        if isinstance(block, Heading):
            return 0 if block.level == 1 else 1 + heading_lines(block) + kept(j + 1)
        if isinstance(block, Paragraph):
            return 1
        if isinstance(block, Table):
            return 1 + (row_lines(block, block.rows[0]) if block.rows else 0)
        if isinstance(block, Figure):
            return _figure_lines(block.kind, report)
        return 0

    def take(n: int) -> None:
        nonlocal pages, used
        if used + n > capacity and used > 0:
            pages, used = pages + 1, 0
        used += n

    for i, block in enumerate(blocks):
        if isinstance(block, PageBreak):
            if used > 0:
                pages, used = pages + 1, 0
        elif isinstance(block, Heading):
            n = m.count_lines(block.text, line_width, sizes[block.level], bold=True)
            if block.level > 1:
                space = 1 if block.level == 3 or used > 0 else 0
                if used + space + heading_lines(block) + kept(i + 1) > capacity and used > 0:
                    pages, used = pages + 1, 0
                    space = 1 if block.level == 3 else 0
                used += space
            for _ in range(n):
                take(2 if block.level < 3 else 1)
        elif isinstance(block, Paragraph):
            width = line_width - (2 * LAYOUT.note_pad if block.tone is Tone.NOTE else 0)
            for _ in range(m.count_lines(block.text, width, LAYOUT.body_size,
                                         bold=block.tone is Tone.BOLD)):
                take(1)
        elif isinstance(block, Table):
            first = row_lines(block, block.rows[0]) if block.rows else 0
            if used + 1 + first > capacity and used > 0:
                pages, used = pages + 1, 0
            used += 1
            for row in block.rows:
                h = row_lines(block, row)
                if used + h > capacity:
                    pages, used = pages + 1, 1   # the header again
                used += h
            used += 1 if used < capacity else 0
        elif isinstance(block, Figure):
            take(_figure_lines(block.kind, report))
            used += 1 if used < capacity else 0
    return pages
