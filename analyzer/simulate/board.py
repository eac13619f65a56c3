"""A board a deckbuilder sets up by hand: zones per player, life, turn and step, as values.

A :class:`BoardSpec` is what the Lines view's board editor holds while the user drags cards
into zones; it reads and writes the scenario format's start board (``turn`` and
``players``, SCENARIO_FORMAT.md "Cards in zones") and becomes a rules-core
:class:`~analyzer.rules.Game` through the scenario runner's own setup
(:func:`analyzer.rules.scenario.setup_player` and
:func:`~analyzer.rules.scenario.apply_entry_state`), so a board set up here and the same board
in a scenario file are the same game. Every change returns a new spec (the values are
frozen), so an editor's undo is keeping the old value.

Examples
--------
>>> spec = BoardSpec().with_card("A", Zone.BATTLEFIELD, BoardCard("Grizzly Bears"))
>>> spec = spec.with_card("A", Zone.HAND, "Lightning Bolt")
>>> spec.to_mapping()["players"]["A"]["battlefield"]
['Grizzly Bears']
>>> BoardSpec.from_mapping(spec.to_mapping()) == spec
True
>>> game = build_game(spec, CardLibrary.starter())
>>> [o.card for o in game.battlefield()], game.step.key
(['Grizzly Bears'], 'main1')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.cards.model import Card
from analyzer.errors import InputError
from analyzer.rules import CardLibrary, Game, GameObject, RulesError, Step, Zone
from analyzer.rules.scenario import apply_entry_state, setup_player
from analyzer.rules.scenario_file import Node, NodeList

__all__ = ["BOARD_ZONES", "FILLER", "NEVER_PERMANENT", "NO_PRIORITY_STEPS", "BoardCard",
           "BoardError", "BoardSpec", "PlayerBoard", "build_game", "playable_problem",
           "sample_hand_board"]

BOARD_ZONES: tuple[Zone, ...] = (Zone.HAND, Zone.BATTLEFIELD, Zone.LIBRARY, Zone.GRAVEYARD,
                                 Zone.EXILE)
"""The zones a board sets up, in the order an editor shows them (CR 400.1; the stack and
the command zone start empty)."""
_KEYS = {Zone.HAND: "hand", Zone.BATTLEFIELD: "battlefield", Zone.LIBRARY: "library",
         Zone.GRAVEYARD: "graveyard", Zone.EXILE: "exile"}
FILLER = "Wastes"
"""The card under a library's given cards (SCENARIO_FORMAT.md: a player whose library is not
given has enough Wastes that nobody loses by drawing)."""
DEFAULT_FILLER = 30
"""Wastes under a player's library when the board does not give the whole library."""
_COUNT = re.compile(r"^(?P<name>.+?) x(?P<n>\d+)$")
_PERMANENT_STATES = {"tapped": "110.5", "summoning_sick": "302.6", "attacking": "506.4",
                     "attacking_object": "506.4", "blocked": "509.1h", "blocking": "509.1g",
                     "attached_to": "301.5", "damage": "120.3e"}
"""Card states only a permanent has, with the rule that says so."""
NO_PRIORITY_STEPS = {Step.UNTAP: "117.3a", Step.CLEANUP: "514.3"}
"""Steps a start board can't begin in: no player receives priority there (CR 117.3a; CR
514.3, unless something triggers), and a start board gives the active player priority."""
NEVER_PERMANENT = ("Instant", "Sorcery")
"""Card types that can't be on the battlefield (CR 304.4, 307.4)."""
_ENTRY_KEYS = frozenset({"card", "count", "id", "tapped", "summoning_sick", "controller",
                         "counters", "attacking", "blocked", "blocking", "attached_to",
                         "damage", "commander"})


class BoardError(InputError):
    """A board that can't be read or set up: the player, zone or card and why."""


