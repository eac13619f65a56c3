"""build_synergy_graph and synergy_graph_job: nodes, edges, progress, cancel, options."""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx
import pytest

from analyzer.cards.model import Card
from analyzer.errors import Cancelled
from analyzer.graph import SynergyEdge, add_edge, build_synergy_graph, synergy_graph_job
from analyzer.oracle import CardProfile, compile_card
from analyzer.progress import CancelToken, Progress, run_job

CardFactory = Callable[..., Card]


@pytest.fixture
def deck(card: CardFactory) -> list[tuple[Card, int]]:
    return [
        (card("Splinter, Hamato Yoshi", "Sneak {B}\nMenace\nOther Ninjas you control get +1/+1.",
              subtypes=("Mutant", "Ninja", "Rat"), colors=("B",), mana_value=2.0,
              mana_cost="{1}{B}"), 1),
        (card("Ninja of the Deep Hours", "Ninjutsu {1}{U}", subtypes=("Human", "Ninja"),
              colors=("U",), mana_value=4.0), 4),
        (card("Changeling Outcast", "Changeling\nThis creature can't block and can't be "
              "blocked.", subtypes=("Shapeshifter",), colors=("B",)), 3),
        (card("Island", types=("Land",), subtypes=("Island",), supertypes=("Basic",)), 10),
    ]


class TestNodes:
    def test_attributes(self, deck: list[tuple[Card, int]]) -> None:
        G = build_synergy_graph(deck)
        assert isinstance(G, nx.MultiDiGraph)
        assert set(G.nodes) == {c.id for c, _ in deck}
        node = G.nodes["Splinter, Hamato Yoshi"]
        assert node["name"] == "Splinter, Hamato Yoshi" and node["count"] == 1
        assert node["mana_value"] == 2.0 and node["colors"] == ["B"]
        assert node["type_line"] == "Creature — Mutant Ninja Rat"
        assert node["creature_types"] == ["Mutant", "Ninja", "Rat"]
        assert isinstance(node["profile"], CardProfile)
        assert G.nodes["Changeling Outcast"]["changeling"] is True

    def test_counts_of_a_card_listed_twice_add_up(self, card: CardFactory) -> None:
        bear = card("Bear")
        G = build_synergy_graph([(bear, 2), (bear, 3)])
        assert G.nodes["Bear"]["count"] == 5

    def test_empty_deck(self) -> None:
        G = build_synergy_graph([])
        assert G.number_of_nodes() == 0 and G.number_of_edges() == 0


class TestEdges:
    def test_kinds_and_attributes(self, deck: list[tuple[Card, int]]) -> None:
        G = build_synergy_graph(deck)
        kinds = {(u, v, k) for u, v, k in G.edges(keys=True)}
        assert ("Splinter, Hamato Yoshi", "Ninja of the Deep Hours", "anthem") in kinds
        assert ("Splinter, Hamato Yoshi", "Changeling Outcast", "anthem") in kinds
        assert ("Changeling Outcast", "Splinter, Hamato Yoshi", "sneak_enabler") in kinds
        assert ("Changeling Outcast", "Ninja of the Deep Hours", "ninjutsu_enabler") in kinds
        assert not any(u == v for u, v, _ in kinds)
        assert not G.has_edge("Splinter, Hamato Yoshi", "Splinter, Hamato Yoshi")
        data = G.get_edge_data("Splinter, Hamato Yoshi", "Ninja of the Deep Hours", "anthem")
        assert set(data) == {"kind", "explanation", "rules", "strength"}
        assert isinstance(data["rules"], list) and data["kind"] == "anthem"
        assert 0.0 <= data["strength"] <= 1.0

    def test_families_option(self, deck: list[tuple[Card, int]]) -> None:
        G = build_synergy_graph(deck, families=["anthem"])
        assert {k for _, _, k in G.edges(keys=True)} == {"anthem"}

    def test_unknown_family(self, deck: list[tuple[Card, int]]) -> None:
        with pytest.raises(KeyError, match="unknown edge family 'combo'"):
            build_synergy_graph(deck, families=["combo"])

    def test_precompiled_profiles_are_used(self, card: CardFactory) -> None:
        lord = card("Lord", subtypes=("Elf",))
        elf = card("Elf", subtypes=("Elf",))
        fake = compile_card(card("Lord", "Other Elves you control get +1/+1.",
                                 subtypes=("Elf",)))
        G = build_synergy_graph([(lord, 1), (elf, 1)], profiles={"Lord": fake})
        assert G.has_edge("Lord", "Elf", "anthem")
        assert G.nodes["Lord"]["profile"] is fake

    def test_add_edge_keeps_the_stronger(self) -> None:
        G = nx.MultiDiGraph()
        add_edge(G, SynergyEdge("a", "b", "anthem", "weak", (), 0.3))
        add_edge(G, SynergyEdge("a", "b", "anthem", "strong", (), 0.8))
        add_edge(G, SynergyEdge("a", "b", "anthem", "weaker", (), 0.1))
        assert G.number_of_edges() == 1
        assert G.get_edge_data("a", "b", "anthem")["explanation"] == "strong"


class TestJob:
    def test_progress_per_card_and_family(self, deck: list[tuple[Card, int]]) -> None:
        reports: list[Progress] = []
        G = run_job(synergy_graph_job(deck, families=["anthem", "sneak_enabler"]),
                    reports.append)
        assert [r.done for r in reports] == [1, 2, 3, 4, 5, 6]
        assert {r.total for r in reports} == {6}
        assert reports[0].message == "Reading Splinter, Hamato Yoshi"
        assert reports[-1].message == "Finding sneak enabler synergies"
        assert G.number_of_edges() > 0

    def test_cancel(self, deck: list[tuple[Card, int]]) -> None:
        token = CancelToken()
        job = synergy_graph_job(deck, cancel=token)
        next(job)
        token.cancel()
        with pytest.raises(Cancelled):
            next(job)


class TestSynergyEdge:
    def test_strength_bounds(self) -> None:
        with pytest.raises(ValueError, match="strength"):
            SynergyEdge("a", "b", "anthem", "x", (), 1.5)

    def test_no_self_edge(self) -> None:
        with pytest.raises(ValueError, match="two cards"):
            SynergyEdge("a", "a", "anthem", "x")

    def test_self_edge_of_an_exchange_activated_in_response_to_itself(self) -> None:
        # the only self-edge: an exchange ability activated in response to itself
        # (CR 117.3c, 405.5; the seed's Phyrexian Infiltrator ruling)
        edge = SynergyEdge("a", "a", "control_exchange", "x", ("701.12b",), 0.6)
        assert edge.source == edge.target

    def test_register_twice(self) -> None:
        from analyzer.graph.edges import register_family
        with pytest.raises(ValueError, match="already registered"):
            register_family("anthem")(lambda profiles: iter(()))
