"""Printing-level records: one face of a card as printed in one set.

Source: MTGJSON v5 *Card (Set)* objects (AllPrintings and the per-set files) and their *Set*.
The database repository returns these frozen values (never ORM rows, STYLE.md habit 12).
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards.model import CardId

__all__ = ["RARITIES", "Printing"]

RARITIES = ("common", "uncommon", "rare", "mythic", "special", "bonus")
"""MTGJSON ``rarity`` values, lowest first (what ``r:`` accepts)."""


@dataclass(frozen=True, slots=True)
class Printing:
    """One face of one printing of a card.

    Examples
    --------
    >>> p = Printing(card_id="x", name="Lightning Bolt", set_code="LEA", number="161",
    ...              rarity="common")
    >>> str(p)
    'Lightning Bolt (LEA) 161'
    """

    card_id: CardId
    """The card it is a printing of (see :func:`analyzer.cards.printings.link_printings`)."""
    name: str
    """``name``: the card's full name (``"Fire // Ice"``)."""
    set_code: str
    """``setCode``, as MTGJSON writes it (upper case, ``"LEA"``)."""
    number: str = ""
    """``number``: the collector number as printed."""
    rarity: str = ""
    """``rarity``: one of :data:`RARITIES`."""
    face_name: str | None = None
    """``faceName`` of a multi-face card's face."""
    side: str | None = None
    """``side``: ``"a"``, ``"b"``... on multi-face cards."""
    set_name: str = ""
    """The set's ``name``."""
    set_type: str = ""
    """The set's ``type`` (``"expansion"``, ``"funny"``, ``"alchemy"``...)."""
    release_date: str = ""
    """The set's ``releaseDate``, ISO 8601."""
    arena_id: int | None = None
    """``identifiers.mtgArenaId``."""
    mtgo_id: int | None = None
    """``identifiers.mtgoId``."""
    scryfall_id: str | None = None
    """``identifiers.scryfallId``: the printing's Scryfall id."""
    oracle_id: str | None = None
    """``identifiers.scryfallOracleId`` as the file gives it (used to link, not stored)."""

    def __str__(self) -> str:
        return f"{self.name} ({self.set_code}) {self.number}".rstrip()
