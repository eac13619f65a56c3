"""Small readings of Oracle text that the graph and the rules core ask for.

The design rule: one understanding of a card serves everyone, and no module outside
:mod:`analyzer.oracle` matches Oracle text with its own regular expressions. These readers
answer the narrow questions the synergy families and the rules core ask of a line, a span the
compiler left unsupported, or a condition: each takes the text and returns a typed value
(a frozen dataclass, a string, a bool) or ``None`` when the text is not that kind of text.

Examples
--------
>>> level_up_cost("Level up {2}")
'{2}'
>>> is_loyalty_ability("[+1]: Draw a card.")
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ClassLevel", "GroupUnblockable", "LevelerBand", "as_long_as", "class_level",
           "condition_parts", "group_unblockable", "is_if_you_do", "is_loyalty_ability",
           "is_not_mana_ability", "is_prowl_paid", "is_unless_entered_this_turn",
           "level_up_cost", "leveler_band", "restricted_spell_type",
           "spending_restriction_sentence", "turns_over"]


_GROUP_UNBLOCKABLE = re.compile(
    r"^(?P<who>(?:other )?(?:[A-Z][a-z]+ )?(?:creatures|[A-Z][a-z]+s)) you control"
    r"(?P<with> with (?:power or toughness|power|toughness) \d+ or (?:less|greater))?"
    r" can't be blocked\.$")
"""A static ability the compiler leaves unread (an unsupported span): creatures you control,
possibly with a power or toughness limit, can't be blocked (Tetsuko Umezawa, Fugitive:
"Creatures you control with power or toughness 1 or less can't be blocked.")."""

_TURNS_OVER = re.compile(r"\btransform|\bdaybound\b|\bdisturb\b|\bmore than meets the eye\b"
                         r"|\bconvert\b|\bcraft with\b|\bnightbound\b", re.IGNORECASE)

_CLASS_LEVEL = re.compile(r"^(?P<cost>(?:\{[^{}]+\})+): Level (?P<level>\d+)$")
_LEVEL_UP = re.compile(r"^Level up (?P<cost>(?:\{[^{}]+\})+)")
_LEVELER_BAND = re.compile(r"^LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|\+)$")
_AS_LONG_AS = re.compile(r"\bas long as (?P<what>[^,.]+)", re.IGNORECASE)

_PROWL_PAID = re.compile(r"^if (?:its|CARDNAME's|this \w+'s) prowl cost was paid$")

_RESTRICTION = re.compile(r"Spend this mana only[^.]*\.")

_LOYALTY = re.compile(r"^\[[+\-\u2212]?[\dX]+\]:")


@dataclass(frozen=True, slots=True)
class GroupUnblockable:
    """A "[creatures] you control [with power or toughness N or less] can't be blocked"
    static ability (CR 509.1b)."""

    who: str
    """The affected group as printed, e.g. ``"Creatures"``, ``"Other Ninjas"``."""
    with_limit: str
    """The power or toughness limit with its leading space, e.g.
    ``" with power or toughness 1 or less"``; ``""`` when there is none."""


def group_unblockable(text: str) -> GroupUnblockable | None:
    """Read a group "can't be blocked" static ability (CR 509.1b) from one sentence.

    Parameters
    ----------
    text : str
        One sentence, typically an unsupported span's text; surrounding whitespace is
        ignored.

    Returns
    -------
    GroupUnblockable or None
        The group and its limit, ``None`` when the sentence is not such an ability.

    >>> group_unblockable("Creatures you control with power or toughness 1 or less "
    ...                   "can't be blocked.")
    GroupUnblockable(who='Creatures', with_limit=' with power or toughness 1 or less')
    >>> group_unblockable("Creatures you control have flying.") is None
    True
    """
    match = _GROUP_UNBLOCKABLE.match(text.strip())
    if match is None:
        return None
    return GroupUnblockable(match["who"], match["with"] or "")


def turns_over(text: str) -> bool:
    """Whether a face's Oracle text turns a double-faced card over: it transforms it or
    names a keyword that does (daybound/nightbound, disturb, more than meets the eye,
    convert, craft; CR 712.8, 701.28 transform, 702.145 daybound, 702.146 disturb).

    >>> turns_over("At the beginning of each upkeep, if no spells were cast last turn, "
    ...            "transform Delver of Secrets.")
    True
    >>> turns_over("Flying")
    False
    """
    return _TURNS_OVER.search(text) is not None


@dataclass(frozen=True, slots=True)
class ClassLevel:
    """A Class's level line "{cost}: Level N" (CR 716.2a)."""

    cost: str
    """The mana cost as printed, e.g. ``"{1}{B}"``."""
    level: str
    """The level gained, digits as printed, e.g. ``"2"``."""


def class_level(line: str) -> ClassLevel | None:
    """Read a Class level line "{1}{B}: Level 2" (CR 716.2a: an activated ability that
    gives the Class that level; the abilities printed below it apply from then on).

    Parameters
    ----------
    line : str
        One Oracle text line, already stripped.

    >>> class_level("{1}{B}: Level 2")
    ClassLevel(cost='{1}{B}', level='2')
    >>> class_level("Level up {2}") is None
    True
    """
    match = _CLASS_LEVEL.match(line)
    return None if match is None else ClassLevel(match["cost"], match["level"])


def level_up_cost(line: str) -> str | None:
    """The cost of a "Level up {cost}" line (CR 702.87 level up), ``None`` for another line.

    >>> level_up_cost("Level up {1}{W}")
    '{1}{W}'
    >>> level_up_cost("LEVEL 2-6") is None
    True
    """
    match = _LEVEL_UP.match(line)
    return None if match is None else match["cost"]


