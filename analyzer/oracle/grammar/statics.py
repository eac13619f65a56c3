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

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.filters import Controller, CreatureFilter, SpellFilter
from analyzer.oracle.grammar.conditions import state_clause
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.grammar.sentence import parse_effects_tokens
from analyzer.oracle.keywords import Evasion
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Owner, Zone, parse_object
from analyzer.oracle.statics import Anthem, CantBeBlocked, CostReduction
from analyzer.oracle.text import SELF

__all__ = ["RULES_CHANGES", "StaticReading", "creature_filter", "read_static_sentence"]

_GAIN = re.compile(r"\bgains?\b")

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


RULES_CHANGES: dict[str, str] = {
    "no maximum hand size": "402.2", "maximum hand size": "402.2",
    "play with the top card revealed": "401.5", "look at the top card any time": "401.5",
    "play lands from the top of the library": "305.1",
    "cast spells from the top of the library": "601.3",
    "play an additional land each turn": "305.2", "can't lose the game": "104.3",
    "opponents can't win the game": "104.2", "can't gain life": "119.7",
    "damage can't be prevented": "615.12", "skip untap steps": "502.1",
    "cast spells as though they had flash": "702.8", "can't cast spells": "601.3",
    "can cast spells only any time they could cast a sorcery": "307.5",
    "can't cast more than one spell each turn": "601.3",
    "spend mana as though it were mana of any color": "609.4b",
    "lands are every basic land type": "305.7", "life total can't change": "119.10",
    "cast from the graveyard": "601.3", "hand revealed": "402.3",
    "can't search libraries": "701.23", "can't draw more than one card each turn": "121.1",
    "mana pools don't empty": "500.5", "cast spells without paying their mana costs": "601.2",
    "can't play lands": "305.1", "may have the top card of the library be cast": "601.3",
}
"""Rules changes a static ability makes (closed vocabulary, with the rule each changes)."""


def _rules_change(rule: str, player: ObjectRef | None = None,
                  amount: Amount | None = None, what: str = "") -> Effect:
    return Effect.make("rules_change", rule=rule, player=player, amount=amount, what=what)


_YOU = None


def _players(text: str) -> ObjectRef | None:
    return parse_object(text)


Builder = Callable[[dict[str, Any], str], "tuple[Effect, ...] | None"]
_FRAMES: list[tuple[str, Pattern, Builder]] = []


