"""Casting spells, activating abilities, playing lands (CR 601, 602, 305; 702.190, 702.49,
702.76).

Casting follows CR 601.2: the card moves to the stack (601.2a), the cost is chosen among the
mana cost and the alternative costs it has (sneak, prowl; 601.2b, 118.9), targets are
chosen (601.2c), the total cost is the chosen cost plus X and increases, minus reductions
(601.2f, reductions apply to alternative costs too), mana abilities are activated (601.2g)
and the cost is paid, the returned attacker of sneak included (601.2h). Any failure undoes
the whole attempt (the caller restores the state, CR 733).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from analyzer.oracle.abilities import ActivatedAbility, SpellAbility, StaticAbility, Timing
from analyzer.oracle.effects import Effect
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef
from analyzer.rules import layers, targets
from analyzer.rules.abilities import activatable
from analyzer.rules.actions import ActivateAbility, CastSpell, PlayLand
from analyzer.rules.errors import IllegalActionError, UnsupportedCardError
from analyzer.rules.mana import pay_mana
from analyzer.rules.model import (
    EventKind,
    GameObject,
    ObjRef,
    PlayerId,
    StackItem,
    Step,
    Zone,
)

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = [
    "activate_ability",
    "aura_effects",
    "cast_spell",
    "choose_targets",
    "keyword_cost_reductions",
    "legal_activation_targets",
    "legal_cast_targets",
    "ninjutsu_cost",
    "ninjutsu_zones",
    "play_land",
    "sorcery_timing",
    "spell_effects",
    "total_cost",
]

_MAIN = (Step.MAIN1, Step.MAIN2)
_ZONE_WORDS = {Zone.HAND: "hand", Zone.COMMAND: "command zone"}


def sorcery_timing(game: Game, player: PlayerId) -> str:
    """Why ``player`` can't act at sorcery speed now (CR 307.1), ``""`` if they can."""
    if game.active != player:
        return "it is not their turn"
    if game.step not in _MAIN:
        return "it is not a main phase"
    if game.state.stack:
        return "the stack is not empty"
    return ""


def play_land(game: Game, action: PlayLand) -> None:
    """Play a land: a special action in your main phase, once a turn (CR 305.1-305.2)."""
    obj = game.obj(action.card)
    in_hand = obj.zone is Zone.HAND and obj.owner == action.player
    if not in_hand and not (obj.zone is Zone.EXILE and obj.playable_by == action.player):
        raise IllegalActionError(f"{obj.alias} is not in {action.player}'s hand")
    if not layers.is_type(game, obj, "Land"):
        raise IllegalActionError(f"{obj.alias} is not a land")
    why = sorcery_timing(game, action.player)
    if why:
        raise IllegalActionError(f"{action.player} can't play a land: {why}")
    if game.state.lands_played >= 1:
        raise IllegalActionError(f"{action.player} already played a land this turn (CR 305.2)")
    game.state.lands_played += 1
    land = game.move(obj, Zone.BATTLEFIELD, controller=action.player, rule="305.1")
    if game.data(land).profile.enters_tapped:
        land.tapped = True
    game.entered(land)


def aura_effects(game: Game, obj: GameObject) -> tuple[Effect, ...]:
    """For an Aura spell, its one target as an effect: "attach to target <what its enchant
    keyword allows>" (CR 303.4a: an Aura spell requires a target, defined by its enchant
    ability, 702.5a); ``()`` for any other card.

    Raises
    ------
    UnsupportedCardError
        An enchant keyword naming what the rules core does not attach to: a player, a card
        in a zone other than the battlefield (Animate Dead's "creature card in a
        graveyard"), or words the Oracle compiler does not read.
    """
    from analyzer.oracle.objects import parse_object

    data = game.data(obj)
    if "Aura" not in {s for f in data.card.faces for s in f.subtypes}:
        return ()
    enchant = data.profile.keyword("Enchant")
    what = enchant.parameter if enchant is not None else ""
    ref = parse_object(f"target {what}") if what else None
    if ref is None or ref.filter.kind in ("player", "opponent", "card", "spell") \
            or ref.filter.zone is not Zone.BATTLEFIELD:
        raise UnsupportedCardError(data.name, f"Enchant {what}".strip(),
                                   "casting an Aura that enchants this (CR 303.4a)")
    return (Effect.make("attach", target=ref, text=f"Enchant {what}"),)


