"""Typed object references: what an effect, cost or trigger talks about.

Phrases such as "target creature card with mana value 3 or less from your graveyard",
"another target creature you control", "each opponent" or "up to two target artifacts"
become an :class:`ObjectRef`: how many objects (:attr:`ObjectRef.count`), whether they are
targeted (CR 115), and an :class:`ObjectFilter` of typed conditions (types, subtypes,
colours, controller, zone, mana value, power...). Like :mod:`.filters`, this is data: the
rules core and the graph read it, nothing re-reads the words.

Examples
--------
>>> ref = parse_object("one or two target creature cards, each with mana value 3 or less, "
...                    "from your graveyard")
>>> ref.count.low, ref.count.high, ref.targeted, ref.filter.zone.name
(1, 2, True, 'GRAVEYARD')
>>> ref.filter.mana_value
('<=', 3)
>>> parse_object("another target creature you control").describe()
'another target creature you control'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any

from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.mana import COLOR_NAMES, Color
from analyzer.oracle.text import SELF
from analyzer.oracle.types import CREATURE_TYPES, NON_CREATURE_SUBTYPES, singular_creature_type

__all__ = [
    "NUMBER_WORDS",
    "Count",
    "ObjectFilter",
    "ObjectRef",
    "Owner",
    "Zone",
    "lower_first",
    "parse_number",
    "parse_object",
]

NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fifteen": 15, "twenty": 20}
"""Number words of Oracle text."""


def parse_number(word: str) -> int | None:
    """``"two"`` -> 2, ``"3"`` -> 3, ``"X"`` -> -1 (a variable), else ``None``.

    >>> parse_number("three"), parse_number("12"), parse_number("X"), parse_number("many")
    (3, 12, -1, None)
    """
    low = word.lower()
    if low in NUMBER_WORDS:
        return NUMBER_WORDS[low]
    if low.isdigit():
        return int(low)
    return -1 if low == "x" else None


class Zone(enum.Enum):
    """Zones (CR 400.1)."""

    BATTLEFIELD = enum.auto()
    """The battlefield (the default for permanents)."""
    GRAVEYARD = enum.auto()
    """A graveyard."""
    HAND = enum.auto()
    """A hand."""
    LIBRARY = enum.auto()
    """A library."""
    EXILE = enum.auto()
    """Exile."""
    STACK = enum.auto()
    """The stack (spells and abilities)."""
    COMMAND = enum.auto()
    """The command zone."""


class Owner(enum.Enum):
    """Whose objects (controller on the battlefield, owner elsewhere)."""

    ANY = enum.auto()
    """Anyone's."""
    YOU = enum.auto()
    """"you control" / "your graveyard"."""
    OPPONENT = enum.auto()
    """"an opponent controls" / "your opponents control" / "an opponent's graveyard"."""
    NOT_YOU = enum.auto()
    """"you don't control"."""
    TARGET_PLAYER = enum.auto()
    """"target player controls" / "target player's graveyard"."""
    THAT_PLAYER = enum.auto()
    """"that player controls" / "its controller"."""


@dataclass(frozen=True, slots=True)
class Count:
    """How many objects: exactly ``low`` (``low == high``), a range, or any number."""

    low: int = 1
    """At least (0 for "up to")."""
    high: int | None = 1
    """At most; ``None`` for "any number of" or "each"/"all"; -1 for X."""
    each: bool = False
    """"each"/"all": every object that matches, not a choice."""

    def describe(self) -> str:
        """``"up to two"``, ``"one or two"``, ``"each"``, ``""`` for one."""
        if self.each:
            return "each"
        if self.high is None:
            return "any number of"
        high = "X" if self.high == -1 else str(self.high)
        if self.low == self.high:
            return "" if self.low == 1 else high
        if self.low == 0:
            return f"up to {high}"
        return f"{self.low} or {high}"


