"""Verification by simulation: play a combo in the rules core and judge it.

A loop combo is set up from its start board, its ``setup`` actions played once, then its
``loop`` actions played ``iterations`` times; after each iteration the board's resources
(:meth:`ComboBoard.resources`) and its signature (the board without resources) are recorded.

Cards drawn are a resource like damage (``drawn:P``, CR 121.1): the signature leaves out of
each hand the cards drawn since the loop began, so a loop that draws still comes back to the
same board, while a card that fails to return to the hand (a Ghostly Flicker not coming back)
still changes it. The library is finite: once it is empty a draw draws nothing and the
player loses (CR 121.4, 704.5b), and the line stops there.

- **verified**: the signature comes back the same every iteration (the loop can go on) and
  every metric the entry names in ``grows`` increases, every one in ``shrinks`` decreases,
  in every iteration; for a discovered loop (nothing named), at least one resource moves the
  same way every iteration. The per-iteration gain of every resource that moved the same way
  each time is reported.
- **not_working**: the rules refused an action (a cost that can't be paid), the state came
  back with no gain (a stall), or a named resource did not grow.
- **not_verifiable**: the rules core cannot play part of the line; the reason names the card
  and the text (:class:`~analyzer.rules.UnsupportedCardError`).

A one-shot combo plays ``actions`` once and checks ``expect`` (metric = value).

The reason is written for a player (:mod:`analyzer.combos.words`): "Changeling Outcast back
in hand; B at 19 life", "+2 {C} per iteration over 5 iterations: infinite colorless mana".

The judgement is the same for catalog entries and for candidates found in the synergy graph
(:mod:`analyzer.combos.discover`): both are :class:`~analyzer.combos.model.Combo` values.
"""

from __future__ import annotations

import enum
import itertools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from analyzer.combos.metrics import Metric
from analyzer.combos.model import Combo, ComboKind, ScenarioAction
from analyzer.combos.words import expectations, fact, loop_reason

if TYPE_CHECKING:
    from analyzer.rules.cards import CardLibrary

__all__ = ["DEFAULT_ITERATIONS", "Verdict", "Verification", "judge_loop", "verify_combo"]

DEFAULT_ITERATIONS = 5
"""Loop iterations played by default: enough to see a steady gain (the first iteration may
differ from the rest when the setup leaves mana or triggers behind)."""

_LINE_LIMIT = 80
"""Events kept in a verification's line (the setup and the first iterations)."""


class Verdict(enum.Enum):
    """What verification found."""

    VERIFIED = enum.auto()
    """The rules core played it and it does what it says (a loop gains every iteration)."""
    NOT_WORKING = enum.auto()
    """The rules core played it and it does not: refused, stalled or no gain."""
    NOT_VERIFIABLE = enum.auto()
    """The rules core cannot play part of it; :attr:`Verification.reason` says what."""

    @property
    def label(self) -> str:
        """``"verified"``, ``"not_working"`` or ``"not_verifiable"`` (the JSON values)."""
        return self.name.lower()