@dataclass(frozen=True, slots=True)
class BoardCard:
    """One card in a zone with its state (SCENARIO_FORMAT.md "Cards in zones" table)."""

    card: str
    """The card's name (Oracle name, or an inline card of the board)."""
    tapped: bool = False
    """Tapped (CR 110.5), on the battlefield."""
    summoning_sick: bool = False
    """Not under its controller's control continuously since their most recent turn began
    (CR 302.6)."""
    counters: tuple[tuple[str, int], ...] = ()
    """Counters by kind, ``(("+1/+1", 2),)`` (CR 122)."""
    damage: int = 0
    """Damage marked on it (CR 120.3e)."""
    id: str = ""
    """The scenario ID naming this object (``""``: its card name)."""
    controller: str = ""
    """A controller other than its owner (``""``: the owner, CR 108.4)."""
    attacking: str = ""
    """The player it attacks (``""``: not attacking; only when the board starts in a combat
    step, CR 506.4)."""
    attacking_object: str = ""
    """The ID of the planeswalker or battle it attacks instead of a player (CR 506.3)."""
    blocked: bool = False
    """For an attacker past the declare blockers step: blocked (CR 509.1h)."""
    blocking: str = ""
    """The ID of the attacker it blocks (CR 509.1g)."""
    attached_to: str = ""
    """For an Aura or Equipment: the ID of the permanent it is attached to (CR 301.5, 303.4)."""
    commander: bool = False
    """Its owner's commander (CR 903.3; docs/scenarios.md ``commander: true``)."""

    def to_entry(self) -> str | dict[str, Any]:
        """The scenario entry: the bare name when nothing else is set, else a map."""
        entry: dict[str, Any] = {"card": self.card}
        for key in ("id", "controller", "attacking", "blocking", "attached_to"):
            if getattr(self, key):
                entry[key] = getattr(self, key)
        if self.attacking_object:
            entry["attacking"] = {"planeswalker": self.attacking_object}
        for key in ("tapped", "summoning_sick", "blocked", "commander"):
            if getattr(self, key):
                entry[key] = True
        if self.counters:
            entry["counters"] = dict(self.counters)
        if self.damage:
            entry["damage"] = self.damage
        return self.card if len(entry) == 1 else entry

    @classmethod
    def from_entry(cls, entry: Any, where: str = "") -> list[BoardCard]:
        """The cards of one scenario entry (``"Name"``, ``"Name xN"`` or a map with
        ``count``).

        Raises
        ------
        BoardError
            Not a name or a map with ``card``; an unknown key; a bad count or value.
        """
        if isinstance(entry, str):
            match = _COUNT.match(entry.strip())
            if match:
                return [cls(match["name"])] * int(match["n"])
            return [cls(entry.strip())]
        if not isinstance(entry, Mapping) or "card" not in entry:
            raise BoardError(f"{where}: each entry is a card name or a map with 'card', "
                             f"not {entry!r}")
        unknown = sorted(set(map(str, entry)) - _ENTRY_KEYS)
        if unknown:
            raise BoardError(f"{where}: {unknown[0]}: unknown key "
                             f"({', '.join(sorted(_ENTRY_KEYS))})")
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise BoardError(f"{where}: count: a number of copies, 1 or more, not {count!r}")
        counters = entry.get("counters") or {}
        if not isinstance(counters, Mapping) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in counters.values()):
            raise BoardError(f'{where}: counters: a map of kind to number, e.g. {{"+1/+1": 2}}')
        attacking, attacking_object = entry.get("attacking") or "", ""
        if isinstance(attacking, Mapping):
            attacking_object = str(attacking.get("planeswalker", attacking.get("battle", "")))
            attacking = ""
        damage = entry.get("damage") or 0
        if not isinstance(damage, int) or isinstance(damage, bool):
            raise BoardError(f"{where}: damage: a whole number, not {damage!r}")
        flags = {}
        for key in ("tapped", "summoning_sick", "blocked", "commander"):
            value = entry.get(key, False)
            if not isinstance(value, bool):
                raise BoardError(f"{where}: {key}: true or false, not {value!r}")
            flags[key] = value
        one = cls(str(entry["card"]), counters=tuple((str(k), int(v)) for k, v in
                                                     counters.items()),
                  damage=damage, id=str(entry.get("id") or ""),
                  controller=str(entry.get("controller") or ""), attacking=str(attacking),
                  attacking_object=attacking_object,
                  blocking=str(entry.get("blocking") or ""),
                  attached_to=str(entry.get("attached_to") or ""), **flags)
        if count > 1 and one.id:   # the runner names copies "<id> 1", "<id> 2"...
            return [dataclasses.replace(one, id=f"{one.id} {i + 1}") for i in range(count)]
        return [one] * count

    def describe(self) -> str:
        """``"Grizzly Bears"``, ``"Island (tapped)"``, ``"Ninja (tapped, attacking B)"``."""
        states = [word for word, on in (("commander", self.commander), ("tapped", self.tapped),
                                        ("summoning sick", self.summoning_sick)) if on]
        states += [f"{n} {kind}" for kind, n in self.counters]
        if self.attacking or self.attacking_object:
            states.append(f"attacking {self.attacking or self.attacking_object}")
        name = self.card if not self.id or self.id == self.card else f"{self.card} “{self.id}”"
        return f"{name} ({', '.join(states)})" if states else name


