"""``shares_creature_type`` edges: a card whose creature types another card turns on.

Three ways a shared creature type matters (CR 205.3m; Kindred cards have creature types too,
CR 308.3; a Changeling has every one, CR 702.73a):

- **prowl** (CR 702.76a): you may cast the prowl card for its prowl cost if a player was
  dealt combat damage this turn by a source you controlled sharing a creature type with it:
  an edge from each creature of a shared type to the prowl card;
- **cast triggers** ("Whenever you cast a Goblin spell", CR 601.2i): an edge from each
  creature or Kindred card of that type, since casting it triggers the ability;
- **type payoffs**: abilities that watch, count, pump, fetch or protect cards of a creature
  type ("Whenever a Ninja you control deals combat damage to a player", "create X tokens,
  where X is the number of Goblins you control", "search your library for a Goblin card",
  "target Ninja can't be blocked this turn"): an edge from each card of that type. Static
  lords are the ``anthem`` family and cost reducers the ``cost_reduction`` family.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._match import ability_words
from analyzer.oracle.abilities import StaticAbility, TriggeredAbility
from analyzer.oracle.effects import Amount, Effect, Outcome
from analyzer.oracle.filters import SpellFilter
from analyzer.oracle.interactions import cast_spell_filter, counted_object, watched_object
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.objects import ObjectRef, Owner, Zone
from analyzer.oracle.profile import CardProfile, shared_creature_types
from analyzer.oracle.text import SELF
from analyzer.oracle.types import CREATURE_TYPES

__all__ = ["SHARES_TYPE", "TypeNeed", "prowl_edges", "shares_type_edges"]


@dataclass(frozen=True, slots=True)
class TypeNeed:
    """One reason a card wants cards of some creature types."""

    how: str
    """``"prowl"``, ``"cast"`` (a cast trigger) or ``"payoff"``."""
    types: frozenset[str]
    """The creature types it wants; for prowl, the prowl card's own types."""
    creatures_only: bool
    """True when only creatures qualify: prowl's combat damage, permanents "you control"."""
    text: str
    """The ability's text, the card's name written ``CARDNAME``."""
    rule: str
    """The rule of the ability (702.76a, 601.2i, the trigger's rule...)."""
    prowl: KeywordAbility | None = None
    """The prowl keyword, for ``how == "prowl"``."""
    spells: SpellFilter | None = None
    """For ``how == "cast"``: the spells the trigger watches."""


def _creature_types(ref: object) -> frozenset[str]:
    if not isinstance(ref, ObjectRef):
        return frozenset()
    flt = ref.filter
    if flt.owner in (Owner.OPPONENT, Owner.NOT_YOU, Owner.TARGET_PLAYER):
        return frozenset()
    return flt.subtypes & CREATURE_TYPES


def _refs(effect: Effect) -> Iterator[tuple[ObjectRef, bool]]:
    """Object references of an effect and whether only permanents (creatures) qualify."""
    for key, value in effect.args:
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, ObjectRef):
                yield item, item.filter.zone is Zone.BATTLEFIELD and item.filter.kind != "card"
            elif isinstance(item, Effect):
                yield from _refs(item)
            elif isinstance(item, Amount) and (counted := counted_object(item)) is not None:
                yield counted, True
        if key == "per" and isinstance(value, str) \
                and (counted := counted_object(value)) is not None:
            yield counted, True


def _payoffs(profile: CardProfile) -> Iterator[TypeNeed]:
    for ability in profile.abilities:
        if isinstance(ability, StaticAbility) and ability.mode != "continuous":
            continue
        rule = "603.2"
        if isinstance(ability, TriggeredAbility):
            rule = ability.trigger.event.rule
            spells = cast_spell_filter(ability.trigger)
            if spells is not None and spells.subtypes & CREATURE_TYPES:
                yield TypeNeed("cast", spells.subtypes & CREATURE_TYPES, False,
                               ability_words(ability), rule, spells=spells)
                continue
            watched = watched_object(ability.trigger)
            if types := _creature_types(watched):
                yield TypeNeed("payoff", types, True, ability_words(ability), rule)
                continue
        for effect in ability.effects:
            if effect.spec.outcome is Outcome.HARM:
                continue
            for ref, creatures_only in _refs(effect):
                if types := _creature_types(ref):
                    rule = "509.1b" if effect.name == "restrict" and "blocked" in str(
                        effect.arg("restriction")) else effect.spec.rule
                    yield TypeNeed("payoff", types, creatures_only, ability_words(ability),
                                   rule)
                    break
            else:
                continue
            break


def _target_role(profile: CardProfile) -> tuple[TypeNeed, ...] | None:
    needs: list[TypeNeed] = []
    prowl = profile.keyword("Prowl")
    if prowl is not None:
        needs.append(TypeNeed("prowl", profile.effective_creature_types, True, prowl.text,
                              "702.76a", prowl=prowl))
    needs += _payoffs(profile)
    return tuple(needs) or None


def _source_role(profile: CardProfile) -> bool | None:
    return True if profile.creature_types or profile.is_changeling else None


def _types_phrase(profile: CardProfile) -> str:
    if profile.is_changeling:
        return "every creature type"
    return " ".join(sorted(profile.creature_types))


def _is_a(source: CardProfile, types: frozenset[str], what: str) -> str:
    """``"is a Ninja creature"``, ``"is a Changeling creature (every creature type, a
    Mutant, Ninja and Turtle among them)"``."""
    if source.is_changeling:
        shared = sorted(types)
        words = ", ".join(shared[:-1]) + " and " + shared[-1] if len(shared) > 1 else shared[0]
        return f"is a Changeling {what} (every creature type, a {words} among them)"
    return f"is a {' and '.join(sorted(types & source.creature_types))} {what}"


