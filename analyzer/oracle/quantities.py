"""Players and counted numbers of Oracle text (CR 107.3, 109.5): :func:`player_phrase`
("target opponent", "each player"), :func:`owned_object`, and :func:`quantity` ("the number
of Elves you control", "its power", "your life total", "twice that much", "the damage
prevented this way") -> :class:`~.objects.Quantity`.

>>> from analyzer.oracle.lexer import tokenize
>>> quantity(tokenize("the number of Elves you control"), 0, 6).kind
'count'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.lexer import Token, tokenize, untokenize  # noqa: F401 (doctests)
from analyzer.oracle.noun_modifiers import zone_phrase
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import (
    EACH,
    ONE,
    ObjectFilter,
    ObjectRef,
    Owner,
    Quantity,
    parse_number,
)

__all__ = ["owned_object", "player_phrase", "quantity"]

Tokens = tuple[Token, ...]


# -- players and quantities --------------------------------------------------------------

def player_phrase(tokens: Sequence[Token], i: int, j: int) -> ObjectRef | None:
    """A player noun phrase in ``tokens[i:j]`` ("you", "target opponent", "each player"),
    else ``None``.

    >>> player_phrase(tokenize("each opponent"), 0, 2).filter.kind
    'opponent'
    """
    found = noun_phrase(tokens, i, j)
    if found is None and j - i > 3 and [t.low for t in tokens[i:i + 3]] == ["the", "owner",
                                                                             "of"]:
        # "The owner of target permanent shuffles it into their library" (CR 108.3): the
        # player who owns the object named, that object kept as the relation "owner_of"
        owned = noun_phrase(tokens, i + 3, j)
        if owned is None or owned.filter.kind in ("player", "opponent") or owned.count.each:
            return None
        return ObjectRef(ObjectFilter(kind="player", owner=Owner.THAT_PLAYER,
                                      relations=(("owner_of", owned),)), ONE, False,
                         untokenize(tokens[i:j]))
    if found is None or found.filter.kind not in ("player", "opponent"):
        return None
    return found


def owned_object(player: ObjectRef | None) -> ObjectRef | None:
    """The object of "the owner of <object>" (:func:`player_phrase`), else ``None``.

    >>> owned_object(player_phrase(tokenize("the owner of target permanent"), 0, 5)).text
    'target permanent'
    """
    if player is None:
        return None
    return next((ref for kind, ref in player.filter.relations if kind == "owner_of"), None)


_THIS_TURN: dict[str, tuple[str, str]] = {
    "the damage dealt to your opponents this turn": ("damage_dealt_to_opponents", ""),
    "the total damage dealt to your opponents this turn": ("damage_dealt_to_opponents", ""),
    "the amount of life you gained this turn": ("life_gained", "you"),
    "the amount of life you've gained this turn": ("life_gained", "you"),
    "the amount of life you lost this turn": ("life_lost", "you"),
    "the amount of life your opponents have lost this turn": ("life_lost_by_opponents", ""),
    "the total amount of life your opponents have lost this turn":
        ("life_lost_by_opponents", ""),
    "the number of cards you've drawn this turn": ("cards_drawn", "you"),
    "the number of cards you drew this turn": ("cards_drawn", "you"),
    "the number of spells you've cast this turn": ("spells_cast", "you"),
    "the number of spells you cast this turn": ("spells_cast", "you"),
    "the number of creatures that died this turn": ("creatures_died", ""),
    "the number of creatures that died under your control this turn":
        ("creatures_died", "you"),
    "the number of other spells you've cast this turn": ("other_spells_cast", "you"),
    "the amount of mana spent to cast it": ("mana_spent", ""),
    "the amount of mana spent to cast CARDNAME": ("mana_spent", ""),
    "the amount of mana spent to cast this spell": ("mana_spent", ""),
    "the number of times CARDNAME was kicked": ("times_kicked", ""),
    "the number of times it was kicked": ("times_kicked", ""),
    "the number of opponents you have": ("opponents", "you"),
    "the amount of mana spent to cast that spell": ("mana_spent_on_that_spell", ""),
    "the number of colors of mana spent to cast it": ("colors_spent", ""),
    "the number of colors of mana spent to cast CARDNAME": ("colors_spent", ""),
}
"""Numbers counted from what happened (this turn, this way) by their words."""

_ATTRIBUTE_WORDS = {"power": "power", "toughness": "toughness", "loyalty": "loyalty",
                    "mana value": "mana_value", "defense": "defense"}


_THIS_WAY_AMOUNTS = {
    ("the", "damage", "prevented", "this", "way"): "damage prevented",
    ("the", "amount", "of", "damage", "prevented", "this", "way"): "damage prevented",
    ("the", "total", "amount", "of", "mana", "paid", "this", "way"): "mana paid",
    ("the", "amount", "of", "mana", "paid", "this", "way"): "mana paid",
    ("the", "total", "amount", "of", "damage", "prevented", "this", "way"):
        "damage prevented",
    ("the", "amount", "of", "damage", "dealt", "this", "way"): "damage dealt",
    ("the", "damage", "dealt", "this", "way"): "damage dealt",
    ("the", "life", "lost", "this", "way"): "life lost",
    ("the", "amount", "of", "life", "lost", "this", "way"): "life lost",
    ("the", "number", "of", "cards", "discarded", "this", "way"): "cards discarded",
    ("the", "number", "of", "cards", "exiled", "this", "way"): "cards exiled",
    ("the", "number", "of", "creatures", "sacrificed", "this", "way"): "creatures sacrificed",
    ("the", "number", "of", "permanents", "sacrificed", "this", "way"): "permanents sacrificed",
    ("the", "number", "of", "cards", "milled", "this", "way"): "cards milled",
}
"""Amounts the instructions before did, by their words (CR 608.2c)."""


def _this_way(words: Sequence[str]) -> str | None:
    """What "the damage prevented this way", "the number of +1/+1 counters removed this
    way" count (:class:`Quantity` kind ``"this_way"``), else ``None``."""
    found = _THIS_WAY_AMOUNTS.get(tuple(words))
    if found is not None:
        return found
    n = len(words)
    if words[:3] == ["the", "number", "of"] and words[n - 3:] == ["removed", "this", "way"] \
            and n in (7, 8) and words[n - 4] == "counters":
        return "counters removed" if n == 7 else f"{words[3]} counters removed"
    return None


