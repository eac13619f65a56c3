"""Copy effects and their exceptions (CR 707.2, 707.9): "a token that's a copy of target
creature, except it's a 4/4 black Zombie", "enter as a copy of a creature you control,
except it isn't legendary", "becomes a copy of target creature until end of turn".

A copy effect copies the copiable values of an object (CR 707.2); an "except" clause changes
some of them as part of the copying (CR 707.9b: they become copiable values of the copy
too) or says how the copy enters (CR 707.9a, 614.1c). Each exception is read as an effect on
the copy (:data:`THE_COPY`): ``set_types`` / ``set_color`` / ``set_pt`` (a new type, color
or base power and toughness), ``add_types`` ("it's legendary", "in addition to its other
types" for a supertype), ``remove_types`` ("it isn't legendary"), ``grant_abilities``
("it has haste", "it has "<ability>""), ``set_name`` ("his name is CARDNAME") and
``put_counters`` ("it enters with an additional +1/+1 counter on it"); a part with a
condition ("... if it's a creature") keeps it. A part that is not one of these leaves the
whole sentence unread: an exception is never dropped.

Examples
--------
>>> from analyzer.oracle.lexer import tokenize
>>> t = tokenize("it's a 4/4 black Zombie")
>>> [e.describe() for e in copy_exceptions(t, 0, len(t))]  # doctest: +NORMALIZE_WHITESPACE
['the copy becomes Zombie', 'the copy becomes black',
 'the copy has base power and toughness 4/4']
>>> t = tokenize("it isn't legendary and it has haste")
>>> [e.name for e in copy_exceptions(t, 0, len(t))]
['remove_types', 'grant_abilities']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.lexer import Token, untokenize
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Quantity

__all__ = ["THE_COPY", "copy_exceptions", "split_except"]

Tokens = Sequence[Token]
Effects = tuple[Effect, ...]

THE_COPY = ObjectRef(ObjectFilter(kind="it"), text="the copy")
"""The object an exception changes: the copy being made (CR 707.9)."""

_SUBJECTS = frozenset({("it",), ("he",), ("she",), ("they",), ("the", "token"),
                       ("the", "tokens"), ("that", "token"), ("the", "copy"),
                       ("the", "copies"), ("each", "token")})
_IS = {"it's": "is", "he's": "is", "she's": "is", "they're": "is", "is": "is", "are": "is",
       "isn't": "isn't", "aren't": "isn't", "has": "has", "have": "has", "gains": "has",
       "gain": "has", "enters": "enters", "enter": "enters"}
_LEGENDARY_NOT = (("legendary",), ("not", "legendary"))


def split_except(tokens: Tokens, i: int, j: int) -> tuple[int, int] | None:
    """``(end of what is copied, start of the exceptions)`` for "<object>, except <...>",
    "<object> except that <...>"; ``None`` without an "except".

    >>> from analyzer.oracle.lexer import tokenize
    >>> split_except(tokenize("target creature, except it has haste"), 0, 6)
    (2, 4)
    """
    for k in range(i + 1, j - 1):
        if tokens[k].low != "except":
            continue
        end = k - 1 if tokens[k - 1].kind == "," else k
        start = k + 2 if tokens[k + 1].low == "that" and k + 2 < j else k + 1
        return end, start
    return None


def copy_exceptions(tokens: Tokens, i: int, j: int) -> Effects | None:
    """The exceptions of a copy effect in ``tokens[i:j]`` (the words after "except"), as
    effects on :data:`THE_COPY`; ``None`` when a part is not read (CR 707.9)."""
    return _exceptions(tuple(tokens[i:j]))


@lru_cache(maxsize=2048)
def _exceptions(span: tuple[Token, ...]) -> Effects | None:
    """Parts joined by ",", "and", ", and": the longest first part that reads, then the
    rest."""
    n = len(span)
    whole = _part(span)
    if whole is not None:
        return whole
    for k in range(n - 1, 0, -1):
        if span[k].low not in (",", "and"):
            continue
        start = k + 1
        end = k - 1 if span[k].low == "and" and span[k - 1].kind == "," else k
        if start < n and span[start].low == "and":
            start += 1
        if end <= 0 or start >= n:
            continue
        left = _exceptions(span[:end])
        if left is None:
            continue
        right = _exceptions(span[start:])
        if right is not None:
            return left + right
    return None


def _part(span: tuple[Token, ...]) -> Effects | None:
    """One exception, with a trailing "if <condition>" kept on its effects."""
    from analyzer.oracle.grammar.conditions import condition_tokens

    found = _core(span)
    if found is not None:
        return found
    for k in range(1, len(span) - 1):
        if span[k].low != "if":
            continue
        condition = condition_tokens(span, k, len(span))
        core = _core(span[:k]) if condition is not None else None
        if core is not None and condition is not None:
            return tuple(dataclasses.replace(e, condition=condition.text) for e in core)
    return None


def _core(span: tuple[Token, ...]) -> Effects | None:
    words = [t.low for t in span]
    at = 0
    for size in (2, 1):
        if tuple(words[:size]) in _SUBJECTS:
            at = size
            break
    if at >= len(words):
        return None
    verb = _IS.get(words[at])
    if verb is None and words[at] in ("its", "his", "her", "their") and words[at + 1:at + 3] \
            == ["name", "is"] and len(span) == at + 4:
        name = span[at + 3]
        if name.kind != "SELF" and not name.text[:1].isupper():
            return None
        return (Effect.make("set_name", target=THE_COPY, called=untokenize(span[at + 3:]),
                            text=untokenize(span)),)
    if verb is None:
        return None
    if words[at] in ("it's", "he's", "she's", "they're") and at != 0:
        return None
    rest = span[at + 1:]
    text = untokenize(span)
    if verb == "isn't" or (verb == "is" and [t.low for t in rest[:1]] == ["not"]):
        tail = tuple(t.low for t in rest)
        if tail in _LEGENDARY_NOT:
            return (Effect.make("remove_types", target=THE_COPY, what="Legendary",
                                duration=Duration.PERMANENT, text=text),)
        return None
    if verb == "has":
        return _has(rest, text)
    if verb == "enters":
        return _enters_with(rest, text)
    return _is(rest, text)


def _has(rest: tuple[Token, ...], text: str) -> Effects | None:
    """"it has haste", "it gains "<ability>"", "it has flying and "<ability>""."""
    from analyzer.oracle.grammar.quoted import quoted_ability_read
    from analyzer.oracle.keywords import parse_keyword_list

    if not rest:
        return None
    if [t.low for t in rest[-2:]] == ["this", "ability"]:
        # "it has flying and this ability": the ability that makes the copy (CR 707.9a)
        own = (Effect.make("gains_this_ability", target=THE_COPY, text=text),)
        words = rest[:-2]
        if words and words[-1].low == "and":
            words = words[:-1]
        if not words:
            return own
        others = _has(words, text)
        return None if others is None else others + own
    quote = rest[-1].text if rest[-1].kind == "QUOTE" else None
    words = rest[:-1] if quote is not None else rest
    if quote is not None and words and words[-1].low == "and":
        words = words[:-1]
    found: list[Effect] = []
    if words:
        if any(t.kind == "QUOTE" for t in words):
            return None
        keywords = parse_keyword_list(untokenize(words))
        if not keywords:
            return None
        found.append(Effect.make("grant_abilities", target=THE_COPY, keywords=keywords,
                                 duration=Duration.PERMANENT, text=text))
    if quote is not None:
        if not quoted_ability_read(quote):
            return None
        found.append(Effect.make("grant_abilities", target=THE_COPY, ability=quote,
                                 duration=Duration.PERMANENT, text=text))
    return tuple(found) or None


def _enters_with(rest: tuple[Token, ...], text: str) -> Effects | None:
    """"it enters with an additional +1/+1 counter on it", "... with X additional +1/+1
    counters on it" (CR 614.1c: how the copy enters)."""
    words = [t.low for t in rest]
    if words[:1] != ["with"] or words[-2:] != ["on", "it"] or len(words) != 7:
        return None
    count, extra, kind, noun = words[1], words[2], rest[3], words[4]
    if extra != "additional" or noun not in ("counter", "counters"):
        return None
    amount = Amount(1) if count in ("an", "a") else \
        Amount(None, "X", quantity=Quantity("x")) if count == "x" else None
    if amount is None:
        from analyzer.oracle.objects import parse_number

        value = parse_number(count)
        if value is None or value < 1:
            return None
        amount = Amount(value)
    if kind.kind != "PT" and not (kind.kind == "WORD" and kind.low.isalpha()):
        return None
    return (Effect.make("put_counters", target=THE_COPY, counter=kind.text.lower()
                        if kind.kind == "WORD" else kind.text, amount=amount, text=text),)


