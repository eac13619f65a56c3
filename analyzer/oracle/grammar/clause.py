"""Clauses: one span of tokens -> :class:`~analyzer.oracle.syntax.Clause` -> effects.

A clause is ``[you may] [subject] verb objects [modifiers]``. The verbs are registered by
frame (:func:`frame`, one module per family of verbs: :mod:`.verbs_cards`,
:mod:`.verbs_zones`, ...): a frame is a :class:`~.frames.Pattern` and the lowering function
that turns the clause it reads into :class:`~analyzer.oracle.effects.Effect` values.
Modifiers are read around the frame, from the end of the clause inward ("... until end of
turn", "... for each creature you control", "... at random") and from its start
("Until end of turn, ..."), and applied by :func:`apply_modifiers` after lowering: a
modifier that no effect of the clause can take makes the whole clause unread — a modifier
is never dropped.

Examples
--------
>>> from analyzer.oracle.lexer import tokenize
>>> t = tokenize("you may draw two cards")
>>> c = parse_clause_tokens(t, 0, len(t))
>>> c.verb, c.optional, c.slot("n").value
('draw', True, 2)
>>> [e.describe() for e in lower_clause(c)]
['you may draw 2 cards']
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzer.oracle.effects import Amount, ArgValue, Duration, Effect
from analyzer.oracle.grammar.counted import _words, counted_phrase, counted_quantity
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.nouns import define_x, noun_phrase
from analyzer.oracle.objects import ONE, ObjectRef, Quantity, Zone
from analyzer.oracle.quantities import quantity
from analyzer.oracle.syntax import Clause, Modifier

__all__ = ["FRAMES", "Frame", "Lowering", "apply_modifiers", "counted_phrase", "frame",
           "lower_clause", "parse_clause", "parse_clause_tokens"]

Tokens = Sequence[Token]
Effects = tuple[Effect, ...]
Lowering = Callable[[Clause], "Effects | Effect | None"]


@dataclass(frozen=True, slots=True)
class Frame:
    """One way a verb is written, with the function that lowers what it reads."""

    verb: str
    """The key the clause gets (``Clause.verb``)."""
    pattern: Pattern
    """The words and slots."""
    lower: Lowering
    """Clause -> effects; ``None`` when a slot's reading does not make an effect."""
    modifiers: frozenset[str] = frozenset()
    """Modifier kinds the lowering function applies itself (the others are applied by
    :func:`apply_modifiers`)."""


FRAMES: list[Frame] = []
"""Every frame, in registration order (the order they are tried)."""
_BY_ANCHOR: dict[str, list[int]] = defaultdict(list)
_UNANCHORED: list[int] = []


def frame(verb: str, *patterns: str, handles: Iterable[str] = ()
          ) -> Callable[[Lowering], Lowering]:
    """Register a lowering function for one or more patterns of ``verb``.

    The subject slot is named ``who`` (a player) or ``subject`` (any noun phrase); it
    becomes :attr:`Clause.subject`. ``handles`` names the modifier kinds the function
    applies itself.
    """
    def register(fn: Lowering) -> Lowering:
        for text in patterns:
            index = len(FRAMES)
            pattern = Pattern(text)
            FRAMES.append(Frame(verb, pattern, fn, frozenset(handles)))
            if pattern.anchors:
                for word in pattern.anchors:
                    _BY_ANCHOR[word].append(index)
            else:
                _UNANCHORED.append(index)
        _candidates.cache_clear()
        return fn
    return register


@lru_cache(maxsize=4096)
def _candidates(words: frozenset[str]) -> tuple[int, ...]:
    found = set(_UNANCHORED)
    for word in words:
        found.update(_BY_ANCHOR.get(word, ()))
    return tuple(sorted(found))


# -- modifiers -------------------------------------------------------------------------------

