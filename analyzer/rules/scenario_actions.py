"""Scenario actions -> :mod:`analyzer.rules.actions` values, and ``pass`` (SCENARIO_FORMAT.md).

Names in actions are object IDs (``id:`` in the setup) or card names; a player's name is a
player. Before an action of a player who does not have priority, the players holding it
pass to them, as long as that resolves nothing ("otherwise nothing resolves until a
pass"). ``declare_attackers`` and ``declare_blockers`` first pass to their step. Passing
through a declaration nobody scripted declares no attackers or no blocks.
"""

from __future__ import annotations

from typing import Any

from analyzer.rules.abilities import find_ability
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
    Target,
)
from analyzer.rules.errors import AmbiguousNameError, IllegalActionError
from analyzer.rules.game import Game
from analyzer.rules.model import GameObject, PlayerId, Step, Zone
from analyzer.rules.scenario_extensions import EXTENSION_KEYS
from analyzer.rules.scenario_file import Node, fail, stop
from analyzer.rules.state import Pending

__all__ = ["build_action", "pass_until"]

_MAX_PASSES = 2000
_ACTIONS = ("play_land", "cast", "activate", "mana", "declare_attackers", "declare_blockers",
            "choose")
_KEYS = {
    "play_land": {"card"},
    "cast": {"card", "cost", "x", "targets", "return", "pay_with", "choices"},
    "activate": {"card", "ability", "targets", "x", "return", "pay_with", "choices"},
    "mana": {"card", "ability", "choices"},
    "declare_attackers": {"attackers"},
    "declare_blockers": {"blocks"},
    "choose": {"choice"},
    "pass": {"until"},
    "hold_priority": set(),
}
"""The keys each action takes (besides ``player`` and ``rejected``)."""


def check_keys(kind: str, body: Node) -> None:
    """Refuse a key the action does not take (a typo must not be ignored).

    Raises
    ------
    ScenarioError
        Naming the key and the keys the action takes.
    """
    allowed = _KEYS.get(kind, set()) | {"player", "rejected"}
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise fail(body, unknown[0], f"{kind} takes {', '.join(sorted(allowed))}")


def _object(game: Game, body: Node, key: str, zones: tuple[Zone, ...] = (),
            player: PlayerId | None = None) -> GameObject:
    name = body.get(key)
    if name is None:
        raise fail(body, key, "missing")
    try:
        found = game.find_one(str(name), zones, player)
    except AmbiguousNameError as err:
        raise stop(body, key, str(err)) from err
    if found is None:
        raise stop(body, key, f"no object {name!r} in the game")
    return found


def _sub(body: Node, key: str, value: Any) -> Node:
    """A one-key node for ``value`` that keeps the file and line of ``body[key]``."""
    node = Node({key: value})
    node.path, node.line, node.lines = body.path, body.line_of(key), {}
    return node


def _target(game: Game, value: Any, body: Node) -> Target:
    if isinstance(value, Node):
        unknown = sorted(set(value) - EXTENSION_KEYS["target"])
        if unknown or not value:
            raise fail(body, "targets", f"a target is a player, an ID or {{stack: N}}, not "
                                        f"{dict(value)!r}")
        return _stack_target(game, value, body)
    if isinstance(value, str) and value in game.players:
        return value
    order = (Zone.STACK, Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY)
    zones = {o.zone for o in game.objects() if str(value) in (o.alias, o.card)}
    for zone in order:
        if zone not in zones:
            continue
        try:
            found = game.find_one(str(value), (zone,))
        except AmbiguousNameError as err:
            raise stop(body, "targets", str(err)) from err
        if found is not None:
            return found.oid
    raise stop(body, "targets", f"no player or object {value!r}")


