"""The distinct cards of a folder of deck lists (for the compiler's coverage of real decks).

Examples
--------
>>> from pathlib import Path
>>> from analyzer.cards.lookup import InMemoryCardLookup
>>> found = folder_card_ids(Path("/nonexistent"), InMemoryCardLookup([]))
Traceback (most recent call last):
...
analyzer.errors.InputError: '/nonexistent' is not a folder of deck lists
"""

from __future__ import annotations

from pathlib import Path

from analyzer.cards.lookup import CardLookup
from analyzer.decks.load import load_deck
from analyzer.errors import InputError

__all__ = ["folder_card_ids", "folder_cards"]


def folder_card_ids(folder: Path | str, lookup: CardLookup) -> tuple[int, frozenset[str]]:
    """Read every deck list under ``folder`` (recursively, any deck format) and resolve its
    names with ``lookup``: ``(deck files read, ids of the distinct cards named)``. Files
    that are not deck lists (a README, a picture) are left out.

    Raises
    ------
    InputError
        ``folder`` is not a folder.
    """
    files, ids, _unknown = folder_cards(folder, lookup)
    return files, ids


def folder_cards(folder: Path | str, lookup: CardLookup
                 ) -> tuple[int, frozenset[str], frozenset[str]]:
    """As :func:`folder_card_ids`, with the names no card of ``lookup`` has (a card
    database that lacks them, such as the starter set): ``(files, card ids, unknown
    names)``.

    Raises
    ------
    InputError
        ``folder`` is not a folder.
    """
    root = Path(folder)
    if not root.is_dir():
        raise InputError(f"{str(root)!r} is not a folder of deck lists")
    ids: set[str] = set()
    unknown: set[str] = set()
    files = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        try:
            deck = load_deck(path, lookup)
        except InputError:
            continue
        found = {entry.card.id for entry in deck.entries if entry.card is not None}
        missing = {entry.name for entry in deck.entries if entry.card is None}
        if found or missing:
            files += 1
            ids |= found
            unknown |= missing
    return files, frozenset(ids), frozenset(unknown)
