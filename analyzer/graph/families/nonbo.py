"""``nonbo`` edges (anti-synergy): a card whose static ability stops an ability of another
card of the same deck, to that card (CR 101.2: "can't" beats "can").

The hindering statics are those :func:`analyzer.oracle.hindrance.hindrances` reads; an edge
goes to each permanent card of the deck with an ability the hindrance stops:

- loyalty abilities can't be activated (The Immortal Sun): to each planeswalker card with a
  loyalty ability (CR 606.3, 602.5);
- objects entering (or dying) don't cause abilities to trigger (Torpor Orb, Hushbringer):
  to each card with an enters (dies) triggered ability watching itself while it is of the
  hindrance's types ("When this creature enters" on a creature card: CR 603.6a), or watching
  a group that can be of those types ("Whenever another creature you control enters"). A
  noncreature artifact's own "When this artifact enters" is not stopped by Torpor Orb;
- activated abilities of a group can't be activated (Stony Silence, Cursed Totem): to each
  card of those types with an activated ability, mana abilities (CR 605.1a) and loyalty
  abilities (CR 606.3) included, mana abilities left out for "unless they're mana
  abilities" (Damping Matrix). A land's intrinsic mana ability counts as well (CR 305.6).

A hindrance only for "permanents your opponents control" gives no edge. The edge never counts
as synergy: :mod:`analyzer.graph.analysis` leaves :data:`~analyzer.graph.kinds.ANTI_SYNERGY_KINDS`
out of key cards, packages and loops, and suggestions subtract its strength.

Not matched (no edge): abilities the compiler left unsupported (except loyalty abilities,
read by their ``+N:`` cost), triggers whose subject the object grammar cannot read, keyword
triggered abilities (prowess, ...), and abilities of the hindering card itself (Hushwing
Gryff's own abilities are not stopped by it: a card has no edge to itself).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._match import ability_words, is_permanent_card
from analyzer.graph.families.trigger_doubling import OwnTrigger, own_trigger
from analyzer.oracle.abilities import ActivatedAbility, TriggeredAbility, TriggerEvent
from analyzer.oracle.hindrance import Hindered, Hindrance, hindrances
from analyzer.oracle.objects import ObjectFilter
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF
from analyzer.oracle.types import CREATURE_TYPES

__all__ = ["NONBO", "Stoppable", "nonbo_edges"]

_EVENTS = frozenset({TriggerEvent.ENTERS, TriggerEvent.DIES})
_ACTIVATED_ON_THE_BATTLEFIELD = frozenset({"equip", "crew", "fortify", "reconfigure",
                                           "level up", "outlast"})
"""Keyword abilities that are activated abilities of the permanent itself (CR 702.6a equip,
702.122a crew, 702.67a fortify, 702.151a reconfigure, 702.87a level up, 702.107a outlast):
"activated abilities of artifacts can't be activated" stops them (CR 602.5). Those activated
from a hand or a graveyard (ninjutsu, cycling, unearth) are not abilities of a permanent."""
_LOYALTY_SPAN = re.compile(r"^\[?[+−-]?(?:\d+|X)\]?: ")   # "+1: " or older "[+1]: "
"""A loyalty ability's cost as printed (CR 606.4), for loyalty abilities left unsupported."""


@dataclass(frozen=True, slots=True)
class Stoppable:
    """What a permanent card has that a hindrance can stop (its ``nonbo`` target role)."""

    loyalty: tuple[str, ...] = ()
    """Its loyalty abilities' words (CR 606)."""
    activated: tuple[str, ...] = ()
    """Its other activated abilities' words, mana abilities excluded (CR 602)."""
    mana: tuple[str, ...] = ()
    """Its mana abilities' words (CR 605.1a)."""
    triggers: tuple[OwnTrigger, ...] = ()
    """Its enters and dies triggered abilities (CR 603.6a, 700.4)."""


def _trigger(ability: TriggeredAbility) -> OwnTrigger | None:
    """An enters or dies trigger of the permanent caused by itself or a group it watches
    (:func:`~analyzer.graph.families.trigger_doubling.own_trigger`)."""
    if ability.trigger.event not in _EVENTS:
        return None
    own = own_trigger(ability)
    return own if own is not None and (own.watches_self or own.watched is not None) else None


def _source_role(profile: CardProfile) -> tuple[Hindrance, ...] | None:
    found = tuple(h for h in hindrances(profile) if not h.opponents_only)
    return found or None


