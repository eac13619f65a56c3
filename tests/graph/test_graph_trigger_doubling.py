"""``trigger_doubling`` edges on real cards (CR 603.2d).

Every expected edge is decided from the cards' Oracle text in AtomicCards.json and the rules
(../shared/rules/cr_excerpts.md): 603.2d (an ability that triggers additional times), 603.6a
(enters abilities), 700.4 (dies), 702.73a (changeling: every creature type).
"""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

import analyzer.graph.families.trigger_doubling as family
from analyzer import services
from analyzer.graph import FAMILIES, PAIR_FAMILIES, build_synergy_graph
from analyzer.graph.edges import SynergyEdge
from analyzer.graph.families.trigger_doubling import trigger_doubling_edges
from analyzer.graph.kinds import KIND_COLORS, KIND_LABELS
from analyzer.oracle import compile_card

pytestmark = [pytest.mark.shared, pytest.mark.slow]

KIND = "trigger_doubling"
SPLINTER = "Splinter, Radical Rat"
SPLINTER_DECK = "text/splinter_radical_rat_ninjas_commander.txt"


def _edges(shared_cards: dict[str, Any], *names: str) -> dict[tuple[str, str], SynergyEdge]:
    profiles = [compile_card(shared_cards[n]) for n in names]
    by_id = {p.card_id: p.name for p in profiles}
    return {(by_id[e.source], by_id[e.target]): e for e in trigger_doubling_edges(profiles)}


def test_doctests() -> None:
    result = doctest.testmod(family)
    assert result.attempted >= 3
    assert result.failed == 0


def test_kind_is_registered_with_a_colour_and_a_label() -> None:
    assert KIND in FAMILIES and KIND in PAIR_FAMILIES
    assert KIND in KIND_COLORS and KIND_LABELS[KIND] == "trigger doubling"
    assert len(set(KIND_COLORS.values())) == len(KIND_COLORS)   # one colour per kind


class TestSplinter:
    """"If a triggered ability of a Ninja creature you control triggers, that ability
    triggers an additional time." """

    def test_ninja_with_combat_damage_trigger(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, SPLINTER, "Moon-Circuit Hacker", "Yuriko, the Tiger's "
                       "Shadow", "Throat Slitter", "Ink-Eyes, Servant of Oni",
                       "Prosperous Thief")
        assert set(edges) == {(SPLINTER, n) for n in (
            "Moon-Circuit Hacker", "Yuriko, the Tiger's Shadow", "Throat Slitter",
            "Ink-Eyes, Servant of Oni", "Prosperous Thief")}
        edge = edges[(SPLINTER, "Moon-Circuit Hacker")]
        assert edge.rules == ("603.2d",)
        assert "Ninja creature you control" in edge.explanation
        assert "Whenever Moon-Circuit Hacker deals combat damage to a player" \
            in edge.explanation
        assert "CARDNAME" not in edge.explanation

    def test_non_ninja_creature_with_a_trigger_gets_none(self, shared_cards: Any) -> None:
        # Mulldrifter is an Elemental with an enters trigger; Doomed Traveler a Human Soldier
        assert _edges(shared_cards, SPLINTER, "Mulldrifter", "Doomed Traveler") == {}

    def test_changeling_with_a_trigger_is_a_ninja(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, SPLINTER, "Changeling Wayfinder")
        edge = edges[(SPLINTER, "Changeling Wayfinder")]
        assert "702.73a" in edge.rules and "changeling" in edge.explanation

    def test_changeling_without_a_trigger_gets_none(self, shared_cards: Any) -> None:
        # Changeling Outcast: changeling, can't block, can't be blocked; no triggered ability
        assert _edges(shared_cards, SPLINTER, "Changeling Outcast") == {}

    def test_ninja_without_a_trigger_gets_none(self, shared_cards: Any) -> None:
        # Silver-Fur Master: an anthem and a cost reduction, no triggered ability
        assert _edges(shared_cards, SPLINTER, "Silver-Fur Master") == {}


