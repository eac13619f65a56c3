"""Restrictions and requirements on what objects and players do (CR 101.2, 508.1c-d,
509.1b-c, 502.3): "can't block", "can't be blocked except by two or more creatures",
"can block only creatures with flying", "attacks each combat if able", "doesn't untap
during its controller's untap step", "can't be the target of ...".

Each is a ``restrict`` effect whose ``restriction`` is a key of :data:`RESTRICTIONS` (a
closed vocabulary with the rule behind each), ``by`` the other objects when the words name
them, and a condition for "unless ..." / "as long as ...".

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Target creature can't block this turn.")
>>> e.arg("restriction"), e.arg("duration").name
("can't block", 'THIS_TURN')
>>> e, = parse_effects("CARDNAME can't be blocked except by two or more creatures.")
>>> e.arg("restriction"), e.arg("by").count.low
("can't be blocked except by", 2)
"""

from __future__ import annotations

from collections.abc import Callable

from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.syntax import Clause

__all__ = ["RESTRICTIONS"]

RESTRICTIONS: dict[str, str] = {
    "can't block": "509.1a", "can't attack": "508.1a", "can't attack or block": "508.1a",
    "can't attack alone": "508.1c", "can't block alone": "509.1c",
    "can't attack or block alone": "508.1c", "can't be blocked": "509.1b",
    "can't be blocked by": "509.1b", "can't be blocked except by": "509.1b",
    "can't be blocked by more than one creature": "509.1b",
    "can block only": "509.1a", "can't block": "509.1a", "can block an additional creature":
    "509.1a", "can block any number of creatures": "509.1a",
    "attacks each combat if able": "508.1d", "blocks each combat if able": "509.1c",
    "must be blocked if able": "509.1c", "must be blocked by all creatures able": "509.1c",
    "doesn't untap during its controller's untap step": "502.3",
    "doesn't untap during its controller's next untap step": "502.3",
    "can't be countered": "101.2", "can't be the target of": "115.4",
    "can't be sacrificed": "701.21", "can't transform": "701.28",
    "can't be enchanted": "303.4", "can't be regenerated": "701.19c",
    "can't attack unless": "508.1c", "can't block unless": "509.1c",
    "can attack as though it didn't have defender": "702.3b",
    "can block as though it had": "509.1a", "can't attack you": "508.1c",
    "can't block creatures with": "509.1b", "can't be blocked except by creatures with":
    "509.1b", "can't be dealt damage": "120.1", "can't be equipped": "301.5",
    "attacks each turn if able": "508.1d", "can't be turned face up": "708.8",
    "can't gain life": "119.7", "can't lose life": "119.3", "can't cast spells": "601.3",
    "can't draw cards": "121.1", "can't play lands": "305.1",
    "can't attack or block unless": "508.1c", "can block only creatures with": "509.1a",
    "can't block creatures with power": "509.1b",
    "blocks if able": "509.1c", "attacks if able": "508.1d",
}
"""Restriction keys with the rule each applies."""


def _restriction(key: str, *patterns: str) -> None:
    """Register ``patterns`` as the restriction ``key`` (the subject is restricted)."""
    if key not in RESTRICTIONS:
        raise KeyError(key)

    def lower(c: Clause) -> Effect | None:
        if c.subject is None:
            return None
        by = c.slot("by")
        unless = c.slot("cond")
        effect = Effect.make("restrict", target=c.subject, restriction=key, by=by,
                             duration=Duration.PERMANENT, text=c.text)
        if unless is not None:
            effect = Effect(effect.name, effect.args, False, unless.text, effect.text)
        return effect
    frame("restrict", *patterns)(lower)


_S = "{subject:np}"
_restriction("can't block", f"{_S} can't block")
_restriction("can't attack", f"{_S} can't attack")
_restriction("can't attack or block", f"{_S} can't attack or block")
_restriction("can't attack or block alone", f"{_S} can't attack or block alone")
_restriction("can't attack alone", f"{_S} can't attack alone")
_restriction("can't block alone", f"{_S} can't block alone")
_restriction("can't be blocked", f"{_S} can't be blocked")
_restriction("can't be blocked by more than one creature",
             f"{_S} can't be blocked by more than one creature")
