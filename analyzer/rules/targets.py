"""Targets and filters: which objects and players a compiled reference means (CR 115, 608.2b).

An ability's targets are the :class:`~analyzer.oracle.objects.ObjectRef` arguments of its
effects with ``targeted`` set, in the order of its text. :func:`matches` decides whether an
object or player fits a reference's :class:`~analyzer.oracle.objects.ObjectFilter` from the
point of view of the ability's controller; the same test runs when targets are chosen
(CR 601.2c) and again on resolution (CR 608.2b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.oracle.effects import Effect
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Owner
from analyzer.oracle.types import CREATURE_TYPES
from analyzer.rules import layers
from analyzer.rules.errors import IllegalActionError, UnsupportedCardError
from analyzer.rules.model import GameObject, PlayerId, StackItem, Zone

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["Slot", "assign", "legal_choices", "matches", "slots"]

_KNOWN_STATES = frozenset({"tapped", "untapped", "attacking", "blocking", "token", "nontoken",
                           "blocked", "unblocked"})


@dataclass(frozen=True, slots=True)
class Slot:
    """One targeted reference of an ability: which effect, which argument, what it wants."""

    effect: int
    """Index of the effect in the ability."""
    ref: ObjectRef
    """The reference (its filter and how many targets, CR 115.1)."""

    def bounds(self, x: int) -> tuple[int, int]:
        """(fewest, most) targets it takes (``-1`` high is X, ``None`` any number)."""
        high = self.ref.count.high
        most = x if high == -1 else (10_000 if high is None else high)
        return self.ref.count.low, most


def _refs(effect: Effect) -> list[ObjectRef]:
    found: list[ObjectRef] = []
    for _, value in effect.args:
        if isinstance(value, ObjectRef):
            found.append(value)
        elif isinstance(value, tuple):
            found += [v for v in value if isinstance(v, ObjectRef)]
    return found


def slots(effects: tuple[Effect, ...]) -> list[Slot]:
    """The targeted references of some effects, in text order (CR 601.2c); a reference that
    refers back to one before it (:attr:`ObjectRef.refers_back`) chooses nothing."""
    return [Slot(i, ref) for i, effect in enumerate(effects) for ref in _refs(effect)
            if ref.targeted and not ref.refers_back]


def assign(found: list[Slot], chosen: tuple[object, ...], x: int = 0) -> list[list[object]]:
    """Split the chosen targets over the slots in order, each taking as many as it may while
    leaving the later slots their minimum.

    Raises
    ------
    IllegalActionError
        Too few or too many targets.

    >>> from analyzer.oracle.objects import parse_object
    >>> assign([Slot(0, parse_object("one or two target creature cards"))], (1, 2))
    [[1, 2]]
    """
    groups: list[list[object]] = []
    at = 0
    for i, slot in enumerate(found):
        low, high = slot.bounds(x)
        later = sum(s.bounds(x)[0] for s in found[i + 1:])
        take = min(high, len(chosen) - at - later)
        if take < low:
            raise IllegalActionError(f"{slot.ref.text!r} needs {low} target(s); "
                                     f"{len(chosen)} given")
        groups.append(list(chosen[at:at + take]))
        at += take
    if at != len(chosen):
        raise IllegalActionError(f"{len(chosen)} target(s) given, {at} wanted")
    return groups


def _owner_ok(game: Game, owner: Owner, whose: PlayerId, controller: PlayerId,
              that_player: PlayerId | None = None) -> bool:
    if owner is Owner.THAT_PLAYER and that_player is not None:
        return whose == that_player     # "that player controls": the event's player
    if owner is Owner.YOU:
        return whose == controller
    if owner in (Owner.OPPONENT, Owner.NOT_YOU):
        return whose != controller
    return True


def matches(game: Game, ref: ObjectRef, thing: GameObject | PlayerId | StackItem,
            controller: PlayerId, source: GameObject | None, card: str = "", *,
            that_player: PlayerId | None = None) -> bool:
    """True if ``thing`` fits ``ref`` for an ability controlled by ``controller``.

    ``that_player`` is the player of a triggered ability's event (the damaged player, the
    caster: :attr:`TriggerContext.player`, CR 603.2): "target creature that player controls"
    then means that player's creatures only.

    Raises
    ------
    UnsupportedCardError
        For a condition the rules core does not evaluate (``card`` names the card).
    """
    f = ref.filter
    if f.owner is Owner.TARGET_PLAYER or any(i.owner is Owner.TARGET_PLAYER for i in f.any_of):
        # "creatures target player controls": the player is a target of the ability (CR
        # 115.1) that the references of the rules core don't choose; refused, never "any"
        raise UnsupportedCardError(card or ref.text, ref.text,
                                   "objects of a target player (the player is no target slot)")
    if isinstance(thing, str):
        _player_extras(f, card or ref.text)
        if f.any_of:    # "each creature and each opponent": the player items decide
            return any(_player_ok(game, item, thing, controller, that_player)
                       for item in f.any_of)
        if f.kind == "any":
            return True
        if f.kind == "opponent":
            return thing != controller
        if f.kind == "player":
            return _owner_ok(game, f.owner, thing, controller, that_player)
        return False
    if isinstance(thing, StackItem):
        return False            # abilities on the stack are never "spells" (CR 113.1)
    if not _object_matches(game, f, thing, controller, source, card or ref.text,
                           that_player):
        return False
    return not ref.targeted or _targetable(game, thing, controller)


def _player_extras(f: ObjectFilter, card: str) -> None:
    """Refuse a player filter's conditions the rules core does not check ("an opponent with
    the most life", "each opponent who lost life this turn"), never ignore them.

    Raises
    ------
    UnsupportedCardError
        For such a condition.
    """
    for item in (f, *f.any_of):
        if item.kind in ("player", "opponent", "any") and (item.states or item.who):
            raise UnsupportedCardError(card, item.words or item.who or ", ".join(
                sorted(item.states)), "a condition on players the rules core does not check")


def _player_ok(game: Game, f: ObjectFilter, player: PlayerId, controller: PlayerId,
               that_player: PlayerId | None) -> bool:
    """Whether ``player`` fits one player item of a list of noun phrases."""
    if f.kind == "any":
        return True
    if f.kind == "opponent":
        return player != controller
    if f.kind == "player":
        return _owner_ok(game, f.owner, player, controller, that_player)
    return False


def _targetable(game: Game, obj: GameObject, controller: PlayerId) -> bool:
    """Shroud: no spell or ability targets it (CR 702.18a); hexproof: none of an opponent's
    (CR 702.11b)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return True
    have = layers.keywords(game, obj)
    if "shroud" in have:
        return False
    return not ("hexproof" in have and game.controller(obj) != controller)