@dataclass(frozen=True, slots=True)
class LevelerBand:
    """A leveler's striation "LEVEL low-high" or "LEVEL low+" (CR 711.2a)."""

    low: str
    """The lowest number of level counters, digits as printed."""
    high: str | None
    """The highest number of level counters, ``None`` for "low+" (no upper bound)."""


def leveler_band(line: str) -> LevelerBand | None:
    """Read a leveler's level band line (CR 711.2a, 702.87 level up).

    >>> leveler_band("LEVEL 2-6")
    LevelerBand(low='2', high='6')
    >>> leveler_band("LEVEL 7+")
    LevelerBand(low='7', high=None)
    """
    match = _LEVELER_BAND.match(line)
    return None if match is None else LevelerBand(match["low"], match["high"])


def as_long_as(line: str) -> str | None:
    """The condition words of the first "as long as ..." in a line (CR 611.3a: a static
    ability that applies only while its condition holds), up to the next comma or period;
    ``None`` when the line has none. Case-insensitive.

    >>> as_long_as("As long as you control another Wizard, CARDNAME gets +1/+1.")
    'you control another Wizard'
    >>> as_long_as("Flying") is None
    True
    """
    match = _AS_LONG_AS.search(line)
    return None if match is None else match["what"]


_IF_YOU_DO = re.compile(r"^if you do$")
_UNLESS_ENTERED = re.compile(r"^unless (?:CARDNAME|it|this \w+) entered (?:the battlefield )?"
                             r"this turn$")


def condition_parts(condition: str) -> tuple[str, ...]:
    """A condition split where it joins two ("if you do unless CARDNAME entered this turn"
    -> ``("if you do", "unless CARDNAME entered this turn")``).

    >>> condition_parts("if you do unless CARDNAME entered this turn")
    ('if you do', 'unless CARDNAME entered this turn')
    >>> condition_parts("if you control a Swamp")
    ('if you control a Swamp',)
    """
    text = condition.strip().rstrip(",")
    head, sep, tail = text.partition(" unless ")
    return (head.strip(), f"unless {tail.strip()}") if sep and head else (text,)


def is_if_you_do(condition: str) -> bool:
    """Whether a condition is "if you do" (after an optional effect, CR 608.2c).

    >>> is_if_you_do("if you do"), is_if_you_do("if you don't")
    (True, False)
    """
    return _IF_YOU_DO.match(condition.strip().rstrip(",")) is not None


_NOT_MANA_ABILITY = re.compile(r"^if it isn't a mana ability$", re.IGNORECASE)


def is_not_mana_ability(condition: str) -> bool:
    """Whether a condition is the intervening "if it isn't a mana ability" of a trigger on
    an ability being activated (Rings of Brighthearth; CR 603.4, 605.1a).

    >>> is_not_mana_ability("If it isn't a mana ability"), is_not_mana_ability("if you do")
    (True, False)
    """
    return _NOT_MANA_ABILITY.match(condition.strip().rstrip(",")) is not None


def is_unless_entered_this_turn(condition: str) -> bool:
    """Whether a condition is "unless CARDNAME entered this turn" (Moon-Circuit Hacker).

    >>> is_unless_entered_this_turn("unless CARDNAME entered this turn")
    True
    """
    return _UNLESS_ENTERED.match(condition.strip().rstrip(",")) is not None


def is_prowl_paid(condition: str) -> bool:
    """Whether a condition is "if its prowl cost was paid" (CR 702.76 prowl), also as
    "if CARDNAME's ..." or "if this spell's ..."; surrounding whitespace and a trailing
    comma are ignored.

    >>> is_prowl_paid("if its prowl cost was paid,")
    True
    >>> is_prowl_paid("if you control a Swamp")
    False
    """
    return _PROWL_PAID.match(condition.strip().rstrip(",")) is not None


_ONLY_SPELLS = re.compile(r"^Spend this mana only to cast (?P<what>artifact|creature|"
                         r"enchantment|instant|sorcery|planeswalker) spells\.$")


def restricted_spell_type(sentence: str) -> str | None:
    """The card type of "Spend this mana only to cast <type> spells." (CR 106.6), capitalized
    as a card type; ``None`` for any other restriction.

    >>> restricted_spell_type("Spend this mana only to cast creature spells.")
    'Creature'
    >>> restricted_spell_type("Spend this mana only on costs that contain {X}.") is None
    True
    """
    match = _ONLY_SPELLS.match(sentence.strip())
    return None if match is None else match["what"].capitalize()


def spending_restriction_sentence(text: str) -> str | None:
    """The first "Spend this mana only ..." sentence of a mana ability's text (CR 106.6,
    spending restrictions), with its period; ``None`` when the text has none.

    >>> spending_restriction_sentence("{T}: Add {C}{C}. Spend this mana only to cast "
    ...                               "artifact spells.")
    'Spend this mana only to cast artifact spells.'
    >>> spending_restriction_sentence("{T}: Add {G}.") is None
    True
    """
    match = _RESTRICTION.search(text)
    return None if match is None else match.group(0)


def is_loyalty_ability(text: str) -> bool:
    """Whether a text is a loyalty ability "[+1]: ...", "[−2]: ...", "[X]: ..."
    (CR 606: an activated ability with a loyalty cost).

    >>> is_loyalty_ability("[\u22123]: Destroy target creature.")
    True
    >>> is_loyalty_ability("{T}: Add {G}.")
    False
    """
    return _LOYALTY.match(text) is not None
