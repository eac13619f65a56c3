"""Line-search goals read from the command line or the window, with ``combo:ID`` filled in
from the combo catalog.

The goal itself (:class:`~analyzer.simulate.line_values.Goal`: cast a card, deal damage,
assemble a combo's pieces) belongs to the line search; only the catalog lookup lives here,
one layer above it (the line search never reads the catalog).
"""

from __future__ import annotations

from analyzer.combos.catalog import load_catalog
from analyzer.errors import InputError
from analyzer.simulate.lines import Goal, GoalKind

__all__ = ["resolve_goal"]


def resolve_goal(text: str) -> Goal:
    """Read a goal; for ``combo:ID`` fill in the pieces from the catalog (``data/combos``).

    Raises
    ------
    InputError
        A bad goal or an unknown combo id.
    """
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