ONE = Count()
EACH = Count(0, None, True)


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """Typed conditions on objects or players; every condition must hold."""

    kind: str = "permanent"
    """``"permanent"``, ``"card"``, ``"spell"``, ``"player"``, ``"opponent"``, ``"self"``
    (the source), ``"any"`` ("any target": creature, player, planeswalker or battle; with a
    count of "each", every player and creature: "each player and each other creature"),
    ``"attacked"`` (the player or planeswalker the creature named before attacks, 508.5),
    ``"ability"``, ``"it"`` (an object named earlier), ``"token"``."""
    types: frozenset[str] = frozenset()
    """Card types, any of which qualifies ("artifact or enchantment")."""
    subtypes: frozenset[str] = frozenset()
    """Subtypes, any of which qualifies."""
    excluded_types: frozenset[str] = frozenset()
    """Card types that disqualify ("nonland")."""
    supertypes: frozenset[str] = frozenset()
    """Supertypes required (Legendary, Basic, Snow)."""
    colors: Color = NO_COLOR
    """Colours, any of which qualifies."""
    excluded_colors: Color = NO_COLOR
    """Colours that disqualify ("nonblack")."""
    owner: Owner = Owner.ANY
    """Whose."""
    zone: Zone = Zone.BATTLEFIELD
    """Where."""
    other: bool = False
    """"another"/"other": not the source."""
    states: frozenset[str] = frozenset()
    """States and properties: tapped, untapped, attacking, blocking, token, nontoken,
    colorless, multicolored, "with flying"..."""
    mana_value: tuple[str, int] | None = None
    """``("<=", 3)`` for "mana value 3 or less"; ``-1`` stands for X."""
    power: tuple[str, int] | None = None
    """``(">=", 4)`` for "power 4 or greater"."""
    mana_value_counters: str = ""
    """A counter kind for "with mana value equal to the number of <kind> counters on
    CARDNAME" (Chalice of the Void): the mana value must equal the source's count."""
    words: str = ""
    """The phrase as written (for describe)."""
    all_types: frozenset[str] = frozenset()
    """Card types every one of which is required: "artifact creature" is an artifact that is
    also a creature (CR 205.2a: an object may have several card types), where "artifact or
    creature" (:attr:`types` alone) is either."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the filter (``all_types`` only when some are required)."""
        extra = {"all_types": sorted(self.all_types)} if self.all_types else {}
        return {**extra, "kind": self.kind, "types": sorted(self.types),
                "subtypes": sorted(self.subtypes), "excluded_types": sorted(self.excluded_types),
                "supertypes": sorted(self.supertypes), "colors": list(self.colors.letters),
                "excluded_colors": list(self.excluded_colors.letters),
                "owner": self.owner.name.lower(), "zone": self.zone.name.lower(),
                "other": self.other, "states": sorted(self.states),
                "mana_value": list(self.mana_value) if self.mana_value else None,
                "mana_value_counters": self.mana_value_counters or None,
                "power": list(self.power) if self.power else None}


