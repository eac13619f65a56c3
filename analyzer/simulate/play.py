"""Step through a line of play on a board: forward, back, reset, and what the board shows.

A :class:`LinePlayer` holds one rules-core :class:`~analyzer.rules.Game` and a *script*, the
actions to step through: a line found by the line search (:attr:`Line.moves
<analyzer.simulate.lines.Line.moves>`) or the actions a user played by hand. Forward plays
the script's next action (:meth:`Game.apply <analyzer.rules.Game.apply>`), back takes the
last one back (:meth:`Game.undo <analyzer.rules.Game.undo>`), reset takes them all back.
Playing an action that is not the script's next one replaces the rest of the script, as a
browser's history does.

:func:`board_snapshot` reads what a player sees of a game — each player's zones with each
object's state (tapped, summoning sickness, counters, power and toughness after layers,
combat), the stack, the mana pools and life totals — as plain values, for views and tests.

Examples
--------
>>> from analyzer.rules import CardLibrary, Zone
>>> from analyzer.simulate.board import BoardSpec, build_game
>>> spec = BoardSpec().with_card("A", Zone.BATTLEFIELD, "Mountain")
>>> spec = spec.with_card("A", Zone.HAND, "Lightning Bolt")
>>> player = LinePlayer(build_game(spec, CardLibrary.starter()))
>>> bolt = next(c for c in player.legal_actions() if "Lightning Bolt" in c.words
...             and "targeting B" in c.words)
>>> player.play(bolt.action).words
'A casts Lightning Bolt (targeting B)'
>>> [entry.text for entry in player.snapshot().stack]
['Lightning Bolt (spell, targeting B)']
>>> player.back(), player.position, player.can_forward
(True, 0, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from analyzer.rules import Action, Event, Game, GameObject, RulesError, Step, Zone
from analyzer.simulate.board import BOARD_ZONES
from analyzer.simulate.lines import describe_action

__all__ = [
    "ActionChoice",
    "BoardSnapshot",
    "LinePlayer",
    "ObjectView",
    "Played",
    "PlayerView",
    "StackEntry",
    "ZoneView",
    "board_place",
    "board_snapshot",
]


@dataclass(frozen=True, slots=True)
class ObjectView:
    """One card or token as a player sees it in its zone."""

    oid: int
    """The rules core's object id (kept across zones)."""
    card: str
    """The card's name (Oracle name, or the token's name)."""
    name: str
    """The object's scenario ID (``"Island 1"``, ``"Grizzly Bears #2"``)."""
    owner: str
    """Its owner (CR 108.3)."""
    controller: str
    """Its controller on the battlefield after layer 2 (CR 613.1b); else its owner."""
    zone: Zone
    """Where it is."""
    tapped: bool = False
    """Tapped (CR 110.5)."""
    summoning_sick: bool = False
    """A creature that can't attack or use {T} abilities yet (CR 302.6): not continuously
    controlled since its controller's turn began, and no haste."""
    counters: tuple[tuple[str, int], ...] = ()
    """Counters by kind (CR 122), sorted."""
    power: int | None = None
    """A creature permanent's power after layers 7a-7d (CR 613.4); ``None`` otherwise."""
    toughness: int | None = None
    """Its toughness after layers."""
    damage: int = 0
    """Damage marked (CR 120.3e)."""
    attacking: str = ""
    """The player or planeswalker it attacks (CR 506.4); ``""`` when not attacking."""
    blocked: bool | None = None
    """For an attacker after blocks: blocked (CR 509.1h)."""
    blocking: tuple[str, ...] = ()
    """The attackers it blocks, by name (CR 509.1g)."""
    token: bool = False
    """A token (CR 111)."""

    @property
    def pt(self) -> str:
        """``"2/2"``; ``""`` for a non-creature."""
        return "" if self.power is None else f"{self.power}/{self.toughness}"

    @property
    def state(self) -> str:
        """Its states in words: ``"tapped, summoning sick, attacking B (unblocked)"``."""
        words = [w for w, on in (("tapped", self.tapped),
                                 ("summoning sick", self.summoning_sick),
                                 ("token", self.token)) if on]
        words += [f"{n} {kind}" for kind, n in self.counters]
        if self.damage:
            words.append(f"{self.damage} damage")
        if self.attacking:
            how = "" if self.blocked is None else (" (blocked)" if self.blocked
                                                    else " (unblocked)")
            words.append(f"attacking {self.attacking}{how}")
        if self.blocking:
            words.append(f"blocking {', '.join(self.blocking)}")
        if self.controller != self.owner:
            words.append(f"controlled by {self.controller}")
        return ", ".join(words)


