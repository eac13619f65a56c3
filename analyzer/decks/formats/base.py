"""What every deck format module provides: the :class:`DeckFormat` protocol.

A format is an object with a registry :attr:`~DeckFormat.name`, a content test
(:meth:`~DeckFormat.detect`, used by :func:`analyzer.decks.formats.sniff`), a lenient parser
and a writer. Adding a format is one module with one such object, listed in
:data:`analyzer.decks.formats.FORMATS`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from analyzer.decks.model import DeckList, ParseResult

__all__ = ["DeckFormat", "default_deck_name"]


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
        """Write ``deck`` in this format, so that :meth:`parse` reads the same entries back."""
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