_DURATIONS: dict[tuple[str, ...], Duration] = {
    ("until", "end", "of", "turn"): Duration.END_OF_TURN,
    ("this", "turn"): Duration.THIS_TURN,
    ("until", "your", "next", "turn"): Duration.NEXT_TURN,
    ("until", "end", "of", "combat"): Duration.END_OF_COMBAT,
    ("until", "the", "end", "of", "your", "next", "turn"): Duration.END_OF_NEXT_TURN,
    ("for", "as", "long", "as", "you", "control", "CARDNAME"): Duration.WHILE_CONTROLLED,
    ("for", "as", "long", "as", "CARDNAME", "remains", "on", "the", "battlefield"):
        Duration.UNTIL_LEAVES,
    ("until", "CARDNAME", "leaves", "the", "battlefield"): Duration.UNTIL_LEAVES,
    ("for", "as", "long", "as", "CARDNAME", "remains", "tapped"): Duration.WHILE_TAPPED,
    ("for", "as", "long", "as", "you", "control", "CARDNAME", "and", "CARDNAME", "remains",
     "tapped"): Duration.WHILE_CONTROLLED_AND_TAPPED,
    ("this", "combat"): Duration.END_OF_COMBAT,
    ("for", "as", "long", "as", "it", "remains", "exiled"): Duration.WHILE_EXILED,
    ("for", "as", "long", "as", "they", "remain", "exiled"): Duration.WHILE_EXILED,
    ("for", "as", "long", "as", "that", "card", "remains", "exiled"): Duration.WHILE_EXILED,
    ("for", "as", "long", "as", "those", "cards", "remain", "exiled"): Duration.WHILE_EXILED,
    ("until", "an", "opponent", "becomes", "the", "monarch"): Duration.UNTIL_OPPONENT_MONARCH,
}
_DELAYED: dict[tuple[str, ...], str] = {
    ("at", "the", "beginning", "of", "the", "next", "end", "step"):
        "at the beginning of the next end step",
    ("at", "the", "beginning", "of", "your", "next", "end", "step"):
        "at the beginning of your next end step",
    ("at", "the", "beginning", "of", "your", "next", "upkeep"):
        "at the beginning of your next upkeep",
    ("at", "the", "beginning", "of", "the", "next", "turn's", "upkeep"):
        "at the beginning of the next turn's upkeep",
    ("at", "end", "of", "combat"): "at end of combat",
    ("at", "the", "beginning", "of", "the", "end", "step"):
        "at the beginning of the next end step",
    ("at", "the", "beginning", "of", "that", "player's", "next", "upkeep"):
        "at the beginning of that player's next upkeep",
    ("at", "the", "beginning", "of", "your", "next", "main", "phase"):
        "at the beginning of your next main phase",
    ("at", "the", "beginning", "of", "your", "next", "main", "phase", "this", "turn"):
        "at the beginning of your next main phase this turn",
    ("at", "the", "beginning", "of", "the", "next", "cleanup", "step"):
        "at the beginning of the next cleanup step",
    ("at", "the", "beginning", "of", "the", "next", "upkeep"):
        "at the beginning of the next upkeep",
}
_FIXED_MODIFIERS: dict[tuple[str, ...], tuple[str, Any]] = {
    ("at", "random"): ("random", True), ("instead",): ("instead", True),
    ("in", "any", "order"): ("order", "any"), ("in", "a", "random", "order"):
        ("order", "random"), ("face", "down"): ("face_down", True),
    ("under", "your", "control"): ("controller", "you"),
    ("under", "its", "owner's", "control"): ("controller", "owner"),
    ("under", "their", "owners'", "control"): ("controller", "owner"),
    ("under", "their", "owner's", "control"): ("controller", "owner"),
    ("under", "that", "player's", "control"): ("controller", "that player"),
    ("under", "its", "controller's", "control"): ("controller", "owner"),
    ("under", "his", "owner's", "control"): ("controller", "owner"),
    ("under", "her", "owner's", "control"): ("controller", "owner"),
    ("of", "their", "choice"): ("chooser", "they"), ("of", "your", "choice"):
        ("chooser", "you"), ("of", "his", "or", "her", "choice"): ("chooser", "they"),
}
_MODIFIER_HEADS = frozenset(w for table in (_DURATIONS, _DELAYED, _FIXED_MODIFIERS)
                            for key in table for w in key[:1]) | {"for", "where", ",",
                                                                  "unless", "equal", "if",
                                                                  "except"}


