""""Take an extra turn after this one" (CR 500.7) and X defined as "the damage dealt to your
opponents this turn" (CR 107.3, 120)."""

from __future__ import annotations

import pytest

from analyzer.rules import CardLibrary, CastSpell, Game, PassPriority, Step, Zone
from analyzer.rules.cards import inline_card

WALK = inline_card("Test Walk", "{1}{U}", "Sorcery", "Take an extra turn after this one.")
THRONG = inline_card(
    "Test Throng", "{3}{U}", "Sorcery",
    "Create X 1/1 black Faerie Rogue creature tokens with flying, where X is the damage "
    "dealt to your opponents this turn.")
BOLT = inline_card("Lightning Bolt", "{R}", "Instant",
                   "Lightning Bolt deals 3 damage to any target.")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
ISLAND = inline_card("Island", "", "Basic Land — Island")
MOUNTAIN = inline_card("Mountain", "", "Basic Land — Mountain")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([WALK, THRONG, BOLT, BEARS, ISLAND, MOUNTAIN])


def _resolve(game: Game) -> None:
    game.apply(PassPriority(game.active))
    game.apply(PassPriority("B" if game.active == "A" else "A"))


def _to_next_turn(game: Game) -> None:
    turn = game.state.turn
    for _ in range(60):
        if game.state.turn > turn:
            return
        if game.state.pending.name == "ATTACKERS":
            from analyzer.rules import DeclareAttackers

            game.apply(DeclareAttackers(game.active, ()))
        else:
            game.apply(PassPriority(game.priority or game.active))


def test_the_extra_turn_comes_right_after_this_one(cards: CardLibrary) -> None:
    game = Game(cards)
    for _ in range(2):
        game.add("Island", Zone.BATTLEFIELD, "A")
    for player in ("A", "B"):
        for _ in range(5):
            game.add("Island", Zone.LIBRARY, player)
    walk = game.add("Test Walk", Zone.HAND, "A")
    game.start(Step.MAIN1, "A", 2)
    game.apply(CastSpell("A", walk.oid))
    _resolve(game)
    assert game.state.extra_turns == ["A"]
    _to_next_turn(game)
    assert (game.state.turn, game.active) == (3, "A")
    assert game.state.extra_turns == []
    _to_next_turn(game)
    assert (game.state.turn, game.active) == (4, "B")


def test_x_is_the_damage_dealt_to_opponents_this_turn(cards: CardLibrary) -> None:
    # Bolt to B (3) counts; Bolt to a creature does not (it is not an opponent).
    game = Game(cards)
    for name in ("Mountain", "Mountain", "Island", "Island", "Island", "Island"):
        game.add(name, Zone.BATTLEFIELD, "A")
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, "B")
    bolts = [game.add("Lightning Bolt", Zone.HAND, "A") for _ in range(2)]
    throng = game.add("Test Throng", Zone.HAND, "A")
    game.start(Step.MAIN1, "A", 2)
    game.apply(CastSpell("A", bolts[0].oid, targets=("B",)))
    _resolve(game)
    game.apply(CastSpell("A", bolts[1].oid, targets=(bears.oid,)))
    _resolve(game)
    game.apply(CastSpell("A", throng.oid))
    _resolve(game)
    assert sum(o.token for o in game.battlefield()) == 3
