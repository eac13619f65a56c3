"""Keyword abilities (CR 702): the registry, the parsed value and the keyword-line parser.

A keyword line is a line of Oracle text made only of keyword abilities, e.g. ``"Flying,
haste"``, ``"Sneak {B}"``, ``"Ninjutsu {1}{U}"``, ``"Protection from red"``,
``"Ward—Pay 2 life."``. :data:`KEYWORDS` says which keywords exist, which rule defines them
and what parameter each takes; :func:`parse_keyword_line` reads a line against it.

Examples
--------
>>> [k.name for k in parse_keyword_line("Flying, first strike")]
['Flying', 'First strike']
>>> sneak, = parse_keyword_line("Sneak {B}")
>>> sneak.name, str(sneak.cost)
('Sneak', '{B}')
>>> parse_keyword_line("Other Ninjas you control get +1/+1.") is None
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from analyzer.oracle.mana import ManaCost

__all__ = [
    "ACTIVATED_KEYWORDS",
    "EVASION_RULES",
    "KEYWORDS",
    "Evasion",
    "KeywordAbility",
    "KeywordSpec",
    "ParamKind",
    "is_activated_keyword",
    "keyword_spec",
    "parse_keyword_item",
    "parse_keyword_line",
    "parse_keyword_list",
]


class Evasion(enum.Enum):
    """Ways an attacking creature gets past blockers (CR 509.1b-c, the evasion keywords)."""

    FLYING = enum.auto()
    """Flying: blocked only by flying or reach (CR 702.9b)."""
    MENACE = enum.auto()
    """Menace: blocked only by two or more creatures (CR 702.111b)."""
    SHADOW = enum.auto()
    """Shadow: blocked only by creatures with shadow (CR 702.28b)."""
    FEAR = enum.auto()
    """Fear: blocked only by artifact or black creatures (CR 702.36b)."""
    INTIMIDATE = enum.auto()
    """Intimidate: blocked only by artifact creatures or creatures sharing a colour
    (CR 702.13b)."""
    HORSEMANSHIP = enum.auto()
    """Horsemanship: blocked only by creatures with horsemanship (CR 702.31b)."""
    SKULK = enum.auto()
    """Skulk: not blocked by creatures with greater power (CR 702.118b)."""
    LANDWALK = enum.auto()
    """Landwalk: unblockable while the defending player controls such a land (CR 702.14c)."""
    UNBLOCKABLE = enum.auto()
    """"This creature can't be blocked." (a blocking restriction, CR 509.1b)."""
    POWER_LIMITED = enum.auto()
    """"Can't be blocked by creatures with power N or greater/less" (CR 509.1b)."""

    @property
    def label(self) -> str:
        """The evasion as a player says it: ``"flying"``, ``"can't be blocked"``."""
        return _EVASION_LABELS.get(self, self.name.lower())


_EVASION_LABELS = {
    Evasion.UNBLOCKABLE: "can't be blocked",
    Evasion.POWER_LIMITED: "can't be blocked by some creatures because of their power",
}

EVASION_RULES: dict[Evasion, str] = {
    Evasion.FLYING: "702.9b", Evasion.MENACE: "702.111b", Evasion.SHADOW: "702.28b",
    Evasion.FEAR: "702.36b", Evasion.INTIMIDATE: "702.13b", Evasion.HORSEMANSHIP: "702.31b",
    Evasion.SKULK: "702.118b", Evasion.LANDWALK: "702.14c", Evasion.UNBLOCKABLE: "509.1b",
    Evasion.POWER_LIMITED: "509.1b",
}
"""The rule that makes each evasion work."""


class ParamKind(enum.Enum):
    """What follows a keyword's name on its line."""

    NONE = enum.auto()
    """Nothing: ``"Flying"``."""
    COST = enum.auto()
    """A cost: mana (``"Ninjutsu {1}{U}"``, ``"Equip legendary creature {1}"``) or a dash
    and words (``"Ward—Pay 2 life."``)."""
    OPTIONAL_COST = enum.auto()
    """A cost or nothing: ``"Cycling {2}"`` but also ``"Partner"``-like keywords."""
    NUMBER = enum.auto()
    """A number or X: ``"Crew 3"``, ``"Bushido 2"``."""
    OPTIONAL_NUMBER = enum.auto()
    """A number or nothing: ``"Vanishing 3"``, older ``"Hideaway"``."""
    NUMBER_COST = enum.auto()
    """A number, a dash, a cost: ``"Suspend 4—{U}"``."""
    TEXT = enum.auto()
    """Words: ``"Protection from red"``, ``"Enchant creature"``."""
    OPTIONAL_TEXT = enum.auto()
    """Words or nothing: ``"Hexproof"``, ``"Hexproof from white"``."""


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """What the compiler knows about one keyword ability (one row of :data:`KEYWORDS`)."""

    name: str
    """Canonical name, capitalised as at the start of a line: ``"Commander ninjutsu"``."""
    rule: str
    """The rule that defines it: ``"702.49"``."""
    param: ParamKind = ParamKind.NONE
    """What follows the name."""
    evasion: Evasion | None = None
    """The evasion it gives, for evasion keywords."""
    gloss: str = ""
    """What it does, in a few plain words, for tooltips."""


