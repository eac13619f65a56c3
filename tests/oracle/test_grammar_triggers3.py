"""Triggered abilities read in round 3: the triggering object's counters, players skipping
steps, schemes abandoned, airbend, "do this only once each turn", fight with its fighter
(CR 122.1, 500.11, 603.1, 701.14, 701.33, 701.67)."""

from __future__ import annotations

from analyzer.oracle.abilities import TriggerEvent
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.lines import read_triggered
from analyzer.oracle.objects import Quantity


def _triggered(line: str):  # type: ignore[no-untyped-def]
    ability = read_triggered(line)
    assert ability is not None, line
    return ability


def test_put_its_counters_on_dies() -> None:
    a = _triggered("When CARDNAME dies, put its counters on target creature you control.")
    assert a.trigger.event is TriggerEvent.DIES
    e, = a.effects
    assert e.name == "put_counters_of" and e.arg("source").text == "it"
    assert e.arg("target").targeted
    assert e.describe() == "put the counters of it on target creature you control"


def test_put_cardname_counters_on_that_token() -> None:
    a = _triggered("When CARDNAME dies, if it had one or more counters on it, create a 0/0 "
                   "green and blue Fractal creature token, then put CARDNAME's counters on "
                   "that token.")
    assert a.condition == "if it had one or more counters on it"
    token, put = a.effects
    assert token.name == "create_token" and put.name == "put_counters_of"
    assert put.arg("source").filter.kind == "self" and put.arg("target").text == "that token"


def test_put_its_counters_on_a_player_is_unread() -> None:
    assert parse_effects("Put its counters on target player.") is None


def test_player_skips_next_step() -> None:
    a = _triggered("Whenever CARDNAME deals combat damage to a player, that player skips "
                   "their next combat phase.")
    e, = a.effects
    assert e.name == "skip" and e.arg("what") == "combat phase"
    assert e.arg("player").text == "that player"
    e, = parse_effects("Each opponent skips their next untap step.")
    assert e.describe() == "each opponent: skip untap step"
    # a duration the skip can't take is never dropped
    assert parse_effects("Target player skips their next combat phase this turn.") is None


def test_abandon_this_scheme() -> None:
    a = _triggered("At the beginning of your upkeep, if no opponent cast a spell since your "
                   "last turn ended, abandon CARDNAME.")
    e, = a.effects
    assert e.name == "abandon" and e.arg("target").filter.kind == "self"
    assert a.condition == "if no opponent cast a spell since your last turn ended"


def test_airbend_objects() -> None:
    a = _triggered("When CARDNAME enters, airbend up to one other target creature or spell.")
    e, = a.effects
    assert e.name == "airbend" and e.arg("target").targeted
    assert e.describe() == "airbend up to one other target creature or spell"


def test_do_this_only_once_each_turn() -> None:
    a = _triggered("Whenever you put one or more +1/+1 counters on a creature, you may gain "
                   "that much life. Do this only once each turn.")
    assert a.condition == "do this only once each turn"
    assert a.effects[0].name == "gain_life" and a.effects[0].optional


def test_fight_keeps_its_fighter() -> None:
    e, = parse_effects("Target creature you control fights target creature you don't "
                       "control.")
    assert e.arg("source").text == "target creature you control" and e.arg("source").targeted
    assert e.describe() == ("target creature you control fights target creature you don't "
                            "control")
    a = _triggered("When CARDNAME enters, you may have it fight target creature you don't "
                   "control.")
    e, = a.effects
    assert e.optional and e.name == "fight" and e.arg("source").text == "it"


def test_mana_for_each_counter_on_it() -> None:
    a = _triggered("At the beginning of your first main phase, add {B} for each charge "
                   "counter on CARDNAME.")
    e, = a.effects
    q = e.arg("amount").quantity
    assert isinstance(q, Quantity) and q.kind == "counters" and q.attribute == "charge"


def test_for_each_opponent_that_player() -> None:
    a = _triggered("When CARDNAME enters, for each opponent, exile up to one target nonland "
                   "permanent that player controls until CARDNAME leaves the battlefield.")
    e, = a.effects
    assert e.name == "for_each_object" and e.arg("each").filter.kind == "opponent"
    inner, = e.arg("effects")
    assert inner.name == "change_zone" and inner.arg("target").filter.owner.name == \
        "THAT_PLAYER"
    # the loop would also cover the second clause: left unread
    assert parse_effects("For each opponent, exile up to one target creature that player "
                         "controls and that player gains life equal to its power.") is None


