"""What a card's Oracle text says about deck construction (CR 702.124 partner, 903.3, 100.2a).

Deck validation (:mod:`analyzer.decks.validate`) asks these questions; the answers are read
here, where every Oracle-text pattern of the project lives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzer.card_model import Card

__all__ = ["NO_LIMIT", "DeckRules", "deck_rules"]

NO_LIMIT = -1
"""``copy_limit`` of a card any number of which a deck may hold (Relentless Rats)."""

_PARTNER_WITH = re.compile(r"^partner with ([^(\n]+?)\s*(?:\(|$)", re.I | re.M)
_PARTNER_GROUP = re.compile(r"^(friends forever|partner\s*[—-]\s*[\w' ]+?)\s*(?:\(|$)",
                            re.I | re.M)
_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.I)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.I)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}


@dataclass(frozen=True, slots=True)
class DeckRules:
    """Deck-construction facts of one card."""

    partner: bool = False
    """Plain "Partner" (CR 702.124c): partners with any other plain partner."""
    partner_with: str | None = None
    """"Partner with NAME" (CR 702.124j): the one card it partners with."""
    partner_group: str | None = None
    """"Friends forever" or "Partner—GROUP" (lower case): partners with the same group."""
    choose_a_background: bool = False
    """"Choose a Background" (CR 702.124k): may lead with a Background."""
    doctors_companion: bool = False
    """"Doctor's companion" (CR 702.124m): may lead with a Doctor."""
    copy_limit: int | None = None
    """Copies a deck may hold when the card overrides the format's limit: a number, or
    :data:`NO_LIMIT`; None when the card says nothing."""

    def partners_with(self, mine: Card, other: Card, theirs: DeckRules) -> bool:
        """True if ``mine`` (with these rules) and ``other`` may lead a deck together."""
        if self.partner and theirs.partner:
            return True
        if (self.partner_with or "").lower() == other.name.lower() or \
                (theirs.partner_with or "").lower() == mine.name.lower():
            return True
        if self.partner_group and self.partner_group == theirs.partner_group:
            return True
        return (self.choose_a_background and "Background" in other.subtypes) or \
            (theirs.choose_a_background and "Background" in mine.subtypes) or \
            (self.doctors_companion and "Doctor" in other.subtypes) or \
            (theirs.doctors_companion and "Doctor" in mine.subtypes)


def deck_rules(card: Card) -> DeckRules:
    """Read a card's deck-construction rules from its keywords and Oracle text.

    Examples
    --------
    >>> from analyzer.card_model import Card, Face
    >>> rats = Card(id="r", name="Relentless Rats", faces=(Face("Relentless Rats",
    ...     text="A deck can have any number of cards named Relentless Rats."),))
    >>> deck_rules(rats).copy_limit == NO_LIMIT
    True
    """
    text = card.text
    partner_with = _PARTNER_WITH.search(text)
    group = _PARTNER_GROUP.search(text)
    lowered = text.lower()
    limit: int | None = None
    if _ANY_NUMBER.search(text):
        limit = NO_LIMIT
    elif (words := _UP_TO.search(text)) is not None:
        limit = _NUMBERS.get(words.group(1).lower())
    plain_partner = "Partner" in card.keywords and partner_with is None and group is None
    return DeckRules(
        partner=plain_partner or bool(re.search(r"^partner\s*(?:\(|$)", text, re.I | re.M)),
        partner_with=partner_with.group(1).strip() if partner_with else None,
        partner_group=re.sub(r"\s+", " ", group.group(1).lower()) if group else None,
        choose_a_background="choose a background" in lowered,
        doctors_companion="doctor's companion" in lowered,
        copy_limit=limit)