def _spec_table() -> dict[str, KeywordSpec]:
    N, C, OC, NU, NC, T, OT, ON = (
        ParamKind.NONE, ParamKind.COST, ParamKind.OPTIONAL_COST, ParamKind.NUMBER,
        ParamKind.NUMBER_COST, ParamKind.TEXT, ParamKind.OPTIONAL_TEXT,
        ParamKind.OPTIONAL_NUMBER)
    E = Evasion
    rows: list[tuple[Any, ...]] = [
        ("Deathtouch", "702.2"), ("Defender", "702.3"), ("Double strike", "702.4"),
        ("Enchant", "702.5", T), ("Equip", "702.6", C), ("First strike", "702.7"),
        ("Flash", "702.8", N, None, "can be cast any time you could cast an instant"),
        ("Flying", "702.9", N, E.FLYING, "can be blocked only by creatures with flying or reach"),
        ("Haste", "702.10", N, None, "can attack and tap the turn it comes under your control"),
        ("Hexproof", "702.11", OT), ("Indestructible", "702.12"),
        ("Intimidate", "702.13", N, E.INTIMIDATE,
         "can be blocked only by artifact creatures and creatures sharing a color with it"),
        ("Lifelink", "702.15"), ("Protection", "702.16", T), ("Reach", "702.17"),
        ("Shroud", "702.18"), ("Trample", "702.19"), ("Vigilance", "702.20"),
        ("Ward", "702.21", C), ("Banding", "702.22"), ("Bands with other", "702.22", T),
        ("Rampage", "702.23", NU), ("Cumulative upkeep", "702.24", C), ("Flanking", "702.25"),
        ("Phasing", "702.26"), ("Buyback", "702.27", C),
        ("Shadow", "702.28", N, E.SHADOW, "can block or be blocked only by creatures with shadow"),
        ("Cycling", "702.29", C, None, "pay the cost and discard it to draw a card"),
        ("Echo", "702.30", C),
        ("Horsemanship", "702.31", N, E.HORSEMANSHIP,
         "can be blocked only by creatures with horsemanship"),
        ("Fading", "702.32", NU), ("Kicker", "702.33", C), ("Multikicker", "702.33", C),
        ("Flashback", "702.34", C), ("Madness", "702.35", C),
        ("Fear", "702.36", N, E.FEAR, "can be blocked only by artifact or black creatures"),
        ("Morph", "702.37", C), ("Megamorph", "702.37", C), ("Amplify", "702.38", NU),
        ("Provoke", "702.39"), ("Storm", "702.40"), ("Affinity", "702.41", T),
        ("Entwine", "702.42", C), ("Modular", "702.43", NU), ("Sunburst", "702.44"),
        ("Bushido", "702.45", NU), ("Soulshift", "702.46", NU), ("Splice", "702.47", T),
        ("Offering", "702.48", T),
        ("Ninjutsu", "702.49", C, None,
         "pay the cost and return an unblocked attacker you control to hand: put this card "
         "onto the battlefield tapped and attacking"),
        ("Commander ninjutsu", "702.49d", C, None,
         "ninjutsu that also works from the command zone"),
        ("Epic", "702.50"), ("Convoke", "702.51"), ("Dredge", "702.52", NU),
        ("Transmute", "702.53", C), ("Bloodthirst", "702.54", NU), ("Haunt", "702.55"),
        ("Replicate", "702.56", C), ("Forecast", "702.57", T), ("Graft", "702.58", NU),
        ("Recover", "702.59", C), ("Ripple", "702.60", NU), ("Split second", "702.61"),
        ("Suspend", "702.62", NC), ("Vanishing", "702.63", ON), ("Absorb", "702.64", NU),
        ("Aura swap", "702.65", C), ("Delve", "702.66"), ("Fortify", "702.67", C),
        ("Frenzy", "702.68", NU), ("Gravestorm", "702.69"), ("Poisonous", "702.70", NU),
        ("Transfigure", "702.71", C), ("Champion", "702.72", T),
        ("Changeling", "702.73", N, None, "is every creature type"),
        ("Evoke", "702.74", C), ("Hideaway", "702.75", ON),
        ("Prowl", "702.76", C, None,
         "cast it for the prowl cost if a creature of yours sharing a creature type with it "
         "dealt combat damage to a player this turn"),
        ("Reinforce", "702.77", NC), ("Conspire", "702.78"), ("Persist", "702.79"),
        ("Wither", "702.80"), ("Retrace", "702.81"), ("Devour", "702.82", NU),
        ("Exalted", "702.83"), ("Unearth", "702.84", C), ("Cascade", "702.85"),
        ("Annihilator", "702.86", NU), ("Level up", "702.87", C), ("Rebound", "702.88"),
        ("Umbra armor", "702.89"), ("Totem armor", "702.89"), ("Infect", "702.90"),
        ("Battle cry", "702.91"), ("Living weapon", "702.92"), ("Undying", "702.93"),
        ("Miracle", "702.94", C), ("Soulbond", "702.95"), ("Overload", "702.96", C),
        ("Scavenge", "702.97", C), ("Unleash", "702.98"), ("Cipher", "702.99"),
        ("Evolve", "702.100"), ("Extort", "702.101"), ("Fuse", "702.102"),
        ("Bestow", "702.103", C), ("Tribute", "702.104", NU), ("Dethrone", "702.105"),
        ("Hidden agenda", "702.106"), ("Double agenda", "702.106"), ("Outlast", "702.107", C),
        ("Prowess", "702.108"), ("Dash", "702.109", C), ("Exploit", "702.110"),
        ("Menace", "702.111", N, E.MENACE, "can't be blocked except by two or more creatures"),
        ("Renown", "702.112", NU), ("Awaken", "702.113", NC), ("Devoid", "702.114"),
        ("Ingest", "702.115"), ("Myriad", "702.116"), ("Surge", "702.117", C),
        ("Skulk", "702.118", N, E.SKULK,
         "can't be blocked by creatures with greater power"),
        ("Emerge", "702.119", C), ("Escalate", "702.120", C), ("Melee", "702.121"),
        ("Crew", "702.122", NU), ("Fabricate", "702.123", NU), ("Partner", "702.124", OT),
        ("Undaunted", "702.125"), ("Improvise", "702.126"), ("Aftermath", "702.127"),
        ("Embalm", "702.128", C), ("Eternalize", "702.129", C), ("Afflict", "702.130", NU),
        ("Ascend", "702.131"), ("Assist", "702.132"), ("Jump-start", "702.133"),
        ("Mentor", "702.134"), ("Afterlife", "702.135", NU), ("Riot", "702.136"),
        ("Spectacle", "702.137", C), ("Escape", "702.138", C), ("Companion", "702.139", T),
        ("Mutate", "702.140", C), ("Encore", "702.141", C), ("Boast", "702.142", C),
        ("Foretell", "702.143", OC), ("Demonstrate", "702.144"), ("Daybound", "702.145"),
        ("Nightbound", "702.145"), ("Disturb", "702.146", C), ("Decayed", "702.147"),
        ("Cleave", "702.148", C), ("Training", "702.149"), ("Compleated", "702.150"),
        ("Reconfigure", "702.151", C), ("Blitz", "702.152", C), ("Casualty", "702.153", NU),
        ("Enlist", "702.154"), ("Read ahead", "702.155"), ("Ravenous", "702.156"),
        ("Squad", "702.157", C), ("Space sculptor", "702.158"), ("Visit", "702.159", T),
        ("Prototype", "702.160", T), ("Living metal", "702.161"),
        ("More than meets the eye", "702.162", C), ("For Mirrodin!", "702.163"),
        ("Toxic", "702.164", NU), ("Backup", "702.165", NU), ("Bargain", "702.166"),
        ("Craft", "702.167", T), ("Disguise", "702.168", C), ("Solved", "702.169", T),
        ("Plot", "702.170", C), ("Saddle", "702.171", NU), ("Spree", "702.172"),
        ("Freerunning", "702.173", C), ("Gift", "702.174", T), ("Offspring", "702.175", C),
        ("Impending", "702.176", NC), ("Exhaust", "702.177", T), ("Max speed", "702.178", T),
        ("Start your engines!", "702.179"), ("Harmonize", "702.180", C),
        ("Mobilize", "702.181", NU), ("Job select", "702.182"), ("Tiered", "702.183"),
        ("Station", "702.184"), ("Warp", "702.185", C), ("Infinity", "702.186", T),
        ("Mayhem", "702.187", OC), ("Web-slinging", "702.188", C),
        ("Firebending", "702.189", NU),
        ("Sneak", "702.190", C, None,
         "cast it for the sneak cost during your declare blockers step by returning an "
         "unblocked attacker you control to hand; a permanent spell cast this way enters "
         "tapped and attacking"),
        ("Landwalk", "702.14", T, E.LANDWALK),
        ("Typecycling", "702.29e", C), ("Landcycling", "702.29e", C),
    ]
    for land in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Desert",
                 "Nonbasic land", "Legendary land", "Snow land", "Snow swamp", "Snow forest",
                 "Snow island", "Snow mountain", "Snow plains", "Artifact land"):
        rows.append((f"{land.capitalize()}walk", "702.14", N, E.LANDWALK,
                     f"can't be blocked as long as the defending player controls "
                     f"{'an' if land[0] in 'AEIOU' else 'a'} {land.lower()}"))
    table: dict[str, KeywordSpec] = {}
    for row in rows:
        padded = tuple(row) + (N, None, "")[len(row) - 2:]
        table[padded[0].lower()] = KeywordSpec(*padded)
    return table


