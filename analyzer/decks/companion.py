"""Checking a companion's condition against a deck (CR 702.139).

The condition is read from the companion's Oracle text
(:func:`analyzer.oracle.companion.companion_condition`); this module checks it against the
*starting deck* (CR 702.139b): the main deck, and the commander(s) of a Commander deck, the
sideboard set aside. Each breach names the cards that break the condition.

A card in a library has its front face's characteristics only (CR 712.8a), except a split
card, which has both halves' combined (CR 709.4): types and mana cost are read that way;
the mana value is the card's (``manaValue``: the front face's, a split card's sum).

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> from analyzer.decks.model import DeckEntry, ResolvedEntry
>>> lurrus = Card("l", "Lurrus of the Dream-Den", keywords=("Companion",), faces=(Face(
...     "Lurrus of the Dream-Den", text="Companion — Each permanent card in your starting "
...     "deck has mana value 2 or less."),))
>>> giant = Card("g", "Hill Giant", mana_value=4.0, faces=(Face("Hill Giant",
...     types=("Creature",), mana_cost="{3}{R}", mana_value=4.0),))
>>> deck = Deck((ResolvedEntry(DeckEntry("Hill Giant", 4), giant),))
>>> print(*companion_breaches(lurrus, deck, min_cards=60))
Lurrus of the Dream-Den's companion condition is not met (each permanent card has mana value 2 or less): Hill Giant
"""

from __future__ import annotations

from collections import Counter

from analyzer.cards.model import Card
from analyzer.decks.model import Deck, Section
from analyzer.decks.spelling import BOTH_HALVES_LAYOUTS
from analyzer.oracle.companion import (
    CardScope,
    CompanionCondition,
    DifferentNames,
    ExtraCards,
    HasActivatedAbility,
    ManaValueAtLeast,
    ManaValueAtMost,
    ManaValueParity,
    NoRepeatedManaSymbol,
    OneOfSubtypes,
    SharedCardType,
    companion_condition,
)
from analyzer.oracle.keywords import is_activated_keyword
from analyzer.oracle.mana import ManaCost

__all__ = ["PERMANENT_TYPES", "companion_breaches", "starting_deck"]

PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land",
                             "Planeswalker"})
"""Card types of permanent cards (CR 110.4)."""

_SHOWN = 6


def starting_deck(deck: Deck) -> list[tuple[Card, int]]:
    """The starting deck's known cards and copies (CR 702.139b): commander(s), main deck."""
    return deck.cards(Section.COMMANDER, Section.MAIN)


def companion_breaches(companion: Card, deck: Deck, *, min_cards: int) -> list[str]:
    """Why ``deck`` does not fulfil ``companion``'s condition: one sentence, or none.

    Parameters
    ----------
    companion : Card
        The deck's companion (a card with a ``Companion — ...`` line).
    deck : Deck
        The resolved deck; unknown names are left out (they are issues already).
    min_cards : int
        The format's minimum deck size (for *at least N cards more than the minimum deck
        size*, CR 100.2a, 903.5a).

    Returns
    -------
    list of str
        Empty when the condition is met; else one message naming the companion, the
        condition and the cards that break it. A condition the reader could not read is
        reported, never passed.
    """
    condition = companion_condition(companion)
    if condition is None:
        return []
    if condition.requirement is None:
        return [f"{companion.name}'s companion condition could not be read "
                f"({condition.text!r}); check it by hand"]
    cards = starting_deck(deck)
    req = condition.requirement
    if isinstance(req, ExtraCards):
        size, wanted = sum(n for _, n in cards), min_cards + req.count
        if size >= wanted:
            return []
        return [f"{companion.name}'s companion condition is not met: the starting deck has "
                f"{size} cards, it needs at least {wanted} ({req.count} more than the minimum "
                f"deck size, {min_cards})"]
    checked = [(card, n) for card, n in cards if _in_scope(card, condition)]
    breakers = _breakers(condition, checked)
    if not breakers:
        return []
    shown = ", ".join(breakers[:_SHOWN])
    if len(breakers) > _SHOWN:
        shown += f" and {len(breakers) - _SHOWN} more"
    return [f"{companion.name}'s companion condition is not met ({condition.describe()}): "
            f"{shown}"]


def _in_scope(card: Card, condition: CompanionCondition) -> bool:
    types = _types(card)
    if condition.lands_exempt and "Land" in types:
        return False
    match condition.scope:
        case CardScope.PERMANENT:
            return bool(types & PERMANENT_TYPES)
        case CardScope.CREATURE:
            return "Creature" in types
        case CardScope.NONLAND:
            return "Land" not in types
    return True


def _breakers(condition: CompanionCondition, cards: list[tuple[Card, int]]) -> list[str]:
    """The names of the checked cards that break the condition, in deck order."""
    req = condition.requirement
    if isinstance(req, DifferentNames):
        return [card.name for card, n in cards if n > 1]
    if isinstance(req, SharedCardType):
        common = Counter(t for card, _ in cards for t in sorted(_types(card)))
        if not common or len(cards) == common.most_common(1)[0][1]:
            return []
        shared = common.most_common(1)[0][0]
        return [card.name for card, _ in cards if shared not in _types(card)]
    return [card.name for card, _ in cards if not _fulfils(card, condition)]


def _fulfils(card: Card, condition: CompanionCondition) -> bool:
    """Whether one card fulfils a per-card requirement."""
    mv = card.mana_value
    match condition.requirement:
        case ManaValueAtMost(limit):
            return mv <= limit
        case ManaValueAtLeast(limit):
            return mv >= limit
        case ManaValueParity(even):
            return mv.is_integer() and (int(mv) % 2 == 0) == even
        case OneOfSubtypes(subtypes):
            return "Changeling" in card.keywords or any(
                s in card.front.subtypes for s in subtypes)
        case HasActivatedAbility():
            return _has_activated_ability(card)
        case NoRepeatedManaSymbol():
            return _repeated_symbol(card) is None
    return True


def _types(card: Card) -> frozenset[str]:
    """The card types a card has in a library (front face; a split card's halves)."""
    if card.layout in BOTH_HALVES_LAYOUTS:
        return frozenset(t for face in card.faces for t in face.types)
    return frozenset(card.front.types)


def _repeated_symbol(card: Card) -> str | None:
    """A mana symbol printed more than once in the card's mana cost (both halves of a split
    card, CR 709.4), or ``None``."""
    faces = card.faces if card.layout in BOTH_HALVES_LAYOUTS else card.faces[:1]
    symbols = Counter(str(symbol) for face in faces
                      for symbol in (ManaCost.try_parse(face.mana_cost) or ManaCost()).symbols)
    repeated = [symbol for symbol, n in symbols.items() if n > 1]
    return repeated[0] if repeated else None


def _has_activated_ability(card: Card) -> bool:
    """Whether the compiled profile has an activated ability (CR 602), a mana ability
    (CR 605, intrinsic ones of basic land types included) or an activated keyword."""
    from analyzer.oracle import compile_card  # the compiler loads only when a check needs it
    from analyzer.oracle.abilities import ActivatedAbility

    profile = compile_card(card)
    return (bool(profile.mana_abilities)
            or any(isinstance(a, ActivatedAbility) for a in profile.abilities)
            or any(is_activated_keyword(k.name) for k in profile.keywords))
