"""A companion's condition (CR 702.139a), read from its Oracle text into a typed value.

A companion is written ``Companion — [Condition].`` Its condition is one of a few sentence
shapes over the *starting deck* (CR 702.139b: the deck once sideboard cards are set aside;
in Commander, the commander included), and each shape becomes a :class:`CompanionCondition`:
*which* cards it speaks of (:class:`CardScope`), *what* it asks of them (a requirement
value), and whether land cards are let off. Deck validation
(:mod:`analyzer.decks.companion`) checks the value; nothing reads the words again.

The shapes (the ten Ikoria companions are all written in them):

- ``Each [permanent|creature|nonland] card in your starting deck`` + ``has mana value N or
  less`` / ``or greater`` (:class:`ManaValueAtMost`, :class:`ManaValueAtLeast`), ``is a A,
  B, or C card`` (:class:`OneOfSubtypes`), ``has an activated ability``
  (:class:`HasActivatedAbility`), ``has a different name`` (:class:`DifferentNames`),
  ``shares a card type`` (:class:`SharedCardType`);
- ``Your starting deck contains only cards with`` + ``even`` / ``odd mana values``
  (:class:`ManaValueParity`) or ``mana value N or greater`` / ``or less``, optionally
  ``and land cards`` (:attr:`CompanionCondition.lands_exempt`);
- ``No card in your starting deck has more than one of the same mana symbol in its mana
  cost`` (:class:`NoRepeatedManaSymbol`);
- ``Your starting deck contains at least N cards more than the minimum deck size``
  (:class:`ExtraCards`).

A condition in no known shape is kept with ``requirement=None`` (:attr:`understood` false),
so a caller reports it instead of passing it.

Examples
--------
>>> from analyzer.card_model import Card, Face
>>> lurrus = Card("l", "Lurrus of the Dream-Den", keywords=("Companion",), faces=(Face(
...     "Lurrus of the Dream-Den", text="Companion — Each permanent card in your starting "
...     "deck has mana value 2 or less. (If this card is your chosen companion, ...)"),))
>>> condition = companion_condition(lurrus)
>>> condition.scope, condition.requirement
(<CardScope.PERMANENT: 2>, ManaValueAtMost(limit=2))
>>> condition.describe()
'each permanent card has mana value 2 or less'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TypeAlias

from analyzer.card_model import Card
from analyzer.oracle.objects import parse_number

__all__ = ["CardScope", "CompanionCondition", "DifferentNames", "ExtraCards",
           "HasActivatedAbility", "ManaValueAtLeast", "ManaValueAtMost", "ManaValueParity",
           "NoRepeatedManaSymbol", "OneOfSubtypes", "Requirement", "SharedCardType",
           "companion_condition"]


class CardScope(enum.Enum):
    """Which cards of the starting deck a condition speaks of."""

    EVERY = enum.auto()
    """Every card (``Your starting deck contains only cards with ...``, ``No card ...``)."""
    PERMANENT = enum.auto()
    """Permanent cards: artifact, creature, enchantment, land, planeswalker, battle
    (CR 110.4)."""
    CREATURE = enum.auto()
    """Creature cards."""
    NONLAND = enum.auto()
    """Nonland cards."""


@dataclass(frozen=True, slots=True)
class ManaValueAtMost:
    """``has mana value N or less`` (CR 202.3)."""

    limit: int
    """N."""


@dataclass(frozen=True, slots=True)
class ManaValueAtLeast:
    """``mana value N or greater``."""

    limit: int
    """N."""


@dataclass(frozen=True, slots=True)
class ManaValueParity:
    """``even mana values`` / ``odd mana values`` (0 is even)."""

    even: bool
    """True for even, False for odd."""


@dataclass(frozen=True, slots=True)
class OneOfSubtypes:
    """``is a Cat, Elemental, ... or Beast card``: has one of these subtypes (a changeling
    has them all, CR 702.73a)."""

    subtypes: tuple[str, ...]
    """The subtypes, as printed."""


@dataclass(frozen=True, slots=True)
class HasActivatedAbility:
    """``has an activated ability`` (CR 602; mana abilities, CR 605, and activated keywords
    count)."""


@dataclass(frozen=True, slots=True)
class DifferentNames:
    """``has a different name``: no two of these cards share a name."""


@dataclass(frozen=True, slots=True)
class SharedCardType:
    """``shares a card type``: one card type (CR 205.2a) common to all these cards."""


@dataclass(frozen=True, slots=True)
class NoRepeatedManaSymbol:
    """``more than one of the same mana symbol in its mana cost`` is forbidden
    (CR 107.4: ``{R}{R}`` repeats; ``{2}{R}`` does not)."""


@dataclass(frozen=True, slots=True)
class ExtraCards:
    """``at least N cards more than the minimum deck size`` (a deck-wide count)."""

    count: int
    """N."""


Requirement: TypeAlias = (ManaValueAtMost | ManaValueAtLeast | ManaValueParity | OneOfSubtypes
                          | HasActivatedAbility | DifferentNames | SharedCardType
                          | NoRepeatedManaSymbol | ExtraCards)
"""What a condition asks (one of the shapes above)."""


@dataclass(frozen=True, slots=True)
class CompanionCondition:
    """A companion's condition: the cards it speaks of and what it asks of them."""

    scope: CardScope
    """Which cards of the starting deck are checked."""
    requirement: Requirement | None
    """What they must fulfil; ``None`` when the sentence is in no known shape."""
    lands_exempt: bool = False
    """``... and land cards``: land cards fulfil it whatever they are."""
    text: str = ""
    """The condition as printed, without ``Companion —``, reminder text and final period."""

    @property
    def understood(self) -> bool:
        """Whether the sentence was read (a requirement is known)."""
        return self.requirement is not None

    def describe(self) -> str:
        """The condition in short words (``"each permanent card has mana value 2 or less"``)."""
        req = self.requirement
        what = {CardScope.EVERY: "each card", CardScope.PERMANENT: "each permanent card",
                CardScope.CREATURE: "each creature card",
                CardScope.NONLAND: "each nonland card"}[self.scope]
        match req:
            case ManaValueAtMost(limit):
                asked = f"has mana value {limit} or less"
            case ManaValueAtLeast(limit):
                asked = f"has mana value {limit} or greater"
            case ManaValueParity(even):
                asked = f"has an {'even' if even else 'odd'} mana value"
            case OneOfSubtypes(subtypes):
                asked = "is a " + ", ".join(subtypes[:-1]) + f" or {subtypes[-1]}" \
                    if len(subtypes) > 1 else f"is a {subtypes[0]}"
            case HasActivatedAbility():
                asked = "has an activated ability"
            case DifferentNames():
                asked = "has a different name"
            case SharedCardType():
                asked = "shares a card type"
            case NoRepeatedManaSymbol():
                asked = "has no mana symbol twice in its mana cost"
            case ExtraCards(count):
                return f"the deck has at least {count} cards more than the minimum deck size"
            case _:
                return self.text
        return f"{what} {asked}" + (" (land cards excepted)" if self.lands_exempt else "")


