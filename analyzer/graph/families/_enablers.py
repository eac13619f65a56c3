"""Shared logic of the ``sneak_enabler`` and ``ninjutsu_enabler`` families.

Both keywords return an unblocked attacker you control to its owner's hand as part of their
cost (CR 702.190a, 702.49a); a creature that evades blockers is the attacker to return. The
evasion is the creature's own (flying, menace, shadow, "can't be blocked", "can't be blocked
by creatures with power 2 or greater", CR 509.1b) or granted by another card: an anthem
("Creatures you control have menace", Goblin War Drums), an Aura or Equipment ("Equipped
creature can't be blocked", Whispersilk Cloak) or a spell or ability ("Target Ninja creature
can't be blocked this turn", Higure). A granter connects to the sneak or ninjutsu card, since
it turns any attacker into one to return.
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.keywords import EVASION_RULES, Evasion, KeywordAbility
from analyzer.oracle.objects import ObjectRef, Owner
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.readings import group_unblockable

__all__ = ["EVASION_STRENGTH", "Enabler", "ReturnCost", "best_evasion", "enabler_family",
           "evasion_phrase", "return_cost"]

EVASION_STRENGTH: dict[Evasion, float] = {
    Evasion.UNBLOCKABLE: 1.0, Evasion.SHADOW: 0.9, Evasion.HORSEMANSHIP: 0.9,
    Evasion.FLYING: 0.75, Evasion.FEAR: 0.7, Evasion.INTIMIDATE: 0.65,
    Evasion.SKULK: 0.6, Evasion.POWER_LIMITED: 0.6, Evasion.LANDWALK: 0.55,
    Evasion.MENACE: 0.5,
}
"""How reliably each evasion leaves a creature unblocked (edge strength)."""

_GRANTED_FACTOR = 0.8
"""A granted evasion needs the granter in play or cast too: its edges are a little weaker."""


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
    return f"has {_keyword_words(keyword)}"


def _keyword_words(keyword: KeywordAbility) -> str:
    spec = keyword.spec
    gloss = f" ({spec.gloss})" if spec and spec.gloss else ""
    return f"{str(keyword).lower()}{gloss}"


def _can_attack(profile: CardProfile) -> bool:
    """A creature that may be declared as an attacker: defender forbids it (CR 702.3b)."""
    return profile.is_creature and profile.keyword("Defender") is None


@dataclass(frozen=True, slots=True)
class Enabler:
    """Why a card puts an unblocked attacker in play: its own evasion or one it grants."""

    evasion: Evasion
    """The evasion."""
    phrase: str
    """The clause after the card's name: ``"has flying (...)"``, ``"makes target Ninja
    creature unable to be blocked this turn"``."""
    granted: bool
    """True when the card gives the evasion to another creature."""

    @property
    def strength(self) -> float:
        """The evasion's strength, lowered for a granted one."""
        base = EVASION_STRENGTH[self.evasion]
        return round(base * _GRANTED_FACTOR, 2) if self.granted else base


def _others(ref: object) -> bool:
    """True if an effect's object can be another creature you control."""
    if not isinstance(ref, ObjectRef):
        return False
    flt = ref.filter
    if flt.kind == "self" or flt.owner in (Owner.OPPONENT, Owner.NOT_YOU):
        return False
    return flt.kind in ("permanent", "it", "any") and (not flt.types or "Creature" in flt.types)


def _effect_grant(effect: Effect) -> Enabler | None:
    target = effect.arg("target")
    if not _others(target):
        return None
    assert isinstance(target, ObjectRef)
    duration = effect.arg("duration")
    when = f" {duration.phrase}" if isinstance(duration, Duration) else ""
    if effect.name == "restrict" and effect.arg("restriction") == "can't be blocked":
        return Enabler(Evasion.UNBLOCKABLE,
                       f"makes {target.describe()} unable to be blocked{when}", True)
    keywords = effect.arg("keywords")
    if effect.name == "grant_abilities" and isinstance(keywords, tuple):
        found = [k for k in keywords if isinstance(k, KeywordAbility) and k.evasion]
        if found:
            best = max(found, key=lambda k: EVASION_STRENGTH[k.evasion or Evasion.MENACE])
            assert best.evasion is not None
            return Enabler(best.evasion, f"gives {target.describe()} "
                                         f"{_keyword_words(best)}{when}", True)
    return None


