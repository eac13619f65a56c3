"""The PDF report's content as a flat list of blocks, before any measuring or drawing.

:func:`report_blocks` turns a :class:`~analyzer.reports.model.Report` into headings,
paragraphs, tables and figures, in reading order; :mod:`analyzer.reports.pdf` measures them,
lays them out on pages and draws them. Keeping the two apart lets a test check that the blocks
hold the whole report and compute the page count with its own measurements.

Examples
--------
>>> from datetime import datetime, UTC
>>> from analyzer.reports.model import CardLine, ComboVerdict, EdgeReport, Report, ReportSection, Unavailable
>>> r = Report("Deck <b>", "", datetime(2026, 1, 1, tzinfo=UTC), "spellweb 0",
...            (ReportSection.COMBOS,),
...            unavailable=(Unavailable(ReportSection.COMBOS, "not run"),))
>>> [type(b).__name__ for b in report_blocks(r)]
['Heading', 'Paragraph', 'Paragraph', 'Heading', 'Paragraph', 'Heading', 'Paragraph']
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from analyzer.reports.model import (
    NODE_LEGEND,
    TYPES_NOTE,
    CardLine,
    ComboVerdict,
    EdgeReport,
    Report,
    ReportSection,
    capitalized,
    join_names,
    kind_label,
)

__all__ = [
    "DECK_COLUMNS",
    "EDGE_COLUMNS",
    "VERDICT_COLORS",
    "Align",
    "Block",
    "Column",
    "Figure",
    "FigureKind",
    "Heading",
    "PageBreak",
    "Paragraph",
    "Table",
    "Tone",
    "report_blocks",
]


class Tone(enum.Enum):
    """How a paragraph is printed."""

    NORMAL = enum.auto()
    """Body text."""
    BOLD = enum.auto()
    """Bold body text (a verdict, a total)."""
    MUTED = enum.auto()
    """Grey body text (a section that is not in the report, a caption)."""
    NOTE = enum.auto()
    """The user's notes, on a tinted band."""


class Align(enum.Enum):
    """Horizontal alignment of a table column."""

    LEFT = "L"
    """Left."""
    RIGHT = "R"
    """Right (numbers)."""


class FigureKind(enum.Enum):
    """The pictures of a report."""

    CURVE = enum.auto()
    """The mana curve (:attr:`Report.stats`)."""
    PIPS = enum.auto()
    """The colour pips (:attr:`Report.stats`)."""
    GRAPH = enum.auto()
    """The synergy graph (:attr:`Report.graph`)."""


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: title, width in millimetres, alignment."""

    title: str
    """Header text."""
    width: float
    """Width in mm (a table's columns add up to the page's text width, 180 mm)."""
    align: Align = Align.LEFT
    """Alignment of its cells."""
    kind_colored: bool = False
    """Cells name a synergy kind (:func:`~analyzer.reports.model.kind_label`) and are printed
    in its colour."""


@dataclass(frozen=True, slots=True)
class PageBreak:
    """Start a new page (a section starts on one only when its heading and first lines do
    not fit, so :func:`report_blocks` yields none; kept for other block lists)."""


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading: level 1 the report title, 2 a section, 3 a part of a section."""

    text: str
    """The heading's text."""
    level: int
    """1, 2 or 3."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Text wrapped to the page's text width; may continue on the next page."""

    text: str
    """The text, one line of the source (no line break inside)."""
    tone: Tone = Tone.NORMAL
    """How it is printed."""
    color: str | None = None
    """Text colour (CSS hex) instead of the tone's, e.g. a combo verdict's."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table; its header is repeated on every page it continues on, a row never splits."""

    columns: tuple[Column, ...]
    """The columns."""
    rows: tuple[tuple[str, ...], ...]
    """Cells, one tuple per row, as many as columns."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A picture drawn from the report, in vector graphics."""

    kind: FigureKind
    """Which picture."""


Block = PageBreak | Heading | Paragraph | Table | Figure
"""One unit of the PDF's content."""

VERDICT_COLORS = {ComboVerdict.VERIFIED: "#15803d", ComboVerdict.NOT_WORKING: "#b91c1c",
                  ComboVerdict.NOT_VERIFIABLE: "#a16207"}
"""Colour of each combo verdict (the HTML report's too)."""

DECK_COLUMNS = (Column("#", 8, Align.RIGHT), Column("Card", 66), Column("Mana cost", 34),
                Column("Type", 72))
"""Columns of each deck group's table."""
EDGE_COLUMNS = (Column("From", 34), Column("To", 34), Column("Why", 94),
                Column("Rules", 18))
