"""The Markdown report: GitHub-flavoured Markdown (GFM) with pipe tables, everything escaped.

Text from the user or the card data goes through :func:`escape_markdown` (inline text) or
:func:`escape_cell` (table cells), so a card named ``**bold** | <script>`` shows as those
characters: every ASCII punctuation character Markdown or GFM gives a meaning to is
backslash-escaped (CommonMark 0.31, section 2.4 "Backslash escapes"; GFM tables, section 4.10,
for ``\\|`` in cells). Charts are tables with a bar of block characters: Markdown has no
picture a renderer would show without fetching it; the graph picture is in the HTML and PDF
reports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from analyzer.reports.model import (
    TYPES_NOTE,
    CardLine,
    ComboEntry,
    GoldfishOdds,
    NearMiss,
    Report,
    ReportSection,
    SampleLine,
    join_names,
    kind_label,
)

__all__ = ["escape_cell", "escape_markdown", "md_table", "render_markdown"]

_SPECIAL = re.compile(r"([\\`*_\[\]<>#!|~&$])")
_LIST_START = re.compile(r"^(\d+)([.)])")


def escape_markdown(text: str, *, line_start: bool = True) -> str:
    """Escape ``text`` so that Markdown shows it as written, on one line.

    Line breaks become spaces (use one call per line for multi-line text). With
    ``line_start`` (text that begins a line of the document) what would open a list, a
    heading or a code block there is escaped too; table cells need not.

    Examples
    --------
    >>> escape_markdown("**bold** | <script>")
    '\\\\*\\\\*bold\\\\*\\\\* \\\\| \\\\<script\\\\>'
    >>> escape_markdown("1. not a list")
    '1\\\\. not a list'
    """
    text = _SPECIAL.sub(r"\\\1", " ".join(text.splitlines()))
    if not line_start:
        return text
    # Leading spaces would make an indented code block: keep them as no-break spaces.
    stripped = text.lstrip(" \t")
    text = "\u00a0" * (len(text) - len(stripped)) + stripped
    # At the start of a line "1." / "1)" opens an ordered list, "-", "+" a bullet list or a
    # thematic break, "=" or "-" under a line a setext heading.
    if text[:1] in ("-", "+", "="):
        return "\\" + text
    return _LIST_START.sub(r"\1\\\2", text)


def escape_cell(text: str) -> str:
    """:func:`escape_markdown` for a table cell (never empty: an empty cell is a space)."""
    return escape_markdown(text, line_start=False) or " "


def md_table(header: Sequence[str], rows: Iterable[Sequence[str]],
             align: str = "") -> list[str]:
    """A GFM pipe table; cells are escaped here.

    Parameters
    ----------
    header : sequence of str
        Column titles.
    rows : iterable of sequences of str
        One sequence per row, as many cells as ``header``.
    align : str
        One letter per column: ``l`` (default), ``r`` or ``c``.

    Raises
    ------
    ValueError
        A row has another number of cells than the header.

    Examples
    --------
    >>> md_table(["Card", "Copies"], [["A|B", "2"]], "lr")
    ['| Card | Copies |', '| --- | ---: |', '| A\\\\|B | 2 |']
    """
    marks = {"l": "---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(escape_cell(h) for h in header) + " |",
             "| " + " | ".join(marks[(align[i:i + 1] or "l")] for i in range(len(header)))
             + " |"]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"a table row has {len(row)} cells for {len(header)} columns: "
                             f"{list(row)!r}")
        lines.append("| " + " | ".join(escape_cell(c) for c in row) + " |")
    return lines


def _bar(value: int, top: int, width: int = 30) -> str:
    return "█" * round(width * value / top) if top else ""


def _card_label(line: CardLine) -> str:
    """The card's name, with how it was matched or that it was not found."""
    if line.card_id is None:
        return f"{line.name} (not found)"
    return f"{line.name} ({line.note})" if line.note else line.name