def _named(text: str, profile: CardProfile) -> str:
    return text.replace(SELF, profile.name.split(" // ")[0]).rstrip(".")


def _prowl_edge(source: CardProfile, target: CardProfile, need: TypeNeed) -> SynergyEdge | None:
    shared = shared_creature_types(source, target)
    if not shared or need.prowl is None or not source.is_creature:
        return None
    rules: tuple[str, ...] = ("702.76a", "205.3m")
    if source.is_changeling or target.is_changeling:
        rules += ("702.73a",)
    if "Kindred" in target.types or "Tribal" in target.types:
        rules += ("308.3",)
    cost = f" {need.prowl.cost}" if need.prowl.cost else ""
    if source.is_changeling and target.is_changeling:
        words = "every creature type"
    elif source.is_changeling:
        words = " ".join(sorted(target.creature_types))
    else:
        words = " ".join(sorted(shared))
    return SynergyEdge(
        source.card_id, target.card_id, "shares_creature_type",
        f"{source.name} ({_types_phrase(source)}) dealing combat damage to a player lets you "
        f"cast {target.name} for its prowl cost{cost} (shared type: {words}).",
        rules, 0.9 if source.evasion else 0.8)


def _payoff_edge(source: CardProfile, target: CardProfile, need: TypeNeed) -> SynergyEdge | None:
    if need.creatures_only and not source.is_creature:
        return None
    if need.spells is not None:
        if not need.spells.matches(source):
            return None
    elif not (source.is_changeling or need.types & source.creature_types):
        return None
    rules: tuple[str, ...] = ("205.3m", need.rule)
    if source.is_changeling:
        rules += ("702.73a",)
    kindred = not source.is_creature
    if kindred:
        rules += ("308.3",)
    what = "Kindred card" if kindred else "creature"
    if need.how == "cast":
        reason = f"casting it triggers {target.name}"
    else:
        reason = f"{target.name} cares about it"
    return SynergyEdge(
        source.card_id, target.card_id, "shares_creature_type",
        f"{source.name} {_is_a(source, need.types, what)}: {reason} "
        f"(\u201c{_named(need.text, target)}\u201d).",
        tuple(dict.fromkeys(rules)), 0.6 if need.how != "payoff" or need.creatures_only else 0.5)


def _need_strength(source: CardProfile, target: CardProfile, need: TypeNeed) -> float | None:
    """The strength :func:`_prowl_edge` or :func:`_payoff_edge` gives, without the words."""
    if need.how == "prowl":
        if not source.is_creature or not shared_creature_types(source, target):
            return None
        return 0.9 if source.evasion else 0.8
    if need.creatures_only and not source.is_creature:
        return None
    if need.spells is not None:
        if not need.spells.matches(source):
            return None
    elif not (source.is_changeling or need.types & source.creature_types):
        return None
    return 0.6 if need.how != "payoff" or need.creatures_only else 0.5


def _strength(source: CardProfile, _: bool, target: CardProfile,
              needs: tuple[TypeNeed, ...]) -> float | None:
    values = [v for need in needs if (v := _need_strength(source, target, need)) is not None]
    return max(values) if values else None


def _pair(source: CardProfile, _: bool, target: CardProfile,
          needs: tuple[TypeNeed, ...]) -> SynergyEdge | None:
    best: SynergyEdge | None = None
    for need in needs:
        edge = _prowl_edge(source, target, need) if need.how == "prowl" \
            else _payoff_edge(source, target, need)
        if edge is not None and (best is None or edge.strength > best.strength):
            best = edge
    return best


def _source_keys(profile: CardProfile, _: bool) -> frozenset[str] | None:
    return None if profile.is_changeling else profile.creature_types


def _target_wants(needs: tuple[TypeNeed, ...]) -> frozenset[str] | None:
    return frozenset().union(*(need.types for need in needs))


SHARES_TYPE = register_pair_family(
    PairFamily("shares_creature_type", _source_role, _target_role, _pair,
               strength=_strength, source_keys=_source_keys, target_wants=_target_wants))
"""The ``shares_creature_type`` family."""


def shares_type_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each card of a creature type to each card that turns on it.

    Yields
    ------
    SynergyEdge
        Kind ``"shares_creature_type"``; rules 702.76a (prowl), 601.2i (cast triggers) or
        the payoff's rule, with 205.3m, plus 702.73a for a Changeling and 308.3 for a
        Kindred card. Prowl: strength 0.9 from an evasive creature, else 0.8; triggers 0.6;
        other payoffs 0.5-0.6.

    Examples
    --------
    >>> from analyzer.oracle.mana import ManaCost
    >>> rogue = CardProfile("r", "Rogue", types=frozenset({"Creature"}),
    ...                     creature_types=frozenset({"Goblin", "Rogue"}))
    >>> throng = CardProfile("t", "Throng", types=frozenset({"Kindred", "Sorcery"}),
    ...     creature_types=frozenset({"Rogue"}),
    ...     keywords=(KeywordAbility("Prowl", ManaCost.parse("{5}{U}"), "Prowl {5}{U}"),))
    >>> [e.explanation for e in shares_type_edges([rogue, throng])]
    ['Rogue (Goblin Rogue) dealing combat damage to a player lets you cast Throng for its prowl cost {5}{U} (shared type: Rogue).']
    """
    return SHARES_TYPE.edges(profiles)


prowl_edges = shares_type_edges
"""The former name of :func:`shares_type_edges` (prowl was its first reason)."""
