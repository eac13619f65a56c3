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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.mana import Color
from analyzer.oracle.text import SELF

__all__ = [
    "EACH",
    "FILTER_STATES",
    "NUMBER_WORDS",
    "ONE",
    "QUANTITY_KINDS",
    "Comparison",
    "Count",
    "ObjectFilter",
    "ObjectRef",
    "Owner",
    "Quantity",
    "Zone",
    "lower_first",
    "parse_number",
    "parse_object",
]

NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
"""Number words of Oracle text."""


def parse_number(word: str) -> int | None:
    """``"two"`` -> 2, ``"3"`` -> 3, ``"X"`` -> -1 (a variable), else ``None``.

    >>> parse_number("three"), parse_number("12"), parse_number("X"), parse_number("many")
    (3, 12, -1, None)
    >>> parse_number("ninety-nine")
    99
    """
    low = word.lower()
    if low in NUMBER_WORDS:
        return NUMBER_WORDS[low]
    tens, _, units = low.partition("-")     # "ninety-nine" (Hundred-Handed One)
    if units and NUMBER_WORDS.get(tens, 0) >= 20 and NUMBER_WORDS[tens] % 10 == 0 \
            and 1 <= NUMBER_WORDS.get(units, 0) <= 9 and units not in ("a", "an"):
        return NUMBER_WORDS[tens] + NUMBER_WORDS[units]
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


