"""A card's activatable abilities in Oracle order: activated, mana and keyword abilities.

Scenario files name an ability by its 1-based index in this list or by a fragment of its
text (``"Exchange control"``, ``"Ninjutsu"``).

Examples
--------
>>> from analyzer.rules.cards import CardLibrary
>>> [a.kind for a in activatable(CardLibrary.starter().get("Mind Stone"))]
['mana', 'activated']
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.oracle.abilities import ActivatedAbility
from analyzer.oracle.keywords import is_activated_keyword
from analyzer.oracle.text import SELF
from analyzer.rules.model import CardData

__all__ = ["Activatable", "activatable", "activated_keyword", "find_ability"]

_KEYWORD_ABILITIES = frozenset({"ninjutsu", "commander ninjutsu"})
"""Keyword abilities the rules core activates (CR 702.49a, 702.49d)."""

def activated_keyword(name: str) -> bool:
    """True for a keyword ability that is an activated ability (CR 702: cycling, equip,
    ninjutsu...)."""
    return is_activated_keyword(name)


@dataclass(frozen=True, slots=True)
class Activatable:
    """One ability a player may activate."""

    kind: str
    """``"activated"``, ``"mana"``, ``"ninjutsu"``, ``"commander ninjutsu"`` or
    ``"keyword"`` (another keyword ability that is activated, not played by the rules core
    yet)."""
    index: int
    """Index in the profile's ``abilities``, ``mana_abilities`` or ``keywords``."""
    text: str
    """Its text with the card's name."""


def activatable(data: CardData) -> list[Activatable]:
    """The card's activatable abilities, in the order their text is printed (the compiled
    profile's :attr:`~analyzer.oracle.profile.CardProfile.printed_order`), with the card's
    name in place of ``CARDNAME``."""
    profile = data.profile
    card_name = data.name.split(" // ")[0]
    found: list[Activatable] = []
    for where, i in profile.printed_order:
        if where == "keyword":
            keyword = profile.keywords[i]
            low = keyword.name.lower()
            if low in _KEYWORD_ABILITIES:
                found.append(Activatable(low, i, str(keyword)))
            elif is_activated_keyword(low):
                found.append(Activatable("keyword", i, str(keyword)))
        elif where == "mana":
            found.append(Activatable("mana", i,
                                     profile.mana_abilities[i].text.replace(SELF, card_name)))
        else:
            ability = profile.abilities[i]
            if isinstance(ability, ActivatedAbility):
                found.append(Activatable("activated", i,
                                         ability.text.replace(SELF, card_name)))
    return found


def find_ability(data: CardData, which: int | str) -> tuple[int, Activatable]:
    """The ability a scenario names: a 1-based index or a text fragment (any case).

    Raises
    ------
    KeyError
        No such ability (the message lists the card's abilities).
    UnsupportedCardError
        The fragment names an activated ability of the card the rules core cannot play.
    """
    from analyzer.rules.errors import UnsupportedCardError
    from analyzer.rules.triggers import unplayed_parts

    found = activatable(data)
    unread = [p for p in unplayed_parts(data) if p.when == "activate"
              and p.why == "this activated ability"]
    if isinstance(which, int):
        if unread:
            # The unread abilities have no place in the printed order the profile keeps:
            # an index could name the wrong ability, so it is refused (use a text fragment).
            raise UnsupportedCardError(data.name, unread[0].text,
                                       f"{data.name} has activated abilities the rules core "
                                       "cannot read, so `ability: N` is ambiguous; name the "
                                       "ability by a fragment of its text")
        if 1 <= which <= len(found):
            return which - 1, found[which - 1]
    else:
        low = which.lower()
        for i, ability in enumerate(found):
            if low in ability.text.lower():
                return i, ability
        for part in unplayed_parts(data):
            if part.when == "activate" and low in part.text.lower():
                raise UnsupportedCardError(data.name, part.text, part.why)
    listing = "; ".join(f"{i + 1}: {a.text}" for i, a in enumerate(found)) or "none"
    raise KeyError(f"{data.name!r} has no ability {which!r} (its abilities: {listing})")