@dataclass(frozen=True, slots=True)
class ZoneView:
    """One player's zone."""

    zone: Zone
    """Which zone."""
    objects: tuple[ObjectView, ...]
    """Its objects: the library top first, the graveyard oldest first, the battlefield in
    timestamp order (the permanents the player controls)."""

    @property
    def label(self) -> str:
        """``"Battlefield"``, ``"Library (top first)"``."""
        return {Zone.LIBRARY: "Library (top first)"}.get(
            self.zone, self.zone.name.capitalize())


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player: life, mana pool and zones (CR 102, 106.4, 119)."""

    name: str
    """The player's name."""
    life: int
    """Life total."""
    pool: str
    """Mana in the pool, ``"{U}{G}"`` (``""``: empty)."""
    zones: tuple[ZoneView, ...]
    """Hand, battlefield, library, graveyard, exile (:data:`~.board.BOARD_ZONES` order)."""
    active: bool = False
    """The active player (CR 102.1)."""
    priority: bool = False
    """Has priority now (CR 117)."""
    lost: bool = False
    """Lost the game (CR 104.3)."""

    def zone(self, zone: Zone) -> ZoneView:
        """The view of ``zone`` (KeyError for a zone not shown)."""
        for view in self.zones:
            if view.zone is zone:
                return view
        raise KeyError(zone)


@dataclass(frozen=True, slots=True)
class StackEntry:
    """A spell or ability on the stack (CR 405)."""

    text: str
    """``"Lightning Bolt (spell, targeting B)"``."""
    controller: str
    """Who controls it."""
    kind: str
    """``"spell"``, ``"activated"``, ``"triggered"`` or ``"ninjutsu"``."""
    card: str
    """The spell's or the source's card name."""


@dataclass(frozen=True)
class BoardSnapshot:
    """What a player sees of the game at one moment."""

    players: tuple[PlayerView, ...]
    """Every player in turn order."""
    stack: tuple[StackEntry, ...]
    """The stack, top first."""
    turn: int
    """Turn number."""
    step: Step
    """The current step."""
    waiting: str
    """What the game waits for, in words (``"A has priority"``, ``"B declares blockers"``,
    ``"A answers: Draw a card?"``)."""

    def player(self, name: str) -> PlayerView:
        """The view of player ``name`` (KeyError if none)."""
        for view in self.players:
            if view.name == name:
                return view
        raise KeyError(name)

    @property
    def heading(self) -> str:
        """``"Turn 1 · declare blockers step · A active · A has priority"``."""
        active = next((p.name for p in self.players if p.active), "")
        return f"Turn {self.turn} · {self.step.label} · {active} active · {self.waiting}"


def _object_view(game: Game, obj: GameObject) -> ObjectView:
    from analyzer.rules import layers

    controller, power, toughness, sick = obj.owner, None, None, False
    if obj.zone is Zone.BATTLEFIELD:
        controller = game.controller(obj)
        if layers.is_type(game, obj, "Creature"):
            try:
                power, toughness = layers.power_toughness(game, obj)
            except RulesError:   # a "*" the rules core cannot compute: shown as unknown
                power = toughness = None
            sick = obj.sick and not layers.has_keyword(game, obj, "Haste")
    attacking = ""
    if obj.attacking is not None:
        target = obj.attacking
        attacking = target if isinstance(target, str) else _alias(game, target[0])
    return ObjectView(obj.oid, obj.card, obj.alias, obj.owner, controller, obj.zone,
                      obj.tapped and obj.zone is Zone.BATTLEFIELD, sick,
                      tuple(sorted((k, n) for k, n in obj.counters.items() if n)),
                      power, toughness, obj.damage, attacking,
                      obj.blocked if obj.attacking is not None else None,
                      tuple(_alias(game, a) for a in obj.blocking), obj.token)