@dataclass(frozen=True, slots=True)
class ObjectRef:
    """A reference to objects or players: count, targeting, filter (CR 115.1, 109)."""

    filter: ObjectFilter = field(default_factory=ObjectFilter)
    """What qualifies."""
    count: Count = ONE
    """How many."""
    targeted: bool = False
    """True if the word "target" is used (CR 115.1)."""
    text: str = ""
    """The phrase as normalized."""

    def describe(self) -> str:
        """The phrase in Oracle English (the source's own words)."""
        return self.text.replace(SELF, "this object")

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the reference."""
        return {"filter": self.filter.to_json(), "count": self.count.describe() or "one",
                "targeted": self.targeted, "text": self.describe()}


# -- the phrase parser ------------------------------------------------------------------------

_CARD_TYPES = {t.lower(): t for t in (
    "Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Instant", "Sorcery",
    "Battle", "Kindred", "Tribal")}
_PLURAL_TYPES = {t + "s": v for t, v in _CARD_TYPES.items()} | {"sorceries": "Sorcery"}
_SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}
_COLORS = {name: Color[letter] for letter, name in COLOR_NAMES.items()}
_STATES = frozenset({
    "tapped", "untapped", "attacking", "blocking", "blocked", "unblocked", "token",
    "nontoken", "colorless", "multicolored", "monocolored", "face-down", "historic",
    "modified", "outlaw", "enchanted", "equipped", "nonbasic", "permanent", "nonlegendary",
    "exiled", "creature", "white", "commander", "attacking/blocking", "suspected"})
_PLAYERS = {
    "you": ("player", Owner.YOU), "each player": ("player", Owner.ANY),
    "target player": ("player", Owner.ANY), "target opponent": ("opponent", Owner.OPPONENT),
    "each opponent": ("opponent", Owner.OPPONENT), "that player": ("player", Owner.THAT_PLAYER),
    "an opponent": ("opponent", Owner.OPPONENT), "defending player": ("opponent",
                                                                      Owner.OPPONENT),
    "its controller": ("player", Owner.THAT_PLAYER), "its owner": ("player", Owner.THAT_PLAYER),
    "their controller": ("player", Owner.THAT_PLAYER),
    "your opponents": ("opponent", Owner.OPPONENT), "target player or planeswalker":
        ("player", Owner.ANY), "target opponent or planeswalker": ("opponent", Owner.OPPONENT),
    "each player and each planeswalker": ("player", Owner.ANY),
    "that creature's controller": ("player", Owner.THAT_PLAYER),
    "that permanent's controller": ("player", Owner.THAT_PLAYER),
    "that spell's controller": ("player", Owner.THAT_PLAYER),
    "its controller's": ("player", Owner.THAT_PLAYER),
    "each other player": ("player", Owner.NOT_YOU), "the defending player":
        ("opponent", Owner.OPPONENT), "target player or battle": ("player", Owner.ANY),
    "each player who controls fewer lands than the player with the most lands":
        ("player", Owner.ANY),
    "that opponent": ("opponent", Owner.OPPONENT), "any opponent": ("opponent",
                                                                    Owner.OPPONENT),
    "the chosen player": ("player", Owner.ANY), "a player": ("player", Owner.ANY),
    "each of your opponents": ("opponent", Owner.OPPONENT),
}
_PRONOUNS = frozenset({
    "it", "them", "that creature", "that card", "those creatures", "those cards",
    "that permanent", "the creature", "that land", "the token", "the tokens", "those tokens",
    "that token", "enchanted creature", "equipped creature", "enchanted permanent",
    "enchanted land", "enchanted artifact", "that spell", "the exiled card",
    "the exiled cards", "that artifact", "fortified land", "each of them", "the card",
    "those permanents", "this ability", "that ability", "the returned creature",
    "that object", "both", "one of them", "the other", "the sacrificed creature",
    "that planeswalker", "enchanted planeswalker", "itself", "each of those creatures",
    "the chosen creature", "the chosen creatures", "that player's", "those lands",
    "the exiled creature", "the revealed card", "the top card of your library",
    "the top card of that player's library", "that enchantment", "both creatures",
    "the creature it haunts", "each creature blocking or blocked by it",
    "a card from your hand", "each creature", "each other creature", "this turn",
    "this Vehicle", "that Vehicle", "the card revealed this way", "the rest",
    "the rest of the cards", "two of them", "one of those cards",
    "the player or planeswalker it's attacking",
    "the player or planeswalker that creature is attacking",
})
_ATTACKED = frozenset({
    "the player or planeswalker it's attacking",
    "the player or planeswalker that creature is attacking",
})
"""Phrases naming what an attacking creature attacks (kind ``"attacked"``, CR 508.5)."""
_TAILS: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = tuple(
    (re.compile(r"(?:,)? " + pattern + r"$"), change) for pattern, change in (
        (r"of (?:their|his or her|your) choice", {}),
        (r"(?:in|from) (?:it|them|among them|among those cards)", {}),
        (r"(?:in|from) (?:that player's hand|their hand)",
         {"zone": Zone.HAND, "owner": Owner.THAT_PLAYER}),
        (r"that targets .+", {"state": "targets"}),
        (r"you control", {"owner": Owner.YOU}),
        (r"you don't control", {"owner": Owner.NOT_YOU}),
        (r"(?:an opponent controls|your opponents control|you don't control or own|"
         r"an opponent owns|defending player controls)", {"owner": Owner.OPPONENT}),
        (r"(?:target player|target opponent) controls", {"owner": Owner.TARGET_PLAYER}),
        (r"(?:that player|that opponent|its controller) controls",
         {"owner": Owner.THAT_PLAYER}),
        (r"you own", {"owner": Owner.YOU}),
        (r"(?:from|in) your graveyard", {"zone": Zone.GRAVEYARD, "owner": Owner.YOU}),
        (r"(?:from|in) (?:a|any|a single) graveyard", {"zone": Zone.GRAVEYARD}),
        (r"(?:from|in) (?:an opponent's|target opponent's|that player's|target player's|"
         r"defending player's) graveyard", {"zone": Zone.GRAVEYARD, "owner": Owner.OPPONENT}),
        (r"(?:from|in) your hand", {"zone": Zone.HAND, "owner": Owner.YOU}),
        (r"(?:from|in) your library", {"zone": Zone.LIBRARY, "owner": Owner.YOU}),
        (r"(?:from|in) exile", {"zone": Zone.EXILE}),
        (r"you own in exile", {"zone": Zone.EXILE, "owner": Owner.YOU}),
        (r"(?:from|in) graveyards", {"zone": Zone.GRAVEYARD}),
        (r"(?:on|from) the battlefield", {}),
        (r"(?:that|which) (?:is|are) attacking", {"state": "attacking"}),
        (r"that (?:attacked|blocked) this turn", {"state": "attacked"}),
        (r"that's attacking or blocking", {"state": "attacking/blocking"}),
        (r"that's attacking", {"state": "attacking"}),
        (r"an opponent controls with flying", {"owner": Owner.OPPONENT, "state": "flying"}),
        (r"with (?:flying|defender|reach|trample|haste|deathtouch|lifelink|vigilance|menace|"
         r"first strike|hexproof|shadow|horsemanship|indestructible)",
         {"state": "keyword"}),
        (r"without flying", {"state": "without flying"}),
        (r"with a \+1/\+1 counter on it", {"state": "+1/+1 counter"}),
        (r"with a counter on it", {"state": "countered"}),
        (r"(?:each )?with (?:mana value|power|toughness) (?:X|\d+) or (?:less|greater|more)",
         {"compare": True}),
        (r"with mana value equal to the number of (?P<kind>\S+) counters on CARDNAME",
         {"counters": True}),
        (r"(?:each )?with (?:mana value|power|toughness) (?:equal to|less than or equal to)"
         r" .+", {"state": "compare"}),
        (r"with (?:mana value|power|toughness) (?:X|\d+)", {"compare": True}),
        (r"of the chosen type", {"state": "chosen type"}),
        (r"of the chosen color", {"state": "chosen color"}),
        (r"with the chosen name", {"state": "chosen name"}),
        (r"that shares a creature type with it", {"state": "shares type"}),
        (r"that isn't a Zombie|that isn't enchanted", {"state": "exception"}),
        (r"blocking or blocked by CARDNAME", {"state": "blocking or blocked by source"}),
        (r"blocking CARDNAME", {"state": "blocking source"}),
        (r"blocked by CARDNAME", {"state": "blocked by source"}),
        (r"(?:with|that has) the greatest power among creatures (?:you control|target "
         r"opponent controls)", {"state": "greatest power"}),
    ))
_COMPARE = re.compile(r"with (?P<what>mana value|power|toughness) (?P<n>X|\d+)"
                      r"(?: or (?P<dir>less|greater|more))?")
_COUNT = re.compile(
    r"^(?:(?P<upto>up to) (?P<n1>\w+)|(?P<lo>\w+) or (?P<hi>\w+)|(?P<any>any number of)|"
    r"(?P<n>one|two|three|four|five|six|seven|X|\d+))\s+")
_AND_OR = re.compile(r",? (?:and/or|or|and) |, ")
_SPELL_WORDS = {"spell", "spells"}
_CARD_WORDS = {"card", "cards"}
_PERMANENT_WORDS = {"permanent", "permanents"}


def _singular_type(word: str) -> str | None:
    low = word.lower()
    if low in _CARD_TYPES:
        return _CARD_TYPES[low]
    return _PLURAL_TYPES.get(low)


def _subtype(word: str) -> str | None:
    if not word[:1].isupper():
        return None
    creature = singular_creature_type(word)
    if creature is not None:
        return creature
    if word in NON_CREATURE_SUBTYPES:
        return word
    if word.endswith("s") and word[:-1] in NON_CREATURE_SUBTYPES:
        return word[:-1]
    if word.endswith("es") and word[:-2] in NON_CREATURE_SUBTYPES:
        return word[:-2]
    if word in ("Plains",):
        return word
    return None


@dataclass
class _Parts:
    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    excluded: set[str] = field(default_factory=set)
    supertypes: set[str] = field(default_factory=set)
    colors: Color = NO_COLOR
    excluded_colors: Color = NO_COLOR
    states: set[str] = field(default_factory=set)
    kind: str = "permanent"
    nouns: int = 0


def _read_word(word: str, parts: _Parts) -> bool:
    low = word.lower()
    if (t := _singular_type(word)) is not None:
        parts.types.add("Kindred" if t == "Tribal" else t)
        parts.nouns += 1
    elif low in _SPELL_WORDS:
        parts.kind, parts.nouns = "spell", parts.nouns + 1
    elif low in _CARD_WORDS:
        parts.kind, parts.nouns = "card", parts.nouns + 1
    elif low in _PERMANENT_WORDS:
        parts.nouns += 1
    elif low in ("token", "tokens") and parts.nouns == 0:
        parts.states.add("token")
        parts.nouns += 1
    elif low in _COLORS:
        parts.colors |= _COLORS[low]
    elif low.startswith("non") and low[3:].lstrip("-") in _COLORS:
        parts.excluded_colors |= _COLORS[low[3:].lstrip("-")]
    elif low.startswith("non") and (t := _singular_type(low[3:].lstrip("-"))) is not None:
        parts.excluded.add(t)
    elif low.startswith("non-") and _subtype(word[4:]) is not None:
        parts.states.add(low)
    elif low in _SUPERTYPES:
        parts.supertypes.add(_SUPERTYPES[low])
    elif low in _STATES:
        parts.states.add(low)
    elif (s := _subtype(word)) is not None:
        parts.subtypes.add(s)
        if word[-1:] == "s" or s not in CREATURE_TYPES or parts.nouns == 0:
            parts.nouns += 0 if s not in CREATURE_TYPES else 1
    elif low in ("and", "or", "and/or", "other"):
        pass
    else:
        return False
    return True


def _apply_tail(body: str, changes: dict[str, Any]) -> str:
    for pattern, change in _TAILS:
        match = pattern.search(body)
        if match is None:
            continue
        if change.get("compare"):
            changes.setdefault("compare", []).append(match.group(0))
        if change.get("counters"):
            changes["mana_value_counters"] = match["kind"]
        if "state" in change:
            changes.setdefault("states", set()).add(change["state"])
        for key in ("owner", "zone"):
            if key in change:
                changes[key] = change[key]
        return _apply_tail(body[:match.start()], changes)
    return body


def _compare(texts: list[str]) -> dict[str, tuple[str, int]]:
    found: dict[str, tuple[str, int]] = {}
    for text in texts:
        match = _COMPARE.search(text)
        if match is None:
            continue
        n = -1 if match["n"] == "X" else int(match["n"])
        op = {"less": "<=", "greater": ">=", "more": ">="}.get(match["dir"] or "", "==")
        found[match["what"].replace(" ", "_")] = (op, n)
    return found


def _count(words: str) -> tuple[Count, bool, str] | None:
    """Leading determiner -> (count, targeted, rest)."""
    other = False
    low = words.removeprefix("each of ")
    for lead in ("another ", "other "):
        if low.startswith(lead):
            low, other = low[len(lead):], True
    for lead, count in (("each other ", EACH), ("each ", EACH), ("all other ", EACH),
                        ("all ", EACH), ("target ", ONE), ("a ", ONE), ("an ", ONE),
                        ("any ", ONE), ("the ", ONE)):
        if low.startswith(lead):
            rest = low[len(lead):]
            if lead in ("each other ", "all other "):
                other = True
            targeted = lead == "target "
            if count is ONE and rest.startswith("target "):
                rest, targeted = rest[7:], True
            if rest.startswith("other "):
                rest, other = rest[6:], True
            return count, targeted, ("other " if other else "") + rest
    match = _COUNT.match(low)
    if match is not None and match["lo"] and (parse_number(match["lo"]) is None
                                              or parse_number(match["hi"]) is None):
        match = None  # "Ninja or Rogue creatures": a type list, not a count
    if match is not None:
        rest = low[match.end():]
        targeted = rest.startswith("target ")
        rest = rest[7:] if targeted else rest
        if match["any"]:
            return Count(0, None), targeted, rest
        if match["upto"]:
            n = parse_number(match["n1"])
            return (Count(0, n), targeted, rest) if n is not None else None
        if match["lo"]:
            lo, hi = parse_number(match["lo"]), parse_number(match["hi"])
            if lo is None or hi is None:
                return None
            return Count(lo, hi), targeted, rest
        n = parse_number(match["n"])
        return (Count(n, n), targeted, rest) if n is not None else None
    if other:
        return ONE, False, "other " + low
    return Count(0, None, True), False, low


def _names_a_subtype(word: str) -> bool:
    """True for a capitalised subtype ("Ninjas", "Islands"), which keeps its capital."""
    return singular_creature_type(word) is not None or word in NON_CREATURE_SUBTYPES \
        or word.removesuffix("s") in NON_CREATURE_SUBTYPES


def lower_first(text: str) -> str:
    """The sentence with its first letter in lower case, unless it starts with
    :data:`~.text.SELF` or a subtype ("Ninjas you control get +1/+1").

    >>> lower_first("Destroy target Ninja."), lower_first("Ninjas you control get +1/+1.")
    ('destroy target Ninja.', 'Ninjas you control get +1/+1.')
    """
    if text.startswith(SELF) or _names_a_subtype(text.split(" ", 1)[0]):
        return text
    return text[:1].lower() + text[1:]


def parse_object(text: str) -> ObjectRef | None:
    """Read a noun phrase naming objects or players, or return ``None``.

    Parameters
    ----------
    text : str
        A normalized phrase: ``"target creature"``, ``"each opponent"``, ``"CARDNAME"``,
        ``"up to two target nonland permanents you don't control"``, ``"Goblins you
        control"`` (a bare plural means every such object).

    Examples
    --------
    >>> parse_object("any target").filter.kind
    'any'
    >>> parse_object("target artifact or enchantment").filter.types == {"Artifact",
    ...                                                                  "Enchantment"}
    True
    >>> parse_object("target nonland permanent an opponent controls").filter.owner.name
    'OPPONENT'
    >>> parse_object("the moon") is None
    True
    """
    phrase = text.strip().rstrip(",")
    low = lower_first(phrase)
    if phrase == SELF:
        return ObjectRef(ObjectFilter(kind="self"), ONE, False, phrase)
    if low in _PLAYERS:
        kind, owner = _PLAYERS[low]
        count = EACH if low.startswith(("each", "your opponents")) else ONE
        return ObjectRef(ObjectFilter(kind=kind, owner=owner), count,
                         low.startswith("target"), phrase)
    if low in _ATTACKED:
        return ObjectRef(ObjectFilter(kind="attacked"), ONE, False, phrase)
    if low in _PRONOUNS:
        return ObjectRef(ObjectFilter(kind="it"), ONE, False, phrase)
    if low in ("any target", "any other target", "target creature or player",
               "target creature or planeswalker", "target player or planeswalker",
               "any one target", "target creature, player, or planeswalker"):
        kind = "any" if "player" in low or "any" in low else "permanent"
        types = frozenset({"Creature", "Planeswalker"}) if kind == "permanent" else frozenset()
        return ObjectRef(ObjectFilter(kind=kind, types=types), ONE, True, phrase)
    return _parse_noun_phrase(phrase, low)


def _parse_noun_phrase(phrase: str, low: str) -> ObjectRef | None:
    determined = _count(low)
    if determined is None:
        return None
    count, targeted, rest = determined
    other = rest.startswith("other ")
    rest = rest[6:] if other else rest
    changes: dict[str, Any] = {}
    rest = _apply_tail(rest, changes)
    if not rest:
        return None
    parts = _Parts()
    for word in rest.replace(",", " ").split():
        if not _read_word(word, parts):
            return None
    if not (parts.nouns or parts.subtypes or parts.types):
        return None
    states = parts.states | changes.get("states", set())
    compared = _compare(changes.get("compare", []))
    kind = parts.kind if parts.kind != "permanent" or "token" not in states else "permanent"
    return ObjectRef(
        ObjectFilter(kind=kind, types=frozenset(parts.types),
                     subtypes=frozenset(parts.subtypes), excluded_types=frozenset(parts.excluded),
                     supertypes=frozenset(parts.supertypes), colors=parts.colors,
                     excluded_colors=parts.excluded_colors,
                     owner=changes.get("owner", Owner.ANY),
                     zone=changes.get("zone", Zone.STACK if kind == "spell"
                                      else Zone.BATTLEFIELD),
                     other=other, states=frozenset(states),
                     mana_value=compared.get("mana_value"), power=compared.get("power"),
                     mana_value_counters=changes.get("mana_value_counters", ""),
                     words=rest, all_types=_required_types(rest)),
        count, targeted, phrase)


_DISJUNCTION = re.compile(r",|\bor\b|\band/or\b|\band\b")


def _required_types(rest: str) -> frozenset[str]:
    """The card types a noun phrase requires together: two type words side by side with no
    "or"/"and"/comma between them ("artifact creature", "legendary enchantment creature").
    Empty when the phrase also lists alternatives (then :attr:`ObjectFilter.types` is read
    as "any of", as before).

    >>> sorted(_required_types("artifact creature")), sorted(_required_types("artifact or creature"))
    (['Artifact', 'Creature'], [])
    """
    segments = [s for s in _DISJUNCTION.split(rest) if s.strip()]
    if len(segments) != 1:
        return frozenset()
    found = {("Kindred" if t == "Tribal" else t) for w in segments[0].split()
             if (t := _singular_type(w)) is not None}
    return frozenset(found) if len(found) >= 2 else frozenset()
