"""Trigger phrases, intervening "if" conditions and conditions of the clause grammar
(CR 603.1, 603.2, 603.4, 603.7, 603.8, 608.2c, 118.12)."""

from __future__ import annotations

import pytest

from analyzer.oracle.abilities import TriggerEvent
from analyzer.oracle.grammar.conditions import read_condition
from analyzer.oracle.grammar.triggers import read_trigger
from analyzer.oracle.lines import read_activated, read_triggered

E = TriggerEvent


@pytest.mark.parametrize(("phrase", "event", "subject", "detail", "qualifier"), [
    ("At the beginning of combat on your turn", E.BEGINNING_OF_STEP, "", "combat on your turn",
     ""),
    ("At the beginning of combat on each opponent's turn", E.BEGINNING_OF_STEP, "",
     "combat on each opponent's turn", ""),
    ("At the beginning of the upkeep of enchanted creature's controller", E.BEGINNING_OF_STEP,
     "", "enchanted creature's controller's upkeep", ""),
    ("At the beginning of the end step of enchanted creature's controller",
     E.BEGINNING_OF_STEP, "", "enchanted creature's controller's end step", ""),
    ("At the beginning of each of your main phases", E.BEGINNING_OF_STEP, "",
     "each of your main phases", ""),
    ("Whenever you draw your second card each turn", E.DRAW, "you",
     "draw your second card each turn", ""),
    ("Whenever you cast your second spell each turn", E.CAST, "you",
     "cast your second spell each turn", ""),
    ("When you control no Islands", E.STATE, "", "you control no Islands", ""),
    ("When there are no creatures on the battlefield", E.STATE, "",
     "there are no creatures on the battlefield", ""),
    ("Whenever CARDNAME and at least two other creatures attack", E.ATTACKS, "CARDNAME",
     "attacks", "with at least two other creatures"),
    ("Whenever CARDNAME attacks while you control a creature with power 4 or greater",
     E.ATTACKS, "CARDNAME", "attacks", "while you control a creature with power 4 or greater"),
    ("Whenever one or more +1/+1 counters are put on CARDNAME", E.COUNTERS_PUT, "CARDNAME",
     "one or more +1/+1 counters are put on CARDNAME", ""),
    ("Whenever you roll {CHAOS}", E.ROLL_CHAOS, "you", "roll {CHAOS}", ""),
    ("When you set this scheme in motion", E.SET_IN_MOTION, "you",
     "set this scheme in motion", ""),
    ("When you unlock this door", E.UNLOCK, "you", "unlock this door", ""),
    ("When you planeswalk to CARDNAME", E.PLANESWALK, "you", "planeswalk to CARDNAME", ""),
    ("Whenever one or more creature cards leave your graveyard during your turn",
     E.LEAVES_GRAVEYARD, "one or more creature cards", "leave your graveyard",
     "during your turn"),
    ("When CARDNAME dies during combat", E.DIES, "CARDNAME", "dies", "during combat"),
    ("Whenever you expend 4", E.OTHER, "you", "expend 4", ""),
    ("When CARDNAME exploits a creature", E.OTHER, "CARDNAME", "exploits a creature", ""),
])
def test_trigger_phrases(phrase: str, event: TriggerEvent, subject: str, detail: str,
                         qualifier: str) -> None:
    t = read_trigger(phrase)
    assert t is not None
    assert (t.event, t.subject, t.detail, t.qualifier) == (event, subject, detail, qualifier)


def test_events_already_read_keep_their_words() -> None:
    t = read_trigger("Whenever a Ninja you control deals combat damage to a player")
    assert (t.event, t.subject, t.detail) == (E.COMBAT_DAMAGE_TO_PLAYER, "a Ninja you control",
                                              "deals combat damage to a player")
    assert read_trigger("At the beginning of your upkeep").detail == "your upkeep"


def test_a_state_trigger_needs_a_state() -> None:
    assert read_trigger("When CARDNAME is the moon") is None
    assert read_trigger("At the beginning of the moon") is None


