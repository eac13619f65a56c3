"""Typed filters: which creatures an ability affects, which spells a reduction applies to.

A filter is data, never a regular expression: the phrase "Other Ninjas you control" becomes
``CreatureFilter(subtypes={"Ninja"}, other=True, controller=Controller.YOU)``, which the
synergy graph and the rules core both read.

Examples
--------
>>> f = parse_creature_filter("Other Ninjas", Controller.YOU)
>>> sorted(f.subtypes), f.other, f.describe()
(['Ninja'], True, 'other Ninjas you control')
>>> parse_creature_filter("Red creatures", Controller.YOU).describe()
'red creatures you control'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Protocol

from analyzer.oracle.mana import COLOR_NAMES, Color
from analyzer.oracle.types import CREATURE_TYPES, plural_of, singular_creature_type

__all__ = [
    "NO_COLOR",
    "Controller",
    "CreatureFilter",
    "FilterTarget",
    "SpellFilter",
    "parse_creature_filter",
    "parse_spell_filter",
]


class Controller(enum.Enum):
    """Whose objects a filter selects."""

    YOU = enum.auto()
    """"... you control"."""
    OPPONENT = enum.auto()
    """"... your opponents control" / "... an opponent controls"."""
    ANY = enum.auto()
    """No controller named: every player's ("All Slivers", "Other Goblins")."""

    @property
    def phrase(self) -> str:
        """The words after the noun: ``" you control"``, ``""``."""
        return {Controller.YOU: " you control",
                Controller.OPPONENT: " your opponents control"}.get(self, "")


class FilterTarget(Protocol):
    """What a filter needs to know about a card (a :class:`~analyzer.oracle.CardProfile`)."""

    @property
    def card_id(self) -> str: ...
    @property
    def types(self) -> frozenset[str]: ...
    @property
    def supertypes(self) -> frozenset[str]: ...
    @property
    def colors(self) -> Color: ...
    @property
    def creature_types(self) -> frozenset[str]: ...
    @property
    def is_changeling(self) -> bool: ...


NO_COLOR = Color(0)
"""Colourless: the empty :class:`Color` flag."""

_COLOR_WORDS = {name: Color[letter] for letter, name in COLOR_NAMES.items()}
_SUPERTYPES = {"legendary": "Legendary", "snow": "Snow"}
_CARD_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "land": "Land"}


def _color_phrase(colors: Color, prefix: str = "") -> list[str]:
    return [prefix + name for name in colors.names]


