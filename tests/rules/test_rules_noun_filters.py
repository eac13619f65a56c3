"""The rules core honours or refuses the newer noun-phrase conditions (issue 15): "total power
and toughness 5 or less" (Cut Down, CR 208.1) is checked; a list of different kinds of
permanents ("creature or Vehicle") is any of them; a player condition it does not check ("an
opponent with the most life") is refused, never ignored."""

from __future__ import annotations

import pytest

from analyzer.oracle.objects import parse_object
from analyzer.rules import CardLibrary, CastSpell, Game, PassPriority, Step, Zone
from analyzer.rules.cards import inline_card
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.targets import matches

CUT = inline_card("Test Cut", "{B}", "Instant",
                  "Destroy target creature with total power and toughness 5 or less.")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
GIANT = inline_card("Hill Giant", "{3}{R}", "Creature — Giant", "", "3", "3")
CART = inline_card("Test Cart", "{1}", "Artifact — Vehicle", "Crew 1", "3", "2")
SWAMP = inline_card("Swamp", "", "Basic Land — Swamp")


@pytest.fixture
def game() -> Game:
    return Game(CardLibrary.of([CUT, BEARS, GIANT, CART, SWAMP]))


def test_total_power_and_toughness_is_checked(game: Game) -> None:
    game.add("Swamp", Zone.BATTLEFIELD, "A")
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, "B")
    giant = game.add("Hill Giant", Zone.BATTLEFIELD, "B")
    cut = game.add("Test Cut", Zone.HAND, "A")
    for player in ("A", "B"):
        for _ in range(3):
            game.add("Swamp", Zone.LIBRARY, player)
    game.start(Step.MAIN1, "A", 2)
    assert not game.is_legal(CastSpell("A", cut.oid, targets=(giant.oid,)))   # 3 + 3 = 6
    game.apply(CastSpell("A", cut.oid, targets=(bears.oid,)))
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))
    assert game.obj(bears.oid).zone is Zone.GRAVEYARD


def test_creature_or_vehicle_is_either(game: Game) -> None:
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, "B")
    cart = game.add("Test Cart", Zone.BATTLEFIELD, "B")
    game.add("Swamp", Zone.LIBRARY, "A")
    game.add("Swamp", Zone.LIBRARY, "B")
    game.start(Step.MAIN1, "A", 2)
    ref = parse_object("target creature or Vehicle")
    assert ref is not None
    assert matches(game, ref, bears, "A", None)
    assert matches(game, ref, cart, "A", None)


def test_a_player_condition_is_refused(game: Game) -> None:
    game.add("Swamp", Zone.LIBRARY, "A")
    game.add("Swamp", Zone.LIBRARY, "B")
    game.start(Step.MAIN1, "A", 2)
    ref = parse_object("an opponent with the most life")
    assert ref is not None
    with pytest.raises(UnsupportedCardError):
        matches(game, ref, "B", "A", None)
