"""The values of a line search: its goal (:class:`Goal`), the lines it found (:class:`Line`,
:class:`LineStep`) and its report (:class:`LinesReport`), with their limits.

The search itself is :mod:`analyzer.simulate.lines` (which re-exports these names); each
value turns into JSON with ``to_json`` (the shapes ``spellweb lines --json`` prints).

Examples
--------
>>> Goal.parse("combo:splinter").combo
'splinter'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

__all__ = ["DEFAULT_DEPTH", "DEFAULT_NODES", "PATH_LIMIT", "Goal", "GoalKind", "Line",
           "LineStep", "LinesReport"]


DEFAULT_DEPTH = 16
"""Actions of the searching player's own per line at most (priority passes, which only
move the game on, and the goldfish's moves are not counted)."""
PATH_LIMIT = 400
"""Actions a searched line takes at most, passes included (a guard: every turn ends)."""
DEFAULT_NODES = 2_000
"""States visited at most (the rules core visits about 50 states a second on a small
board: legality checks copy the game)."""


class GoalKind(enum.Enum):
    """What a line is searched for."""

    DAMAGE = enum.auto()
    """The most damage to opponents this turn."""
    CAST = enum.auto()
    """A card cast for its sneak or prowl cost."""
    COMBO = enum.auto()
    """A combo's pieces assembled on the battlefield."""


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal and its subject."""

    kind: GoalKind
    """What is wanted."""
    card: str = ""
    """The card (CAST)."""
    combo: str = ""
    """The combo id (COMBO)."""
    pieces: tuple[str, ...] = ()
    """The combo's pieces (COMBO), filled in from the catalog."""

    @classmethod
    def parse(cls, text: str) -> Goal:
        """Read ``damage``, ``cast:CARD`` or ``combo:ID``.

        Raises
        ------
        ValueError
            Any other text, or an empty subject.
        """
        head, _, rest = text.partition(":")
        head, rest = head.strip().lower(), rest.strip()
        if head == "damage" and not rest:
            return cls(GoalKind.DAMAGE)
        if head == "cast" and rest:
            return cls(GoalKind.CAST, card=rest)
        if head == "combo" and rest:
            return cls(GoalKind.COMBO, combo=rest)
        raise ValueError(f"unknown goal {text!r}: use 'damage', 'cast:CARD' or 'combo:ID'")

    def describe(self) -> str:
        """The goal in words."""
        if self.kind is GoalKind.DAMAGE:
            return "the most damage to the opponents this turn"
        if self.kind is GoalKind.CAST:
            return f"cast {self.card} for its sneak or prowl cost"
        return f"assemble the combo {self.combo} ({', '.join(self.pieces)})"


@dataclass(frozen=True, slots=True)
class LineStep:
    """One step of a line as a player would tell it: an action, or the game moving on.

    Priority passes are not steps of their own: a run of passes becomes ``"→ declare
    blockers step"`` (the step the game reached) or ``"both players pass priority"`` (when
    only the stack resolved), with what happened meanwhile in :attr:`events`.
    """

    text: str
    """``"A attacks B with Faerie Seer, Tormented Soul"``, ``"→ combat damage step"``."""
    events: tuple[str, ...] = ()
    """What happened as a result, in order: resolutions, zone changes, damage, life
    (``"Faerie Seer deals 1 combat damage to B"``); no mana, tap or priority noise."""

    def to_json(self) -> dict[str, Any]:
        """``{"text": str, "events": [str, ...]}``."""
        return {"text": self.text, "events": list(self.events)}


@dataclass(frozen=True, slots=True)
class Line:
    """One line found: its actions, the events they caused, and how good it is."""

    actions: tuple[str, ...]
    """Every action of the line, the goldfish's passes included, described."""
    events: tuple[str, ...]
    """The rules core's log of the line."""
    score: int
    """Damage dealt (DAMAGE); 1 when the goal is reached otherwise."""
    reached: bool
    """True if the goal is reached (DAMAGE: at least 1 damage)."""
    steps: tuple[LineStep, ...] = ()
    """The line as a player tells it (passes collapsed, see :class:`LineStep`)."""
    summary: str = ""
    """The score in words: ``"6 damage to B"``, ``"Splinter, Hamato Yoshi cast for its
    sneak cost"``."""
    result: str = ""
    """Each opponent whose life changed, before and after: ``"B: 20 → 14"``; ``""`` when
    none did."""
    moves: tuple[Any, ...] = ()
    """The rules core's actions (:class:`~analyzer.rules.Action` values) of :attr:`actions`,
    one for one, to play the line again from the board it was searched on (object ids are
    the same on a board set up the same way); not written by :meth:`to_json`."""
    stopped: str = ""
    """Why the line ends before the turn does: the card and the text of an ability the
    rules core cannot play (``"Moon-Circuit Hacker: discard a card"``); the line is scored
    with what it did up to there. ``""`` for a line played to the end of the turn."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"score": self.score, "reached": self.reached, "summary": self.summary,
                "result": self.result, "steps": [s.to_json() for s in self.steps],
                "actions": list(self.actions), "events": list(self.events),
                "stopped": self.stopped}


@dataclass(frozen=True)
class LinesReport:
    """The best lines found for a goal."""

    goal: Goal
    """The goal."""
    lines: tuple[Line, ...]
    """Best first (highest score, then fewest actions of the searching player, then
    shortest)."""
    nodes: int
    """States visited."""
    exhausted: bool
    """True if every line within the depth was searched (the node budget was not hit and
    no state had to be cut short; attack declarations are bounded, see the module
    docstring)."""
    seconds: float
    """Wall time."""
    left_out: tuple[str, ...] = ()
    """Cards left off a sample board because the rules core cannot play them, each with
    the reason."""
    problems: tuple[str, ...] = ()
    """Why the search stopped short at some states (the rules core could not list their
    actions, or could not play an ability); lines through those states end there."""
    depth: int = DEFAULT_DEPTH
    """The depth limit searched with (actions of the searching player's own per line)."""
    budget: int = DEFAULT_NODES
    """The state budget searched with."""
    cut_by_depth: bool = False
    """Some line was cut at the depth limit (more actions of the searching player's own
    could have followed)."""

    @property
    def stopped_by(self) -> str:
        """Which limits stopped the search, in words (``"the state budget (2,000 states)
        ran out; lines were cut at the depth limit (16 actions of your own)"``), or that
        nothing did."""
        why = []
        if self.nodes >= self.budget:
            why.append(f"the state budget ({self.budget:,} states) ran out")
        if self.cut_by_depth:
            plural = "" if self.depth == 1 else "s"
            why.append(f"lines were cut at the depth limit ({self.depth} action{plural} "
                       "of your own)")
        if self.problems:
            why.append(f"the rules core stopped at {self.problems[0]}"
                       + (f" (and {len(self.problems) - 1} more)"
                          if len(self.problems) > 1 else ""))
        return "; ".join(why) or "every line within the limits was searched"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"goal": self.goal.describe(), "lines": [ln.to_json() for ln in self.lines],
                "nodes": self.nodes, "exhausted": self.exhausted,
                "left_out": list(self.left_out), "problems": list(self.problems),
                "depth": self.depth, "budget": self.budget,
                "cut_by_depth": self.cut_by_depth, "stopped_by": self.stopped_by,
                "seconds": round(self.seconds, 3)}
