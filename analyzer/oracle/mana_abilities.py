"""Activated mana abilities (CR 605.1a) and their costs ({T}, {Q}, mana, sacrifice, life).

Examples
--------
>>> ability, leftover = parse_mana_ability("{T}: Add {G} for each creature you control.")
>>> ability.describe(), leftover
('{T}: Add {G} for each creature you control', ())
>>> ability, leftover = parse_mana_ability("{T}: Add {C}. Spend this mana only to cast an artifact spell.")
>>> str(ability.produces[0]), leftover
('{C}', ('Spend this mana only to cast an artifact spell.',))
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from analyzer.oracle.abilities import Timing, timing_words
from analyzer.oracle.costs import Cost, parse_costs
from analyzer.oracle.effects import Effect
from analyzer.oracle.mana import Color, ManaCost
from analyzer.oracle.objects import ObjectRef, Quantity, parse_object
from analyzer.oracle.text import SELF, split_sentences

__all__ = [
    "AbilityCost",
    "ManaAbility",
    "ManaChoice",
    "basic_land_mana",
    "mana_quantity",
    "parse_ability_cost",
    "parse_added_mana",
    "parse_mana_ability",
    "read_spending_restriction",
    "split_activated",
]

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_WORDS = {v: k for k, v in _NUMBERS.items()}


@dataclass(frozen=True, slots=True)
class AbilityCost:
    """The cost of an activated ability, before the colon (CR 602.1a, 118).

    Examples
    --------
    >>> cost = parse_ability_cost("{1}, {T}, Sacrifice CARDNAME")
    >>> cost.tap, str(cost.mana), cost.sacrifice, str(cost)
    (True, '{1}', 'CARDNAME', '{1}, {T}, Sacrifice CARDNAME')
    """

    mana: ManaCost | None = None
    """The mana part, if any."""
    tap: bool = False
    """``{T}``: tap this permanent (CR 107.5)."""
    untap: bool = False
    """``{Q}``: untap this permanent (CR 107.6)."""
    sacrifice: str | None = None
    """What is sacrificed: ``"CARDNAME"`` for itself, else ``"a Forest"``."""
    life: int = 0
    """Life paid."""
    other: tuple[str, ...] = ()
    """Cost parts the compiler does not read yet (kept, and reported as unsupported)."""
    costs: tuple[Cost, ...] = ()
    """Other cost parts read through the :data:`~.costs.COSTS` registry ("Remove a charge
    counter from CARDNAME", "Tap an untapped creature you control")."""

    def __str__(self) -> str:
        parts = [str(self.mana)] if self.mana else []
        parts += ["{T}"] if self.tap else []
        parts += ["{Q}"] if self.untap else []
        parts += [f"Pay {self.life} life"] if self.life else []
        parts += [f"Sacrifice {self.sacrifice}"] if self.sacrifice else []
        parts += [c.text for c in self.costs]
        return ", ".join(parts + list(self.other))

    @property
    def sacrifice_ref(self) -> ObjectRef | None:
        """What "Sacrifice <what>" names when it is another permanent ("a creature"), as a
        typed reference; ``None`` for itself, no sacrifice, or a phrase not read.

        >>> AbilityCost(sacrifice="a creature").sacrifice_ref.filter.types
        frozenset({'Creature'})
        """
        if self.sacrifice in (None, SELF):
            return None
        return parse_object(self.sacrifice)

    @property
    def needs_untapped_since_turn_start(self) -> bool:
        """True with {T} or {Q}: a creature can't pay it the turn it arrives (CR 302.6)."""
        return self.tap or self.untap

    def describe(self) -> str:
        """The cost in English: ``"{1}, tap it, sacrifice it"``."""
        parts = [str(self.mana)] if self.mana else []
        parts += ["tap it"] if self.tap else []
        parts += ["untap it"] if self.untap else []
        parts += [f"pay {self.life} life"] if self.life else []
        if self.sacrifice:
            parts.append("sacrifice it" if self.sacrifice == SELF
                         else f"sacrifice {self.sacrifice}")
        parts += [c.describe() for c in self.costs]
        parts += [o[:1].lower() + o[1:] for o in self.other]
        return ", ".join(parts) or "no cost"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the cost."""
        return {"mana": None if self.mana is None else str(self.mana), "tap": self.tap,
                "untap": self.untap, "sacrifice": self.sacrifice, "life": self.life,
                "other": list(self.other), "text": str(self)}


_SACRIFICE = re.compile(r"^Sacrifice (?P<what>.+)$")
_LIFE = re.compile(r"^Pay (?P<n>\d+) life$")


def parse_ability_cost(text: str) -> AbilityCost:
    """Read an activation cost: {T}, {Q}, mana, life and sacrifice have fields, other parts
    go through the :data:`~.costs.COSTS` registry into :attr:`AbilityCost.costs`, and parts
    it does not know to :attr:`AbilityCost.other`.

    >>> cost = parse_ability_cost("{T}, Tap an untapped creature you control, Juggle")
    >>> [c.name for c in cost.costs], cost.other
    (['tap_permanents'], ('Juggle',))
    """
    mana: ManaCost | None = None
    tap = untap = False
    sacrifice: str | None = None
    life = 0
    other: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True
        elif (cost := ManaCost.try_parse(part)) is not None and not cost.is_empty:
            mana = cost
        elif sac := _SACRIFICE.match(part):
            sacrifice = sac["what"]
        elif paid := _LIFE.match(part):
            life = int(paid["n"])
        elif part:
            other.append(part)
    read, unread = parse_costs(", ".join(other)) if other else ((), ())
    return AbilityCost(mana, tap, untap, sacrifice, life, unread, read)


class ManaChoice(enum.Enum):
    """Mana of a type chosen on resolution rather than printed (CR 106.1, 106.7)."""

    ANY_COLOR = enum.auto()
    """"one mana of any color" (each mana's colour chosen separately)."""
    ANY_ONE_COLOR = enum.auto()
    """"two mana of any one color" (all of the same colour)."""
    ANY_TYPE_LANDS_COULD_PRODUCE = enum.auto()
    """"any type that a land you control could produce" (Reflecting Pool, CR 106.7); with
    no such land it produces nothing (CR 106.5)."""
    ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE = enum.auto()
    """"any color that a land an opponent controls could produce" (Exotic Orchard, 106.7)."""
    CHOSEN_COLOR = enum.auto()
    """"one mana of the chosen color" (chosen as the permanent entered)."""
    COMMANDER_COLOR_IDENTITY = enum.auto()
    """"any color in your commander's color identity" (CR 903.4)."""
    SAME_TYPE_PRODUCED = enum.auto()
    """"any type that land produced": the type the tapped permanent just produced, in a
    "tapped for mana" trigger (Mirari's Wake, CR 106.12a)."""
    EACH_COLOR_AMONG_YOUR_PERMANENTS = enum.auto()
    """"For each color among permanents you control, add one mana of that color." (Bloom
    Tender): one mana of every colour the controller's permanents have, all at once
    (CR 105.2, 106.1); none when they are all colourless (CR 106.5)."""
    ANY_COLOR_AMONG = enum.auto()
    """"one mana of any color among legendary creatures and planeswalkers you control" (Mox
    Amber), "Choose a color of a permanent you control. Add one mana of that color." (Meteor
    Crater): a colour one of :attr:`ManaAbility.among` has (CR 105.2); none when they have
    none (CR 106.5)."""
    ANY_COLOR_COULD_PRODUCE = enum.auto()
    """"one mana of any color that a basic land you control could produce" (Star Compass): a
    colour :attr:`ManaAbility.among` could produce (CR 106.7)."""
    ANY_TYPE_COULD_PRODUCE = enum.auto()
    """"one mana of any type a Gate you control could produce" (Plaza of Harmony): a type,
    colourless included, :attr:`ManaAbility.among` could produce (CR 106.7)."""
    EACH_COLOR_AMONG = enum.auto()
    """"For each color among monocolored permanents you control, add one mana of that
    color." (Tarnation Vista): one mana of every colour :attr:`ManaAbility.among` have, all
    at once (CR 105.2, 106.1)."""

    @property
    def phrase(self) -> str:
        """The Oracle words for one mana of this kind."""
        return _CHOICE_PHRASES[self]


_CHOICE_PHRASES = {
    ManaChoice.ANY_COLOR: "mana of any color",
    ManaChoice.ANY_ONE_COLOR: "mana of any one color",
    ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE: "mana of any type that a land you control "
                                             "could produce",
    ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE: "mana of any color that a land an "
                                                       "opponent controls could produce",
    ManaChoice.CHOSEN_COLOR: "mana of the chosen color",
    ManaChoice.COMMANDER_COLOR_IDENTITY: "mana of any color in your commander's color "
                                         "identity",
    ManaChoice.SAME_TYPE_PRODUCED: "mana of any type that land produced",
    ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS: "mana of each color among permanents you "
                                                 "control",
    ManaChoice.ANY_COLOR_AMONG: "mana of any color among {among}",
    ManaChoice.ANY_COLOR_COULD_PRODUCE: "mana of any color that {among} could produce",
    ManaChoice.ANY_TYPE_COULD_PRODUCE: "mana of any type that {among} could produce",
    ManaChoice.EACH_COLOR_AMONG: "mana of each color among {among}",
}
_CHOICES = [(re.compile(rf"^(?P<n>\w+) {re.escape(phrase)}$"), choice)
            for choice, phrase in _CHOICE_PHRASES.items() if "{among}" not in phrase]
_CHOICES.append((re.compile(r"^(?P<n>\w+) mana in any combination of colors$"),
                 ManaChoice.ANY_COLOR))
_CHOICES.append((re.compile(r"^(?P<n>\w+) mana of any type that permanent produced$"),
                 ManaChoice.SAME_TYPE_PRODUCED))   # Kinnan: the nonland permanent tapped


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """An activated mana ability (CR 605.1a), e.g. ``{T}: Add {R} or {G}.``.

    Examples
    --------
    >>> pool, _ = parse_mana_ability(
    ...     "{T}: Add one mana of any type that a land you control could produce.")
    >>> pool.produces.name
    'ANY_TYPE_LANDS_COULD_PRODUCE'
    """

    cost: AbilityCost
    """The activation cost."""
    produces: tuple[ManaCost, ...] | ManaChoice
    """Printed options, one of which is added (``({R}, {G})`` for "{R} or {G}",
    ``({C}{C},)`` for "{C}{C}"), or a :class:`ManaChoice`."""
    amount: int | None = 1
    """How many times the option (or how many mana of the choice) is added; ``None`` when it
    varies, see :attr:`amount_note`."""
    amount_note: str = ""
    """How a varying amount is counted: ``"for each creature you control"``."""
    intrinsic: bool = False
    """True for the ability a basic land type gives (CR 305.6)."""
    text: str = ""
    """The ability's text as normalized."""
    effects: tuple[Effect, ...] = ()
    """What else it does when activated ("CARDNAME deals 1 damage to you")."""
    condition: str = ""
    """When the ability exists at all, if not always: a level band (CR 711.2a), a Class
    level (CR 716.2a) or a station threshold (CR 702.184b)."""
    timing: tuple[Timing, ...] = ()
    """Activation restrictions ("Activate only as a sorcery") and spending restrictions
    ("Spend this mana only to cast creature spells", CR 106.6) of the ability."""
    spend_only: tuple[tuple[str, ObjectRef | None], ...] = ()
    """What the mana may be spent on, when a spending restriction says (CR 106.6), each
    ``(kind, objects)``: ``("cast", <creature spells>)``, ``("activate", <artifacts>)``
    (abilities of those sources; ``None``: any ability), ``("cumulative upkeep", None)``,
    ``("x", None)`` (costs that contain {X}); any one of them."""
    among: ObjectRef | None = None
    """For the choices that name objects (:attr:`ManaChoice.ANY_COLOR_AMONG`, the "could
    produce" and "each color among" ones): those objects ("legendary creatures and
    planeswalkers you control")."""
    combination: bool = False
    """True for "three mana in any combination of {R} and/or {G}": each of the
    :attr:`amount` mana is one of :attr:`produces`, chosen separately (CR 106.1)."""
    quantity: Quantity | None = None
    """The typed count of a varying :attr:`amount` (:attr:`amount_note` holds its words):
    "for each creature you control", "equal to your devotion to that color", "X" of the
    cost, "for each charge counter removed this way" (with ``offset`` 1 for the mana
    batteries' first {B})."""

    @property
    def fixed_colors(self) -> Color | None:
        """The colours it can add, or ``None`` when that depends on other permanents."""
        if isinstance(self.produces, ManaChoice):
            if self.produces in (ManaChoice.ANY_COLOR, ManaChoice.ANY_ONE_COLOR,
                                 ManaChoice.CHOSEN_COLOR):
                return Color.W | Color.U | Color.B | Color.R | Color.G
            return None
        result = Color(0)
        for option in self.produces:
            result |= option.colors
        return result

    def produced_phrase(self) -> str:
        """What it adds, in Oracle words: ``"{R} or {G}"``, ``"one mana of any color"``."""
        note = self.amount_note
        where = note.startswith("where X is ")
        if isinstance(self.produces, ManaChoice):
            if self.amount is None and (note == "X" or where):
                count, note = "X", note if where else ""
            else:
                count = _WORDS.get(self.amount or 1, str(self.amount or 1))
            phrase = "mana in any combination of colors" \
                if self.produces is ManaChoice.ANY_COLOR and count != "one" \
                else self.produces.phrase
            if self.among is not None:
                phrase = _among_phrase(phrase, self.among)
            text = f"{count} {phrase}"
            if note.startswith("equal to"):
                text = f"an amount of {phrase}"
        elif self.combination:
            count = "X" if self.amount is None else _WORDS.get(self.amount, str(self.amount))
            options = [str(o) for o in self.produces]
            text = f"{count} mana in any combination of " + (
                " and/or ".join(options) if len(options) == 2
                else ", ".join(options[:-1]) + ", and/or " + options[-1])
            note = note if where else ""
        else:
            options = [f"X {o}" if where else str(o) for o in self.produces]
            text = options[0] if len(options) == 1 else (
                " or ".join(options) if len(options) == 2
                else ", ".join(options[:-1]) + ", or " + options[-1])
            if note.startswith("equal to"):
                text = f"an amount of {text}"
        if note.startswith(("where X is ", "then add ")):
            return f"{text}, {note}"
        return f"{text} {note}" if note else text

    def describe(self) -> str:
        """The ability in Oracle-like English, without the final period."""
        extra = "".join(f"; {e.describe()}" for e in self.effects)
        cond = f" ({self.condition})" if self.condition else ""
        spend = ""
        if self.spend_only:
            ways = [f"to cast {ref.describe()}" if kind == "cast" and ref is not None else
                    f"to activate abilities of {ref.describe()}" if kind == "activate" and ref
                    is not None else "to activate abilities" if kind == "activate" else
                    "on costs that contain {X}" if kind == "x" else
                    "to activate equip abilities" if kind == "equip" else
                    "to turn permanents face up" if kind == "turn face up" else
                    f"to pay {kind} costs"
                    for kind, ref in self.spend_only]
            spend = f" (spend this mana only {' or '.join(ways)})"
        timing = "".join(f" [{w}]" for t, w in zip(self.timing, timing_words(
            self.timing, self.text), strict=True) if t is not Timing.RESTRICTED_MANA)
        return f"{self.cost}: Add {self.produced_phrase()}{extra}{spend}{timing}{cond}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the ability."""
        produces: list[str] | str = self.produces.name.lower() \
            if isinstance(self.produces, ManaChoice) else [str(o) for o in self.produces]
        colors = self.fixed_colors
        return {"cost": self.cost.to_json(), "produces": produces, "amount": self.amount,
                "amount_note": self.amount_note, "intrinsic": self.intrinsic,
                "effects": [e.to_json() for e in self.effects],
                "colors": None if colors is None else list(colors.letters),
                **({"among": self.among.text} if self.among is not None else {}),
                "text": self.text, "description": self.describe()}


def _among_phrase(phrase: str, among: ObjectRef) -> str:
    """A choice's phrase with its objects: "mana of any color among legendary creatures you
    control", "mana of a color of a permanent you control", "mana of any of the exiled
    card's colors" (a card linked to the imprint ability, CR 607.2a)."""
    if phrase.startswith("mana of any color among "):
        if among.filter.kind == "it":
            owner = f"{among.text}'" if among.text.endswith("s") else f"{among.text}'s"
            return f"mana of any of {owner} colors"
        if among.text.startswith(("a ", "an ")):
            return f"mana of a color of {among.text}"
    return phrase.format(among=among.text)


_ACTIVATED = re.compile(r'^(?P<cost>[^:"“]+?):\s*(?P<effect>\S.+)$')
_LOYALTY = re.compile(r"^[+−-]?(?:\d+|X)$")
_OPTIONS = re.compile(r"^(?:\{[WUBRGC0-9]\})+(?:(?:,|,? or) (?:\{[WUBRGC0-9]\})+)*$")
_AMOUNT_OF = re.compile(r"^an amount of (?P<sym>\{[WUBRGC]\}) (?P<note>equal to .+)$")


def split_activated(line: str) -> tuple[str, str] | None:
    """Split ``"COST: EFFECT"`` into its halves, or ``None`` if the line is not activated.

    Loyalty abilities (``"+1: ..."``) are activated but never mana abilities (CR 605.1a);
    they split too, and :func:`parse_mana_ability` rejects them.

    >>> split_activated("{2}, {T}: Draw a card.")
    ('{2}, {T}', 'Draw a card.')
    >>> split_activated('Creatures you control have "{T}: Add {G}."') is None
    True
    """
    match = _ACTIVATED.match(line.strip())
    if match is None:
        return None
    return match["cost"].strip(), match["effect"].strip()


def _parse_add(body: str) -> tuple[tuple[ManaCost, ...] | ManaChoice, int | None, str] | None:
    note = ""
    if " for each " in body:
        body, _, rest = body.partition(" for each ")
        note = "for each " + rest
    if amount_of := _AMOUNT_OF.match(body):
        return (ManaCost.parse(amount_of["sym"]),), None, amount_of["note"]
    for pattern, choice in _CHOICES:
        if match := pattern.match(body):
            word = match["n"].lower()
            count = _NUMBERS.get(word, int(word) if word.isdigit() else None)
            if count is None and word != "x":
                return None
            if choice is ManaChoice.ANY_ONE_COLOR and count == 1:
                choice = ManaChoice.ANY_COLOR
            return choice, None if note or count is None else count, \
                note or ("" if count is not None else "X")
    if _OPTIONS.match(body):
        options = tuple(ManaCost.parse(o) for o in re.split(r",? or |, ", body))
        return options, None if note else 1, note
    return None


def parse_added_mana(body: str) -> tuple[tuple[ManaCost, ...] | ManaChoice, int | None, str] \
        | None:
    """What "Add ..." adds: ``(options or choice, amount, amount note)``, or ``None``.

    >>> options, amount, note = parse_added_mana("{R}{R}{R}")
    >>> [str(o) for o in options], amount, note
    (['{R}{R}{R}'], 1, '')
    """
    return _parse_add(body)


@dataclass(frozen=True, slots=True)
class _Added:
    """What an "Add ..." adds, as read (the fields of :class:`ManaAbility` it sets)."""

    produces: tuple[ManaCost, ...] | ManaChoice
    amount: int | None
    note: str = ""
    quantity: Quantity | None = None
    among: ObjectRef | None = None
    combination: bool = False


_SYMBOL = r"\{[WUBRGC]\}"
_COMBINATION = re.compile(
    rf"^(?P<n>\w+) mana in any combination of (?P<opts>(?:{_SYMBOL}, )*{_SYMBOL},? and/or "
    rf"{_SYMBOL})(?:, (?P<where>where X is .+))?$")
_X_OPTIONS = re.compile(rf"^X (?P<a>{_SYMBOL}) or X (?P<b>{_SYMBOL}), (?P<where>where X is .+)$")
_AMONG = re.compile(r"^one mana of any color among (?P<what>.+)$")
_OF_COLORS = re.compile(r"^one mana of any of (?P<what>the exiled cards?)'s? colors$")
_COULD_PRODUCE = re.compile(r"^one mana of any (?P<kind>color|type) (?:that )?(?P<what>.+) "
                            r"could produce$")
_BATTERY = re.compile(rf"^(?P<sym>{_SYMBOL}), then add an additional (?P=sym) for each "
                      r"(?P<counter>\S+) counter removed this way$")
_REMOVED = re.compile(rf"^(?P<sym>{_SYMBOL}) equal to (?P<plus>one plus )?the amount of "
                      r"counters removed$")
_THAT_COLOR = re.compile(r"^(?:(?P<n>\w+) mana of that color(?: (?P<each>for each .+))?"
                         r"|an amount of mana of that color (?P<equal>equal to .+))$")
_COLOR_OF = re.compile(r"^Choose a color of (?P<what>.+)\.$")
_EACH_REMOVED = re.compile(r"^for each (?P<counter>\S+) counter removed this way$")
_EACH_COLOR_AMONG = re.compile(r"^For each color among (?P<what>.+), add one mana of that "
                               r"color\.$")


def mana_quantity(note: str) -> Quantity | None:
    """The typed count of a varying amount of mana (CR 107.1): ``"X"``, ``"for each <objects
    or counters>"``, ``"equal to <quantity>"``, ``"where X is <quantity>"``; ``None`` when
    the words are not read.

    >>> mana_quantity("for each charge counter on CARDNAME").describe()
    'the number of charge counters on this object'
    >>> mana_quantity("equal to your devotion to that color").kind
    'devotion'
    """
    from analyzer.oracle.grammar.counted import counted_phrase, counted_quantity
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import quantity

    if note == "X":
        return Quantity("x")
    for head in ("equal to ", "where X is "):
        if note.startswith(head):
            tokens = tokenize(note[len(head):])
            return quantity(tokens, 0, len(tokens))
    if removed := _EACH_REMOVED.match(note):
        return Quantity("removed", attribute=removed["counter"])
    if note.startswith("for each "):
        tokens = tokenize(note[len("for each "):])
        what = counted_phrase(tokens, 0, len(tokens))
        return Quantity("count", what) if what is not None \
            else counted_quantity(tokens, 0, len(tokens))
    return None


def _counted(produces: tuple[ManaCost, ...] | ManaChoice, amount: int | None, note: str,
             **extra: Any) -> _Added | None:
    """An :class:`_Added`, with the typed count of a varying amount (``None`` when its words
    are not read)."""
    if amount is not None:
        return _Added(produces, amount, note, **extra)
    counted = mana_quantity(note)
    return None if counted is None else _Added(produces, amount, note, counted, **extra)


def _among(words: str) -> ObjectRef | None:
    """The objects of "any color among <objects>": a noun phrase of objects (not players)."""
    ref = parse_object(words)
    if ref is None or ref.filter.kind in ("player", "opponent", "any") or ref.filter.any_of:
        return None
    return ref


def _read_add(body: str) -> _Added | None:
    """What "Add <body>." adds (see :func:`parse_mana_ability`), or ``None``."""
    old = _parse_add(body)
    if old is not None:
        produces, amount, note = old
        return _Added(produces, amount, note, None if amount is not None
                      else mana_quantity(note))
    if match := _COMBINATION.match(body):
        word = match["n"].lower()
        count = _NUMBERS.get(word, int(word) if word.isdigit() else None)
        note = match["where"] or ("X" if word == "x" else "")
        if count is None and not note:
            return None
        options = tuple(ManaCost.parse(o) for o in re.findall(_SYMBOL, match["opts"]))
        return _counted(options, count, note, combination=True)
    if match := _X_OPTIONS.match(body):
        return _counted((ManaCost.parse(match["a"]), ManaCost.parse(match["b"])), None,
                        match["where"])
    if match := _AMONG.match(body) or _OF_COLORS.match(body):
        among = _among(match["what"])
        return None if among is None else _Added(ManaChoice.ANY_COLOR_AMONG, 1, among=among)
    if match := _COULD_PRODUCE.match(body):
        among = _among(match["what"])
        choice = ManaChoice.ANY_COLOR_COULD_PRODUCE if match["kind"] == "color" \
            else ManaChoice.ANY_TYPE_COULD_PRODUCE
        return None if among is None else _Added(choice, 1, among=among)
    if match := _BATTERY.match(body):
        note = f"then add an additional {match['sym']} for each {match['counter']} counter " \
               "removed this way"
        removed = Quantity("removed", attribute=match["counter"], offset=1)
        return _Added((ManaCost.parse(match["sym"]),), None, note, removed)
    if match := _REMOVED.match(body):
        note = f"equal to {match['plus'] or ''}the amount of counters removed"
        removed = Quantity("removed", offset=1 if match["plus"] else 0)
        return _Added((ManaCost.parse(match["sym"]),), None, note, removed)
    return None


def _chosen_color(sentences: list[str]) -> tuple[_Added | None, int]:
    """"Choose a color. Add one mana of that color for each ..." (the colour chosen as it
    resolves: mana of any one color, CR 106.1) and "Choose a color of a permanent you
    control. Add one mana of that color." (a colour among those objects): what is added and
    how many sentences it took (0 when they are not such)."""
    if len(sentences) < 2 or not sentences[1].startswith("Add ") \
            or not sentences[1].endswith("."):
        return None, 0
    body = sentences[1][4:-1]
    if sentences[0] == "Choose a color." and (match := _THAT_COLOR.match(body)):
        if match["equal"]:
            return _counted(ManaChoice.ANY_ONE_COLOR, None, match["equal"]), 2
        word = match["n"].lower()
        count = _NUMBERS.get(word, int(word) if word.isdigit() else None)
        if count is None:
            return None, 0
        if match["each"]:
            return _counted(ManaChoice.ANY_ONE_COLOR, None, match["each"]), 2
        choice = ManaChoice.ANY_COLOR if count == 1 else ManaChoice.ANY_ONE_COLOR
        return _Added(choice, count), 2
    if (match := _COLOR_OF.match(sentences[0])) and body == "one mana of that color":
        among = _among(match["what"])
        return (None, 0) if among is None else \
            (_Added(ManaChoice.ANY_COLOR_AMONG, 1, among=among), 2)
    return None, 0


def parse_mana_ability(line: str) -> tuple[ManaAbility, tuple[str, ...]] | None:
    """Read an activated mana ability, with the sentences after "Add ..." it left unread.

    Parameters
    ----------
    line : str
        A normalized line, e.g. ``"{T}: Add {C}{C}."``.

    Returns
    -------
    tuple or None
        ``(ability, leftover)`` where ``leftover`` holds the effect's other sentences
        (restrictions on spending, damage to you...) and the cost parts the compiler does
        not read; ``None`` if the line is not a mana ability it can read.

    Examples
    --------
    >>> amber, _ = parse_mana_ability("{T}: Add one mana of any color among legendary "
    ...                               "creatures and planeswalkers you control.")
    >>> amber.produces.name, sorted(amber.among.filter.types)
    ('ANY_COLOR_AMONG', ['Creature', 'Planeswalker'])
    >>> pools, _ = parse_mana_ability("{1}, Remove X storage counters from CARDNAME: Add X "
    ...                               "mana in any combination of {W} and/or {U}.")
    >>> pools.combination, pools.quantity.kind, pools.describe()
    (True, 'x', '{1}, Remove X storage counters from CARDNAME: Add X mana in any combination of {W} and/or {U}')
    """
    halves = split_activated(line)
    if halves is None or _LOYALTY.match(halves[0]):
        return None
    cost_text, effect = halves
    sentences = split_sentences(effect)
    added: _Added | None = None
    used = 1
    if sentences and (match := _EACH_COLOR_AMONG.match(sentences[0])):
        among = _among(match["what"])
        if among is not None and among.text == "permanents you control":
            added = _Added(ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS, 1)
        elif among is not None and among.count.each:
            added = _Added(ManaChoice.EACH_COLOR_AMONG, 1, among=among)
    elif sentences and sentences[0].startswith("Choose a color"):
        added, used = _chosen_color(sentences)
    elif sentences and sentences[0].startswith("Add ") and sentences[0].endswith("."):
        added = _read_add(sentences[0][4:-1])
    if added is None:
        return None
    cost = parse_ability_cost(cost_text)
    ability = ManaAbility(cost, added.produces, added.amount, added.note, False, line.strip(),
                          among=added.among, combination=added.combination,
                          quantity=added.quantity)
    return ability, cost.other + tuple(sentences[used:])


_BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def basic_land_mana(subtypes: tuple[str, ...] | frozenset[str]) -> ManaAbility | None:
    """The intrinsic "{T}: Add ..." a land has from its basic land types (CR 305.6).

    >>> basic_land_mana(("Forest", "Island")).describe()
    '{T}: Add {U} or {G}'
    """
    letters = [c for c in "WUBRG" if any(_BASIC_LAND_MANA.get(s) == c for s in subtypes)]
    if not letters:
        return None
    options = tuple(ManaCost.parse("{" + c + "}") for c in letters)
    ability = ManaAbility(AbilityCost(tap=True), options, 1, "", True)
    return ManaAbility(ability.cost, options, 1, "", True, ability.describe() + ".")


def read_spending_restriction(sentence: str) -> tuple[tuple[str, ObjectRef | None], ...] | None:
    """A spending restriction (CR 106.6), typed: "Spend this mana only to cast creature
    spells or activate abilities of creatures." -> ``(("cast", <creature spells>),
    ("activate", <creatures>))``; ``None`` for a sentence that says more than that.

    >>> [(k, r.text) for k, r in read_spending_restriction(
    ...     "Spend this mana only to cast an Ally spell.")]
    [('cast', 'an Ally spell')]
    """
    text = sentence.strip().rstrip(".")
    head = "Spend this mana only "
    if not text.startswith(head):
        return None
    found: list[tuple[str, ObjectRef | None]] = []
    # "to cast Elf spells and activate abilities of Elf sources": either use is allowed
    parts = re.split(r",? or (?=to |cast |activate |pay |on )|, (?=to |cast |activate |pay |on )"
                     r"| and (?=activate )",
                     text[len(head):])
    last = ""
    for part in parts:
        part = part.strip()
        if part.startswith("to "):
            part = part[3:]
        elif last:
            part = f"{last} {part}"          # "to cast Mount or Vehicle spells"
        if part.startswith("cast "):
            ref = parse_object(part[5:])
            if ref is None or ref.filter.kind not in ("spell", "card"):
                if found and found[-1][0] == "cast":
                    continue
                return None
            found.append(("cast", ref))
            last = ""
        elif part in ("activate abilities", "activate an ability"):
            found.append(("activate", None))
        elif part.startswith(("activate abilities of ", "activate an ability of ")):
            words = part.split(" of ", 1)[1]
            ref = parse_object(words) or parse_object("each " + words.removeprefix("a ")
                                                     .removeprefix("an "))
            if ref is None:
                return None
            found.append(("activate", ref))
        elif part in ("pay cumulative upkeep costs", "on cumulative upkeep"):
            found.append(("cumulative upkeep", None))
        elif part == "on costs that contain {X}":
            found.append(("x", None))
        elif part in ("activate equip abilities", "activate an equip ability"):
            found.append(("equip", None))       # CR 702.6a: an equip ability's cost
        elif part in ("turn permanents face up", "turn a permanent face up",
                      "turn creatures face up"):
            found.append(("turn face up", None))    # CR 702.37e, 701.40b: its costs
        else:
            return None
    return tuple(found) if found else None