def spell_effects(game: Game, obj: GameObject) -> tuple[Effect, ...]:
    """The effects of an instant's or sorcery's text, in order (CR 608.2c)."""
    return tuple(e for a in game.data(obj).profile.abilities if isinstance(a, SpellAbility)
                 for e in a.effects)


def _reduction(game: Game, obj: GameObject, player: PlayerId) -> int:
    """Generic mana less from "... spells you cast cost {N} less" (CR 601.2f)."""
    from analyzer.oracle.filters import FilterTarget

    less = 0
    card: FilterTarget = game.data(obj).profile
    for source in layers.reduction_sources(game):
        if game.controller(source) != player:
            continue
        for reduction in game.data(source).profile.cost_reductions:
            if reduction.spells.matches(card):
                less += reduction.amount.generic
    return less


def total_cost(game: Game, obj: GameObject, player: PlayerId, cost: ManaCost) -> ManaCost:
    """The total cost: the chosen cost minus reductions of generic mana (CR 601.2f)."""
    less = _reduction(game, obj, player)
    if not less:
        return cost
    kept = []
    for symbol in cost:
        if symbol.kind.name == "GENERIC" and less:
            n = int(symbol.text)
            cut = min(n, less)
            less -= cut
            if n - cut:
                kept.append(f"{{{n - cut}}}")
        else:
            kept.append(f"{{{symbol.text}}}")
    return ManaCost.parse("".join(kept)) if kept else ManaCost()


def _prowl_ok(game: Game, obj: GameObject, player: PlayerId) -> bool:
    """CR 702.76a: a player was dealt combat damage this turn by a source that, at that
    time, was under ``player``'s control and had one of this spell's creature types."""
    mine = layers.creature_types(game, obj)
    changeling = layers.is_changeling(game, obj)
    return any(d.controller == player and (d.changeling or changeling
                                           or d.creature_types & mine)
               for d in game.state.combat_damage)


def _unblocked_attacker(game: Game, oid: int | None, player: PlayerId, what: str) -> GameObject:
    if oid is None:
        raise IllegalActionError(f"{what} needs an unblocked attacker to return")
    creature = game.obj(oid)
    if creature.zone is not Zone.BATTLEFIELD or game.controller(creature) != player:
        raise IllegalActionError(f"{creature.alias} is not a creature {player} controls")
    if creature.attacking is None:
        raise IllegalActionError(f"{creature.alias} is not attacking")
    if creature.blocked is not False:
        state = "blocked, not an unblocked attacker" if creature.blocked else \
            "not an unblocked attacker yet: blockers are not declared"
        raise IllegalActionError(f"{creature.alias} is {state} (CR 509.1h)")
    return creature


def choose_targets(game: Game, effects: tuple[Effect, ...], chosen: tuple[object, ...],
                   controller: PlayerId, source: GameObject | None, x: int, card: str
                   ) -> tuple[PlayerId | ObjRef, ...]:
    """Check the chosen targets against the text's target requirements (CR 601.2c, 115).

    Raises
    ------
    IllegalActionError
        A target is illegal, repeated for one "target" word (CR 115.3), or the count is
        wrong.
    """
    found = targets.slots(effects)
    groups = targets.assign(found, chosen, x)
    refs: list[PlayerId | ObjRef] = []
    for slot, group in zip(found, groups, strict=True):
        if len(set(map(str, group))) != len(group):
            raise IllegalActionError(f"the same target twice for {slot.ref.text!r} (CR 115.3)")
        for target in group:
            if isinstance(target, str) and target not in game.players:
                what = "an ability on the stack is not a spell (CR 113.1, 115.1)" \
                    if target.endswith(" on the stack") else "it is not a player in this game"
                raise IllegalActionError(f"{target} is not a legal target for {card}'s "
                                         f"{slot.ref.text!r}: {what}")
            thing: PlayerId | GameObject = target if isinstance(target, str) \
                else game.obj(int(str(target)))
            if not targets.matches(game, slot.ref, thing, controller, source, card):
                name = thing if isinstance(thing, str) else thing.alias
                raise IllegalActionError(f"{name} is not a legal target for {card}'s "
                                         f"{slot.ref.text!r}")
            refs.append(thing if isinstance(thing, str) else thing.ref)
    return tuple(refs)


