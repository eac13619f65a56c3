"""``nonbo`` (anti-synergy) edges on real cards, and that they never count as synergy.

Every expected edge is decided from the cards' Oracle text in AtomicCards.json and the rules
(../shared/rules/cr_excerpts.md): 602.5 (an ability that can't be activated), 605.1a (mana
abilities are activated abilities), 606.3 (loyalty abilities), 603.2 / 603.6a / 700.4
(abilities triggered by a creature entering or dying).
"""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

import analyzer.graph.families.nonbo as family
from analyzer import services
from analyzer.graph import FAMILIES, PAIR_FAMILIES, build_synergy_graph
from analyzer.graph.analysis import card_contribution, key_cards, loop_candidates, packages
from analyzer.graph.edges import SynergyEdge
from analyzer.graph.families.nonbo import nonbo_edges
from analyzer.graph.kinds import ANTI_SYNERGY_KINDS, KIND_COLORS, KIND_LABELS
from analyzer.graph.suggest import build_index, suggest_cards
from analyzer.oracle import compile_card
from analyzer.progress import run_job

pytestmark = [pytest.mark.shared, pytest.mark.slow]

KIND = "nonbo"
SUN = "The Immortal Sun"
KAITOS = ("Kaito, Bane of Nightmares", "Kaito, Cunning Infiltrator")
SPLINTER_DECK = "text/splinter_radical_rat_ninjas_commander.txt"


def _edges(shared_cards: dict[str, Any], *names: str) -> dict[tuple[str, str], SynergyEdge]:
    profiles = [compile_card(shared_cards[n]) for n in names]
    by_id = {p.card_id: p.name for p in profiles}
    return {(by_id[e.source], by_id[e.target]): e for e in nonbo_edges(profiles)}


def test_doctests() -> None:
    result = doctest.testmod(family)
    assert result.attempted >= 3
    assert result.failed == 0


def test_kind_is_registered_as_anti_synergy() -> None:
    assert KIND in FAMILIES and KIND in PAIR_FAMILIES and KIND in ANTI_SYNERGY_KINDS
    assert KIND in KIND_COLORS and "anti-synergy" in KIND_LABELS[KIND]
    assert len(set(KIND_COLORS.values())) == len(KIND_COLORS)   # one colour per kind


class TestTheImmortalSun:
    """"Players can't activate planeswalkers' loyalty abilities." (CR 606.3, 602.5)"""

    def test_stops_the_planeswalkers_not_a_creature(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, SUN, *KAITOS, "Yuriko, the Tiger's Shadow")
        assert set(edges) == {(SUN, k) for k in KAITOS}
        edge = edges[(SUN, KAITOS[0])]
        assert edge.kind == KIND and edge.rules == ("606.3", "602.5")
        assert edge.strength == 0.9
        # Kaito, Bane of Nightmares: +1, 0 and -2 loyalty abilities
        assert "+1: You get an emblem" in edge.explanation and "(and 2 more)" in edge.explanation
        assert edge.explanation.startswith(f"Anti-synergy: {SUN} stops {KAITOS[0]}'s loyalty")


class TestEnteringDoesNotTrigger:
    """Torpor Orb: "Creatures entering don't cause abilities to trigger." (CR 603.2, 603.6a)"""

    def test_torpor_orb(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Torpor Orb",
                       "Pestermite",            # When Pestermite enters, ...: yes
                       "Soul Warden",           # Whenever another creature enters: yes
                       "Impact Tremors",        # enchantment, a creature you control enters
                       "Blood Artist",          # dies trigger only: no
                       "Abzan Monument",        # noncreature artifact, its own ETB: no
                       "Lotus Cobra",           # a land entering: no
                       "Sol Ring")              # no trigger: no
        assert set(edges) == {("Torpor Orb", n) for n in
                              ("Pestermite", "Soul Warden", "Impact Tremors")}
        assert edges[("Torpor Orb", "Pestermite")].rules == ("603.2", "603.6a")
        assert "When Pestermite enters" in edges[("Torpor Orb", "Pestermite")].explanation

    def test_hushbringer_also_stops_dying(self, shared_cards: Any) -> None:
        # "Creatures entering the battlefield or dying don't cause abilities to trigger."
        edges = _edges(shared_cards, "Hushbringer", "Blood Artist", "Solemn Simulacrum",
                       "Abzan Monument")
        assert set(edges) == {("Hushbringer", "Blood Artist"),
                              ("Hushbringer", "Solemn Simulacrum")}
        assert edges[("Hushbringer", "Blood Artist")].rules == ("603.2", "603.6a", "700.4")
        # Solemn Simulacrum has both an enters and a dies trigger
        assert edges[("Hushbringer", "Solemn Simulacrum")].strength == 0.7

    def test_artifacts_entering(self, shared_cards: Any) -> None:
        # Doorkeeper Thrull: "Artifacts and creatures entering don't cause abilities to
        # trigger.": the noncreature artifact's own enters trigger is stopped too
        edges = _edges(shared_cards, "Doorkeeper Thrull", "Abzan Monument", "Lotus Cobra")
        assert set(edges) == {("Doorkeeper Thrull", "Abzan Monument")}


