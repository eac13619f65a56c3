"""Mana abilities, "could produce", "tapped for mana", payment (CR 106, 107.5-107.6, 605)."""

from __future__ import annotations

import pytest

from analyzer.rules import ActivateManaAbility, CastSpell, IllegalActionError, Step, Zone
from analyzer.rules.mana import could_produce, mana_options


def options(game, obj, index=0):
    ability = game.data(obj).profile.mana_abilities[index]
    return sorted(m.format() for m in mana_options(game, obj, ability))


def tap(game, obj, index=0, choice=""):
    game.apply(ActivateManaAbility("A", obj.oid, index, choice))


class TestCouldProduce:
    def test_pool_alone_or_two_pools_produce_nothing(self, new_game):
        # MAN-01, CR 106.7 and 106.5
        game, o = new_game({"A": {"battlefield": ["Reflecting Pool", "Reflecting Pool #2"]}})
        assert options(game, o["Reflecting Pool"]) == []
        tap(game, o["Reflecting Pool"])
        assert game.player("A").pool.format() == "" and o["Reflecting Pool"].tapped

    def test_pool_copies_types_of_your_lands(self, new_game):
        # MAN-02 and MAN-06 game 1 (a tapped Forest still "could produce" {G})
        game, o = new_game({"A": {"battlefield": ["Reflecting Pool", "Forest"]}})
        o["Forest"].tapped = True
        assert options(game, o["Reflecting Pool"]) == ["{G}"]

    def test_pool_sees_through_orchard(self, new_game):
        # MAN-03
        game, o = new_game({"A": {"battlefield": ["Reflecting Pool", "Reflecting Pool #2",
                                                  "Exotic Orchard"]},
                            "B": {"battlefield": ["Mountain"]}})
        known = could_produce(game)
        assert known[o["Reflecting Pool #2"].oid] == {"R"}
        assert known[o["Exotic Orchard"].oid] == {"R"}

    def test_cradle_with_no_creature_defines_nothing(self, new_game):
        # MAN-06 games 2 and 3
        game, o = new_game({"A": {"battlefield": ["Reflecting Pool", "Gaea's Cradle"]}})
        assert options(game, o["Reflecting Pool"]) == []
        game.add("Silvercoat Lion", Zone.BATTLEFIELD, "A")
        assert options(game, o["Reflecting Pool"]) == ["{G}"]
        assert options(game, o["Gaea's Cradle"]) == ["{G}"]


class TestTappedForMana:
    def test_mana_reflection_doubles_only_tap_abilities(self, new_game):
        # MAN-07, CR 106.12b
        game, o = new_game({"A": {"battlefield": ["Mana Reflection", "Forest", "Llanowar Elves",
                                                  "Eye of Ramos", "Eye of Ramos #2"]}})
        tap(game, o["Forest"])
        tap(game, o["Llanowar Elves"])
        tap(game, o["Eye of Ramos"])
        tap(game, o["Eye of Ramos #2"], index=1)          # sacrifice: no {T}
        pool = game.player("A").pool
        assert (pool["G"], pool["U"]) == (4, 3)

    def test_mirari_wake_for_its_controller_only(self, new_game):
        # MAN-09, CR 106.12a, 605.1b
        game, o = new_game({"A": {"battlefield": ["Mirari's Wake", "Forest"]},
                            "B": {"battlefield": ["Island"]}})
        tap(game, o["Forest"])
        assert game.player("A").pool.format() == "{G}{G}"
        assert game.state.triggered["Mirari's Wake"] == 1
        game.state.priority = "B"
        game.apply(ActivateManaAbility("B", o["Island"].oid))
        assert game.player("B").pool.format() == "{U}"


class TestTapSymbols:
    def test_summoning_sick_creature_cannot_tap_for_mana_but_artifact_can(self, new_game):
        # TQ-01, CR 302.6
        game, o = new_game({"A": {"battlefield": ["Llanowar Elves", "Mind Stone"]}},
                           sick=["Llanowar Elves", "Mind Stone"])
        with pytest.raises(IllegalActionError, match=r"302.6"):
            tap(game, o["Llanowar Elves"])
        tap(game, o["Mind Stone"])
        assert game.player("A").pool.format() == "{C}"

    def test_tapped_permanent_cannot_pay_tap(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Forest"]}})
        o["Forest"].tapped = True
        with pytest.raises(IllegalActionError, match=r"107.5"):
            tap(game, o["Forest"])


class TestPayment:
    def test_automatic_payment_uses_the_right_colours(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Plains", "Forest", "Island"],
                                  "hand": ["Grizzly Bears"]}})
        game.apply(CastSpell("A", o["Grizzly Bears"].oid))
        assert o["Forest"].tapped and sum(p.tapped for p in game.battlefield()) == 2

    def test_pay_with_wrong_colours_is_refused_and_nothing_changes(self, new_game):
        # MAN-02 game 2
        game, o = new_game({"A": {"battlefield": ["Reflecting Pool", "Plains"],
                                  "hand": ["Grizzly Bears"]}})
        before = game.fingerprint()
        with pytest.raises(IllegalActionError, match="can't pay"):
            game.apply(CastSpell("A", o["Grizzly Bears"].oid,
                                 pay_with=(o["Reflecting Pool"].oid, o["Plains"].oid)))
        assert game.fingerprint() == before

    def test_pool_mana_is_used_first(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Forest"], "hand": ["Llanowar Elves"]}},
                           step=Step.MAIN1)
        game.player("A").pool["G"] = 1
        game.apply(CastSpell("A", o["Llanowar Elves"].oid))
        assert not o["Forest"].tapped and game.player("A").pool.format() == ""
