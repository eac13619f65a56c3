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
            key_cards(graph, method="closeness")  # type: ignore[arg-type]


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


def _edge(G: nx.MultiDiGraph, u: str, v: str, kind: str, strength: float = 0.5) -> None:
    G.add_edge(u, v, key=kind, kind=kind, explanation=f"{u} helps {v}.", rules=["1"],
               strength=strength)


class TestPackages:
    def test_two_groups(self) -> None:
        from analyzer.graph import packages

        G = nx.MultiDiGraph()
        ninjas = ["n1", "n2", "n3", "n4"]
        G.add_nodes_from((n, {"name": n.upper(), "creature_types": ["Ninja"]}) for n in ninjas)
        G.add_nodes_from([("l1", {"name": "Land 1"}), ("l2", {"name": "Land 2"}),
                          ("p", {"name": "Pool"}), ("x", {"name": "Loner"})])
        for u in ninjas:
            for v in ninjas:
                if u < v:
                    _edge(G, u, v, "ninjutsu_enabler", 0.8)
        _edge(G, "l1", "p", "could_produce")
        _edge(G, "l2", "p", "could_produce")
        found = packages(G)
        assert [set(p.cards) for p in found] == [set(ninjas), {"l1", "l2", "p"}]
        assert found[0].name.startswith("Ninja package: ninjutsu enablers around ")
        assert found[1].name == "Package: mana fixing around Pool" and found[1].hub == "p"
        assert all("x" not in p.cards for p in found)  # a card with no edge is in none
        assert found == packages(G)  # deterministic

    def test_empty_and_self_edges_only(self) -> None:
        from analyzer.graph import packages

        G = nx.MultiDiGraph()
        assert packages(G) == []
        _edge(G, "a", "a", "control_exchange")
        assert packages(G) == []


class TestLoopCandidates:
    def test_cycles_with_kinds(self) -> None:
        from analyzer.graph import loop_candidates

        G = nx.MultiDiGraph()
        _edge(G, "b", "c", "untap", 0.8)
        _edge(G, "c", "a", "x_etb", 0.5)
        _edge(G, "a", "b", "mana_trigger", 0.7)
        _edge(G, "a", "b", "anthem", 0.3)
        _edge(G, "d", "d", "control_exchange", 0.6)
        _edge(G, "a", "d", "anthem", 0.6)  # no way back from d: no cycle
        found = loop_candidates(G)
        assert [c.cards for c in found] == [("d",), ("a", "b", "c")]
        three = found[1]
        assert three.kinds == ("mana_trigger", "untap", "x_etb")
        assert three.steps[0].kinds == ("mana_trigger", "anthem")  # strongest first
        assert three.score == pytest.approx(0.7 * 0.8 * 0.5)
        assert three.to_json()["cards"] == ["a", "b", "c"]

    def test_bounds(self) -> None:
        from analyzer.graph import loop_candidates

        G = nx.MultiDiGraph()
        for u, v in [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")]:
            _edge(G, u, v, "untap")
        assert loop_candidates(G, max_length=3) == []
        assert len(loop_candidates(G, max_length=4)) == 1
        with pytest.raises(ValueError, match="at least 1"):
            loop_candidates(G, max_length=0)


class TestCardContribution:
    def test_edges_and_orphans(self, graph: nx.MultiDiGraph) -> None:
        from analyzer.graph import card_contribution

        found = card_contribution(graph, "o")
        # Outcast: anthem from Splinter, sneak to Splinter, ninjutsu to Ninja
        assert len(found.edges) == 3 and found.strength == pytest.approx(2.6)
        assert found.orphans == ()  # Splinter and Ninja stay linked to each other
        assert found.describe() == ("Cutting Outcast loses these 3 edges: 1 anthem, "
                                    "1 ninjutsu enabler, 1 sneak enabler.")

    def test_cutting_the_only_link(self) -> None:
        from analyzer.graph import card_contribution

        G = nx.MultiDiGraph()
        G.add_nodes_from([("a", {"name": "A"}), ("b", {"name": "B"}), ("c", {"name": "C"})])
        _edge(G, "a", "b", "anthem")
        assert card_contribution(G, "a").orphans == ("b",)
        assert card_contribution(G, "c").describe() == "Cutting C loses no synergy edge."

    def test_unknown_card(self, graph: nx.MultiDiGraph) -> None:
        from analyzer.graph import card_contribution

        with pytest.raises(nx.NodeNotFound, match="'zz'"):
            card_contribution(graph, "zz")


class TestPagerank:
    def test_payoff_ranks_first(self) -> None:
        G = nx.MultiDiGraph()
        G.add_nodes_from([(n, {"name": n}) for n in "abcd"])
        for source in "abc":
            _edge(G, source, "d", "shares_creature_type", 0.6)
        assert key_cards(G, 1, method="pagerank")[0][0] == "d"
