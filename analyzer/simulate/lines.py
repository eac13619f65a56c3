"""Line search: from a board, search the legal actions for lines that reach a goal.

The search is a depth-first walk of :meth:`Game.legal_actions
<analyzer.rules.Game.legal_actions>` with make/unmake (:meth:`Game.apply` /
:meth:`Game.undo`), a transposition table on :meth:`Game.fingerprint` (a state reached
again with no more depth left is not searched twice), a depth limit (actions per line) and a
node budget. The depth counts the searching player's own actions (casting, attacking,
answering a question): priority passes, which only move the game to the next step or
resolve the stack, and the goldfish's moves are free, and a line whose depth is used up
plays the rest of the turn out with passes. A line that reaches an ability the rules core
cannot play ends there (:attr:`Line.stopped`) and is scored with what it did so far;
:attr:`LinesReport.stopped_by` says which limit, if any, cut the search short. Mana
abilities are not searched as actions of their own: the rules core
activates them while paying a cost (SCENARIO_FORMAT.md, ``pay_with`` default). Only the
searching player's decisions branch; the opponent is a goldfish: it
passes priority, declares no blockers, and answers questions with their first option. The
line ends with the turn (the end step of the turn it started in).

Attacks: the rules core lists every declaration of attackers, ``(d + 1) ** k`` of them for
``k`` creatures and ``d`` things to attack (CR 508.1a-b), 32 768 for 15 creatures and one
opponent. The search tries a bounded few instead, in this order: every creature at the first
opponent (the all-out attack, the usual best against a goldfish that never blocks), only the
evasive creatures (flying, menace, "can't be blocked", ...: the attack that keeps the other
creatures back as blockers), each creature alone (ninjutsu and sneak need just one unblocked
attacker), no attack, then the first :data:`MORE_ATTACKS` of the full enumeration (which
reach planeswalkers and battles). So at most ``k + 3 + MORE_ATTACKS`` branches, and the
search can miss a best line that needs some other subset of attackers.

Pruning: each of the best lines found is replayed (the searching player's actions in order,
each as soon as it is legal, priority passed in between) to the end of the turn, then every
action, and every pair of actions, whose removal keeps the score is dropped, and a line that
does all another line does and more for no more score is not shown. A line is ranked by
score, then by how few actions the searching player takes. :class:`Line` gives the line as a
player tells it (:class:`LineStep`: passes collapsed into "→ STEP"), the score in words
(``"6 damage to B"``) and each opponent's life before and after (``"B: 20 → 14"``).

Goals (:class:`Goal`, written ``--goal`` on the command line):

- ``damage``: the most damage (life lost) to the opponents this turn;
- ``cast:NAME``: cast the card NAME for its sneak or prowl cost (CR 118.9, 702.76, 702.190);
- ``combo:ID``: every piece of the catalog combo ID on the battlefield under your control.

Examples
--------
>>> Goal.parse("cast:Splinter, Hamato Yoshi").card
'Splinter, Hamato Yoshi'
>>> Goal.parse("damage").describe()
'the most damage to the opponents this turn'
>>> Goal.parse("speed")
Traceback (most recent call last):
...
ValueError: unknown goal 'speed': use 'damage', 'cast:CARD' or 'combo:ID'
"""

from __future__ import annotations

import enum
import itertools
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.progress import CancelToken, Job, Progress, run_job

if TYPE_CHECKING:
    from analyzer.rules import UnsupportedCardError

__all__ = ["Goal", "GoalKind", "Line", "LineStep", "LinesReport", "describe_action",
           "resolve_goal", "scenario_board", "search_lines", "search_lines_job"]

DEFAULT_DEPTH = 16
"""Actions of the searching player's own per line at most (priority passes, which only
move the game on, and the goldfish's moves are not counted)."""
PATH_LIMIT = 400
"""Actions a searched line takes at most, passes included (a guard: every turn ends)."""
DEFAULT_NODES = 2_000
"""States visited at most (the rules core visits about 50 states a second on a small
board: legality checks copy the game)."""
_OBJECT_ID = re.compile(r"#(\d+)")


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


@dataclass(frozen=True, slots=True)
class _Move:
    """One applied action of a line: who took it, its words and the events it caused."""

    action: Any
    words: str
    events: tuple[Any, ...]
    mine: bool


_QUIET = frozenset({"PRIORITY", "TAP", "MANA", "PAY", "CAST", "ACTIVATE", "ATTACK",
                    "BLOCK"})
