"""Turn structure, priority and the stack (CR 117, 405, 500-514, 608)."""

from __future__ import annotations

import pytest

from analyzer.rules import (
    CastSpell,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    PassPriority,
    Pending,
    Step,
    Zone,
)


def pass_all(game, times: int = 1) -> None:
    for _ in range(times):
        game.apply(PassPriority(game.priority))


class TestPriority:
    def test_caster_keeps_priority_then_both_pass_to_resolve(self, new_game):
        # CR 117.3c: after casting, the caster receives priority; CR 117.4: all pass -> resolve.
        game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
        game.apply(CastSpell("A", o["Lightning Bolt"].oid, targets=("B",)))
        assert game.priority == "A" and len(game.stack()) == 1
        game.apply(PassPriority("A"))
        assert game.priority == "B" and game.player("B").life == 20
        game.apply(PassPriority("B"))
        assert game.player("B").life == 17 and game.stack() == []
        assert game.priority == "A"          # CR 117.3b: the active player after resolution

    def test_passing_without_priority_is_refused(self, new_game):
        game, _ = new_game({})
        with pytest.raises(IllegalActionError, match="cannot pass priority"):
            game.apply(PassPriority("B"))

    def test_last_in_first_out(self, new_game):
        # CMB-05: Bolt (cast second) resolves first; Giant Growth's only target is gone.
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Forest"],
                                  "hand": ["Giant Growth"]},
                            "B": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
        bears = o["Grizzly Bears"].oid
        game.apply(CastSpell("A", o["Giant Growth"].oid, targets=(bears,)))
        game.apply(PassPriority("A"))
        game.apply(CastSpell("B", o["Lightning Bolt"].oid, targets=(bears,)))
        assert [i.name for i in game.stack()] == ["Lightning Bolt", "Giant Growth"]
        pass_all(game, 2)
        assert game.obj(bears).zone is Zone.GRAVEYARD
        pass_all(game, 2)
        assert game.obj(o["Giant Growth"].oid).zone is Zone.GRAVEYARD
        assert any(e.rule == "608.2b" for e in game.log)


class TestSteps:
    def test_all_pass_with_empty_stack_moves_to_next_step(self, new_game):
        game, _ = new_game({})
        pass_all(game, 2)
        assert game.step is Step.BEGINNING_OF_COMBAT
        pass_all(game, 2)
        assert game.pending is Pending.ATTACKERS       # CR 508.1: a declaration is awaited

    def test_no_attackers_skips_to_end_of_combat(self, new_game):
        # CR 508.8
        game, _ = new_game({}, step=Step.BEGINNING_OF_COMBAT)
        pass_all(game, 2)
        game.apply(DeclareAttackers("A", ()))
        pass_all(game, 2)
        assert game.step is Step.END_OF_COMBAT

    def test_mana_empties_between_steps(self, new_game):
        # CR 106.4
        game, o = new_game({"A": {"battlefield": ["Forest"]}})
        from analyzer.rules import ActivateManaAbility
        game.apply(ActivateManaAbility("A", o["Forest"].oid))
        assert game.player("A").pool.format() == "{G}"
        pass_all(game, 2)
        assert game.player("A").pool.format() == ""

    def test_next_turn_untaps_draws_and_clears_sickness(self, new_game):
        # CR 502.3, 504.1, 302.6
        game, o = new_game({"B": {"battlefield": ["Grizzly Bears", "Forest"]}},
                           step=Step.END, sick=["Grizzly Bears"])
        o["Forest"].tapped = True
        hand = len(game.player("B").hand)
        pass_all(game, 2)
        assert game.pending is Pending.CLEANUP
        game.apply(PassPriority("A"))
        assert (game.active, game.step) == ("B", Step.UPKEEP)
        assert not game.obj(o["Forest"].oid).tapped
        assert not game.obj(o["Grizzly Bears"].oid).sick
        pass_all(game, 2)
        assert game.step is Step.DRAW and len(game.player("B").hand) == hand + 1

    def test_first_player_skips_first_draw(self, new_game):
        # CR 103.8a
        game, _ = new_game({}, step=Step.UPKEEP, turn=1)
        pass_all(game, 2)
        assert game.step is Step.DRAW and game.player("A").hand == []

    def test_cleanup_removes_damage_and_end_of_turn_effects_together(self, new_game):
        # CMB-06, CR 514.2
        from analyzer.rules.layers import power_toughness
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Forest"],
                                  "hand": ["Giant Growth"]},
                            "B": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
        bears = o["Grizzly Bears"]
        game.apply(PassPriority("A"))
        game.apply(CastSpell("B", o["Lightning Bolt"].oid, targets=(bears.oid,)))
        game.apply(PassPriority("B"))
        game.apply(CastSpell("A", o["Giant Growth"].oid, targets=(bears.oid,)))
        pass_all(game, 2)
        assert power_toughness(game, bears) == (5, 5)
        pass_all(game, 2)
        assert bears.damage == 3 and bears.zone is Zone.BATTLEFIELD
        while game.pending is not Pending.CLEANUP:
            if game.pending is Pending.ATTACKERS:
                game.apply(DeclareAttackers("A", ()))
            elif game.pending is Pending.BLOCKERS:
                game.apply(DeclareBlockers("B", ()))
            else:
                game.apply(PassPriority(game.priority))
        assert bears.damage == 0 and power_toughness(game, bears) == (2, 2)


class TestStateBasedActions:
    def test_lethal_damage_destroys(self, new_game):
        # CR 704.5g
        game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]},
                            "B": {"battlefield": ["Hill Giant"]}})
        game.apply(CastSpell("A", o["Lightning Bolt"].oid, targets=(o["Hill Giant"].oid,)))
        pass_all(game, 2)
        assert game.obj(o["Hill Giant"].oid).zone is Zone.GRAVEYARD

    def test_zero_life_loses(self, new_game):
        # CR 704.5a
        game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
        game.player("B").life = 3
        game.apply(CastSpell("A", o["Lightning Bolt"].oid, targets=("B",)))
        pass_all(game, 2)
        assert game.player("B").lost and game.pending is Pending.GAME_OVER


def test_cleanup_discards_down_to_seven(new_game):
    # CR 514.1: the active player chooses the discards; the game waits for the answer.
    from analyzer.rules import Choose
    game, _ = new_game({"A": {"hand": ["Grizzly Bears"] * 9}}, step=Step.END)
    pass_all(game, 2)
    assert game.pending is Pending.CHOICE and game.question.kind == "discard"
    answers = list(game.legal_actions())
    assert len(answers) == 36 and all(isinstance(a, Choose) for a in answers)   # C(9, 2)
    with pytest.raises(IllegalActionError):
        game.apply(Choose("A", "Grizzly Bears"))                 # one card, two are due
    game.apply(Choose("A", "Grizzly Bears #2; Grizzly Bears #3"))
    assert len(game.player("A").hand) == 7 and game.pending is Pending.CLEANUP
    assert {game.obj(x).alias for x in game.player("A").graveyard} == {
        "Grizzly Bears #2", "Grizzly Bears #3"}
    with pytest.raises(IllegalActionError):
        game.apply(PassPriority("B"))                            # the active player goes on
