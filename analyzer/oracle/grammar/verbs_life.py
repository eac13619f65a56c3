"""Verbs of damage and life: deal damage, gain and lose life, pay, win and
lose the game (CR 104, 119, 120, 615).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("CARDNAME deals 3 damage to any target.")
>>> e.name, e.arg("amount").value, e.arg("target").filter.kind
('deal_damage', 3, 'any')
>>> [e.describe() for e in parse_effects("Each opponent loses 2 life.")]
['each opponent: lose 2 life']
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


def _player(c: Clause) -> ObjectRef | None:
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return who


@frame("deal_damage", "{subject:np} deal|deals {n:amount} damage to {target:np}")
def _damage(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    return Effect.make("deal_damage", source=c.subject, amount=c.slot("n"),
                       target=c.slot("target"), text=c.text)


@frame("deal_damage", "{subject:np} deal|deals damage equal to {q:quantity} to {target:np}")
def _damage_equal(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    start = c.frame_text.find("equal to ") + len("equal to ")
    target = c.slot("target")
    # the " to " before the target, not the one of "up to one target creature"
    end = c.frame_text.rfind(f" to {target.text}") if isinstance(target, ObjectRef) else -1
    words = c.frame_text[start:end if end >= start else c.frame_text.rfind(" to ")]
    return Effect.make("deal_damage", source=c.subject,
                       amount=Amount(None, words, quantity=c.slot("q")),
                       target=c.slot("target"), text=c.text)


@frame("deal_damage", "{subject:np} deal|deals damage to {target:np} equal to {q:quantity}")
def _damage_to_equal(c: Clause) -> Effect | None:
    """"CARDNAME deals damage to target creature equal to the number of lands you
    control": the amount written after the target (CR 120.1)."""
    if c.subject is None:
        return None
    words = c.frame_text[c.frame_text.rfind(" equal to ") + 1:]
    return Effect.make("deal_damage", source=c.subject,
                       amount=Amount(None, words, quantity=c.slot("q")),
                       target=c.slot("target"), text=c.text)


@frame("deal_damage", "{subject:np} deal|deals {n:amount} damage divided as you choose "
       "among {target:np}")
def _damage_divided(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    return Effect.make("deal_damage", source=c.subject, amount=c.slot("n"),
                       target=c.slot("target"), divided=True, text=c.text)


@frame("deal_damage", "{subject:np} deal|deals {n:amount} damage to {target:np} and "
       "{m:amount} damage to {second:np}")
def _damage_two(c: Clause) -> tuple[Effect, ...] | None:
    """"deals 2 damage to target creature and 2 damage to you": two damage events from
    one source (CR 120.2)."""
    if c.subject is None:
        return None
    return (Effect.make("deal_damage", source=c.subject, amount=c.slot("n"),
                        target=c.slot("target"), text=c.text),
            Effect.make("deal_damage", source=c.subject, amount=c.slot("m"),
                        target=c.slot("second"), text=c.text))


@frame("gain_life", "{who:player?} gain|gains {n:amount} life")
def _gain(c: Clause) -> Effect:
    return Effect.make("gain_life", amount=c.slot("n"), player=_player(c), text=c.text)


@frame("lose_life", "{who:player?} lose|loses {n:amount} life")
def _lose(c: Clause) -> Effect:
    return Effect.make("lose_life", amount=c.slot("n"), player=_player(c), text=c.text)


@frame("gain_life", "{who:player?} gain|gains life equal to {q:quantity}")
def _gain_equal(c: Clause) -> Effect:
    words = c.frame_text[c.frame_text.find("equal to "):]
    return Effect.make("gain_life", amount=Amount(None, words, quantity=c.slot("q")),
                       player=_player(c), text=c.text)


@frame("lose_life", "{who:player?} lose|loses life equal to {q:quantity}")
def _lose_equal(c: Clause) -> Effect:
    words = c.frame_text[c.frame_text.find("equal to "):]
    return Effect.make("lose_life", amount=Amount(None, words, quantity=c.slot("q")),
                       player=_player(c), text=c.text)


@frame("lose_life", "{who:player?} lose|loses half their|his|her|your life , rounded up|down",
       "{who:player?} lose|loses half his or her life , rounded up|down")
def _lose_half(c: Clause) -> Effect:
    from analyzer.oracle.objects import ObjectFilter, Owner, Quantity

    player = c.subject or ObjectRef(ObjectFilter(kind="player", owner=Owner.YOU), text="you")
    rounding = "up" if c.frame_text.endswith("up") else "down"
    words = c.frame_text[c.frame_text.find("half "):]
    return Effect.make("lose_life", amount=Amount(
        None, words, quantity=Quantity("life", player, "life", factor=0.5,
                                       rounding=rounding)), player=_player(c), text=c.text)


@frame("pay", "{who:player?} pay|pays {cost:cost}")
def _pay(c: Clause) -> Effect:
    cost = c.slot("cost")
    return Effect.make("pay", cost=cost.text if hasattr(cost, "text") else str(cost),
                       player=_player(c), text=c.text)


@frame("win_game", "you win the game")
def _win(c: Clause) -> Effect:
    return Effect.make("win_game", text=c.text)


@frame("lose_game", "{who:player} lose|loses the game")
def _lose_game(c: Clause) -> Effect:
    return Effect.make("lose_game", player=_player(c), text=c.text)


def _you() -> ObjectRef:
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import player_phrase

    found = player_phrase(tokenize("you"), 0, 1)
    assert found is not None
    return found


@frame("get_energy", "{who:player?} get|gets {e:energy}",
       "{who:player?} get|gets {n:amount} {e:energy}")
def _energy(c: Clause) -> Effect | None:
    """"you get {E}{E}" (CR 107.14): energy counters put on the player, typed as
    ``put_counters`` of kind ``energy`` on that player (the rules core plays no counters
    on players)."""
    symbols: int = c.slot("e")
    amount = c.slot("n")
    if amount is not None:
        if symbols != 1:
            return None
    else:
        amount = Amount(symbols)
    return Effect.make("put_counters", counter="energy", amount=amount,
                       target=c.subject or _you(), text=c.text)


@frame("get_energy", "{who:player?} get|gets an amount of {e:energy} equal to {q:quantity}")
def _energy_equal(c: Clause) -> Effect | None:
    """"you get an amount of {E} equal to the greatest power among creatures you control"."""
    if c.slot("e") != 1:
        return None
    words = c.frame_text[c.frame_text.find("equal to "):]
    return Effect.make("put_counters", counter="energy",
                       amount=Amount(None, words, quantity=c.slot("q")),
                       target=c.subject or _you(), text=c.text)