"""Event kinds a readable step leaves out (the step's own text already says them)."""


def _plain(event: Any) -> str:
    return str(event.text)


def _is_passive(move: _Move) -> bool:
    """A pass, or a goldfish's move (no blocks, a default answer)."""
    from analyzer.rules import PassPriority

    return isinstance(move.action, PassPriority) or not move.mine


def _readable_steps(moves: list[_Move]) -> tuple[LineStep, ...]:
    """Collapse a line's moves into :class:`LineStep` s (passes become "→ STEP")."""
    steps: list[LineStep] = []
    header: str | None = None
    events: list[str] = []

    def flush() -> None:
        nonlocal header, events
        if header is not None or events:
            steps.append(LineStep(header or "both players pass priority", tuple(events)))
        header, events = None, []

    for move in moves:
        if not _is_passive(move):
            flush()
            said = next((_plain(e) for e in move.events
                         if e.kind.name in ("CAST", "ACTIVATE")), move.words)
            steps.append(LineStep(said, tuple(
                _plain(e) for e in move.events if e.kind.name not in _QUIET
                and not (e.kind.name == "ZONE" and str(e.text).endswith(" to stack")))))
            continue
        for event in move.events:
            if event.kind.name == "STEP":
                if header is not None and not events:
                    header = None   # a step where nothing happened: skip straight on
                flush()
                name = str(event.text).partition(": ")[2] or str(event.text)
                header = f"→ {name}" + ("" if "main" in name or "phase" in name else " step")
            elif event.kind.name not in _QUIET or (event.kind.name == "BLOCK" and not move.mine):
                events.append(_plain(event))
    flush()
    return tuple(steps)


def _named(game: Any, text: str) -> str:
    """``text`` with object numbers (``#12``) replaced by the objects' names."""
    def name(match: re.Match[str]) -> str:
        try:
            return str(game.obj(int(match.group(1))).alias)
        except (KeyError, IndexError):
            return match.group(0)
    return _OBJECT_ID.sub(name, text)


def describe_action(game: Any, action: Any) -> str:
    """An action in a player's words, objects by name and attacks grouped by the player
    attacked (``"A attacks B with Faerie Seer, Tormented Soul"``).

    Parameters
    ----------
    game : analyzer.rules.Game
        The game the action is for (names its objects).
    action : analyzer.rules.Action
        Any action of :meth:`Game.legal_actions <analyzer.rules.Game.legal_actions>`.

    Returns
    -------
    str
        :meth:`Action.describe` with ``#N`` object numbers replaced by the objects' names
        (scenario IDs); a declaration of attackers as who attacks whom (CR 508.1).
    """
    from analyzer.rules import ActivateAbility, DeclareAttackers

    if isinstance(action, ActivateAbility):
        ninjutsu = _ninjutsu_words(game, action)
        if ninjutsu:
            return ninjutsu
    if isinstance(action, DeclareAttackers):
        if not action.attackers:
            return f"{action.player} does not attack"
        by_target: dict[str, list[str]] = {}
        for attacker, target in action.attackers:
            by_target.setdefault(_named(game, f"#{target}") if isinstance(target, int)
                                 else str(target), []).append(_named(game, f"#{attacker}"))
        return "; ".join(f"{action.player} attacks {t} with {', '.join(names)}"
                         for t, names in by_target.items())
    return _named(game, str(action.describe()))


def _ninjutsu_words(game: Any, action: Any) -> str:
    """``"A activates ninjutsu of Ninja of the Deep Hours (returning Grizzly Bears)"`` for
    a ninjutsu or commander ninjutsu activation (CR 702.49a, 702.49d), named as a sneak cast
    is; ``""`` for any other ability."""
    from analyzer.rules.abilities import activatable

    try:
        obj = game.obj(action.card)
        found = activatable(game.data(obj))
    except (KeyError, IndexError):
        return ""
    if not 0 <= action.ability < len(found) or \
            found[action.ability].kind not in ("ninjutsu", "commander ninjutsu"):
        return ""
    returning = (f" (returning {_named(game, f'#{action.returned}')})"
                 if action.returned is not None else "")
    return f"{action.player} activates {found[action.ability].kind} of {obj.alias}{returning}"


