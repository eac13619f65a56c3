"""Deck statistics (analyzer.stats): curve, lands, pips against sources, draw odds.

Expected values come from math.comb written out here, from brute-force enumeration, from
Oracle text read by hand (which lands make which colours), or from the real deck files and
card data counted with code of this file, never from analyzer.stats itself.
"""

from __future__ import annotations

import math
import re
from itertools import combinations
from pathlib import Path
from typing import ClassVar

import pytest

from analyzer.cards.model import Card, Face
from analyzer.graph.faces import graph_profile
from analyzer.oracle.compile import compile_card
from analyzer.stats import (
    CardGroup,
    OddsMode,
    average_mana_value,
    card_groups,
    color_balance,
    curve_by_color,
    curve_by_type,
    deck_stats,
    draw_odds,
    is_land_card,
    land_count,
    mana_curve,
    mana_sources,
    p_at_least,
    produced_colors,
    stats_of_deck,
    type_group_counts,
)
from tests.conftest import make_card

PAUPER = Path("data/decks/mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt")
SPLINTER = Path("data/decks/text/splinter_radical_rat_ninjas_commander.txt")


def _lower_tail_complement(N: int, K: int, n: int, k: int) -> float:
    """1 - P(X < k), written independently of p_at_least's upper-tail sum."""
    n = min(n, N)
    below = sum(math.comb(K, i) * math.comb(N - K, n - i) for i in range(0, k)
                if n - i >= 0)
    return 1 - below / math.comb(N, n)


def _brute_at_least(N: int, K: int, n: int, k: int) -> float:
    hands = list(combinations(range(N), n))
    return sum(sum(1 for c in hand if c < K) >= k for hand in hands) / len(hands)


def _profiles(cards: list[tuple[Card, int]]) -> dict[str, object]:
    return {c.id: graph_profile(c, compile_card(c)) for c, _ in cards}


def _land(name: str, text: str, *, subtypes: tuple[str, ...] = (),
          supertypes: tuple[str, ...] = ()) -> Card:
    return make_card(name, text, types=("Land",), subtypes=subtypes, supertypes=supertypes)


def _basic(name: str, letter: str) -> Card:
    return _land(name, f"({{T}}: Add {{{letter}}}.)", subtypes=(name,), supertypes=("Basic",))


# -- draw odds ------------------------------------------------------------------------------


class TestPAtLeast:
    @pytest.mark.parametrize(("N", "K", "n", "k"), [
        (10, 3, 4, 1), (10, 3, 4, 2), (12, 5, 6, 3), (9, 4, 9, 4), (8, 2, 0, 1), (11, 6, 5, 5)])
    def test_matches_enumeration(self, N: int, K: int, n: int, k: int) -> None:
        assert p_at_least(N, K, n, k) == pytest.approx(_brute_at_least(N, K, n, k))

    @pytest.mark.parametrize(("N", "K", "n", "k"), [
        (60, 4, 7, 1), (60, 24, 9, 3), (40, 17, 10, 4), (99, 38, 8, 2), (60, 1, 16, 1)])
    def test_matches_the_lower_tail(self, N: int, K: int, n: int, k: int) -> None:
        assert p_at_least(N, K, n, k) == pytest.approx(_lower_tail_complement(N, K, n, k))

    def test_a_four_of_in_the_opening_hand(self) -> None:
        # 1 - C(56, 7) / C(60, 7), the classic 39.95 %
        assert p_at_least(60, 4, 7, 1) == pytest.approx(
            1 - math.comb(56, 7) / math.comb(60, 7))
        assert round(p_at_least(60, 4, 7, 1), 4) == 0.3995

    def test_edges(self) -> None:
        assert p_at_least(60, 4, 7, 0) == 1.0
        assert p_at_least(60, 4, 7, 5) == 0.0           # more wanted than copies
        assert p_at_least(60, 4, 100, 4) == 1.0          # the whole deck seen
        assert p_at_least(0, 0, 7, 1) == 0.0
        with pytest.raises(ValueError, match="do not fit"):
            p_at_least(10, 11, 3, 1)
        with pytest.raises(ValueError, match="0 or more"):
            p_at_least(-1, 0, 3, 1)


