"""Token descriptions (CR 111.4): "1/1 blue Illusion creature token with flying" -> :class:`TokenSpec`.

The effect ``create_token`` keeps the description as the Oracle words; :func:`parse_token`
reads it into typed characteristics for the rules core, so no other module reads the words.

Examples
--------
>>> t = parse_token("1/1 blue Illusion creature token with flying")
>>> t.power, t.toughness, t.colors.letters, t.subtypes, [str(k) for k in t.keywords]
(1, 1, 'U', ('Illusion',), ['Flying'])
>>> parse_token("a token that's a copy of it") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.keywords import KeywordAbility, parse_keyword_list
from analyzer.oracle.mana import COLOR_NAMES, Color
from analyzer.oracle.types import singular_creature_type

__all__ = ["TokenSpec", "parse_token"]

_TOKEN = re.compile(
    r"^(?:(?P<p>\d+)/(?P<t>\d+) )?(?P<words>.+?) (?P<kinds>(?:artifact |enchantment )*"
    r"creature|artifact|enchantment) tokens?(?: with (?P<kw>.+))?$")
_COLORS = {name: Color[letter] for letter, name in COLOR_NAMES.items()}


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """The characteristics a token is created with (CR 111.4)."""

    name: str
    """Its name: its subtypes, e.g. ``"Illusion"`` (CR 111.4)."""
    power: int | None
    """Power, for a creature token."""
    toughness: int | None
    """Toughness, for a creature token."""
    colors: Color
    """Its colours (``Color(0)``: colourless)."""
    types: tuple[str, ...]
    """Card types: ``("Creature",)``, ``("Artifact", "Creature")``."""
    subtypes: tuple[str, ...]
    """Subtypes: ``("Illusion",)``."""
    keywords: tuple[KeywordAbility, ...] = ()
    """Keyword abilities it has ("with flying")."""


def parse_token(text: str) -> TokenSpec | None:
    """Read a token description as ``create_token`` keeps it, or ``None``.

    Parameters
    ----------
    text : str
        ``"2/2 black Vampire creature token with flying"`` (a leading count removed).
    """
    match = _TOKEN.match(text.strip().removeprefix("a ").removeprefix("an "))
    if match is None:
        return None
    colors, subtypes = NO_COLOR, []
    for word in match["words"].replace(" and ", " ").split():
        low = word.lower()
        if low in _COLORS:
            colors |= _COLORS[low]
        elif low == "colorless":
            continue
        elif (kind := singular_creature_type(word)) is not None:
            subtypes.append(kind)
        else:
            return None
    keywords: tuple[KeywordAbility, ...] = ()
    if match["kw"]:
        found = parse_keyword_list(match["kw"])
        if found is None:
            return None
        keywords = found
    types = tuple(w.capitalize() for w in match["kinds"].split())
    power = int(match["p"]) if match["p"] else None
    toughness = int(match["t"]) if match["t"] else None
    if "Creature" in types and power is None:
        return None
    return TokenSpec(" ".join(subtypes) or types[-1], power, toughness, colors, types,
                     tuple(subtypes), keywords)