def _static(mode: str, *patterns: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        for pattern in patterns:
            _FRAMES.append((mode, Pattern(pattern), fn))
        return fn
    return register


@_static("rules_change", "you have no maximum hand size",
         "players have no maximum hand size", "each player has no maximum hand size")
def _no_max_hand(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    who = None if text.lower().startswith("you ") else _players("each player")
    return (_rules_change("no maximum hand size", who),)


@_static("rules_change", "your maximum hand size is increased|reduced by {n:amount}",
         "each player's maximum hand size is reduced by {n:amount}",
         "your maximum hand size is {n:amount}")
def _hand_size(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    sign = "reduced" if "reduced" in text else "increased" if "increased" in text else "set"
    who = None if text.lower().startswith("your ") else _players("each player")
    return (_rules_change("maximum hand size", who, b["n"], sign),)


@_static("rules_change", "play with the top card of your library revealed",
         "play with your hand revealed", "players play with their hands revealed")
def _revealed(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    if "hand" in text:
        who = None if "your hand" in text else _players("each player")
        return (_rules_change("hand revealed", who),)
    return (_rules_change("play with the top card revealed"),)


@_static("rules_change", "you may look at the top card of your library any time")
def _look_top(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (_rules_change("look at the top card any time"),)


@_static("rules_change", "you may play lands from the top of your library",
         "you may play the top card of your library",
         "you may cast spells from the top of your library",
         "you may cast {what:np} from the top of your library",
         "you may play lands and cast spells from the top of your library")
def _from_top(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    what = b.get("what")
    if "lands" in text and "spells" not in text:
        return (_rules_change("play lands from the top of the library"),)
    return (_rules_change("cast spells from the top of the library", what=(
        what.text if what is not None else "cards")),)


@_static("rules_change", "you may play an additional land on each of your turns",
         "you may play two additional lands on each of your turns",
         "each player may play an additional land on each of their turns")
def _extra_land(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    amount = Amount(2) if "two additional" in text else Amount(1)
    who = _players("each player") if text.lower().startswith("each") else None
    return (_rules_change("play an additional land each turn", who, amount),)


@_static("rules_change", "you can't lose the game", "your opponents can't win the game")
def _cant_lose(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    if "win" in text:
        return (_rules_change("opponents can't win the game"),)
    return (_rules_change("can't lose the game"),)


@_static("rules_change", "{who:player} can't gain life")
def _no_life(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    who = b["who"]
    return (_rules_change("can't gain life", None if who.text.lower() == "you" else who),)


@_static("rules_change", "damage can't be prevented",
         "combat damage can't be prevented")
def _no_prevention(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (_rules_change("damage can't be prevented", what="combat" if "combat" in text
                          else ""),)


@_static("rules_change", "players skip their untap steps")
def _skip_untap(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (_rules_change("skip untap steps", _players("each player")),)


@_static("skip", "skip your draw step", "skip your untap step", "skip your upkeep step",
         "skip your combat phase")
def _skip_step(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    what = text.lower().removeprefix("skip your ")
    return (Effect.make("skip", what=what, text=text),)


@_static("rules_change", "you may cast spells as though they had flash",
         "you may cast {what:np} as though they had flash",
         "you may cast {what:np} as though it had flash",
         "you may cast creature spells as though they had flash")
def _flash(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    what = b.get("what")
    return (_rules_change("cast spells as though they had flash",
                          what=what.text if what is not None else "spells"),)


@_static("rules_change", "you may cast {what:np} from your graveyard",
         "you may cast spells from your graveyard")
def _graveyard_cast(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    what = b.get("what")
    if what is not None and what.filter.kind == "self":
        return (Effect.make("cast_from", target=what, zone=Zone.GRAVEYARD, text=text),)
    return (_rules_change("cast from the graveyard",
                          what=what.text if what is not None else "spells"),)


@_static("rules_change", "you may cast SELF from your graveyard as long as you control "
         "{what:np}", "you may cast SELF from exile", "you may cast SELF from exile as long "
         "as you control {what:np}")
def _cast_self_from(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"You may cast this card from your graveyard as long as you control a Zombie."
    (Gravecrawler; CR 601.3): ``zone`` where it may be cast from, ``control`` what its
    owner must control then."""
    zone = Zone.EXILE if "from exile" in text else Zone.GRAVEYARD
    effect = Effect.make("cast_from", target=parse_object(SELF), zone=zone, text=text)
    if b.get("what") is not None:
        control = parse_object(f"{b['what'].text} you control")
        if control is None or control.targeted or control.count.each:
            return None
        effect = Effect(effect.name, (*effect.args, ("control", control)), effect.optional,
                        effect.condition, effect.text)
    return (effect,)


@_static("rules_change", "{who:player} can't get {c:counter} counters",
         "{who:player} can't get counters")
def _no_player_counters(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You can't get poison counters.", "Players can't get counters." (CR 122.1, 101.2)."""
    who = b["who"]
    target = parse_object("you") if who.text.lower() == "you" else parse_object("each player")
    return (Effect.make("cant_get_counters", target=target, counter=b.get("c") or "",
                        text=text),)


@_static("rules_change", "{what:np} can't have {c:counter} counters put on them",
         "{what:np} can't have counters put on them", "counters can't be put on {what:np}",
         "{c:counter} counters can't be put on {what:np}")
def _no_counters(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Creatures you control can't have -1/-1 counters put on them." (Melira), "Counters
    can't be put on artifacts, creatures, enchantments, or lands." (Solemnity)."""
    what = b["what"]
    if not what.count.each:
        return None
    return (Effect.make("cant_get_counters", target=what, counter=b.get("c") or "",
                        text=text),)


@_static("control", "you control enchanted creature|permanent|land|artifact|planeswalker")
def _control(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    target = parse_object(text.lower().removeprefix("you control "))
    if target is None:
        return None
    return (Effect.make("gain_control", target=target, text=text),)


@_static("characteristic", "SELF 's power and toughness are each equal to {q:quantity}",
         "its power and toughness are each equal to {q:quantity}")
def _cda(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """A characteristic-defining ability (CR 604.3)."""
    words = text[text.find("equal to ") + len("equal to "):]
    amount = Amount(None, f"equal to {words}", quantity=b["q"])
    return (Effect.make("define_pt", target=parse_object(SELF), power=amount,
                        toughness=amount, text=text),)


@_static("characteristic", "SELF 's power is equal to {q:quantity}",
         "SELF 's toughness is equal to {q:quantity}")
def _cda_one(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    words = text[text.find("equal to ") + len("equal to "):]
    amount = Amount(None, f"equal to {words}", quantity=b["q"])
    if "'s power" in text:
        return (Effect.make("define_pt", target=parse_object(SELF), power=amount,
                            text=text),)
    return (Effect.make("define_pt", target=parse_object(SELF), toughness=amount,
                        text=text),)


@_static("type_change", "{target:np} is|are a|an {what:words} in addition to its|their "
         "other types", "{target:np} is|are a|an {what:words} in addition to its|their other "
         "land|creature types", "{target:np} is|are {what:words} in addition to its|their "
         "other types")
def _add_types(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    what = b["what"]
    from analyzer.oracle.nouns import names_a_subtype

    words = [w for w in what.replace(",", " ").split() if w not in ("and", "or")]
    kinds = {"artifact", "creature", "enchantment", "land", "legendary", "snow"}
    if not words or not all(names_a_subtype(w) or w.lower() in kinds for w in words):
        return None
    return (Effect.make("add_types", target=b["target"], what=what, text=text),)


@_static("type_change", "SELF is every creature type", "SELF is also every creature type")
def _every_type(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (Effect.make("add_types", target=parse_object(SELF), what="every creature type",
                        text=text),)


@_static("vanguard", "hand {h:words} , life {l:words}")
def _vanguard(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    def signed(word: str) -> int | None:
        word = word.replace("−", "-")
        return int(word) if word.lstrip("+-").isdigit() else None
    hand, life = signed(b["h"]), signed(b["l"])
    if hand is None or life is None:
        return None
    return (Effect.make("vanguard", hand=hand, life=life, text=text),)


_COST_WORDS = ("cost|costs {n:mana} more|less to cast",)


@_static("cost_change", "{spells:np} cost|costs {n:mana} more|less to cast",
         "{spells:np} cost|costs {n:mana} more|less to cast for each {per:counted}",
         "{spells:np} cost|costs {n:mana} less to cast if {cond:words}",
         "{spells:np} cost|costs {n:mana} more to cast if {cond:words}",
         "{spells:np} cost|costs {n:mana} more|less to cast for each target beyond the first",
         "{spells:np} cost|costs {n:mana} less to cast , where X is {x:quantity}",
         "{spells:np} cost|costs {n:mana} more|less to cast unless {cond:words}")
def _cost_change(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """Spells that cost more or less (CR 601.2f): typed spells, amount, direction, what it
    is counted per and the condition."""
    spells = b["spells"]
    if spells.filter.kind not in ("spell", "self", "ability") and not spells.filter.any_of:
        return None
    per: Any = None
    if b.get("per") is not None:
        from analyzer.oracle.objects import Quantity

        per = Amount(None, f"for each {b['per'].text}", quantity=Quantity("count", b["per"]))
    elif "beyond the first" in text:
        from analyzer.oracle.objects import Quantity

        beyond = ObjectRef(ObjectFilter(kind="any"), text="target beyond the first")
        per = Amount(None, "for each target beyond the first",
                     quantity=Quantity("count", beyond, offset=-1))
    more = " more " in f" {text} "
    effect = Effect.make("modify_cost", target=spells, amount=b["n"],
                         more="more" if more else "less", per=per, text=text)
    if b.get("cond") is not None:
        from analyzer.oracle.grammar.conditions import read_condition

        lead = "unless" if " unless " in text else "if"
        condition = read_condition(f"{lead} {b['cond']}")
        if condition is None:
            return None
        effect = Effect(effect.name, effect.args, False, condition.text, text)
    if b.get("x") is not None:
        where = text[text.find("where X is ") + len("where X is "):].rstrip(".")
        effect = Effect(effect.name, tuple((k, Amount(None, "X", where, b["x"])
                                            if k == "amount" else v)
                                           for k, v in effect.args), False,
                        effect.condition, text)
    return (effect,)


@_static("cost_change", "{what:np} 's activated abilities cost {n:mana} less to activate",
         "activated abilities of {what:np} cost {n:mana} less to activate",
         "{kw:words} abilities you activate cost {n:mana} less to activate",
         "{kw:words} abilities you activate cost {n:mana} more to activate",
         "activated abilities of {what:np} cost {n:mana} more to activate")
def _activation_cost(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Enchanted artifact's activated abilities cost {2} less to activate." (Power
    Artifact), "Ninjutsu abilities you activate cost {1} less to activate." (Silver-Fur
    Master; CR 601.2f as applied to activation, 602.2b)."""
    if b.get("kw") is not None:
        from analyzer.oracle.keywords import keyword_spec

        word = b["kw"].lower()
        if " more " in text or keyword_spec(word) is None or word not in _ACTIVATED_KEYWORDS:
            return None
        return (Effect.make("reduce_keyword_cost", keyword=word, amount=b["n"], text=text),)
    if " more " in text:
        return (Effect.make("modify_cost", target=b["what"], amount=b["n"], more="more",
                            text=text),)
    return (Effect.make("reduce_cost", target=b["what"], amount=b["n"], minimum=Amount(0),
                        text=text),)


_ACTIVATED_KEYWORDS = frozenset({
    "ninjutsu", "commander ninjutsu", "equip", "boast", "cycling", "crew", "outlast",
    "scavenge", "reconfigure", "level up", "fortify", "transmute", "unearth", "embalm",
    "eternalize", "encore", "station", "saddle"})
"""Keywords that are activated abilities (CR 702): their activation cost can change."""


@_static("additional_cost", "as an additional cost to cast SELF , {cost:words}",
         "as an additional cost to cast SELF , you may {cost:words}")
def _additional(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """An additional cost (CR 601.2b): its parts are read by the cost grammar and kept in
    the static's ``costs``; the builder only checks they all read."""
    from analyzer.oracle.costs import parse_costs

    costs, unread = parse_costs(b["cost"])
    if unread or not costs:
        return None
    b["costs"] = costs
    return ()


_CONTINUOUS = frozenset({"modify_pt", "grant_abilities", "set_pt", "become", "restrict",
                         "lose_abilities", "cant_be_countered", "gain_control", "add_types",
                         "define_pt", "prevent_damage", "cant_get_counters"})


def _static_effects(effects: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """Effects of a continuous clause read as a static ability: no duration (a static
    applies as long as its source does, CR 611.3a), each of a continuous kind."""
    found = []
    for effect in effects:
        if effect.name not in _CONTINUOUS or effect.optional:
            return None
        if effect.name == "grant_abilities" and _GAIN.search(effect.text):
            return None         # "gains" is a resolving effect's verb; a static "has"
        if effect.name == "gain_control" and effect.arg("player") is not None:
            return None         # "Target opponent gains control of ...": a resolving effect
        duration = effect.arg("duration")
        if duration not in (None, Duration.PERMANENT):
            return None
        args = tuple((k, v) for k, v in effect.args if k != "duration")
        found.append(Effect(effect.name, args, False, effect.condition, effect.text))
    return tuple(found)


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
    if not effects or len(effects) > 2 or SELF in text:
        return None
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
            or not isinstance(target, ObjectRef) or not isinstance(amount, ManaCost):
        return None
    if target.filter.owner is not Owner.YOU or "you cast" not in target.text:
        return None
    spells = _spell_filter(target)
    if spells is None:
        return None
    return CostReduction(spells, amount, text)


# -- the reader -----------------------------------------------------------------------------

def _condition_split(tokens: Tokens) -> tuple[str, int, int] | None:
    """``("as long as ...", start, end)`` of the clause around an "as long as" condition,
    or ``None`` when there is none."""
    words = [t.low for t in tokens]
    n = len(words)
    if words[:3] == ["as", "long", "as"]:
        for k in range(4, n - 1):
            if tokens[k].kind == "," and state_clause(tokens, 3, k) is not None:
                return untokenize(tokens[3:k]), k + 1, n
        return None
    for k in range(1, n - 3):
        if words[k:k + 3] == ["as", "long", "as"] and state_clause(tokens, k + 3, n):
            return untokenize(tokens[k + 3:n]), 0, k
    return None


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
    found = _framed_static(tokens, 0, len(tokens), "", text)
    if found is not None:
        return found
    split = _condition_split(tokens)
    if split is None:
        return _continuous(tokens, 0, len(tokens), "", text)
    condition, i, j = split
    condition = condition[:1].lower() + condition[1:]
    return _framed_static(tokens, i, j, condition, text) or _continuous(tokens, i, j,
                                                                         condition, text)


def _framed_static(tokens: Tokens, i: int, j: int, condition: str,
                   text: str) -> StaticReading | None:
    """A static frame over ``tokens[i:j]`` (cost changes, rules changes...)."""
    clause = untokenize(tokens[i:j])
    for mode, pattern, build in _FRAMES:
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
    static = _static_effects(effects)
    if static is None:
        return None
    if not condition and any(e.condition for e in static):
        # "CARDNAME can't be blocked if you've cast two or more spells this turn": the
        # condition is the effects' own; no unconditional blocking or anthem value.
        mode = "restriction" if all(e.name == "restrict" for e in static) else "continuous"
        return StaticReading("static", StaticAbility(mode, static, (), "", text))
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
                or target.filter.kind != "self":
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
