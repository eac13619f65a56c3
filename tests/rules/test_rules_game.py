"""make/unmake, copy, legal actions, refused actions and unsupported cards (STYLE.md habit 4)."""

from __future__ import annotations

import pytest

from analyzer.cards.model import Card, Face
from analyzer.rules import (
    ActivateAbility,
    CardLibrary,
    CastSpell,
    Game,
    IllegalActionError,
    PassPriority,
    PlayLand,
    Step,
    UnsupportedCardError,
    Zone,
)


class TestMakeUnmake:
    def test_undo_restores_the_exact_state(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Phyrexian Infiltrator"] + ["Island"] * 4},
                            "B": {"battlefield": ["Craw Wurm"]}})
        start, log = game.fingerprint(), list(game.log)
        actions = [ActivateAbility("A", o["Phyrexian Infiltrator"].oid, 0,
                                   targets=(o["Craw Wurm"].oid,)),
                   PassPriority("A"), PassPriority("B")]
        states = []
        for action in actions:
            states.append(game.fingerprint())
            game.apply(action)
        assert game.controller(o["Craw Wurm"]) == "A"
        for state in reversed(states):
            game.undo()
            assert game.fingerprint() == state
        assert game.fingerprint() == start and game.log == log

    def test_refused_action_leaves_everything(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Swamp"], "hand": ["Auntie's Snitch"]}})
        before, log = game.fingerprint(), list(game.log)
        with pytest.raises(IllegalActionError):
            game.apply(CastSpell("A", o["Auntie's Snitch"].oid))
        assert game.fingerprint() == before and game.log == log
        with pytest.raises(IndexError):
            game.undo()                               # nothing was pushed

    def test_copy_is_independent(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
        branch = game.copy()
        branch.apply(CastSpell("A", o["Lightning Bolt"].oid, targets=("B",)))
        branch.apply(PassPriority("A"))
        branch.apply(PassPriority("B"))
        assert branch.player("B").life == 17 and game.player("B").life == 20
        assert game.obj(o["Lightning Bolt"].oid).zone is Zone.HAND

    def test_is_legal_does_not_change_the_state(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
        before = game.fingerprint()
        assert game.is_legal(CastSpell("A", o["Lightning Bolt"].oid, targets=("B",)))
        assert not game.is_legal(CastSpell("A", o["Lightning Bolt"].oid))   # no target
        assert game.fingerprint() == before


class TestLegalActions:
    def test_every_generated_action_is_legal_and_the_expected_ones_are_there(self, new_game):
        game, o = new_game({"A": {"battlefield": ["Mountain"],
                                  "hand": ["Lightning Bolt", "Forest", "Hill Giant"]},
                            "B": {"battlefield": ["Grizzly Bears"]}})
        actions = list(game.legal_actions())
        assert all(game.is_legal(a) for a in actions)
        assert PassPriority("A") in actions
        assert PlayLand("A", o["Forest"].oid) in actions
        bolts = {a.targets for a in actions if isinstance(a, CastSpell)
                 and a.card == o["Lightning Bolt"].oid}
        assert bolts == {("A",), ("B",), (o["Grizzly Bears"].oid,)}
        assert not any(isinstance(a, CastSpell) and a.card == o["Hill Giant"].oid
                       for a in actions)                       # {3}{R}: one Mountain

    def test_opponent_without_priority_has_no_actions_but_the_holder_does(self, new_game):
        game, _ = new_game({}, step=Step.UPKEEP)
        assert [a.player for a in game.legal_actions()] == ["A"]


class TestUnsupported:
    def _card(self, name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> Card:
        return Card(id=name, name=name, faces=(Face(
            name=name, mana_cost="{1}", mana_value=1.0, type=" ".join(types), types=types,
            text=text, power="1", toughness="1"),))

    def test_permanent_with_unsupported_trigger_is_refused_when_its_event_comes(self):
        # Issue 6: the card plays until its upkeep trigger is needed; then it raises, with
        # the state left as it was (CR 603.2: it triggers as the upkeep begins).
        card = self._card("Upkeep Test", "At the beginning of your upkeep, you gain 1 life.")
        game = Game(CardLibrary.of([card]))
        game.add("Upkeep Test", Zone.BATTLEFIELD, "A")
        game.start(Step.END, "B")
        game.apply(PassPriority("B"))
        game.apply(PassPriority("A"))                   # B's cleanup step
        before = game.fingerprint()
        with pytest.raises(UnsupportedCardError, match=r"Upkeep Test.*beginning of your upkeep"):
            game.apply(PassPriority("B"))               # A's turn: untap, then upkeep
        assert game.fingerprint() == before

    def test_spell_with_unread_text_is_refused_when_cast(self):
        card = self._card("Odd Spell", "Juggle three target creatures.", ("Instant",))
        mountain = Card(id="m", name="Mountain", faces=(Face(
            name="Mountain", type="Basic Land — Mountain", types=("Land",),
            subtypes=("Mountain",), supertypes=("Basic",)),))
        game = Game(CardLibrary.of([card, mountain]))
        spell = game.add("Odd Spell", Zone.HAND, "A")
        game.add("Mountain", Zone.BATTLEFIELD, "A")
        game.start(Step.MAIN1, "A")
        before = game.fingerprint()
        with pytest.raises(UnsupportedCardError, match=r"Odd Spell.*Juggle"):
            game.apply(CastSpell("A", spell.oid))
        assert game.fingerprint() == before

    def test_effect_without_handler_is_refused_on_resolution(self, new_game):
        # Mind Stone's draw is supported; Knacksaw's is too; use a scry spell (no handler).
        card = self._card("Scry Test", "Scry 2.", ("Sorcery",))
        library = CardLibrary.starter()
        library.define(card)
        game = Game(library)
        spell = game.add("Scry Test", Zone.HAND, "A")
        game.add("Mountain", Zone.BATTLEFIELD, "A")
        game.start(Step.MAIN1, "A")
        game.apply(CastSpell("A", spell.oid))
        game.apply(PassPriority("A"))
        before = game.fingerprint()
        with pytest.raises(UnsupportedCardError, match="Scry Test"):
            game.apply(PassPriority("B"))
        assert game.fingerprint() == before


def test_clone_is_an_exact_independent_copy(new_game):
    import copy

    game, o = new_game({"A": {"battlefield": ["Grizzly Bears"], "hand": ["Giant Growth"]}})
    o["Grizzly Bears"].counters["+1/+1"] = 1
    twin = game.state.clone()
    assert repr(twin) == repr(copy.deepcopy(game.state))
    twin.objects[o["Grizzly Bears"].oid].counters["+1/+1"] = 5
    twin.players["A"].hand.clear()
    assert o["Grizzly Bears"].counters["+1/+1"] == 1 and game.player("A").hand


def test_legend_rule_keeps_one(new_game):
    # CR 704.5j
    game, o = new_game({"A": {"battlefield": ["Splinter, Hamato Yoshi",
                                              "Splinter, Hamato Yoshi #2"]}})
    game.apply(PassPriority("A"))                       # state-based actions are checked
    splinters = [p for p in game.battlefield() if p.card == "Splinter, Hamato Yoshi"]
    assert len(splinters) == 1 and splinters[0].oid == o["Splinter, Hamato Yoshi #2"].oid


def test_keyword_ability_without_support_is_refused(library):
    card = Card(id="c", name="Cycler", faces=(Face(
        name="Cycler", mana_cost="{1}", mana_value=1.0, type="Artifact",
        types=("Artifact",), text="Cycling {2}"),))
    game = Game(CardLibrary.of([card]))
    cycler = game.add("Cycler", Zone.HAND, "A")
    game.start(Step.MAIN1, "A")
    with pytest.raises(UnsupportedCardError, match=r"Cycler.*Cycling"):
        game.apply(ActivateAbility("A", cycler.oid, 0))


def test_legal_actions_offer_every_payable_x(new_game):
    game, o = new_game({"A": {"battlefield": ["Forest", "Forest #2", "Forest #3"],
                              "hand": ["Endless One"]}})
    xs = sorted(a.x for a in game.legal_actions()
                if isinstance(a, CastSpell) and a.card == o["Endless One"].oid)
    assert xs == [0, 1, 2, 3]


def test_the_log_reads_as_the_line(new_game):
    game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
    events = game.apply(CastSpell("A", o["Lightning Bolt"].oid, targets=("B",)))
    assert [str(e) for e in events][-1] == "A casts Lightning Bolt (CR 601.2)"
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))
    text = game.format_log()
    for line in ("Mountain adds {R} to A's mana pool (CR 605.3b)",
                 "A pays {R} for Lightning Bolt (CR 601.2h)",
                 "Lightning Bolt deals 3 damage to B (CR 120.3)",
                 "Lightning Bolt resolves (CR 608.2)"):
        assert line in text
    assert text.index("deals 3 damage") < text.index("resolves (CR 608.2)")


def test_listing_can_leave_out_a_card_it_cannot_play_and_say_so():
    """``legal_actions(unsupported)``: the cast needing what the rules core cannot play is
    left out and named, the other actions are listed (the lines search goes on with them);
    without the list the same listing raises (unsupported is never silent)."""
    odd = Card(id="odd", name="Odd Spell", faces=(Face(
        name="Odd Spell", mana_cost="{R}", mana_value=1.0, type="Instant",
        types=("Instant",), text="Juggle three target creatures."),))
    library = CardLibrary.starter()
    library.define(odd)
    game = Game(library)
    spell = game.add("Odd Spell", Zone.HAND, "A")
    bolt = game.add("Lightning Bolt", Zone.HAND, "A")
    game.add("Mountain", Zone.BATTLEFIELD, "A")
    game.add("Grizzly Bears", Zone.BATTLEFIELD, "B")
    game.start(Step.MAIN1, "A")
    before = game.fingerprint()
    with pytest.raises(UnsupportedCardError, match="Odd Spell"):
        list(game.legal_actions())
    found: list[UnsupportedCardError] = []
    actions = list(game.legal_actions(found))
    assert [e.card for e in found] == ["Odd Spell"]
    casts = {a.card for a in actions if isinstance(a, CastSpell)}
    assert bolt.oid in casts and spell.oid not in casts
    assert any(isinstance(a, PassPriority) for a in actions)
    assert game.fingerprint() == before
