"""What every deck format module provides: the :class:`DeckFormat` protocol.

A format is an object with a registry :attr:`~DeckFormat.name`, a content test
(:meth:`~DeckFormat.detect`, used by :func:`analyzer.decks.formats.sniff`), a lenient parser
and a writer. Adding a format is one module with one such object, listed in
:data:`analyzer.decks.formats.FORMATS`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Protocol

from analyzer.decks.losses import Feature, written_section
from analyzer.decks.model import DeckEntry, DeckList, ParseResult
from analyzer.decks.spelling import NameStyle

__all__ = ["DeckFormat", "default_deck_name", "placed_entries"]


class DeckFormat(Protocol):
    """A deck file format: detection, lenient parsing, writing."""

    @property
    def name(self) -> str:
        """Registry name, stored in :attr:`DeckList.format` (``"text"``, ``"arena"``)."""
        ...

    @property
    def description(self) -> str:
        """One line for users (``"MTG Arena export"``)."""
        ...

    @property
    def extensions(self) -> tuple[str, ...]:
        """File extensions this format is saved under, the usual one first (``(".dek",)``).

        Used to choose a format when *writing* a file; reading always sniffs the content."""
        ...

    @property
    def holds(self) -> Feature:
        """What the format can hold beyond names, counts and the main deck
        (:func:`analyzer.decks.losses.conversion_losses` reports the rest)."""
        ...

    @property
    def name_style(self) -> NameStyle:
        """How the format's client spells a card (:mod:`analyzer.decks.spelling`): MTGO's
        ``"Fire/Ice"``, Arena's front face... Used when a deck is written in this format from
        another (:func:`analyzer.decks.save.deck_list_of`)."""
        ...

    def detect(self, text: str) -> bool:
        """Whether ``text`` is in this format, judged by content only (never the file name)."""
        ...

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read ``text`` leniently: every readable entry, plus one issue per unreadable line.

        With ``strict=True`` the first error is raised as a
        :class:`~analyzer.errors.DeckParseError`. A text with no card gives an empty deck
        here; :func:`analyzer.decks.load.parse_deck_text` turns that into an error.
        """
        ...

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` in this format, so that :meth:`parse` reads the same entries back.

        What the format cannot hold (:attr:`holds`) is left out or moved as
        :func:`~analyzer.decks.losses.written_section` says; line breaks are ``\\n``."""
        ...


def default_deck_name(path: Path | None) -> str | None:
    """A deck's name when the file gives none: the file name without its extension.

    Examples
    --------
    >>> default_deck_name(Path("decks/Mono Blue Ninjas.txt"))
    'Mono Blue Ninjas'
    >>> default_deck_name(None) is None
    True
    """
    return path.stem if path is not None else None


def placed_entries(deck: DeckList, holds: Feature) -> list[DeckEntry]:
    """The entries a format holding ``holds`` writes, each in the section it is written to.

    Examples
    --------
    >>> from analyzer.decks.model import Section
    >>> deck = DeckList((DeckEntry("Opt", 4), DeckEntry("Yuriko", 1, Section.COMMANDER),
    ...                  DeckEntry("Ponder", 1, Section.MAYBEBOARD)))
    >>> [(e.name, e.section.label) for e in placed_entries(deck, Feature.SIDEBOARD)]
    [('Opt', 'main'), ('Yuriko', 'sideboard')]
    """
    placed = []
    for entry in deck.entries:
        section = written_section(entry.section, holds)
        if section is not None:
            placed.append(replace(entry, section=section))
    return placed