def _cards(value: Iterable[BoardCard | str]) -> tuple[BoardCard, ...]:
    return tuple(c if isinstance(c, BoardCard) else BoardCard(c) for c in value)


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """One player's part of a board (SCENARIO_FORMAT.md "players")."""

    life: int = 20
    """Life total (CR 119.1)."""
    mana_pool: str = ""
    """Mana in their pool, ``"{G}{G}"`` (CR 106.4)."""
    hand: tuple[BoardCard, ...] = ()
    """Cards in hand."""
    battlefield: tuple[BoardCard, ...] = ()
    """Permanents they own (a ``controller`` entry gives control to another player)."""
    library: tuple[BoardCard, ...] = ()
    """The library's top cards, top first (above :attr:`filler`)."""
    graveyard: tuple[BoardCard, ...] = ()
    """Graveyard, oldest first."""
    exile: tuple[BoardCard, ...] = ()
    """Exiled cards they own."""
    filler: int = DEFAULT_FILLER
    """Wastes (:data:`FILLER`) under the given library cards, so that nobody loses by
    drawing (CR 704.5b); 0 when :attr:`library` is the whole library."""

    def zone(self, zone: Zone) -> tuple[BoardCard, ...]:
        """The cards of one of :data:`BOARD_ZONES`.

        Raises
        ------
        BoardError
            Another zone.
        """
        if zone not in _KEYS:
            raise BoardError(f"a board sets up {', '.join(_KEYS.values())}, not "
                             f"{zone.name.lower()}")
        cards: tuple[BoardCard, ...] = getattr(self, _KEYS[zone])
        return cards

    def with_zone(self, zone: Zone, cards: Iterable[BoardCard | str]) -> PlayerBoard:
        """This player with ``zone`` holding ``cards``."""
        self.zone(zone)
        changes: dict[str, Any] = {_KEYS[zone]: _cards(cards)}
        return dataclasses.replace(self, **changes)

    def to_mapping(self) -> dict[str, Any]:
        """The scenario player map (``life``, ``mana_pool`` and every zone)."""
        out: dict[str, Any] = {"life": self.life}
        if self.mana_pool:
            out["mana_pool"] = self.mana_pool
        for zone, key in _KEYS.items():
            entries = [c.to_entry() for c in self.zone(zone)]
            if zone is Zone.LIBRARY:
                if not entries and self.filler == DEFAULT_FILLER:
                    continue   # the runner's own filler
                if self.filler:
                    entries.append(f"{FILLER} x{self.filler}")
            out[key] = entries
        return out

    @classmethod
    def from_mapping(cls, spec: Mapping[str, Any] | None, where: str = "") -> PlayerBoard:
        """Read a scenario player map.

        Raises
        ------
        BoardError
            An unknown key or a bad value (the player and zone named).
        """
        spec = spec or {}
        if not isinstance(spec, Mapping):
            raise BoardError(f"{where}: a map of zones (battlefield, hand, graveyard, "
                             f"library, exile), not {spec!r}")
        unknown = sorted(set(map(str, spec)) - {"life", "mana_pool", *_KEYS.values()})
        if unknown:
            raise BoardError(f"{where}: {unknown[0]}: unknown key (life, mana_pool, "
                             f"{', '.join(_KEYS.values())})")
        life = spec.get("life", 20)
        if not isinstance(life, int) or isinstance(life, bool):
            raise BoardError(f"{where}: life: a whole number, not {life!r}")
        zones: dict[str, tuple[BoardCard, ...]] = {}
        for key in _KEYS.values():
            entries = spec.get(key) or []
            if not isinstance(entries, list):
                raise BoardError(f"{where}: {key}: a list of cards")
            zones[key] = tuple(c for e in entries
                               for c in BoardCard.from_entry(e, f"{where}: {key}"))
        filler = DEFAULT_FILLER if "library" not in spec else 0
        library = list(zones.pop("library"))
        while library and library[-1] == BoardCard(FILLER) and "library" in spec:
            library.pop()   # our own "Wastes xN" filler, read back
            filler += 1
        return cls(life=life, mana_pool=str(spec.get("mana_pool") or ""),
                   hand=zones["hand"], battlefield=zones["battlefield"], library=tuple(library),
                   graveyard=zones["graveyard"], exile=zones["exile"], filler=filler)