def _object_matches(game: Game, f: ObjectFilter, obj: GameObject, controller: PlayerId,
                    source: GameObject | None, card: str,
                    that_player: PlayerId | None = None) -> bool:
    if f.kind in ("player", "opponent", "self", "it", "attacked"):
        return False
    if f.other and source is not None and obj.oid == source.oid:
        return False
    if f.any_of:         # a list of noun phrases: any item qualifies
        return any(_object_matches(game, item, obj, controller, source, card, that_player)
                   for item in f.any_of)
    if not _extras_match(game, f, obj, card):
        return False
    if f.kind == "any":
        return obj.zone is Zone.BATTLEFIELD and bool(
            {"Creature", "Planeswalker", "Battle"} & layers.types(game, obj))
    if f.kind == "spell":
        if obj.zone is not Zone.STACK:
            return False
    elif f.kind == "card":
        if obj.zone is not f.zone:
            return False
    elif obj.zone is not Zone.BATTLEFIELD:
        return False
    whose = game.controller(obj) if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
    if not _owner_ok(game, f.owner, whose, controller, that_player):
        return False
    kinds = layers.types(game, obj)
    if f.types and not (f.types & kinds):
        return False
    if f.all_types and not f.all_types <= kinds:      # "artifact creature": both types
        return False
    if f.excluded_types & kinds:
        return False
    if f.subtypes and not (f.subtypes & (layers.creature_types(game, obj)
                                         | frozenset(game.data(obj).card.subtypes))):
        return False
    if f.supertypes and not (f.supertypes <= game.data(obj).profile.supertypes):
        return False
    if f.colors and not (f.colors & layers.colors(game, obj)):
        return False
    if f.excluded_colors & layers.colors(game, obj):
        return False
    if f.mana_value is not None and not _compare(layers.mana_value(game, obj), f.mana_value):
        return False
    if f.power is not None and not _compare(layers.power_toughness(game, obj)[0], f.power):
        return False
    if f.mana_value_counters and (source is None or layers.mana_value(game, obj)
                                  != source.counters.get(f.mana_value_counters, 0)):
        return False
    if "nonlegendary" in f.states and "Legendary" in game.data(obj).profile.supertypes:
        return False                      # CR 205.4a: "nonlegendary", without the supertype
    for state in f.states:
        # "non-Human" (CR 205.3, 700.9 style "non-[subtype]"): without that creature type.
        if state.startswith("non-") and _subtype_named(state[4:]) is not None:
            kind = _subtype_named(state[4:])
            if kind in layers.creature_types(game, obj) | set(game.data(obj).card.subtypes):
                return False
    return all(_state(obj, state, card) for state in f.states if state != "nonlegendary"
               and not (state.startswith("non-") and _subtype_named(state[4:]) is not None))


