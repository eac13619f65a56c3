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

from collections.abc import Sequence

from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import Token
from analyzer.oracle.syntax import Clause

__all__ = ["whenever_this_turn"]


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


def whenever_this_turn(span: Sequence[Token], start: int, duration: Duration
                       ) -> tuple[Token, ...] | None:
    """"Until end of turn, whenever a creature you control dies, exile the top card of your
    library." (Waltz of Rage): a delayed triggered ability that triggers each time its
    event happens for the rest of the turn (CR 603.7c), written as "whenever <event> this
    turn, <effects>" for the delayed-trigger reader; ``None`` when the sentence is not a
    duration-led "whenever".

    >>> from analyzer.oracle.lexer import tokenize, untokenize
    >>> t = tokenize("until end of turn, whenever a creature dies, draw a card")
    >>> untokenize(whenever_this_turn(t, 5, Duration.END_OF_TURN))
    'whenever a creature dies this turn, draw a card'
    """
    if duration not in (Duration.END_OF_TURN, Duration.THIS_TURN) or start >= len(span) \
            or span[start].low != "whenever":
        return None
    for k in range(start + 1, len(span) - 1):
        if span[k].low == "target":
            return None    # a target inside the trigger's event is not one the reader keeps
        if span[k].kind == "," and k > start + 1:
            this_turn = (Token("WORD", "this"), Token("WORD", "turn"))
            return (*span[start:k], *this_turn, *span[k:])
    return None
