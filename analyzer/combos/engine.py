"""A combo's start board in the rules core, played one scenario action at a time.

:class:`ComboBoard` builds a :class:`~analyzer.rules.Game` from a start board written in the
scenario format (``../shared/rules/SCENARIO_FORMAT.md``: ``turn``, ``players`` with their
zones and card states) through the rules core's public setup API (:meth:`Game.add`,
:meth:`Game.start`), plays :class:`~analyzer.combos.model.ScenarioAction` values through the
rules core's scenario action builder, and measures the game with
:mod:`analyzer.combos.metrics` names. Each outcome of an action is one of three:

- played;
- refused by the rules (:class:`~analyzer.rules.IllegalActionError`: a cost that can't be
  paid, a target that isn't legal) - the combo does not work as written: :class:`Refused`
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
from analyzer.rules import Game, IllegalActionError, RulesError, Step, Zone
from analyzer.rules.cards import CardLibrary
from analyzer.rules.model import Mana
from analyzer.rules.scenario_actions import build_action, pass_until
from analyzer.rules.scenario_file import Node, NodeList

__all__ = ["ComboBoard", "Refused", "Unplayable"]

_ZONES = {"battlefield": Zone.BATTLEFIELD, "hand": Zone.HAND, "graveyard": Zone.GRAVEYARD,
          "library": Zone.LIBRARY, "exile": Zone.EXILE}
_FILLER = "Wastes"
"""A player whose library is not given gets filler cards (SCENARIO_FORMAT.md)."""
_FILLER_COUNT = 30
_STATE_KEYS = ("card", "count", "id", "tapped", "summoning_sick", "controller", "counters",
               "damage")
"""Zone entry keys the rules core's setup API takes (``attached_to``, ``attacking``,
``blocked`` and ``blocking`` have no setup API yet)."""


class Refused(AnalyzerError):
    """The rules refused an action of the line: the combo does not work as written."""


class Unplayable(AnalyzerError):
    """The rules core cannot play part of the line (an unsupported ability or card state)."""


def _node(value: Any, source: str) -> Any:
    """Plain maps and lists as the scenario reader's :class:`Node` / :class:`NodeList`."""
    if isinstance(value, Mapping):
        node = Node({str(k): _node(v, source) for k, v in value.items()})
        node.path = source
        return node
    if isinstance(value, list | tuple):
        return NodeList(_node(v, source) for v in value)
    return value


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
        A card the library lacks, or a card state the rules core's setup can't create.
    """

    def __init__(self, start: Mapping[str, Any], cards: CardLibrary, source: str = "") -> None:
        self.source = source
        turn = start.get("turn", {})
        players = start["players"]
        self.game = Game(cards, tuple(players))
        try:
            for player, zones in players.items():
                self._player(player, zones)
            self.game.start(Step.from_key(str(turn.get("step", "main1"))),
                            active=str(turn.get("active", next(iter(players)))),
                            turn=int(turn.get("number", 1)))
        except (InputError, RulesError, ValueError) as err:
            raise Unplayable(f"start board: {err}") from err
        self.actions_played = 0

    def _player(self, player: str, zones: Mapping[str, Any]) -> None:
        state = self.game.player(player)
        state.life = int(zones.get("life", 20))
        state.pool.update(Mana.parse(str(zones.get("mana_pool", ""))))
        if "library" not in zones:
            for _ in range(_FILLER_COUNT):
                self.game.add(_FILLER, Zone.LIBRARY, player, alias=f"{player}'s {_FILLER}")
        for key, zone in _ZONES.items():
            for entry in zones.get(key, ()):
                self._entry(player, zone, entry)

    def _entry(self, owner: str, zone: Zone, entry: Any) -> None:
        if isinstance(entry, str):
            head, _, tail = entry.rpartition(" x")
            entry = {"card": head, "count": int(tail)} if head and tail.isdigit() \
                else {"card": entry}
        extra = sorted(set(entry) - set(_STATE_KEYS))
        if extra:
            raise Unplayable(f"start board: {entry['card']!r}: the rules core cannot set up "
                             f"{extra[0]!r} yet")
        count = int(entry.get("count", 1))
        for i in range(count):
            alias = entry.get("id")
            self.game.add(
                str(entry["card"]), zone, owner,
                alias=None if alias is None else (f"{alias} {i + 1}" if count > 1
                                                  else str(alias)),
                controller=entry.get("controller"), tapped=bool(entry.get("tapped", False)),
                sick=bool(entry.get("summoning_sick", False)),
                counters={str(k): int(v) for k, v in dict(entry.get("counters", {})).items()},
                damage=int(entry.get("damage", 0)))

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
        try:
            if action.kind == "pass":
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

        Raises
        ------
        Unplayable
            The rules core keeps no state for it (``extra_turns`` without turn tracking).
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
            return state.pool[metric.detail] if metric.detail else state.pool.total()
        if kind in ("hand", "library", "graveyard", "exile"):
            return len(getattr(state, kind))
        mine = [o for o in game.battlefield() if game.controller(o) == metric.subject]
        if kind == "tokens":
            return sum(o.token for o in mine)
        if kind == "permanents":
            return len(mine)
        extra = getattr(game.state, "extra_turns", None)
        if extra is None:
            raise Unplayable("the rules core cannot count extra turns yet (metric "
                             f"{str(metric)!r})")
        return sum(1 for p in extra if p == metric.subject)

    def resources(self) -> dict[str, int]:
        """Every player metric that can grow in a loop: life, mana by type, zone sizes,
        tokens and permanents, per player."""
        out: dict[str, int] = {}
        for player in self.game.players:
            state = self.game.player(player)
            out[f"life:{player}"] = state.life
            for kind in ("hand", "library", "graveyard", "exile"):
                out[f"{kind}:{player}"] = len(getattr(state, kind))
            for mana, n in state.pool.items():
                if n:
                    out[f"mana:{player}:{mana}"] = n
            mine = [o for o in self.game.battlefield()
                    if self.game.controller(o) == player]
            out[f"tokens:{player}"] = sum(o.token for o in mine)
            out[f"permanents:{player}"] = len(mine)
        return out

    def signature(self) -> tuple[Any, ...]:
        """The board without its resources: each nontoken permanent (card, controller,
        tapped), each hand's cards, the stack's size and the step. A loop must bring the
        board back to the same signature every iteration."""
        game = self.game
        permanents = sorted((o.card, game.controller(o), o.tapped)
                            for o in game.battlefield() if not o.token)
        hands = tuple(tuple(sorted(game.obj(i).card for i in game.player(p).hand))
                      for p in game.players)
        return (tuple(permanents), hands, len(game.stack()), game.step.name)