def quantity(tokens: Sequence[Token], i: int, j: int) -> Quantity | None:
    """A counted number in ``tokens[i:j]``: "the number of Elves you control", "its power",
    "that creature's toughness", "the greatest power among creatures you control", "your
    life total", "the number of +1/+1 counters on it", "twice that much", "X", "half your
    life, rounded up"; else ``None``.

    >>> quantity(tokenize("the number of Elves you control"), 0, 6).ref.filter.subtypes
    frozenset({'Elf'})
    >>> quantity(tokenize("its power"), 0, 2).attribute
    'power'
    """
    span = tuple(tokens[i:j])
    if not span:
        return None
    return _quantity(span)


@lru_cache(maxsize=1 << 15)
def _quantity(span: Tokens) -> Quantity | None:
    words = [t.low for t in span]
    n = len(words)
    key = " ".join(words)
    ref: ObjectRef | None
    if key in ("x", "that much", "that many", "that damage", "that much damage",
               "that much life", "that many cards"):
        return Quantity("x") if key == "x" else Quantity("event")
    if key in ("that number", "the chosen number", "the number chosen"):
        return Quantity("chosen")
    if key in _THIS_TURN:
        what, whose_words = _THIS_TURN[key]
        return Quantity("this_turn", _possessor((), [whose_words]) if whose_words else None,
                        what)
    if (done := _this_way(words)) is not None:
        return Quantity("this_way", None, done)
    if words[0] == "twice" and n > 1:
        inner = _quantity(span[1:])
        return None if inner is None else dataclasses.replace(inner, factor=2)
    if words[0] == "half" and n > 1:
        rounding = ""
        stop = n
        if words[-3:-1] == [",", "rounded"] or (n > 3 and words[-2] == "rounded"):
            rounding = words[-1]
            stop = n - (3 if words[-3] == "," else 2)
        inner = _quantity(span[1:stop])
        if inner is None:
            return None
        return dataclasses.replace(inner, factor=0.5, rounding=rounding or "down")
    for plus, sign in (("plus", 1), ("minus", -1)):
        if plus in words:
            k = words.index(plus)
            amount = parse_number(words[k + 1]) if k + 2 == n else None
            if amount is not None and amount >= 0 and k > 0:
                inner = _quantity(span[:k])
                if inner is not None:
                    return dataclasses.replace(inner, offset=inner.offset + sign * amount)
            lead = parse_number(words[0]) if k == 1 else None
            if lead is not None and lead >= 0 and k + 1 < n:
                inner = _quantity(span[k + 1:])       # "1 plus <quantity>", "3 minus ..."
                if inner is not None and sign > 0:
                    return dataclasses.replace(inner, offset=inner.offset + lead)
                if inner is not None and inner.factor == 1 and not inner.terms \
                        and not inner.offset:
                    return dataclasses.replace(inner, factor=-1, offset=lead)
            if 0 < k < n - 1:
                # "<quantity> minus <quantity>": "your life total minus the life total of an
                # opponent with the most life", "... plus the number of Cave cards ..."
                left, right = _quantity(span[:k]), _quantity(span[k + 1:])
                if left is not None and right is not None and left.factor == 1 \
                        and left.kind not in ("x", "up_to") and right.kind not in ("x", "up_to"):
                    return dataclasses.replace(left, terms=(*left.terms, (sign, right)))
    if words[:4] == ["the", "total", "number", "of"] and n > 4:
        # "the total number of cards in all players' hands": "total" adds no meaning
        return _quantity((span[0], *span[2:]))
    if words[:3] == ["the", "number", "of"] and n > 3:
        rest = span[3:]
        if (top := _counters_on(rest)) is not None:
            return top
        if words[3:5] == ["cards", "in"] and n > 5:
            whose = zone_phrase(words, 5)
            if whose is not None and whose[2] == n:
                ref = ObjectRef(ObjectFilter(kind="card", zone=whose[0],
                                             owner=whose[1] or Owner.YOU),
                                EACH, False, untokenize(rest))
                return Quantity("count", ref)
        if words[3:5] == ["differently", "named"]:
            ref = noun_phrase(span, 5, n)
            return None if ref is None else Quantity("distinct_names", ref)
        if words[3:7] == ["basic", "land", "types", "among"]:     # Domain
            ref = noun_phrase(span, 7, n)
            return None if ref is None else Quantity("basic_land_types", ref)
        if words[3:5] == ["colors", "among"] or words[3:6] == ["card", "types", "among"]:
            at = 5 if words[4] == "among" else 6
            ref = noun_phrase(span, at, n)
            return None if ref is None else Quantity("colors" if at == 5 else "card_types",
                                                     ref)
        ref = noun_phrase(span, 3, n)
        if ref is not None:
            return Quantity("count", ref)
        return None
    for lead_words, kind in (("the greatest", "greatest"), ("the least", "least"),
                             ("the total", "total"), ("the highest", "greatest")):
        if words[:2] == lead_words.split():
            for attr_words, attr in _ATTRIBUTE_WORDS.items():
                size = len(attr_words.split())
                if " ".join(words[2:2 + size]) == attr_words:
                    at = 2 + size
                    if at < n and words[at] in ("among", "of"):
                        ref = noun_phrase(span, at + 1, n)
                        if ref is not None:
                            return Quantity(kind, ref, attr)
            return None
    if words[:4] == ["the", "life", "total", "of"] and n > 4:
        player = noun_phrase(span, 4, n)
        if player is not None and player.filter.kind in ("player", "opponent"):
            return Quantity("life", player, "life")
    if words[0] == "the" and n > 3:
        for attr_words, attr in _ATTRIBUTE_WORDS.items():
            size = len(attr_words.split())
            if " ".join(words[1:1 + size]) == attr_words and words[1 + size:2 + size] == ["of"]:
                of_ref = noun_phrase(span, 2 + size, n)     # "the power of the exiled card"
                if of_ref is not None and not of_ref.count.each:
                    return Quantity("attribute", of_ref, attr)
    if words[-2:] == ["life", "total"] and n >= 3:
        ref = _possessor(span[:n - 2], words[:n - 2])
        if ref is not None:
            return Quantity("life", ref, "life")
    if words == ["your", "speed"]:      # Start your engines! (CR 702.179)
        return Quantity("speed", _possessor((Token("WORD", "you"),), ["you"]), "speed")
    if words[:2] == ["your", "devotion"] and n > 3 and words[2] == "to":
        return Quantity("devotion", _possessor((Token("WORD", "you"),), ["you"]),
                        " ".join(words[3:]))
    for attr_words, attr in _ATTRIBUTE_WORDS.items():
        size = len(attr_words.split())
        if " ".join(words[n - size:]) == attr_words and n > size:
            ref = _possessor(span[:n - size], words[:n - size])
            if ref is not None:
                return Quantity("attribute", ref, attr)
    return None


