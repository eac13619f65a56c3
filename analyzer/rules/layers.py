"""Characteristics computed from the card and the continuous effects, never stored (CR 613).

Layer 2 (control, CR 613.1b), layer 6 (abilities, 613.1f) and layer 7 (power/toughness:
7a printed, 7b set, 7c modified by anthems, effects and counters, 7d switched; CR 613.4)
are applied in timestamp order (CR 613.7). Static abilities of permanents (anthems) apply
with the permanent's timestamp; effects of resolved spells and abilities with theirs.

Examples
--------
See ``tests/rules/test_layers.py``; the scenario files CMB-04 and SNK-08 play anthems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.effects import Effect
from analyzer.oracle.filters import Controller, CreatureFilter
from analyzer.oracle.keywords import Evasion, KeywordAbility
from analyzer.oracle.mana import Color
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.types import CREATURE_TYPES
from analyzer.rules.model import EffectKind, GameObject, PlayerId, Zone

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = [
    "colors",
    "controller",
    "creature_types",
    "evasions",
    "group_effects",
    "has_keyword",
    "is_type",
    "keyword_losses",
    "keywords",
    "mana_value",
    "power_toughness",
    "reduction_sources",
    "types",
]


def controller(game: Game, obj: GameObject) -> PlayerId:
    """Who controls ``obj`` (CR 110.2, layer 2: the latest control effect wins, 613.7).

    Off the battlefield and the stack, an object's controller is its owner.
    """
    if obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
        return obj.owner
    who = obj.base_controller or obj.owner
    if obj.zone is Zone.BATTLEFIELD:
        for effect in game.effects_on(obj, EffectKind.CONTROL):
            who = effect.player
    return who


def types(game: Game, obj: GameObject) -> frozenset[str]:
    """Card types (CR 205.2a)."""
    return game.data(obj).profile.types


def is_type(game: Game, obj: GameObject, card_type: str) -> bool:
    """True if ``obj`` has ``card_type`` (``"Creature"``, ``"Land"``...)."""
    return card_type in types(game, obj)


def creature_types(game: Game, obj: GameObject) -> frozenset[str]:
    """Creature types; every creature type for a Changeling (CR 702.73a, 205.3m)."""
    profile = game.data(obj).profile
    return CREATURE_TYPES | profile.creature_types if profile.is_changeling \
        else profile.creature_types


def is_changeling(game: Game, obj: GameObject) -> bool:
    """True if ``obj`` is every creature type (CR 702.73a)."""
    return game.data(obj).profile.is_changeling


def colors(game: Game, obj: GameObject) -> Color:
    """Colours (CR 105.2)."""
    return game.data(obj).profile.colors


def mana_value(game: Game, obj: GameObject) -> int:
    """Mana value (CR 202.3): X counts on the stack only (107.3g). A token has the mana
    cost of what it copies (CR 707.2) and none otherwise (CR 111.4: its card-like record has
    no mana cost), so 0."""
    cost = game.data(obj).mana_cost
    value = cost.mana_value
    if cost.has_x and obj.zone is Zone.STACK:
        value += obj.x * sum(1 for s in cost if s.text == "X")
    return value


def _anthem_applies(game: Game, affected: CreatureFilter, source: GameObject,
                    obj: GameObject) -> bool:
    if not is_type(game, obj, "Creature"):
        return False
    if affected.attached:                 # "enchanted/equipped creature" (CR 303.4, 301.5)
        return source.attached_to == obj.ref
    if affected.other and obj.oid == source.oid:
        return False
    owner = controller(game, source)
    if affected.controller is Controller.YOU and controller(game, obj) != owner:
        return False
    if affected.controller is Controller.OPPONENT and controller(game, obj) == owner:
        return False
    if affected.subtypes and not (affected.subtypes & creature_types(game, obj)):
        return False
    if affected.colors and not (affected.colors & colors(game, obj)):
        return False
    if affected.excluded_colors & colors(game, obj):
        return False
    if affected.nontoken and obj.token:
        return False
    return affected.card_types <= types(game, obj)


def _with_statics(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ids of the permanents with anthems and of those with cost reductions (static
    abilities, CR 611.3a, 601.2f), in timestamp order. Kept in the state's
    :attr:`~analyzer.rules.state.State.derived` values until a permanent enters or leaves
    (a card's printed abilities never change)."""
    derived = game.state.derived
    found = cast("tuple[tuple[int, ...], tuple[int, ...]] | None", derived.get("statics"))
    if found is None:
        profiles = [(o.oid, game.data(o).profile) for o in game.battlefield()]
        found = (tuple(oid for oid, p in profiles if p.anthems),
                 tuple(oid for oid, p in profiles if p.cost_reductions))
        derived["statics"] = found
    return found


