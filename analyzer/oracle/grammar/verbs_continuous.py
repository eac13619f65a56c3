"""Verbs of continuous effects: "gets +2/+2", "gains flying", "has base power and toughness
1/1", "loses all abilities", "becomes a 3/3 Elemental creature", "can't be countered"
(CR 611, 613).

The same clauses are static abilities when a static line says them ("Creatures you control
get +1/+1"): :mod:`.statics` wraps these effects with no duration.

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.name for e in parse_effects("Target creature gets +2/+2 and gains trample until "
...                                  "end of turn.")]
['modify_pt', 'grant_abilities']
"""

from __future__ import annotations

from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.syntax import Clause

__all__ = ["pt_values"]


def pt_values(pt: str) -> tuple[int | str, int | str] | None:
    """``"+2/-1"`` -> ``(2, -1)``; an X part stays as written (``"+X"``); ``None`` for a
    base P/T (no sign) where a change is meant."""
    power, _, toughness = pt.partition("/")
    if not power or not toughness or power[0] not in "+-" or toughness[0] not in "+-":
        return None
    def one(part: str) -> int | str:
        return part if "X" in part or "*" in part else int(part)
    return one(power), one(toughness)


@frame("get", "{subject:np} get|gets {pt:pt}")
def _get(c: Clause) -> Effect | None:
    values = pt_values(c.slot("pt"))
    if values is None or c.subject is None:
        return None
    return Effect.make("modify_pt", target=c.subject, power=values[0], toughness=values[1],
                       per=None, duration=Duration.PERMANENT, text=c.text)


@frame("get", "{subject:np} get|gets {pt:pt} and gain|gains|has|have {kw:kw}")
def _get_and_gain(c: Clause) -> tuple[Effect, ...] | None:
    pump = _get(c)
    if pump is None:
        return None
    return pump, Effect.make("grant_abilities", target=c.subject, keywords=c.slot("kw"),
                             duration=Duration.PERMANENT, text=c.text)


@frame("get", "{subject:np} get|gets {pt:pt} and lose|loses all creature types")
def _get_lose_types(c: Clause) -> tuple[Effect, ...] | None:
    pump = _get(c)
    if pump is None:
        return None
    return pump, Effect.make("become", target=c.subject, what="no creature types",
                             duration=Duration.PERMANENT, text=c.text)


@frame("gain", "{subject:np} gain|gains {kw:kw}", "{subject:np} has|have {kw:kw}")
def _gain(c: Clause) -> Effect | None:
    if c.subject is None or (c.subject.filter.kind in ("player", "opponent") \
            and not _player_keywords(c.slot("kw"))):
        return None
    return Effect.make("grant_abilities", target=c.subject, keywords=c.slot("kw"),
                       duration=Duration.PERMANENT, text=c.text)


def _player_keywords(keywords: tuple[KeywordAbility, ...]) -> bool:
    """Keywords a player can have (CR 702.11d hexproof, 702.18d shroud)."""
    return all(k.name in ("Hexproof", "Shroud") for k in keywords)


@frame("gain", "{subject:np} gain|gains {q:quote}", "{subject:np} has|have {q:quote}",
       "{subject:np} gain|gains {kw:kw} and {q:quote}",
       "{subject:np} has|have {kw:kw} and {q:quote}")
def _gain_quoted(c: Clause) -> tuple[Effect, ...] | None:
    """A granted ability in quotation marks (CR 113.1c): it must be readable itself."""
    from analyzer.oracle.grammar.quoted import quoted_ability_read

    if c.subject is None or not quoted_ability_read(c.slot("q")):
        return None
    effects = []
    if c.slot("kw"):
        effects.append(Effect.make("grant_abilities", target=c.subject,
                                   keywords=c.slot("kw"), duration=Duration.PERMANENT,
                                   text=c.text))
    effects.append(Effect.make("grant_abilities", target=c.subject, ability=c.slot("q"),
                               duration=Duration.PERMANENT, text=c.text))
    return tuple(effects)


@frame("set_pt", "{subject:np} has|have base power and toughness {pt:pt}")
def _base_pt(c: Clause) -> Effect | None:
    power, _, toughness = c.slot("pt").partition("/")
    if not power.isdigit() or not toughness.isdigit() or c.subject is None:
        return None
    return Effect.make("set_pt", target=c.subject, power=int(power),
                       toughness=int(toughness), duration=Duration.PERMANENT, text=c.text)


@frame("switch_pt", "switch {subject:np} 's power and toughness")
def _switch(c: Clause) -> Effect:
    return Effect.make("switch_pt", target=c.subject, duration=Duration.PERMANENT,
                       text=c.text)


@frame("lose_abilities", "{subject:np} lose|loses {kw:kw}")
def _lose(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    return Effect.make("lose_abilities", target=c.subject, keywords=c.slot("kw"),
                       duration=Duration.PERMANENT, text=c.text)


@frame("cant_be_countered", "{subject:np} can't be countered")
def _cant_be_countered(c: Clause) -> Effect:
    return Effect.make("cant_be_countered", target=c.subject, text=c.text)
