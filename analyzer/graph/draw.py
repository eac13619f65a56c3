"""Pictures of a synergy graph without Qt: SVG written directly, PNG drawn with Pillow.

One :class:`Picture` (positions, colours, sizes) is computed from the graph, then written
as SVG text (:func:`picture_svg`) or rasterized to PNG (:func:`picture_png`), so both files
show the same drawing. Cards sit where :func:`~analyzer.graph.layout.layout_positions`
puts them (cards with no edge in a row at the bottom); an edge is an arrow in its kind's
colour (:data:`~analyzer.graph.kinds.KIND_COLORS`), thicker when stronger; a card is a disc
in its colour, larger with more synergies; a legend names the kinds drawn.

Examples
--------
>>> G = nx.MultiDiGraph()
>>> G.add_node("a", name="Splinter <Rat>", colors=["B"])
>>> G.add_node("b", name="Ninja", colors=["U"])
>>> _ = G.add_edge("a", "b", key="anthem", kind="anthem", strength=0.6)
>>> svg = picture_svg(graph_picture(G, width=400, height=300))
>>> svg.startswith("<svg") and "Splinter &lt;Rat&gt;" in svg and "#d97706" in svg
True
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

import networkx as nx

from analyzer.graph.kinds import KIND_COLORS, kind_label
from analyzer.graph.layout import layout_positions

__all__ = ["DrawnEdge", "DrawnNode", "Picture", "graph_picture", "picture_png", "picture_svg"]

_CARD_COLORS = {"W": "#f5f0d8", "U": "#5b9bd5", "B": "#5a5560", "R": "#e06040",
                "G": "#4f9d55"}
_MULTI = "#d4af37"
_COLORLESS = "#b8b8b8"
_OTHER_KIND = "#9ca3af"
_BACKGROUND = "#ffffff"
_TEXT = "#1f2937"


@dataclass(frozen=True, slots=True)
class DrawnNode:
    """A card as drawn."""

    card: str
    """The node id."""
    label: str
    """The card's name."""
    x: float
    """Centre, in pixels from the left."""
    y: float
    """Centre, in pixels from the top."""
    radius: float
    """Disc radius in pixels."""
    fill: str
    """CSS hex colour of the card's colours."""