def _alias(game: Game, oid: int) -> str:
    try:
        return game.obj(oid).alias
    except KeyError:
        return f"#{oid}"


def _waiting(game: Game) -> str:
    from analyzer.rules import Pending

    s = game.state
    if s.pending is Pending.GAME_OVER:
        return "the game is over"
    if s.pending is Pending.CHOICE and s.question is not None:
        return f"{s.question.player} answers: {s.question.prompt}"
    if s.pending is Pending.ATTACKERS:
        return f"{s.active} declares attackers"
    if s.pending is Pending.BLOCKERS:
        return f"{game.opponents(s.active)[0]} declares blockers"
    if s.pending is Pending.CLEANUP:
        return "the turn ends (cleanup step)"
    return f"{s.priority} has priority" if s.priority else "nobody has priority"


def _stack_text(game: Game, item: object) -> StackEntry:
    from analyzer.rules.model import StackItem

    assert isinstance(item, StackItem)
    what = "spell" if item.kind == "spell" else f"{item.kind} ability"
    targets = [t if isinstance(t, str) else _alias(game, t[0]) for t in item.targets]
    extra = f", targeting {', '.join(targets)}" if targets else ""
    extra += f", X={item.x}" if item.x else ""
    source = game.state.objects.get(item.source[0])
    card = source.card if source is not None else item.name
    return StackEntry(f"{item.name} ({what}{extra})", item.controller, item.kind, card)


def board_snapshot(game: Game) -> BoardSnapshot:
    """What a player sees of ``game`` now (the Lines view's board, stack and pools).

    Returns
    -------
    BoardSnapshot
        Each player's zones in :data:`~analyzer.simulate.board.BOARD_ZONES` order; the
        battlefield zone of a player holds the permanents they control (CR 110.2), with
        power and toughness after layers (CR 613.4) and summoning sickness as CR 302.6
        applies it (haste counted, 702.10b).
    """
    s = game.state
    players = []
    for name in game.players:
        state = game.player(name)
        zones = []
        for zone in BOARD_ZONES:
            if zone is Zone.BATTLEFIELD:
                objects = [o for o in game.battlefield() if game.controller(o) == name]
            else:
                objects = [game.obj(oid) for oid in state.zone_list(zone)]
            zones.append(ZoneView(zone, tuple(_object_view(game, o) for o in objects)))
        players.append(PlayerView(name, state.life, state.pool.format(), tuple(zones),
                                  name == s.active, name == s.priority, state.lost))
    return BoardSnapshot(tuple(players), tuple(_stack_text(game, i) for i in game.stack()),
                         s.turn, s.step, _waiting(game))


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """A legal action with its words."""

    action: Action
    """The rules core's action value."""
    words: str
    """``"A casts Lightning Bolt (targeting B)"`` (:func:`~.lines.describe_action`)."""


@dataclass(frozen=True, slots=True)
class Played:
    """One action played by a :class:`LinePlayer`."""

    action: Action
    """The action."""
    words: str
    """What it was, in words (said before it was played)."""
    events: tuple[Event, ...]
    """The events it caused (the rules core's log lines)."""
    log_start: int
    """Index in :attr:`Game.log <analyzer.rules.Game.log>` of its first event."""


