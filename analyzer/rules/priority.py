"""The turn and priority machine: an action dispatched to the rules that play it, priority
passed (CR 117.3d), the top of the stack resolved when all players pass in succession
(CR 117.4, 608), state-based actions and triggered abilities before a player receives
priority (CR 117.5, 704.3, 603.3), questions answered by replaying the process (CR 608.2d),
combat damage (CR 510.1-510.2) and the steps (:mod:`analyzer.rules.turns`, CR 500-514).

:class:`PriorityMachine` is the middle part of :class:`~analyzer.rules.game.Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from analyzer.rules.actions import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    CastSpell,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    PassPriority,
    PlayLand,
)
from analyzer.rules.errors import IllegalActionError
from analyzer.rules.game_zones import GameZones, NeedAnswer
from analyzer.rules.model import EventKind, PlayerId, Step
from analyzer.rules.state import Pending, State

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["PriorityMachine"]


class PriorityMachine(GameZones):
    """The turn and priority machine of a game (the middle part of
    :class:`~analyzer.rules.game.Game`)."""

    # -- the turn and priority machine ---------------------------------------------------------

    def _dispatch(self, action: Action) -> None:
        from analyzer.rules import casting, combat, mana

        s = self._s
        if s.pending is Pending.GAME_OVER:
            raise IllegalActionError("the game is over")
        if isinstance(action, Choose):
            self._choose(action)
        elif isinstance(action, DeclareAttackers):
            combat.declare_attackers(cast("Game", self), action)
        elif isinstance(action, DeclareBlockers):
            combat.declare_blockers(cast("Game", self), action)
        elif isinstance(action, PassPriority):
            self._pass(action.player)
        else:
            self._check_priority_action(action)
            if isinstance(action, ActivateManaAbility):
                mana.activate_mana_ability(cast("Game", self), action)
                return
            if isinstance(action, PlayLand):
                casting.play_land(cast("Game", self), action)
            elif isinstance(action, CastSpell):
                casting.cast_spell(cast("Game", self), action)
            elif isinstance(action, ActivateAbility):
                casting.activate_ability(cast("Game", self), action)
            s.passed = []
            self._give_priority(action.player)

    def _check_priority_action(self, action: Action) -> None:
        s = self._s
        if s.pending is Pending.GAME_OVER:
            raise IllegalActionError("the game is over")
        if s.pending is not Pending.PRIORITY or s.priority != action.player:
            raise IllegalActionError(f"{action.player} does not have priority "
                                     f"({self._waiting()})")

    def _waiting(self) -> str:
        s = self._s
        if s.pending is Pending.PRIORITY:
            return f"{s.priority} has priority"
        if s.pending is Pending.CHOICE and s.question is not None:
            return f"waiting for {s.question.player} to answer {s.question.prompt!r}"
        return f"waiting for {s.pending.name.lower()}"

    def _choose(self, action: Choose) -> None:
        s = self._s
        if s.pending is not Pending.CHOICE or s.question is None:
            raise IllegalActionError("no question is waiting for an answer")
        if action.player != s.question.player:
            raise IllegalActionError(f"{s.question.player} answers, not {action.player}")
        answer = action.choice
        if s.question.options and answer not in s.question.options:
            raise IllegalActionError(f"{answer!r} is not one of "
                                     f"{', '.join(s.question.options)}")
        self.note(EventKind.CHOICE, f"{action.player} chooses {answer}", rule="608.2d")
        s.answers.append(answer)
        s.question = None
        s.pending = Pending.PRIORITY
        if s.resume == "resolve":
            self._resolve_top()
        elif s.resume == "cleanup":
            self._cleanup()
        elif s.resume.startswith("triggers:"):
            self._give_priority(s.resume.split(":", 1)[1])
        else:
            self._combat_damage(first_strike=s.resume == "first_strike_damage")

    def _pass(self, player: PlayerId) -> None:
        s = self._s
        if s.pending is Pending.CLEANUP:
            if player != s.active:
                raise IllegalActionError(f"the turn goes on when {s.active} passes")
            self._next_turn()
            return
        if s.pending is not Pending.PRIORITY or s.priority != player:
            raise IllegalActionError(f"{player} cannot pass priority ({self._waiting()})")
        unspent = [s.players[player].pool.format()] if s.players[player].pool.total() else []
        unspent += [f"{n} {r.format()}" for r, n in s.players[player].restricted.items() if n]
        if unspent:
            self.note(EventKind.MANA, f"{player} has {', '.join(unspent)} unspent",
                      rule="106.4b")
        self.note(EventKind.PRIORITY, f"{player} passes priority", rule="117.3d")
        s.passed.append(player)
        live = [p for p in s.players if not s.players[p].lost]
        if s.pending_triggers:
            # Abilities that triggered while paying a mana ability's cost (a creature
            # sacrificed to Ashnod's Altar dying, CR 605.3a, 700.4) go on the stack before
            # the next player receives priority (CR 117.5, 603.3).
            order = list(s.players)
            nxt = order[(order.index(player) + 1) % len(order)]
            while s.players[nxt].lost:
                nxt = order[(order.index(nxt) + 1) % len(order)]
            self._give_priority(nxt)
            return
        if all(p in s.passed for p in live):
            s.passed = []
            if s.stack:
                self._resolve_top()
            else:
                self._advance()
            return
        order = list(s.players)
        nxt = order[(order.index(player) + 1) % len(order)]
        while s.players[nxt].lost:
            nxt = order[(order.index(nxt) + 1) % len(order)]
        s.priority = nxt

    def _resolve_top(self) -> None:
        from analyzer.rules.resolve import resolve

        s = self._s
        s.log_len = len(self.log)
        saved = s.clone()
        self._asked = 0
        try:
            resolve(cast("Game", self), s.stack[-1])
        except NeedAnswer as need:
            self._wait_for_answer(saved, need, "resolve")
            return
        self._s.answers, self._s.resume = [], ""
        self._s.resolved += 1
        self._give_priority(self._s.active)

    def _wait_for_answer(self, saved: State, need: NeedAnswer, resume: str) -> None:
        """Go back to ``saved`` (the start of the process) and wait for the answer; the
        process is replayed with every answer so far once it comes."""
        answers = list(self._s.answers)
        del self.log[saved.log_len:]
        self._s = saved
        self._s.answers, self._s.resume = answers, resume
        self._s.question = need.question
        self._s.pending = Pending.CHOICE
        self._s.priority = None
        self.note(EventKind.CHOICE, f"{need.question.player} is asked: {need.question.prompt}")

    def _combat_damage(self, *, first_strike: bool) -> None:
        """The combat damage step's turn-based action (CR 510.1-510.2), then priority."""
        from analyzer.rules.combat import combat_damage_step

        self._s.log_len = len(self.log)
        saved = self._s.clone()
        self._asked = 0
        try:
            combat_damage_step(cast("Game", self), first_strike=first_strike)
        except NeedAnswer as need:
            self._wait_for_answer(saved, need, "first_strike_damage" if first_strike
                                  else "combat_damage")
            return
        self._s.answers, self._s.resume = [], ""
        self._give_priority(self._s.active)

    def _give_priority(self, player: PlayerId) -> None:
        """Before a player receives priority: state-based actions, then triggered abilities
        go on the stack, repeated (CR 117.5, 704.3, 603.3)."""
        from analyzer.rules.sba import check_state_based_actions
        from analyzer.rules.triggers import put_triggers_on_stack

        while True:
            check_state_based_actions(cast("Game", self))
            s = self._s
            if s.pending is Pending.GAME_OVER:
                s.priority = None
                return
            if not s.pending_triggers:
                break
            # Putting triggers on the stack may ask for modes and targets (CR 603.3c-d):
            # the process is replayed from here with the answers.
            s.log_len = len(self.log)
            saved = s.clone()
            self._asked = 0
            try:
                put_triggers_on_stack(cast("Game", self))
            except NeedAnswer as need:
                self._wait_for_answer(saved, need, f"triggers:{player}")
                return
            s.answers, s.resume = [], ""
        s.pending, s.priority = Pending.PRIORITY, player

    def _advance(self) -> None:
        from analyzer.rules.turns import advance
        advance(cast("Game", self))

    def _next_turn(self) -> None:
        from analyzer.rules.turns import next_turn
        next_turn(cast("Game", self))

    def _begin(self, step: Step) -> None:
        from analyzer.rules.turns import begin
        begin(cast("Game", self), step)

    def _cleanup(self) -> None:
        from analyzer.rules.turns import cleanup
        cleanup(cast("Game", self))

    def declared(self) -> None:
        """After attackers or blockers are declared: triggers, then priority to the active
        player (CR 508.2, 509.2)."""
        self._s.passed = []
        self._give_priority(self._s.active)