_restriction("can't be blocked by", f"{_S} can't be blocked by {{by:np}}")
_restriction("can't be blocked except by", f"{_S} can't be blocked except by {{by:np}}")
_restriction("can block only", f"{_S} can block only {{by:np}}")
_restriction("can't block creatures with", f"{_S} can't block {{by:np}}")
_restriction("can block an additional creature",
             f"{_S} can block an additional creature each combat",
             f"{_S} can block an additional creature")
_restriction("can block any number of creatures", f"{_S} can block any number of creatures")
_restriction("attacks each combat if able", f"{_S} attack|attacks each combat if able",
             f"{_S} attacks this combat if able", f"{_S} attack|attacks this turn if able")
_restriction("attacks each turn if able", f"{_S} attack|attacks each turn if able")
_restriction("blocks each combat if able", f"{_S} block|blocks each combat if able",
             f"{_S} blocks this turn if able", f"{_S} block|blocks this combat if able")
_restriction("must be blocked if able", f"{_S} must be blocked if able",
             f"{_S} must be blocked this turn if able")
_restriction("must be blocked by all creatures able",
             f"{_S} must be blocked by all creatures able to block it")
_restriction("doesn't untap during its controller's untap step",
             f"{_S} doesn't untap during its controller's untap step",
             f"{_S} doesn't untap during your untap step",
             f"{_S} don't untap during their controllers' untap steps",
             f"{_S} don't untap during their controller's untap step",
             f"{_S} doesn't untap during its owner's untap step")
_restriction("doesn't untap during its controller's next untap step",
             f"{_S} doesn't untap during its controller's next untap step",
             f"{_S} don't untap during their controllers' next untap steps",
             f"{_S} don't untap during their controller's next untap step",
             f"{_S} doesn't untap during your next untap step",
             f"{_S} don't untap during their controllers' next untap step")
_restriction("can't be regenerated", f"{_S} can't be regenerated")
_restriction("can't be the target of", f"{_S} can't be the target of {{by:np}}")
_restriction("can't be sacrificed", f"{_S} can't be sacrificed")
_restriction("can't transform", f"{_S} can't transform")
_restriction("can't be enchanted", f"{_S} can't be enchanted",
             f"{_S} can't be enchanted by {{by:np}}")
_restriction("can't be equipped", f"{_S} can't be equipped")
_restriction("can't be turned face up", f"{_S} can't be turned face up")
_restriction("can't attack unless", f"{_S} can't attack unless {{cond:condition}}")
_restriction("can't block unless", f"{_S} can't block unless {{cond:condition}}")
_restriction("can't attack or block unless",
             f"{_S} can't attack or block unless {{cond:condition}}")
_restriction("can attack as though it didn't have defender",
             f"{_S} can attack as though it didn't have defender",
             f"{_S} can attack this turn as though it didn't have defender",
             f"{_S} can attack as though they didn't have defender")
_restriction("can block as though it had", f"{_S} can block creatures with shadow as though "
             "it had|they had shadow", f"{_S} can block creatures with shadow as though it "
             "didn't have shadow")
_restriction("can't attack you", f"{_S} can't attack you", f"{_S} can't attack you or "
             "planeswalkers you control", f"{_S} can't attack you or a planeswalker you "
             "control")
_restriction("can't be dealt damage", f"{_S} can't be dealt damage")
_restriction("can't gain life", f"{_S} can't gain life")
_restriction("can't lose life", f"{_S} can't lose life")
_restriction("can't cast spells", f"{_S} can't cast spells", f"{_S} can't cast {{by:np}}")
_restriction("can't draw cards", f"{_S} can't draw cards")
_restriction("can't play lands", f"{_S} can't play lands")
_restriction("can't be countered", f"{_S} can't be countered by spells or abilities")

_: Callable[..., object] = frame
