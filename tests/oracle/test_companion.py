"""The companion condition reader (CR 702.139a): each "Companion — ..." sentence shape to its
typed condition, read from the card's Oracle text, never from a table of names."""

from __future__ import annotations

import pytest

from analyzer.cards.model import Card, Face
from analyzer.oracle.companion import (
    CardScope,
    CompanionCondition,
    DifferentNames,
    ExtraCards,
    HasActivatedAbility,
    ManaValueAtLeast,
    ManaValueAtMost,
    ManaValueParity,
    NoRepeatedManaSymbol,
    OneOfSubtypes,
    SharedCardType,
    companion_condition,
)
from tests.decks._companions import CONDITIONS, companion


@pytest.mark.parametrize(("name", "scope", "requirement", "lands_exempt"), [
    ("Lurrus of the Dream-Den", CardScope.PERMANENT, ManaValueAtMost(2), False),
    ("Kaheera, the Orphanguard", CardScope.CREATURE,
     OneOfSubtypes(("Cat", "Elemental", "Nightmare", "Dinosaur", "Beast")), False),
    ("Jegantha, the Wellspring", CardScope.EVERY, NoRepeatedManaSymbol(), False),
    ("Obosh, the Preypiercer", CardScope.EVERY, ManaValueParity(even=False), True),
    ("Yorion, Sky Nomad", CardScope.EVERY, ExtraCards(20), False),
    ("Zirda, the Dawnwaker", CardScope.PERMANENT, HasActivatedAbility(), False),
    ("Gyruda, Doom of Depths", CardScope.EVERY, ManaValueParity(even=True), False),
    ("Keruga, the Macrosage", CardScope.EVERY, ManaValueAtLeast(3), True),
    ("Umori, the Collector", CardScope.NONLAND, SharedCardType(), False),
    ("Lutri, the Spellchaser", CardScope.NONLAND, DifferentNames(), False),
])
def test_each_sentence_shape(name: str, scope: CardScope, requirement: object,
                             lands_exempt: bool) -> None:
    condition = companion_condition(companion(name))
    assert condition == CompanionCondition(scope, requirement,  # type: ignore[arg-type]
                                           lands_exempt, CONDITIONS[name].rstrip("."))
    assert condition.understood


def test_the_reader_reads_the_text_not_the_name() -> None:
    # a made-up companion with Lurrus's shape and another number is read the same way
    condition = companion_condition(companion(
        "Test Companion", "Each creature card in your starting deck has mana value 4 or less.",
        dash="-"))
    assert condition is not None
    assert (condition.scope, condition.requirement) == (CardScope.CREATURE, ManaValueAtMost(4))


def test_an_unknown_shape_is_kept_not_understood() -> None:
    condition = companion_condition(companion("Odd One", "Your starting deck is blue."))
    assert condition is not None and not condition.understood
    assert condition.requirement is None and condition.text == "Your starting deck is blue"


def test_a_card_without_companion_has_no_condition() -> None:
    assert companion_condition(Card("b", "Grizzly Bears", faces=(Face("Grizzly Bears"),))) is None


def test_describe() -> None:
    condition = companion_condition(companion("Lurrus of the Dream-Den"))
    assert condition is not None
    assert condition.describe() == "each permanent card has mana value 2 or less"


@pytest.mark.shared
def test_every_real_companion_is_read(shared_cards: dict[str, Card]) -> None:
    companions = [c for c in shared_cards.values() if "Companion" in c.keywords]
    assert companions, "the shared file holds Lurrus of the Dream-Den"
    for card in companions:
        condition = companion_condition(card)
        assert condition is not None and condition.understood, card.name
    lurrus = companion_condition(shared_cards["Lurrus of the Dream-Den"])
    assert lurrus is not None
    assert (lurrus.scope, lurrus.requirement) == (CardScope.PERMANENT, ManaValueAtMost(2))
