"""Sneak (702.190), ninjutsu (702.49), prowl (702.76), cost reductions (601.2f), X (107.3)."""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    CastSpell,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    PassPriority,
    Pending,
    Step,
    Zone,
)
from analyzer.rules.abilities import find_ability
from analyzer.rules.layers import mana_value, power_toughness


def attack(game, attackers, blocks=()):
    game.state.pending, game.state.priority, game.state.step = \
        Pending.ATTACKERS, None, Step.DECLARE_ATTACKERS
    game.apply(DeclareAttackers("A", tuple(attackers)))
    while game.pending is not Pending.BLOCKERS:
        game.apply(PassPriority(game.priority))
    game.apply(DeclareBlockers("B", tuple(blocks)))


def resolve(game):
    n = game.state.resolved
    while game.state.resolved == n:
        game.apply(PassPriority(game.priority))


def ninjutsu(game, card):
    index, entry = find_ability(game.data(card), "Ninjutsu")
    assert entry.kind == "ninjutsu"
    return index


class TestSneak:
    def test_enters_tapped_and_attacking_the_same_player(self, new_game):
        # SNK-01: {B} instead of {1}{B}, Raging Goblin returned as part of the cost.
        game, o = new_game({"A": {"battlefield": ["Raging Goblin", "Swamp", "Swamp #2"],
                                  "hand": ["Splinter, Hamato Yoshi"]}})
        goblin, splinter = o["Raging Goblin"].oid, o["Splinter, Hamato Yoshi"].oid
        attack(game, [(goblin, "B")])
        game.apply(CastSpell("A", splinter, "sneak", returned=goblin))
        assert game.obj(goblin).zone is Zone.HAND
        assert mana_value(game, game.obj(splinter)) == 2           # CR 118.9c
        assert sum(p.tapped for p in game.battlefield() if p.card == "Swamp") == 1
        resolve(game)
        permanent = game.obj(splinter)
        assert permanent.tapped and permanent.attacking == "B" and permanent.blocked is False
        while game.step is not Step.COMBAT_DAMAGE:
            game.apply(PassPriority(game.priority))
        assert game.player("B").life == 19

    @pytest.mark.parametrize("step", [Step.MAIN1, Step.DECLARE_ATTACKERS, Step.COMBAT_DAMAGE])
    def test_only_in_the_declare_blockers_step(self, new_game, step):
        # SNK-02
        game, o = new_game({"A": {"battlefield": ["Raging Goblin", "Swamp"],
                                  "hand": ["Splinter, Hamato Yoshi"]}}, step=step)
        goblin = o["Raging Goblin"]
        goblin.attacking, goblin.blocked = "B", False
        with pytest.raises(IllegalActionError, match=r"702.190a"):
            game.apply(CastSpell("A", o["Splinter, Hamato Yoshi"].oid, "sneak",
                                 returned=goblin.oid))

    def test_blocked_attacker_cannot_be_returned(self, new_game):
        # SNK-10
        game, o = new_game({"A": {"battlefield": ["Raging Goblin", "Grizzly Bears", "Swamp"],
                                  "hand": ["Splinter, Hamato Yoshi"]},
                            "B": {"battlefield": ["Llanowar Elves"]}})
        goblin, bears = o["Raging Goblin"].oid, o["Grizzly Bears"].oid
        attack(game, [(goblin, "B"), (bears, "B")], [(o["Llanowar Elves"].oid, goblin)])
        with pytest.raises(IllegalActionError, match="blocked"):
            game.apply(CastSpell("A", o["Splinter, Hamato Yoshi"].oid, "sneak",
                                 returned=goblin))
        game.apply(CastSpell("A", o["Splinter, Hamato Yoshi"].oid, "sneak", returned=bears))

    def test_sneaked_sorcery_returns_creatures_not_attacking(self, new_game):
        # SNK-03: Leonardo's Technique at instant speed; its creatures enter untapped.
        game, o = new_game({"A": {"battlefield": ["Raging Goblin", "Plains", "Plains #2"],
                                  "hand": ["Leonardo's Technique"],
                                  "graveyard": ["Grizzly Bears", "Savannah Lions", "Hill Giant"]}})
        goblin = o["Raging Goblin"].oid
        attack(game, [(goblin, "B")])
        technique = o["Leonardo's Technique"].oid
        with pytest.raises(IllegalActionError, match="not a legal target"):   # mana value 4
            game.apply(CastSpell("A", technique, "sneak", returned=goblin,
                                 targets=(o["Hill Giant"].oid,)))
        game.apply(CastSpell("A", technique, "sneak", returned=goblin,
                             targets=(o["Grizzly Bears"].oid, o["Savannah Lions"].oid)))
        resolve(game)
        for name in ("Grizzly Bears", "Savannah Lions"):
            card = game.obj(o[name].oid)
            assert card.zone is Zone.BATTLEFIELD and not card.tapped and card.attacking is None
        assert game.obj(technique).zone is Zone.GRAVEYARD

    def test_no_attack_trigger_for_sneaked_creature(self, new_game):
        # SNK-07, CR 508.3a, 508.4
        game, o = new_game({"A": {"battlefield": ["Raid Bombardment", "Raging Goblin", "Swamp"],
                                  "hand": ["Splinter, Hamato Yoshi"]}})
        goblin = o["Raging Goblin"].oid
        game.state.pending, game.state.priority, game.state.step = \
            Pending.ATTACKERS, None, Step.DECLARE_ATTACKERS
        game.apply(DeclareAttackers("A", ((goblin, "B"),)))
        resolve(game)
        while game.pending is not Pending.BLOCKERS:
            game.apply(PassPriority(game.priority))
        game.apply(DeclareBlockers("B", ()))
        game.apply(CastSpell("A", o["Splinter, Hamato Yoshi"].oid, "sneak", returned=goblin))
        resolve(game)
        while game.step is not Step.COMBAT_DAMAGE:
            game.apply(PassPriority(game.priority))
        assert game.state.triggered["Raid Bombardment"] == 1
        assert game.player("B").life == 18