class TestDrawOdds:
    def test_turns_on_the_play_and_the_draw(self) -> None:
        play = draw_odds(60, [4], 1, on_the_play=True)
        draw = draw_odds(60, [4], 1, on_the_play=False)
        assert [t.turn for t in play.turns] == list(range(1, 11))
        assert [t.seen for t in play.turns] == list(range(7, 17))   # no draw on turn 1
        assert [t.seen for t in draw.turns] == list(range(8, 18))
        for row in play.turns:
            assert row.probability == pytest.approx(
                1 - math.comb(56, row.seen) / math.comb(60, row.seen))
        assert draw.turns[0].probability == play.turns[1].probability

    def test_lands_at_least_three(self) -> None:
        odds = draw_odds(60, [10, 4, 2, 1, 1], 3, on_the_play=True)
        assert odds.successes == 18 and odds.k == 3 and odds.mode is OddsMode.AT_LEAST
        for row in odds.turns:
            n = row.seen
            miss = sum(math.comb(18, i) * math.comb(42, n - i) for i in range(3))
            assert row.probability == pytest.approx(1 - miss / math.comb(60, n))

    def test_one_of_each(self) -> None:
        odds = draw_odds(99, [1, 1], mode=OddsMode.EACH, on_the_play=False)
        assert odds.k == 2
        for row in odds.turns:
            n = row.seen
            # inclusion-exclusion: 1 - P(no A) - P(no B) + P(neither)
            p = 1 - 2 * math.comb(98, n) / math.comb(99, n) + math.comb(97, n) / math.comb(99, n)
            assert row.probability == pytest.approx(p)

    def test_one_of_each_matches_enumeration(self) -> None:
        cards = [0, 0, 1] + [-1] * 7               # 2 copies of A, 1 of B in 10 cards
        odds = draw_odds(10, [2, 1], mode=OddsMode.EACH, turns=3)
        for row in odds.turns:
            hands = list(combinations(range(10), row.seen))
            hits = sum({0, 1} <= {cards[i] for i in hand} for hand in hands)
            assert row.probability == pytest.approx(hits / len(hands))

    def test_small_library_clamps_seen(self) -> None:
        odds = draw_odds(9, [3], 3)
        assert odds.turns[-1].seen == 9 and odds.turns[-1].probability == 1.0

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match="do not fit"):
            draw_odds(5, [3, 3], 1)
        with pytest.raises(ValueError, match="do not fit"):
            draw_odds(60, [0], 1)
        with pytest.raises(ValueError, match="k must be"):
            draw_odds(60, [4], 0)


# -- curve, lands, types --------------------------------------------------------------------


class TestCurve:
    def test_modal_spell_land_is_a_spell(self) -> None:
        mdfc = Card(id="m", name="Emeria's Call // Emeria, Shattered Skyclave", mana_value=7.0,
                    layout="modal_dfc", faces=(
                        Face("Emeria's Call", mana_cost="{4}{W}{W}{W}", mana_value=7.0,
                             types=("Sorcery",)),
                        Face("Emeria, Shattered Skyclave", types=("Land",))))
        arbor = _land("Dryad Arbor", "")
        assert not is_land_card(mdfc) and is_land_card(arbor)
        assert mana_curve([(mdfc, 2), (arbor, 1)])[7] == 2
        assert land_count([(mdfc, 2), (arbor, 1)]) == 1

    def test_stacks_add_up(self) -> None:
        cards = [(make_card("a", mana_cost="{1}{U}", mana_value=2.0, colors=("U",)), 3),
                 (make_card("b", types=("Instant",), mana_cost="{U}{B}", mana_value=2.0,
                            colors=("U", "B")), 2),
                 (make_card("c", types=("Artifact",), mana_cost="{9}", mana_value=9.0), 1),
                 (_basic("Island", "U"), 7)]
        assert curve_by_type(cards) == {"Creature": {**dict.fromkeys(range(8), 0), 2: 3},
                                        "Instant": {**dict.fromkeys(range(8), 0), 2: 2},
                                        "Artifact": {**dict.fromkeys(range(8), 0), 7: 1}}
        assert list(curve_by_color(cards)) == ["U", "M", "C"]
        assert curve_by_color(cards)["M"][2] == 2
        assert average_mana_value(cards) == pytest.approx((3 * 2 + 2 * 2 + 9) / 6)
        assert type_group_counts(cards) == {"Creature": 3, "Instant": 2, "Artifact": 1,
                                            "Land": 7}

    def test_no_spells(self) -> None:
        assert average_mana_value([(_basic("Island", "U"), 7)]) is None
        assert average_mana_value([]) is None


