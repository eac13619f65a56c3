"""The synergy edge value and the edge-family registry (STYLE.md habits 2, 6, 10).

An edge family is a function from the deck's card profiles to the edges of one kind; it is
registered under that kind in :data:`FAMILIES` with :func:`register_family`. A new family is a
new module in :mod:`analyzer.graph.families` and a test, nothing else.

Examples
--------
>>> e = SynergyEdge("a", "b", "anthem", "A gives B +1/+1.", ("613.4c",), 0.6)
>>> e.attributes()["rules"]
['613.4c']
>>> e.describe()
'A gives B +1/+1. (CR 613.4c)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from analyzer.cards.model import CardId
from analyzer.oracle.profile import CardProfile

__all__ = ["FAMILIES", "EdgeFamily", "SynergyEdge", "register_family"]


@dataclass(frozen=True, slots=True)
class SynergyEdge:
    """One directed synergy between two cards of a deck: ``source`` helps ``target``.

    Raises
    ------
    ValueError
        ``strength`` outside [0, 1], or an edge from a card to itself.
    """

    source: CardId
    """The card that helps (the lord, the evasive creature, the prowl enabler)."""
    target: CardId
    """The card that is helped."""
    kind: str
    """The edge family, a key of :data:`FAMILIES` (``"anthem"``, ``"sneak_enabler"``...)."""
    explanation: str
    """One sentence a player would write, naming both cards."""
    rules: tuple[str, ...] = ()
    """Comprehensive Rules numbers behind it, e.g. ``("613.4c", "205.3m")``."""
    strength: float = 0.5
    """How much it matters, from 0 (barely) to 1 (the deck's engine)."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.strength <= 1.0:
            raise ValueError(f"strength must be within [0, 1], got {self.strength!r}")
        if self.source == self.target:
            raise ValueError(f"a synergy edge needs two cards, got {self.source!r} twice")

    def describe(self) -> str:
        """The explanation with its rules: ``"A gives B +1/+1. (CR 613.4c)"``."""
        rules = f" (CR {', '.join(self.rules)})" if self.rules else ""
        return self.explanation + rules

    def attributes(self) -> dict[str, Any]:
        """The graph edge attributes: kind, explanation, rules (a list), strength."""
        return {"kind": self.kind, "explanation": self.explanation,
                "rules": list(self.rules), "strength": self.strength}


EdgeFamily: TypeAlias = Callable[[Sequence[CardProfile]], Iterator[SynergyEdge]]
"""An edge family: the deck's profiles (one per distinct card) in, edges of one kind out."""

FAMILIES: dict[str, EdgeFamily] = {}
"""Every registered edge family by kind, in registration order."""


def register_family(kind: str) -> Callable[[EdgeFamily], EdgeFamily]:
    """Register an edge family under ``kind`` (a decorator).

    Raises
    ------
    ValueError
        ``kind`` is already registered.
    """
    def decorate(family: EdgeFamily) -> EdgeFamily:
        if kind in FAMILIES:
            raise ValueError(f"edge family {kind!r} is already registered")
        FAMILIES[kind] = family
        return family
    return decorate
