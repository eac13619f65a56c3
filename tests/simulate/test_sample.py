"""Sample boards from a deck, and line search on them (``spellweb lines DECK --sample``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.simulate.goldfish import GoldfishCard
from analyzer.simulate.sample import sample_board

LAND = GoldfishCard("Forest", is_land=True)
ONE = GoldfishCard("One", mana_value=1, is_creature=True)
FIVE = GoldfishCard("Five", mana_value=5, is_creature=True)
SPELL = GoldfishCard("Spell", mana_value=1)
DECK = [(LAND, 24), (ONE, 12), (FIVE, 12), (SPELL, 12)]


class TestSampleBoard:
    @pytest.mark.parametrize("seed", range(20))
    def test_board_follows_the_stated_model(self, seed: int) -> None:
        board = sample_board(DECK, seed=seed, turn=4)
        a = board["players"]["A"]
        everything = Counter(a["battlefield"]) + Counter(a["hand"]) + Counter(a["library"])
        assert everything == Counter({"Forest": 24, "One": 12, "Five": 12, "Spell": 12})
        assert len(a["hand"]) + len(a["battlefield"]) == 7 + 3     # on the play, turn 4
        lands = a["battlefield"].count("Forest")
        assert lands <= 3                                          # turns 1-3 land drops
        assert "Five" not in a["battlefield"]                      # never 5 mana by turn 3
        assert "Spell" not in a["battlefield"]
        # creatures were paid with the lands of turns 1-3, never more than `lands` a turn
        assert a["battlefield"].count("One") <= 3 * lands

    def test_seeded(self) -> None:
        assert sample_board(DECK, seed=3) == sample_board(DECK, seed=3)
        assert sample_board(DECK, seed=3) != sample_board(DECK, seed=4)

    def test_bad_turn(self) -> None:
        with pytest.raises(ValueError, match="turn must be 1 or more"):
            sample_board(DECK, turn=0)


@pytest.mark.shared
def test_sample_lines_on_a_real_deck(real_db: Any, shared: Path) -> None:
    deck = shared / "data/decks/mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt"
    names = {c.name for c, _ in services.read_deck(real_db, deck).main_and_commander()}
    first = services.deck_sample_lines(real_db, deck, "damage", seed=4, turn=3, nodes=200)
    again = services.deck_sample_lines(real_db, deck, "damage", seed=4, turn=3, nodes=200)
    assert [ln.actions for ln in first.lines] == [ln.actions for ln in again.lines]
    for entry in first.left_out:       # each names a card of the deck and the reason
        card, _, why = entry.partition(": ")
        assert card in names and "cannot" in why
    assert all(ln.score >= 1 for ln in first.lines)
