"""The mutable game state held by :class:`~analyzer.rules.game.Game` (one snapshot).

:meth:`Game.apply <analyzer.rules.game.Game.apply>` pushes a deep copy of this value and
:meth:`~analyzer.rules.game.Game.undo` pops it (make/unmake, STYLE.md habit 4).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from typing import TypeVar

from analyzer.rules.model import (
    CombatDamage,
    ContinuousEffect,
    DamageRecord,
    DelayedTrigger,
    GameObject,
    ObjId,
    PlayerId,
    PlayerState,
    Question,
    StackItem,
    Step,
)

__all__ = ["Pending", "State"]

_T = TypeVar("_T")


_C = TypeVar("_C", bound=Counter[str])


def _counter(value: _C) -> _C:
    """A copy of a Counter (or Mana) without ``Counter.__init__``'s keyword handling."""
    new = dict.__new__(type(value))
    dict.update(new, value)
    return new


def _shallow(value: _T) -> _T:
    """A shallow copy of a plain (dict-based) dataclass instance, faster than copy.copy."""
    new = object.__new__(type(value))
    new.__dict__.update(value.__dict__)
    return new


class Pending(enum.Enum):
    """What the game waits for."""

    PRIORITY = enum.auto()
    """A player with priority acts or passes (CR 117)."""
    ATTACKERS = enum.auto()
    """The active player declares attackers (CR 508.1)."""
    BLOCKERS = enum.auto()
    """The defending player declares blockers (CR 509.1)."""
    CHOICE = enum.auto()
    """A player answers :attr:`State.question`."""
    CLEANUP = enum.auto()
    """The cleanup step is done; passing moves to the next turn (CR 514.3)."""
    GAME_OVER = enum.auto()
    """A player lost (CR 104)."""


@dataclass
class State:
    """Everything that changes during a game (copied for undo and branching)."""

    players: dict[PlayerId, PlayerState]
    """Players by name, in turn order."""
    objects: dict[ObjId, GameObject] = field(default_factory=dict)
    """Every object in the game."""
    battlefield: list[ObjId] = field(default_factory=list)
    """Permanents in timestamp order."""
    stack: list[StackItem] = field(default_factory=list)
    """The stack, bottom first (CR 405)."""
    turn: int = 1
    """Turn number."""
    active: PlayerId = "A"
    """The active player (CR 102.1)."""
    step: Step = Step.MAIN1
    """The current step."""
    first_player: PlayerId = "A"
    """Who took the first turn (skips their first draw, CR 103.8a)."""
    priority: PlayerId | None = None
    """Who has priority."""
    passed: list[PlayerId] = field(default_factory=list)
    """Players who passed in succession since the last action (CR 117.4)."""
    pending: Pending = Pending.PRIORITY
    """What the game waits for."""
    question: Question | None = None
    """The question asked, while :attr:`pending` is CHOICE."""
    answers: list[str] = field(default_factory=list)
    """Answers given to the resolving object's questions so far."""
    resume: str = ""
    """What the answers are for: ``"resolve"``, ``"first_strike_damage"``,
    ``"combat_damage"``, ``"cleanup"`` or ``"triggers:<player>"`` (triggered abilities being
    put on the stack, CR 603.3c-d, before ``<player>`` receives priority); the process is
    replayed with the answers."""
    effects: list[ContinuousEffect] = field(default_factory=list)
    """Continuous effects from resolved spells and abilities (CR 611.2)."""
    clock: int = 0
    """The last timestamp given (CR 613.7)."""
    next_oid: int = 1
    """The next object id."""
    combat_damage: list[CombatDamage] = field(default_factory=list)
    """Combat damage dealt to players this turn (prowl, CR 702.76a)."""
    damage: list[DamageRecord] = field(default_factory=list)
    """Every damage event of the game, in order."""
    pending_triggers: list[StackItem] = field(default_factory=list)
    """Abilities that triggered and wait to be put on the stack (CR 603.3)."""
    delayed: list[DelayedTrigger] = field(default_factory=list)
    """Delayed triggered abilities waiting for their event (CR 603.7)."""
    extra_turns: list[PlayerId] = field(default_factory=list)
    """Extra turns to be taken, most recently created last (taken first, CR 500.7)."""
    triggered: Counter[str] = field(default_factory=Counter)
    """How many times the abilities of each card name triggered."""
    fizzled: Counter[str] = field(default_factory=Counter)
    """How many spells or abilities of each card name left the stack without resolving
    because every target was illegal (CR 608.2b)."""
    lands_played: int = 0
    """Lands the active player played this turn (CR 305.2)."""
    attacked: bool = False
    """Attackers were declared or put onto the battlefield this combat (CR 508.8)."""
    loyalty_used: list[ObjId] = field(default_factory=list)
    """Planeswalkers whose loyalty ability was activated this turn (CR 606.3)."""
    resolved: int = 0
    """Spells and abilities that left the stack by resolving or failing to (CR 608)."""
    log_len: int = 0
    """Length of the game's log when this state was saved."""
    derived: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    """Values computed from the battlefield's permanents (which have anthems, cost
    reductions, "tapped for mana" abilities), immutable; emptied whenever a permanent enters
    or leaves (:meth:`~analyzer.rules.game.Game.move` and the others that change
    :attr:`battlefield`). Not part of the state's text (``repr``) or equality."""

    def clone(self) -> State:
        """An exact, independent copy (what ``copy.deepcopy`` gives, much faster: the
        immutable values inside are shared)."""
        new = _shallow(self)
        new.players = {}
        for name, player in self.players.items():
            twin = _shallow(player)
            twin.library, twin.hand = list(player.library), list(player.hand)
            twin.graveyard, twin.exile = list(player.graveyard), list(player.exile)
            twin.command = list(player.command)
            twin.pool = _counter(player.pool)
            twin.restricted = Counter(player.restricted)
            new.players[name] = twin
        new.objects = {}
        for oid, obj in self.objects.items():
            twin_obj = _shallow(obj)
            twin_obj.counters = _counter(obj.counters)
            new.objects[oid] = twin_obj
        new.battlefield = list(self.battlefield)
        new.stack = [_shallow(i) for i in self.stack]
        new.passed, new.answers = list(self.passed), list(self.answers)
        new.effects, new.combat_damage = list(self.effects), list(self.combat_damage)
        new.damage = list(self.damage)
        new.pending_triggers = [_shallow(i) for i in self.pending_triggers]
        new.delayed = list(self.delayed)
        new.extra_turns = list(self.extra_turns)
        new.triggered = _counter(self.triggered)
        new.fizzled = _counter(self.fizzled)
        new.loyalty_used = list(self.loyalty_used)
        new.derived = dict(self.derived)
        return new
