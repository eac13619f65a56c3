"""Deck lists as CSV, as Moxfield, Archidekt, Deckbox and similar sites export them.

Sources: the header rows of each site's CSV export:

- Moxfield: ``"Count","Tradelist Count","Name","Edition","Condition","Language","Foil",
  "Tags","Last Modified","Collector Number",...``
- Archidekt: ``Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,
  Edition Name,Edition Code,...,Collector Number,...,Categories``
- Deckbox: ``Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,...``

A column is recognised by its header, any case: the count (``Count``, ``Quantity``,
``Qty``), the name (``Name``, ``Card Name``, ``Card``), the set code (``Edition Code``, ``Set
Code``, ``Set``, else ``Edition``; a value that is not 2 to 6 letters and digits, such as a
full set name, is dropped), the collector number (``Collector Number``, ``Card
Number``, ``Number``), foil (``Foil``, ``Finish``: ``foil``, ``etched``, ``true``, ``yes``,
``1``), ``Tags`` and ``Categories`` (comma separated) and the section (``Board``,
``Section``, ``Zone``). A category that names a section (``Commander``, ``Sideboard``,
``Maybeboard``) is the section. Other columns are ignored. Fields may be quoted and may hold
commas and line breaks (RFC 4180).

Examples
--------
>>> text = 'Count,Name,Edition,Collector Number,Foil\\n1,"Fire // Ice",mh2,290,foil\\n'
>>> CSV_FORMAT.detect(text)
True
>>> [(e.name, e.count, e.set_code, e.collector_number, e.foil)
...  for e in CSV_FORMAT.parse(text).deck.entries]
[('Fire // Ice', 1, 'mh2', '290', True)]
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from analyzer.decks.decode import split_lines
from analyzer.decks.formats._common import checked_count, checked_name
from analyzer.decks.formats._lines import header_section
from analyzer.decks.formats.base import default_deck_name
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import (
    DeckEntry,
    DeckList,
    ParseIssue,
    ParseResult,
    Section,
    sorted_issues,
)
from analyzer.decks.spelling import NameStyle

__all__ = ["COLUMNS", "CSV_FORMAT", "CsvFormat"]

COLUMNS: dict[str, tuple[str, ...]] = {
    "count": ("count", "quantity", "qty", "amount"),
    "name": ("name", "card name", "card", "cardname"),
    "set": ("edition code", "set code", "setcode", "set", "edition"),
    "number": ("collector number", "collector_number", "card number", "number", "cn"),
    "foil": ("foil", "finish", "printing"),
    "tags": ("tags", "tag"),
    "categories": ("categories", "category"),
    "section": ("board", "section", "zone"),
}
"""The header names of each column the reader uses, preferred first."""
_FOIL = frozenset({"foil", "etched", "true", "yes", "1", "y"})
_HEADER = ("Count", "Name", "Edition", "Collector Number", "Foil", "Tags", "Categories", "Board")
_MAX_FIELD = 100_000
_SET_CODE = re.compile(r"[A-Za-z0-9]{2,6}")
"""What a set code looks like; an ``Edition`` column holding a set's full name
(``"Ravnica Allegiance"``) gives no set code."""


class CsvFormat:
    """CSV with a header row (Moxfield, Archidekt, Deckbox exports)."""

    name: ClassVar[str] = "csv"
    description: ClassVar[str] = "CSV (Moxfield, Archidekt, Deckbox exports)"
    extensions: ClassVar[tuple[str, ...]] = (".csv",)
    holds: ClassVar[Feature] = (Feature.SECTIONS | Feature.PRINTING | Feature.FOIL
                                | Feature.TAGS | Feature.CATEGORIES)
    name_style: ClassVar[NameStyle] = NameStyle.ORACLE

    def detect(self, text: str) -> bool:
        """True if the first non-blank line is a CSV header with a count and a name column."""
        first = next((line for line in split_lines(text[:8192])[:5] if line.strip()), "")
        if "," not in first and ";" not in first and "\t" not in first:
            return False
        columns = _columns(_header(first))
        return "count" in columns and "name" in columns

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read one entry per row; see :meth:`DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        entries: list[DeckEntry] = []
        lines = split_lines(text)
        start = next((i for i, line in enumerate(lines) if line.strip()), 0)
        reader = csv.reader(io.StringIO("\n".join(lines[start:])),
                            delimiter=_delimiter(lines[start] if lines else ""))
        try:
            header = next(reader, [])
            columns = _columns(header)
            if "count" not in columns or "name" not in columns:
                sink.report(ParseIssue(start + 1, ",".join(header)[:200], "the CSV header has "
                                       "no count and name columns (such as 'Count,Name')"))
            else:
                for row in reader:
                    entry = _row(row, columns, start + reader.line_num, sink)
                    if entry is not None:
                        entries.append(entry)
        except csv.Error as err:
            sink.report(ParseIssue(start + reader.line_num, "", f"the CSV is malformed ({err})"))
        deck = DeckList(tuple(entries), default_deck_name(path), path, self.name)
        return ParseResult(deck, sorted_issues(sink.issues))

    def dump(self, deck: DeckList) -> str:
        """Write one row per entry under the header ``Count,Name,Edition,Collector Number,
        Foil,Tags,Categories,Board``."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_HEADER)
        for e in deck.entries:
            writer.writerow([e.count, e.name, e.set_code or "", e.collector_number or "",
                             "foil" if e.foil else "", ",".join(e.tags),
                             ",".join(e.categories), e.section.label])
        return out.getvalue()


def _delimiter(line: str) -> str:
    counts = {d: line.count(d) for d in (",", ";", "\t")}
    return max(counts, key=lambda d: counts[d])


def _header(line: str) -> list[str]:
    try:
        return next(csv.reader([line], delimiter=_delimiter(line)), [])
    except csv.Error:
        return []


def _columns(header: Sequence[str]) -> dict[str, int]:
    """Each known column's index in ``header``."""
    names = [" ".join(h.strip().strip('"').lower().split()) for h in header]
    found: dict[str, int] = {}
    for key, wanted in COLUMNS.items():
        for candidate in wanted:
            if candidate in names:
                found[key] = names.index(candidate)
                break
    return found


def _row(row: list[str], columns: dict[str, int], line_no: int,
         sink: IssueSink) -> DeckEntry | None:
    if not any(cell.strip() for cell in row):
        return None

    def cell(key: str) -> str:
        index = columns.get(key)
        return row[index].strip()[:_MAX_FIELD] if index is not None and index < len(row) else ""

    shown = ",".join(row)[:200]
    count = checked_count(cell("count") or "1", line_no, shown, sink)
    name = checked_name(cell("name"), line_no, shown, sink)
    if count is None or name is None:
        return None
    section = _section(cell("section"))
    categories = []
    for category in (c.strip() for c in cell("categories").split(",")):
        found = header_section(category) if category else None
        if isinstance(found, Section):
            section = found if section is Section.MAIN else section
        elif category:
            categories.append(category)
    tags = tuple(t.strip() for t in cell("tags").split(",") if t.strip())
    set_code = cell("set")
    return DeckEntry(name, count, section, line_no,
                     set_code if _SET_CODE.fullmatch(set_code) else None,
                     cell("number") or None, foil=cell("foil").lower() in _FOIL, tags=tags,
                     categories=tuple(categories))


def _section(text: str) -> Section:
    found = header_section(text) if text else None
    return found if isinstance(found, Section) else Section.MAIN


CSV_FORMAT = CsvFormat()
"""The CSV format."""
