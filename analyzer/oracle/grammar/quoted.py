"""Quoted abilities: an ability granted to another object in quotation marks must be read
as an ability of its own (CR 113.1c, 613.1f) before the effect granting it counts as read.

Examples
--------
>>> quoted_ability_read("{T}: Add {G}."), quoted_ability_read("Dance wildly.")
(True, False)
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["quoted_ability_read"]


@lru_cache(maxsize=4096)
def quoted_ability_read(text: str) -> bool:
    """True if every line of the quoted text reads as an ability (keyword, activated,
    triggered, static), with "this creature" as the object that has it."""
    from analyzer.cards.model import Card, Face
    from analyzer.oracle.compile import compile_card

    card = Card(id="quoted", name="Quoted", faces=(Face(
        name="Quoted", type="Creature", types=("Creature",), text=text),))
    return compile_card(card).fully_understood
