"""``could_produce`` edges: lands that define what a "could produce" mana source adds.

Reflecting Pool adds "one mana of any type that a land you control could produce": the types
a permanent could produce are those its mana abilities would produce if they resolved now,
costs ignored (CR 106.7). With no other land to copy, or only lands whose own mana depends on
another land (a second Reflecting Pool), it produces nothing (106.7 "no type of mana can be
defined"). Each land of the deck whose mana abilities define types connects to each card
with such an ability; colourless counts for "any type" but not for "any color" (CR 105.1,
106.1b). Exotic Orchard and Fellwar Stone look at lands an *opponent* controls, so no card of
your deck defines their mana: they get no edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.oracle.mana_abilities import ManaChoice
from analyzer.oracle.profile import CardProfile

__all__ = ["COULD_PRODUCE", "CopySource", "could_produce_edges", "mana_types"]

_WUBRG = ("W", "U", "B", "R", "G")
_EVERY_COLOR = frozenset({ManaChoice.ANY_COLOR, ManaChoice.ANY_ONE_COLOR,
                          ManaChoice.CHOSEN_COLOR, ManaChoice.COMMANDER_COLOR_IDENTITY})


def mana_types(profile: CardProfile) -> frozenset[str]:
    """The mana types the card's own mana abilities define: WUBRG letters and ``"C"`` for
    colourless (CR 106.7); abilities copying another permanent's define none.

    >>> from analyzer.oracle.mana_abilities import parse_mana_ability
    >>> tomb = CardProfile("t", "Tomb", mana_abilities=(
    ...     parse_mana_ability("{T}: Add {C}{C}.")[0],))
    >>> sorted(mana_types(tomb))
    ['C']
    """
    found: set[str] = set()
    for ability in profile.mana_abilities:
        if isinstance(ability.produces, ManaChoice):
            if ability.produces in _EVERY_COLOR:
                found |= set(_WUBRG)
            continue
        for option in ability.produces:
            letters = option.colors.letters
            found |= set(letters)
            if not letters and option.mana_value > 0:
                found.add("C")
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class CopySource:
    """A mana ability adding mana of a type lands you control could produce."""

    text: str
    """The ability's text."""
    colors_only: bool
    """True for "any color" (colourless excluded), False for "any type"."""


def _source_role(profile: CardProfile) -> frozenset[str] | None:
    if "Land" not in profile.types:
        return None
    return mana_types(profile) or None


def _target_role(profile: CardProfile) -> CopySource | None:
    for ability in profile.mana_abilities:
        if ability.produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE:
            return CopySource(ability.text or ability.describe(), False)
    return None


def _symbols(types: frozenset[str]) -> str:
    ordered = [f"{{{t}}}" for t in (*_WUBRG, "C") if t in types]
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " or " + ordered[-1]


def _pair(source: CardProfile, types: frozenset[str], target: CardProfile,
          copy: CopySource) -> SynergyEdge | None:
    usable = types - {"C"} if copy.colors_only else types
    if not usable:
        return None
    return SynergyEdge(
        source.card_id, target.card_id, "could_produce",
        f"{source.name} could produce {_symbols(usable)}, so {target.name} can add "
        f"{'that' if len(usable) == 1 else 'any of those'} too (\u201c{copy.text.rstrip('.')}"
        f"\u201d).", ("106.7", "605.1a"), round(min(0.8, 0.3 + 0.1 * len(usable)), 2))


COULD_PRODUCE = register_pair_family(
    PairFamily("could_produce", _source_role, _target_role, _pair))
"""The ``could_produce`` family."""


def could_produce_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each land defining mana types to each other card whose mana
    ability adds a type a land you control could produce.

    Strength 0.3 + 0.1 per type the land defines, at most 0.8.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def land(name, text="", subtypes=()):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name,
    ...         types=("Land",), subtypes=subtypes, text=text),)))
    >>> pool = land("Pool", "{T}: Add one mana of any type that a land you control could "
    ...                     "produce.")
    >>> grave = land("Grave", subtypes=("Island", "Swamp"))
    >>> [e.explanation.split(",")[0] for e in could_produce_edges([pool, grave])]
    ['Grave could produce {U} or {B}']
    >>> list(could_produce_edges([pool, land("Pool 2", pool.mana_abilities[0].text)]))
    []
    """
    return COULD_PRODUCE.edges(profiles)
