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
['target player: draw a card', 'target player (the same target): lose 1 life']
>>> parse_effects("Dance wildly.") is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar import (
    copies,
    linked,
    verbs_actions,
    verbs_activated2,
    verbs_board,
    verbs_cards,
    verbs_combat,
    verbs_continuous,
    verbs_effects2,
    verbs_effects4,
    verbs_life,
    verbs_misc,
    verbs_players,
    verbs_prevention,
    verbs_restrictions,
    verbs_statics3,
    verbs_statics4,
    verbs_triggers3,
    verbs_triggers4,
    verbs_zones,
)
from analyzer.oracle.grammar.clause import (
    FRAMES,
    leading_duration,
    lower_clause,
    parse_clause_tokens,
)
from analyzer.oracle.grammar.conditions import condition_tokens
from analyzer.oracle.grammar.origins import fuse_search, infer_origins
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.objects import ObjectRef, lower_first

__all__ = ["THIRD_PERSON", "fuse_search", "infer_origins", "parse_effects",
           "parse_effects_tokens"]

_VERB_MODULES = (copies, linked, verbs_actions, verbs_board, verbs_cards, verbs_combat,
                 verbs_continuous, verbs_life, verbs_misc, verbs_players, verbs_prevention,
                 verbs_restrictions, verbs_statics3, verbs_triggers3, verbs_zones,
                 verbs_activated2, verbs_effects2, verbs_statics4, verbs_effects4,
                 verbs_triggers4)

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
    return frozenset(found - {"as", "this", "its", "cards", "counters"})  # nouns of "card|cards"


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
    if found is None or verbs_triggers3.loop_left_open(found):
        return None
    return infer_origins(fuse_search(_one_choice(found, untokenize(span).lower())))


def _text(ref: object) -> str:
    return ref.text.lower() if isinstance(ref, ObjectRef) else ""


def _one_choice(effects: Effects, sentence: str) -> Effects:
    """"You may sacrifice a creature and draw a card", "Each player may discard their hand
    and draw seven cards": one "may" covers both verbs, so there is one choice (CR 609.3) —
    the later verbs happen only if the player did the first ("if you do" / "if they do",
    CR 608.2c), never as a second, separate choice."""
    found = list(effects)
    for k in range(1, len(found)):
        e, before = found[k], found[k - 1]
        chooser, chose = e.arg("chooser"), before.arg("chooser")
        if not e.optional or e.condition or _text(chooser) != _text(chose) \
                or not (before.optional or before.condition in ("if you do", "if they do")) \
                or (" may " in f" {e.text.lower()} " and e.text.lower() in sentence):
            continue     # its own "may" ("you may draw a card and you may ..."): its own choice
        player = e.arg("player")
        mine = chooser is None and (not isinstance(player, ObjectRef)
                                    or player.text.lower() == "you")
        args = tuple(a for a in e.args if a[0] != "chooser")
        found[k] = Effect(e.name, args, False, "if you do" if mine else "if they do", e.text)
    return tuple(found)


_LASTING = frozenset({"modify_pt", "grant_abilities", "set_pt", "become", "restrict",
                      "lose_abilities", "gain_control", "switch_pt", "set_types", "set_color",
                      "add_types", "prevent_damage", "lose_all_abilities", "remove_types",
                      "grant_ability_choice", "lose_ability_choice", "set_base_power",
                      "set_base_toughness", "keep_mana"})
"""Effects that last: a duration written once applies to each of them (CR 611.2a)."""


@lru_cache(maxsize=1 << 14)
def _sentence(span: tuple[Token, ...]) -> Effects | None:
    """A condition-led sentence or a chain; a leading "Until end of turn," lasts for every
    lasting effect of the sentence (CR 611.2a)."""
    n = len(span)
    if (led := leading_duration(span, 0, n)) is not None:
        rest = _chain(span, led[0], n, None)
        if rest is not None and (lasting := _lasting(rest, led[1])) is not None:
            return lasting
        turn = verbs_effects4.whenever_this_turn(span, *led)
        if turn is not None and (delayed := _delayed(turn)) is not None:
            return delayed
    lead = span[0].low
    if lead == "if" and any(t.low == "would" for t in span[:8]) \
            and (created := _created_replacement(span)) is not None:
        return created
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
    if (chosen := _another_player_may(span)) is not None:
        return chosen
    found = _chain(span, 0, n, None)
    if found is not None:
        return found
    for k in range(n - 2, 0, -1):
        # "Put a +1/+1 counter on target creature you control if it's legendary": a
        # condition written after the effects it gates (CR 608.2c).
        if span[k].low != "if" or span[k - 1].kind == ",":
            continue
        condition = condition_tokens(span, k, n)
        if condition is None:
            continue
        rest = _chain(span, 0, k, None)
        if rest is not None and any(e.arg("duration") is Duration.WHILE_EXILED for e in rest):
            return None     # "..., you may play it if you control a Kavu": the condition
            #                 holds all along the permission (not typed)
        if rest is not None:
            return _conditioned(rest, condition.text)
    return None


