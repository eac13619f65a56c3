"""Verbs of permanents on the battlefield: tap and untap, restrictions ("can't block"),
fight, goad, control, counters and tokens (CR 111, 122, 506-509, 701).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Put two +1/+1 counters on target creature.")
>>> e.name, e.arg("counter"), e.arg("amount").value
('put_counters', '+1/+1', 2)
>>> e, = parse_effects("Create two 1/1 white Soldier creature tokens with lifelink.")
>>> e.name, e.arg("token")
('create_token', '1/1 white Soldier creature tokens with lifelink')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzer.oracle.effects import Amount, ArgValue, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, untokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.syntax import Clause

__all__ = ["TokenWords", "token_words"]


def _player(c: Clause) -> ObjectRef | None:
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return who


@frame("tap", "tap {target:np}")
def _tap(c: Clause) -> Effect | None:
    if c.slot("target").filter.kind in ("player", "opponent", "card", "spell"):
        return None
    return Effect.make("tap", target=c.slot("target"), text=c.text)


@frame("untap", "untap {target:np}")
def _untap(c: Clause) -> Effect | None:
    if c.slot("target").filter.kind in ("player", "opponent", "card", "spell"):
        return None
    return Effect.make("untap", target=c.slot("target"), text=c.text)


@frame("tap_or_untap", "tap or untap {target:np}")
def _tap_or_untap(c: Clause) -> Effect:
    return Effect.make("tap_or_untap", target=c.slot("target"), text=c.text)


@frame("fight", "{subject:np} fight|fights {target:np}")
def _fight(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    # "Target creature you control fights target creature you don't control": both
    # creatures deal damage to each other (CR 701.14a); the subject is the first
    return Effect.make("fight", source=c.subject, target=c.slot("target"), text=c.text)


@frame("goad", "goad {target:np}")
def _goad(c: Clause) -> Effect:
    return Effect.make("goad", target=c.slot("target"), text=c.text)


@frame("gain_control", "gain control of {target:np}")
def _gain_control(c: Clause) -> Effect | None:
    target = c.slot("target")
    if target.filter.kind in ("player", "opponent", "card"):
        return None
    return Effect.make("gain_control", target=target, duration=Duration.PERMANENT,
                       text=c.text)


@frame("exchange_control", "exchange control of {a:np} and {b:np}",
       "exchange control of {two:np}")
def _exchange(c: Clause) -> Effect | None:
    if c.slot("two") is not None:
        both = c.slot("two")
        if both.count.low != 2:
            return None
        return Effect.make("exchange_control", targets=(both,), text=c.text)
    return Effect.make("exchange_control", targets=(c.slot("a"), c.slot("b")), text=c.text)


@frame("put_counters", "put {n:amount} {c:counter} counter|counters on {target:np}")
def _put_counters(c: Clause) -> Effect:
    return Effect.make("put_counters", counter=c.slot("c"), amount=c.slot("n"),
                       target=c.slot("target"), text=c.text)


_COUNTER_ITEM = Pattern("{n:amount} {c:counter} counter|counters")


@frame("put_counters", "put {items:words} on {target:np}")
def _put_counter_list(c: Clause) -> tuple[Effect, ...] | None:
    """"Put a flying counter, a deathtouch counter, and a lifelink counter on target
    creature.", "put two +1/+1 counters and a flying counter on ...": one ``put_counters``
    per kind, all on the same object (CR 122.1)."""
    from analyzer.oracle.lexer import tokenize

    tokens = tokenize(c.slot("items"))
    cuts = [k for k, t in enumerate(tokens) if t.kind == "," or t.low == "and"]
    if not cuts:
        return None
    items: list[tuple[int, int]] = []
    start = 0
    for k in [*cuts, len(tokens)]:
        if k > start:
            items.append((start, k))
        start = k + 1
    effects = []
    for i, j in items:
        found = _COUNTER_ITEM.match(tokens, i, j)
        if found is None:
            return None
        effects.append(Effect.make("put_counters", counter=found["c"], amount=found["n"],
                                   target=c.slot("target"), text=c.text))
    return tuple(effects) if len(effects) > 1 else None


@frame("put_counters", "put a counter of that kind on {target:np}",
       "put an additional {c:counter} counter on {target:np}")
def _put_counter_kind(c: Clause) -> Effect:
    return Effect.make("put_counters", counter=c.slot("c", "that kind"), amount=Amount(1),
                       target=c.slot("target"), text=c.text)


@frame("remove_counters", "remove all counters from {target:np}",
       "remove {n:amount} counter|counters from {target:np}")
def _remove_any_counters(c: Clause) -> Effect:
    """"Remove all counters from target creature", "remove a counter from target
    permanent" (CR 122.1): counters of any kind."""
    amount = c.slot("n") or Amount(None, "all")
    return Effect.make("remove_counters", counter="any", amount=amount,
                       target=c.slot("target"), text=c.text)


