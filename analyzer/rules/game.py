"""The game: state, setup, the turn and priority machine, make/unmake (CR 500-514, 117).

Modelled on python-chess's ``Board``: :meth:`Game.apply` plays an action and returns the
events it caused, :meth:`Game.undo` takes it back from a snapshot stack, :meth:`Game.copy`
branches, :meth:`Game.legal_actions` yields legal actions lazily and :meth:`Game.is_legal`
checks one. The game's log (:attr:`Game.log`) is the readable line.

Examples
--------
>>> from analyzer.rules.cards import CardLibrary
>>> game = Game(CardLibrary.starter())
>>> bolt = game.add("Lightning Bolt", Zone.HAND, "A")
>>> mountain = game.add("Mountain", Zone.BATTLEFIELD, "A")
>>> game.start(Step.MAIN1, active="A")
>>> from analyzer.rules.actions import CastSpell, PassPriority
>>> _ = game.apply(CastSpell("A", bolt.oid, targets=("B",)))
>>> _ = game.apply(PassPriority("A")); _ = game.apply(PassPriority("B"))
>>> game.player("B").life
17
>>> game.undo(); game.undo(); game.player("B").life
20
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import TYPE_CHECKING

from analyzer.rules import layers
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
)
from analyzer.rules.cards import CardLibrary
from analyzer.rules.errors import IllegalActionError, RulesError, UnsupportedCardError
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

__all__ = ["Game", "NeedAnswer", "Pending"]


class NeedAnswer(Exception):
    """Raised inside resolution when a question has no answer yet (internal)."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.prompt)
        self.question = question


