"""The goldfish Monte Carlo: seeded, cross-checked against exact hypergeometric values."""

from __future__ import annotations

from math import comb
from typing import Any

import pytest

from analyzer.simulate.goldfish import GoldfishCard, MulliganRule, goldfish
from analyzer.simulate.hypergeometric import binomial_bound, p_all_drawn

LAND = GoldfishCard("Swamp", is_land=True)
A, B, C = GoldfishCard("A"), GoldfishCard("B"), GoldfishCard("C")
FILLER = GoldfishCard("Filler", mana_value=3)
DECK = [(LAND, 24), (A, 4), (B, 3), (C, 1), (FILLER, 28)]
GAMES = 20_000


class TestCrossCheck:
    @pytest.mark.parametrize("on_the_play", [True, False])
    def test_no_mulligan_matches_the_hypergeometric(self, on_the_play: bool) -> None:
        report = goldfish(DECK, combos=[("ab", ("A", "B")), ("abc", ("A", "B", "C"))],
                          turns=5, games=GAMES, seed=7, on_the_play=on_the_play,
                          mulligan=MulliganRule.NEVER)
        for odds, copies in zip(report.combos, ([4, 3], [4, 3, 1]), strict=True):
            for turn, simulated in enumerate(odds.by_turn, start=1):
                seen = 7 + turn - (1 if on_the_play else 0)
                exact = p_all_drawn(60, copies, seen)
                assert odds.exact is not None and odds.exact[turn - 1] == pytest.approx(exact)
                assert abs(simulated - exact) <= binomial_bound(exact, GAMES)

    def test_london_keep_rate_matches_the_land_count(self) -> None:
        report = goldfish(DECK, turns=1, games=GAMES, seed=3)
        # Kept at seven: 2 to 5 lands among 7 cards from 24 lands in 60.
        keep = sum(comb(24, k) * comb(36, 7 - k) for k in range(2, 6)) / comb(60, 7)
        assert abs(report.mulligans[0] - keep) <= binomial_bound(keep, GAMES)
        assert sum(report.mulligans) == pytest.approx(1.0)


class TestDeterminism:
    def test_same_seed_same_result(self) -> None:
        one = goldfish(DECK, combos=[("ab", ("A", "B"))], turns=3, games=500, seed=11)
        two = goldfish(DECK, combos=[("ab", ("A", "B"))], turns=3, games=500, seed=11)
        other = goldfish(DECK, combos=[("ab", ("A", "B"))], turns=3, games=500, seed=12)
        assert one.combos == two.combos and one.mulligans == two.mulligans
        assert one.combos != other.combos

    def test_missing_piece_never_assembles(self) -> None:
        report = goldfish(DECK, combos=[("az", ("A", "Zed"))], turns=4, games=300)
        assert report.combos[0].by_turn == (0.0, 0.0, 0.0, 0.0)
        assert report.combos[0].exact is None

    def test_commander_piece_is_always_there(self) -> None:
        commander = GoldfishCard("Cmd")
        report = goldfish(DECK, combos=[("ca", ("Cmd", "A"))], commanders=[commander],
                          turns=2, games=GAMES, seed=5, mulligan=MulliganRule.NEVER)
        exact = p_all_drawn(60, [4], 7)
        assert abs(report.combos[0].by_turn[0] - exact) <= binomial_bound(exact, GAMES)

    def test_bad_arguments(self) -> None:
        with pytest.raises(ValueError, match="1 or more"):
            goldfish(DECK, turns=0)
        with pytest.raises(ValueError, match="opening hand"):
            goldfish([(LAND, 5)])


NINJA = GoldfishCard("Sneaker", mana_value=2, is_creature=True, sneak=1,
                     creature_types=frozenset({"Ninja"}))
GOBLIN_PROWL = GoldfishCard("Prowler", mana_value=4, is_creature=True, prowl=2,
                            creature_types=frozenset({"Goblin", "Rogue"}))
BEAR = GoldfishCard("Bear", mana_value=1, is_creature=True,
                    creature_types=frozenset({"Bear"}))
SHAPE = GoldfishCard("Shape", mana_value=1, is_creature=True, changeling=True)


class TestAlternativeCosts:
    def _odds(self, deck: list[tuple[GoldfishCard, int]], name: str) -> Any:
        report = goldfish(deck, turns=6, games=3000, seed=2)
        return next(a for a in report.alt_costs if a.card == name)

    def test_sneak_needs_an_attacker_from_an_earlier_turn(self) -> None:
        odds = self._odds([(LAND, 24), (NINJA, 4), (BEAR, 12), (FILLER, 20)], "Sneaker")
        assert odds.cost == "sneak" and odds.mana_value == 1
        assert odds.by_turn[0] == 0.0            # a creature cast on turn 1 attacks on turn 2
        assert odds.by_turn[1] > 0.0
        assert list(odds.by_turn) == sorted(odds.by_turn)

    def test_sneak_without_creatures_never_happens(self) -> None:
        odds = self._odds([(LAND, 24), (NINJA, 4), (FILLER, 32)], "Sneaker")
        assert set(odds.by_turn) == {0.0}

    def test_prowl_needs_a_shared_type_changelings_count(self) -> None:
        bears = self._odds([(LAND, 24), (GOBLIN_PROWL, 4), (BEAR, 16), (FILLER, 16)],
                           "Prowler")
        assert set(bears.by_turn) == {0.0}
        shapes = self._odds([(LAND, 24), (GOBLIN_PROWL, 4), (SHAPE, 16), (FILLER, 16)],
                            "Prowler")
        assert shapes.by_turn[-1] > 0.3 and shapes.by_turn[0] == 0.0


@pytest.mark.shared
def test_goldfish_cards_from_real_cards(shared_cards: dict[str, Any]) -> None:
    throng = GoldfishCard.from_card(shared_cards["Notorious Throng"])
    assert throng.prowl == 6 and "Rogue" in throng.creature_types and not throng.is_creature
    splinter = GoldfishCard.from_card(shared_cards["Splinter, Hamato Yoshi"])
    assert splinter.sneak == 1 and splinter.is_creature
    outcast = GoldfishCard.from_card(shared_cards["Changeling Outcast"])
    assert outcast.changeling
    assert GoldfishCard.from_card(shared_cards["Swamp"]).is_land


@pytest.mark.shared
def test_goldfish_card_takes_a_given_profile(shared_cards: dict[str, Any]) -> None:
    from analyzer.oracle.compile import compile_card

    # Read through the profile given (here Splinter's), not by compiling the card again.
    splinter = compile_card(shared_cards["Splinter, Hamato Yoshi"])
    read = GoldfishCard.from_card(shared_cards["Swamp"], splinter)
    assert read.name == "Swamp" and read.sneak == 1 and not read.is_land


def test_deck_odds_reads_stored_profiles(tmp_path: Any, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    import analyzer.oracle.compile
    from analyzer import services

    db = services.open_database(f"sqlite:///{tmp_path / 'cards.sqlite'}")
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Grizzly Bears\n16 Forest\n", encoding="utf-8")
    first = services.deck_odds(db, deck, turns=3, games=50, seed=1)   # stores the profiles

    def no_compiling(card: Any) -> Any:
        raise AssertionError(f"{card.name} compiled again instead of read from the database")

    monkeypatch.setattr(analyzer.oracle.compile, "compile_card", no_compiling)
    again = services.deck_odds(db, deck, turns=3, games=50, seed=1)
    assert {**again.to_json(), "seconds": 0} == {**first.to_json(), "seconds": 0}
    db.dispose()
