"""The edge families on hand-built decks: anthem, prowl, sneak, ninjutsu, cost reduction."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from analyzer.cards.model import Card
from analyzer.graph import FAMILIES, SynergyEdge
from analyzer.graph.families.anthem import anthem_edges
from analyzer.graph.families.cost_reduction import cost_reduction_edges
from analyzer.graph.families.ninjutsu import ninjutsu_edges
from analyzer.graph.families.shares_type import prowl_edges
from analyzer.graph.families.sneak import sneak_edges
from analyzer.oracle import CardProfile, compile_card

CardFactory = Callable[..., Card]


def _profiles(*cards: Card) -> list[CardProfile]:
    return [compile_card(c) for c in cards]


def _pairs(edges: Sequence[SynergyEdge]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in edges}


@pytest.fixture
def ninja_deck(card: CardFactory) -> list[CardProfile]:
    return _profiles(
        card("Splinter, Hamato Yoshi", "Sneak {B}\nMenace\nOther Ninjas you control get +1/+1.",
             subtypes=("Mutant", "Ninja", "Rat")),
        card("Ninja of the Deep Hours", "Ninjutsu {1}{U}", subtypes=("Human", "Ninja")),
        card("Moon-Circuit Hacker", "Ninjutsu {U}", subtypes=("Human", "Ninja")),
        card("Changeling Outcast", "Changeling\nThis creature can't block and can't be "
             "blocked.", subtypes=("Shapeshifter",)),
        card("Faerie Seer", "Flying", subtypes=("Faerie",)),
        card("Ninja Technique", "Sneak {1}{B}", types=("Sorcery",)),
    )


class TestRegistry:
    def test_families_registered(self) -> None:
        assert {"anthem", "shares_creature_type", "sneak_enabler", "ninjutsu_enabler",
                "cost_reduction"} <= set(FAMILIES)


class TestAnthem:
    def test_splinter_pumps_other_ninjas_not_itself(self, ninja_deck: list[CardProfile]) -> None:
        edges = list(anthem_edges(ninja_deck))
        assert _pairs(edges) == {
            ("Splinter, Hamato Yoshi", "Ninja of the Deep Hours"),
            ("Splinter, Hamato Yoshi", "Moon-Circuit Hacker"),
            ("Splinter, Hamato Yoshi", "Changeling Outcast"),
        }
        deep = next(e for e in edges if e.target == "Ninja of the Deep Hours")
        assert deep.kind == "anthem"
        assert deep.explanation == ("Splinter, Hamato Yoshi gives Ninja of the Deep Hours +1/+1 "
                                    "(Other Ninjas you control get +1/+1).")
        assert deep.rules == ("613.4c", "205.3m")

    def test_changeling_edge_names_the_rule(self, ninja_deck: list[CardProfile]) -> None:
        edge = next(e for e in anthem_edges(ninja_deck) if e.target == "Changeling Outcast")
        assert "702.73a" in edge.rules and "Changeling" in edge.explanation

    def test_glorious_anthem_pumps_every_creature(self, card: CardFactory) -> None:
        deck = _profiles(card("Glorious Anthem", "Creatures you control get +1/+1.",
                              types=("Enchantment",)),
                         card("Bear", subtypes=("Bear",)), card("Elf", subtypes=("Elf",)),
                         card("Bolt", "Deal 3.", types=("Instant",)))
        assert _pairs(list(anthem_edges(deck))) == {("Glorious Anthem", "Bear"),
                                                    ("Glorious Anthem", "Elf")}

    def test_non_other_lord_has_no_self_edge(self, card: CardFactory) -> None:
        deck = _profiles(card("Warchief", "Goblins you control have haste.",
                              subtypes=("Goblin", "Warrior")),
                         card("Goblin", subtypes=("Goblin",)))
        edges = list(anthem_edges(deck))
        assert _pairs(edges) == {("Warchief", "Goblin")}
        assert edges[0].rules == ("613.1f", "205.3m")
        assert edges[0].explanation == ("Warchief gives Goblin haste "
                                        "(Goblins you control have haste).")

    def test_colors(self, card: CardFactory) -> None:
        deck = _profiles(card("Red Lord", "Red creatures you control have first strike.",
                              types=("Enchantment",)),
                         card("Red Guy", colors=("R",)), card("Blue Guy", colors=("U",)))
        assert _pairs(list(anthem_edges(deck))) == {("Red Lord", "Red Guy")}

    def test_two_anthems_on_one_card_give_one_edge(self, card: CardFactory) -> None:
        deck = _profiles(card("Liege", "Other red creatures you control get +1/+1.\n"
                                       "Other white creatures you control get +1/+1."),
                         card("Boros", colors=("R", "W")))
        (edge,) = anthem_edges(deck)
        assert edge.explanation.count("+1/+1 (") == 2
        assert edge.strength == 0.9

    @pytest.mark.parametrize("text", [
        "Creatures your opponents control get -1/-1.",
        "Enchanted creature gets +2/+2.",
        "Nonblack creatures get -1/-1.",
    ])
    def test_no_edge(self, card: CardFactory, text: str) -> None:
        deck = _profiles(card("Source", text, types=("Enchantment",)), card("Bear"))
        assert list(anthem_edges(deck)) == []


class TestProwl:
    def test_rogue_enables_throng(self, card: CardFactory) -> None:
        deck = _profiles(
            card("Auntie's Snitch", "Auntie's Snitch can't block.\nProwl {1}{B}",
                 subtypes=("Goblin", "Rogue")),
            card("Notorious Throng", "Prowl {5}{U}", mana_cost="{3}{U}",
                 types=("Kindred", "Sorcery"),
                 subtypes=("Rogue",)),
            card("Elf", subtypes=("Elf",)))
        edges = list(prowl_edges(deck))
        assert _pairs(edges) == {("Auntie's Snitch", "Notorious Throng")}
        (edge,) = edges
        assert edge.kind == "shares_creature_type"
        assert edge.explanation == (
            "Auntie's Snitch (Goblin Rogue) dealing combat damage to a player lets you cast "
            "Notorious Throng for its prowl cost {5}{U} (shared type: Rogue).")
        # Throng is a Kindred sorcery: its creature types come from CR 308.3
        assert edge.rules == ("702.76a", "205.3m", "308.3")

    def test_changeling_enables_every_prowl_card(self, card: CardFactory) -> None:
        deck = _profiles(
            card("Changeling Outcast", "Changeling", subtypes=("Shapeshifter",)),
            card("Notorious Throng", "Prowl {5}{U}", mana_cost="{3}{U}",
                 types=("Kindred", "Sorcery"),
                 subtypes=("Rogue",)),
            card("Snitch", "Prowl {1}{B}", subtypes=("Goblin", "Rogue")))
        edges = list(prowl_edges(deck))
        assert ("Changeling Outcast", "Notorious Throng") in _pairs(edges)
        assert ("Changeling Outcast", "Snitch") in _pairs(edges)
        assert ("Snitch", "Notorious Throng") in _pairs(edges)
        assert all("702.73a" in e.rules for e in edges if e.source == "Changeling Outcast")
        assert not any(e.source == "Notorious Throng" for e in edges)  # a sorcery deals none

    def test_evasive_source_is_stronger(self, card: CardFactory) -> None:
        deck = _profiles(card("Flier", "Flying", subtypes=("Rogue",)),
                         card("Walker", subtypes=("Rogue",)),
                         card("Prowler", "Prowl {U}", subtypes=("Rogue",)))
        strengths = {e.source: e.strength for e in prowl_edges(deck)}
        assert strengths["Flier"] > strengths["Walker"]


class TestEnablers:
    def test_sneak_enablers(self, ninja_deck: list[CardProfile]) -> None:
        edges = list(sneak_edges(ninja_deck))
        assert _pairs(edges) == {
            ("Changeling Outcast", "Splinter, Hamato Yoshi"),
            ("Faerie Seer", "Splinter, Hamato Yoshi"),
            ("Changeling Outcast", "Ninja Technique"),
            ("Faerie Seer", "Ninja Technique"),
            ("Splinter, Hamato Yoshi", "Ninja Technique"),
        }
        outcast = next(e for e in edges if e.source == "Changeling Outcast"
                       and e.target == "Splinter, Hamato Yoshi")
        assert outcast.explanation == (
            "Changeling Outcast can't be blocked, so it is an unblocked attacker to return "
            "for Splinter, Hamato Yoshi's sneak {B}.")
        assert outcast.rules == ("702.190a", "509.1b") and outcast.strength == 1.0

    def test_unblockable_stronger_than_menace(self, ninja_deck: list[CardProfile]) -> None:
        edges = {(e.source, e.target): e for e in sneak_edges(ninja_deck)}
        assert edges[("Changeling Outcast", "Ninja Technique")].strength \
            > edges[("Faerie Seer", "Ninja Technique")].strength \
            > edges[("Splinter, Hamato Yoshi", "Ninja Technique")].strength
        menace = edges[("Splinter, Hamato Yoshi", "Ninja Technique")]
        assert "menace" in menace.explanation and "702.111b" in menace.rules

    def test_ninjutsu_enablers(self, ninja_deck: list[CardProfile]) -> None:
        edges = list(ninjutsu_edges(ninja_deck))
        targets = {"Ninja of the Deep Hours", "Moon-Circuit Hacker"}
        sources = {"Changeling Outcast", "Faerie Seer", "Splinter, Hamato Yoshi"}
        assert _pairs(edges) == {(s, t) for s in sources for t in targets}
        flier = next(e for e in edges if e.source == "Faerie Seer")
        assert flier.rules == ("702.49a", "702.9b")

    def test_no_self_edge_and_commander_ninjutsu(self, card: CardFactory) -> None:
        deck = _profiles(card("Yuriko", "Commander ninjutsu {U}{B}\nFlying"),
                         card("Sneaky", "This creature can't be blocked by creatures with "
                              "power 2 or greater."))
        edges = list(ninjutsu_edges(deck))
        assert _pairs(edges) == {("Sneaky", "Yuriko")}  # Yuriko flies but gets no self-edge
        assert edges[0].rules == ("702.49d", "509.1b")
        assert "power 2 or greater" in edges[0].explanation

    def test_non_creatures_are_not_attackers(self, card: CardFactory) -> None:
        deck = _profiles(card("Flying Sorcery", "Flying", types=("Sorcery",)),
                         card("Ninja", "Ninjutsu {U}"))
        assert list(ninjutsu_edges(deck)) == []


class TestCostReduction:
    def test_banneret_reduces_goblins_and_rogues(self, card: CardFactory) -> None:
        deck = _profiles(
            card("Frogtosser Banneret", "Haste\nGoblin spells and Rogue spells you cast cost "
                 "{1} less to cast.", subtypes=("Goblin", "Rogue")),
            card("Notorious Throng", "Prowl {5}{U}", mana_cost="{3}{U}",
                 types=("Kindred", "Sorcery"),
                 subtypes=("Rogue",)),
            card("Elf", subtypes=("Elf",)),
            card("Mountain", types=("Land",), subtypes=("Mountain",)))
        (edge,) = cost_reduction_edges(deck)
        assert (edge.source, edge.target) == ("Frogtosser Banneret", "Notorious Throng")
        assert "prowl cost included" in edge.explanation
        # a reduction applies to the prowl (alternative) cost too: CR 601.2f, 118.9d
        assert edge.rules == ("601.2f", "118.7", "118.9d", "205.3m")


class TestCostReductionGenericOnly:
    """CR 118.7: a reduction by generic mana reduces only a cost's generic component."""

    def test_no_edge_to_a_spell_without_generic_mana(self, card: CardFactory) -> None:
        deck = _profiles(
            card("Goblin Warchief", "Goblin spells you cast cost {1} less to cast.\n"
                 "Goblins you control have haste.", subtypes=("Goblin", "Warrior")),
            card("Goblin Lackey", mana_cost="{R}", subtypes=("Goblin",)),
            card("Goblin Piledriver", mana_cost="{1}{R}", subtypes=("Goblin", "Warrior")))
        assert {e.target for e in cost_reduction_edges(deck)} == {"Goblin Piledriver"}

    def test_x_and_two_hybrid_are_generic(self, card: CardFactory) -> None:
        deck = _profiles(
            card("Reducer", "Goblin spells you cast cost {1} less to cast.",
                 subtypes=("Goblin",)),
            card("X Goblin", mana_cost="{X}{R}", subtypes=("Goblin",)),
            card("Hybrid Goblin", mana_cost="{2/R}", subtypes=("Goblin",)),
            card("Colorless Goblin", mana_cost="{C}{R}", subtypes=("Goblin",)))
        assert {e.target for e in cost_reduction_edges(deck)} == {"X Goblin", "Hybrid Goblin"}

    def test_only_the_alternative_cost_is_named(self, card: CardFactory) -> None:
        # mana cost {B}{B} has no generic part; prowl {1}{B} has one: only prowl is reduced
        deck = _profiles(
            card("Banneret", "Goblin spells and Rogue spells you cast cost {1} less to cast.",
                 subtypes=("Goblin", "Rogue")),
            card("Rogue", "Prowl {1}{B}", mana_cost="{B}{B}", subtypes=("Rogue",)))
        (edge,) = cost_reduction_edges(deck)
        assert "only its prowl cost {1}{B}" in edge.explanation
        assert "{B}{B}" in edge.explanation and "118.7" in edge.rules
        assert edge.strength < 0.6   # weaker than reducing the mana cost (0.6)
