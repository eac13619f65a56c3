"""How each deck format spells a card's name: the Oracle name in the client's own spelling.

Deck clients accept a card only under the name they know it by, and they differ on
multi-face cards (MTGJSON ``layout``):

- the Oracle name (:attr:`NameStyle.ORACLE`): ``"Fire // Ice"``,
  ``"Delver of Secrets // Insectile Aberration"`` — plain text and the deck sites, whose
  readers take every spelling;
- the front face (:attr:`NameStyle.FRONT_FACE`): a card whose faces are not both on its
  front (double-faced, adventure, flip, meld...: CR 712, 715, 709.1 for the split cards
  that are the exception) goes by its front face's name, ``"Delver of Secrets"``,
  ``"Brazen Borrower"``; split and aftermath cards keep both halves, ``"Fire // Ice"`` —
  MTG Arena, Forge, XMage, Cockatrice and Magarena;
- MTGO (:attr:`NameStyle.MTGO`): as the front face, but split and aftermath cards with
  MTGO's single slash, ``"Fire/Ice"`` (``../shared/data/README.md`` section 3); Rooms keep
  ``" // "``, as the MTGO client writes them (``"Unholy Annex // Ritual Chamber"`` in
  ``../shared/data/decks/mtgo_dek/``).

A format declares its style as ``name_style``
(:attr:`analyzer.decks.formats.base.DeckFormat.name_style`);
:func:`analyzer.decks.save.deck_list_of` uses it when a deck is written in another format.

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> fire = Card("f", "Fire // Ice", layout="split", faces=(Face("Fire"), Face("Ice")))
>>> spelled_name(fire, NameStyle.MTGO), spelled_name(fire, NameStyle.FRONT_FACE)
('Fire/Ice', 'Fire // Ice')
"""

from __future__ import annotations

import enum

from analyzer.cards.model import Card

__all__ = ["BOTH_HALVES_LAYOUTS", "NameStyle", "spelled_name", "written_name"]

BOTH_HALVES_LAYOUTS = frozenset({"split", "aftermath"})
"""``layout`` values of cards whose halves are both on the front (CR 709: split cards,
aftermath included): clients name them by both halves."""

_ROOM = "Room"
_ALCHEMY_PREFIX = "A-"


class NameStyle(enum.Enum):
    """How a deck format spells a card (see the module docstring)."""

    ORACLE = enum.auto()
    """The full Oracle name, ``"A // B"`` for every multi-face card."""
    FRONT_FACE = enum.auto()
    """The front face's name, except split and aftermath cards (``"Fire // Ice"``)."""
    MTGO = enum.auto()
    """As :attr:`FRONT_FACE`, split and aftermath cards with one slash (``"Fire/Ice"``)."""


def spelled_name(card: Card, style: NameStyle) -> str:
    """``card``'s name as a format of ``style`` writes it.

    Parameters
    ----------
    card : Card
        A resolved card (``name`` is the Oracle name, ``layout`` and ``faces`` MTGJSON's).
    style : NameStyle
        The target format's style.

    Returns
    -------
    str
        The name to write; ``card.name`` for a one-faced card in every style.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> delver = Card("d", "Delver of Secrets // Insectile Aberration", layout="transform",
    ...               faces=(Face("Delver of Secrets"), Face("Insectile Aberration")))
    >>> spelled_name(delver, NameStyle.ORACLE)
    'Delver of Secrets // Insectile Aberration'
    >>> spelled_name(delver, NameStyle.FRONT_FACE)
    'Delver of Secrets'
    """
    if style is NameStyle.ORACLE or " // " not in card.name:
        return card.name
    if card.layout not in BOTH_HALVES_LAYOUTS:
        return card.name.split(" // ")[0] if not card.faces else card.front.name
    if style is NameStyle.MTGO and _ROOM not in card.front.subtypes:
        return "/".join(card.name.split(" // "))
    return card.name


def written_name(typed: str, card: Card, style: NameStyle) -> str:
    """The name to write for an entry typed ``typed`` and resolved to ``card``.

    :func:`spelled_name`, except for an Alchemy name the card database lacks, read as the
    paper card (``"A-Orcish Bowmasters"`` -> *Orcish Bowmasters*, see
    :mod:`analyzer.decks.resolve`): the list meant the Alchemy card, so every format but
    MTGO's (which has no Alchemy cards) keeps the Alchemy name as typed.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> paper = Card("o", "Orcish Bowmasters", faces=(Face("Orcish Bowmasters"),))
    >>> written_name("A-Orcish Bowmasters", paper, NameStyle.FRONT_FACE)
    'A-Orcish Bowmasters'
    >>> written_name("A-Orcish Bowmasters", paper, NameStyle.MTGO)
    'Orcish Bowmasters'
    >>> written_name("lightning bolt", Card("b", "Lightning Bolt"), NameStyle.MTGO)
    'Lightning Bolt'
    """
    alchemy = (typed.strip()[:2].upper() == _ALCHEMY_PREFIX
               and card.name[:2].upper() != _ALCHEMY_PREFIX)
    if alchemy and style is not NameStyle.MTGO:
        return _ALCHEMY_PREFIX + typed.strip()[2:]
    return spelled_name(card, style)
