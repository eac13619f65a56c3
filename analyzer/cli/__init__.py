"""The command line: the same jobs as the GUI, headless (``spellweb SUBCOMMAND ...``).

The commands and their output shapes are promises that scripts rely on::

    spellweb import-cards FILE          import card data (.json/.gz/.xz/.zip), kind by content:
                                        MTGJSON AtomicCards or Scryfall oracle-cards (the
                                        cards), MTGJSON AllPrintings or a set file (printings)
    spellweb deck DECK [--json]         the deck, resolved; JSON {"entries": [...], "issues": [...],
                                        "validation": {...}}
    spellweb convert IN -o OUT          write a deck in another format (loss report on stderr);
                                        OUT's ending must name a format unless --format
                                        (.dck: the input's own, Forge or XMage); the input's
                                        own format keeps its extras (Forge [shop], CatIDs,
                                        CRLF); -o - writes to stdout
    spellweb graph DECK -o FILE         synergy graph: node-link JSON, GraphML, SVG or PNG by
                                        extension
    spellweb suggest DECK [--json]      database cards that would add the most synergy edges;
                                        JSON [{"card", "name", "count", "score", "edges"}];
                                        legal in --game-format NAME (default: inferred)
    spellweb report DECK -o FILE        report: HTML, PDF, Markdown or JSON (--format, or
                                        from FILE's ending); --sections, --title, --notes
    spellweb info [--problems]          the card database: URL, counts, source; cards whose
                                        data lacks their text
    spellweb card NAME [--json]         a card's compiled profile; JSON has "unsupported"
    spellweb coverage [--json]          what the Oracle compiler understands of the database
    spellweb search QUERY [--json]      Scryfall-syntax card search: names, or a JSON list of cards
    spellweb scenario FILE...           run rules scenario files: one PASS/FAIL line per
                                        expectation; exit 1 on any failure or unreadable file
    spellweb combos DECK [--json]       catalog combos in the deck and discovered loops, each
                                        verified in the rules core, and near misses; JSON
                                        {"combos": [{"cards", "verdict", "source", "result",
                                        "line", ...}], "near_misses": [...]}
    spellweb lines SCENARIO --goal G    the best lines from a scenario file's board to a goal:
                                        damage, cast:CARD (sneak/prowl cost) or combo:ID;
                                        --sample: SCENARIO is a deck, its board a seeded hand
    spellweb odds DECK [--turns N]      goldfish Monte Carlo: combo pieces and sneak/prowl
                                        casts by turn N (--games, --seed, --json)

``--db URL`` (or ``$SPELLWEB_DB``) chooses the database on every command. Errors go to
stderr as one line ``spellweb: error: ...`` with a non-zero exit status: 1 bad input (a deck
or card file), 2 bad usage, 3 database failure, 130 interrupted.

The commands are grouped by what they work on, one module each: :mod:`~analyzer.cli.cards`
(the card database), :mod:`~analyzer.cli.decks` (deck files), :mod:`~analyzer.cli.analysis`
(graph, suggestions, reports) and :mod:`~analyzer.cli.play` (the rules core); each gives its
subcommands' parsers and handlers, and :func:`build_parser` puts them together. What they
share is in :mod:`~analyzer.cli.common`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from analyzer.cli import analysis, cards, decks, play
from analyzer.cli.common import (
    EXIT_DATABASE,
    EXIT_INPUT,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    _db_option,
    _UsageError,
    _version,
)
from analyzer.errors import AnalyzerError, Cancelled, DatabaseError, InputError

__all__ = ["COMMANDS", "build_parser", "close_command", "first_word", "main", "unknown_command"]

COMMANDS = ("import-cards", "deck", "convert", "graph", "report", "info", "search", "card",
            "coverage", "scenario", "suggest", "combos", "lines", "odds")
"""The subcommand names (the GUI launcher passes these to :func:`main`)."""

_GROUPS = (cards, decks, analysis, play)
_PARSER_ORDER = ("import-cards", "deck", "convert", "graph", "suggest", "report", "info", "card",
                 "coverage", "search", "scenario", "combos", "lines", "odds")
"""The subcommands in the order ``spellweb --help`` lists them."""
_PARSERS: dict[str, Callable[[Any], None]] = {
    name: add for group in _GROUPS for name, add in group.PARSERS.items()}
_HANDLERS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    name: run for group in _GROUPS for name, run in group.HANDLERS.items()}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand (``--db`` accepted before or after it)."""
    parser = argparse.ArgumentParser(
        prog="spellweb",
        description="Spellweb: deck and synergy analyzer for Magic: The Gathering. "
                    "With no subcommand (or a deck path) it opens the window.")
    parser.add_argument("--version", action="version", version=f"spellweb {_version()}")
    _db_option(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in _PARSER_ORDER:
        _PARSERS[name](sub)
    for child in sub.choices.values():
        _db_option(child, argparse.SUPPRESS)
    return parser


__all__ = ["COMMANDS", "build_parser", "close_command", "first_word", "main", "unknown_command"]


COMMANDS = ("import-cards", "deck", "convert", "graph", "report", "info", "search", "card",
            "coverage", "scenario", "suggest", "combos", "lines", "odds")
"""The subcommand names (the GUI launcher passes these to :func:`main`)."""


def first_word(argv: Sequence[str]) -> str | None:
    """The first argument that is neither ``--db URL`` (or the window's ``--screenshot DIR``)
    nor another option, or None."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word in ("--db", "--screenshot"):
            i += 2
            continue
        if not word.startswith("-"):
            return word
        i += 1
    return None


def unknown_command(argv: Sequence[str]) -> str | None:
    """What is wrong with a first word that is no command and no existing file, or None.

    ``spellweb combo DECK`` -> ``unknown command 'combo'; did you mean 'combos'?``;
    ``spellweb bogus`` -> ``'bogus' is neither a command nor a deck file; commands: ...``.
    A word naming an existing file (``spellweb DECK`` opens the window) is no problem.
    """
    word = first_word(argv)
    if word is None or word in COMMANDS or Path(word).exists():
        return None
    close = close_command(word)
    if close is not None:
        return f"unknown command {word!r}; did you mean {close!r}? (spellweb {close} --help)"
    return f"{word!r} is neither a command nor a deck file; commands: {', '.join(COMMANDS)}"


def close_command(word: str) -> str | None:
    """The subcommand ``word`` most likely misspells, or None (a word that looks like a
    path or a file name is never taken for a command).

    >>> close_command("combo"), close_command("graf"), close_command("deck.txt")
    ('combos', 'graph', None)
    """
    from rapidfuzz import fuzz, process, utils

    if any(c in word for c in "/\\."):
        return None
    hit = process.extractOne(word, COMMANDS, scorer=fuzz.ratio,
                             processor=utils.default_process, score_cutoff=65)
    return None if hit is None else str(hit[0])


_SEARCH_OPTIONS = {"--json", "--limit", "--db", "-h", "--help"}


def _protect_search_terms(argv: list[str]) -> list[str]:
    """Let a search term start with "-" (``spellweb search -t:land``): argparse would take
    it for an option, so terms that are no option of ``search`` go after a ``--``."""
    if "search" not in argv or "--" in argv:
        return argv
    at = argv.index("search") + 1
    head, rest = argv[:at], argv[at:]
    options: list[str] = []
    terms: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        name = word.split("=", 1)[0]
        if name in _SEARCH_OPTIONS:
            options.append(word)
            if name in ("--limit", "--db") and "=" not in word and i + 1 < len(rest):
                options.append(rest[i + 1])
                i += 1
        else:
            terms.append(word)
        i += 1
    return [*head, *options, "--", *terms] if terms else argv


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run one command; return the exit status (errors are printed to stderr).

    Parameters
    ----------
    argv : sequence of str, optional
        Arguments without the program name; default ``sys.argv[1:]``.
    out : text stream, optional
        Where results go; default ``sys.stdout``.
    """
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    problem = unknown_command(argv)
    if problem is not None:
        print(f"spellweb: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    args = parser.parse_args(_protect_search_terms(argv))
    out = out or sys.stdout
    try:
        return _HANDLERS[args.command](args, out)
    except _UsageError as err:
        print(f"spellweb {args.command}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as err:
        print(f"spellweb: error: {err}", file=sys.stderr)
        return EXIT_INPUT
    except DatabaseError as err:
        print(f"spellweb: error: {err}", file=sys.stderr)
        return EXIT_DATABASE
    except (Cancelled, KeyboardInterrupt):
        print("spellweb: interrupted; nothing was changed", file=sys.stderr)
        return EXIT_INTERRUPTED
    except AnalyzerError as err:
        print(f"spellweb: error: {err}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        # The reader went away (``spellweb search t:elf | head``): stop quietly, as Unix
        # tools do; point stdout at devnull so the interpreter's final flush is silent too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as err:
        print(f"spellweb: error: {err}", file=sys.stderr)
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())

