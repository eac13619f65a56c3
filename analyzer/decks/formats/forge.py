"""Forge's ``.dck`` deck file (INI-like).

Source: Forge's ``DeckSerializer`` / ``DeckRecognizer`` and the files Forge ships, as in
``../shared/data/decks/forge_dck/`` (``../shared/data/README.md`` section 3):

.. code-block:: ini

    [metadata]
    Name=Rogues on the Prowl
    [Main]
    1 Auntie's Snitch|MOR
    2 Island|LRW|2
    [Sideboard]
    1 Negate|RIX

``[metadata]`` holds ``Name=`` (the deck's name), ``Description=``, ``Deck Type=``, ``Set=``…
Card sections ``[Main]``, ``[Sideboard]``, ``[Commander]`` (any case). Card lines are
``N Name``, ``N Name|SET`` or ``N Name|SET|art`` (art index), the name ending in ``+`` for a
foil card (Forge's ``CardRequest``); a collector number may follow as ``|[123]``. Quest and
conquest decks add ``[shop]`` and ``[duel]`` sections, and Forge has variant sections
(``[Avatar]``, ``[Planes]``, ``[Schemes]``, ``[Conspiracy]``): their lines are skipped with
one warning per section. XMage's ``.dck`` shares the extension; it is told apart by content
(:mod:`analyzer.decks.formats.xmage`).

Examples
--------
>>> text = "[metadata]\\nName=Rats\\n[Main]\\n12 Relentless Rats|M11|2\\n[sideboard]\\n1 Duress+|M19\\n"
>>> FORGE.detect(text)
True
>>> result = FORGE.parse(text)
>>> result.deck.name
'Rats'
>>> [(e.name, e.count, e.set_code, e.art_index, e.foil, e.section.label)
...  for e in result.deck.entries]
[('Relentless Rats', 12, 'M11', '2', False, 'main'), ('Duress', 1, 'M19', None, True, 'sideboard')]
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from analyzer.decks.decode import split_lines
from analyzer.decks.formats.base import default_deck_name, placed_entries
from analyzer.decks.grammar import split_count
from analyzer.decks.issues import IssueSink
from analyzer.decks.losses import Feature
from analyzer.decks.model import (
    DeckEntry,
    DeckList,
    FormatExtras,
    ParseIssue,
    ParseResult,
    Section,
    Severity,
    sorted_issues,
)
from analyzer.decks.spelling import NameStyle

__all__ = ["FORGE", "ForgeFormat"]

_SECTION_LINE = re.compile(r"^\[(?P<name>[^\]]+)\]\s*$")
_CARD_SECTIONS = {"main": Section.MAIN, "sideboard": Section.SIDEBOARD,
                  "commander": Section.COMMANDER}
_DETECT = re.compile(r"^\s*\[(?:metadata|main|sideboard|commander)\]\s*$",
                     re.IGNORECASE | re.MULTILINE)
_TITLES = {Section.MAIN: "Main", Section.SIDEBOARD: "Sideboard",
           Section.COMMANDER: "Commander"}
_METADATA = "metadata"


class ForgeFormat:
    """Forge ``.dck``."""

    name: ClassVar[str] = "forge"
    description: ClassVar[str] = "Forge .dck"
    extensions: ClassVar[tuple[str, ...]] = (".dck",)
    holds: ClassVar[Feature] = (Feature.SIDEBOARD | Feature.COMMANDER | Feature.PRINTING
                                | Feature.ART_INDEX | Feature.FOIL)
    name_style: ClassVar[NameStyle] = NameStyle.FRONT_FACE

    def detect(self, text: str) -> bool:
        """True if a line is ``[metadata]``, ``[Main]``, ``[Sideboard]`` or ``[Commander]``."""
        return _DETECT.search(text) is not None

    def parse(self, text: str, *, path: Path | None = None, strict: bool = False) -> ParseResult:
        """Read the card sections; see :meth:`DeckFormat.parse`."""
        sink = IssueSink(path, strict=strict)
        entries: list[DeckEntry] = []
        name: str | None = None
        metadata: list[tuple[str, str]] = []
        trailer: list[str] = []
        section: str = "main"
        for no, raw in enumerate(split_lines(text), start=1):
            line = raw.strip()
            header = _SECTION_LINE.match(line)
            if header:
                section = header["name"].strip().lower()
                if section != _METADATA and section not in _CARD_SECTIONS:
                    trailer.append(line)
                    sink.report(ParseIssue(no, line, f"Forge's [{header['name']}] section "
                                           "holds no deck cards Spellweb reads; its lines "
                                           "were skipped (and are written back on save)",
                                           severity=Severity.WARNING))
            elif section != _METADATA and section not in _CARD_SECTIONS:
                if line:
                    trailer.append(line)
            elif not line or line.startswith(("#", "//")):
                continue
            elif section == _METADATA:
                key, _, value = line.partition("=")
                if key.strip().lower() == "name":
                    name = value.strip() or name
                elif key.strip():
                    metadata.append((key.strip(), value.strip()))
            else:
                entry = _card(no, line, _CARD_SECTIONS[section], sink)
                if entry is not None:
                    entries.append(entry)
        extras = FormatExtras(self.name, metadata=tuple(metadata), trailer=tuple(trailer))
        deck = DeckList(tuple(entries), name or default_deck_name(path), path, self.name,
                        extras)
        return ParseResult(deck, sorted_issues(sink.issues))

    def dump(self, deck: DeckList) -> str:
        """Write ``deck`` as Forge saves it; the other ``[metadata]`` lines and the
        sections Spellweb does not read (:attr:`DeckList.extras` of a Forge file) are
        written back as read."""
        entries = placed_entries(deck, self.holds)
        lines = ["[metadata]", f"Name={_one_line(deck.name or '')}"]
        own = deck.extras.format == self.name
        if own:
            lines.extend(f"{key}={_one_line(value)}" for key, value in deck.extras.metadata)
        for section, title in _TITLES.items():
            cards = [e for e in entries if e.section is section]
            if cards or section is Section.MAIN:
                lines.append(f"[{title}]")
                lines.extend(_card_line(e) for e in cards)
        if own:
            lines.extend(deck.extras.trailer)
        return "\n".join(lines) + "\n"


def _card(no: int, line: str, section: Section, sink: IssueSink) -> DeckEntry | None:
    try:
        split = split_count(line)
    except ValueError as err:
        sink.report(ParseIssue(no, line, str(err)))
        return None
    count, rest = split if split is not None else (1, line)
    name, *fields = [f.strip() for f in rest.split("|")]
    foil = name.endswith("+")
    name = name.removesuffix("+").strip()
    if not name:
        sink.report(ParseIssue(no, line, "the card has no name"))
        return None
    set_code = fields[0] or None if fields else None
    art = number = None
    for field in fields[1:]:
        if field.startswith("[") and field.endswith("]"):
            number = field[1:-1].strip() or None
        elif field.isdigit():
            art = field
    return DeckEntry(name, count, section, no, set_code, number, art, foil)


def _card_line(entry: DeckEntry) -> str:
    fields = [entry.name.replace("|", "/") + ("+" if entry.foil else "")]
    if entry.set_code or entry.art_index or entry.collector_number:
        fields.append(entry.set_code or "")
        if entry.art_index:
            fields.append(entry.art_index)
        if entry.collector_number:
            fields.append(f"[{entry.collector_number}]")
    return f"{entry.count} {'|'.join(fields)}"


def _one_line(text: str) -> str:
    return " ".join(text.split())


FORGE = ForgeFormat()
"""The Forge ``.dck`` format."""
