"""Deck-site text exports with markers: Moxfield, Archidekt and TappedOut.

Sources: the text each site's *Export* gives and its *Import* / bulk edit box reads.

- Moxfield: ``1 Sol Ring (C21) 263 *F* #Ramp #!Staple`` — ``*F*`` foil, ``*E*`` etched
  foil, ``#tag`` tags (``#!tag``, a global tag, read as ``tag``); sections under headers.
- TappedOut: ``1x Sol Ring *CMDR*`` — ``*CMDR*`` marks the commander, ``*F*`` foil.
- Archidekt: ``1x Sol Ring (c21) 263 *F* [Ramp,Artifact] ^Have,#37d67a^`` — categories in
  brackets (with flags such as ``{noDeck}`` or ``{top}``, dropped), tags between carets (a
  tag's colour, ``#37d67a``, dropped). The categories ``Commander``, ``Sideboard``,
  ``Maybeboard`` and ``Companion`` are sections, not categories. A card whose category is
  flagged ``{noDeck}`` (Archidekt: not counted in the deck) is in the maybeboard, its
  category kept (``[Ramp{noDeck}]``).
- A bracket after the name holding a printing, as other lists write one (``1 Name [C20]``,
  ``1 Name [FDN:140]``, ``[C21#263]``): a set code and collector number is the printing,
  never a category. A bracket holding only something shaped like a set code (2 to 6 letters
  and digits, upper case or with a digit: ``C20``, ``FDN``) could be either: it is read as
  the printing's set code and kept among the categories too, and the line gets a warning
  saying so (:attr:`Markers.note`); on a line that already has an ``(SET) number`` printing
  it is a category.

Everything the MTG Arena and plain text formats read is read too (headers, ``SB:``,
comments, ``(SET) number`` printings).

Examples
--------
>>> text = "1x Sol Ring (c21) 263 *F* [Ramp{top}] ^Have,#37d67a^\\n1x Krenko *CMDR*\\n"
>>> ARCHIDEKT.detect(text), MOXFIELD.detect(text)
(True, True)
>>> [(e.name, e.set_code, e.collector_number, e.foil, e.categories, e.tags, e.section.label)
...  for e in ARCHIDEKT.parse(text).deck.entries]
[('Sol Ring', 'c21', '263', True, ('Ramp',), ('Have',), 'main'), ('Krenko', None, None, False, (), (), 'commander')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from analyzer.decks.formats._lines import LineFormat, header_section
from analyzer.decks.grammar import format_card_line, looks_like_name, split_printing
from analyzer.decks.losses import Feature
from analyzer.decks.model import DeckEntry, DeckList, Section

__all__ = ["ARCHIDEKT", "MOXFIELD", "ArchidektFormat", "Markers", "MoxfieldFormat",
           "split_markers"]

_CARET_TAGS = re.compile(r"\s*\^(?P<tags>[^^]*)\^$")
_CATEGORIES = re.compile(r"\s*\[(?P<cats>[^\[\]]*)\]$")
_SET_AND_NUMBER = re.compile(r"^(?P<set>[A-Za-z0-9]{2,6})[:#](?P<num>[^\s\]]+)$")
_SET_SHAPED = re.compile(r"^(?=[A-Za-z0-9]*[A-Za-z])(?:[A-Z0-9]{2,6}|(?=[a-z0-9]*[0-9])"
                         r"[a-z0-9]{2,6})$")
_STAR = re.compile(r"\s*\*(?P<mark>[A-Za-z]{1,6})\*$")
_HASH_TAG = re.compile(r"\s+#(?P<tag>[^\s#]+)$")
_FLAGS = re.compile(r"\{[^}]*\}")
_NO_DECK = re.compile(r"\{\s*nodeck\s*\}", re.IGNORECASE)
_COLOUR = re.compile(r"^#[0-9a-fA-F]{3,8}$")
_FOIL_MARKS = frozenset({"F", "E"})
_COMMANDER_MARKS = frozenset({"CMDR"})
_MARKED_LINE = re.compile(r"^[^\n]*\S\s*(?:\*(?:F|E|CMDR)\*|\s#[^\s#]+)\s*$", re.MULTILINE)
_ARCHIDEKT_LINE = re.compile(r"^\s*\d+x?\s+[^\n]*\S\s*(?:\[[^\[\]\n]*\]|\^[^^\n]*\^)\s*$",
                             re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Markers:
    """What the markers after a card name say."""

    name: str
    """The rest of the line: the name and, possibly, an Arena style printing."""
    foil: bool = False
    """``*F*`` or ``*E*``."""
    section: Section | None = None
    """``*CMDR*`` or a section category (``[Commander]``)."""
    categories: tuple[str, ...] = ()
    """Archidekt categories other than sections."""
    tags: tuple[str, ...] = field(default=())
    """Moxfield ``#tag`` and Archidekt ``^tag^`` tags, in line order."""
    set_code: str | None = None
    """A printing's set code read from a bracket (``[C20]``, ``[FDN:140]``)."""
    collector_number: str | None = None
    """A printing's collector number read from a bracket (``[FDN:140]``)."""
    note: str = ""
    """When a bracket could be a printing or a category: which reading was chosen."""


