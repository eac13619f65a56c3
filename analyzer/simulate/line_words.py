"""A line in a player's words: actions with objects by name (:func:`describe_action`), a
line's moves collapsed into readable steps (passes become "→ STEP"), and where and why a
line stops (an ability the rules core cannot play).

Used by the line search (:mod:`analyzer.simulate.lines`, which re-exports
:func:`describe_action`) and by played lines (:mod:`analyzer.simulate.play`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.simulate.line_values import LineStep

if TYPE_CHECKING:
    from analyzer.rules import UnsupportedCardError

__all__ = ["describe_action"]

_OBJECT_ID = re.compile(r"#(\d+)")


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
