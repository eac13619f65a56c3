"""How much mana a mana ability or a spell's "add" effect makes, for the mana families."""

from __future__ import annotations

from analyzer.oracle.mana_abilities import ManaAbility, ManaChoice

__all__ = ["VARIABLE_MANA", "mana_yield", "tap_mana_abilities"]

VARIABLE_MANA = 3.0
"""The yield counted for an amount that grows with the board ("for each creature you
control", Gaea's Cradle): more than one mana in a typical game."""


def mana_yield(ability: ManaAbility) -> float:
    """Mana one activation adds: ``{C}{C}`` -> 2, "three mana of any one color" -> 3, "{G}
    for each creature you control" -> :data:`VARIABLE_MANA`.

    >>> from analyzer.oracle.mana_abilities import parse_mana_ability
    >>> mana_yield(parse_mana_ability("{T}: Add {C}{C}.")[0])
    2.0
    """
    if ability.amount is None:
        return VARIABLE_MANA
    if isinstance(ability.produces, ManaChoice):
        return float(ability.amount)
    per = max((float(option.mana_value) for option in ability.produces), default=0.0)
    return float(per * ability.amount)


def tap_mana_abilities(abilities: tuple[ManaAbility, ...]) -> tuple[ManaAbility, ...]:
    """The mana abilities with {T} in their cost: what "tap it for mana" means (CR 106.12)."""
    return tuple(a for a in abilities if a.cost.tap)