def _is(rest: tuple[Token, ...], text: str) -> Effects | None:
    """"it's a 4/4 black Zombie", "it's an artifact in addition to its other types", "it's
    legendary", "it's 1/1", "it's still 7/7": the copy's new characteristics (CR 707.9b)."""
    from analyzer.oracle.grammar.verbs_continuous import becomes

    words = [t.low for t in rest]
    if words and words[0] == "still":
        rest, words = rest[1:], words[1:]
    if words in (["legendary"], ["legendary", "in", "addition", "to", "its", "other",
                                 "types"]):
        return (Effect.make("add_types", target=THE_COPY, what="Legendary",
                            duration=Duration.PERMANENT, text=text),)
    pt = next((k for k, t in enumerate(rest) if t.kind == "PT"), None)
    found: list[Effect] = []
    if pt is not None:
        power, _, toughness = rest[pt].text.partition("/")
        if not power.isdigit() or not toughness.isdigit() or pt > 1:
            return None
        if pt == 1 and words[0] not in ("a", "an"):
            return None
        pt_effect = Effect.make("set_pt", target=THE_COPY, power=int(power),
                                toughness=int(toughness), duration=Duration.PERMANENT,
                                text=text)
        rest = rest[:pt] + rest[pt + 1:]
        if len(rest) == 0:
            return (pt_effect,)
        if [t.low for t in rest] in (["a"], ["an"]):
            return None
        described = becomes(THE_COPY, _article(untokenize(rest)), Duration.PERMANENT, text)
        if described is None or any(e.name == "set_pt" for e in described):
            return None
        found.extend(described)
        found.append(pt_effect)
        return tuple(_in_layer_order(found))
    if not rest:
        return None
    described = becomes(THE_COPY, untokenize(rest), Duration.PERMANENT, text)
    return described


