"""What the GUI's card detail view shows: every face, its mana symbols, legalities,
printings and the user's note, as one frozen value built in one session."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from analyzer.cards.db import printings as prepo
from analyzer.cards.db import repository as repo
from analyzer.cards.model import Card, Face
from analyzer.cards.printing import Printing
from analyzer.errors import InputError
from analyzer.oracle.symbols import TextPart, mana_symbols, text_parts

__all__ = ["CardDetail", "FaceDetail", "TextPart", "card_detail", "mana_symbols", "text_parts"]

@dataclass(frozen=True, slots=True)
class FaceDetail:
    """One face as the detail view shows it."""

    face: Face
    """The face's Oracle data."""
    mana_symbols: tuple[str, ...]
    """:func:`mana_symbols` of its mana cost."""
    text: tuple[TextPart, ...]
    """:func:`text_parts` of its rules text."""


@dataclass(frozen=True, slots=True)
class CardDetail:
    """Everything the card detail view shows of one card."""

    card: Card
    """The card."""
    faces: tuple[FaceDetail, ...]
    """Every face, front first."""
    legalities: tuple[tuple[str, str], ...]
    """(format, ``"Legal"`` / ``"Banned"`` / ``"Restricted"``), by format name."""
    printings: tuple[Printing, ...]
    """Its printings, oldest first (empty without printings data)."""
    note: repo.CardNote
    """The user's tags and note on it."""


def card_detail(session: Session, name_or_id: str) -> CardDetail:
    """The :class:`CardDetail` of a card given by id or by any of its names.

    Raises
    ------
    InputError
        No card has that id or name.
    """
    card = repo.cards_by_id(session, [name_or_id]).get(name_or_id) or \
        repo.find_card(session, name_or_id)
    if card is None:
        raise InputError(f"no card named {name_or_id!r} in the card database")
    faces = tuple(FaceDetail(f, mana_symbols(f.mana_cost), text_parts(f.text))
                  for f in card.faces)
    return CardDetail(card=card, faces=faces, legalities=tuple(sorted(card.legalities.items())),
                      printings=tuple(prepo.printings_of(session, card.id)),
                      note=repo.card_note(session, card.name))
