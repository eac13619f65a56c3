"""The effect registry (STYLE.md habit 6): ``EFFECTS[name]`` plays one compiled effect.

Keys are the compiler's effect names (:data:`analyzer.oracle.effects.EFFECTS`). A handler
gets the :class:`Resolution` (the resolving spell or ability, its controller, targets and
what earlier effects touched) and the :class:`~analyzer.oracle.effects.Effect`. An effect
whose name has no handler, or whose arguments a handler does not play, raises
:class:`~analyzer.rules.errors.UnsupportedCardError` naming the card and the text: never a
silent no-op.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.objects import ONE, ObjectRef, Zone
from analyzer.oracle.readings import (
    condition_parts,
    is_if_you_do,
    is_prowl_paid,
    is_unless_entered_this_turn,
)
from analyzer.oracle.tokens import parse_token
from analyzer.rules import layers
from analyzer.rules.cards import token_card
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.model import EffectKind, EventKind, GameObject, PlayerId, StackItem
from analyzer.rules.targets import matches

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["EFFECTS", "NOTHING_TO_CHOOSE", "EffectHandler", "Resolution", "condition_holds",
           "deal_damage"]


@dataclass
class Resolution:
    """What a resolving spell or ability knows (CR 608.2)."""

    game: Game
    """The game."""
    item: StackItem
    """The resolving spell or ability."""
    card: str
    """Its card's name (for errors and the log)."""
    text: str
    """Its text (for errors)."""
    source: GameObject | None
    """The spell itself or the ability's source, if it still exists."""
    targets: dict[tuple[int, int], list[PlayerId | GameObject]] = field(default_factory=dict)
    """Legal targets by (effect index, reference index) (CR 608.2b)."""
    last: list[PlayerId | GameObject] = field(default_factory=list)
    """What the previous effect affected ("it", "that creature")."""
    index: int = 0
    """The effect being played."""
    done: bool | None = None
    """Whether the last "you may" effect was done ("if you do", CR 608.2c); ``None`` before
    any."""
    copy: StackItem | None = None
    """The copy of a spell or ability the resolving one put on the stack ("the copy",
    CR 707.10), once it has."""

    @property
    def controller(self) -> PlayerId:
        """The controller of the spell or ability (CR 608.2)."""
        return self.item.controller

    def unsupported(self, effect: Effect, why: str) -> UnsupportedCardError:
        """The error for an effect this core does not play."""
        return UnsupportedCardError(self.card, effect.text or self.text, why)

    def refs(self, effect: Effect, key: str) -> list[PlayerId | GameObject]:
        """Who or what the argument ``key`` of ``effect`` means now."""
        value = effect.arg(key)
        if value is None:
            return []
        if isinstance(value, tuple):
            found: list[PlayerId | GameObject] = []
            for i, ref in enumerate(v for v in value if isinstance(v, ObjectRef)):
                found += self._ref(effect, ref, i)
            return found
        if not isinstance(value, ObjectRef):
            raise self.unsupported(effect, f"argument {key}={value!r}")
        position = [v for _, v in effect.args if isinstance(v, ObjectRef)].index(value)
        return self._ref(effect, value, position)

    def _ref(self, effect: Effect, ref: ObjectRef, position: int) -> list[PlayerId | GameObject]:
        game, f = self.game, ref.filter
        if ref.targeted:
            return list(self.targets.get((self.index, position), []))
        if f.kind == "self":
            return [self.source] if self.source is not None else []
        if f.kind == "it" and ref.text.lower().startswith(("enchanted ", "equipped ")):
            # What the Aura or Equipment is attached to (CR 303.4, 301.5).
            source = self.source
            host = game.get(source.attached_to) if source is not None \
                and source.zone is Zone.BATTLEFIELD and source.attached_to is not None \
                else None
            if host is None:
                raise self.unsupported(effect, f"{ref.text!r} once its Aura or Equipment "
                                               "has left or is unattached (last known "
                                               "information, CR 608.2h)")
            return [host]
        if f.kind == "it":
            words = ref.text.lower()
            if words.startswith(_PART_OF_GROUP) or words in ("one", "the others") \
                    or (ref.count != ONE and not ref.count.each):
                # "the rest", "one of them", "two of them": some of what was named before,
                # a choice or a remainder this core does not keep apart (CR 608.2c)
                raise self.unsupported(effect, f"{ref.text!r}: part of the objects named "
                                               "before")
            if self.last:
                return list(self.last)
            subject = self.item.context.subject
            if subject is None and self.item.kind == "activated" and self.index == 0:
                # "Remove a +1/+1 counter from Triskelion: It deals 1 damage ...": with
                # nothing named before it, "it" is the object whose ability this is (its
                # source, CR 113.7), as it is now or as it last existed (CR 608.2h).
                if self.source is not None:
                    return [self.source]
                raise self.unsupported(effect, f"{ref.text!r} once its source has left")
            obj = game.get(subject) if subject is not None else None
            if obj is None and subject is not None:
                obj = game.obj(subject[0])          # last known information (CR 608.2h)
            if obj is None:
                raise self.unsupported(effect, f"what {ref.text!r} refers to")
            return [obj]
        if f.kind == "attacked":
            attacked = self.item.context.attacked
            if attacked is None:
                return []
            if isinstance(attacked, str):
                return [attacked]
            found = game.get(attacked)
            return [found] if found is not None else []
        if ref.count.each:
            things: list[PlayerId | GameObject] = []
            if f.kind in ("player", "opponent", "any"):
                things += [p for p in game.players if not game.player(p).lost
                           and (f.kind == "any" or matches(game, ref, p, self.controller,
                                                           self.source))]
            if f.kind == "any":
                things += [o for o in game.battlefield() if layers.is_type(game, o, "Creature")
                           and not (f.other and self.source is not None
                                    and o.oid == self.source.oid)]
            elif f.kind not in ("player", "opponent"):
                things += [o for o in game.objects() if matches(
                    game, ref, o, self.controller, self.source, self.card)]
            return things
        if f.kind in ("player",) and f.owner.name == "YOU":
            return [self.controller]
        if f.kind == "permanent" and ref.count.low == 0 and ref.count.high \
                and ref.count.high > 0 and not ref.count.each:
            return self._up_to(effect, ref, ref.count.high)
        raise self.unsupported(effect, f"the reference {ref.text!r}")

    def _up_to(self, effect: Effect, ref: ObjectRef, most: int) -> list[PlayerId | GameObject]:
        """"untap up to five lands": the controller chooses, as the effect happens, up to
        ``most`` of the permanents that fit (CR 608.2d; not targets, so any of them).
        Answer: their IDs separated by ``;``, or ``none``."""
        game = self.game
        fits = [o for o in game.battlefield()
                if matches(game, ref, o, self.controller, self.source, self.card)]
        if not fits:
            return []
        names = tuple(o.alias for o in fits)
        answer = game.ask(self.controller, f"{self.card}: choose {ref.text}", (),
                          kind="up_to", among=names, amount=most)
        chosen = [] if answer.strip().lower() == "none" else \
            [part.strip() for part in answer.split(";") if part.strip()]
        if len(chosen) > most or len(set(chosen)) != len(chosen) \
                or not set(chosen) <= set(names):
            from analyzer.rules.errors import IllegalActionError

            raise IllegalActionError(f"{answer!r} is not up to {most} of {', '.join(names)}")
        return [o for o in fits if o.alias in chosen]

    def amount(self, effect: Effect, key: str = "amount") -> int:
        """A number argument: fixed, or X (CR 107.3)."""
        value = effect.arg(key, Amount(1))
        if isinstance(value, int):
            return value
        if isinstance(value, Amount):
            if value.value is not None:
                return value.value
            if value.variable == "X" and value.where:
                return self._defined_x(effect, value.where)
            if value.variable == "X":
                return self.item.x
            if value.variable == "equal to the sacrificed creature's power" \
                    and self.item.sacrificed_power is not None:
                return max(0, self.item.sacrificed_power)   # CR 608.2h, 107.1b
            if value.variable == "equal to that card's mana value" and len(self.last) == 1 \
                    and not isinstance(self.last[0], str):
                # The card the effect before named, in the zone it went to (CR 202.3).
                return layers.mana_value(self.game, self.last[0])
            if value.variable == "equal to that card's mana value" and not self.last:
                raise self.unsupported(effect, "the mana value of a card when no card was "
                                               "named (an empty library revealed nothing)")
            if value.variable == "that much" and self.item.context.amount:
                return self.item.context.amount     # the trigger event's amount (603.2)
            if value.variable == "its power" and self.source is not None \
                    and self.source.zone is Zone.BATTLEFIELD:
                # "damage equal to its power": the source's power now; a negative
                # power counts as 0 (CR 107.1b).
                return max(0, layers.power_toughness(self.game, self.source)[0])
        raise self.unsupported(effect, f"the amount {value!r}")

    def _defined_x(self, effect: Effect, where: str) -> int:
        """"where X is ..." (CR 107.3): the definitions the rules core evaluates."""
        game = self.game
        if where == "the damage dealt to your opponents this turn":
            return sum(d.amount for d in game.state.damage
                       if d.turn == game.state.turn and not d.target_card
                       and d.target in game.opponents(self.controller))
        raise self.unsupported(effect, f"X where X is {where!r}")

    def player(self, effect: Effect) -> PlayerId:
        """The ``player`` argument: "you" when absent."""
        if effect.arg("player") is None:
            return self.controller
        found = self.refs(effect, "player")
        if len(found) == 1 and isinstance(found[0], str):
            return found[0]
        raise self.unsupported(effect, "which player")


