"""The HTML report: deck list, mana curve, colours, synergy graph picture, every edge.

One self-contained file: styles inline, pictures as inline SVG, no script and no external
reference, so it reads offline and prints well. Rendered through Jinja2 with autoescaping on
(``select_autoescape`` is not used: every template here is HTML, so escaping is always on).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from analyzer.fileio import write_text_atomic
from analyzer.graph import layout_positions
from analyzer.graph.kinds import KIND_COLORS
from analyzer.stats import COLOR_NAMES, color_pips, mana_curve

if TYPE_CHECKING:
    from analyzer.services import DeckAnalysis

__all__ = ["KIND_COLORS", "render_html_report", "write_html_report"]

_PIP_COLORS = {"W": "#f4e9c1", "U": "#3b82c4", "B": "#3f3a3a", "R": "#d9534f", "G": "#3f9c5a"}

_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("analyzer.reports", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


@dataclass(frozen=True, slots=True)
class _Bar:
    label: str
    value: int
    x: float
    y: float
    width: float
    height: float
    color: str


def _curve_bars(curve: dict[int, int]) -> tuple[list[_Bar], int]:
    top = max(curve.values(), default=0) or 1
    bars = []
    for i, (mv, count) in enumerate(sorted(curve.items())):
        height = 120 * count / top
        label = f"{mv}+" if mv == max(curve) else str(mv)
        bars.append(_Bar(label, count, 30 + i * 44, 140 - height, 32, height, "#4f6d9a"))
    return bars, top


def _pip_bars(pips: dict[str, int]) -> list[_Bar]:
    top = max(pips.values(), default=0) or 1
    return [_Bar(COLOR_NAMES[c], n, 90, 10 + i * 28, 260 * n / top, 20, _PIP_COLORS[c])
            for i, (c, n) in enumerate(pips.items())]


def _graph_picture(analysis: DeckAnalysis, size: float = 760.0) -> dict[str, Any]:
    full = analysis.graph
    degree = dict(full.degree())
    # Cards with no synergy edge would only push the others into a corner: the picture draws
    # the linked cards, and the template lists the others by name.
    graph = full.subgraph([n for n, d in degree.items() if d > 0])
    unlinked = sorted(str(full.nodes[n].get("name", n)) for n, d in degree.items() if d == 0)
    if graph.number_of_nodes() == 0:
        return {"nodes": [], "edges": [], "size": size, "unlinked": unlinked}
    positions = layout_positions(graph, seed=7)
    xs = [p[0] for p in positions.values()]
    ys = [p[1] for p in positions.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    margin = 60.0

    def place(node: Any) -> tuple[float, float]:
        x, y = positions[node]
        return (margin + (x - min(xs)) / span * (size - 2 * margin),
                margin + (y - min(ys)) / span * (size - 2 * margin))

    nodes = []
    for node, data in graph.nodes(data=True):
        x, y = place(node)
        nodes.append({"x": x, "y": y, "r": 5 + 2.2 * math.sqrt(degree.get(node, 0)),
                      "name": data.get("name", str(node)), "linked": degree.get(node, 0) > 0})
    edges = []
    for source, target, data in graph.edges(data=True):
        (x1, y1), (x2, y2) = place(source), place(target)
        edges.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2,
                      "color": KIND_COLORS.get(data.get("kind", ""), "#9ca3af"),
                      "title": data.get("explanation", "")})
    return {"nodes": nodes, "edges": edges, "size": size, "unlinked": unlinked}


def render_html_report(analysis: DeckAnalysis, *, title: str | None = None,
                       notes: str = "") -> str:
    """Render the report of a deck analysis as one HTML document.

    Parameters
    ----------
    analysis : DeckAnalysis
        The deck and its synergy graph (:func:`analyzer.services.analyze_deck`).
    title : str, optional
        Default: the deck's name.
    notes : str
        The user's notes, printed under the title (escaped; line breaks kept).

    Returns
    -------
    str
        A complete, self-contained HTML5 document.
    """
    from analyzer.graph import key_cards

    deck = analysis.deck
    cards = analysis.analysed_cards
    curve = mana_curve(cards)
    bars, curve_top = _curve_bars(curve)
    edges = analysis.edges
    kinds = sorted({e.kind for e in edges})
    template = _ENV.get_template("report.html.j2")
    return template.render(
        title=title or deck.name or "Deck",
        notes=notes,
        deck=deck,
        groups=deck.groups(),
        totals=deck.totals(),
        issues=deck.issues,
        curve_bars=bars,
        curve_top=curve_top,
        pip_bars=_pip_bars(color_pips(cards)),
        edges=edges,
        kinds=kinds,
        kind_colors=KIND_COLORS,
        key_cards=[(analysis.graph.nodes[node].get("name", node), score)
                   for node, score in key_cards(analysis.graph, 10) if score > 0],
        picture=_graph_picture(analysis),
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    )


def write_html_report(analysis: DeckAnalysis, path: Path, *, title: str | None = None,
                      notes: str = "") -> None:
    """Render the report (:func:`render_html_report`) and write it to ``path`` as UTF-8.

    Written through :func:`analyzer.fileio.write_text_atomic`: a failed export never leaves half
    a report behind, and a link is followed rather than replaced.
    """
    write_text_atomic(path, render_html_report(analysis, title=title, notes=notes))
