"""Build the :class:`~analyzer.reports.model.Report` of a deck analysis, once for every format.

The deck comes from :class:`analyzer.decks.Deck`, the numbers from :mod:`analyzer.stats`, key
cards from :func:`analyzer.graph.key_cards`, the picture from
:func:`graph_picture` (two rings, hubs inside), the edges from
:func:`analyzer.graph.edge_list`.
Combos, near misses, lines and odds come only from the :class:`ComboFindings` given: a part
that was not run is reported as unavailable, never filled.
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import networkx as nx

from analyzer.graph import edge_list, key_cards, packages
from analyzer.graph.analysis import Package as GraphPackage
from analyzer.graph.kinds import KIND_COLORS
from analyzer.reports.model import (
    ODDS_NOTHING_TRACKED,
    CardLine,
    ComboFindings,
    CurveBucket,
    DeckGroupReport,
    DeckIssueReport,
    DeckReport,
    EdgeReport,
    GraphLink,
    GraphNode,
    GraphPicture,
    KeyCard,
    KeyCardsReport,
    Package,
    PipCount,
    Report,
    ReportOptions,
    ReportSection,
    SectionTotal,
    StatsReport,
    TypeCount,
    Unavailable,
    capitalized,
)
from analyzer.stats import COLOR_NAMES, CURVE_MAX, deck_stats

if TYPE_CHECKING:
    from analyzer.deck_analysis import DeckAnalysis
    from analyzer.decks import Deck

__all__ = ["GRAPH_PICTURE_SIZE", "KEY_CARD_COUNT", "LABEL_FONT", "LABEL_MAX_CHARS", "UNKNOWN_KIND_COLOR", "build_report",
           "graph_picture"]

GRAPH_PICTURE_SIZE = 1000.0
"""Largest diameter of the graph picture's ring (picture units); labels get room around it."""
KEY_CARD_COUNT = 10
"""Key cards listed at most."""
UNKNOWN_KIND_COLOR = "#9ca3af"
"""Colour of an edge kind missing from :data:`~analyzer.graph.kinds.KIND_COLORS`."""

_NOT_RUN = {
    ReportSection.COMBOS: "the combo analysis was not run for this report",
    ReportSection.NEAR_MISSES: "the near-miss search was not run for this report",
    ReportSection.LINES: "no sample line was simulated for this report",
    ReportSection.ODDS: "the goldfish simulation was not run for this report",
}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("spellweb")
    except PackageNotFoundError:
        return "unknown"


def _deck_report(deck: Deck) -> DeckReport:
    groups = tuple(
        DeckGroupReport(
            title=group.title, section=group.section.label, count=group.count,
            cards=tuple(
                CardLine(count=row.count, name=row.card.name if row.card else row.name,
                         card_id=row.card.id if row.card else None,
                         mana_cost=row.card.mana_cost if row.card else "",
                         type_line=row.card.type_line if row.card else "",
                         mana_value=row.card.mana_value if row.card else None,
                         note=row.note)
                for row in group.entries))
        for group in deck.groups())
    issues = tuple(DeckIssueReport(i.line_no, i.severity.label, i.text, i.reason,
                                   tuple(i.suggestions)) for i in deck.issues)
    totals = tuple(SectionTotal(s.label, s.title, n) for s, n in deck.totals().items())
    return DeckReport(name=deck.name, file_name=deck.path.name if deck.path else None,
                      format=deck.format, totals=totals, groups=groups, issues=issues)


def _stats_report(analysis: DeckAnalysis) -> StatsReport:
    stats = deck_stats(analysis.analysed_cards, profiles=analysis.profiles)
    curve = tuple(CurveBucket(mv, f"{mv}+" if mv == CURVE_MAX else str(mv), n)
                  for mv, n in sorted(stats.curve.items()))
    pips = tuple(PipCount(c, COLOR_NAMES[c], n) for c, n in stats.pips.items())
    types = tuple(TypeCount(t, n) for t, n in stats.types.items())
    return StatsReport(total=stats.total, curve=curve, pips=pips, types=types)


def _name(G: nx.MultiDiGraph[str], node: str) -> str:
    return str(G.nodes[node].get("name", node))


def _package(G: nx.MultiDiGraph[str], found: GraphPackage) -> Package:
    """A graph package (card ids) as a report :class:`Package` (card names, the finder's
    order)."""
    return Package(found.name, tuple(_name(G, n) if n in G else str(n) for n in found.cards))


