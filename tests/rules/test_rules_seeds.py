"""Every card of the seeds and of the scenarios' card reference plays as its Oracle text says.

Each card is played in at least one test: here, in the other test files of this folder
(named per card below), or in a scenario file of tests/scenarios.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from analyzer.rules import (
    ActivateAbility,
    CardLibrary,
    CastSpell,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    PassPriority,
    Pending,
    Step,
    UnsupportedCardError,
    Zone,
)
from analyzer.rules.effects import EFFECTS
from analyzer.rules.layers import has_keyword, power_toughness

PLAYED_ELSEWHERE = {
    "Splinter, Hamato Yoshi": "test_rules_keywords.py::TestSneak, test_rules_layers.py, "
                              "test_rules_combat.py::test_menace_needs_two_blockers",
    "Leonardo's Technique": "test_rules_keywords.py::test_sneaked_sorcery_returns_creatures...",
    "Auntie's Snitch": "test_rules_keywords.py::TestProwl (prowl, graveyard trigger)",
    "Ninja of the Deep Hours": "test_rules_keywords.py::TestNinjutsu, NIN-01",
    "Moonblade Shinobi": "test_rules_keywords.py::test_two_activations_one_ninja",
    "Reflecting Pool": "test_rules_mana.py::TestCouldProduce",
    "Exotic Orchard": "test_rules_mana.py::test_pool_sees_through_orchard",
    "Gaea's Cradle": "test_rules_mana.py::test_cradle_with_no_creature_defines_nothing",
    "Mana Reflection": "test_rules_mana.py::test_mana_reflection_doubles_only_tap_abilities",
    "Mirari's Wake": "test_rules_mana.py::test_mirari_wake_for_its_controller_only",
    "Eye of Ramos": "test_rules_mana.py::test_mana_reflection_doubles_only_tap_abilities",
    "Endless One": "test_rules_keywords.py::TestX",
    "Chalice of the Void": "test_rules_keywords.py::test_chalice_counters_prowled_spell...",
    "Phyrexian Infiltrator": "test_rules_layers.py::TestControl",
    "Switcheroo": "test_rules_layers.py::test_later_control_effect_wins_and_earlier_expires",
    "Act of Treason": "test_rules_layers.py::test_later_control_effect_wins_and_earlier_expires",
    "Goblin Warchief": "test_rules_keywords.py::test_reduction_applies_to_prowl",
    "Bloodmark Mentor": "test_rules_combat.py::test_first_strike_step_from_an_anthem",
    "Changeling Outcast": "test_rules_keywords.py::test_changeling_enables_prowl",
    "Raid Bombardment": "test_rules_combat.py::test_attack_trigger_for_declared_attacker",
    "Glorious Anthem": "test_rules_layers.py::test_two_anthems_stack_and_apply_to_newcomers",
    "Lightning Bolt": "test_rules_turns.py",
    "Giant Growth": "test_rules_turns.py::test_cleanup_removes_damage_and_end_of_turn...",
    "Llanowar Elves": "test_rules_mana.py::TestTapSymbols",
    "Mind Stone": "test_rules_mana.py::TestTapSymbols and test_mind_stone_draws below",
    "Seacoast Drake": "test_rules_combat.py::test_flying_needs_flying_or_reach...",
    "Raging Goblin": "test_rules_combat.py::test_summoning_sick_creature_cannot_attack...",
    "Sorin, Solemn Visitor": "test_sorin_* below",
    "Exocrine": "test_exocrine_* below and XV-02",
    "Knacksaw Clique": "test_knacksaw_clique below and TQ-02",
    "Counterspell": "test_counterspell_counters_a_spell below",
    "Naturalize": "test_naturalize_destroys_an_enchantment below",
    "Frogtosser Banneret": "test_frogtosser_banneret_haste_and_reduction_on_prowl below",
}
"""Where each card with abilities is played (vanilla creatures and basic lands are played in
nearly every test)."""


def _reference(shared: Path) -> list[dict[str, str]]:
    text = (shared / "rules" / "scenarios.md").read_text(encoding="utf-8")
    block = re.search(r"## Card reference.*?```yaml\n(.*?)```", text, re.S)
    assert block is not None
    cards: list[dict[str, str]] = yaml.safe_load(block.group(1))
    return cards


@pytest.mark.shared
def test_every_reference_card_is_known_and_its_effects_have_handlers(
        shared: Path, library: CardLibrary) -> None:
    for entry in _reference(shared):
        data = library.get(entry["name"])
        profile = data.profile
        assert profile.fully_understood, (entry["name"], profile.unsupported)
        names = {e.name for e in profile.effects()}
        # "double" is Mana Reflection's replacement, applied by analyzer.rules.mana while a
        # mana ability resolves (CR 106.12b); Sorin's -6 emblem is refused, see below.
        unplayed = names - set(EFFECTS) - {"create_emblem", "double"}
        assert not unplayed, (entry["name"], unplayed)
        if profile.abilities or profile.keywords or profile.anthems \
                or profile.cost_reductions or not profile.can_block:
            assert entry["name"] in PLAYED_ELSEWHERE, entry["name"]


def _resolve(game):
    n = game.state.resolved
    while game.state.resolved == n:
        game.apply(PassPriority(game.priority))


def test_snitch_cant_block(new_game):
    from analyzer.rules import IllegalActionError
    game, o = new_game({"A": {"battlefield": ["Grizzly Bears"]},
                        "B": {"battlefield": ["Auntie's Snitch"]}},
                       step=Step.DECLARE_ATTACKERS)
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    game.apply(DeclareAttackers("A", ((o["Grizzly Bears"].oid, "B"),)))
    while game.pending is not Pending.BLOCKERS:
        game.apply(PassPriority(game.priority))
    with pytest.raises(IllegalActionError, match="can't block"):
        game.apply(DeclareBlockers("B", ((o["Auntie's Snitch"].oid,
                                          o["Grizzly Bears"].oid),)))


def test_sorin_plus_one_until_your_next_turn(new_game):
    # "+1: Until your next turn, creatures you control get +1/+0 and gain lifelink."
    game, o = new_game({"A": {"battlefield": ["Sorin, Solemn Visitor", "Grizzly Bears"]}})
    sorin, bears = o["Sorin, Solemn Visitor"], o["Grizzly Bears"]
    game.apply(ActivateAbility("A", sorin.oid, 0))
    assert sorin.counters["loyalty"] == 5
    _resolve(game)
    assert power_toughness(game, bears) == (3, 2) and has_keyword(game, bears, "lifelink")
    game._next_turn()                                   # B's turn: still in effect
    assert power_toughness(game, bears) == (3, 2)
    game._next_turn()                                   # A's next turn: it ends
    assert power_toughness(game, bears) == (2, 2) and not has_keyword(game, bears, "lifelink")


def test_sorin_minus_two_makes_a_flying_vampire_and_once_per_turn(new_game):
    from analyzer.rules import IllegalActionError
    game, o = new_game({"A": {"battlefield": ["Sorin, Solemn Visitor"]}})
    sorin = o["Sorin, Solemn Visitor"]
    game.apply(ActivateAbility("A", sorin.oid, 1))
    with pytest.raises(IllegalActionError):              # sorcery timing: stack not empty
        game.apply(ActivateAbility("A", sorin.oid, 0))
    _resolve(game)
    with pytest.raises(IllegalActionError, match=r"606.3"):
        game.apply(ActivateAbility("A", sorin.oid, 0))
    vampire = next(p for p in game.battlefield() if p.token)
    assert vampire.card == "Vampire" and power_toughness(game, vampire) == (2, 2)
    assert has_keyword(game, vampire, "flying") and sorin.counters["loyalty"] == 2


def test_sorin_minus_six_emblem_is_refused_clearly(new_game):
    game, o = new_game({"A": {"battlefield": ["Sorin, Solemn Visitor"]}})
    o["Sorin, Solemn Visitor"].counters["loyalty"] = 6
    game.apply(ActivateAbility("A", o["Sorin, Solemn Visitor"].oid, 2))
    game.apply(PassPriority("A"))
    with pytest.raises(UnsupportedCardError, match=r"Sorin.*emblem"):
        game.apply(PassPriority("B"))


def test_exocrine_x_damage_and_ravenous_draw_at_five(new_game):
    # Ravenous: X counters; X >= 5 draws; the enters trigger deals X to each player and each
    # other creature (CR 107.3m).
    game, o = new_game({"A": {"battlefield": ["Mountain"] * 8, "hand": ["Exocrine"]},
                        "B": {"battlefield": ["Craw Wurm"]}})
    hand = len(game.player("A").hand)
    game.apply(CastSpell("A", o["Exocrine"].oid, x=5))
    _resolve(game)
    exocrine = o["Exocrine"]
    assert power_toughness(game, exocrine) == (7, 7)
    assert len(game.stack()) == 2
    _resolve(game)
    _resolve(game)
    assert len(game.player("A").hand) == hand - 1 + 1
    assert game.player("A").life == 15 and game.player("B").life == 15
    assert game.obj(o["Craw Wurm"].oid).zone is Zone.GRAVEYARD and exocrine.damage == 0


def test_dark_ritual_adds_mana(new_game):
    game, o = new_game({"A": {"battlefield": ["Swamp"], "hand": ["Dark Ritual"]}})
    game.apply(CastSpell("A", o["Dark Ritual"].oid))
    _resolve(game)
    assert game.player("A").pool.format() == "{B}{B}{B}"


def test_mind_stone_draws(new_game):
    game, o = new_game({"A": {"battlefield": ["Mind Stone", "Forest"]}})
    hand = len(game.player("A").hand)
    game.apply(ActivateAbility("A", o["Mind Stone"].oid, 1))
    assert game.obj(o["Mind Stone"].oid).zone is Zone.GRAVEYARD      # sacrificed as a cost
    _resolve(game)
    assert len(game.player("A").hand) == hand + 1


def test_knacksaw_clique(new_game):
    # "{1}{U}, {Q}: Target opponent exiles the top card of their library. Until end of
    # turn, you may play that card."
    game, o = new_game({"A": {"battlefield": ["Knacksaw Clique", "Island", "Island #2"]}})
    clique = o["Knacksaw Clique"]
    clique.tapped = True
    top = game.obj(game.player("B").library[0])
    game.apply(ActivateAbility("A", clique.oid, 0, targets=("B",)))
    assert not clique.tapped
    _resolve(game)
    assert top.zone is Zone.EXILE and top.playable_by == "A"
    from analyzer.rules import PlayLand
    game.apply(PlayLand("A", top.oid))                  # a Wastes: A may play it
    assert top.zone is Zone.BATTLEFIELD and game.controller(top) == "A" and top.owner == "B"


def test_knacksaw_permission_ends_with_the_turn(new_game):
    # "Until end of turn, you may play that card": the permission ends in the cleanup step
    # (CR 514.2); the exiled card can't be played on the next turn.
    from analyzer.rules import IllegalActionError, PassPriority, PlayLand

    game, o = new_game({"A": {"battlefield": ["Knacksaw Clique", "Island", "Island #2"]}})
    clique = o["Knacksaw Clique"]
    clique.tapped = True
    top = game.obj(game.player("B").library[0])
    game.apply(ActivateAbility("A", clique.oid, 0, targets=("B",)))
    _resolve(game)
    assert top.playable_by == "A"
    turn = game.state.turn
    from analyzer.rules import DeclareAttackers, DeclareBlockers

    for _ in range(200):           # no attack, no blocks, every priority passed
        if game.state.turn != turn:
            break
        moves = [a for a in game.legal_actions()
                 if isinstance(a, PassPriority)
                 or (isinstance(a, DeclareAttackers | DeclareBlockers) and not any(
                     getattr(a, f, None) for f in ("attackers", "blockers")))]
        game.apply(moves[0])
    assert game.state.turn == turn + 1
    top = game.obj(top.oid)
    assert top.zone is Zone.EXILE and top.playable_by is None
    with pytest.raises(IllegalActionError):
        game.apply(PlayLand("A", top.oid))


def test_counterspell_counters_a_spell(new_game):
    game, o = new_game({"A": {"battlefield": ["Forest", "Forest #2"], "hand": ["Grizzly Bears"]},
                        "B": {"battlefield": ["Island", "Island #2"], "hand": ["Counterspell"]}})
    bears = o["Grizzly Bears"].oid
    game.apply(CastSpell("A", bears))
    game.apply(PassPriority("A"))
    game.apply(CastSpell("B", o["Counterspell"].oid, targets=(bears,)))
    _resolve(game)
    assert game.obj(bears).zone is Zone.GRAVEYARD and game.stack() == []


def test_naturalize_destroys_an_enchantment(new_game):
    game, o = new_game({"A": {"battlefield": ["Glorious Anthem", "Grizzly Bears"]},
                        "B": {"battlefield": ["Forest", "Forest #2"], "hand": ["Naturalize"]}})
    game.apply(PassPriority("A"))
    game.apply(CastSpell("B", o["Naturalize"].oid, targets=(o["Glorious Anthem"].oid,)))
    from analyzer.rules import IllegalActionError
    assert power_toughness(game, o["Grizzly Bears"]) == (3, 3)
    _resolve(game)
    assert power_toughness(game, o["Grizzly Bears"]) == (2, 2)
    with pytest.raises(IllegalActionError):            # a creature is no legal target
        game.apply(CastSpell("B", o["Naturalize"].oid, targets=(o["Grizzly Bears"].oid,)))


def test_ninja_of_the_deep_hours_may_draw(new_game):
    game, o = new_game({"A": {"battlefield": ["Ninja of the Deep Hours"]}},
                       step=Step.DECLARE_ATTACKERS)
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    game.apply(DeclareAttackers("A", ((o["Ninja of the Deep Hours"].oid, "B"),)))
    while game.pending is not Pending.CHOICE:
        if game.pending is Pending.BLOCKERS:
            game.apply(DeclareBlockers("B", ()))
        else:
            game.apply(PassPriority(game.priority))
    hand = len(game.player("A").hand)
    game.apply(Choose("A", "no"))
    assert len(game.player("A").hand) == hand and game.player("B").life == 18


def test_frogtosser_banneret_haste_and_reduction_on_prowl(new_game):
    # Seed 001: a cost reducer reduces the prowl cost (CR 601.2f); Banneret, a hasty Goblin
    # Rogue, attacks the turn it arrives and enables prowl itself.
    game, o = new_game({"A": {"battlefield": ["Frogtosser Banneret", "Swamp"],
                              "hand": ["Auntie's Snitch"]}},
                       step=Step.DECLARE_ATTACKERS, sick=["Frogtosser Banneret"])
    game.state.pending, game.state.priority = Pending.ATTACKERS, None
    game.apply(DeclareAttackers("A", ((o["Frogtosser Banneret"].oid, "B"),)))
    while game.step is not Step.MAIN2:
        if game.pending is Pending.BLOCKERS:
            game.apply(DeclareBlockers("B", ()))
        else:
            game.apply(PassPriority(game.priority))
    assert game.player("B").life == 19
    game.apply(CastSpell("A", o["Auntie's Snitch"].oid, "prowl"))     # {1}{B} - {1} = {B}
    assert o["Swamp"].tapped
    _resolve(game)
    assert game.obj(o["Auntie's Snitch"].oid).zone is Zone.BATTLEFIELD