def _check_castable(game: Game, obj: GameObject) -> None:
    """Refuse a spell the rules core cannot play (issue 6: never a silent no-op).

    An instant or sorcery is refused for any text it cannot read (all of it is needed as it
    resolves, CR 608.2). A permanent spell is refused for the parts needed at all times
    (static abilities, replacement effects, keywords such as flashback that change how it
    is cast); its activated and triggered abilities raise later, when needed. An Aura spell
    targets what it will enchant (CR 303.4a, :func:`aura_effects`): one whose enchant
    keyword the rules core does not attach to is refused.

    Raises
    ------
    UnsupportedCardError
        Naming the card and the text.
    """
    from analyzer.rules.triggers import SUPPORTED_KEYWORDS, unplayed_parts

    data = game.data(obj)
    if layers.types(game, obj) & {"Instant", "Sorcery"}:
        if data.profile.unsupported:
            raise UnsupportedCardError(data.name, data.profile.unsupported[0].text)
        for printed in data.profile.keywords:
            if printed.name.lower() not in SUPPORTED_KEYWORDS:
                raise UnsupportedCardError(data.name, str(printed), "this keyword")
        return
    aura_effects(game, obj)                # an Aura's target must be readable (CR 303.4a)
    for part in unplayed_parts(data):
        if part.when == "now":
            raise UnsupportedCardError(data.name, part.text, part.why)


def cast_spell(game: Game, action: CastSpell) -> None:
    """Cast a spell (CR 601.2), with the mana cost or an alternative cost (CR 118.9)."""
    begun = _begin_cast(game, action)
    begun.item.targets = choose_targets(game, begun.effects, action.targets, action.player,
                                        begun.obj, action.x, begun.name)
    _finish_cast(game, action, begun)


def legal_cast_targets(game: Game, actions: list[CastSpell]) -> list[CastSpell]:
    """Of casts differing only in their targets, those :func:`cast_spell` accepts, found
    with one cast: the checks and payment before and after choosing targets (CR 601.2a-b,
    601.2f-h) do not depend on the targets, so the spell is cast once, each target set is
    checked where :func:`cast_spell` checks it (CR 601.2c), and the cast is completed with
    the first legal set. Mutates the game like :func:`cast_spell` (call on a snapshot).

    Raises
    ------
    IllegalActionError
        The cast is illegal whatever the targets.
    UnsupportedCardError
        As :func:`cast_spell`.
    """
    first = actions[0]
    begun = _begin_cast(game, first)
    legal = [a for a in actions
             if _targets_ok(game, begun.effects, a.targets, a.player, begun.obj, a.x, begun.name)]
    if legal:
        begun.item.targets = choose_targets(game, begun.effects, legal[0].targets,
                                            first.player, begun.obj, first.x, begun.name)
        _finish_cast(game, legal[0], begun)
    return legal


def _targets_ok(game: Game, effects: tuple[Effect, ...], chosen: tuple[object, ...],
                controller: PlayerId, source: GameObject | None, x: int, card: str) -> bool:
    try:
        choose_targets(game, effects, chosen, controller, source, x, card)
    except IllegalActionError:
        return False
    return True


@dataclass(slots=True)
class _Begun:
    """A spell or ability between its target-independent checks and its targets."""

    obj: GameObject
    """The spell on the stack, or the ability's source."""
    item: StackItem
    """The stack item, not on the stack yet."""
    effects: tuple[Effect, ...]
    """The effects whose targets are chosen."""
    name: str
    """The card's name."""
    cost: ManaCost = field(default_factory=ManaCost)
    """The chosen cost (a spell)."""
    returned: GameObject | None = None
    """Sneak: the attacker to return."""
    ability: ActivatedAbility | None = None
    """An activated ability."""


