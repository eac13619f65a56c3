"""Statics stopping the deck's own cards, read into typed values (analyzer.oracle.hindrance).

Texts are the real cards' Oracle text (AtomicCards.json); each expected reading is decided
from that text and the rules (CR 602.5: an ability that can't be activated; 605.1a: mana
abilities are activated abilities; 606.3: loyalty abilities; 603.2, 603.6a, 700.4:
abilities triggered by entering and dying).
"""

from __future__ import annotations

import doctest
from typing import Any

import pytest

import analyzer.oracle.hindrance as hindrance
from analyzer.oracle import compile_card
from analyzer.oracle.abilities import TriggerEvent
from analyzer.oracle.hindrance import Hindered, Hindrance, hindrances, read_hindrances

pytestmark = [pytest.mark.shared, pytest.mark.slow]

ENTERS, DIES = TriggerEvent.ENTERS, TriggerEvent.DIES


def _reading(shared_cards: dict[str, Any], name: str) -> Hindrance:
    (found,) = hindrances(compile_card(shared_cards[name]))
    return found


def test_doctests() -> None:
    result = doctest.testmod(hindrance)
    assert result.attempted >= 8
    assert result.failed == 0


def test_the_immortal_sun_loyalty_abilities(shared_cards: Any) -> None:
    # "Players can't activate planeswalkers' loyalty abilities."
    sun = _reading(shared_cards, "The Immortal Sun")
    assert sun.stops is Hindered.LOYALTY_ABILITIES
    assert sun.types == {"Planeswalker"} and not sun.opponents_only
    assert sun.rules == ("606.3", "602.5")
    assert sun.text == "Players can't activate planeswalkers' loyalty abilities."


@pytest.mark.parametrize(("name", "types", "events"), [
    ("Torpor Orb", {"Creature"}, {ENTERS}),             # "Creatures entering don't ..."
    ("Hushwing Gryff", {"Creature"}, {ENTERS}),         # "... entering the battlefield ..."
    ("Tocatli Honor Guard", {"Creature"}, {ENTERS}),
    ("Hushbringer", {"Creature"}, {ENTERS, DIES}),      # "... entering the battlefield or dying"
    ("Doorkeeper Thrull", {"Artifact", "Creature"}, {ENTERS}),   # "Artifacts and creatures"
])
def test_entering_or_dying_causes_no_trigger(shared_cards: Any, name: str, types: set[str],
                                             events: set[TriggerEvent]) -> None:
    reading = _reading(shared_cards, name)
    assert reading.stops is Hindered.TRIGGERS
    assert reading.types == types and reading.events == events
    assert reading.rules[0] == "603.2" and "603.6a" in reading.rules
    assert ("700.4" in reading.rules) == (DIES in events)


@pytest.mark.parametrize(("name", "types", "mana", "opponents"), [
    ("Stony Silence", {"Artifact"}, True, False),
    ("Null Rod", {"Artifact"}, True, False),
    ("Collector Ouphe", {"Artifact"}, True, False),
    ("Cursed Totem", {"Creature"}, True, False),
    ("Clarion Conqueror", {"Artifact", "Creature", "Planeswalker"}, True, False),
    # "... unless they're mana abilities."
    ("Damping Matrix", {"Artifact", "Creature"}, False, False),
    # "... of creatures your opponents control ...": never its controller's own cards
    ("Linvala, Keeper of Silence", {"Creature"}, True, True),
    ("Sharkey, Tyrant of the Shire", {"Land"}, False, True),
])
def test_activated_abilities_cant_be_activated(shared_cards: Any, name: str, types: set[str],
                                               mana: bool, opponents: bool) -> None:
    reading = _reading(shared_cards, name)
    assert reading.stops is Hindered.ACTIVATED_ABILITIES
    assert reading.types == types
    assert reading.mana_abilities is mana and reading.opponents_only is opponents
    assert reading.rules == ("602.5",)


@pytest.mark.parametrize("name", [
    "Pithing Needle",                    # sources with the chosen name
    "Phyrexian Revoker",
    "Meekstone",                         # untap restriction: not a nonbo reading
    "Splinter, Radical Rat",             # a trigger doubler
    "Grizzly Bears",
])
def test_other_cards_are_not_read(shared_cards: Any, name: str) -> None:
    assert hindrances(compile_card(shared_cards[name])) == ()


@pytest.mark.parametrize("sentence", [
    "",
    "Players can't activate abilities.",
    "Activated abilities of wizards can't be activated.",      # no card type
    "Creatures entering don't cause abilities to trigger twice.",
    "Activated abilities of sources with the chosen name can't be activated.",
])
def test_near_misses_are_not_read(sentence: str) -> None:
    assert read_hindrances(sentence) == ()
