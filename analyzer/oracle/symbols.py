"""Symbols in braces — ``{2}``, ``{U/P}``, ``{T}``, ``{E}`` — in mana costs and rules text.

The one place that cuts text into symbols (CR 107: numbers and symbols), so views that draw
symbols as icons and statistics that count coloured pips read costs the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["TextPart", "mana_symbols", "text_parts"]

_SYMBOL = re.compile(r"\{([^{}]+)\}")


def mana_symbols(cost: str) -> tuple[str, ...]:
    """The symbols of a mana cost, braces removed, in printed order.

    Examples
    --------
    >>> mana_symbols("{2}{U/P}{B}")
    ('2', 'U/P', 'B')
    >>> mana_symbols("")
    ()
    """
    return tuple(_SYMBOL.findall(cost))


@dataclass(frozen=True, slots=True)
class TextPart:
    """A run of rules text: plain words, or one ``{...}`` symbol (mana, tap, energy...)."""

    text: str
    """The words, or the symbol without braces (``"T"``, ``"G"``, ``"2/W"``)."""
    is_symbol: bool = False
    """True for a symbol."""


def text_parts(text: str) -> tuple[TextPart, ...]:
    """Rules text cut into words and symbols, for a view that draws symbols as icons.

    Examples
    --------
    >>> [(p.text, p.is_symbol) for p in text_parts("{T}: Add {G}.")]
    [('T', True), (': Add ', False), ('G', True), ('.', False)]
    """
    parts: list[TextPart] = []
    last = 0
    for match in _SYMBOL.finditer(text):
        if match.start() > last:
            parts.append(TextPart(text[last:match.start()]))
        parts.append(TextPart(match.group(1), True))
        last = match.end()
    if last < len(text):
        parts.append(TextPart(text[last:]))
    return tuple(parts)
