"""Magarena's ``.dec`` deck file.

Source: the prebuilt decks Magarena ships (``release/Magarena/decks/prebuilt/``), as in
``../shared/data/decks/magarena_dec/`` (``../shared/data/README.md`` section 3):

.. code-block:: text

    # 7 creatures
    4 Drainpipe Vermin
    12 Relentless Rats

    # 2 lands
    20 Swamp

    >

``# comment`` lines (Magarena writes card-type headings there), ``N Name`` card lines, and a
final line ``>``: whatever follows it is the deck's description, not cards (some files
lack it). Magarena decks have no sideboard. Told apart from plain text by the ``>`` line or
Magarena's ``# 7 creatures`` headings.

Examples
--------
>>> text = "# 1 creatures\\n12 Relentless Rats\\n\\n# 1 lands\\n20 Swamp\\n\\n>\\nA rat deck\\n"
>>> MAGARENA.detect(text)
True
>>> [(e.name, e.count) for e in MAGARENA.parse(text).deck.entries]
[('Relentless Rats', 12), ('Swamp', 20)]
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from analyzer.decks.decode import split_lines
from analyzer.decks.formats.base import default_deck_name, placed_entries
from analyzer.decks.grammar import format_card_line, looks_like_name, split_count
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import (
    DeckEntry,
    DeckList,
    FormatExtras,
    ParseIssue,
    ParseResult,
    sorted_issues,
)
from analyzer.decks.spelling import NameStyle

__all__ = ["MAGARENA", "MagarenaFormat"]

_END = re.compile(r"^\s*>", re.MULTILINE)
_CARD = re.compile(r"^\s*\d+\s+\S", re.MULTILINE)
_HEADING = re.compile(r"^\s*#\s*\d+\s+(?:creature|land|spell|artifact|enchantment|instant|"
                      r"sorcer(?:y|ie)|planeswalker|other)s?\s*$", re.MULTILINE | re.IGNORECASE)


class MagarenaFormat:
    """Magarena ``.dec``."""

    name: ClassVar[str] = "magarena"
    description: ClassVar[str] = "Magarena .dec"
    extensions: ClassVar[tuple[str, ...]] = (".dec",)
    holds: ClassVar[Feature] = Feature.NONE
    name_style: ClassVar[NameStyle] = NameStyle.FRONT_FACE

    def detect(self, text: str) -> bool:
        """True if a line starts with ``>`` after at least one ``N Name`` card line, or a
        comment is one of Magarena's headings (``# 7 creatures``)."""
        end = _END.search(text)
        if end is not None and _CARD.search(text, 0, end.start()) is not None:
            return True
        return _HEADING.search(text) is not None

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read the card lines up to ``>``; see :meth:`DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        entries: list[DeckEntry] = []
        lines = split_lines(text)
        comments: list[tuple[str, str]] = []
        waiting: list[str] = []
        trailer: list[str] = []
        for no, raw in enumerate(lines, start=1):
            line = raw.strip()
            if line.startswith(">"):
                trailer = [raw.rstrip() for raw in lines[no - 1:]]
                break
            if line.startswith(("#", "//")):
                waiting.append(line)
                continue
            if not line:
                continue
            try:
                split = split_count(line)
            except ValueError as err:
                sink.report(ParseIssue(no, line, str(err)))
                continue
            if split is None:
                if not looks_like_name(line):
                    sink.report(ParseIssue(no, line, "the line is not a card line (write "
                                           "'<count> <card name>')"))
                    continue
                split = (1, line)
            entries.append(DeckEntry(split[1], split[0], line_no=no))
            comments.extend((comment, split[1]) for comment in waiting)
            waiting = []
        comments.extend((comment, "") for comment in waiting)
        while trailer and not trailer[-1]:
            trailer.pop()
        extras = FormatExtras(self.name, trailer=tuple(trailer), comments=tuple(comments))
        deck = DeckList(tuple(entries), default_deck_name(path), path, self.name, extras)
        return ParseResult(deck, sorted_issues(sink.issues))

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` as Magarena saves it: main deck cards, then ``>``.

        A deck read from a Magarena file keeps its ``#`` comment lines (each before the
        card it preceded; those whose card is gone after the cards) and the
        description after ``>`` (:attr:`DeckList.extras`)."""
        own = deck.extras.format == self.name
        comments: dict[str, list[str]] = {}
        if own:
            for comment, before in deck.extras.comments:
                comments.setdefault(before, []).append(comment)
        lines: list[str] = []
        pending: list[str] = []
        for entry in placed_entries(deck, self.holds):
            pending.extend(comments.pop(entry.name, ()))
            if pending and lines:
                lines.append("")
            lines.extend(pending)
            pending = []
            lines.append(format_card_line(entry.count, entry.name))
        for rest in comments.values():    # cards gone: their comments go last
            lines.extend(rest)
        trailer = list(deck.extras.trailer) if own and deck.extras.trailer else [">"]
        return "\n".join([*lines, "", *trailer]) + "\n"


MAGARENA = MagarenaFormat()
"""The Magarena ``.dec`` format."""
