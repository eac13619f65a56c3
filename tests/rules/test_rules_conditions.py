""""If you do" after a "you may" effect (CR 608.2c) and "unless CARDNAME entered this
turn" (Moon-Circuit Hacker's wording), evaluated as the ability resolves."""

from __future__ import annotations

import pytest

from analyzer.rules import ActivateAbility, CardLibrary, Choose, Game, PassPriority, Step, Zone
from analyzer.rules.abilities import find_ability
from analyzer.rules.cards import inline_card

SCHOLAR = inline_card(
    "Test Scholar", "{1}{U}", "Creature — Human",
    "Haste\n{T}: You may draw a card. If you do, you lose 2 life unless this creature "
    "entered the battlefield this turn.", "1", "1")
ISLAND = inline_card("Island", "", "Basic Land — Island")


def _play(entered_now: bool, answer: str) -> Game:
    game = Game(CardLibrary.of([SCHOLAR, ISLAND]))
    scholar = game.add("Test Scholar", Zone.HAND if entered_now else Zone.BATTLEFIELD, "A")
    for _ in range(3):
        game.add("Island", Zone.LIBRARY, "A")
    game.start(Step.MAIN1, "A", 2)
    if entered_now:
        scholar = game.move(scholar, Zone.BATTLEFIELD)      # enters during turn 2
    index, _ = find_ability(game.data(scholar), "draw")
    game.apply(ActivateAbility("A", scholar.oid, index))
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))
    game.apply(Choose("A", answer))
    return game


@pytest.mark.parametrize(("entered_now", "answer", "life", "hand"), [
    (False, "yes", 18, 1),        # drew, and it was there before this turn: lose 2
    (True, "yes", 20, 1),         # drew, but it entered this turn: no life lost
    (False, "no", 20, 0),         # did not draw: "if you do" is false
])
def test_if_you_do_unless_it_entered_this_turn(entered_now: bool, answer: str, life: int,
                                               hand: int) -> None:
    game = _play(entered_now, answer)
    assert game.player("A").life == life
    assert len(game.player("A").hand) == hand