class _Search:
    def __init__(self, game: Any, goal: Goal, player: str, depth: int, nodes: int,
                 top: int, cancel: CancelToken | None = None) -> None:
        self.game, self.goal, self.player = game, goal, player
        self.cancel = cancel
        self.depth, self.budget, self.top = depth, nodes, top
        self.turn = game.state.turn
        self.life = {p: game.player(p).life for p in game.players if p != player}
        self.seen: dict[str, int] = {}
        self.nodes = 0
        self.found: dict[tuple[Any, ...], int] = {}
        """Each line's searching-player actions (passes left out) and its score."""
        self.path: list[_Move] = []
        self.problems: set[str] = set()
        self.cut_by_depth = False

    # -- goal -----------------------------------------------------------------------------

    def score(self) -> tuple[int, bool]:
        game = self.game
        if self.goal.kind is GoalKind.DAMAGE:
            lost = sum(max(0, before - game.player(p).life) for p, before in self.life.items())
            return lost, lost > 0
        if self.goal.kind is GoalKind.CAST:
            wanted = self.goal.card.lower()
            hit = any(o.card.lower() == wanted and o.cast_with in ("sneak", "prowl")
                      for o in game.objects())
            return int(hit), hit
        mine = {o.card.lower() for o in game.battlefield()
                if game.controller(o) == self.player}
        hit = all(p.lower() in mine for p in self.goal.pieces)
        return int(hit), hit

    def summary(self) -> tuple[str, str]:
        """The score in words and each opponent's life before and after."""
        game = self.game
        result = ", ".join(f"{p}: {before} → {game.player(p).life}"
                           for p, before in self.life.items() if before != game.player(p).life)
        if self.goal.kind is GoalKind.DAMAGE:
            lost = [(p, before - game.player(p).life) for p, before in self.life.items()
                    if before > game.player(p).life]
            words = ", ".join(f"{n} damage to {p}" for p, n in lost) or "no damage"
        elif self.goal.kind is GoalKind.CAST:
            how = next((o.cast_with for o in game.objects()
                        if o.card.lower() == self.goal.card.lower()
                        and o.cast_with in ("sneak", "prowl")), "")
            words = (f"{self.goal.card} cast for its {how} cost" if how
                     else f"{self.goal.card} not cast for its sneak or prowl cost")
        else:
            words = (f"every piece of {self.goal.combo} on the battlefield"
                     if self.score()[1] else f"the pieces of {self.goal.combo} not assembled")
        return words, result

    def record(self) -> None:
        score, reached = self.score()
        if not reached and self.goal.kind is not GoalKind.DAMAGE:
            return
        key = tuple(m.action for m in self.path if not _is_passive(m))
        self.found[key] = max(score, self.found.get(key, score))

    # -- walking --------------------------------------------------------------------------

    def over(self) -> bool:
        game = self.game
        from analyzer.rules import Step

        return game.state.turn != self.turn or game.step in (Step.END, Step.CLEANUP) or \
            any(game.player(p).lost for p in game.players)

    def actor(self) -> str:
        from analyzer.rules import Pending

        s = self.game.state
        if s.pending is Pending.CHOICE and s.question is not None:
            return str(s.question.player)
        if s.pending is Pending.BLOCKERS:
            return str(self.game.opponents(s.active)[0])
        if s.pending in (Pending.ATTACKERS, Pending.CLEANUP):
            return str(s.active)
        return str(s.priority or s.active)

    def goldfish(self) -> Any:
        """The opponent's action: no blocks, pass, first option."""
        from analyzer.rules import Choose, DeclareBlockers, PassPriority

        for action in self.game.legal_actions():
            if isinstance(action, DeclareBlockers) and not action.blocks:
                return action
            if isinstance(action, PassPriority | Choose):
                return action
        return None

    def wait(self) -> Any:
        """The searching player's "do nothing" here: pass, attack with nothing, or the
        question's first answer."""
        from analyzer.rules import DeclareAttackers, PassPriority, Pending

        pending = self.game.state.pending
        if pending is Pending.ATTACKERS:
            return DeclareAttackers(self.player, ())
        if pending is Pending.CHOICE:
            return next(iter(self.game.legal_actions()), None)
        return PassPriority(self.player)

    def words(self, action: Any) -> str:
        """An action in a player's words (:func:`describe_action`)."""
        return describe_action(self.game, action)

    def attack_choices(self) -> list[Any]:
        """The bounded attack declarations (module docstring, "Attacks")."""
        from analyzer.rules import DeclareAttackers, layers
        from analyzer.rules.combat import attack_targets, why_cannot_attack
        from analyzer.rules.generate import attack_declarations

        game, player = self.game, self.player
        able = [o.oid for o in game.battlefield() if game.controller(o) == player
                and layers.is_type(game, o, "Creature") and not why_cannot_attack(game, o, player)]
        targets = attack_targets(game, player)
        if not able or not targets:
            return [DeclareAttackers(player, ())]
        first = targets[0]
        evasive = [oid for oid in able if layers.evasions(game, game.obj(oid))]
        picks = [DeclareAttackers(player, tuple((a, first) for a in able))]
        if evasive:
            picks.append(DeclareAttackers(player, tuple((a, first) for a in evasive)))
        picks += [DeclareAttackers(player, ((a, first),)) for a in able]
        picks.append(DeclareAttackers(player, ()))
        picks += itertools.islice(attack_declarations(game), MORE_ATTACKS)
        return list(dict.fromkeys(picks))

    def walk(self, depth: int) -> Iterator[Progress]:
        """Search from here ``depth`` actions deep, yielding progress every
        :data:`PROGRESS_EVERY` states; raises ``Cancelled`` (game left as it was) when the
        cancel token is set."""
        from analyzer.rules import (
            ActivateManaAbility,
            IllegalActionError,
            PassPriority,
            Pending,
            RulesError,
        )

        self.nodes += 1
        if self.cancel is not None:
            self.cancel.check()
        if self.nodes % PROGRESS_EVERY == 0:
            yield Progress(self.nodes, self.budget, f"{self.nodes:,} states searched")
        over = self.over()
        leaf = over or self.nodes >= self.budget or len(self.path) >= PATH_LIMIT
        if self.goal.kind is not GoalKind.DAMAGE or leaf:
            self.record()   # damage counts once the turn is over (or the line is cut)
        if self.goal.kind is not GoalKind.DAMAGE and self.score()[1]:
            return
        if leaf:
            return
        key = self.game.fingerprint()
        if self.seen.get(key, -1) >= depth:
            return
        self.seen[key] = depth
        mine = self.actor() == self.player
        try:
            if not mine:
                actions = [a for a in [self.goldfish()] if a is not None]
            elif depth == 0:   # no own action left: the turn plays out (passes, no attack)
                self.cut_by_depth = True
                actions = [a for a in [self.wait()] if a is not None]
            elif self.game.state.pending is Pending.ATTACKERS:
                actions = self.attack_choices()
            else:   # an action needing what the rules core can't play is left out, said;
                # with nothing else to do, the line stops there (below)
                unsupported: list[Any] = []
                listed = list(self.game.legal_actions(unsupported))
                if unsupported and not listed:
                    raise unsupported[0]
                self.problems.update(_problem_words(err) for err in unsupported)
                actions = [a for a in listed if not isinstance(a, ActivateManaAbility)]
        except RulesError as err:
            # The rules core could not list the actions here (an ability it cannot play):
            # the line stops at this state, and the report says why.
            self.problems.add(_problem_words(err))
            actions = []
        expanded = False
        for action in actions:
            if self.nodes >= self.budget:
                return
            words = self.words(action)
            try:
                events = self.game.apply(action)
            except RulesError as err:
                # Refused (not legal after all) or unplayable: this branch does not exist;
                # an unplayable ability is reported.
                if not isinstance(err, IllegalActionError):
                    self.problems.add(_problem_words(err))
                continue
            self.path.append(_Move(action, words, tuple(events), mine))
            expanded = True
            spent = mine and not isinstance(action, PassPriority)   # passes move on: free
            try:
                yield from self.walk(depth - 1 if spent else depth)
            finally:
                self.path.pop()
                self.game.undo()
        if not expanded and self.goal.kind is GoalKind.DAMAGE:
            self.record()   # a dead end: the damage dealt so far is what this line does

    # -- replaying and pruning -------------------------------------------------------------

    def replay(self, intents: tuple[Any, ...]) -> Line | None:
        """Play ``intents`` (the searching player's actions) in order, each as soon as it
        is legal, passing priority (and the goldfish answering) in between, until the turn
        ends or the goal is reached; the game is left as it was. ``None`` if an intent
        never becomes legal."""
        from analyzer.rules import IllegalActionError, RulesError

        game, queue, moves = self.game, list(intents), []
        stopped = ""
        try:
            for _ in range(REPLAY_LIMIT):
                if stopped or self.over() or (self.goal.kind is not GoalKind.DAMAGE
                                              and self.score()[1]):
                    break
                mine = self.actor() == self.player
                try:
                    fallback = self.wait() if mine else self.goldfish()
                except RulesError as err:   # listing the actions needed an ability the
                    self.problems.add(_problem_words(err))   # rules core cannot play: the line ends
                    stopped = _stop_words(err)
                    break
                tries = ([queue[0]] if mine and queue else []) + [fallback]
                for n, action in enumerate(tries):
                    if action is None:
                        return None
                    words = self.words(action)
                    try:
                        events = game.apply(action)
                    except RulesError as err:
                        if n + 1 < len(tries):
                            continue
                        if isinstance(err, IllegalActionError):
                            return None
                        # moving on needs an ability the rules core cannot play: the line
                        # ends here, scored with what it did so far
                        self.problems.add(_problem_words(err))
                        stopped = _stop_words(err)
                        break
                    moves.append(_Move(action, words, tuple(events), mine))
                    if mine and queue and n == 0:
                        queue.pop(0)
                    break
            if queue:
                return None
            score, reached = self.score()
            summary, result = self.summary()
            shown = _cut(moves) if self.goal.kind is GoalKind.DAMAGE else moves
            return Line(tuple(m.words for m in shown),
                        tuple(str(e) for m in shown for e in m.events), score, reached,
                        _readable_steps(shown), summary, result,
                        tuple(m.action for m in shown), stopped)
        finally:
            for _ in moves:
                game.undo()

    def prune(self, intents: tuple[Any, ...]) -> tuple[tuple[Any, ...], Line] | None:
        """Drop, last first, every action whose removal keeps the score (module docstring,
        "Pruning"); the shorter line and its replay."""
        best = self.replay(intents)
        if best is None:
            return None
        for size in (1, 2):   # single actions, then pairs (a spell and its answer)
            for drop in itertools.combinations(reversed(range(len(intents))), size):
                if max(drop) >= len(intents):
                    continue
                trial = tuple(a for i, a in enumerate(intents) if i not in drop)
                line = self.replay(trial)
                if line is not None and line.reached >= best.reached and \
                        line.score >= best.score:
                    intents, best = trial, line
        return intents, best


