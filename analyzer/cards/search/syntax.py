"""The typed syntax tree of a card search query (Scryfall's query syntax).

A query is a tree of :class:`Term` leaves combined by :class:`And`, :class:`Or` and
:class:`Not`. Every node prints back as a canonical query (``str(node)``) that
:func:`~analyzer.cards.search.parser.parse_query` reads into an equal tree (STYLE.md habit 2).

The vocabulary (fields, operators, ``is:`` values, colour names) follows Scryfall's search
reference, https://scryfall.com/docs/syntax.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

__all__ = [
    "COLOR_NAMES",
    "FIELD_ALIASES",
    "FORMATS",
    "PARITIES",
    "RARITY_ORDER",
    "And",
    "Field",
    "IsValue",
    "Node",
    "Not",
    "Operator",
    "Or",
    "Term",
    "quote_value",
]


class Field(Enum):
    """What a term compares; the value is the canonical keyword printed by ``str()``."""

    NAME = "name"
    """Bare words, ``"quoted phrases"``, ``name:`` and ``!"exact name"``: the card's names."""
    TYPE = "t"
    """``t:`` / ``type:``: the type line of any face."""
    ORACLE = "o"
    """``o:`` / ``oracle:``: the Oracle text of any face."""
    COLOR = "c"
    """``c:`` / ``color:``: the card's colours."""
    IDENTITY = "id"
    """``id:`` / ``identity:`` / ``ci:``: the colour identity."""
    MANA_VALUE = "mv"
    """``mv`` / ``cmc`` / ``manavalue``: the mana value."""
    POWER = "pow"
    """``pow`` / ``power`` of any face."""
    TOUGHNESS = "tou"
    """``tou`` / ``toughness`` of any face."""
    KEYWORD = "kw"
    """``kw:`` / ``keyword:``: a keyword ability or action."""
    IS = "is"
    """``is:``: a card property (:class:`IsValue`)."""
    FORMAT = "f"
    """``f:`` / ``format:`` / ``legal:``: legal in a format."""
    RARITY = "r"
    """``r:`` / ``rarity:`` with ``:``, ``=``, ``!=``, ``<``, ``<=``, ``>``, ``>=`` (in
    :data:`RARITY_ORDER`): some printing has such a rarity; needs printings data."""
    SET = "s"
    """``s:`` / ``set:`` / ``e:`` / ``edition:``: needs printings data."""
    BANNED = "banned"
    """``banned:``: banned in a format (MTGJSON ``legalities`` status ``"Banned"``)."""
    RESTRICTED = "restricted"
    """``restricted:``: restricted in a format (``legalities`` status ``"Restricted"``)."""
    MANA = "m"
    """``m:`` / ``mana:``: the mana cost of some face holds these symbols (Scryfall: at least
    as many of each; a generic number at least that much; hybrid symbols only themselves)."""
    PRODUCES = "produces"
    """``produces:``: the card's mana abilities can add these colours (``c`` colourless), from
    its compiled profile."""


FIELD_ALIASES: dict[str, Field] = {
    "name": Field.NAME, "t": Field.TYPE, "type": Field.TYPE, "o": Field.ORACLE,
    "oracle": Field.ORACLE, "c": Field.COLOR, "color": Field.COLOR, "colour": Field.COLOR,
    "id": Field.IDENTITY, "identity": Field.IDENTITY, "ci": Field.IDENTITY,
    "mv": Field.MANA_VALUE, "cmc": Field.MANA_VALUE, "manavalue": Field.MANA_VALUE,
    "pow": Field.POWER, "power": Field.POWER, "tou": Field.TOUGHNESS,
    "toughness": Field.TOUGHNESS, "kw": Field.KEYWORD, "keyword": Field.KEYWORD,
    "is": Field.IS, "f": Field.FORMAT, "format": Field.FORMAT, "legal": Field.FORMAT,
    "r": Field.RARITY, "rarity": Field.RARITY, "s": Field.SET, "set": Field.SET,
    "e": Field.SET, "edition": Field.SET, "banned": Field.BANNED,
    "restricted": Field.RESTRICTED, "m": Field.MANA, "mana": Field.MANA,
    "produces": Field.PRODUCES,
}
"""Every spelling of a field keyword (lower case) -> the field."""


RARITY_ORDER = ("common", "uncommon", "rare", "special", "mythic", "bonus")
"""Printing rarities (MTGJSON *Card (Set)* ``rarity``) from lowest to highest, the order of
Scryfall's rarity comparisons (``r>=rare``, ``r<mythic``; https://scryfall.com/docs/syntax,
"Rarity": "common, uncommon, rare, special, mythic, and bonus")."""


class Operator(Enum):
    """A comparison; the value is its spelling in a query."""

    COLON = ":"
    """The field's natural test: contains (text), at least (``c:``), fits within (``id:``)."""
    EQ = "="
    """Equal (exactly these colours)."""
    NE = "!="
    """Not equal."""
    LT = "<"
    """Less than (a strict subset of colours)."""
    LE = "<="
    """At most (a subset of colours)."""
    GT = ">"
    """Greater than (a strict superset of colours)."""
    GE = ">="
    """At least (a superset of colours)."""
    EXACT = "!"
    """``!"name"``: the exact name (only with :attr:`Field.NAME`)."""