KEYWORDS: dict[str, KeywordSpec] = _spec_table()
"""The keyword registry: lower-case name -> :class:`KeywordSpec` (CR 702)."""

ACTIVATED_KEYWORDS = frozenset({
    "boast", "channel", "commander ninjutsu", "craft", "crew", "cycling", "embalm", "encore",
    "equip", "eternalize", "exhaust", "forecast", "fortify", "level up", "ninjutsu",
    "outlast", "reconfigure", "reinforce", "saddle", "scavenge", "station", "transfigure",
    "transmute", "unearth"})
"""Lower-case names of the keyword abilities that are activated abilities (CR 702: equip
702.6a, cycling 702.29a, ninjutsu 702.49a, crew 702.122a, station 702.184a...), and the ability
word channel (CR 207.2c), which MTGJSON lists among a card's ``keywords`` and whose abilities
are activated from the hand. Every ``...cycling`` variant is one too: see
:func:`is_activated_keyword`."""


def is_activated_keyword(name: str) -> bool:
    """Whether the keyword named ``name`` (any case) is an activated ability (CR 702).

    >>> is_activated_keyword("Equip"), is_activated_keyword("Slivercycling")
    (True, True)
    >>> is_activated_keyword("Flying")
    False
    """
    low = name.lower()
    return low in ACTIVATED_KEYWORDS or low.endswith("cycling")