def _extras_match(game: Game, f: ObjectFilter, obj: GameObject, card: str) -> bool:
    """The filter's newer typed conditions (keywords, toughness, counters); those the rules
    core does not check (names, comparisons with counted numbers, relations to other
    objects) are refused, never ignored.

    Raises
    ------
    UnsupportedCardError
        For a condition the rules core does not evaluate.
    """
    for name in f.typed_extras:
        if name not in ("keywords", "without_keywords", "toughness", "counter",
                        "total_power_toughness"):
            raise UnsupportedCardError(card, f.words or name,
                                       f"a condition on {name.replace('_', ' ')} the rules "
                                       "core does not check")
    if f.keywords or f.without_keywords:
        have = layers.keywords(game, obj)
        if f.keywords and not (f.keywords & have):
            return False
        if f.without_keywords & have:
            return False
    if f.toughness is not None and not _compare(layers.power_toughness(game, obj)[1],
                                                f.toughness):
        return False
    if f.total_power_toughness is not None and not _compare(
            sum(layers.power_toughness(game, obj)), f.total_power_toughness):
        return False                    # "total power and toughness 5 or less" (CR 208.1)
    if f.counter:
        counters = {k: n for k, n in obj.counters.items() if n > 0}
        if f.counter == "any":
            return bool(counters)
        return counters.get(f.counter, 0) > 0
    return True


_LOWER_TYPES = {t.lower(): t for t in CREATURE_TYPES}


def _subtype_named(word: str) -> str | None:
    """The creature type spelt ``word`` in any case (``"human"`` -> ``"Human"``)."""
    return _LOWER_TYPES.get(word.lower())


def _compare(value: int, test: tuple[str, int]) -> bool:
    op, n = test
    return value <= n if op == "<=" else value >= n if op == ">=" else value == n


def _state(obj: GameObject, state: str, card: str) -> bool:
    if state not in _KNOWN_STATES:
        raise UnsupportedCardError(card, state, "a condition the rules core does not check")
    return {"tapped": obj.tapped, "untapped": not obj.tapped,
            "attacking": obj.attacking is not None, "blocking": bool(obj.blocking),
            "token": obj.token, "nontoken": not obj.token, "blocked": obj.blocked is True,
            "unblocked": obj.blocked is False}[state]


def legal_choices(game: Game, ref: ObjectRef, controller: PlayerId,
                  source: GameObject | None, *,
                  that_player: PlayerId | None = None) -> list[PlayerId | GameObject]:
    """Every player and object ``ref`` could target now (CR 115.1); ``that_player`` as in
    :func:`matches`."""
    found: list[PlayerId | GameObject] = [
        p for p in game.players if not game.player(p).lost
        and matches(game, ref, p, controller, source, that_player=that_player)]
    found += [o for o in game.objects()
              if matches(game, ref, o, controller, source, that_player=that_player)]
    return found
