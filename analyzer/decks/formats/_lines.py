"""The engine shared by line-per-card text formats (plain text, MTG Arena).

Parsing runs in two passes. The first classifies each line on its own (blank, comment, type
label, section header, card, unreadable). The second walks the lines in order, tracks the
current section and builds the entries. Between the two, the blank-line rule of MTGO's
``.txt`` export is decided on the whole file (see :meth:`LineFormat._blank_line_sideboard`).

Line grammar and its sources:

- ``"4 Name"``, ``"4x Name"``: MTGO ``.txt`` export, deck sites (:mod:`analyzer.decks.grammar`).
- ``"SB: 2 Name"``: sideboard line of MTGO's older text export and of many deck sites.
- A line without a count is one copy when it is clearly a name
  (:func:`~analyzer.decks.grammar.looks_like_name`), an issue otherwise.
- Section headers ``Deck``, ``Main``, ``Sideboard``, ``Commander``, ``Companion``,
  ``Maybeboard`` (any case, an optional colon and card count: ``"Sideboard (15):"``): MTG
  Arena's export, Moxfield and most sites.
- ``// comment`` and ``# comment`` lines are ignored; a comment that is only a section name
  (``//Sideboard``, deckstats.net's export) is a section header.
- Type labels (``Creatures``, ``Lands (24)``) that deck sites print above groups are ignored.
- MTGO ``.txt``: main deck, one blank line, sideboard.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from analyzer.decks.decode import split_lines
from analyzer.decks.formats.base import default_deck_name, placed_entries
from analyzer.decks.grammar import format_card_line, looks_like_name, split_count, split_printing
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import (
    DeckEntry,
    DeckList,
    ParseIssue,
    ParseResult,
    Section,
    Severity,
    sorted_issues,
)
from analyzer.decks.spelling import NameStyle

__all__ = ["ABOUT", "ClassifiedLine", "LineFormat", "LineKind", "header_section"]


class LineKind(enum.Enum):
    """What one line of a text deck list is, judged on its own."""

    BLANK = enum.auto()
    """Empty or white space only."""
    COMMENT = enum.auto()
    """``//`` or ``#`` comment."""
    LABEL = enum.auto()
    """A card-type label printed above a group (``"Creatures (12)"``)."""
    HEADER = enum.auto()
    """A section header (``"Sideboard"``), or Arena's ``About``."""
    CARD = enum.auto()
    """A card line."""
    BAD = enum.auto()
    """A line that could not be read."""


_SECTION_WORDS: dict[str, Section] = {
    "deck": Section.MAIN, "main": Section.MAIN, "maindeck": Section.MAIN,
    "main deck": Section.MAIN, "mainboard": Section.MAIN,
    "sideboard": Section.SIDEBOARD, "side": Section.SIDEBOARD, "sb": Section.SIDEBOARD,
    "commander": Section.COMMANDER, "commanders": Section.COMMANDER,
    "companion": Section.COMPANION, "companions": Section.COMPANION,
    "maybeboard": Section.MAYBEBOARD, "maybe": Section.MAYBEBOARD,
    "considering": Section.MAYBEBOARD,
}
_LABEL_WORDS = frozenset({
    "creature", "creatures", "planeswalker", "planeswalkers", "instant", "instants",
    "sorcery", "sorceries", "artifact", "artifacts", "enchantment", "enchantments",
    "battle", "battles", "land", "lands", "spell", "spells", "other", "others",
})
_WORD_LINE = re.compile(r"^(?P<word>[a-z][a-z ]*?)\s*:?\s*(?:\(\s*\d+\s*\)|\d+)?\s*:?$",
                        re.IGNORECASE)
_COMMENT = re.compile(r"^(?://|#)\s*(?P<text>.*)$")
_SIDEBOARD_PREFIX = re.compile(r"^SB:\s*(?P<rest>.*)$", re.IGNORECASE)
ABOUT = "about"
"""Arena's ``About`` header word: the block under it holds ``Name <deck name>``."""


def header_section(text: str, extra: Iterable[str] = ()) -> Section | str | None:
    """The section a header line opens, ``None`` if the line is no header.

    Words in ``extra`` (such as Arena's ``"about"``) are returned as themselves.

    Examples
    --------
    >>> header_section("Sideboard (15):")
    <Section.SIDEBOARD: 2>
    >>> header_section("about", extra=["about"])
    'about'
    >>> header_section("Lightning Bolt") is None
    True
    """
    match = _WORD_LINE.match(text.strip())
    if match is None:
        return None
    word = " ".join(match["word"].lower().split())
    if word in extra:
        return word
    return _SECTION_WORDS.get(word)


def _is_label(text: str) -> bool:
    match = _WORD_LINE.match(text.strip())
    return match is not None and " ".join(match["word"].lower().split()) in _LABEL_WORDS