class TestPanharmonicon:
    """ETB triggers caused by an artifact or creature entering (CR 603.6a)."""

    def test_enters_triggers_only(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Panharmonicon", "Mulldrifter", "Doomed Traveler",
                       "Soul Warden", "Lotus Cobra", "Solemn Simulacrum")
        # Mulldrifter (its own entering), Soul Warden (another creature entering),
        # Solemn Simulacrum (an artifact creature entering); not Doomed Traveler (dies)
        # nor Lotus Cobra (a land entering)
        assert set(edges) == {("Panharmonicon", "Mulldrifter"),
                              ("Panharmonicon", "Soul Warden"),
                              ("Panharmonicon", "Solemn Simulacrum")}
        edge = edges[("Panharmonicon", "Mulldrifter")]
        assert edge.rules == ("603.2d", "603.6a")
        assert "an artifact or creature entering the battlefield causes it" \
            in edge.explanation


class TestCausedByOther:
    def test_teysa_doubles_dies_triggers(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Teysa Karlov", "Doomed Traveler", "Blood Artist",
                       "Mulldrifter")
        assert set(edges) == {("Teysa Karlov", "Doomed Traveler"),
                              ("Teysa Karlov", "Blood Artist")}
        assert edges[("Teysa Karlov", "Doomed Traveler")].rules == ("603.2d", "700.4")

    def test_traveling_chocobo_land_entering(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Traveling Chocobo", "Lotus Cobra", "Mulldrifter")
        assert set(edges) == {("Traveling Chocobo", "Lotus Cobra")}

    def test_gandalf_artifact_entering_or_leaving(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Gandalf the White", "Solemn Simulacrum", "Mulldrifter",
                       "Doomed Traveler")
        # Solemn Simulacrum is an artifact: both its enters and dies triggers count
        assert set(edges) == {("Gandalf the White", "Solemn Simulacrum")}
        assert "and 1 more" in edges[("Gandalf the White", "Solemn Simulacrum")].explanation


class TestWhoseConditions:
    def test_annie_joins_up_legendary_only(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Annie Joins Up", "Yuriko, the Tiger's Shadow",
                       "Moon-Circuit Hacker")
        assert set(edges) == {("Annie Joins Up", "Yuriko, the Tiger's Shadow")}

    def test_katara_ally(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Katara, the Fearless", "Zulaport Cutthroat",
                       "Blood Artist")
        assert set(edges) == {("Katara, the Fearless", "Zulaport Cutthroat")}

    def test_unchecked_conditions_are_named_and_weaken(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Roaming Throne", "Delney, Streetwise Lookout",
                       "Wizard's Staff", "Mulldrifter")
        throne = edges[("Roaming Throne", "Mulldrifter")]
        delney = edges[("Delney, Streetwise Lookout", "Mulldrifter")]
        staff = edges[("Wizard's Staff", "Mulldrifter")]
        assert "if you choose one of its creature types" in throne.explanation
        assert "while its power is 2 or less" in delney.explanation
        assert "while Wizard's Staff equips it" in staff.explanation
        plain = _edges(shared_cards, "Mirror Room // Fractured Realm", "Mulldrifter")
        (room,) = plain.values()
        assert max(throne.strength, delney.strength, staff.strength) < room.strength

    def test_cloud_is_not_read_so_no_edge(self, shared_cards: Any) -> None:
        assert _edges(shared_cards, "Cloud, Midgar Mercenary", "Mulldrifter") == {}


def test_splinter_deck_graph_has_the_edges(real_db_url: str, shared: Path) -> None:
    db = services.open_database(real_db_url, seed=False)
    try:
        deck = services.read_deck(db, shared / "data" / "decks" / SPLINTER_DECK)
        G = build_synergy_graph(deck.main_and_commander())
    finally:
        db.dispose()
    found = {(G.nodes[u]["name"], G.nodes[v]["name"])
             for u, v, k in G.edges(keys=True) if k == KIND}
    # Ninjas of the deck whose Oracle text has a triggered ability
    for ninja in ("Moon-Circuit Hacker", "Yuriko, the Tiger's Shadow", "Prosperous Thief",
                  "Throat Slitter", "Mistblade Shinobi", "Walker of Secret Ways",
                  "Satoru Umezawa", "Foot Ninjas"):
        assert (SPLINTER, ninja) in found
    # no other doubler in the deck; cards that are no Ninja creature get no edge, even with
    # a triggered ability that watches Ninjas or equipped creatures (CR 603.2d: only
    # abilities the Ninja itself has)
    assert {s for s, _ in found} == {SPLINTER}
    for other in ("April O'Neil, Live on the Scene", "Momo, Playful Pet", "Foot Chopper",
                  "Kaito, Cunning Infiltrator", "Arcade Cabinet", "Changeling Outcast",
                  "Sol Ring", "Island"):
        assert (SPLINTER, other) not in found