def cast_permissions(ability: object) -> tuple[Effect, ...]:
    """The ``cast_from`` effects of a card's static ability ("You may cast this card from
    your graveyard as long as you control a Zombie.", CR 601.3); ``()`` for any other."""
    if isinstance(ability, StaticAbility) and ability.mode == "rules_change" \
            and not ability.condition and ability.effects \
            and all(e.name == "cast_from" and isinstance(e.arg("zone"), Zone)
                    for e in ability.effects):
        return ability.effects
    return ()


def cast_permission(game: Game, obj: GameObject, player: PlayerId) -> bool:
    """True if the card's own ability lets ``player`` (its owner, "you") cast it from the zone
    it is in now, its condition ("as long as you control a Zombie") holding (CR 601.3)."""
    if obj.owner != player or obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return False
    data = game.data(obj)
    for ability in data.profile.abilities:
        for effect in cast_permissions(ability):
            if effect.arg("zone") is not obj.zone:
                continue
            need = effect.arg("control")
            if need is None or any(isinstance(need, ObjectRef) and targets.matches(
                    game, need, o, player, obj, data.name) for o in game.battlefield()):
                return True
    return False


def _permission_missing(game: Game, obj: GameObject) -> str:
    """Why a card that may be cast from its zone can't be now (its condition), or ""."""
    for ability in game.data(obj).profile.abilities:
        for effect in cast_permissions(ability):
            need = effect.arg("control")
            if effect.arg("zone") is obj.zone and isinstance(need, ObjectRef):
                return f" (it may be cast from there only while its owner controls {need.text})"
    return ""


def _begin_cast(game: Game, action: CastSpell) -> _Begun:
    """CR 601.2a-b: the checks that do not depend on targets; the card moves to the stack."""
    player = action.player
    obj = game.obj(action.card)
    data = game.data(obj)
    in_hand = obj.zone is Zone.HAND and obj.owner == player
    if not in_hand and not (obj.zone is Zone.EXILE and obj.playable_by == player) \
            and not cast_permission(game, obj, player):
        raise IllegalActionError(f"{obj.alias} is not in {player}'s hand"
                                 + _permission_missing(game, obj))
    if layers.is_type(game, obj, "Land"):
        raise IllegalActionError(f"{obj.alias} is a land: it is played, not cast (CR 305.9)")
    _check_castable(game, obj)
    instant = layers.is_type(game, obj, "Instant") or layers.has_keyword(game, obj, "flash")
    cost, returned = data.mana_cost, None
    if action.cost == "normal":
        if not instant and (why := sorcery_timing(game, player)):
            raise IllegalActionError(f"{data.name} can't be cast now: {why}")
    elif action.cost in ("sneak", "prowl"):
        keyword = data.profile.keyword(action.cost)
        if keyword is None or keyword.cost is None:
            raise IllegalActionError(f"{data.name} has no {action.cost} cost")
        cost = keyword.cost
        if action.cost == "sneak":          # CR 702.190a
            if game.active != player or game.step is not Step.DECLARE_BLOCKERS:
                now = f"it is {game.active}'s turn" if game.active != player \
                    else f"it is the {game.step.label}"
                which = f"{player}'s" if game.active != player else "the"
                raise IllegalActionError(
                    f"{data.name} can be cast for its sneak cost only in its caster's own "
                    f"declare blockers step: it is not {which} declare blockers step ({now}) "
                    "(CR 702.190a)")
            returned = _unblocked_attacker(game, action.returned, player, "sneak")
        else:                               # CR 702.76a
            if not _prowl_ok(game, obj, player):
                mine = layers.creature_types(game, obj)
                kinds = "every creature type" if layers.is_changeling(game, obj) \
                    else ", ".join(sorted(mine)) or "no creature type"
                raise IllegalActionError(
                    f"no player was dealt combat damage this turn by a source {player} "
                    f"controlled sharing a creature type with {data.name} ({kinds}) "
                    "(CR 702.76a)")
            if not instant and (why := sorcery_timing(game, player)):
                raise IllegalActionError(f"{data.name} can't be cast now: {why}")
    elif data.profile.keyword(action.cost) is not None:
        raise UnsupportedCardError(data.name, str(data.profile.keyword(action.cost)),
                                   "casting with this cost")
    else:
        raise IllegalActionError(f"{data.name} has no alternative cost {action.cost!r}")
    if action.x and not cost.has_x and not data.mana_cost.has_x:
        raise IllegalActionError(f"{data.name} has no X in its cost")
    if action.x < 0:
        raise IllegalActionError("X can't be negative (CR 107.1b)")
    # 601.2a: the card moves to the stack.
    spell = game.move(obj, Zone.STACK, controller=player, rule="601.2a")
    spell.x, spell.cast_with = action.x, action.cost
    item = StackItem("spell", player, spell.ref, data.name, x=action.x,
                     source_lki_controller=player)
    # 601.2c (next): targets.
    effects = spell_effects(game, spell) if layers.types(game, spell) & {"Instant", "Sorcery"} \
        else aura_effects(game, spell)
    return _Begun(spell, item, effects, data.name, cost, returned)