@dataclass(frozen=True)
class BoardSpec:
    """A start board: players and their zones, the turn, the step and the active player.

    The game it sets up (:func:`build_game`) starts at :attr:`step` with an empty stack and
    priority to :attr:`active` (SCENARIO_FORMAT.md "Shape").
    """

    players: tuple[tuple[str, PlayerBoard], ...] = (("A", PlayerBoard()), ("B", PlayerBoard()))
    """Players in turn order with their boards."""
    active: str = "A"
    """The active player (CR 102.1)."""
    step: Step = Step.MAIN1
    """The step the game starts in (CR 500.1)."""
    turn: int = 1
    """The turn number (turn 1's active player skips their draw, CR 103.8a)."""
    inline: tuple[Card, ...] = field(default=(), compare=False)
    """Cards defined by the scenario file the board came from (``cards:``)."""
    source: str = field(default="", compare=False)
    """Where the board comes from (a file, ``"sample hand, seed 0"``), for messages."""

    # -- reading ---------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in turn order."""
        return tuple(name for name, _ in self.players)

    def player(self, name: str) -> PlayerBoard:
        """The board of player ``name``.

        Raises
        ------
        BoardError
            No such player.
        """
        for player, board in self.players:
            if player == name:
                return board
        raise BoardError(f"no player {name!r} on the board; players are "
                         f"{', '.join(self.names)}")

    def card_names(self) -> list[str]:
        """Every card name on the board (filler included), each once."""
        found = {c.card: None for _, b in self.players for z in BOARD_ZONES for c in b.zone(z)}
        if any(b.filler for _, b in self.players):
            found[FILLER] = None
        return list(found)

    # -- changing (each returns a new spec) -------------------------------------------------

    def with_player(self, name: str, board: PlayerBoard) -> BoardSpec:
        """This board with player ``name``'s part replaced."""
        self.player(name)
        return dataclasses.replace(self, players=tuple(
            (p, board if p == name else b) for p, b in self.players))

    def with_card(self, player: str, zone: Zone, card: BoardCard | str,
                  index: int | None = None) -> BoardSpec:
        """This board with ``card`` put into ``player``'s ``zone`` at ``index`` (default:
        last; the library's top is index 0).

        Raises
        ------
        BoardError
            No such player, or a zone a board does not set up.
        """
        board = self.player(player)
        cards = list(board.zone(zone))
        cards.insert(len(cards) if index is None else max(0, index), _cards([card])[0])
        return self.with_player(player, board.with_zone(zone, cards))

    def without_card(self, player: str, zone: Zone, index: int) -> BoardSpec:
        """This board without the card at ``index`` of ``player``'s ``zone``.

        Raises
        ------
        BoardError
            No card there.
        """
        board = self.player(player)
        cards = list(board.zone(zone))
        if not 0 <= index < len(cards):
            raise BoardError(f"{player}'s {_KEYS[zone]} has no card {index + 1}")
        del cards[index]
        return self.with_player(player, board.with_zone(zone, cards))

    def with_card_state(self, player: str, zone: Zone, index: int,
                        **changes: Any) -> BoardSpec:
        """This board with the card at ``index`` of ``player``'s ``zone`` changed
        (``tapped=True``, ``summoning_sick=False``...: fields of :class:`BoardCard`).

        Raises
        ------
        BoardError
            No card there, a field :class:`BoardCard` lacks, or a permanent's state
            (tapped, summoning sick, attacking...) for a card off the battlefield (CR 110.5,
            302.6).
        """
        board = self.player(player)
        cards = list(board.zone(zone))
        if not 0 <= index < len(cards):
            raise BoardError(f"{player}'s {_KEYS[zone]} has no card {index + 1}")
        if zone is not Zone.BATTLEFIELD:
            for key, rule in _PERMANENT_STATES.items():
                if changes.get(key):
                    raise BoardError(
                        f"{cards[index].card} is in {player}'s {_KEYS[zone]}: only "
                        f"permanents are {key.replace('_', ' ')} (CR {rule}); put it on the "
                        "battlefield first")
        try:
            cards[index] = dataclasses.replace(cards[index], **changes)
        except TypeError as err:
            raise BoardError(f"a board card has no such state: {err}") from err
        return self.with_player(player, board.with_zone(zone, cards))

    def with_life(self, player: str, life: int) -> BoardSpec:
        """This board with ``player`` at ``life`` (CR 119)."""
        return self.with_player(player, dataclasses.replace(self.player(player), life=life))

    def with_turn(self, *, active: str | None = None, step: Step | None = None,
                  turn: int | None = None) -> BoardSpec:
        """This board starting in another turn, step or with another active player.

        Raises
        ------
        BoardError
            An unknown player, a turn number below 1, or a step in which no player gets
            priority (the untap step, CR 117.3a; the cleanup step, CR 514.3).
        """
        if active is not None:
            self.player(active)
        if step in NO_PRIORITY_STEPS:
            raise BoardError(f"no player gets priority in the {step.label} (CR "
                             f"{NO_PRIORITY_STEPS[step]}): start the board "
                             f"{'at the upkeep' if step is Step.UNTAP else 'in the end step'}")
        if turn is not None and turn < 1:
            raise BoardError(f"a turn number is 1 or more, not {turn}")
        return dataclasses.replace(self, active=self.active if active is None else active,
                                   step=self.step if step is None else step,
                                   turn=self.turn if turn is None else turn)

    # -- the scenario format ---------------------------------------------------------------

    def to_mapping(self) -> dict[str, Any]:
        """The start board in the scenario format: ``{"turn": {...}, "players": {...}}``."""
        return {"turn": {"active": self.active, "step": self.step.key, "number": self.turn},
                "players": {name: board.to_mapping() for name, board in self.players}}

    @classmethod
    def from_mapping(cls, document: Mapping[str, Any], source: str = "",
                     inline: Iterable[Card] = ()) -> BoardSpec:
        """Read a scenario document's start board (``turn`` and ``players``; its
        ``actions`` and ``expect`` are not read).

        Raises
        ------
        BoardError
            No players, fewer than two, an unknown step or player, a bad entry.
        """
        players = document.get("players")
        if not isinstance(players, Mapping) or len(players) < 2:
            raise BoardError(f"{source or 'board'}: players: a map of at least two players "
                             "(A, B) to their zones")
        read = tuple((str(name), PlayerBoard.from_mapping(zones, f"{source}: players.{name}"
                                                          if source else f"players.{name}"))
                     for name, zones in players.items())
        turn = document.get("turn") or {}
        if not isinstance(turn, Mapping):
            raise BoardError(f"{source}: turn: a map such as {{active: A, step: main1}}")
        try:
            step = Step.from_key(str(turn.get("step", "main1")))
        except ValueError as err:
            raise BoardError(f"{source}: turn: {err}") from err
        number = turn.get("number", 1)
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise BoardError(f"{source}: turn: number: a turn number (1 or more)")
        spec = cls(read, read[0][0], step, number, tuple(inline), source)
        return spec.with_turn(active=str(turn.get("active", read[0][0])))

    @classmethod
    def from_scenario_file(cls, path: Path | str) -> BoardSpec:
        """The start board of a scenario file's first scenario with ``players`` (its inline
        ``cards`` kept; its ``actions`` not played).

        Raises
        ------
        InputError
            The file can't be read or is no scenario (file and line named), or a bad board.
        """
        from analyzer.rules.cards import inline_card
        from analyzer.rules.scenario_file import load_documents

        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise BoardError(f"{path}: can't read the file: {err}") from err
        document = next((d for d in load_documents(text, str(path)) if "players" in d), None)
        if document is None:
            raise BoardError(f"{path}: no scenario with 'players' in the file")
        inline = []
        for entry in document.get("cards") or []:
            try:
                inline.append(inline_card(
                    str(entry["name"]), str(entry.get("mana_cost", "") or ""),
                    str(entry["type"]), str(entry.get("text", "") or ""),
                    _text(entry.get("power")), _text(entry.get("toughness")),
                    _text(entry.get("loyalty"))))
            except (KeyError, TypeError, ValueError) as err:
                raise BoardError(f"{path}: inline card {entry!r}: {err}") from err
        return cls.from_mapping(document, str(path), inline)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _node(value: Any, source: str) -> Any:
    """Plain maps and lists as the scenario reader's :class:`Node` / :class:`NodeList`."""
    if isinstance(value, Mapping):
        node = Node({str(k): _node(v, source) for k, v in value.items()})
        node.path, node.lines = source, {}
        return node
    if isinstance(value, list | tuple):
        return NodeList(_node(v, source) for v in value)
    return value


