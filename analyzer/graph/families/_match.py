"""Typed filters of the Oracle compiler checked against a deck card's characteristics.

:class:`~analyzer.oracle.objects.ObjectFilter` describes objects in an effect ("target land",
"untap all creatures you control"); a deck's cards are all its owner's, so ``owner`` decides
only whether the deck's own permanents qualify at all (:func:`yours_qualify`).
"""

from __future__ import annotations

from analyzer.oracle.abilities import Ability
from analyzer.oracle.mana_abilities import ManaChoice
from analyzer.oracle.objects import ObjectFilter, Owner
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.types import CREATURE_TYPES

__all__ = ["PERMANENT_TYPES", "ability_words", "basic_land_types", "is_permanent_card", "object_matches",
           "yours_qualify"]

PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                             "Battle"})
"""Card types of permanents (CR 110.4)."""


def is_permanent_card(profile: CardProfile) -> bool:
    """True if the card is a permanent card: it enters the battlefield when it resolves."""
    return bool(profile.types & PERMANENT_TYPES)


def yours_qualify(flt: ObjectFilter) -> bool:
    """True if permanents you control can be among the objects (not "an opponent controls")."""
    return flt.owner not in (Owner.OPPONENT, Owner.NOT_YOU)


def object_matches(flt: ObjectFilter, profile: CardProfile) -> bool:
    """True if ``profile``, as a permanent on the battlefield, meets the filter's printed
    characteristics: types (any of), subtypes (any of; a Changeling has every creature type,
    CR 702.73a), excluded types, supertypes, colours (any of), excluded colours.

    States ("tapped", "attacking"), mana value and power are not checked: they depend on the
    game, and the graph keeps a synergy the card can have.
    """
    if not is_permanent_card(profile):
        return False
    if flt.types and not (flt.types & profile.types):
        return False
    if flt.excluded_types & profile.types:
        return False
    if flt.subtypes:
        creature_hit = profile.is_changeling and "Creature" in profile.types \
            and bool(flt.subtypes & CREATURE_TYPES)
        if not creature_hit and not (flt.subtypes & _subtypes(profile)):
            return False
    if flt.supertypes and not flt.supertypes <= profile.supertypes:
        return False
    if flt.colors and not (flt.colors & profile.colors):
        return False
    return not (flt.excluded_colors & profile.colors)


_BASIC_LAND_TYPES = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def basic_land_types(profile: CardProfile) -> frozenset[str]:
    """The card's basic land types, read from the intrinsic mana ability they give it
    (CR 305.6: a Forest has "{T}: Add {G}."); a profile keeps no other land subtypes."""
    found: set[str] = set()
    for ability in profile.mana_abilities:
        if ability.intrinsic and not isinstance(ability.produces, ManaChoice):
            for option in ability.produces:
                found |= {_BASIC_LAND_TYPES[c] for c in option.colors.letters}
    return frozenset(found)


def _subtypes(profile: CardProfile) -> frozenset[str]:
    """Creature types plus basic land types."""
    return profile.creature_types | basic_land_types(profile)


def ability_words(ability: Ability) -> str:
    """The ability's printed text (the card's name written ``CARDNAME``), or its plain
    English description when it has none (a hand-written definition, CR 113)."""
    return ability.text or ability.describe()