EffectHandler: TypeAlias = Callable[[Resolution, Effect], None]
"""Plays one effect."""


def _objects(res: Resolution, effect: Effect, key: str = "target") -> list[GameObject]:
    return [t for t in res.refs(effect, key) if not isinstance(t, str)]


def deal_damage(game: Game, source: GameObject | None, source_name: str, amount: int,
                target: PlayerId | GameObject, *, combat: bool = False) -> None:
    """Deal damage (CR 120.3): life loss to a player, loyalty removed from a planeswalker,
    damage marked on a creature; lifelink gains life (CR 702.15b)."""
    if amount <= 0:
        return
    from analyzer.rules.counters import prevent_with_shield
    from analyzer.rules.model import DamageRecord

    if not isinstance(target, str) and target.zone is Zone.BATTLEFIELD \
            and prevent_with_shield(game, target, f"being dealt {amount} damage"):
        return

    game.state.damage.append(DamageRecord(
        source.alias if source is not None else source_name,
        game.data(source).name if source is not None else source_name,
        target if isinstance(target, str) else target.alias,
        "" if isinstance(target, str) else game.data(target).name, amount, combat,
        game.state.turn))
    if isinstance(target, str):
        game.player(target).life -= amount          # CR 120.3a: damage is life loss
        what = target
    else:
        what = target.alias
        if layers.is_type(game, target, "Planeswalker"):
            target.counters["loyalty"] = max(0, target.counters["loyalty"] - amount)
        if layers.is_type(game, target, "Creature"):
            target.damage += amount
            if source is not None and layers.has_keyword(game, source, "deathtouch"):
                target.deathtouched = True
    game.note(EventKind.DAMAGE, f"{source_name} deals {amount} "
              f"{'combat ' if combat else ''}damage to {what}", source_name,
              "510.2" if combat else "120.3")
    from analyzer.rules.triggers import fire_life

    if isinstance(target, str):
        from analyzer.rules.triggers import fire_damage_to_player

        fire_life(game, target, amount, gained=False)
        fire_damage_to_player(game, source, target)
    if source is not None and source.zone is Zone.BATTLEFIELD \
            and layers.has_keyword(game, source, "lifelink"):
        who = game.controller(source)
        game.player(who).life += amount
        game.note(EventKind.LIFE, f"{who} gains {amount} life (lifelink)", source_name,
                  "702.15b")
        fire_life(game, who, amount, gained=True)


