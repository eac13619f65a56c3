"""Colours, mana symbols and mana costs (CR 106, 107.4, 202).

:class:`ManaCost` is the value every other part of the compiler uses for "a cost in braces"
(a spell's mana cost, a sneak cost, the mana a land adds). It parses and formats braces
notation and round-trips: ``str(ManaCost.parse(s)) == s`` for any well-formed ``s`` written
in upper case.

Examples
--------
>>> cost = ManaCost.parse("{2}{U}{B}")
>>> cost.mana_value, cost.colors.letters, str(cost)
(4, 'UB', '{2}{U}{B}')
>>> ManaCost.parse("{X}{R/W}{2/G}{B/P}{S}").mana_value
5
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from analyzer.oracle.errors import ManaCostError

__all__ = ["COLOR_NAMES", "Color", "ManaCost", "ManaSymbol", "SymbolKind"]


class Color(enum.Flag):
    """The five colours (CR 105.1); ``Color(0)`` is colourless. Values combine: ``W | U``."""

    W = enum.auto()
    """White."""
    U = enum.auto()
    """Blue."""
    B = enum.auto()
    """Black."""
    R = enum.auto()
    """Red."""
    G = enum.auto()
    """Green."""

    @classmethod
    def from_letters(cls, letters: Iterable[str]) -> Color:
        """The colours named by WUBRG letters (other letters are ignored).

        >>> Color.from_letters("GW") == Color.W | Color.G
        True
        """
        result = cls(0)
        for letter in letters:
            if letter.upper() in _LETTERS:
                result |= cls[letter.upper()]
        return result

    @property
    def letters(self) -> str:
        """The colours as WUBRG letters in WUBRG order (``""`` for colourless).

        >>> (Color.G | Color.W).letters
        'WG'
        """
        return "".join(c for c in _LETTERS if Color[c] in self)

    @property
    def names(self) -> tuple[str, ...]:
        """The colours as lower-case English words in WUBRG order.

        >>> (Color.R | Color.U).names
        ('blue', 'red')
        """
        return tuple(COLOR_NAMES[c] for c in self.letters)


_LETTERS = "WUBRG"

COLOR_NAMES: dict[str, str] = {
    "W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""WUBRG letter -> the colour's English name."""


class SymbolKind(enum.Enum):
    """What a mana symbol stands for (CR 107.4)."""

    GENERIC = enum.auto()
    """``{0}``, ``{1}``, ``{2}``...: that much mana of any type."""
    COLORED = enum.auto()
    """``{W}``, ``{U}``, ``{B}``, ``{R}``, ``{G}``: one mana of that colour."""
    COLORLESS = enum.auto()
    """``{C}``: one colourless mana (CR 107.4c)."""
    HYBRID = enum.auto()
    """``{R/W}``: one mana of either colour (CR 107.4e)."""
    MONO_HYBRID = enum.auto()
    """``{2/W}``: two generic or one of the colour (CR 107.4e)."""
    PHYREXIAN = enum.auto()
    """``{B/P}``: one mana of the colour or 2 life (CR 107.4f)."""
    HYBRID_PHYREXIAN = enum.auto()
    """``{G/U/P}``: either colour or 2 life (CR 107.4f)."""
    SNOW = enum.auto()
    """``{S}``: one mana from a snow source (CR 107.4h)."""
    VARIABLE = enum.auto()
    """``{X}``, ``{Y}``, ``{Z}``: a number chosen or defined later (CR 107.3)."""