@dataclass(frozen=True, slots=True)
class DrawnEdge:
    """A synergy edge as drawn: an arrow from ``source`` to ``target``."""

    source: DrawnNode
    """Where it starts."""
    target: DrawnNode
    """Where it points."""
    kind: str
    """The edge kind."""
    color: str
    """Its kind's colour."""
    width: float
    """Stroke width in pixels (from the edge's strength)."""
    bend: float
    """Sideways offset of the curve's middle, in pixels (parallel edges fan out)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """Everything needed to draw the graph at one size."""

    width: int
    """In pixels."""
    height: int
    """In pixels."""
    nodes: tuple[DrawnNode, ...]
    """Cards."""
    edges: tuple[DrawnEdge, ...]
    """Edges, weakest first (strong ones drawn on top)."""
    legend: tuple[tuple[str, str], ...]
    """(kind, colour) of every kind drawn, alphabetical."""


def _fill(colors: Any) -> str:
    letters = [c for c in (colors or ()) if c in _CARD_COLORS]
    if not letters:
        return _COLORLESS
    return _CARD_COLORS[letters[0]] if len(letters) == 1 else _MULTI


def _spread(pos: dict[Any, tuple[float, float]]) -> dict[Any, tuple[float, float]]:
    """Positions in [0, 1] x [0, 1], each coordinate half its scaled value and half its rank:
    a dense cluster spreads over the page and one far card no longer squeezes the rest."""
    if not pos:
        return {}
    result: dict[Any, list[float]] = {n: [0.0, 0.0] for n in pos}
    for axis in (0, 1):
        values = sorted(pos, key=lambda n: pos[n][axis])
        low, high = pos[values[0]][axis], pos[values[-1]][axis]
        span = (high - low) or 1.0
        for rank, node in enumerate(values):
            quantile = rank / (len(values) - 1) if len(values) > 1 else 0.5
            result[node][axis] = 0.5 * (pos[node][axis] - low) / span + 0.5 * quantile
    return {n: (xy[0], xy[1]) for n, xy in result.items()}


def graph_picture(G: nx.MultiDiGraph[str], *, width: int = 1600, height: int = 1200,
                  seed: int = 42) -> Picture:
    """Place and style every card and edge of ``G`` for a ``width`` x ``height`` picture.

    Raises
    ------
    ValueError
        ``width`` or ``height`` below 200 pixels.
    """
    if width < 200 or height < 200:
        raise ValueError(f"a graph picture needs at least 200x200 pixels, got {width}x{height}")
    degree = dict(G.degree())
    linked = [n for n in G.nodes if degree.get(n, 0) > 0]
    lonely = sorted((n for n in G.nodes if degree.get(n, 0) == 0),
                    key=lambda n: str(G.nodes[n].get("name", n)))
    margin = 90.0
    column = 200.0
    per_row = max(1, int((width - 2 * margin) // column))
    rows = -(-len(lonely) // per_row)
    strip = 20.0 + 16.0 * rows if lonely else 0.0
    pos = _spread(layout_positions(G.subgraph(linked), seed=seed))
    top_degree = max(degree.values(), default=1) or 1
    nodes: dict[str, DrawnNode] = {}
    for node in linked:
        x, y = pos[node]
        radius = 6.0 + 12.0 * math.sqrt(degree[node] / top_degree)
        nodes[node] = DrawnNode(
            node, str(G.nodes[node].get("name", node)),
            margin + x * (width - 2 * margin),
            margin / 2 + y * (height - 1.5 * margin - strip), radius,
            _fill(G.nodes[node].get("colors")))
    for i, node in enumerate(lonely):
        row, col = divmod(i, per_row)
        nodes[node] = DrawnNode(node, str(G.nodes[node].get("name", node)),
                                margin + col * column, height - strip + 10 + 16 * row, 4.0,
                                _fill(G.nodes[node].get("colors")))
    edges: list[DrawnEdge] = []
    seen: dict[tuple[str, str], int] = {}
    for u, v, key, data in G.edges(keys=True, data=True):
        kind = str(data.get("kind", key))
        pair = (min(u, v), max(u, v))
        rank = seen.get(pair, 0)
        seen[pair] = rank + 1
        bend = (rank + 1) // 2 * 14.0 * (1 if rank % 2 else -1) if rank else 0.0
        edges.append(DrawnEdge(nodes[u], nodes[v], kind, KIND_COLORS.get(kind, _OTHER_KIND),
                               0.6 + 2.4 * float(data.get("strength", 0.5)), bend))
    edges.sort(key=lambda e: e.width)
    kinds = sorted({e.kind for e in edges})
    return Picture(width, height, tuple(nodes.values()), tuple(edges),
                   tuple((k, KIND_COLORS.get(k, _OTHER_KIND)) for k in kinds))


def _label_at(node: DrawnNode) -> tuple[float, float, str]:
    """Where a card's name goes: under a linked card, right of a card with no edge (small
    disc, in the bottom rows); the Pillow anchor ``"mm"`` or ``"lm"``."""
    if node.radius <= 4.0:
        return node.x + 8, node.y, "lm"
    return node.x, node.y + node.radius + 8, "mm"


def _curve(edge: DrawnEdge) -> tuple[tuple[float, float], tuple[float, float],
                                     tuple[float, float]]:
    """Start, control point and end of the edge's quadratic curve, ends on the discs."""
    a, b = edge.source, edge.target
    if a is b:  # a self-edge: a loop above the card
        r = a.radius
        return (a.x - r, a.y - r), (a.x, a.y - 5 * r - 20), (a.x + r, a.y - r)
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    mx, my = (a.x + b.x) / 2 - uy * edge.bend, (a.y + b.y) / 2 + ux * edge.bend
    return ((a.x + ux * a.radius, a.y + uy * a.radius), (mx, my),
            (b.x - ux * (b.radius + 2), b.y - uy * (b.radius + 2)))