def _deal_damage(res: Resolution, effect: Effect) -> None:
    if effect.arg("divided"):
        raise res.unsupported(effect, "damage divided as its controller chooses (CR 601.2d)")
    sources = res.refs(effect, "source") if effect.arg("source") is not None else [res.source]
    source = next((s for s in sources if not isinstance(s, str)), None)
    amount = res.amount(effect)
    hit = res.refs(effect, "target")
    for target in hit:
        deal_damage(res.game, source, res.card, amount, target)
    res.last = hit


def _destroy(res: Resolution, effect: Effect) -> None:
    for obj in _objects(res, effect):
        if layers.has_keyword(res.game, obj, "indestructible"):
            continue
        from analyzer.rules.counters import prevent_with_shield

        if prevent_with_shield(res.game, obj, "being destroyed"):
            continue
        res.game.move(obj, Zone.GRAVEYARD, rule="701.8")


def _change_zone(res: Resolution, effect: Effect) -> None:
    game = res.game
    origin, destination = effect.arg("origin"), effect.arg("destination")
    if not isinstance(destination, Zone) or destination is Zone.STACK:
        raise res.unsupported(effect, f"moving to {destination!r}")
    if effect.arg("duration") not in (None, Duration.PERMANENT):
        raise res.unsupported(effect, "an exile that ends (the object returns, CR 610.3)")
    if effect.arg("order") == "random":
        raise res.unsupported(effect, "cards put in a random order")
    if effect.arg("random"):
        raise res.unsupported(effect, "a card chosen at random (CR 701.20a)")
    if effect.arg("transformed"):
        raise res.unsupported(effect, "a card put onto the battlefield transformed (CR 712.14)")
    if effect.arg("attacking"):
        raise res.unsupported(effect, "a card put onto the battlefield attacking (CR 508.4)")
    if effect.arg("controller") not in (None, "you") or effect.arg("face_down"):
        raise res.unsupported(effect, "a zone change under another player's control or "
                                      "face down")
    for key in ("transformed", "attached_to", "enters_with"):
        if effect.arg(key):
            raise res.unsupported(effect, f"a permanent put onto the battlefield {key.replace('_', ' ')} "
                                          "(CR 614.1c)")
    target = effect.arg("target")
    if effect.arg("player") is not None and not (
            origin is Zone.LIBRARY and isinstance(target, ObjectRef)
            and target.filter.kind == "it"):
        raise res.unsupported(effect, "a zone change another player makes or whose zone is "
                                      "another player's")
    position = effect.arg("position")
    if isinstance(position, str) and " or " in position:
        raise res.unsupported(effect, "the top or bottom of a library, as a player chooses")
    if isinstance(position, str) and "from the top" in position:
        raise res.unsupported(effect, f"a card put into a library {position}")
    moved: list[PlayerId | GameObject] = []
    found = _library_top(res, effect) if origin is Zone.LIBRARY else None
    for obj in found if found is not None else _objects(res, effect):
        if isinstance(origin, Zone) and obj.zone is not origin:
            continue
        if destination is Zone.BATTLEFIELD:
            from analyzer.rules.resolve import enter_battlefield
            new = enter_battlefield(game, obj, res.controller,
                                    tapped=effect.arg("tapped") is True)
        else:
            position = effect.arg("position")
            new = game.move(obj, destination, top=not (isinstance(position, str)
                                                       and "bottom" in position))
        moved.append(new)
    res.last = moved