@pytest.mark.parametrize(("text", "kind", "value", "negated"), [
    ("if you control three or more artifacts", "control", ">=3", False),
    ("if you control exactly two creatures", "control", "==2", False),
    ("if you control no Islands", "control", "==0", False),
    ("unless you control a Swamp", "control", "", True),
    ("if you have fewer than three cards in hand", "hand", "<3", False),
    ("if you have no cards in hand", "hand", "==0", False),
    ("if X is 5 or more", "x", ">=5", False),
    ("if it's not a creature", "is", "a creature", True),
    ("if that card is a land", "is", "a land", False),
    ("if it was kicked", "cast_how", "kicked", False),
    ("if it was kicked with its {1}{R} kicker", "cast_how", "kicked {1}{R}", False),
    ("if tribute wasn't paid", "cast_how", "tribute paid", True),
    ("if the gift was promised", "cast_how", "gift promised", False),
    ("if {R} was spent to cast it", "mana_spent", "{R}", False),
    ("if at least three mana was spent to cast it", "mana_spent", ">=3", False),
    ("if CARDNAME attacked or blocked this combat", "combat",
     "attacked or blocked this combat", False),
    ("if a permanent you controlled left the battlefield this turn", "this_turn",
     "left the battlefield", False),
    ("if you haven't cast a spell from your hand this turn", "this_turn", "cast from hand",
     True),
    ("if CARDNAME is in your graveyard", "in_zone", "your graveyard", False),
    ("if it's not their turn", "turn", "theirs", True),
    ("if that spell is countered this way", "is", "countered this way", False),
    ("if you've cast two or more spells this turn", "this_turn", "cast", False),
    ("if its power is 4 or greater", "compare", ">=4", False),
    ("unless you discard a card", "pay", "discard a card", True),
    ("unless you sacrifice a land", "pay", "sacrifice a land", True),
    ("unless its controller pays {2}", "pay", "{2}", True),
])
def test_conditions_are_typed(text: str, kind: str, value: str, negated: bool) -> None:
    c = read_condition(text)
    assert c is not None, text
    assert (c.kind, c.value, c.negated) == (kind, value, negated)
    assert c.text == text


def test_conditions_joined_by_or_and_and() -> None:
    c = read_condition("if you control a Desert or there is a Desert card in your graveyard")
    assert c.kind == "or" and [p.kind for p in c.parts] == ["control", "count"]
    c = read_condition("if you control no permanents other than CARDNAME and have no cards "
                       "in hand")
    assert c.kind == "and" and [p.kind for p in c.parts] == ["control", "hand"]
    assert c.parts[1].subject.text == "you"


def test_conditions_not_read() -> None:
    assert read_condition("if the moon is full") is None
    assert read_condition("if it's not the moon") is None


def test_triggered_abilities_read_whole() -> None:
    a = read_triggered("At the beginning of combat on your turn, put a +1/+1 counter on "
                       "target creature you control.")
    assert a is not None and a.effects[0].name == "put_counters"
    a = read_triggered("When you control no Islands, sacrifice CARDNAME.")
    assert a is not None and a.trigger.event is E.STATE and a.effects[0].name == "sacrifice"
    a = read_triggered("When CARDNAME enters, sacrifice it unless you discard a card.")
    assert a is not None and a.effects[0].condition == "unless you discard a card"
    a = read_triggered("At end of combat, if CARDNAME attacked or blocked this combat, "
                       "put a +1/+1 counter on it.")
    assert a is not None and a.condition == "if CARDNAME attacked or blocked this combat"


def test_activation_condition() -> None:
    a = read_activated("{T}: Add {C}. Activate only if you control five or more lands.")
    assert a is None or a.timing  # a mana ability is read elsewhere
    a = read_activated("{1}: CARDNAME gets +1/+1 until end of turn. Activate only if you "
                       "have three or fewer cards in hand.")
    assert a is not None and a.timing


def test_trailing_if_is_the_clause_condition() -> None:
    from analyzer.oracle.grammar import parse_effects

    (e,) = parse_effects("Exile target creature if it has mana value 3 or less.")
    assert e.name == "change_zone" and e.condition == "if it has mana value 3 or less"
    a = read_triggered("At the beginning of your upkeep, discard a card if you don't control "
                       "an Ogre.")
    assert a is not None and a.effects[0].condition == "if you don't control an Ogre"
    (d,) = parse_effects("Sacrifice it at the beginning of the next end step if it has mana "
                         "value 3 or less.")
    assert d.name == "delayed"
    (inner,) = d.arg("effects")
    assert inner.name == "sacrifice" and inner.condition == "if it has mana value 3 or less"


def test_a_static_keeps_its_trailing_condition() -> None:
    from analyzer.oracle.grammar.statics import read_static_sentence

    r = read_static_sentence("CARDNAME can't be blocked if an artifact entered the battlefield "
                             "under your control this turn.")
    assert r is not None and r.kind == "static"
    assert r.value.condition == "if an artifact entered the battlefield under your control " \
                                "this turn"
    assert all(not e.condition for e in r.value.effects)


