"""Static abilities (CR 604, 611.3): one sentence -> a typed static reading.

A static sentence is ``[As long as <condition>,] <clause>`` (or the condition after it).
The clause is read by the same verb frames as effects ("Creatures you control get +1/+1"
is the clause of "Target creature gets +1/+1 until end of turn", without a duration), or by
the static frames below, which only static abilities use: cost changes (CR 601.2f),
characteristic-defining abilities (CR 604.3), type changes (CR 205.1b), rules changes
(:data:`RULES_CHANGES`), control of the enchanted permanent (CR 613.2). The reading is one
of the profile's static values: an :class:`~..statics.Anthem` (a group of creatures pumped
or given keywords, CR 613.4c, 613.1f), the card's own "can't be blocked" (CR 509.1b), a
:class:`~..statics.CostReduction`, or a
:class:`~analyzer.oracle.abilities.StaticAbility` whose effects are typed — never one kept
as its words alone.

Examples
--------
>>> r = read_static_sentence("Other Ninjas you control get +1/+1.")
>>> r.kind, r.value.describe()
('anthem', 'Other Ninjas you control get +1/+1')
>>> r = read_static_sentence("As long as you control a Ninja, CARDNAME gets +1/+1.")
>>> r.kind, r.value.condition, r.value.effects[0].name
('static', 'you control a Ninja', 'modify_pt')
>>> read_static_sentence("You have no maximum hand size.").value.effects[0].arg("rule")
'no maximum hand size'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.filters import Controller, CreatureFilter, SpellFilter
from analyzer.oracle.grammar.conditions import state_clause
from analyzer.oracle.grammar.sentence import parse_effects_tokens
from analyzer.oracle.grammar.static_frames import FRAMES, RULES_CHANGES
from analyzer.oracle.keywords import Evasion
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef, Owner, Zone, parse_object
from analyzer.oracle.statics import Anthem, CantBeBlocked, CostReduction
from analyzer.oracle.text import SELF

__all__ = ["RULES_CHANGES", "StaticReading", "creature_filter", "read_static_sentence"]

_GAIN = re.compile(r"\bgains?\b")
_QUOTED = re.compile(r'"[^"]*"')
"""A quoted ability inside a clause: its own words ("gain 2 life") are not the clause's verb."""

Tokens = Sequence[Token]


@dataclass(frozen=True, slots=True)
class StaticReading:
    """What one static sentence is: ``kind`` and its typed value.

    Kinds: ``anthem`` (:class:`Anthem`), ``blocking`` (a tuple of :class:`CantBeBlocked`
    and whether the card can't block), ``cost_reduction`` (:class:`CostReduction`),
    ``every_type`` (the card is every creature type), ``enters_tapped``, ``static``
    (:class:`StaticAbility`).
    """

    kind: str
    """What it is."""
    value: Any
    """Its typed value."""


_CONTINUOUS = frozenset({"modify_pt", "grant_abilities", "set_pt", "become", "restrict",
                         "lose_abilities", "cant_be_countered", "gain_control", "add_types",
                         "define_pt", "prevent_damage", "cant_get_counters", "set_types",
                         "set_color", "retains_type", "assign_by_toughness",
                         "lose_all_abilities", "remove_types", "cant_gain_abilities",
                         "gain_abilities_of"})


