"""Misreadings a reviewer found in the issue-15 sample, pinned in the rules core by the value
the Comprehensive Rules give.

- One noun phrase is one choice of targets (CR 115.1): "Target creature gets +2/+2 and gains
  trample" targets once, and both effects apply to that creature.
- "Permanents enter tapped" is a replacement effect of a permanent on the battlefield that
  modifies how *other* permanents enter (CR 614.1c, 614.12): they enter tapped; the card
  itself, not yet on the battlefield as it enters, is not affected.

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz.
"""

from __future__ import annotations

import pytest

from analyzer.rules import CardLibrary, CastSpell, Game, PassPriority, Step, Zone, layers
from analyzer.rules.cards import inline_card
from analyzer.rules.targets import slots

ADVANTAGE = inline_card("Press the Advantage", "{2}{G}{G}", "Instant",
                        "Up to two target creatures each get +2/+2 and gain trample until "
                        "end of turn.")
RUSH = inline_card("Test Rush", "{G}", "Instant",
                   "Target creature gets +2/+2 and gains trample until end of turn.")
ORB = inline_card("Orb of Dreams", "{3}", "Artifact", "Permanents enter the battlefield tapped.")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
FOREST = inline_card("Forest", "", "Basic Land — Forest")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([ADVANTAGE, RUSH, ORB, BEARS, FOREST])


def _game(cards: CardLibrary, battlefield: tuple[str, ...], hand: str, pool: str) -> Game:
    game = Game(cards)
    for i in range(3):
        game.add("Forest", Zone.LIBRARY, "A", alias=f"library {i + 1}")
    for name in battlefield:
        game.add(name, Zone.BATTLEFIELD, "A")
    game.add(hand, Zone.HAND, "A")
    for symbol in pool:
        game.player("A").pool[symbol] = game.player("A").pool.get(symbol, 0) + 1
    game.start(Step.MAIN1, "A", 2)
    return game


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


def test_one_noun_phrase_is_one_target(cards: CardLibrary) -> None:
    spell = cards.get("Test Rush").profile.abilities[0]
    assert len(slots(spell.effects)) == 1          # CR 115.1: one target
    game = _game(cards, ("Grizzly Bears",), "Test Rush", "G")
    bears = game.find("Grizzly Bears")
    rush = game.find("Test Rush")
    assert bears is not None and rush is not None
    game.apply(CastSpell("A", rush.oid, targets=(bears.oid,)))
    _resolve(game)
    assert layers.power_toughness(game, bears) == (4, 4)
    assert layers.has_keyword(game, bears, "Trample")


def test_up_to_two_targets_each_get_both(cards: CardLibrary) -> None:
    spell = cards.get("Press the Advantage").profile.abilities[0]
    assert len(slots(spell.effects)) == 1


def test_permanents_enter_tapped_taps_others_not_itself(cards: CardLibrary) -> None:
    game = _game(cards, (), "Orb of Dreams", "CCC")
    orb = game.find("Orb of Dreams")
    assert orb is not None
    game.apply(CastSpell("A", orb.oid))
    _resolve(game)
    orb = game.find("Orb of Dreams")
    assert orb is not None and orb.zone is Zone.BATTLEFIELD and not orb.tapped   # CR 614.12
    bears = game.add("Grizzly Bears", Zone.HAND, "A")
    game.player("A").pool.update({"G": 1, "C": 1})
    game.apply(CastSpell("A", bears.oid))
    _resolve(game)
    bears = game.find("Grizzly Bears")
    assert bears is not None and bears.zone is Zone.BATTLEFIELD and bears.tapped  # 614.1c
