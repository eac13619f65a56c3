"""A combo's start board in the rules core, played one scenario action at a time.

:class:`ComboBoard` builds a :class:`~analyzer.rules.Game` from a start board written in the
scenario format (``../shared/rules/SCENARIO_FORMAT.md``: ``turn``, ``players`` with their
zones and card states) exactly as the scenario runner does: the runner's own setup of a
player's zones (:meth:`Game.add` per entry) and of the states that name another permanent
(``attached_to`` through :meth:`Game.attach`, CR 301.5 and 303.4; ``attacking``,
``blocked`` and ``blocking``, CR 506.4) once every permanent is there, then
:meth:`Game.start`. It plays :class:`~analyzer.combos.model.ScenarioAction` values through the
rules core's scenario action builder, and measures the game with
:mod:`analyzer.combos.metrics` names. Each outcome of an action is one of three:

- played;
- refused by the rules (:class:`~analyzer.rules.IllegalActionError`: a cost that can't be
  paid, a target that isn't legal; or a ``pass: {until: resolve}`` with nothing to resolve,
  the ability the line expects having not triggered) - the combo does not work as written:
  :class:`Refused`
  (except a refused ``choose``: an answer the rules core did not ask for means the script
  and the rules core's questions differ, which says nothing about the combo);
- not playable by the rules core (:class:`~analyzer.rules.UnsupportedCardError` naming the
  card and the text, or an action the scenario builder can't map to the card, such as an
  ability the Oracle compiler did not read) - the combo can't be verified: :class:`Unplayable`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.combos.metrics import Metric
from analyzer.combos.model import ScenarioAction
from analyzer.errors import AnalyzerError, InputError
from analyzer.rules import (
    EventKind,
    Game,
    GameObject,
    IllegalActionError,
    Pending,
    RulesError,
    Step,
    Zone,
)
from analyzer.rules.cards import CardLibrary
from analyzer.rules.model import Mana, PlayerState
from analyzer.rules.scenario import apply_entry_state as _scenario_entry_state
from analyzer.rules.scenario import setup_player as _scenario_player
from analyzer.rules.scenario_actions import build_action, pass_until
from analyzer.rules.scenario_file import Node, NodeList

__all__ = ["ComboBoard", "Refused", "Unplayable"]

class Refused(AnalyzerError):
    """The rules refused an action of the line: the combo does not work as written."""


class Unplayable(AnalyzerError):
    """The rules core cannot play part of the line (an unsupported ability or card state)."""


def _node(value: Any, source: str) -> Any:
    """Plain maps and lists as the scenario reader's :class:`Node` / :class:`NodeList`; a
    :class:`Node` read from a scenario file is kept, with the lines of its keys."""
    if isinstance(value, Node | NodeList):
        return value
    if isinstance(value, Mapping):
        node = Node({str(k): _node(v, source) for k, v in value.items()})
        node.path = source
        return node
    if isinstance(value, list | tuple):
        return NodeList(_node(v, source) for v in value)
    return value


def _without_location(err: Exception, source: str) -> str:
    """The text of a setup error without the scenario reader's ``file:line:`` prefix.

    The scenario reader names a YAML file's line (``"F:12: card: ..."``); a catalog entry
    read from TOML has no line (``source`` is ``"copy_loops.toml entry 4"`` and the line 0),
    and its reason is shown per entry anyway. The key stays (``"attached_to: no permanent
    ..."``); an error the reader wrapped (an unsupported card, a refused attachment) is shown
    as the rules core gave it, naming the card and its text.
    """
    cause = err.__cause__
    if isinstance(cause, InputError | RulesError) and str(cause) in str(err):
        return str(cause)
    text = str(err)
    head = f"{source or '<scenario>'}:0: "
    return text[len(head):] if text.startswith(head) else text


def _mana(state: PlayerState) -> Mana:
    """A player's mana pool by type, restricted mana included (CR 106.4, 106.6): a loop
    making mana only for creature spells still makes mana (``mana:P:X``)."""
    total = Mana(state.pool)
    for restricted, n in state.restricted.items():
        total[restricted.kind] += n
    return total


class ComboBoard:
    """A game set up from a combo's start board.

    Parameters
    ----------
    start : mapping
        ``{"turn": {...}, "players": {...}}`` in the scenario format.
    cards : CardLibrary
        Where card names are looked up.
    source : str
        Where the board comes from (file and entry), for messages.

    Raises
    ------
    Unplayable
        A card the library lacks, a card the rules core cannot play (the card and the text
        named), or a card state the rules core's setup refuses (an Aura attached to what it
        can't enchant, an ``attached_to`` naming no permanent), with the card named.
    """

    def __init__(self, start: Mapping[str, Any], cards: CardLibrary, source: str = "") -> None:
        self.source = source
        turn = start.get("turn", {})
        players = start["players"]
        self.game = Game(cards, tuple(players))
        try:
            step = Step.from_key(str(turn.get("step", "main1")))
            # The scenario runner's own setup: zones, card states, then attachments and
            # combat states once every permanent is there (an Aura names its host).
            later: list[tuple[GameObject, Node]] = []
            for player, zones in players.items():
                node = _node(zones, source)
                if not isinstance(node, Node):
                    raise InputError(f"{source}: start.players.{player}: expected a table "
                                     "of zones")
                _scenario_player(self.game, str(player), node, later)
            for obj, entry in later:
                try:
                    _scenario_entry_state(self.game, obj, entry, step)
                except (InputError, RulesError) as err:
                    raise Unplayable(f"start board: {obj.card!r}: "
                                     f"{_without_location(err, source)}") from err
            self.game.start(step, active=str(turn.get("active", next(iter(players)))),
                            turn=int(turn.get("number", 1)))
        except (InputError, RulesError, ValueError) as err:
            raise Unplayable(f"start board: {_without_location(err, source)}") from err
        self.actions_played = 0

    # -- playing -----------------------------------------------------------------------------

    def play(self, action: ScenarioAction) -> None:
        """Play one scenario action.

        Raises
        ------
        Refused
            The rules refused it (:class:`~analyzer.rules.IllegalActionError`).
        Unplayable
            The rules core can't play it (unsupported ability, an action it can't map).
        """
        game = self.game
        self.actions_played += 1
        body = _node(action.to_mapping()[action.kind], self.source)
        where = f"action {action.describe()!r}"
        if game.pending is Pending.GAME_OVER:
            # The line goes on after the game ended (a player drew from an empty library,
            # CR 121.4, 704.5b; or lost at 0 life): the combo stops here, whatever the action.
            lost = [str(e) for e in game.log if e.kind is EventKind.STATE
                    and e.text.endswith("loses the game")]
            raise Refused(f"{where} was refused: the game is over ({'; '.join(lost)})")
        try:
            if action.kind == "pass":
                if str(body.get("until", "resolve")) == "resolve" and not game.state.stack \
                        and not game.state.pending_triggers and game.question is None:
                    # What the line waits for did not trigger (a second undying with a
                    # +1/+1 counter on the creature, CR 702.93a): the combo stops here.
                    raise Refused(f"{where} was refused: nothing is on the stack to resolve "
                                  "(the ability the line expects did not trigger)")
                pass_until(game, body)
                return
            if action.kind == "hold_priority":
                return
            player = str(body.get("player") or game.priority or game.active)
            built = build_action(game, action.kind, body, player,
                                 _node(action.to_mapping(), self.source))
            game.apply(built)
        except IllegalActionError as err:
            if action.kind == "choose":
                # An answer nobody asked for (or not among the options) says the line's
                # script and the rules core's questions differ, not that the combo fails.
                raise Unplayable(f"{where}: the line's answer does not match the rules "
                                 f"core's question ({err})") from err
            raise Refused(f"{where} was refused: {err}") from err
        except (RulesError, InputError) as err:
            raise Unplayable(f"{where}: {err}") from err

    def log_lines(self, start: int = 0) -> list[str]:
        """The game's events from index ``start`` as text (the line)."""
        return [str(e) for e in self.game.log[start:]]

    # -- measuring ---------------------------------------------------------------------------

    def measure(self, metric: Metric) -> int | str:
        """The value of one metric now (see :mod:`analyzer.combos.metrics`).

        """
        game = self.game
        if metric.kind == "winner":
            alive = [p for p in game.players if not game.player(p).lost]
            return alive[0] if len(alive) == 1 else ""
        if metric.about_player:
            return self._player_metric(metric)
        obj = game.find(metric.subject)
        if obj is None:
            return "" if metric.kind in ("zone", "controller", "attacking") else 0
        on_field = obj.zone is Zone.BATTLEFIELD
        if metric.kind == "zone":
            return obj.zone.name.lower()
        if metric.kind == "controller":
            return game.controller(obj) if on_field else obj.owner
        if metric.kind == "tapped":
            return int(on_field and obj.tapped)
        if metric.kind == "attacking":
            return str(obj.attacking) if on_field and obj.attacking is not None else ""
        if metric.kind == "counters":
            return int(obj.counters.get(metric.detail, 0)) if on_field else 0
        from analyzer.rules.layers import power_toughness

        power, toughness = power_toughness(game, obj) if on_field else (0, 0)
        return power if metric.kind == "power" else toughness

    def _player_metric(self, metric: Metric) -> int:
        game = self.game
        state = game.player(metric.subject)
        kind = metric.kind
        if kind == "life":
            return state.life
        if kind == "mana":
            return _mana(state)[metric.detail] if metric.detail else _mana(state).total()
        if kind in ("hand", "library", "graveyard", "exile"):
            return len(getattr(state, kind))
        if kind == "drawn":
            return state.drawn
        mine = [o for o in game.battlefield() if game.controller(o) == metric.subject]
        if kind == "tokens":
            return sum(o.token for o in mine)
        if kind == "permanents":
            return len(mine)
        # Extra turns still to be taken (CR 500.7).
        return sum(1 for p in game.state.extra_turns if p == metric.subject)

    def resources(self) -> dict[str, int]:
        """Every player metric that can grow in a loop: life, mana by type, zone sizes,
        cards drawn (CR 121.1), tokens and permanents, per player."""
        out: dict[str, int] = {}
        for player in self.game.players:
            state = self.game.player(player)
            out[f"life:{player}"] = state.life
            for kind in ("hand", "library", "graveyard", "exile"):
                out[f"{kind}:{player}"] = len(getattr(state, kind))
            out[f"drawn:{player}"] = state.drawn
            for mana, n in _mana(state).items():
                if n:
                    out[f"mana:{player}:{mana}"] = n
            mine = [o for o in self.game.battlefield()
                    if self.game.controller(o) == player]
            out[f"tokens:{player}"] = sum(o.token for o in mine)
            out[f"permanents:{player}"] = len(mine)
        return out

    def draws(self) -> dict[str, int]:
        """Cards each player has drawn so far (:attr:`PlayerState.drawn`, CR 121.1): the
        mark :meth:`signature` leaves out the cards drawn after."""
        return {p: self.game.player(p).drawn for p in self.game.players}

    def signature(self, drawn_since: Mapping[str, int] | None = None) -> tuple[Any, ...]:
        """The board without its resources: each nontoken permanent (card, controller,
        tapped), each hand's cards, the stack's size and the step. A loop must bring the
        board back to the same signature every iteration.

        The cards a player drew after ``drawn_since[player]`` draws (:meth:`draws`) are a
        resource (``drawn:P``), not part of the board: they are left out of the hand. A card
        put into the hand any other way (returned by an effect) is part of it, so a loop
        that fails to return a card still changes the board.
        """
        game = self.game
        since = drawn_since or {}
        permanents = sorted((o.card, game.controller(o), o.tapped)
                            for o in game.battlefield() if not o.token)
        hands = tuple(tuple(sorted(
            o.card for o in map(game.obj, game.player(p).hand)
            if not (p in since and o.drawn > since[p]))) for p in game.players)
        return (tuple(permanents), hands, len(game.stack()), game.step.name)
