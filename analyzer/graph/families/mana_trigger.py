"""``mana_trigger`` edges: "tapped for mana" triggers and replacements to the sources they
boost.

To tap a permanent for mana is to activate a mana ability of it with {T} in its cost (CR
106.12): a permanent without such an ability (Krark-Clan Ironworks, "Sacrifice an artifact:
Add {C}{C}") is never tapped for mana, and a land without a mana ability produces none. A
trigger ("Whenever you tap a land for mana, add one mana of any type that land produced",
Mirari's Wake, CR 106.12a) or a replacement ("If you tap a permanent for mana, it produces
twice as much of that mana instead", Mana Reflection, CR 106.12b) boosts each source of the
deck in its scope: lands or every permanent, yours ("you tap") or anyone's ("a player taps");
an Aura only the permanent it enchants ("enchanted Forest", Utopia Sprawl). Abilities that
watch only an opponent's lands (Vorinclex's second ability) boost nothing of yours.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._mana import mana_yield, tap_mana_abilities
from analyzer.graph.families._match import object_matches
from analyzer.oracle.interactions import ManaBoost, mana_boosts
from analyzer.oracle.objects import ObjectFilter, Owner
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["MANA_TRIGGER", "Boost", "TapSource", "mana_trigger_edges"]

_ENCHANT_TYPES = {"land": "Land", "creature": "Creature", "artifact": "Artifact",
                  "permanent": ""}


@dataclass(frozen=True, slots=True)
class Boost:
    """A mana boost with the permanents it can apply to."""

    boost: ManaBoost
    """The trigger or replacement."""
    scope: ObjectFilter
    """Which permanents: the tapped object's filter, narrowed to the Aura's enchant
    restriction for "enchanted land"."""


@dataclass(frozen=True, slots=True)
class TapSource:
    """A permanent with a {T} mana ability."""

    ability: str
    """Its best {T} mana ability, in words."""
    mana: float
    """How much that ability adds."""


def _enchant_filter(profile: CardProfile) -> ObjectFilter | None:
    keyword = profile.keyword("Enchant")
    if keyword is None:
        return None
    word = keyword.parameter.split(" ")[0] if keyword.parameter else \
        str(keyword).split(" ", 1)[-1]
    if word.lower() in _ENCHANT_TYPES:
        kind = _ENCHANT_TYPES[word.lower()]
        return ObjectFilter(types=frozenset({kind}) if kind else frozenset())
    return ObjectFilter(subtypes=frozenset({word}))


def _source_role(profile: CardProfile) -> tuple[Boost, ...] | None:
    found: list[Boost] = []
    for boost in mana_boosts(profile):
        if boost.player is Owner.OPPONENT:
            continue
        scope = boost.tapped.filter
        if boost.attached:
            enchant = _enchant_filter(profile)
            if enchant is None:
                continue
            scope = ObjectFilter(types=scope.types or enchant.types,
                                 subtypes=scope.subtypes or enchant.subtypes)
        found.append(Boost(boost, scope))
    return tuple(found) or None


def _target_role(profile: CardProfile) -> TapSource | None:
    abilities = tap_mana_abilities(profile.mana_abilities)
    if not abilities:
        return None
    best = max(abilities, key=mana_yield)
    return TapSource(best.describe().replace(SELF, profile.name), mana_yield(best))


def _pair(source: CardProfile, boosts: tuple[Boost, ...], target: CardProfile,
          tap: TapSource) -> SynergyEdge | None:
    for item in boosts:
        if not object_matches(item.scope, target):
            continue
        boost = item.boost
        if boost.replacement:
            how = "twice" if boost.factor == 2 else "three times"
            what = f"makes {target.name} produce {how} as much mana"
            strength = 0.7 + (0.1 if tap.mana >= 2 else 0.0) + (0.1 if boost.factor > 2 else 0)
        else:
            what = f"adds {boost.adds or 'mana'} whenever {target.name} is tapped for mana"
            strength = 0.6 + (0.1 if tap.mana >= 2 else 0.0)
        where = " (it enchants it)" if boost.attached else ""
        return SynergyEdge(
            source.card_id, target.card_id, "mana_trigger",
            f"{source.name} {what}{where}: {tap.ability}.", ("106.12", boost.rule),
            round(min(strength, 0.9), 2))
    return None


MANA_TRIGGER = register_pair_family(
    PairFamily("mana_trigger", _source_role, _target_role, _pair))
"""The ``mana_trigger`` family."""


def mana_trigger_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each "tapped for mana" trigger or replacement to each other
    permanent of the deck with a {T} mana ability in its scope.

    Strength: replacement 0.7, trigger 0.6; +0.1 when the source adds two or more mana; +0.1
    for tripling.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, types, subtypes=()):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name, types=types,
    ...         subtypes=subtypes, text=text),)))
    >>> wake = card("Wake", "Whenever you tap a land for mana, add one mana of any type "
    ...             "that land produced.", ("Enchantment",))
    >>> forest = card("Forest", "", ("Land",), ("Forest",))
    >>> elf = card("Elf", "{T}: Add {G}.", ("Creature",))
    >>> [(e.source, e.target) for e in mana_trigger_edges([wake, forest, elf])]
    [('Wake', 'Forest')]
    """
    return MANA_TRIGGER.edges(profiles)
