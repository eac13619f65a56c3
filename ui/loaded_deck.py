"""One analysed deck as the views show it (:class:`LoadedDeck`), and the worker job that
computes it off the GUI thread (:func:`load_deck_job`: analysis, graph layouts, packages,
roles, statistics, edge tooltips).

:mod:`ui.controllers` runs the job and re-exports these names.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.decks import Deck, DeckValidation
from analyzer.progress import CancelToken, Job, Progress
from ui.graph_layout import role_groups

if TYPE_CHECKING:
    from analyzer.stats import DeckStats

__all__ = ["LAYOUT_SEED", "LoadedDeck", "card_packages", "card_roles", "edge_tooltip",
           "load_deck_job"]


LAYOUT_SEED = 7
"""Seed of the graph layout, so a deck always draws the same way."""


@dataclass(frozen=True)
class LoadedDeck:
    """Everything the views show of one analysed deck, computed off the GUI thread."""

    path: Path
    """The deck file."""
    analysis: services.DeckAnalysis = field(repr=False)
    """The deck and its synergy graph."""
    edges: list[Any] = field(repr=False)
    """The graph's edge rows (:attr:`DeckAnalysis.edges`), computed once."""
    nodes: list[tuple[Hashable, dict[str, Any]]] = field(repr=False)
    """The graph's nodes with their attributes (name, count, colors, type_line...)."""
    positions: dict[Hashable, tuple[float, float]] = field(repr=False)
    """Node positions from :func:`analyzer.graph.layout_positions`, every card."""
    linked_positions: dict[Hashable, tuple[float, float]] = field(repr=False)
    """Positions laid out over the cards that have a synergy only (what the graph shows
    by default), so cards without synergies do not push the others together."""
    stats: DeckStats = field(repr=False)
    """Curve, pips, types, sources, lands, the library (:func:`analyzer.stats.stats_of_deck`)."""
    groups: dict[Hashable, str] = field(default_factory=dict, repr=False)
    """Card id -> the name of its package (:func:`analyzer.graph.packages`), for the Graph
    tab's default layout; cards in no package are absent."""
    roles: dict[Hashable, str] = field(default_factory=dict, repr=False)
    """Card id -> its role group (:func:`card_roles`), for the *by role* layout."""
    validation: DeckValidation | None = field(default=None, repr=False)
    """Commander, size, copies and legality checks of the deck."""
    edge_tips: tuple[str, ...] = field(default=(), repr=False)
    """The Graph tab's rich-text tooltip of each of :attr:`edges`, same order
    (:func:`edge_tooltip`), written in the worker; empty: written when shown."""

    @property
    def title(self) -> str:
        """The deck's name, else the file name."""
        return self.analysis.deck.name or self.path.stem


def _deck_stats(analysis: services.DeckAnalysis) -> DeckStats:
    """Every statistic of the deck (:func:`analyzer.stats.stats_of_deck`), mana sources read
    from the graph's compiled profiles (so nothing is compiled twice)."""
    from analyzer.stats.deck import stats_of_deck  # with the Oracle compiler: not at start

    return stats_of_deck(analysis.deck, analysis.profiles)


def _floats(positions: Mapping[Hashable, Any]) -> dict[Hashable, tuple[float, float]]:
    return {n: (float(x), float(y)) for n, (x, y) in positions.items()}


def card_packages(analysis: services.DeckAnalysis) -> dict[Hashable, str]:
    """The package of each card (:func:`analyzer.graph.packages`: Louvain communities of
    the synergy graph, each named by the analyzer); cards in no package are absent."""
    from analyzer.graph import packages  # networkx: imported in the worker, not at start

    return {card: package.name for package in packages(analysis.graph)
            for card in package.cards}


def card_roles(analysis: services.DeckAnalysis) -> dict[Hashable, str]:
    """The role group of each card: the role it plays most, the source or the target of
    one synergy kind (:func:`ui.graph_layout.role_groups`)."""
    return role_groups(analysis.graph.nodes,
                       ((e.source, e.target, e.kind, e.strength) for e in analysis.edges))


def load_deck_job(db: Database, path: Path, cancel: CancelToken,
                  deck: Deck | None = None) -> Job[LoadedDeck]:
    """Analyse a deck leniently (unknown names kept, reported in ``deck.issues``), then lay
    its graph out and count its statistics: all the slow parts, for the worker thread.
    ``deck``: an already resolved deck (after a fix) instead of reading ``path``."""
    source: Deck | Path = deck if deck is not None else path
    analysis = yield from services.analyze_deck_job(db, source, strict=False, cancel=cancel)
    cancel.check()
    yield Progress(0, 0, "Laying out the graph")
    graph = analysis.graph
    from analyzer.graph import layout_positions

    positions = layout_positions(graph, seed=LAYOUT_SEED)
    cancel.check()
    linked = {n for u, v in graph.edges() if u != v for n in (u, v)}
    linked_positions = layout_positions(graph.subgraph(linked), seed=LAYOUT_SEED)
    cancel.check()
    groups, roles = card_packages(analysis), card_roles(analysis)
    edges = list(analysis.edges)
    return LoadedDeck(path=path, analysis=analysis, edges=edges,
                      nodes=[(n, dict(a)) for n, a in analysis.graph.nodes(data=True)],
                      positions=_floats(positions), linked_positions=_floats(linked_positions),
                      stats=_deck_stats(analysis), validation=services.validate(analysis.deck),
                      groups=groups, roles=roles,
                      edge_tips=tuple(edge_tooltip(row) for row in edges))


def edge_tooltip(row: Any) -> str:
    """The rich-text tooltip of a synergy edge row (:class:`analyzer.graph.rows.EdgeRow`):
    the two cards, the kind in its colour (:func:`ui.palette.kind_color`), the explanation
    and the rules cited (CR numbers from the row)."""
    import html

    from ui.palette import kind_color, kind_label

    rules = ", ".join(f"CR {r}" for r in row.rules)
    color = kind_color(row.kind).name()
    return (f"<p><b>{html.escape(row.source_name)} → {html.escape(row.target_name)}</b><br>"
            f"<span style='color:{color}'>■</span> {html.escape(kind_label(row.kind))}"
            f"<br>{html.escape(row.explanation)}"
            + (f"<br><i>Rules: {html.escape(rules)}</i>" if rules else "") + "</p>")