def _modifier(tokens: Tokens, i: int, j: int) -> Modifier | None:
    """One modifier exactly spanning ``tokens[i:j]``, or ``None``."""
    words = _words(tokens, i, j)
    text = untokenize(tokens[i:j])
    if words in _DURATIONS:
        return Modifier("duration", _DURATIONS[words], text)
    if words in _DELAYED:
        return Modifier("delayed", _DELAYED[words], text)
    if words in _FIXED_MODIFIERS:
        kind, value = _FIXED_MODIFIERS[words]
        return Modifier(kind, value, text)
    start = i + 1 if tokens[i].kind == "," else i
    lead = _words(tokens, start, min(j, start + 3))
    if lead[:2] == ("for", "each") and j - start > 2:
        what: ObjectRef | Quantity | None = counted_phrase(tokens, start + 2, j)
        if what is None:
            what = counted_quantity(tokens, start + 2, j)
        if what is None:
            return None
        return Modifier("for_each", what, untokenize(tokens[start:j]))
    if lead == ("where", "x", "is") and j - start > 3:
        amount = quantity(tokens, start + 3, j)
        if amount is None:
            return None
        return Modifier("where_x", amount, untokenize(tokens[start + 3:j]))
    if lead[:2] == ("equal", "to") and j - start > 2:
        amount = quantity(tokens, start + 2, j)
        if amount is None:
            return None
        return Modifier("equal_to", amount, untokenize(tokens[start + 2:j]))
    if lead[:1] == ("except",) and j - start > 1 \
            and not (start == i and i > 0 and tokens[i - 1].kind == ","):
        # "..., except it isn't legendary": a copy effect's exceptions (CR 707.9)
        from analyzer.oracle.grammar.copies import copy_exceptions

        body = start + 2 if lead[1:2] == ("that",) else start + 1
        changes = copy_exceptions(tokens, body, j)
        return None if changes is None else Modifier("except", changes,
                                                     untokenize(tokens[start:j]))
    if words[:1] == ("unless",) and j - i > 1:
        from analyzer.oracle.grammar.conditions import parse_unless

        found = parse_unless(tokens, i, j)
        return None if found is None else Modifier("unless", found, text)
    if (tokens[i].kind == "," and j - i > 2 and tokens[i + 1].low == "if") \
            or (words[:1] == ("if",) and j - i > 2 and i > 0):
        # "draw a card if you control a Wizard", "..., if there are four or more card
        # types among cards in your graveyard": the clause's condition, checked as it
        # resolves (CR 608.2c); never at the start of a clause (a leading condition is
        # the sentence's, see sentence.py)
        from analyzer.oracle.grammar.conditions import condition_tokens

        start = i + 1 if tokens[i].kind == "," else i
        found = condition_tokens(tokens, start, j)
        return None if found is None else Modifier("if", found, untokenize(tokens[start:j]))
    return None


def leading_duration(tokens: Tokens, i: int, j: int) -> tuple[int, Duration] | None:
    """``(start of the rest, duration)`` for a sentence led by a duration and a comma
    ("Until end of turn, ..."), else ``None``.

    >>> leading_duration(tokenize("until end of turn, it gains flying"), 0, 8)
    (5, <Duration.END_OF_TURN: 2>)
    """
    for key, duration in _DURATIONS.items():
        size = len(key)
        if i + size < j and _words(tokens, i, i + size) == key and tokens[i + size].kind == ",":
            return i + size + 1, duration
    return None


def _trailing(tokens: Tokens, i: int, j: int) -> list[tuple[int, Modifier]]:
    """Every modifier ending at ``j`` and starting after ``i``: ``(start, modifier)``,
    longest first."""
    found: list[tuple[int, Modifier]] = []
    for k in range(i + 1, j):
        head = tokens[k]
        word = "CARDNAME" if head.kind == "SELF" else head.low
        if word not in _MODIFIER_HEADS:
            continue
        if found and found[-1][0] == k - 1 and tokens[k - 1].kind == ",":
            continue        # ", where X is ...": the comma is the modifier's, not the frame's
        modifier = _modifier(tokens, k, j)
        if modifier is not None:
            found.append((k, modifier))
    return found


