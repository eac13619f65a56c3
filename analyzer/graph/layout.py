"""Node positions for drawing a synergy graph: networkx's spring layout, deterministic.

Fruchterman-Reingold force-directed placement (:func:`networkx.spring_layout`, NumPy-backed),
on the graph with directions and parallel edges merged; an edge's ``strength`` pulls harder.
The same graph and seed always give the same positions, scaled into [-1, 1] x [-1, 1].

Examples
--------
>>> G = nx.path_graph(3)
>>> pos = layout_positions(G, seed=1)
>>> sorted(pos) == [0, 1, 2] and pos == layout_positions(G, seed=1)
True
>>> all(-1.0 <= c <= 1.0 for xy in pos.values() for c in xy)
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import networkx as nx

__all__ = ["layout_positions"]


def _simple_weighted(G: nx.Graph[Any]) -> nx.Graph[Hashable]:
    """Undirected simple graph of G; parallel edges' strengths summed into ``weight``."""
    simple: nx.Graph[Hashable] = nx.Graph()
    simple.add_nodes_from(G.nodes)
    for u, v, data in G.edges(data=True):
        if u == v:
            continue
        weight = float(data.get("strength", 1.0))
        if simple.has_edge(u, v):
            simple[u][v]["weight"] += weight
        else:
            simple.add_edge(u, v, weight=weight)
    return simple


def layout_positions(G: nx.Graph[Any], seed: int = 42, *, iterations: int = 100
                     ) -> dict[Hashable, tuple[float, float]]:
    """Spring-layout positions in [-1, 1] x [-1, 1], deterministic for a seed.

    Parameters
    ----------
    G : networkx graph
        Any graph; edge directions and parallel edges are ignored, and an edge's
        ``strength`` attribute (default 1) pulls harder.
    seed : int
        Seed of the initial random placement.
    iterations : int
        Force-simulation steps.

    Returns
    -------
    dict
        node -> (x, y); ``{}`` for an empty graph, the origin for a single node.
    """
    nodes = list(G.nodes)
    if not nodes:
        return {}
    if len(nodes) == 1:
        return {nodes[0]: (0.0, 0.0)}
    simple = _simple_weighted(G)
    # k: optimal distance between nodes; a little wider than networkx's 1/sqrt(n) default so
    # that labels of dense decks overlap less.
    k = 1.6 / math.sqrt(len(nodes))
    pos = nx.spring_layout(simple, k=k, iterations=iterations, seed=seed, weight="weight")
    return {n: (round(float(pos[n][0]), 6), round(float(pos[n][1]), 6)) for n in nodes}
