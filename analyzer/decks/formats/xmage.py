"""XMage's ``.dck`` deck file.

Source: XMage's ``DckDeckImporter`` / ``DckDeckExporter`` and the file in
``../shared/data/decks/xmage_dck/`` (``../shared/data/README.md`` section 3):

.. code-block:: text

    NAME:Kalamax Control
    1 [IKO:40] Anticipate
    1 [THB:347*] Mountain
    SB: 1 [C20:9] Kalamax, the Stormsire
    LAYOUT MAIN:(1,9)(CMC,false,44)|([BFZ:235],...)
    LAYOUT SIDEBOARD:(1,1)(CMC,false,45)|([C20:9])

Card lines ``N [SET:collector] Name``; ``SB:`` marks the sideboard (in a Commander deck, the
commander); ``NAME:`` gives the deck's name; ``LAYOUT`` lines are XMage's card arrangement in
its deck editor and are ignored. Collector numbers may end in ``*`` and are kept as written.
Forge's ``.dck`` shares the extension and is told apart by content: XMage's lines carry
``[SET:number]``, Forge's sections are ``[Main]``.

Examples
--------
>>> text = "NAME:Kalamax\\n1 [IKO:40] Anticipate\\nSB: 1 [C20:9] Kalamax, the Stormsire\\n"
>>> XMAGE.detect(text)
True
>>> deck = XMAGE.parse(text).deck
>>> deck.name, [(e.name, e.set_code, e.collector_number, e.section.label) for e in deck.entries]
('Kalamax', [('Anticipate', 'IKO', '40', 'main'), ('Kalamax, the Stormsire', 'C20', '9', 'sideboard')])
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from analyzer.decks.decode import split_lines
from analyzer.decks.formats.base import default_deck_name, placed_entries
from analyzer.decks.grammar import looks_like_name, split_count
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import (
    DeckEntry,
    DeckList,
    FormatExtras,
    ParseIssue,
    ParseResult,
    Section,
    sorted_issues,
)
from analyzer.decks.spelling import NameStyle

__all__ = ["XMAGE", "XmageFormat"]

_PRINTED = re.compile(r"^\[(?P<set>[^\]:]*):(?P<num>[^\]]*)\]\s*(?P<name>.*)$")
_DETECT = re.compile(r"^\s*(?:SB:\s*)?\d+\s+\[[^\]:\s]*:[^\]\s]*\]\s*\S|^\s*LAYOUT\s+(?:MAIN|"
                     r"SIDEBOARD):|^\s*NAME:", re.MULTILINE)
_SB = re.compile(r"^SB:\s*", re.IGNORECASE)


class XmageFormat:
    """XMage ``.dck``."""

    name: ClassVar[str] = "xmage"
    description: ClassVar[str] = "XMage .dck"
    extensions: ClassVar[tuple[str, ...]] = (".dck",)
    holds: ClassVar[Feature] = Feature.SIDEBOARD | Feature.PRINTING
    name_style: ClassVar[NameStyle] = NameStyle.FRONT_FACE

    def detect(self, text: str) -> bool:
        """True if a card line has ``[SET:number]``, or a line starts ``LAYOUT MAIN:``,
        ``LAYOUT SIDEBOARD:`` or ``NAME:``."""
        return _DETECT.search(text) is not None

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read the card lines; see :meth:`DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        entries: list[DeckEntry] = []
        name: str | None = None
        layout: list[str] = []
        for no, raw in enumerate(split_lines(text), start=1):
            line = raw.strip()
            if line.upper().startswith("LAYOUT "):
                layout.append(line)
                continue
            if not line or line.startswith(("#", "//")):
                continue
            if line.upper().startswith("NAME:"):
                name = line[5:].strip() or name
                continue
            entry = _card(no, line, sink)
            if entry is not None:
                entries.append(entry)
        deck = DeckList(tuple(entries), name or default_deck_name(path), path, self.name,
                        FormatExtras(self.name, trailer=tuple(layout)))
        return ParseResult(deck, sorted_issues(sink.issues))

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` as XMage saves it; the ``LAYOUT`` lines of a deck read from an
        XMage file are written back (XMage places the cards they do not name itself)."""
        lines = [f"NAME:{' '.join((deck.name or '').split())}"] if deck.name else []
        for entry in placed_entries(deck, self.holds):
            prefix = "SB: " if entry.section is Section.SIDEBOARD else ""
            printing = ""
            if entry.set_code or entry.collector_number:
                printing = f"[{entry.set_code or ''}:{entry.collector_number or ''}] "
            lines.append(f"{prefix}{entry.count} {printing}{entry.name}")
        if deck.extras.format == self.name:
            lines.extend(deck.extras.trailer)
        return "\n".join(lines) + "\n"


def _card(no: int, line: str, sink: IssueSink) -> DeckEntry | None:
    body = _SB.sub("", line, count=1)
    section = Section.SIDEBOARD if body != line else Section.MAIN
    try:
        split = split_count(body)
    except ValueError as err:
        sink.report(ParseIssue(no, line, str(err)))
        return None
    if split is None:
        if not looks_like_name(body):
            sink.report(ParseIssue(no, line, "the line is not an XMage card line "
                                   "(write '<count> [SET:number] <card name>')"))
            return None
        split = (1, body)
    count, rest = split
    set_code = number = None
    printed = _PRINTED.match(rest)
    if printed:
        set_code, number = printed["set"].strip() or None, printed["num"].strip() or None
        rest = printed["name"].strip()
    if not rest:
        sink.report(ParseIssue(no, line, "the card has no name"))
        return None
    return DeckEntry(rest, count, section, no, set_code, number)


XMAGE = XmageFormat()
"""The XMage ``.dck`` format."""