def _static_effects(effects: tuple[Effect, ...], condition: str = ""
                    ) -> tuple[Effect, ...] | None:
    """Effects of a continuous clause read as a static ability: no duration (a static
    applies as long as its source does, CR 611.3a), each of a continuous kind; an "it" is
    the object before it, or the subject of the condition ("As long as equipped creature is
    a Human, it gets ...")."""
    from analyzer.oracle.grammar.verbs_restrictions import resolve_it

    found = []
    for effect in resolve_it(effects, _condition_subject(condition)):
        target = effect.arg("target")
        if isinstance(target, ObjectRef) and target.filter.kind == "it" and target.text in (
                "it", "its", "they", "them") and effect.name != "retains_type":
            return None     # "Otherwise, it has reach.": whose "it" this sentence can't say
        if effect.name not in _CONTINUOUS or effect.optional:
            return None
        if effect.name == "grant_abilities" and _GAIN.search(_QUOTED.sub("", effect.text)):
            return None         # "gains" is a resolving effect's verb; a static "has"
        if effect.name == "gain_control" and effect.arg("player") is not None:
            return None         # "Target opponent gains control of ...": a resolving effect
        duration = effect.arg("duration")
        if duration not in (None, Duration.PERMANENT):
            return None
        args = tuple((k, v) for k, v in effect.args if k != "duration")
        found.append(Effect(effect.name, args, False, effect.condition, effect.text))
    return tuple(found)


def _condition_subject(condition: str) -> ObjectRef | None:
    """The object a static's condition is about ("equipped creature" of "equipped creature
    is a Human"), or ``None`` (a player, no condition, not read)."""
    if not condition:
        return None
    tokens = tokenize(condition.removeprefix("if "))
    found = state_clause(tokens, 0, len(tokens))
    if found is None:
        return None
    subject = found.subject
    if subject is None and found.kind == "count" and found.object is not None \
            and not found.object.count.each:
        subject = found.object          # "As long as CARDNAME has a slumber counter on it"
    if subject is None and SELF in condition and not any(
            w in condition for w in ("enchanted", "equipped", "target", "that ")):
        return parse_object(SELF)       # "As long as there are three or more cards exiled
        #                                 with CARDNAME, it gets +3/+3": the card itself
    if subject is None or subject.filter.kind in ("player", "opponent") \
            or subject.text in ("it", "they", "you", "its"):
        return None
    return subject


# -- the profile values ---------------------------------------------------------------------

_CONTROLLERS = {Owner.YOU: Controller.YOU, Owner.OPPONENT: Controller.OPPONENT,
                Owner.ANY: Controller.ANY}


def creature_filter(ref: ObjectRef) -> CreatureFilter | None:
    """The :class:`CreatureFilter` of a group of creatures ("other Ninjas you control"), or
    ``None`` when the phrase says more than a creature filter holds.

    >>> creature_filter(parse_object("other Goblin creatures you control")).describe()
    'other Goblins you control'
    """
    f = ref.filter
    if ref.text in ("enchanted creature", "equipped creature") or (
            f.kind == "it" and ref.text.lower() in ("enchanted creature", "equipped creature")):
        return CreatureFilter(attached=ref.text.split()[0].lower())
    if f.kind != "permanent" or not ref.count.each or ref.targeted or f.zone is not \
            Zone.BATTLEFIELD or f.owner not in _CONTROLLERS or f.any_of or f.typed_extras:
        return None
    if f.excluded_types or f.mana_value or f.power or f.mana_value_counters:
        return None
    if f.states - {"nontoken"}:
        return None
    from analyzer.oracle.types import CREATURE_TYPES

    types = set(f.types) | set(f.all_types)
    if f.subtypes and not f.subtypes <= CREATURE_TYPES:
        return None
    if not f.subtypes and "Creature" not in types:
        return None
    others = types - {"Creature"}
    if not others <= {"Artifact", "Enchantment", "Land"} or (others and not f.all_types
                                                             and len(types) > 1):
        return None
    if f.types and not f.all_types and f.subtypes and "Creature" not in f.types:
        return None
    return CreatureFilter(frozenset(f.subtypes), f.colors, f.excluded_colors,
                          frozenset(others), f.supertypes, "nontoken" in f.states, f.other,
                          _CONTROLLERS[f.owner])