@frame("remove_counters", "remove {n:amount} {c:counter} counter|counters from {target:np}",
       "remove all {c:counter} counters from {target:np}")
def _remove_counters(c: Clause) -> Effect:
    amount = c.slot("n") or Amount(None, "all")
    return Effect.make("remove_counters", counter=c.slot("c"), amount=amount,
                       target=c.slot("target"), text=c.text)


@frame("double", "double the number of each kind of counter on {target:np}",
       "double the number of each kind of counter on each of {target:np}")
def _double_each_kind(c: Clause) -> Effect:
    """"Double the number of each kind of counter on target creature" (CR 122.1, 701.10):
    every kind of counter on it."""
    return Effect.make("double", what="each kind of counter", target=c.slot("target"),
                       text=c.text)


@frame("double", "double the number of {c:counter} counters on {target:np}")
def _double(c: Clause) -> Effect:
    return Effect.make("double", what=f"{c.slot('c')} counters", target=c.slot("target"),
                       text=c.text)


@frame("double", "double {subject:np} 's power", "double {subject:np} 's power and toughness")
def _double_power(c: Clause) -> Effect:
    what = "power and toughness" if c.frame_text.endswith("toughness") else "power"
    return Effect.make("double", what=what, target=c.subject, text=c.text)


@dataclass(frozen=True, slots=True)
class TokenWords:
    """A token description read in an effect: the words ``create_token`` keeps, the object
    copied for "a token that's a copy of ...", and "tapped" / "tapped and attacking"."""

    desc: str
    copy_of: ObjectRef | None = None
    tapped: bool = False
    attacking: bool = False
    exceptions: tuple[Effect, ...] = ()
    """What the copy has other than the original's copiable values ("except it's a 4/4
    black Zombie", CR 707.9), as effects on the copy (:mod:`.copies`)."""


def token_words(tokens: Sequence[Token], i: int, j: int) -> TokenWords | None:
    """A token description in ``tokens[i:j]`` that the token grammar reads
    (:func:`~analyzer.oracle.tokens.parse_token`, its quoted abilities read too), or a copy
    of an object (CR 707.2); ``None`` otherwise."""
    from analyzer.oracle.grammar.quoted import quoted_ability_read
    from analyzer.oracle.tokens import parse_token

    words = [t.low for t in tokens[i:j]]
    tapped = attacking = False
    lead_copy = ["token", "that's", "a", "copy", "of"], ["tokens", "that", "are", "copies",
                                                         "of"]
    if any(words[:len(lead)] == lead for lead in lead_copy) \
            or words[1:6] == lead_copy[0] or words[3:8] == lead_copy[0]:
        return _copy_token(tokens, i, j)
    for tail in (["that", "are", "tapped", "and", "attacking"], ["that's", "tapped", "and",
                 "attacking"], ["that", "are", "attacking"], ["that's", "attacking"],
                 ["tapped", "and", "attacking"], ["and", "attacking"],
                 ["tapped"], ["attacking"]):
        if len(words) > len(tail) and words[-len(tail):] == tail:
            tapped, attacking = "tapped" in tail, "attacking" in tail
            j -= len(tail)
            words = words[:-len(tail)]
            break
    if words[:3] == ["tapped", "and", "attacking"]:
        tapped, attacking, i, words = True, True, i + 3, words[3:]
    elif words[:1] == ["tapped"]:
        tapped, i, words = True, i + 1, words[1:]
    desc = untokenize(tokens[i:j])
    spec = parse_token(desc)
    if spec is None or not all(quoted_ability_read(a) for a in spec.abilities
                               if a not in _PREDEFINED_TEXTS):
        return None
    return TokenWords(desc, None, tapped, attacking)