def _finish_cast(game: Game, action: CastSpell, begun: _Begun) -> None:
    """CR 601.2f-i, after the targets: total cost, mana abilities, payment (the returned
    attacker included), "when you cast" triggers. Nothing here depends on the targets."""
    player, spell, cost, returned = action.player, begun.obj, begun.cost, begun.returned
    game.state.stack.append(begun.item)
    total = total_cost(game, spell, player, cost)
    if returned is not None:
        spell.sneak_target = returned.attacking
        game.move(returned, Zone.HAND, rule="702.190a")
    pay_mana(game, player, total, action.x, begun.name, action.pay_with, spell)
    how = "" if action.cost == "normal" else f" for its {action.cost} cost {cost}"
    game.note(EventKind.CAST, f"{player} casts {begun.name}{how}", begun.name, "601.2")
    from analyzer.rules.triggers import fire_cast
    fire_cast(game, spell, player)


def _pay_costs(game: Game, obj: GameObject, ability: ActivatedAbility, player: PlayerId,
               x: int, pay_with: tuple[int, ...] | None,
               chosen: tuple[int, ...] = (), item: StackItem | None = None) -> None:
    """CR 602.2b, 601.2g-h: check every part of the cost can be paid, then pay it: mana,
    {T}/{Q}, loyalty, permanents sacrificed, tapped or exiled (chosen as :mod:`.costs` says) and
    counters put on the permanent itself (CR 122.1, as :mod:`.counters` allows)."""
    from analyzer.rules.costs import choose_for_cost
    from analyzer.rules.counters import counters_to_put

    name = game.data(obj).name
    creature = layers.is_type(game, obj, "Creature")
    mana = None
    taken: set[int] = set()
    paid_with: list[tuple[str, GameObject]] = []
    counters: list[tuple[str, int]] = []
    removed: list[str] = []
    for cost in ability.costs:
        if cost.name in ("sacrifice", "tap_permanents", "exile") and cost.what is not None \
                and cost.what.filter.kind != "self":
            paid_with.append((cost.name, choose_for_cost(
                game, cost.name, cost.what, obj, player, chosen, taken)))
            continue
        if cost.name == "remove_counters" and cost.what is not None and cost.counter \
                and cost.what.filter.kind == "self" and cost.amount in ("a", "one", "1"):
            # CR 118.3: a cost is paid only with the resources to pay it fully.
            if obj.counters.get(cost.counter, 0) < 1:
                raise IllegalActionError(f"{obj.alias} has no {cost.counter} counter to "
                                         f"remove for {cost.text!r}")
            removed.append(cost.counter)
            continue
        if cost.name == "put_counters" and cost.what is not None \
                and cost.what.filter.kind == "self" and cost.amount in ("a", "one", "1"):
            # CR 118.3 with 122: a cost whose counters can't be put on the permanent can't
            # be paid; one a replacement effect changes is paid (CR 614.1a).
            if counters_to_put(game, obj, cost.counter, 1) is None:
                raise IllegalActionError(f"{cost.counter} counters can't be put on "
                                         f"{obj.alias}, so {cost.text!r} can't be paid")
            counters.append((cost.counter, 1))
            continue
        if cost.name == "mana":
            mana = ManaCost.parse(cost.amount)
        elif cost.name in ("tap", "untap"):
            tapping = cost.name == "tap"
            symbol = "{T}" if tapping else "{Q}"
            if obj.tapped == tapping:
                state = "tapped" if tapping else "untapped"
                article = "a" if tapping else "an"
                raise IllegalActionError(
                    f"{obj.alias} is {state}: {article} {state} permanent can't be {state} "
                    f"to pay {symbol} (CR {'107.5' if tapping else '107.6'})")
            if creature and obj.sick and not layers.has_keyword(game, obj, "haste"):
                raise IllegalActionError(f"{obj.alias} has not been under {player}'s control "
                                         f"continuously since the turn began, so it can't pay "
                                         f"{symbol} (CR 302.6)")
        elif cost.name == "loyalty":
            change = int(cost.amount.replace("−", "-").replace("+", ""))
            if obj.counters["loyalty"] + change < 0:
                raise IllegalActionError(f"{obj.alias} has too few loyalty counters")
        elif cost.name == "sacrifice" and (cost.what is None
                                           or cost.what.filter.kind == "self"):
            continue
        else:
            raise UnsupportedCardError(name, ability.text, f"the cost {cost.text!r}")
    if mana is not None:
        from analyzer.rules.granted import activation_cost

        mana = activation_cost(game, obj, mana)      # CR 601.2f, 602.2b
        pay_mana(game, player, mana, x, name, pay_with)
    for cost in ability.costs:
        if cost.name == "tap":
            game.tap(obj)
        elif cost.name == "untap":
            game.tap(obj, False)
        elif cost.name == "loyalty":
            obj.counters["loyalty"] += int(cost.amount.replace("−", "-").replace("+", ""))
            game.state.loyalty_used.append(obj.oid)
    for kind in removed:
        obj.counters[kind] -= 1
        game.note(EventKind.PAY, f"a {kind} counter is removed from {obj.alias}", name,
                  "602.2b")
    for kind, n in counters:
        from analyzer.rules.counters import put_counters

        put_counters(game, obj, kind, n, name)
    for what, other in paid_with:
        if what == "tap_permanents":
            game.tap(other)
    for what, other in paid_with:
        if what == "exile":
            # "the exiled creature's mana value": as it last existed (CR 202.3, 608.2h).
            if item is not None:
                item.exiled_mana_value = layers.mana_value(game, other)
            game.note(EventKind.ZONE, f"{player} exiles {other.alias}", name, "406.2")
            game.move(other, Zone.EXILE, rule="406.2")
    for what, other in paid_with:
        if what == "sacrifice":
            if item is not None and layers.is_type(game, other, "Creature"):
                item.sacrificed_power = layers.power_toughness(game, other)[0]
            game.note(EventKind.ZONE, f"{player} sacrifices {other.alias}", name, "701.21a")
            game.move(other, Zone.GRAVEYARD, rule="701.21a")
    for cost in ability.costs:
        if cost.name == "sacrifice" and (cost.what is None or cost.what.filter.kind == "self"):
            game.move(obj, Zone.GRAVEYARD, rule="701.21")