class IsValue(Enum):
    """The ``is:`` values the card data supports; the value is the keyword."""

    SPLIT = "split"
    """Split and aftermath cards (layout ``split`` / ``aftermath``)."""
    FLIP = "flip"
    """Flip cards (Kamigawa)."""
    TRANSFORM = "transform"
    """Transforming double-faced cards."""
    MDFC = "mdfc"
    """Modal double-faced cards."""
    DFC = "dfc"
    """Double-faced cards: transform, modal DFC, meld."""
    MELD = "meld"
    """Meld cards (the fronts and the melded card)."""
    ADVENTURE = "adventure"
    """Cards with an Adventure."""
    LEVELER = "leveler"
    """Level up cards."""
    SAGA = "saga"
    """Sagas."""
    CLASS = "class"
    """Class enchantments."""
    CASE = "case"
    """Case enchantments."""
    BATTLE = "battle"
    """Battles (any face's type line)."""
    COMMANDER = "commander"
    """Cards that can be your commander."""
    PERMANENT = "permanent"
    """Front face is an artifact, battle, creature, enchantment, land or planeswalker."""
    SPELL = "spell"
    """Front face is a non-land artifact, battle, creature, enchantment, instant, kindred,
    planeswalker or sorcery."""
    VANILLA = "vanilla"
    """Creatures with no Oracle text and no keywords (one whose keywords say it has
    abilities its text lacks is a data problem, not vanilla)."""
    HYBRID = "hybrid"
    """A hybrid mana symbol (``{R/W}``, ``{2/W}``, ``{G/W/P}``) in a mana cost."""
    PHYREXIAN = "phyrexian"
    """A Phyrexian mana symbol (``{B/P}``) in a mana cost."""
    GAME_CHANGER = "gamechanger"
    """On the Commander brackets' Game Changers list (MTGJSON ``isGameChanger``)."""


FORMATS = ("alchemy", "brawl", "commander", "competitivebrawl", "duel", "explorer", "future",
           "gladiator", "historic", "historicbrawl", "legacy", "modern", "oathbreaker",
           "oldschool", "pauper", "paupercommander", "penny", "pioneer", "predh", "premodern",
           "standard", "standardbrawl", "timeless", "tlr", "vintage")
"""Format names ``f:``, ``banned:`` and ``restricted:`` accept (MTGJSON ``legalities`` keys)."""

PARITIES = ("even", "odd")
"""The words ``mv:`` takes besides numbers (Scryfall's ``mv:even``, ``mv:odd``)."""

COLOR_NAMES: dict[str, str] = {
    "white": "w", "blue": "u", "black": "b", "red": "r", "green": "g",
    "azorius": "wu", "dimir": "ub", "rakdos": "br", "gruul": "rg", "selesnya": "gw",
    "orzhov": "wb", "izzet": "ur", "golgari": "bg", "boros": "rw", "simic": "gu",
    "bant": "gwu", "esper": "wub", "grixis": "ubr", "jund": "brg", "naya": "rgw",
    "abzan": "wbg", "jeskai": "urw", "sultai": "bgu", "mardu": "rwb", "temur": "gur",
    "colorless": "c", "colourless": "c", "multicolor": "m", "multicolour": "m",
}
"""Colour, guild, shard and wedge names -> colour letters (``c`` colourless, ``m`` multi)."""

_PLAIN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                         "'.,+*/&_-~?{}")


def quote_value(value: str) -> str:
    """A value as a query spells it: bare when it can be, else in double quotes.

    Examples
    --------
    >>> quote_value("bolt"), quote_value("draw a card"), quote_value('say "hi"')
    ('bolt', '"draw a card"', '"say \\\\"hi\\\\""')
    """
    if value and all(ch in _PLAIN_CHARS or (not ch.isascii() and not ch.isspace())
                     for ch in value) and value[0] not in "-!" and value.lower() not in (
                         "or", "and") and not _looks_like_term(value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _looks_like_term(value: str) -> bool:
    return any(op in value for op in (":", "=", "<", ">"))


@dataclass(frozen=True, slots=True)
class Term:
    """One condition: ``field operator value``.

    Examples
    --------
    >>> str(Term(Field.TYPE, Operator.COLON, "ninja"))
    't:ninja'
    >>> str(Term(Field.NAME, Operator.COLON, "lightning bolt"))
    '"lightning bolt"'
    """

    field: Field
    """What is compared."""
    operator: Operator
    """How it is compared."""
    value: str
    """The canonical value: text as typed, colours as letters in WUBRG order (``"rg"``,
    ``"c"``, ``"m"``), numbers as typed, or the other field (``"tou"`` in ``pow>tou``)."""

    def __str__(self) -> str:
        if self.field is Field.NAME:
            if self.operator is Operator.EXACT:
                return "!" + quote_value(self.value)
            return quote_value(self.value)
        return f"{self.field.value}{self.operator.value}{quote_value(self.value)}"


@dataclass(frozen=True, slots=True)
class Not:
    """``-term`` or ``-(group)``: cards the operand does not match."""

    operand: Node
    """The negated query."""

    def __str__(self) -> str:
        inner = str(self.operand)
        return f"-({inner})" if isinstance(self.operand, And | Or) else f"-{inner}"


@dataclass(frozen=True, slots=True)
class And:
    """Terms side by side: cards matching every operand (two or more)."""

    operands: tuple[Node, ...]
    """The combined queries, in query order."""

    def __str__(self) -> str:
        return " ".join(f"({op})" if isinstance(op, Or | And) else str(op)
                        for op in self.operands)


@dataclass(frozen=True, slots=True)
class Or:
    """``a or b``: cards matching any operand (two or more)."""

    operands: tuple[Node, ...]
    """The alternatives, in query order."""

    def __str__(self) -> str:
        return " or ".join(f"({op})" if isinstance(op, Or) else str(op)
                           for op in self.operands)


Node: TypeAlias = Term | Not | And | Or
"""Any node of a query tree."""