class TestNinjutsu:
    def test_two_activations_one_ninja(self, new_game):
        # NIN-02, CR 400.7: the second ability to resolve finds no card in hand.
        game, o = new_game({"A": {"battlefield": ["Seacoast Drake", "Grizzly Bears"]
                                  + ["Island"] * 6, "hand": ["Moonblade Shinobi"]}})
        drake, bears = o["Seacoast Drake"].oid, o["Grizzly Bears"].oid
        shinobi = o["Moonblade Shinobi"]
        attack(game, [(drake, "B"), (bears, "B")])
        index = ninjutsu(game, shinobi)
        game.apply(ActivateAbility("A", shinobi.oid, index, returned=drake))
        game.apply(ActivateAbility("A", shinobi.oid, index, returned=bears))
        assert [i.kind for i in game.stack()] == ["ninjutsu", "ninjutsu"]
        resolve(game)
        resolve(game)
        on_field = [p for p in game.battlefield() if p.card == "Moonblade Shinobi"]
        assert len(on_field) == 1 and on_field[0].attacking == "B" and on_field[0].tapped
        assert all(p.tapped for p in game.battlefield() if p.card == "Island")

    def test_not_before_blockers(self, new_game):
        # NIN-03
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Island", "Island"],
                                  "hand": ["Ninja of the Deep Hours"]}})
        bears = o["Grizzly Bears"].oid
        game.state.pending, game.state.priority, game.state.step = \
            Pending.ATTACKERS, None, Step.DECLARE_ATTACKERS
        game.apply(DeclareAttackers("A", ((bears, "B"),)))
        ninja = o["Ninja of the Deep Hours"]
        with pytest.raises(IllegalActionError, match=r"509.1h"):
            game.apply(ActivateAbility("A", ninja.oid, ninjutsu(game, ninja), returned=bears))

    def test_counterspell_cannot_target_the_ability(self, new_game):
        # NIN-01: the ninjutsu ability is not a spell.
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Island", "Island #2"],
                                  "hand": ["Ninja of the Deep Hours"]},
                            "B": {"battlefield": ["Island #3", "Island #4"],
                                  "hand": ["Counterspell"]}})
        bears = o["Grizzly Bears"].oid
        ninja = o["Ninja of the Deep Hours"]
        attack(game, [(bears, "B")])
        game.apply(ActivateAbility("A", ninja.oid, ninjutsu(game, ninja), returned=bears))
        game.apply(PassPriority("A"))
        with pytest.raises(IllegalActionError, match="not a legal target"):
            game.apply(CastSpell("B", o["Counterspell"].oid, targets=(ninja.oid,)))