def _leading(tokens: Tokens, i: int, j: int) -> list[tuple[int, Modifier]]:
    """Modifiers at the start of a clause followed by a comma ("Until end of turn, ...",
    "For each opponent, ..."): ``(end, modifier)`` with the comma after it consumed."""
    found: list[tuple[int, Modifier]] = []
    if tokens[i].low == "instead" and j - i > 1:
        # "If it was kicked, instead destroy target creature": the clause replaces the
        # one before it (CR 608.2e), as with a trailing "instead"
        found.append((i + 1, Modifier("instead", True, "instead")))
    if tokens[i].low not in _MODIFIER_HEADS:
        return found
    for k in range(i + 1, j - 1):
        if tokens[k].kind != ",":
            continue
        modifier = _modifier(tokens, i, k)
        if modifier is not None:
            found.append((k + 1, modifier))
    return found


# -- clauses --------------------------------------------------------------------------------

_MAY = ("you", "may")


def parse_clause(text: str) -> Clause | None:
    """Read one clause of text (see :func:`parse_clause_tokens`)."""
    tokens = tokenize(text.strip().rstrip("."))
    return parse_clause_tokens(tokens, 0, len(tokens))


def parse_clause_tokens(tokens: Tokens, i: int, j: int) -> Clause | None:
    """Read ``tokens[i:j]`` as one clause, or ``None`` (every token must be read).

    "You may" makes it optional (CR 609.3); a frame reads the verb and its objects; the
    modifiers around it are kept for :func:`lower_clause`.
    """
    while j > i and tokens[j - 1].kind in (".", ","):
        j -= 1
    if j <= i:
        return None
    return _clause(tuple(tokens[i:j]))


@lru_cache(maxsize=1 << 15)
def _clause(span: tuple[Token, ...]) -> Clause | None:
    found = _framed(span, 0, len(span), ())
    if found is None:
        return None
    return dataclasses.replace(found, text=untokenize(span))


def _framed(span: tuple[Token, ...], i: int, j: int, modifiers: tuple[Modifier, ...]
            ) -> Clause | None:
    """A frame over ``span[i:j]``, peeling modifiers off its end and start."""
    if j <= i:
        return None
    if _words(span, i, i + 2) == _MAY and j - i > 2:
        found = _framed(span, i + 2, j, modifiers)
        return None if found is None else dataclasses.replace(found, optional=True)
    chooser = _other_may(span, i, j, modifiers)
    if chooser is not None:
        return chooser
    if span[i].low == "have" and j - i > 2:
        # "you may have CARDNAME deal 2 damage to any target": the causative "have" makes
        # the named object or player do it (the verb's own clause, with that subject).
        found = _framed(span, i + 1, j, modifiers)
        if found is not None and found.subject is not None and _keeps_subject(found):
            return found
        return None
    present = frozenset(t.word for t in span[i:j])
    also = _floating_also(span, i, j)
    if also is not None:
        # "If it's legendary, it also gains lifelink until end of turn": "also" says the
        # effect comes in addition to the ones before it, as a separate effect does anyway.
        return _framed(also, i, j - 1, modifiers)
    floating = _floating_each(span, i, j)
    if floating is not None:
        # "Two target creatures you control each get +2/+2": "each" after the subject
        # distributes the verb over it and changes nothing else (CR 608.2c).
        found = _framed(floating, i, j - 1, modifiers)
        if found is not None:
            return found
    for index in _candidates(present):
        spec = FRAMES[index]
        binds = spec.pattern.match(span, i, j, anchored=True)
        if binds is None:
            continue
        subject = binds.pop("who", None) or binds.pop("subject", None)
        words = untokenize(span[i:j])
        clause = Clause(spec.verb, subject, tuple(binds.items()), modifiers, text=words,
                        frame_text=words)
        if lower_clause(clause, index) is not None:
            return dataclasses.replace(clause, slots=(*clause.slots, ("@frame", index)))
    each = next((k for k in range(i + 1, j - 1) if span[k].low == "each"), None)
    if each is not None and not modifiers:
        # "Up to two target creatures each get +1/+1": "each" after a plural subject says
        # that every one of them does it, as the clause without it does (CR 608.2c).
        subject = noun_phrase(span, i, each)
        if subject is not None and subject.count != ONE and not subject.count.each:
            found = _framed((*span[i:each], *span[each + 1:j]), 0, j - i - 1, ())
            if found is not None and found.subject is not None \
                    and found.subject.text == subject.text:
                return found
    for k, modifier in reversed(_trailing(span, i, j)):
        found = _framed(span, i, k, (modifier, *modifiers))
        if found is not None:
            return found
    for k, modifier in _leading(span, i, j):
        found = _framed(span, k, j, (*modifiers, modifier))
        if found is not None:
            return found
    if span[i].low == "you" and span[i].kind == "WORD" and j - i > 1:
        # "... and you untap all lands you control": the imperative with its subject
        # written, the one who does it being "you" as without it (CR 109.5)
        found = _framed(span, i + 1, j, modifiers)
        if found is not None and found.subject is None and not found.optional:
            return found
    return None


