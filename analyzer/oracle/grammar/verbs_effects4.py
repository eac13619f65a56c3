"""One-shot effects of instants and sorceries, fourth round: damage dealt to three targets
(CR 120.2, 115.3) and the sentences that follow such effects.

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.arg("amount").value for e in parse_effects(
...     "CARDNAME deals 1 damage to any target, 2 damage to another target, and 3 damage to "
...     "a third target.")]
[1, 2, 3]
"""

from __future__ import annotations

from analyzer.oracle.effects import Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


@frame("deal_damage", "{subject:np} deal|deals {n:amount} damage to {target:np} , "
       "{m:amount} damage to {second:np} , and {k:amount} damage to {third:np}")
def _damage_three(c: Clause) -> tuple[Effect, ...] | None:
    """"CARDNAME deals 1 damage to any target, 2 damage to another target, and 3 damage to
    a third target" (Cone of Flame): three damage events from one source, each to its own
    target (CR 120.2, 115.3)."""
    if c.subject is None:
        return None
    return tuple(Effect.make("deal_damage", source=c.subject, amount=c.slot(n),
                             target=c.slot(t), text=c.text)
                 for n, t in (("n", "target"), ("m", "second"), ("k", "third")))
