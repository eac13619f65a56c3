"""The synergy graph picture: every linked card drawn once, no two circles overlap, labels
stay inside the picture, hubs are the most linked cards; and the package hook."""

from __future__ import annotations

import math

import networkx as nx
import pytest

import analyzer.graph
from analyzer.deck_analysis import DeckAnalysis
from analyzer.decks import Deck
from analyzer.reports import ReportOptions, ReportSection, build_report
from analyzer.reports.build import LABEL_MAX_CHARS, graph_picture


def _graph(cards: int, edges: list[tuple[int, int]]) -> nx.MultiDiGraph[str]:
    G: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    for i in range(cards):
        G.add_node(f"c{i}", name=f"Card {i}")
    for u, v in edges:
        G.add_edge(f"c{u}", f"c{v}", kind="anthem", strength=0.5)
    return G


class TestGraphPicture:
    @pytest.mark.parametrize("cards", [2, 7, 30, 120])
    def test_geometry(self, cards: int) -> None:
        edges = [(i, (i * 5 + 1) % cards) for i in range(cards)] + \
            [(0, i) for i in range(1, cards)]
        picture = graph_picture(_graph(cards + 3, edges))   # 3 cards with no edge
        assert {n.card_id for n in picture.nodes} == {f"c{i}" for i in range(cards)}
        assert picture.unlinked == ("Card " + str(cards), "Card " + str(cards + 1),
                                    "Card " + str(cards + 2))
        for a in picture.nodes:
            assert 0 <= a.x <= picture.width and 0 <= a.y <= picture.height
            assert 0 <= a.label_x <= picture.width and 0 <= a.label_y <= picture.height
            for b in picture.nodes:
                if a is not b:
                    assert math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius, (a, b)
        degree = {n.card_id: n.degree for n in picture.nodes}
        hubs = {n.card_id for n in picture.nodes if n.hub}
        assert "c0" in hubs or cards <= 10
        assert all(degree[h] >= degree[o] for h in hubs for o in degree if o not in hubs)

    def test_parallel_and_opposite_edges_are_distinct_curves(self) -> None:
        G = _graph(2, [(0, 1), (1, 0)])
        G.add_edge("c0", "c1", kind="ninjutsu_enabler", strength=0.5)
        links = graph_picture(G).links
        assert len(links) == 3
        assert len({(link.cx, link.cy) for link in links}) == 3

    def test_long_names_are_cut_in_the_picture_only(self) -> None:
        G = _graph(2, [(0, 1)])
        G.nodes["c0"]["name"] = "N" * 100
        node = next(n for n in graph_picture(G).nodes if n.card_id == "c0")
        assert node.name == "N" * 100
        assert len(node.label) == LABEL_MAX_CHARS and node.label.endswith("…")

    def test_same_graph_same_picture(self) -> None:
        edges = [(i, (i * 3 + 2) % 40) for i in range(40)]
        assert graph_picture(_graph(40, edges)) == graph_picture(_graph(40, edges))


class TestPackages:
    def test_the_report_lists_the_graph_packages_by_card_name(self) -> None:
        """Key cards list what :func:`analyzer.graph.packages` finds, ids turned into
        names in the finder's order."""
        G = _graph(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)])
        expected = [(p.name, tuple(G.nodes[n]["name"] for n in p.cards))
                    for p in analyzer.graph.packages(G)]
        assert expected, "the two triangles form packages"
        kc = build_report(DeckAnalysis(deck=Deck(entries=()), graph=G),
                          ReportOptions(sections=(ReportSection.KEY_CARDS,))).key_cards
        assert kc is not None and kc.packages is not None
        assert [(p.name, p.cards) for p in kc.packages] == expected
        assert kc.packages_note == "packages found by analyzer.graph"