"""Columns of the edge tables (one per kind, under a heading naming the kind)."""
_LEGEND_COLUMNS = (Column("Synergy (line colour)", 50, kind_colored=True),
                   Column("Edges", 20, Align.RIGHT))
_TYPE_COLUMNS = (Column("Card type", 60), Column("Copies", 20, Align.RIGHT))
_KEY_COLUMNS = (Column("#", 8, Align.RIGHT), Column("Card", 100), Column("Score", 20, Align.RIGHT))
_MISS_COLUMNS = (Column("Missing card", 50), Column("Completes", 70),
                 Column("Pieces in the deck", 60))
_ODDS_COLUMNS = (Column("Turn", 20, Align.RIGHT), Column("Share of games", 40, Align.RIGHT))


def _cover(report: Report) -> Iterator[Block]:
    yield Heading(report.title, 1)
    sub = [report.generator + " report", report.generated_at.strftime("%Y-%m-%d %H:%M UTC")]
    if report.deck:
        sub += [x for x in (report.deck.file_name, f"read as {report.deck.format}") if x]
    yield Paragraph(" · ".join(sub), Tone.MUTED)
    for line in report.notes.splitlines():
        # Leading spaces are kept as no-break spaces (wrapping happens at spaces).
        text = line.lstrip(" ")
        yield Paragraph("\u00a0" * (len(line) - len(text)) + text, Tone.NOTE)
    totals = [f"{t.count} {t.title}" for t in report.deck.totals] if report.deck else []
    totals += [f"{report.card_count} cards analysed", f"{report.edge_count} synergy edges"]
    yield Paragraph(" · ".join(totals), Tone.BOLD)
    yield Heading("Contents", 3)
    for section in report.sections:
        missing = report.reason_missing(section)
        yield Paragraph(section.title + (f" — not in this report: {missing}" if missing else ""),
                        Tone.MUTED if missing else Tone.NORMAL)


def _card_label(line: CardLine) -> str:
    if line.card_id is None:
        return f"{line.name} (not found)"
    return f"{line.name} ({line.note})" if line.note else line.name


def _deck(report: Report) -> Iterator[Block]:
    deck = report.deck
    assert deck is not None
    if deck.issues:
        yield Heading("Problems in the deck file", 3)
        for i in deck.issues:
            where = f", line {i.line_no}" if i.line_no else ""
            text = f" — “{i.text}”" if i.text else ""
            hint = f" (did you mean {' or '.join(i.suggestions)}?)" if i.suggestions else ""
            yield Paragraph(f"{i.severity}{where}: {i.reason}{text}{hint}")
    for group in deck.groups:
        yield Heading(f"{group.title} ({group.count})", 3)
        yield Table(DECK_COLUMNS, tuple(
            (str(c.count), _card_label(c), c.mana_cost, c.type_line) for c in group.cards))


def _stats(report: Report) -> Iterator[Block]:
    stats = report.stats
    assert stats is not None
    yield Paragraph(f"Cards counted: {stats.total} (the main deck and command zone).")
    yield Heading("Mana curve (nonland cards by mana value)", 3)
    yield Figure(FigureKind.CURVE)
    yield Heading("Colour pips (coloured mana symbols in mana costs)", 3)
    if stats.pips:
        yield Figure(FigureKind.PIPS)
    else:
        yield Paragraph("No coloured mana symbols.", Tone.MUTED)
    yield Heading("Card types", 3)
    yield Paragraph(TYPES_NOTE, Tone.MUTED)
    yield Table(_TYPE_COLUMNS, tuple((t.card_type, str(t.count)) for t in stats.types))


def _key_cards(report: Report) -> Iterator[Block]:
    kc = report.key_cards
    assert kc is not None
    yield Heading("Key cards", 3)
    if kc.cards:
        yield Table(_KEY_COLUMNS, tuple((str(i), c.name, f"{c.score:.2f}")
                                        for i, c in enumerate(kc.cards, 1)))
        yield Paragraph(f"Score: {kc.method}.", Tone.MUTED)
    else:
        yield Paragraph("No card has a synergy edge.", Tone.MUTED)
    yield Heading("Packages", 3)
    if kc.packages is None:
        yield Paragraph(f"Not in this report: {kc.packages_note}.", Tone.MUTED)
    elif not kc.packages:
        yield Paragraph("No package found.", Tone.MUTED)
    for p in kc.packages or ():
        yield Paragraph(f"{p.name}: {join_names(p.cards)}")