# -- sources --------------------------------------------------------------------------------


class TestSources:
    def test_dual_rock_and_colorless(self) -> None:
        dual = _land("Underground River", "{T}: Add {C}.\n{T}: Add {U} or {B}.")
        ring = make_card("Sol Ring", "{T}: Add {C}{C}.", types=("Artifact",),
                         mana_cost="{1}", mana_value=1.0)
        birds = make_card("Birds of Paradise", "Flying\n{T}: Add one mana of any color.",
                          mana_cost="{G}", mana_value=1.0, colors=("G",))
        cards = [(dual, 4), (ring, 1), (birds, 2)]
        sources = mana_sources(cards, _profiles(cards))
        assert sources.lands == {"U": 4, "B": 4}
        assert sources.other == {c: 2 for c in "WUBRG"}

    def test_reflecting_pool_copies_other_lands_only(self) -> None:
        pool = _land("Reflecting Pool", "{T}: Add one mana of any type that a land you "
                     "control could produce.")
        alone = [(pool, 1)]
        assert mana_sources(alone, _profiles(alone)).lands == {}          # CR 106.7
        two_pools = [(pool, 1), (_land("Pool 2", pool.front.text), 1)]
        assert mana_sources(two_pools, _profiles(two_pools)).lands == {}
        with_island = [(pool, 1), (_basic("Island", "U"), 3)]
        assert mana_sources(with_island, _profiles(with_island)).lands == {"U": 4}

    def test_command_tower_needs_a_commander(self) -> None:
        tower = _land("Command Tower", "{T}: Add one mana of any color in your commander's "
                      "color identity.")
        profile = graph_profile(tower, compile_card(tower))
        assert produced_colors(profile) == frozenset()
        assert produced_colors(profile, commander_identity=frozenset("WB")) == {"W", "B"}

    def test_exotic_orchard_is_unknown(self) -> None:
        orchard = _land("Exotic Orchard", "{T}: Add one mana of any color that a land an "
                        "opponent controls could produce.")
        cards = [(orchard, 1), (_basic("Swamp", "B"), 2)]
        sources = mana_sources(cards, _profiles(cards))
        assert sources.lands == {"B": 2} and sources.unknown == ("Exotic Orchard",)

    def test_fetch_lands_find_basics(self) -> None:
        wilds = _land("Evolving Wilds", "{T}, Sacrifice Evolving Wilds: Search your library "
                      "for a basic land card, put it onto the battlefield tapped, then shuffle.")
        landscape = _land("Foreboding Landscape", "{T}: Add {C}.\n{T}, Sacrifice Foreboding "
                          "Landscape: Search your library for a basic Swamp, Forest, or "
                          "Island card, put it onto the battlefield tapped, then shuffle.")
        dual = _land("Sacred Foundry", "({T}: Add {R} or {W}.)", subtypes=("Mountain", "Plains"))
        cards = [(wilds, 1), (landscape, 1), (_basic("Island", "U"), 5),
                 (_basic("Plains", "W"), 3), (dual, 2)]
        sources = mana_sources(cards, _profiles(cards))
        # Wilds finds Island or Plains (not the nonbasic Foundry); Landscape only the Island
        assert sources.lands == {"W": 1 + 3 + 2, "U": 1 + 1 + 5, "R": 2}

    def test_a_card_without_profile_makes_nothing(self) -> None:
        island = _basic("Island", "U")
        assert mana_sources([(island, 3)], {}).lands == {}

    def test_balance(self) -> None:
        spell = make_card("Hybrid", types=("Instant",), mana_cost="{U/B}{U}", mana_value=2.0)
        cards = [(spell, 3), (_basic("Island", "U"), 4)]
        balance = color_balance(cards, mana_sources(cards, _profiles(cards)))
        assert [(b.color, b.pips, b.cards, b.land_sources) for b in balance] == [
            ("U", 6, 3, 4), ("B", 3, 3, 0)]