def _target_role(profile: CardProfile) -> Stoppable | None:
    if not is_permanent_card(profile):
        return None
    loyalty: list[str] = []
    activated: list[str] = []
    for ability in profile.abilities:
        if isinstance(ability, ActivatedAbility):
            is_loyalty = any(c.name == "loyalty" for c in ability.costs)
            (loyalty if is_loyalty else activated).append(ability_words(ability))
    loyalty += [u.text for u in profile.unsupported if _LOYALTY_SPAN.match(u.text)]
    activated += [str(k) for k in profile.keywords
                  if k.name.lower() in _ACTIVATED_ON_THE_BATTLEFIELD]
    mana = tuple(m.text or m.describe() for m in profile.mana_abilities)
    triggers = tuple(t for a in profile.abilities if isinstance(a, TriggeredAbility)
                     and (t := _trigger(a)) is not None)
    if not (loyalty or activated or mana or triggers):
        return None
    return Stoppable(tuple(loyalty), tuple(activated), mana, triggers)


def _implied_types(flt: ObjectFilter) -> frozenset[str]:
    """The filter's card types; a creature type alone implies a creature (CR 205.3m)."""
    types = flt.types | flt.all_types
    if not types and flt.subtypes & CREATURE_TYPES:
        return frozenset({"Creature"})
    return types


def _stopped(hindrance: Hindrance, target: CardProfile, role: Stoppable) -> list[str]:
    """The words of the target's abilities ``hindrance`` stops, in printed order."""
    concerned = not hindrance.types or bool(hindrance.types & target.types)
    if hindrance.stops is Hindered.LOYALTY_ABILITIES:
        return list(role.loyalty) if "Planeswalker" in target.types else []
    if hindrance.stops is Hindered.ACTIVATED_ABILITIES:
        if not concerned:
            return []
        return [*role.loyalty, *role.activated,
                *(role.mana if hindrance.mana_abilities else ())]
    found: list[str] = []
    for trigger in role.triggers:
        if trigger.event not in hindrance.events:
            continue
        by_self = trigger.watches_self and concerned
        by_group = trigger.watched is not None and (
            not hindrance.types or not (types := _implied_types(trigger.watched))
            or bool(types & hindrance.types - trigger.watched.excluded_types))
        if by_self or by_group:
            found.append(trigger.words)
    return found


def _first_hit(hinders: tuple[Hindrance, ...], target: CardProfile, role: Stoppable
               ) -> tuple[Hindrance, list[str]] | None:
    for hindrance in hinders:
        if stopped := _stopped(hindrance, target, role):
            return hindrance, stopped
    return None


def _strength(source: CardProfile, hinders: tuple[Hindrance, ...], target: CardProfile,
              role: Stoppable) -> float | None:
    found = _first_hit(hinders, target, role)
    if found is None:
        return None
    hindrance, stopped = found
    if hindrance.stops is Hindered.LOYALTY_ABILITIES:
        return 0.9   # a planeswalker without its loyalty abilities does nothing
    return 0.7 if len(stopped) > 1 else 0.6


def _pair(source: CardProfile, hinders: tuple[Hindrance, ...], target: CardProfile,
          role: Stoppable) -> SynergyEdge | None:
    found = _first_hit(hinders, target, role)
    strength = _strength(source, hinders, target, role)
    if found is None or strength is None:
        return None
    hindrance, stopped = found
    name = target.name.split(" // ")[0]
    ability = stopped[0].replace(SELF, name).rstrip(".")
    more = f" (and {len(stopped) - 1} more)" if len(stopped) > 1 else ""
    what = f"{_WHAT[hindrance.stops]} {'abilities' if len(stopped) > 1 else 'ability'}"
    return SynergyEdge(
        source.card_id, target.card_id, "nonbo",
        f"Anti-synergy: {source.name} stops {target.name}'s {what} "
        f"({hindrance.words}): {ability}{more}.", hindrance.rules, strength)


_WHAT = {Hindered.LOYALTY_ABILITIES: "loyalty", Hindered.ACTIVATED_ABILITIES: "activated",
         Hindered.TRIGGERS: "triggered"}
"""What the stopped abilities are, in an edge's explanation."""


NONBO = register_pair_family(PairFamily("nonbo", _source_role, _target_role, _pair,
                                        strength=_strength))
"""The ``nonbo`` family (anti-synergy)."""


def nonbo_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each card with a hindering static to each other permanent card
    of the deck with an ability it stops (module docstring).

    Strength is how much the target loses: 0.9 for a planeswalker's loyalty abilities (it
    does nothing else), 0.6 for one stopped ability, 0.7 for two or more.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, types=("Creature",)):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name, types=types,
    ...         text=text),)))
    >>> orb = card("Orb", "Creatures entering don't cause abilities to trigger.",
    ...            types=("Artifact",))
    >>> seer = card("Seer", "When this creature enters, scry 2.")
    >>> mourner = card("Mourner", "When this creature dies, draw a card.")
    >>> [(e.source, e.target, e.rules) for e in nonbo_edges([orb, seer, mourner])]
    [('Orb', 'Seer', ('603.2', '603.6a'))]
    """
    return NONBO.edges(profiles)