def activate_ability(game: Game, action: ActivateAbility) -> None:
    """Activate an ability (CR 602.2); ninjutsu from the hand (CR 702.49a)."""
    begun = _begin_activate(game, action)
    if begun is None:
        return
    begun.item.targets = choose_targets(game, begun.effects, action.targets, action.player,
                                        begun.obj, action.x, begun.name)
    _finish_activate(game, action, begun)


def _begin_activate(game: Game, action: ActivateAbility) -> _Begun | None:
    """CR 602.2a: the checks that do not depend on targets; ``None`` when the action was a
    ninjutsu or mana ability, played whole."""
    player = action.player
    obj = game.obj(action.card)
    data = game.data(obj)
    found = activatable(data)
    if not 0 <= action.ability < len(found):
        raise IllegalActionError(f"{data.name} has no ability {action.ability + 1}")
    entry = found[action.ability]
    if entry.kind == "keyword":
        raise UnsupportedCardError(data.name, entry.text, "this keyword ability")
    if entry.kind in ("ninjutsu", "commander ninjutsu"):
        _ninjutsu(game, action, obj, entry.index)
        return None
    if entry.kind == "mana":
        from analyzer.rules.actions import ActivateManaAbility
        from analyzer.rules.mana import activate_mana_ability
        activate_mana_ability(game, ActivateManaAbility(player, obj.oid, entry.index))
        return None
    ability = data.profile.abilities[entry.index]
    assert isinstance(ability, ActivatedAbility)
    from analyzer.rules.restricted_mana import is_mana_ability

    if is_mana_ability(ability):
        raise IllegalActionError(f"{ability.text!r} is a mana ability (CR 605.1a): it is "
                                 "activated as one and resolves at once, without the stack "
                                 "(CR 605.3b)")
    if obj.zone is not Zone.BATTLEFIELD or game.controller(obj) != player:
        raise IllegalActionError(f"{player} controls no {obj.alias} on the battlefield")
    loyalty = any(c.name == "loyalty" for c in ability.costs)
    for timing in ability.timing:
        if timing is not Timing.SORCERY:
            raise UnsupportedCardError(data.name, ability.text, f"timing {timing.name}")
    if ability.cost_changes:
        raise UnsupportedCardError(data.name, ability.text, "an ability that changes its own "
                                   "cost (CR 602.2b)")
    if (Timing.SORCERY in ability.timing or loyalty) and (why := sorcery_timing(game, player)):
        raise IllegalActionError(f"{ability.text!r} only as a sorcery: {why}")
    if loyalty and obj.oid in game.state.loyalty_used:
        raise IllegalActionError(f"{obj.alias}'s loyalty abilities were activated this turn "
                                 "(CR 606.3)")
    granted = entry.index >= len(game.cards.get(obj.card).profile.abilities)
    item = StackItem("activated", player, obj.ref, data.name, entry.index, x=action.x,
                     source_lki_controller=player,
                     # A granted ability keeps its effects: its source may lose it before
                     # it resolves (CR 113.7a).
                     effects=ability.effects if granted else None,
                     text=ability.text if granted else "")
    return _Begun(obj, item, ability.effects, data.name, ability=ability)