def _arrow_head(control: tuple[float, float], end: tuple[float, float], size: float
                ) -> list[tuple[float, float]]:
    dx, dy = end[0] - control[0], end[1] - control[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return [end, (end[0] - ux * size - uy * size / 2, end[1] - uy * size + ux * size / 2),
            (end[0] - ux * size + uy * size / 2, end[1] - uy * size - ux * size / 2)]


def picture_svg(picture: Picture) -> str:
    """The picture as a standalone SVG 1.1 document (UTF-8 text, names XML-escaped)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{picture.width}" '
           f'height="{picture.height}" viewBox="0 0 {picture.width} {picture.height}" '
           f'font-family="sans-serif">',
           f'<rect width="100%" height="100%" fill="{_BACKGROUND}"/>']
    for edge in picture.edges:
        (x0, y0), (cx, cy), (x1, y1) = _curve(edge)
        head = " ".join(f"{x:.1f},{y:.1f}" for x, y in _arrow_head((cx, cy), (x1, y1),
                                                                   4 + 2 * edge.width))
        out.append(f'<g class="edge {escape(edge.kind)}"><title>'
                   f'{escape(edge.source.label)} → {escape(edge.target.label)} '
                   f'({escape(edge.kind)})</title>'
                   f'<path d="M{x0:.1f},{y0:.1f} Q{cx:.1f},{cy:.1f} {x1:.1f},{y1:.1f}" '
                   f'fill="none" stroke="{edge.color}" stroke-width="{edge.width:.2f}" '
                   f'stroke-opacity="0.75"/><polygon points="{head}" fill="{edge.color}"/></g>')
    for node in picture.nodes:
        lx, ly, anchor = _label_at(node)
        out.append(f'<g class="card"><title>{escape(node.label)}</title>'
                   f'<circle cx="{node.x:.1f}" cy="{node.y:.1f}" r="{node.radius:.1f}" '
                   f'fill="{node.fill}" stroke="{_TEXT}" stroke-width="1"/>'
                   f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="12" '
                   f'text-anchor="{"start" if anchor == "lm" else "middle"}" '
                   f'dominant-baseline="middle" fill="{_TEXT}" stroke="{_BACKGROUND}" '
                   f'stroke-width="3" paint-order="stroke">{escape(node.label)}</text></g>')
    for i, (kind, color) in enumerate(picture.legend):
        y = 24 + 20 * i
        out.append(f'<rect x="16" y="{y - 10}" width="14" height="14" fill="{color}"/>'
                   f'<text x="36" y="{y + 2}" font-size="13" fill="{_TEXT}">'
                   f'{escape(kind_label(kind))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _bezier(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float],
            steps: int = 16) -> list[tuple[float, float]]:
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])
            for t in (i / steps for i in range(steps + 1))]


def picture_png(picture: Picture) -> bytes:
    """The picture rasterized to PNG bytes (Pillow; text in Pillow's bundled font)."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (picture.width, picture.height), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=12)
    legend_font = ImageFont.load_default(size=13)
    for edge in picture.edges:
        start, control, end = _curve(edge)
        draw.line(_bezier(start, control, end), fill=edge.color,
                  width=max(1, round(edge.width)))
        draw.polygon(_arrow_head(control, end, 4 + 2 * edge.width), fill=edge.color)
    for node in picture.nodes:
        r = node.radius
        draw.ellipse((node.x - r, node.y - r, node.x + r, node.y + r), fill=node.fill,
                     outline=_TEXT)
        lx, ly, anchor = _label_at(node)
        draw.text((lx, ly), node.label, fill=_TEXT, font=font, anchor=anchor, stroke_width=2,
                  stroke_fill=_BACKGROUND)
    for i, (kind, color) in enumerate(picture.legend):
        y = 24 + 20 * i
        draw.rectangle((16, y - 10, 30, y + 4), fill=color)
        draw.text((36, y - 3), kind_label(kind), fill=_TEXT, font=legend_font,
                  anchor="lm")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
