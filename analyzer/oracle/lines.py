"""Line readers for abilities: triggered, activated, static and replacement (CR 113.3).

Each reader takes one normalized ability line (see :func:`~.text.normalize_line`) and
returns the typed ability, or ``None`` when the line is not of its kind or a part of it is
not understood (the compiler then keeps the line as unsupported). The readers cut a line
into its parts — ability word, trigger, intervening condition, cost, activation
restrictions, sentences — and hand each part to the clause grammar (:mod:`.grammar`).

Examples
--------
>>> a = read_triggered("Whenever CARDNAME deals combat damage to a player, draw a card.")
>>> a.trigger.event.name, a.effects[0].name
('COMBAT_DAMAGE_TO_PLAYER', 'draw')
>>> b = read_activated("{2}{U}, {T}: Exchange control of CARDNAME and target creature.")
>>> [c.name for c in b.costs], b.effects[0].name
(['mana', 'tap'], 'exchange_control')
"""

from __future__ import annotations

import dataclasses
import re

from analyzer.oracle.abilities import (
    ActivatedAbility,
    ReplacementEffect,
    StaticAbility,
    Timing,
    Trigger,
    TriggeredAbility,
    TriggerEvent,
)
from analyzer.oracle.costs import parse_costs
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar import fuse_search, infer_origins, parse_effects
from analyzer.oracle.grammar.conditions import condition_tokens
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.grammar.replacements import read_replacement_sentence
from analyzer.oracle.grammar.statics import read_static_sentence
from analyzer.oracle.grammar.triggers import trigger_tokens
from analyzer.oracle.grammar.verbs_triggers4 import the_difference
from analyzer.oracle.lexer import tokenize, untokenize
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.mana_abilities import read_spending_restriction, split_activated
from analyzer.oracle.objects import Quantity, Zone
from analyzer.oracle.statics import CostReduction
from analyzer.oracle.text import SELF, split_sentences

__all__ = ["DOESNT_UNTAP", "is_chapter", "read_activated", "read_chapter", "read_cost_change",
           "read_replacement", "read_static", "read_timing", "read_timings", "read_to_solve",
           "read_triggered", "split_ability_word", "with_colored_only", "with_minimum_one"]

