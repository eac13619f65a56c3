"""Checking a scenario's expectations against the game (SCENARIO_FORMAT.md "Expectations").

:func:`check_expectation` returns ``(holds, what was found)``; every key of an item is
checked, and counts are exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from analyzer.rules import layers
from analyzer.rules.abilities import find_ability
from analyzer.rules.combat import attack_target_name
from analyzer.rules.game import Game
from analyzer.rules.mana import mana_options
from analyzer.rules.model import GameObject, Mana, Zone
from analyzer.rules.scenario_extensions import EXTENSION_KEYS
from analyzer.rules.scenario_file import Node, fail

__all__ = ["check_expectation", "describe_expectation"]

_KINDS = ("life", "zone", "permanent", "mana_pool", "triggered", "tokens", "mana_options",
          "rejected", "stack", *sorted(EXTENSION_KEYS["expect"]))
_ZONES = {"hand": Zone.HAND, "battlefield": Zone.BATTLEFIELD, "graveyard": Zone.GRAVEYARD,
          "exile": Zone.EXILE, "library": Zone.LIBRARY, "stack": Zone.STACK,
          "command": Zone.COMMAND}
_PERMANENT_KEYS = ("controller", "tapped", "attacking", "blocked", "blocking", "power",
                   "toughness", "counters", "mana_value", "summoning_sick", "damage",
                   "attached_to", *sorted(EXTENSION_KEYS["permanent"]))


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and (value == "" or any(c in value for c in ",:{}[]#")):
        return repr(value)
    return str(value)


def _kind(item: Node) -> str:
    kinds = [k for k in item if k != "after"]
    if len(kinds) != 1 or kinds[0] not in _KINDS:
        raise fail(item, kinds[0] if kinds else "expect",
                   f"an expectation is one of {', '.join(_KINDS)} (plus 'after')")
    return kinds[0]


def describe_expectation(item: Node) -> str:
    """The expectation as written: ``"life: {B: 17} (after action 3)"``."""
    kind = _kind(item)
    text = f"{kind}: {_flow(item[kind])}"
    return text + (f" (after action {item['after']})" if "after" in item else "")


_KEYS = {
    "zone": {"card", "player", "zone", "count"},
    "mana_options": {"card", "ability", "options"},
    "triggered": {"card", "times"},
    **{kind: set(EXTENSION_KEYS[kind]) for kind in EXTENSION_KEYS["expect"]},
}
"""The keys of the expectations that take a fixed set (``permanent`` and ``tokens`` are
checked against :data:`_PERMANENT_KEYS`)."""


def check_expectation(game: Game, item: Node, rejected: dict[int, str]) -> tuple[bool, str]:
    """Whether ``item`` holds now, and what was found.

    Raises
    ------
    ScenarioError
        A malformed expectation (file, key, line).
    """
    kind = _kind(item)
    value = item[kind]
    checkers: dict[str, Callable[[Game, Node, Node], tuple[bool, str]]] = {
        "life": _life, "zone": _zone, "permanent": _permanent, "mana_pool": _pool,
        "triggered": _triggered, "tokens": _tokens, "mana_options": _mana_options,
        "zone_size": _zone_size, "did_not_resolve": _did_not_resolve,
        "damage_dealt": _damage_dealt}
    checker = checkers.get(kind)
    if kind == "rejected":
        return _rejected(value, item, rejected)
    if kind == "stack":
        if not isinstance(value, list):
            raise fail(item, kind, "a list, top first")
        return _stack(game, value, item)
    assert checker is not None
    if not isinstance(value, Node):
        raise fail(item, kind, "a map")
    unknown = sorted(set(value) - _KEYS[kind]) if kind in _KEYS else []
    if unknown:
        raise fail(value, unknown[0], f"{kind} takes {', '.join(sorted(_KEYS[kind]))}")
    return checker(game, value, item)


def _life(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    found = {}
    for player in value:
        if player not in game.players:
            raise fail(value, player, f"no player {player!r}")
        found[player] = game.player(player).life
    ok = all(found[p] == value[p] for p in value)
    return ok, _flow(found)


def _owned(game: Game, name: str) -> list[GameObject]:
    return [o for o in game.objects() if o.card == name or o.alias == name]


def _zone(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    for key in ("card", "player", "zone"):
        if key not in value:
            raise fail(value, key, "missing")
    zone = _ZONES.get(str(value["zone"]))
    if zone is None:
        raise fail(value, "zone", f"one of {', '.join(_ZONES)}")
    count = value.get("count", 1)
    objs = [o for o in _owned(game, str(value["card"])) if o.owner == str(value["player"])]
    here = [o for o in objs if o.zone is zone]
    where = Counter(o.zone.name.lower() for o in objs)
    return len(here) == count, f"{len(here)} in {value['zone']} " \
                               f"({', '.join(f'{n} in {z}' for z, n in where.items()) or 'none'})"


def _find_permanent(game: Game, name: str) -> GameObject | None:
    """The permanent a scenario means by ``name`` (:meth:`Game.find_one`); raises
    :class:`~analyzer.rules.errors.AmbiguousNameError` (the check fails, naming it) when
    several differing permanents bear the name."""
    if not any(name in (o.alias, o.card) for o in game.battlefield()):
        return None
    found = game.find_one(name, (Zone.BATTLEFIELD,))
    return found if found is not None and found.zone is Zone.BATTLEFIELD else None


def _attacking_value(game: Game, obj: GameObject) -> Any:
    if obj.attacking is None:
        return False
    if isinstance(obj.attacking, str):
        return obj.attacking
    return {"planeswalker": attack_target_name(game, obj.attacking)}


def _properties(game: Game, obj: GameObject, keys: list[str], node: Node) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key in keys:
        if key not in _PERMANENT_KEYS:
            raise fail(node, key, f"unknown key ({', '.join(_PERMANENT_KEYS)})")
        if key == "controller":
            found[key] = game.controller(obj)
        elif key == "owner":
            found[key] = obj.owner
        elif key == "tapped":
            found[key] = obj.tapped
        elif key == "attacking":
            found[key] = _attacking_value(game, obj)
        elif key == "blocked":
            found[key] = obj.blocked is True
        elif key == "blocking":
            found[key] = game.obj(obj.blocking[0]).alias if obj.blocking else False
        elif key in ("power", "toughness"):
            p, t = layers.power_toughness(game, obj)
            found[key] = p if key == "power" else t
        elif key == "counters":
            wanted = node.get("counters") or {}
            found[key] = {str(k): obj.counters.get(str(k), 0) for k in wanted} if wanted \
                else {k: v for k, v in obj.counters.items() if v}
        elif key == "mana_value":
            found[key] = layers.mana_value(game, obj)
        elif key == "summoning_sick":
            found[key] = obj.sick
        elif key == "damage":
            found[key] = obj.damage
        elif key == "token":
            found[key] = obj.token
        elif key == "attached_to":
            host = game.get(obj.attached_to) if obj.attached_to is not None else None
            found[key] = host.alias if host is not None else False
        elif key == "colors":
            found[key] = sorted(layers.colors(game, obj).letters)
        elif key == "keywords":
            wanted_kw = node.get("keywords") or []
            if not isinstance(wanted_kw, list):
                raise fail(node, key, "a list of keyword names, e.g. [Flying]")
            have = layers.keywords(game, obj)
            found[key] = [k for k in wanted_kw if str(k).lower() in have]
    return found


def _same(found: dict[str, Any], wanted: Node) -> bool:
    for key, value in wanted.items():
        got = found.get(key)
        if key == "colors":
            if sorted(str(v) for v in (value or [])) != got:
                return False
            continue
        if key == "keywords":
            if len(got or []) != len(value or []):
                return False
            continue
        if isinstance(value, dict) and isinstance(got, dict):
            if key == "attacking":
                if {k: str(v) for k, v in value.items()} != got:
                    return False
            elif {str(k): v for k, v in value.items()} != got:
                return False
        elif key == "attacking" and value is False:
            if got is not False:
                return False
        elif got != value and str(got) != str(value):
            return False
    return True


def _permanent(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    if "card" not in value:
        raise fail(value, "card", "missing")
    obj = _find_permanent(game, str(value["card"]))
    if obj is None:
        where = [o.zone.name.lower() for o in _owned(game, str(value["card"]))]
        return False, f"not on the battlefield ({', '.join(where) or 'nowhere'})"
    keys = [k for k in value if k != "card"]
    found = _properties(game, obj, keys, value)
    wanted = Node({k: value[k] for k in keys})
    return _same(found, wanted), _flow(found)


def _pool(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    found: dict[str, str] = {}
    ok = True
    for player in value:
        if player not in game.players:
            raise fail(value, player, f"no player {player!r}")
        try:
            wanted = Mana.parse(str(value[player] or ""))
        except ValueError as err:
            raise fail(value, player, str(err)) from err
        pool = game.player(player).pool
        found[player] = pool.format() or '""'
        ok &= all(pool[t] == wanted[t] for t in "WUBRGC")
    return ok, _flow(found)


def _triggered(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    name, times = str(value.get("card", "")), value.get("times")
    if not isinstance(times, int):
        raise fail(value, "times", "a number")
    found = game.state.triggered.get(name, 0)
    return found == times, f"{found} time(s)"


def _tokens(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    name = str(value.get("name", ""))
    controller = value.get("controller")
    count = value.get("count", 1)
    tokens = [o for o in game.battlefield() if o.token and (o.card == name or not name)
              and (controller is None or game.controller(o) == str(controller))]
    keys = [k for k in value if k not in ("name", "controller", "count")]
    details = [_properties(game, t, keys, value) for t in tokens]
    wanted = Node({k: value[k] for k in keys})
    ok = len(tokens) == count and all(_same(d, wanted) for d in details)
    return ok, f"{len(tokens)} token(s)" + (f" {_flow(details)}" if keys else "")


def _mana_options(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    obj = _find_permanent(game, str(value.get("card", "")))
    if obj is None:
        return False, "not on the battlefield"
    which = value.get("ability", 1)
    try:
        _, entry = find_ability(game.data(obj), which if isinstance(which, int) else str(which))
    except KeyError as err:
        raise fail(value, "ability", str(err.args[0])) from err
    if entry.kind != "mana":
        raise fail(value, "ability", "not a mana ability")
    ability = game.data(obj).profile.mana_abilities[entry.index]
    found = sorted(m.format() for m in mana_options(game, obj, ability))
    options = value.get("options") or []
    if not isinstance(options, list):
        raise fail(value, "options", "a list such as ['{W}', '{U}']")
    try:
        wanted = sorted(Mana.parse(str(o)).format() for o in options)
    except ValueError as err:
        raise fail(value, "options", str(err)) from err
    return found == wanted, _flow(found)


def _stack(game: Game, value: list[Any], item: Node) -> tuple[bool, str]:
    found: list[Any] = []
    ok = len(value) == len(game.stack())
    for i, entry in enumerate(game.stack()):
        spell = game.get(entry.source) if entry.kind == "spell" else None
        value_i = value[i] if i < len(value) else None
        if isinstance(value_i, dict):
            here: dict[str, Any] = {"card": entry.name}
            if "mana_value" in value_i:
                here["mana_value"] = layers.mana_value(game, spell) if spell is not None else 0
            found.append(here)
            ok &= all(str(here.get(k)) == str(v) for k, v in value_i.items())
        else:
            found.append(entry.name)
            ok &= value_i is not None and str(value_i) == entry.name
    return ok, _flow(found)


def _rejected(value: Any, item: Node, rejected: dict[int, str]) -> tuple[bool, str]:
    """``rejected: N`` or ``rejected: {action: N, reason: text}`` (the reason is a part of
    the refusal's message, any case)."""
    reason = ""
    if isinstance(value, Node):
        unknown = sorted(set(value) - EXTENSION_KEYS["rejected_expectation"])
        if unknown:
            raise fail(value, unknown[0], "rejected takes action and reason")
        number, reason = value.get("action"), str(value.get("reason", ""))
    else:
        number = value
    if not isinstance(number, int):
        raise fail(item, "rejected", "an action number, or {action: N, reason: text}")
    if number not in rejected:
        return False, f"action {number} was played"
    return reason.lower() in rejected[number].lower(), f"refused: {rejected[number]}"


def _zone_size(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    for key in ("player", "zone", "count"):
        if key not in value:
            raise fail(value, key, "missing")
    zone = _ZONES.get(str(value["zone"]))
    if zone is None or zone in (Zone.BATTLEFIELD, Zone.STACK, Zone.COMMAND):
        raise fail(value, "zone", "hand, graveyard, library or exile")
    player = str(value["player"])
    if player not in game.players:
        raise fail(value, "player", f"no player {player!r}")
    cards = game.player(player).zone_list(zone)
    names = Counter(game.obj(o).card for o in cards)
    return len(cards) == value["count"], f"{len(cards)} ({_flow(dict(names))})"


def _did_not_resolve(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    times = value.get("times", 1)
    found = game.state.fizzled.get(str(value.get("card", "")), 0)
    return found == times, f"{found} time(s)"


def _damage_dealt(game: Game, value: Node, item: Node) -> tuple[bool, str]:
    for key in ("source", "to", "amount"):
        if key not in value:
            raise fail(value, key, "missing")
    source, to = str(value["source"]), str(value["to"])
    combat = value.get("combat")
    total = sum(r.amount for r in game.state.damage
                if source in (r.source, r.source_card) and to in (r.target, r.target_card)
                and (combat is None or r.combat == bool(combat)))
    return total == value["amount"], str(total)