def _other_may(span: tuple[Token, ...], i: int, j: int,
               modifiers: tuple[Modifier, ...]) -> Clause | None:
    """"Its controller may draw up to two cards", "that player may search their library":
    an optional effect another player chooses (CR 609.3); the player is the verb's subject
    and the effects' ``chooser``."""
    for k in range(i + 1, min(j - 1, i + 8)):
        if span[k].low != "may":
            continue
        who = noun_phrase(span, i, k)
        if who is None or who.filter.kind not in ("player", "opponent") \
                or who.text.lower() == "you":
            return None
        found = _framed(span[:k] + span[k + 1:], i, j - 1, modifiers)
        if found is not None and found.subject is not None:
            return dataclasses.replace(found, optional=True,
                                       slots=(*found.slots, ("@chooser", who)))
        # "its controller may put that card onto the battlefield": a verb written for
        # "you", done by that player (the one who puts it, CR 110.2).
        found = _framed(span, k + 1, j, modifiers)
        if found is None or found.subject is not None:
            return None
        return dataclasses.replace(found, optional=True, slots=(
            *found.slots, ("@chooser", who), ("@actor", who)))
    return None


def _by_actor(effects: Effects, actor: ObjectRef) -> Effects | None:
    """Effects of a verb written for "you" done by another player: that player is their
    ``player`` (who draws, searches, shuffles...), or the ``controller`` of what they put
    onto the battlefield; ``None`` when an effect has neither."""
    found = []
    for e in effects:
        if "player" in e.spec.params and e.name != "change_zone":
            if e.arg("player") is not None:
                return None
            found.append(_replace_args(e, player=actor))
        elif e.name == "change_zone" and e.arg("destination") is not None:
            found.append(_replace_args(e, controller="that player"))
        else:
            return None
    return tuple(found)


_FLOATING_VERBS = frozenset({"get", "gets", "gain", "gains", "deals", "deal", "has", "have",
                             "becomes", "become", "fight", "fights", "lose", "loses", "draw",
                             "draws", "discard", "discards", "sacrifice", "sacrifices",
                             "create", "creates", "mill", "mills", "put", "puts", "return",
                             "returns", "can't", "exile", "exiles"})


def _floating_each(span: tuple[Token, ...], i: int, j: int) -> tuple[Token, ...] | None:
    """The span without a floating "each" (after the subject, before the verb), or
    ``None`` when there is none."""
    for k in range(i + 1, j - 1):
        if span[k].low == "each" and span[k + 1].low in _FLOATING_VERBS:
            return span[:k] + span[k + 1:]
    return None


def _floating_also(span: tuple[Token, ...], i: int, j: int) -> tuple[Token, ...] | None:
    """The span without an adverb "also" (at its start, or after the subject and before the
    verb: "that creature also gains flying"), or ``None`` when there is none."""
    for k in range(i, j - 1):
        if span[k].low == "also" and (k == i or span[k + 1].low in _FLOATING_VERBS):
            return span[:k] + span[k + 1:]
    return None


