"""The ``spellweb`` console script: subcommands run headless, anything else opens the window.

``spellweb [DECK] [--db URL] [--screenshot DIR]`` opens the main window (with the deck, if
given); ``spellweb SUBCOMMAND ...`` (see :data:`analyzer.cli.COMMANDS`) runs the headless
command line without importing Qt.
"""

from __future__ import annotations

import argparse
import ctypes.util
import os
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


def _screenshot_folder_problem(folder: Path) -> str | None:
    """Why ``--screenshot DIR`` cannot be written to (not a folder, no permission), or None.

    Creates the folder when it is missing, as the screenshots would.
    """
    if folder.exists() and not folder.is_dir():
        return f"--screenshot {str(folder)!r}: not a folder; give a folder to save the PNGs in"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return f"--screenshot {str(folder)!r}: cannot create the folder ({err.strerror})"
    if not os.access(folder, os.W_OK):
        return f"--screenshot {str(folder)!r}: the folder is not writable"
    return None


# Shared libraries Qt's X11 platform plugin (xcb) loads, and the Debian/Ubuntu package of each.
_XCB_LIBRARIES = {"xcb-cursor": "libxcb-cursor0", "xcb-icccm": "libxcb-icccm4",
                  "xcb-keysyms": "libxcb-keysyms1", "xkbcommon-x11": "libxkbcommon-x11-0"}


def display_problem() -> str | None:
    """Why the window cannot open here (no display, missing X11 libraries), or None.

    Qt aborts the whole process when its platform plugin cannot load, so the launcher checks
    first and explains instead (Linux only; other systems always have a display).
    """
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return ("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is "
                "set); run it in a desktop session, or use the headless commands "
                "(spellweb --help), or QT_QPA_PLATFORM=offscreen with --screenshot DIR")
    if os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY"):
        return None
    missing = [package for library, package in _XCB_LIBRARIES.items()
               if ctypes.util.find_library(library) is None]
    if missing:
        return ("Qt's X11 plugin needs system libraries that are missing; install them, e.g. "
                f"sudo apt-get install {' '.join(missing)}")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``spellweb`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if _is_command(argv):
        return cli.main(argv)
    problem = cli.unknown_command(argv)
    if problem is not None:   # a misspelt command (usage) or a deck file that isn't there
        print(f"spellweb: error: {problem}", file=sys.stderr)
        word = cli.first_word(argv) or ""
        return cli.EXIT_USAGE if cli.close_command(word) else cli.EXIT_INPUT
    args = _gui_parser().parse_args(argv)
    if args.screenshot is not None:
        problem = _screenshot_folder_problem(args.screenshot)
        if problem is not None:
            print(f"spellweb: error: {problem}", file=sys.stderr)
            return cli.EXIT_INPUT
    problem = display_problem()
    if problem is not None:
        print(f"spellweb: error: {problem}", file=sys.stderr)
        return cli.EXIT_INPUT
    from ui.app import run_gui

    return run_gui(args.deck, args.db, args.screenshot)


if __name__ == "__main__":
    sys.exit(main())