_COMPANION_LINE = re.compile(r"^companion\s*[—–-]\s*(?P<condition>.+)$", re.IGNORECASE | re.M)
_REMINDER = re.compile(r"\s*\([^()]*\)")
_EACH = re.compile(r"^each (?:(?P<scope>permanent|creature|nonland) )?card in your starting "
                   r"deck (?P<asked>.+)$")
_ONLY = re.compile(r"^your starting deck contains only cards with (?P<asked>.+?)"
                   r"(?P<lands> and land cards)?$")
_EXTRA = re.compile(r"^your starting deck contains at least (?P<n>[\w-]+) cards more than "
                    r"the minimum deck size$")
_NO_REPEAT = re.compile(r"^no card in your starting deck has more than one of the same mana "
                        r"symbol in its mana cost$")
_MANA_VALUE = re.compile(r"^(?:has )?mana value (?P<n>[\w-]+) or (?P<way>less|greater)$")
_PARITY = re.compile(r"^(?P<parity>even|odd) mana values$")
_SUBTYPES = re.compile(r"^is an? (?P<list>.+) card$")
_SCOPES = {None: CardScope.EVERY, "permanent": CardScope.PERMANENT,
           "creature": CardScope.CREATURE, "nonland": CardScope.NONLAND}
_PLAIN: dict[str, Requirement] = {"has an activated ability": HasActivatedAbility(),
                                   "has a different name": DifferentNames(),
                                   "shares a card type": SharedCardType()}


def companion_condition(card: Card) -> CompanionCondition | None:
    """Read the condition of ``card``'s companion ability (CR 702.139a).

    Parameters
    ----------
    card : Card
        Any card; its Oracle text (every face) is searched for a ``Companion — ...`` line.

    Returns
    -------
    CompanionCondition or None
        ``None`` when the card has no companion line; a condition with
        ``requirement=None`` when the sentence is in no known shape (see the module
        docstring).
    """
    line = _COMPANION_LINE.search(card.text)
    if line is None:
        return None
    text = _REMINDER.sub("", line["condition"]).strip().rstrip(".").strip()
    scope, requirement, lands = _read(text.lower())
    return CompanionCondition(scope, requirement, lands, text)


def _read(sentence: str) -> tuple[CardScope, Requirement | None, bool]:
    """``(scope, requirement, lands_exempt)`` of a lower-case condition sentence."""
    if _NO_REPEAT.match(sentence):
        return CardScope.EVERY, NoRepeatedManaSymbol(), False
    if (m := _EXTRA.match(sentence)) and (n := parse_number(m["n"])) is not None and n >= 0:
        return CardScope.EVERY, ExtraCards(n), False
    if m := _EACH.match(sentence):
        return _SCOPES[m["scope"]], _asked(m["asked"]), False
    if m := _ONLY.match(sentence):
        return CardScope.EVERY, _asked(m["asked"]), m["lands"] is not None
    return CardScope.EVERY, None, False


def _asked(words: str) -> Requirement | None:
    """The requirement of a predicate (``has mana value 2 or less``, ``odd mana values``)."""
    if words in _PLAIN:
        return _PLAIN[words]
    if (m := _MANA_VALUE.match(words)) and (n := parse_number(m["n"])) is not None and n >= 0:
        return ManaValueAtMost(n) if m["way"] == "less" else ManaValueAtLeast(n)
    if m := _PARITY.match(words):
        return ManaValueParity(even=m["parity"] == "even")
    if m := _SUBTYPES.match(words):
        names = [n.strip() for n in re.split(r",\s*(?:or\s+)?|\s+or\s+", m["list"]) if n.strip()]
        return OneOfSubtypes(tuple(n[:1].upper() + n[1:] for n in names)) if names else None
    return None