class TestActivatedAbilities:
    """"Activated abilities of <group> can't be activated." (CR 602.5, 605.1a)"""

    def test_stony_silence_stops_artifacts_mana_abilities_included(
            self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Stony Silence", "Sol Ring", "Walking Ballista",
                       "Ancient Den", "Prodigal Sorcerer", "Birds of Paradise", "Pestermite")
        assert set(edges) == {("Stony Silence", n) for n in
                              ("Sol Ring", "Walking Ballista", "Ancient Den")}
        assert "{T}: Add {C}{C}" in edges[("Stony Silence", "Sol Ring")].explanation
        assert edges[("Stony Silence", "Sol Ring")].rules == ("602.5",)

    def test_every_loyalty_ability_counts_bracketed_costs_too(self, shared_cards: Any) -> None:
        """Found by a reviewer: loyalty abilities the compiler leaves unread were matched
        only as "+1: ..." and not as the older "[+1]: ..." (Jace has four, Gideon three)."""
        edges = _edges(shared_cards, "The Immortal Sun", "Jace, the Mind Sculptor",
                       "Gideon, Ally of Zendikar")
        assert "(and 3 more)" in edges[("The Immortal Sun", "Jace, the Mind Sculptor")] \
            .explanation
        assert "(and 2 more)" in edges[("The Immortal Sun", "Gideon, Ally of Zendikar")] \
            .explanation

    def test_equip_and_crew_are_activated_abilities_too(self, shared_cards: Any) -> None:
        """Found by a reviewer: Stony Silence + Skullclamp, the classic nonbo, was missed
        (equip CR 702.6a and crew CR 702.122a are activated abilities, CR 602.5); ninjutsu
        is activated from a hand, not by a permanent."""
        edges = _edges(shared_cards, "Stony Silence", "Skullclamp", "Smuggler's Copter",
                       "Ninja of the Deep Hours")
        assert set(edges) == {("Stony Silence", "Skullclamp"),
                              ("Stony Silence", "Smuggler's Copter")}
        assert "Equip {1}" in edges[("Stony Silence", "Skullclamp")].explanation
        assert "Crew 1" in edges[("Stony Silence", "Smuggler's Copter")].explanation

    def test_damping_matrix_spares_mana_abilities(self, shared_cards: Any) -> None:
        # "... of artifacts and creatures can't be activated unless they're mana abilities."
        edges = _edges(shared_cards, "Damping Matrix", "Sol Ring", "Birds of Paradise",
                       "Walking Ballista", "Prodigal Sorcerer")
        assert set(edges) == {("Damping Matrix", "Walking Ballista"),
                              ("Damping Matrix", "Prodigal Sorcerer")}

    def test_cursed_totem_stops_creatures_only(self, shared_cards: Any) -> None:
        edges = _edges(shared_cards, "Cursed Totem", "Birds of Paradise", "Sol Ring",
                       *KAITOS)
        assert set(edges) == {("Cursed Totem", "Birds of Paradise")}

    def test_opponents_only_gives_no_edge(self, shared_cards: Any) -> None:
        # "Activated abilities of creatures your opponents control can't be activated."
        assert _edges(shared_cards, "Linvala, Keeper of Silence", "Birds of Paradise",
                      "Prodigal Sorcerer") == {}