class LinePlayer:
    """A game and a script of actions to step through (module docstring).

    Parameters
    ----------
    game : Game
        The start board; the player owns it from now on (it applies and undoes actions on
        it, and is back at this state after :meth:`reset`).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        """The game, at the current position."""
        self._played: list[Played] = []
        self._script: list[tuple[Action, str]] = []
        self.start_log = len(game.log)
        """Log lines the game held at the start (none after a board set-up)."""

    # -- the script ------------------------------------------------------------------------

    def load(self, moves: Iterable[Action], words: Iterable[str] = ()) -> None:
        """Go back to the start and make ``moves`` the script (a found line's
        :attr:`~analyzer.simulate.lines.Line.moves` with its
        :attr:`~analyzer.simulate.lines.Line.actions` as words)."""
        self.reset()
        moves = list(moves)
        said = list(words)
        self._script = [(m, said[i] if i < len(said) else describe_action(self.game, m))
                        for i, m in enumerate(moves)]

    @property
    def script(self) -> list[tuple[Action, str]]:
        """The actions to step through, with their words."""
        return list(self._script)

    @property
    def played(self) -> list[Played]:
        """The actions played from the start, in order."""
        return list(self._played)

    @property
    def position(self) -> int:
        """How many actions of the script are played."""
        return len(self._played)

    @property
    def can_back(self) -> bool:
        """An action can be taken back."""
        return bool(self._played)

    @property
    def can_forward(self) -> bool:
        """The script has a next action."""
        return self.position < len(self._script)

    # -- moving ----------------------------------------------------------------------------

    def forward(self) -> Played | None:
        """Play the script's next action; ``None`` at its end.

        Raises
        ------
        RulesError
            The rules core refuses it (the script does not fit this board); the game is
            left as it was.
        """
        if not self.can_forward:
            return None
        action, words = self._script[self.position]
        return self._apply(action, words)

    def back(self) -> bool:
        """Take the last action back (:meth:`Game.undo`); False at the start."""
        if not self._played:
            return False
        self.game.undo()
        self._played.pop()
        return True

    def reset(self) -> None:
        """Take every action back: the start board again (the script is kept)."""
        while self.back():
            pass

    def play(self, action: Action) -> Played:
        """Play ``action`` now; unless it is the script's next action, it replaces the rest
        of the script.

        Raises
        ------
        RulesError
            Refused (:class:`~analyzer.rules.IllegalActionError`) or unplayable; the game
            and the script are left as they were.
        """
        if self.can_forward and self._script[self.position][0] == action:
            return self._apply(action, self._script[self.position][1])
        words = describe_action(self.game, action)
        played = self._apply(action, words)
        del self._script[self.position - 1:]
        self._script.append((action, words))
        return played

    def _apply(self, action: Action, words: str) -> Played:
        start = len(self.game.log)
        events = self.game.apply(action)
        played = Played(action, words, tuple(events), start)
        self._played.append(played)
        return played

    # -- reading ---------------------------------------------------------------------------

    def legal_actions(self, *, mana_abilities: bool = True) -> list[ActionChoice]:
        """Every legal action now (:meth:`Game.legal_actions`), in words.

        Raises
        ------
        RulesError
            Listing them needed an ability the rules core cannot play.
        """
        from analyzer.rules import ActivateManaAbility

        return [ActionChoice(a, describe_action(self.game, a))
                for a in self.game.legal_actions()
                if mana_abilities or not isinstance(a, ActivateManaAbility)]

    def snapshot(self) -> BoardSnapshot:
        """The board now (:func:`board_snapshot`)."""
        return board_snapshot(self.game)

    def log(self) -> list[Event]:
        """The game's log since the start, in order (number ``i`` is ``log()[i - 1]``)."""
        return list(self.game.log[self.start_log:])

    def last_events(self) -> range:
        """Indices into :meth:`log` of the last played action's events (empty at the
        start)."""
        if not self._played:
            return range(0)
        first = self._played[-1].log_start - self.start_log
        return range(first, len(self.game.log) - self.start_log)


def board_place(game: Game, oid: int) -> tuple[str, Zone, int] | None:
    """Where object ``oid`` stands among its owner's cards of its zone: ``(owner, zone,
    index)``, the battlefield in timestamp order, the library top first. On a game just set
    up from a :class:`~analyzer.simulate.board.BoardSpec` this is the card's place in the
    spec (:meth:`BoardSpec.without_card <analyzer.simulate.board.BoardSpec.without_card>`);
    ``None`` for an object on the stack or in no player's zone.
    """
    try:
        obj = game.obj(oid)
    except KeyError:
        return None
    if obj.zone is Zone.BATTLEFIELD:
        owned = [o.oid for o in game.battlefield() if o.owner == obj.owner]
    elif obj.zone in BOARD_ZONES:
        owned = list(game.player(obj.owner).zone_list(obj.zone))
    else:
        return None
    return (obj.owner, obj.zone, owned.index(oid)) if oid in owned else None