def _anthem(effects: tuple[Effect, ...], text: str, condition: str) -> Anthem | None:
    """An anthem: a P/T change and/or keywords given to one group of creatures."""
    if not effects or len(effects) > 2 or SELF in text or any(e.condition for e in effects):
        return None                     # "Otherwise, ...": a condition an anthem can't hold
    target = effects[0].arg("target")
    if not isinstance(target, ObjectRef) or any(e.arg("target") != target for e in effects):
        return None
    affected = creature_filter(target)
    if affected is None:
        return None
    power = toughness = 0
    keywords: tuple[Any, ...] = ()
    for effect in effects:
        if effect.name == "modify_pt":
            p, t = effect.arg("power"), effect.arg("toughness")
            if not isinstance(p, int) or not isinstance(t, int) or effect.arg("per"):
                return None
            power, toughness = p, t
        elif effect.name == "grant_abilities" and effect.arg("keywords") \
                and not effect.arg("ability"):
            keywords = effect.arg("keywords")  # type: ignore[assignment]
        else:
            return None
    return Anthem(affected, power, toughness, keywords, text, condition=condition)


def _spell_filter(ref: ObjectRef) -> SpellFilter | None:
    """The :class:`SpellFilter` of "Goblin spells and Rogue spells you cast"."""
    f = ref.filter
    items = f.any_of or (f,)
    card_types: set[str] = set()
    subtypes: set[str] = set()
    from analyzer.oracle.mana import Color

    colors = Color(0)
    every = False
    for item in items:
        if item.kind != "spell" or item.typed_extras or item.excluded_types or item.states \
                or item.mana_value or item.supertypes or item.excluded_colors:
            return None
        kinds = sum(1 for k in (item.types or item.all_types, item.subtypes, item.colors) if k)
        if len(items) == 1 and (len(item.all_types) > 1 or kinds > 1):
            every = True
        card_types |= set(item.types) | set(item.all_types)
        subtypes |= set(item.subtypes)
        colors |= item.colors
    return SpellFilter(frozenset(card_types), frozenset(subtypes), colors, every=every)


def _cost_reduction(effect: Effect, text: str) -> CostReduction | None:
    """"Goblin spells you cast cost {1} less to cast." as a :class:`CostReduction`."""
    target = effect.arg("target")
    amount = effect.arg("amount")
    if effect.arg("more") != "less" or effect.arg("per") is not None or effect.condition \
            or effect.arg("ordinal") is not None \
            or not isinstance(target, ObjectRef) or not isinstance(amount, ManaCost):
        return None
    if target.filter.owner is not Owner.YOU or "you cast" not in target.text:
        return None
    spells = _spell_filter(target)
    if spells is None:
        return None
    return CostReduction(spells, amount, text)


# -- the reader -----------------------------------------------------------------------------

_DURING: dict[tuple[str, ...], str] = {
    ("during", "your", "turn"): "it's your turn",
    ("during", "each", "of", "your", "turns"): "it's your turn",
    ("during", "turns", "other", "than", "yours"): "it's not your turn",
    ("during", "an", "opponent's", "turn"): "it's an opponent's turn",
}
"""A leading "During your turn," of a static (CR 611.3b: the effect applies only while the
state holds), with the state clause it means."""


def _condition_split(tokens: Tokens) -> tuple[str, int, int] | None:
    """``(condition, start, end)`` of the clause around a condition: "as long as ..."
    before or after it, a trailing "if ...", a leading "During your turn,"; ``None`` when
    there is none."""
    words = [t.low for t in tokens]
    n = len(words)
    if words[:3] == ["as", "long", "as"]:
        for k in range(4, n - 1):
            if tokens[k].kind == "," and state_clause(tokens, 3, k) is not None:
                return untokenize(tokens[3:k]), k + 1, n
        return None
    if words[:1] == ["if"] and "would" not in words:
        for k in range(3, n - 1):       # "If an opponent controls seven or more lands,
            if tokens[k].kind == "," and state_clause(tokens, 1, k) is not None:
                return "if " + untokenize(tokens[1:k]), k + 1, n   # CARDNAME costs {6} less"
        return None
    merged = tuple(_merged(tokens[:7]))
    for lead, state in _DURING.items():
        size = len(lead)
        if merged[:size] == lead and size < len(merged) and merged[size] == ",":
            start = _token_index(tokens, size + 1)
            clause = tokenize(state)
            if state_clause(clause, 0, len(clause)) is None:
                return None
            return " ".join(lead), start, n
    for k in range(1, n - 3):
        if words[k:k + 3] == ["as", "long", "as"] and state_clause(tokens, k + 3, n):
            return untokenize(tokens[k + 3:n]), 0, k
    for k in range(2, n - 2):
        if words[k] == "if" and state_clause(tokens, k + 1, n) is not None:
            return "if " + untokenize(tokens[k + 1:n]), 0, k
    tail = tuple(merged_words[-5:]) if (merged_words := _merged(tokens[-6:])) else ()
    for lead in _DURING:
        size = len(lead)
        if tail[-size:] == lead and n > size + 2:
            return " ".join(lead), 0, _token_index(tokens, len(_merged(tokens)) - size)
    return None