def _stack_target(game: Game, value: Node, body: Node) -> Target:
    """``{stack: N}``: the N-th object of the stack, top first (docs/scenarios.md)."""
    stack = game.stack()
    number = value["stack"]
    if not isinstance(number, int) or not 1 <= number <= len(stack):
        raise fail(body, "targets", f"{{stack: {number}}}: the stack holds {len(stack)} "
                                    "object(s), numbered from 1 at the top")
    item = stack[number - 1]
    if item.kind == "spell":
        return item.source[0]
    return f"the {item.kind} ability of {item.name} on the stack"


def _targets(game: Game, body: Node) -> tuple[Target, ...]:
    value = body.get("targets", [])
    if not isinstance(value, list):
        value = [value]
    return tuple(_target(game, v, body) for v in value)


def _pay_with(game: Game, body: Node) -> tuple[int, ...] | None:
    value = body.get("pay_with")
    if value is None:
        return None
    if not isinstance(value, list):
        raise fail(body, "pay_with", "a list of permanent IDs")
    found = []
    for name in value:
        found.append(_object(game, _sub(body, "pay_with", name), "pay_with",
                             (Zone.BATTLEFIELD,)).oid)
    return tuple(found)


_COST_CHOICES = ("sacrifice", "tap", "exile")
"""Keys of ``choices`` naming the objects that pay a cost (:mod:`analyzer.rules.costs`)."""


def _cost_choices(game: Game, body: Node) -> tuple[int, ...]:
    """``choices: {sacrifice: ID}`` / ``{tap: [ID, ...]}`` / ``{exile: ID}``: the objects paying
    the cost."""
    choices = body.get("choices") or {}
    if not isinstance(choices, dict):
        raise fail(body, "choices", "a map such as {sacrifice: Kitchen Finks}")
    found: list[int] = []
    for key in _COST_CHOICES:
        names = choices.get(key, [])
        for name in names if isinstance(names, list) else [names]:
            found.append(_object(game, _sub(body, "choices", name), "choices",
                                 (Zone.BATTLEFIELD,)).oid)
    return tuple(found)


def _x(body: Node) -> int:
    x = body.get("x", 0)
    if not isinstance(x, int) or x < 0:
        raise fail(body, "x", "a whole number, 0 or more")
    return x


def _hand_priority(game: Game, player: PlayerId) -> None:
    """Players holding priority pass to ``player`` while that resolves nothing."""
    s = game.state
    for _ in range(len(game.players)):
        if s.pending is not Pending.PRIORITY or s.priority in (None, player):
            return
        live = [p for p in game.players if not game.player(p).lost]
        if set(s.passed) | {s.priority} >= set(live):
            return
        game.apply(PassPriority(s.priority))


def _to_pending(game: Game, wanted: Pending, body: Node) -> None:
    if wanted is Pending.BLOCKERS and game.pending is not Pending.BLOCKERS:
        _unanswered(game, body)
        s = game.state
        attacking = [o for o in game.battlefield() if o.attacking is not None]
        if not attacking and (s.step.value > Step.DECLARE_ATTACKERS.value
                              or (s.step is Step.DECLARE_ATTACKERS and s.pending is not
                              Pending.ATTACKERS)):
            raise stop(body, "player", "no creature attacks this turn, so the declare blockers "
                                       "step is skipped (CR 508.8): there are no blocks to "
                                       "declare")
        if not attacking and s.step.value < Step.DECLARE_ATTACKERS.value:
            raise stop(body, "player", "no attackers have been declared this turn; the declare "
                                       "blockers step happens only after creatures attack "
                                       "(CR 508.8): add a `declare_attackers` action first")
    for _ in range(_MAX_PASSES):
        if game.pending is wanted:
            return
        _one_pass(game, body, stop_at_choice=True)
        st = game.state
        if wanted is Pending.BLOCKERS and st.step.value > Step.DECLARE_ATTACKERS.value \
                and st.pending is not Pending.BLOCKERS \
                and not any(o.attacking is not None for o in game.battlefield()):
            raise stop(body, "player", "no creature attacked, so the declare blockers step "
                                       "was skipped (CR 508.8): there are no blocks to "
                                       "declare")
    raise stop(body, "player", f"the game never reached the {wanted.name.lower()} step")