def split_markers(text: str) -> Markers:
    """Take the markers off the end of a card line's text (after its count).

    Examples
    --------
    >>> split_markers("Sol Ring (C21) 263 *F* #Ramp #Artifacts")
    Markers(name='Sol Ring (C21) 263', foil=True, section=None, categories=(), tags=('Ramp', 'Artifacts'), set_code=None, collector_number=None, note='')
    >>> split_markers("Krenko, Mob Boss [Commander{top}]").section
    <Section.COMMANDER: 3>
    """
    rest = text.strip()
    foil, section, no_deck = False, None, False
    categories: list[str] = []
    tags: list[str] = []
    printed: tuple[str, str | None] | None = None   # (set code, collector number) of a bracket
    while True:
        if m := _CARET_TAGS.search(rest):
            tags[:0] = [t.strip() for t in m["tags"].split(",")
                        if t.strip() and not _COLOUR.match(t.strip())]
        elif (m := _CATEGORIES.search(rest)) and printed is None and (
                found_printing := _bracket_printing(m["cats"])) is not None:
            printed = found_printing
        elif m:
            for raw in m["cats"].split(","):
                category = _FLAGS.sub("", raw).strip()
                found = header_section(category) if category else None
                if isinstance(found, Section):
                    section = section or found
                elif category:
                    categories.append(category)
                    no_deck = no_deck or _NO_DECK.search(raw) is not None
        elif m := _STAR.search(rest):
            mark = m["mark"].upper()
            if mark not in _FOIL_MARKS | _COMMANDER_MARKS:
                break
            foil = foil or mark in _FOIL_MARKS
            section = Section.COMMANDER if mark in _COMMANDER_MARKS else section
        elif m := _HASH_TAG.search(rest):
            tag = m["tag"].lstrip("!")   # "#!tag": Moxfield's global-tag marker
            if tag:
                tags.insert(0, tag)
        else:
            break
        rest = rest[:m.start()].rstrip()
    if no_deck and section in (None, Section.MAIN):
        section = Section.MAYBEBOARD
    if section is Section.MAIN:
        section = None
    set_code = number = None
    note = ""
    if printed is not None:
        code, number_read = printed
        shown = code if number_read is None else f"{code}:{number_read}"
        if split_printing(rest)[1] is not None:   # "(SET) 123" given: the bracket is a category
            categories.append(shown)
        else:
            set_code, number = code, number_read
            if number is None:
                categories.append(code)
                note = (f"[{code}] was read as the set code {code!r} of a printing, not as an "
                        f"Archidekt category (it could be either; it is kept as a category "
                        "too)")
    return Markers(rest, foil, section, tuple(categories), tuple(tags), set_code, number,
                   note)