def _anthem_sources(game: Game) -> list[GameObject]:
    """The permanents with anthems, in timestamp order."""
    return [game.obj(oid) for oid in _with_statics(game)[0]]


def reduction_sources(game: Game) -> list[GameObject]:
    """The permanents with "spells cost {N} less" abilities (CR 601.2f), in timestamp
    order."""
    return [game.obj(oid) for oid in _with_statics(game)[1]]


_PRINTED: dict[int, tuple[object, frozenset[str]]] = {}


def _printed_keywords(profile: CardProfile) -> frozenset[str]:
    """Lower-case names of a profile's printed keywords (cached per profile)."""
    cached = _PRINTED.get(id(profile))
    if cached is None or cached[0] is not profile:
        cached = (profile, frozenset(k.name.lower() for k in profile.keywords))
        _PRINTED[id(profile)] = cached
    return cached[1]


def keywords(game: Game, obj: GameObject) -> frozenset[str]:
    """Lower-case keyword names it has: printed, granted by anthems and by effects
    (layer 6, CR 613.1f)."""
    names = _printed_keywords(game.data(obj).profile)
    if obj.zone is Zone.BATTLEFIELD:
        for source in _anthem_sources(game):
            for anthem in game.data(source).profile.anthems:
                if anthem.keywords and _anthem_applies(game, anthem.affected, source, obj):
                    names = names | {k.name.lower() for k in anthem.keywords}
        for effect in game.effects_on(obj, EffectKind.ABILITIES):
            names = names | set(effect.keywords)
        for group in _group_hits(game, obj, "grant_abilities"):
            granted = group.arg("keywords")
            if isinstance(granted, tuple):
                names = names | {k.name.lower() for k in granted
                                 if isinstance(k, KeywordAbility)}
        for source in _loss_sources(game):
            data = game.data(source)
            for ability in data.profile.abilities:
                for loss in keyword_losses(ability):
                    from analyzer.rules.targets import matches

                    ref = loss.arg("target")
                    lost = loss.arg("keywords")
                    if isinstance(ref, ObjectRef) and isinstance(lost, tuple) \
                            and matches(game, ref, obj, controller(game, source), source,
                                        data.name):
                        names = names - {k.name.lower() for k in lost
                                         if isinstance(k, KeywordAbility)}
    return names


def group_effects(ability: object) -> tuple[Effect, ...]:
    """The effects of a static ability that pumps or gives keywords to a group of
    permanents the layers apply ("Other non-Human creatures you control get +1/+1 and have
    undying.", CR 613.4c layer 7c, 613.1f layer 6): ``modify_pt`` by fixed numbers and
    ``grant_abilities`` of keywords, on a group (not "enchanted"/"equipped", not a target),
    with no duration or condition; ``()`` for any other ability. Such an ability applies to
    every permanent of the group (CR 611.3a), whatever count its words carry."""
    if not isinstance(ability, StaticAbility) or ability.mode != "continuous" \
            or ability.condition or not ability.effects:
        return ()
    for effect in ability.effects:
        ref = effect.arg("target")
        if not isinstance(ref, ObjectRef) or ref.targeted or ref.filter.kind != "permanent" \
                or effect.arg("duration") not in (None,) or effect.arg("per") is not None:
            return ()
        if effect.name == "modify_pt":
            if not isinstance(effect.arg("power"), int) \
                    or not isinstance(effect.arg("toughness"), int):
                return ()
        elif effect.name == "grant_abilities":
            granted = effect.arg("keywords")
            if effect.arg("ability") or not isinstance(granted, tuple) or not granted:
                return ()
        else:
            return ()
    return ability.effects


