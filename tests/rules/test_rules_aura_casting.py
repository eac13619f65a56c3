"""Casting an Aura spell (CR 303.4a-b, 608.3b, 702.5a, 115.1): it targets what its enchant
keyword allows, enters attached to that object, and doesn't resolve when the target has
become illegal.

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    CardLibrary,
    CastSpell,
    Choose,
    Game,
    IllegalActionError,
    PassPriority,
    Step,
    UnsupportedCardError,
    Zone,
)
from analyzer.rules.cards import inline_card

NIV = inline_card("Niv-Mizzet, the Firemind", "{2}{U}{U}{R}{R}",
                  "Legendary Creature — Dragon Wizard",
                  "Flying\nWhenever you draw a card, Niv-Mizzet, the Firemind deals 1 damage "
                  "to any target.\n{T}: Draw a card.", "4", "4")
CURIOSITY = inline_card("Curiosity", "{U}", "Enchantment — Aura",
                        "Enchant creature\nWhenever enchanted creature deals damage to an "
                        "opponent, you may draw a card.")
SCOUT = inline_card("Gladecover Scout", "{G}", "Creature — Elf Scout",
                    "Hexproof (This creature can't be the target of spells or abilities your "
                    "opponents control.)", "1", "1")
BOLT = inline_card("Lightning Bolt", "{R}", "Instant",
                   "Lightning Bolt deals 3 damage to any target.")
ANIMATE = inline_card("Animate Dead", "{1}{B}", "Enchantment — Aura",
                      "Enchant creature card in a graveyard\nWhen Animate Dead enters the "
                      "battlefield, if it's on the battlefield, it loses \"enchant creature "
                      "card in a graveyard\" and gains \"enchant creature put onto the "
                      "battlefield with Animate Dead.\" Return enchanted creature card to the "
                      "battlefield under your control and attach Animate Dead to it. When "
                      "Animate Dead leaves the battlefield, that creature's controller "
                      "sacrifices it.\nEnchanted creature gets -1/-0.")
ISLAND = inline_card("Island", "", "Basic Land — Island")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([NIV, CURIOSITY, SCOUT, BOLT, ANIMATE, ISLAND])


def _game(cards: CardLibrary, hand: str, mine: tuple[str, ...] = ("Niv-Mizzet, the Firemind",),
          theirs: tuple[str, ...] = (), pool: str = "U") -> Game:
    game = Game(cards)
    for i in range(3):
        game.add("Island", Zone.LIBRARY, "A", alias=f"library {i + 1}")
    for name in mine:
        game.add(name, Zone.BATTLEFIELD, "A")
    for name in theirs:
        game.add(name, Zone.BATTLEFIELD, "B")
    game.add(hand, Zone.HAND, "A")
    game.player("A").pool.update({c: 1 for c in pool})
    game.start(Step.MAIN1, "A", 2)
    return game


def _cast(game: Game, card: str, *targets: str) -> None:
    obj = game.find(card)
    assert obj is not None
    chosen = tuple(t if t in game.players else game.find(t).oid  # type: ignore[union-attr]
                   for t in targets)
    game.apply(CastSpell("A", obj.oid, targets=chosen))


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


def test_it_enters_attached_to_its_target_and_works(cards: CardLibrary) -> None:
    # CR 303.4a-b: Curiosity targets Niv-Mizzet and enchants it; then Niv-Mizzet's damage
    # to B triggers "Whenever enchanted creature deals damage to an opponent".
    game = _game(cards, "Curiosity")
    _cast(game, "Curiosity", "Niv-Mizzet, the Firemind")
    _resolve(game)
    curiosity, niv = game.find("Curiosity"), game.find("Niv-Mizzet, the Firemind")
    assert curiosity is not None and niv is not None
    assert curiosity.zone is Zone.BATTLEFIELD and curiosity.attached_to == niv.ref
    game.apply(ActivateAbility("A", niv.oid, 0))
    _resolve(game)
    game.apply(Choose("A", "B"))
    _resolve(game)
    assert [i.name for i in game.stack()] == ["Curiosity"]


def test_it_needs_a_target(cards: CardLibrary) -> None:
    game = _game(cards, "Curiosity")
    with pytest.raises(IllegalActionError, match="'target creature' needs 1 target"):
        _cast(game, "Curiosity")


def test_the_target_must_be_what_it_can_enchant(cards: CardLibrary) -> None:
    # "Enchant creature" (CR 702.5a): a player is not a creature.
    game = _game(cards, "Curiosity")
    with pytest.raises(IllegalActionError, match="not a legal target"):
        _cast(game, "Curiosity", "B")


def test_hexproof_stops_an_opponents_aura(cards: CardLibrary) -> None:
    # CR 702.11b: B's hexproof creature can't be the target of A's Aura spell.
    game = _game(cards, "Curiosity", theirs=("Gladecover Scout",))
    with pytest.raises(IllegalActionError, match="Gladecover Scout is not a legal target"):
        _cast(game, "Curiosity", "Gladecover Scout")


def test_an_illegal_target_on_resolution_sends_it_to_the_graveyard(
        cards: CardLibrary) -> None:
    # CR 608.3b (608.2b): the target creature died in response; the Aura doesn't resolve
    # and is put into its owner's graveyard.
    game = _game(cards, "Curiosity", mine=("Gladecover Scout",), pool="UR")
    game.add("Lightning Bolt", Zone.HAND, "A")
    _cast(game, "Curiosity", "Gladecover Scout")
    _cast(game, "Lightning Bolt", "Gladecover Scout")
    _resolve(game)                                            # Bolt: the Scout dies
    _resolve(game)
    curiosity = game.find("Curiosity")
    assert curiosity is not None and curiosity.zone is Zone.GRAVEYARD
    assert game.state.fizzled["Curiosity"] == 1


def test_an_aura_enchanting_a_card_in_a_graveyard_is_refused(cards: CardLibrary) -> None:
    # Animate Dead: "Enchant creature card in a graveyard" is not played: refused by name.
    game = _game(cards, "Animate Dead", pool="BB")
    with pytest.raises(UnsupportedCardError,
                       match=r"Animate Dead.*Enchant creature card in a graveyard"):
        _cast(game, "Animate Dead")


def test_legal_actions_offer_the_aura_with_its_targets(cards: CardLibrary) -> None:
    game = _game(cards, "Curiosity", theirs=("Gladecover Scout",))
    casts = [a for a in game.legal_actions() if isinstance(a, CastSpell)]
    niv = game.find("Niv-Mizzet, the Firemind")
    assert niv is not None
    assert [a.targets for a in casts] == [(niv.oid,)]