@dataclass(frozen=True, slots=True)
class CreatureFilter:
    """Which creatures a static ability affects ("Other Ninjas you control", CR 611.3a).

    Every condition must hold; inside ``subtypes`` and ``colors``, any one member is enough.
    """

    subtypes: frozenset[str] = frozenset()
    """Creature types, any of which qualifies; empty means any creature (CR 205.3m)."""
    colors: Color = NO_COLOR
    """Colours, any of which qualifies ("red creatures"); ``Color(0)`` means any colour."""
    excluded_colors: Color = NO_COLOR
    """Colours that disqualify ("nonblack creatures")."""
    card_types: frozenset[str] = frozenset()
    """Other card types required, all of them ("artifact creatures" -> ``{"Artifact"}``)."""
    supertypes: frozenset[str] = frozenset()
    """Supertypes required ("legendary creatures" -> ``{"Legendary"}``)."""
    nontoken: bool = False
    """Only nontoken creatures (every card in a deck qualifies)."""
    other: bool = False
    """"Other": the ability's source itself is excluded."""
    controller: Controller = Controller.ANY
    """Whose creatures."""
    attached: str = ""
    """``"enchanted"`` or ``"equipped"``: only the creature the source is attached to
    (an Aura's or Equipment's static ability, CR 303.4, 301.5); ``""`` otherwise."""

    def matches(self, target: FilterTarget, *, source: FilterTarget | None = None) -> bool:
        """True if the card ``target``, as a creature on the battlefield, is affected.

        A Changeling is every creature type (CR 702.73a). ``source`` is the card with the
        ability, needed for "other". The controller is not checked here: a deck's cards are
        all the deck owner's.
        """
        if "Creature" not in target.types:
            return False
        if self.other and source is not None and target.card_id == source.card_id:
            return False
        if self.subtypes and not target.is_changeling \
                and not (self.subtypes & target.creature_types):
            return False
        if self.colors and not (self.colors & target.colors):
            return False
        if self.excluded_colors & target.colors:
            return False
        return self.card_types <= target.types and self.supertypes <= target.supertypes

    def describe(self) -> str:
        """The filter in Oracle-like English: ``"other Goblin creatures you control"``."""
        if self.attached:
            return f"{self.attached} creature"
        words: list[str] = ["other"] if self.other else []
        words += _color_phrase(self.colors) + _color_phrase(self.excluded_colors, "non")
        words += ["nontoken"] if self.nontoken else []
        words += sorted(s.lower() for s in self.supertypes)
        words += sorted(t.lower() for t in self.card_types)
        if self.subtypes:
            words.append(" and ".join(plural_of(s) for s in sorted(self.subtypes)))
        else:
            words.append("creatures")
        return " ".join(words) + self.controller.phrase

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the filter."""
        return {"subtypes": sorted(self.subtypes), "colors": list(self.colors.letters),
                "excluded_colors": list(self.excluded_colors.letters),
                "card_types": sorted(self.card_types), "supertypes": sorted(self.supertypes),
                "nontoken": self.nontoken, "other": self.other,
                "controller": self.controller.name.lower(), "attached": self.attached,
                "description": self.describe()}


def parse_creature_filter(subject: str, controller: Controller = Controller.ANY
                          ) -> CreatureFilter | None:
    """Read the noun phrase of a static ability's subject, or ``None``.

    Parameters
    ----------
    subject : str
        The words before "you control" / "get" / "have": ``"Other Ninjas"``, ``"All Sliver
        creatures"``, ``"Nonblack creatures"``, ``"Other Goblin creatures"``.
    controller : Controller
        Whose creatures, read by the caller from "you control" and the like.

    Examples
    --------
    >>> parse_creature_filter("All Sliver creatures").subtypes
    frozenset({'Sliver'})
    >>> parse_creature_filter("Equipped creature").describe()
    'equipped creature'
    >>> parse_creature_filter("Attacking creatures") is None
    True
    """
    words = subject.split()
    if [w.lower() for w in words] in (["enchanted", "creature"], ["equipped", "creature"]):
        return CreatureFilter(attached=words[0].lower())
    other = False
    if words[:1] and words[0].lower() == "all":
        words = words[1:]
    if words[:2] and [w.lower() for w in words[:2]] == ["each", "other"]:
        words, other = words[2:], True
    elif words[:1] and words[0].lower() == "other":
        words, other = words[1:], True
    colors, excluded = Color(0), Color(0)
    supertypes: set[str] = set()
    card_types: set[str] = set()
    nontoken = False
    while len(words) > 1:
        word = words[0].lower()
        if word in _COLOR_WORDS:
            colors |= _COLOR_WORDS[word]
        elif word.startswith("non") and word[3:] in _COLOR_WORDS:
            excluded |= _COLOR_WORDS[word[3:]]
        elif word in _SUPERTYPES:
            supertypes.add(_SUPERTYPES[word])
        elif word in _CARD_TYPES:
            card_types.add(_CARD_TYPES[word])
        elif word == "nontoken":
            nontoken = True
        else:
            break
        words = words[1:]
    subtypes = _noun(words)
    if subtypes is None:
        return None
    return CreatureFilter(subtypes, colors, excluded, frozenset(card_types),
                          frozenset(supertypes), nontoken, other, controller)


def _noun(words: list[str]) -> frozenset[str] | None:
    """The creature types of the head noun, ``frozenset()`` for plain "creatures"."""
    if [w.lower() for w in words] in (["creatures"], ["creature"]):
        return frozenset()
    if len(words) == 1 and words[0][:1].isupper():
        singular = singular_creature_type(words[0])
        return frozenset({singular}) if singular else None
    if len(words) == 2 and words[1].lower() in ("creatures", "creature") \
            and words[0] in CREATURE_TYPES:
        return frozenset({words[0]})
    return _type_list(words)


def _type_list(words: list[str]) -> frozenset[str] | None:
    """Several creature types: "Ninja and Rogue creatures", "Skeletons and Zombies",
    "Goblins, Elves, and Dwarves" (any of them qualifies), or ``None``."""
    if words and words[-1].lower() in ("creatures", "creature"):
        words = words[:-1]
    names = [w.rstrip(",") for w in words if w.lower() not in ("and", "or", "and/or")]
    if len(names) < 2 or len(names) == len(words):
        return None
    types = set()
    for name in names:
        if not name[:1].isupper():
            return None
        singular = name if name in CREATURE_TYPES else singular_creature_type(name)
        if not singular:
            return None
        types.add(singular)
    return frozenset(types)


@dataclass(frozen=True, slots=True)
class SpellFilter:
    """Which spells an effect applies to ("Goblin spells and Rogue spells you cast").

    A spell qualifies if it has any of ``card_types`` or any of ``subtypes`` or any of
    ``colors``; an empty filter means every spell.
    """

    card_types: frozenset[str] = frozenset()
    """Card types, any of which qualifies (``{"Instant", "Sorcery"}``)."""
    subtypes: frozenset[str] = frozenset()
    """Creature types, any of which qualifies (Kindred spells have them too, CR 205.3m)."""
    colors: Color = NO_COLOR
    """Colours, any of which qualifies."""
    every: bool = False
    """One phrase of modifiers ("a Vampire creature spell", "a red instant spell"): the
    spell must have one of each kind given, not one of any kind."""

    def matches(self, target: FilterTarget) -> bool:
        """True if the card ``target``, cast as a spell, qualifies."""
        if not (self.card_types or self.subtypes or self.colors):
            return True
        if self.every:
            return bool((not self.card_types or self.card_types & target.types)
                        and (not self.subtypes or target.is_changeling
                             or self.subtypes & target.creature_types)
                        and (not self.colors or self.colors & target.colors))
        return bool(self.card_types & target.types
                    or (self.subtypes and (target.is_changeling
                                           or self.subtypes & target.creature_types))
                    or self.colors & target.colors)

    def describe(self) -> str:
        """The filter in English: ``"Goblin and Rogue spells"``."""
        words = list(self.colors.names) + sorted(self.subtypes) \
            + sorted(t.lower() for t in self.card_types)
        return (" and ".join(words) + " spells") if words else "spells"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the filter."""
        return {"card_types": sorted(self.card_types), "subtypes": sorted(self.subtypes),
                "colors": list(self.colors.letters), "description": self.describe()}