def _finish_activate(game: Game, action: ActivateAbility, begun: _Begun) -> None:
    """CR 602.2b-h after the targets: costs paid (nothing here depends on the targets)."""
    assert begun.ability is not None
    game.state.stack.append(begun.item)
    _pay_costs(game, begun.obj, begun.ability, action.player, action.x, action.pay_with,
               action.cost_choices, begun.item)
    game.note(EventKind.ACTIVATE, f"{action.player} activates {begun.name}: "
              f"{begun.ability.text}", begun.name, "602.2")
    from analyzer.rules.triggers import fire_activate

    fire_activate(game, begun.item)                 # CR 602.2i


def legal_activation_targets(game: Game, actions: list[ActivateAbility]
                             ) -> list[ActivateAbility]:
    """Of activations of one activated ability differing only in their targets, those
    :func:`activate_ability` accepts, found with one activation (as
    :func:`legal_cast_targets`; CR 602.2b). Mutates the game (call on a snapshot).

    Raises
    ------
    IllegalActionError
        The activation is illegal whatever the targets.
    UnsupportedCardError
        As :func:`activate_ability`.
    """
    first = actions[0]
    begun = _begin_activate(game, first)
    if begun is None:           # ninjutsu or a mana ability: played whole, no targets
        return [first]
    legal = [a for a in actions
             if _targets_ok(game, begun.effects, a.targets, a.player, begun.obj, a.x, begun.name)]
    if legal:
        begun.item.targets = choose_targets(game, begun.effects, legal[0].targets,
                                            first.player, begun.obj, first.x, begun.name)
        _finish_activate(game, legal[0], begun)
    return legal


