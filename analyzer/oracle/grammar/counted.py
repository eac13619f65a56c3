"""Counted amounts of a clause: "for each creature you control", "for each time it was
kicked", "for each card put into a graveyard this way" — what a "for each" modifier counts
(CR 107.3, 608.2c), read by :mod:`~analyzer.oracle.grammar.clause`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ObjectRef, Quantity
from analyzer.oracle.quantities import quantity

__all__ = ["counted_phrase", "counted_quantity"]

Tokens = Sequence[Token]


def _words(tokens: Tokens, i: int, j: int) -> tuple[str, ...]:
    out: list[str] = []
    for t in tokens[i:j]:
        if t.kind == "POSS" and out:
            out[-1] += "'" if t.text == "'" else "'s"
        else:
            out.append("CARDNAME" if t.kind == "SELF" else t.low)
    return tuple(out)


def counted_phrase(tokens: Tokens, i: int, j: int) -> ObjectRef | None:
    """The objects counted by "for each <noun>" (a singular noun with no determiner,
    "for each Swamp your opponents control", reads as "each Swamp ...")."""
    found = noun_phrase(tokens, i, j)
    if found is not None:
        return found
    each = (Token("WORD", "each"), *tokens[i:j])
    found = noun_phrase(each, 0, len(each))
    if found is None:
        return None
    return dataclasses.replace(found, text=untokenize(tokens[i:j]))


_COUNTER_ON = Pattern("{c:counter} counter on {what:np}")
_DOMAIN = Pattern("basic land type among {what:np}")
_COLOR_AMONG = Pattern("color among {what:np}")


def counted_quantity(tokens: Tokens, i: int, j: int) -> Quantity | None:
    """What "for each <words>" counts when the words name no objects: "charge counter on
    CARDNAME" (the counters on it, CR 122.1), "basic land type among lands you control"
    (Domain, CR 305.6 basic land types), "color among permanents you control" (CR 105.2);
    ``None`` for other words."""
    found = _COUNTER_ON.match(tokens, i, j)
    if found is not None and not found["what"].count.each:
        return Quantity("counters", found["what"], str(found["c"]))
    if j - i >= 4 and tokens[i + 1].low == "counter" and tokens[j - 1].low in ("have", "has"):
        # "for each experience counter you have", "for each poison counter your opponents
        # have": the counters a player has (CR 122.1)
        span = [*tokenize("the number of"), *tokens[i:j]]
        had = quantity(span, 0, len(span))
        if had is not None and had.kind == "counters":
            return had
    found = _DOMAIN.match(tokens, i, j)
    if found is not None and found["what"].count.each:
        return Quantity("basic_land_types", found["what"])
    if _words(tokens, i, j) in (("time", "it", "was", "kicked"), ("time", "CARDNAME", "was",
                                                                    "kicked")):
        return Quantity("this_turn", None, "times_kicked")   # multikicker (CR 702.33c)
    if _words(tokens, i, j) in (("spell", "you've", "cast", "this", "turn"),
                                ("spell", "you", "cast", "this", "turn")):
        cast = tokenize("the number of spells you've cast this turn")
        return quantity(cast, 0, len(cast))
    if j - i >= 4 and tokens[i].low == "of" and tokens[j - 1].low == "colors" \
            and tokens[j - 2].kind == "POSS":
        whose = noun_phrase(tokens, i + 1, j - 2)      # "for each of that spell's colors"
        if whose is not None and whose.filter.kind == "it" and not whose.count.each:
            return Quantity("colors", whose)
    if _words(tokens, i, j) == ("of", "its", "colors"):
        return Quantity("colors", noun_phrase(tokenize("it"), 0, 1))  # "+1/+1 for each of
    found = _COLOR_AMONG.match(tokens, i, j)                          # its colors"
    if found is not None and found["what"].count.each:
        return Quantity("colors", found["what"])     # "for each color among permanents you
    return _counted_this_way(tokens, i, j)           # control" (Vivid)


_COMMANDER_CASTS = ("time", "you've", "cast", "your", "commander", "from", "the", "command",
                    "zone", "this", "game")


def _counted_this_way(tokens: Tokens, i: int, j: int) -> Quantity | None:
    """"for each charge counter removed this way", "for each counter removed this way",
    "for each 1 damage prevented this way", "for each 1 life lost this way": how much the
    instructions before did (CR 608.2c, :class:`Quantity` kind ``"this_way"``)."""
    words = _words(tokens, i, j)
    if words == _COMMANDER_CASTS:
        # "copy it for each time you've cast your commander from the command zone this
        # game" (the commander tax's count, CR 903.8)
        you = noun_phrase(tokenize("you"), 0, 1)
        return Quantity("this_game", you, "cast their commander from the command zone")
    if words in (("time", "CARDNAME", "was", "kicked"), ("time", "it", "was", "kicked")):
        # "draw a card for each time CARDNAME was kicked" (multikicker, CR 702.33c)
        return Quantity("this_turn", None, "times_kicked")
    if words[-2:] != ("this", "way") or len(words) < 4:
        return None
    head = words[:-2]
    if head[-2:] == ("counter", "removed") and len(head) in (2, 3):
        kind = f"{untokenize(tokens[i:i + 1])} " if len(head) == 3 else ""
        if kind and tokens[i].kind not in ("PT", "WORD"):
            return None
        return Quantity("this_way", None, f"{kind}counters removed")
    if head in (("1", "damage", "prevented"), ("1", "life", "lost")):
        return Quantity("this_way", None, " ".join(head[1:]))
    return None
