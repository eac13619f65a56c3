"""Format legality for suggestions: which game format a deck is for, which cards it allows.

A suggestion must be a card the deck could play. The deck's format is the one the user names
(``--game-format``, a deck validation), else inferred (:func:`deck_format`): ``commander``
for a deck with a commander section (CR 903.3), else the most restrictive format in which
every deck card is legal, from MTGJSON ``legalities`` (paper formats first). Cards legal only
in Arena formats (``alchemy``, ``historic``, ``brawl``...: the Alchemy rebalanced "A-" cards)
are never suggested for a paper format, and an "A-Name" card is the same card as "Name"
(:func:`base_name`): neither is suggested when the other is in the deck.

Legalities are kept per card as an ``int`` bit mask (:func:`legal_mask`): bit 0 says the card
data has legalities at all (a card without them, e.g. a test card or a starter record, is
never filtered out), bit ``i + 1`` that the card is ``Legal`` or ``Restricted`` in
:data:`FORMATS` ``[i]``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping

__all__ = ["COMMANDER_FORMATS", "DIGITAL_FORMATS", "FORMATS", "NOT_INFERRED", "PAPER_FORMATS", "allowed", "base_name",
           "deck_format", "format_bit", "legal_mask"]

PAPER_FORMATS: tuple[str, ...] = (
    "oldschool", "standard", "future", "pioneer", "pauper", "premodern", "modern", "penny",
    "legacy", "vintage", "paupercommander", "predh", "duel", "oathbreaker", "commander")
"""MTGJSON ``legalities`` keys of formats played with paper cards (Penny Dreadful too, whose
card pool is paper cards), from the smallest card pool to the largest, roughly."""

DIGITAL_FORMATS: tuple[str, ...] = (
    "alchemy", "historic", "brawl", "timeless", "gladiator", "standardbrawl", "explorer",
    "competitivebrawl", "tlr")
"""MTGJSON ``legalities`` keys of MTG Arena formats, whose pool includes the Alchemy
rebalanced ("A-") and digital-only cards."""

NOT_INFERRED: frozenset[str] = frozenset({"penny", "future"})
"""Formats :func:`deck_format` never guesses: Penny Dreadful's pool is a rotating list of
the cheapest MTGO cards (a Pauper deck is often all legal there, yet not built for it), and
``future`` is the next Standard."""

COMMANDER_FORMATS: frozenset[str] = frozenset({
    "commander", "duel", "oathbreaker", "paupercommander", "predh", "brawl", "standardbrawl",
    "competitivebrawl"})
"""Formats whose decks have a commander (CR 903.3) or signature spell: inferred only for a
deck with a commander section."""

FORMATS: tuple[str, ...] = PAPER_FORMATS + DIGITAL_FORMATS
"""Every format a mask has a bit for, in bit order."""

_KNOWN = 1
"""Bit 0: the card data lists legalities."""
_PAPER = 0
for _i in range(len(PAPER_FORMATS)):
    _PAPER |= 1 << (_i + 1)
_LEGAL = frozenset({"legal", "restricted"})


def format_bit(game_format: str) -> int:
    """The mask bit of a format (a ``legalities`` key, case-insensitive).

    Raises
    ------
    KeyError
        An unknown format; the message lists the known ones.
    """
    name = game_format.strip().lower()
    if name not in FORMATS:
        raise KeyError(f"unknown game format {game_format!r}; known: {', '.join(FORMATS)}")
    return 1 << (FORMATS.index(name) + 1)


def legal_mask(legalities: Mapping[str, str]) -> int:
    """A card's legalities (MTGJSON ``legalities``: format -> ``"Legal"``, ``"Banned"``,
    ``"Restricted"``, ``"Not Legal"``) as a bit mask; formats not in :data:`FORMATS` are
    ignored.

    >>> legal_mask({}) == 0
    True
    >>> mask = legal_mask({"historic": "Legal", "brawl": "Legal"})
    >>> bool(mask & format_bit("historic")), bool(mask & format_bit("legacy"))
    (True, False)
    """
    if not legalities:
        return 0
    mask = _KNOWN
    for name, status in legalities.items():
        key = name.lower()
        if str(status).lower() in _LEGAL and key in FORMATS:
            mask |= 1 << (FORMATS.index(key) + 1)
    return mask


def allowed(mask: int, game_format: str | None, *, digital: bool = False) -> bool:
    """Whether a card with legalities ``mask`` may be suggested for a deck of
    ``game_format`` (``None``: unknown). A card without legality data is always allowed; in
    an unknown format a card legal only in Arena formats is allowed only when ``digital``
    (the deck itself has such cards).

    >>> a_card = legal_mask({"historic": "Legal"})
    >>> allowed(a_card, "legacy"), allowed(a_card, None), allowed(a_card, "historic")
    (False, False, True)
    >>> allowed(0, "modern")
    True
    """
    if not mask & _KNOWN:
        return True
    if game_format is not None:
        return bool(mask & format_bit(game_format))
    return digital or bool(mask & _PAPER)


def base_name(name: str) -> str:
    """The card's name without the Alchemy rebalancing prefix "A-" on each face (the
    rebalanced card is a digital version of the same card).

    >>> base_name("A-Lunarch Veteran // A-Luminous Phantom")
    'Lunarch Veteran // Luminous Phantom'
    >>> base_name("Orcish Bowmasters")
    'Orcish Bowmasters'
    """
    return " // ".join(part.removeprefix("A-") for part in name.split(" // "))


def deck_format(masks: Iterable[int], *, commander: bool,
                pool: Mapping[str, int] | None = None) -> str | None:
    """The format a deck is for, inferred from its cards.

    Parameters
    ----------
    masks : iterable of int
        The deck cards' :func:`legal_mask`.
    commander : bool
        The deck has a commander section: ``"commander"`` (CR 903.3), or ``"brawl"`` when
        its cards are all legal in (Arena) Brawl but not all in Commander (Alchemy cards).
    pool : mapping of format to int, optional
        How many cards each format allows (the database's count): the most restrictive is
        the smallest. By default the order of :data:`PAPER_FORMATS`.

    Returns
    -------
    str or None
        The most restrictive paper format in which every card with legality data is legal
        (never one of :data:`NOT_INFERRED`, nor of :data:`COMMANDER_FORMATS` for a deck
        without a commander), else the most restrictive Arena format, else
        ``None``.

    >>> legacy_only = legal_mask({"legacy": "Legal", "vintage": "Legal"})
    >>> modern = legal_mask({"modern": "Legal", "legacy": "Legal", "vintage": "Legal"})
    >>> deck_format([legacy_only, modern], commander=False)
    'legacy'
    >>> deck_format([modern], commander=True)
    'commander'
    >>> deck_format([legal_mask({"brawl": "Legal", "historic": "Legal"})], commander=True)
    'brawl'
    """
    common = -1
    for mask in masks:
        if mask & _KNOWN:
            common &= mask
    if commander:
        # an Arena deck with a commander and Arena-only cards is a Brawl deck
        brawl = format_bit("brawl")
        return "brawl" if common != -1 and not common & format_bit("commander") \
            and common & brawl else "commander"
    if common == -1:
        return None
    order = {name: i for i, name in enumerate(FORMATS)}

    def size(name: str) -> tuple[int, int]:
        return (pool.get(name, sys.maxsize) if pool else 0, order[name])

    for group in (PAPER_FORMATS, DIGITAL_FORMATS):
        legal = [name for name in group
                 if common & format_bit(name) and name not in NOT_INFERRED
                 and name not in COMMANDER_FORMATS]
        if legal:
            return min(legal, key=size)
    return None
