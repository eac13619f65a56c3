"""Read a synergy graph: edge tables, key cards, packages, loops, what a card adds.

Free functions taking the graph first and never changing it (STYLE.md habit 10); the report,
the command line and the GUI use them. Suggestions from the whole card database are in
:mod:`analyzer.graph.suggest`.

Examples
--------
>>> G = nx.MultiDiGraph()
>>> G.add_nodes_from([("a", {"name": "Lord"}), ("b", {"name": "Ninja"}),
...                   ("c", {"name": "Bird"})])
>>> _ = G.add_edge("a", "b", key="anthem", kind="anthem", explanation="Lord pumps Ninja.",
...                rules=["613.4c"], strength=0.6)
>>> _ = G.add_edge("c", "b", key="ninjutsu_enabler", kind="ninjutsu_enabler",
...                explanation="Bird flies.", rules=["702.49a"], strength=0.75)
>>> [(r.source_name, r.target_name, r.kind) for r in edge_list(G)]
[('Lord', 'Ninja', 'anthem'), ('Bird', 'Ninja', 'ninjutsu_enabler')]
>>> key_cards(G, 1)
[('b', 1.35)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, Literal

import networkx as nx

from analyzer.cards.model import CardId
from analyzer.graph.kinds import is_synergy
from analyzer.graph.rows import EdgeRow

__all__ = [
    "CardContribution",
    "EdgeRow",
    "LoopCandidate",
    "LoopStep",
    "Package",
    "card_contribution",
    "edge_list",
    "edges_by_kind",
    "key_cards",
    "loop_candidates",
    "packages",
]


def _name(G: nx.MultiDiGraph[str], node: CardId) -> str:
    return str(G.nodes[node].get("name", node))


def _synergy(G: nx.MultiDiGraph[str]) -> nx.MultiDiGraph[str]:
    """A read-only view of ``G`` without its anti-synergy edges
    (:data:`~analyzer.graph.kinds.ANTI_SYNERGY_KINDS`): what key cards, packages, loops and
    card contributions count.

    >>> G = nx.MultiDiGraph()
    >>> _ = G.add_edge("sun", "kaito", key="nonbo", kind="nonbo", strength=0.9)
    >>> _ = G.add_edge("sun", "kaito", key="anthem", kind="anthem", strength=0.6)
    >>> list(_synergy(G).edges(keys=True))
    [('sun', 'kaito', 'anthem')]
    """
    def keep(u: CardId, v: CardId, key: object) -> bool:
        return is_synergy(str(G.edges[u, v, key].get("kind", key)))
    view: nx.MultiDiGraph[str] = nx.subgraph_view(G, filter_edge=keep)
    return view


def edge_list(G: nx.MultiDiGraph[str]) -> list[EdgeRow]:
    """Every edge as an :class:`EdgeRow`, sorted for display.

    Sorted by kind, then strongest first, then source name and target name.
    """
    rows = [
        EdgeRow(u, v, _name(G, u), _name(G, v), str(data.get("kind", key)),
                str(data.get("explanation", "")), tuple(data.get("rules", ())),
                float(data.get("strength", 0.0)))
        for u, v, key, data in G.edges(keys=True, data=True)
    ]
    return sorted(rows, key=lambda r: (r.kind, -r.strength, r.source_name, r.target_name))


def edges_by_kind(G: nx.MultiDiGraph[str]) -> dict[str, list[EdgeRow]]:
    """The rows of :func:`edge_list` grouped by kind, kinds in alphabetical order.

    >>> G = nx.MultiDiGraph()
    >>> edges_by_kind(G)
    {}
    """
    grouped: dict[str, list[EdgeRow]] = {}
    for row in edge_list(G):
        grouped.setdefault(row.kind, []).append(row)
    return grouped


def key_cards(G: nx.MultiDiGraph[str], n: int = 10, *,
              method: Literal["degree", "betweenness", "pagerank"] = "degree"
              ) -> list[tuple[CardId, float]]:
    """The ``n`` cards most central to the deck's synergies, most central first.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph.
    n : int
        How many cards.
    method : {"degree", "betweenness", "pagerank"}
        ``"degree"``: the sum of the strengths of the card's edges, in and out (parallel
        edges of different kinds each count). ``"betweenness"``: betweenness centrality of
        the graph with parallel edges merged, directions ignored. ``"pagerank"``: PageRank
        of the directed graph, parallel edges merged with their strengths added: a card
        many strong synergies point to (the payoff) ranks high.

    Returns
    -------
    list of (card id, score)
        Ties broken by card name.

    Raises
    ------
    ValueError
        An unknown ``method``.

    Notes
    -----
    Anti-synergy edges (``nonbo``) are not counted.
    """
    G = _synergy(G)
    if method == "degree":
        scores = {node: float(d) for node, d in G.degree(weight="strength")}
    elif method == "betweenness":
        scores = nx.betweenness_centrality(nx.Graph(G))
    elif method == "pagerank":
        scores = _pagerank(_merged(G))
    else:
        raise ValueError(f"unknown centrality method {method!r}; use 'degree', "
                         f"'betweenness' or 'pagerank'")
    ranked = sorted(scores.items(), key=lambda item: (-item[1], _name(G, item[0])))
    return [(node, round(score, 6)) for node, score in ranked[:n]]


def _merged(G: nx.MultiDiGraph[str]) -> nx.DiGraph[str]:
    """The directed graph with parallel edges merged: ``strength`` summed, ``kinds`` listed."""
    D: nx.DiGraph[str] = nx.DiGraph()
    D.add_nodes_from(G.nodes)
    for u, v, key, data in G.edges(keys=True, data=True):
        strength = float(data.get("strength", 0.5))
        kind = str(data.get("kind", key))
        if D.has_edge(u, v):
            D[u][v]["strength"] += strength
            D[u][v]["kinds"].append(kind)
        else:
            D.add_edge(u, v, strength=strength, kinds=[kind])
    return D


def _pagerank(D: nx.DiGraph[str], alpha: float = 0.85, tolerance: float = 1e-10,
              max_iterations: int = 200) -> dict[str, float]:
    """PageRank by power iteration over ``strength`` weights, dangling cards spreading their
    rank evenly (Page et al. 1999; networkx's own ``pagerank`` needs SciPy)."""
    nodes = list(D.nodes)
    if not nodes:
        return {}
    n = len(nodes)
    out = {u: sum(float(d["strength"]) for _, _, d in D.out_edges(u, data=True))
           for u in nodes}
    rank = dict.fromkeys(nodes, 1.0 / n)
    for _ in range(max_iterations):
        dangling = alpha * sum(rank[u] for u in nodes if out[u] == 0) / n
        new = dict.fromkeys(nodes, (1.0 - alpha) / n + dangling)
        for u, v, d in D.edges(data=True):
            new[v] += alpha * rank[u] * float(d["strength"]) / out[u]
        done = sum(abs(new[u] - rank[u]) for u in nodes) < tolerance * n
        rank = new
        if done:
            break
    return rank


# -- packages ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Package:
    """A group of cards more linked to each other than to the rest of the deck."""

    name: str
    """A label a player can read: ``"Ninja package: ninjutsu enablers around Yuriko"``."""
    cards: tuple[CardId, ...]
    """Its cards, most linked first."""
    hub: CardId
    """The card with the strongest edges inside the package."""
    kinds: tuple[str, ...]
    """Edge kinds inside the package, most frequent first."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"name": self.name, "cards": list(self.cards), "hub": self.hub,
                "kinds": list(self.kinds)}


_KIND_WORDS = {
    "anthem": "lords and anthems", "shares_creature_type": "creature-type payoffs",
    "sneak_enabler": "sneak enablers", "ninjutsu_enabler": "ninjutsu enablers",
    "etb_reuse": "enters abilities reused", "cost_reduction": "cost reductions",
    "control_exchange": "control exchange", "untap": "untap engines",
    "could_produce": "mana fixing", "mana_trigger": "mana boosts", "x_etb": "X spells",
    "trigger_doubling": "trigger doublers",
}


def _package_name(G: nx.MultiDiGraph[str], cards: list[CardId], hub: CardId,
                  kinds: list[str]) -> str:
    types: Counter[str] = Counter()
    for card in cards:
        types.update(G.nodes[card].get("creature_types", ()))
    words = _KIND_WORDS.get(kinds[0], kinds[0].replace("_", " ")) if kinds else "cards"
    common = types.most_common(1)
    lead = f"{common[0][0]} package" if common and common[0][1] * 2 >= len(cards) \
        else "Package"
    return f"{lead}: {words} around {_name(G, hub)}"


def packages(G: nx.MultiDiGraph[str], *, resolution: float = 1.0, seed: int = 0
             ) -> list[Package]:
    """Groups of cards linked to each other more than to the rest (Louvain communities).

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph.
    resolution : float
        Louvain resolution: above 1 gives more, smaller packages.
    seed : int
        The same graph and seed always give the same packages.

    Returns
    -------
    list of Package
        Packages of two or more cards, largest first; cards with no edge are in none.

    Notes
    -----
    Modularity communities (:func:`networkx.community.louvain_communities`) of the graph
    with directions ignored and parallel edges merged, their strengths added. A package is
    named after the creature type half its cards share (if any), its most frequent edge
    kind and its hub, the card with the strongest edges inside it. Anti-synergy edges
    (``nonbo``) link nothing.

    Examples
    --------
    >>> G = nx.MultiDiGraph()
    >>> G.add_nodes_from([(c, {"name": c.upper(), "creature_types": ["Ninja"]})
    ...                   for c in "abc"] + [("x", {"name": "X"}), ("y", {"name": "Y"})])
    >>> for u, v in [("a", "b"), ("a", "c"), ("b", "c")]:
    ...     _ = G.add_edge(u, v, key="anthem", kind="anthem", strength=0.6)
    >>> _ = G.add_edge("x", "y", key="untap", kind="untap", strength=0.5)
    >>> [(p.name, p.cards) for p in packages(G)]
    [('Ninja package: lords and anthems around A', ('a', 'b', 'c')), ('Package: untap engines around X', ('x', 'y'))]
    """
    G = _synergy(G)
    simple: nx.Graph[str] = nx.Graph()
    for u, v, data in G.edges(data=True):
        if u == v:
            continue
        weight = float(data.get("strength", 0.5))
        if simple.has_edge(u, v):
            simple[u][v]["weight"] += weight
        else:
            simple.add_edge(u, v, weight=weight)
    if simple.number_of_edges() == 0:
        return []
    found: list[Package] = []
    for community in nx.community.louvain_communities(simple, weight="weight",
                                                      resolution=resolution, seed=seed):
        if len(community) < 2:
            continue
        inside = simple.subgraph(community)
        weights: dict[str, float] = {c: float(d) for c, d in inside.degree(weight="weight")}
        cards = sorted(community, key=lambda c: (-weights[c], _name(G, c)))
        kinds = Counter(str(d.get("kind", k)) for u, v, k, d in
                        G.subgraph(community).edges(keys=True, data=True) if u != v)
        ordered = [k for k, _ in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))]
        found.append(Package(_package_name(G, cards, cards[0], ordered), tuple(cards),
                             cards[0], tuple(ordered)))
    return sorted(found, key=lambda p: (-len(p.cards), p.name))


# -- loops ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LoopStep:
    """One edge of a loop candidate: ``source`` helps ``target`` in these ways."""

    source: CardId
    """The helping card."""
    target: CardId
    """The helped card (the next card of the loop)."""
    kinds: tuple[str, ...]
    """The edge kinds from ``source`` to ``target``, strongest first."""
    strength: float
    """The strongest of those edges' strengths."""


@dataclass(frozen=True, slots=True)
class LoopCandidate:
    """A directed cycle of synergies: each card helps the next, the last helps the first.

    A cycle is where a repeatable loop (a combo) may hide; the combo search verifies it.
    """

    cards: tuple[CardId, ...]
    """The cards in cycle order, starting from the one with the smallest id."""
    steps: tuple[LoopStep, ...]
    """``steps[i]`` goes from ``cards[i]`` to ``cards[(i + 1) % len(cards)]``."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """Each step's strongest kind, in order."""
        return tuple(step.kinds[0] for step in self.steps)

    @property
    def score(self) -> float:
        """The product of the steps' strengths: 1 for a loop of certain synergies."""
        product = 1.0
        for step in self.steps:
            product *= step.strength
        return round(product, 6)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"cards": list(self.cards), "kinds": list(self.kinds), "score": self.score,
                "steps": [{"source": s.source, "target": s.target, "kinds": list(s.kinds),
                           "strength": s.strength} for s in self.steps]}


