"""``trigger_doubling`` edges: a card making triggered abilities trigger an additional time,
to each card of the deck with a triggered ability it doubles (CR 603.2d).

The doubler's conditions are those :func:`analyzer.oracle.doubling.read_trigger_doubling`
reads:

- *whose* abilities: the target must be a permanent card meeting the filter ("a Ninja
  creature you control": a creature that is a Ninja by its type line or a changeling, which
  is every creature type, CR 702.73a; "a legendary creature you control"; "another Elemental
  you control"; "a permanent you control");
- *what caused the trigger* (Panharmonicon: "an artifact or creature entering the
  battlefield"; Teysa Karlov: "a creature dying"; Gandalf the White: "a legendary permanent
  or an artifact entering or leaving the battlefield"): the target's ability must trigger on
  that event (entering: CR 603.6a; dying: 700.4; attacking: 508.3a) and watch an object that
  can be such a one: the target itself when its ability watches itself ("When this creature
  enters"), or a group whose types can overlap the cause's ("Whenever another creature
  enters", "Whenever a Ninja you control deals ...").

Only abilities that trigger while the target is a permanent count: a trigger from the
graveyard (CR 113.6k) or a "when you cast this spell" trigger (it triggers from the stack)
is no ability of "a permanent you control". A leaves-the-battlefield trigger of the target
itself counts (it looks back in time, CR 603.10a).

Not matched yet (the edge is kept, the condition named in the explanation, or no edge):

- "with power 2 or less" (Delney, Streetwise Lookout): a profile keeps no printed power, so
  every creature qualifies and the explanation names the condition;
- "of the chosen type" (Roaming Throne): the type is chosen as it enters, so every creature
  qualifies "if you choose one of its creature types";
- "an ability of equipped creature" (Wizard's Staff): any creature, "while it is equipped";
- "As long as ..." conditions (Bifur, Melodic Rider): named, not checked;
- "CARDNAME or an Equipment attached to it" (Cloud, Midgar Mercenary), abilities granted in
  quotation marks (The Masamune) and modal choices (Windcrag Siege): not read, no edge;
- keyword triggered abilities (prowess, exalted, ...) the compiler keeps as keywords only,
  and triggers whose subject the object grammar cannot read, for a cause-based doubler.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._match import (
    ability_words,
    is_permanent_card,
    object_matches,
    yours_qualify,
)
from analyzer.oracle.abilities import TriggeredAbility, TriggerEvent
from analyzer.oracle.doubling import TriggerDoubling, trigger_doublings
from analyzer.oracle.interactions import watched_object
from analyzer.oracle.objects import ObjectFilter, Owner, Zone
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF
from analyzer.oracle.types import CREATURE_TYPES

__all__ = ["TRIGGER_DOUBLING", "OwnTrigger", "own_trigger", "trigger_doubling_edges"]

_ATTACKERS = ObjectFilter(types=frozenset({"Creature"}), owner=Owner.YOU, words="creature")
"""What "whenever you attack with one or more creatures" watches (CR 508.3a)."""
_WATCHING = ("permanent", "token")
"""Kinds of a watched filter that name a group of permanents."""


@dataclass(frozen=True, slots=True)
class OwnTrigger:
    """A triggered ability a card has as a permanent, as a ``trigger_doubling`` target."""

    words: str
    """The ability as the compiler read it (the card's name written ``CARDNAME``)."""
    event: TriggerEvent
    """Its trigger event."""
    watches_self: bool
    """True when the card itself doing the event triggers it ("When this creature enters",
    "Whenever CARDNAME or another creature dies")."""
    watched: ObjectFilter | None
    """Another group whose event triggers it ("another creature", "a Ninja you control"),
    or ``None``."""


def own_trigger(ability: TriggeredAbility) -> OwnTrigger | None:
    """A triggered ability of a permanent as :class:`OwnTrigger` (who causes it: the card
    itself, a watched group, attackers); ``None`` for one that works from another zone or a
    "when you cast this spell" trigger. Shared with :mod:`.nonbo`."""
    trigger = ability.trigger
    if ability.functions_in is not Zone.BATTLEFIELD:
        return None
    if trigger.event is TriggerEvent.CAST and (SELF in trigger.detail
                                               or "this spell" in trigger.detail):
        return None   # "when you cast this spell" triggers from the stack
    watched = watched_object(trigger)
    watches_self = trigger.subject.startswith(f"{SELF} or ") \
        or (watched is not None and watched.filter.kind == "self")
    group: ObjectFilter | None = None
    if (other := trigger.self_or_another) is not None:
        group = other.filter
    elif watched is not None and watched.filter.kind in _WATCHING:
        group = watched.filter
    elif trigger.event is TriggerEvent.ATTACK_WITH:
        group = _ATTACKERS
    return OwnTrigger(ability_words(ability), trigger.event, watches_self, group)


def _source_role(profile: CardProfile) -> tuple[TriggerDoubling, ...] | None:
    found = tuple(d for d in trigger_doublings(profile) if yours_qualify(d.whose.filter))
    return found or None


def _target_role(profile: CardProfile) -> tuple[OwnTrigger, ...] | None:
    if not is_permanent_card(profile):
        return None
    found = tuple(t for a in profile.abilities if isinstance(a, TriggeredAbility)
                  and (t := own_trigger(a)) is not None)
    return found or None


def _implied_types(flt: ObjectFilter) -> frozenset[str]:
    """The filter's card types; a creature type alone implies a creature or kindred card
    (CR 205.3m)."""
    types = flt.types | flt.all_types
    if not types and flt.subtypes & CREATURE_TYPES:
        return frozenset({"Creature", "Kindred", "Tribal"})
    return types


def _overlap(cause: ObjectFilter, watched: ObjectFilter) -> bool:
    """True if one permanent can meet both filters' printed characteristics and owners."""
    a, b = _implied_types(cause), _implied_types(watched)
    if a and b and not a & b:
        return False
    if (a and a <= watched.excluded_types) or (b and b <= cause.excluded_types):
        return False
    if cause.subtypes and watched.subtypes and not cause.subtypes & watched.subtypes:
        return False
    owners = {cause.owner, watched.owner}
    return not (Owner.YOU in owners and owners & {Owner.OPPONENT, Owner.NOT_YOU})


def _doubles(doubling: TriggerDoubling, trigger: OwnTrigger, target: CardProfile) -> bool:
    """True if ``doubling`` makes ``trigger`` (an ability of ``target``) trigger again."""
    if not doubling.events:
        return True
    if trigger.event not in doubling.events:
        return False
    if not doubling.causes:
        return True
    for cause in doubling.causes:
        if trigger.watches_self and yours_qualify(cause.filter) \
                and object_matches(cause.filter, target):
            return True
        if trigger.watched is not None and _overlap(cause.filter, trigger.watched):
            return True
    return False


def _whose_matches(doubling: TriggerDoubling, target: CardProfile) -> bool:
    if not object_matches(doubling.whose.filter, target):
        return False
    return not doubling.chosen_type or bool(target.effective_creature_types)


def _changeling_only(doubling: TriggerDoubling, target: CardProfile) -> bool:
    """True if the target meets the doubler's creature types only as a changeling."""
    wanted = doubling.whose.filter.subtypes & CREATURE_TYPES
    return bool(wanted) and target.is_changeling and not wanted & target.creature_types


def _why(source: CardProfile, doubling: TriggerDoubling, target: CardProfile) -> str:
    """The doubler's condition as met: "(it is a Ninja creature you control)"."""
    if doubling.events:
        return f" ({doubling.cause_words.replace(SELF, source.name)} causes it)"
    whose = doubling.whose.text.removeprefix("another ").removeprefix("a ") \
        .removeprefix("an ")
    article = "an" if whose[:1].lower() in "aeiou" else "a"
    if _changeling_only(doubling, target):
        return f" (as a changeling it is every creature type, so {article} {whose})"
    if doubling.equipped or not (doubling.whose.filter.subtypes
                                 or doubling.whose.filter.supertypes):
        return ""
    return f" (it is {article} {whose})"


def _only(source: CardProfile, doubling: TriggerDoubling) -> str:
    """The doubler's conditions the graph does not check, as words."""
    parts: list[str] = []
    if doubling.condition:
        parts.append(f"as long as {doubling.condition.replace(SELF, source.name)}")
    if doubling.chosen_type:
        parts.append(f"if you choose one of its creature types as {source.name} enters")
    if doubling.equipped:
        parts.append(f"while {source.name} equips it")
    if (power := doubling.whose.filter.power) is not None:
        op, n = power
        more = {"<=": "or less", ">=": "or greater"}.get(op, "")
        parts.append(f"while its power is {n} {more}".rstrip())
    return "".join(f", {p}" for p in parts)


def _first_hit(doublings: tuple[TriggerDoubling, ...], target: CardProfile,
               triggers: tuple[OwnTrigger, ...]
               ) -> tuple[TriggerDoubling, list[OwnTrigger]] | None:
    for doubling in doublings:
        if not _whose_matches(doubling, target):
            continue
        hits = [t for t in triggers if _doubles(doubling, t, target)]
        if hits:
            return doubling, hits
    return None


def _strength(source: CardProfile, doublings: tuple[TriggerDoubling, ...],
              target: CardProfile, triggers: tuple[OwnTrigger, ...]) -> float | None:
    found = _first_hit(doublings, target, triggers)
    if found is None:
        return None
    doubling, hits = found
    flt = doubling.whose.filter
    strength = 0.6 + (0.1 if flt.subtypes or flt.supertypes else 0.0) \
        + (0.1 if len(hits) > 1 else 0.0)
    if doubling.condition or doubling.chosen_type or doubling.equipped or flt.power:
        strength -= 0.2
    return round(min(max(strength, 0.3), 0.9), 2)


def _pair(source: CardProfile, doublings: tuple[TriggerDoubling, ...], target: CardProfile,
          triggers: tuple[OwnTrigger, ...]) -> SynergyEdge | None:
    found = _first_hit(doublings, target, triggers)
    strength = _strength(source, doublings, target, triggers)
    if found is None or strength is None:
        return None
    doubling, hits = found
    name = target.name.split(" // ")[0]
    ability = hits[0].words.replace(SELF, name).rstrip(".")
    more = f" (and {len(hits) - 1} more of its triggered abilities)" if len(hits) > 1 else ""
    rules: tuple[str, ...] = ("603.2d",)
    if _changeling_only(doubling, target):
        rules += ("702.73a",)
    if doubling.events:
        rules += (hits[0].event.rule,)
    return SynergyEdge(
        source.card_id, target.card_id, "trigger_doubling",
        f"{source.name} makes {target.name}'s triggered ability trigger an additional time"
        f"{_why(source, doubling, target)}{_only(source, doubling)}: {ability}{more}.",
        rules, strength)


TRIGGER_DOUBLING = register_pair_family(
    PairFamily("trigger_doubling", _source_role, _target_role, _pair, strength=_strength))
"""The ``trigger_doubling`` family."""


def trigger_doubling_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each card with a trigger doubling static to each other permanent
    card of the deck with a triggered ability it doubles (CR 603.2d).

    Strength 0.6; +0.1 when the doubler names a creature type or a supertype (a kindred
    engine such as Splinter, Radical Rat), +0.1 when it doubles two or more of the target's
    abilities; -0.2 when a condition the graph does not check applies (module docstring).

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, types=("Creature",), subtypes=()):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name, types=types,
    ...         subtypes=subtypes, text=text),)))
    >>> harmonicon = card("Harmonicon", "If an artifact or creature entering the battlefield "
    ...     "causes a triggered ability of a permanent you control to trigger, that ability "
    ...     "triggers an additional time.", types=("Artifact",))
    >>> seer = card("Seer", "When this creature enters, scry 2.")
    >>> mourner = card("Mourner", "When this creature dies, draw a card.")
    >>> [(e.source, e.target, e.rules) for e in trigger_doubling_edges(
    ...     [harmonicon, seer, mourner])]
    [('Harmonicon', 'Seer', ('603.2d', '603.6a'))]
    """
    return TRIGGER_DOUBLING.edges(profiles)
