"""Replacement effects (CR 614): one sentence -> a typed
:class:`~analyzer.oracle.abilities.ReplacementEffect`.

Read here: "<object> enters [tapped] with N counters" and "enters tapped unless ..."
(CR 614.1c), "If you don't, it enters tapped", "As CARDNAME enters, choose ..." (CR 614.12),
"You may have CARDNAME enter as a copy of ..." (CR 707.9), "If <event> would <verb>, <effects>
instead" (CR 614.1a) with the event typed by the frames of :data:`_WOULD`, the mana
doublers "If you tap a land for mana, it produces twice as much of that mana instead"
(CR 106.12b), and Vizier of Remedies' "that many ... minus one are put on it instead".

Examples
--------
>>> r = read_replacement_sentence("CARDNAME enters with X +1/+1 counters on it.")
>>> r.event, r.effects[0].name
('enters', 'put_counters')
>>> r = read_replacement_sentence("If CARDNAME would die, exile it instead.")
>>> r.event, r.condition, r.effects[0].arg("destination").name
('dies', 'if CARDNAME would die', 'EXILE')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from analyzer.oracle.abilities import ReplacementEffect
from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.conditions import condition_tokens
from analyzer.oracle.grammar.counted import counted_phrase
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.grammar.sentence import parse_effects_tokens
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.objects import ObjectRef, Quantity, parse_object
from analyzer.oracle.quantities import quantity
from analyzer.oracle.text import SELF

__all__ = ["read_replacement_sentence"]

Tokens = Sequence[Token]
_SELF = parse_object(SELF)

_WOULD: tuple[tuple[str, Pattern], ...] = tuple((e, Pattern(p)) for e, p in (
    ("dies", "{subject:np} would die"), ("dies", "{subject:np} would be put into a|your "
                                                 "graveyard from the battlefield"),
    ("dies", "{subject:np} would die this turn"),
    ("dies", "{subject:np} would be put into a|your graveyard from the battlefield this turn"),
    ("to_graveyard", "{subject:np} would be put into a|your|an_opponent's|its_owner's "
                     "graveyard from anywhere"),
    ("to_graveyard", "{subject:np} would be put into a|your|its_owner's graveyard"),
    ("to_graveyard", "{subject:np} would be put into a|your|its_owner's graveyard this turn"),
    ("destroyed", "{subject:np} would be destroyed"),
    ("destroyed", "{subject:np} would be destroyed this turn"),
    ("damage", "{subject:np} would deal damage to {to:np}"),
    ("damage", "{subject:np} would deal damage"),
    ("damage", "{subject:np} would deal combat damage to {to:np}"),
    ("damage", "{subject:np} would deal noncombat damage to {to:np}"),
    ("damage", "damage would be dealt to {to:np}"),
    ("damage", "{subject:np} would be dealt damage"),
    ("damage", "a source would deal damage to {to:np}"),
    ("damage", "a source an opponent controls would deal damage to {to:np}"),
    ("damage", "{subject:np} would deal damage to a permanent or player"),
    ("draw", "{subject:player} would draw a card"), ("draw", "{subject:player} would draw "
                                                            "one or more cards"),
    ("draw", "{subject:player} would draw a card while {cond:condition}"),
    ("draw", "{subject:player} would draw a card except the first one they draw in each "
             "of their draw steps"),
    ("life", "{subject:player} would gain life"), ("life", "{subject:player} would lose life"),
    ("enters", "{subject:np} would enter"), ("enters", "{subject:np} would enter the "
                                                       "battlefield"),
    ("tokens", "an effect would create one or more tokens under your control"),
    ("tokens", "one or more tokens would be created under your control"),
    ("tokens", "you would create one or more tokens"),
    ("tokens", "you would create a token"),
    ("counters", "one or more {c:counter} counters would be put on {to:np}"),
    ("counters", "one or more counters would be put on {to:np}"),
    ("counters", "you would put one or more counters on {to:np}"),
    ("counters", "{subject:player} would get one or more counters"),
    ("discard", "{subject:player} would discard a card"),
    ("discard", "a spell or ability an opponent controls causes you to discard SELF"),
    ("leaves", "{subject:np} would leave the battlefield"),
    ("mill", "{subject:player} would mill one or more cards"),
    ("sacrifice", "{subject:player} would sacrifice {what:np}"),
    ("win", "{subject:player} would win the game"), ("lose", "{subject:player} would lose "
                                                            "the game"),
    ("scry", "you would scry a number of cards"),
    ("exile", "{subject:np} would be exiled"),
    ("return", "{subject:np} would be returned to {where:words}"),
    ("untap", "{subject:np} would untap"),
    ("attack", "{subject:np} would attack"),
    ("damage", "{subject:np} would deal combat damage"),
    ("tokens", "one or more tokens would be created"),
    ("tokens", "an effect would create one or more tokens"),
    ("counters", "an effect would put one or more counters on {to:np}"),
    ("draw", "{subject:player} would draw a card during their draw step"),
    ("draw", "you would draw a card except the first one you draw in each of your draw "
             "steps"),
    ("life", "you would gain life while you have {n:number} or less life"),
    ("extra_turn", "{subject:player} would begin an extra turn"),
    ("mana", "{subject:player} tap|taps {what:np} for mana"),
    ("mana", "{what:np} is tapped for mana"),
))
_WOULD = _WOULD + tuple((e, Pattern(f"{p.text} this turn")) for e, p in _WOULD
                        if not p.text.endswith(" this turn")) \
    + tuple((e, Pattern(f"{p.text} during your turn")) for e, p in _WOULD
            if e in ("life", "damage", "draw"))
"""Replaced events as "if ... would ..." clauses: event kind -> frame (each also "... this
turn", a resolving effect's replacement, and "... during your turn")."""


def _event(tokens: Tokens, i: int, j: int) -> str | None:
    for event, pattern in _WOULD:
        if pattern.match(tokens, i, j) is not None:
            return event
    return None


@lru_cache(maxsize=1 << 13)
def read_replacement_sentence(sentence: str) -> ReplacementEffect | None:
    """Read a replacement effect sentence (CR 614), or ``None``."""
    text = sentence.strip()
    body = text.rstrip(".")
    low = body[:1].lower() + body[1:] if not body.startswith(SELF) else body
    tokens = tokenize(low)
    if not tokens:
        return None
    words = [t.low for t in tokens]
    return (_enters(tokens, words, text) or _if_would(tokens, words, text)
            or _countered(tokens, words, text) or _as_enters(tokens, words, text)
            or _copy(tokens, words, text) or _redirect(tokens, text))


_REDIRECT = Pattern("all damage that would be dealt to {from:np} is dealt to {to:np} instead")
_LIFE_FLOOR = Pattern("damage that would reduce your life total to less than {n:number} "
                      "reduces it to {m:number} instead")


def _redirect(tokens: Tokens, text: str) -> ReplacementEffect | None:
    """"All damage that would be dealt to you is dealt to CARDNAME instead." (a redirection,
    CR 614.9) and "Damage that would reduce your life total to less than 1 reduces it to 1
    instead." (Ali from Cairo, CR 614.1a)."""
    n = len(tokens)
    binds = _REDIRECT.match(tokens, 0, n)
    if binds is not None:
        to, original = binds["to"], binds["from"]
        if to.targeted or original.targeted:
            return None
        effect = Effect.make("redirect_damage", target=to, instead_of=original,
                             text=untokenize(tokens))
        return ReplacementEffect("damage", (effect,), "", text)
    binds = _LIFE_FLOOR.match(tokens, 0, n)
    if binds is not None and binds["n"] == binds["m"]:
        effect = Effect.make("life_floor", amount=Amount(binds["m"]), text=untokenize(tokens))
        return ReplacementEffect("damage", (effect,), "", text)
    return None


_ENTERS_WITH = Pattern("{subject:np} enter|enters with {n:amount} {c:counter} counter|counters "
                       "on it|them")
_ENTERS_WITH_ADDITIONAL = Pattern("{subject:np} enter|enters with {n:amount} additional "
                                  "{c:counter} counter|counters on it|them")
_ENTERS_TAPPED_WITH = Pattern("{subject:np} enter|enters tapped with {n:amount} {c:counter} "
                              "counter|counters on it|them")
_ENTERS_TAPPED = Pattern("{subject:np} enter|enters tapped")
_ENTERS_PREPARED = Pattern("{subject:np} enters prepared")
_ENTERS_EQUAL = Pattern("{subject:np} enter|enters with a number of {c:counter} counters on "
                        "it|them equal to {q:quantity}")
_WHERE_X = ("where", "x", "is")
_PER_EVENT: dict[tuple[str, ...], tuple[str, str]] = {
    ("time", "it", "was", "kicked"): ("times_kicked", "for each time it was kicked"),
    ("time", "CARDNAME", "was", "kicked"): ("times_kicked", "for each time it was kicked"),
    ("color", "of", "mana", "spent", "to", "cast", "it"):
        ("colors_spent", "for each color of mana spent to cast it"),
    ("color", "of", "mana", "spent", "to", "cast", "CARDNAME"):
        ("colors_spent", "for each color of mana spent to cast it"),
}
"""Counted events of "for each ..." that are no objects: the times the spell was kicked
(multikicker, CR 702.33c) and the colors of mana spent to cast it (the Converge ability
word, CR 207.2c, counts them; CR 601.2h)."""


def _subject(ref: ObjectRef) -> ObjectRef | None:
    """The object entering: the card itself for "it" (a replacement effect of the card's
    own text, CR 614.1c), the group for "Creatures you control"; ``None`` for a target."""
    if ref.targeted:
        return None
    if ref.filter.kind == "it" and ref.text in ("it", "they"):
        return _SELF
    return ref


def _enters(tokens: Tokens, words: list[str], text: str) -> ReplacementEffect | None:
    """"[If <condition>,] <object> enters [tapped] with N <counters> on it [for each ... |,
    where X is ...] [if|unless <condition>]" and "<object> enters tapped [if|unless
    <condition>]" (CR 614.1c), "CARDNAME enters prepared"."""
    n = len(tokens)
    conditions: list[str] = []
    start = 0
    if words[:1] == ["if"]:
        for k in range(2, n - 1):
            if tokens[k].kind == "," and (found := condition_tokens(tokens, 0, k)) is not None \
                    and words[k + 1:k + 2] in (["it"], ["CARDNAME"]):
                conditions.append(found.text)
                start = k + 1
                break
        else:
            return None
    end = n
    for k in range(start + 2, n):
        if words[k] in ("if", "unless"):
            found = condition_tokens(tokens, k, n)
            if found is None:
                return None
            conditions.append(found.text)
            end = k
            break
    condition = ", ".join(conditions)
    body = untokenize(tokens)
    granted: tuple[Any, ...] = ()
    for k in range(start + 4, end - 1):
        if words[k:k + 2] == ["and", "with"] and words[k - 2:k] in (["on", "it"],
                                                                  ["on", "them"]):
            # "If CARDNAME was kicked, it enters with two +1/+1 counters on it and with
            # flying." (Anavolver): it enters with the keyword too (CR 614.1c)
            from analyzer.oracle.keywords import parse_keyword_list

            found_kw = parse_keyword_list(untokenize(tokens[k + 2:end]))
            if not found_kw:
                return None
            granted, end = found_kw, k
            break
    if (binds := _ENTERS_PREPARED.match(tokens, start, end)) is not None:
        target = _subject(binds["subject"])
        if target is None or target.filter.kind != "self":
            return None
        return ReplacementEffect("enters", (Effect.make("enters_as", target=target,
                                                        what="prepared", text=body),),
                                 condition, text)
    if (binds := _ENTERS_EQUAL.match(tokens, start, end)) is not None:
        target = _subject(binds["subject"])    # "... a number of +1/+1 counters on it
        if target is None:                     # equal to the amount of mana spent to cast it"
            return None
        words_q = body[body.rfind(" equal to ") + len(" equal to "):]
        counters = Effect.make("put_counters", counter=binds["c"], amount=Amount(
            None, f"equal to {words_q}", quantity=binds["q"]), target=target, text=body)
        return ReplacementEffect("enters", (counters,), condition, text)
    # "... for each X" / ", where X is ..." after the counters
    tail: tuple[str, object] | None = None
    for k in range(start, end):
        if words[k:k + 2] == ["for", "each"]:
            key = tuple(words[k + 2:end])
            if key in _PER_EVENT:
                kind, phrase = _PER_EVENT[key]
                tail = ("for each", Amount(None, phrase, quantity=Quantity("this_turn", None,
                                                                           kind)))
            elif (what := counted_phrase(tokens, k + 2, end)) is not None:
                tail = ("for each", (what, untokenize(tokens[k:end])))
            else:
                return None
            end = k
            break
        if tokens[k].kind == "," and tuple(words[k + 1:k + 4]) == _WHERE_X:
            counted = quantity(tokens, k + 4, end)
            if counted is None:
                return None
            tail = ("where", Amount(None, "X", untokenize(tokens[k + 4:end]), counted))
            end = k
            break
    for pattern, tapped in ((_ENTERS_TAPPED_WITH, True), (_ENTERS_WITH_ADDITIONAL, False),
                            (_ENTERS_WITH, False)):
        binds = pattern.match(tokens, start, end)
        if binds is None:
            continue
        target = _subject(binds["subject"])
        if target is None:
            return None
        amount = binds["n"]
        if tail is not None:
            amount = _tail_amount(amount, tail)
            if amount is None:
                return None
        counters = Effect.make("put_counters", counter=binds["c"], amount=amount,
                               target=target, text=body)
        tap = (Effect.make("tap", target=target, text=body),) if tapped else ()
        grant = (Effect.make("grant_abilities", target=target, keywords=granted,
                             duration=Duration.PERMANENT, text=body),) if granted else ()
        return ReplacementEffect("enters", (*tap, counters, *grant), condition, text)
    if granted:
        return None
    if tail is not None or (binds := _ENTERS_TAPPED.match(tokens, start, end)) is None:
        return None
    target = _subject(binds["subject"])
    if target is None or (target.filter.kind != "self" and not target.count.each):
        return None
    return ReplacementEffect("enters", (Effect.make("tap", target=target, text=body),),
                             condition, text)


def _tail_amount(amount: Amount, tail: tuple[str, object]) -> Amount | None:
    """The counters' amount with its "for each ..." or "where X is ..." applied."""
    kind, value = tail
    if kind == "where":
        return value if amount.variable == "X" and isinstance(value, Amount) else None
    if isinstance(value, Amount):
        return value if amount.value == 1 else None
    if not isinstance(value, tuple):
        return None
    what, words = value
    from analyzer.oracle.grammar.clause import _per

    return _per(amount, what, words) if isinstance(what, ObjectRef) else None


def _if_would(tokens: Tokens, words: list[str], text: str) -> ReplacementEffect | None:
    n = len(tokens)
    if words[:1] == ["if"] or words[:3] in (["if", "you", "don't"], ["otherwise", ",", "it"]):
        # "If you don't, it enters tapped" / "Otherwise, CARDNAME enters tapped."
        for k in range(1, n - 1):
            if tokens[k].kind != ",":
                continue
            lead = condition_tokens(tokens, 0, k)
            rest = _ENTERS_TAPPED.match(tokens, k + 1, n)
            if lead is not None and lead.kind in ("didnt", "otherwise") and rest is not None:
                return ReplacementEffect("enters", (Effect.make(
                    "tap", target=parse_object(SELF), text=untokenize(tokens)),),
                    lead.text, text)
    if words[:1] == ["otherwise"] and n > 2 and _ENTERS_TAPPED.match(tokens, 2, n):
        return ReplacementEffect("enters", (Effect.make("tap", target=parse_object(SELF),
                                                        text=untokenize(tokens)),),
                                 "otherwise", text)
    if words[:1] != ["if"]:
        return None
    for k in range(2, n - 1):
        if tokens[k].kind != ",":
            continue
        event = _event(tokens, 1, k)
        if event is None:
            continue
        condition = untokenize(tokens[0:k])
        condition = condition[:1].lower() + condition[1:]
        rest_start, rest_end = k + 1, n
        if words[rest_end - 1] == "instead":
            rest_end -= 1
        elif words[rest_start] == "instead":
            rest_start += 1
        if event == "mana":
            return _mana_doubling(tokens, rest_start, rest_end, condition, text)
        if event == "counters" and (fewer := _fewer(tokens, rest_start, rest_end, condition,
                                                    text)) is not None:
            return fewer
        if (scaled := _scaled(tokens, rest_start, rest_end, event)) is not None:
            return ReplacementEffect(event if event in _TYPED_EVENTS else "other", (scaled,),
                                     condition, text)
        if tuple(words[rest_end - 7:rest_end]) == _INSTEAD_OF_GRAVEYARD:
            rest_end -= 7                 # "..., put it onto the battlefield instead of
            #                               putting it into your graveyard" (Loxodon Smiter)
        effects = parse_effects_tokens(tokens, rest_start, rest_end)
        if effects is None:
            continue
        if event == "to_graveyard":
            effects = _from_anywhere(effects)
        return ReplacementEffect(event if event in _TYPED_EVENTS else "other", effects,
                                 condition, text)
    return None


_INSTEAD_OF_GRAVEYARD = ("instead", "of", "putting", "it", "into", "your", "graveyard")
_SCALES: tuple[tuple[str, Pattern, str], ...] = tuple((e, Pattern(p), how) for e, p, how in (
    ("tokens", "it creates twice that many of those tokens", "twice that many"),
    ("tokens", "twice that many of those tokens are created", "twice that many"),
    ("tokens", "it creates three times that many of those tokens", "three times that many"),
    ("tokens", "three times that many of those tokens are created", "three times that many"),
    ("damage", "it deals double that damage to that permanent or player", "double"),
    ("damage", "it deals double that damage to that player|creature|permanent|planeswalker",
     "double"),
    ("damage", "it deals double that damage", "double"),
    ("damage", "it|that_source deals double that damage to you|SELF|it|that_player_or_permanent"
     "|that_permanent_or_player|that_creature|equipped_creature", "double"),
    ("counters", "it puts twice that many of those counters on that permanent|it|that_creature",
     "twice that many"),
    ("counters", "put twice that many of each of those kinds of counters on that_permanent|"
     "that_permanent_or_player|that_creature|it", "twice that many"),
    ("counters", "twice that many of each of those kinds of counters are put on it|"
     "that_permanent|that_creature", "twice that many"),
    ("counters", "put that many plus one of each of those kinds of counters on that_permanent|"
     "that_creature|it", "counters plus"),
    ("counters", "that many plus one of each of those kinds of counters are put on it|"
     "that_permanent|that_creature", "counters plus"),
    ("counters", "you get that many plus one of each of those kinds of counters",
     "counters plus"),
    ("damage", "it deals triple that damage to that permanent or player", "triple"),
    ("damage", "it deals triple that damage to that player|creature|permanent", "triple"),
    ("life", "{who:player} gain|gains twice that much life", "twice that much"),
    ("life", "{who:player} gain|gains that much life plus {n:number}", "plus"),
    ("damage", "it deals that much damage plus {n:number} to that permanent or player",
     "damage plus"),
    ("damage", "it deals that much damage plus {n:number} to that player|creature|permanent",
     "damage plus"),
    ("damage", "it deals that much damage minus {n:number} to that permanent or player",
     "damage minus"),
    ("damage", "it deals that much damage plus {n:number}", "damage plus"),
    ("damage", "it deals that much damage minus {n:number} to that creature", "damage minus"),
    ("life", "{who:player} lose|loses twice that much life", "twice that much"),
    ("life", "{who:player} lose|loses three times that much life", "three times that much"),
))
"""Replacements that multiply the event's number (CR 614.1a): tokens created (Anointed
Procession), damage dealt (Dictate of the Twin Gods, CR 120.3), life gained or lost."""
_SCALED_WHAT = {"tokens": "the tokens created", "damage": "the damage dealt",
                "life": "the life", "counters": "the counters put"}


def _scaled(tokens: Tokens, i: int, j: int, event: str) -> Effect | None:
    """The ``double`` effect of a replacement in :data:`_SCALES` for ``event``, or ``None``."""
    for kind, pattern, how in _SCALES:
        if kind != event or (binds := pattern.match(tokens, i, j)) is None:
            continue
        if how == "counters plus":      # "put that many plus one of each of those kinds of
            return Effect.make(         # counters on that permanent instead" (CR 614.1a)
                "change_amount", what="the counters put", amount=Amount(1),
                text=untokenize(tokens[i:j]))
        if how.startswith("damage "):   # "it deals that much damage plus 1 to that player"
            n = binds["n"] if how.endswith("plus") else -binds["n"]
            return Effect.make("change_amount", what="the damage dealt", amount=Amount(
                n), text=untokenize(tokens[i:j]))
        if how == "plus":             # "you gain that much life plus 1" (Angel of Vitality)
            n = binds["n"]
            return Effect.make("gain_life", amount=Amount(
                None, f"that much plus {n}", quantity=Quantity("event", offset=n)),
                player=binds["who"], text=untokenize(tokens[i:j]))
        return Effect.make("double", what=f"{_SCALED_WHAT[kind]} ({how})",
                           text=untokenize(tokens[i:j]))
    return None


_TYPED_EVENTS = frozenset({"dies", "damage", "draw", "enters", "tokens", "counters",
                           "to_graveyard", "destroyed", "countered", "life"})
"""Events a replacement's profile names; any other is ``"other"``."""


def _from_anywhere(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """A card that "would be put into a graveyard from anywhere" moves from the zone it was
    in, not the battlefield an earlier "reveal CARDNAME" named (CR 614.6)."""
    found = []
    for e in effects:
        if e.name == "change_zone" and e.arg("origin") is not None:
            e = Effect(e.name, tuple((k, None if k == "origin" else v) for k, v in e.args),
                       e.optional, e.condition, e.text)
        found.append(e)
    return tuple(found)


_COUNTERED = Pattern("if {subject:np} is countered this way")
_INSTEAD_OF = ("instead", "of")


def _countered(tokens: Tokens, words: list[str], text: str) -> ReplacementEffect | None:
    """"If that spell is countered this way, exile it instead of putting it into its owner's
    graveyard." (Dissipate; the countered spell's move to the graveyard, CR 701.6a, is
    replaced, CR 614.1a)."""
    n = len(tokens)
    for k in range(3, n - 2):
        if tokens[k].kind != "," or _COUNTERED.match(tokens, 0, k) is None:
            continue
        end = next((m for m in range(k + 2, n) if tuple(words[m:m + 2]) == _INSTEAD_OF), None)
        if end is None or not _puts_into_graveyard(untokenize(tokens[end + 2:n])):
            return None
        effects = parse_effects_tokens(tokens, k + 1, end)
        if effects is None or len(effects) != 1 or effects[0].name != "change_zone":
            return None
        effect = effects[0]
        effect = Effect(effect.name, tuple((k2, None if k2 == "origin" else v)
                                           for k2, v in effect.args),
                        effect.optional, effect.condition, effect.text)
        return ReplacementEffect("countered", (effect,), untokenize(tokens[0:k]), text)
    return None


def _puts_into_graveyard(phrase: str) -> bool:
    """The words after "instead of": "putting it into its owner's graveyard", "into that
    player's graveyard"."""
    return phrase in ("putting it into its owner's graveyard", "into that player's graveyard",
                      "putting it into that player's graveyard",
                      "into its owner's graveyard")


_TWICE = Pattern("it produces twice|three_times as much of that mana")
_TWICE_ADD = Pattern("it produces twice as much of that mana instead")


def _mana_doubling(tokens: Tokens, i: int, j: int, condition: str,
                   text: str) -> ReplacementEffect | None:
    """"If you tap a land for mana, it produces twice as much of that mana instead."
    (Mana Reflection, CR 106.12b)."""
    if _TWICE.match(tokens, i, j) is None:
        return None
    how = "three times" if any(t.low == "three" for t in tokens[i:j]) else "twice"
    words = condition.removeprefix("if ")
    what = words.split(" tap ", 1)[-1].split(" taps ", 1)[-1].removesuffix(" for mana")
    if " is tapped for mana" in condition:
        what = words.removesuffix(" is tapped for mana")
    tapped = parse_object(what)
    if tapped is None:
        return None
    body = untokenize(tokens)
    return ReplacementEffect("mana", (Effect.make(
        "double", what=f"the mana produced ({how} as much)", target=tapped, text=body),),
        condition, text)


_MINUS_ONE = Pattern("that many {c:counter} counters minus one are put on it|them")
_MORE_COUNTERS = (
    (Pattern("that many plus one {c:counter} counters are put on it|them"),
     "that many plus one", 1, 1),
    (Pattern("twice that many {c:counter} counters are put on it|them|that_creature|"
             "that_permanent"), "twice that many", 2, 0),
    (Pattern("it gets twice that many {c:counter} counters instead"), "twice that many", 2,
     0),
)
"""Counter replacements that put more (Hardened Scales, Corpsejack Menace, CR 614.1a)."""


def _fewer(tokens: Tokens, i: int, j: int, condition: str,
           text: str) -> ReplacementEffect | None:
    """Vizier of Remedies (CR 614.1a): "that many ... minus one are put on it instead"."""
    binds = _MINUS_ONE.match(tokens, i, j)
    how, factor, offset = "that many minus one", 1, -1
    if binds is None:
        for pattern, more, times, plus in _MORE_COUNTERS:
            binds = pattern.match(tokens, i, j)
            if binds is not None:
                how, factor, offset = more, times, plus
                break
        else:
            return None
    words = condition.removeprefix("if one or more ")
    kind = words.split(" ", 1)[0]
    target_words = words.split(" would be put on ", 1)[-1]
    target = parse_object(target_words)
    if target is None or target.targeted or kind != binds["c"]:
        return None
    body = untokenize(tokens)
    counters = Effect.make("put_counters", counter=kind, amount=Amount(
        None, how, quantity=Quantity("event", factor=factor, offset=offset)), target=target,
                           text=body)
    return ReplacementEffect("counters", (counters,), condition, text)


def _as_enters(tokens: Tokens, words: list[str], text: str) -> ReplacementEffect | None:
    """"As CARDNAME enters, choose a color." (CR 614.12)."""
    if words[:1] != ["as"] or len(tokens) < 5 or (tokens[1].kind != "SELF"
                                                   and words[1] != "it"):
        return None
    if (words[2] not in ("enters", "enter") or tokens[3].kind != ",") and not (
            words[2:5] == ["enters", "the", "battlefield"] and tokens[5].kind == ","):
        return None
    start = 4 if tokens[3].kind == "," else 6
    what = untokenize(tokens[start:])
    rest_words = words[start:]
    body = untokenize(tokens)
    if rest_words[:1] == ["choose"] or rest_words[:3] == ["you", "may", "choose"] \
            or rest_words[:3] == ["an", "opponent", "chooses"] \
            or rest_words[:2] == ["secretly", "choose"]:
        from analyzer.oracle.grammar.sentence import parse_effects_tokens as effects_of

        effects = effects_of(tokens, start, len(tokens))
        if effects is not None and all(e.name == "choose" for e in effects):
            return ReplacementEffect("choose_on_entry", effects, "", text)
        if _choice_words(rest_words) or _named_options(tokens, start + 1, len(tokens)):
            optional = what.startswith("you may ")
            what = what.removeprefix("you may ").removeprefix("choose ")
            player = None
            if what.startswith("an opponent chooses "):     # the opponent makes the choice
                player = parse_object("an opponent")
                what = what.removeprefix("an opponent chooses ")
            elif what.startswith("secretly choose "):       # a secret choice (CR 614.12)
                what = f"{what.removeprefix('secretly choose ')} secretly"
            return ReplacementEffect("choose_on_entry", (Effect.make(
                "choose", what=what, optional=optional, player=player, text=body),), "", text)
        return None
    effects = parse_effects_tokens(tokens, start, len(tokens))
    if effects is None:
        return None
    return ReplacementEffect("enters", effects, "", text)


_CHOICES = (["choose", "a", "color"], ["choose", "a", "creature", "type"],
            ["choose", "a", "card", "type"], ["choose", "an", "opponent"],
            ["choose", "a", "player"], ["choose", "a", "basic", "land", "type"],
            ["choose", "a", "number"], ["choose", "two", "colors"],
            ["choose", "a", "card", "name"], ["choose", "a", "nonland", "card", "name"],
            ["choose", "a", "color", "other", "than", "white"],
            ["choose", "a", "color", "and", "a", "creature", "type"],
            ["choose", "two", "players"], ["choose", "an", "opponent", "or", "planeswalker"],
            ["choose", "a", "creature", "type", "other", "than", "wall"],
            ["choose", "a", "color", "and", "an", "opponent"],
            ["choose", "an", "opponent", "and", "a", "color"],
            ["choose", "a", "nonbasic", "land", "card", "name"],
            ["choose", "a", "noncreature", ",", "nonland", "card", "name"],
            ["choose", "a", "card", "name", "other", "than", "a", "basic", "land", "card",
             "name"],
            ["choose", "two", "basic", "land", "types"],
            ["choose", "artifact", ",", "creature", ",", "enchantment", ",", "instant", ",",
             "or", "sorcery"],
            ["choose", "black", "or", "red"], ["choose", "a", "color", "word"],
            ["secretly", "choose", "an", "opponent"],
            ["an", "opponent", "chooses", "a", "creature", "type"],
            ["an", "opponent", "chooses", "a", "color"])
"""The choices "As CARDNAME enters, ..." makes (CR 614.12), as words."""


def _named_options(tokens: Tokens, i: int, j: int) -> bool:
    """"choose Khans or Dragons", "choose Elemental, Elf, Faerie, or Treefolk": a choice
    among named words (capitalised, joined by commas and "or"; CR 614.12)."""
    names = 0
    for k in range(i, j):
        t = tokens[k]
        if t.kind == "WORD" and t.text[:1].isupper():
            names += 1
        elif not (t.kind == "," or t.low == "or"):
            return False
    return names >= 2 and tokens[j - 2].low == "or"


def _choice_words(words: list[str]) -> bool:
    return words in _CHOICES or (words[:2] == ["you", "may"] and words[2:] in _CHOICES)


_COPY_OF = Pattern("you may have SELF enter as a copy of {what:np}")


def _copy(tokens: Tokens, words: list[str], text: str) -> ReplacementEffect | None:
    """"You may have CARDNAME enter as a copy of any creature on the battlefield." (Clone,
    CR 707.2, 614.1c), with its exceptions ("..., except it isn't legendary", CR 707.9;
    :mod:`.copies`): an optional ``become_copy`` of the card itself as it enters."""
    from analyzer.oracle.grammar.copies import copy_exceptions, split_except

    n = len(tokens)
    exceptions: tuple[Effect, ...] = ()
    cut = split_except(tokens, 0, n)
    if cut is not None:
        found = copy_exceptions(tokens, cut[1], n)
        if found is None:
            return None
        exceptions, n = found, cut[0]
    binds = _COPY_OF.match(tokens, 0, n)
    if binds is None:
        return None
    what: ObjectRef = binds["what"]
    me = parse_object(SELF)
    effect = Effect.make("become_copy", optional=True, target=me, copy_of=what,
                         exceptions=exceptions, duration=Duration.PERMANENT,
                         text=untokenize(tokens))
    return ReplacementEffect("enters", (effect,), "", text)