_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][\w' ,!?-]{1,40}?) — (?P<rest>.+)$")
_CHAPTER = re.compile(r"^(?P<ch>[IVX]+(?:, [IVX]+)*) — (?P<rest>.+)$")

DOESNT_UNTAP = "doesn't untap during its controller's untap step"
"""The ``restriction`` of a ``restrict`` effect read from "Creatures don't untap during their
controllers' untap steps." (CR 502.3)."""


def is_chapter(line: str) -> bool:
    """True for a saga chapter line ("I, II — ...", CR 714.2)."""
    return _CHAPTER.match(line.strip()) is not None


def read_chapter(line: str) -> TriggeredAbility | None:
    """A saga chapter ability as a chapter trigger (CR 714.2), or ``None``.

    >>> a = read_chapter("I, II — Create a 2/2 white Knight creature token with vigilance.")
    >>> a.trigger.event.name, a.trigger.detail, a.effects[0].name
    ('CHAPTER', 'I, II', 'create_token')
    """
    match = _CHAPTER.match(line.strip())
    if match is None:
        return None
    word, rest = split_ability_word(match["rest"])   # "I — Lunge — ...": a flavor word
    effects = _read_sentences(split_sentences(rest))
    if not effects:
        return None
    trigger = Trigger(TriggerEvent.CHAPTER, "", match["ch"], f"Chapter {match['ch']}")
    return TriggeredAbility(trigger, effects, "", line.strip(), word)


_TO_SOLVE = re.compile(r"^To solve — (?P<condition>.+?)\.?$")


def read_to_solve(line: str) -> TriggeredAbility | None:
    """A Case's "To solve — <condition>" line (CR 719.3): at the beginning of its
    controller's end step, if the Case isn't solved and the condition holds, it becomes
    solved. ``None`` for another line or a condition the grammar does not read.

    >>> a = read_to_solve("To solve — You control three or more artifacts.")
    >>> a.trigger.detail, a.condition, a.effects[0].name
    ('your end step', "if CARDNAME isn't solved and you control three or more artifacts", \
'solve')
    """
    match = _TO_SOLVE.match(line.strip())
    if match is None:
        return None
    condition = match["condition"]
    condition = condition[:1].lower() + condition[1:]
    ability = read_triggered(f"At the beginning of your end step, if {SELF} isn't solved and "
                             f"{condition}, {SELF} becomes solved.")
    if ability is None or not ability.condition.endswith(condition):
        return None
    return TriggeredAbility(ability.trigger, ability.effects, ability.condition, line.strip())


def split_ability_word(line: str) -> tuple[str, str]:
    """``"Landfall — Whenever ..."`` -> ``("Landfall", "Whenever ...")`` (CR 207.2c).

    >>> split_ability_word("Landfall — Whenever a land you control enters, scry 1.")
    ('Landfall', 'Whenever a land you control enters, scry 1.')
    """
    match = _ABILITY_WORD.match(line)
    if match is None or match["word"].startswith(("Choose", "Sneak", "Ward")) \
            or is_chapter(line):
        return "", line
    return match["word"], match["rest"]


def _read_sentences(sentences: list[str]) -> tuple[Effect, ...] | None:
    found: list[Effect] = []
    for sentence in sentences:
        effects = parse_effects(sentence)
        if effects is None:
            return None
        found.extend(effects)
    return infer_origins(fuse_search(tuple(found)))


# -- triggers ---------------------------------------------------------------------------------

_TRIGGER_LIMITS = {
    "this ability triggers only once each turn": "this ability triggers only once each turn",
    "this ability triggers only twice each turn": "this ability triggers only twice each turn",
    "this ability triggers only once": "this ability triggers only once",
    "this ability triggers only during your turn": "this ability triggers only during "
                                                   "your turn",
    "do this only once each turn": "do this only once each turn",
}
_IN_GRAVEYARD = f"if {SELF} is in your graveyard"
"""The intervening "if" of a triggered ability that works from its owner's graveyard."""


def read_triggered(line: str) -> TriggeredAbility | None:
    """Read a triggered ability line, or ``None``: ``When/Whenever/At <trigger>, [if
    <condition>,] <effects>`` (CR 603.1, 603.4).

    >>> read_triggered("At the beginning of your upkeep, you lose 1 life.").trigger.detail
    'your upkeep'
    """
    word, body = split_ability_word(line.strip())
    if not body.startswith(("When ", "Whenever ", "At ")):
        return None
    sentences = split_sentences(body)
    head = tokenize(sentences[0].rstrip("."))
    limits = [s for s in sentences[1:] if s.rstrip(".").lower() in _TRIGGER_LIMITS]
    rest_sentences = [s for s in sentences[1:] if s not in limits]
    for cut in (k for k, t in enumerate(head) if t.kind == ","):
        trigger = trigger_tokens(head, 0, cut)
        if trigger is None:
            continue
        start = cut + 1
        condition = ""
        if start < len(head) and head[start].low == "if":
            for k in range(start + 1, len(head)):
                if head[k].kind != ",":
                    continue
                found = condition_tokens(head, start, k)
                if found is not None:
                    condition, start = found.text, k + 1
                    break
        first = the_difference(condition, untokenize(head[start:]))
        effects = _read_sentences([first, *rest_sentences])
        if effects is None:
            continue
        if limits:
            condition = " ".join([condition, *(s.rstrip(".").lower() for s in limits)]).strip()
        if condition == _IN_GRAVEYARD:
            # "..., if CARDNAME is in your graveyard, you may return CARDNAME to your hand":
            # the card moves from the graveyard it triggers in (Auntie's Snitch).
            effects = tuple(_from_graveyard(e) for e in effects)
        return TriggeredAbility(trigger, effects, condition, line.strip(), word)
    return None


def _from_graveyard(effect: Effect) -> Effect:
    target = effect.arg("target")
    if effect.name != "change_zone" or effect.arg("origin") is not Zone.BATTLEFIELD \
            or getattr(getattr(target, "filter", None), "kind", "") != "self":
        return effect
    return Effect(effect.name, tuple((k, Zone.GRAVEYARD if k == "origin" else v)
                                     for k, v in effect.args),
                  effect.optional, effect.condition, effect.text)


# -- activated --------------------------------------------------------------------------------

_TIMING_PARTS: dict[str, tuple[Timing, ...]] = {
    "as a sorcery": (Timing.SORCERY,), "any time you could cast a sorcery": (Timing.SORCERY,),
    "any time they could cast a sorcery": (Timing.SORCERY,),
    "once each turn": (Timing.ONCE_EACH_TURN,), "once": (Timing.ONCE,),
    "during your turn": (Timing.YOUR_TURN,), "during combat": (Timing.COMBAT,),
    "during their turn": (Timing.YOUR_TURN,), "during their draw step": (Timing.DRAW_STEP,),
    "any time you could cast an instant": (Timing.INSTANT,),
    "during the declare attackers step": (Timing.DECLARE_ATTACKERS_STEP,),
    "during the declare blockers step": (Timing.DECLARE_BLOCKERS_STEP,),
    "during combat after blockers are declared": (Timing.AFTER_BLOCKERS,),
    "during the end of combat step": (Timing.END_OF_COMBAT_STEP,),
    "before the end of combat step": (Timing.BEFORE_END_OF_COMBAT,),
    "before combat": (Timing.BEFORE_COMBAT,),
    "during an opponent's upkeep": (Timing.OPPONENT_UPKEEP,),
    "during an opponent's turn, before attackers are declared": (Timing.OPPONENT_TURN,
                                                                 Timing.BEFORE_ATTACKERS),
    "before attackers are declared": (Timing.BEFORE_ATTACKERS,),
    "during your turn, before attackers are declared": (Timing.YOUR_TURN,
                                                        Timing.BEFORE_ATTACKERS),
    "before blockers are declared": (Timing.BEFORE_BLOCKERS,),
    "before the combat damage step": (Timing.BEFORE_COMBAT_DAMAGE,),
    "during your upkeep": (Timing.UPKEEP,), "during any upkeep step": (Timing.ANY_UPKEEP,),
    "during an opponent's turn": (Timing.OPPONENT_TURN,),
    "during each opponent's turn": (Timing.OPPONENT_TURN,),
}
_LIMITS: dict[str, tuple[Timing, ...]] = {
    "activate no more than twice each turn": (Timing.TWICE_EACH_TURN,),
    "activate no more than three times each turn": (Timing.THREE_TIMES_EACH_TURN,),
    "activate no more than once each turn": (Timing.ONCE_EACH_TURN,),
    "any player may activate this ability": (Timing.ANY_PLAYER,),
    "only any opponent may activate this ability": (Timing.OPPONENTS_ONLY,),
}


def read_timing(sentence: str) -> Timing | None:
    """The first activation restriction of a sentence (see :func:`read_timings`), or
    ``None``.

    >>> read_timing("Activate only as a sorcery."), read_timing("Activate only if you "
    ...                                                          "control a Swamp.")
    (<Timing.SORCERY: 1>, <Timing.CONDITION: 6>)
    """
    found = read_timings(sentence)
    return found[0] if found else None


def read_timings(sentence: str) -> tuple[Timing, ...]:
    """The activation restrictions a sentence states (CR 602.5b): "Activate only as a
    sorcery and only once each turn.", "Activate only during your turn, before attackers
    are declared.", "Activate only if <condition>." (a condition the grammar reads), "Any
    player may activate this ability but only ...", "Activate no more than twice each
    turn.", a spending restriction ("Spend this mana only ...", CR 106.6; "Spend only
    white mana on X", CR 107.3); ``()`` for another sentence.

    >>> read_timings("Activate only during your turn, before attackers are declared.")
    (<Timing.YOUR_TURN: 3>, <Timing.BEFORE_ATTACKERS: 11>)
    """
    low = sentence.strip().rstrip(".").lower()
    if low in _LIMITS:
        return _LIMITS[low]
    if low.startswith("spend this mana only "):
        # what the mana may be spent on must read (CR 106.6), else the sentence is unread
        return (Timing.RESTRICTED_MANA,) if read_spending_restriction(sentence) else ()
    if low.startswith("spend only ") and low.endswith(" on x"):
        return (Timing.SPEND_ONLY,)
    found: list[Timing] = []
    if low.startswith(("any player may activate this ability but only ",
                       "any player may activate this ability, but only ")):
        found.append(Timing.ANY_PLAYER)
        rest = sentence.strip().rstrip(".").split(" but only ", 1)[1]
    elif low.startswith("activate only "):
        rest = sentence.strip().rstrip(".")[len("Activate only "):]
    else:
        return ()
    parts = re.split(r",? and only |, and |, only ", rest)
    for part in parts:
        key = part.strip().lower()
        if key in _TIMING_PARTS:
            found.extend(_TIMING_PARTS[key])
        elif key.startswith("if "):
            if not _restriction_condition(part.strip()):
                return ()
            found.append(Timing.CONDITION)
        else:
            return ()
    return tuple(found)


_COST_CHANGES = tuple(Pattern(p) for p in (
    "this ability costs {n:mana} more|less to activate",
    "this ability costs {n:mana} more|less to activate for each {per:counted}",
    "this ability costs {n:mana} more|less to activate for each {perq:words}",
    "this ability costs {n:mana} more|less to activate if {cond:words}",
    "this ability costs {n:mana} more|less to activate during your turn",
    "this ability costs {n:mana} less to activate , where X is {x:quantity}",
))


def read_cost_change(sentence: str) -> Effect | None:
    """An activated ability's own cost change (CR 601.2f as 602.2b applies it) as a
    ``modify_activation_cost`` effect: how much more or less, counted per what ("for each
    legendary creature you control", a channel land), under what condition ("if you
    control a legendary creature", "during your turn"); ``None`` for another sentence.

    >>> e = read_cost_change("This ability costs {1} less to activate for each legendary "
    ...                      "creature you control.")
    >>> e.arg("per").quantity.ref.filter.supertypes, e.describe()
    (frozenset({'Legendary'}), 'this ability costs {1} less to activate for each legendary creature you control')
    >>> read_cost_change("This ability costs {2} less to activate if you control a "
    ...                  "legendary creature.").condition
    'if you control a legendary creature'
    """
    from analyzer.oracle.grammar.conditions import read_condition
    from analyzer.oracle.grammar.counted import counted_quantity

    text = sentence.strip().rstrip(".")
    tokens = tokenize(text)
    for pattern in _COST_CHANGES:
        b = pattern.match(tokens, 0, len(tokens))
        if b is None:
            continue
        more = "more" if " more to activate" in text else "less"
        amount: ManaCost = b["n"]
        per: Amount | None = None
        condition = ""
        if b.get("per") is not None:
            per = Amount(None, f"for each {b['per'].text}", quantity=Quantity("count", b["per"]))
        elif b.get("perq") is not None:
            words = tokenize(b["perq"])
            counted = counted_quantity(words, 0, len(words))
            if counted is None:
                continue
            per = Amount(None, f"for each {b['perq']}", quantity=counted)
        elif b.get("cond") is not None:
            found = read_condition(f"if {b['cond']}")
            if found is None:
                continue
            condition = found.text
        elif text.endswith(" during your turn"):
            condition = "if it's your turn"
        elif b.get("x") is not None:
            where = text[text.find("where X is ") + len("where X is "):]
            amount = ManaCost.parse("{X}")
            per = Amount(None, "", where, b["x"])
        effect = Effect.make("modify_activation_cost", amount=amount, more=more, per=per,
                             minimum=Amount(0), text=sentence.strip())
        return Effect(effect.name, effect.args, False, condition, effect.text)
    return None


def _restriction_condition(words: str) -> bool:
    """True if the condition grammar reads "if <condition>" of an activation restriction,
    or each of "if <one> or if <other>" ("Activate only if CARDNAME entered this turn or if
    you control a basic land.", either allows it)."""
    for part in [words, *([words.split(" or if ")] if " or if " in words else [])]:
        parts = [part] if isinstance(part, str) else [part[0], *(f"if {p}" for p in part[1:])]
        tokens = [tokenize(p) for p in parts]
        if all(condition_tokens(t, 0, len(t)) is not None for t in tokens):
            return True
    return False


def read_activated(line: str) -> ActivatedAbility | None:
    """Read ``COST: EFFECT.`` with its activation restrictions, or ``None``.

    >>> read_activated("{1}: CARDNAME gets +1/+0 until end of turn. "
    ...                "Activate only once each turn.").timing
    (<Timing.ONCE_EACH_TURN: 2>,)
    """
    word, body = split_ability_word(line.strip())
    halves = split_activated(body)
    if halves is None:
        return None
    costs, unread = parse_costs(halves[0])
    if unread or not costs:
        return None
    timing: list[Timing] = []
    changes: list[Effect] = []
    sentences: list[str] = []
    for sentence in split_sentences(halves[1]):
        found = read_timings(sentence)
        if found:
            timing.extend(found)
        elif (change := read_cost_change(sentence)) is not None:
            changes.append(change)
        elif changes and sentence.strip().rstrip(".").lower() == _NOT_BELOW_ONE:
            changes[-1] = _at_least_one(changes[-1], sentence)
        else:
            sentences.append(sentence)
    effects = _read_sentences(sentences)
    if effects is None or not effects:
        return None
    if len(effects) == 1 and effects[0].name == "gain_level":
        # "{1}{U}: Level 2": activate only if the Class is level 1 and only as a sorcery
        # (CR 716.2a)
        timing += [Timing.SORCERY, Timing.PREVIOUS_LEVEL]
    return ActivatedAbility(costs, effects, tuple(timing), line.strip(), word,
                            cost_changes=tuple(changes))


def _at_least_one(effect: Effect, sentence: str) -> Effect:
    """A cost reduction with "This effect can't reduce the mana in that cost to less than
    one mana." applied (CR 601.2f)."""
    args = tuple((k, Amount(1) if k == "minimum" else v) for k, v in effect.args)
    return Effect(effect.name, args, effect.optional, effect.condition,
                  f"{effect.text} {sentence.strip()}")


# -- statics and replacements ----------------------------------------------------------------

def read_static(sentence: str) -> StaticAbility | None:
    """Read a static ability sentence as a :class:`StaticAbility`, or ``None``
    (:func:`~.grammar.statics.read_static_sentence`; anthems, cost reductions and the
    card's own "can't be blocked" have profile values of their own and are not
    returned here).

    >>> read_static("As long as you control a Ninja, CARDNAME gets +1/+1.").condition
    'you control a Ninja'
    >>> read_static("You control enchanted creature.").mode
    'control'
    """
    found = read_static_sentence(sentence)
    return found.value if found is not None and found.kind == "static" else None


def read_replacement(sentence: str) -> ReplacementEffect | None:
    """Read a replacement effect sentence (CR 614), or ``None``
    (:func:`~.grammar.replacements.read_replacement_sentence`).

    >>> r = read_replacement("CARDNAME enters with X +1/+1 counters on it.")
    >>> r.event, r.effects[0].name
    ('enters', 'put_counters')
    """
    return read_replacement_sentence(sentence)


_NOT_BELOW_ONE = "this effect can't reduce the mana in that cost to less than one mana"
_NOT_BELOW_ONE_OLD = ("this effect can't reduce the amount of mana an ability costs to activate "
                      "to less than one mana")
"""The older printed wording of :data:`_NOT_BELOW_ONE` (Heartstone, Training Grounds)."""


def with_minimum_one(previous: object, sentence: str) -> StaticAbility | None:
    """``previous`` (a ``cost_change`` static reducing activation costs) with "This effect
    can't reduce the mana in that cost to less than one mana." applied (CR 601.2f), or
    ``None`` when the sentence is another or ``previous`` is not such an ability."""
    if sentence.strip().rstrip(".").lower() not in (_NOT_BELOW_ONE, _NOT_BELOW_ONE_OLD) \
            or not isinstance(previous, StaticAbility) or previous.mode != "cost_change" \
            or len(previous.effects) != 1 or previous.effects[0].name != "reduce_cost":
        return None
    effect = previous.effects[0]
    args = tuple((k, Amount(1) if k == "minimum" else v) for k, v in effect.args)
    text = f"{previous.text} {sentence.strip()}"
    return StaticAbility("cost_change", (Effect(effect.name, args, effect.optional,
                                                effect.condition, text),), text=text)


_COLORED_ONLY = "this effect reduces only the amount of colored mana you pay"


def with_colored_only(previous: object, sentence: str) -> CostReduction | None:
    """``previous`` (a :class:`CostReduction` of colored mana only: "Cleric spells you cast
    cost {W}{B} less to cast.") with "This effect reduces only the amount of colored mana
    you pay." applied (CR 601.2f: the excess doesn't reduce generic mana), or ``None``
    when the sentence is another or ``previous`` is not such a reduction.

    >>> from analyzer.oracle.statics import parse_cost_reduction
    >>> r = parse_cost_reduction("Cleric spells you cast cost {W}{B} less to cast.")
    >>> with_colored_only(r, "This effect reduces only the amount of colored mana you "
    ...                      "pay.").describe()
    'Cleric spells you cast cost {W}{B} less (only colored mana)'
    """
    if sentence.strip().rstrip(".").lower() != _COLORED_ONLY \
            or not isinstance(previous, CostReduction) or previous.colored_only \
            or previous.amount.generic or not previous.amount.colors:
        return None
    return dataclasses.replace(previous, colored_only=True,
                               text=f"{previous.text} {sentence.strip()}")
