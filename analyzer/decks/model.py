"""Deck values: what a parser reads (:class:`DeckList`) and what resolution makes of it (:class:`Deck`).

A deck file is read in two steps. A format parser turns text into a :class:`DeckList` of
:class:`DeckEntry` values, names as written, with :class:`ParseIssue` values for the lines it
could not read (:class:`ParseResult`). Name resolution
(:func:`analyzer.decks.resolve.resolve_deck`) then pairs each entry with its
:class:`~analyzer.cards.model.Card`, giving a :class:`Deck`. Unknown names stay in the deck
with ``card=None`` and an issue; nothing the file holds is dropped silently.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from analyzer.cards.model import Card
from analyzer.decks.grammar import format_card_line, parse_card_line
from analyzer.errors import DeckParseError

__all__ = [
    "CardCount",
    "Deck",
    "DeckEntry",
    "DeckGroup",
    "DeckList",
    "FormatExtras",
    "FormatName",
    "ParseIssue",
    "ParseResult",
    "ResolvedEntry",
    "Section",
    "Severity",
    "TypeGroup",
    "sorted_issues",
    "type_group",
]

FormatName: TypeAlias = str
"""The registry name of a deck format (``"text"``, ``"arena"``), see
:data:`analyzer.decks.formats.FORMATS`."""

CardCount: TypeAlias = tuple[Card, int]
"""A card and its number of copies."""


class Section(enum.Enum):
    """Where in a deck list an entry sits."""

    MAIN = enum.auto()
    """The main deck (MTGO's cards above the blank line, Arena's ``Deck``)."""
    SIDEBOARD = enum.auto()
    """The sideboard (MTGO's cards below the blank line, ``SB:`` lines, Arena's ``Sideboard``)."""
    COMMANDER = enum.auto()
    """The commander(s) of a Commander, Duel Commander, Brawl or Oathbreaker deck (CR 903.3)."""
    COMPANION = enum.auto()
    """A companion, outside the game from the start (CR 702.139)."""
    MAYBEBOARD = enum.auto()
    """Cards under consideration, not part of the deck (deck sites' *Maybeboard*)."""

    @property
    def label(self) -> str:
        """The lower-case name used in output and JSON (``"main"``, ``"sideboard"``...).

        Examples
        --------
        >>> Section.MAIN.label, Section.SIDEBOARD.label
        ('main', 'sideboard')
        >>> Section.from_label("commander") is Section.COMMANDER
        True
        >>> str(Section.SIDEBOARD)
        'sideboard'
        """
        return "main" if self is Section.MAIN else self.name.lower()

    @property
    def title(self) -> str:
        """The heading used in display (``"Main deck"``, ``"Sideboard"``, ``"Commander"``...)."""
        return "Main deck" if self is Section.MAIN else self.name.capitalize()

    def __str__(self) -> str:
        return self.label

    @classmethod
    def from_label(cls, label: str) -> Section:
        """The section whose :attr:`label` is ``label`` (any case); ``ValueError`` otherwise."""
        for section in cls:
            if section.label == label.strip().lower():
                return section
        raise ValueError(f"no deck section is called {label!r}")


class Severity(enum.Enum):
    """How much an issue matters."""

    ERROR = enum.auto()
    """Something in the file was not read or not found: a line skipped, a card unknown.
    ``strict=True`` raises on the first one."""
    WARNING = enum.auto()
    """The file was read, with a guess the user should check (an ambiguous name). Never raises."""

    @property
    def label(self) -> str:
        """``"error"`` or ``"warning"``."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a deck list: a number of copies of a name, as the file writes them.

    Examples
    --------
    >>> entry = DeckEntry.from_line("4 Opt (XLN) 65", line_no=3)
    >>> entry.name, entry.count, entry.set_code, entry.collector_number
    ('Opt', 4, 'XLN', '65')
    >>> str(entry)
    '4 Opt (XLN) 65'
    >>> DeckEntry.from_line(str(entry), line_no=3) == entry
    True
    """

    name: str
    """The card name as written (``"Fire/Ice"``, ``"aether vial"``, ``"A-Futurist Operative"``)."""
    count: int
    """Number of copies, 1 to :data:`~analyzer.decks.grammar.MAX_COUNT`."""
    section: Section = Section.MAIN
    """The part of the deck the line belongs to."""
    line_no: int | None = None
    """1-based line number in the file, ``None`` for entries that came from no file line."""
    set_code: str | None = None
    """The printing's set code as written (Arena: ``"NEO"``, Arena-only codes included)."""
    collector_number: str | None = None
    """The printing's collector number as written (``"53"``, ``"123a"``)."""
    art_index: str | None = None
    """Forge's art index, the third field of ``"N Name|SET|art"`` (``"2"``)."""
    foil: bool = False
    """Marked foil (Moxfield / Archidekt / TappedOut ``*F*``, a CSV ``Foil`` column)."""
    tags: tuple[str, ...] = ()
    """User tags as written (Moxfield ``#tag``, Archidekt ``^tag^``, a CSV ``Tags`` column)."""
    categories: tuple[str, ...] = ()
    """Deck-site categories other than the sections (Archidekt ``[Ramp,Draw]``, a CSV
    ``Category`` column); ``[Commander]``, ``[Sideboard]`` and the like are sections instead."""

    @property
    def printing(self) -> tuple[str | None, str | None]:
        """``(set_code, collector_number)`` as written."""
        return self.set_code, self.collector_number

    @classmethod
    def from_line(cls, line: str, *, section: Section = Section.MAIN,
                  line_no: int | None = None) -> DeckEntry:
        """Read ``"4 Name"``, ``"4x Name"`` or ``"4 Name (SET) 123"``; ``ValueError`` otherwise."""
        count, name, set_code, number = parse_card_line(line)
        return cls(name, count, section, line_no, set_code, number)

    def __str__(self) -> str:
        return format_card_line(self.count, self.name, self.set_code, self.collector_number)


@dataclass(frozen=True, slots=True)
class ParseIssue:
    """Something in a deck file that could not be read or resolved as it stands.

    Examples
    --------
    >>> issue = ParseIssue(7, "four Island", "the count 'four' must be written in digits")
    >>> str(issue)
    "line 7: the count 'four' must be written in digits ('four Island')"
    """

    line_no: int | None
    """1-based line number, ``None`` for the whole file."""
    text: str
    """The offending line (or card name) as written."""
    reason: str
    """What is wrong, in one sentence."""
    suggestions: tuple[str, ...] = ()
    """Closest card names, best first (unknown cards), or a hint on how to fix the line."""
    severity: Severity = Severity.ERROR
    """Whether something was lost (error) or only guessed (warning)."""

    def __str__(self) -> str:
        where = f"line {self.line_no}: " if self.line_no is not None else ""
        text = f"{where}{self.reason}"
        if self.text and self.text.strip() not in self.reason:   # not "named 'X' ('X')"
            text += f" ({self.text.strip()!r})"
        if self.suggestions:
            text += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        return text

    def to_error(self, path: Path | str | None,
                 error: type[DeckParseError] = DeckParseError) -> DeckParseError:
        """This issue as the exception ``strict=True`` raises."""
        return error(path, self.line_no, self.reason, line=self.text,
                     suggestions=self.suggestions)


def sorted_issues(issues: Iterable[ParseIssue]) -> tuple[ParseIssue, ...]:
    """Issues in file order: whole-file issues first, then by line; stable otherwise.

    Examples
    --------
    >>> [i.line_no for i in sorted_issues([ParseIssue(5, "", "b"), ParseIssue(None, "", "a"),
    ...                                     ParseIssue(2, "", "c")])]
    [None, 2, 5]
    """
    return tuple(sorted(issues, key=lambda i: (i.line_no is not None, i.line_no or 0)))


@dataclass(frozen=True, slots=True)
class FormatExtras:
    """What a deck file holds beside its entries that only its own format writes back.

    A reader fills what it met; the writer of the same format (:attr:`format`) writes it
    back, so saving a file over itself keeps it; another format drops it, and
    :meth:`describe` names each dropped thing for the loss report
    (:func:`analyzer.decks.save.loss_report`).

    Examples
    --------
    >>> extras = FormatExtras("forge", metadata=(("Description", "Rats"),),
    ...                       trailer=("[shop]", "1 Swamp"))
    >>> extras.describe()
    ('Forge metadata: Description', "the file's other lines: 2 ('[shop]', '1 Swamp')")
    """

    format: FormatName = ""
    """The registry name of the format these came from; empty: nothing to keep."""
    metadata: tuple[tuple[str, str], ...] = ()
    """``(key, value)`` header lines other than the deck's name, in file order (Forge's
    ``[metadata]`` ``Description=``, ``Deck Type=``, ``Icon=``…)."""
    trailer: tuple[str, ...] = ()
    """Lines written back verbatim after the cards (Forge's ``[shop]``/``[duel]``/variant
    sections, XMage's ``LAYOUT`` lines, what follows Magarena's ``>``)."""
    card_ids: tuple[tuple[str, str], ...] = ()
    """``(card name, id)`` pairs, one per ``<Cards>`` line in file order (a name twice
    for two printings; id ``""`` for a line without one): MTGO ``.dek``'s ``CatID``."""
    comments: tuple[tuple[str, str], ...] = ()
    """``(comment line, name of the card line that follows it)`` (Magarena's ``#``
    headings); a comment whose card is gone is written after the cards."""
    newline: str = "\n"
    """The file's line break (``"\\r\\n"`` for MTGO's exports)."""
    bom: bool = False
    """The file began with a UTF-8 byte order mark."""

    def describe(self) -> tuple[str, ...]:
        """One line per kept thing another format cannot write (empty: nothing)."""
        found = []
        if self.metadata:
            keys = ", ".join(dict.fromkeys(key for key, _ in self.metadata))
            found.append(f"{_FORMAT_TITLES.get(self.format, self.format)} metadata: {keys}")
        if any(cat for _, cat in self.card_ids):
            found.append(f"MTGO catalog ids (CatID): "
                         f"{len({name for name, cat in self.card_ids if cat})} cards")
        if self.comments:
            found.append(f"comment lines: {len(self.comments)}")
        if self.trailer:
            shown = ", ".join(repr(line) for line in self.trailer[:2])
            more = " …" if len(self.trailer) > 2 else ""
            found.append(f"the file's other lines: {len(self.trailer)} ({shown}{more})")
        return tuple(found)


_FORMAT_TITLES = {"forge": "Forge", "mtgo-dek": "MTGO", "xmage": "XMage",
                  "magarena": "Magarena", "cockatrice": "Cockatrice"}


@dataclass(frozen=True, slots=True)
class DeckList:
    """A parsed, unresolved deck list: entries with names as written."""

    entries: tuple[DeckEntry, ...]
    """The card lines in file order."""
    name: str | None = None
    """The deck's name: the file's own (Arena ``About`` / ``Name``), else the file name
    without its extension, else ``None``."""
    path: Path | None = None
    """The file it was read from, ``None`` for text from elsewhere."""
    format: FormatName = "text"
    """The format it was parsed as."""
    extras: FormatExtras = FormatExtras()
    """What the file holds beside its entries, for its own format's writer."""

    def total(self, section: Section = Section.MAIN) -> int:
        """Number of cards (copies) in ``section``.

        Examples
        --------
        >>> deck = DeckList((DeckEntry("Island", 4), DeckEntry("Opt", 2, Section.SIDEBOARD)))
        >>> deck.total(), deck.total(Section.SIDEBOARD)
        (4, 2)
        """
        return sum(e.count for e in self.entries if e.section is section)


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What a lenient parser returns: the deck list and the issues met on the way."""

    deck: DeckList
    """The entries that could be read."""
    issues: tuple[ParseIssue, ...] = ()
    """The lines that could not be read (or were read with a guess), in file order."""

    @property
    def ok(self) -> bool:
        """True when there is no issue of :attr:`Severity.ERROR`."""
        return not any(i.severity is Severity.ERROR for i in self.issues)


@dataclass(frozen=True, slots=True)
class ResolvedEntry:
    """A deck entry and the card its name was resolved to."""

    entry: DeckEntry
    """The line as parsed."""
    card: Card | None
    """The card the name stands for, ``None`` when no card has that name."""
    note: str = ""
    """How the name was matched when it is not the card's Oracle name (flavor name, one face,
    Alchemy fallback, commander taken from the sideboard); empty otherwise."""

    @property
    def name(self) -> str:
        """The name as written."""
        return self.entry.name

    @property
    def count(self) -> int:
        """Number of copies."""
        return self.entry.count

    @property
    def section(self) -> Section:
        """The section the entry belongs to."""
        return self.entry.section

    @property
    def resolved(self) -> bool:
        """Whether a card was found."""
        return self.card is not None


class TypeGroup(enum.Enum):
    """Display groups of a deck list, in display order (see :func:`type_group`)."""

    CREATURE = "Creature"
    """Creatures, artifact and land creatures included."""
    PLANESWALKER = "Planeswalker"
    """Planeswalkers."""
    INSTANT = "Instant"
    """Instants (kindred instants included)."""
    SORCERY = "Sorcery"
    """Sorceries."""
    ARTIFACT = "Artifact"
    """Non-creature artifacts, artifact lands included."""
    ENCHANTMENT = "Enchantment"
    """Non-creature enchantments, enchantment lands (Urza's Saga) included."""
    BATTLE = "Battle"
    """Battles."""
    LAND = "Land"
    """Lands that are no other type above."""
    OTHER = "Other"
    """Cards of none of those types (conspiracies, dungeons...)."""
    UNKNOWN = "Unknown"
    """Names not found in the card database."""

    @property
    def title(self) -> str:
        """The heading of the group in a deck list (``"Creatures"``, ``"Not found"``)."""
        return _GROUP_TITLES[self]


_GROUP_TITLES = {
    TypeGroup.CREATURE: "Creatures", TypeGroup.PLANESWALKER: "Planeswalkers",
    TypeGroup.INSTANT: "Instants", TypeGroup.SORCERY: "Sorceries",
    TypeGroup.ARTIFACT: "Artifacts", TypeGroup.ENCHANTMENT: "Enchantments",
    TypeGroup.BATTLE: "Battles", TypeGroup.LAND: "Lands", TypeGroup.OTHER: "Other",
    TypeGroup.UNKNOWN: "Not found",
}


_GROUP_ORDER = tuple(g for g in TypeGroup if g not in (TypeGroup.OTHER, TypeGroup.UNKNOWN))


def type_group(card: Card | None) -> TypeGroup:
    """The display group of a card: its front face's first type in :class:`TypeGroup` order.

    Lands come last among real types, so an artifact land shows with artifacts and a land
    creature (Dryad Arbor) with creatures. A double-faced card goes by its front face.

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> type_group(Card("1", "Dryad Arbor", faces=(Face("Dryad Arbor", types=("Land", "Creature")),)))
    <TypeGroup.CREATURE: 'Creature'>
    >>> type_group(None)
    <TypeGroup.UNKNOWN: 'Unknown'>
    """
    if card is None:
        return TypeGroup.UNKNOWN
    for group in _GROUP_ORDER:
        if group.value in card.types:
            return group
    return TypeGroup.OTHER


@dataclass(frozen=True, slots=True)
class DeckGroup:
    """A heading of a displayed deck list and the entries under it (see :meth:`Deck.groups`)."""

    title: str
    """``"Commander"``, ``"Creatures"``, ``"Sideboard"``..."""
    entries: tuple[ResolvedEntry, ...]
    """The entries under the heading, in file order."""
    section: Section = Section.MAIN
    """The section the entries belong to."""
    type_group: TypeGroup | None = None
    """For main deck groups, the card type group; ``None`` for a whole section."""

    @property
    def count(self) -> int:
        """Copies in the group."""
        return sum(e.count for e in self.entries)

    @property
    def label(self) -> str:
        """``"Creatures (24)"``."""
        return f"{self.title} ({self.count})"


@dataclass(frozen=True, slots=True)
class Deck:
    """A resolved deck: every entry with its card (or ``None``), and every issue met."""

    entries: tuple[ResolvedEntry, ...]
    """All entries in file order, unknown names included."""
    issues: tuple[ParseIssue, ...] = ()
    """Parse and resolution issues, ordered by line."""
    name: str | None = None
    """See :attr:`DeckList.name`."""
    path: Path | None = None
    """The file it was read from."""
    format: FormatName = "text"
    """The format it was parsed as."""
    extras: FormatExtras = FormatExtras()
    """See :attr:`DeckList.extras`."""

    def section(self, section: Section) -> tuple[ResolvedEntry, ...]:
        """The entries of one section, in file order."""
        return tuple(e for e in self.entries if e.section is section)

    def cards(self, *sections: Section) -> list[CardCount]:
        """``(card, count)`` pairs of the given sections (default: main deck), one per card.

        Copies of one card on several lines are added up; unknown names are left out (see
        :attr:`unresolved`). Cards come in order of first appearance, sections in the order
        given.
        """
        counts: dict[Card, int] = {}
        for wanted in sections or (Section.MAIN,):
            for entry in self.section(wanted):
                if entry.card is not None:
                    counts[entry.card] = counts.get(entry.card, 0) + entry.count
        return list(counts.items())

    def main_and_commander(self) -> list[CardCount]:
        """The cards a game starts with: commander(s) first, then the main deck.

        This is what analysis (synergy graph, combos, goldfish) reads; sideboard, companion
        and maybeboard are left out.
        """
        return self.cards(Section.COMMANDER, Section.MAIN)

    def total(self, section: Section = Section.MAIN) -> int:
        """Number of copies in ``section``, unknown names included."""
        return sum(e.count for e in self.section(section))

    def totals(self, *, include_empty: bool = False) -> dict[Section, int]:
        """Number of copies per section, in :class:`Section` order.

        The main deck is always there; other sections only when they hold cards, unless
        ``include_empty``.
        """
        return {s: n for s in Section
                if (n := self.total(s)) or include_empty or s is Section.MAIN}

    @property
    def unresolved(self) -> tuple[ResolvedEntry, ...]:
        """Entries whose name matched no card."""
        return tuple(e for e in self.entries if e.card is None)

    def grouped(self, section: Section = Section.MAIN) -> dict[TypeGroup, tuple[ResolvedEntry, ...]]:
        """The entries of ``section`` by display group (:func:`type_group`), non-empty groups
        only, in :class:`TypeGroup` order; file order within a group."""
        groups: dict[TypeGroup, list[ResolvedEntry]] = {}
        for entry in self.section(section):
            groups.setdefault(type_group(entry.card), []).append(entry)
        return {g: tuple(groups[g]) for g in TypeGroup if g in groups}

    def groups(self) -> list[DeckGroup]:
        """The deck as it is displayed: commander(s), the main deck by card type
        (:meth:`grouped`), then companion, sideboard and maybeboard; empty groups left out.

        Examples
        --------
        >>> deck = Deck((ResolvedEntry(DeckEntry("Opt", 4), None),
        ...              ResolvedEntry(DeckEntry("Negate", 2, Section.SIDEBOARD), None)))
        >>> [g.label for g in deck.groups()]
        ['Not found (4)', 'Sideboard (2)']
        """
        result = [DeckGroup(s.title, self.section(s), s) for s in (Section.COMMANDER,)
                  if self.section(s)]
        result += [DeckGroup(g.title, entries, Section.MAIN, g)
                   for g, entries in self.grouped(Section.MAIN).items()]
        result += [DeckGroup(s.title, self.section(s), s)
                   for s in (Section.COMPANION, Section.SIDEBOARD, Section.MAYBEBOARD)
                   if self.section(s)]
        return result
