"""Deck files: read, resolve, convert, check and fix a deck list.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.decks import Deck, DeckValidation, LossReport, load_deck, validate_deck
from analyzer.services.cards import card_by_name

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.cards.model import Card
    from analyzer.decks import DeckFormat, DeckList
    from analyzer.oracle.coverage import DeckCards

__all__ = ["convert_deck", "converted_deck_list", "deck_folder_cards", "fix_deck_entry",
           "looks_like_deck", "read_deck", "read_text_file", "validate"]


def read_text_file(path: Path | str, what: str) -> str:
    """The text of a UTF-8 file the user named, or an :class:`InputError` in the deck reader's
    words: ``PATH: no such file``, ``PATH: not a regular file (it is a folder); give a WHAT``,
    ``PATH: not a text file (binary data)``, ``PATH: not UTF-8 text (byte 0xd0 at 24)``.

    ``what`` names the file wanted ("scenario file"), for the hint.
    """
    from analyzer.errors import InputError

    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: not a regular file (it is a folder); give a {what}")
    try:
        data = path.read_bytes()
    except FileNotFoundError as err:
        raise InputError(f"{path}: no such file") from err
    except OSError as err:
        raise InputError(f"{path}: cannot read the file ({err.strerror or err})") from err
    if b"\x00" in data:
        raise InputError(f"{path}: not a text file (binary data); give a {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{path}: not UTF-8 text (byte 0x{data[err.start]:02x} at "
                         f"{err.start}); give a {what}") from err


def looks_like_deck(path: Path | str) -> bool:
    """Whether a file reads as a deck list with at least one entry (any deck format)."""
    from analyzer.decks import read_deck_file
    from analyzer.errors import InputError

    try:
        return bool(read_deck_file(path).deck.entries)
    except InputError:
        return False


def read_deck(db: Database, path: Path | str, *, strict: bool = False) -> Deck:
    """Read a deck file and resolve its card names against the database.

    Parameters
    ----------
    strict : bool
        Raise on the first problem instead of collecting it in ``deck.issues``.

    Raises
    ------
    DeckParseError
        The file cannot be read as a deck list (binary, empty, ...), or, with ``strict``,
        a line is malformed or names an unknown card (``UnknownCardError``, with the
        closest names).
    """
    with db.session() as session:
        return load_deck(Path(path), repo.DatabaseCardLookup(session), strict=strict)


def converted_deck_list(deck: Deck, target: DeckFormat
                        ) -> tuple[DeckList, dict[str, Card | None]]:
    """The resolved ``deck`` as the deck list ``target`` writes, each card in that format's
    own spelling (the Oracle name, MTGO's "Fire/Ice", Arena's front face; the names as typed
    when ``target`` is the file's own format, :func:`analyzer.decks.deck_list_of`), and the
    card of each written name (``None`` for an unknown name; for the loss report).
    """
    from analyzer.decks import deck_list_of

    decklist = deck_list_of(deck, target=target)
    cards = {written.name: item.card
             for written, item in zip(decklist.entries, deck.entries, strict=True)}
    return decklist, cards


def convert_deck(source: Path | str, target: Path | str, fmt: str | None = None, *,
                 db: Database | None = None) -> tuple[LossReport, str]:
    """Write the deck file ``source`` to ``target`` in another format.

    With ``db`` the deck is resolved first and each card is written in the target format's
    own spelling (:func:`converted_deck_list`), as ``spellweb convert`` does; without one
    the names are written as typed (no database needed).

    Parameters
    ----------
    fmt : str, optional
        The target format's registry name; default from ``target``'s extension (an ending
        the source's own format has, such as Forge's and XMage's ``.dck``, means that one).
    db : Database, optional
        The card database that resolves the names.

    Returns
    -------
    (LossReport, str)
        What the target cannot hold, and the target format's description.

    Raises
    ------
    DeckParseError
        ``source`` cannot be read as a deck list.
    InputError
        ``fmt`` names no format, or ``target``'s ending names none.
    OSError
        ``target`` cannot be written (an existing file is left untouched).
    """
    from analyzer.decks import FORMATS, format_for_path, get_format, read_deck_file, write_deck_file

    target_format = get_format(fmt) if fmt else format_for_path(target)
    if db is None:
        decklist, cards = read_deck_file(source).deck, None
    else:
        deck = read_deck(db, source)
        own = FORMATS.get(deck.format)
        if not fmt and own is not None and Path(target).suffix.lower() in own.extensions:
            target_format = own
        decklist, cards = converted_deck_list(deck, target_format)
    report = write_deck_file(decklist, target, fmt=target_format, cards=cards)
    return report, target_format.description


def validate(deck: Deck, game_format: str | None = None) -> DeckValidation:
    """The deck's commander, size, copies and legality checks
    (:func:`analyzer.decks.validate_deck`)."""
    return validate_deck(deck, game_format)


def fix_deck_entry(db: Database, deck: Deck, index: int, card_name: str) -> Deck:
    """The deck with entry ``index`` resolved to the card named ``card_name`` (the user's
    pick among the suggestions, or from a search).

    Raises
    ------
    UnknownCardError
        No card has that name.
    """
    from analyzer.decks import resolve_entry
    from analyzer.errors import UnknownCardError

    card = card_by_name(db, card_name)
    if card is None:
        raise UnknownCardError(deck.path, None, f"no card is named {card_name!r}")
    return resolve_entry(deck, index, card)


def deck_folder_cards(db: Database, folder: Path | str) -> DeckCards:
    """The distinct cards of every deck list under ``folder`` (recursively), resolved in
    the database (:func:`analyzer.decks.folder.folder_cards`).

    Raises
    ------
    InputError
        ``folder`` is not a folder.
    """
    from analyzer.decks.folder import folder_cards
    from analyzer.oracle.coverage import DeckCards

    with db.session() as session:
        files, ids, unknown = folder_cards(folder, repo.DatabaseCardLookup(session))
    return DeckCards(str(folder), files, ids, len(unknown))
