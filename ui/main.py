"""The ``spellweb`` console script: subcommands run headless, anything else opens the window.

``spellweb [DECK] [--db URL] [--screenshot DIR]`` opens the main window (with the deck, if
given); ``spellweb SUBCOMMAND ...`` (see :data:`analyzer.cli.COMMANDS`) runs the headless
command line without importing Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from analyzer import cli

__all__ = ["main"]


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spellweb",
        description="Spellweb: deck and synergy analyzer for Magic: The Gathering. Opens the "
                    "window; headless commands: " + ", ".join(cli.COMMANDS) +
                    " (spellweb COMMAND --help).")
    parser.add_argument("deck", nargs="?", type=Path, help="deck file to open")
    parser.add_argument("--db", metavar="URL", help="SQLAlchemy URL of the card database")
    parser.add_argument("--screenshot", metavar="DIR", type=Path,
                        help="save one PNG per view into DIR and exit")
    parser.add_argument("--version", action="version", version=f"spellweb {cli._version()}")
    return parser


def _is_command(argv: Sequence[str]) -> bool:
    args = list(argv)
    while args[:1] == ["--db"] and len(args) >= 2:
        args = args[2:]
    args = [a for a in args if not a.startswith("--db=")]
    return bool(args) and args[0] in cli.COMMANDS


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``spellweb`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if _is_command(argv):
        return cli.main(argv)
    args = _gui_parser().parse_args(argv)
    if args.deck is not None and not args.deck.exists():
        print(f"spellweb: error: {str(args.deck)!r}: no such file", file=sys.stderr)
        return cli.EXIT_INPUT
    from ui.app import run_gui

    return run_gui(args.deck, args.db, args.screenshot)


if __name__ == "__main__":
    sys.exit(main())