def _library_top(res: Resolution, effect: Effect) -> list[GameObject] | None:
    """"the top card(s) of <player>'s library" (the player argument, "you" when absent)."""
    ref = effect.arg("target")
    if not isinstance(ref, ObjectRef) or ref.filter.kind != "it" or res.last:
        return None
    players = res.refs(effect, "player") if effect.arg("player") is not None \
        else [res.controller]
    cards: list[GameObject] = []
    for player in players:
        if isinstance(player, str):
            library = res.game.player(player).library
            cards += [res.game.obj(o) for o in library[:res.amount(effect)]]
    return cards


_PART_OF_GROUP = ("the rest", "one of ", "two of ", "three of ", "the other ", "the other",
                  "the first", "the second", "any number of ", "up to ")
"""How a back-reference names part of a group named before ("the rest of them", "one of
those cards", "the other one", "the first card", CR 608.2c)."""


def _reveal(res: Resolution, effect: Effect) -> None:
    """"reveal the top card of your library" (CR 701.20a): the cards are shown and stay
    where they are; "that card" after it is them. Other reveals are not played."""
    found = _library_top(res, effect) if effect.arg("origin") is Zone.LIBRARY else None
    if found is None:
        raise res.unsupported(effect, "revealing anything but the top of a library")
    names = ", ".join(res.game.data(o).name for o in found)
    res.game.note(EventKind.ZONE, f"{res.controller} reveals {names or 'nothing'} from the "
                  "top of their library", res.card, "701.20a")
    res.last = list(found)