def _group_sources(game: Game) -> list[GameObject]:
    """The permanents with :func:`group_effects` statics, in timestamp order (cached until a
    permanent enters or leaves)."""
    derived = game.state.derived
    found = cast("tuple[int, ...] | None", derived.get("groups"))
    if found is None:
        found = tuple(o.oid for o in game.battlefield()
                      if any(group_effects(a) for a in game.cards.get(o.card).profile.abilities))
        derived["groups"] = found
    return [game.obj(oid) for oid in found]


def _group_hits(game: Game, obj: GameObject, name: str) -> list[Effect]:
    """The group statics' effects named ``name`` that apply to ``obj`` now."""
    from analyzer.rules.targets import matches

    found: list[Effect] = []
    for source in _group_sources(game):
        data = game.cards.get(source.card)
        for ability in data.profile.abilities:
            for effect in group_effects(ability):
                ref = effect.arg("target")
                if effect.name == name and isinstance(ref, ObjectRef) and matches(
                        game, ref, obj, controller(game, source), source, data.name):
                    found.append(effect)
    return found


def keyword_losses(ability: object) -> tuple[Effect, ...]:
    """The ``lose_abilities`` effects of a static ability ("Creatures your opponents control
    lose infect.", layer 6, CR 613.1f), applied after the abilities gained (timestamp order
    of a static ability, CR 613.7a, is its permanent's; the rules core's granted keywords
    come from effects and anthems that are older in the lines it plays); ``()`` for any
    other ability."""
    if isinstance(ability, StaticAbility) and ability.mode == "continuous" \
            and not ability.condition and ability.effects \
            and all(e.name == "lose_abilities" and e.arg("duration") is None
                    for e in ability.effects):
        return ability.effects
    return ()


def _loss_sources(game: Game) -> list[GameObject]:
    """The permanents whose static abilities remove keywords (cached like anthems)."""
    derived = game.state.derived
    found = cast("tuple[int, ...] | None", derived.get("losses"))
    if found is None:
        found = tuple(o.oid for o in game.battlefield()
                      if any(keyword_losses(a) for a in game.cards.get(o.card).profile.abilities))
        derived["losses"] = found
    return [game.obj(oid) for oid in found]


def has_keyword(game: Game, obj: GameObject, name: str) -> bool:
    """True if ``obj`` has the keyword ``name`` (any case)."""
    return name.lower() in keywords(game, obj)


def power_toughness(game: Game, obj: GameObject) -> tuple[int, int]:
    """Power and toughness after layer 7 (CR 613.4): printed (7a), set (7b), anthems,
    effects and +1/+1 and -1/-1 counters (7c), switches (7d).

    Raises
    ------
    UnsupportedCardError
        For a printed ``*`` power or toughness (a characteristic-defining ability).
    """
    data = game.data(obj)
    if data.power is None or data.toughness is None:
        if is_type(game, obj, "Creature"):
            from analyzer.rules.errors import UnsupportedCardError
            raise UnsupportedCardError(data.name, f"{data.card.power}/{data.card.toughness}",
                                       "a power or toughness defined by an ability")
        return 0, 0
    power, toughness = data.power, data.toughness
    for effect in game.effects_on(obj, EffectKind.SET_PT):
        power, toughness = effect.power, effect.toughness
    if obj.zone is Zone.BATTLEFIELD:
        for source in _anthem_sources(game):
            for anthem in game.data(source).profile.anthems:
                if anthem.modifies_pt and _anthem_applies(game, anthem.affected, source, obj):
                    power += anthem.power
                    toughness += anthem.toughness
        for group in _group_hits(game, obj, "modify_pt"):
            power += cast(int, group.arg("power"))
            toughness += cast(int, group.arg("toughness"))
    for effect in game.effects_on(obj, EffectKind.MODIFY_PT):
        power += effect.power
        toughness += effect.toughness
    plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
    power += plus - minus
    toughness += plus - minus
    for _ in game.effects_on(obj, EffectKind.SWITCH_PT):
        power, toughness = toughness, power
    return power, toughness


def evasions(game: Game, obj: GameObject) -> frozenset[Evasion]:
    """How ``obj`` evades blockers now: keyword evasions it has and its own "can't be
    blocked" abilities (CR 509.1b)."""
    from analyzer.oracle.keywords import keyword_spec

    found = {spec.evasion for name in keywords(game, obj)
             if (spec := keyword_spec(name)) is not None and spec.evasion is not None}
    found |= {b.evasion for b in game.data(obj).profile.blocking}
    return frozenset(found)