def _rotate(cycle: list[CardId]) -> list[CardId]:
    start = cycle.index(min(cycle))
    return cycle[start:] + cycle[:start]


def _iter_cycles(D: nx.DiGraph[str], max_length: int) -> Iterator[list[CardId]]:
    for node in D.nodes:
        if D.has_edge(node, node):
            yield [node]
    loopless = nx.DiGraph(D)
    loopless.remove_edges_from(list(nx.selfloop_edges(loopless)))
    if max_length >= 2:
        yield from nx.simple_cycles(loopless, length_bound=max_length)


def loop_candidates(G: nx.MultiDiGraph[str], *, max_length: int = 4, limit: int = 200
                    ) -> list[LoopCandidate]:
    """Directed cycles of the synergy graph: card A helps B, ..., the last helps A.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph.
    max_length : int
        The longest cycle, in cards (a card's edge to itself is a cycle of one: an ability
        activated in response to itself).
    limit : int
        At most this many cycles are read (the graph of a large deck can hold very many).

    Returns
    -------
    list of LoopCandidate
        Shortest first, then by score (highest first), then by card ids.

    Raises
    ------
    ValueError
        ``max_length`` or ``limit`` below 1.

    Notes
    -----
    Only synergy edges make a cycle: a card stopping another (``nonbo``) helps no loop.

    Examples
    --------
    >>> G = nx.MultiDiGraph()
    >>> _ = G.add_edge("a", "b", key="untap", kind="untap", strength=0.8)
    >>> _ = G.add_edge("b", "a", key="x_etb", kind="x_etb", strength=0.5)
    >>> _ = G.add_edge("c", "c", key="control_exchange", kind="control_exchange",
    ...                strength=0.6)
    >>> [(c.cards, c.kinds) for c in loop_candidates(G)]
    [(('c',), ('control_exchange',)), (('a', 'b'), ('untap', 'x_etb'))]
    """
    if max_length < 1 or limit < 1:
        raise ValueError(f"max_length and limit must be at least 1, got {max_length!r} "
                         f"and {limit!r}")
    G = _synergy(G)
    D = _merged(G)
    found: list[LoopCandidate] = []
    for cycle in islice(_iter_cycles(D, max_length), limit):
        cards = _rotate(list(cycle))
        steps = []
        for i, source in enumerate(cards):
            target = cards[(i + 1) % len(cards)]
            edges = sorted(((str(d.get("kind", k)), float(d.get("strength", 0.5)))
                            for k, d in G.get_edge_data(source, target).items()),
                           key=lambda e: (-e[1], e[0]))
            steps.append(LoopStep(source, target, tuple(k for k, _ in edges), edges[0][1]))
        found.append(LoopCandidate(tuple(cards), tuple(steps)))
    return sorted(found, key=lambda c: (len(c.cards), -c.score, c.cards))


