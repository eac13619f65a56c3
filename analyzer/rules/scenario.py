"""Scenario files: set up a board, play a line, check expectations (SCENARIO_FORMAT.md).

:func:`run_file` runs every scenario (YAML document) of a file and returns one
:class:`Check` per expectation; ``spellweb scenario FILE...`` prints them. The extensions
this project makes to the format are documented in ``docs/scenarios.md``.

Examples
--------
>>> text = '''
... id: BOLT
... turn: {active: A, step: main1}
... players:
...   A: {battlefield: [Mountain], hand: [Lightning Bolt]}
...   B: {}
... actions:
...   - cast: {player: A, card: Lightning Bolt, targets: [B]}
...   - pass: {until: resolve}
... expect:
...   - life: {B: 17}
... '''
>>> [c.line() for c in run_text(text, "bolt.yaml")]
['PASS BOLT: life: {B: 17}']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.errors import InputError
from analyzer.rules.actions import Action
from analyzer.rules.cards import CardLibrary, inline_card
from analyzer.rules.counters import counter_problem
from analyzer.rules.errors import (
    AmbiguousNameError,
    IllegalActionError,
    RulesError,
    ScenarioError,
)
from analyzer.rules.expectations import check_expectation, describe_expectation
from analyzer.rules.game import Game
from analyzer.rules.model import GameObject, PlayerId, Step, Zone
from analyzer.rules.scenario_extensions import EXTENSION_KEYS, EXTENSION_VALUES
from analyzer.rules.scenario_file import Node, fail, flag, load_documents, stop
from analyzer.rules.state import Pending

__all__ = ["Check", "ScenarioRun", "apply_entry_state", "run_file", "run_text", "setup_player"]

_ZONES = {"battlefield": Zone.BATTLEFIELD, "hand": Zone.HAND, "graveyard": Zone.GRAVEYARD,
          "library": Zone.LIBRARY, "exile": Zone.EXILE, "command": Zone.COMMAND}
_FILLER = "Wastes"
_FILLER_COUNT = 30


@dataclass(frozen=True, slots=True)
class Check:
    """One expectation checked (or an action that went wrong)."""

    scenario: str
    """The scenario's id."""
    what: str
    """The expectation as written (``"life: {B: 17}"``)."""
    ok: bool
    """Whether it holds."""
    found: str = ""
    """What was found instead, on failure."""

    def line(self) -> str:
        """``"PASS SNK-01: life: {B: 19}"`` or ``"FAIL ...: ... -- found ..."``."""
        head = f"{'PASS' if self.ok else 'FAIL'} {self.scenario}: {self.what}"
        return head if self.ok else f"{head} -- found {self.found}"


@dataclass
class ScenarioRun:
    """A scenario being played: the game, the actions' outcomes, the aliases."""

    id: str
    """The scenario's id."""
    game: Game
    """The game."""
    rejected: dict[int, str] = field(default_factory=dict)
    """1-based indices of refused actions, with the reason given."""
    stopped: str = ""
    """Why the line stopped early (an action refused unexpectedly, an unsupported card)."""