def _keeps_subject(clause: Clause) -> bool:
    """True if the clause's effects name its subject (the one who deals, gets, loses...):
    "have <object> <verb>" is read only then, never dropping who does it."""
    effects = lower_clause(clause)
    return bool(effects) and all(any(v == clause.subject for _, v in e.args)
                                 for e in effects or ())


def _per_player(found: list[Effect], each: object) -> bool:
    """True for one effect done "for each opponent/player" that names "that player" (the
    player of each turn of the loop, CR 608.2c)."""
    if len(found) != 1 or not isinstance(each, ObjectRef) or not each.count.each \
            or each.filter.kind not in ("player", "opponent"):
        return False
    return any(isinstance(v, ObjectRef) and ("that player" in v.text.lower()
                                             or "that opponent" in v.text.lower())
               for _, v in found[0].args)


def lower_clause(clause: Clause, index: int | None = None) -> Effects | None:
    """The effects a clause says, its modifiers applied; ``None`` when the frame's lowering
    or a modifier does not apply (the clause is then unread)."""
    if index is None:
        index = clause.slot("@frame")
        if index is None:
            return None
    spec = FRAMES[index]
    built = spec.lower(clause)
    if built is None:
        return None
    effects = built if isinstance(built, tuple) else (built,)
    if not effects:
        return None
    effects = _one_choice_of_targets(effects)
    if clause.optional:
        # "you may play that card": a permission (CR 601.3), not an optional effect.
        effects = tuple(e if e.name == "may_play" else dataclasses.replace(e, optional=True)
                        for e in effects)
        chooser = clause.slot("@chooser")
        if chooser is not None:
            effects = tuple(_replace_args(e, chooser=chooser) if e.optional else e
                            for e in effects)
        actor = clause.slot("@actor")
        if actor is not None:
            acted = _by_actor(effects, actor)
            if acted is None:
                return None
            effects = acted
    rest = tuple(m for m in clause.modifiers if m.kind not in spec.modifiers)
    if any(m.value is Duration.WHILE_EXILED for m in clause.modifiers) \
            and any(m.kind == "if" for m in clause.modifiers):
        # "you may play them for as long as they remain exiled if you control a Wizard":
        # the condition holds all along the permission, which is not typed
        return None
    return apply_modifiers(effects, rest)


def _one_choice_of_targets(effects: Effects) -> Effects:
    """A clause's noun phrase is one choice of targets however many effects it has ("target
    creature gets +1/+0 and gains deathtouch": one target, CR 115.1): after the first, the
    same targeted reference is marked :attr:`ObjectRef.refers_back`."""
    seen: set[ObjectRef] = set()
    found: list[Effect] = []
    for e in effects:
        args: list[tuple[str, ArgValue]] = []
        for key, value in e.args:
            if isinstance(value, ObjectRef) and value.targeted and not value.refers_back:
                if value in seen:
                    value = dataclasses.replace(value, refers_back=True)
                else:
                    seen.add(value)
            args.append((key, value))
        found.append(Effect(e.name, tuple(args), e.optional, e.condition, e.text))
    return tuple(found)


# -- modifiers applied -----------------------------------------------------------------------

def _with_arg(effect: Effect, key: str, value: Any) -> Effect | None:
    """``effect`` with argument ``key`` set, or ``None`` if its kind has no such argument
    or already has a different value."""
    if key not in effect.spec.params:
        return None
    args = dict(effect.args)
    if args.get(key) not in (None, "", False, value, Duration.PERMANENT) and key != "amount":
        return None
    args[key] = value
    return Effect(effect.name, tuple(args.items()), effect.optional, effect.condition,
                  effect.text)


def _per(amount: Any, what: ObjectRef | Quantity, text: str) -> Amount | None:
    """An amount "for each <what>": one of them per object (or counter, basic land type...)
    counted (CR 107.1)."""
    count = what if isinstance(what, Quantity) else Quantity("count", what)
    if isinstance(amount, Amount) and amount.value is not None:
        factor = amount.value
        return Amount(None, text, quantity=dataclasses.replace(count, factor=factor)
                      if factor != 1 else count)
    return None