def _counter(res: Resolution, effect: Effect) -> None:
    game = res.game
    if effect.arg("unless"):
        raise res.unsupported(effect, "counter unless a cost is paid")
    for obj in _objects(res, effect):
        if obj.zone is Zone.STACK:
            game.note(EventKind.COUNTER, f"{res.card} counters {obj.alias}", res.card, "701.6a")
            game.move(obj, Zone.GRAVEYARD, rule="701.6a")


def _tap(res: Resolution, effect: Effect) -> None:
    if effect.arg("player") is not None:
        raise res.unsupported(effect, "another player choosing what to tap or untap")
    found = res.refs(effect, "target")         # once: "up to five lands" asks (608.2d)
    for obj in found:
        if not isinstance(obj, str):
            res.game.tap(obj, effect.name == "tap")
    res.last = found


_PLAYED_DURATIONS = frozenset({Duration.PERMANENT, Duration.END_OF_TURN, Duration.THIS_TURN,
                               Duration.NEXT_TURN, Duration.WHILE_CONTROLLED})
"""Durations whose end the rules core plays (CR 514.2 cleanup, 611.2b); any other is
refused rather than left to last forever."""


def _duration(res: Resolution, effect: Effect) -> Duration:
    value = effect.arg("duration")
    found = value if isinstance(value, Duration) else Duration.PERMANENT
    if found not in _PLAYED_DURATIONS:
        raise res.unsupported(effect, f"the duration {found.phrase!r}")
    return found


def _modify_pt(res: Resolution, effect: Effect) -> None:
    if effect.arg("per") is not None:
        raise res.unsupported(effect, "a change counted per object")
    power, toughness = effect.arg("power"), effect.arg("toughness")
    if not isinstance(power, int) or not isinstance(toughness, int):
        raise res.unsupported(effect, "a power/toughness change that is not a number")
    objs = [o for o in _objects(res, effect) if o.zone is Zone.BATTLEFIELD]
    res.game.add_effect(EffectKind.MODIFY_PT, tuple(o.ref for o in objs), _duration(res, effect),
                        res.controller, source=res.card, power=power, toughness=toughness)
    res.last = list(objs)


def _set_pt(res: Resolution, effect: Effect) -> None:
    """Layer 7b: base power and toughness set (CR 613.4b)."""
    power, toughness = effect.arg("power"), effect.arg("toughness")
    if not isinstance(power, int) or not isinstance(toughness, int):
        raise res.unsupported(effect, "a power/toughness that is not a number")
    objs = [o for o in _objects(res, effect) if o.zone is Zone.BATTLEFIELD]
    res.game.add_effect(EffectKind.SET_PT, tuple(o.ref for o in objs), _duration(res, effect),
                        res.controller, source=res.card, power=power, toughness=toughness)
    res.last = list(objs)


def _switch_pt(res: Resolution, effect: Effect) -> None:
    """Layer 7d: power and toughness switched (CR 613.4d)."""
    objs = [o for o in _objects(res, effect) if o.zone is Zone.BATTLEFIELD]
    res.game.add_effect(EffectKind.SWITCH_PT, tuple(o.ref for o in objs),
                        _duration(res, effect), res.controller, source=res.card)
    res.last = list(objs)


