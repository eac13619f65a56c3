"""Read a synergy graph: edge tables, edges grouped by kind, key cards.

Free functions taking the graph first and never changing it (STYLE.md habit 10); the report
and the GUI's edge table use them.

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

from dataclasses import dataclass
from typing import Any, Literal

import networkx as nx

from analyzer.cards.model import CardId

__all__ = ["EdgeRow", "edge_list", "edges_by_kind", "key_cards"]


@dataclass(frozen=True, slots=True)
class EdgeRow:
    """One edge of the graph as a table row, with both cards' names."""

    source: CardId
    """The helping card's id."""
    target: CardId
    """The helped card's id."""
    source_name: str
    """The helping card's name."""
    target_name: str
    """The helped card's name."""
    kind: str
    """The edge family."""
    explanation: str
    """One sentence naming both cards."""
    rules: tuple[str, ...]
    """CR numbers."""
    strength: float
    """0..1."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the row."""
        return {"source": self.source, "target": self.target, "source_name": self.source_name,
                "target_name": self.target_name, "kind": self.kind,
                "explanation": self.explanation, "rules": list(self.rules),
                "strength": self.strength}


def _name(G: nx.MultiDiGraph[str], node: CardId) -> str:
    return str(G.nodes[node].get("name", node))


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
              method: Literal["degree", "betweenness"] = "degree"
              ) -> list[tuple[CardId, float]]:
    """The ``n`` cards most central to the deck's synergies, most central first.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph.
    n : int
        How many cards.
    method : {"degree", "betweenness"}
        ``"degree"``: the sum of the strengths of the card's edges, in and out (parallel
        edges of different kinds each count). ``"betweenness"``: betweenness centrality of
        the graph with parallel edges merged, directions ignored.

    Returns
    -------
    list of (card id, score)
        Ties broken by card name.

    Raises
    ------
    ValueError
        An unknown ``method``.
    """
    if method == "degree":
        scores = {node: float(d) for node, d in G.degree(weight="strength")}
    elif method == "betweenness":
        scores = nx.betweenness_centrality(nx.Graph(G))
    else:
        raise ValueError(f"unknown centrality method {method!r}; use 'degree' or 'betweenness'")
    ranked = sorted(scores.items(), key=lambda item: (-item[1], _name(G, item[0])))
    return [(node, round(score, 6)) for node, score in ranked[:n]]
