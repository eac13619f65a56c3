"""Copies, transforming and sentences linked to the one before (issue 15): copy effects
with exceptions (CR 707.2, 707.9), copying spells (CR 707.10), "transformed" (CR 712),
exert and its "When you do" (CR 701.43, 603.2), piles (CR 700.3), "this way" amounts and
"repeat this process" (CR 608.2c)."""

from __future__ import annotations

import pytest

from analyzer.cards.model import Card, Face
from analyzer.oracle import compile_card
from analyzer.oracle.abilities import ReplacementEffect, StaticAbility, TriggeredAbility
from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.grammar.replacements import read_replacement_sentence
from analyzer.oracle.lines import read_chapter, read_triggered
from analyzer.oracle.objects import Zone


def _card(name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> Card:
    return Card(id=name, name=name, faces=(Face(name=name, type=" ".join(types),
                                                types=types, text=text),))


def _effects(sentence: str) -> tuple[Effect, ...]:
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


class TestTokenCopies:
    def test_copy_except_a_black_zombie(self) -> None:
        # God-Pharaoh's Gift
        e, = _effects("Create a token that's a copy of that card, except it's a 4/4 black "
                      "Zombie.")
        assert e.name == "create_token" and e.arg("copy_of").text == "that card"
        exceptions = e.arg("exceptions")
        assert [x.name for x in exceptions] == ["set_types", "set_color", "set_pt"]
        assert exceptions[0].arg("subtypes") == "Zombie" and not exceptions[0].arg("keep")
        assert exceptions[1].arg("color") == "black"
        assert (exceptions[2].arg("power"), exceptions[2].arg("toughness")) == (4, 4)
        assert e.describe() == ("create 1 token that's a copy of that card, except: the copy "
                                "becomes Zombie; the copy becomes black; the copy has base "
                                "power and toughness 4/4")

    def test_haste_and_a_quoted_ability(self) -> None:
        # Electroduplicate, Chandra Flameshaper
        e, = _effects('Create a token that\'s a copy of target creature you control, except '
                      'it has haste and "At the beginning of the end step, sacrifice '
                      'CARDNAME."')
        assert e.arg("copy_of").targeted
        haste, quoted = e.arg("exceptions")
        assert [k.name for k in haste.arg("keywords")] == ["Haste"]
        assert quoted.arg("ability") == "At the beginning of the end step, sacrifice CARDNAME."

    def test_not_legendary_and_a_type_in_addition(self) -> None:
        # Ember Island Production
        e, = _effects("Create a token that's a copy of target creature you control, except "
                      "it's not legendary and it's a 4/4 Hero in addition to its other types.")
        legendary, types, pt = e.arg("exceptions")
        assert (legendary.name, legendary.arg("what")) == ("remove_types", "Legendary")
        assert (types.arg("subtypes"), types.arg("keep")) == ("Hero", "its other types")
        assert pt.name == "set_pt"

    def test_tapped_and_attacking_copy(self) -> None:
        # Flamerush Rider
        e, = _effects("Create a token that's a copy of another target attacking creature "
                      "and that's tapped and attacking.")
        assert e.arg("tapped") is True and e.arg("attacking") is True
        assert e.arg("copy_of").text == "another target attacking creature"

    def test_an_exception_not_read_leaves_the_sentence_unread(self) -> None:
        assert parse_effects("Create a token that's a copy of target creature, except it "
                             "doesn't copy that creature's color.") is None

    def test_the_rules_core_refuses_the_exceptions(self) -> None:
        e, = _effects("Create a token that's a copy of target creature you control, except "
                      "it isn't legendary.")
        from analyzer.rules.effect_handlers import create_token_copy

        class _Res:
            def unsupported(self, effect: Effect, why: str) -> Exception:
                return RuntimeError(why)

        with pytest.raises(RuntimeError, match="exceptions"):
            create_token_copy(_Res(), e)  # type: ignore[arg-type]


class TestClones:
    def test_clone(self) -> None:
        r = read_replacement_sentence("You may have CARDNAME enter as a copy of any creature "
                                      "on the battlefield.")
        assert isinstance(r, ReplacementEffect) and r.event == "enters"
        e, = r.effects
        assert (e.name, e.optional, e.arg("copy_of").text) == (
            "become_copy", True, "any creature on the battlefield")

    def test_spark_double(self) -> None:
        r = read_replacement_sentence(
            "You may have CARDNAME enter as a copy of a creature or planeswalker you control, "
            "except it enters with an additional +1/+1 counter on it if it's a creature, it "
            "enters with an additional loyalty counter on it if it's a planeswalker, and it "
            "isn't legendary if that permanent is legendary.")
        assert r is not None
        plus, loyalty, legendary = r.effects[0].arg("exceptions")
        assert (plus.name, plus.arg("counter"), plus.condition) == (
            "put_counters", "+1/+1", "if it's a creature")
        assert (loyalty.arg("counter"), loyalty.condition) == ("loyalty",
                                                               "if it's a planeswalker")
        assert (legendary.name, legendary.condition) == ("remove_types",
                                                         "if that permanent is legendary")

    def test_mockingbird(self) -> None:
        r = read_replacement_sentence(
            "You may have CARDNAME enter as a copy of any creature on the battlefield with "
            "mana value less than or equal to the amount of mana spent to cast CARDNAME, "
            "except it's a Bird in addition to its other types and it has flying.")
        assert r is not None
        bird, flying = r.effects[0].arg("exceptions")
        assert (bird.arg("subtypes"), bird.arg("keep")) == ("Bird", "its other types")
        assert [k.name for k in flying.arg("keywords")] == ["Flying"]

    def test_altered_ego_and_a_name(self) -> None:
        r = read_replacement_sentence("You may have CARDNAME enter as a copy of any creature "
                                      "on the battlefield, except it enters with X additional "
                                      "+1/+1 counters on it.")
        assert r is not None
        counters, = r.effects[0].arg("exceptions")
        assert counters.arg("amount").variable == "X"
        r = read_replacement_sentence("You may have CARDNAME enter as a copy of a creature "
                                      "you control, except his name is CARDNAME.")
        assert r is not None and r.effects[0].arg("exceptions")[0].name == "set_name"


class TestBecomesACopy:
    def test_until_end_of_turn(self) -> None:
        e, = _effects("Target creature becomes a copy of that creature until end of turn.")
        assert (e.name, e.arg("duration")) == ("become_copy", Duration.END_OF_TURN)

    def test_with_an_exception_after_a_comma(self) -> None:
        e, = _effects("Until end of turn, target token you control becomes a copy of it, "
                      "except it has flying.")
        assert e.arg("copy_of").text == "it"
        assert e.arg("exceptions")[0].name == "grant_abilities"

    def test_gains_this_ability(self) -> None:
        a = read_triggered("Whenever a creature dies, you may pay {1}. If you do, CARDNAME "
                           "becomes a copy of that creature and gains this ability.")
        assert a is not None
        e = a.effects[-1]
        assert e.name == "become_copy" and e.condition == "if you do"
        assert [x.name for x in e.arg("exceptions")] == ["gains_this_ability"]


class TestCopyingSpells:
    def test_twice_and_x_times(self) -> None:
        e, = _effects("Copy target instant or sorcery spell twice.")
        assert e.arg("amount") == Amount(2)
        e, = _effects("Copy it X times.")
        assert e.arg("amount").variable == "X"

    def test_for_each_time_you_cast_your_commander(self) -> None:
        a = read_triggered("When you cast CARDNAME, copy it for each time you've cast your "
                           "commander from the command zone this game.")
        assert a is not None
        amount = a.effects[0].arg("amount")
        assert amount.quantity.kind == "this_game"

    def test_chain_lightning(self) -> None:
        copied, choose = _effects("If the player does, they may copy CARDNAME and may choose "
                                  "a new target for that copy.")
        assert (copied.name, copied.optional, copied.condition) == ("copy", True,
                                                                    "if the player does")
        assert copied.arg("player").text == "they"
        assert choose.name == "choose_new_targets" and choose.arg("chooser").text == "they"

    def test_a_creature_is_not_copied_as_a_spell(self) -> None:
        assert parse_effects("Copy target creature.") is None


class TestTransformed:
    def test_flipwalker(self) -> None:
        exile, back = _effects("Exile CARDNAME, then return her to the battlefield "
                               "transformed under her owner's control.")
        assert exile.arg("destination") is Zone.EXILE
        assert (back.arg("destination"), back.arg("origin"), back.arg("transformed"),
                back.arg("controller")) == (Zone.BATTLEFIELD, Zone.EXILE, True, "owner")
        assert "transformed" in back.describe()

    def test_saga_chapter(self) -> None:
        a = read_chapter("III — Exile CARDNAME, then return it to the battlefield "
                         "transformed under your control.")
        assert a is not None and a.effects[1].arg("transformed") is True

    def test_dies_tapped_and_transformed(self) -> None:
        a = read_triggered("When CARDNAME dies, return it to the battlefield tapped and "
                           "transformed under its owner's control.")
        assert a is not None
        e, = a.effects
        assert (e.arg("tapped"), e.arg("transformed")) == (True, True)

    def test_another_card_enters_transformed(self) -> None:
        # the profile keeps the words; the rules core refuses it (CR 712.14)
        e, = _effects("Return target creature card from your graveyard to the battlefield "
                      "transformed.")
        assert e.arg("transformed") is True


class TestExert:
    def test_exert_and_when_you_do(self) -> None:
        p = compile_card(_card("Glorybringer", "Flying, haste\nYou may exert Glorybringer "
                               "as it attacks. When you do, it deals 4 damage to target "
                               "non-Dragon creature an opponent controls."))
        assert p.fully_understood
        static = next(a for a in p.abilities if isinstance(a, StaticAbility))
        trigger = next(a for a in p.abilities if isinstance(a, TriggeredAbility))
        assert static.effects[0].name == "may_exert"
        assert (trigger.trigger.subject, trigger.trigger.detail) == ("you", "exert CARDNAME")
        assert trigger.effects[0].arg("source").text == "CARDNAME"

    def test_exert_alone(self) -> None:
        p = compile_card(_card("Battlefield Scavenger", "You may exert Battlefield Scavenger "
                               "as it attacks."))
        assert p.fully_understood


class TestPiles:
    def test_fact_or_fiction(self) -> None:
        p = compile_card(_card("Fact or Fiction", "Reveal the top five cards of your library. "
                               "An opponent separates those cards into two piles. Put one "
                               "pile into your hand and the other into your graveyard.",
                               ("Instant",)))
        assert p.fully_understood
        effects = [e for a in p.abilities for e in a.effects]
        names = [e.name for e in effects]
        assert names == ["reveal", "separate_piles", "choose_pile", "change_zone",
                         "change_zone"]
        assert effects[1].arg("player").text.lower() == "an opponent"
        assert [(e.arg("origin"), e.arg("destination")) for e in effects[3:]] == [
            (Zone.LIBRARY, Zone.HAND), (Zone.LIBRARY, Zone.GRAVEYARD)]

    def test_an_opponent_chooses(self) -> None:
        e, = _effects("An opponent chooses one of those piles.")
        assert e.name == "choose_pile" and e.arg("player").text.lower() == "an opponent"


class TestThisWay:
    def test_damage_prevented(self) -> None:
        e, = _effects("You gain life equal to the damage prevented this way.")
        assert e.arg("amount").quantity.kind == "this_way"
        assert e.arg("amount").quantity.attribute == "damage prevented"

    def test_counters_removed(self) -> None:
        e, = _effects("You gain 2 life for each elixir counter removed this way.")
        q = e.arg("amount").quantity
        assert (q.kind, q.attribute, q.factor) == ("this_way", "elixir counters removed", 2)

    def test_shuffle_it(self) -> None:
        shuffle, = _effects("If you search your library this way, shuffle it.")
        assert (shuffle.name, shuffle.condition) == ("shuffle",
                                                     "if you search your library this way")
        e, = _effects("Then each player who searched their library this way shuffles it.")
        assert e.arg("player") is not None

    def test_repeat_any_number_of_times(self) -> None:
        e, = _effects("You may repeat this process any number of times.")
        assert (e.name, e.optional, e.arg("amount").variable) == (
            "repeat", True, "any number of times")


def test_assigns_no_combat_damage() -> None:
    e, = _effects("If you do, CARDNAME assigns no combat damage this turn.")
    assert (e.name, e.condition, e.arg("duration")) == ("no_combat_damage", "if you do",
                                                        Duration.THIS_TURN)


class TestThisWayConditions:
    @pytest.mark.parametrize(("text", "value", "negated"), [
        ("if you exiled a land card this way", "exile a land card", False),
        ("if a creature is dealt damage this way", "dealt damage", False),
        ("if another Desert was returned this way", "return another Desert", False),
        ("if you didn't put the revealed card onto the battlefield this way",
         "put the revealed card onto the battlefield", True),
        ("if that player discards an artifact card this way", "discard an artifact card",
         False),
    ])
    def test_typed(self, text: str, value: str, negated: bool) -> None:
        from analyzer.oracle.grammar.conditions import read_condition

        c = read_condition(text)
        assert c is not None and (c.kind, c.value, c.negated) == ("this_way", value, negated)

    def test_if_you_dont_sees_the_card_where_it_was(self) -> None:
        # a card not put onto the battlefield is still in the library (CR 608.2c)
        from analyzer.oracle.lines import read_triggered

        a = read_triggered("At the beginning of your upkeep, look at the top card of your "
                           "library. You may put it onto the battlefield. If you don't, put "
                           "it into your hand.")
        assert a is not None
        move = a.effects[-1]
        assert (move.condition, move.arg("origin"), move.arg("destination")) == (
            "if you don't", Zone.LIBRARY, Zone.HAND)


def test_for_each_object_a_copy_of_each() -> None:
    # Rhys the Redeemed: each creature token is copied, not N copies of "that creature"
    e, = _effects("For each creature token you control, create a token that's a copy of "
                  "that creature.")
    assert e.arg("amount") == Amount(1)
    assert e.arg("copy_of").count.each and "Creature" in e.arg("copy_of").filter.types


def test_for_each_object_its_controller() -> None:
    # Curse of the Swine: each creature's controller gets a Boar, not one player N Boars
    e, = _effects("For each creature exiled this way, its controller creates a 2/2 green "
                  "Boar creature token.")
    assert e.name == "for_each_object" and "exiled this way" in e.arg("each").filter.states
    inner, = e.arg("effects")
    assert (inner.name, inner.arg("amount"), inner.arg("controller").text) == (
        "create_token", Amount(1), "its controller")


def test_moved_this_way() -> None:
    e, = _effects("Draw a card for each card returned to your hand this way.")
    ref = e.arg("amount").quantity.ref
    assert ref.filter.states == {"returned to a hand this way"} and ref.filter.zone is Zone.HAND


def test_chancellor() -> None:
    p = compile_card(_card("Chancellor of the Dross", "You may reveal this card from your "
                           "opening hand. If you do, at the beginning of the first upkeep, "
                           "each opponent loses 3 life, then you gain life equal to the life "
                           "lost this way."))
    assert p.fully_understood
    e, = p.abilities[0].effects
    assert (e.name, e.arg("when")) == ("opening_hand_reveal",
                                       "at the beginning of the first upkeep")
    assert [x.name for x in e.arg("effects")] == ["lose_life", "gain_life"]