def _plain(err: Exception, source: str) -> str:
    """An error's text without the scenario reader's ``file:0: `` prefix."""
    return str(err).removeprefix(f"{source}:0: ")


def build_game(spec: BoardSpec, cards: CardLibrary) -> Game:
    """The rules-core game of a board, set up as the scenario runner sets up a scenario
    file's board (:func:`analyzer.rules.scenario.setup_player`, then
    :func:`~analyzer.rules.scenario.apply_entry_state` for attachments and combat states).

    Parameters
    ----------
    spec : BoardSpec
        The board.
    cards : CardLibrary
        Where card names are looked up; the board's inline cards are defined in it.

    Returns
    -------
    Game
        Started at ``spec.step`` of turn ``spec.turn``, empty stack, priority to
        ``spec.active`` (turn-based actions of that step not performed).

    Raises
    ------
    BoardError
        A card the database lacks, an instant or sorcery on the battlefield (CR 304.4,
        307.4), a permanent the rules core cannot play (the card and its text named), or a
        card state the setup refuses (an attachment to nothing).
    """
    source = spec.source or "board"
    for card in spec.inline:
        cards.define(card)
    for owner, board in spec.players:
        for permanent in board.battlefield:
            try:
                types = cards.get(permanent.card).card.types
            except InputError as err:
                raise BoardError(f"{source}: {err}") from err
            kind = next((t for t in NEVER_PERMANENT if t in types), None)
            if kind is not None:
                raise BoardError(
                    f"{source}: {permanent.card} is {'an' if kind == 'Instant' else 'a'} "
                    f"{kind.lower()}: instants and sorceries can't be on the battlefield "
                    f"(CR 304.4, 307.4); put it in {owner}'s hand, library, graveyard or "
                    "exile")
    game = Game(cards, spec.names)
    mapping = spec.to_mapping()
    later: list[tuple[GameObject, Node]] = []
    try:
        for name in spec.names:
            setup_player(game, name, _node(mapping["players"][name], source), later)
        for obj, entry in later:
            apply_entry_state(game, obj, entry, spec.step)
        game.start(spec.step, spec.active, spec.turn)
    except (InputError, RulesError) as err:
        raise BoardError(f"{source}: {_plain(err, source)}") from err
    return game


