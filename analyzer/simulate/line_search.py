"""The depth-first walk behind :func:`~analyzer.simulate.lines.search_lines`: make/unmake
over :meth:`Game.legal_actions <analyzer.rules.Game.legal_actions>`, a transposition table,
the depth and node limits, the bounded choice of attacks (CR 508.1a-b), and the replay and
pruning of the lines found (the module docstring of :mod:`analyzer.simulate.lines` tells
the whole search).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from analyzer.progress import CancelToken, Progress
from analyzer.simulate.line_values import PATH_LIMIT, Goal, GoalKind, Line
from analyzer.simulate.line_words import (
    _cut,
    _is_passive,
    _Move,
    _problem_words,
    _readable_steps,
    _stop_words,
    describe_action,
)

__all__: list[str] = []


MORE_ATTACKS = 8
"""Attack declarations taken from the full ``(d + 1) ** k`` enumeration after the
heuristic ones (:mod:`analyzer.simulate.lines`, "Attacks")."""
REPLAY_LIMIT = 400
"""Actions a replayed line takes at most (passes included)."""
CANDIDATES = 4
"""Lines replayed and pruned per line returned."""

PROGRESS_EVERY = 10
"""States searched between two progress reports of
:func:`~analyzer.simulate.lines.search_lines_job`."""


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