def _merged(tokens: Tokens) -> list[str]:
    """Lower-case words, a possessive joined to its word ("opponent", "'s" -> "opponent's")."""
    out: list[str] = []
    for t in tokens:
        if t.kind == "POSS" and out:
            out[-1] += "'" if t.text == "'" else "'s"
        else:
            out.append(t.low)
    return out


def _token_index(tokens: Tokens, merged_index: int) -> int:
    """The token index of the ``merged_index``-th merged word (:func:`_merged`)."""
    count = 0
    for k, t in enumerate(tokens):
        if t.kind == "POSS":
            continue
        if count == merged_index:
            return k
        count += 1
    return len(tokens)


@lru_cache(maxsize=1 << 14)
def read_static_sentence(sentence: str) -> StaticReading | None:
    """Read one static sentence (see the module docstring), or ``None``."""
    text = sentence.strip()
    body = text.rstrip(".")
    tokens = tokenize(body)
    if not tokens:
        return None
    if (special := _doubling_or_hindrance(text)) is not None:
        return special
    from analyzer.oracle.grammar.casting import read_casting_static

    if (casting := read_casting_static(text)) is not None:
        return StaticReading("static", casting)
    found = _framed_static(tokens, 0, len(tokens), "", text)
    if found is not None:
        return found
    split = _condition_split(tokens)
    if split is None:
        return _continuous(tokens, 0, len(tokens), "", text)
    condition, i, j = split
    if not condition.startswith(SELF):
        condition = condition[:1].lower() + condition[1:]
    return _framed_static(tokens, i, j, condition, text) or _continuous(tokens, i, j,
                                                                         condition, text)


def _framed_static(tokens: Tokens, i: int, j: int, condition: str,
                   text: str) -> StaticReading | None:
    """A static frame over ``tokens[i:j]`` (cost changes, rules changes...)."""
    clause = untokenize(tokens[i:j])
    for mode, pattern, build in FRAMES:
        binds = pattern.match(tokens, i, j)
        if binds is None:
            continue
        effects = build(binds, clause)
        if effects is None:
            continue
        if mode == "additional_cost":
            optional = " you may " in f" {clause.lower()} "
            return StaticReading("static", StaticAbility(
                "optional_additional_cost" if optional else "additional_cost",
                costs=binds["costs"], condition=condition, text=text))
        if mode == "cost_change" and not condition and len(effects) == 1 \
                and (reduction := _cost_reduction(effects[0], text)) is not None:
            return StaticReading("cost_reduction", reduction)
        if mode == "type_change" and effects[0].arg("what") == "every creature type" \
                and not condition:
            return StaticReading("every_type", True)
        return StaticReading("static", StaticAbility(mode, effects, (), condition, text))
    return None


