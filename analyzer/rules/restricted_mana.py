"""Mana abilities read as activated abilities, and mana with a spending restriction
(CR 605.1a, 605.3b, 106.6).

Food Chain's "Exile a creature you control: Add X mana of any one color, where X is the exiled
creature's mana value plus one. Spend this mana only to cast creature spells." is a mana
ability (CR 605.1a: no target, it adds mana, not a loyalty ability) that the Oracle compiler
reads as an activated ability (its amount and restriction are effects).
:func:`activate_activated_mana_ability` plays it at once, without the stack (CR 605.3b): the
cost is paid (the exiled creature's mana value remembered as it last existed, CR 608.2h),
then the mana is added. Mana with a restriction "only to cast <type> spells" goes to the
pool's :attr:`~analyzer.rules.model.PlayerState.restricted` part and is spent only on such
spells (:func:`spend_restricted`); it empties with the pool (CR 106.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.oracle.abilities import ActivatedAbility, Timing
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.readings import restricted_spell_type, spending_restriction_sentence
from analyzer.rules import layers
from analyzer.rules.actions import ActivateManaAbility
from analyzer.rules.errors import IllegalActionError, UnsupportedCardError
from analyzer.rules.model import (
    EventKind,
    GameObject,
    Mana,
    PlayerId,
    RestrictedMana,
    StackItem,
    Zone,
)

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["activate_activated_mana_ability", "is_mana_ability", "spend_restricted"]

_ONE_COLOR = "mana of any one color"
_EXILED_PLUS_ONE = "the exiled creature's mana value plus one"


def is_mana_ability(ability: object) -> bool:
    """Whether an activated ability is a mana ability (CR 605.1a): it adds mana, it has no
    target and it is not a loyalty ability.

    >>> from analyzer.oracle.lines import read_activated
    >>> is_mana_ability(read_activated("Sacrifice a creature: Draw a card."))
    False
    """
    from analyzer.rules.targets import slots

    return isinstance(ability, ActivatedAbility) \
        and any(e.name == "add_mana" for e in ability.effects) \
        and not slots(ability.effects) and not any(c.name == "loyalty" for c in ability.costs)


def activate_activated_mana_ability(game: Game, action: ActivateManaAbility) -> None:
    """Activate a mana ability the compiler reads as an activated ability (CR 605.3a); it
    resolves at once (CR 605.3b). ``action.choice`` is the colour for "any one color".

    Raises
    ------
    IllegalActionError
        Not this player's permanent, not a mana ability, a cost that can't be paid, or no
        colour chosen for "any one color" (CR 106.1).
    UnsupportedCardError
        An effect besides adding mana, an amount or restriction not played.
    """
    from analyzer.rules.abilities import activatable
    from analyzer.rules.casting import _pay_costs

    player = action.player
    obj = game.obj(action.card)
    data = game.data(obj)
    found = activatable(data)
    entry = found[action.ability] if 0 <= action.ability < len(found) else None
    ability = data.profile.abilities[entry.index] \
        if entry is not None and entry.kind == "activated" else None
    if ability is None or not is_mana_ability(ability):
        raise IllegalActionError(f"ability {action.ability + 1} of {obj.alias} is not a mana "
                                 "ability (CR 605.1a)")
    assert isinstance(ability, ActivatedAbility)
    if obj.zone is not Zone.BATTLEFIELD or game.controller(obj) != player:
        raise IllegalActionError(f"{player} controls no {obj.alias} on the battlefield")
    if any(e.name != "add_mana" for e in ability.effects):
        bad = next(e for e in ability.effects if e.name != "add_mana")
        raise UnsupportedCardError(data.name, bad.text or ability.text,
                                   "a mana ability with this effect")
    if ability.cost_changes:
        raise UnsupportedCardError(data.name, ability.text, "an ability that changes its own "
                                   "cost (CR 602.2b)")
    restrictions = [t for t in ability.timing if t is not Timing.RESTRICTED_MANA]
    if restrictions:
        raise UnsupportedCardError(data.name, ability.text,
                                   f"a mana ability with an activation restriction "
                                   f"({restrictions[0].name.lower()}, CR 602.5b)")
    restriction = spending_restriction_sentence(ability.text)
    spell_type = restricted_spell_type(restriction) if restriction else None
    if restriction and spell_type is None:
        raise UnsupportedCardError(data.name, restriction, "this spending restriction "
                                   "(CR 106.6)")
    # The cost is paid first (CR 605.3a, 602.2h); the item is never put on the stack.
    item = StackItem("activated", player, obj.ref, data.name, entry.index if entry else -1,
                     source_lki_controller=player)
    _pay_costs(game, obj, ability, player, 0, None, action.cost_choices, item)
    for effect in ability.effects:
        mana = _mana(game, obj, effect, item, action.choice)
        _add(game, obj, player, mana, spell_type)


def _mana(game: Game, obj: GameObject, effect: Effect, item: StackItem, choice: str) -> Mana:
    """The mana one ``add_mana`` effect adds: printed, or X of one chosen colour."""
    name = game.data(obj).name
    printed, kind, amount = effect.arg("mana"), effect.arg("choice"), effect.arg("amount")
    if kind is None and isinstance(printed, str) and printed and amount is None:
        try:
            return Mana.parse(printed)
        except ValueError as err:
            raise UnsupportedCardError(name, effect.text, str(err)) from err
    if kind != _ONE_COLOR:
        raise UnsupportedCardError(name, effect.text, "mana of this kind")
    if choice not in tuple("WUBRG"):
        raise IllegalActionError(f"{name}: choose one color (W, U, B, R or G) for "
                                 f"{effect.text!r} (CR 106.1), not {choice!r}")
    n = _amount(name, effect, amount, item)
    return Mana({choice: n}) if n > 0 else Mana()


def _amount(name: str, effect: Effect, amount: object, item: StackItem) -> int:
    if isinstance(amount, Amount) and amount.value is not None:
        return amount.value
    if isinstance(amount, Amount) and amount.variable == "X" \
            and amount.where == _EXILED_PLUS_ONE and item.exiled_mana_value is not None:
        return item.exiled_mana_value + 1
    raise UnsupportedCardError(name, effect.text, f"the amount {amount!r}")


def _add(game: Game, obj: GameObject, player: PlayerId, mana: Mana,
         spell_type: str | None) -> None:
    """Add ``mana`` to ``player``'s pool, in its restricted part when ``spell_type`` is
    given (CR 106.6)."""
    state = game.player(player)
    if spell_type is None:
        state.pool.update(mana)
        text = mana.format() or "no mana"
    else:
        for kind, n in mana.items():
            state.restricted[RestrictedMana(kind, spell_type)] += n
        text = (mana.format() or "no mana") + f" (spend only to cast {spell_type.lower()} " \
            "spells)"
    game.note(EventKind.MANA, f"{obj.alias} adds {text} to {player}'s mana pool",
              game.data(obj).name, "605.3b" if mana.total() else "106.5")


def spend_restricted(game: Game, player: PlayerId, colored: Mana, generic: int,
                     spell: GameObject | None, *, note: bool = True) -> tuple[Mana, int]:
    """Spend restricted mana ``spell`` may be paid with (CR 106.6) on a cost of ``colored``
    mana and ``generic`` mana, coloured symbols first; returns what is left to pay. Without
    a spell (an ability's cost), or with none that fits, nothing is spent. ``note=False``
    writes nothing to the log (a trial on a copy of the restricted mana)."""
    state = game.player(player)
    if spell is None or not state.restricted:
        return colored, generic
    kinds = layers.types(game, spell)
    usable = [r for r in state.restricted if r.spell_type in kinds and state.restricted[r] > 0]
    if not usable:
        return colored, generic
    left, spent = Mana(colored), Mana()
    for restricted in usable:
        take = min(left[restricted.kind], state.restricted[restricted])
        left[restricted.kind] -= take
        state.restricted[restricted] -= take
        spent[restricted.kind] += take
    for restricted in usable:
        take = min(generic, state.restricted[restricted])
        generic -= take
        state.restricted[restricted] -= take
        spent[restricted.kind] += take
    for restricted in [r for r, n in state.restricted.items() if n <= 0]:
        del state.restricted[restricted]
    for kind in [k for k, n in left.items() if n <= 0]:
        del left[kind]
    if spent.total() and note:
        game.note(EventKind.PAY, f"{player} spends {spent.format()} of restricted mana on "
                  f"{game.data(spell).name}", game.data(spell).name, "106.6")
    return left, generic
