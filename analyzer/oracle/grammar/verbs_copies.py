"""Copies: the exceptions of a token copy ("except it has haste", "except it's a 1/1") and
copies of spells made several times ("copy it for each other instant you've cast this
turn") (CR 707.9, 707.10).

Examples
--------
>>> from analyzer.oracle.lexer import tokenize
>>> [e.describe() for e in copy_exceptions(tokenize("it has haste"))]
['it gains Haste']
>>> [e.name for e in copy_exceptions(tokenize("it's a 4/4 black Zombie"))]
['set_pt', 'become']
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.syntax import Clause

__all__ = ["copy_exceptions"]

_IN_ADDITION = ["in", "addition", "to", "its", "other", "types"]


def copy_exceptions(tokens: Sequence[Token]) -> tuple[Effect, ...] | None:
    """The exceptions of a copy after "except" (CR 707.9b): each an effect on the copy
    ("it"): ``grant_abilities`` ("it has haste and ..."), ``set_pt`` ("it's 1/1"),
    ``become`` ("it's a black Zombie": those characteristics instead, CR 707.9b),
    ``add_types`` ("it's an artifact in addition to its other types"), ``become`` with
    ``legendary`` / ``nonlegendary``; ``None`` when a part is not one of those."""
    parts = _parts(list(tokens))
    if parts is None:
        return None
    found: list[Effect] = []
    for part in parts:
        read = _exception(part)
        if read is None:
            return None
        found.extend(read)
    return tuple(found) if found else None


def _parts(tokens: list[Token]) -> list[list[Token]] | None:
    """"it has haste and it's a 1/1" -> its exceptions, each starting with "it"."""
    parts: list[list[Token]] = []
    current: list[Token] = []
    for k, t in enumerate(tokens):
        nxt = tokens[k + 1].low if k + 1 < len(tokens) else ""
        if t.low == "and" and nxt in ("it", "it's", "its") and current:
            parts.append(current)
            current = []
            continue
        current.append(t)
    if current:
        parts.append(current)
    return parts or None


def _it() -> object:
    return noun_phrase(tokenize("it"), 0, 1)


def _exception(part: list[Token]) -> tuple[Effect, ...] | None:
    words = [t.low for t in part]
    text = untokenize(part)
    it = noun_phrase(tokenize("it"), 0, 1)
    if words[:2] == ["it", "has"] and len(part) > 2:
        from analyzer.oracle.grammar import parse_effects

        granted = parse_effects(text)
        if granted is None or not all(e.name == "grant_abilities" for e in granted):
            return None
        return granted
    if words in (["it", "isn't", "legendary"], ["it's", "not", "legendary"],
                 ["it", "is", "not", "legendary"]):
        return (Effect.make("become", target=it, what="nonlegendary", text=text),)
    if words == ["it's", "legendary"]:
        return (Effect.make("become", target=it, what="legendary", text=text),)
    if words[:1] != ["it's"] or len(part) < 2:
        return None
    rest = part[1:]
    addition = [t.low for t in rest[-len(_IN_ADDITION):]] == _IN_ADDITION
    if addition:
        rest = rest[:-len(_IN_ADDITION)]
    if rest and rest[0].low in ("a", "an"):
        rest = rest[1:]
    found: list[Effect] = []
    if rest and rest[0].kind == "PT":
        power, _, toughness = rest[0].text.partition("/")
        if not (power.isdigit() and toughness.isdigit()):
            return None
        found.append(Effect.make("set_pt", target=it, power=int(power),
                                 toughness=int(toughness), text=text))
        rest = rest[1:]
    if rest:
        what = untokenize(rest)
        if not _characteristics(rest):
            return None
        found.append(Effect.make("add_types" if addition else "become", target=it, what=what,
                                 text=text))
    elif addition:
        return None
    return tuple(found) or None


def _characteristics(tokens: Sequence[Token]) -> bool:
    """Colours, card types and subtypes only ("black Zombie", "Nightmare", "artifact",
    "0/0 Fractal creature")."""
    from analyzer.oracle.mana import COLOR_NAMES
    from analyzer.oracle.types import NON_CREATURE_SUBTYPES, singular_creature_type

    colors = set(COLOR_NAMES.values()) | {"colorless"}
    types = {"artifact", "creature", "enchantment", "land", "planeswalker", "legendary"}
    return bool(tokens) and all(
        t.low in colors or t.low in types or t.low == "and"
        or singular_creature_type(t.text) is not None or t.text in NON_CREATURE_SUBTYPES
        for t in tokens)


@frame("copy", "copy {target:np} for each {what:counted}")
def _copy_for_each(c: Clause) -> Effect | None:
    """"copy it for each other instant and sorcery spell you've cast this turn"
    (CR 707.10): that many copies."""
    from analyzer.oracle.objects import Quantity

    target = c.slot("target")
    if target.filter.kind not in ("spell", "ability", "it"):
        return None
    words = c.frame_text[c.frame_text.lower().find(" for each ") + 1:]
    return Effect.make("copy", target=target, amount=Amount(
        None, words, quantity=Quantity("count", c.slot("what"))), text=c.text)


_ = _it
