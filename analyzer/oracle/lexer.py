"""The Oracle lexer: one normalized ability line -> a tuple of :class:`Token`.

The clause grammar (:mod:`.grammar`) reads tokens, never characters. Words keep the case they
were printed in (subtypes are capitalised: "Ninja", "Treasure") and carry their lower-case
form in :attr:`Token.low`; the possessive "'s" / "s'" is a token of its own, so
"target player's graveyard" reads as ``target player POSS graveyard``. Mana symbols in a row
are one ``MANA`` token (``{2}{U}``), except the tap and untap symbols (CR 107.5, 107.6) and
energy (CR 107.14). Power/toughness pairs and counter kinds (``+1/+1``, ``2/2``, ``*/*``) are
``PT`` tokens, quoted abilities granted to other objects are one ``QUOTE`` token holding the
inner text (CR 113.1c), and the self-reference of :func:`~.text.normalize_line` is ``SELF``.

Examples
--------
>>> [t.kind for t in tokenize("CARDNAME's power is {2}{U}, +1/+1.")]
['SELF', 'POSS', 'WORD', 'WORD', 'MANA', ',', 'PT', '.']
>>> [t.low for t in tokenize('Target player\\'s creatures have "{T}: Add {G}."')]
['target', 'player', "'s", 'creatures', 'have', '{T}: Add {G}.']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from analyzer.oracle.text import SELF

__all__ = ["PUNCTUATION", "Token", "tokenize", "untokenize"]

PUNCTUATION: Final = frozenset({",", ".", ":", ";", "—", "•", "(", ")", "?", "!", "|"})
"""Punctuation that is a token of its own (its kind is the character)."""


class Token:
    """One token of an ability line.

    ``kind`` is one of ``"WORD"``, ``"NUMBER"``, ``"MANA"``, ``"TAP"`` ({T}), ``"UNTAP"``
    ({Q}), ``"ENERGY"`` ({E}...), ``"PT"`` (``+1/+1``), ``"SELF"``, ``"POSS"`` ('s),
    ``"QUOTE"`` (the inner text of a quoted ability), ``"LOYALTY"`` (``+1``, ``−2`` before a
    colon) or a punctuation mark of :data:`PUNCTUATION`.
    """

    __slots__ = ("kind", "low", "text", "word")

    def __init__(self, kind: str, text: str, low: str | None = None) -> None:
        self.kind = kind
        """What the token is (see the class docstring)."""
        self.text = text
        """As written (a QUOTE's inner text)."""
        self.low = text.lower() if low is None and kind == "WORD" else (low or text)
        """Lower case for words; the text for every other kind."""
        self.word = "CARDNAME" if kind == "SELF" else self.low
        """The word patterns match: ``low``, and ``"CARDNAME"`` for the card's own name."""

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Token) and (self.kind, self.text) == (other.kind, other.text)

    def __hash__(self) -> int:
        return hash((self.kind, self.text))


_LEX = re.compile(
    r"""(?P<quote>"[^"]*"|“[^”]*”)
      | (?P<self>""" + SELF + r""")
      | (?P<mana>(?:\{(?![TQE]\})[^{}\s]+\})+)
      | (?P<tap>\{T\})
      | (?P<untap>\{Q\})
      | (?P<energy>(?:\{E\})+)
      | (?P<pt>[+\-−]?(?:\d+|X|\*|x)/[+\-−]?(?:\d+|X|\*|x)(?![\w/]))
      | (?P<num>\d+(?![\w/]))
      | (?P<poss>'s\b|’s\b|(?<=s)'(?=\s|$|,|\.))
      | (?P<word>[A-Za-z\u00C0-\u024F][\w\u00C0-\u024F'’\-/]*(?<!['’]))
      | (?P<signed>[+\-−]\d+|[+\-−]X)
      | (?P<punct>[,.:;—•()?!|])
      | (?P<other>\S)""",
    re.VERBOSE)
_POSSESSIVE_WORD = re.compile(r"^(?P<w>.+?)(?:'s|’s)$")
_KEEP_APOSTROPHE_S = frozenset({"it's", "that's", "there's", "what's", "who's", "he's",
                                "she's", "let's", "here's"})


def tokenize(line: str) -> tuple[Token, ...]:
    """Split one normalized line into tokens (see the module docstring).

    A word followed by "'s" splits into the word and a ``POSS`` token ("player's" -> player,
    's), except contractions ("it's", "that's"). Signed numbers outside a P/T pair (the
    ``+1`` of a loyalty cost) are ``LOYALTY`` tokens; any other character is a token of kind
    ``"OTHER"``, which no grammar rule accepts.

    >>> [t.text for t in tokenize("Its controller's hand")]
    ['Its', 'controller', "'s", 'hand']
    >>> tokenize("+1: Draw a card.")[0].kind
    'LOYALTY'
    """
    tokens: list[Token] = []
    append = tokens.append
    for match in _LEX.finditer(line):
        kind = match.lastgroup
        text = match.group()
        if kind == "word":
            low = text.lower()
            if low in _KEEP_APOSTROPHE_S:
                append(Token("WORD", text, low))
                continue
            possessive = _POSSESSIVE_WORD.match(text)
            if possessive is not None:
                append(Token("WORD", possessive["w"]))
                append(Token("POSS", "'s"))
            elif text.endswith("s'"):
                append(Token("WORD", text[:-1]))
                append(Token("POSS", "'", "'s"))
            else:
                append(Token("WORD", text, low))
        elif kind == "quote":
            append(Token("QUOTE", text[1:-1], text[1:-1]))
        elif kind == "self":
            append(Token("SELF", SELF))
        elif kind == "mana":
            append(Token("MANA", text))
        elif kind == "tap":
            append(Token("TAP", text))
        elif kind == "untap":
            append(Token("UNTAP", text))
        elif kind == "energy":
            append(Token("ENERGY", text))
        elif kind == "pt":
            append(Token("PT", text.replace("−", "-").replace("x", "X")))
        elif kind == "num":
            append(Token("NUMBER", text))
        elif kind == "poss":
            append(Token("POSS", "'s" if "s" in text else "'", "'s"))
        elif kind == "signed":
            append(Token("LOYALTY", text.replace("−", "-")))
        elif kind == "punct":
            append(Token(text, text))
        else:
            append(Token("OTHER", text))
    return tuple(tokens)


def untokenize(tokens: Sequence[Token]) -> str:
    """The tokens as text again (spaces between words, none before punctuation or 's).

    >>> untokenize(tokenize("Target player's hand, then draw."))
    "Target player's hand, then draw."
    """
    out: list[str] = []
    for token in tokens:
        piece = f'"{token.text}"' if token.kind == "QUOTE" else token.text
        if out and token.kind not in (",", ".", ":", ";", "POSS", ")", "?", "!") \
                and out[-1] not in ("(",):
            out.append(" ")
        out.append(piece)
    return "".join(out)