@dataclass(frozen=True)
class Verification:
    """The outcome of :func:`verify_combo`."""

    verdict: Verdict
    """The judgement."""
    reason: str
    """Why, in one sentence (the refused action, the stall, the unsupported text)."""
    iterations: int = 0
    """Loop iterations completed."""
    gains: Mapping[str, float] = field(default_factory=dict)
    """Metric -> gain per iteration (negative for a loss), for resources that moved the
    same way every iteration."""
    line: tuple[str, ...] = ()
    """The events of the setup and the first iterations (the rules core's log)."""
    seconds: float = 0.0
    """Wall time."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"verdict": self.verdict.label, "reason": self.reason,
                "iterations": self.iterations, "gains": dict(self.gains),
                "line": list(self.line), "seconds": round(self.seconds, 4)}


def _play(board: Any, actions: Sequence[ScenarioAction]) -> None:
    for action in actions:
        board.play(action)


def _snapshot(board: Any, combo: Combo) -> dict[str, int]:
    """The board's resources and every metric the entry names in ``grows`` or ``shrinks``
    (an object's power, counters... are not resources: measured by name)."""
    found: dict[str, int] = board.resources()
    for name in (*combo.grows, *combo.shrinks):
        if name not in found:
            value = board.measure(Metric.parse(name))
            if isinstance(value, int):
                found[name] = value
    return found


def _gains(snapshots: list[dict[str, int]]) -> dict[str, float]:
    """Metrics that moved the same way (strictly) in every iteration, with the mean step."""
    keys = set().union(*snapshots)
    out: dict[str, float] = {}
    for key in sorted(keys):
        values = [s.get(key, 0) for s in snapshots]
        steps = [b - a for a, b in itertools.pairwise(values)]
        if steps and (all(d > 0 for d in steps) or all(d < 0 for d in steps)):
            out[key] = sum(steps) / len(steps)
    return out


def judge_loop(combo: Combo, snapshots: list[dict[str, int]],
               signatures: list[tuple[Any, ...]]) -> tuple[bool, str, dict[str, float]]:
    """Judge a loop from its resources and board signatures after the setup (index 0) and
    after each iteration (1..K), as the module docstring says.

    Returns
    -------
    (bool, str, dict)
        Whether it is an infinite loop, why not, and the per-iteration gains.
    """
    # The first snapshot is after the setup; steady state is judged from iteration 1 on.
    steady = snapshots[1:]
    gains = _gains(snapshots)
    if any(s != signatures[1] for s in signatures[2:]):
        return False, "the board does not come back to the same state each iteration", gains
    if all(a == b for a, b in itertools.pairwise(steady)) and \
            signatures[1] == signatures[-1] and snapshots[0] == snapshots[1]:
        return False, "stall: the state repeats with no gain", gains
    named = [(m, 1) for m in combo.grows] + [(m, -1) for m in combo.shrinks]
    for metric, sign in named:
        gain = gains.get(metric, 0.0)
        if gain * sign <= 0:
            word = "grow" if sign > 0 else "shrink"
            values = [s.get(metric, 0) for s in snapshots]
            return False, f"{metric} does not {word} every iteration ({values})", gains
    if not named and not gains:
        return False, "stall: no resource grows every iteration", gains
    if not named and all(a == b for a, b in itertools.pairwise(steady)):
        return False, "stall: the state repeats with no gain", gains
    return True, "", gains


def verify_combo(combo: Combo, cards: CardLibrary, *,
                 iterations: int = DEFAULT_ITERATIONS) -> Verification:
    """Play ``combo`` in the rules core and judge it (rules in the module docstring).

    Parameters
    ----------
    combo : Combo
        A catalog entry or a discovered candidate.
    cards : analyzer.rules.CardLibrary
        Where the rules core looks card names up (the card database).
    iterations : int
        Loop iterations to play (2 or more).

    Returns
    -------
    Verification

    Raises
    ------
    ValueError
        ``iterations`` below 2.
    """
    from analyzer.combos.engine import ComboBoard, Refused, Unplayable

    if iterations < 2:
        raise ValueError(f"iterations must be 2 or more to compare states, not {iterations}")
    begin = time.perf_counter()
    board: ComboBoard | None = None
    done = 0

    def result(verdict: Verdict, reason: str, gains: Mapping[str, float] | None = None
               ) -> Verification:
        line = tuple(board.log_lines()[:_LINE_LIMIT]) if board is not None else ()
        return Verification(verdict, reason, done, dict(gains or {}), line,
                            time.perf_counter() - begin)

    try:
        board = ComboBoard(combo.start, cards, combo.source)
        _play(board, combo.setup)
        if combo.kind is ComboKind.ONCE:
            _play(board, combo.actions)
            wrong = []
            for name, wanted in combo.expect.items():
                found = board.measure(Metric.parse(name))
                if found != wanted:
                    wrong.append(f"expected {fact(name, wanted)}, found {fact(name, found)}")
            if wrong:
                return result(Verdict.NOT_WORKING, "; ".join(wrong))
            return result(Verdict.VERIFIED, expectations(combo.expect, combo.start))
        snapshots = [_snapshot(board, combo)]
        # Cards drawn from here on are the loop's gains (drawn:P), not its board.
        began = board.draws()
        signatures = [board.signature(began)]
        for done in range(1, iterations + 1):
            try:
                _play(board, combo.loop)
            except Refused as err:
                where = "the first iteration" if done == 1 else f"iteration {done}"
                done -= 1
                return result(Verdict.NOT_WORKING, f"{where}: {err}", _gains(snapshots))
            snapshots.append(_snapshot(board, combo))
            signatures.append(board.signature(began))
    except Refused as err:
        return result(Verdict.NOT_WORKING, str(err))
    except Unplayable as err:
        return result(Verdict.NOT_VERIFIABLE, str(err))
    ok, why, gains = judge_loop(combo, snapshots, signatures)
    if not ok:
        return result(Verdict.NOT_WORKING, why, gains)
    return result(Verdict.VERIFIED, loop_reason(gains, done, combo.result.label), gains)