def _another_player_may(span: tuple[Token, ...]) -> Effects | None:
    """"Its controller may search their library for a basic land card, put it onto the
    battlefield tapped, then shuffle": another player chooses whether to do all of it
    (CR 608.2d). Each effect is optional with that player as its ``chooser`` and its
    ``player`` (who does it); "Target opponent may have you draw three cards", "any
    opponent may have it deal 4 damage to them": they choose, you or it does it. ``None``
    when an effect can't say who does it."""
    from analyzer.oracle.quantities import player_phrase

    at = next((k for k in range(1, min(len(span) - 1, 8)) if span[k].low == "may"), None)
    if at is None:
        return None
    who = player_phrase(span, 0, at)
    if who is None or who.text.lower() in ("you", "they") or who.count.each:
        return None
    if span[at + 1].low == "have":
        start = at + 3 if _words_at(span, at + 1, 2) == ("have", "you") else at + 1
        done = _chain(span, start, len(span), None)
        if done is None or any(e.optional for e in done):
            return None
        return tuple(_chosen_by(e, who) for e in done)
    found = _chain(span, at + 1, len(span), None)
    if found is None:
        return None
    moved = _by_player(found, who)
    return None if moved is None else fuse_search(moved)


def _by_player(effects: tuple[object, ...], who: ObjectRef) -> Effects | None:
    """``effects`` done by ``who`` if they choose to (see :func:`_another_player_may`): each
    gets ``who`` as its ``player`` and ``chooser``; a delayed effect's effects likewise
    ("Its controller may draw up to two cards at the beginning of the next turn's
    upkeep")."""
    found: list[Effect] = []
    for effect in effects:
        if not isinstance(effect, Effect):
            return None
        if effect.name == "delayed" and not effect.optional:
            inner = effect.arg("effects")
            moved = _by_player(inner, who) if isinstance(inner, tuple) else None
            if moved is None:
                return None
            found.append(Effect(effect.name, tuple(
                (k, moved if k == "effects" else v) for k, v in effect.args),
                False, effect.condition, effect.text))
            continue
        if "player" not in effect.spec.params or effect.optional \
                or effect.arg("player") is not None:
            return None
        args = tuple((k, who if k == "player" else v) for k, v in effect.args)
        if not any(k == "player" for k, _ in args):
            args = (*args, ("player", who))
        found.append(_chosen_by(Effect(effect.name, args, False, effect.condition,
                                       effect.text), who))
    return tuple(found)

def _chosen_by(effect: Effect, who: ObjectRef) -> Effect:
    """``effect`` made optional, ``who`` deciding (CR 609.3)."""
    args = (*(a for a in effect.args if a[0] != "chooser"), ("chooser", who))
    return Effect(effect.name, args, True, effect.condition, effect.text)


_NAMED_BEFORE = frozenset({"it", "that card", "that creature", "that spell", "the creature",
                           "that permanent", "the card", "that token", "they",
                           "that creature or planeswalker", "those cards", "those creatures"})


def _created_replacement(span: tuple[Token, ...]) -> Effects | None:
    """"If that card would be put into your graveyard this turn, exile it instead.": a
    replacement effect the spell or ability creates as it resolves, about an object it
    named (CR 614.1a, 611.2a), as a ``create_replacement`` effect; ``None`` for another
    sentence."""
    from analyzer.oracle.grammar.replacements import read_replacement_sentence

    text = untokenize(span)
    found = read_replacement_sentence(text)
    if found is None or not found.condition.startswith("if ") or " would " not in \
            found.condition:
        return None
    subject = found.condition[3:].split(" would ", 1)[0].lower()
    if subject not in _NAMED_BEFORE:
        return None
    duration = Duration.THIS_TURN if found.condition.endswith(" this turn") \
        else Duration.PERMANENT
    return (Effect.make("create_replacement", event=found.event, watch=found.condition,
                        effects=found.effects, duration=duration, text=text),)


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


def _lasting(effects: Effects, duration: Duration) -> Effects | None:
    """Every lasting effect given ``duration``; ``None`` when none lasts or one already has
    another duration (the sentence is then read another way)."""
    found: list[Effect] = []
    for e in effects:
        if e.name in _LASTING and "duration" in e.spec.params:
            if e.arg("duration") not in (None, Duration.PERMANENT):
                return None
            e = Effect(e.name, (*(a for a in e.args if a[0] != "duration"),
                                ("duration", duration)), e.optional, e.condition, e.text)
        found.append(e)
    return tuple(found) if any(e.name in _LASTING for e in effects) else None


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
                right = _gapped(span, i, k, k + size, j, effects)
            if right is None:
                continue
            if separator == ("and",) and _words_at(span, i, 2) == ("you", "may") \
                    and all(e.optional for e in effects) \
                    and span[k + 1].low not in ("you", "if", "then") \
                    and span[k + 1].low not in THIRD_PERSON:
                # "You may reveal a creature card from among them and put it into your
                # hand": the "you may" covers both verbs (CR 609.3).
                right = tuple(dataclasses.replace(e, optional=True) for e in right)
            return _share_duration(effects, right)
    return None


