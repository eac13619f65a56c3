"""MTG Arena's deck export (and import) text.

Source: the text MTG Arena's *Export* button puts on the clipboard and its *Import* button
reads, as in ``../shared/data/decks/text/arena_export_yuriko_excerpt.txt``:

.. code-block:: text

    About
    Name Yuriko Ninjas

    Commander
    1 Yuriko, the Tiger's Shadow (FCA) 60

    Deck
    8 Island (NEO) 296
    1 A-Futurist Operative (NEO) 53

Headers ``About``, ``Commander``, ``Companion``, ``Deck`` and ``Sideboard``; ``Name <deck
name>`` under ``About``; card lines ``<count> <name> (<SET>) <collector number>``. The set
code (Arena-only codes such as ``FCA`` or ``Y22`` included) and collector number are kept on
the entry as written. Alchemy cards keep their ``A-`` prefix: ``A-Futurist Operative`` is the
Alchemy card's own name. Everything the plain text format reads (``4x``, ``SB:``, comments,
MTGO's blank line before a header-less sideboard, as older Arena exports wrote it) is read too.

Examples
--------
>>> text = "About\\nName Ninjas\\n\\nDeck\\n8 Island (NEO) 296\\n\\nSideboard\\n1 Opt (XLN) 65\\n"
>>> ARENA.detect(text)
True
>>> deck = ARENA.parse(text).deck
>>> deck.name, [(e.name, e.set_code, e.collector_number, e.section.label) for e in deck.entries]
('Ninjas', [('Island', 'NEO', '296', 'main'), ('Opt', 'XLN', '65', 'sideboard')])
"""

from __future__ import annotations

import re
from typing import ClassVar

from analyzer.decks.formats._lines import ABOUT, ClassifiedLine, LineFormat, LineKind
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import DeckList, ParseIssue, Severity
from analyzer.decks.spelling import NameStyle

__all__ = ["ARENA", "ArenaFormat"]

_PRINTING_LINE = re.compile(r"^\s*\d+x?\s+\S.*\s\([A-Za-z0-9]{2,6}\)(?:\s+\S+)?\s*$", re.MULTILINE)
_ARENA_HEADER = re.compile(r"^\s*(?:deck|about)\s*$", re.MULTILINE | re.IGNORECASE)
_NAME_LINE = re.compile(r"^name\s+(?P<name>.+)$", re.IGNORECASE)


class ArenaFormat(LineFormat):
    """MTG Arena export: headers, ``About`` / ``Name``, ``(SET) number`` printings."""

    name: ClassVar[str] = "arena"
    description: ClassVar[str] = "MTG Arena export"
    printings: ClassVar[bool] = True
    extra_headers: ClassVar[tuple[str, ...]] = (ABOUT,)
    always_headers: ClassVar[bool] = True
    holds: ClassVar[Feature] = Feature.SECTIONS | Feature.PRINTING
    name_style: ClassVar[NameStyle] = NameStyle.FRONT_FACE

    def detect(self, text: str) -> bool:
        """True if a card line ends with ``(SET) number`` or a line is ``Deck`` or ``About``."""
        return bool(_PRINTING_LINE.search(text) or _ARENA_HEADER.search(text))

    def _block_line(self, block: str, line: ClassifiedLine, sink: IssueSink) -> str | None:
        if line.kind in (LineKind.BLANK, LineKind.COMMENT):
            return None
        match = _NAME_LINE.match(line.text)
        if match:
            return match["name"].strip()
        sink.report(ParseIssue(line.no, line.text, "only 'Name <deck name>' is read under "
                               "'About'; the line was ignored", severity=Severity.WARNING))
        return None

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` as Arena exports it: ``About`` / ``Name`` when it has a name, then
        every section under its header."""
        about = f"About\nName {deck.name}\n\n" if deck.name else ""
        return about + super().dump(deck)


ARENA = ArenaFormat()
"""The MTG Arena format."""
