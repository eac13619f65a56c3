"""Counters with a rules meaning (CR 122): which kinds the rules core plays, and the
replacements shield and stun counters make.

CR 122.1: a counter has no effect of its own unless a rule or an ability gives it one. The
rules core plays +1/+1 and -1/-1 counters (CR 122.1a, 613.4c, 704.5q), loyalty counters
(CR 306.5b, 704.5i), shield counters (CR 122.1c) and stun counters (CR 122.1d). Any other kind
the Comprehensive Rules give a meaning to (keyword counters, CR 122.1b; other power/toughness
counters; defense, CR 310.4; lore, CR 714.2; finality, CR 122.1g) is refused when a scenario
puts it on an object, instead of being kept and silently ignored. Kinds without a rules
meaning (``charge``, ``oil``, ``time``, ...) are kept for the abilities that count them.

Examples
--------
>>> counter_problem("+1/+1"), counter_problem("charge")
('', '')
>>> counter_problem("flying")[:40]
"a 'flying' counter gives its keyword (CR"
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analyzer.oracle.abilities import ReplacementEffect, StaticAbility
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.objects import ObjectRef
from analyzer.rules.model import EventKind, GameObject, Zone

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["PLAYED_KINDS", "counter_problem", "counter_rules", "counters_to_put",
           "prevent_with_shield", "put_counters", "untap_or_stun"]

PLAYED_KINDS = frozenset({"+1/+1", "-1/-1", "loyalty", "shield", "stun"})
"""Counter kinds with a rules meaning that the rules core plays."""

_KEYWORD_COUNTERS = frozenset({
    "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
    "vigilance"})
"""Keyword counters (CR 122.1b)."""

_OTHER_MEANINGFUL = {
    "defense": "a battle's defense counters (CR 310.4)",
    "lore": "a Saga's lore counters (CR 714.2)",
    "finality": "a finality counter (CR 122.1g)",
    "poison": "poison counters go on players (CR 122.1f), not on objects",
}
_PT = re.compile(r"^[+-]\d+/[+-]\d+$")


def counter_problem(kind: str) -> str:
    """Why the rules core can't keep a ``kind`` counter on an object ("" when it can).

    Source: CR 122.1a-g (counters with a rules meaning).
    """
    low = kind.strip().lower()
    if low in PLAYED_KINDS:
        return ""
    if low in _KEYWORD_COUNTERS:
        return (f"a {kind!r} counter gives its keyword (CR 122.1b); the rules core does not "
                "play keyword counters yet")
    if _PT.match(low):
        return (f"a {kind!r} counter changes power and toughness (CR 122.1a); the rules core "
                "plays only +1/+1 and -1/-1 counters")
    if low in _OTHER_MEANINGFUL:
        return f"{_OTHER_MEANINGFUL[low]} are not played by the rules core yet"
    return ""


def prevent_with_shield(game: Game, obj: GameObject, what: str) -> bool:
    """CR 122.1c: if a permanent with a shield counter would be dealt damage or destroyed,
    instead remove a shield counter from it. True if a counter was removed (the damage or
    destruction does not happen)."""
    if obj.counters.get("shield", 0) <= 0:
        return False
    obj.counters["shield"] -= 1
    game.note(EventKind.OTHER, f"a shield counter is removed from {obj.alias} instead of "
              f"{what}", obj.card, "122.1c")
    return True


def untap_or_stun(game: Game, obj: GameObject) -> bool:
    """Untap ``obj``, unless it has a stun counter: then remove one instead (CR 122.1d).
    True if it untapped. An untapped permanent is left alone (it would not become
    untapped)."""
    if not obj.tapped:
        return False
    if obj.counters.get("stun", 0) > 0:
        obj.counters["stun"] -= 1
        game.note(EventKind.OTHER, f"a stun counter is removed from {obj.alias} instead of "
                  "untapping it", obj.card, "122.1d")
        return False
    obj.tapped = False
    return True


def counter_rules(ability: object) -> tuple[Effect, ...]:
    """The effects of an ability the rules core plays where counters are put (``()`` for any
    other): a static ability's ``cant_get_counters`` effects ("Creatures you control can't
    have -1/-1 counters put on them.", "Players can't get counters.", CR 122.1, 101.2) and a
    ``counters`` replacement effect putting "that many minus one" (Vizier of Remedies,
    CR 614.1a)."""
    if isinstance(ability, StaticAbility) and ability.mode == "rules_change" \
            and not ability.condition and ability.effects \
            and all(e.name == "cant_get_counters" and isinstance(e.arg("target"), ObjectRef)
                    for e in ability.effects):
        return ability.effects
    if isinstance(ability, ReplacementEffect) and ability.event == "counters" \
            and len(ability.effects) == 1:
        effect = ability.effects[0]
        amount = effect.arg("amount")
        if effect.name == "put_counters" and isinstance(effect.arg("target"), ObjectRef) \
                and isinstance(amount, Amount) and amount.variable == "that many minus one":
            return ability.effects
    return ()


def counters_to_put(game: Game, obj: GameObject, kind: str, n: int) -> int | None:
    """How many ``kind`` counters end up on ``obj`` when ``n`` would be put on it: ``None``
    if an effect says they can't be (CR 122.1, 101.2: "can't" beats "can"), else ``n``
    after "that many minus one" replacement effects (CR 614.1a; each applies once, CR 614.5,
    in the order their sources entered, the affected object's controller choosing among
    equal ones, CR 616.1).

    The permanents' abilities are read as the game computes them (a permanent that loses
    them does not apply them)."""
    from analyzer.rules.targets import matches

    for source in game.battlefield():
        data = game.data(source)
        for ability in data.profile.abilities:
            for effect in counter_rules(ability):
                if effect.name != "cant_get_counters":
                    continue
                wanted, ref = str(effect.arg("counter") or ""), effect.arg("target")
                assert isinstance(ref, ObjectRef)
                if wanted in ("", kind) and matches(game, ref, obj, game.controller(source),
                                                    source, data.name):
                    return None
    for source in game.battlefield():
        data = game.data(source)
        for ability in data.profile.abilities:
            for effect in counter_rules(ability):
                ref = effect.arg("target")
                if effect.name == "put_counters" and effect.arg("counter") == kind \
                        and isinstance(ref, ObjectRef) and n > 0 \
                        and matches(game, ref, obj, game.controller(source), source, data.name):
                    n -= 1
    return max(n, 0)


def put_counters(game: Game, obj: GameObject, kind: str, n: int, source: str) -> int:
    """Put ``n`` ``kind`` counters on the permanent ``obj`` as :func:`counters_to_put`
    allows (CR 122.1, 614.1a); the log says what happened. Returns how many were put."""
    if obj.zone is not Zone.BATTLEFIELD or n <= 0:
        return 0
    put = counters_to_put(game, obj, kind, n)
    if put is None:
        game.note(EventKind.OTHER, f"{n} {kind} counter(s) can't be put on {obj.alias}",
                  source, "122.1")
        return 0
    if put:
        obj.counters[kind] += put
    game.note(EventKind.OTHER, f"{put} {kind} counter(s) put on {obj.alias}"
              + (f" ({n} replaced by {put})" if put != n else ""), source,
              "614.1a" if put != n else "122.1")
    return put