_CYCLING_VARIANT = re.compile(r"(?i)^(?:basic land|[a-z]+ ?)cycling$")


def keyword_spec(name: str) -> KeywordSpec | None:
    """The registry row of a keyword, by name in any case; typecycling names included.

    >>> keyword_spec("commander NINJUTSU").rule
    '702.49d'
    >>> keyword_spec("Slivercycling").name
    'Typecycling'
    >>> keyword_spec("Blight") is None
    True
    """
    spec = KEYWORDS.get(name.lower())
    if spec is None and _CYCLING_VARIANT.match(name) and name.lower() != "cycling":
        spec = KEYWORDS["landcycling" if "land" in name.lower() else "typecycling"]
    return spec


@dataclass(frozen=True, slots=True)
class KeywordAbility:
    """One keyword ability as printed on a card, e.g. ``Ninjutsu {1}{U}`` (CR 702).

    Examples
    --------
    >>> k = KeywordAbility("Prowl", ManaCost.parse("{5}{U}"), "Prowl {5}{U}")
    >>> str(k), k.rule
    ('Prowl {5}{U}', '702.76')
    """

    name: str
    """Canonical name (``"Ninjutsu"``, ``"Plainscycling"``), see :data:`KEYWORDS`."""
    cost: ManaCost | None = None
    """Its mana cost, for keywords with one (Sneak, Ninjutsu, Prowl, Cycling...)."""
    text: str = ""
    """The keyword as written on its line, without reminder text."""
    parameter: str = ""
    """Any other parameter: ``"3"`` for Crew 3, ``"from red"`` for protection, a non-mana
    cost such as ``"Pay 2 life."`` for Ward."""

    def __str__(self) -> str:
        return self.text or " ".join(p for p in (self.name, str(self.cost or "")) if p)

    @property
    def spec(self) -> KeywordSpec | None:
        """The registry row."""
        return keyword_spec(self.name)

    @property
    def rule(self) -> str:
        """The rule that defines the keyword, ``""`` if unknown."""
        spec = self.spec
        return spec.rule if spec else ""

    @property
    def evasion(self) -> Evasion | None:
        """The evasion this keyword gives, if any."""
        spec = self.spec
        return spec.evasion if spec else None

    def describe(self) -> str:
        """The keyword with what it does, in plain English.

        >>> KeywordAbility("Menace", None, "Menace").describe()
        "Menace (can't be blocked except by two or more creatures)"
        """
        spec = self.spec
        text = str(self)
        return f"{text} ({spec.gloss})" if spec and spec.gloss else text

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: name, cost (braces or null), text, parameter, rule."""
        return {"name": self.name, "cost": None if self.cost is None else str(self.cost),
                "text": str(self), "parameter": self.parameter, "rule": self.rule,
                "description": self.describe()}


_NAME_PATTERN = re.compile(
    r"^(?P<name>" + "|".join(re.escape(n) for n in sorted(KEYWORDS, key=len, reverse=True))
    + r"|(?:basic )?\w+cycling)(?=$|[\s—])", re.IGNORECASE)
_MANA_TAIL = re.compile(r"^(?P<qual>.*?)\s*(?P<mana>(?:\{[^{}]+\})+)$")
_MANA_HEAD = re.compile(r"^((?:\{[^{}]+\})+)\.?(?:,\s*(.*))?$")
_NUMBER = re.compile(r"^(?:\d+|X)$")


def _with_cost(name: str, rest: str, text: str) -> KeywordAbility | None:
    if rest.startswith("—"):
        inner = rest[1:].strip()
        if ":" in inner:
            return None      # "Boast — {1}{R}: Draw a card.": an activated ability, not a cost
        lead = _MANA_HEAD.match(inner)
        cost = ManaCost.try_parse(lead[1]) if lead else None
        if cost is not None and lead is not None:
            return KeywordAbility(name, cost, text, (lead[2] or "").strip())
        if _ITS_MANA_COST.fullmatch(inner):
            # "flashback—its mana cost": a cost equal to the card's mana cost (CR 118.9)
            return KeywordAbility(name, None, text, inner)
        if _NOT_A_PARAMETER.search(inner) and _ITS_MANA_COST.match(inner):
            return None
        return KeywordAbility(name, None, text, inner) if inner else None
    match = _MANA_TAIL.match(rest)
    if match is None:
        return None
    cost = ManaCost.try_parse(match["mana"])
    if cost is None:
        return None
    return KeywordAbility(name, cost, text, match["qual"].strip())


def parse_keyword_item(item: str) -> KeywordAbility | None:
    """Read one keyword with its parameter (``"Ninjutsu {1}{U}"``), or ``None``.

    >>> parse_keyword_item("Protection from red").parameter
    'from red'
    >>> parse_keyword_item("Flying haste") is None
    True
    """
    text = item.strip().rstrip(".") if "—" not in item else item.strip()
    match = _NAME_PATTERN.match(text)
    if match is None:
        return None
    spec = keyword_spec(match["name"])
    if spec is None:
        return None
    name = spec.name if spec.name not in ("Typecycling", "Landcycling") \
        else match["name"].capitalize()
    rest = text[match.end():].strip()
    match spec.param:
        case ParamKind.NONE:
            return KeywordAbility(name, None, text) if not rest else None
        case ParamKind.COST | ParamKind.OPTIONAL_COST:
            if not rest:
                return KeywordAbility(name, None, text) \
                    if spec.param is ParamKind.OPTIONAL_COST else None
            return _with_cost(name, rest, text)
        case ParamKind.NUMBER | ParamKind.OPTIONAL_NUMBER:
            if not rest and spec.param is ParamKind.OPTIONAL_NUMBER:
                return KeywordAbility(name, None, text)
            return KeywordAbility(name, None, text, rest) if _NUMBER.match(rest) else None
        case ParamKind.NUMBER_COST:
            number, _, cost_text = rest.partition("—")
            if not _NUMBER.match(number.strip()) or not cost_text:
                return None
            cost = ManaCost.try_parse(cost_text.strip().rstrip("."))
            return KeywordAbility(name, cost, text, number.strip()) if cost else None
        case ParamKind.TEXT:
            rest = rest.lstrip("— ")
            if ":" in rest:
                return None  # "Exhaust — {2}{U}, {T}: ...": an activated ability
            if not rest or not _parameter_ok(spec.name, rest):
                return None
            return KeywordAbility(name, None, text, rest)
        case _:
            if rest and not _parameter_ok(spec.name, rest):
                return None
            return KeywordAbility(name, None, text, rest)


_PARAMETER_FORMS: dict[str, re.Pattern[str]] = {
    "Protection": re.compile(r"^from .+$"), "Hexproof": re.compile(r"^from .+$"),
    "Affinity": re.compile(r"^for .+$"), "Splice": re.compile(r"^onto .+$"),
    "Champion": re.compile(r"^an? .+$"), "Partner": re.compile(r"^(?:with .+|— ?.+)$"),
    "Bands with other": re.compile(r"^.+$"), "Companion": re.compile(r"^—?.+$"),
}
"""The shape of a keyword's words where it has one ("protection from red")."""
_ITS_MANA_COST = re.compile(r"(?:its|that card's|the card's) mana cost")
"""The cost of a keyword granted "equal to its mana cost" (CR 118.9)."""
_NOT_A_PARAMETER = re.compile(r"\b(?:until|this turn|for as long as|as long as|unless|if|"
                              r"where|and gains?|and has|instead)\b")


