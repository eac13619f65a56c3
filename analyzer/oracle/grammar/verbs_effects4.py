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

import dataclasses
from collections.abc import Sequence

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import Token
from analyzer.oracle.objects import ObjectRef, Quantity
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


def _half_of(whose: str, zone: str, rounding: str) -> Amount | None:
    """Half the cards in a player's zone, rounded as written (CR 107.1a)."""
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import quantity

    tokens = tokenize(f"the number of cards in {whose} {zone}")
    counted = quantity(tokens, 0, len(tokens))
    if counted is None:
        return None
    return Amount(None, f"half {whose} {zone}, rounded {rounding}",
                  quantity=dataclasses.replace(counted, factor=0.5, rounding=rounding))


@frame("mill", "{who:player?} mill|mills half their|your library , rounded up|down",
       "{who:player?} put|puts the top half of their|your library , rounded up|down , into "
       "their|your graveyard")
def _mill_half(c: Clause) -> Effect | None:
    """"Target opponent mills half their library, rounded down" (Kitsune's Technique),
    "Target player puts the top half of their library, rounded down, into their graveyard"
    (Traumatize, the older wording of milling, CR 701.17): half the cards of the library,
    rounded as written (CR 107.1a)."""
    text = c.frame_text.lower().replace(",", " ")
    whose = "your" if " your " in f" {text} " else "their"
    if (whose == "your") != (c.subject is None or c.subject.text.lower() == "you"):
        return None
    rounding = "up" if "rounded up" in " ".join(text.split()) else "down"
    amount = _half_of(whose, "library", rounding)
    if amount is None:
        return None
    player = None if whose == "your" else c.subject
    return Effect.make("mill", amount=amount, player=player, text=c.text)


@frame("remove_counters", "remove up to {n:amount} counter|counters from {target:np}",
       "remove up to {n:amount} {c:counter} counter|counters from {target:np}")
def _remove_up_to(c: Clause) -> Effect | None:
    """"Remove up to three counters from target creature" (Heartless Act): any number of
    counters from none to three, of any kind or of the kind named (CR 122.1, 107.1)."""
    amount = c.slot("n")
    if not isinstance(amount, Amount) or amount.value is None:
        return None
    chosen = Amount(None, f"up to {amount.value}",
                    quantity=Quantity("up_to", offset=amount.value))
    return Effect.make("remove_counters", counter=c.slot("c") or "any", amount=chosen,
                       target=c.slot("target"), text=c.text)


def _rounding(c: Clause) -> str:
    """"up" or "down", as the clause's ", rounded up|down" says."""
    return "up" if "rounded up" in " ".join(c.frame_text.lower().replace(",", " ").split()) \
        else "down"


def _not_you(c: Clause) -> ObjectRef | None:
    who = c.subject
    return None if who is None or who.text.lower() == "you" else who


@frame("sacrifice", "{who:player?} sacrifice|sacrifices half {what:np} , rounded up|down")
def _sacrifice_half(c: Clause) -> Effect | None:
    """"Target player sacrifices half the permanents they control, rounded down" (Curse of
    the Cabal): the player chooses that many of them (CR 701.21, 107.1a)."""
    what = c.slot("what")
    words = _between(c, "half ", ", rounded")
    if not words.startswith("the ") or not what.count.each \
            or (what.filter.kind not in ("permanent", "creature") and not what.filter.types):
        return None
    amount = Amount(None, f"half {words}, rounded {_rounding(c)}", quantity=Quantity(
        "count", what, factor=0.5, rounding=_rounding(c)))
    return Effect.make("sacrifice", player=_not_you(c), filter=what, amount=amount,
                       text=c.text)


def _between(c: Clause, start: str, end: str) -> str:
    """The clause's words between ``start`` and ``end`` (found in lower case)."""
    text = c.frame_text.lower()
    at = text.find(start)
    stop = text.rfind(end)
    return c.frame_text[at + len(start):stop] if at >= 0 and stop > at else ""


@frame("discard", "{who:player?} discard|discards half the cards in their|your hand , "
       "rounded up|down")
def _discard_half(c: Clause) -> Effect | None:
    """"Target opponent discards half the cards in their hand, rounded up" (Rush of Dread,
    CR 701.9, 107.1a)."""
    whose = "their" if " their hand" in c.frame_text.lower() else "your"
    if (whose == "your") != (_not_you(c) is None):
        return None
    amount = _half_of(whose, "hand", _rounding(c))
    if amount is None:
        return None
    return Effect.make("discard", player=_not_you(c), amount=amount, text=c.text)


@frame("draw", "{who:player?} draw|draws half X cards , rounded up|down")
def _draw_half_x(c: Clause) -> Effect:
    """"Then draw half X cards, rounded down" (Wan Shi Tong, CR 107.3, 107.1a)."""
    rounding = _rounding(c)
    return Effect.make("draw", amount=Amount(None, f"half X, rounded {rounding}", quantity=(
        Quantity("x", factor=0.5, rounding=rounding))), player=_not_you(c), text=c.text)


_THEIR_CONTROLLER = ("target player controls", "target opponent controls", "those creatures",
                     "those permanents", "those lands")


@frame("restrict", "{subject:np} don't untap during their|that_player's next untap step",
       "{subject:np} don't untap during that player's next untap step")
def _no_untap_their_step(c: Clause) -> Effect | None:
    """"Creatures target player controls don't untap during that player's next untap step"
    (Misstep), "Lands target player controls don't untap during their next untap step"
    (Mana Vapors): the player named is the permanents' controller, so the step is their
    controller's next untap step (CR 502.3)."""
    subject = c.subject
    if subject is None or not subject.text.lower().endswith(_THEIR_CONTROLLER):
        return None
    return Effect.make("restrict", target=subject,
                       restriction="doesn't untap during its controller's next untap step",
                       by=None, duration=Duration.PERMANENT, text=c.text)


@frame("end_turn", "end the turn")
def _end_turn(c: Clause) -> Effect:
    """"End the turn." (Time Stop): spells and abilities on the stack are exiled, the game
    skips to the cleanup step (CR 724.1)."""
    return Effect.make("end_turn", text=c.text)


@frame("return", "{who:player?} return|returns to {dest:zone} all {target:words}")
def _return_fronted(c: Clause) -> Effect | None:
    """"Return to the battlefield all permanent cards in your graveyard that were put there
    from the battlefield this turn" (Faith's Reward), "Return to their owners' hands all
    creatures with toughness 2 or less": the destination written before a long object, the
    same zone change as "return <all ...> to <zone>" (CR 400.7)."""
    from analyzer.oracle.grammar.verbs_zones import _move
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.nouns import noun_phrase

    tokens = tokenize(f"all {c.slot('target')}")
    target = noun_phrase(tokens, 0, len(tokens))
    if target is None or not target.count.each:
        return None
    moved = dataclasses.replace(c, slots=tuple(
        (k, target if k == "target" else v) for k, v in c.slots))
    return _move(moved, c.slot("dest"))
