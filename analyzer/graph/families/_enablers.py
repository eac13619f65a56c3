"""Shared logic of the ``sneak_enabler`` and ``ninjutsu_enabler`` families.

Both keywords return an unblocked attacker you control to its owner's hand as part of their
cost (CR 702.190a, 702.49a); a creature that evades blockers is the attacker to return.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.edges import SynergyEdge
from analyzer.oracle.keywords import EVASION_RULES, Evasion, KeywordAbility
from analyzer.oracle.profile import CardProfile

__all__ = ["EVASION_STRENGTH", "best_evasion", "enabler_edges", "evasion_phrase"]

EVASION_STRENGTH: dict[Evasion, float] = {
    Evasion.UNBLOCKABLE: 1.0, Evasion.SHADOW: 0.9, Evasion.HORSEMANSHIP: 0.9,
    Evasion.FLYING: 0.75, Evasion.FEAR: 0.7, Evasion.INTIMIDATE: 0.65,
    Evasion.SKULK: 0.6, Evasion.POWER_LIMITED: 0.6, Evasion.LANDWALK: 0.55,
    Evasion.MENACE: 0.5,
}
"""How reliably each evasion leaves a creature unblocked (edge strength)."""


def best_evasion(profile: CardProfile) -> Evasion | None:
    """The card's most reliable evasion, or ``None``."""
    if not profile.evasion:
        return None
    return max(profile.evasion, key=lambda e: (EVASION_STRENGTH[e], -e.value))


def evasion_phrase(profile: CardProfile, evasion: Evasion) -> str:
    """``"can't be blocked"``, ``"has menace (can't be blocked except by two or more...)"``."""
    if evasion is Evasion.UNBLOCKABLE:
        return "can't be blocked"
    if evasion is Evasion.POWER_LIMITED:
        limit = next(b for b in profile.blocking if b.evasion is evasion)
        return limit.describe()
    keyword = next((k for k in profile.keywords if k.evasion is evasion), None)
    if keyword is None:
        return f"has {evasion.label}"
    spec = keyword.spec
    gloss = f" ({spec.gloss})" if spec and spec.gloss else ""
    return f"has {keyword.name.lower()}{gloss}"


def _can_attack(profile: CardProfile) -> bool:
    """A creature that may be declared as an attacker: defender forbids it (CR 702.3b)."""
    return profile.is_creature and profile.keyword("Defender") is None


def enabler_edges(profiles: Sequence[CardProfile], kind: str,
                  keywords: dict[str, str]) -> Iterator[SynergyEdge]:
    """Edges from each evasive creature to each card with one of ``keywords``.

    Parameters
    ----------
    profiles : sequence of CardProfile
        The deck.
    kind : str
        The edge kind to give.
    keywords : dict of str to str
        Keyword name -> the rule that defines it (``{"Sneak": "702.190a"}``).
    """
    evasive = [(p, e) for p in profiles if _can_attack(p)
               and (e := best_evasion(p)) is not None]
    for target in profiles:
        found: list[KeywordAbility] = [k for name in keywords
                                       if (k := target.keyword(name)) is not None]
        if not found:
            continue
        ability = found[0]
        cost = f" {ability.cost}" if ability.cost else ""
        for source, evasion in evasive:
            if source.card_id == target.card_id:
                continue
            how = "so it is" if evasion is Evasion.UNBLOCKABLE else "so it is often"
            yield SynergyEdge(
                source.card_id, target.card_id, kind,
                f"{source.name} {evasion_phrase(source, evasion)}, {how} an unblocked "
                f"attacker to return for {target.name}'s {ability.name.lower()}{cost}.",
                (keywords[ability.name], EVASION_RULES[evasion]), EVASION_STRENGTH[evasion])