def _parameter_ok(name: str, rest: str) -> bool:
    """Whether ``rest`` can be the words of keyword ``name``: its form when it has one, and
    never a clause of the sentence around it ("hexproof until end of turn" is Hexproof and
    a duration, not "Hexproof until end of turn")."""
    form = _PARAMETER_FORMS.get(name)
    if form is not None and not form.match(rest):
        return False
    return _NOT_A_PARAMETER.search(rest) is None


def parse_keyword_line(line: str) -> tuple[KeywordAbility, ...] | None:
    """Read a line made only of keyword abilities, or return ``None``.

    Parameters
    ----------
    line : str
        A line without reminder text (see :func:`analyzer.oracle.text.normalize_line`).

    Returns
    -------
    tuple of KeywordAbility or None
        Every keyword of the line in order; ``None`` if any part of the line is not a
        keyword of :data:`KEYWORDS` with a well-formed parameter.

    Examples
    --------
    >>> [k.text for k in parse_keyword_line("Flashback—{1}{R}, Pay 3 life.")]
    ['Flashback—{1}{R}, Pay 3 life.']
    >>> [k.parameter for k in parse_keyword_line("Protection from red and from blue")]
    ['from red and from blue']
    >>> [k.name for k in parse_keyword_line("Protection from artifacts; reach")]
    ['Protection', 'Reach']
    """
    line = line.strip()
    if not line or '"' in line:
        return None
    whole = parse_keyword_item(line)
    if whole is not None and ("—" in line or not {",", ";"} & set(line)
                              or whole.name == "Partner"):
        return (whole,)   # "Partner with Kraum, Ludevic's Opus": a name with a comma
    items = [p for p in re.split(r",\s*|;\s*", line) if p]
    parsed = [parse_keyword_item(p) for p in items]
    if not parsed or any(p is None for p in parsed):
        return None
    return tuple(p for p in parsed if p is not None)