# -- what a card adds -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardContribution:
    """What cutting a card from the deck loses: its edges, in and out."""

    card: CardId
    """The card."""
    name: str
    """Its name."""
    edges: tuple[EdgeRow, ...]
    """Every edge touching it (its self-edge once), sorted as :func:`edge_list` sorts."""
    orphans: tuple[CardId, ...]
    """Cards linked to nothing else once it is cut."""

    @property
    def strength(self) -> float:
        """The sum of its edges' strengths."""
        return round(sum(e.strength for e in self.edges), 6)

    def describe(self) -> str:
        """``"Cutting Splinter loses these 7 edges: 6 anthem, 1 sneak enabler."``"""
        if not self.edges:
            return f"Cutting {self.name} loses no synergy edge."
        kinds = Counter(e.kind for e in self.edges)
        parts = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in
                          sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
        what = "this edge" if len(self.edges) == 1 else f"these {len(self.edges)} edges"
        lonely = ""
        if self.orphans:
            lonely = "; 1 card is" if len(self.orphans) == 1 else f"; {len(self.orphans)} cards are"
            lonely += " left with no synergy"
        return f"Cutting {self.name} loses {what}: {parts}{lonely}."

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"card": self.card, "name": self.name, "count": len(self.edges),
                "strength": self.strength, "orphans": list(self.orphans),
                "edges": [e.to_json() for e in self.edges], "description": self.describe()}