@dataclass(frozen=True, slots=True)
class ClassifiedLine:
    """One line of a text deck list, classified on its own (first pass)."""

    no: int
    """1-based line number."""
    text: str
    """The line, stripped."""
    kind: LineKind
    """What the line is."""
    header: Section | str | None = None
    """For a header: the section it opens, or an extra header word (``"about"``)."""
    entry: DeckEntry | None = None
    """For a card line: the entry, in :attr:`Section.MAIN` until the second pass places it."""
    sideboard: bool = False
    """For a card line: it had the ``SB:`` prefix."""
    problem: str = ""
    """For an unreadable line: why."""
    warning: str = ""
    """For a card line read with a guess: which reading was chosen (a warning)."""


class LineFormat:
    """A line-per-card text format; subclasses set the class settings and :meth:`detect`."""

    name: ClassVar[str] = "text"
    """Registry name."""
    description: ClassVar[str] = "Plain text"
    """One line for users."""
    printings: ClassVar[bool] = False
    """Split Arena's ``(SET) number`` suffix off names."""
    extra_headers: ClassVar[tuple[str, ...]] = ()
    """Header words beyond the sections (Arena: ``about``)."""
    always_headers: ClassVar[bool] = False
    """Write every section under a header, even a plain main deck and sideboard."""
    extensions: ClassVar[tuple[str, ...]] = (".txt",)
    """File extensions the format is saved under."""
    holds: ClassVar[Feature] = Feature.SECTIONS
    """What the format holds beyond names and counts: every section, under its header."""
    name_style: ClassVar[NameStyle] = NameStyle.ORACLE
    """How card names are spelled when a deck is written in this format from another."""

    def detect(self, text: str) -> bool:
        """Whether ``text`` is in this format."""
        return True

    # -- parsing ---------------------------------------------------------------------------

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read ``text``; see :meth:`analyzer.decks.formats.base.DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        lines = [self._classify(no, raw) for no, raw in enumerate(split_lines(text), start=1)]
        sideboard_from = self._blank_line_sideboard(lines, sink)
        entries: list[DeckEntry] = []
        name: str | None = None
        section: Section | str = Section.MAIN
        for line in lines:
            if line.kind is LineKind.HEADER and line.header is not None:
                section = line.header
            elif isinstance(section, str):      # inside a block such as Arena's About
                name = self._block_line(section, line, sink) or name
            elif line.kind is LineKind.BAD:
                sink.report(ParseIssue(line.no, line.text, line.problem))
            elif line.entry is not None:
                entries.append(_placed(line, section, sideboard_from))
                if line.warning:
                    sink.report(ParseIssue(line.no, line.text, line.warning,
                                           severity=Severity.WARNING))
        deck = DeckList(tuple(entries), name or default_deck_name(path), path, self.name)
        return ParseResult(deck, sorted_issues(sink.issues))

    def _block_line(self, block: str, line: ClassifiedLine, sink: IssueSink) -> str | None:
        """Read one line under an extra header; return the deck name if the line gives it."""
        return None

    def _classify(self, no: int, raw: str) -> ClassifiedLine:
        text = raw.strip()
        if not text:
            return ClassifiedLine(no, text, LineKind.BLANK)
        comment = _COMMENT.match(text)
        if comment:
            header = header_section(comment["text"])
            if header is not None:
                return ClassifiedLine(no, text, LineKind.HEADER, header=header)
            return ClassifiedLine(no, text, LineKind.COMMENT)
        header = header_section(text, self.extra_headers)
        if header is not None:
            return ClassifiedLine(no, text, LineKind.HEADER, header=header)
        if _is_label(text):
            return ClassifiedLine(no, text, LineKind.LABEL)
        return self._classify_card(no, text)

    def _classify_card(self, no: int, text: str) -> ClassifiedLine:
        body, sideboard = text, False
        prefix = _SIDEBOARD_PREFIX.match(text)
        if prefix:
            body, sideboard = prefix["rest"], True
        try:
            split = split_count(body)
        except ValueError as err:
            return ClassifiedLine(no, text, LineKind.BAD, problem=str(err))
        if split is None:
            if not self._looks_like_card(body):
                return ClassifiedLine(no, text, LineKind.BAD, problem=(
                    "the line is not a card line (write '<count> <card name>')"))
            split = (1, body)
        count, name = split
        entry = self._entry(no, count, name)
        if not entry.name:
            return ClassifiedLine(no, text, LineKind.BAD, problem="the card has no name")
        return ClassifiedLine(no, text, LineKind.CARD, entry=entry, sideboard=sideboard,
                              warning=self._entry_warning(name))

    def _looks_like_card(self, body: str) -> bool:
        """Whether a line without a count is one copy of a card (see ``looks_like_name``)."""
        return looks_like_name(body)

    def _entry_warning(self, rest: str) -> str:
        """The warning for a card line whose text after the count (``rest``) was read with a
        guess; empty (the default) when there was none."""
        return ""

    def _entry(self, no: int, count: int, rest: str) -> DeckEntry:
        """The entry of a card line, from its count and the text after it."""
        set_code = number = None
        if self.printings:
            rest, set_code, number = split_printing(rest)
        return DeckEntry(rest, count, Section.MAIN, no, set_code, number)

    @staticmethod
    def _blank_line_sideboard(lines: Sequence[ClassifiedLine], sink: IssueSink) -> int | None:
        """The line from which MTGO's blank-line rule puts cards in the sideboard, if it applies.

        MTGO's ``.txt`` export is the main deck, one blank line, the sideboard. The rule applies
        only to files with no section header and no ``SB:`` line, whose cards form exactly two
        blocks separated by blank lines, the second not opened by a comment or type label
        (``"// Lands"`` above a group is a group, not a sideboard). With three or more
        unlabelled blocks the split is ambiguous: all cards are main deck, with a warning.
        """
        if any(line.kind is LineKind.HEADER or line.sideboard for line in lines):
            return None
        blocks = _card_blocks(lines)
        if len(blocks) == 2 and not blocks[1][0]:
            return blocks[1][1]
        if len(blocks) > 2 and not any(labelled for labelled, _ in blocks[1:]):
            sink.report(ParseIssue(
                blocks[1][1], "", f"blank lines split the cards into {len(blocks)} groups; all "
                "were read as main deck (put a 'Sideboard' line above the sideboard)",
                severity=Severity.WARNING))
        return None

    # -- writing ---------------------------------------------------------------------------

    def dump(self, deck: DeckList) -> str:
        """Write ``deck``: MTGO style (main, blank line, sideboard) when it has only those
        sections and :attr:`always_headers` is false, else every section under its header.
        Line breaks are ``\\n``."""
        entries = placed_entries(deck, self.holds)
        sections = [s for s in Section if any(e.section is s for e in entries)]
        if not self.always_headers and sections in ([Section.MAIN],
                                                    [Section.MAIN, Section.SIDEBOARD]):
            blocks = [self._dump_entries(entries, s) for s in (Section.MAIN, Section.SIDEBOARD)]
            return "\n\n".join(b for b in blocks if b) + "\n"
        order = [Section.COMMANDER, Section.COMPANION, Section.MAIN, Section.SIDEBOARD,
                 Section.MAYBEBOARD]
        blocks = [f"{self._header(s)}\n{self._dump_entries(entries, s)}" for s in order
                  if s in sections]
        return "\n\n".join(blocks) + "\n"

    def _header(self, section: Section) -> str:
        """The header line written above ``section``."""
        return _HEADER_WORDS[section]

    def _dump_entries(self, entries: Sequence[DeckEntry], section: Section) -> str:
        return "\n".join(self._card_line(e) for e in entries if e.section is section)

    def _card_line(self, entry: DeckEntry) -> str:
        """One entry as a line of this format."""
        printing = (entry.set_code, entry.collector_number) if self.printings else ()
        return format_card_line(entry.count, entry.name, *printing)


_HEADER_WORDS = {Section.MAIN: "Deck", Section.SIDEBOARD: "Sideboard",
                 Section.COMMANDER: "Commander", Section.COMPANION: "Companion",
                 Section.MAYBEBOARD: "Maybeboard"}


def _placed(line: ClassifiedLine, section: Section, sideboard_from: int | None) -> DeckEntry:
    """The line's entry in its final section."""
    assert line.entry is not None
    if line.entry.section is not Section.MAIN:      # a marker on the line itself (*CMDR*)
        section = line.entry.section
    elif line.sideboard or (sideboard_from is not None and line.no >= sideboard_from):
        section = Section.SIDEBOARD
    return replace(line.entry, section=section, line_no=line.no)


def _card_blocks(lines: Sequence[ClassifiedLine]) -> list[tuple[bool, int]]:
    """Blocks of non-blank lines holding a card: (opened by a comment or label, first card line)."""
    blocks: list[tuple[bool, int]] = []
    labelled: bool | None = None
    first_card: int | None = None
    for line in [*lines, ClassifiedLine(0, "", LineKind.BLANK)]:
        if line.kind is LineKind.BLANK:
            if labelled is not None and first_card is not None:
                blocks.append((labelled, first_card))
            labelled, first_card = None, None
            continue
        if labelled is None:
            labelled = line.kind in (LineKind.COMMENT, LineKind.LABEL)
        if line.kind is LineKind.CARD and first_card is None:
            first_card = line.no
    return blocks