def _stop_words(err: Exception) -> str:
    """Where a line stops, in words: ``"Moon-Circuit Hacker: discard a card"`` for an
    ability the rules core cannot play (:class:`~analyzer.rules.UnsupportedCardError`),
    else the error's text. Never empty after the colon: an ability with no text of its
    own (Nashi, Moon Sage's Scion's "if you cast a spell this way") is named by what the
    rules core cannot play in it (``err.why``: ``"the condition '...'"``)."""
    from analyzer.rules import UnsupportedCardError

    if isinstance(err, UnsupportedCardError):
        return f"{err.card}: {_unsupported_part(err)}"
    return str(err) or type(err).__name__


def _problem_words(err: Exception) -> str:
    """The error as :attr:`LinesReport.problems` lists it: its text, except that an
    :class:`~analyzer.rules.UnsupportedCardError` with no ability text names what the
    rules core cannot play instead of quoting ``''``."""
    from analyzer.rules import UnsupportedCardError

    if isinstance(err, UnsupportedCardError) and not err.text.strip():
        return f"{err.card!r}: the rules core cannot play {_unsupported_part(err)}"
    return str(err) or type(err).__name__


def _unsupported_part(err: UnsupportedCardError) -> str:
    """What of a card the rules core cannot play: the ability's text, else the reason the
    error carries, else the words "an ability"."""
    return err.text.strip() or err.why.strip() or "an ability"