def _continuous(tokens: Tokens, i: int, j: int, condition: str,
                text: str) -> StaticReading | None:
    """A continuous clause read by the verb frames, as a static ability."""
    effects = parse_effects_tokens(tokens, i, j)
    if effects is None:
        return None
    static = _static_effects(effects, condition)
    if static is None:
        return None
    conditions = {e.condition for e in static}
    if condition and all(e.name == "restrict" and e.condition.startswith("unless ")
                         for e in static):
        conditions = {""}   # "As long as CARDNAME is attacking, creatures can't block unless
        #                     their controller pays {1} for each of those creatures": the
        #                     restriction's own exception stays on it (CR 509.1d)
    if conditions != {""}:
        # "CARDNAME can't be blocked if ...": the condition of the whole static ability
        # (CR 611.3b), never left on an effect the layers would apply at all times
        if len(conditions) != 1 or condition:
            return None
        condition = conditions.pop()
        static = tuple(dataclasses.replace(e, condition="") for e in static)
    if not condition and (blocking := _blocking(static)) is not None:
        return StaticReading("blocking", blocking)
    if (anthem := _anthem(static, text, condition)) is not None and not condition:
        return StaticReading("anthem", anthem)
    mode = "restriction" if all(e.name == "restrict" for e in static) else "continuous"
    if all(e.name == "cant_be_countered" for e in static):
        mode = "cant_be_countered"
    if all(e.name == "gain_control" for e in static):
        mode = "control"
    return StaticReading("static", StaticAbility(mode, static, (), condition, text))


def _only_power(by: ObjectRef) -> tuple[str, int] | None:
    """``(op, n)`` for "creatures with power N or less/greater" and nothing else."""
    f = by.filter
    if f.kind != "permanent" or f.types != {"Creature"} or f.power is None \
            or f.power[0] not in ("<=", ">=") or f.subtypes or f.colors or f.states \
            or f.typed_extras or f.owner is not Owner.ANY:
        return None
    return f.power


def _doubling_or_hindrance(text: str) -> StaticReading | None:
    """Trigger doublers (CR 603.2d, :mod:`analyzer.oracle.doubling`) and statics that stop
    abilities (CR 101.2, :mod:`analyzer.oracle.hindrance`), typed by their own readers."""
    from analyzer.oracle.doubling import TRIGGER_DOUBLING, read_trigger_doubling
    from analyzer.oracle.hindrance import read_hindrances

    doubling = read_trigger_doubling(StaticAbility(TRIGGER_DOUBLING, text=text))
    if doubling is not None:
        what = doubling.cause_words or "its triggered abilities"
        effect = Effect.make("double_triggers", target=doubling.whose,
                             what=f"{what} trigger an additional time", text=text)
        return StaticReading("static", StaticAbility(TRIGGER_DOUBLING, (effect,), (),
                                                     doubling.condition, text))
    found = read_hindrances(text)
    if found:
        effects = tuple(Effect.make("hinder", what=h.words, text=text) for h in found)
        return StaticReading("static", StaticAbility("hinders", effects, (), "", text))
    return None


def _blocking(effects: tuple[Effect, ...]) -> tuple[tuple[CantBeBlocked, ...], bool] | None:
    """The card's own "can't be blocked" / "can't block" (CR 509.1b)."""
    found: list[CantBeBlocked] = []
    cant_block = False
    for effect in effects:
        target = effect.arg("target")
        if effect.name != "restrict" or not isinstance(target, ObjectRef) \
                or target.filter.kind != "self" or effect.condition:
            return None
        restriction = effect.arg("restriction")
        by = effect.arg("by")
        if restriction == "can't be blocked by" and isinstance(by, ObjectRef) \
                and _only_power(by) is not None:
            power = _only_power(by)
            assert power is not None
            found.append(CantBeBlocked(Evasion.POWER_LIMITED, power[1], power[0] == ">=",
                                       effect.text))
            continue
        if by is not None:
            return None
        if restriction == "can't block":
            cant_block = True
        elif restriction == "can't be blocked":
            found.append(CantBeBlocked(Evasion.UNBLOCKABLE, text=effect.text))
        else:
            return None
    return tuple(found), cant_block
