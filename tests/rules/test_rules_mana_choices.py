"""Mana abilities the compiler reads with objects or combinations (CR 105.2, 106.1, 106.7,
605), and the ones the rules core refuses rather than play wrongly (CR 602.5b, 605.3b)."""

from __future__ import annotations

import pytest

from analyzer.rules import ActivateAbility, ActivateManaAbility, CardLibrary, Game, Step, Zone
from analyzer.rules.cards import inline_card
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.mana import mana_options

AMBER = inline_card("Mox Amber", "{0}", "Legendary Artifact",
                    "{T}: Add one mana of any color among legendary creatures and planeswalkers "
                    "you control.")
HERO = inline_card("Test Hero", "{1}{R}", "Legendary Creature — Human", "", "2", "2")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
CLEARCUTTER = inline_card("Test Cutter", "{2}{R}", "Creature — Goblin",
                          "{T}, Sacrifice a Forest: Add three mana in any combination of {R} "
                          "and/or {G}.", "1", "1")
POOLS = inline_card("Calciform Pools", "", "Land",
                    "{T}: Add {C}.\n{1}, Remove X storage counters from Calciform Pools: Add X "
                    "mana in any combination of {W} and/or {U}.")
REFLECTING = inline_card("Reflecting Pool", "", "Land",
                         "{T}: Add one mana of any type that a land you control could produce.")
OPAL = inline_card("Mox Opal", "{0}", "Legendary Artifact",
                   "Metalcraft — {T}: Add one mana of any color. Activate only if you control "
                   "three or more artifacts.")
TOMB = inline_card("Ancient Tomb", "", "Land", "{T}: Add {C}{C}. Ancient Tomb deals 2 damage "
                   "to you.")
SCROLL = inline_card("Test Scroll", "{1}", "Artifact", "{6}, {T}: Draw a card. This ability "
                     "costs {1} less to activate for each Island you control.")
FOREST = inline_card("Forest", "", "Basic Land — Forest")
WASTES = inline_card("Wastes", "", "Basic Land")


def _game(*names: str) -> tuple[Game, list]:  # type: ignore[type-arg]
    game = Game(CardLibrary.of([AMBER, HERO, BEARS, CLEARCUTTER, POOLS, REFLECTING, OPAL, TOMB,
                                SCROLL, FOREST, WASTES]))
    for player in ("A", "B"):
        for _ in range(5):
            game.add("Wastes", Zone.LIBRARY, player)
    objs = [game.add(n, Zone.BATTLEFIELD, "A") for n in names]
    game.start(Step.MAIN1, "A", 2)
    return game, objs


def _options(game: Game, obj, index: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    ability = game.data(obj).profile.mana_abilities[index]
    return sorted(m.format() for m in mana_options(game, obj, ability))


def test_mox_amber_colors_of_legendary_permanents() -> None:
    game, (amber, _, _) = _game("Mox Amber", "Test Hero", "Grizzly Bears")
    assert _options(game, amber) == ["{R}"]          # the Bears is not legendary
    game, (alone,) = _game("Mox Amber")
    assert _options(game, alone) == []               # CR 106.5: no mana


def test_any_combination_is_every_mix() -> None:
    game, (cutter,) = _game("Test Cutter")
    assert _options(game, cutter) == ["{G}{G}{G}", "{R}{G}{G}", "{R}{R}{G}", "{R}{R}{R}"]


def test_could_produce_refused_when_a_land_is_not_known() -> None:
    # Calciform Pools adds X mana the rules core does not count: what it could produce is
    # not known, so Reflecting Pool's options are refused, never guessed (CR 106.7).
    game, (pool, _) = _game("Reflecting Pool", "Calciform Pools")
    with pytest.raises(UnsupportedCardError):
        _options(game, pool)
    game, (pool, _) = _game("Reflecting Pool", "Forest")
    assert _options(game, pool) == ["{G}"]


@pytest.mark.parametrize("name", ["Mox Opal", "Ancient Tomb"])
def test_restriction_or_effect_refused(name: str) -> None:
    game, (obj,) = _game(name)
    with pytest.raises(UnsupportedCardError):
        game.apply(ActivateManaAbility("A", obj.oid, 0, "W"))
    assert not obj.tapped


def test_own_cost_change_refused() -> None:
    # "This ability costs {1} less to activate for each Island you control" (CR 602.2b): the
    # rules core does not change the cost, so it refuses rather than charge {6}.
    game, (scroll,) = _game("Test Scroll")
    with pytest.raises(UnsupportedCardError):
        game.apply(ActivateAbility("A", scroll.oid, 0))
    assert not scroll.tapped and game.state.stack == []
