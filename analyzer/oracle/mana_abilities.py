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

from analyzer.oracle.abilities import Timing
from analyzer.oracle.costs import Cost, parse_costs
from analyzer.oracle.effects import Effect
from analyzer.oracle.mana import Color, ManaCost
from analyzer.oracle.objects import ObjectRef, parse_object
from analyzer.oracle.text import SELF, split_sentences

__all__ = [
    "AbilityCost",
    "ManaAbility",
    "ManaChoice",
    "basic_land_mana",
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
    THAT_COLOR = enum.auto()
    """"one mana of that color" after "Choose a color." in the same ability (Nykthos,
    Shrine to Nyx): the colour chosen as it resolves (CR 106.1)."""
    ANY_COLOR_AMONG = enum.auto()
    """"one mana of any color among legendary creatures and planeswalkers you control"
    (Mox Amber): a colour one of the objects :attr:`ManaAbility.among` has (CR 105.2);
    none when they have none (CR 106.5)."""

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
    ManaChoice.ANY_COLOR_AMONG: "mana of any color among",
    ManaChoice.THAT_COLOR: "mana of that color",
}
_CHOICES = [(re.compile(rf"^(?P<n>\w+) {re.escape(phrase)}$"), choice)
            for choice, phrase in _CHOICE_PHRASES.items()
            if choice is not ManaChoice.ANY_COLOR_AMONG]
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
    """The objects whose colours :attr:`ManaChoice.ANY_COLOR_AMONG` chooses from."""

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
        if isinstance(self.produces, ManaChoice):
            if self.amount is None and note == "X":
                count, note = "X", ""
            else:
                count = _WORDS.get(self.amount or 1, str(self.amount or 1))
            phrase = "mana in any combination of colors" \
                if self.produces is ManaChoice.ANY_COLOR and count != "one" \
                else self.produces.phrase
            text = f"{count} {phrase}"
            if self.among is not None:
                text = f"{text} {self.among.text}"
        else:
            options = [str(o) for o in self.produces]
            text = options[0] if len(options) == 1 else (
                " or ".join(options) if len(options) == 2
                else ", ".join(options[:-1]) + ", or " + options[-1])
            if note.startswith("equal to"):
                text = f"an amount of {text}"
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
                    "on costs that contain {X}" if kind == "x" else f"to pay {kind} costs"
                    for kind, ref in self.spend_only]
            spend = f" (spend this mana only {' or '.join(ways)})"
        timing = "".join(f" [{_timing_words(t, self.text)}]" for t in self.timing
                         if t is not Timing.RESTRICTED_MANA)
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


def _timing_words(timing: Timing, text: str) -> str:
    """An activation restriction in words: its sentence for a condition."""
    if timing is Timing.CONDITION:
        found = re.search(r"Activate (?:this ability )?only if [^.]+", text)
        if found is not None:
            return found.group(0).lower()
    return timing.name.lower().replace("_", " ")


_ACTIVATED = re.compile(r'^(?P<cost>[^:"“]+?):\s*(?P<effect>\S.+)$')
_LOYALTY = re.compile(r"^[+−-]?(?:\d+|X)$")
_OPTIONS = re.compile(r"^(?:\{[WUBRGC0-9]\})+(?:(?:,|,? or) (?:\{[WUBRGC0-9]\})+)*$")
_AMOUNT_OF = re.compile(r"^an amount of (?P<sym>\{[WUBRGC]\}) (?P<note>equal to .+)$")
_AMOUNT_OF_THAT_COLOR = re.compile(r"^an amount of mana of that color (?P<note>equal to .+)$")


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
    if amount_of := _AMOUNT_OF_THAT_COLOR.match(body):
        return ManaChoice.THAT_COLOR, None, amount_of["note"]
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


_EACH_COLOR = "For each color among permanents you control, add one mana of that color."
_ANY_COLOR_AMONG = re.compile(r"^Add one mana of any color among (?P<what>[^.]+)\.$")


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
    """
    halves = split_activated(line)
    if halves is None or _LOYALTY.match(halves[0]):
        return None
    cost_text, effect = halves
    sentences = split_sentences(effect)
    if sentences and sentences[0] == _EACH_COLOR:
        cost = parse_ability_cost(cost_text)
        ability = ManaAbility(cost, ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS, 1, "", False,
                              line.strip())
        return ability, cost.other + tuple(sentences[1:])
    if not sentences or not sentences[0].startswith("Add ") or not sentences[0].endswith("."):
        return None
    among = _ANY_COLOR_AMONG.match(sentences[0])
    if among is not None:
        objects = parse_object(among["what"])
        if objects is None or not objects.count.each or objects.targeted:
            return None
        cost = parse_ability_cost(cost_text)
        ability = ManaAbility(cost, ManaChoice.ANY_COLOR_AMONG, 1, "", False, line.strip(),
                              among=objects)
        return ability, cost.other + tuple(sentences[1:])
    parsed = _parse_add(sentences[0][4:-1])
    if parsed is None:
        return None
    produces, amount, note = parsed
    cost = parse_ability_cost(cost_text)
    ability = ManaAbility(cost, produces, amount, note, False, line.strip())
    return ability, cost.other + tuple(sentences[1:])


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
    parts = re.split(r",? or (?=to |cast |activate |pay |on )|, (?=to |cast |activate |pay |on )",
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
        else:
            return None
    return tuple(found) if found else None