@pytest.mark.parametrize(("sentence", "when"), [
    ("When that creature dies this turn, create a 3/2 colorless Eldrazi Horror creature token.",
     "when that creature dies this turn"),
    ("When you next cast an instant or sorcery spell this turn, copy that spell.",
     "when you next cast an instant or sorcery spell this turn"),
    ("Whenever a creature attacks this turn, it gains lifelink until end of turn.",
     "whenever a creature attacks this turn"),
    ("At the beginning of that turn's end step, you lose the game.",
     "at the beginning of that turn's end step"),
    ("At this turn's next end of combat, destroy CARDNAME.", "at this turn's next end of combat"),
])
def test_delayed_triggers(sentence: str, when: str) -> None:
    from analyzer.oracle.grammar import parse_effects

    effects = parse_effects(sentence)
    assert effects is not None and len(effects) == 1
    assert effects[0].name == "delayed" and effects[0].arg("when") == when


def test_a_printed_trigger_is_never_a_delayed_one() -> None:
    from analyzer.oracle.grammar import parse_effects

    assert parse_effects("When CARDNAME dies, draw a card.") is None
    assert read_triggered("When you next cast an instant or sorcery spell this turn, copy "
                          "that spell.") is None


def test_two_trigger_conditions_of_one_ability() -> None:
    t = read_trigger("When CARDNAME enters or the creature it haunts dies")
    assert (t.event, t.subject) == (E.ENTERS, "CARDNAME")
    (other,) = t.alternatives
    assert (other.event, other.subject, other.detail) == (E.DIES, "the creature it haunts",
                                                          "dies")
    t = read_trigger("When you planeswalk to CARDNAME or at the beginning of your upkeep")
    assert t.event is E.PLANESWALK and t.alternatives[0].detail == "your upkeep"
    t = read_trigger("Whenever CARDNAME enters or transforms into CARDNAME")
    assert t.alternatives[0].subject == "CARDNAME"
    assert read_trigger("Whenever a creature or planeswalker you control dies").alternatives \
        == ()


def test_the_rules_core_refuses_two_event_triggers() -> None:
    from analyzer.cards.model import Card, Face
    from analyzer.oracle.compile import compile_card
    from analyzer.rules.model import CardData
    from analyzer.rules.triggers import unplayed_parts

    card = Card(id="t", name="Thrull", faces=(Face(
        name="Thrull", type="Creature — Thrull", types=("Creature",),
        text="When Thrull enters or the creature it haunts dies, you gain 2 life."),))
    parts = unplayed_parts(CardData(card, compile_card(card)))
    assert any(p.why == "a trigger with more than one event" and p.when == "now"
               for p in parts)


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("if you control your commander", "control", "your commander"),
    ("if you control a Vraska planeswalker", "control", "a Vraska planeswalker"),
    ("if you control the creature with the greatest power or tied for the greatest power",
     "control", "the creature with the greatest power or tied"),
    ("if this is the second time this ability has resolved this turn", "this_turn",
     "resolved the second time"),
    ("if you discard a creature card this way", "this_way", "discard a creature card"),
    ("if a Dragon was beheld", "cast_how", "beheld Dragon"),
    ("if its mana value was 2 or less", "compare", "<=2"),
    ("if it comes up tails", "won", "tails"),
    ("if 4 or more damage was dealt to it this turn", "this_turn", "dealt >=4 damage"),
])
def test_more_conditions(text: str, kind: str, value: str) -> None:
    c = read_condition(text)
    assert c is not None and (c.kind, c.value) == (kind, value)


def test_casting_this_spell_for_free_is_no_effect() -> None:
    from analyzer.oracle.grammar import parse_effects

    assert parse_effects("If you control a commander, you may cast CARDNAME without paying "
                         "its mana cost.") is None


def test_activation_restrictions_joined_by_and_only() -> None:
    from analyzer.oracle.abilities import Timing
    from analyzer.oracle.lines import read_timings

    assert read_timings("Activate only if you control an enchantment and only as a sorcery.") \
        == (Timing.CONDITION, Timing.SORCERY)
    assert read_timings("Activate only once and only during your turn.") == (Timing.ONCE,
                                                                              Timing.YOUR_TURN)
    assert read_timings("Activate only if the moon is full and only as a sorcery.") == ()
    a = read_activated("{T}, Pay 1 life: Draw a card. Activate only if three or more cards "
                       "left your graveyard this turn or if you've sacrificed a Food this turn.")
    assert a is not None and a.timing == (Timing.CONDITION,)


def test_instead_after_a_condition_marks_every_effect() -> None:
    from analyzer.oracle.grammar import parse_effects

    effects = parse_effects("If you cast CARDNAME during your main phase, instead scry 3, then "
                            "draw three cards.")
    assert effects is not None and [e.name for e in effects] == ["scry", "draw"]
    assert all(e.condition == "if you cast CARDNAME during your main phase, (instead)"
               for e in effects)
