"""Turn structure: steps beginning and ending, turn-based actions (CR 500-514).

Free functions over a :class:`~analyzer.rules.game.Game`, called by its priority machine
when every player passed with an empty stack (:func:`advance`, CR 500.2) and when the turn
goes on after the cleanup step (:func:`next_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.rules.counters import untap_or_stun
from analyzer.rules.errors import IllegalActionError
from analyzer.rules.model import EventKind, Step, Zone
from analyzer.rules.state import Pending

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["advance", "begin", "cleanup", "next_turn"]


def advance(game: Game) -> None:
    """All players passed with an empty stack: the step ends (CR 500.2)."""
    s = game.state
    for st in s.players.values():
        st.pool.clear()
        st.restricted.clear()                 # restricted mana empties too (CR 106.4)
    nxt = s.step.next
    if s.step is Step.DECLARE_ATTACKERS and not s.attacked:
        nxt = Step.END_OF_COMBAT          # CR 508.8
    if nxt is Step.FIRST_STRIKE_DAMAGE:
        from analyzer.rules.combat import needs_first_strike_step
        if not needs_first_strike_step(game):
            nxt = Step.COMBAT_DAMAGE
    if nxt is None:
        next_turn(game)
        return
    begin(game, nxt)


def next_turn(game: Game) -> None:
    """The next player's turn begins with its untap step (CR 500.1, 502): an extra turn
    first, when one is waiting (CR 500.7)."""
    s = game.state
    order = list(s.players)
    nxt = order[(order.index(s.active) + 1) % len(order)]
    if s.extra_turns:                      # CR 500.7: the latest extra turn comes first
        nxt = s.extra_turns.pop()
    s.turn += 1
    s.active = nxt
    s.lands_played = 0
    s.combat_damage = []
    s.loyalty_used = []
    begin(game, Step.UNTAP)


def begin(game: Game, step: Step) -> None:
    """Turn-based actions at the start of ``step``, then priority (CR 502-514)."""
    from analyzer.rules.combat import end_combat
    from analyzer.rules.trigger_stack import fire_delayed
    from analyzer.rules.triggers import kept_tapped, need

    s = game.state
    need(game, f"step:{step.key}")                # "at the beginning of ..." (CR 603.2)
    s.step = step
    fire_delayed(game, step)                      # delayed triggers (CR 603.7b)
    game.note(EventKind.STEP, f"turn {s.turn} ({s.active}): {step.key.replace('_', ' ')}")
    if step is Step.UNTAP:
        s.effects = [e for e in s.effects if not (
            e.duration.name == "NEXT_TURN" and e.controller == s.active)]
        for obj in game.battlefield():
            if game.controller(obj) == s.active:
                obj.sick = False                  # CR 302.6
                if kept_tapped(game, obj):
                    continue                      # "doesn't untap during ... untap step"
                untap_or_stun(game, obj)          # CR 502.3, 122.1d
        begin(game, Step.UPKEEP)
        return
    if step is Step.DRAW and not (s.turn == 1 and s.active == s.first_player):
        game.draw(s.active)                       # CR 504.1, 103.8a
    if step is Step.BEGINNING_OF_COMBAT:
        s.attacked = False
    if step is Step.DECLARE_ATTACKERS:
        s.pending, s.priority = Pending.ATTACKERS, None
        return
    if step is Step.DECLARE_BLOCKERS:
        s.pending, s.priority = Pending.BLOCKERS, None
        return
    if step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        game._combat_damage(first_strike=step is Step.FIRST_STRIKE_DAMAGE)
        return
    if step is Step.MAIN2:
        end_combat(game)                          # CR 511.3
    if step is Step.CLEANUP:
        cleanup(game)
        return
    game._give_priority(s.active)


def cleanup(game: Game) -> None:
    """CR 514.1: the active player discards down to seven cards; CR 514.2: damage wears
    off and "until end of turn" effects end together."""
    game.state.log_len = len(game.log)
    saved = game.state.clone()
    game._asked = 0
    from analyzer.rules.game import NeedAnswer

    try:
        _discard_to_hand_size(game)
    except NeedAnswer as need:
        game._wait_for_answer(saved, need, "cleanup")
        return
    game.state.answers, game.state.resume = [], ""
    s = game.state
    for obj in game.battlefield():
        obj.damage, obj.deathtouched = 0, False
    for obj in s.objects.values():
        if obj.playable_this_turn:      # "you may play that card this turn" ends (CR 514.2)
            obj.playable_by, obj.playable_this_turn = None, False
    s.effects = [e for e in s.effects if e.duration.name not in ("END_OF_TURN",
                                                                "THIS_TURN")]
    game.note(EventKind.OTHER, "damage wears off; \"until end of turn\" effects end",
              rule="514.2")
    s.pending, s.priority = Pending.CLEANUP, None


def _discard_to_hand_size(game: Game) -> None:
    s = game.state
    hand = [game.obj(o) for o in s.players[s.active].hand]
    extra = len(hand) - 7
    if extra <= 0:
        return
    names = tuple(o.alias for o in hand)
    answer = game.ask(s.active, f"discard {extra} card(s) down to seven (CR 514.1)", (),
                      kind="discard", among=names, amount=extra)
    chosen = [part.strip() for part in answer.split(";") if part.strip()]
    if len(chosen) != extra or len(set(chosen)) != extra \
            or not set(chosen) <= set(names):
        raise IllegalActionError(f"{answer!r} is not {extra} card(s) of {s.active}'s hand")
    for obj in hand:
        if obj.alias in chosen:
            game.move(obj, Zone.GRAVEYARD, rule="514.1")
