"""Sample boards from a deck, and line search on them (``spellweb lines DECK --sample``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.progress import run_job
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


def test_a_card_the_set_up_needs_is_left_out_not_the_whole_sample(
        real_db: Any, shared: Path, tmp_path: Path) -> None:
    """Found bug: a sample board of the Splinter deck put Spark Double (a copy of Momo,
    Playful Pet) on the battlefield; setting the board up needs Momo's "leaves the
    battlefield" trigger, which the rules core cannot play, and the whole sample failed.
    The card is left out (and said) and the sample is dealt again without it, in the CLI's
    path and in the Lines view's. (Spark Double's "except ..." copy is no longer misread as
    a plain copy, so the deck itself no longer meets the case: a deck of Clones and Momos
    does, on every seed.)"""
    from analyzer.rules import CardLibrary

    deck_file = tmp_path / "clones.txt"
    deck_file.write_text("8 Clone\n8 Momo, Playful Pet\n24 Island\n", encoding="utf-8")
    report = services.deck_sample_lines(real_db, deck_file, "damage", seed=3, turn=6,
                                        nodes=100)
    needed = [e for e in report.left_out if e.endswith("(needed as the sample board was set up)")]
    assert needed and all(e.split(": ")[0] in e.split(": ", 1)[1] for e in needed)
    assert all(e.startswith("Momo, Playful Pet: ") for e in needed)
    path = shared / "data/decks/text/splinter_radical_rat_ninjas_commander.txt"
    deck = services.read_deck(real_db, path)
    cards = CardLibrary.from_database(real_db)
    needed_by_view = []
    for seed in range(12):   # the Lines view's sampler: every seed gives a board
        sample = run_job(services.deck_sample_board_job(real_db, deck, cards, seed=seed,
                                                        turn=6))
        assert sample.game.battlefield()
        needed_by_view += [e for e in sample.left_out if "needed as the sample board" in e]
    print(f"left out while setting up in the view's samples: {needed_by_view}")


def test_the_commander_of_a_sample_is_marked_so_its_identity_counts() -> None:
    """Command Tower and Arcane Signet make mana of the commander's colour identity
    (CR 903.4): a sample board marks its commander ``commander: true`` wherever it is dealt
    (hand, or the battlefield once cast), so the game knows whose identity counts."""
    from analyzer.simulate.board import BoardSpec

    lands = [(GoldfishCard("Island", is_land=True), 20)]
    bears = [(GoldfishCard("Grizzly Bears", mana_value=2, is_creature=True), 20)]
    yuriko = GoldfishCard("Yuriko, the Tiger's Shadow", mana_value=3, is_creature=True)
    early = sample_board(lands + bears, seed=1, turn=1, commanders=[yuriko])
    assert {"card": yuriko.name, "commander": True} in early["players"]["A"]["hand"]
    late = sample_board(lands, seed=1, turn=6, commanders=[yuriko])   # 5 lands: cast
    assert {"card": yuriko.name, "commander": True} in late["players"]["A"]["battlefield"]
    spec = BoardSpec.from_mapping(late, "sample")   # the flag survives the board's reading
    assert [c.card for c in spec.player("A").battlefield if c.commander] == [yuriko.name]
