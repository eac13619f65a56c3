"""Facts spread over a profile's abilities, typed for the synergy graph.

The compiler keeps a trigger's subject as its normalized words ("a Ninja you control",
"enchanted Forest"); the functions here turn those words into typed
:class:`~analyzer.oracle.objects.ObjectRef` values once, inside the Oracle package, so that
no other package reads text (DESIGN.md, "one understanding of a card"):

- :func:`watched_object`: what a triggered ability watches (CR 603.2);
- :func:`mana_boosts`: "tapped for mana" triggers and replacement effects, with the
  permanents they watch and whose tapping counts (CR 106.12a, 106.12b);
- :func:`cast_spell_filter`: the spells a "whenever you cast ..." trigger watches (601.2i);
- :func:`counted_object`: what "for each Goblin you control" or "the number of Rats you
  control" counts.

Examples
--------
>>> from analyzer.card_model import Card, Face
>>> from analyzer.oracle.compile import compile_card
>>> wake = compile_card(Card(id="w", name="Wake", faces=(Face(name="Wake",
...     types=("Enchantment",), text="Whenever you tap a land for mana, add one mana of "
...     "any type that land produced."),)))
>>> (boost,) = mana_boosts(wake)
>>> sorted(boost.tapped.filter.types), boost.player.name, boost.replacement
(['Land'], 'YOU', False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzer.oracle.abilities import ReplacementEffect, Trigger, TriggeredAbility, TriggerEvent
from analyzer.oracle.effects import Amount
from analyzer.oracle.filters import SpellFilter, parse_spell_filter
from analyzer.oracle.objects import ObjectRef, Owner
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["ManaBoost", "cast_spell_filter", "counted_object", "mana_boosts",
           "watched_object"]

_PLAYER_TAPS = re.compile(r"^taps? (?P<what>.+) for mana$")
_PLAYERS = {"you": Owner.YOU, "a player": Owner.ANY, "an opponent": Owner.OPPONENT,
            "each player": Owner.ANY}
_REPLACEMENT_WHO = re.compile(r"^if (?P<who>you|a player) taps? ")


def _parse(words: str) -> ObjectRef | None:
    from analyzer.oracle.grammar import parse_target

    return parse_target(words)


def watched_object(trigger: Trigger) -> ObjectRef | None:
    """The object a trigger watches, as a typed reference, or ``None`` for a player or a
    phrase the object grammar cannot read.

    For "whenever you tap a land for mana" the watched object is the land (the player is
    :attr:`ManaBoost.player`); for "whenever enchanted Forest is tapped for mana" it is the
    enchanted Forest; for "when CARDNAME enters" the source itself (kind ``"self"``).

    >>> watched_object(Trigger(TriggerEvent.ATTACKS, "a Ninja you control")).filter.subtypes
    frozenset({'Ninja'})
    >>> watched_object(Trigger(TriggerEvent.GAIN_LIFE, "you")) is None
    True
    """
    if trigger.event is TriggerEvent.TAPPED_FOR_MANA and trigger.subject in _PLAYERS:
        match = _PLAYER_TAPS.match(trigger.detail)
        return _parse(match["what"]) if match else None
    if trigger.subject in _PLAYERS or not trigger.subject:
        return None
    return _parse(trigger.subject)


_CAST = re.compile(r"^casts? (?:an? |another )?(?P<what>.+?)(?: from .+)?$")
_COUNTED = re.compile(r"^(?:for each (?:other )?|the number of (?:other )?)(?P<what>.+)$")


def cast_spell_filter(trigger: Trigger) -> SpellFilter | None:
    """The spells a "whenever you cast ..." trigger watches, or ``None``.

    >>> t = Trigger(TriggerEvent.CAST, "you", "cast a Goblin spell")
    >>> sorted(cast_spell_filter(t).subtypes)
    ['Goblin']
    """
    if trigger.event is not TriggerEvent.CAST:
        return None
    match = _CAST.match(trigger.detail)
    if match is None:
        return None
    what = match["what"]
    return parse_spell_filter(what if what.endswith("spells") else what + "s") \
        or parse_spell_filter(what)


def counted_object(amount: Amount | str) -> ObjectRef | None:
    """What a counted amount counts: "for each Goblin you control", "X, where X is the
    number of Rats you control" -> the objects; ``None`` for any other amount.

    >>> counted_object(Amount(None, "X", "the number of Rats you control")).filter.subtypes
    frozenset({'Rat'})
    """
    if isinstance(amount, Amount):
        words = amount.where if amount.variable == "X" else amount.variable
    else:
        words = amount
    match = _COUNTED.match(words.strip())
    return _parse(match["what"]) if match else None


@dataclass(frozen=True, slots=True)
class ManaBoost:
    """A "tapped for mana" trigger or replacement effect (CR 106.12a, 106.12b).

    ``Mirari's Wake``: "Whenever you tap a land for mana, add one mana of any type that land
    produced" -> tapped = a land, player = YOU. ``Wild Growth``: "Whenever enchanted land is
    tapped for mana ..." -> tapped = the enchanted land, attached = True. ``Mana Reflection``:
    "If you tap a permanent for mana, it produces twice as much" -> replacement, factor 2.
    """

    tapped: ObjectRef
    """The permanents whose tapping for mana counts (types and subtypes in its filter)."""
    player: Owner
    """Who must tap them: YOU ("you tap"), ANY ("a player taps"), OPPONENT; for an Aura,
    ANY (whoever controls the enchanted land)."""
    attached: bool
    """True when only the permanent the source enchants counts ("enchanted land")."""
    replacement: bool
    """True for a replacement effect (106.12b), False for a triggered mana ability
    (106.12a)."""
    factor: int
    """For a replacement: 2 for "twice as much", 3 for "three times as much"; 1 otherwise."""
    adds: str
    """What a trigger adds, in words (``"{G}"``, ``"mana of any type that land
    produced"``); ``""`` for a replacement."""
    text: str
    """The ability's text as normalized."""

    @property
    def rule(self) -> str:
        """``"106.12b"`` for a replacement, ``"106.12a"`` for a trigger."""
        return "106.12b" if self.replacement else "106.12a"


def _trigger_boost(ability: TriggeredAbility) -> ManaBoost | None:
    trigger = ability.trigger
    if trigger.event is not TriggerEvent.TAPPED_FOR_MANA:
        return None
    adds = [e for e in ability.effects if e.name == "add_mana"]
    if not adds:
        return None
    tapped = watched_object(trigger)
    if tapped is None or tapped.filter.kind == "self":
        return None
    attached = trigger.subject.startswith(("enchanted ", "equipped "))
    player = Owner.ANY if attached else _PLAYERS.get(trigger.subject, Owner.ANY)
    words = [str(e.arg("mana") or e.arg("choice") or "") for e in adds]
    return ManaBoost(tapped, player, attached, False, 1, " and ".join(w for w in words if w),
                     ability.text)


def _replacement_boost(ability: ReplacementEffect) -> ManaBoost | None:
    if ability.event != "mana" or not ability.effects:
        return None
    target = ability.effects[0].arg("target")
    if not isinstance(target, ObjectRef) or target.filter.kind == "self" \
            or target.text == SELF:
        return None
    who = _REPLACEMENT_WHO.match(ability.condition)
    player = Owner.YOU if who and who["who"] == "you" else Owner.ANY
    attached = target.text.startswith(("enchanted ", "equipped "))
    factor = 3 if "three" in str(ability.effects[0].arg("what", "")) else 2
    return ManaBoost(target, player, attached, True, factor, "", ability.text)


def mana_boosts(profile: CardProfile) -> tuple[ManaBoost, ...]:
    """The card's "tapped for mana" triggers and replacements that boost other permanents.

    Abilities watching only their own source ("whenever CARDNAME is tapped for mana") and
    "becomes tapped" triggers (no mana involved) are left out.

    Parameters
    ----------
    profile : CardProfile
        A compiled card.

    Returns
    -------
    tuple of ManaBoost
        In printed order; empty when it has none.
    """
    found: list[ManaBoost] = []
    for ability in profile.abilities:
        boost = _trigger_boost(ability) if isinstance(ability, TriggeredAbility) \
            else _replacement_boost(ability) if isinstance(ability, ReplacementEffect) else None
        if boost is not None:
            found.append(boost)
    return tuple(found)