_COPY_TAILS = (["and", "that's", "tapped", "and", "attacking"], ["that's", "tapped", "and",
               "attacking"], ["that", "are", "tapped", "and", "attacking"],
               ["and", "that", "are", "tapped", "and", "attacking"])


def _copy_token(tokens: Sequence[Token], i: int, j: int) -> TokenWords | None:
    """"a token that's a copy of <object>[, except <exceptions>]", "a tapped and attacking
    token that's a copy of ...", "... and that's tapped and attacking" (CR 707.2, 707.9,
    111.1)."""
    from analyzer.oracle.grammar.copies import copy_exceptions, split_except

    first = i
    words = [t.low for t in tokens[i:j]]
    tapped = attacking = False
    for lead in (["tapped", "and", "attacking"], ["tapped"], ["attacking"]):
        if words[:len(lead)] == lead:
            tapped, attacking = "tapped" in lead, "attacking" in lead
            i, words = i + len(lead), words[len(lead):]
            break
    if words[:5] not in (["token", "that's", "a", "copy", "of"],
                         ["tokens", "that", "are", "copies", "of"]):
        return None
    start, end = i + 5, j
    exceptions: tuple[Effect, ...] = ()
    cut = split_except(tokens, start, end)
    if cut is not None:
        found = copy_exceptions(tokens, cut[1], end)
        if found is None:
            return None
        exceptions, end = found, cut[0]
    ending = [t.low for t in tokens[start:end]]
    for tail in _COPY_TAILS:
        if len(ending) > len(tail) and ending[-len(tail):] == tail and not tapped:
            tapped = attacking = True
            end -= len(tail)
            break
    original = noun_phrase(tuple(tokens), start, end)
    if original is None:
        return None
    desc = untokenize(tokens[first:cut[0] if cut is not None else j])
    return TokenWords(desc, original, tapped, attacking, exceptions)


def _predefined_texts() -> frozenset[str]:
    from analyzer.oracle.tokens import PREDEFINED

    return frozenset(a for _, abilities in PREDEFINED.values() for a in abilities)


_PREDEFINED_TEXTS = _predefined_texts()


@frame("create_token", "{who:player?} create|creates {n:amount} {desc:token}")
def _tokens(c: Clause) -> Effect | None:
    """"create two 1/1 white Soldier creature tokens" (CR 111.1); a copy of an object
    keeps the object copied (CR 707.2)."""
    found: TokenWords = c.slot("desc")
    effect = Effect.make("create_token", amount=c.slot("n"), token=found.desc,
                         tapped=found.tapped, attacking=found.attacking,
                         controller=_player(c), text=c.text)
    if found.copy_of is None and " X/X " in f" {found.desc} ":
        # "Create an X/X green Wurm creature token, where X is ...": the X of its P/T.
        effect = Effect(effect.name, (*effect.args, ("x", Amount(None, "X"))),
                        effect.optional, effect.condition, effect.text)
    if found.copy_of is not None:
        extra: tuple[tuple[str, ArgValue], ...] = (("copy_of", found.copy_of),)
        if found.exceptions:
            extra += (("exceptions", found.exceptions),)
        effect = Effect(effect.name, (*effect.args, *extra), effect.optional,
                        effect.condition, effect.text)
    return effect


