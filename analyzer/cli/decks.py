"""The deck file commands: ``deck`` (read, resolve, check) and ``convert``.

Part of :mod:`analyzer.cli` (the package builds the parser from every group).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from analyzer import services
from analyzer.cli.common import (
    EXIT_INPUT,
    EXIT_USAGE,
    _deck_format_names,
    _game_format,
    _has_unknown_cards,
    _UsageError,
    _warn_if_starter_only,
    _write_verbatim,
)
from analyzer.errors import DatabaseError, InputError


def _cmd_deck(args: argparse.Namespace, out: TextIO) -> int:
    """Print the resolved deck; issues and validation problems on stderr.

    ``--strict`` fails (exit 1) on the first problem: an unreadable line or unknown card
    while reading, or else the first problem of validation against ``--game-format`` (or
    the guessed format). Without it the deck is printed and only reading errors make the
    exit status 1; validation problems are listed as warnings.
    """
    from analyzer.decks import Severity, deck_to_json, format_deck_text, validate_deck
    from analyzer.errors import UnknownCardError

    db = services.open_database(args.db)
    try:
        deck = services.read_deck(db, args.deck, strict=args.strict)
    except UnknownCardError:
        _warn_if_starter_only(db, True)
        raise
    validation = validate_deck(deck, args.game_format)
    if args.json:
        json.dump(deck_to_json(deck, validation), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(format_deck_text(deck))
    _warn_if_starter_only(db, _has_unknown_cards(deck))
    for issue in deck.issues:
        print(f"spellweb: {issue.severity.name.lower()}: {issue.to_error(args.deck)}",
              file=sys.stderr)
    if args.strict and validation.problems:
        count = len(validation.problems)
        raise InputError(f"{str(args.deck)!r}: not a valid {validation.format} deck: "
                         f"{validation.problems[0]}"
                         + (f" (and {count - 1} more)" if count > 1 else ""))
    if not args.json:
        for problem in validation.problems:
            print(f"spellweb: warning: {validation.format}: {problem}", file=sys.stderr)
    # The deck is printed either way (unknown cards kept); an error among its issues still
    # makes the exit status 1, so scripts notice.
    return EXIT_INPUT if any(i.severity is Severity.ERROR for i in deck.issues) else 0


def _convert_target(args: argparse.Namespace) -> Any:
    """The deck format ``convert`` writes: ``--format``, else the output's ending (plain text
    for ``-o -``, stdout). An ending no format writes is refused (None), since writing plain
    text under it would mislead."""
    from analyzer.decks import FORMATS, format_for_path, get_format

    if args.deck_format:
        return get_format(args.deck_format)
    if str(args.output) == "-":
        return get_format("text")
    suffix = args.output.suffix.lower()
    if any(suffix in fmt.extensions for fmt in FORMATS.values()):
        return format_for_path(args.output)
    return None


def _cmd_convert(args: argparse.Namespace, out: TextIO) -> int:
    """Write the deck in another format; ``-o -`` writes it to stdout (losses on stderr)."""
    from analyzer.decks import FORMATS, deck_list_of, read_deck_file, write_deck_file
    from analyzer.decks.save import file_text, loss_report

    try:
        target = _convert_target(args)
    except InputError as err:   # --format names no format
        raise _UsageError(str(err)) from err
    if target is None:
        endings = sorted({e for fmt in FORMATS.values() for e in fmt.extensions})
        print(f"spellweb convert: error: {str(args.output)!r}: no deck format is written as "
              f"{args.output.suffix or 'a file without an ending'}; name it "
              f"{', '.join(endings)}, or give --format ({', '.join(FORMATS)})",
              file=sys.stderr)
        return EXIT_USAGE
    deck = None
    try:
        db = services.open_database(args.db)
    except DatabaseError as err:   # converting needs no card database; checking names does
        print(f"spellweb: warning: card names not checked ({err})", file=sys.stderr)
        decklist = read_deck_file(args.input).deck
    else:
        # Resolved, so a commander MTGO or Cockatrice lists in the sideboard is written as
        # the commander; unknown names are kept as written, each with a warning.
        deck = services.read_deck(db, args.input)
        _warn_if_starter_only(db, _has_unknown_cards(deck))
        for issue in deck.issues:
            print(f"spellweb: warning: {issue.to_error(args.input)}", file=sys.stderr)
        decklist = deck_list_of(deck)
    # An ending two formats share (.dck: Forge and XMage) means the file's own format, so
    # converting to it keeps what only that format's writer keeps (DeckList.extras).
    own = FORMATS.get(decklist.format)
    if (not args.deck_format and str(args.output) != "-" and own is not None
            and args.output.suffix.lower() in own.extensions):
        target = own
    cards = None
    if deck is not None:
        # Names in the target's own spelling (Oracle name, MTGO's "Fire/Ice", Arena's front
        # face), as typed when the format is the file's own (analyzer.decks.deck_list_of).
        decklist, cards = services.converted_deck_list(deck, target)
    # What the window's Save does (ui/deck_document.py): the same loss report, and the
    # file's extras, line breaks and byte order mark kept when the format is the file's own.
    if str(args.output) == "-":
        report = loss_report(decklist, target, cards=cards)
        # no byte order mark on a stream: it would break `| grep '^4 '` and the like
        _write_verbatim(out, file_text(decklist, target).removeprefix("\ufeff"))
    else:
        report = write_deck_file(decklist, args.output, fmt=target, cards=cards)
    for line in str(report).splitlines() if report else ():
        print(f"spellweb: loss: {line.strip()}", file=sys.stderr)
    if str(args.output) != "-":
        print(f"wrote {args.output} ({target.description})", file=out)
    return 0


def _parser_deck(sub: Any) -> None:
    """The ``deck`` subcommand and its arguments."""
    p = sub.add_parser("deck", help="read a deck file and print it, resolved")
    p.add_argument("deck", type=Path, help="deck file (MTGO text, MTG Arena export)")
    p.add_argument("--json", action="store_true",
                   help='print JSON: {"entries": [...], "issues": [...], ...}')
    p.add_argument("--strict", action="store_true",
                   help="fail (exit 1) on the first problem: an unreadable line or unknown "
                        "card, or else the first problem of checking the format")
    p.add_argument("--game-format", metavar="NAME", default=None, type=_game_format,
                   help="check the deck against this format (commander, duel, legacy, "
                        "modern, pauper...); default: commander for a deck with a commander")


def _parser_convert(sub: Any) -> None:
    """The ``convert`` subcommand and its arguments."""
    p = sub.add_parser("convert", help="write a deck file in another format")
    p.add_argument("input", type=Path, help="deck file in any format (sniffed from its content)")
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="the file to write (replaced safely if it exists); - for stdout")
    p.add_argument("--format", dest="deck_format", default=None,
                   help="target format: " + ", ".join(_deck_format_names())
                        + " (default: from the output's extension)")


PARSERS: dict[str, Callable[[Any], None]] = {
    "deck": _parser_deck,
    "convert": _parser_convert,
}
"""The subcommands of this group: name -> the function that adds its parser."""

HANDLERS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "deck": _cmd_deck,
    "convert": _cmd_convert,
}
"""The subcommands of this group: name -> the function that runs it."""
