"""The synergy edge value and the edge-family registry (STYLE.md habits 2, 6, 10).

An edge family is a function from the deck's card profiles to the edges of one kind; it is
registered under that kind in :data:`FAMILIES` with :func:`register_family`. A new family is a
new module in :mod:`analyzer.graph.families` and a test, nothing else.

Most families are *pairwise*: whether card A helps card B depends on A and B alone. Such a
family is a :class:`PairFamily` (a source role, a target role and a pair rule), registered
with :func:`register_pair_family`; it is then also in :data:`PAIR_FAMILIES`, which is what the
whole-database suggestion index (:mod:`analyzer.graph.suggest`) uses: it stores every card's
roles once, and only pairs a role can join are ever looked at.

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
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeAlias, TypeVar

from analyzer.cards.model import CardId
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.profile import CardProfile

__all__ = [
    "FAMILIES",
    "PAIR_FAMILIES",
    "SELF_EDGE_KINDS",
    "EdgeFamily",
    "PairFamily",
    "SynergyEdge",
    "register_family",
    "register_pair_family",
    "slim_profile",
]

_NO_COST = ManaCost()

SELF_EDGE_KINDS: frozenset[str] = frozenset({"control_exchange"})
"""Kinds whose edges may go from a card to itself: an exchange-of-control ability activated
in response to itself (the seed's ruling on Phyrexian Infiltrator, CR 117.3c, 405.5)."""


@dataclass(frozen=True, slots=True)
class SynergyEdge:
    """One directed synergy between two cards of a deck: ``source`` helps ``target``.

    Raises
    ------
    ValueError
        ``strength`` outside [0, 1], or an edge from a card to itself of a kind not in
        :data:`SELF_EDGE_KINDS`.
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
        if self.source == self.target and self.kind not in SELF_EDGE_KINDS:
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


S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PairFamily(Generic[S, T]):
    """A pairwise edge family: roles computed once per card, a rule per (source, target).

    The rules read only the profiles' characteristics (names, types, colours, creature types,
    keywords, evasion) and the role values, never the profiles' abilities directly: the
    suggestion index keeps every card's roles and a slimmed profile (:func:`slim_profile`),
    and must find the very edges :func:`build_synergy_graph` finds.
    """

    kind: str
    """The edge kind it yields."""
    source_role: Callable[[CardProfile], S | None]
    """What a card offers as a source (``None``: it is no source of this kind)."""
    target_role: Callable[[CardProfile], T | None]
    """What a card needs as a target (``None``: it is no target of this kind)."""
    pair: Callable[[CardProfile, S, CardProfile, T], SynergyEdge | None]
    """The edge from a source to a target (two different cards), or ``None``."""
    self_pair: Callable[[CardProfile, S], SynergyEdge | None] | None = None
    """The edge from a card to itself (only kinds of :data:`SELF_EDGE_KINDS`)."""
    strength: Callable[[CardProfile, S, CardProfile, T], float | None] | None = None
    """The strength :attr:`pair` would give, or ``None`` for no edge, without writing the
    explanation (suggestions score thousands of candidates with it); by default
    :attr:`pair`'s edge's strength."""

    source_keys: Callable[[CardProfile, S], frozenset[str] | None] | None = None
    """Keys a source is filed under in the suggestion index (``None``: under every key);
    with :attr:`target_wants`, a deck target only meets candidates filed under a key it
    wants. Creature-type families file cards under their creature types."""
    target_wants: Callable[[T], frozenset[str] | None] | None = None
    """The keys a target can match (``None``: any)."""
    target_keys: Callable[[CardProfile, T], frozenset[str] | None] | None = None
    """Keys a target is filed under (``None``: every key)."""
    source_wants: Callable[[S], frozenset[str] | None] | None = None
    """The keys a source can match (``None``: any)."""

    def strength_of(self, source: CardProfile, s_role: S, target: CardProfile,
                    t_role: T) -> float | None:
        """The strength of the edge from ``source`` to ``target``, or ``None``."""
        if self.strength is not None:
            return self.strength(source, s_role, target, t_role)
        edge = self.pair(source, s_role, target, t_role)
        return None if edge is None else edge.strength

    def edges(self, profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
        """Every edge of this family among ``profiles`` (one per distinct card)."""
        sources = [(p, s) for p in profiles if (s := self.source_role(p)) is not None]
        if not sources:
            return
        targets = [(p, t) for p in profiles if (t := self.target_role(p)) is not None]
        for source, s_role in sources:
            if self.self_pair is not None and (edge := self.self_pair(source, s_role)):
                yield edge
            for target, t_role in targets:
                if target.card_id != source.card_id \
                        and (edge := self.pair(source, s_role, target, t_role)) is not None:
                    yield edge


PAIR_FAMILIES: dict[str, PairFamily[Any, Any]] = {}
"""The pairwise families by kind (a subset of :data:`FAMILIES`)."""


def register_pair_family(family: PairFamily[S, T]) -> PairFamily[S, T]:
    """Register a :class:`PairFamily` in :data:`PAIR_FAMILIES` and :data:`FAMILIES`.

    Raises
    ------
    ValueError
        Its kind is already registered.
    """
    register_family(family.kind)(family.edges)
    PAIR_FAMILIES[family.kind] = family
    return family


def slim_profile(profile: CardProfile) -> CardProfile:
    """The profile with only what pair rules may read: characteristics, keywords, evasion,
    blocking and the intrinsic mana abilities of basic land types (CR 305.6); abilities,
    other mana abilities, anthems, cost reductions, the mana cost and unsupported spans are
    dropped. The suggestion index stores these.

    >>> p = CardProfile("a", "A", abilities=(), ability_words=("Landfall",))
    >>> slim_profile(p).ability_words
    ()
    """
    return replace(profile, anthems=(), cost_reductions=(), abilities=(), ability_words=(),
                   keyword_actions=(), unsupported=(), mana_cost=_NO_COST,
                   mana_abilities=tuple(m for m in profile.mana_abilities if m.intrinsic))
