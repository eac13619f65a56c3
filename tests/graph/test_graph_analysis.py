"""edge_list, edges_by_kind, key_cards and layout_positions."""

from __future__ import annotations

import networkx as nx
import pytest

from analyzer.graph import edge_list, edges_by_kind, key_cards, layout_positions


@pytest.fixture
def graph() -> nx.MultiDiGraph:
    G = nx.MultiDiGraph()
    G.add_nodes_from([("s", {"name": "Splinter"}), ("n", {"name": "Ninja"}),
                      ("o", {"name": "Outcast"}), ("x", {"name": "Loner"})])
    for u, v, kind, strength in [("s", "n", "anthem", 0.6), ("s", "o", "anthem", 0.6),
                                 ("o", "s", "sneak_enabler", 1.0),
                                 ("o", "n", "ninjutsu_enabler", 1.0),
                                 ("s", "n", "ninjutsu_enabler", 0.5)]:
        G.add_edge(u, v, key=kind, kind=kind, explanation=f"{u} helps {v}.",
                   rules=["613.4c"], strength=strength)
    return G


class TestEdgeList:
    def test_sorted_by_kind_then_strength_then_names(self, graph: nx.MultiDiGraph) -> None:
        rows = edge_list(graph)
        assert [(r.kind, r.source_name, r.target_name) for r in rows] == [
            ("anthem", "Splinter", "Ninja"), ("anthem", "Splinter", "Outcast"),
            ("ninjutsu_enabler", "Outcast", "Ninja"), ("ninjutsu_enabler", "Splinter", "Ninja"),
            ("sneak_enabler", "Outcast", "Splinter")]
        assert rows[0].rules == ("613.4c",) and rows[0].to_json()["source"] == "s"

    def test_by_kind(self, graph: nx.MultiDiGraph) -> None:
        grouped = edges_by_kind(graph)
        assert list(grouped) == ["anthem", "ninjutsu_enabler", "sneak_enabler"]
        assert len(grouped["anthem"]) == 2

    def test_empty(self) -> None:
        assert edge_list(nx.MultiDiGraph()) == [] and edges_by_kind(nx.MultiDiGraph()) == {}


class TestKeyCards:
    def test_degree(self, graph: nx.MultiDiGraph) -> None:
        ranked = key_cards(graph, 2)
        assert [node for node, _ in ranked] == ["s", "o"]
        assert ranked[0][1] == pytest.approx(2.7)

    def test_betweenness(self) -> None:
        G = nx.MultiDiGraph()
        G.add_nodes_from([("a", {"name": "A"}), ("b", {"name": "B"}), ("c", {"name": "C"})])
        G.add_edge("a", "b", key="anthem", strength=0.5)
        G.add_edge("c", "b", key="anthem", strength=0.5)
        ranked = key_cards(G, 3, method="betweenness")
        assert ranked == [("b", 1.0), ("a", 0.0), ("c", 0.0)]

    def test_unknown_method(self, graph: nx.MultiDiGraph) -> None:
        with pytest.raises(ValueError, match="unknown centrality method"):
            key_cards(graph, method="pagerank")  # type: ignore[arg-type]


class TestLayout:
    def test_deterministic(self, graph: nx.MultiDiGraph) -> None:
        first = layout_positions(graph, seed=7)
        assert first == layout_positions(graph, seed=7)
        assert first != layout_positions(graph, seed=8)
        assert set(first) == set(graph.nodes)
        assert all(-1.0 <= c <= 1.0 for xy in first.values() for c in xy)

    def test_linked_cards_sit_closer(self, graph: nx.MultiDiGraph) -> None:
        pos = layout_positions(graph)

        def dist(a: str, b: str) -> float:
            return float(((pos[a][0] - pos[b][0]) ** 2 + (pos[a][1] - pos[b][1]) ** 2) ** 0.5)

        assert dist("s", "o") < dist("s", "x")

    def test_small_graphs(self) -> None:
        assert layout_positions(nx.MultiDiGraph()) == {}
        G = nx.MultiDiGraph()
        G.add_node("a")
        assert layout_positions(G) == {"a": (0.0, 0.0)}
