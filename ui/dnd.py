"""Drag and drop of cards between views: the card browser drags, the deck list accepts.

A drag carries the dragged cards' ids (the database's Oracle-id keyed ``Card.id``) as UTF-8
lines under :data:`CARD_MIME`, and their names as plain text so that dropping into a text
editor writes a deck-list-like line per card.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QMimeData

__all__ = ["CARD_MIME", "card_ids_from_mime", "card_mime"]

CARD_MIME = "application/x-spellweb-card-ids"
"""MIME type of a card drag: one card id per line (UTF-8)."""


def card_mime(cards: Iterable[tuple[str, str]]) -> QMimeData:
    """Mime data for ``(card id, card name)`` pairs: ids under :data:`CARD_MIME`, the names
    as ``1 Name`` lines of plain text."""
    pairs = list(cards)
    mime = QMimeData()
    mime.setData(CARD_MIME, "\n".join(card_id for card_id, _ in pairs).encode("utf-8"))
    mime.setText("\n".join(f"1 {name}" for _, name in pairs))
    return mime


def card_ids_from_mime(mime: QMimeData) -> list[str]:
    """The card ids of a card drag, in order ([] for any other drag)."""
    if not mime.hasFormat(CARD_MIME):
        return []
    text = bytes(mime.data(CARD_MIME).data()).decode("utf-8", errors="replace")
    return [line for line in text.splitlines() if line]
