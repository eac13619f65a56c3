"""Format checks written without the report code: HTML references, Markdown tables, PDF
text; and the deck files read straight from disk."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

FIXED_TIME = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

REAL_DECKS = {
    # A 100-card Commander list (plain text) with the most synergy edges of the set.
    "splinter": "text/splinter_radical_rat_ninjas_commander.txt",
    # MTGO .dek XML with a sideboard and an accented name ("Lórien Revealed").
    "pauper_ninjas": "mtgo_dek/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.dek",
    # Forge .dck with prowl rogues, "Name|SET|art" lines and one name on two lines (Island).
    "rogues": "forge_dck/Rogues on the Prowl.dck",
}
"""Three real decks of ../shared/data/decks (see its README), three formats."""

FLAVOR_NAMES = {"Splinter, Vengeful Sensei": "Ink-Eyes, Servant of Oni"}
"""Names deck files use that are a card's flavor name (../shared/data/README.md, section 1:
the one name that resolves only through ``flavorNames``)."""

MARKUP = "<script>alert('x')</script> | pipes | **bold** _it_ `code` [link](http://x.invalid)"
"""A name holding HTML, Markdown and table markup at once."""



def deck_file_counts(path: Path) -> dict[str, Counter[str]]:
    """Copies per card name per section ("main", "sideboard"), read straight from the file
    (independently of analyzer.decks): plain text, MTGO .dek XML or Forge .dck."""
    counts: dict[str, Counter[str]] = {"main": Counter(), "sideboard": Counter()}
    if path.suffix == ".dek":
        for card in ET.parse(path).getroot().iter("Cards"):
            section = "sideboard" if card.get("Sideboard") == "true" else "main"
            counts[section][card.get("Name", "")] += int(card.get("Quantity", "0"))
        return counts
    section = "main"
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.strip()
        if line.lower() in ("[main]", "[sideboard]"):
            section = line.strip("[]").lower()
            continue
        match = re.fullmatch(r"(\d+)x?\s+([^|]+?)(\|.*)?", line)
        if match and not line.startswith(("[", "Name=")):
            name = FLAVOR_NAMES.get(match.group(2), match.group(2))
            counts[section][name] += int(match.group(1))
    return counts


# -- format checkers (no report code) ------------------------------------------------------


class HtmlCollector(HTMLParser):
    """Tags, text, attributes that fetch something and style text of an HTML document."""

    FETCHING = frozenset({"src", "href", "data", "srcset", "poster", "action", "background"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.references: list[str] = []
        self.text: list[str] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._in_style = tag == "style"
        for name, value in attrs:
            if name in self.FETCHING and value is not None:
                self.references.append(value)
            if name == "style" and value:
                self.styles.append(value)

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        (self.styles if self._in_style else self.text).append(data)


def parse_html(html: str) -> HtmlCollector:
    collector = HtmlCollector()
    collector.feed(html)
    collector.close()
    return collector


def external_references(html: str) -> list[str]:
    """Everything in the document that a browser would fetch: src/href/... not pointing
    inside the document, CSS url() not pointing inside it, @import."""
    doc = parse_html(html)
    found = [r for r in doc.references if not r.startswith("#")]
    for css in doc.styles:
        found += [u for u in re.findall(r"url\(\s*['\"]?([^)'\"]*)", css) if not u.startswith("#")]
        found += re.findall(r"@import[^;]*", css)
    # Presentation attributes such as marker-end="url(#arrow)" may only point inside.
    found += [u for u in re.findall(r"url\(\s*['\"]?([^)'\"]*)", html) if not u.startswith("#")]
    return found


def split_row(line: str) -> list[str]:
    """Cells of a GFM table row: split at pipes not escaped by an odd number of backslashes."""
    body = line.strip()
    assert body.startswith("|") and body.endswith("|"), line
    cells, current, backslashes = [], "", 0
    for ch in body[1:-1]:
        if ch == "|" and backslashes % 2 == 0:
            cells.append(current)
            current = ""
        else:
            current += ch
        backslashes = backslashes + 1 if ch == "\\" else 0
    cells.append(current)
    return [c.strip() for c in cells]


def markdown_tables(text: str) -> list[list[list[str]]]:
    """Every block of consecutive lines starting with '|', as rows of cells."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            current.append(split_row(line))
        elif current:
            tables.append(current)
            current = []
    return tables


def pdf_text(data: bytes) -> tuple[int, str, list[str]]:
    """(page count, all text, outline titles) of a PDF, read with pypdf."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    return len(reader.pages), text, outline


def squash(text: str) -> str:
    """Text without whitespace (PDF lines are wrapped; compare content, not breaks)."""
    return re.sub(r"\s+", "", text)
