"""Prevention effects (CR 615): "Prevent all combat damage that would be dealt to and dealt by
CARDNAME.", "Prevent the next 3 damage that would be dealt to any target this turn.",
"Prevent all damage target creature would deal this turn.", "prevent that damage",
"prevent 1 of that damage", "The next time a source of your choice would deal damage to you
this turn, prevent that damage.".

Each is a ``prevent_damage`` effect: ``amount`` ("all", a number, "that damage" of the event
a replacement watches), ``target`` what the damage would be dealt to, ``by`` what would
deal it, ``scope`` ``"combat"`` or ``"noncombat"`` when only that damage is prevented,
``once`` for a shield used up by the next time damage would be dealt (CR 615.7), and a
``duration`` for a resolving ability's "this turn". Written as a static ability (no
duration) it applies as long as its source does (CR 611.3a).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> to, by = parse_effects("Prevent all combat damage that would be dealt to and dealt by "
...                        "CARDNAME this turn.")
>>> to.arg("target").text, by.arg("by").text, to.arg("scope"), to.arg("duration").name
('CARDNAME', 'CARDNAME', 'combat', 'THIS_TURN')
>>> e, = parse_effects("Prevent the next 3 damage that would be dealt to any target this "
...                    "turn.")
>>> e.describe()
'prevent 3 damage that would be dealt to any target this turn'
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef, Quantity
from analyzer.oracle.syntax import Clause

__all__ = ["prevention"]

_ALL = Amount(None, "all")
_THAT = Amount(None, "that damage", quantity=Quantity("event"))


def prevention(c: Clause, target: ObjectRef | None, source: ObjectRef | None,
               amount: Amount | None = None, once: bool = False) -> Effect | None:
    """One ``prevent_damage`` effect of clause ``c`` (see the module docstring)."""
    words = f" {c.frame_text.lower().replace(',', ' ')} "
    if amount is None:
        n = c.slot("n")
        if " the next " in words:
            if not isinstance(n, Amount):
                return None
            amount = n
        elif n is not None:
            return None
        else:
            amount = _ALL
    scope = "noncombat" if " noncombat damage " in words else \
        "combat" if " combat damage " in words else ""
    duration = Duration.THIS_TURN if " this turn " in words else Duration.PERMANENT
    return Effect.make("prevent_damage", amount=amount, target=target, by=source,
                       scope=scope, once=once, duration=duration, text=c.text)


_ALL_OR_NEXT = "prevent all|the_next {n:amount?} combat|noncombat? damage"
_WOULD_BE_DEALT = f"{_ALL_OR_NEXT} that would be dealt"


@frame("prevent", _WOULD_BE_DEALT, f"{_WOULD_BE_DEALT} to {{target:np}}",
       f"{_WOULD_BE_DEALT} this turn to {{target:np}}",
       f"{_WOULD_BE_DEALT} to {{target:np}} this turn")
def _dealt_to(c: Clause) -> Effect | None:
    return prevention(c, c.slot("target"), None)


@frame("prevent", f"{_WOULD_BE_DEALT} by {{source:np}}",
       f"{_WOULD_BE_DEALT} this turn by {{source:np}}",
       f"{_WOULD_BE_DEALT} by {{source:np}} this turn")
def _dealt_by(c: Clause) -> Effect | None:
    return prevention(c, None, c.slot("source"))


@frame("prevent", f"{_WOULD_BE_DEALT} to {{target:np}} by {{source:np}}",
       f"{_WOULD_BE_DEALT} to {{target:np}} this turn by {{source:np}}",
       f"{_WOULD_BE_DEALT} this turn to {{target:np}} by {{source:np}}")
def _dealt_to_by(c: Clause) -> Effect | None:
    return prevention(c, c.slot("target"), c.slot("source"))


@frame("prevent", f"{_WOULD_BE_DEALT} to and dealt by {{both:np}}",
       f"{_WOULD_BE_DEALT} to and by {{both:np}}",
       f"{_WOULD_BE_DEALT} to and dealt by {{both:np}} this turn")
def _to_and_by(c: Clause) -> tuple[Effect, ...] | None:
    """"... dealt to and dealt by CARDNAME": two preventions, of the damage dealt to it and
    of the damage it deals (CR 615.1a)."""
    both = c.slot("both")
    to, by = prevention(c, both, None), prevention(c, None, both)
    return None if to is None or by is None else (to, by)


@frame("prevent", f"{_ALL_OR_NEXT} {{source:np}} would deal",
       f"{_ALL_OR_NEXT} {{source:np}} would deal this turn",
       f"{_ALL_OR_NEXT} {{source:np}} would deal to {{target:np}}",
       f"{_ALL_OR_NEXT} {{source:np}} would deal to {{target:np}} this turn",
       f"{_ALL_OR_NEXT} that {{source:np}} would deal to {{target:np}}",
       f"{_ALL_OR_NEXT} that {{source:np}} would deal to {{target:np}} this turn")
def _would_deal(c: Clause) -> Effect | None:
    """"Prevent all damage target creature would deal this turn." (the source named first)."""
    return prevention(c, c.slot("target"), c.slot("source"))


@frame("prevent", "prevent that damage", "prevent {n:amount} of that damage",
       "prevent all but {m:amount} of that damage")
def _that_damage(c: Clause) -> Effect | None:
    """"prevent that damage" of a replacement's event (CR 615.1a): all of it, N of it, or all
    but N of it."""
    n, m = c.slot("n"), c.slot("m")
    if isinstance(m, Amount) and m.value is not None:
        amount = Amount(None, f"all but {m.value} of that damage",
                        quantity=Quantity("event", offset=-m.value))
    elif isinstance(n, Amount) and (n.value is not None or n.variable == "X"):
        amount = n
    elif n is None and m is None:
        amount = _THAT
    else:
        return None
    return prevention(c, None, None, amount)


@frame("prevent", "the next time {source:np} would deal damage to {target:np} this turn , "
       "prevent that damage", "the next time {source:np} would deal damage this turn , "
       "prevent that damage")
def _next_time(c: Clause) -> Effect | None:
    """"The next time a source of your choice would deal damage to you this turn, prevent
    that damage." (a prevention shield used once, CR 615.7)."""
    return prevention(c, c.slot("target"), c.slot("source"), _ALL, once=True)
