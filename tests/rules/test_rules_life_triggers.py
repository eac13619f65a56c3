""""Whenever you gain life" and "Whenever an opponent loses life" (CR 119.10, 603.2), with
"that much" the amount of the event, and damage to a player as life loss (CR 120.3a).

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    CardLibrary,
    CastSpell,
    Choose,
    Game,
    PassPriority,
    Step,
    UnsupportedCardError,
    Zone,
)
from analyzer.rules.cards import inline_card

BLOOD = inline_card("Exquisite Blood", "{4}{B}", "Enchantment",
                    "Whenever an opponent loses life, you gain that much life.")
BOND = inline_card("Sanguine Bond", "{3}{B}{B}", "Enchantment",
                   "Whenever you gain life, target opponent loses that much life.")
FIRST = inline_card("Test Ledger", "{1}", "Enchantment",
                    "Whenever you gain life for the first time each turn, draw a card.")
BOLT = inline_card("Lightning Bolt", "{R}", "Instant",
                   "Lightning Bolt deals 3 damage to any target.")
MOUNTAIN = inline_card("Mountain", "", "Basic Land — Mountain")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([BLOOD, BOND, FIRST, BOLT, MOUNTAIN])


def _game(cards: CardLibrary, *names: str, target: str = "B") -> Game:
    game = Game(cards)
    for name in (*names, "Mountain"):
        game.add(name, Zone.BATTLEFIELD, "A")
    bolt = game.add("Lightning Bolt", Zone.HAND, "A")
    game.start(Step.MAIN1, "A", 2)
    game.apply(CastSpell("A", bolt.oid, targets=(target,)))
    return game


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


def test_exquisite_blood_gains_that_much(cards: CardLibrary) -> None:
    # Bolt: B loses 3 life (CR 120.3a); Exquisite Blood: A gains 3.
    game = _game(cards, "Exquisite Blood")
    _resolve(game)
    assert game.player("B").life == 17
    _resolve(game)
    assert game.player("A").life == 23


def test_your_own_life_loss_does_not_trigger_it(cards: CardLibrary) -> None:
    # "an opponent loses life": A is not A's opponent.
    game = _game(cards, "Exquisite Blood", target="A")
    _resolve(game)
    assert game.player("A").life == 17 and game.stack() == []


def test_the_two_feed_each_other(cards: CardLibrary) -> None:
    # Each gain of 3 makes B lose 3, each loss makes A gain 3 (CR 603.2).
    game = _game(cards, "Exquisite Blood", "Sanguine Bond")
    _resolve(game)                           # Bolt: B 17
    for _ in range(3):
        _resolve(game)                       # Exquisite Blood: A gains 3
        game.apply(Choose("A", "B"))         # Sanguine Bond's target (CR 603.3d)
        _resolve(game)                       # B loses 3
    assert game.player("A").life == 29
    assert game.player("B").life == 8


def test_another_life_trigger_is_refused_not_ignored(cards: CardLibrary) -> None:
    # "for the first time each turn" is not played: refused, never a silent no-op.
    with pytest.raises(UnsupportedCardError, match="Test Ledger"):
        _game(cards, "Exquisite Blood", "Test Ledger")
