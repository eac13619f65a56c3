"""``shares_creature_type`` edges: a creature whose combat damage turns on a prowl card.

Prowl (CR 702.76a) lets you pay the prowl cost if a player was dealt combat damage this turn
by a source you controlled that had any of the spell's creature types. Kindred spells have
creature types too (CR 308.3), and a Changeling has every one of them (CR 702.73a).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.edges import SynergyEdge, register_family
from analyzer.oracle.profile import CardProfile, shared_creature_types

__all__ = ["prowl_edges"]


def _types_phrase(profile: CardProfile) -> str:
    if profile.is_changeling:
        return "every creature type"
    return " ".join(sorted(profile.creature_types))


def _shared_phrase(source: CardProfile, target: CardProfile, shared: frozenset[str]) -> str:
    if source.is_changeling and target.is_changeling:
        return "every creature type"
    if source.is_changeling:
        return " ".join(sorted(target.creature_types))
    return " ".join(sorted(shared))


@register_family("shares_creature_type")
def prowl_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each creature to each prowl card sharing a creature type with it.

    Yields
    ------
    SynergyEdge
        Kind ``"shares_creature_type"``, rules 702.76a and 205.3m (plus 702.73a when a
        Changeling is involved). Evasive sources connect more often: strength 0.9, else 0.8.

    Examples
    --------
    >>> from analyzer.oracle.keywords import KeywordAbility
    >>> from analyzer.oracle.mana import ManaCost
    >>> rogue = CardProfile("r", "Rogue", types=frozenset({"Creature"}),
    ...                     creature_types=frozenset({"Goblin", "Rogue"}))
    >>> throng = CardProfile("t", "Throng", types=frozenset({"Kindred", "Sorcery"}),
    ...     creature_types=frozenset({"Rogue"}),
    ...     keywords=(KeywordAbility("Prowl", ManaCost.parse("{5}{U}"), "Prowl {5}{U}"),))
    >>> [e.explanation for e in prowl_edges([rogue, throng])]
    ['Rogue (Goblin Rogue) dealing combat damage to a player lets you cast Throng for its prowl cost {5}{U} (shared type: Rogue).']
    """
    for target in profiles:
        prowl = target.keyword("Prowl")
        if prowl is None:
            continue
        for source in profiles:
            if source.card_id == target.card_id or not source.is_creature:
                continue
            shared = shared_creature_types(source, target)
            if not shared:
                continue
            rules: tuple[str, ...] = ("702.76a", "205.3m")
            if source.is_changeling or target.is_changeling:
                rules += ("702.73a",)
            cost = f" {prowl.cost}" if prowl.cost else ""
            yield SynergyEdge(
                source.card_id, target.card_id, "shares_creature_type",
                f"{source.name} ({_types_phrase(source)}) dealing combat damage to a player "
                f"lets you cast {target.name} for its prowl cost{cost} "
                f"(shared type: {_shared_phrase(source, target, shared)}).",
                rules, 0.9 if source.evasion else 0.8)
