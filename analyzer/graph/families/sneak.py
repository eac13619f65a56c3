"""``sneak_enabler`` edges: from each evasive creature to each card with sneak (702.190a)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.edges import SynergyEdge
from analyzer.graph.families._enablers import enabler_family
from analyzer.oracle.profile import CardProfile

__all__ = ["SNEAK", "sneak_edges"]

SNEAK = enabler_family("sneak_enabler", {"Sneak": "702.190a"})
"""The ``sneak_enabler`` family."""


def sneak_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each creature with evasion to each other card with Sneak.

    Strength follows the evasion: 1.0 for "can't be blocked", 0.5 for menace. Rules:
    702.190a and the evasion's rule (702.9b flying, 702.111b menace, 509.1b "can't be
    blocked"...). A card with both sneak and evasion gets no edge to itself.

    Examples
    --------
    >>> from analyzer.oracle import Evasion, KeywordAbility, ManaCost
    >>> outcast = CardProfile("o", "Outcast", types=frozenset({"Creature"}),
    ...                       evasion=frozenset({Evasion.UNBLOCKABLE}))
    >>> splinter = CardProfile("s", "Splinter", types=frozenset({"Creature"}),
    ...     keywords=(KeywordAbility("Sneak", ManaCost.parse("{B}"), "Sneak {B}"),))
    >>> [(e.explanation, e.strength) for e in sneak_edges([outcast, splinter])]
    [("Outcast can't be blocked, so it is an unblocked attacker to return for Splinter's sneak {B}.", 1.0)]
    """
    return SNEAK.edges(profiles)