def _key_cards_report(G: nx.MultiDiGraph[str]) -> KeyCardsReport:
    cards = tuple(KeyCard(node, _name(G, node), score)
                  for node, score in key_cards(G, KEY_CARD_COUNT) if score > 0)
    method = "sum of the strengths of each card's synergy edges, in and out"
    found = tuple(_package(G, package) for package in packages(G))
    return KeyCardsReport(method, cards, found, "packages found by analyzer.graph")


LABEL_MAX_CHARS = 36
"""Longest label drawn in the graph picture; longer names are cut and end in "…"."""
MAX_NODE_RADIUS = 12.0
"""Largest card circle of the graph picture (a card with about 80 edges), picture units."""
LABEL_FONT = 12.0
"""Label size of the graph picture, in picture units."""
_CHAR_WIDTH = 0.56
"""Average advance of a label character, in label sizes (a sans-serif font)."""


def _label(name: str) -> str:
    """``name`` cut to :data:`LABEL_MAX_CHARS` characters, "…" marking the cut."""
    return name if len(name) <= LABEL_MAX_CHARS else name[:LABEL_MAX_CHARS - 1] + "…"


def _ring_order(G: nx.MultiDiGraph[str], hubs: list[str], others: list[str]) -> list[str]:
    """The ring's order: each hub amid the cards it shares most edges with (hubs by
    degree), then the cards linked to no hub; by name within a group."""
    groups: list[list[str]] = [[] for _ in range(len(hubs) + 1)]
    for node in sorted(others, key=lambda n: (_name(G, n), n)):
        links = [G.number_of_edges(node, h) + G.number_of_edges(h, node) for h in hubs]
        best = max(range(len(hubs)), key=lambda i: (links[i], -i), default=None)
        groups[best if best is not None and links[best] > 0 else len(hubs)].append(node)
    order: list[str] = []
    for hub, group in zip(hubs, groups, strict=False):
        half = len(group) // 2
        order += [*group[:half], hub, *group[half:]]
    return order + groups[-1]


