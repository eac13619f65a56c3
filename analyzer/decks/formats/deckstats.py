"""deckstats.net's text export.

Source: the text deckstats.net's *Export* gives and its *Import* reads:

.. code-block:: text

    //Main
    1 [C21#263] Sol Ring
    1 Krenko, Mob Boss # !Commander
    //Sideboard
    1 [M19] Negate

Section headers are ``//`` comments (``//Main``, ``//Sideboard``, ``//Maybeboard``); a card
line may put the printing before the name as ``[SET]`` or ``[SET#number]``; a ``# comment``
after the name is ignored, except ``# !Commander``, which marks the commander. Everything the
plain text format reads is read too.

Examples
--------
>>> text = "//Main\\n1 [C21#263] Sol Ring\\n1 Krenko, Mob Boss # !Commander\\n"
>>> DECKSTATS.detect(text)
True
>>> [(e.name, e.set_code, e.collector_number, e.section.label)
...  for e in DECKSTATS.parse(text).deck.entries]
[('Sol Ring', 'C21', '263', 'main'), ('Krenko, Mob Boss', None, None, 'commander')]
"""

from __future__ import annotations

import re
from typing import ClassVar

from analyzer.decks.formats._lines import LineFormat
from analyzer.decks.formats.base import placed_entries
from analyzer.decks.grammar import looks_like_name
from analyzer.decks.losses import Feature
from analyzer.decks.model import DeckEntry, DeckList, Section
from analyzer.decks.spelling import NameStyle

__all__ = ["DECKSTATS", "DeckstatsFormat"]

_PRINTING = re.compile(r"^\[(?P<set>[A-Za-z0-9]{2,6})(?:#(?P<num>[^\]\s]+))?\]\s*(?P<rest>.*)$")
_COMMENT = re.compile(r"\s+#(?P<comment>.*)$")
_COMMANDER = re.compile(r"!\s*commander\b", re.IGNORECASE)
_DETECT = re.compile(r"^\s*\d+x?\s+\[[A-Za-z0-9]{2,6}(?:#[^\]\s]+)?\]\s+\S|\S\s+#\s*!commander\b",
                     re.MULTILINE | re.IGNORECASE)
_HEADERS = {Section.MAIN: "//Main", Section.SIDEBOARD: "//Sideboard",
            Section.MAYBEBOARD: "//Maybeboard", Section.COMPANION: "//Companion"}


class DeckstatsFormat(LineFormat):
    """deckstats.net text: ``[SET#number]`` before names, ``# !Commander``."""

    name: ClassVar[str] = "deckstats"
    description: ClassVar[str] = "deckstats.net text ([SET#number], # !Commander)"
    holds: ClassVar[Feature] = Feature.SECTIONS | Feature.PRINTING
    name_style: ClassVar[NameStyle] = NameStyle.ORACLE

    def detect(self, text: str) -> bool:
        """True if a card line starts ``N [SET]`` or has a ``# !Commander`` comment."""
        return _DETECT.search(text) is not None

    def _split(self, rest: str) -> tuple[str, str | None, str | None, bool]:
        commander = False
        comment = _COMMENT.search(rest)
        if comment:
            commander = _COMMANDER.search(comment["comment"]) is not None
            rest = rest[:comment.start()].rstrip()
        set_code = number = None
        printed = _PRINTING.match(rest)
        if printed:
            set_code, number, rest = printed["set"], printed["num"], printed["rest"].strip()
        return rest, set_code, number, commander

    def _looks_like_card(self, body: str) -> bool:
        return looks_like_name(self._split(body)[0])

    def _entry(self, no: int, count: int, rest: str) -> DeckEntry:
        name, set_code, number, commander = self._split(rest)
        return DeckEntry(name, count, Section.COMMANDER if commander else Section.MAIN, no,
                         set_code, number)

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` with ``//`` headers; the commander in the main deck, marked."""
        entries = placed_entries(deck, self.holds)
        blocks = []
        for section, header in _HEADERS.items():
            wanted = (Section.COMMANDER, Section.MAIN) if section is Section.MAIN else (section,)
            lines = [self._card_line(e) for w in wanted for e in entries if e.section is w]
            if lines:
                blocks.append("\n".join([header, *lines]))
        return "\n".join(blocks) + "\n"

    def _card_line(self, entry: DeckEntry) -> str:
        printing = ""
        if entry.set_code:
            number = f"#{entry.collector_number}" if entry.collector_number else ""
            printing = f"[{entry.set_code}{number}] "
        line = f"{entry.count} {printing}{entry.name}"
        return line + (" # !Commander" if entry.section is Section.COMMANDER else "")


DECKSTATS = DeckstatsFormat()
"""The deckstats.net text format."""