_C = "[WUBRG]"
_SYMBOL_FORMS: tuple[tuple[SymbolKind, re.Pattern[str]], ...] = (
    (SymbolKind.GENERIC, re.compile(r"\d+")),
    (SymbolKind.COLORED, re.compile(_C)),
    (SymbolKind.COLORLESS, re.compile("C")),
    (SymbolKind.HYBRID, re.compile(f"{_C}/{_C}")),
    (SymbolKind.MONO_HYBRID, re.compile(f"2/{_C}")),
    (SymbolKind.PHYREXIAN, re.compile(f"{_C}/P|P/{_C}")),
    (SymbolKind.HYBRID_PHYREXIAN, re.compile(f"{_C}/{_C}/P")),
    (SymbolKind.SNOW, re.compile("S")),
    (SymbolKind.VARIABLE, re.compile("[XYZ]")),
)


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol of a cost, e.g. ``{2}``, ``{U}``, ``{R/W}``, ``{B/P}`` (CR 107.4).

    Examples
    --------
    >>> s = ManaSymbol.parse("{2/W}")
    >>> s.kind.name, s.mana_value, s.colors.letters, str(s)
    ('MONO_HYBRID', 2, 'W', '{2/W}')
    """

    text: str
    """The symbol without braces, upper case: ``"2"``, ``"U"``, ``"R/W"``, ``"B/P"``."""
    kind: SymbolKind
    """What the symbol stands for."""

    @classmethod
    def parse(cls, text: str) -> ManaSymbol:
        """Read one symbol, with or without its braces (``"{U}"`` or ``"U"``).

        Raises
        ------
        ManaCostError
            ``text`` is not a mana symbol (``{T}`` and ``{Q}`` are not mana symbols).
        """
        inner = text.strip()
        if inner.startswith("{") and inner.endswith("}"):
            inner = inner[1:-1]
        inner = inner.upper()
        for kind, pattern in _SYMBOL_FORMS:
            if pattern.fullmatch(inner):
                if kind is SymbolKind.HYBRID and inner[0] == inner[2]:
                    break
                return cls(inner, kind)
        raise ManaCostError(f"not a mana symbol: {text!r}")

    def __str__(self) -> str:
        return "{" + self.text + "}"

    @property
    def mana_value(self) -> int:
        """What the symbol adds to a mana value (CR 202.3): X is 0, ``{2/W}`` is 2."""
        if self.kind is SymbolKind.GENERIC:
            return int(self.text)
        if self.kind is SymbolKind.VARIABLE:
            return 0
        if self.kind is SymbolKind.MONO_HYBRID:
            return 2
        return 1

    @property
    def colors(self) -> Color:
        """The colours of the symbol (CR 105.2, 202.2): ``{R/W}`` is red and white."""
        return Color.from_letters(c for c in self.text if c in _LETTERS)

    def describe(self) -> str:
        """The symbol in plain English.

        >>> ManaSymbol.parse("{B/P}").describe()
        'black mana or 2 life'
        """
        names = self.colors.names
        match self.kind:
            case SymbolKind.GENERIC:
                return f"{self.text} generic mana"
            case SymbolKind.COLORED:
                return f"{names[0]} mana"
            case SymbolKind.COLORLESS:
                return "colorless mana"
            case SymbolKind.HYBRID:
                return f"{names[0]} or {names[1]} mana"
            case SymbolKind.MONO_HYBRID:
                return f"2 generic or {names[0]} mana"
            case SymbolKind.PHYREXIAN:
                return f"{names[0]} mana or 2 life"
            case SymbolKind.HYBRID_PHYREXIAN:
                return f"{names[0]} or {names[1]} mana or 2 life"
            case SymbolKind.SNOW:
                return "mana from a snow source"
            case _:
                return f"{self.text} mana of your choice"


_COST_TOKEN = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A sequence of mana symbols: a mana cost, an alternative cost or mana produced (CR 202).

    The empty cost (``ManaCost.parse("")``) is the cost of a card with no mana cost, which is
    not the same as ``{0}`` (CR 202.1b) and formats as ``""``.

    Examples
    --------
    >>> ManaCost.parse("{1}{U}{U}").mana_value
    3
    >>> str(ManaCost.parse(""))
    ''
    >>> ManaCost.parse("{2}{U")
    Traceback (most recent call last):
    ...
    analyzer.oracle.errors.ManaCostError: not a mana cost: '{2}{U' (unbalanced braces)
    """

    symbols: tuple[ManaSymbol, ...] = ()
    """The symbols in printed order."""

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Read braces notation, e.g. ``"{2}{U}{B}"``; surrounding spaces are ignored.

        Raises
        ------
        ManaCostError
            Text outside braces, unbalanced braces, or a symbol that is not a mana symbol;
            the message quotes ``text``.
        """
        stripped = text.strip()
        if not stripped:
            return cls(())
        if _COST_TOKEN.sub("", stripped):
            reason = ("unbalanced braces" if stripped.count("{") != stripped.count("}")
                      else "text outside braces")
            raise ManaCostError(f"not a mana cost: {text!r} ({reason})")
        symbols = []
        for inner in _COST_TOKEN.findall(stripped):
            try:
                symbols.append(ManaSymbol.parse(inner))
            except ManaCostError as err:
                raise ManaCostError(
                    f"not a mana cost: {text!r} ({{{inner}}} is not a mana symbol)") from err
        return cls(tuple(symbols))

    @classmethod
    def try_parse(cls, text: str) -> ManaCost | None:
        """Like :meth:`parse`, but ``None`` instead of an error.

        >>> ManaCost.try_parse("{T}") is None
        True
        """
        try:
            return cls.parse(text)
        except ManaCostError:
            return None

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)

    def __iter__(self) -> Iterator[ManaSymbol]:
        return iter(self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    @property
    def mana_value(self) -> int:
        """Total mana value (CR 202.3): X counts 0, hybrid its largest half, Phyrexian 1."""
        return sum(s.mana_value for s in self.symbols)

    @property
    def colors(self) -> Color:
        """Every colour among the symbols (CR 202.2)."""
        result = Color(0)
        for s in self.symbols:
            result |= s.colors
        return result

    @property
    def generic(self) -> int:
        """The generic part: the sum of the numeric symbols.

        >>> ManaCost.parse("{3}{G}{G}").generic
        3
        """
        return sum(int(s.text) for s in self.symbols if s.kind is SymbolKind.GENERIC)

    @property
    def has_x(self) -> bool:
        """True if the cost has an ``{X}`` (or ``{Y}``, ``{Z}``)."""
        return any(s.kind is SymbolKind.VARIABLE for s in self.symbols)

    @property
    def is_empty(self) -> bool:
        """True for the cost of a card with no mana cost."""
        return not self.symbols

    def describe(self) -> str:
        """The cost in braces with its mana value, for a tooltip.

        >>> ManaCost.parse("{1}{B}").describe()
        '{1}{B} (mana value 2)'
        >>> ManaCost().describe()
        'no mana cost'
        """
        if not self.symbols:
            return "no mana cost"
        return f"{self} (mana value {self.mana_value})"