def _graph() -> nx.MultiDiGraph[str]:
    G: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    G.add_nodes_from([("sun", {"name": "Sun"}), ("kaito", {"name": "Kaito"}),
                      ("bird", {"name": "Bird"})])
    G.add_edge("sun", "kaito", key=KIND, kind=KIND, strength=0.9)
    G.add_edge("kaito", "sun", key=KIND, kind=KIND, strength=0.9)
    G.add_edge("bird", "kaito", key="ninjutsu_enabler", kind="ninjutsu_enabler",
               strength=0.5)
    return G


class TestNeverCountedAsSynergy:
    def test_key_cards(self) -> None:
        without = _graph()
        without.remove_edges_from([("sun", "kaito", KIND), ("kaito", "sun", KIND)])
        for method in ("degree", "betweenness", "pagerank"):
            assert key_cards(_graph(), 3, method=method) == \
                key_cards(without, 3, method=method)   # type: ignore[arg-type]
        assert dict(key_cards(_graph(), 3)) == {"kaito": 0.5, "bird": 0.5, "sun": 0.0}

    def test_packages(self) -> None:
        assert [p.cards for p in packages(_graph())] == [("bird", "kaito")]

    def test_loops(self) -> None:
        assert loop_candidates(_graph()) == []

    def test_card_contribution(self) -> None:
        assert card_contribution(_graph(), "sun").edges == ()
        assert [e.kind for e in card_contribution(_graph(), "kaito").edges] == \
            ["ninjutsu_enabler"]


def test_splinter_deck_suggestions(real_db_url: str, shared: Path) -> None:
    db = services.open_database(real_db_url, seed=False)
    try:
        deck = services.read_deck(db, shared / "data" / "decks" / SPLINTER_DECK)
        G = build_synergy_graph(deck.main_and_commander())
        index = run_job(services.suggestion_index_job(db))
    finally:
        db.dispose()
    names = {G.nodes[n]["name"]: n for n in G}
    profiles = [G.nodes[n]["profile"] for n in G]
    # the deck holds both Kaito planeswalkers and no hindering card
    assert set(KAITOS) <= set(names)
    assert not [k for _, _, k in G.edges(keys=True) if k == KIND]
    top = suggest_cards(profiles, index, 5, game_format="commander")
    synergy_only = suggest_cards(profiles, index, 5, game_format="commander",
                                 kinds=[k for k in PAIR_FAMILIES if k != KIND])
    sun = next(s for s in synergy_only if s.name == SUN)
    sun_now = next(s for s in top if s.name == SUN)
    # its anti-synergy edges: to each Kaito, first in the explanation, subtracted
    assert {(e.source, e.target) for e in sun_now.nonbos} == \
        {(sun_now.card, names[k]) for k in KAITOS}
    assert {e.kind for e in sun_now.edges[:2]} == {KIND}
    assert sun_now.score == pytest.approx(sun.score - 2 * 0.9)
    assert top[0].name != SUN
    assert all(s.score > 0 for s in top)


class TestSuggestionsBothDirections:
    """A candidate's score loses its anti-synergy edges' strengths, whichever card stops
    which (:func:`analyzer.graph.suggest.suggest_cards`)."""

    def test_candidate_stopped_by_a_deck_card(self, shared_cards: Any) -> None:
        deck = [compile_card(shared_cards[n]) for n in ("Torpor Orb",
                                                        "Yuriko, the Tiger's Shadow")]
        (found,) = suggest_cards(deck, build_index([shared_cards["Pestermite"]]))
        orb = deck[0].card_id
        # "Creatures entering don't cause abilities to trigger." stops "When Pestermite
        # enters, ..." (CR 603.6a); Pestermite has flying, so it is an evasive creature for
        # Yuriko's ninjutsu (synergy)
        assert found.edges[0].kind == KIND and found.edges[0].source == orb
        assert [e.kind for e in found.nonbos] == [KIND]
        synergy = [e for e in found.edges if e.kind != KIND]
        assert synergy
        assert found.score == pytest.approx(sum(e.strength for e in synergy) - 0.6)

    def test_candidate_with_only_anti_synergy_is_not_suggested(
            self, shared_cards: Any) -> None:
        deck = [compile_card(shared_cards[n]) for n in ("Pestermite",
                                                        "Yuriko, the Tiger's Shadow")]
        index = build_index([shared_cards["Torpor Orb"], shared_cards["Higure, the Still Wind"]])
        assert [s.name for s in suggest_cards(deck, index)] == ["Higure, the Still Wind"]
