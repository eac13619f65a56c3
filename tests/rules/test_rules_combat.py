"""Combat: attackers, blockers and their restrictions, combat damage (CR 506-511)."""

from __future__ import annotations

import pytest

from analyzer.rules import (
    CastSpell,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    PassPriority,
    Pending,
    Step,
    Zone,
)
from analyzer.rules.layers import power_toughness


def to_blocks(game, attackers):
    game.apply(DeclareAttackers("A", tuple(attackers)))
    while game.pending is not Pending.BLOCKERS:
        game.apply(PassPriority(game.priority))


def to_step(game, step):
    while game.step is not step or game.pending is not Pending.PRIORITY:
        game.apply(PassPriority(game.priority))


class TestAttackers:
    def test_summoning_sick_creature_cannot_attack_haste_can(self, new_game):
        # CMB-07, CR 302.6, 702.10b
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Raging Goblin"]}},
                           step=Step.DECLARE_ATTACKERS, sick=["Grizzly Bears", "Raging Goblin"])
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        with pytest.raises(IllegalActionError, match=r"302.6"):
            game.apply(DeclareAttackers("A", ((o["Grizzly Bears"].oid, "B"),)))
        game.apply(DeclareAttackers("A", ((o["Raging Goblin"].oid, "B"),)))
        assert game.obj(o["Raging Goblin"].oid).tapped                 # CR 508.1f

    def test_attack_trigger_for_declared_attacker(self, new_game):
        # Raid Bombardment, CR 508.3a: 1 damage to the player the creature attacks
        game, o = new_game({"A": {"battlefield": ["Raid Bombardment", "Raging Goblin",
                                                  "Hill Giant"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        game.apply(DeclareAttackers("A", ((o["Raging Goblin"].oid, "B"),
                                          (o["Hill Giant"].oid, "B"))))
        assert len(game.stack()) == 1        # Hill Giant has power 3: no trigger
        game.apply(PassPriority("A"))
        game.apply(PassPriority("B"))
        assert game.player("B").life == 19


class TestBlockers:
    def test_menace_needs_two_blockers(self, new_game):
        # CMB-01, CR 702.111b
        game, o = new_game({"A": {"battlefield": ["Splinter, Hamato Yoshi"]},
                            "B": {"battlefield": ["Grizzly Bears", "Llanowar Elves"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        splinter = o["Splinter, Hamato Yoshi"].oid
        to_blocks(game, [(splinter, "B")])
        with pytest.raises(IllegalActionError, match="menace"):
            game.apply(DeclareBlockers("B", ((o["Grizzly Bears"].oid, splinter),)))
        game.apply(DeclareBlockers("B", ((o["Grizzly Bears"].oid, splinter),
                                         (o["Llanowar Elves"].oid, splinter))))
        while game.pending is not Pending.CHOICE:
            game.apply(PassPriority(game.priority))
        assert "divide" in game.question.prompt               # CR 510.1c: A divides
        with pytest.raises(IllegalActionError, match=r"510.1c"):
            game.apply(Choose("A", "Llanowar Elves=2"))        # 2 is more than its power
        game.apply(Choose("A", "Llanowar Elves=1"))
        assert game.obj(o["Llanowar Elves"].oid).zone is Zone.GRAVEYARD
        assert game.obj(o["Grizzly Bears"].oid).zone is Zone.BATTLEFIELD
        assert game.obj(splinter).zone is Zone.GRAVEYARD        # dealt 2 + 1 = 3
        assert game.player("B").life == 20

    def test_flying_needs_flying_or_reach_and_unblockable(self, new_game):
        # CR 702.9b, 509.1b
        game, o = new_game({"A": {"battlefield": ["Seacoast Drake", "Changeling Outcast"]},
                            "B": {"battlefield": ["Grizzly Bears", "Ornithopter"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        drake, outcast = o["Seacoast Drake"].oid, o["Changeling Outcast"].oid
        to_blocks(game, [(drake, "B"), (outcast, "B")])
        with pytest.raises(IllegalActionError, match="flying"):
            game.apply(DeclareBlockers("B", ((o["Grizzly Bears"].oid, drake),)))
        with pytest.raises(IllegalActionError, match="can't be blocked"):
            game.apply(DeclareBlockers("B", ((o["Grizzly Bears"].oid, outcast),)))
        game.apply(DeclareBlockers("B", ((o["Ornithopter"].oid, drake),)))
        assert game.obj(drake).blocked is True and game.obj(outcast).blocked is False

    def test_cant_block(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears"]},
                            "B": {"battlefield": ["Changeling Outcast"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        to_blocks(game, [(o["Grizzly Bears"].oid, "B")])
        with pytest.raises(IllegalActionError, match="can't block"):
            game.apply(DeclareBlockers("B", ((o["Changeling Outcast"].oid,
                                              o["Grizzly Bears"].oid),)))


class TestDamage:
    def test_first_strike_step_from_an_anthem(self, new_game):
        # PRW-01: Bloodmark Mentor (red) has first strike from its own ability; CR 510.4
        game, o = new_game({"A": {"battlefield": ["Bloodmark Mentor"]},
                            "B": {"battlefield": ["Elite Vanguard"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        mentor = o["Bloodmark Mentor"].oid
        to_blocks(game, [(mentor, "B")])
        game.apply(DeclareBlockers("B", ((o["Elite Vanguard"].oid, mentor),)))
        to_step(game, Step.FIRST_STRIKE_DAMAGE)
        # Elite Vanguard (2/1) dies to the first-strike damage and never deals its own.
        assert game.obj(o["Elite Vanguard"].oid).zone is Zone.GRAVEYARD
        assert game.obj(mentor).damage == 0

    def test_damage_to_planeswalker_removes_loyalty(self, new_game):
        # SNK-05, CR 120.3c
        game, o = new_game({"A": {"battlefield": ["Hill Giant"]},
                            "B": {"battlefield": ["Sorin, Solemn Visitor"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        sorin = o["Sorin, Solemn Visitor"]
        to_blocks(game, [(o["Hill Giant"].oid, sorin.oid)])
        game.apply(DeclareBlockers("B", ()))
        to_step(game, Step.COMBAT_DAMAGE)
        assert sorin.counters["loyalty"] == 1 and game.player("B").life == 20

    def test_unblocked_and_blocked(self, new_game):
        # CMB-03
        game, o = new_game({"A": {"battlefield": ["Hill Giant", "Grizzly Bears"]},
                            "B": {"battlefield": ["Elite Vanguard"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        giant, bears = o["Hill Giant"].oid, o["Grizzly Bears"].oid
        to_blocks(game, [(giant, "B"), (bears, "B")])
        game.apply(DeclareBlockers("B", ((o["Elite Vanguard"].oid, bears),)))
        to_step(game, Step.COMBAT_DAMAGE)
        assert game.player("B").life == 17
        assert game.obj(bears).zone is Zone.GRAVEYARD
        assert game.obj(o["Elite Vanguard"].oid).zone is Zone.GRAVEYARD
        assert power_toughness(game, game.obj(giant)) == (3, 3)

    def test_combat_damage_trigger_creates_token(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Moonblade Shinobi"]}},
                           step=Step.DECLARE_ATTACKERS)
        game.state.pending, game.state.priority = Pending.ATTACKERS, None
        to_blocks(game, [(o["Moonblade Shinobi"].oid, "B")])
        game.apply(DeclareBlockers("B", ()))
        to_step(game, Step.COMBAT_DAMAGE)
        game.apply(PassPriority("A"))
        game.apply(PassPriority("B"))
        tokens = [p for p in game.battlefield() if p.token]
        assert [t.card for t in tokens] == ["Illusion"]
        assert power_toughness(game, tokens[0]) == (1, 1)
        from analyzer.rules.layers import has_keyword
        assert has_keyword(game, tokens[0], "flying")


def test_cast_is_refused_in_combat_at_sorcery_speed(new_game):
    game, o = new_game({"A": {"battlefield": ["Forest", "Forest"],
                              "hand": ["Grizzly Bears"]}}, step=Step.BEGINNING_OF_COMBAT)
    with pytest.raises(IllegalActionError, match="main phase"):
        game.apply(CastSpell("A", o["Grizzly Bears"].oid))


def test_damage_division_answers_are_generated(new_game):
    # CR 510.1c: 3 damage among two blockers: (3,0), (2,1), (1,2), (0,3)
    game, o = new_game({"A": {"battlefield": ["Hill Giant"]},
                        "B": {"battlefield": ["Grizzly Bears", "Llanowar Elves"]}},
                       step=Step.DECLARE_ATTACKERS)
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    giant = o["Hill Giant"].oid
    to_blocks(game, [(giant, "B")])
    game.apply(DeclareBlockers("B", ((o["Grizzly Bears"].oid, giant),
                                     (o["Llanowar Elves"].oid, giant))))
    while game.pending is not Pending.CHOICE:
        game.apply(PassPriority(game.priority))
    answers = [a.choice for a in game.legal_actions()]
    assert answers == ["Grizzly Bears=3; Llanowar Elves=0", "Grizzly Bears=2; Llanowar Elves=1",
                       "Grizzly Bears=1; Llanowar Elves=2", "Grizzly Bears=0; Llanowar Elves=3"]
    game.apply(Choose("A", answers[1]))
    assert all(game.obj(o[n].oid).zone is Zone.GRAVEYARD
               for n in ("Grizzly Bears", "Llanowar Elves"))
    assert game.obj(giant).zone is Zone.GRAVEYARD                # 2 + 1 = 3 damage


def _creature(name, text, power, toughness):
    from analyzer.cards.model import Card, Face
    return Card(id=name, name=name, faces=(Face(
        name=name, mana_cost="{1}", mana_value=1.0, type="Creature — Beast",
        types=("Creature",), subtypes=("Beast",), text=text, power=str(power),
        toughness=str(toughness)),))


@pytest.fixture
def beasts(library):
    for card in (_creature("Trampler", "Trample", 5, 5),
                 _creature("Toucher", "Deathtouch", 1, 1),
                 _creature("Hexer", "Hexproof", 2, 2),
                 _creature("Partial Hexer", "Hexproof from white", 2, 2)):
        library.define(card)
    return library


def test_trample_assigns_the_excess_to_the_player(new_game, beasts):
    # CR 702.19c: lethal damage to the blocker first, the rest may go to the player.
    game, o = new_game({"A": {"battlefield": ["Trampler"]},
                        "B": {"battlefield": ["Grizzly Bears"]}}, step=Step.DECLARE_ATTACKERS)
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    trampler = o["Trampler"].oid
    to_blocks(game, [(trampler, "B")])
    game.apply(DeclareBlockers("B", ((o["Grizzly Bears"].oid, trampler),)))
    while game.pending is not Pending.CHOICE:
        game.apply(PassPriority(game.priority))
    with pytest.raises(IllegalActionError, match=r"702\.19c"):
        game.apply(Choose("A", "Grizzly Bears=1; B=4"))
    game.apply(Choose("A", "Grizzly Bears=2; B=3"))
    assert game.player("B").life == 17
    assert game.obj(o["Grizzly Bears"].oid).zone is Zone.GRAVEYARD


def test_deathtouch_destroys_with_any_damage(new_game, beasts):
    # CR 704.5h
    game, o = new_game({"A": {"battlefield": ["Hill Giant"]},
                        "B": {"battlefield": ["Toucher"]}}, step=Step.DECLARE_ATTACKERS)
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    giant = o["Hill Giant"].oid
    to_blocks(game, [(giant, "B")])
    game.apply(DeclareBlockers("B", ((o["Toucher"].oid, giant),)))
    to_step(game, Step.COMBAT_DAMAGE)
    assert game.obj(giant).zone is Zone.GRAVEYARD
    assert any(e.rule == "704.5h" for e in game.log)


def test_hexproof_against_opponents_only(new_game, beasts):
    # CR 702.11b; "hexproof from white" is refused rather than played as full hexproof.
    game, o = new_game({"A": {"battlefield": ["Mountain", "Mountain #2"],
                              "hand": ["Lightning Bolt", "Giant Growth"]},
                        "B": {"battlefield": ["Hexer"]}})
    with pytest.raises(IllegalActionError, match="not a legal target"):
        game.apply(CastSpell("A", o["Lightning Bolt"].oid, targets=(o["Hexer"].oid,)))
    from analyzer.rules import UnsupportedCardError
    with pytest.raises(UnsupportedCardError, match="Hexproof from white"):
        game.add("Partial Hexer", Zone.BATTLEFIELD, "B")
