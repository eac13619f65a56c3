"""Hybrid and Phyrexian mana symbols in costs (CR 107.4e-f, 202.2, 202.3f, 119.4, 601.2f)
and commander ninjutsu from the command zone (CR 702.49d, 702.49c).

Expected values come from the rules text: a hybrid symbol is paid with either of its
components ({W/B} with {W} or {B}; {2/U} with {U} or two generic mana, CR 107.4e); a
Phyrexian symbol with its colour or 2 life (CR 107.4f), life only by a player with that much
(CR 119.4); a cost that can't be paid is refused with the state unchanged (CR 601.2h, 733).
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    CardLibrary,
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
from analyzer.rules.cards import inline_card
from analyzer.rules.layers import colors, mana_value

_INLINE = [
    ("Hybrid Bear", "{W/B}{W/B}", "Creature — Bear", "", "2", "2"),
    ("Big Hybrid Ninja", "{4}{W/B}{W/B}", "Creature — Turtle Ninja", "", "5", "5"),
    ("Mono Hybrid Bear", "{2/U}{2/U}", "Creature — Bear", "", "2", "2"),
    ("Phyrexian Bear", "{1}{B/P}", "Creature — Bear", "", "2", "2"),
    ("Hybrid Phyrexian Elf", "{G/U/P}", "Creature — Elf", "", "1", "1"),
    ("Hybrid Ninja", "{3}{U}", "Creature — Human Ninja", "Ninjutsu {U/B}", "2", "2"),
    ("Hybrid Sneak", "{4}{B}", "Creature — Human Ninja", "Sneak {W/B}", "2", "2"),
    ("Hybrid Healer", "{1}", "Creature — Cleric", "{W/B}: You gain 1 life.", "1", "1"),
    ("Hybrid Goblin", "{2}{R/G}", "Creature — Goblin", "", "1", "1"),
    ("Lone Hybrid Goblin", "{R/G}", "Creature — Goblin", "", "1", "1"),
]


@pytest.fixture(scope="module")
def library() -> CardLibrary:
    """The starter set plus the inline cards above (overrides the conftest fixture)."""
    lib = CardLibrary.starter()
    for fields in _INLINE:
        lib.define(inline_card(*fields))
    return lib


def cast(game, obj, **kw):
    game.apply(CastSpell("A", obj.oid, **kw))


def tapped(game, name):
    return sorted(p.alias for p in game.battlefield() if p.card == name and p.tapped)


def resolve(game):
    n = game.state.resolved
    while game.state.resolved == n:
        game.apply(PassPriority(game.priority))


def attack(game, attackers, blocks=()):
    game.state.pending, game.state.priority, game.state.step = \
        Pending.ATTACKERS, None, Step.DECLARE_ATTACKERS
    game.apply(DeclareAttackers("A", tuple(attackers)))
    while game.pending is not Pending.BLOCKERS:
        game.apply(PassPriority(game.priority))
    game.apply(DeclareBlockers("B", tuple(blocks)))


def refused_unchanged(game, action, match):
    """The action is refused and the game is exactly as before (CR 601.2h, 733)."""
    before, log = game.state.clone(), len(game.log)
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action)
    before.log_len = game.state.log_len      # bookkeeping of apply(), not game state
    assert game.state == before
    assert len(game.log) == log


class TestHybridCasting:
    def test_swamp_and_plains_pay_two_white_black(self, new_game):
        # CR 107.4e: {W/B}{W/B} paid with {W} (Plains) and {B} (Swamp).
        game, o = new_game({"A": {"battlefield": ["Plains", "Swamp"], "hand": ["Hybrid Bear"]}})
        cast(game, o["Hybrid Bear"])
        assert tapped(game, "Plains") == ["Plains"] and tapped(game, "Swamp") == ["Swamp"]
        assert game.player("A").pool.total() == 0
        resolve(game)
        assert game.obj(o["Hybrid Bear"].oid).zone is Zone.BATTLEFIELD

    def test_two_swamps_pay_two_white_black(self, new_game):
        # CR 107.4e: both symbols paid with {B}.
        game, o = new_game({"A": {"battlefield": ["Swamp", "Swamp #2"],
                                  "hand": ["Hybrid Bear"]}})
        cast(game, o["Hybrid Bear"])
        assert tapped(game, "Swamp") == ["Swamp", "Swamp #2"]
        assert game.stack()[0].name == "Hybrid Bear"

    def test_two_islands_cannot_pay_it(self, new_game):
        # Neither component of {W/B} is blue (CR 107.4e): refused, nothing changed.
        game, o = new_game({"A": {"battlefield": ["Island", "Island #2"],
                                  "hand": ["Hybrid Bear"]}})
        refused_unchanged(game, CastSpell("A", o["Hybrid Bear"].oid), r"can't pay")
        assert game.obj(o["Hybrid Bear"].oid).zone is Zone.HAND
        assert tapped(game, "Island") == []

    def test_one_plains_short_of_two_symbols(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Plains", "Island"], "hand": ["Hybrid Bear"]}})
        refused_unchanged(game, CastSpell("A", o["Hybrid Bear"].oid), r"can't pay")

    def test_generic_and_hybrid_together(self, new_game):
        # {4}{W/B}{W/B} (Foot Ninjas' cost): Plains and Swamp for the hybrid symbols, four
        # Islands for the generic {4} (CR 107.4b).
        lands = ["Plains", "Swamp"] + [f"Island #{i}" for i in range(1, 5)]
        game, o = new_game({"A": {"battlefield": lands, "hand": ["Big Hybrid Ninja"]}})
        cast(game, o["Big Hybrid Ninja"])
        assert all(p.tapped for p in game.battlefield() if game.controller(p) == "A")

    def test_six_islands_cannot_pay_the_hybrid_part(self, new_game):
        lands = [f"Island #{i}" for i in range(1, 7)]
        game, o = new_game({"A": {"battlefield": lands, "hand": ["Big Hybrid Ninja"]}})
        refused_unchanged(game, CastSpell("A", o["Big Hybrid Ninja"].oid), r"can't pay")

    def test_pay_with_named_lands(self, new_game):
        # The player names the lands (pay_with): a Swamp and a Plains pay {W/B}{W/B}.
        game, o = new_game({"A": {"battlefield": ["Plains", "Swamp", "Swamp #2"],
                                  "hand": ["Hybrid Bear"]}})
        cast(game, o["Hybrid Bear"], pay_with=(o["Swamp #2"].oid, o["Plains"].oid))
        assert tapped(game, "Swamp") == ["Swamp #2"] and tapped(game, "Plains") == ["Plains"]
        assert game.player("A").pool.total() == 0

    def test_pay_with_lands_that_cannot_pay(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Plains", "Island"], "hand": ["Hybrid Bear"]}})
        refused_unchanged(game, CastSpell("A", o["Hybrid Bear"].oid,
                                          pay_with=(o["Plains"].oid, o["Island"].oid)),
                          r"can't pay")

    def test_pool_mana_pays_hybrid(self, new_game):
        game, o = new_game({"A": {"hand": ["Hybrid Bear"]}})
        game.player("A").pool.update({"W": 1, "B": 1})
        cast(game, o["Hybrid Bear"])
        assert game.player("A").pool.total() == 0

    def test_payment_is_deterministic_and_spares_the_scarce_colour(self, new_game):
        # The documented choice (mana.pay_mana): of {W} and {B} for one {W/B}, the colour
        # more sources can give is spent, leaving the only Swamp untapped; every run alike.
        for _ in range(2):
            game, o = new_game({"A": {"battlefield": ["Hybrid Healer", "Plains", "Plains #2",
                                                      "Swamp"]}})
            healer = o["Hybrid Healer"]
            index, _ = find_ability(game.data(healer), "gain 1 life")
            game.apply(ActivateAbility("A", healer.oid, index))
            assert tapped(game, "Swamp") == []
            assert len(tapped(game, "Plains")) == 1

    def test_legal_actions_offer_the_hybrid_cast(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Swamp", "Plains"], "hand": ["Hybrid Bear"]}})
        casts = [a for a in game.legal_actions() if isinstance(a, CastSpell)]
        assert [a.card for a in casts] == [o["Hybrid Bear"].oid]
        game2, _ = new_game({"A": {"battlefield": ["Island", "Forest"],
                                   "hand": ["Hybrid Bear"]}})
        assert not [a for a in game2.legal_actions() if isinstance(a, CastSpell)]


class TestMonoHybridAndPhyrexian:
    def test_two_generic_or_blue(self, new_game):
        # CR 107.4e: {2/U}{2/U} with one Island ({U}) and two Wastes (two generic).
        game, o = new_game({"A": {"battlefield": ["Island", "Wastes", "Wastes #2"],
                                  "hand": ["Mono Hybrid Bear"]}})
        cast(game, o["Mono Hybrid Bear"])
        assert tapped(game, "Island") == ["Island"]
        assert tapped(game, "Wastes") == ["Wastes", "Wastes #2"]

    def test_two_blue_leaves_the_rest(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Island", "Island #2", "Wastes"],
                                  "hand": ["Mono Hybrid Bear"]}})
        cast(game, o["Mono Hybrid Bear"])
        assert tapped(game, "Wastes") == []

    def test_three_wastes_are_one_short(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Wastes", "Wastes #2", "Wastes #3"],
                                  "hand": ["Mono Hybrid Bear"]}})
        refused_unchanged(game, CastSpell("A", o["Mono Hybrid Bear"].oid), r"can't pay")

    def test_phyrexian_paid_with_black_mana(self, new_game):
        # CR 107.4f: {B/P} paid with {B}; no life is paid when mana pays it.
        game, o = new_game({"A": {"battlefield": ["Swamp", "Wastes"],
                                  "hand": ["Phyrexian Bear"]}})
        cast(game, o["Phyrexian Bear"])
        assert game.player("A").life == 20
        assert tapped(game, "Swamp") == ["Swamp"]

    def test_phyrexian_paid_with_two_life(self, new_game):
        # CR 107.4f, 119.4: {1}{B/P} with one Wastes and 2 life: 20 -> 18.
        game, o = new_game({"A": {"battlefield": ["Wastes"], "hand": ["Phyrexian Bear"]}})
        cast(game, o["Phyrexian Bear"])
        assert game.player("A").life == 18
        assert tapped(game, "Wastes") == ["Wastes"]

    def test_not_enough_life(self, new_game):
        # CR 119.4: a player pays life only with a life total at least that large.
        game, o = new_game({"A": {"battlefield": ["Wastes"], "hand": ["Phyrexian Bear"]}})
        game.player("A").life = 1
        refused_unchanged(game, CastSpell("A", o["Phyrexian Bear"].oid), r"can't pay")

    def test_exactly_two_life_is_enough(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Wastes"], "hand": ["Phyrexian Bear"]}})
        game.player("A").life = 2
        cast(game, o["Phyrexian Bear"])
        assert game.player("A").life == 0

    def test_hybrid_phyrexian(self, new_game):
        # CR 107.4f: {G/U/P} with {U} from an Island, or 2 life with no mana.
        game, o = new_game({"A": {"battlefield": ["Island"], "hand": ["Hybrid Phyrexian Elf"]}})
        cast(game, o["Hybrid Phyrexian Elf"])
        assert game.player("A").life == 20 and tapped(game, "Island") == ["Island"]
        game, o = new_game({"A": {"battlefield": ["Mountain"],
                                  "hand": ["Hybrid Phyrexian Elf"]}})
        cast(game, o["Hybrid Phyrexian Elf"])
        assert game.player("A").life == 18 and tapped(game, "Mountain") == []


class TestManaValueAndColour:
    def test_mana_value_uses_the_largest_component(self, new_game):
        # CR 202.3f: {2/U}{2/U} is 4; {W/B}{W/B} is 2; {4}{W/B}{W/B} is 6; {1}{B/P} is 2.
        game, o = new_game({"A": {"hand": ["Mono Hybrid Bear", "Hybrid Bear",
                                           "Big Hybrid Ninja", "Phyrexian Bear"]}})
        assert [mana_value(game, o[n]) for n in ("Mono Hybrid Bear", "Hybrid Bear",
                                                 "Big Hybrid Ninja", "Phyrexian Bear")] \
            == [4, 2, 6, 2]

    def test_colours_of_hybrid_symbols(self, new_game):
        # CR 202.2, 105.2: a {W/B} card is white and black; {G/U/P} is green and blue.
        game, o = new_game({"A": {"hand": ["Hybrid Bear", "Hybrid Phyrexian Elf"]}})
        assert colors(game, o["Hybrid Bear"]).letters == "WB"
        assert colors(game, o["Hybrid Phyrexian Elf"]).letters == "UG"


class TestOtherCosts:
    def test_activated_ability_with_a_hybrid_cost(self, new_game):
        # CR 602.2b, 107.4e: "{W/B}: You gain 1 life." paid with a Swamp.
        game, o = new_game({"A": {"battlefield": ["Hybrid Healer", "Swamp"]}})
        healer = o["Hybrid Healer"]
        index, _ = find_ability(game.data(healer), "gain 1 life")
        game.apply(ActivateAbility("A", healer.oid, index))
        assert tapped(game, "Swamp") == ["Swamp"]
        resolve(game)
        assert game.player("A").life == 21

    def test_activated_ability_refused_without_the_colour(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Hybrid Healer", "Island"]}})
        healer = o["Hybrid Healer"]
        index, _ = find_ability(game.data(healer), "gain 1 life")
        refused_unchanged(game, ActivateAbility("A", healer.oid, index), r"can't pay")

    def test_ninjutsu_with_a_hybrid_cost(self, new_game):
        # CR 702.49a with 107.4e: Ninjutsu {U/B} paid by a Swamp.
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Swamp"],
                                  "hand": ["Hybrid Ninja"]}})
        bears, ninja = o["Grizzly Bears"].oid, o["Hybrid Ninja"]
        attack(game, [(bears, "B")])
        index, _ = find_ability(game.data(ninja), "Ninjutsu")
        game.apply(ActivateAbility("A", ninja.oid, index, returned=bears))
        assert game.obj(bears).zone is Zone.HAND and tapped(game, "Swamp") == ["Swamp"]
        resolve(game)
        assert game.obj(ninja.oid).attacking == "B"

    def test_sneak_with_a_hybrid_cost(self, new_game):
        # CR 702.190a with 107.4e: Sneak {W/B} paid by a Plains.
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Plains"],
                                  "hand": ["Hybrid Sneak"]}})
        bears, ninja = o["Grizzly Bears"].oid, o["Hybrid Sneak"]
        attack(game, [(bears, "B")])
        game.apply(CastSpell("A", ninja.oid, "sneak", returned=bears))
        assert tapped(game, "Plains") == ["Plains"]
        resolve(game)
        assert game.obj(ninja.oid).attacking == "B"

    def test_sneak_refused_without_the_colours(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Island"],
                                  "hand": ["Hybrid Sneak"]}})
        bears = o["Grizzly Bears"].oid
        attack(game, [(bears, "B")])
        refused_unchanged(game, CastSpell("A", o["Hybrid Sneak"].oid, "sneak", returned=bears),
                          r"can't pay")

    def test_reduction_applies_to_generic_only(self, new_game):
        # CR 601.2f: Frogtosser Banneret's "{1} less" takes {1} of the generic {2}; the
        # hybrid {R/G} stays and the Forest pays it: {1}{R/G} taps the Forest and one Wastes.
        game, o = new_game({"A": {"battlefield": ["Frogtosser Banneret", "Forest", "Wastes",
                                                  "Wastes #2"], "hand": ["Hybrid Goblin"]}})
        cast(game, o["Hybrid Goblin"])
        assert tapped(game, "Forest") == ["Forest"] and len(tapped(game, "Wastes")) == 1

    def test_reduction_does_not_touch_a_hybrid_symbol(self, new_game):
        # CR 601.2f: {R/G} has no generic part, so "{1} less" leaves it: a Wastes can't pay.
        game, o = new_game({"A": {"battlefield": ["Frogtosser Banneret", "Wastes"],
                                  "hand": ["Lone Hybrid Goblin"]}})
        refused_unchanged(game, CastSpell("A", o["Lone Hybrid Goblin"].oid), r"can't pay")


class TestCommanderNinjutsu:
    def _board(self, new_game, zone="command", blocked=False):
        game, o = new_game({"A": {"battlefield": ["Changeling Outcast", "Island", "Swamp"],
                                  zone: ["Yuriko, the Tiger's Shadow"]},
                            "B": {"battlefield": ["Grizzly Bears"]}})
        outcast = o["Changeling Outcast"].oid
        attack(game, [(outcast, "B")])
        return game, o, outcast

    def _index(self, game, yuriko):
        index, entry = find_ability(game.data(yuriko), "Commander ninjutsu")
        assert entry.kind == "commander ninjutsu"
        return index

    def test_from_the_command_zone(self, new_game):
        # CR 702.49d: revealed from the command zone; the unblocked attacker returns to its
        # owner's hand as part of the cost; Yuriko enters tapped and attacking the player
        # the returned creature attacked (CR 702.49c).
        game, o, outcast = self._board(new_game)
        yuriko = o["Yuriko, the Tiger's Shadow"]
        assert yuriko.zone is Zone.COMMAND
        game.apply(ActivateAbility("A", yuriko.oid, self._index(game, yuriko),
                                   returned=outcast))
        assert game.obj(outcast).zone is Zone.HAND
        assert tapped(game, "Island") == ["Island"] and tapped(game, "Swamp") == ["Swamp"]
        assert [i.kind for i in game.stack()] == ["ninjutsu"]
        assert game.obj(yuriko.oid).zone is Zone.COMMAND      # until it resolves
        resolve(game)
        permanent = game.obj(yuriko.oid)
        assert permanent.zone is Zone.BATTLEFIELD
        assert permanent.tapped and permanent.attacking == "B" and permanent.blocked is False
        assert game.player("A").command == []

    def test_offered_by_legal_actions(self, new_game):
        game, o, outcast = self._board(new_game)
        yuriko = o["Yuriko, the Tiger's Shadow"].oid
        found = [a for a in game.legal_actions()
                 if isinstance(a, ActivateAbility) and a.card == yuriko]
        assert [(a.card, a.returned) for a in found] == [(yuriko, outcast)]

    def test_from_the_hand(self, new_game):
        # CR 702.49d: "from your hand or from the command zone".
        game, o, outcast = self._board(new_game, zone="hand")
        yuriko = o["Yuriko, the Tiger's Shadow"]
        game.apply(ActivateAbility("A", yuriko.oid, self._index(game, yuriko),
                                   returned=outcast))
        resolve(game)
        assert game.obj(yuriko.oid).attacking == "B"

    def test_plain_ninjutsu_does_not_work_from_the_command_zone(self, new_game):
        # CR 702.49a: ninjutsu functions only while the card is in a player's hand.
        game, o = new_game({"A": {"battlefield": ["Grizzly Bears", "Island", "Island #2"],
                                  "command": ["Ninja of the Deep Hours"]}})
        bears = o["Grizzly Bears"].oid
        attack(game, [(bears, "B")])
        ninja = o["Ninja of the Deep Hours"]
        index, _ = find_ability(game.data(ninja), "Ninjutsu")
        refused_unchanged(game, ActivateAbility("A", ninja.oid, index, returned=bears),
                          r"not in A's hand")
        assert not [a for a in game.legal_actions() if isinstance(a, ActivateAbility)
                    and a.card == ninja.oid]

    def test_blocked_attacker_refused(self, new_game):
        # CR 702.49d: an unblocked attacking creature must be returned.
        game, o = new_game({"A": {"battlefield": ["Changeling Outcast", "Grizzly Bears",
                                                  "Island", "Swamp"],
                                  "command": ["Yuriko, the Tiger's Shadow"]},
                            "B": {"battlefield": ["Grizzly Bears #2"]}})
        bears = o["Grizzly Bears"].oid
        attack(game, [(bears, "B")], blocks=((o["Grizzly Bears #2"].oid, bears),))
        yuriko = o["Yuriko, the Tiger's Shadow"]
        refused_unchanged(game, ActivateAbility("A", yuriko.oid, self._index(game, yuriko),
                                                returned=bears), r"509.1h")

    def test_cost_unpaid_refused(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Changeling Outcast", "Island", "Island #2"],
                                  "command": ["Yuriko, the Tiger's Shadow"]}})
        outcast = o["Changeling Outcast"].oid
        attack(game, [(outcast, "B")])
        yuriko = o["Yuriko, the Tiger's Shadow"]
        refused_unchanged(game, ActivateAbility("A", yuriko.oid, self._index(game, yuriko),
                                                returned=outcast), r"can't pay")
        assert game.obj(yuriko.oid).zone is Zone.COMMAND


_SCENARIO = """
id: CMD-NIN
title: Commander ninjutsu from the command zone, and a hybrid cost
rules: ["702.49d", "702.49c", "107.4e"]
cards:
  - {name: Hybrid Bear, mana_cost: "{W/B}{W/B}", type: Creature — Bear, text: "",
     power: "2", toughness: "2"}
