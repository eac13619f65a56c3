"""Cost parts that need a choice of objects: "Sacrifice a creature", "Tap an untapped
creature you control" (CR 118, 601.2h via 602.2b).

The activating player chooses the objects as the cost is paid (CR 601.2h). An action names
them (:attr:`~analyzer.rules.actions.ActivateAbility.cost_choices`, a scenario's
``choices: {sacrifice: X}`` or ``{tap: X}``); when it names none and exactly one object
qualifies, that one is the only choice. Several candidates and no choice is refused rather
than guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.oracle.objects import ObjectRef
from analyzer.rules.errors import IllegalActionError
from analyzer.rules.model import GameObject, ObjId, PlayerId, Zone
from analyzer.rules.targets import matches

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["choose_for_cost"]

_VERBS = {"sacrifice": "sacrifice", "tap_permanents": "tap", "exile": "exile"}


def choose_for_cost(game: Game, kind: str, what: ObjectRef, source: GameObject,
                    player: PlayerId, chosen: tuple[ObjId, ...], taken: set[ObjId]
                    ) -> GameObject:
    """The object that pays one ``kind`` cost part (``"sacrifice"``, ``"tap_permanents"`` or
    ``"exile"``: "Exile a creature you control") of ``source``'s ability.

    Only a permanent ``player`` controls qualifies (CR 701.21a: a player sacrifices only
    permanents they control; "you control" for tapping and exiling). Tapping an untapped creature as a
    cost is not the {T} symbol, so summoning sickness does not matter (CR 302.6).

    Parameters
    ----------
    chosen : tuple of ObjId
        The objects the action names for its costs, in any order; the first that fits and
        is not ``taken`` by an earlier part pays this one.
    taken : set of ObjId
        Objects already used for other parts of the same cost (updated).

    Raises
    ------
    IllegalActionError
        No object qualifies, a named object does not, or several qualify and none is named.
    """
    verb = _VERBS[kind]
    card = game.data(source).name

    def fits(obj: GameObject) -> bool:
        return obj.zone is Zone.BATTLEFIELD and game.controller(obj) == player \
            and obj.oid not in taken and matches(game, what, obj, player, source, card) \
            and (kind != "tap_permanents" or not obj.tapped)

    named = [game.obj(oid) for oid in chosen if oid in game.state.objects]
    pick = next((o for o in named if fits(o)), None)
    if pick is None and named:
        names = ", ".join(o.alias for o in named)
        raise IllegalActionError(f"{names} can't pay {card}'s cost {verb} {what.text!r}")
    if pick is None:
        candidates = [o for o in game.battlefield() if fits(o)]
        if not candidates:
            raise IllegalActionError(f"{player} controls no {what.text.removeprefix('an ')} "
                                     f"to {verb} for {card}'s cost (CR 601.2h)")
        if len(candidates) > 1:
            names = ", ".join(o.alias for o in candidates)
            raise IllegalActionError(f"choose what to {verb} for {card}'s cost: one of {names} "
                                     f"(choices: {{{verb}: ...}})")
        pick = candidates[0]
    taken.add(pick.oid)
    return pick