def graph_picture(G: nx.MultiDiGraph[str], size: float = GRAPH_PICTURE_SIZE) -> GraphPicture:
    """The synergy graph as a ring of cards, deterministic for a graph.

    The linked cards stand on a ring, its diameter growing with their number up to
    ``size``. The cards with the most edges (the hubs: up to 10, about one in eight) are
    drawn larger with bold labels, each amid the cards it shares most edges with, so each
    package reads as one arc. Edges are curves bowed to their right, so two cards helping
    each other show two arrows. Labels point away from the centre, so none overlap; cards
    with no edge are listed, not drawn.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph (node attribute ``name``, edge attribute ``kind``).
    size : float
        Largest diameter of the ring, picture units (a graph of few cards gets a smaller
        ring, at least 280).

    Returns
    -------
    GraphPicture
        Square, with room for the longest label all around.
    """
    degree = dict(G.degree())
    linked = sorted((n for n, d in degree.items() if d > 0),
                    key=lambda n: (-degree[n], _name(G, n), n))
    unlinked = tuple(sorted(_name(G, n) for n, d in degree.items() if d == 0))
    sub = G.subgraph(linked)
    kinds = sorted({str(k) for _, _, k in sub.edges(data="kind", default="")})
    legend = tuple((k, KIND_COLORS.get(k, UNKNOWN_KIND_COLOR)) for k in kinds)
    hubs = linked[:min(10, max(3, len(linked) // 8))] if len(linked) > 10 else []
    # About 36 units of ring per card, so labels of neighbours do not touch; a small graph
    # gets a small ring (and so bigger labels once the picture is scaled to a page).
    size = min(size, max(280.0, 36.0 * len(linked) / math.pi))
    longest = max((len(_label(_name(G, n))) for n in linked), default=0)
    room = 16 + _CHAR_WIDTH * LABEL_FONT * longest * 1.08    # bold hub labels are wider
    side = round(size + 2 * room, 1)
    centre, radius = side / 2, size / 2
    # Past the largest ring, cards get closer: their circles shrink so none overlap.
    biggest = min(MAX_NODE_RADIUS, math.pi * size / max(len(linked), 1) / 2 - 1)
    ring = _ring_order(G, hubs, linked[len(hubs):])
    nodes = []
    for i, node in enumerate(ring):
        angle = -math.pi / 2 + 2 * math.pi * i / len(ring)
        r = round(min(biggest, 3 + 1.2 * math.sqrt(degree[node])), 1)
        reach = radius + r + 4
        left = math.cos(angle) < -1e-9
        degrees = math.degrees(angle) + (180 if left else 0)
        nodes.append(GraphNode(
            node, _name(G, node), _label(_name(G, node)), round(centre + radius * math.cos(angle), 1),
            round(centre + radius * math.sin(angle), 1), r, degree[node], node in hubs,
            round(centre + reach * math.cos(angle), 1),
            round(centre + reach * math.sin(angle), 1), round(degrees % 360, 1),
            "end" if left else "start"))
    at = {n.card_id: n for n in nodes}
    parallel: dict[tuple[str, str], int] = {}
    links = []
    for u, v, kind in sorted(sub.edges(data="kind", default=""),
                             key=lambda e: (str(e[2]), e[0], e[1])):
        # Edges of several kinds between the same two cards bow more and more.
        k = parallel[u, v] = parallel.get((u, v), -1) + 1
        links.append(_link(at[u], at[v], str(kind), 0.12 + 0.08 * k))
    return GraphPicture(side, side, tuple(nodes), tuple(links), unlinked, legend)


def _link(a: GraphNode, b: GraphNode, kind: str, bow: float = 0.12) -> GraphLink:
    """The curve from ``a`` to ``b``: bowed to its right by ``bow`` of its length, ending on
    ``b``'s circle."""
    dx, dy = b.x - a.x, b.y - a.y
    cx, cy = (a.x + b.x) / 2 - dy * bow, (a.y + b.y) / 2 + dx * bow
    ex, ey = b.x - cx, b.y - cy
    reach = math.hypot(ex, ey) or 1.0
    x2, y2 = b.x - ex / reach * b.radius, b.y - ey / reach * b.radius
    return GraphLink(a.card_id, b.card_id, kind, KIND_COLORS.get(kind, UNKNOWN_KIND_COLOR),
                     a.x, a.y, round(cx, 1), round(cy, 1), round(x2, 1), round(y2, 1))


def build_report(analysis: DeckAnalysis, options: ReportOptions | None = None,
                 findings: ComboFindings | None = None) -> Report:
    """The report of a deck analysis, every section the options ask for.

    Parameters
    ----------
    analysis : DeckAnalysis
        The deck and its synergy graph (:func:`analyzer.services.analyze_deck`).
    options : ReportOptions, optional
        Sections, title, notes; default every section, the deck's name as title.
    findings : ComboFindings, optional
        The combo analysis' results. Without them (or with a part ``None``) the combo,
        near-miss, line and odds sections are listed in :attr:`Report.unavailable` with the
        reason, and hold nothing. Sample line titles and odds goals are capitalised (they
        are headings); an odds part that ran but counted no goal gets
        :attr:`Report.odds_note`.

    Returns
    -------
    Report
    """
    options = options or ReportOptions()
    findings = findings or ComboFindings()
    G = analysis.graph
    wanted = options.includes
    found = {ReportSection.COMBOS: findings.combos,
             ReportSection.NEAR_MISSES: findings.near_misses,
             ReportSection.LINES: findings.lines, ReportSection.ODDS: findings.odds}
    why = dict(findings.reasons)
    unavailable = tuple(Unavailable(s, why.get(s) or _NOT_RUN[s]) for s, value in found.items()
                        if wanted(s) and value is None)
    generated = options.generated_at or datetime.now(UTC)
    return Report(
        title=options.title or analysis.deck.name or "Deck",
        notes=options.notes,
        generated_at=generated.astimezone(UTC),
        generator=f"spellweb {_version()}",
        sections=tuple(s for s in ReportSection if wanted(s)),
        deck=_deck_report(analysis.deck) if wanted(ReportSection.DECK) else None,
        stats=_stats_report(analysis) if wanted(ReportSection.STATS) else None,
        key_cards=_key_cards_report(G) if wanted(ReportSection.KEY_CARDS) else None,
        graph=graph_picture(G) if wanted(ReportSection.GRAPH) else None,
        edges=tuple(EdgeReport(r.source, r.target, r.source_name, r.target_name, r.kind,
                               r.explanation, r.rules, r.strength) for r in edge_list(G))
        if wanted(ReportSection.EDGES) else None,
        combos=findings.combos if wanted(ReportSection.COMBOS) else None,
        near_misses=findings.near_misses if wanted(ReportSection.NEAR_MISSES) else None,
        lines=tuple(replace(line, title=capitalized(line.title)) for line in findings.lines)
        if wanted(ReportSection.LINES) and findings.lines is not None else None,
        odds=tuple(replace(o, goal=capitalized(o.goal)) for o in findings.odds)
        if wanted(ReportSection.ODDS) and findings.odds is not None else None,
        unavailable=unavailable,
        odds_note=ODDS_NOTHING_TRACKED if wanted(ReportSection.ODDS) and findings.odds == ()
        else "",
        edge_count=G.number_of_edges(),
        card_count=G.number_of_nodes(),
    )