FILTER_STATES: frozenset[str] = frozenset({
    "nonattacking", "nonblocking", "colored", "X in mana cost",
    "tapped", "untapped", "attacking", "blocking", "blocked", "unblocked", "token",
    "nontoken", "colorless", "multicolored", "monocolored", "face-down", "face-up",
    "historic", "modified", "outlaw", "enchanted", "equipped", "nonbasic", "nonlegendary",
    "commander", "suspected", "attacked this turn", "blocked this turn",
    "entered this turn", "chosen type", "chosen color", "chosen name", "dealt damage this turn",
    "was dealt damage this turn", "died this turn", "left the battlefield this turn",
    "attacking or blocking", "paired", "renowned", "monstrous", "saddled", "goaded",
    "transformed", "double-faced", "exiled this way", "revealed this way", "sacrificed this way",
    "destroyed this way", "discarded this way", "milled this way", "returned this way",
    "nonartifact token", "greatest power", "greatest mana value", "least power",
    "least toughness", "greatest toughness", "cast this turn", "foretold", "plotted",
    "permanent card", "spell card", "creature spell", "different names", "same name",
    "all colors", "your commander", "unpaired", "enchanted by you", "attacking alone",
    "blocking alone", "controlled since turn start", "untapped this way", "tapped this way",
    "phased out", "crewed", "in a graveyard this turn", "put there from the battlefield this turn",
    "not enchanted", "not equipped", "not attacking", "not blocking", "top", "bottom",
    "activated ability", "triggered ability", "static ability", "loyalty ability",
    "lost life this turn", "gained life this turn", "cast a spell this turn",
    "attacked you this turn", "single target", "greatest power or tied",
    "greatest toughness or tied", "greatest mana value or tied", "most life",
    "most life or tied", "least life", "least mana value", "of an opponent's choice",
    "of that player's choice", "of target opponent's choice", "of its controller's choice",
    "put into a graveyard this way", "put into a hand this way",
    "put onto the battlefield this way", "returned to a hand this way",
    "returned to the battlefield this way", "exiled from a hand this way",
    "no abilities", "no counters", "nonsnow",
})
"""The closed vocabulary of :attr:`ObjectFilter.states`: properties an object has or does
not have now, or facts of this turn about it ("entered this turn", CR 400.7), or of the
effect that named it ("exiled this way", CR 608.2c). The rules core evaluates some and
refuses the others as unsupported, never ignores one."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """A comparison of an object's number with a quantity counted when it is checked:
    "with power less than CARDNAME's power", "with mana value less than or equal to the
    number of lands you control" (CR 208.1, 202.3).

    >>> Comparison("power", "<", Quantity("attribute", parse_object("CARDNAME"), "power")
    ...            ).describe()
    "power < this object's power"
    """

    attribute: str
    """``"power"``, ``"toughness"``, ``"mana_value"``, ``"loyalty"``, ``"counters"``."""
    op: str
    """``"<"``, ``"<="``, ``"=="``, ``">="``, ``">"``, ``"!="``."""
    quantity: Quantity
    """What the number is compared with."""

    def describe(self) -> str:
        """``"power < CARDNAME's power"``."""
        return f"{self.attribute.replace('_', ' ')} {self.op} {self.quantity.describe()}"


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """Typed conditions on objects or players; every condition must hold."""

    kind: str = "permanent"
    """``"permanent"``, ``"card"``, ``"spell"``, ``"player"``, ``"opponent"``, ``"self"``
    (the source), ``"any"`` ("any target": creature, player, planeswalker or battle; with a
    count of "each", every player and creature: "each player and each other creature"),
    ``"attacked"`` (the player or planeswalker the creature named before attacks, 508.5),
    ``"ability"``, ``"it"`` (an object named earlier), ``"token"``, ``"emblem"``,
    ``"source"`` (a source of damage, CR 120.4)."""
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
    """States and properties of :data:`FILTER_STATES` (tapped, attacking, token...), and
    "non-<subtype>" words ("non-Human")."""
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
    toughness: tuple[str, int] | None = None
    """``("<=", 2)`` for "toughness 2 or less"."""
    total_power_toughness: tuple[str, int] | None = None
    """``("<=", 5)`` for "with total power and toughness 5 or less": its power plus its
    toughness (CR 208.1)."""
    keywords: frozenset[str] = frozenset()
    """Keyword abilities it must have, lower case ("with flying" -> ``{"flying"}``); any of
    them ("with flying or reach")."""
    without_keywords: frozenset[str] = frozenset()
    """Keyword abilities it must not have ("without flying")."""
    counter: str = ""
    """A counter it must have on it: ``"+1/+1"``, ``"any"`` ("with a counter on it")."""
    name: str = ""
    """A name it must have ("named Plague Rats"; ``"chosen"`` for "with the chosen name")."""
    comparisons: tuple[Comparison, ...] = ()
    """Comparisons with counted quantities ("with power less than CARDNAME's power")."""
    relations: tuple[tuple[str, ObjectRef], ...] = ()
    """How it relates to another object: ``("blocking", <CARDNAME>)``, ``("blocked_by",
    ...)``, ``("attached_to", ...)``, ``("shares_creature_type", ...)``, ``("targets",
    ...)``, ``("dealt_damage_by", ...)``, ``("exiled_with", ...)``, ``("attacking", <you>)``,
    ``("not_named", <CARDNAME>)``, ``("was_attached_to", ...)`` ("that were attached to
    it"), ``("compared_among", <group>)`` (the group of "with the greatest power among
    creatures you control")."""
    who: str = ""
    """For players: the condition of a relative clause ("each opponent who lost life this
    turn" -> ``"lost life this turn"``), in the words the condition grammar read."""
    any_of: tuple[ObjectFilter, ...] = ()
    """Alternatives, any of which qualifies, where the words join two different kinds of
    object ("each creature and each planeswalker", "artifact card or creature card with
    flying"): the fields above then hold only what every alternative shares."""
    mana_costs: frozenset[str] = frozenset()
    """Mana costs, any of which qualifies, as printed ("with mana cost {0} or {1}" ->
    ``{"{0}", "{1}"}``, CR 202.1): the cost itself, not its mana value."""

    @property
    def typed_extras(self) -> tuple[str, ...]:
        """The names of the fields set beyond the original ones (types, colours, owner,
        zone, mana value, power): what a matcher that knows only those must refuse."""
        return tuple(name for name in ("toughness", "keywords", "without_keywords", "counter",
                                       "name", "comparisons", "relations", "any_of", "who",
                                       "total_power_toughness", "mana_costs")
                     if getattr(self, name))

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the filter (``all_types`` and the newer fields only when
        set)."""
        extra: dict[str, Any] = {"all_types": sorted(self.all_types)} if self.all_types else {}
        if self.toughness:
            extra["toughness"] = list(self.toughness)
        if self.total_power_toughness:
            extra["total_power_toughness"] = list(self.total_power_toughness)
        for key in ("keywords", "without_keywords"):
            if getattr(self, key):
                extra[key] = sorted(getattr(self, key))
        if self.counter:
            extra["counter"] = self.counter
        if self.name:
            extra["name"] = self.name
        if self.comparisons:
            extra["comparisons"] = [c.describe() for c in self.comparisons]
        if self.relations:
            extra["relations"] = [[k, r.describe()] for k, r in self.relations]
        if self.any_of:
            extra["any_of"] = [f.to_json() for f in self.any_of]
        if self.who:
            extra["who"] = self.who
        if self.mana_costs:
            extra["mana_costs"] = sorted(self.mana_costs)
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
    refers_back: bool = False
    """True when the phrase is one the ability already named, shared by a later verb
    ("Target creature gets +1/+1 and gains flying": one target, CR 115.1): it means the
    same objects or players as that earlier reference, never new ones."""

    def describe(self) -> str:
        """The phrase in Oracle English (the source's own words)."""
        text = self.text.replace(SELF, "this object")
        return f"{text} (the same target)" if self.refers_back and self.targeted else text

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the reference (``refers_back`` only when true)."""
        found = {"filter": self.filter.to_json(), "count": self.count.describe() or "one",
                 "targeted": self.targeted, "text": self.describe()}
        if self.refers_back:
            found["refers_back"] = True
        return found



QUANTITY_KINDS: frozenset[str] = frozenset({
    "x", "count", "attribute", "greatest", "least", "total", "counters", "life", "event",
    "devotion", "this_turn", "colors", "card_types", "chosen", "distinct_names",
    "basic_land_types",
    "starting_life", "paid", "up_to", "removed", "this_way", "this_game", "speed",
})
"""The closed vocabulary of :attr:`Quantity.kind`."""


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number counted when an effect or a static ability needs it (CR 107.1, 107.3).

    ``kind`` (:data:`QUANTITY_KINDS`):

    - ``"x"``: the value of X (CR 107.3);
    - ``"count"``: how many objects ``ref`` names ("the number of Elves you control", "for
      each card in your hand");
    - ``"attribute"``: ``attribute`` (``power``, ``toughness``, ``mana_value``, ``loyalty``)
      of the object ``ref`` ("its power", "the sacrificed creature's toughness");
    - ``"greatest"`` / ``"least"`` / ``"total"``: of ``attribute`` among the objects ``ref``;
    - ``"counters"``: the ``attribute`` counters on ``ref`` ("the number of +1/+1 counters on
      it");
    - ``"life"``: the life total of the player ``ref``; ``"starting_life"``;
    - ``"event"``: "that much", "that many": the amount of the event or of the effect before
      (CR 603.2, 608.2c);
    - ``"devotion"``: the devotion of player ``ref`` to the colours ``attribute`` (CR 700.5);
    - ``"this_turn"``: ``attribute`` of player ``ref`` this turn ("life_lost", "life_gained",
      "cards_drawn", "spells_cast", "damage_dealt", "creatures_died");
    - ``"colors"`` / ``"card_types"`` / ``"distinct_names"``: how many colours, card types or
      names among ``ref``;
    - ``"basic_land_types"``: how many basic land types among ``ref`` (Domain);
    - ``"chosen"``: the number chosen ("the chosen number"); ``"paid"``: the amount paid
      this way; ``"removed"``: the ``attribute`` counters removed to pay the cost ("for each
      charge counter removed this way", CR 118.3);
    - ``"this_way"``: how much of ``attribute`` the instructions before it did ("the damage
      prevented this way", "for each charge counter removed this way": ``"damage
      prevented"``, ``"charge counters removed"``, CR 608.2c); ``"this_game"``: how many
      times player ``ref`` did ``attribute`` this game ("for each time you've cast your
      commander from the command zone this game", CR 903.8); ``"speed"``: the speed of
      player ``ref`` (CR 702.179).

    ``factor`` and ``offset`` change it: "twice that much" (``factor`` 2), "half X, rounded
    up" (``factor`` 0.5, ``rounding`` "up"), "that many plus one" (``offset`` 1), "3 minus
    the number of cards in their hand" (``factor`` -1, ``offset`` 3); ``terms`` add or
    subtract other quantities.

    Examples
    --------
    >>> Quantity("count", parse_object("Elves you control")).describe()
    'the number of Elves you control'
    >>> Quantity("event", factor=2).describe()
    'twice that much'
    """

    kind: str
    """What is counted (see above)."""
    ref: ObjectRef | None = None
    """The objects or player counted or measured."""
    attribute: str = ""
    """The characteristic or counter kind measured."""
    factor: float = 1
    """Multiplied by this (2 for "twice", 0.5 for "half")."""
    offset: int = 0
    """Plus this ("plus one", "minus one")."""
    rounding: str = ""
    """``"up"`` or ``"down"`` for a halved number (CR 107.1a)."""
    terms: tuple[tuple[int, Quantity], ...] = ()
    """Other quantities added (``1``) or subtracted (``-1``): "your life total minus the life
    total of an opponent with the most life", "the number of Caves you control plus the
    number of Cave cards in your graveyard"."""

    def describe(self) -> str:
        """The quantity in plain English."""
        what = self.ref.describe() if self.ref is not None else ""
        attr = self.attribute.replace("_", " ")
        base = {
            "x": "X", "count": f"the number of {what}", "event": "that much",
            "attribute": f"{what}'s {attr}", "greatest": f"the greatest {attr} among {what}",
            "least": f"the least {attr} among {what}", "total": f"the total {attr} of {what}",
            "counters": f"the number of {attr} counters on {what}",
            "life": "your life total" if what.lower() == "you" else f"{what}'s life total"
            if " " not in what else f"the life total of {what}", "devotion": f"{what}'s devotion to {attr}",
            "this_turn": f"{attr} by {what} this turn", "colors": f"the number of colors "
            f"among {what}", "card_types": f"the number of card types among {what}",
            "distinct_names": f"the number of differently named {what}",
            "basic_land_types": f"the number of basic land types among {what}",
            "chosen": "the chosen number", "starting_life": "the starting life total",
            "paid": "the amount paid", "up_to": "up to",
            "removed": f"the number of {attr + ' ' if attr else ''}counters removed this way",
            "this_way": f"the {'number of ' if attr.split()[:1] in _COUNTED_FIRST else ''}"
                        f"{attr} this way",
            "this_game": f"the number of times {what} {attr} this game",
            "speed": "your speed" if what.lower() == "you" else f"{what}'s speed",
        }.get(self.kind, self.kind)
        if self.kind == "up_to":
            return f"up to {self.offset}"
        if self.kind == "this_turn" and self.attribute in _EVENT_WORDS:
            base = _EVENT_WORDS[self.attribute]
            if self.attribute == "creatures_died" and self.ref is not None:
                base = "the number of creatures that died under your control this turn"
            base = base.replace("{who}", what or "you")
        if self.factor == -1:
            for _, term in self.terms:
                base += f" {'plus' if _ > 0 else 'minus'} {term.describe()}"
            return f"{self.offset} minus {base}".replace(SELF, "this object")
        if self.factor == 2:
            base = f"twice {base}"
        elif self.factor == 0.5:
            base = f"half {base}, rounded {self.rounding or 'down'}"
        elif self.factor != 1:
            base = f"{self.factor:g} times {base}"
        for sign, term in self.terms:
            base += f" {'plus' if sign > 0 else 'minus'} {term.describe()}"
        if self.offset:
            base += f" plus {self.offset}" if self.offset > 0 else f" minus {-self.offset}"
        return base.replace(SELF, "this object")


_COUNTED_FIRST = (["cards"], ["permanents"], ["creatures"], ["counters"])
"""First words of a :attr:`Quantity.attribute` of kind ``"this_way"`` that counts objects
("the number of cards discarded this way")."""

_EVENT_WORDS: dict[str, str] = {
    "life_gained": "the amount of life {who} gained this turn",
    "life_lost": "the amount of life {who} lost this turn",
    "cards_drawn": "the number of cards {who} drew this turn",
    "spells_cast": "the number of spells {who} cast this turn",
    "other_spells_cast": "the number of other spells {who} cast this turn",
    "creatures_died": "the number of creatures that died this turn",
    "damage_dealt_to_opponents": "the damage dealt to your opponents this turn",
    "life_lost_by_opponents": "the life your opponents lost this turn",
    "mana_spent": "the amount of mana spent to cast it",
    "mana_spent_on_that_spell": "the amount of mana spent to cast that spell",
    "colors_spent": "the number of colors of mana spent to cast it",
    "times_kicked": "the number of times it was kicked",
    "opponents": "the number of opponents {who} have",
}
"""Plain English of the counted events of :attr:`Quantity.kind` ``"this_turn"``."""


def lower_first(text: str) -> str:
    """The sentence with its first letter in lower case, unless it starts with
    :data:`~.text.SELF` or a subtype ("Ninjas you control get +1/+1").

    >>> lower_first("Destroy target Ninja."), lower_first("Ninjas you control get +1/+1.")
    ('destroy target Ninja.', 'Ninjas you control get +1/+1.')
    """
    from analyzer.oracle.noun_words import names_a_subtype

    if text.startswith(SELF) or names_a_subtype(text.split(" ", 1)[0].rstrip(",")):
        return text
    return text[:1].lower() + text[1:]


@lru_cache(maxsize=65536)
def parse_object(text: str) -> ObjectRef | None:
    """Read a noun phrase naming objects or players, or return ``None``
    (:func:`analyzer.oracle.nouns.noun_phrase` on the phrase's tokens).

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
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.nouns import noun_phrase

    tokens = tokenize(text.strip().rstrip(","))
    return noun_phrase(tokens, 0, len(tokens)) if tokens else None
