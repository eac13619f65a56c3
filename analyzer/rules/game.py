"""The game: state, setup, the turn and priority machine, make/unmake (CR 500-514, 117).

:class:`Game` holds setup, make/unmake and legality here; it stands on the priority machine
(:mod:`analyzer.rules.priority`), which stands on the state, its queries and the moves of
objects between zones (:mod:`analyzer.rules.game_zones`).

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

from analyzer.rules.actions import Action, ActivateAbility, ActivateManaAbility, CastSpell
from analyzer.rules.errors import IllegalActionError, RulesError, UnsupportedCardError
from analyzer.rules.game_zones import NeedAnswer
from analyzer.rules.model import Event, GameObject, PlayerId, Step, Zone
from analyzer.rules.priority import PriorityMachine
from analyzer.rules.state import Pending

__all__ = ["Game", "NeedAnswer", "Pending"]


class Game(PriorityMachine):
    """A game between players named ``players`` (default A and B), cards from ``cards``.

    Set it up with :meth:`add` and :meth:`start`, then play actions with :meth:`apply`.
    """

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
