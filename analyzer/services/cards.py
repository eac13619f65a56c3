"""Cards: look one up, search the database, a card's detail, compiled profile and notes.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.detail import CardDetail
from analyzer.cards.detail import card_detail as detail_of
from analyzer.cards.model import Card
from analyzer.cards.search import run_search

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.oracle.profile import CardProfile

__all__ = ["card_by_name", "card_detail", "card_note", "card_profile", "cards_by_ids",
           "require_card", "search", "search_cards", "set_card_note"]


def card_note(db: Database, name: str) -> repo.CardNote:
    """The user's tags and note on a card (kept across card-data imports)."""
    with db.session() as session:
        return repo.card_note(session, name)


def set_card_note(db: Database, name: str, *, tags: Sequence[str] = (),
                  note: str = "") -> repo.CardNote:
    """Write the user's tags and note on a card; both empty deletes them."""
    with db.session() as session:
        return repo.set_card_note(session, name, tags=tags, note=note)


def card_by_name(db: Database, name: str) -> Card | None:
    """The card a name means (full, ASCII, face or flavor name), or None."""
    with db.session() as session:
        return repo.find_card(session, name)


def cards_by_ids(db: Database, ids: Sequence[str]) -> dict[str, Card]:
    """The cards with these ids (``Card.id``, the database key); unknown ids are left out.

    What a card dragged from the card browser (:mod:`ui.dnd`) or a recovered deck snapshot
    (:func:`analyzer.decks.deck_from_snapshot`) names.
    """
    with db.session() as session:
        return repo.cards_by_id(session, ids)


def search_cards(db: Database, text: str, limit: int = 200) -> list[Card]:
    """Cards whose name contains ``text`` (case- and accent-insensitive)."""
    with db.session() as session:
        return repo.search_names(session, text, limit)


def search(db: Database, query: str, *, limit: int | None = None,
           on_index_build: Callable[[], None] | None = None) -> list[Card]:
    """The cards a query in Scryfall's search syntax matches, sorted by name.

    Parameters
    ----------
    db : Database
        The card database (FTS5 full-text search on SQLite, plain SQL elsewhere).
    query : str
        E.g. ``'t:ninja c:b'``, ``'o:"draw a card" -t:creature'``, ``'id<=esper is:commander'``;
        see :mod:`analyzer.cards.search` and https://scryfall.com/docs/syntax.
    limit : int, optional
        At most this many cards (the first by name).
    on_index_build : callable, optional
        Called before the full-text index is built (the first search after an import on
        SQLite, about a second).

    Returns
    -------
    list of Card

    Raises
    ------
    SearchSyntaxError
        The query is malformed; the error carries the offset and length of the bad token.
    """
    with db.session() as session:
        return run_search(session, query, limit=limit, on_index_build=on_index_build)


def card_detail(db: Database, name_or_id: str) -> CardDetail:
    """Everything the card detail view shows: every face with its text and mana symbols,
    legalities, printings (when imported) and the user's note.

    Raises
    ------
    InputError
        No card has that id or name.
    """
    with db.session() as session:
        return detail_of(session, name_or_id)


def card_profile(db: Database, name: str) -> tuple[Card, CardProfile]:
    """The card a name means and its compiled profile (``spellweb card NAME``).

    Raises
    ------
    InputError
        No card has that name; the message offers the closest names ("did you mean"),
        as the deck reader does (:class:`analyzer.decks.NameSuggester`).
    """
    from analyzer.cards.profiles import profiles_for

    card = require_card(db, name)
    with db.session() as session:
        return card, profiles_for(session, [card])[card.id]


def require_card(db: Database, name: str) -> Card:
    """The card a name (full, face or flavor name) means.

    Raises
    ------
    InputError
        No card has that name; the message offers the closest names ("did you mean"),
        as the deck reader does (:class:`analyzer.decks.NameSuggester`).
    """
    from analyzer.decks import NameSuggester
    from analyzer.errors import InputError

    with db.session() as session:
        card = repo.find_card(session, name)
        if card is None:
            close = NameSuggester(repo.DatabaseCardLookup(session).all_names()).suggest(name)
            hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise InputError(f"no card named {name!r} in the card database{hint}")
        return card