turn: {active: A, step: main1}
players:
  A:
    battlefield: [Changeling Outcast, Island, {card: Swamp, id: Swamp 1},
                  {card: Swamp, id: Swamp 2}, Plains]
    hand: [Hybrid Bear]
    command: ["Yuriko, the Tiger's Shadow"]
  B:
    battlefield: []
actions:
  - cast: {player: A, card: Hybrid Bear, pay_with: [Swamp 2, Plains]}   # 1
  - pass: {until: resolve}                                                # 2
  - declare_attackers: {player: A, attackers: {Changeling Outcast: B}}    # 3
  - declare_blockers: {player: B, blocks: {}}                             # 4
  - activate: {player: A, card: "Yuriko, the Tiger's Shadow", ability: Commander ninjutsu,
               return: Changeling Outcast}                                # 5
  - pass: {until: resolve}                                                # 6
expect:
  - zone: {card: Hybrid Bear, player: A, zone: battlefield}
    after: 2
  - zone: {card: "Yuriko, the Tiger's Shadow", player: A, zone: command}
    after: 4
  - zone: {card: Changeling Outcast, player: A, zone: hand}
    after: 5
  - permanent: {card: "Yuriko, the Tiger's Shadow", tapped: true, attacking: B, blocked: false}
"""


def test_scenario_file_puts_a_commander_in_the_command_zone(library):
    # SCENARIO_FORMAT.md lists `command` among the zones; CR 702.49d plays it from there.
    from analyzer.rules.scenario import run_text

    checks = run_text(_SCENARIO, "cmd.yaml", library)
    assert [(c.ok, c.what, c.found) for c in checks if not c.ok] == []
    assert len(checks) == 4