def _cut(moves: list[_Move]) -> list[_Move]:
    """The moves up to the searching player's first action after the last life change
    (that action and what follows changed nothing the goal counts)."""
    last = max((i for i, m in enumerate(moves)
                if any(e.kind.name in ("LIFE", "DAMAGE") for e in m.events)), default=-1)
    after = next((i for i in range(last + 1, len(moves)) if not _is_passive(moves[i])),
                 len(moves))
    return moves[:after]


MORE_ATTACKS = 8
"""Attack declarations taken from the full ``(d + 1) ** k`` enumeration after the
heuristic ones (module docstring, "Attacks")."""
REPLAY_LIMIT = 400
"""Actions a replayed line takes at most (passes included)."""
CANDIDATES = 4
"""Lines replayed and pruned per line returned."""


def search_lines(game: Any, goal: Goal, *, player: str = "A", depth: int = DEFAULT_DEPTH,
                 nodes: int = DEFAULT_NODES, top: int = 3) -> LinesReport:
    """Search ``game``'s legal actions for the best lines reaching ``goal``.

    Parameters
    ----------
    game : analyzer.rules.Game
        The board to search from (left as it was: every action is undone).
    goal : Goal
        What to reach.
    player : str
        The searching player; the others are goldfish.
    depth, nodes : int
        Actions of the searching player's own per line (priority passes and the goldfish's
        moves not counted; once they are used up the turn plays out with passes) and
        states visited at most.
    top : int
        Lines returned at most.

    Returns
    -------
    LinesReport
        ``lines`` empty when no line within the limits reaches the goal; each line is
        replayed to the end of the turn and pruned of actions that don't change its score.

    See also
    --------
    search_lines_job : the same search as a job, with progress and cancel.
    """
    return run_job(search_lines_job(game, goal, player=player, depth=depth, nodes=nodes,
                                    top=top))


