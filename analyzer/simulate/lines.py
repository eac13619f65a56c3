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

import time
from collections.abc import Mapping
from typing import Any

from analyzer.progress import CancelToken, Job, Progress, run_job
from analyzer.simulate.line_search import (
    CANDIDATES,
    MORE_ATTACKS,
    PROGRESS_EVERY,
    REPLAY_LIMIT,
    _Search,
)
from analyzer.simulate.line_values import (
    DEFAULT_DEPTH,
    DEFAULT_NODES,
    PATH_LIMIT,
    Goal,
    GoalKind,
    Line,
    LinesReport,
    LineStep,
)
from analyzer.simulate.line_words import (  # noqa: F401  (re-exported: tests read them here)
    _problem_words,
    _stop_words,
    describe_action,
)

__all__ = ["DEFAULT_DEPTH", "DEFAULT_NODES", "MORE_ATTACKS", "PATH_LIMIT", "PROGRESS_EVERY",
           "REPLAY_LIMIT", "Goal", "GoalKind", "Line", "LineStep", "LinesReport",
           "describe_action", "scenario_board", "search_lines",
           "search_lines_job"]


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
