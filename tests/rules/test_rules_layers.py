"""Continuous effects in layers (CR 613) and exchange of control (CR 701.12)."""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    CastSpell,
    DeclareAttackers,
    IllegalActionError,
    PassPriority,
    Pending,
    Step,
    Zone,
)
from analyzer.rules.layers import power_toughness


def resolve(game):
    n = game.state.resolved
    while game.state.resolved == n:
        game.apply(PassPriority(game.priority))


class TestPowerToughness:
    def test_splinter_pumps_other_ninjas_you_control(self, new_game):
        # SNK-08, CR 613.4c
        game, o = new_game({"A": {"battlefield": ["Splinter, Hamato Yoshi",
                                                  "Ninja of the Deep Hours", "Grizzly Bears"]},
                            "B": {"battlefield": ["Ninja of the Deep Hours #2", "Mountain"],
                                  "hand": ["Lightning Bolt"]}})
        assert power_toughness(game, o["Ninja of the Deep Hours"]) == (3, 3)
        assert power_toughness(game, o["Splinter, Hamato Yoshi"]) == (1, 3)
        assert power_toughness(game, o["Grizzly Bears"]) == (2, 2)
        assert power_toughness(game, o["Ninja of the Deep Hours #2"]) == (2, 2)
        game.apply(PassPriority("A"))
        game.apply(CastSpell("B", o["Lightning Bolt"].oid,
                             targets=(o["Splinter, Hamato Yoshi"].oid,)))
        resolve(game)
        assert o["Splinter, Hamato Yoshi"].zone is Zone.GRAVEYARD
        assert power_toughness(game, o["Ninja of the Deep Hours"]) == (2, 2)

    def test_two_anthems_stack_and_apply_to_newcomers(self, new_game):
        # CMB-04
        game, o = new_game({"A": {"battlefield": ["Glorious Anthem", "Glorious Anthem #2",
                                                  "Grizzly Bears", "Mountain"],
                                  "hand": ["Raging Goblin"]}})
        assert power_toughness(game, o["Grizzly Bears"]) == (4, 4)
        game.apply(CastSpell("A", o["Raging Goblin"].oid))
        resolve(game)
        assert power_toughness(game, o["Raging Goblin"]) == (3, 3)

    def test_counters_add_in_layer_7c(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears"]}})
        o["Grizzly Bears"].counters["+1/+1"] = 2
        o["Grizzly Bears"].counters["-1/-1"] = 1
        assert power_toughness(game, o["Grizzly Bears"]) == (3, 3)


class TestControl:
    def test_infiltrator_exchange_is_indefinite_and_sickness_applies(self, new_game):
        # EXC-01, CR 701.12b, 302.6
        game, o = new_game({"A": {"battlefield": ["Phyrexian Infiltrator"] + ["Island"] * 4},
                            "B": {"battlefield": ["Craw Wurm"]}})
        wurm, infiltrator = o["Craw Wurm"], o["Phyrexian Infiltrator"]
        game.apply(ActivateAbility("A", infiltrator.oid, 0, targets=(wurm.oid,)))
        resolve(game)
        assert game.controller(wurm) == "A" and game.controller(infiltrator) == "B"
        assert wurm.owner == "B"
        game.state.step, game.state.pending, game.state.priority = \
            Step.DECLARE_ATTACKERS, Pending.ATTACKERS, None
        with pytest.raises(IllegalActionError, match=r"302.6"):
            game.apply(DeclareAttackers("A", ((wurm.oid, "B"),)))

    def test_same_controller_no_exchange(self, new_game):
        # EXC-02
        game, o = new_game({"A": {"battlefield": ["Phyrexian Infiltrator", "Grizzly Bears"]
                                  + ["Island"] * 4}})
        game.apply(ActivateAbility("A", o["Phyrexian Infiltrator"].oid, 0,
                                   targets=(o["Grizzly Bears"].oid,)))
        resolve(game)
        assert game.controller(o["Grizzly Bears"]) == "A"
        assert all(p.tapped for p in game.battlefield() if p.card == "Island")

    def test_illegal_target_stops_the_exchange(self, new_game):
        # EXC-05, CR 608.2b
        game, o = new_game({"A": {"battlefield": ["Phyrexian Infiltrator"] + ["Island"] * 4},
                            "B": {"battlefield": ["Grizzly Bears", "Mountain"],
                                  "hand": ["Lightning Bolt"]}})
        bears = o["Grizzly Bears"]
        game.apply(ActivateAbility("A", o["Phyrexian Infiltrator"].oid, 0,
                                   targets=(bears.oid,)))
        game.apply(PassPriority("A"))
        game.apply(CastSpell("B", o["Lightning Bolt"].oid, targets=(bears.oid,)))
        resolve(game)
        resolve(game)
        assert bears.zone is Zone.GRAVEYARD
        assert game.controller(o["Phyrexian Infiltrator"]) == "A"
        assert any(e.rule == "608.2b" for e in game.log)

    def test_later_control_effect_wins_and_earlier_expires(self, new_game):
        # EXC-09, CR 613.7, 514.2
        game, o = new_game({"A": {"battlefield": ["Island"] * 5 + ["Mountain"] * 3,
                                  "hand": ["Switcheroo", "Act of Treason"]},
                            "B": {"battlefield": ["Llanowar Elves", "Elite Vanguard"]}})
        elves, vanguard = o["Llanowar Elves"], o["Elite Vanguard"]
        game.apply(CastSpell("A", o["Act of Treason"].oid, targets=(vanguard.oid,)))
        resolve(game)
        assert game.controller(vanguard) == "A"
        game.apply(CastSpell("A", o["Switcheroo"].oid, targets=(elves.oid, vanguard.oid)))
        resolve(game)
        assert (game.controller(elves), game.controller(vanguard)) == ("A", "B")
        game._cleanup()
        assert (game.controller(elves), game.controller(vanguard)) == ("A", "B")


def test_layer_7_order_set_then_modify_then_switch(library):
    # CR 613.4: 7b sets base P/T, 7c adds (anthem, pump, counters), 7d switches last: a
    # Grizzly Bears set to 0/4, with +3/+0 and an anthem, is 4/5 then 5/4 after a switch.
    from analyzer.cards.model import Card, Face
    from analyzer.oracle.effects import Duration
    from analyzer.rules import CardLibrary, Game
    from analyzer.rules.model import EffectKind

    def spell(name, text):
        return Card(id=name, name=name, faces=(Face(
            name=name, type="Instant", types=("Instant",), text=text),))

    cards = [spell("Pump Test", "Target creature gets +3/+0 until end of turn."),
             spell("Set Test", "Target creature has base power and toughness 0/4 until end "
                               "of turn.")]
    lib = CardLibrary.starter()
    for card in cards:
        lib.define(card)
    game = Game(lib)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, "A")
    game.add("Glorious Anthem", Zone.BATTLEFIELD, "A")
    ids = [game.add(c.name, Zone.HAND, "A").oid for c in cards]
    game.start(Step.MAIN1, "A")
    for oid in ids:                         # the pump first, the base set later: 7b < 7c
        game.apply(CastSpell("A", oid, targets=(bears.oid,)))
        resolve(game)
    assert power_toughness(game, bears) == (4, 5)
    game.add_effect(EffectKind.SWITCH_PT, (bears.ref,), Duration.END_OF_TURN, "A")
    assert power_toughness(game, bears) == (5, 4)
    game._cleanup()
    assert power_toughness(game, bears) == (3, 3)