def run_file(path: str | Path, cards: CardLibrary | None = None) -> list[Check]:
    """Run every scenario of the file at ``path``.

    Raises
    ------
    ScenarioError
        The file can't be read or a scenario is malformed (file, key and line named).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ScenarioError(f"{path}: can't read the file: {err}") from err
    return run_text(text, str(path), cards)


def run_text(text: str, path: str = "<scenario>", cards: CardLibrary | None = None
             ) -> list[Check]:
    """Run every scenario of a YAML text (see :func:`run_file`)."""
    base = cards or CardLibrary.starter()
    checks: list[Check] = []
    for document in load_documents(text, path):
        checks += _run_document(document, base)
    return checks


def _library(base: CardLibrary, document: Node) -> CardLibrary:
    def lookup(name: str) -> Any:
        try:
            return base.get(name).card
        except InputError:
            return None

    library = CardLibrary(lookup)
    inline = document.get("cards") or []
    if not isinstance(inline, list):
        raise fail(document, "cards", "a list of cards (name, mana_cost, type, text, power, "
                                      "toughness)")
    allowed = {"name", "mana_cost", "type", "text", "power", "toughness",
               *EXTENSION_KEYS["inline_card"]}
    for entry in inline:
        if not isinstance(entry, Node) or "name" not in entry or "type" not in entry:
            raise fail(document, "cards", "each card needs at least 'name' and 'type'")
        unknown = sorted(set(entry) - allowed)
        if unknown:
            raise fail(entry, unknown[0], f"an inline card takes {', '.join(sorted(allowed))}")
        _check_inline_numbers(entry)
        try:
            library.define(inline_card(
                str(entry["name"]), str(entry.get("mana_cost", "") or ""), str(entry["type"]),
                str(entry.get("text", "") or ""), _opt(entry.get("power")),
                _opt(entry.get("toughness")), _opt(entry.get("loyalty"))))
        except ValueError as err:
            raise fail(entry, "type", str(err)) from err
    return library


def _check_inline_numbers(entry: Node) -> None:
    """An inline creature has a printed power and toughness (CR 208.1); a planeswalker a
    loyalty (CR 306.5b). Each is a whole number, or contains ``*`` for a value an ability
    defines (CR 208.2, which the rules core then refuses with the reason)."""
    words = str(entry["type"]).partition("—")[0].split()
    needed = [k for k, kind in (("power", "Creature"), ("toughness", "Creature"),
                                ("loyalty", "Planeswalker")) if kind in words]
    for key in needed:
        if entry.get(key) is None:
            raise fail(entry, "type", f"a {key} is missing: an inline "
                                      f"{'creature' if key != 'loyalty' else 'planeswalker'} "
                                      f"needs its {key} (e.g. {key}: \"2\")")
    for key in ("power", "toughness", "loyalty"):
        value = entry.get(key)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            continue
        text = str(value).strip()
        if not (text.lstrip("+-").isdigit() or "*" in text):
            raise fail(entry, key, f"{value!r} is not a number: give a whole number such as "
                                   f"\"2\" (or \"*\" for a value an ability defines)")


def _opt(value: Any) -> str | None:
    return None if value is None else str(value)


def _run_document(document: Node, base: CardLibrary) -> list[Check]:
    sid = str(document.get("id", Path(document.path).stem))
    unknown = set(document) - {"id", "title", "rules", "cards", "turn", "players", "actions",
                               "expect", *EXTENSION_KEYS["top"]}
    if unknown:
        key = sorted(unknown)[0]
        raise fail(document, key, "unknown key (id, title, rules, cards, turn, players, "
                                  "actions, expect)")
    library = _library(base, document)
    try:
        game = _setup(document, library)
    except RulesError as err:
        where = f"{document.path}:{document.line}: " if not str(err).startswith(
            document.path) else ""
        return [Check(sid, "the board can be set up", False, f"{where}{err}")]
    run = ScenarioRun(sid, game)
    expectations = document.get("expect") or []
    if not isinstance(expectations, list):
        raise fail(document, "expect", "a list of expectations")
    actions = document.get("actions") or []
    if not isinstance(actions, list):
        raise fail(document, "actions", "a list of actions")
    by_step: dict[int, list[Node]] = {}
    order = {id(item): i for i, item in enumerate(expectations)}
    for item in expectations:
        if not isinstance(item, Node):
            raise fail(document, "expect", "each expectation is a one-key map")
        after = item.get("after", len(actions))
        if not isinstance(after, int) or not 0 <= after <= len(actions):
            raise fail(item, "after", f"an action number from 0 to {len(actions)}")
        by_step.setdefault(after, []).append(item)
    done: list[tuple[int, Check]] = [(order[id(e)], _check(run, e)) for e in by_step.get(0, [])]
    for number, action in enumerate(actions, start=1):
        if not run.stopped:
            _do(run, action, number, document)
        done += [(order[id(e)], _check(run, e)) for e in by_step.get(number, [])]
    checks = [c for _, c in sorted(done, key=lambda pair: pair[0])]
    if run.stopped:
        checks.insert(0, Check(sid, "the line plays to its end", False, run.stopped))
    return checks


def _check(run: ScenarioRun, item: Node) -> Check:
    what = describe_expectation(item)
    if run.stopped:
        return Check(run.id, what, False, f"not checked: {run.stopped}")
    try:
        ok, found = check_expectation(run.game, item, run.rejected)
    except ScenarioError:
        raise
    except RulesError as err:
        ok, found = False, str(err)
    return Check(run.id, what, ok, found)


# -- setup -------------------------------------------------------------------------------------


def _setup(document: Node, library: CardLibrary) -> Game:
    if "turn" not in document:
        raise fail(document, "turn", "missing: every scenario gives its turn, such as "
                                     "`turn: {active: A, step: main1}` (SCENARIO_FORMAT.md)")
    turn = document.get("turn")
    if not isinstance(turn, Node):
        raise fail(document, "turn", "a map such as {active: A, step: main1}")
    for key in ("active", "step"):
        if key not in turn:
            raise fail(turn, key, "missing: `turn` gives the active player and the step, "
                                  "such as {active: A, step: main1}")
    unknown_turn = sorted(set(turn) - {"active", "step", "number"})
    if unknown_turn:
        raise fail(turn, unknown_turn[0], "turn takes active, step, number")
    players = document.get("players")
    if not isinstance(players, Node) or not players:
        raise fail(document, "players", "a map of players (A, B) to their zones")
    names = tuple(str(p) for p in players)
    if len(names) < 2:
        raise fail(document, "players", "at least two players")
    active = str(turn.get("active", names[0]))
    if active not in names:
        raise fail(turn, "active", f"{active!r} is not one of the players {', '.join(names)}")
    try:
        step = Step.from_key(str(turn.get("step", "main1")))
    except ValueError as err:
        raise fail(turn, "step", str(err)) from err
    number = turn.get("number", 1)
    if not isinstance(number, int) or number < 1:
        raise fail(turn, "number", "a turn number (1 or more)")
    game = Game(library, names)
    later: list[tuple[GameObject, Node]] = []
    for name in names:
        spec = players[name] or Node()
        if not isinstance(spec, Node):
            raise fail(players, name, "a map of zones (battlefield, hand, graveyard, library...)")
        setup_player(game, name, spec, later)
    for obj, entry in later:
        apply_entry_state(game, obj, entry, step)
    game.start(step, active, number)
    return game


def setup_player(game: Game, name: PlayerId, spec: Node,
                 later: list[tuple[GameObject, Node]]) -> None:
    """Set up one player of a scenario board (SCENARIO_FORMAT.md "players": life, mana pool
    and zones) in ``game``; entries that name other permanents (``attached_to``,
    ``attacking``, ``blocking``) are appended to ``later`` for :func:`apply_entry_state`.

    Raises
    ------
    InputError
        An unknown key or a bad value, naming the file, line and key.
    """
    from analyzer.rules.model import Mana

    allowed = {"life", "mana_pool", *_ZONES}
    unknown = set(spec) - allowed
    if unknown:
        raise fail(spec, sorted(unknown)[0], f"unknown key for a player ({', '.join(allowed)})")
    state = game.player(name)
    life = spec.get("life", 20)
    if not isinstance(life, int):
        raise fail(spec, "life", "a whole number")
    state.life = life
    try:
        state.pool.update(Mana.parse(str(spec.get("mana_pool", "") or "")))
    except ValueError as err:
        raise fail(spec, "mana_pool", str(err)) from err
    if "library" not in spec:
        for _ in range(_FILLER_COUNT):
            game.add(_FILLER, Zone.LIBRARY, name, alias=f"{name}'s library {_FILLER}")
    for key, zone in _ZONES.items():
        entries = spec.get(key) or []
        if not isinstance(entries, list):
            raise fail(spec, key, "a list of cards")
        for entry in entries:
            _entry(game, name, zone, entry, spec, key, later)


def _entry(game: Game, owner: PlayerId, zone: Zone, entry: Any, parent: Node, key: str,
           later: list[tuple[GameObject, Node]]) -> None:
    node = entry if isinstance(entry, Node) else Node()
    if isinstance(entry, str):
        text, count = entry, 1
        head, _, tail = entry.rpartition(" x")
        if head and tail.isdigit():
            text, count = head, int(tail)
        node["card"], node["count"] = text, count
        node.path, node.line = parent.path, parent.line_of(key)
    elif not isinstance(entry, Node) or "card" not in entry:
        raise fail(parent, key, f"each entry is a card name or a map with 'card', not {entry!r}")
    allowed = {"card", "count", "id", "tapped", "summoning_sick", "controller", "counters",
               "attacking", "blocked", "blocking", "attached_to", "damage", "commander"}
    unknown = set(node) - allowed
    if unknown:
        raise fail(node, sorted(unknown)[0], f"unknown key ({', '.join(sorted(allowed))})")
    count = node.get("count", 1)
    if not isinstance(count, int) or count < 1:
        raise fail(node, "count", "a number of copies, 1 or more")
    controller = node.get("controller")
    if controller is not None and str(controller) not in game.players:
        raise fail(node, "controller", f"no player {controller!r}")
    counters = node.get("counters") or {}
    if not isinstance(counters, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in counters.values()):
        raise fail(node, "counters", 'a map of counter kind to number, e.g. {"+1/+1": 2}')
    for kind, n in counters.items():
        if n < 0:
            raise fail(node, "counters", f"{kind}: {n}: a number of counters is 0 or more "
                                         "(CR 122.1)")
        problem = counter_problem(str(kind))
        if problem:
            raise fail(node, "counters", problem)
    damage = node.get("damage", 0)
    if damage is None:
        damage = 0
    if not isinstance(damage, int) or isinstance(damage, bool) or damage < 0:
        raise fail(node, "damage", f"damage marked on a permanent is a whole number, 0 or more "
                                   f"(CR 120.3e), not {damage!r}")
    tapped, sick = flag(node, "tapped"), flag(node, "summoning_sick")
    # A card in the command zone is its owner's commander (CR 903.6); ``commander: true``
    # designates one set up elsewhere (CR 903.3: the designation goes with the card).
    commander = flag(node, "commander", default=zone is Zone.COMMAND)
    flag(node, "blocked")
    alias = node.get("id")
    if alias is not None:
        taken = {o.alias for o in game.objects() if o.oid not in game.unnamed}
        names = [f"{alias} {i + 1}" for i in range(count)] if count > 1 else [str(alias)]
        if taken & set(names):
            raise fail(node, "id", f"id {alias!r} is already given to another object; an id "
                                   "names one object (SCENARIO_FORMAT.md)")
    for i in range(count):
        alias = node.get("id")
        if alias is not None and count > 1:
            alias = f"{alias} {i + 1}"
        try:
            obj = game.add(str(node["card"]), zone, owner, alias=None if alias is None
                           else str(alias), controller=None if controller is None
                           else str(controller), tapped=tapped, sick=sick,
                           counters={str(k): int(v) for k, v in counters.items()},
                           damage=damage, commander=commander)
        except InputError as err:
            raise fail(node, "card", str(err)) from err
        except RulesError as err:
            raise stop(node, "card", str(err)) from err
        if alias is None:
            game.unnamed.add(obj.oid)
        if any(k in node for k in ("attacking", "blocking", "blocked", "attached_to")):
            later.append((obj, node))


def apply_entry_state(game: Game, obj: GameObject, node: Node, step: Step) -> None:
    """Apply a zone entry's states that name other objects: ``attached_to`` (CR 301.5,
    303.4), ``attacking``, ``blocked``, ``blocking`` (when the game starts in a combat step).

    Raises
    ------
    InputError
        A missing or illegal host or attack target, naming the file, line and key.
    """
    if "attached_to" in node:
        if obj.zone is not Zone.BATTLEFIELD:
            raise fail(node, "attached_to", "only an Aura or Equipment on the battlefield is "
                                            "attached")
        host = _setup_find(game, node, "attached_to", str(node["attached_to"]))
        if host is None or host.zone is not Zone.BATTLEFIELD:
            raise fail(node, "attached_to", f"no permanent {node['attached_to']!r} on the "
                                            "battlefield")
        try:
            game.attach(obj, host)
        except InputError as err:
            raise fail(node, "attached_to", str(err)) from err
        except RulesError as err:
            raise stop(node, "attached_to", str(err)) from err
    if "attacking" in node:
        obj.attacking = _attack_target(game, node["attacking"], node, "attacking")
        past_blocks = step.value >= Step.DECLARE_BLOCKERS.value
        obj.blocked = flag(node, "blocked") if past_blocks else None
    if "blocking" in node:
        attacker = _setup_find(game, node, "blocking", str(node["blocking"]))
        if attacker is None or attacker.zone is not Zone.BATTLEFIELD:
            raise fail(node, "blocking", f"no attacker {node['blocking']!r} on the battlefield")
        obj.blocking = (attacker.oid,)
        attacker.blocked = True


def _setup_find(game: Game, node: Node, key: str, name: str) -> GameObject | None:
    try:
        return game.find_one(name, (Zone.BATTLEFIELD,))
    except AmbiguousNameError as err:
        raise fail(node, key, str(err)) from err


def _attack_target(game: Game, value: Any, node: Node, key: str) -> Any:
    if isinstance(value, Node):
        which = value.get("planeswalker", value.get("battle"))
        target = _setup_find(game, node, key, str(which)) if which is not None else None
        if target is None or target.zone is not Zone.BATTLEFIELD:
            raise fail(node, key, f"no planeswalker or battle {which!r} on the battlefield")
        return target.ref
    if str(value) not in game.players:
        raise fail(node, key, f"{value!r} is not a player; use {{planeswalker: ID}} for a "
                              "planeswalker")
    return str(value)


# -- actions -----------------------------------------------------------------------------------


def _do(run: ScenarioRun, action: Any, number: int, document: Node) -> None:
    game = run.game
    if not isinstance(action, Node) or len(action) != 1:
        raise fail(document, "actions", f"action {number} must be a one-key map such as "
                                        "{cast: {...}}")
    kind = next(iter(action))
    body = action[kind]
    if body is None:
        body = Node()
        body.path, body.line, body.lines = action.path, action.line_of(kind), {}
    if not isinstance(body, Node):
        raise fail(action, kind, "a map of the action's keys")
    flag = body.get("rejected", False)
    if flag not in (True, False, *EXTENSION_VALUES["rejected_action"]):
        raise fail(body, "rejected", "true, false or optional")
    expected_refusal: bool | None = None if flag == "optional" else bool(flag)
    player = str(body.get("player", game.priority or _decider(game)))
    if player not in game.players:
        raise fail(body, "player", f"no player {player!r}")
    try:
        if kind == "pass":
            _pass(game, body)
            return
        if kind == "hold_priority":
            from analyzer.rules.scenario_actions import check_keys
            check_keys(kind, body)
            return
        built = _build(game, kind, body, player, action)
    except IllegalActionError as err:
        _refused(run, number, kind, str(err), expected_refusal)
        return
    except RulesError as err:
        run.stopped = f"action {number} ({kind}): {_located(err, body, kind)}"
        return
    before = game.fingerprint()
    try:
        game.apply(built)
    except IllegalActionError as err:
        if game.fingerprint() != before:
            run.stopped = f"action {number} ({kind}) was refused but changed the game"
            return
        _refused(run, number, kind, str(err), expected_refusal)
        return
    except RulesError as err:
        run.stopped = f"action {number} ({kind}): {_located(err, body, kind)}"
        return
    if expected_refusal:
        run.stopped = f"action {number} ({kind}) should have been refused but was played"


def _located(err: RulesError, body: Node, kind: str) -> str:
    """The error's text, prefixed with the action's file and line when it lacks them."""
    text = str(err)
    if body.path and text.startswith(f"{body.path}:"):
        return text
    return f"{body.path or '<scenario>'}:{body.line}: {kind}: {text}"


def _refused(run: ScenarioRun, number: int, kind: str, why: str, expected: bool | None) -> None:
    run.rejected[number] = why
    if expected is False:
        run.stopped = f"action {number} ({kind}) was refused: {why}"


def _decider(game: Game) -> PlayerId:
    s = game.state
    if s.pending is Pending.ATTACKERS or s.pending is Pending.CLEANUP:
        return s.active
    if s.pending is Pending.BLOCKERS:
        return game.opponents(s.active)[0]
    if s.pending is Pending.CHOICE and s.question is not None:
        return s.question.player
    return s.active


def _build(game: Game, kind: str, body: Node, player: PlayerId, action: Node) -> Action:
    from analyzer.rules.scenario_actions import build_action

    return build_action(game, kind, body, player, action)


def _pass(game: Game, body: Node) -> None:
    from analyzer.rules.scenario_actions import pass_until

    pass_until(game, body)