def _grant(res: Resolution, effect: Effect) -> None:
    if effect.arg("ability"):
        raise res.unsupported(effect, "granting an ability that is not a keyword")
    granted = effect.arg("keywords")
    names = tuple(k.name.lower() for k in granted if isinstance(k, KeywordAbility)) \
        if isinstance(granted, tuple) else ()
    found = res.refs(effect, "target")
    if any(isinstance(t, str) for t in found):
        raise res.unsupported(effect, "keywords for a player (CR 702.11d hexproof)")
    if any(not isinstance(o, str) and o.zone is not Zone.BATTLEFIELD for o in found):
        raise res.unsupported(effect, "keywords for a card in another zone (flashback granted "
                                      "to a card in a graveyard, CR 702.34a)")
    objs = [o for o in found if not isinstance(o, str) and o.zone is Zone.BATTLEFIELD]
    res.game.add_effect(EffectKind.ABILITIES, tuple(o.ref for o in objs), _duration(res, effect),
                        res.controller, source=res.card, keywords=names)


def _set_controller(game: Game, obj: GameObject, player: PlayerId, source: str,
                    duration: Duration, controller: PlayerId, timestamp: int) -> None:
    before = game.controller(obj)
    game.add_effect(EffectKind.CONTROL, (obj.ref,), duration, controller, source=source,
                    player=player, timestamp=timestamp)
    if before != player:
        obj.sick = True                       # CR 302.6: a new controller since the turn began
        game.note(EventKind.CONTROL, f"{player} gains control of {obj.alias}", source, "613.1b")


def _gain_control(res: Resolution, effect: Effect) -> None:
    if effect.arg("player") is not None:
        raise res.unsupported(effect, "another player gaining control (CR 613.1b)")
    objs = [o for o in _objects(res, effect) if o.zone is Zone.BATTLEFIELD]
    stamp = res.game.tick()
    for obj in objs:
        _set_controller(res.game, obj, res.controller, res.card, _duration(res, effect),
                        res.controller, stamp)
    res.last = list(objs)


def _exchange_control(res: Resolution, effect: Effect) -> None:
    """CR 701.12b: both objects must be legal and controlled by different players, or
    nothing happens."""
    game = res.game
    refs = effect.arg("targets")
    wanted = sum(r.count.high or 0 for r in refs if isinstance(r, ObjectRef)) \
        if isinstance(refs, tuple) else 0
    objs = [o for o in _objects(res, effect, "targets") if o.zone is Zone.BATTLEFIELD]
    if wanted != 2 or len(objs) != 2:
        game.note(EventKind.OTHER, f"{res.card}: no exchange (an object is gone or no longer "
                  "a legal target)", res.card, "701.12b")
        return
    first, second = objs
    a, b = game.controller(first), game.controller(second)
    if a == b:
        game.note(EventKind.OTHER, f"{res.card}: no exchange ({a} controls both)", res.card,
                  "701.12b")
        return
    stamp = game.tick()
    _set_controller(game, first, b, res.card, Duration.PERMANENT, res.controller, stamp)
    _set_controller(game, second, a, res.card, Duration.PERMANENT, res.controller, stamp)


def _draw(res: Resolution, effect: Effect) -> None:
    res.game.draw(res.player(effect), res.amount(effect))


def _life(res: Resolution, effect: Effect) -> None:
    """Gain or lose life (CR 119.3): "you", a target player, or each of a group of players
    ("each opponent loses 1 life")."""
    players = res.refs(effect, "player") if effect.arg("player") is not None \
        else [res.controller]
    if not players or not all(isinstance(p, str) for p in players):
        raise res.unsupported(effect, "which player")
    n = res.amount(effect)
    from analyzer.rules.triggers import fire_life

    for who in players:
        assert isinstance(who, str)
        if n <= 0:
            continue                    # CR 119.3: gaining or losing 0 life is no event
        res.game.player(who).life += n if effect.name == "gain_life" else -n
        res.game.note(EventKind.LIFE, f"{who} "
                      f"{'gains' if effect.name == 'gain_life' else 'loses'} {n} life",
                      res.card, "119.3")
        fire_life(res.game, who, n, gained=effect.name == "gain_life")