def _bracket_printing(text: str) -> tuple[str, str | None] | None:
    """``(set code, collector number)`` when a bracket's text is a printing (``FDN:140``,
    ``C21#263``) or shaped like a set code alone (``C20``); ``None`` for categories."""
    text = text.strip()
    if match := _SET_AND_NUMBER.match(text):
        return match["set"], match["num"]
    if _SET_SHAPED.match(text) and header_section(text) is None:
        return text, None
    return None


class _MarkedFormat(LineFormat):
    """The shared reader of marked lines; subclasses write their own markers."""

    printings: ClassVar[bool] = True
    always_headers: ClassVar[bool] = True
    holds: ClassVar[Feature] = (Feature.SECTIONS | Feature.PRINTING | Feature.FOIL
                                | Feature.TAGS)

    def _looks_like_card(self, body: str) -> bool:
        return looks_like_name(split_markers(body).name)

    def _entry_warning(self, rest: str) -> str:
        return split_markers(rest).note

    def _entry(self, no: int, count: int, rest: str) -> DeckEntry:
        marks = split_markers(rest)
        name, set_code, number = split_printing(marks.name)
        if set_code is None:
            set_code, number = marks.set_code, marks.collector_number
        return DeckEntry(name, count, marks.section or Section.MAIN, no, set_code, number,
                         foil=marks.foil, tags=marks.tags, categories=marks.categories)


class MoxfieldFormat(_MarkedFormat):
    """Moxfield / TappedOut text: ``*F*``, ``*CMDR*``, ``#tag``; sections under headers."""

    name: ClassVar[str] = "moxfield"
    description: ClassVar[str] = "Moxfield / TappedOut text (*F*, *CMDR*, #tags)"

    def detect(self, text: str) -> bool:
        """True if a line ends with ``*F*``, ``*E*``, ``*CMDR*`` or a ``#tag``."""
        return _MARKED_LINE.search(text) is not None

    def _card_line(self, entry: DeckEntry) -> str:
        line = format_card_line(entry.count, entry.name, entry.set_code, entry.collector_number)
        if entry.foil:
            line += " *F*"
        return line + "".join(f" #{'_'.join(tag.split())}" for tag in entry.tags)


class ArchidektFormat(_MarkedFormat):
    """Archidekt text: ``1x Name (set) 123 *F* [Category] ^tag^``; sections as categories."""

    name: ClassVar[str] = "archidekt"
    description: ClassVar[str] = "Archidekt text ([Category], ^tags^)"
    always_headers: ClassVar[bool] = False
    holds: ClassVar[Feature] = _MarkedFormat.holds | Feature.CATEGORIES

    def detect(self, text: str) -> bool:
        """True if a card line ends with ``[Category]`` or ``^tag^``."""
        return _ARCHIDEKT_LINE.search(text) is not None

    def dump(self, deck: DeckList) -> str:
        """Write every entry on one list, its section as its first category."""
        return "\n".join(self._card_line(e) for e in deck.entries) + "\n"

    def _card_line(self, entry: DeckEntry) -> str:
        line = format_card_line(entry.count, entry.name, entry.set_code,
                                entry.collector_number).replace(" ", "x ", 1)
        if entry.foil:
            line += " *F*"
        categories = list(entry.categories)
        if entry.section is not Section.MAIN:
            categories.insert(0, entry.section.title)
        if categories:
            line += " [" + ",".join(c.replace(",", " ") for c in categories) + "]"
        if entry.tags:
            line += " ^" + ",".join(t.replace(",", " ").replace("^", " ")
                                    for t in entry.tags) + "^"
        return line


MOXFIELD = MoxfieldFormat()
"""The Moxfield / TappedOut text format."""
ARCHIDEKT = ArchidektFormat()
"""The Archidekt text format."""