class TestCardGroups:
    def test_groups(self) -> None:
        a = make_card("Alpha", mana_value=1.0, mana_cost="{U}")
        b = make_card("Beta", types=("Instant",), mana_cost="{U}", mana_value=1.0)
        island = _basic("Island", "U")
        groups = card_groups([(a, 2), (b, 1), (island, 10)], packages={"Alpha": "Pair",
                                                                        "Beta": "Pair"},
                             combos=[("Alpha Beta Gamma", ["alpha", "BETA", "Gamma"]),
                                     ("Gone", ["Gamma"])])
        assert groups == (
            CardGroup("Lands", ("Island",), want=3), CardGroup("Creatures", ("Alpha",)),
            CardGroup("Instants", ("Beta",)), CardGroup("Package: Pair", ("Alpha", "Beta")),
            CardGroup("Combo: Alpha Beta Gamma", ("Alpha", "Beta"), OddsMode.EACH))


# -- real decks -----------------------------------------------------------------------------


def _read_mtgo_txt(path: Path) -> list[tuple[str, int]]:
    """The main deck of an MTGO .txt list: ``N Name`` lines before the first blank line."""
    main = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            break
        count, name = line.split(" ", 1)
        main.append((name.strip(), int(count)))
    return main


@pytest.fixture(scope="module")
def deck(shared: Path, shared_cards: dict[str, Card]) -> list[tuple[Card, int]]:
    """The pauper ninjas main deck, each name looked up in the real card file."""
    return [(shared_cards[name], n) for name, n in _read_mtgo_txt(shared / PAUPER)]


class TestRealPauperDeck:
    def test_numbers_from_the_card_data(self, deck: list[tuple[Card, int]]) -> None:
        stats = deck_stats(deck)
        lands = {c.name: n for c, n in deck if "Land" in c.faces[0].types}
        assert lands == {"Bojuka Bog": 2, "Contaminated Aquifer": 4,
                         "Foreboding Landscape": 1, "Swamp": 1, "Island": 10}
        spells = [(c, n) for c, n in deck if c.name not in lands]
        assert stats.total == stats.library_size == 60
        assert stats.lands == 18
        expected_curve = {mv: 0 for mv in range(8)}
        for c, n in spells:
            expected_curve[min(7, int(c.mana_value))] += n
        assert stats.curve == expected_curve
        assert stats.average_mana_value == pytest.approx(
            sum(c.mana_value * n for c, n in spells) / 42)
        pips = {"U": 0, "B": 0}
        for c, n in deck:
            for face in c.faces:
                for symbol in re.findall(r"\{([^}]*)\}", face.mana_cost or ""):
                    for letter in pips:
                        pips[letter] += n * (letter in symbol.split("/"))
        assert stats.pips == pips
        assert sum(sum(curve.values()) for curve in stats.curve_by_type.values()) == 42

    def test_sources_read_by_hand(self, deck: list[tuple[Card, int]]) -> None:
        # Island U, Swamp B, Bojuka Bog B, Contaminated Aquifer U/B (Island Swamp), Foreboding
        # Landscape {C} or fetches a basic Swamp/Forest/Island: U and B here.
        stats = deck_stats(deck)
        assert stats.sources.lands == {"U": 10 + 4 + 1, "B": 1 + 2 + 4 + 1}
        assert stats.sources.other == {}
        assert [(b.color, b.land_sources) for b in stats.colors] == [("U", 15), ("B", 8)]


