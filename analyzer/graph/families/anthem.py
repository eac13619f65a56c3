"""``anthem`` edges: from a lord or anthem to each other creature of the deck it pumps.

"Other Ninjas you control get +1/+1" on Splinter, Hamato Yoshi gives an edge to every other
Ninja (and every Changeling, CR 702.73a) and none to Splinter itself. A non-"other" anthem
("Creatures you control get +1/+1") affects its source too, but a card needs no edge to
itself. Auras and Equipment ("Enchanted creature gets +2/+2") and anthems that only shrink
creatures give no edge here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.conditions import ConditionalAnthem
from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.oracle.filters import Controller
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.statics import Anthem

__all__ = ["ANTHEM", "anthem_edges"]


def _helps(anthem: Anthem) -> bool:
    if anthem.affected.attached or anthem.affected.controller is Controller.OPPONENT:
        return False
    return bool(anthem.keywords) or anthem.power + anthem.toughness > 0


def _strength(anthems: Sequence[Anthem]) -> float:
    """0.3 + 0.15 per +1 and 0.1 per keyword, at most 1; an anthem that applies only under
    a condition (a Class level, level counters, "as long as") counts half."""
    total = 0.0
    for a in anthems:
        value = 0.15 * (max(0, a.power) + max(0, a.toughness)) + 0.1 * len(a.keywords)
        total += value / 2 if isinstance(a, ConditionalAnthem) else value
    return round(min(1.0, 0.3 + total), 2)


def _edge(source: CardProfile, target: CardProfile, anthems: Sequence[Anthem],
          words: Sequence[str]) -> SynergyEdge:
    gifts = " and ".join(words)
    rules: list[str] = []
    for anthem in anthems:
        rules += anthem.rules
        if isinstance(anthem, ConditionalAnthem) and anthem.rule:
            rules.append(anthem.rule)
    typed = [a for a in anthems if a.affected.subtypes]
    if typed:
        rules.append("205.3m")
        if target.is_changeling and not any(
                a.affected.subtypes & target.creature_types for a in typed):
            rules.append("702.73a")
            gifts += f"; {target.name} is a Changeling, so it has every creature type"
    return SynergyEdge(
        source.card_id, target.card_id, "anthem",
        f"{source.name} gives {target.name} {gifts}.",
        tuple(dict.fromkeys(rules)), _strength(anthems))


def _source_role(profile: CardProfile) -> tuple[tuple[Anthem, str], ...] | None:
    """The helpful anthems, each with its words ready: ``"+1/+1 (Other Ninjas ...)"``."""
    return tuple((a, f"{a.effect_phrase()}{_only(a)} ({a.describe()})")
                 for a in profile.anthems if _helps(a)) or None


def _only(anthem: Anthem) -> str:
    """`` at level 2 (pay {1}{B} to level up)`` for a conditional anthem, else ``""``."""
    return f" only {anthem.condition}" if isinstance(anthem, ConditionalAnthem) else ""


def _target_role(profile: CardProfile) -> bool | None:
    return True if profile.is_creature else None


def _pair(source: CardProfile, anthems: tuple[tuple[Anthem, str], ...], target: CardProfile,
          _: bool) -> SynergyEdge | None:
    hits = [(a, w) for a, w in anthems if a.affected.matches(target, source=source)]
    if not hits:
        return None
    return _edge(source, target, [a for a, _ in hits], [w for _, w in hits])


def _cheap(source: CardProfile, anthems: tuple[tuple[Anthem, str], ...], target: CardProfile,
           _: bool) -> float | None:
    hits = [a for a, _ in anthems if a.affected.matches(target, source=source)]
    return _strength(hits) if hits else None


def _target_keys(profile: CardProfile, _: bool) -> frozenset[str] | None:
    return None if profile.is_changeling else profile.creature_types


def _source_wants(anthems: tuple[tuple[Anthem, str], ...]) -> frozenset[str] | None:
    if any(not a.affected.subtypes for a, _ in anthems):
        return None
    return frozenset().union(*(a.affected.subtypes for a, _ in anthems))


ANTHEM = register_pair_family(PairFamily("anthem", _source_role, _target_role, _pair,
                                         strength=_cheap, target_keys=_target_keys,
                                         source_wants=_source_wants))
"""The ``anthem`` family: lords and anthems (their helpful static abilities) to creatures."""


def anthem_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each anthem source to each other creature it pumps.

    Parameters
    ----------
    profiles : sequence of CardProfile
        One profile per distinct card of the deck.

    Yields
    ------
    SynergyEdge
        Kind ``"anthem"``, rules 613.4c (layer 7c) and/or 613.1f (layer 6), 205.3m for
        creature-type filters, 702.73a when only Changeling makes the type match.

    Examples
    --------
    >>> from analyzer.oracle.filters import CreatureFilter
    >>> lord = CardProfile("l", "Lord", types=frozenset({"Creature"}), anthems=(
    ...     Anthem(CreatureFilter(frozenset({"Ninja"}), other=True), 1, 1,
    ...            text="Other Ninjas you control get +1/+1."),))
    >>> ninja = CardProfile("n", "Ninja", types=frozenset({"Creature"}),
    ...                     creature_types=frozenset({"Ninja"}))
    >>> [e.explanation for e in anthem_edges([lord, ninja])]
    ['Lord gives Ninja +1/+1 (Other Ninjas get +1/+1).']
    """
    return ANTHEM.edges(profiles)
