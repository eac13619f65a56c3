"""Token descriptions (CR 111.4): "1/1 blue Illusion creature token with flying" -> :class:`TokenSpec`.

The effect ``create_token`` keeps the description as the Oracle words; :func:`parse_token`
reads it into typed characteristics for the rules core, so no other module reads the words.
A description is ``[legendary] [P/T] [colours] [subtypes] <card types> token[s] [named N]
[with <keywords> [and "<ability>"]]``, or a predefined token by its name (CR 111.10:
Treasure, Food, Clue, Blood, Gold, Powerstone, Map, Junk, Shard, Lander, Mutagen, Roles),
whose abilities :data:`PREDEFINED` gives.

Examples
--------
>>> t = parse_token("1/1 blue Illusion creature token with flying")
>>> t.power, t.toughness, t.colors.letters, t.subtypes, [str(k) for k in t.keywords]
(1, 1, 'U', ('Illusion',), ['Flying'])
>>> treasure = parse_token("Treasure token")
>>> treasure.types, treasure.abilities
(('Artifact',), ('{T}, Sacrifice this artifact: Add one mana of any color.',))
>>> parse_token("a token that's a copy of it") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.keywords import KeywordAbility, parse_keyword_list
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.mana import COLOR_NAMES, Color
from analyzer.oracle.types import NON_CREATURE_SUBTYPES, singular_creature_type

__all__ = ["PREDEFINED", "TokenSpec", "parse_token"]

_COLORS = {name: Color[letter] for letter, name in COLOR_NAMES.items()}
_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "land": "Land", "planeswalker": "Planeswalker"}

PREDEFINED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "Treasure": (("Artifact",), ("{T}, Sacrifice this artifact: Add one mana of any color.",)),
    "Food": (("Artifact",), ("{2}, {T}, Sacrifice this artifact: You gain 3 life.",)),
    "Clue": (("Artifact",), ("{2}, Sacrifice this artifact: Draw a card.",)),
    "Blood": (("Artifact",), ("{1}, {T}, Discard a card, Sacrifice this artifact: Draw a "
                              "card.",)),
    "Gold": (("Artifact",), ("Sacrifice this artifact: Add one mana of any color.",)),
    "Powerstone": (("Artifact",), ("{T}: Add {C}. This mana can't be spent to cast a "
                                   "nonartifact spell.",)),
    "Map": (("Artifact",), ("{1}, {T}, Sacrifice this artifact: Target creature you control "
                            "explores. Activate only as a sorcery.",)),
    "Junk": (("Artifact",), ("{T}, Sacrifice this artifact: Exile the top card of your "
                             "library. You may play that card this turn. Activate only as a "
                             "sorcery.",)),
    "Shard": (("Enchantment",), ("{2}, Sacrifice this enchantment: Scry 1, then draw a "
                                 "card.",)),
    "Lander": (("Artifact",), ("{2}, {T}, Sacrifice this token: Search your library for a "
                               "basic land card, put it onto the battlefield tapped, then "
                               "shuffle.",)),
    "Mutagen": (("Artifact",), ("{1}, {T}, Sacrifice this token: Put a +1/+1 counter on "
                                "target creature. Activate only as a sorcery.",)),
    "Vibranium": (("Artifact",), ("Indestructible", "{T}: Add {C}. This mana can't be spent "
                                  "to cast a nonartifact spell.")),
    "Cursed Role": (("Enchantment",), ("Enchant creature", "Enchanted creature has base power "
                                       "and toughness 1/1.")),
    "Monster Role": (("Enchantment",), ("Enchant creature", "Enchanted creature gets +1/+1 "
                                        "and has trample.")),
    "Royal Role": (("Enchantment",), ("Enchant creature", "Enchanted creature gets +1/+1 and "
                                      "has ward {1}.")),
    "Sorcerer Role": (("Enchantment",), ("Enchant creature", 'Enchanted creature gets +1/+1 '
                                         'and has "Whenever this creature attacks, scry 1."')),
    "Wicked Role": (("Enchantment",), ("Enchant creature", "Enchanted creature gets +1/+1.",
                                       "When this Aura is put into a graveyard from the "
                                       "battlefield, each opponent loses 1 life.")),
    "Young Hero Role": (("Enchantment",), ("Enchant creature", 'Enchanted creature has '
                                           '"Whenever this creature attacks, if its '
                                           'toughness is 3 or less, put a +1/+1 counter on '
                                           'it."')),
    "Virtuous Role": (("Enchantment",), ("Enchant creature", "Enchanted creature gets +1/+1 "
                                         "for each enchantment you control.")),
}
"""Predefined tokens (CR 111.10) by name: (card types, abilities as Oracle text)."""


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """The characteristics a token is created with (CR 111.4)."""

    name: str
    """Its name: its subtypes, e.g. ``"Illusion"`` (CR 111.4), or the name it is given."""
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
    abilities: tuple[str, ...] = ()
    """Other abilities as Oracle text: quoted ones ("with \\"{T}: Add {G}.\\""), and those of
    a predefined token (CR 111.10)."""
    legendary: bool = False
    """True for a legendary token."""
    variable_pt: str = ""
    """``"X/X"`` when power and toughness are X (set on creation)."""


@lru_cache(maxsize=4096)
def parse_token(text: str) -> TokenSpec | None:
    """Read a token description as ``create_token`` keeps it, or ``None``.

    Parameters
    ----------
    text : str
        ``"2/2 black Vampire creature token with flying"`` (a leading count removed).
    """
    tokens = tokenize(text.strip().removeprefix("a ").removeprefix("an "))
    return _spec(tokens)


def _spec(tokens: tuple[Token, ...]) -> TokenSpec | None:
    words = [t.low for t in tokens]
    if "token" not in words and "tokens" not in words:
        return None
    k = words.index("token") if "token" in words else words.index("tokens")
    head, tail = tokens[:k], tokens[k + 1:]
    legendary = False
    power = toughness = None
    variable = ""
    colors = NO_COLOR
    types: list[str] = []
    subtypes: list[str] = []
    named = ""
    words_head = [t.text for t in head]
    predefined = " ".join(words_head)
    if predefined in PREDEFINED and not tail:
        kinds, predefined_abilities = PREDEFINED[predefined]
        return TokenSpec(predefined, None, None, NO_COLOR, kinds, (predefined.split()[-1]
                         if "Role" not in predefined else "Role",), (), predefined_abilities)
    for t in head:
        low = t.low
        if t.kind == "PT":
            p, _, q = t.text.partition("/")
            if p.isdigit() and q.isdigit():
                power, toughness = int(p), int(q)
            elif p in ("X", "*") and q in ("X", "*"):
                variable = t.text
            else:
                return None
        elif low == "legendary":
            legendary = True
        elif low in _COLORS:
            colors |= _COLORS[low]
        elif low in ("colorless", "and"):
            continue
        elif low in _CARD_TYPES:
            types.append(_CARD_TYPES[low])
        elif (kind := singular_creature_type(t.text)) is not None:
            subtypes.append(kind)
        elif t.text in NON_CREATURE_SUBTYPES:
            subtypes.append(t.text)
        else:
            return None
    keywords: tuple[KeywordAbility, ...] = ()
    abilities: list[str] = []
    rest = list(tail)
    if rest and rest[0].low == "named":
        stop = next((i for i, t in enumerate(rest) if t.low == "with"), len(rest))
        if not _is_name(rest[1:stop]):
            return None
        named = untokenize(rest[1:stop])
        rest = rest[stop:]
    if rest and rest[0].low == "with" and any(t.low == "named" for t in rest) and not named:
        # "with flying named Ballistic Boulder": the name after the keywords.
        at = next(k for k, t in enumerate(rest) if t.low == "named")
        if not _is_name(rest[at + 1:]):
            return None
        named = untokenize(rest[at + 1:])
        rest = rest[:at]
    if rest:
        if rest[0].low != "with":
            return None
        rest = rest[1:]
        quotes = [t.text for t in rest if t.kind == "QUOTE"]
        plain = [t for t in rest if t.kind != "QUOTE"]
        while plain and plain[-1].low in ("and", ","):
            plain.pop()
        if plain:
            found = parse_keyword_list(untokenize(plain))
            if found is None:
                return None
            keywords = found
        abilities = quotes
        if not keywords and not abilities:
            return None
    if not types:
        return None
    if "Creature" in types and power is None and not variable:
        if not any(_defines_pt(q) for q in abilities):
            return None
        variable = "*/*"    # "with \"This creature's power and toughness are each equal
        #                     to ...\"": a characteristic-defining ability (CR 604.3)
    name = named or " ".join(subtypes) or types[-1]
    return TokenSpec(name, power, toughness, colors, tuple(types), tuple(subtypes), keywords,
                     tuple(abilities), legendary, variable)


def _defines_pt(quote: str) -> bool:
    """True for a quoted characteristic-defining ability of the token's power and toughness
    (CR 604.3): "This creature's power and toughness are each equal to ..."."""
    text = quote.strip('"').lower()
    return any(text.startswith(f"{who}'s power and toughness are each equal to ")
               for who in ("this creature", "this token", "cardname"))


_NAME_WORDS = frozenset({"of", "the", "and", "to", "a", "in", "on", "from", "with", "for",
                         "at", "de", "la", "le"})


def _is_name(tokens: list[Token] | tuple[Token, ...]) -> bool:
    """A token's name: capitalized words ("Ballistic Boulder", "Scion of the Deep"), not
    a clause ("Everywhere that is every basic land type")."""
    return bool(tokens) and tokens[0].text[:1].isupper() and all(
        t.kind in ("POSS", ",") or t.text[:1].isupper() or t.low in _NAME_WORDS
        for t in tokens)
