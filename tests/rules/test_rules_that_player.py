""""That player" in a triggered ability's target (CR 603.2, 603.3d, 115.1): Mistblade Shinobi's
"Whenever this creature deals combat damage to a player, you may return target creature that
player controls to its owner's hand" targets only a creature the damaged player controls.

Found by review: the trigger offered the attacking player's own creature.
"""

from __future__ import annotations

from analyzer.rules import DeclareAttackers, DeclareBlockers, PassPriority, Pending, Step, Zone


def _to_combat_damage_trigger(game, o):
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    game.apply(DeclareAttackers("A", ((o["Mistblade Shinobi"].oid, "B"),)))
    while game.pending is not Pending.BLOCKERS:
        game.apply(PassPriority(game.priority))
    game.apply(DeclareBlockers("B", ()))
    while game.step is not Step.COMBAT_DAMAGE:
        game.apply(PassPriority(game.priority))


def test_only_the_damaged_players_creatures_are_offered(new_game):
    game, o = new_game({"A": {"battlefield": ["Mistblade Shinobi", "Grizzly Bears"]},
                        "B": {"battlefield": ["Llanowar Elves"]}},
                       step=Step.DECLARE_ATTACKERS)
    _to_combat_damage_trigger(game, o)
    assert game.player("B").life == 19                       # Mistblade Shinobi is a 1/1
    assert game.pending is Pending.CHOICE
    assert "that player controls" in game.question.prompt
    assert set(game.question.options) == {o["Llanowar Elves"].alias}   # not A's Bears


def test_no_creature_of_that_player_removes_the_trigger(new_game):
    # CR 603.3d: a triggered ability with no legal target is removed from the stack
    game, o = new_game({"A": {"battlefield": ["Mistblade Shinobi", "Grizzly Bears"]}},
                       step=Step.DECLARE_ATTACKERS)
    _to_combat_damage_trigger(game, o)
    assert game.player("B").life == 19
    assert game.pending is Pending.PRIORITY and not game.stack()
    assert any("no legal target" in e.text for e in game.log)
    assert game.obj(o["Grizzly Bears"].oid).zone is Zone.BATTLEFIELD
