"""Deck lists: file formats, the deck model, and name resolution.

The public surface (STYLE.md habit 20):

- reading: :func:`read_deck_file`, :func:`parse_deck_text`, :func:`load_deck`
  (read + resolve), :func:`resolve_deck`;
- writing: :func:`deck_to_json` (the JSON scripts read), :func:`format_deck_text`,
  :func:`write_deck_file` (any format, atomic) and :func:`loss_report` (what a format drops);
- formats: :data:`FORMATS`, :func:`sniff`, :func:`get_format`, :func:`format_for_path`,
  :class:`DeckFormat`;
- editing: :class:`DeckEdit` and :func:`add_card`, :func:`set_count`, :func:`remove_entry`,
  :func:`move_entry`, :func:`new_deck` (new decks, never mutation); :func:`deck_snapshot` /
  :func:`deck_from_snapshot` (the editor's recovery file);
- Commander and format checks: :func:`validate_deck`, :class:`DeckValidation`;
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
from analyzer.decks.edit import (
    DeckEdit,
    DeckEditError,
    add_card,
    entry_index,
    move_entry,
    new_deck,
    remove_entry,
    set_count,
)
from analyzer.decks.export import deck_to_json, format_deck_text
from analyzer.decks.formats import (
    FORMATS,
    DeckFormat,
    file_dialog_filter,
    format_for_path,
    get_format,
    sniff,
)
from analyzer.decks.grammar import MAX_COUNT
from analyzer.decks.load import MAX_FILE_SIZE, load_deck, parse_deck_text, read_deck_file
from analyzer.decks.losses import Feature, Loss, LossReport, conversion_losses
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
from analyzer.decks.resolve import can_be_commander, deck_sections, resolve_deck, resolve_entry
from analyzer.decks.save import deck_list_of, loss_report, write_deck_file
from analyzer.decks.snapshot import deck_from_snapshot, deck_snapshot, snapshot_card_ids
from analyzer.decks.suggest import NameSuggester
from analyzer.decks.validate import DeckProblem, DeckValidation, Problem, validate_deck

__all__ = [
    "FORMATS",
    "MAX_COUNT",
    "MAX_FILE_SIZE",
    "CardCount",
    "Deck",
    "DeckEdit",
    "DeckEditError",
    "DeckEntry",
    "DeckFormat",
    "DeckGroup",
    "DeckList",
    "DeckProblem",
    "DeckValidation",
    "Feature",
    "FormatName",
    "Loss",
    "LossReport",
    "NameSuggester",
    "ParseIssue",
    "ParseResult",
    "Problem",
    "ResolvedEntry",
    "Section",
    "Severity",
    "TypeGroup",
    "add_card",
    "can_be_commander",
    "conversion_losses",
    "deck_from_snapshot",
    "deck_list_of",
    "deck_sections",
    "deck_snapshot",
    "deck_to_json",
    "decode_deck_bytes",
    "ensure_text",
    "entry_index",
    "file_dialog_filter",
    "format_deck_text",
    "format_for_path",
    "get_format",
    "load_deck",
    "loss_report",
    "move_entry",
    "new_deck",
    "parse_deck_text",
    "read_deck_file",
    "remove_entry",
    "resolve_deck",
    "resolve_entry",
    "set_count",
    "snapshot_card_ids",
    "sniff",
    "sorted_issues",
    "split_lines",
    "type_group",
    "validate_deck",
    "write_deck_file",
]
