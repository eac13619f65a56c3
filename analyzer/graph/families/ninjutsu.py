"""``ninjutsu_enabler`` edges: from each evasive creature to each card with ninjutsu or
commander ninjutsu (CR 702.49a, 702.49d)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.edges import SynergyEdge
from analyzer.graph.families._enablers import enabler_family
from analyzer.oracle.profile import CardProfile

__all__ = ["NINJUTSU", "ninjutsu_edges"]

NINJUTSU = enabler_family("ninjutsu_enabler",
                          {"Ninjutsu": "702.49a", "Commander ninjutsu": "702.49d"})
"""The ``ninjutsu_enabler`` family."""


def ninjutsu_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each creature with evasion to each other card with ninjutsu.

    Examples
    --------
    >>> from analyzer.oracle import Evasion, KeywordAbility, ManaCost
    >>> bird = CardProfile("b", "Bird", types=frozenset({"Creature"}),
    ...     evasion=frozenset({Evasion.FLYING}),
    ...     keywords=(KeywordAbility("Flying", None, "Flying"),))
    >>> ninja = CardProfile("n", "Ninja", types=frozenset({"Creature"}),
    ...     keywords=(KeywordAbility("Ninjutsu", ManaCost.parse("{1}{U}"), "Ninjutsu {1}{U}"),))
    >>> [e.rules for e in ninjutsu_edges([bird, ninja])]
    [('702.49a', '702.9b')]
    """
    return NINJUTSU.edges(profiles)