def search_lines_job(game: Any, goal: Goal, *, player: str = "A", depth: int = DEFAULT_DEPTH,
                     nodes: int = DEFAULT_NODES, top: int = 3,
                     cancel: CancelToken | None = None) -> Job[LinesReport]:
    """:func:`search_lines` as a job: yields :class:`~analyzer.progress.Progress` (states
    searched out of ``nodes``, then lines replayed), checks ``cancel`` at every state.

    Raises
    ------
    Cancelled
        ``cancel`` was set; ``game`` is left as it was.
    """
    begin = time.perf_counter()
    search = _Search(game, goal, player, depth, nodes, top, cancel)
    yield from search.walk(depth)
    ranked = sorted(search.found.items(), key=lambda kv: (-kv[1], len(kv[0])))
    lines: dict[tuple[Any, ...], Line] = {}
    candidates = ranked[:top * CANDIDATES]
    for n, (intents, _) in enumerate(candidates):
        if cancel is not None:
            cancel.check()
        yield Progress(n, len(candidates), f"replaying line {n + 1} of {len(candidates)}")
        pruned = search.prune(intents)
        if pruned is not None and pruned[1].reached:
            lines.setdefault(pruned[0], pruned[1])
    best = sorted(lines.items(), key=lambda kv: (-kv[1].score, len(kv[0]),
                                                  len(kv[1].actions), kv[1].actions))
    kept: list[tuple[tuple[Any, ...], Line]] = []
    for intents, line in best:   # a line doing all another does and more, for no more
        if not any(set(k) <= set(intents) and k_line.score >= line.score  # score, goes
                   for k, k_line in kept):
            kept.append((intents, line))
    return LinesReport(goal, tuple(line for _, line in kept[:top]), search.nodes,
                       search.nodes < nodes and not search.problems,
                       time.perf_counter() - begin, problems=tuple(sorted(search.problems)),
                       depth=depth, budget=nodes, cut_by_depth=search.cut_by_depth)


PROGRESS_EVERY = 10
"""States searched between two progress reports of :func:`search_lines_job`."""


def resolve_goal(text: str) -> Goal:
    """Read a goal; for ``combo:ID`` fill in the pieces from the catalog (``data/combos``).

    Raises
    ------
    InputError
        A bad goal or an unknown combo id.
    """
    from analyzer.combos.catalog import load_catalog
    from analyzer.errors import InputError

    try:
        goal = Goal.parse(text)
    except ValueError as err:
        raise InputError(str(err)) from err
    if goal.kind is GoalKind.COMBO:
        combo = next((c for c in load_catalog() if c.id == goal.combo), None)
        if combo is None:
            raise InputError(f"no combo {goal.combo!r} in the catalog (data/combos)")
        goal = Goal(goal.kind, combo=goal.combo, pieces=combo.cards)
    return goal


def scenario_board(document: Mapping[str, Any]) -> dict[str, Any]:
    """The start board (``turn`` and ``players``) of a scenario document
    (../shared/rules/SCENARIO_FORMAT.md: ``players`` maps each player to a table of zones,
    ``turn`` is a table).

    Raises
    ------
    ValueError
        ``players`` is not a table of tables, or ``turn`` is not a table (the caller adds
        the file's name).
    """
    players = document.get("players")
    if not isinstance(players, Mapping) or not players or \
            not all(isinstance(p, Mapping) for p in players.values()):
        raise ValueError(f"'players' must be a table of players, each a table of zones "
                         f"(hand, battlefield, library...), not {players!r}")
    turn = document.get("turn") or {}
    if not isinstance(turn, Mapping):
        raise ValueError(f"'turn' must be a table (active_player, step, number), "
                         f"not {turn!r}")
    return {"turn": dict(turn), "players": dict(players)}
