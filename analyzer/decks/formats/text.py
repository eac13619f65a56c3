"""Plain text deck lists, as MTGO's ``.txt`` export and most deck sites write them.

Grammar (the rules and their sources are listed in :mod:`analyzer.decks.formats._lines`):
``"4 Name"`` / ``"4x Name"`` lines, ``"SB: 2 Name"`` sideboard lines, section headers
(``Deck``, ``Main``, ``Sideboard``, ``Commander``, ``Companion``, ``Maybeboard``, any case,
optional colon), ``//`` and ``#`` comments, and MTGO's main deck / blank line / sideboard.
A line without a count is one copy when it is clearly a card name
(:func:`analyzer.decks.grammar.looks_like_name`): ``"Lightning Bolt"`` is, ``"=== Deck ==="``
and ``"four Island"`` are not.

Examples
--------
>>> result = PLAIN_TEXT.parse("4 Ponder\\r\\n4x Brainstorm\\r\\n\\r\\n2 Annul\\r\\n")
>>> [(e.name, e.count, e.section.label) for e in result.deck.entries]
[('Ponder', 4, 'main'), ('Brainstorm', 4, 'main'), ('Annul', 2, 'sideboard')]
>>> result.issues
()
"""

from __future__ import annotations

from typing import ClassVar

from analyzer.decks.formats._lines import LineFormat

__all__ = ["PLAIN_TEXT", "PlainTextFormat"]


class PlainTextFormat(LineFormat):
    """Plain text: the fallback format, detected for any text."""

    name: ClassVar[str] = "text"
    description: ClassVar[str] = "Plain text (MTGO .txt export, deck sites)"

    def detect(self, text: str) -> bool:
        """Always true: any text is read as a plain list (the registry tries it last)."""
        return True


PLAIN_TEXT = PlainTextFormat()
"""The plain text format."""