def _group_unblockable(profile: CardProfile) -> Enabler | None:
    """A "[creatures] you control [with power or toughness N or less] can't be blocked"
    static ability (CR 509.1b) among the spans the compiler did not read."""
    for span in profile.unsupported:
        group = group_unblockable(span.text)
        if group is not None:
            who = group.who[0].lower() + group.who[1:]
            return Enabler(Evasion.UNBLOCKABLE, f"makes {who} you control"
                                                f"{group.with_limit} unable to be blocked",
                           True)
    return None


def granted_enablers(profile: CardProfile) -> list[Enabler]:
    """Evasion the card gives other creatures you control: anthems with evasion keywords,
    "gains flying" / "can't be blocked" effects aimed at creatures other than itself, and
    "creatures you control with power or toughness 1 or less can't be blocked"."""
    found: list[Enabler] = []
    if (group := _group_unblockable(profile)) is not None:
        found.append(group)
    for anthem in profile.anthems:
        if anthem.affected.controller.name == "OPPONENT":
            continue
        for keyword in anthem.keywords:
            if keyword.evasion is not None:
                found.append(Enabler(keyword.evasion,
                                     f"gives {anthem.affected.describe()} "
                                     f"{_keyword_words(keyword)}", True))
    for ability in profile.abilities:
        effects = ability.effects
        if isinstance(ability, StaticAbility) and ability.mode not in ("continuous",
                                                                         "restriction"):
            continue            # "Creatures you control with power or toughness 1 or less
            #                     can't be blocked" is a restriction (CR 509.1b)
        for effect in effects:
            enabler = _effect_grant(effect)
            if enabler is not None:
                found.append(enabler)
    return found


def enabler_role(profile: CardProfile) -> Enabler | None:
    """The card's best reason to be an enabler: its own evasion (an attacker) or, failing
    that, the evasion it grants."""
    own = best_evasion(profile) if _can_attack(profile) else None
    if own is not None:
        return Enabler(own, evasion_phrase(profile, own), False)
    granted = granted_enablers(profile)
    if not granted:
        return None
    return max(granted, key=lambda e: EVASION_STRENGTH[e.evasion])


@dataclass(frozen=True, slots=True)
class ReturnCost:
    """A keyword whose cost returns an unblocked attacker you control (sneak, ninjutsu),
    with its words ready for explanations."""

    name: str
    """The keyword's name (``"Ninjutsu"``)."""
    words: str
    """``"ninjutsu {1}{U}"``."""
    rule: str
    """The keyword's rule (``"702.49a"``)."""


def return_cost(profile: CardProfile, keywords: dict[str, str]) -> ReturnCost | None:
    """The card's first keyword among ``keywords`` (name -> rule), or ``None``."""
    for name, rule in keywords.items():
        keyword = profile.keyword(name)
        if keyword is not None:
            cost = f" {keyword.cost}" if keyword.cost else ""
            return ReturnCost(keyword.name, f"{keyword.name.lower()}{cost}", rule)
    return None


def enabler_family(kind: str, keywords: dict[str, str]) -> PairFamily[Enabler, ReturnCost]:
    """Register the enabler family ``kind`` for cards with one of ``keywords``.

    Parameters
    ----------
    kind : str
        The edge kind to give.
    keywords : dict of str to str
        Keyword name -> the rule that defines it (``{"Sneak": "702.190a"}``).
    """
    def target_role(profile: CardProfile) -> ReturnCost | None:
        return return_cost(profile, keywords)

    def pair(source: CardProfile, enabler: Enabler, target: CardProfile,
             cost: ReturnCost) -> SynergyEdge:
        rules = (cost.rule, EVASION_RULES[enabler.evasion])
        if enabler.granted:
            return SynergyEdge(
                source.card_id, target.card_id, kind,
                f"{source.name} {enabler.phrase}, so an attacker it helps gets through "
                f"unblocked and can be returned for {target.name}'s {cost.words}.",
                rules, enabler.strength)
        how = "so it is" if enabler.evasion is Evasion.UNBLOCKABLE else "so it is often"
        return SynergyEdge(
            source.card_id, target.card_id, kind,
            f"{source.name} {enabler.phrase}, {how} an unblocked attacker to return for "
            f"{target.name}'s {cost.words}.", rules, enabler.strength)

    def strength(source: CardProfile, enabler: Enabler, target: CardProfile,
                 cost: ReturnCost) -> float:
        return enabler.strength

    return register_pair_family(PairFamily(kind, enabler_role, target_role, pair,
                                           strength=strength))