def _unanswered(game: Game, body: Node) -> None:
    """A question waits: the next action must be the ``choose`` answering it."""
    s = game.state
    if s.pending is Pending.CHOICE and s.question is not None:
        raise stop(body, "player", f"unanswered question: {s.question.prompt} (asked of "
                                   f"{s.question.player}); the next action must be `choose`")


def _one_pass(game: Game, body: Node, *, stop_at_choice: bool) -> None:
    s = game.state
    _unanswered(game, body)
    if s.pending is Pending.GAME_OVER:
        raise stop(body, "player", "the game is over")
    if s.pending is Pending.ATTACKERS:
        game.apply(DeclareAttackers(s.active, ()))
    elif s.pending is Pending.BLOCKERS:
        game.apply(DeclareBlockers(game.opponents(s.active)[0], ()))
    elif s.pending is Pending.CLEANUP:
        game.apply(PassPriority(s.active))
    elif s.priority is not None:
        game.apply(PassPriority(s.priority))


def pass_until(game: Game, body: Node) -> None:
    """``pass: {until: resolve | <step> | end_of_turn}`` (SCENARIO_FORMAT.md).

    Raises
    ------
    LineError
        A question waits for its ``choose`` ("the next action must be the ``choose`` that
        answers it"), nothing is on the stack to resolve, the game is over, or the wanted
        step is never reached (file, key and line named).
    ScenarioError
        A malformed ``until``.
    """
    check_keys("pass", body)
    until = str(body.get("until", "resolve"))
    s = game.state
    _unanswered(game, body)
    if until == "resolve":
        # Abilities waiting to be put on the stack (they triggered as a mana ability's cost
        # was paid) go there as the next player receives priority (CR 117.5).
        if not s.stack and not s.pending_triggers:
            raise stop(body, "until", "nothing on the stack to resolve")
        done = s.resolved
        for _ in range(_MAX_PASSES):
            if game.state.resolved > done or game.pending in (Pending.CHOICE, Pending.GAME_OVER):
                return
            _one_pass(game, body, stop_at_choice=True)
        raise stop(body, "until", "the top of the stack never resolved")
    if until == "end_of_turn":
        turn = s.turn
        for _ in range(_MAX_PASSES):
            st = game.state
            if (st.pending is Pending.CLEANUP and st.turn == turn) or st.turn > turn \
                    or st.pending in (Pending.CHOICE, Pending.GAME_OVER):
                return
            _one_pass(game, body, stop_at_choice=True)
        raise stop(body, "until", "the turn never ended")
    try:
        step = Step.from_key(until)
    except ValueError as err:
        raise fail(body, "until", f"{err}, resolve or end_of_turn") from err
    start = (s.turn, s.step)
    for _ in range(_MAX_PASSES):
        _one_pass(game, body, stop_at_choice=True)
        st = game.state
        if st.pending in (Pending.CHOICE, Pending.GAME_OVER):
            return
        if st.step is step and (st.turn, st.step) != start:
            return
    raise stop(body, "until", f"the game never reached {until}")


def _attack_target(game: Game, value: Any, body: Node) -> Target:
    if isinstance(value, Node):
        which = value.get("planeswalker", value.get("battle"))
        return _object(game, _sub(body, "attackers", which), "attackers",
                       (Zone.BATTLEFIELD,)).oid
    return str(value)