class TestRealCommanderDeck:
    # Lands of the Splinter deck and the colours their Oracle text makes (commander W U B);
    # Exotic Orchard copies an opponent's lands: no colour known.
    LANDS: ClassVar[dict[str, str]] = {"Ash Barrens": "", "Caves of Koilos": "WB", "Command Tower": "WUB",
             "Exotic Orchard": "", "Fabled Passage": "WUB", "Gloomlake Verge": "UB",
             "Grand Coliseum": "WUBRG", "Hallowed Fountain": "WU", "Hidden Lair": "UB",
             "Island": "U", "Path of Ancestry": "WUB", "Plains": "W",
             "Secluded Courtyard": "WUBRG", "Shattered Sanctum": "WB", "Sunken Hollow": "UB",
             "Swamp": "B", "Terramorphic Expanse": "WUB", "Turtle Lair": "WUBRG"}
    ROCKS: ClassVar[dict[str, str]] = {"Arcane Signet": "WUB", "Chromatic Lantern": "WUBRG", "Talisman of Dominance": "UB",
             "Talisman of Hierarchy": "WB", "Talisman of Progress": "WU", "Sol Ring": "",
             "Fellwar Stone": ""}

    def test_sources_against_oracle_text(self, shared: Path, real_db) -> None:
        from analyzer import services

        analysis = services.analyze_deck(real_db, shared / SPLINTER, strict=False)
        profiles = {n: a["profile"] for n, a in analysis.graph.nodes(data=True)}
        stats = stats_of_deck(analysis.deck, profiles)
        copies = {}
        for line in (shared / SPLINTER).read_text(encoding="utf-8").splitlines():
            if line[:1].isdigit():
                count, name = line.split(" ", 1)
                copies[name] = copies.get(name, 0) + int(count)
        assert sum(copies[name] for name in self.LANDS) == stats.lands == 38
        for table, found in ((self.LANDS, stats.sources.lands), (self.ROCKS,
                                                                 stats.sources.other)):
            expected = {c: sum(copies[name] for name, colors in table.items() if c in colors)
                        for c in "WUBRG"}
            assert found == {c: n for c, n in expected.items() if n}
        assert set(stats.sources.unknown) == {"Exotic Orchard", "Fellwar Stone"}
        assert stats.total == 100 and stats.library_size == 99   # the commander is not drawn
        assert [b.color for b in stats.needed_colors] == ["W", "U", "B"]


MOON = Path("data/decks/mtgo_txt/pioneer-challenge-32-2026-05-3012843413__moon_circuit_hacker.txt")


class TestChosenBasicLandType:
    """Multiversal Passage: "As this land enters, choose a basic land type ... This land is
    the chosen type." A land of a basic land type has that type's mana ability (CR 305.6,
    305.7), so it is a source of every colour a basic land type makes."""

    def test_passage_alone(self, shared_cards: dict[str, Card]) -> None:
        cards = [(shared_cards["Multiversal Passage"], 4)]
        assert mana_sources(cards, _profiles(cards)).lands == {c: 4 for c in "WUBRG"}

    def test_real_pioneer_deck(self, shared: Path, shared_cards: dict[str, Card]) -> None:
        by_face = {face.name: card for card in shared_cards.values() for face in card.faces}
        deck = [(shared_cards.get(name) or by_face[name], n)     # "Brazen Borrower": a face
                for name, n in _read_mtgo_txt(shared / MOON)]
        stats = deck_stats(deck)
        # Oracle text read by hand: Watery Grave 4, Darkslick Shores 4, Gloomlake Verge 4 make
        # U and B; Island 2 and Otawara 1 make U; Swamp 1 makes B; Multiversal Passage 4
        # either; Mutavault 4 makes {C}.
        assert stats.sources.lands["U"] == 4 + 4 + 4 + 2 + 1 + 4 == 19
        assert stats.sources.lands["B"] == 4 + 4 + 4 + 1 + 4 == 17
        assert [(b.color, b.land_sources) for b in stats.needed_colors] == [("U", 19),
                                                                            ("B", 17)]


class TestUnknownNames:
    def test_unknown_copies_are_reported(self, real_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        from analyzer import services

        path = tmp_path / "unknown.txt"
        path.write_text("4 Lightning Bolt\n4 Notarealcard Foo\n12 Mountain\n", encoding="utf-8")
        analysis = services.analyze_deck(real_db, path, strict=False)
        stats = stats_of_deck(analysis.deck)
        assert stats.total == 16 and stats.lands == 12
        assert stats.library_size == 20 and stats.unknown_copies == 4


def test_package_names_are_not_prefixed_twice() -> None:
    a = make_card("Alpha", mana_value=1.0, mana_cost="{U}")
    b = make_card("Beta", mana_value=1.0, mana_cost="{U}")
    groups = card_groups([(a, 1), (b, 1)], packages={
        "Alpha": "Package: untap engines around Alpha",
        "Beta": "Ninja package: ninjutsu enablers around Beta"})
    assert [g.name for g in groups][1:] == ["Package: untap engines around Alpha",
                                            "Ninja package: ninjutsu enablers around Beta"]