_GAPPABLE = frozenset({"put", "return", "create", "exile", "destroy", "tap", "untap"})
"""Imperative verbs a coordinated clause may leave out ("Put one into your hand and the
other into your graveyard", "create a 1/1 Human token, a 1/1 Merfolk token, and ...")."""


def _gapped(span: tuple[Token, ...], i: int, k: int, start: int, j: int,
            left: Effects) -> Effects | None:
    """The clauses after a connector read with the verb of the imperative clause before it
    (gapping): ``span[start:j]`` after ``span[i:k]``'s verb, the "you may" of the first
    clause kept (it covers both, CR 609.3); ``None`` when the verb is not one that is left
    out or the words after the connector start with a verb of their own."""
    optional = _words_at(span, i, 2) == ("you", "may")
    at = i + 2 if optional else i
    if at >= k or span[at].low not in _GAPPABLE or start >= j \
            or span[start].low in _GAPPABLE or span[start].low in THIRD_PERSON \
            or span[start].low in ("you", "then", "if"):
        return None
    gapped = (span[at], *span[start:j])
    found = _chain(gapped, 0, len(gapped), None)
    if found is None:
        return None
    if optional and all(e.optional for e in left):
        found = tuple(dataclasses.replace(e, optional=True) for e in found)
    return found


def _words_at(span: tuple[Token, ...], i: int, n: int) -> tuple[str, ...]:
    return tuple(t.low for t in span[i:i + n])


def _plural_players(subject: tuple[Token, ...]) -> bool:
    """True for a subject that names players in the plural ("any number of target players",
    "your opponents", "two target players each"): base-form verbs agree with it."""
    words = [t.low for t in subject]
    if words and words[-1] == "each":
        words = words[:-1]
    return bool(words) and words[-1] in ("players", "opponents")


def _has_subject(span: tuple[Token, ...], i: int, j: int) -> bool:
    clause = parse_clause_tokens(span, i, j)
    return clause is not None and clause.subject is not None


def _one_clause(span: tuple[Token, ...], i: int, j: int,
                subject: tuple[Token, ...] | None
                ) -> tuple[Effects, tuple[Token, ...] | None] | None:
    """One clause's effects and its subject's tokens, inheriting ``subject`` when it starts
    with a third-person verb. A subject that another player's "may" governs ("Its
    controller may search their library ..., put that card onto the battlefield, then
    shuffle") is shared by the base-form verbs after it too: the subject tokens then end
    with "may"."""
    first = span[i].low if i < j else ""
    start = i + 2 if first == "you" and j - i > 2 and span[i + 1].low == "may" else i
    needs_subject = start < j and span[start].low in THIRD_PERSON
    modal = subject is not None and subject[-1].low == "may"
    if modal and start == i and not needs_subject and subject is not None:
        tokens = (*subject, *span[i:j])            # "..., then shuffle their library"
        clause = parse_clause_tokens(tokens, 0, len(tokens))
    elif needs_subject:
        if subject is None or start != i or modal:
            return None
        tokens = (*subject, *span[i:j])
        clause = parse_clause_tokens(tokens, 0, len(tokens))
    elif subject is not None and start == i and _plural_players(subject) \
            and span[i].low != "you" and not _has_subject(span, i, j):
        # "Any number of target players each lose 2 life and sacrifice a creature": the
        # base-form verb after plural players is theirs, never an imperative for "you"
        tokens = (*subject, *span[i:j])
        clause = parse_clause_tokens(tokens, 0, len(tokens))
        if clause is None or clause.subject is None:
            return None
        needs_subject = True
    else:
        clause = parse_clause_tokens(span, i, j)
    if clause is None:
        return None
    effects = lower_clause(clause)
    if effects is None:
        return None
    if needs_subject and clause.subject is not None and clause.subject.targeted:
        effects = _refer_back(effects, clause.subject.text)
    own = None
    chooser = clause.slot("@chooser")
    if chooser is not None:
        own = (*tokenize(chooser.text), Token("WORD", "may"))
    elif modal:
        own = subject
    elif clause.subject is not None and not needs_subject:
        own = tuple(tokenize(clause.subject.text))
    elif needs_subject:
        own = subject
    return effects, own


def _refer_back(effects: Effects, text: str) -> Effects:
    """An inherited targeted subject names the targets the clause before it chose ("Up to
    two target creatures each get +2/+2 and gain trample": one choice of targets, CR
    115.1): its references are marked :attr:`ObjectRef.refers_back`."""
    found: list[Effect] = []
    for e in effects:
        args = tuple((k, dataclasses.replace(v, refers_back=True)
                      if isinstance(v, ObjectRef) and v.targeted and v.text == text else v)
                     for k, v in e.args)
        found.append(Effect(e.name, args, e.optional, e.condition, e.text))
    return tuple(found)


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
        if e.arg("duration") is Duration.PERMANENT and e.name in _LASTING:
            args = tuple((k, last if k == "duration" else v) for k, v in e.args)
            e = Effect(e.name, args, e.optional, e.condition, e.text)
        changed.append(e)
    return tuple(changed) + right


# -- passes after lowering ---------------------------------------------------------------

_ = (untokenize, Amount, _VERB_MODULES)