def _deck(report: Report) -> list[str]:
    deck = report.deck
    assert deck is not None
    out: list[str] = []
    if deck.issues:
        out += ["### Problems in the deck file", ""]
        for issue in deck.issues:
            where = f", line {issue.line_no}" if issue.line_no else ""
            text = f" — “{issue.text}”" if issue.text else ""
            hint = f" (did you mean {' or '.join(issue.suggestions)}?)" if issue.suggestions else ""
            out.append(f"- {escape_markdown(f'{issue.severity}{where}: {issue.reason}{text}{hint}')}")
        out.append("")
    for group in deck.groups:
        out += [f"### {escape_markdown(group.title)} ({group.count})", ""]
        out += md_table(["#", "Card", "Mana cost", "Type"],
                        [[str(c.count), _card_label(c), c.mana_cost, c.type_line]
                         for c in group.cards], "rlll")
        out.append("")
    return out


def _stats(report: Report) -> list[str]:
    stats = report.stats
    assert stats is not None
    top = max((b.count for b in stats.curve), default=0)
    out = [f"Cards counted: {stats.total} (the main deck and command zone).", "",
           "### Mana curve", ""]
    out += md_table(["Mana value", "Cards", ""],
                    [[b.label, str(b.count), _bar(b.count, top)] for b in stats.curve], "rrl")
    out += ["", "### Colour pips", ""]
    if stats.pips:
        top = max(p.count for p in stats.pips)
        out += md_table(["Colour", "Symbols", ""],
                        [[p.name, str(p.count), _bar(p.count, top)] for p in stats.pips], "lrl")
    else:
        out.append("No coloured mana symbols.")
    out += ["", "### Card types", "", f"_{TYPES_NOTE}_", ""]
    out += md_table(["Card type", "Copies"], [[t.card_type, str(t.count)] for t in stats.types],
                    "lr")
    return [*out, ""]


def _key_cards(report: Report) -> list[str]:
    kc = report.key_cards
    assert kc is not None
    out = ["### Key cards", ""]
    if kc.cards:
        out += md_table(["#", "Card", "Score"],
                        [[str(i), c.name, f"{c.score:.2f}"] for i, c in enumerate(kc.cards, 1)],
                        "rlr")
        out += ["", f"Score: {escape_markdown(kc.method)}.", ""]
    else:
        out += ["_No card has a synergy edge._", ""]
    out += ["### Packages", ""]
    if kc.packages is None:
        out.append(f"_Not in this report: {escape_markdown(kc.packages_note)}._")
    elif kc.packages:
        out += [f"- **{escape_markdown(p.name)}**: {escape_markdown(join_names(p.cards))}"
                for p in kc.packages]
    else:
        out.append("_No package found._")
    return [*out, ""]


def _graph(report: Report) -> list[str]:
    picture = report.graph
    assert picture is not None
    counts: dict[str, int] = {}
    for link in picture.links:
        counts[link.kind] = counts.get(link.kind, 0) + 1
    out = [f"{len(picture.nodes)} cards linked by {len(picture.links)} synergy edges. "
           "The picture of the graph is in the HTML and PDF reports.", ""]
    if counts:
        out += md_table(["Synergy", "Edges"],
                        [[kind_label(k), str(counts[k])] for k, _ in picture.legend],
                        "lr")
        out.append("")
        out += md_table(["Card", "Edges in and out"],
                        [[n.name, str(n.degree)] for n in
                         sorted(picture.nodes, key=lambda n: (-n.degree, n.name))], "lr")
        out.append("")
    if picture.unlinked:
        out += [f"No synergy edge ({len(picture.unlinked)}): "
                f"{escape_markdown(join_names(picture.unlinked))}.", ""]
    return out


def _edges(report: Report) -> list[str]:
    if not report.edges:
        return ["_No synergy edge of the kinds Spellweb knows._", ""]
    return [*md_table(["From", "Synergy", "To", "Why", "Rules"],
                      [[e.source_name, kind_label(e.kind), e.target_name, e.explanation,
                        ", ".join(e.rules)]
                       for e in report.edges]), ""]


