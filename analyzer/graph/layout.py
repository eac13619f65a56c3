"""Node positions for drawing a synergy graph: a deterministic spring layout.

networkx's ``spring_layout`` needs NumPy, which is no dependency of Spellweb; this is the same
Fruchterman-Reingold force model in plain Python, fast enough for a deck (a few hundred
nodes). The same graph and seed always give the same positions.

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
import random
from collections.abc import Hashable

import networkx as nx

__all__ = ["layout_positions"]


def _normalise(pos: dict[Hashable, list[float]]) -> dict[Hashable, tuple[float, float]]:
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    span = max(max(abs(x - cx) for x in xs), max(abs(y - cy) for y in ys)) or 1.0
    return {n: (round((p[0] - cx) / span, 6), round((p[1] - cy) / span, 6))
            for n, p in pos.items()}


def layout_positions(G: nx.Graph, seed: int = 42, *, iterations: int = 60
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
    rng = random.Random(seed)
    pos = {n: [rng.random(), rng.random()] for n in nodes}
    index = {n: i for i, n in enumerate(nodes)}
    weights: dict[tuple[Hashable, Hashable], float] = {}
    for u, v, data in G.edges(data=True):
        if u != v:
            pair = (u, v) if index[u] < index[v] else (v, u)
            weights[pair] = weights.get(pair, 0.0) + float(data.get("strength", 1.0))
    k = math.sqrt(1.0 / len(nodes))
    temperature = 0.1
    cooling = temperature / (iterations + 1)
    for _ in range(iterations):
        disp = {n: [0.0, 0.0] for n in nodes}
        for i, u in enumerate(nodes):
            for v in nodes[i + 1:]:
                dx, dy = pos[u][0] - pos[v][0], pos[u][1] - pos[v][1]
                dist = max(math.hypot(dx, dy), 0.01)
                force = k * k / dist
                disp[u][0] += dx / dist * force
                disp[u][1] += dy / dist * force
                disp[v][0] -= dx / dist * force
                disp[v][1] -= dy / dist * force
        for (u, v), weight in weights.items():
            dx, dy = pos[u][0] - pos[v][0], pos[u][1] - pos[v][1]
            dist = max(math.hypot(dx, dy), 0.01)
            force = dist * dist / k * weight
            disp[u][0] -= dx / dist * force
            disp[u][1] -= dy / dist * force
            disp[v][0] += dx / dist * force
            disp[v][1] += dy / dist * force
        for n in nodes:
            length = max(math.hypot(*disp[n]), 0.01)
            step = min(length, temperature)
            pos[n][0] += disp[n][0] / length * step
            pos[n][1] += disp[n][1] / length * step
        temperature -= cooling
    return _normalise(pos)