@frame("create_token", "{who:player?} create|creates {name:words} , a|an {desc:token}")
def _named_token(c: Clause) -> Effect | None:
    """"create Redwing, a legendary 1/1 blue Bird creature token with flying" (CR 111.4):
    a token given a name, kept as "... token named Redwing ..."."""
    name: str = c.slot("name")
    found: TokenWords = c.slot("desc")
    if not name[:1].isupper() or found.copy_of is not None or " token" not in found.desc:
        return None
    head, _, tail = found.desc.partition(" token")
    desc = f"{head} token named {name}{tail}"
    from analyzer.oracle.tokens import parse_token

    if parse_token(desc) is None:
        return None
    return Effect.make("create_token", amount=Amount(1), token=desc, tapped=found.tapped,
                       attacking=found.attacking, controller=_player(c), text=c.text)


@frame("create_token", "{who:player?} create|creates {n:amount} {desc:token} attached to "
       "{to:np}")
def _tokens_attached(c: Clause) -> Effect | None:
    """"Create a Wicked Role token attached to target creature you control" (CR 111.1,
    303.4f): an Aura token created attached to an object."""
    found: TokenWords = c.slot("desc")
    to = c.slot("to")
    if found.copy_of is not None or to is None or to.filter.kind in ("card", "spell"):
        return None
    return Effect.make("create_token", amount=c.slot("n"), token=found.desc,
                       tapped=found.tapped, attacking=found.attacking,
                       controller=_player(c), attached_to=to, text=c.text)


@frame("create_token", "{who:player?} create|creates a number of {desc:token} equal to "
       "{q:quantity}")
def _tokens_equal(c: Clause) -> Effect | None:
    """"create a number of 1/1 white Soldier creature tokens equal to your devotion to
    white" (CR 111.1)."""
    found: TokenWords = c.slot("desc")
    if found.copy_of is not None:
        return None
    words = c.frame_text[c.frame_text.rfind(" equal to ") + 1:]
    return Effect.make("create_token", amount=Amount(None, words, quantity=c.slot("q")),
                       token=found.desc, tapped=found.tapped, attacking=found.attacking,
                       controller=_player(c), text=c.text)


@frame("create_token", "those tokens plus {n:amount} additional {desc:words} are created",
       "that many plus {n:amount} of those tokens are created")
def _more_tokens(c: Clause) -> Effect | None:
    desc = c.slot("desc", "tokens")
    return Effect.make("create_token", amount=c.slot("n"), token=desc, text=c.text)


@frame("keyword_action", "investigate", "investigate {n:amount} times", "investigate twice")
def _investigate(c: Clause) -> Effect:
    amount = c.slot("n") or (Amount(2) if c.frame_text.endswith("twice") else Amount(1))
    return Effect.make("investigate", amount=amount, text=c.text)


@frame("keyword_action", "proliferate", "proliferate twice")
def _proliferate(c: Clause) -> Effect:
    return Effect.make("proliferate", amount=Amount(2 if "twice" in c.frame_text else 1),
                       text=c.text)


@frame("keyword_action", "populate")
def _populate(c: Clause) -> Effect:
    return Effect.make("populate", amount=Amount(1), text=c.text)


@frame("keyword_action", "clash with an opponent")
def _clash(c: Clause) -> Effect:
    return Effect.make("clash", amount=Amount(1), text=c.text)


@frame("keyword_action", "{subject:np} connives {n:amount}")
def _connive_n(c: Clause) -> Effect:
    """"target attacking creature connives X" (CR 701.50e): draws and discards that many."""
    return Effect.make("connive", amount=c.slot("n"), target=c.subject, text=c.text)


@frame("keyword_action", "{subject:np} explores", "{subject:np} connives")
def _explore(c: Clause) -> Effect:
    name = "explore" if c.frame_text.endswith("explores") else "connive"
    return Effect.make(name, amount=Amount(1), target=c.subject, text=c.text)