def ninjutsu_zones(keyword_name: str) -> tuple[Zone, ...]:
    """The zones a card's ninjutsu works from: the hand (CR 702.49a), and for commander
    ninjutsu the command zone as well (CR 702.49d)."""
    if keyword_name.lower() == "commander ninjutsu":
        return Zone.HAND, Zone.COMMAND
    return (Zone.HAND,)


def keyword_cost_reductions(ability: object, keyword: str) -> tuple[Effect, ...]:
    """The ``reduce_keyword_cost`` effects of a static ability that make ``keyword``
    abilities its controller activates cost less ("Ninjutsu abilities you activate cost {1}
    less to activate.", Silver-Fur Master; CR 601.2f via 602.2b); ``()`` for any other.
    ``keyword`` is lower case (``"ninjutsu"``).

    >>> from analyzer.oracle.lines import read_static
    >>> silver_fur = read_static("Ninjutsu abilities you activate cost {1} less to activate.")
    >>> len(keyword_cost_reductions(silver_fur, "ninjutsu"))
    1
    >>> keyword_cost_reductions(silver_fur, "prowl")
    ()
    """
    if not isinstance(ability, StaticAbility) or ability.mode != "cost_change" \
            or ability.condition:
        return ()
    return tuple(e for e in ability.effects if e.name == "reduce_keyword_cost"
                 and e.arg("keyword") == keyword and isinstance(e.arg("amount"), ManaCost))


def ninjutsu_cost(game: Game, player: PlayerId, cost: ManaCost) -> ManaCost:
    """A ninjutsu (or commander ninjutsu, a variant of ninjutsu, CR 702.49d) cost after the
    reductions of the permanents ``player`` controls ("Ninjutsu abilities you activate cost
    {1} less to activate."): each reduces only the generic mana of the cost, never below
    zero (CR 601.2f via 602.2b), so {1}{U} with one Silver-Fur Master is {U} and {U}{B}
    stays {U}{B}."""
    generic = cost.generic
    for source in game.battlefield():
        if game.controller(source) != player or not generic:
            continue
        for ability in game.data(source).profile.abilities:
            for effect in keyword_cost_reductions(ability, "ninjutsu"):
                amount = effect.arg("amount")
                assert isinstance(amount, ManaCost)
                generic -= min(generic, amount.generic)
    if generic == cost.generic:
        return cost
    kept = "".join(f"{{{s.text}}}" for s in cost if s.kind.name != "GENERIC")
    text = (f"{{{generic}}}" if generic else "") + kept
    return ManaCost.parse(text) if text else ManaCost()


def _ninjutsu(game: Game, action: ActivateAbility, card: GameObject, index: int) -> None:
    """CR 702.49a: [cost], reveal this card from your hand, return an unblocked attacker you
    control to its owner's hand: put this card onto the battlefield tapped and attacking.
    Commander ninjutsu reveals it from the hand or the command zone (CR 702.49d)."""
    player = action.player
    data = game.data(card)
    keyword = data.profile.keywords[index]
    zones = ninjutsu_zones(keyword.name)
    if card.zone not in zones or card.owner != player:
        where = " or command zone" if Zone.COMMAND in zones else ""
        raise IllegalActionError(f"{card.alias} is not in {player}'s hand{where}")
    if keyword.cost is None:
        raise UnsupportedCardError(data.name, str(keyword), "a ninjutsu cost that is not mana")
    returned = _unblocked_attacker(game, action.returned, player, "ninjutsu")
    item = StackItem("ninjutsu", player, card.ref, data.name, index,
                     returned_attack=returned.attacking, source_lki_controller=player)
    game.state.stack.append(item)
    pay_mana(game, player, ninjutsu_cost(game, player, keyword.cost), 0, data.name,
             action.pay_with)
    rule = "702.49d" if Zone.COMMAND in zones else "702.49a"
    game.note(EventKind.ACTIVATE, f"{player} activates {data.name}'s {keyword.name.lower()} "
              f"{keyword.cost}, revealing it from the {_ZONE_WORDS[card.zone]} and returning "
              f"{returned.alias}", data.name, rule)
    game.move(returned, Zone.HAND, rule="702.49a")
    from analyzer.rules.triggers import fire_activate

    fire_activate(game, item)                       # ninjutsu is activated (CR 602.2i)
