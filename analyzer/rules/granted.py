"""Abilities an Aura or Equipment grants the permanent it is attached to (CR 613.1f).

"Enchanted creature has \\"{T}: Create a 1/1 green Elf Warrior creature token.\\"" (Presence
of Gond, CR 303.4) and "Equipped creature has \\"{3}, {Q}: ...\\"" (Umbral Mantle, CR 301.5)
are static abilities of the Aura or Equipment (CR 604.1) whose effect adds an ability to the
object it is attached to: a layer 6 ability-adding effect (CR 613.1f) that applies while it is
attached. The permanent then has the ability as if printed on it: it activates it, and "this
creature" in it means that permanent (the ability's source, CR 113.7).

The rules core plays such an ability through the permanent's card data: :func:`granted_texts`
lists what the attachments grant now and :meth:`~analyzer.rules.cards.CardLibrary.granted`
compiles the card with those abilities after its printed ones (the Oracle compiler reads the
quoted text, :func:`~analyzer.oracle.compile.compile_with_granted`). A granting ability whose
quoted text the compiler does not fully read is not played (:func:`grants`), so the Aura is
refused by name, never silently ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef
from analyzer.rules.model import ObjRef, Zone

if TYPE_CHECKING:
    from analyzer.rules.game import Game
    from analyzer.rules.model import CardData, GameObject

__all__ = [
    "activation_cost",
    "activation_reductions",
    "card_data",
    "granted_texts",
    "grants",
]

_ATTACHED = ("enchanted ", "equipped ")
"""How a static ability names the object its Aura or Equipment is attached to."""


def grants(ability: object) -> tuple[str, ...]:
    """The abilities a static ability grants to what its Aura or Equipment is attached to:
    the quoted texts of its ``grant_abilities`` effects on "enchanted ..."/"equipped ..."
    with no duration (they apply as long as it is attached, CR 611.3a); ``()`` for any other
    ability, or for one with another effect besides (that one is not played here).

    Examples
    --------
    >>> from analyzer.oracle.lines import read_static
    >>> grants(read_static('Enchanted land has "{T}: Add {G}."'))
    ('{T}: Add {G}.',)
    """
    if not isinstance(ability, StaticAbility) or ability.mode != "continuous" \
            or ability.condition or not ability.effects:
        return ()
    found: list[str] = []
    for effect in ability.effects:
        target, text = effect.arg("target"), effect.arg("ability")
        duration = effect.arg("duration")
        if effect.name != "grant_abilities" or not isinstance(target, ObjectRef) \
                or target.filter.kind != "it" or not target.text.lower().startswith(_ATTACHED) \
                or not isinstance(text, str) or not text or effect.arg("keywords") \
                or duration not in (None, Duration.PERMANENT):
            return ()
        found.append(text)
    return tuple(found)


def _granted_map(game: Game) -> dict[ObjRef, tuple[str, ...]]:
    """Permanent -> the ability texts its attachments grant, in the attachments' timestamp
    order (CR 613.7); kept in the state's derived values (emptied whenever a permanent
    enters, leaves or is attached)."""
    derived = game.state.derived
    found = cast("dict[ObjRef, tuple[str, ...]] | None", derived.get("granted"))
    if found is None:
        found = {}
        for source in game.battlefield():
            if source.attached_to is None:
                continue
            profile = game.cards.get(source.card).profile
            texts = tuple(t for a in profile.abilities for t in grants(a))
            if texts:
                found[source.attached_to] = found.get(source.attached_to, ()) + texts
        derived["granted"] = found
    return found


def granted_texts(game: Game, obj: GameObject) -> tuple[str, ...]:
    """The abilities ``obj`` has from Auras and Equipment attached to it (layer 6,
    CR 613.1f); ``()`` off the battlefield (CR 303.4d, 301.5c: attachments are on the
    battlefield, and so is what they are attached to)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return ()
    return _granted_map(game).get(obj.ref, ())


def card_data(game: Game, obj: GameObject) -> CardData:
    """``obj``'s card data with the abilities its attachments grant it (see the module)."""
    texts = granted_texts(game, obj)
    return game.cards.granted(obj.card, texts) if texts else game.cards.get(obj.card)


def activation_reductions(ability: object) -> tuple[Effect, ...]:
    """The ``reduce_cost`` effects of an Aura's or Equipment's static ability that make the
    activated abilities of what it is attached to cost less ("Enchanted artifact's activated
    abilities cost {2} less to activate.", CR 601.2f, 602.2b); ``()`` for any other ability.

    >>> from analyzer.oracle.lines import read_static
    >>> len(activation_reductions(read_static(
    ...     "Enchanted artifact's activated abilities cost {2} less to activate.")))
    1
    """
    if not isinstance(ability, StaticAbility) or ability.mode != "cost_change" \
            or ability.condition or not ability.effects:
        return ()
    for effect in ability.effects:
        target, amount = effect.arg("target"), effect.arg("amount")
        if effect.name != "reduce_cost" or not isinstance(target, ObjectRef) \
                or target.filter.kind != "it" or not target.text.lower().startswith(_ATTACHED) \
                or not isinstance(amount, ManaCost) or amount.generic != amount.mana_value \
                or not isinstance(effect.arg("minimum"), Amount):
            return ()
    return ability.effects


def activation_cost(game: Game, obj: GameObject, cost: ManaCost) -> ManaCost:
    """The mana cost of activating one of ``obj``'s activated abilities after the reductions
    of the Auras and Equipment attached to it, in their timestamp order (CR 601.2f via
    602.2b): each reduces only the generic mana of the cost, and never below the total of
    mana its "can't reduce ... to less than N mana" allows.

    Examples
    --------
    Basalt Monolith's "{3}: Untap" with Power Artifact ({2} less, at least one mana) costs
    {1}; Grim Monolith's "{4}: Untap" costs {2} (see tests/rules/test_rules_granted.py).
    """
    if obj.zone is not Zone.BATTLEFIELD:
        return cost
    generic = cost.generic
    total = cost.mana_value
    for source in game.battlefield():
        if source.attached_to != obj.ref:
            continue
        for ability in game.cards.get(source.card).profile.abilities:
            for effect in activation_reductions(ability):
                amount, minimum = effect.arg("amount"), effect.arg("minimum")
                assert isinstance(amount, ManaCost) and isinstance(minimum, Amount)
                floor = minimum.value or 0
                cut = max(0, min(amount.generic, generic, total - floor))
                generic, total = generic - cut, total - cut
    if generic == cost.generic:
        return cost
    kept = [f"{{{s.text}}}" for s in cost if s.kind.name != "GENERIC"]
    text = (f"{{{generic}}}" if generic else "") + "".join(kept)
    return ManaCost.parse(text) if text else ManaCost()
