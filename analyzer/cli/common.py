"""What every command shares: usage errors, exit statuses, the ``--db`` option, argument
types, progress on stderr, reading a deck with its warnings.

Part of :mod:`analyzer.cli` (the package builds the parser from every group).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from analyzer import services
from analyzer.errors import InputError
from analyzer.progress import Progress

EXIT_INPUT, EXIT_USAGE, EXIT_DATABASE, EXIT_INTERRUPTED = 1, 2, 3, 130
"""Exit statuses: bad input (a deck or card file), bad usage, database failure, interrupted."""


class _UsageError(InputError):
    """A bad option value only a command can check (a ``--goal`` card no board holds, an
    unknown ``--sections`` name): printed as argparse prints its own usage errors
    (``spellweb COMMAND: error: ...``), exit status :data:`EXIT_USAGE`."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("spellweb")
    except PackageNotFoundError:
        return "unknown"


def _db_option(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument("--db", metavar="URL", default=default,
                        help="SQLAlchemy URL of the card database (default: $SPELLWEB_DB or "
                             "a SQLite file in the user data folder)")


def _int_at_least(minimum: int) -> Any:
    """An argparse ``type`` reading a whole number of at least ``minimum``: a bad value is a
    usage error (exit 2) naming the option as typed, e.g. ``argument --turns: 0 is not a
    whole number of 1 or more``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is not a whole number of {minimum} "
                                             "or more")
        return value

    parse.__name__ = f"whole number of {minimum} or more"
    return parse


_POSITIVE = _int_at_least(1)


def _game_format(text: str) -> str:
    """An argparse ``type`` for ``--game-format``: a legality name of the card data
    (:data:`analyzer.graph.legality.FORMATS`) or ``constructed``; anything else is a usage
    error listing the known names."""
    from analyzer.graph.legality import FORMATS

    name = text.strip().lower()
    known = (*FORMATS, "constructed")
    if name not in known:
        raise argparse.ArgumentTypeError(f"unknown format {text!r}; known: {', '.join(known)}")
    return name


def _deck_format_names() -> list[str]:
    from analyzer.decks import FORMATS

    return list(FORMATS)


def _progress_printer(stream: TextIO) -> Any:
    last = [""]

    def show(report: Progress) -> None:
        text = report.message
        if report.total:
            text = f"{report.message} ({report.fraction:.0%})"
        if text != last[0]:
            last[0] = text
            print(text, file=stream, flush=True)

    return show


STARTER_ONLY = ("the card database holds only the 144 starter cards; import the full card "
                "data with `spellweb import-cards FILE` (see README)")
"""The one line printed before unknown-card problems when the database is the starter set."""


def _warn_if_starter_only(db: Any, unknown_cards: bool) -> None:
    """Print :data:`STARTER_ONLY` once to stderr when a deck has unknown cards and the database
    holds only the starter set: the "no card is named" lines that follow then have one
    cause, said first."""
    if unknown_cards and services.has_only_starter_cards(db):
        print(f"spellweb: note: {STARTER_ONLY}", file=sys.stderr)


def _has_unknown_cards(deck: Any) -> bool:
    """Whether a resolved deck has an entry no card of the database matched."""
    return any(entry.card is None for entry in deck.entries)


def _write_verbatim(out: TextIO, text: str) -> None:
    """Write ``text`` to ``out`` as UTF-8 with its line breaks as they are: through the
    byte buffer of a real stream (a text-mode stdout on Windows would turn ``\r\n`` into
    ``\r\r\n``), else as text (a ``StringIO``)."""
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(text)
        return
    out.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def _cards(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


def _analyze(db: Any, path: Path) -> services.DeckAnalysis:
    """The deck's analysis; a card missing from the database (or another problem of the deck
    file) is skipped with a warning naming it and the closest names, as ``deck`` lists it."""
    analysis = services.analyze_deck(db, path, strict=False)
    for issue in analysis.deck.issues:
        print(f"spellweb: warning: {issue.to_error(path)} (skipped)", file=sys.stderr)
    return analysis


def _read_with_warnings(db: Any, path: Path) -> Any:
    """The resolved deck; its problems (unknown cards, unreadable lines) printed to stderr as
    warnings, after :data:`STARTER_ONLY` when that explains them. The commands that analyse
    a deck (combos, odds, lines --sample) skip what they cannot use, but say so."""
    deck = services.read_deck(db, path)
    _warn_if_starter_only(db, _has_unknown_cards(deck))
    for issue in deck.issues:
        print(f"spellweb: warning: {issue.to_error(path)} (skipped)", file=sys.stderr)
    return deck