def card_contribution(G: nx.MultiDiGraph[str], card: CardId) -> CardContribution:
    """The synergy edges the deck loses if ``card`` is cut (anti-synergy edges are no
    loss: they are left out).

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph.
    card : CardId
        A node of ``G``.

    Returns
    -------
    CardContribution

    Raises
    ------
    networkx.NodeNotFound
        ``card`` is not in the graph.

    Examples
    --------
    >>> G = nx.MultiDiGraph()
    >>> G.add_nodes_from([("s", {"name": "Splinter"}), ("n", {"name": "Ninja"})])
    >>> _ = G.add_edge("s", "n", key="anthem", kind="anthem", explanation="",
    ...                rules=["613.4c"], strength=0.6)
    >>> card_contribution(G, "s").describe()
    'Cutting Splinter loses this edge: 1 anthem; 1 card is left with no synergy.'
    """
    if card not in G:
        raise nx.NodeNotFound(f"card {card!r} is not in the synergy graph")
    G = _synergy(G)
    rows = [r for r in edge_list(G) if card in (r.source, r.target)]
    neighbours = set(G.successors(card)) | set(G.predecessors(card))
    neighbours.discard(card)
    orphans = sorted((n for n in neighbours
                      if not (set(G.successors(n)) | set(G.predecessors(n))) - {card, n}),
                     key=lambda n: _name(G, n))
    return CardContribution(card, _name(G, card), tuple(rows), tuple(orphans))
