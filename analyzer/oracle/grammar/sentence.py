"""Sentences of effects: conditions, clause chains and the effects they lower to (CR 608.2c).

A sentence is ``[condition ,] clause (connector clause)*``: the condition is "If ...",
"Otherwise", "If you do", "When you do" (:mod:`.conditions`); the connectors are ", then",
"then", ", and", "and" and the series comma ("search your library for a card, reveal it,
put it into your hand, then shuffle"). A clause without a subject after one with a subject
and a verb in the third person ("Target player draws a card and loses 1 life") inherits the
subject. After lowering, two passes join what belongs together: a search and the clauses
that say where the card goes (:func:`fuse_search`), and a pronoun's zone taken from the
effect before it (:func:`infer_origins`).

Examples
--------
>>> [e.describe() for e in parse_effects("Draw two cards, then discard a card.")]
['draw 2 cards', 'discard a card']
>>> [e.describe() for e in parse_effects("Target player draws a card and loses 1 life.")]
['target player: draw a card', 'target player: lose 1 life']
>>> parse_effects("Dance wildly.") is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar import (
    verbs_board,
    verbs_cards,
    verbs_continuous,
    verbs_life,
    verbs_misc,
    verbs_restrictions,
    verbs_zones,
)
from analyzer.oracle.grammar.clause import FRAMES, lower_clause, parse_clause_tokens
from analyzer.oracle.grammar.conditions import condition_tokens
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.objects import ObjectRef, Zone, lower_first

__all__ = ["THIRD_PERSON", "fuse_search", "infer_origins", "parse_effects",
           "parse_effects_tokens"]

_VERB_MODULES = (verbs_board, verbs_cards, verbs_continuous, verbs_life, verbs_misc,
                 verbs_restrictions, verbs_zones)

Tokens = Sequence[Token]
Effects = tuple[Effect, ...]


def _third_person() -> frozenset[str]:
    """The third-person forms of the frames' verbs ("draws", "loses", "gets"): a clause
    that starts with one has a subject, given or inherited."""
    found: set[str] = set()
    for spec in FRAMES:
        for element in spec.pattern.elements:
            words = getattr(element, "words", None)
            if not words or len(words) < 2:
                continue
            for word in words:
                if (word.endswith("s") and (word[:-1] in words or word[:-2] in words)) \
                        or word in ("has", "does"):
                    found.add(word)
    found |= {"can't", "can", "doesn't", "don't", "isn't", "is", "are", "has", "have",
              "must", "gets", "gains", "loses", "deals", "becomes", "attacks", "blocks"} - {"have"}
    return frozenset(found - {"as", "this", "its"})


THIRD_PERSON: frozenset[str] = _third_person()
"""Verb forms that need a subject ("draws", "loses", "deals", "gets")."""


def parse_effects(sentence: str) -> Effects | None:
    """Read one sentence of effects (CR 608.2c: in the order written), or ``None``.

    Parameters
    ----------
    sentence : str
        A normalized sentence (:func:`analyzer.oracle.text.normalize_line`), with or
        without its final period.

    Returns
    -------
    tuple of Effect or None
        ``None`` when any part is not understood: the caller keeps the sentence as an
        unsupported span.
    """
    return _parse(sentence.strip().rstrip(".").strip())


@lru_cache(maxsize=1 << 15)
def _parse(text: str) -> Effects | None:
    if not text:
        return None
    tokens = tokenize(lower_first(text))
    return parse_effects_tokens(tokens, 0, len(tokens))


def parse_effects_tokens(tokens: Tokens, i: int, j: int) -> Effects | None:
    """The effects of ``tokens[i:j]`` (one sentence), or ``None``."""
    while j > i and tokens[j - 1].kind == ".":
        j -= 1
    if i < j and tokens[i].low == "then" and j - i > 1:
        i += 1
    span = tuple(tokens[i:j])
    if not span:
        return None
    found = _sentence(span)
    if found is None:
        return None
    return infer_origins(fuse_search(found))


@lru_cache(maxsize=1 << 14)
def _sentence(span: tuple[Token, ...]) -> Effects | None:
    """A condition-led sentence or a chain."""
    n = len(span)
    lead = span[0].low
    if lead in ("if", "otherwise", "when", "unless", "as") or (
            lead == "then" and n > 1 and span[1].low == "if"):
        for k in range(1, n - 1):
            if span[k].kind != ",":
                continue
            condition = condition_tokens(span, 0, k)
            if condition is None:
                continue
            instead = k + 2 < n and span[k + 1].low == "instead" and span[k + 2].kind != ","
            rest = _chain(span, k + 2 if instead else k + 1, n, None)
            if rest is None:
                continue
            if instead:
                # "If this spell was kicked, instead scry 3, then draw three cards": every
                # effect after it replaces what came before (CR 614.1a)
                rest = tuple(dataclasses.replace(e, condition=f"{e.condition} (instead)"
                                                 .strip()) for e in rest)
            return _conditioned(rest, condition.text)
        if lead == "otherwise" and n > 1:
            rest = _chain(span, 1, n, None)
            return None if rest is None else _conditioned(rest, "otherwise")
    if lead in ("when", "whenever", "at"):
        delayed = _delayed(span)
        if delayed is not None:
            return delayed
    return _chain(span, 0, n, None)


def _delayed(span: tuple[Token, ...]) -> Effects | None:
    """"When that creature dies this turn, exile its controller's graveyard": a delayed
    triggered ability the effect creates (CR 603.7a), its effects inside."""
    from analyzer.oracle.grammar.triggers import delayed_trigger

    for k in range(2, len(span) - 1):
        if span[k].kind != ",":
            continue
        when = delayed_trigger(span, 0, k)
        if when is None:
            continue
        rest = _chain(span, k + 1, len(span), None)
        if rest is None:
            continue
        return (Effect.make("delayed", when=when, effects=infer_origins(fuse_search(rest)),
                            text=untokenize(span)),)
    return None


def _conditioned(effects: Effects, condition: str) -> Effects:
    """Every effect gated by a leading condition (an inner "for each" kept after it)."""
    return tuple(dataclasses.replace(e, condition=", ".join(
        c for c in (condition, e.condition) if c)) for e in effects)


_SEPARATORS: tuple[tuple[str, ...], ...] = ((",", "then"), (";", "then"), ("then",),
                                            (",", "and", "then"), (",", "and"), ("and",),
                                            (",",))


@lru_cache(maxsize=1 << 14)
def _chain_cached(span: tuple[Token, ...], i: int, j: int,
                  subject: tuple[Token, ...] | None) -> Effects | None:
    return _chain_uncached(span, i, j, subject)


def _chain(span: tuple[Token, ...], i: int, j: int,
           subject: tuple[Token, ...] | None) -> Effects | None:
    return _chain_cached(span, i, j, subject)


def _chain_uncached(span: tuple[Token, ...], i: int, j: int,
                    subject: tuple[Token, ...] | None) -> Effects | None:
    """Clauses joined by connectors over ``span[i:j]``; ``subject`` is the noun phrase a
    subjectless third-person clause inherits."""
    if j <= i:
        return None
    whole = _one_clause(span, i, j, subject)
    if whole is not None:
        return whole[0]
    for separator in _SEPARATORS:
        size = len(separator)
        for k in range(i + 1, j - size):
            if tuple(t.low for t in span[k:k + size]) != separator:
                continue
            left = _one_clause(span, i, k, subject)
            if left is None:
                continue
            effects, own_subject = left
            inherited = own_subject if own_subject is not None else subject
            right = _chain(span, k + size, j, inherited)
            if right is None:
                continue
            return _share_duration(effects, right)
    return None


def _one_clause(span: tuple[Token, ...], i: int, j: int,
                subject: tuple[Token, ...] | None
                ) -> tuple[Effects, tuple[Token, ...] | None] | None:
    """One clause's effects and its subject's tokens, inheriting ``subject`` when it starts
    with a third-person verb."""
    first = span[i].low if i < j else ""
    start = i + 2 if first == "you" and j - i > 2 and span[i + 1].low == "may" else i
    needs_subject = start < j and span[start].low in THIRD_PERSON
    if needs_subject:
        if subject is None or start != i:
            return None
        tokens = (*subject, *span[i:j])
        clause = parse_clause_tokens(tokens, 0, len(tokens))
    else:
        clause = parse_clause_tokens(span, i, j)
    if clause is None:
        return None
    effects = lower_clause(clause)
    if effects is None:
        return None
    own = None
    if clause.subject is not None and not needs_subject:
        own = tuple(tokenize(clause.subject.text))
    elif needs_subject:
        own = subject
    return effects, own


def _share_duration(left: Effects, right: Effects) -> Effects:
    """"gets +1/+1 and gains flying until end of turn": a duration written once at the end
    applies to the lasting effects before it that have none (CR 611.2a)."""
    durations = [e.arg("duration") for e in right if e.arg("duration") is not None]
    last = durations[-1] if durations else None
    from analyzer.oracle.effects import Duration

    if last is None or last is Duration.PERMANENT:
        return left + right
    changed = []
    for e in left:
        if e.arg("duration") is Duration.PERMANENT and e.name in (
                "modify_pt", "grant_abilities", "set_pt", "become", "restrict",
                "lose_abilities", "gain_control", "switch_pt"):
            args = tuple((k, last if k == "duration" else v) for k, v in e.args)
            e = Effect(e.name, args, e.optional, e.condition, e.text)
        changed.append(e)
    return tuple(changed) + right


# -- passes after lowering ---------------------------------------------------------------

def _is_it(value: object) -> bool:
    return isinstance(value, ObjectRef) and value.filter.kind == "it"


def fuse_search(effects: Effects) -> Effects:
    """A library search and the clauses after it that say what happens to the card found
    ("reveal it", "put it into your hand", "then shuffle") as one ``search_library``
    effect with its ``destination``, ``tapped`` and ``reveal`` (CR 701.23).

    >>> e, = parse_effects("Search your library for a basic land card, reveal it, put it "
    ...                    "into your hand, then shuffle.")
    >>> e.name, e.arg("destination").name, e.arg("reveal")
    ('search_library', 'HAND', True)
    """
    found: list[Effect] = []
    i = 0
    while i < len(effects):
        effect = effects[i]
        if effect.name != "search_library" or effect.arg("destination") is not None:
            found.append(effect)
            i += 1
            continue
        args = dict(effect.args)
        k = i + 1
        if k < len(effects) and effects[k].name == "reveal" and _is_it(effects[k].arg("target")):
            args["reveal"] = True
            k += 1
        if k < len(effects) and effects[k].name == "change_zone" \
                and _is_it(effects[k].arg("target")) and not effects[k].condition:
            move = effects[k]
            args["destination"] = move.arg("destination")
            args["tapped"] = move.arg("tapped") is True
            if move.arg("position"):
                args["destination"] = Zone.LIBRARY
            k += 1
        if k < len(effects) and effects[k].name == "shuffle" and effects[k].arg("player") \
                is None and not effects[k].condition:
            k += 1
        if args.get("destination") is None:
            found.append(effect)
            i += 1
            continue
        found.append(Effect(effect.name, tuple(args.items()), effect.optional,
                            effect.condition, effect.text))
        i = k
    return tuple(found)


_ZONE_NAMES = (("library", Zone.LIBRARY), ("graveyard", Zone.GRAVEYARD), ("hand", Zone.HAND),
               ("exile", Zone.EXILE))


def _where(effect: Effect) -> Zone | None:
    """The zone the object an effect talks about ends up in, if the effect says."""
    if effect.name == "change_zone":
        found = effect.arg("destination")
        return found if isinstance(found, Zone) else None
    if effect.name == "look_at":
        found = effect.arg("zone")
        return found if isinstance(found, Zone) else None
    if effect.name == "search_library":
        found = effect.arg("destination")
        return found if isinstance(found, Zone) else None
    target = effect.arg("target")
    if isinstance(target, ObjectRef):
        if target.filter.kind != "it":
            return target.filter.zone
        return next((z for word, z in _ZONE_NAMES if word in target.text), None)
    return None


def infer_origins(effects: Effects) -> Effects:
    """Give a pronoun's zone change ("put that card into your hand") the zone of the object
    an earlier effect named ("reveal the top card of your library"); else leave it
    unknown.

    >>> e = parse_effects("Reveal the top card of your library and put that card into your "
    ...                   "hand.")
    >>> e[1].arg("origin").name
    'LIBRARY'
    """
    found: list[Effect] = []
    last: Zone | None = None
    for effect in effects:
        if effect.name == "change_zone" and effect.arg("origin") is None and last is not None:
            effect = Effect(effect.name, tuple((k, last if k == "origin" else v)
                                               for k, v in effect.args),
                            effect.optional, effect.condition, effect.text)
        last = _where(effect) or last
        found.append(effect)
    return tuple(found)


_ = (untokenize, Amount, _VERB_MODULES)