class Game:
    """A game between players named ``players`` (default A and B), cards from ``cards``.

    Set it up with :meth:`add` and :meth:`start`, then play actions with :meth:`apply`.
    """

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

    # -- setup -----------------------------------------------------------------------------

    def add(self, name: str, zone: Zone = Zone.HAND, player: PlayerId = "A", *,
            alias: str | None = None, controller: PlayerId | None = None,
            tapped: bool = False, sick: bool = False, counters: dict[str, int] | None = None,
            damage: int = 0, top: bool = False, commander: bool = False) -> GameObject:
        """Put a card straight into a zone (scenario setup; no rules apply).

        Parameters
        ----------
        name : str
            A card name the :class:`CardLibrary` knows.
        zone : Zone
            HAND, LIBRARY (bottom, or ``top``), GRAVEYARD, EXILE, COMMAND or BATTLEFIELD.
        player : str
            The owner.
        alias : str, optional
            The name scenarios use for it; default the card name, ``"Name #2"`` when taken.
        commander : bool
            Designate the card as its owner's commander (CR 903.3), in any zone.

        Raises
        ------
        InputError
            Unknown card name or player.
        UnsupportedCardError
            A permanent with abilities the rules core cannot play.
        """
        from analyzer.errors import InputError

        if player not in self._s.players:
            raise InputError(f"no player {player!r}; players are {', '.join(self._s.players)}")
        data = self.cards.get(name)
        obj = self._new_object(data.name, player, zone, alias)
        if zone is Zone.BATTLEFIELD:
            obj.base_controller = controller or player
            obj.tapped, obj.sick, obj.damage = tapped, sick, damage
            if data.loyalty is not None:
                obj.counters["loyalty"] = data.loyalty
            self._s.battlefield.append(obj.oid)
            self._s.derived.clear()
            from analyzer.rules.triggers import check_supported
            try:
                check_supported(self, obj)
            except RulesError:
                self._s.battlefield.remove(obj.oid)
                self._s.derived.clear()
                del self._s.objects[obj.oid]
                raise
        elif zone is Zone.LIBRARY and top:
            self._s.players[player].library.insert(0, obj.oid)
        else:
            self._s.players[player].zone_list(zone).append(obj.oid)
        for kind, n in (counters or {}).items():
            obj.counters[kind] = n
        if commander:
            state = self._s.players[player]
            state.commanders = (*state.commanders, obj.oid)
        return obj

    def commander_identity(self, player: PlayerId) -> frozenset[str]:
        """``player``'s commander's colour identity (CR 903.4): the colour letters of every
        card designated as their commander combined (MTGJSON ``colorIdentity``), in any zone
        (CR 903.3). Empty when they have no commander or only colourless ones, so "one mana
        of any color in your commander's color identity" then adds no mana (CR 903.4f,
        106.5)."""
        found: set[str] = set()
        for oid in self._s.players[player].commanders:
            found |= set(self.cards.get(self._s.objects[oid].card).card.color_identity)
        return frozenset(found)

    def attach(self, obj: GameObject, target: GameObject) -> None:
        """Attach an Aura or Equipment on the battlefield to ``target`` (scenario setup:
        CR 303.4 an Aura enchants what it is attached to, its "enchant" keyword limiting
        what that may be, 702.5a; CR 301.5 an Equipment is attached to a creature).

        Raises
        ------
        InputError
            ``obj`` is not an Aura or Equipment on the battlefield, or ``target`` is not an
            object it could be attached to.
        """
        from analyzer.errors import InputError
        from analyzer.rules.sba import attachment_problem

        subtypes = set(self.data(obj).card.front.subtypes) | {
            s for f in self.data(obj).card.faces for s in f.subtypes}
        if obj.zone is not Zone.BATTLEFIELD or not subtypes & {"Aura", "Equipment"}:
            raise InputError(f"{obj.alias} is not an Aura or Equipment on the battlefield; "
                             "only those are attached (CR 301.5, 303.4)")
        if target.zone is not Zone.BATTLEFIELD:
            raise InputError(f"{target.alias} is not on the battlefield")
        obj.attached_to = target.ref
        problem = attachment_problem(self, obj)
        if problem:
            obj.attached_to = None
            raise InputError(f"{obj.alias} can't be attached to {target.alias}: {problem}")
        self._s.derived.clear()

    def start(self, step: Step = Step.MAIN1, active: PlayerId = "A", turn: int = 1) -> None:
        """Begin at ``step`` of turn ``turn``: empty stack, priority to ``active``.

        Turn-based actions of that step are not performed (the board is as given).
        """
        s = self._s
        s.step, s.active, s.turn = step, active, turn
        s.first_player = active if turn == 1 else s.first_player
        s.attacked = any(o.attacking is not None for o in self.battlefield())
        if step is Step.CLEANUP:
            s.pending, s.priority = Pending.CLEANUP, None
        else:
            self._give_priority(active)

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

            return card_data(self, obj)
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
        return layers.controller(self, obj)

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

    # -- make / unmake -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` and return the events it caused.

        The action is checked as it is carried out: an illegal one raises
        :class:`IllegalActionError` and leaves the state exactly as it was (CR 733.1).

        Raises
        ------
        IllegalActionError
            The rules forbid it now.
        UnsupportedCardError
            It needs an ability the rules core cannot play (state left as it was).
        """
        self._s.log_len = len(self.log)
        snapshot = self._s.clone()
        try:
            self._dispatch(action)
        except (RulesError, NeedAnswer):
            self._s = snapshot
            del self.log[snapshot.log_len:]
            raise
        self._snapshots.append(snapshot)
        return self.log[snapshot.log_len:]

    def undo(self) -> None:
        """Take back the last applied action (python-chess ``Board.pop``).

        Raises
        ------
        IndexError
            Nothing to undo.
        """
        self._s = self._snapshots.pop()
        del self.log[self._s.log_len:]

    def copy(self) -> Game:
        """An independent game in the same state (for parallel branches)."""
        other = Game.__new__(Game)
        other.cards = self.cards
        other._s = self._s.clone()
        other._snapshots = []
        other.log = list(self.log)
        other.unnamed = set(self.unnamed)
        return other

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal (state unchanged)."""
        self._s.log_len = len(self.log)
        snapshot = self._s.clone()
        try:
            self._dispatch(action)
        except IllegalActionError as err:
            return str(err)
        except NeedAnswer:
            return None
        finally:
            self._s = snapshot
            del self.log[snapshot.log_len:]
        return None

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be played now (CR 117, 601.2, 602.2, 508.1, 509.1)."""
        return self.why_illegal(action) is None

    def legal_actions(self, unsupported: list[UnsupportedCardError] | None = None
                      ) -> Iterator[Action]:
        """Legal actions, lazily: exactly the candidates
        (:func:`~analyzer.rules.generate.candidates`) that :meth:`is_legal` accepts, checked
        faster (see :func:`analyzer.rules.generate.legal_actions`). A caller may stop early.
        With ``unsupported``, a candidate needing an ability the rules core cannot play is
        left out and its error appended there instead of raised.

        Raises
        ------
        UnsupportedCardError
            Checking an action needed an ability the rules core cannot play.
        """
        from analyzer.rules.generate import legal_actions

        yield from legal_actions(self, unsupported)

    def legal_among(self, actions: list[CastSpell] | list[ActivateAbility]) -> list[Action]:
        """Of casts (or activations) that differ only in their targets, the legal ones:
        the same answer as :meth:`is_legal` for each, with one trial on a snapshot
        (:func:`~analyzer.rules.casting.legal_cast_targets`). State unchanged.

        Raises
        ------
        ValueError
            The actions differ in more than their targets.
        UnsupportedCardError
            As :meth:`apply` would.
        """
        from dataclasses import replace

        from analyzer.rules import casting

        if not actions:
            return []
        first = actions[0]
        if any(replace(a, targets=()) != replace(first, targets=()) for a in actions):
            raise ValueError("legal_among takes actions that differ only in their targets")
        self._s.log_len = len(self.log)
        snapshot = self._s.clone()
        legal: list[Action] = list(actions)
        try:
            self._check_priority_action(first)
            if isinstance(first, CastSpell):
                legal = list(casting.legal_cast_targets(
                    self, [a for a in actions if isinstance(a, CastSpell)]))
            else:
                legal = list(casting.legal_activation_targets(
                    self, [a for a in actions if isinstance(a, ActivateAbility)]))
            if legal:
                self._s.passed = []
                self._give_priority(first.player)
        except IllegalActionError:
            return []
        except NeedAnswer:
            return legal
        finally:
            self._s = snapshot
            del self.log[snapshot.log_len:]
        return legal

    def mana_ability_legal(self, action: ActivateManaAbility) -> bool:
        """:meth:`is_legal` for a mana ability, without a trial when its cost is only {T}
        or {Q} (CR 605.3a: it resolves at once; CR 107.5, 107.6, 302.6). State unchanged.

        Raises
        ------
        UnsupportedCardError
            As :meth:`apply` would.
        """
        from analyzer.rules.mana import can_activate, mana_options

        s = self._s
        if s.pending is Pending.GAME_OVER or s.pending is not Pending.PRIORITY \
                or s.priority != action.player:
            return False
        if action.activated:
            return self.is_legal(action)
        obj = self.obj(action.card)
        abilities = self.data(obj).profile.mana_abilities
        if not 0 <= action.ability < len(abilities):
            return False
        ability = abilities[action.ability]
        if ability.cost.sacrifice is not None:
            return self.is_legal(action)
        if can_activate(self, obj, ability, action.player):
            return False
        options = mana_options(self, obj, ability, action.player)
        return not (action.choice and options
                    and not any(m[action.choice] > 0 for m in options))

    def fingerprint(self) -> str:
        """A text of the whole state, to compare two states exactly."""
        s = copy.copy(self._s)
        s.log_len = 0
        return repr(s)

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

        others_enters_replacements(self, obj)     # "Permanents enter tapped" (CR 614.1c)
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
        apply_enters_replacements(self, obj)
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

            need(self, "leaves")                  # leaves-the-battlefield abilities, 603.10a
            if zone is Zone.GRAVEYARD:            # "dies" (CR 700.4), last known info 603.10a
                dies = dies_trigger(self, old)
                fire_dies(self, old)
        self._detach(old)
        where = old.zone
        old.incarnation += 1
        old.zone = zone
        old.tapped, old.sick, old.damage, old.deathtouched = False, False, 0, False
        old.counters.clear()
        old.attacking, old.blocked, old.blocking = None, None, ()
        old.dealt_first_strike, old.sneak_target, old.targets = False, None, ()
        old.playable_by, old.cast_with, old.attached_to = None, "", None
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

            if obj.tapped and not untap_or_stun(self, obj):
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

        need(self, "draw")
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
            fire_draw(self, player)

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

        check_supported(self, obj)
        if obj.attached_to is None and "Aura" in self.data(obj).profile.types | set(
                self.data(obj).card.front.subtypes):
            raise UnsupportedCardError(self.data(obj).name, "Enchant",
                                       "an Aura entering the battlefield: what it enchants is "
                                       "chosen as it is cast or enters (CR 303.4a, 303.4f), "
                                       "which the rules core does not play yet")
        fire_enters(self, obj)

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

    # -- the turn and priority machine ---------------------------------------------------------

    def _dispatch(self, action: Action) -> None:
        from analyzer.rules import casting, combat, mana

        s = self._s
        if s.pending is Pending.GAME_OVER:
            raise IllegalActionError("the game is over")
        if isinstance(action, Choose):
            self._choose(action)
        elif isinstance(action, DeclareAttackers):
            combat.declare_attackers(self, action)
        elif isinstance(action, DeclareBlockers):
            combat.declare_blockers(self, action)
        elif isinstance(action, PassPriority):
            self._pass(action.player)
        else:
            self._check_priority_action(action)
            if isinstance(action, ActivateManaAbility):
                mana.activate_mana_ability(self, action)
                return
            if isinstance(action, PlayLand):
                casting.play_land(self, action)
            elif isinstance(action, CastSpell):
                casting.cast_spell(self, action)
            elif isinstance(action, ActivateAbility):
                casting.activate_ability(self, action)
            s.passed = []
            self._give_priority(action.player)

    def _check_priority_action(self, action: Action) -> None:
        s = self._s
        if s.pending is Pending.GAME_OVER:
            raise IllegalActionError("the game is over")
        if s.pending is not Pending.PRIORITY or s.priority != action.player:
            raise IllegalActionError(f"{action.player} does not have priority "
                                     f"({self._waiting()})")

    def _waiting(self) -> str:
        s = self._s
        if s.pending is Pending.PRIORITY:
            return f"{s.priority} has priority"
        if s.pending is Pending.CHOICE and s.question is not None:
            return f"waiting for {s.question.player} to answer {s.question.prompt!r}"
        return f"waiting for {s.pending.name.lower()}"

    def _choose(self, action: Choose) -> None:
        s = self._s
        if s.pending is not Pending.CHOICE or s.question is None:
            raise IllegalActionError("no question is waiting for an answer")
        if action.player != s.question.player:
            raise IllegalActionError(f"{s.question.player} answers, not {action.player}")
        answer = action.choice
        if s.question.options and answer not in s.question.options:
            raise IllegalActionError(f"{answer!r} is not one of "
                                     f"{', '.join(s.question.options)}")
        self.note(EventKind.CHOICE, f"{action.player} chooses {answer}", rule="608.2d")
        s.answers.append(answer)
        s.question = None
        s.pending = Pending.PRIORITY
        if s.resume == "resolve":
            self._resolve_top()
        elif s.resume == "cleanup":
            self._cleanup()
        elif s.resume.startswith("triggers:"):
            self._give_priority(s.resume.split(":", 1)[1])
        else:
            self._combat_damage(first_strike=s.resume == "first_strike_damage")

    def _pass(self, player: PlayerId) -> None:
        s = self._s
        if s.pending is Pending.CLEANUP:
            if player != s.active:
                raise IllegalActionError(f"the turn goes on when {s.active} passes")
            self._next_turn()
            return
        if s.pending is not Pending.PRIORITY or s.priority != player:
            raise IllegalActionError(f"{player} cannot pass priority ({self._waiting()})")
        unspent = [s.players[player].pool.format()] if s.players[player].pool.total() else []
        unspent += [f"{n} {r.format()}" for r, n in s.players[player].restricted.items() if n]
        if unspent:
            self.note(EventKind.MANA, f"{player} has {', '.join(unspent)} unspent",
                      rule="106.4b")
        self.note(EventKind.PRIORITY, f"{player} passes priority", rule="117.3d")
        s.passed.append(player)
        live = [p for p in s.players if not s.players[p].lost]
        if s.pending_triggers:
            # Abilities that triggered while paying a mana ability's cost (a creature
            # sacrificed to Ashnod's Altar dying, CR 605.3a, 700.4) go on the stack before
            # the next player receives priority (CR 117.5, 603.3).
            order = list(s.players)
            nxt = order[(order.index(player) + 1) % len(order)]
            while s.players[nxt].lost:
                nxt = order[(order.index(nxt) + 1) % len(order)]
            self._give_priority(nxt)
            return
        if all(p in s.passed for p in live):
            s.passed = []
            if s.stack:
                self._resolve_top()
            else:
                self._advance()
            return
        order = list(s.players)
        nxt = order[(order.index(player) + 1) % len(order)]
        while s.players[nxt].lost:
            nxt = order[(order.index(nxt) + 1) % len(order)]
        s.priority = nxt

    def _resolve_top(self) -> None:
        from analyzer.rules.resolve import resolve

        s = self._s
        s.log_len = len(self.log)
        saved = s.clone()
        self._asked = 0
        try:
            resolve(self, s.stack[-1])
        except NeedAnswer as need:
            self._wait_for_answer(saved, need, "resolve")
            return
        self._s.answers, self._s.resume = [], ""
        self._s.resolved += 1
        self._give_priority(self._s.active)

    def _wait_for_answer(self, saved: State, need: NeedAnswer, resume: str) -> None:
        """Go back to ``saved`` (the start of the process) and wait for the answer; the
        process is replayed with every answer so far once it comes."""
        answers = list(self._s.answers)
        del self.log[saved.log_len:]
        self._s = saved
        self._s.answers, self._s.resume = answers, resume
        self._s.question = need.question
        self._s.pending = Pending.CHOICE
        self._s.priority = None
        self.note(EventKind.CHOICE, f"{need.question.player} is asked: {need.question.prompt}")

    def _combat_damage(self, *, first_strike: bool) -> None:
        """The combat damage step's turn-based action (CR 510.1-510.2), then priority."""
        from analyzer.rules.combat import combat_damage_step

        self._s.log_len = len(self.log)
        saved = self._s.clone()
        self._asked = 0
        try:
            combat_damage_step(self, first_strike=first_strike)
        except NeedAnswer as need:
            self._wait_for_answer(saved, need, "first_strike_damage" if first_strike
                                  else "combat_damage")
            return
        self._s.answers, self._s.resume = [], ""
        self._give_priority(self._s.active)

    def _give_priority(self, player: PlayerId) -> None:
        """Before a player receives priority: state-based actions, then triggered abilities
        go on the stack, repeated (CR 117.5, 704.3, 603.3)."""
        from analyzer.rules.sba import check_state_based_actions
        from analyzer.rules.triggers import put_triggers_on_stack

        while True:
            check_state_based_actions(self)
            s = self._s
            if s.pending is Pending.GAME_OVER:
                s.priority = None
                return
            if not s.pending_triggers:
                break
            # Putting triggers on the stack may ask for modes and targets (CR 603.3c-d):
            # the process is replayed from here with the answers.
            s.log_len = len(self.log)
            saved = s.clone()
            self._asked = 0
            try:
                put_triggers_on_stack(self)
            except NeedAnswer as need:
                self._wait_for_answer(saved, need, f"triggers:{player}")
                return
            s.answers, s.resume = [], ""
        s.pending, s.priority = Pending.PRIORITY, player

    def _advance(self) -> None:
        from analyzer.rules.turns import advance
        advance(self)

    def _next_turn(self) -> None:
        from analyzer.rules.turns import next_turn
        next_turn(self)

    def _begin(self, step: Step) -> None:
        from analyzer.rules.turns import begin
        begin(self, step)

    def _cleanup(self) -> None:
        from analyzer.rules.turns import cleanup
        cleanup(self)

    def declared(self) -> None:
        """After attackers or blockers are declared: triggers, then priority to the active
        player (CR 508.2, 509.2)."""
        self._s.passed = []
        self._give_priority(self._s.active)