def test_self_owner_and_controller() -> None:
    a = _triggered("At the beginning of the end step, CARDNAME's owner shuffles it into "
                   "their library.")
    moved, shuffle = a.effects
    assert moved.name == "change_zone" and shuffle.name == "shuffle"
    assert moved.arg("player").text == "CARDNAME's owner"
    e, = parse_effects("CARDNAME deals 3 damage to the creature's controller.")
    assert e.arg("target").filter.kind == "player"


def test_add_an_additional_mana() -> None:
    a = _triggered("Whenever you tap a Swamp for mana, add an additional {B}.")
    assert a.trigger.event is TriggerEvent.TAPPED_FOR_MANA
    e, = a.effects
    assert e.name == "add_mana" and e.describe() == "add {B}"


def test_keep_this_mana_until_end_of_turn() -> None:
    a = _triggered("Whenever CARDNAME attacks, add {R}. Until end of turn, you don't lose "
                   "this mana as steps and phases end.")
    mana, keep = a.effects
    assert mana.name == "add_mana" and keep.name == "keep_mana"
    assert keep.describe() == "don't lose this mana as steps and phases end until end of turn"
    # never without its duration
    assert parse_effects("You don't lose this mana as steps and phases end.") is None


def test_he_and_she_name_the_character() -> None:
    a = _triggered("Whenever CARDNAME attacks, he connives.")
    e, = a.effects
    assert e.name == "connive" and e.arg("target").text == "he"
    a = _triggered("Whenever CARDNAME is dealt damage, put a +1/+1 counter on him.")
    assert a.effects[0].arg("target").filter.kind == "it"


def test_have_it_connive() -> None:
    a = _triggered("Whenever another Villain you control enters, you may have it connive. "
                   "Do this only once each turn.")
    e, = a.effects
    assert e.name == "connive" and e.optional and e.arg("target").text == "it"


def test_you_with_an_imperative_verb() -> None:
    a = _triggered("Whenever equipped creature deals combat damage to a player, that player "
                   "discards a card and you untap all lands you control.")
    discard, untap = a.effects
    assert discard.name == "discard" and discard.arg("player").text == "that player"
    assert untap.name == "untap" and untap.arg("target").text == "all lands you control"


def test_base_form_verb_after_plural_players() -> None:
    _lose, sac = parse_effects("Any number of target players each lose 2 life and sacrifice "
                              "a creature.")
    assert sac.name == "sacrifice" and sac.arg("player") is not None
    assert "target players" in sac.arg("player").text
    _lose, gain = parse_effects("Your opponents each lose 2 life and you gain 2 life.")
    assert gain.name == "gain_life" and gain.arg("player") is None


def test_distribute_counters() -> None:
    a = _triggered("When CARDNAME enters, distribute three +1/+1 counters among one, two, or "
                   "three target creatures you control.")
    e, = a.effects
    assert e.name == "distribute_counters" and e.arg("counter") == "+1/+1"
    assert e.arg("amount").value == 3 and e.arg("target").count.high == 3
    assert e.describe() == ("distribute 3 +1/+1 counters among one, two, or three target "
                            "creatures you control")
    a = _triggered("Whenever a creature dies, its controller distributes a number of +1/+1 "
                   "counters equal to its power among any number of target creatures they "
                   "control.")
    e, = a.effects
    assert e.arg("player").text == "its controller" and e.arg("amount").quantity is not None


def test_exile_until_an_opponent_becomes_the_monarch() -> None:
    from analyzer.oracle.effects import Duration

    a = _triggered("When CARDNAME enters, exile target creature an opponent controls until "
                   "an opponent becomes the monarch.")
    e, = a.effects
    assert e.name == "change_zone" and e.arg("duration") is Duration.UNTIL_OPPONENT_MONARCH
    assert e.describe().endswith("until an opponent becomes the monarch")


def test_counters_a_player_has_where_x() -> None:
    # Ezuri, Claw of Progress
    a = _triggered("At the beginning of combat on your turn, put X +1/+1 counters on another "
                   "target creature you control, where X is the number of experience counters "
                   "you have.")
    e, = a.effects
    assert e.name == "put_counters"
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import quantity
    span = tokenize(e.arg("amount").where)
    x = quantity(span, 0, len(span))
    assert isinstance(x, Quantity) and x.kind == "counters" and x.attribute == "experience"
    assert x.ref.filter.kind == "player" and x.describe() == \
        "the number of experience counters on you"


def test_for_each_poison_counter_your_opponents_have() -> None:
    # Phyrexian Swarmlord
    a = _triggered("At the beginning of your upkeep, create a 1/1 green Insect creature token "
                   "with infect for each poison counter your opponents have.")
    e, = a.effects
    assert "for each poison counter your opponents have" in e.describe()


def test_counters_a_targeted_player_has_is_unread() -> None:
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import quantity
    span = tokenize("the number of poison counters target player has")
    assert quantity(span, 0, len(span)) is None