def playable_problem(name: str, cards: CardLibrary) -> str | None:
    """Why the rules core can't play the card ``name`` (``None`` if it can): it is set up
    on the battlefield (a permanent card) and in hand of a board and its legal actions are
    listed, which is where the rules core refuses a card whose text it cannot play
    (docs/scenarios.md).
    """
    try:
        types = cards.get(name).card.types
    except InputError as err:
        return str(err)
    probe = BoardSpec()
    if not any(t in types for t in NEVER_PERMANENT):   # CR 304.4, 307.4
        probe = probe.with_card("A", Zone.BATTLEFIELD, name)
    probe = probe.with_card("A", Zone.HAND, name)
    probe = probe.with_player("A", dataclasses.replace(probe.player("A"), filler=0))
    try:
        list(build_game(probe, cards).legal_actions())
    except (BoardError, RulesError) as err:
        return str(err).removeprefix("board: ")
    return None


def sample_hand_board(entries: Iterable[tuple[Any, int]], *, seed: int = 0, turn: int = 3,
                      on_the_play: bool = True, commanders: Iterable[Any] = ()) -> BoardSpec:
    """The board of a seeded sample game of a deck at turn ``turn``
    (:func:`analyzer.simulate.sample.sample_board`: the goldfish's lands and creatures on the
    battlefield, the rest of the cards seen in hand, the unseen cards as the library).

    Parameters
    ----------
    entries : iterable of (GoldfishCard, int)
        The deck's playable cards and copies (:meth:`GoldfishCard.from_card
        <analyzer.simulate.goldfish.GoldfishCard.from_card>`).
    seed, turn, on_the_play, commanders
        As :func:`~analyzer.simulate.sample.sample_board`.

    Raises
    ------
    BoardError
        ``turn`` below 1, or fewer cards than an opening hand.
    """
    from analyzer.simulate.sample import sample_board

    try:
        board = sample_board(entries, seed=seed, turn=turn, on_the_play=on_the_play,
                             commanders=commanders)
    except ValueError as err:
        raise BoardError(f"sample hand: {err}") from err
    return BoardSpec.from_mapping(board, f"sample hand (seed {seed}, turn {turn})")