def apply_modifiers(effects: Effects, modifiers: Iterable[Modifier]) -> Effects | None:
    """Apply clause modifiers to the clause's effects: a duration to every effect that
    lasts, "for each" to the amount, "where X is" to the X amounts, "at random", "instead",
    "unless", a delayed time; ``None`` when one cannot be applied.

    >>> from analyzer.oracle.effects import Amount, Effect
    >>> e = Effect.make("draw", amount=Amount(1))
    >>> apply_modifiers((e,), [Modifier("random", True)]) is None
    True
    """
    found = list(effects)
    listed = list(modifiers)
    for at, modifier in enumerate(listed):
        kind = modifier.kind
        if kind == "duration":
            lasting = [i for i, e in enumerate(found) if "duration" in e.spec.params]
            if not lasting:
                return None
            if modifier.value is Duration.WHILE_EXILED \
                    and any(found[i].name != "may_play" for i in lasting):
                return None     # "for as long as it remains exiled": a permission's length
            for i in lasting:
                changed = _with_arg(found[i], "duration", modifier.value)
                if changed is None:
                    return None
                found[i] = changed
        elif kind == "for_each":
            if _per_player(found, modifier.value):
                # "For each opponent, exile up to one target nonland permanent that player
                # controls": done once per player, "that player" being each in turn
                each = modifier.value
                assert isinstance(each, ObjectRef)
                if not each.text.lower().startswith(("each", "all")):
                    each = dataclasses.replace(each, text=f"each {each.text}")
                found = [Effect.make("for_each_object", each=each, effects=(found[0],),
                                     text=found[0].text)]
                continue
            counted = [i for i, e in enumerate(found)
                       if isinstance(amount := e.arg("amount"), Amount)
                       and amount.value is not None]
            if len(counted) != 1 or len(found) != 1:
                if found and all(e.name == "modify_pt" for e in found):
                    # "+1/+1 for each ...": the change counted per object (CR 613.4c).
                    value = modifier.value
                    per = Amount(None, modifier.text.lstrip(", "), quantity=value if isinstance(
                        value, Quantity) else Quantity("count", value))
                    found = [_replace_args(e, per=per) for e in found]
                    continue
                return None
            effect = found[counted[0]]
            copied, each = effect.arg("copy_of"), modifier.value
            if isinstance(each, ObjectRef) and len(found) == 1 and any(
                    isinstance(v, ObjectRef) and v.text.lower().startswith(
                        ("its controller", "its owner", "their controller"))
                    for k, v in effect.args if k in ("player", "controller")):
                # "For each creature exiled this way, its controller creates a 2/2 Boar":
                # the effect is done once per object, "its" being that object (not an
                # amount: the player changes with the object)
                found = [Effect.make("for_each_object", each=each, effects=(effect,),
                                     text=effect.text)]
                continue
            if effect.name == "create_token" and isinstance(copied, ObjectRef) \
                    and copied.filter.kind == "it" and isinstance(each, ObjectRef) \
                    and each.filter.kind not in ("player", "opponent"):
                # "For each creature token you control, create a token that's a copy of
                # that creature": the pronoun is each of them in turn, so each is copied
                # (CR 707.2; the amount is per object)
                words = each.text if each.text.lower().startswith("each") \
                    else f"each {each.text}"
                found[counted[0]] = _replace_args(
                    effect, copy_of=each, token=f"token that's a copy of it for {words}")
                continue
            amount = _per(effect.arg("amount"), modifier.value, modifier.text)
            if amount is None:
                return None
            found[counted[0]] = _replace_args(effect, amount=amount)
        elif kind == "where_x":
            defined = _define_x(tuple(found), modifier)
            if defined is None:
                return None
            found = list(defined)
        elif kind == "equal_to":
            counted = [i for i, e in enumerate(found) if "amount" in e.spec.params]
            if len(counted) != 1:
                return None
            effect = found[counted[0]]
            current = effect.arg("amount")
            if current is not None and not (isinstance(current, Amount)
                                            and current.variable == "equal"):
                return None
            found[counted[0]] = _replace_args(effect, amount=Amount(
                None, f"equal to {modifier.text}", quantity=modifier.value))
        elif kind == "random":
            if len(found) != 1 or "random" not in found[0].spec.params:
                return None
            found[0] = _replace_args(found[0], random=True)
        elif kind == "instead":
            found = [dataclasses.replace(e, condition=f"{e.condition} (instead)".strip())
                     for e in found]
        elif kind == "unless":
            found = [dataclasses.replace(e, condition=f"{e.condition} unless "
                                         f"{modifier.text.removeprefix('unless ')}".strip())
                     for e in found]
        elif kind == "if":
            words = modifier.value.text
            found = [dataclasses.replace(e, condition=", ".join(c for c in (words, e.condition)
                                                                if c)) for e in found]
        elif kind == "delayed":
            # the modifiers after it ("... at the beginning of the next end step if it has
            # mana value 3 or less") apply to the effects it delays
            inner = apply_modifiers(tuple(found), listed[at + 1:])
            if inner is None:
                return None
            return (Effect.make("delayed", when=modifier.value, effects=inner,
                                text=found[0].text),)
        elif kind == "controller":
            moved = [_with_arg(e, "controller", modifier.value) if e.name in (
                "change_zone", "create_token") else None for e in found]
            if any(c is None for c in moved):
                return None
            found = [c for c in moved if c is not None]
        elif kind == "order":
            if not found or not all(e.name == "change_zone" for e in found):
                return None
            # "put up to two of them into your hand and the rest on the bottom of your
            # library in a random order": the order is of the cards put into a library
            into_library = [e.arg("destination") is Zone.LIBRARY for e in found]
            found = [_replace_args(e, order=modifier.value)
                     if into_library[i] or not any(into_library) else e
                     for i, e in enumerate(found)]
        elif kind == "except":
            # a copy effect's exceptions (CR 707.9): the one copy effect of the clause
            copies = [i for i, e in enumerate(found) if "exceptions" in e.spec.params
                      and e.arg("copy_of") is not None and not e.arg("exceptions")]
            if len(copies) != 1:
                return None
            found[copies[0]] = _replace_args(found[copies[0]], exceptions=modifier.value)
        elif kind == "face_down":
            turned = [_with_arg(e, "face_down", True) for e in found]
            if any(c is None for c in turned):
                return None
            found = [c for c in turned if c is not None]
        else:
            return None
    return tuple(found)


