"""``etb_reuse`` edges: a sneak or ninjutsu card returning a creature whose enters ability
then repeats.

Sneak and ninjutsu return an unblocked attacker you control to its owner's hand as part of
their cost (CR 702.190a, 702.49a). Cast again, that creature is a new object (CR 400.7) and
its "when this enters" ability triggers again (CR 603.6a): Ninja of the Deep Hours returning
Spellstutter Sprite counters another spell. Only creatures that can attack qualify (defender
forbids it, CR 702.3b), and only enters abilities that watch the creature itself and do not
require it to enter attacking (an intervening "if it's attacking" is false for a creature
cast again, CR 603.4).

Other intervening "if" clauses (CR 603.4) are checked when the creature enters again: one
about how it was cast ("if its prowl cost was paid", Earwig Squad; "if it was kicked") is
not met by casting it from the hand as usual, so there is no edge; any other ("if you control
another Faerie") is named in the explanation and weakens the edge. The ability is shown as
the compiler read it (its line in 2026 wording), never in Oracle quotation marks.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._enablers import ReturnCost, return_cost
from analyzer.graph.families._match import ability_words
from analyzer.oracle.abilities import TriggeredAbility, TriggerEvent
from analyzer.oracle.interactions import watched_object
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["ETB_REUSE", "RETURN_KEYWORDS", "EntersAbility", "etb_reuse_edges"]

RETURN_KEYWORDS: dict[str, str] = {"Sneak": "702.190a", "Ninjutsu": "702.49a",
                                   "Commander ninjutsu": "702.49d"}
"""Keywords whose cost returns an unblocked attacker to its owner's hand, with their rule."""


def _source_role(profile: CardProfile) -> ReturnCost | None:
    return return_cost(profile, RETURN_KEYWORDS)


@dataclass(frozen=True, slots=True)
class EntersAbility:
    """A creature's own enters ability, as an ``etb_reuse`` target role."""

    words: str
    """The ability as the compiler read it (the card's name written ``CARDNAME``), or its
    plain English description (a hand-written definition)."""
    condition: str = ""
    """Its intervening "if" clause (CR 603.4), ``""`` when it has none."""


_HOW_CAST = ("attacking", "cost was paid", "was cast", "was kicked", "kicked", "was bargained",
             "evoked", "was foretold", "from your graveyard", "from exile")
"""Words of an intervening "if" clause about how the creature entered or was cast: a
creature cast again from the hand does not meet it."""


def _own_enters(ability: TriggeredAbility) -> bool:
    if ability.trigger.event is not TriggerEvent.ENTERS:
        return False
    if any(words in ability.condition for words in _HOW_CAST):
        # "if it's attacking" (Thousand-Faced Shadow), "if its prowl cost was paid" (Earwig
        # Squad): a creature cast from the hand as usual does not meet it (CR 603.4)
        return False
    if ability.trigger.subject.startswith(f"{SELF} or "):
        return True
    watched = watched_object(ability.trigger)
    return watched is not None and watched.filter.kind == "self"


def _target_role(profile: CardProfile) -> EntersAbility | None:
    if not profile.is_creature or profile.keyword("Defender") is not None:
        return None
    found = [a for a in profile.abilities if isinstance(a, TriggeredAbility) and _own_enters(a)]
    if not found:
        return None
    best = min(found, key=lambda a: bool(a.condition))   # an unconditional one first
    words = ability_words(best) if best.text else f"as Spellweb reads it, {best.describe()[:1].lower()}{best.describe()[1:]}"
    return EntersAbility(words, best.condition)


def _strength(source: CardProfile, cost: ReturnCost, target: CardProfile,
              enters: EntersAbility) -> float:
    strength = 0.5 + (0.2 if target.evasion else 0.0) + (0.1 if target.mana_value <= 3 else 0.0)
    if enters.condition:
        strength -= 0.2
    return round(min(strength, 0.9), 2)


def _pair(source: CardProfile, cost: ReturnCost, target: CardProfile,
          enters: EntersAbility) -> SynergyEdge:
    name = target.name.split(" // ")[0]
    ability = enters.words.replace(SELF, name).rstrip(".")
    rules: tuple[str, ...] = (cost.rule, "400.7", "603.6a")
    only = ""
    if enters.condition:
        only = f", only {enters.condition.replace(SELF, name)} as it enters (CR 603.4)"
        rules += ("603.4",)
    return SynergyEdge(
        source.card_id, target.card_id, "etb_reuse",
        f"{source.name}'s {cost.words} returns {target.name} to your hand when it attacks "
        f"unblocked; cast it again and its enters ability repeats{only}: {ability}.",
        rules, _strength(source, cost, target, enters))


ETB_REUSE = register_pair_family(PairFamily("etb_reuse", _source_role, _target_role, _pair,
                                                   strength=_strength))
"""The ``etb_reuse`` family."""


def etb_reuse_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each sneak or ninjutsu card to each other creature with an
    enters-the-battlefield triggered ability of its own.

    Strength 0.5, +0.2 if the creature has evasion (it is the unblocked attacker more often),
    +0.1 if its mana value is 3 or less (cheap to cast again).

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, subtypes=()):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name,
    ...         types=("Creature",), subtypes=subtypes, text=text),)))
    >>> ninja = card("Ninja", "Ninjutsu {1}{U}")
    >>> seer = card("Seer", "Flying\\nWhen this creature enters, scry 2.")
    >>> [(e.source, e.target, e.rules) for e in etb_reuse_edges([ninja, seer])]
    [('Ninja', 'Seer', ('702.49a', '400.7', '603.6a'))]
    """
    return ETB_REUSE.edges(profiles)
