"""MTGO's ``.dek`` deck file (XML), as the Magic Online client saves a deck.

Source: the files MTGO writes, as in ``../shared/data/decks/mtgo_dek/`` (``../shared/data/
README.md`` section 3):

.. code-block:: xml

    <?xml version="1.0" encoding="utf-8"?>
    <Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="...">
      <NetDeckID>0</NetDeckID>
      <PreconstructedDeckID>0</PreconstructedDeckID>
      <Cards CatID="20547" Quantity="1" Sideboard="false" Name="Aether Vial" Annotation="0" />
    </Deck>

One ``<Cards>`` element per card: ``Quantity``, ``Sideboard`` (``true``/``false``), ``Name``
(split cards with MTGO's single slash, ``"Fire/Ice"``); ``CatID`` is MTGO's catalog id of the
printing and is not kept (the name decides the card). A Commander deck's commander is in the
sideboard; :func:`analyzer.decks.resolve.resolve_deck` moves it. Read through defusedxml
(:mod:`analyzer.decks.formats._xml`).

Examples
--------
>>> text = ('<?xml version="1.0"?><Deck><Cards CatID="1" Quantity="4" Sideboard="false" '
...         'Name="Fire/Ice" /><Cards Quantity="1" Sideboard="true" Name="Negate" /></Deck>')
>>> MTGO_DEK.detect(text)
True
>>> [(e.name, e.count, e.section.label) for e in MTGO_DEK.parse(text).deck.entries]
[('Fire/Ice', 4, 'main'), ('Negate', 1, 'sideboard')]
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from analyzer.decks.formats._common import attr, checked_count, checked_name
from analyzer.decks.formats._xml import has_root, read_elements
from analyzer.decks.formats.base import default_deck_name, placed_entries
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import (
    DeckEntry,
    DeckList,
    FormatExtras,
    ParseResult,
    Section,
    sorted_issues,
)
from analyzer.decks.spelling import NameStyle

__all__ = ["MTGO_DEK", "MtgoDekFormat"]

_TRUE = frozenset({"true", "1", "yes"})


class MtgoDekFormat:
    """MTGO ``.dek`` XML."""

    name: ClassVar[str] = "mtgo-dek"
    description: ClassVar[str] = "MTGO .dek (XML)"
    extensions: ClassVar[tuple[str, ...]] = (".dek",)
    holds: ClassVar[Feature] = Feature.SIDEBOARD
    name_style: ClassVar[NameStyle] = NameStyle.MTGO

    def detect(self, text: str) -> bool:
        """True if the text is XML whose root element is ``<Deck>``."""
        return has_root(text, "Deck")

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read the ``<Cards>`` elements; see :meth:`DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        elements, issue, _root = read_elements(text, path, ("Cards",))
        if issue is not None:
            sink.report(issue)
        entries = []
        card_ids: list[tuple[str, str]] = []
        for element in elements:
            a = element.attributes
            shown = f'Quantity="{a.get("Quantity", "")}" Name="{a.get("Name", "")}"'
            count = checked_count(a.get("Quantity"), element.line_no, shown, sink)
            name = checked_name(a.get("Name"), element.line_no, shown, sink)
            if count is None or name is None:
                continue
            side = a.get("Sideboard", "false").strip().lower() in _TRUE
            card_ids.append((name, a.get("CatID", "").strip()))   # one per line: printings
            entries.append(DeckEntry(name, count, Section.SIDEBOARD if side else Section.MAIN,
                                     element.line_no))
        deck = DeckList(tuple(entries), default_deck_name(path), path, self.name,
                        FormatExtras(self.name, card_ids=tuple(card_ids)
                                     if any(cat for _, cat in card_ids) else ()))
        return ParseResult(deck, sorted_issues(sink.issues))

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` as MTGO saves it; a card's ``CatID`` (catalog id) is written
        back when the deck was read from a ``.dek`` naming it (:attr:`DeckList.extras`):
        the n-th line of a name gets the n-th ``CatID`` the file gave that name (two
        printings of a card keep theirs), a line added since gets the name's last one."""
        ids: dict[str, list[str]] = {}
        if deck.extras.format == self.name:
            for name, cat in deck.extras.card_ids:
                ids.setdefault(name, []).append(cat)
        lines = ['<?xml version="1.0" encoding="utf-8"?>',
                 '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
                 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
                 "  <NetDeckID>0</NetDeckID>",
                 "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
        for entry in placed_entries(deck, self.holds):
            known = ids.get(entry.name, [])
            cat = known.pop(0) if len(known) > 1 else (known[0] if known else "")
            cat_id = f"CatID={attr(cat)} " if cat else ""
            lines.append(f"  <Cards {cat_id}Quantity={attr(entry.count)} "
                         f"Sideboard={attr(entry.section is Section.SIDEBOARD)} "
                         f"Name={attr(entry.name)} Annotation=\"0\" />")
        lines.append("</Deck>")
        return "\n".join(lines) + "\n"


MTGO_DEK = MtgoDekFormat()
"""The MTGO ``.dek`` format."""
