"""Frames: the patterns a verb takes its objects in, and the matcher that reads them.

A frame is written as it reads in Oracle text, one element per word::

    "{who:player?} draw|draws {n:amount} card|cards"

- a literal is a word (lower case) or punctuation, with alternatives joined by ``|`` and a
  trailing ``?`` when it may be left out (``the?``); ``'s`` is the possessive token and
  ``SELF`` the card's own name;
- a slot ``{name:kind}`` is a typed part, ``{name:kind?}`` one that may be absent. The kinds
  are the sub-grammars of :data:`SLOT_KINDS`: ``np`` (a noun phrase, :mod:`..nouns`),
  ``player``, ``amount`` (a number, X, "that many"), ``quantity`` ("the number of ..."),
  ``mana``, ``pt`` (``+1/+1``), ``counter`` (a counter kind), ``kw`` (keyword abilities),
  ``quote`` (a quoted ability), ``zone``, ``cost``, ``number``, ``condition`` (a state
  clause), ``token`` (a token description), ``counted`` (the noun of "for each <noun>"),
  ``words`` (any words, kept as text: only for names and chosen words), ``energy`` (a run
  of ``{E}`` symbols: their number).

The matcher tries the elements left to right over an exact span of tokens; a slot's end is
found by trying each possible end, shortest first, so the first reading that consumes every
token wins. Sub-grammars are cached, so trying is cheap.

Examples
--------
>>> from analyzer.oracle.lexer import tokenize
>>> p = Pattern("{who:player?} draw|draws {n:amount} card|cards")
>>> t = tokenize("target player draws two cards")
>>> found = p.match(t, 0, len(t))
>>> found["who"].text, found["n"].value
('target player', 2)
>>> p.match(tokenize("draw a spell"), 0, 3) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzer.oracle.effects import Amount
from analyzer.oracle.keywords import parse_keyword_list
from analyzer.oracle.lexer import Token, untokenize
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import Quantity, Zone, parse_number
from analyzer.oracle.quantities import player_phrase, quantity

__all__ = ["SLOT_KINDS", "Pattern", "parse_amount_tokens", "zone_destination"]

Tokens = Sequence[Token]
SlotParser = Callable[[Tokens, int, int], Any]


# -- slot sub-grammars -------------------------------------------------------------------

_AMOUNT_WORDS = {
    ("that", "many"): Amount(None, "that many"), ("that", "much"): Amount(None, "that much"),
    ("twice", "that", "many"): Amount(None, "twice that many"),
    ("twice", "that", "much"): Amount(None, "twice that much"),
    ("half", "that", "many"): Amount(None, "half that many"),
    ("x",): Amount(None, "X"), ("that", "many", "plus", "one"):
        Amount(None, "that many plus one"),
    ("that", "many", "minus", "one"): Amount(None, "that many minus one"),
    ("three", "times", "that", "many"): Amount(None, "three times that many"),
    ("three", "times", "that", "much"): Amount(None, "three times that much"),
}
_AMOUNT_QUANTITIES = {
    "that many": Quantity("event"), "that much": Quantity("event"),
    "twice that many": Quantity("event", factor=2), "twice that much": Quantity("event",
                                                                                factor=2),
    "half that many": Quantity("event", factor=0.5, rounding="down"), "X": Quantity("x"),
    "that many plus one": Quantity("event", offset=1),
    "that many minus one": Quantity("event", offset=-1),
    "three times that many": Quantity("event", factor=3),
    "three times that much": Quantity("event", factor=3),
}


def parse_amount_tokens(tokens: Tokens, i: int, j: int) -> Amount | None:
    """An amount in ``tokens[i:j]``: a number word or digits ("a", "two", "3"), X, "that
    many", "twice that much"; ``None`` otherwise.

    >>> from analyzer.oracle.lexer import tokenize
    >>> parse_amount_tokens(tokenize("three"), 0, 1)
    Amount(value=3, variable='', where='', quantity=None)
    >>> parse_amount_tokens(tokenize("that many"), 0, 2).quantity.kind
    'event'
    """
    words = tuple(t.low for t in tokens[i:j])
    if len(words) == 1:
        n = parse_number(words[0])
        if n is None or words[0] == "x":
            found = _AMOUNT_WORDS.get(words)
            return None if found is None else Amount(None, "X", quantity=Quantity("x"))
        return Amount(n)
    found = _AMOUNT_WORDS.get(words)
    if found is None:
        return _x_arithmetic(words)
    return Amount(None, found.variable, quantity=_AMOUNT_QUANTITIES[found.variable])


_X_FACTORS = {("twice", "x"): 2, ("two", "times", "x"): 2, ("three", "times", "x"): 3}


def _x_arithmetic(words: tuple[str, ...]) -> Amount | None:
    """"X plus 1", "twice X", "two times X" (CR 107.3): a number computed from X, kept
    as the words and a typed :class:`Quantity` (offset, factor).

    >>> _x_arithmetic(("x", "plus", "3")).quantity.offset
    3
    >>> _x_arithmetic(("twice", "x")).quantity.factor
    2
    """
    if len(words) == 3 and words[:2] == ("x", "plus") and words[2] != "x" \
            and (n := parse_number(words[2])) is not None and n > 0:
        return Amount(None, f"X plus {words[2]}", quantity=Quantity("x", offset=n))
    if words in _X_FACTORS:
        return Amount(None, " ".join(words).replace("x", "X"),
                      quantity=Quantity("x", factor=_X_FACTORS[words]))
    return None


def _np(tokens: Tokens, i: int, j: int) -> Any:
    return noun_phrase(tokens, i, j)


def _player(tokens: Tokens, i: int, j: int) -> Any:
    return player_phrase(tokens, i, j)


def _mana(tokens: Tokens, i: int, j: int) -> Any:
    if j - i != 1 or tokens[i].kind != "MANA":
        return None
    return ManaCost.try_parse(tokens[i].text)


def _pt(tokens: Tokens, i: int, j: int) -> Any:
    return tokens[i].text if j - i == 1 and tokens[i].kind == "PT" else None


def _counter(tokens: Tokens, i: int, j: int) -> Any:
    """A counter kind: ``+1/+1``, ``-1/-1``, or a word ("charge", "lore", "oil"); the
    two-word keyword counters "first strike" and "double strike" (CR 122.1b)."""
    if j - i == 2 and tokens[i].low in ("first", "double") and tokens[i + 1].low == "strike":
        return f"{tokens[i].low} strike"
    if j - i != 1:
        return None
    t = tokens[i]
    if t.kind == "PT":
        return t.text
    if t.kind == "WORD" and t.low.isalpha() and t.low not in _NOT_COUNTERS:
        return t.low
    return None


_NOT_COUNTERS = frozenset({"a", "an", "the", "that", "those", "each", "all", "any", "one",
                           "two", "three", "x", "of", "on", "from", "counter", "counters",
                           "and", "or", "target", "it", "them", "with"})


def _keywords(tokens: Tokens, i: int, j: int) -> Any:
    if any(t.kind == "QUOTE" for t in tokens[i:j]):
        return None
    return parse_keyword_list(untokenize(tokens[i:j]))


def _quote(tokens: Tokens, i: int, j: int) -> Any:
    return tokens[i].text if j - i == 1 and tokens[i].kind == "QUOTE" else None


def _number(tokens: Tokens, i: int, j: int) -> Any:
    if j - i != 1:
        return None
    return parse_number(tokens[i].low)


def _words(tokens: Tokens, i: int, j: int) -> Any:
    if any(t.kind in ("QUOTE", ".", ":") for t in tokens[i:j]):
        return None
    return untokenize(tokens[i:j])


def _energy(tokens: Tokens, i: int, j: int) -> Any:
    """The number of energy symbols of one ``{E}{E}`` token (CR 107.14)."""
    if j - i != 1 or tokens[i].kind != "ENERGY":
        return None
    return tokens[i].text.count("{E}")


def _quantity(tokens: Tokens, i: int, j: int) -> Any:
    return quantity(tokens, i, j)


_DESTINATIONS: dict[tuple[str, ...], tuple[Zone, str]] = {
    ("your", "hand"): (Zone.HAND, ""), ("its", "owner's", "hand"): (Zone.HAND, ""),
    ("their", "owner's", "hand"): (Zone.HAND, ""), ("their", "owners'", "hands"):
        (Zone.HAND, ""), ("its", "owners'", "hand"): (Zone.HAND, ""),
    ("their", "owners'", "hand"): (Zone.HAND, ""), ("their", "hand"): (Zone.HAND, ""),
    ("that", "player's", "hand"): (Zone.HAND, ""), ("his", "or", "her", "hand"):
        (Zone.HAND, ""), ("its", "controller's", "hand"): (Zone.HAND, ""),
    ("their", "hands"): (Zone.HAND, ""),
    ("your", "graveyard"): (Zone.GRAVEYARD, ""), ("its", "owner's", "graveyard"):
        (Zone.GRAVEYARD, ""), ("their", "owners'", "graveyards"): (Zone.GRAVEYARD, ""),
    ("their", "owner's", "graveyard"): (Zone.GRAVEYARD, ""),
    ("their", "owners'", "graveyard"): (Zone.GRAVEYARD, ""),
    ("that", "player's", "graveyard"): (Zone.GRAVEYARD, ""),
    ("their", "graveyard"): (Zone.GRAVEYARD, ""), ("their", "graveyards"): (Zone.GRAVEYARD, ""),
    ("his", "or", "her", "graveyard"): (Zone.GRAVEYARD, ""),
    ("exile",): (Zone.EXILE, ""), ("the", "battlefield"): (Zone.BATTLEFIELD, ""),
    ("your", "library"): (Zone.LIBRARY, ""), ("its", "owner's", "library"):
        (Zone.LIBRARY, ""), ("their", "owners'", "libraries"): (Zone.LIBRARY, ""),
    ("their", "owner's", "library"): (Zone.LIBRARY, ""), ("their", "library"):
        (Zone.LIBRARY, ""), ("that", "player's", "library"): (Zone.LIBRARY, ""),
    ("their", "owners'", "library"): (Zone.LIBRARY, ""), ("his", "or", "her", "library"):
        (Zone.LIBRARY, ""), ("that", "library"): (Zone.LIBRARY, ""),
    ("the", "command", "zone"): (Zone.COMMAND, ""),
    ("its", "owner's", "library", "second", "from", "the", "top"): (Zone.LIBRARY, "second"),
}


def zone_destination(tokens: Tokens, i: int, j: int) -> Zone | None:
    """Where something goes: "your hand", "its owner's hand", "exile", "the battlefield",
    "their owners' graveyards", "your library" (CR 400.1), else ``None``.

    >>> from analyzer.oracle.lexer import tokenize
    >>> zone_destination(tokenize("its owner's hand"), 0, 4).name
    'HAND'
    """
    words = _merged_words(tokens, i, j)
    found = _DESTINATIONS.get(words)
    return None if found is None else found[0]


def _merged_words(tokens: Tokens, i: int, j: int) -> tuple[str, ...]:
    """Lower-case words with each possessive joined to its word ("owner", "'s" ->
    "owner's"; "owners", "'" -> "owners'")."""
    out: list[str] = []
    for t in tokens[i:j]:
        if t.kind == "POSS" and out:
            out[-1] += "'" if t.text == "'" else "'s"
        else:
            out.append(t.low)
    return tuple(out)


def _zone(tokens: Tokens, i: int, j: int) -> Any:
    return zone_destination(tokens, i, j)


def _token(tokens: Tokens, i: int, j: int) -> Any:
    from analyzer.oracle.grammar.verbs_board import token_words

    return token_words(tokens, i, j)


def _counted(tokens: Tokens, i: int, j: int) -> Any:
    from analyzer.oracle.grammar.counted import counted_phrase

    return counted_phrase(tokens, i, j)


def _condition(tokens: Tokens, i: int, j: int) -> Any:
    from analyzer.oracle.grammar.conditions import state_clause

    return state_clause(tokens, i, j)


def _cost(tokens: Tokens, i: int, j: int) -> Any:
    from analyzer.oracle.grammar.costs import cost_phrase

    return cost_phrase(tokens, i, j)


SLOT_KINDS: dict[str, tuple[SlotParser, int]] = {
    "np": (_np, 0), "player": (_player, 0), "amount": (parse_amount_tokens, 4),
    "quantity": (_quantity, 0), "mana": (_mana, 1), "pt": (_pt, 1), "counter": (_counter, 2),
    "kw": (_keywords, 0), "quote": (_quote, 1), "number": (_number, 1), "words": (_words, 0),
    "zone": (_zone, 8), "cost": (_cost, 0), "condition": (_condition, 0),
    "token": (_token, 0), "counted": (_counted, 0), "energy": (_energy, 1),
}
"""Slot kind -> (sub-grammar, widest span in tokens, 0 for any)."""


# -- the pattern language ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Literal:
    words: frozenset[str]
    optional: bool
    sequences: tuple[tuple[str, ...], ...] = ()
    """Alternatives of several tokens ("that_card's" -> that, card, 's), if any."""


@dataclass(frozen=True, slots=True)
class _Slot:
    name: str
    kind: str
    optional: bool


_Element = _Literal | _Slot


def _compile(pattern: str) -> tuple[_Element, ...]:
    elements: list[_Element] = []
    for part in pattern.split():
        if part.startswith("{"):
            inner = part.strip("{}")
            optional = inner.endswith("?")
            name, _, kind = inner.rstrip("?").partition(":")
            if kind not in SLOT_KINDS:
                raise ValueError(f"unknown slot kind {kind!r} in {pattern!r}")
            elements.append(_Slot(name, kind, optional))
        else:
            optional = part.endswith("?") and len(part) > 1
            words = part.rstrip("?") if optional else part
            alternatives = [_literal_tokens(w.replace("_", " ")) for w in words.split("|")]
            if all(len(a) == 1 for a in alternatives):
                elements.append(_Literal(frozenset(a[0] for a in alternatives), optional))
            elif len(alternatives) == 1 and not optional:
                # "controller's" is two tokens: the word and the possessive.
                elements.extend(_Literal(frozenset({w}), False) for w in alternatives[0])
            else:
                elements.append(_Literal(frozenset(a[0] for a in alternatives), optional,
                                         tuple(sorted(alternatives, key=len, reverse=True))))
    return tuple(elements)


def _literal_tokens(word: str) -> tuple[str, ...]:
    """The token words of a literal as the lexer cuts them ("owner's" -> owner, 's)."""
    if word == "SELF":
        return ("CARDNAME",)
    from analyzer.oracle.lexer import tokenize

    found = tuple(t.low if t.kind != "POSS" else "'s" for t in tokenize(word))
    return found or (word,)


class Pattern:
    """A frame's pattern, compiled (see the module docstring).

    Parameters
    ----------
    pattern : str
        The frame, e.g. ``"destroy {target:np}"``.
    """

    __slots__ = ("anchors", "elements", "text")

    def __init__(self, pattern: str) -> None:
        self.text = pattern
        self.elements = _compile(pattern)
        required = [e for e in self.elements if isinstance(e, _Literal) and not e.optional]
        self.anchors: frozenset[str] = required[0].words if required else frozenset()
        """The words of the first required literal: a span without any of them can't
        match (a quick test before matching)."""

    def __repr__(self) -> str:
        return f"Pattern({self.text!r})"

    def match(self, tokens: Tokens, i: int, j: int, anchored: bool = False
              ) -> dict[str, Any] | None:
        """The slots of the first reading of ``tokens[i:j]`` that consumes every token, or
        ``None``. ``anchored``: the caller knows the span has one of :attr:`anchors` (a
        frame chosen by its anchor words), so the quick test is skipped."""
        if self.anchors and not anchored \
                and self.anchors.isdisjoint({t.word for t in tokens[i:j]}):
            return None
        binds: dict[str, Any] = {}
        return binds if self._at(0, tokens, i, j, binds) else None

    def _at(self, e: int, tokens: Tokens, t: int, end: int, binds: dict[str, Any]) -> bool:
        elements = self.elements
        if e == len(elements):
            return t == end
        element = elements[e]
        if isinstance(element, _Literal):
            if element.sequences:
                for seq in element.sequences:
                    size = len(seq)
                    if t + size <= end and all(tokens[t + k].word == seq[k]
                                               for k in range(size)) \
                            and self._at(e + 1, tokens, t + size, end, binds):
                        return True
            elif t < end and tokens[t].word in element.words \
                    and self._at(e + 1, tokens, t + 1, end, binds):
                return True
            return element.optional and self._at(e + 1, tokens, t, end, binds)
        parser, width = SLOT_KINDS[element.kind]
        if element.optional and self._at(e + 1, tokens, t, end, binds):
            return True
        last = e == len(elements) - 1
        if last:
            ends: range | list[int] = [end] if (not width or end - t <= width) else []
        else:
            top = end if not width else min(end, t + width)
            nxt = elements[e + 1]
            if isinstance(nxt, _Literal) and not nxt.optional:
                ends = [k for k in range(t + 1, top + 1)
                        if k < end and tokens[k].word in nxt.words]
            else:
                ends = range(t + 1, top + 1)
        for k in ends:
            if k <= t:
                continue
            value = _cached(element.kind, tokens, t, k, parser)
            if value is None:
                continue
            binds[element.name] = value
            if self._at(e + 1, tokens, k, end, binds):
                return True
            del binds[element.name]
        return False


def _cached(kind: str, tokens: Tokens, i: int, j: int, parser: SlotParser) -> Any:
    if kind in ("np", "player", "quantity"):
        return parser(tokens, i, j)       # cached by the noun grammar itself
    return _slot_cache(kind, tuple(tokens[i:j]))


@lru_cache(maxsize=1 << 16)
def _slot_cache(kind: str, span: tuple[Token, ...]) -> Any:
    return SLOT_KINDS[kind][0](span, 0, len(span))