def _replace_args(effect: Effect, **changes: Any) -> Effect:
    args = dict(effect.args)
    args.update(changes)
    return Effect(effect.name, tuple(args.items()), effect.optional, effect.condition,
                  effect.text)


def _define_x(effects: Effects, modifier: Modifier) -> Effects | None:
    """Put "where X is ..." on every X amount; ``None`` when no amount is X (the clause
    would lose it) or a P/T change uses an X that is not an amount."""
    found: list[Effect] = []
    defined = False
    for e in effects:
        args: list[tuple[str, ArgValue]] = []
        for key, value in e.args:
            if isinstance(value, Amount) and value.variable == "X":
                value, defined = Amount(None, "X", modifier.text, modifier.value), True
            elif isinstance(value, ObjectRef) and isinstance(modifier.value, Quantity) \
                    and (with_x := define_x(value, modifier.value, modifier.text)) is not None:
                value, defined = with_x, True       # "with mana value X or less, where X"
            elif isinstance(value, str) and key in ("power", "toughness") \
                    and "X" in value:
                defined = True
                if "x" not in e.spec.params:
                    return None
                if not any(k == "x" for k, _ in args):
                    args.append(("x", Amount(None, "X", modifier.text, modifier.value)))
                    continue_value = value
                    args.append((key, continue_value))
                    continue
            args.append((key, value))
        condition = e.condition
        if "{X}" in condition and " unless " in f" {condition}" and "where X" not in condition:
            # "can't attack you unless their controller pays {X} for each of those
            # creatures, where X is ...": the X of the cost paid (CR 107.3, 118.12)
            condition = f"{condition.rstrip(', ')}, where X is {modifier.text}"
            defined = True
        found.append(Effect(e.name, tuple(args), e.optional, condition, e.text))
    return tuple(found) if defined else None
