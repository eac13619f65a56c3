"""Synergy-graph bugs found on real cards, each pinned with the right answer first."""

from __future__ import annotations

from analyzer.cards.model import Card
from analyzer.graph import build_synergy_graph, edge_list


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