def _create_token(res: Resolution, effect: Effect) -> None:
    if effect.arg("copy_of") is not None:
        from analyzer.rules.effect_handlers import create_token_copy

        create_token_copy(res, effect)
        return
    text = effect.arg("token")
    spec = parse_token(text) if isinstance(text, str) else None
    if spec is None or effect.arg("attacking") or effect.arg("controller") \
            or spec.variable_pt or spec.legendary or effect.arg("x") is not None \
            or effect.arg("attached_to") is not None:
        raise res.unsupported(effect, "this token")
    data = res.game.cards.define(token_card(spec))
    tapped = effect.arg("tapped") is True            # "create a tapped 2/2 ... token"
    res.last = [res.game.create_token(data, res.controller, tapped=tapped)
                for _ in range(res.amount(effect))]


def _put_counters(res: Resolution, effect: Effect) -> None:
    """Put counters on permanents (CR 122.1) as :func:`~analyzer.rules.counters.put_counters`
    allows; counters on players (poison, CR 122.1f) are not played."""
    from analyzer.rules.counters import put_counters

    kind, n = effect.arg("counter"), res.amount(effect)
    found = res.refs(effect, "target")
    if any(isinstance(t, str) for t in found):
        raise res.unsupported(effect, "counters on a player")
    for obj in found:
        assert not isinstance(obj, str)
        put_counters(res.game, obj, str(kind), n, res.card)


def _may_play(res: Resolution, effect: Effect) -> None:
    if effect.arg("free"):
        raise res.unsupported(effect, "playing without paying")
    if effect.arg("duration") is Duration.WHILE_EXILED:
        raise res.unsupported(effect, "a permission for as long as the card remains exiled")
    duration = effect.arg("duration")
    this_turn = duration in (Duration.END_OF_TURN, Duration.THIS_TURN)
    if duration not in (None, Duration.PERMANENT) and not this_turn:
        raise res.unsupported(effect, f"a permission to play for the duration "
                                      f"{getattr(duration, 'phrase', duration)!r}")
    objs = _objects(res, effect)
    if effect.arg("cast") is True and any("Land" in layers.types(res.game, o) for o in objs):
        raise res.unsupported(effect, "a permission to cast (not to play) a land card")
    for obj in objs:
        obj.playable_by = res.controller
        obj.playable_this_turn = this_turn      # ends in the cleanup step (CR 514.2)


def _add_mana(res: Resolution, effect: Effect) -> None:
    """A spell or ability that adds printed mana ("Add {B}{B}{B}", CR 106.3)."""
    from analyzer.rules.model import Mana

    if effect.arg("player") is not None:
        raise res.unsupported(effect, "mana added by another player")
    printed, choice = effect.arg("mana"), effect.arg("choice")
    if choice or not isinstance(printed, str) or effect.arg("amount") is not None:
        raise res.unsupported(effect, "mana of a chosen or counted type")
    try:
        mana = Mana.parse(printed)
    except ValueError as err:
        raise res.unsupported(effect, str(err)) from err
    res.game.player(res.controller).pool.update(mana)
    res.game.note(EventKind.MANA, f"{res.card} adds {mana.format()} to {res.controller}'s "
                  "mana pool", res.card, "106.3")


EFFECTS: dict[str, EffectHandler] = {
    "add_mana": _add_mana,
    "deal_damage": _deal_damage,
    "destroy": _destroy,
    "change_zone": _change_zone,
    "reveal": _reveal,
    "counter": _counter,
    "tap": _tap,
    "untap": _tap,
    "modify_pt": _modify_pt,
    "set_pt": _set_pt,
    "switch_pt": _switch_pt,
    "grant_abilities": _grant,
    "gain_control": _gain_control,
    "exchange_control": _exchange_control,
    "draw": _draw,
    "gain_life": _life,
    "lose_life": _life,
    "create_token": _create_token,
    "put_counters": _put_counters,
    "may_play": _may_play,
}
"""Effect name -> handler (the compiler's names, :data:`analyzer.oracle.effects.EFFECTS`)."""

