"""The game's state and what moves objects between zones: the queries every rules module
reads (players, objects, controller, continuous effects, scenario names), the log, new
objects and tokens (CR 111.1, 707.2), zone changes (CR 400.7, 111.7), tapping (CR 701.26),
drawing (CR 121), continuous effects (CR 611.2) and questions asked while resolving.

:class:`GameZones` is the lowest part of :class:`~analyzer.rules.game.Game`: the priority
machine (:mod:`analyzer.rules.priority`) stands on it, and the game on that. Code outside
the rules core uses :class:`~analyzer.rules.game.Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from analyzer.rules import layers
from analyzer.rules.cards import CardLibrary
from analyzer.rules.model import (
    CardData,
    ContinuousEffect,
    EffectKind,
    Event,
    EventKind,
    GameObject,
    ObjId,
    ObjRef,
    PlayerId,
    PlayerState,
    Question,
    StackItem,
    Step,
    Zone,
)
from analyzer.rules.state import Pending, State

if TYPE_CHECKING:
    from analyzer.oracle.effects import Duration
    from analyzer.rules.game import Game

__all__ = ["GameZones", "NeedAnswer"]


class NeedAnswer(Exception):
    """Raised inside resolution when a question has no answer yet (internal)."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.prompt)
        self.question = question


class GameZones:
    """The state of a game and the moves of its objects (the base of
    :class:`~analyzer.rules.game.Game`)."""

    def __init__(self, cards: CardLibrary | None = None,
                 players: tuple[PlayerId, ...] = ("A", "B")) -> None:
        self.cards = cards or CardLibrary.starter()
        """Where card names are looked up."""
        self._s = State({p: PlayerState(p) for p in players})
        self._snapshots: list[State] = []
        self.log: list[Event] = []
        """Every event so far, in order (the line)."""
        self.unnamed: set[ObjId] = set()
        """Objects a scenario set up without an ``id``: their card name is not an ID when
        several objects bear it (:meth:`find_one`)."""

    # -- queries ---------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current state (read it; change it only through actions)."""
        return self._s

    @property
    def step(self) -> Step:
        """The current step."""
        return self._s.step

    @property
    def active(self) -> PlayerId:
        """The active player."""
        return self._s.active

    @property
    def priority(self) -> PlayerId | None:
        """Who has priority (``None`` while a declaration or choice is awaited)."""
        return self._s.priority

    @property
    def pending(self) -> Pending:
        """What the game waits for."""
        return self._s.pending

    @property
    def question(self) -> Question | None:
        """The question waiting for an answer, if any."""
        return self._s.question

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Player names in turn order."""
        return tuple(self._s.players)

    def player(self, name: PlayerId) -> PlayerState:
        """The player named ``name``."""
        return self._s.players[name]

    def opponents(self, name: PlayerId) -> list[PlayerId]:
        """The other players still in the game (CR 102.2)."""
        return [p for p, st in self._s.players.items() if p != name and not st.lost]

    def obj(self, oid: ObjId) -> GameObject:
        """The object with id ``oid``."""
        return self._s.objects[oid]

    def get(self, ref: ObjRef) -> GameObject | None:
        """The object ``ref`` names, if it is still that object (CR 400.7)."""
        obj = self._s.objects.get(ref[0])
        return obj if obj is not None and obj.incarnation == ref[1] else None

    def data(self, obj: GameObject) -> CardData:
        """The card data of ``obj``: its card's, with the abilities Auras and Equipment
        attached to it grant (layer 6, CR 613.1f; :mod:`analyzer.rules.granted`)."""
        if obj.zone is Zone.BATTLEFIELD and self._s.derived.get("granted") != {}:
            from analyzer.rules.granted import card_data

            return card_data(cast("Game", self), obj)
        return self.cards.get(obj.card)

    def battlefield(self) -> list[GameObject]:
        """Permanents in timestamp order."""
        return [self._s.objects[o] for o in self._s.battlefield]

    def stack(self) -> list[StackItem]:
        """The stack, top first."""
        return list(reversed(self._s.stack))

    def objects(self) -> list[GameObject]:
        """Every object."""
        return list(self._s.objects.values())

    def controller(self, obj: GameObject) -> PlayerId:
        """Who controls ``obj`` (layer 2)."""
        return layers.controller(cast("Game", self), obj)

    def effects_on(self, obj: GameObject, kind: EffectKind) -> list[ContinuousEffect]:
        """Effects of ``kind`` on this incarnation of ``obj``, in timestamp order."""
        if not self._s.effects:
            return []
        ref = obj.ref
        return [e for e in self._s.effects if e.kind is kind and ref in e.objects]

    def find(self, alias: str) -> GameObject | None:
        """The object a scenario calls ``alias``: on the battlefield or the stack first,
        then elsewhere."""
        found = [o for o in self._s.objects.values() if o.alias == alias]
        if not found:
            found = [o for o in self._s.objects.values() if o.card == alias]
        found.sort(key=lambda o: (o.zone not in (Zone.BATTLEFIELD, Zone.STACK), o.oid))
        return found[0] if found else None

    def find_one(self, name: str, zones: tuple[Zone, ...] = (),
                 player: PlayerId | None = None) -> GameObject | None:
        """The one object a scenario means by ``name`` (SCENARIO_FORMAT.md, "Cards in
        zones": an ``id`` is unique; the card name refers to an object only when it is
        unique or its bearers are interchangeable).

        An ``id`` given in the setup, or the ID of an object that appeared during the
        scenario (``"Name"``, ``"Name #2"``), names that object. Otherwise the objects
        bearing the name are looked for in ``zones`` (all zones when none is there) and,
        with ``player``, among those that player owns or controls first (a card to cast is
        in the acting player's hand). ``None`` when nothing bears the name.

        Raises
        ------
        AmbiguousNameError
            Several objects bear the name and differ (owner, controller, zone or state).
        """
        from analyzer.rules.errors import AmbiguousNameError

        everything = list(self._s.objects.values())
        named = [o for o in everything if o.alias == name and o.oid not in self.unnamed]
        if named:
            return named[0]
        found = [o for o in everything if o.alias == name or o.card == name]
        if zones:
            found = [o for o in found if o.zone in zones] or found
        if player is not None:
            found = [o for o in found if o.owner == player or (
                o.zone is Zone.BATTLEFIELD and self.controller(o) == player)] or found
        if not found:
            return None
        found.sort(key=lambda o: (o.zone not in (Zone.BATTLEFIELD, Zone.STACK), o.oid))
        if len({self._interchangeable_key(o) for o in found}) > 1:
            where = "; ".join(f"{o.alias} ({o.owner}'s, {o.zone.name.lower()})"
                              for o in found[:4])
            raise AmbiguousNameError(f"ambiguous name {name!r}: it refers to {where}; give "
                                     "the board entries an `id`")
        return found[0]

    def _interchangeable_key(self, obj: GameObject) -> tuple[object, ...]:
        """What must be equal for two objects of one name to be interchangeable."""
        return (obj.card, obj.owner, obj.zone,
                self.controller(obj) if obj.zone is Zone.BATTLEFIELD else obj.owner,
                obj.tapped, obj.sick, tuple(sorted(obj.counters.items())), obj.damage,
                obj.attacking, obj.blocked, obj.blocking, obj.token)

    # -- the log -----------------------------------------------------------------------------

    def format_log(self, start: int = 0) -> str:
        """The log from event ``start`` on, one numbered line per event (the "line" the GUI
        steps through and reports print)."""
        return "\n".join(f"{i:3d}. {event}" for i, event in enumerate(self.log[start:],
                                                                     start + 1))

    def note(self, kind: EventKind, text: str, source: str = "", rule: str = "") -> None:
        """Add a line to the log."""
        self.log.append(Event(kind, text, source, rule))

    # -- objects and zones -------------------------------------------------------------------

    def tick(self) -> int:
        """A new timestamp (CR 613.7)."""
        self._s.clock += 1
        return self._s.clock

    def _new_object(self, card: str, owner: PlayerId, zone: Zone,
                    alias: str | None = None) -> GameObject:
        s = self._s
        taken = {o.alias for o in s.objects.values()}
        if alias is None:
            alias, n = card, 1
            while alias in taken:
                n += 1
                alias = f"{card} #{n}"
        obj = GameObject(s.next_oid, card, owner, zone, alias, timestamp=self.tick())
        s.next_oid += 1
        s.objects[obj.oid] = obj
        return obj

    def create_token(self, card: CardData, controller: PlayerId, *,
                     tapped: bool = False) -> GameObject:
        """Create a token on the battlefield under ``controller`` (CR 111.1), ``tapped`` if
        the effect says it is created tapped (it enters tapped, CR 110.5b)."""
        obj = self._new_object(card.name, controller, Zone.BATTLEFIELD)
        obj.token, obj.base_controller, obj.sick = True, controller, True
        obj.tapped, obj.entered_turn = tapped, self._s.turn
        self._s.battlefield.append(obj.oid)
        self._s.derived.clear()
        article = "an" if card.name[:1].lower() in "aeiou" else "a"
        self.note(EventKind.ZONE, f"{controller} creates {article} {card.name} token", card.name,
                  "111.1")
        from analyzer.rules.resolve import others_enters_replacements

        others_enters_replacements(cast("Game", self), obj)     # "Permanents enter tapped" (CR 614.1c)
        self.entered(obj)
        return obj

    def create_token_copy(self, card: str, controller: PlayerId, by: str = "") -> GameObject:
        """Create a token that's a copy of an object whose copiable values are those of the
        card named ``card`` (CR 707.2, 111.1), on the battlefield under ``controller``; ``by``
        names the spell or ability that creates it, for the log."""
        from analyzer.rules.resolve import apply_enters_replacements

        data = self.cards.get(card)
        obj = self._new_object(data.name, controller, Zone.BATTLEFIELD)
        obj.token, obj.base_controller, obj.sick = True, controller, True
        obj.entered_turn = self._s.turn
        self._s.battlefield.append(obj.oid)
        self._s.derived.clear()
        self.note(EventKind.ZONE, f"{controller} creates a token that's a copy of "
                  f"{data.name} ({obj.alias})", by or data.name, "707.2")
        apply_enters_replacements(cast("Game", self), obj)
        self.entered(obj)
        return obj

    def _detach(self, obj: GameObject) -> None:
        s = self._s
        if obj.zone is Zone.BATTLEFIELD:
            s.battlefield.remove(obj.oid)
            s.derived.clear()
        elif obj.zone is Zone.STACK:
            s.stack = [i for i in s.stack if not (i.kind == "spell" and i.source[0] == obj.oid)]
        else:
            s.players[obj.owner].zone_list(obj.zone).remove(obj.oid)

    def move(self, obj: GameObject, zone: Zone, *, controller: PlayerId | None = None,
             top: bool = True, rule: str = "400.7") -> GameObject:
        """Move ``obj`` to ``zone``: it becomes a new object (CR 400.7). Tokens that leave
        the battlefield cease to exist (CR 111.7). Cards go to their owner's zones."""
        old = self.obj(obj.oid)
        dies: tuple[str, PlayerId] | None = None
        if old.zone is Zone.BATTLEFIELD:
            from analyzer.rules.trigger_stack import dies_trigger
            from analyzer.rules.triggers import fire_dies, need

            need(cast("Game", self), "leaves")                  # leaves-the-battlefield abilities, 603.10a
            if zone is Zone.GRAVEYARD:            # "dies" (CR 700.4), last known info 603.10a
                dies = dies_trigger(cast("Game", self), old)
                fire_dies(cast("Game", self), old)
        self._detach(old)
        where = old.zone
        old.incarnation += 1
        old.zone = zone
        old.tapped, old.sick, old.damage, old.deathtouched = False, False, 0, False
        old.counters.clear()
        old.attacking, old.blocked, old.blocking = None, None, ()
        old.dealt_first_strike, old.sneak_target, old.targets = False, None, ()
        old.playable_by, old.cast_with, old.attached_to = None, "", None
        old.playable_this_turn = False
        old.drawn = 0
        old.timestamp = self.tick()
        old.entered_turn = self._s.turn
        old.base_controller = controller or old.owner
        if dies is not None:
            keyword, who = dies
            self._s.pending_triggers.append(StackItem(
                keyword, who, old.ref, old.card, source_lki_controller=who))
            self._s.triggered[old.card] += 1
        if old.token and where is Zone.BATTLEFIELD:
            del self._s.objects[old.oid]
            self.note(EventKind.ZONE, f"{old.alias} (token) leaves the battlefield and ceases "
                      "to exist", old.card, "111.7")
            return old
        if zone is Zone.BATTLEFIELD:
            self._s.battlefield.append(old.oid)
            self._s.derived.clear()
            old.sick = True
        elif zone is Zone.STACK:
            pass
        elif zone is Zone.LIBRARY and top:
            self._s.players[old.owner].library.insert(0, old.oid)
        else:
            self._s.players[old.owner].zone_list(zone).append(old.oid)
        self.note(EventKind.ZONE, f"{old.alias} moves from {where.name.lower()} to "
                  f"{zone.name.lower()}", old.card, rule)
        return old

    def tap(self, obj: GameObject, tapped: bool = True) -> None:
        """Tap or untap a permanent (CR 701.26); a stun counter replaces untapping
        (CR 122.1d)."""
        if not tapped:
            from analyzer.rules.counters import untap_or_stun

            if obj.tapped and not untap_or_stun(cast("Game", self), obj):
                return
        obj.tapped = tapped
        self.note(EventKind.TAP, f"{obj.alias} {'taps' if tapped else 'untaps'}", obj.card)

    def draw(self, player: PlayerId, n: int = 1) -> None:
        """``player`` draws ``n`` cards, one at a time (CR 121.1-121.2): each card drawn
        triggers "whenever you draw a card" (CR 603.2) and counts in
        :attr:`PlayerState.drawn`. From an empty library nothing is drawn (nothing
        triggers) and the player loses at the next check of state-based actions
        (CR 121.4, 704.5b)."""
        from analyzer.rules.triggers import fire_draw, need

        need(cast("Game", self), "draw")
        st = self._s.players[player]
        for _ in range(n):
            if not st.library:
                if not st.drew_from_empty:
                    self.note(EventKind.OTHER, f"{player} attempts to draw a card from an "
                              "empty library", rule="121.4")
                st.drew_from_empty = True
                continue
            card = self.obj(st.library[0])
            self.move(card, Zone.HAND, rule="121.1")
            st.drawn += 1
            card.drawn = st.drawn
            self.note(EventKind.OTHER, f"{player} draws a card", card.card, "121.1")
            fire_draw(cast("Game", self), player)

    def add_effect(self, kind: EffectKind, objects: tuple[ObjRef, ...], duration: Duration,
                   controller: PlayerId, *, source: str = "", player: PlayerId = "",
                   power: int = 0, toughness: int = 0, keywords: tuple[str, ...] = (),
                   timestamp: int | None = None) -> None:
        """Create a continuous effect from a resolving spell or ability (CR 611.2)."""
        self._s.effects.append(ContinuousEffect(
            kind, objects, timestamp if timestamp is not None else self.tick(), duration,
            controller, player, power, toughness, keywords, source))

    def entered(self, obj: GameObject) -> None:
        """Check the triggers of a permanent that just entered (CR 603.6a)."""
        from analyzer.rules.errors import UnsupportedCardError
        from analyzer.rules.triggers import check_supported, fire_enters

        check_supported(cast("Game", self), obj)
        if obj.attached_to is None and "Aura" in self.data(obj).profile.types | set(
                self.data(obj).card.front.subtypes):
            raise UnsupportedCardError(self.data(obj).name, "Enchant",
                                       "an Aura entering the battlefield: what it enchants is "
                                       "chosen as it is cast or enters (CR 303.4a, 303.4f), "
                                       "which the rules core does not play yet")
        fire_enters(cast("Game", self), obj)

    # -- questions ---------------------------------------------------------------------------

    def ask(self, player: PlayerId, prompt: str, options: tuple[str, ...], *,
            kind: str = "", among: tuple[str, ...] = (), amount: int = 0) -> str:
        """The answer to a question asked while resolving (or during a turn-based action);
        raises :class:`NeedAnswer` (and the process is replayed once the answer comes) when
        not given yet."""
        s = self._s
        index = getattr(self, "_asked", 0)
        if index < len(s.answers):
            self._asked = index + 1
            return s.answers[index]
        raise NeedAnswer(Question(player, prompt, options, kind, among, amount))