def build_action(game: Game, kind: str, body: Node, player: PlayerId, action: Node) -> Action:
    """The action value for one scenario action (after moving the game where it applies).

    Raises
    ------
    ScenarioError
        Unknown action or key, or a name that means nothing.
    """
    if kind not in _ACTIONS:
        raise fail(action, kind, "unknown action (play_land, cast, activate, mana, "
                                 "declare_attackers, declare_blockers, pass, choose, "
                                 "hold_priority)")
    check_keys(kind, body)
    if kind == "declare_attackers":
        _to_pending(game, Pending.ATTACKERS, body)
        attackers = body.get("attackers") or {}
        if not isinstance(attackers, dict):
            raise fail(body, "attackers", "a map of attacker ID to the player it attacks")
        return DeclareAttackers(player, tuple(
            (_object(game, _sub(body, "attackers", a), "attackers", (Zone.BATTLEFIELD,),
                     player).oid,
             _attack_target(game, t, body)) for a, t in attackers.items()))
    if kind == "declare_blockers":
        _to_pending(game, Pending.BLOCKERS, body)
        blocks = body.get("blocks") or {}
        if not isinstance(blocks, dict):
            raise fail(body, "blocks", "a map of blocker ID to the attacker it blocks")
        pairs = []
        for b, a in blocks.items():
            blocker = _object(game, _sub(body, "blocks", b), "blocks", (Zone.BATTLEFIELD,),
                              player)
            attacker = _object(game, _sub(body, "blocks", a), "blocks", (Zone.BATTLEFIELD,),
                               game.state.active)
            pairs.append((blocker.oid, attacker.oid))
        return DeclareBlockers(player, tuple(pairs))
    if kind == "choose":
        if "choice" not in body:
            raise fail(body, "choice", "missing")
        value = body["choice"]
        if isinstance(value, dict):           # a division of damage: {blocker: amount}
            text = "; ".join(f"{k}={v}" for k, v in value.items())
        else:
            text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        return Choose(player, text)
    _hand_priority(game, player)
    if kind == "play_land":
        return PlayLand(player, _object(game, body, "card", (Zone.HAND, Zone.EXILE),
                                        player).oid)
    if kind == "cast":
        card = _object(game, body, "card", (Zone.HAND, Zone.EXILE), player)
        returned = body.get("return")
        back = _object(game, body, "return", (Zone.BATTLEFIELD,)).oid if returned else None
        cost = str(body.get("cost", "normal"))
        return CastSpell(player, card.oid, cost, _x(body), _targets(game, body), back,
                         _pay_with(game, body))
    if kind == "activate":
        card = _object(game, body, "card", (Zone.BATTLEFIELD, Zone.HAND), player)
        which = body.get("ability", 1)
        try:
            index, _ = find_ability(game.data(card), which if isinstance(which, int)
                                    else str(which))
        except KeyError as err:
            raise fail(body, "ability", str(err.args[0])) from err
        returned = body.get("return")
        back = _object(game, body, "return", (Zone.BATTLEFIELD,)).oid if returned else None
        return ActivateAbility(player, card.oid, index, _x(body), _targets(game, body), back,
                               _pay_with(game, body), _cost_choices(game, body))
    card = _object(game, body, "card", (Zone.BATTLEFIELD,), player)
    which = body.get("ability", 1)
    try:
        index, entry = find_ability(game.data(card),
                                    which if isinstance(which, int) else str(which))
    except KeyError as err:
        raise fail(body, "ability", str(err.args[0])) from err
    activated = False
    if entry.kind != "mana":
        from analyzer.rules.restricted_mana import is_mana_ability

        ability = game.data(card).profile.abilities[entry.index] \
            if entry.kind == "activated" else None
        if not is_mana_ability(ability):
            raise IllegalActionError(f"ability {which!r} of {card.alias} is not a mana "
                                     "ability")
        # CR 605.1a: a mana ability the compiler reads as an activated ability (an amount or
        # a spending restriction); played at once (restricted_mana).
        activated = True
    choices = body.get("choices") or {}
    choice = str(choices.get("color", choices.get("type", ""))) if isinstance(choices, dict) \
        else ""
    return ActivateManaAbility(player, card.oid, index if activated else entry.index, choice,
                               _cost_choices(game, body), activated=activated)