def _graph(report: Report) -> Iterator[Block]:
    picture = report.graph
    assert picture is not None
    if picture.nodes:
        yield Figure(FigureKind.GRAPH)
        yield Paragraph("Cards (circle colour):", Tone.MUTED)
        hubs = any(n.hub for n in picture.nodes)
        for color, meaning in NODE_LEGEND[0 if hubs else 1:]:
            yield Paragraph(f"\u25cf {meaning}", Tone.BOLD, color)
        counts = {kind: 0 for kind, _ in picture.legend}
        for link in picture.links:
            counts[link.kind] += 1
        yield Table(_LEGEND_COLUMNS, tuple((kind_label(kind), str(n))
                                           for kind, n in counts.items()))
    else:
        yield Paragraph("No synergy edge to draw.", Tone.MUTED)
    if picture.unlinked:
        yield Paragraph(f"No synergy edge ({len(picture.unlinked)}): "
                        f"{join_names(picture.unlinked)}.", Tone.MUTED)


def _edges(report: Report) -> Iterator[Block]:
    if not report.edges:
        yield Paragraph("No synergy edge of the kinds Spellweb knows.", Tone.MUTED)
    by_kind: dict[str, list[EdgeReport]] = {}
    for edge in report.edges or ():
        by_kind.setdefault(edge.kind, []).append(edge)
    for kind, edges in by_kind.items():
        yield Heading(f"{capitalized(kind_label(kind))} ({len(edges)})", 3)
        yield Table(EDGE_COLUMNS, tuple(
            (e.source_name, e.target_name, e.explanation, ", ".join(e.rules)) for e in edges))


def _combos(report: Report) -> Iterator[Block]:
    if not report.combos:
        yield Paragraph("The combo analysis found no combo in this deck.", Tone.MUTED)
    for c in report.combos or ():
        yield Heading(f"{c.name} — {c.verdict.label}", 3)
        yield Paragraph(" + ".join(c.cards))
        yield Paragraph(f"Verdict: {c.verdict.label} — {c.reason}", Tone.BOLD,
                        VERDICT_COLORS[c.verdict])
        for i, step in enumerate(c.steps, 1):
            yield Paragraph(f"{i}. {step}")
        rules = f" (CR {', '.join(c.rules)})" if c.rules else ""
        yield Paragraph(f"Per iteration: {', '.join(c.gain_per_iteration) or 'no net gain'}"
                        f"{rules}")


def _near_misses(report: Report) -> Iterator[Block]:
    if report.near_misses:
        yield Table(_MISS_COLUMNS, tuple((m.missing_card, "; ".join(m.combos),
                                          join_names(m.cards_in_deck))
                                         for m in report.near_misses))
    else:
        yield Paragraph("No combo is one card away.", Tone.MUTED)


def _lines(report: Report) -> Iterator[Block]:
    if not report.lines:
        yield Paragraph("No sample line.", Tone.MUTED)
    for line in report.lines or ():
        yield Heading(line.title, 3)
        for i, step in enumerate(line.steps, 1):
            yield Paragraph(f"{i}. {step.action}")
            for event in step.events:
                yield Paragraph(f"    – {event}", Tone.MUTED)
        if line.outcome:
            yield Paragraph(line.outcome, Tone.BOLD)


def _odds(report: Report) -> Iterator[Block]:
    if not report.odds:
        note = report.odds_note or "the simulation counted no goal"
        yield Paragraph(f"No odds: {note}.", Tone.MUTED)
    for o in report.odds or ():
        yield Heading(o.goal, 3)
        play = "on the play" if o.on_the_play else "on the draw"
        yield Paragraph(f"{o.games} goldfish games, {play}.", Tone.MUTED)
        yield Table(_ODDS_COLUMNS, tuple((str(r.turn), f"{r.probability * 100:.1f} %")
                                         for r in o.rows))


_SECTIONS = {
    ReportSection.DECK: _deck, ReportSection.STATS: _stats,
    ReportSection.KEY_CARDS: _key_cards, ReportSection.GRAPH: _graph,
    ReportSection.EDGES: _edges, ReportSection.COMBOS: _combos,
    ReportSection.NEAR_MISSES: _near_misses, ReportSection.LINES: _lines,
    ReportSection.ODDS: _odds,
}


def report_blocks(report: Report) -> list[Block]:
    """The PDF's content in reading order: a cover, then each section under its heading;
    the layout (:mod:`analyzer.reports.pdf`) moves a heading to a new page only when it and
    what follows it do not fit.

    Every text comes from the report as it is (no markup: the PDF prints text as text).
    """
    blocks: list[Block] = list(_cover(report))
    for section in report.sections:
        missing = report.reason_missing(section)
        blocks.append(Heading(section.title, 2))
        if missing:
            blocks.append(Paragraph(f"Not in this report: {missing}.", Tone.MUTED))
        else:
            blocks += _SECTIONS[section](report)
    return blocks