def _combos(combos: Sequence[ComboEntry]) -> list[str]:
    if not combos:
        return ["_The combo analysis found no combo in this deck._", ""]
    out: list[str] = []
    for c in combos:
        out += [f"### {escape_markdown(c.name)} — {c.verdict.label}", "",
                f"Cards: {escape_markdown(' + '.join(c.cards))}", "",
                f"Verdict: **{c.verdict.label}** — {escape_markdown(c.reason)}", ""]
        out += [f"{i}. {escape_markdown(step)}" for i, step in enumerate(c.steps, 1)]
        gain = ", ".join(c.gain_per_iteration) or "no net gain"
        rules = f" (CR {', '.join(c.rules)})" if c.rules else ""
        out += ["", f"Per iteration: {escape_markdown(gain + rules)}", ""]
    return out


def _near_misses(misses: Sequence[NearMiss]) -> list[str]:
    if not misses:
        return ["_No combo is one card away._", ""]
    return [*md_table(["Missing card", "Completes", "Pieces in the deck"],
                      [[m.missing_card, "; ".join(m.combos), join_names(m.cards_in_deck)]
                       for m in misses]), ""]


def _lines(lines: Sequence[SampleLine]) -> list[str]:
    if not lines:
        return ["_No sample line._", ""]
    out: list[str] = []
    for line in lines:
        out += [f"### {escape_markdown(line.title)}", ""]
        for i, step in enumerate(line.steps, 1):
            out.append(f"{i}. {escape_markdown(step.action)}")
            out += [f"   - {escape_markdown(event)}" for event in step.events]
        out.append("")
        if line.outcome:
            out += [escape_markdown(line.outcome), ""]
    return out


def _odds(odds: Sequence[GoldfishOdds], note: str) -> list[str]:
    if not odds:
        return [f"_No odds: {escape_markdown(note or 'the simulation counted no goal')}._", ""]
    out: list[str] = []
    for o in odds:
        play = "on the play" if o.on_the_play else "on the draw"
        out += [f"### {escape_markdown(o.goal)}", "", f"{o.games} goldfish games, {play}.", ""]
        out += md_table(["Turn", "Share of games"],
                        [[str(r.turn), f"{r.probability * 100:.1f} %"] for r in o.rows], "rr")
        out.append("")
    return out


def render_markdown(report: Report) -> str:
    """The report as one GitHub-flavoured Markdown document (UTF-8 text, final newline).

    Sections come in report order; a section asked for that cannot be filled says why.
    """
    out = [f"# {escape_markdown(report.title)}", ""]
    sub = [report.generator + " report", report.generated_at.strftime("%Y-%m-%d %H:%M UTC")]
    if report.deck:
        sub += [x for x in (report.deck.file_name, f"read as {report.deck.format}") if x]
    out += ["_" + escape_markdown(" · ".join(sub)) + "_", ""]
    if report.notes:
        out += [f"> {escape_markdown(line)}" if line.strip() else ">"
                for line in report.notes.splitlines()]
        out.append("")
    totals = [f"**{t.count}** {escape_markdown(t.title)}" for t in report.deck.totals] \
        if report.deck else []
    totals += [f"**{report.card_count}** cards analysed",
               f"**{report.edge_count}** synergy edges"]
    out += [" · ".join(totals), ""]
    renderers = {
        ReportSection.DECK: lambda: _deck(report),
        ReportSection.STATS: lambda: _stats(report),
        ReportSection.KEY_CARDS: lambda: _key_cards(report),
        ReportSection.GRAPH: lambda: _graph(report),
        ReportSection.EDGES: lambda: _edges(report),
        ReportSection.COMBOS: lambda: _combos(report.combos or ()),
        ReportSection.NEAR_MISSES: lambda: _near_misses(report.near_misses or ()),
        ReportSection.LINES: lambda: _lines(report.lines or ()),
        ReportSection.ODDS: lambda: _odds(report.odds or (), report.odds_note),
    }
    for section in report.sections:
        out += [f"## {section.title}", ""]
        missing = report.reason_missing(section)
        out += [f"_Not in this report: {escape_markdown(missing)}._", ""] if missing \
            else renderers[section]()
    return "\n".join(out).rstrip("\n") + "\n"