def parse_keyword_list(text: str) -> tuple[KeywordAbility, ...] | None:
    """Read a list of keywords in running text: ``"flying, first strike, and haste"``.

    Used for the keywords an anthem grants. ``"protection from black and from red"`` stays one
    keyword. Returns ``None`` if any item is not a keyword.

    >>> [k.name for k in parse_keyword_list("menace, lifelink, and haste")]
    ['Menace', 'Lifelink', 'Haste']
    >>> [str(k) for k in parse_keyword_list("flying and protection from black and from red")]
    ['Flying', 'Protection from black and from red']
    """
    if '"' in text or "“" in text:
        return None
    raw = [p.strip() for p in re.split(r",\s*and\s+|,\s*|\s+and\s+", text.strip()) if p.strip()]
    merged: list[str] = []
    for part in raw:
        if part.startswith("from ") and merged:
            merged[-1] += " and " + part
        else:
            merged.append(part)
    found = [parse_keyword_item(p[:1].upper() + p[1:]) for p in merged]
    if not found or any(k is None for k in found):
        return None
    return tuple(k for k in found if k is not None)


def keyword_names(abilities: Iterable[KeywordAbility]) -> frozenset[str]:
    """The lower-case names of some keyword abilities, for membership tests."""
    return frozenset(k.name.lower() for k in abilities)
