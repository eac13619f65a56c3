"""Cockatrice's ``.cod`` deck file (XML).

Source: the files Cockatrice saves, as in ``../shared/data/decks/cockatrice_cod/``
(``../shared/data/README.md`` section 3), and Cockatrice's ``DeckList::saveToStream_Plain``
counterpart ``saveToStream``:

.. code-block:: xml

    <?xml version="1.0" encoding="UTF-8"?>
    <cockatrice_deck version="1">
        <deckname>EDH - Doran</deckname>
        <comments></comments>
        <zone name="main">
            <card number="1" price="0" name="Tree of Redemption"/>
        </zone>
        <zone name="side">
            <card number="1" price="0" name="Doran, the Siege Tower"/>
        </zone>
    </cockatrice_deck>

Zones ``main`` and ``side``; ``tokens`` (tokens the deck makes, not cards of the deck) is
skipped with a warning. Other zones, as deck sites and hand edits write them: a zone named
like a deck section (``Commander`` in any case, ``Companion``, ``Maybeboard``) is that
section; any other zone is kept as the maybeboard, with a warning naming it, so no card of
the file is lost. Cockatrice 2.9 and later also write ``setShortName`` and
``collectorNumber`` on a card; both are kept. An EDH deck's commander is the ``side`` zone
(:func:`analyzer.decks.resolve.resolve_deck` moves it when the deck has 99 other cards).

Examples
--------
>>> text = ('<cockatrice_deck version="1"><deckname>Rats</deckname><zone name="main">'
...         '<card number="12" name="Relentless Rats"/></zone></cockatrice_deck>')
>>> deck = COCKATRICE.parse(text).deck
>>> deck.name, [(e.name, e.count) for e in deck.entries]
('Rats', [('Relentless Rats', 12)])
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar
from xml.etree.ElementTree import Element

from analyzer.decks.formats._common import attr, checked_count, checked_name
from analyzer.decks.formats._lines import header_section
from analyzer.decks.formats._xml import XmlElement, has_root, read_elements
from analyzer.decks.formats.base import default_deck_name, placed_entries
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

__all__ = ["COCKATRICE", "CockatriceFormat"]

_ZONES = {"main": Section.MAIN, "side": Section.SIDEBOARD}
_TOKENS = "tokens"


def _zone_section(zone: str) -> Section | None:
    """The section of a zone's cards (``zone`` stripped, lower case); ``None`` for
    ``tokens``. See the module docstring."""
    if zone == _TOKENS:
        return None
    found = _ZONES.get(zone) or header_section(zone)
    return found if isinstance(found, Section) else Section.MAYBEBOARD


def _zone_issue(element: XmlElement) -> ParseIssue | None:
    """The warning for a ``<zone>`` that is neither a deck section nor ``main``/``side``."""
    shown = element.attributes.get("name", "").strip()
    zone = shown.lower()
    if zone == _TOKENS:
        return ParseIssue(element.line_no, f'<zone name="{shown}">',
                          f"the zone {shown!r} holds no deck cards (Cockatrice keeps tokens "
                          "there); it was skipped", severity=Severity.WARNING)
    if zone in _ZONES or isinstance(header_section(zone), Section):
        return None
    return ParseIssue(element.line_no, f'<zone name="{shown}">',
                      f"the zone {shown!r} is not a Cockatrice deck zone (main, side); its "
                      "cards were kept in the maybeboard", severity=Severity.WARNING)


class CockatriceFormat:
    """Cockatrice ``.cod`` XML."""

    name: ClassVar[str] = "cockatrice"
    description: ClassVar[str] = "Cockatrice .cod (XML)"
    extensions: ClassVar[tuple[str, ...]] = (".cod",)
    holds: ClassVar[Feature] = Feature.SIDEBOARD | Feature.PRINTING
    name_style: ClassVar[NameStyle] = NameStyle.FRONT_FACE

    def detect(self, text: str) -> bool:
        """True if the text is XML whose root element is ``<cockatrice_deck>``."""
        return has_root(text, "cockatrice_deck")

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read the ``<card>`` elements of each ``<zone>``; see :meth:`DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        elements, issue, root = read_elements(text, path, ("zone", "card", "deckname"))
        if issue is not None:
            sink.report(issue)
        zones = _zone_of_cards(root) if root is not None else None
        entries: list[DeckEntry] = []
        name: str | None = None
        zone: str = "main"
        cards = 0
        for element in elements:
            if element.tag == "deckname":
                name = element.text or name
            elif element.tag == "zone":
                zone = element.attributes.get("name", "").strip().lower()
                if (zone_issue := _zone_issue(element)) is not None:
                    sink.report(zone_issue)
            else:
                where = zones[cards] if zones is not None else zone
                cards += 1
                entry = self._entry(element, where, sink)
                if entry is not None:
                    entries.append(entry)
        deck = DeckList(tuple(entries), name or default_deck_name(path), path, self.name)
        return ParseResult(deck, sorted_issues(sink.issues))

    @staticmethod
    def _entry(element: XmlElement, zone: str, sink: IssueSink) -> DeckEntry | None:
        section = _zone_section(zone)
        if section is None:
            return None
        a = element.attributes
        shown = f'number="{a.get("number", "")}" name="{a.get("name", "")}"'
        count = checked_count(a.get("number"), element.line_no, shown, sink)
        name = checked_name(a.get("name"), element.line_no, shown, sink)
        if count is None or name is None:
            return None
        return DeckEntry(name, count, section, element.line_no,
                         a.get("setShortName") or None, a.get("collectorNumber") or None)

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` as Cockatrice saves it, printings as ``setShortName`` /
        ``collectorNumber``."""
        entries = placed_entries(deck, self.holds)
        lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
                 f"    <deckname>{_text(deck.name or '')}</deckname>",
                 "    <comments></comments>"]
        for zone, section in _ZONES.items():
            cards = [e for e in entries if e.section is section]
            if not cards:
                continue
            lines.append(f"    <zone name={attr(zone)}>")
            for entry in cards:
                printing = ""
                if entry.set_code:
                    printing += f" setShortName={attr(entry.set_code)}"
                if entry.collector_number:
                    printing += f" collectorNumber={attr(entry.collector_number)}"
                lines.append(f"        <card number={attr(entry.count)} price=\"0\" "
                             f"name={attr(entry.name)}{printing}/>")
            lines.append("    </zone>")
        lines.append("</cockatrice_deck>")
        return "\n".join(lines) + "\n"


def _zone_of_cards(root: Element) -> list[str]:
    """The zone name of every ``<card>`` in document order (from the parsed tree)."""
    zones: list[str] = []
    stack: list[tuple[Element, str]] = [(root, "main")]
    while stack:
        element, zone = stack.pop()
        if element.tag == "zone":
            zone = element.get("name", "").strip().lower()
        elif element.tag == "card":
            zones.append(zone)
        stack.extend((child, zone) for child in reversed(list(element)))
    return zones


def _text(value: str) -> str:
    return attr(value)[1:-1]


COCKATRICE = CockatriceFormat()
"""The Cockatrice ``.cod`` format."""
