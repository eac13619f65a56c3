"""Build the synergy graph of a deck: a networkx ``MultiDiGraph`` of typed edges.

Nodes are card ids with the attributes ``name``, ``count``, ``mana_value``, ``type_line``,
``colors`` (list of WUBRG letters), ``creature_types`` (sorted list), ``changeling`` (bool)
and, in memory only, ``profile`` (the :class:`~analyzer.oracle.CardProfile`; exporters drop
it). Edges are keyed by their kind (at most one edge of a kind between two cards) and carry
``kind``, ``explanation``, ``rules`` (list of CR numbers) and ``strength`` (0..1).

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> def creature(name, subtypes, text=""):
...     return Card(id=name, name=name, faces=(Face(name=name, type="Creature",
...         types=("Creature",), subtypes=subtypes, text=text),))
>>> lord = creature("Lord", ("Ninja",), "Other Ninjas you control get +1/+1.")
>>> G = build_synergy_graph([(lord, 1), (creature("Ninja A", ("Ninja",)), 4)])
>>> [(u, v, k) for u, v, k in G.edges(keys=True)]
[('Lord', 'Ninja A', 'anthem')]
>>> G.nodes["Ninja A"]["count"]
4
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import networkx as nx

from analyzer.cards.model import Card, CardId
from analyzer.graph import families as _families  # noqa: F401  (registers the families)
from analyzer.graph.edges import FAMILIES, EdgeFamily, SynergyEdge
from analyzer.graph.faces import back_face_note, back_reachable, front_profile, graph_profile
from analyzer.oracle.compile import compile_card
from analyzer.oracle.profile import CardProfile
from analyzer.progress import CancelToken, Job, Progress, run_job

__all__ = ["add_edge", "build_synergy_graph", "synergy_graph_job"]


def _merge(entries: Iterable[tuple[Card, int]]) -> dict[CardId, tuple[Card, int]]:
    merged: dict[CardId, tuple[Card, int]] = {}
    for card, count in entries:
        previous = merged.get(card.id)
        merged[card.id] = (card, count + (previous[1] if previous else 0))
    return merged


def _selected(families: Iterable[str] | None) -> list[tuple[str, EdgeFamily]]:
    if families is None:
        return list(FAMILIES.items())
    chosen = []
    for kind in families:
        if kind not in FAMILIES:
            raise KeyError(f"unknown edge family {kind!r}; known: {', '.join(FAMILIES)}")
        chosen.append((kind, FAMILIES[kind]))
    return chosen


def add_edge(G: nx.MultiDiGraph[str], edge: SynergyEdge) -> None:
    """Add ``edge`` to ``G`` under the key ``edge.kind``; of two same-kind edges between the
    same cards, the stronger one is kept."""
    current = G.get_edge_data(edge.source, edge.target, key=edge.kind)
    if current is None or current["strength"] < edge.strength:
        G.add_edge(edge.source, edge.target, key=edge.kind, **edge.attributes())


def synergy_graph_job(
    entries: Iterable[tuple[Card, int]],
    *,
    cancel: CancelToken | None = None,
    profiles: Mapping[CardId, CardProfile] | None = None,
    families: Iterable[str] | None = None,
) -> Job[nx.MultiDiGraph[str]]:
    """Build the synergy graph as a long job: yields progress, returns the graph.

    Parameters
    ----------
    entries : iterable of (Card, int)
        The deck's cards with their counts; a card listed twice has its counts added.
    cancel : CancelToken, optional
        Checked before each card and each family.
    profiles : mapping of card id to CardProfile, optional
        Profiles compiled beforehand (e.g. cached in the database); missing ones are compiled.
    families : iterable of str, optional
        The edge kinds to compute (keys of :data:`~analyzer.graph.edges.FAMILIES`); all by
        default.

    Yields
    ------
    Progress
        One per card compiled, then one per edge family.

    Returns
    -------
    networkx.MultiDiGraph

    Raises
    ------
    analyzer.errors.Cancelled
        ``cancel`` was cancelled.
    KeyError
        An unknown family name.
    """
    merged = _merge(entries)
    chosen = _selected(families)
    total = len(merged) + len(chosen)
    G: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    compiled: list[CardProfile] = []
    back_faces: dict[CardId, Card] = {}   # double-faced cards whose back face counts
    for done, (card, count) in enumerate(merged.values(), start=1):
        if cancel is not None:
            cancel.check()
        profile = graph_profile(card, (profiles or {}).get(card.id) or compile_card(card))
        if back_reachable(card):
            back_faces[card.id] = card
        compiled.append(profile)
        G.add_node(card.id, name=card.name, count=count, mana_value=card.mana_value,
                   type_line=card.type_line, colors=list(card.colors),
                   creature_types=sorted(profile.creature_types),
                   changeling=profile.is_changeling, profile=profile)
        yield Progress(done, total, f"Reading {card.name}")
    for done, (kind, family) in enumerate(chosen, start=len(merged) + 1):
        if cancel is not None:
            cancel.check()
        edges = list(family(tuple(compiled)))
        if back_faces and any(e.source in back_faces for e in edges):
            edges = _note_back_faces(family, compiled, back_faces, edges)
        for edge in edges:
            add_edge(G, edge)
        yield Progress(done, total, f"Finding {kind.replace('_', ' ')} synergies")
    return G


def _note_back_faces(family: EdgeFamily, compiled: list[CardProfile],
                     back_faces: dict[CardId, Card], edges: list[SynergyEdge]
                     ) -> list[SynergyEdge]:
    """The edges with those only a double-faced card's back face makes (they are not made
    by its front face alone) explained so, and 0.2 weaker (CR 712.8a, 712.8e)."""
    fronts = [front_profile(back_faces[p.card_id]) if p.card_id in back_faces else p
              for p in compiled]
    by_front = {(e.source, e.target) for e in family(tuple(fronts))
                if e.source in back_faces}
    noted: list[SynergyEdge] = []
    for edge in edges:
        if edge.source in back_faces and (edge.source, edge.target) not in by_front:
            edge = replace(edge, explanation=edge.explanation.rstrip(".")
                           + back_face_note(back_faces[edge.source]) + ".",
                           strength=round(max(0.1, edge.strength - 0.2), 2))
        noted.append(edge)
    return noted


def build_synergy_graph(
    entries: Iterable[tuple[Card, int]],
    *,
    profiles: Mapping[CardId, CardProfile] | None = None,
    families: Sequence[str] | None = None,
) -> nx.MultiDiGraph[str]:
    """Build the synergy graph of a deck at once (drives :func:`synergy_graph_job`).

    See :func:`synergy_graph_job` for the parameters and the graph's attributes.
    """
    return run_job(synergy_graph_job(entries, profiles=profiles, families=families))