def _article(words: str) -> str:
    """"a black Zombie" after "a 4/4" lost its P/T: the article for the next word."""
    head, _, tail = words.partition(" ")
    if head.lower() in ("a", "an") and tail:
        return f"{'an' if tail[:1].lower() in 'aeiou' else 'a'} {tail}"
    return words


_LAYER = {"set_types": 0, "add_types": 0, "remove_types": 0, "set_color": 1,
          "set_pt": 2, "grant_abilities": 3}


def _in_layer_order(effects: list[Effect]) -> list[Effect]:
    return sorted(effects, key=lambda e: _LAYER.get(e.name, 4))


# -- frames ----------------------------------------------------------------------------------

def _register() -> None:
    """The copy verbs' frames (imported by :mod:`.sentence` with the other verbs)."""
    from analyzer.oracle.grammar.clause import frame
    from analyzer.oracle.syntax import Clause

    @frame("become_copy", "{subject:np} become|becomes a copy of {what:np}",
           "{subject:np} become|becomes copies of {what:np}",
           "{subject:np} each become|becomes a copy of {what:np}",
           "{subject:np} become|becomes a copy of {what:np} and gain|gains this ability")
    def _become_copy(c: Clause) -> Effect | None:
        """"Target creature becomes a copy of that creature until end of turn", "you may
        have CARDNAME become a copy of another target creature", "CARDNAME becomes a copy
        of that card and gains this ability" (CR 707.2, 707.9a; the duration and an
        "except" are put on by the clause's modifiers)."""
        subject, what = c.subject, c.slot("what")
        if subject is None or subject.filter.kind in ("player", "opponent") \
                or what.filter.kind in ("player", "opponent"):
            return None
        kept: Effects = ()
        if c.frame_text.lower().endswith("this ability"):
            kept = (Effect.make("gains_this_ability", target=THE_COPY, text=c.text),)
        return Effect.make("become_copy", target=subject, copy_of=what, exceptions=(),
                           duration=Duration.PERMANENT, text=c.text) if not kept else \
            Effect.make("become_copy", target=subject, copy_of=what, exceptions=kept,
                        duration=Duration.PERMANENT, text=c.text)

    @frame("copy", "copy {target:np}", "{who:player} copy|copies {target:np}",
           handles=("for_each",))
    def _copy_each(c: Clause) -> Effect | None:
        """"copy it", "that player copies it", "copy it for each time you've cast your
        commander from the command zone this game" (a "for each" is the number of
        copies, CR 707.10)."""
        each = next((m for m in c.modifiers if m.kind == "for_each"), None)
        found = _copy_times(c)
        if not isinstance(found, Effect):
            return None
        if each is None:
            return found
        if sum(m.kind == "for_each" for m in c.modifiers) > 1:
            return None
        from analyzer.oracle.grammar.clause import _per

        amount = _per(Amount(1), each.value, each.text.lstrip(", "))
        if amount is None or found.arg("amount") is not None:
            return None
        return Effect(found.name, tuple((k, amount if k == "amount" else v)
                                        for k, v in found.args), found.optional,
                      found.condition, found.text)

    @frame("copy", "copy {target:np} twice", "copy {target:np} {n:amount} times",
           "copy {target:np} an additional time", "copy {target:np} twice instead")
    def _copy_times(c: Clause) -> Effect | None:
        """"copy it twice", "copy it X times", "copy that spell an additional time", "copy
        it for each spell cast before it this turn" (storm), "that player copies it"
        (CR 707.10): the copies as ``amount``, the player who copies as ``player``."""
        target = c.slot("target")
        if not copiable(target):
            return None
        words = c.frame_text.lower()
        amount = c.slot("n") or (Amount(2) if " twice" in words else
                                 Amount(1) if words.endswith("additional time") else None)
        who = c.subject
        if who is not None and who.text.lower() == "you":
            who = None
        effect = Effect.make("copy", target=target, amount=amount, text=c.text)
        if who is not None:
            effect = Effect(effect.name, (*effect.args, ("player", who)), effect.optional,
                            effect.condition, effect.text)
        if words.endswith(" instead"):
            effect = dataclasses.replace(effect, condition="(instead)")
        return effect

    @frame("choose_new_targets", "choose new targets for that copy|copies",
           "choose a new target for that copy")
    def _new_targets(c: Clause) -> Effect:
        """"You may choose new targets for that copy." (CR 707.10c)."""
        return Effect.make("choose_new_targets", text=c.text)

    @frame("copy", "copy {target:np} and may choose a new target for the copy|copy",
           "copy {target:np} and may choose new targets for the copy|copy",
           "copy {target:np} and may choose a new target for that copy",
           "copy {target:np} and may choose new targets for that copy",
           "{who:player} copy|copies {target:np} and may choose a new target for that copy",
           "{who:player} copy|copies {target:np} and may choose new targets for that copy")
    def _copy_and_choose(c: Clause) -> Effects | None:
        """"you may copy CARDNAME and may choose a new target for the copy" (CR 707.10,
        707.10c): the second "may" is a choice of its own; "that player may copy CARDNAME
        and may choose a new target for that copy" (Chain Lightning): that player copies
        it and chooses."""
        target = c.slot("target")
        if not copiable(target):
            return None
        who = c.subject if c.subject is not None and c.subject.text.lower() != "you" \
            else None
        copied = Effect.make("copy", target=target, text=c.text)
        choose = Effect.make("choose_new_targets", optional=True, text=c.text)
        if who is not None:
            copied = Effect(copied.name, (*copied.args, ("player", who)), copied.optional,
                            copied.condition, copied.text)
            choose = Effect(choose.name, (("chooser", who),), True, "", choose.text)
        return copied, choose


def copiable(target: ObjectRef | None) -> bool:
    """Whether a copied object is one a copy effect copies on the stack or from exile: a
    spell, an ability, a card in exile, the spell itself ("copy CARDNAME") or a pronoun
    naming one (CR 707.10, 707.12).

    >>> from analyzer.oracle.objects import parse_object
    >>> copiable(parse_object("target instant or sorcery spell")), copiable(
    ...     parse_object("target creature"))
    (True, False)
    """
    if target is None:
        return False
    kind = target.filter.kind
    if kind in ("spell", "ability", "self"):
        return True
    if kind == "card":
        from analyzer.oracle.objects import Zone

        return target.filter.zone is Zone.EXILE
    return kind == "it" and target.text.lower() in _COPIED_PRONOUNS


_COPIED_PRONOUNS = frozenset({"it", "that spell", "the spell", "that ability", "CARDNAME",
                              "the exiled card", "that card", "this spell"})


_register()