def _possessor(span: Tokens | tuple[Token, ...], words: list[str]) -> ObjectRef | None:
    """The owner of a possessive: "its" / "their" (an object named earlier), "your" (you),
    or a noun phrase ("the sacrificed creature", "CARDNAME"), its "'s" left off."""
    span = tuple(span)
    if span and span[-1].kind == "POSS":
        span, words = span[:-1], words[:-1]
    elif span and span[-1].kind == "WORD" and span[-1].low.endswith(("'s", "'")):
        last = span[-1]
        bare = last.text[:-2] if last.low.endswith("'s") else last.text[:-1]
        span = (*span[:-1], Token("WORD", bare))
        words = [*words[:-1], bare.lower()]
    if words in (["its"], ["their"], ["his", "or", "her"]):
        return ObjectRef(ObjectFilter(kind="it"), ONE, False, words[0])
    if words == ["your"] or words == ["you"]:
        return ObjectRef(ObjectFilter(kind="player", owner=Owner.YOU), ONE, False, "you")
    if not span:
        return None
    return noun_phrase(span, 0, len(span))


def _counters_on(span: Tokens) -> Quantity | None:
    """"+1/+1 counters on it", "charge counters on CARDNAME", "counters on it"."""
    words = [t.low for t in span]
    if len(span) >= 4 and words[1] in ("counters", "counter") and words[-1] in ("have", "has") \
            and span[0].kind == "WORD" and words[0] not in ("any", "the", "those", "a", "an"):
        # "experience counters you have", "poison counters your opponents have": counters
        # a player has (CR 122.1)
        who = player_phrase(span, 2, len(span) - 1)
        if who is not None and who.filter.kind in ("player", "opponent") \
                and not who.targeted and words[-1] == ("have" if words[2] in (
                    "you", "your", "they") else "has"):
            return Quantity("counters", who, span[0].text)
    if "on" not in words:
        return None
    k = words.index("on")
    if k < 1 or words[k - 1] not in ("counters", "counter"):
        return None
    kind = "any" if k == 1 else span[0].text if k == 2 else ""
    if not kind:
        return None
    ref = noun_phrase(span, k + 1, len(span))
    return None if ref is None else Quantity("counters", ref, kind)
