"""Synergy-graph bugs found on real cards, each pinned with the right answer first."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from analyzer.cards.model import Card, Face
from analyzer.graph import build_synergy_graph, edge_list

CardFactory = Callable[..., Card]


def _edges(cards: dict[str, Card], names: list[str], kind: str) -> set[tuple[str, str]]:
    graph = build_synergy_graph([(cards[n], 1) for n in names])
    return {(e.source_name, e.target_name) for e in edge_list(graph) if e.kind == kind}


def test_silver_fur_master_pumps_other_ninjas_and_rogues(shared_cards: dict[str, Card]) -> None:
    # "Other Ninja and Rogue creatures you control get +1/+1." (a list of creature types)
    names = ["Silver-Fur Master", "Ninja of the Deep Hours", "Changeling Outcast",
             "Flitterwing Nuisance", "Grizzly Bears"]
    anthem = _edges(shared_cards, names, "anthem")
    assert {t for s, t in anthem if s == "Silver-Fur Master"} == {
        "Ninja of the Deep Hours", "Changeling Outcast", "Flitterwing Nuisance"}


def test_lists_of_creature_types_in_anthems() -> None:
    from analyzer.oracle.statics import parse_anthem

    for text, types in [("Skeletons and Zombies you control get +1/+1.", {"Skeleton", "Zombie"}),
                        ("Goblins, Elves, and Dwarves you control get +1/+0.",
                         {"Goblin", "Elf", "Dwarf"})]:
        anthem = parse_anthem(text)
        assert anthem is not None and anthem.affected.subtypes == types


def test_defender_is_never_an_unblocked_attacker(shared_cards: dict[str, Card]) -> None:
    # Wall of Air flies but has defender (CR 702.3b): it can't attack, so it can't be returned.
    names = ["Wall of Air", "Ninja of the Deep Hours", "Faerie Seer"]
    enablers = _edges(shared_cards, names, "ninjutsu_enabler")
    assert enablers == {("Faerie Seer", "Ninja of the Deep Hours")}


# -- double-faced cards: the front face's characteristics (CR 712.8a, 712.8d) ----------------

def test_a_transforming_card_has_its_front_faces_characteristics(
        shared_cards: dict[str, Card]) -> None:
    # Lunarch Veteran (Human Cleric, no flying) // Luminous Phantom (flying Spirit): in the
    # library, hand and on the battlefield front face up it has no flying, so it is no
    # "often unblocked" attacker for a sneak card
    names = ["Lunarch Veteran // Luminous Phantom", "Leonardo's Technique", "Faerie Seer"]
    assert _edges(shared_cards, names, "sneak_enabler") == {
        ("Faerie Seer", "Leonardo's Technique")}
    graph = build_synergy_graph([(shared_cards[names[0]], 1)])
    (node,) = graph.nodes.values()
    assert node["creature_types"] == ["Cleric", "Human"]


def _dfc(card: CardFactory, layout: str, front_text: str) -> Card:
    return card("Apprentice // Master", layout=layout, faces=(
        Face(name="Apprentice", side="a", type="Creature — Human Ninja", types=("Creature",),
             subtypes=("Human", "Ninja"), text=front_text),
        Face(name="Master", side="b", type="Creature — Spirit Ninja", types=("Creature",),
             subtypes=("Spirit", "Ninja"),
             text="Flying\nOther Ninjas you control get +1/+1.")))


def test_back_face_abilities_are_named_when_the_back_can_be_reached(
        card: CardFactory) -> None:
    ninja = card("Ninja of the Deep Hours", "Ninjutsu {1}{U}", subtypes=("Human", "Ninja"))
    apprentice = _dfc(card, "transform",
                      "At the beginning of your upkeep, you may transform this creature.")
    (edge,) = [e for e in edge_list(build_synergy_graph([(apprentice, 1), (ninja, 1)]))
               if e.kind == "anthem"]
    assert edge.source_name == "Apprentice // Master"
    assert "only once it transforms into Master" in edge.explanation
    # its front face has no flying: no evasion edge as an unblocked attacker
    assert not [e for e in edge_list(build_synergy_graph([(apprentice, 1), (ninja, 1)]))
                if e.kind == "ninjutsu_enabler" and e.source_name == "Apprentice // Master"]


def test_a_meld_cards_back_face_is_not_its_own(card: CardFactory) -> None:
    ninja = card("Ninja of the Deep Hours", "Ninjutsu {1}{U}", subtypes=("Human", "Ninja"))
    melder = _dfc(card, "meld", "")
    assert not [e for e in edge_list(build_synergy_graph([(melder, 1), (ninja, 1)]))
                if e.kind == "anthem"]


# -- etb_reuse: intervening "if" clauses (CR 603.4) and no machine text in Oracle quotes ----

def test_enters_ability_needing_its_prowl_cost_is_not_repeated(
        shared_cards: dict[str, Card]) -> None:
    # Earwig Squad: "When this creature enters, if its prowl cost was paid, ..." A creature
    # cast again from the hand after ninjutsu returned it was not cast for prowl.
    names = ["Ninja of the Deep Hours", "Earwig Squad", "Faerie Seer"]
    assert _edges(shared_cards, names, "etb_reuse") == {
        ("Ninja of the Deep Hours", "Faerie Seer")}


def test_other_intervening_if_is_named(shared_cards: dict[str, Card]) -> None:
    # Apothecary Geist: "When this creature enters, if you control another Spirit, ..."
    graph = build_synergy_graph([(shared_cards[n], 1) for n in
                                 ["Ninja of the Deep Hours", "Apothecary Geist"]])
    (edge,) = [e for e in edge_list(graph) if e.kind == "etb_reuse"]
    assert "only if you control another Spirit" in edge.explanation
    assert "603.4" in edge.rules
    plain = build_synergy_graph([(shared_cards[n], 1) for n in
                                 ["Ninja of the Deep Hours", "Faerie Seer"]])
    (other,) = [e for e in edge_list(plain) if e.kind == "etb_reuse"]
    assert edge.strength < other.strength


def test_etb_reuse_never_puts_compiler_text_in_quotation_marks(
        shared_cards: dict[str, Card]) -> None:
    names = ["Ninja of the Deep Hours", "Krang & Shredder", "Faerie Seer"]
    graph = build_synergy_graph([(shared_cards[n], 1) for n in names])
    edges = [e for e in edge_list(graph) if e.kind == "etb_reuse"]
    assert edges
    for edge in edges:
        assert "\u201c" not in edge.explanation and '"' not in edge.explanation


# -- conditional static abilities: Class levels (CR 716), levelers (CR 711), "as long as" ----

def test_class_level_anthem_names_its_level(shared_cards: dict[str, Card]) -> None:
    # Ninja Teen: "{1}{B}: Level 2 / Creatures you control get +1/+0 and have menace."
    graph = build_synergy_graph([(shared_cards[n], 1) for n in
                                 ["Ninja Teen", "Ninja of the Deep Hours"]])
    (edge,) = [e for e in edge_list(graph) if e.kind == "anthem"]
    assert "at level 2 (pay {1}{B} to level up)" in edge.explanation
    assert "716.2a" in edge.rules
    # the same anthem printed unconditionally: 0.3 + 0.15 (+1/+0) + 0.1 (menace) = 0.55;
    # a level's anthem counts half: 0.3 + 0.125
    assert edge.strength == pytest.approx(0.425, abs=0.0051) and edge.strength < 0.55


def test_leveler_band_and_as_long_as(card: CardFactory) -> None:
    ninja = card("Ninja", subtypes=("Ninja",))
    leveler = card("Sensei", "Level up {2}\nLEVEL 1-3\n2/2\nLEVEL 4+\n4/4\n"
                   "Other Ninjas you control get +1/+1.", subtypes=("Human",))
    (edge,) = [e for e in edge_list(build_synergy_graph([(leveler, 1), (ninja, 1)]))
               if e.kind == "anthem"]
    assert "with 4 or more level counters, level up {2}" in edge.explanation
    lord = card("Lord", "As long as you control an artifact, other Ninjas you control get "
                "+1/+1.", subtypes=("Human",))
    found = [e for e in edge_list(build_synergy_graph([(lord, 1), (ninja, 1)]))
             if e.kind == "anthem"]
    for edge in found:   # if the compiler reads it, the condition is named
        assert "only as long as you control an artifact" in edge.explanation


def test_power_or_toughness_limited_unblockability_enables_ninjutsu(
        shared_cards: dict[str, Card]) -> None:
    # Tetsuko Umezawa, Fugitive: "Creatures you control with power or toughness 1 or less
    # can't be blocked." (CR 509.1b): any small attacker is one to return for ninjutsu
    names = ["Tetsuko Umezawa, Fugitive", "Ninja of the Deep Hours", "Grizzly Bears"]
    graph = build_synergy_graph([(shared_cards[n], 1) for n in names])
    (edge,) = [e for e in edge_list(graph) if e.kind == "ninjutsu_enabler"]
    assert (edge.source_name, edge.target_name) == ("Tetsuko Umezawa, Fugitive",
                                                    "Ninja of the Deep Hours")
    assert "with power or toughness 1 or less unable to be blocked" in edge.explanation