class TestProwl:
    def _after_damage(self, new_game, attacker, lands=("Swamp", "Swamp #2"), extra=()):
        game, o = new_game({"A": {"battlefield": [attacker, *extra, *lands],
                                  "hand": ["Auntie's Snitch"]}})
        attack(game, [(o[attacker].oid, "B")])
        while game.step is not Step.MAIN2:
            game.apply(PassPriority(game.priority))
        return game, o

    def test_prowl_after_a_goblin_dealt_damage(self, new_game):
        # PRW-01
        game, o = self._after_damage(new_game, "Bloodmark Mentor")
        snitch = o["Auntie's Snitch"].oid
        game.apply(CastSpell("A", snitch, "prowl"))
        assert mana_value(game, game.obj(snitch)) == 3                     # CR 118.9c
        resolve(game)
        assert game.obj(snitch).zone is Zone.BATTLEFIELD

    def test_reduction_applies_to_prowl(self, new_game):
        # PRW-02: {1}{B} - {1} = {B}
        game, o = self._after_damage(new_game, "Goblin Warchief", lands=("Swamp",))
        game.apply(CastSpell("A", o["Auntie's Snitch"].oid, "prowl"))
        assert any("pays {B}" in e.text for e in game.log)

    def test_no_shared_type_no_prowl(self, new_game):
        # PRW-04
        game, o = self._after_damage(new_game, "Grizzly Bears")
        with pytest.raises(IllegalActionError, match=r"702.76a"):
            game.apply(CastSpell("A", o["Auntie's Snitch"].oid, "prowl"))
        with pytest.raises(IllegalActionError, match="can't pay"):
            game.apply(CastSpell("A", o["Auntie's Snitch"].oid))

    def test_changeling_enables_prowl(self, new_game):
        # PRW-07
        game, o = self._after_damage(new_game, "Changeling Outcast")
        game.apply(CastSpell("A", o["Auntie's Snitch"].oid, "prowl"))

    def test_source_that_died_still_counts(self, new_game):
        # PRW-05: last known information
        game, o = self._after_damage(new_game, "Raging Goblin")
        game.move(game.obj(o["Raging Goblin"].oid), Zone.GRAVEYARD)
        game.apply(CastSpell("A", o["Auntie's Snitch"].oid, "prowl"))

    def test_snitch_returns_from_graveyard(self, new_game):
        # Auntie's third ability: works from the graveyard, "you may".
        from analyzer.rules import Choose
        game, o = new_game({"A": {"battlefield": ["Raging Goblin"],
                                  "graveyard": ["Auntie's Snitch"]}})
        attack(game, [(o["Raging Goblin"].oid, "B")])
        while game.step is not Step.COMBAT_DAMAGE:
            game.apply(PassPriority(game.priority))
        assert game.state.triggered["Auntie's Snitch"] == 1
        game.apply(PassPriority("A"))
        game.apply(PassPriority("B"))
        assert game.pending is Pending.CHOICE
        game.apply(Choose("A", "yes"))
        assert game.obj(o["Auntie's Snitch"].oid).zone is Zone.HAND


class TestX:
    def test_enters_with_x_counters_and_mana_value_zero(self, new_game):
        # XV-01, CR 107.3m, 107.3g
        game, o = new_game({"A": {"battlefield": ["Forest", "Forest #2", "Forest #3"],
                                  "hand": ["Endless One"]}})
        one = o["Endless One"]
        game.apply(CastSpell("A", one.oid, x=3))
        assert mana_value(game, game.obj(one.oid)) == 3
        resolve(game)
        assert power_toughness(game, one) == (3, 3) and mana_value(game, one) == 0

    def test_x_spell_cannot_pay_more(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Forest"], "hand": ["Endless One"]}})
        with pytest.raises(IllegalActionError, match="can't pay"):
            game.apply(CastSpell("A", o["Endless One"].oid, x=2))

    def test_chalice_counters_prowled_spell_by_mana_value(self, new_game):
        # PRW-09
        game, o = new_game({"A": {"battlefield": ["Bloodmark Mentor", "Swamp", "Swamp #2"],
                                  "hand": ["Auntie's Snitch"]},
                            "B": {"battlefield": ["Chalice of the Void"]}})
        o["Chalice of the Void"].counters["charge"] = 3
        attack(game, [(o["Bloodmark Mentor"].oid, "B")])
        while game.step is not Step.MAIN2:
            game.apply(PassPriority(game.priority))
        game.apply(CastSpell("A", o["Auntie's Snitch"].oid, "prowl"))
        assert [i.name for i in game.stack()] == ["Chalice of the Void", "Auntie's Snitch"]
        resolve(game)
        assert game.obj(o["Auntie's Snitch"].oid).zone is Zone.GRAVEYARD
