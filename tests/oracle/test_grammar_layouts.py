"""Card kinds with their own structure: Cases (CR 719), Classes (CR 716), sagas (CR 714),
planeswalkers and emblems (CR 606, 114), schemes (CR 904), levelers (CR 711)."""

from __future__ import annotations

from analyzer.cards.model import Card, Face
from analyzer.oracle import CardProfile, compile_card
from analyzer.oracle.abilities import StaticAbility, TriggeredAbility, TriggerEvent
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.grammar.conditions import read_condition
from analyzer.oracle.lines import read_chapter, read_to_solve
from analyzer.oracle.text import normalize_line


def _card(name: str, type_line: str, text: str, subtypes: tuple[str, ...] = (),
          types: tuple[str, ...] = ("Enchantment",)) -> CardProfile:
    return compile_card(Card(id=name, name=name, faces=(Face(
        name=name, type=type_line, types=types, subtypes=subtypes, text=text),)))


# -- Cases (CR 719) ---------------------------------------------------------------------------

FALCON = ("When this Case enters, investigate. (Create a Clue token.)\n"
          "To solve — You control three or more artifacts. (If unsolved, solve at the "
          "beginning of your end step.)\n"
          "Solved — {2}{U}, Sacrifice this Case: Put four +1/+1 counters on target "
          "noncreature artifact.")


def test_to_solve_is_an_end_step_trigger_with_the_condition() -> None:
    ability = read_to_solve("To solve — You've gained 5 or more life this turn.")
    assert ability is not None
    assert ability.trigger.event is TriggerEvent.BEGINNING_OF_STEP
    assert ability.trigger.detail == "your end step"
    assert ability.condition == \
        "if CARDNAME isn't solved and you've gained 5 or more life this turn"
    assert [e.name for e in ability.effects] == ["solve"]
    assert ability.describe() == ("At the beginning of your end step, if this isn't solved "
                                  "and you've gained 5 or more life this turn: this object "
                                  "becomes solved")


def test_to_solve_with_a_condition_not_read_is_none() -> None:
    assert read_to_solve("To solve — The moon is full.") is None


def test_solved_ability_only_while_solved() -> None:
    p = _card("Case of the Filched Falcon", "Enchantment — Case", FALCON, ("Case",))
    assert p.fully_understood, p.unsupported
    solved = p.abilities[-1]
    assert solved.condition == "as long as CARDNAME is solved"
    assert "(as long as this is solved)" in solved.describe()


def test_solved_anthem_carries_the_condition() -> None:
    p = _card("Case of the Gateway Express", "Enchantment — Case",
              "To solve — Three or more creatures attacked this turn.\n"
              "Solved — Creatures you control get +1/+0.", ("Case",))
    assert p.fully_understood, p.unsupported
    assert p.anthems[0].condition == "as long as CARDNAME is solved"


def test_solved_replacement_is_left_unread() -> None:
    """A replacement effect's condition is the event it replaces: "Solved —" can't be put
    on it, so the line stays unread rather than lose the condition."""
    p = _card("Case of the Pilfered Proof", "Enchantment — Case",
              "Solved — If you would draw a card, draw two cards instead.", ("Case",))
    assert not p.fully_understood
    assert not p.abilities


def test_case_conditions() -> None:
    c = read_condition("if you've cast four or more instant and sorcery spells this turn")
    assert c is not None and (c.kind, c.value) == ("this_turn", "cast >=4")
    c = read_condition("if three or more creature cards were put into graveyards from "
                       "anywhere this turn")
    assert c is not None and c.object is not None and c.object.count.low == 3
    c = read_condition("if there are five colors among permanents you control")
    assert c is not None and c.value == "==5 colors among permanents you control"
    c = read_condition("if CARDNAME isn't solved")
    assert c is not None and c.negated and c.value == "solved"


# -- Classes (CR 716) -------------------------------------------------------------------------

def test_class_level_with_its_ability_on_one_line() -> None:
    p = _card("Caretaker's Talent", "Enchantment — Class",
              "{W}: Level 2 — When this Class becomes level 2, draw a card.\n"
              "{3}{W}: Level 3 — Creature tokens you control get +2/+2.", ("Class",))
    assert p.fully_understood, p.unsupported
    levels = [a for a in p.abilities if a.effects and a.effects[0].name == "gain_level"]
    assert len(levels) == 2
    trigger = next(a for a in p.abilities if isinstance(a, TriggeredAbility))
    assert trigger.condition.startswith("as long as CARDNAME is level 2 or higher")
    gated = [x.condition for x in (*p.anthems, *p.abilities)
             if isinstance(x, StaticAbility) or x in p.anthems]
    assert "as long as CARDNAME is level 3 or higher" in gated


def test_class_level_replacement_is_unread() -> None:
    p = _card("Innkeeper's Talent", "Enchantment — Class",
              "{3}{G}: Level 3 — If you would put one or more counters on a permanent or "
              "player, put twice that many of each of those kinds of counters on that "
              "permanent or player instead.", ("Class",))
    assert p.unsupported[0].text.startswith("If you would put")


# -- sagas (CR 714) ---------------------------------------------------------------------------

def test_chapter_with_a_flavor_word() -> None:
    a = read_chapter("I, II — Wings of Light — Put a +1/+1 counter on each other creature "
                     "you control.")
    assert a is not None
    assert a.trigger.detail == "I, II" and a.ability_word == "Wings of Light"
    assert a.effects[0].name == "put_counters"


# -- planeswalkers and emblems (CR 606, 114) --------------------------------------------------

def test_loyalty_brackets_without_a_space() -> None:
    assert normalize_line("[+1]:Put the top three cards of your library into your "
                          "graveyard.") == \
        "+1: Put the top three cards of your library into your graveyard."


def test_emblem_for_target_opponent() -> None:
    e, = parse_effects('Target opponent gets an emblem with "Whenever a player draws a card, '
                       'you lose 2 life."')
    assert e.name == "create_emblem"
    assert e.arg("player").targeted
    assert e.describe() == ('target opponent: get an emblem with "Whenever a player draws a '
                            'card, you lose 2 life."')


def test_emblem_with_two_abilities_and_this_emblem() -> None:
    e, = parse_effects('You get an emblem with "You have no maximum hand size" and '
                       '"Whenever a card is put into your graveyard from anywhere, you may '
                       'return it to your hand."')
    assert e.arg("ability").startswith('You have no maximum hand size" and "Whenever')
    e, = parse_effects('You get an emblem with "Whenever you cast a spell, this emblem deals '
                       '5 damage to any target."')
    assert e.name == "create_emblem"


def test_emblem_with_an_ability_not_read_is_unread() -> None:
    assert parse_effects('You get an emblem with "Dance wildly."') is None


# -- schemes (CR 904) -------------------------------------------------------------------------

def test_scheme_put_a_token_onto_the_battlefield_is_create() -> None:
    p = _card("The Iron Guardian Stirs", "Scheme",
              "When you set this scheme in motion, put a 4/6 colorless Golem artifact "
              "creature token onto the battlefield.", types=("Scheme",))
    assert p.fully_understood, p.unsupported
    a = p.abilities[0]
    assert isinstance(a, TriggeredAbility) and a.trigger.event is TriggerEvent.SET_IN_MOTION
    assert a.effects[0].name == "create_token"
