"""Deck lists: file formats, the deck model, and name resolution.

The public surface (STYLE.md habit 20):

- reading: :func:`read_deck_file`, :func:`parse_deck_text`, :func:`load_deck`
  (read + resolve), :func:`resolve_deck`;
- writing: :func:`deck_to_json` (the JSON scripts read), :func:`format_deck_text`;
- formats: :data:`FORMATS`, :func:`sniff`, :func:`get_format`, :class:`DeckFormat`;
- values: :class:`Section`, :class:`Severity`, :class:`DeckEntry`, :class:`DeckList`,
  :class:`ParseIssue`, :class:`ParseResult`, :class:`ResolvedEntry`, :class:`Deck`,
  :class:`DeckGroup`, :class:`TypeGroup` and :func:`type_group`.

Examples
--------
>>> result = parse_deck_text("Deck\\n4 Opt (XLN) 65\\n\\nSideboard\\n2 Negate (XLN) 25\\n")
>>> result.deck.format, result.deck.total(Section.MAIN), result.deck.total(Section.SIDEBOARD)
('arena', 4, 2)
"""

from __future__ import annotations

from analyzer.decks.decode import decode_deck_bytes, ensure_text, split_lines
from analyzer.decks.export import deck_to_json, format_deck_text
from analyzer.decks.formats import FORMATS, DeckFormat, get_format, sniff
from analyzer.decks.grammar import MAX_COUNT
from analyzer.decks.load import load_deck, parse_deck_text, read_deck_file
from analyzer.decks.model import (
    CardCount,
    Deck,
    DeckEntry,
    DeckGroup,
    DeckList,
    FormatName,
    ParseIssue,
    ParseResult,
    ResolvedEntry,
    Section,
    Severity,
    TypeGroup,
    sorted_issues,
    type_group,
)
from analyzer.decks.resolve import can_be_commander, resolve_deck
from analyzer.decks.suggest import NameSuggester

__all__ = [
    "FORMATS",
    "MAX_COUNT",
    "CardCount",
    "Deck",
    "DeckEntry",
    "DeckFormat",
    "DeckGroup",
    "DeckList",
    "FormatName",
    "NameSuggester",
    "ParseIssue",
    "ParseResult",
    "ResolvedEntry",
    "Section",
    "Severity",
    "TypeGroup",
    "can_be_commander",
    "deck_to_json",
    "decode_deck_bytes",
    "ensure_text",
    "format_deck_text",
    "get_format",
    "load_deck",
    "parse_deck_text",
    "read_deck_file",
    "resolve_deck",
    "sniff",
    "sorted_issues",
    "split_lines",
    "type_group",
]