NOTHING_TO_CHOOSE: dict[str, Callable[[Resolution, Effect], str]] = {}
"""Effect name -> why a "you may" effect of that name has nothing to choose now (``""`` when
it has): such an effect is not asked about and does nothing ("You may choose new targets for
the copy" of a copy with no targets, CR 707.10c). Filled by the handlers' module."""


def condition_holds(source: GameObject | None, condition: str, game: Game | None = None,
                    done: bool | None = None) -> bool | None:
    """Whether a condition the rules core evaluates holds, ``None`` for one it does not.

    - "if its prowl cost was paid" (CR 702.76: a spell cast for its prowl cost; the
      permanent it becomes keeps that fact, and an intervening "if" about it, CR 603.4,
      can't change): true when ``source`` was cast with ``cost: prowl``;
    - "if you do" (CR 608.2c): ``done``, whether the "you may" effect before it was done
      (``None``: no such effect, not evaluated);
    - "unless CARDNAME entered this turn": false when ``source`` is a permanent that entered
      the battlefield this turn (``game`` needed);
    - two of them joined ("if you do unless ..."): both.

    >>> condition_holds(None, "if its prowl cost was paid")
    False
    >>> condition_holds(None, "if you control a Swamp") is None
    True
    >>> condition_holds(None, "if you do", done=True)
    True
    """
    parts = condition_parts(condition)
    if len(parts) > 1:
        found = [condition_holds(source, part, game, done) for part in parts]
        return None if None in found else all(found)
    if is_prowl_paid(condition):
        return source is not None and source.cast_with == "prowl"
    if is_if_you_do(condition):
        return done
    if is_unless_entered_this_turn(condition) and game is not None and source is not None:
        entered = source.zone is Zone.BATTLEFIELD and source.entered_turn == game.state.turn
        return not entered
    return None


def _ref_playable(ref: ObjectRef) -> bool:
    """True if :meth:`Resolution._ref` resolves ``ref`` (targets, the source, "it", the
    attacked player, "each ...", "you")."""
    f = ref.filter
    return ref.targeted or f.kind in ("self", "it", "attacked") or ref.count.each \
        or (f.kind == "player" and f.owner.name == "YOU")


def play(res: Resolution, effect: Effect) -> None:
    """Play one effect: "you may" asks its controller first (CR 608.2d).

    Raises
    ------
    UnsupportedCardError
        No handler for the effect, or a condition the core does not evaluate.
    """
    handler = EFFECTS.get(effect.name)
    if effect.condition:
        holds = condition_holds(res.source, effect.condition, res.game, res.done)
        if holds is None:
            raise res.unsupported(effect, f"the condition {effect.condition!r}")
        if not holds:
            # The effect does not happen, so the rules core need not play it (608.2c).
            res.game.note(EventKind.RESOLVE, f"{res.card}: {effect.condition} is false, so "
                          f"{effect.describe()!r} does not happen", res.card, "608.2c")
            return
    if handler is None:
        raise res.unsupported(effect, f"the effect {effect.name!r}")
    moot = NOTHING_TO_CHOOSE.get(effect.name)
    if effect.optional and moot is not None and (why := moot(res, effect)):
        res.game.note(EventKind.RESOLVE, f"{res.card}: {effect.describe()!r} has nothing to "
                      f"choose ({why})", res.card, "608.2c")
        return
    if effect.optional and effect.arg("chooser") is not None:
        raise res.unsupported(effect, "a choice another player makes")
    if effect.optional:
        # Ask "you may" only about an effect the rules core can carry out: a reference it
        # can't resolve is refused first, not after a question the line can't answer.
        for _, value in effect.args:
            if isinstance(value, ObjectRef) and not _ref_playable(value):
                raise res.unsupported(effect, f"the reference {value.text!r}")
        answer = res.game.ask(res.controller, f"{res.card}: {effect.describe()}?",
                              ("yes", "no"), kind="may")
        if answer != "yes":
            res.done = False
            return
    handler(res, effect)
    if effect.optional:
        res.done = True


# The registry's other handlers (token copies, sacrifice, delayed triggers, tap or untap,
# mill, scry, extra turns) live in their own module, which adds them to EFFECTS.
import analyzer.rules.effect_handlers  # noqa: E402, F401