_SPELL_TYPES = {t.lower(): t for t in (
    "Artifact", "Creature", "Enchantment", "Instant", "Sorcery", "Planeswalker", "Kindred",
    "Battle", "Land")}


def parse_spell_filter(subject: str) -> SpellFilter | None:
    """Read "Goblin spells and Rogue spells", "Instant and sorcery spells", "Spells".

    >>> sorted(parse_spell_filter("Goblin spells and Rogue spells").subtypes)
    ['Goblin', 'Rogue']
    >>> sorted(parse_spell_filter("Instant and sorcery spells").card_types)
    ['Instant', 'Sorcery']
    >>> parse_spell_filter("Vampire creature spells").every   # a Vampire and a creature
    True
    """
    text = subject.replace(" spells", "").replace("Spells", "").replace(",", " ")
    card_types: set[str] = set()
    subtypes: set[str] = set()
    colors = Color(0)
    joined = False
    for word in text.split():
        low = word.lower()
        if low in ("and", "or"):
            joined = True
            continue
        if low in _SPELL_TYPES:
            card_types.add(_SPELL_TYPES[low])
        elif low in _COLOR_WORDS:
            colors |= _COLOR_WORDS[low]
        elif word in CREATURE_TYPES:
            subtypes.add(word)
        else:
            return None
    kinds = sum(1 for kind in (card_types, subtypes, colors) if kind)
    return SpellFilter(frozenset(card_types), frozenset(subtypes), colors,
                       every=not joined and kinds > 1)
