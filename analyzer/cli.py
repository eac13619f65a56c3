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
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from analyzer import services
from analyzer.cards.model import Card
from analyzer.cards.printings import PrintingsSummary
from analyzer.errors import AnalyzerError, Cancelled, DatabaseError, InputError
from analyzer.progress import Progress, run_job

if TYPE_CHECKING:
    from analyzer.cards.importing import ImportSummary

__all__ = ["COMMANDS", "build_parser", "close_command", "first_word", "main", "unknown_command"]

COMMANDS = ("import-cards", "deck", "convert", "graph", "report", "info", "search", "card",
            "coverage", "scenario", "suggest", "combos", "lines", "odds")
"""The subcommand names (the GUI launcher passes these to :func:`main`)."""

EXIT_INPUT, EXIT_USAGE, EXIT_DATABASE, EXIT_INTERRUPTED = 1, 2, 3, 130


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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand (``--db`` accepted before or after it)."""
    parser = argparse.ArgumentParser(
        prog="spellweb",
        description="Spellweb: deck and synergy analyzer for Magic: The Gathering. "
                    "With no subcommand (or a deck path) it opens the window.")
    parser.add_argument("--version", action="version", version=f"spellweb {_version()}")
    _db_option(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("import-cards", help="import card data: MTGJSON AtomicCards, "
                                            "AllPrintings or a set file, Scryfall oracle-cards")
    p.add_argument("file", type=Path, help="AtomicCards.json, AllPrintings.json, LEA.json or "
                                           "oracle-cards-*.json (.gz, .xz, .zip)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")

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

    p = sub.add_parser("convert", help="write a deck file in another format")
    p.add_argument("input", type=Path, help="deck file in any format (sniffed from its content)")
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="the file to write (replaced safely if it exists); - for stdout")
    p.add_argument("--format", dest="deck_format", default=None,
                   help="target format: " + ", ".join(_deck_format_names())
                        + " (default: from the output's extension)")

    p = sub.add_parser("graph", help="write the deck's synergy graph")
    p.add_argument("deck", type=Path)
    p.add_argument("-o", "--output", type=Path,
                   help="FILE.json (networkx node-link), FILE.graphml, FILE.svg or FILE.png; "
                        "default: JSON on stdout")

    p = sub.add_parser("suggest", help="cards of the database that would add the most "
                                       "synergy edges to the deck")
    p.add_argument("deck", type=Path)
    p.add_argument("--json", action="store_true",
                   help='print JSON: [{"card", "name", "count", "score", "edges": [...]}]')
    p.add_argument("-n", "--count", type=_POSITIVE, default=20, metavar="N",
                   help="how many cards (default 20)")
    p.add_argument("--game-format", metavar="NAME", default=None,
                   help="suggest only cards legal in this format (commander, legacy, "
                        "modern, pauper...); default: commander for a deck with a commander, "
                        "else the most restrictive format all the deck's cards are legal in")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")

    p = sub.add_parser("report", help="write the deck's report (HTML, PDF, Markdown, JSON)")
    p.add_argument("deck", type=Path)
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="FILE.html, FILE.pdf, FILE.md or FILE.json")
    p.add_argument("--format", choices=["html", "pdf", "md", "json"], default=None,
                   help="report format (default: from the output's ending)")
    p.add_argument("--sections", metavar="LIST", default="all",
                   help="comma-separated sections to include: deck, stats, key_cards, graph, "
                        "edges, combos, near_misses, lines, odds (default: all)")
    p.add_argument("--title", help="report title (default: the deck's name)")
    p.add_argument("--notes", default="", help="notes printed under the title")
    p.add_argument("--notes-file", type=Path, metavar="FILE",
                   help="read the notes from a UTF-8 text file (several lines)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the goldfish games and sample lines (default 0)")

    p = sub.add_parser("info", help="show the card database: URL, cards, source, date")
    p.add_argument("--problems", action="store_true",
                   help="also list the cards whose data says they have abilities their text "
                        "lacks (empty text with keywords, a planeswalker...)")

    p = sub.add_parser("card", help="print a card's compiled Oracle profile")
    p.add_argument("name", help="card name (full, face or flavor name)")
    p.add_argument("--json", action="store_true",
                   help='print JSON: the profile with "unsupported" and the Oracle fields')

    p = sub.add_parser("coverage", help="measure what the Oracle compiler understands")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--decks", metavar="DIR", default=None,
                   help="a folder of deck lists whose distinct cards are measured apart "
                        "(default: the shared folder's data/decks when there is one, else "
                        "the sample decks)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")

    p = sub.add_parser("search", help="search cards with Scryfall's query syntax")
    p.add_argument("query", nargs="+",
                   help="e.g. 't:ninja c:b', 'o:\"draw a card\" mv<=2', '-t:land'; several "
                        "words are one query")
    p.add_argument("--json", action="store_true",
                   help="print a JSON list of card objects instead of names")
    p.add_argument("--limit", type=_int_at_least(0), metavar="N", help="at most N cards (the first by name)")

    p = sub.add_parser("scenario", help="run rules scenario files (YAML): a PASS/FAIL line "
                                        "per expectation")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE",
                   help="scenario files (docs/scenarios.md); cards come from --db, else the "
                        "starter set")

    _combo_parsers(sub)
    for child in sub.choices.values():
        _db_option(child, argparse.SUPPRESS)
    return parser


def _combo_parsers(sub: Any) -> None:
    """The ``combos``, ``lines`` and ``odds`` subcommands."""
    p = sub.add_parser("combos", help="combos in a deck, verified in the rules core, and "
                                      "near misses")
    p.add_argument("deck", type=Path)
    p.add_argument("--json", action="store_true",
                   help='print JSON: {"combos": [...], "near_misses": [...]}')
    p.add_argument("--no-discover", action="store_true",
                   help="only catalog combos, no loops discovered in the synergy graph")
    p.add_argument("--iterations", type=_int_at_least(2), default=None, metavar="K",
                   help="loop iterations played to verify a loop (default 5)")

    p = sub.add_parser("lines", help="search a scenario file's board (or a deck's sample "
                                     "board) for lines to a goal")
    p.add_argument("scenario", type=Path, help="scenario file (YAML, SCENARIO_FORMAT.md); "
                                               "with --sample, a deck file")
    p.add_argument("--sample", action="store_true",
                   help="SCENARIO is a deck: search a seeded sample board of it")
    p.add_argument("--turn", type=_POSITIVE, default=3, metavar="N",
                   help="with --sample: the turn the sample board stands at (default 3)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="with --sample: the seed")
    p.add_argument("--goal", required=True,
                   help="damage | cast:CARD (its sneak or prowl cost) | combo:ID")
    p.add_argument("--depth", type=_POSITIVE, default=None, metavar="N",
                   help="actions of your own per line (priority passes not counted)")
    p.add_argument("--nodes", type=_POSITIVE, default=None, metavar="N", help="states visited")
    p.add_argument("--top", type=_POSITIVE, default=3, metavar="N", help="lines shown")
    p.add_argument("--json", action="store_true", help="print the lines as JSON")

    p = sub.add_parser("odds", help="goldfish odds: combo pieces and sneak/prowl casts by turn")
    p.add_argument("deck", type=Path)
    p.add_argument("--turns", type=_POSITIVE, default=6, metavar="N")
    p.add_argument("--games", type=_POSITIVE, default=10_000, metavar="G")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--draw", action="store_true", help="on the draw (default: on the play)")
    p.add_argument("--mulligan", choices=["london", "never"], default="london",
                   help="london: keep 2-5 lands in 7, at most two mulligans (default)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")


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


def _cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    from analyzer.errors import CardImportError

    db = services.open_database(args.db, seed=False, create_folder=True)
    show = None if args.quiet else _progress_printer(sys.stderr)
    try:
        summary = run_job(services.import_cards_job(db, args.file), show)
    except CardImportError as err:
        if services.looks_like_deck(args.file):
            raise CardImportError(
                f"{str(args.file)!r}: not card data: expected MTGJSON AtomicCards/AllPrintings "
                "or Scryfall JSON (this looks like a deck list; open it with `spellweb deck`)"
            ) from err
        raise
    if isinstance(summary, PrintingsSummary):
        print(f"imported {summary.printings:,} printings of {summary.linked:,} cards from "
              f"{summary.sets:,} sets from {summary.path} in {summary.seconds:.1f} s into "
              f"{db.safe_url}", file=out)
        if summary.unlinked:
            print(f"{len(summary.unlinked):,} cards of the file are not in the card database "
                  f"(e.g. {summary.unlinked[0]!r}); their printings are kept and linked when "
                  "their cards are imported (MTGJSON AtomicCards)", file=sys.stderr)
    else:
        print(f"imported {summary.cards:,} cards ({summary.faces:,} faces) from "
              f"{summary.path} in {summary.seconds:.1f} s into {db.safe_url}", file=out)
        _print_card_data_notes(summary)
    for message in summary.skipped[:20]:
        print(f"skipped: {message}", file=sys.stderr)
    return 0


def _print_card_data_notes(summary: ImportSummary) -> None:
    """The import's placeholder entries and cards with missing text, on stderr."""
    if summary.data_problems:
        count = len(summary.data_problems)
        says = "has no text though its data says it has" if count == 1 else \
            "have no text though their data says they have"
        print(f"{_cards(count)} {says} abilities "
              f"(e.g. {summary.data_problems[0].card!r}; `spellweb info --problems` lists "
              "them)", file=sys.stderr)
    if summary.placeholders:
        count = len(summary.placeholders)
        print(f"{count:,} placeholder entr{'y is' if count == 1 else 'ies are'} no cards and "
              f"were left out: {', '.join(summary.placeholders[:10])}", file=sys.stderr)


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


def _read_with_warnings(db: Any, path: Path) -> Any:
    """The resolved deck; its problems (unknown cards, unreadable lines) printed to stderr as
    warnings, after :data:`STARTER_ONLY` when that explains them. The commands that analyse
    a deck (combos, odds, lines --sample) skip what they cannot use, but say so."""
    deck = services.read_deck(db, path)
    _warn_if_starter_only(db, _has_unknown_cards(deck))
    for issue in deck.issues:
        print(f"spellweb: warning: {issue.to_error(path)} (skipped)", file=sys.stderr)
    return deck


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
        decklist = deck_list_of(deck, target=target)
        cards = {written.name: item.card
                 for written, item in zip(decklist.entries, deck.entries, strict=True)}
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


def _analyze(db: Any, path: Path) -> services.DeckAnalysis:
    """The deck's analysis; a card missing from the database (or another problem of the deck
    file) is skipped with a warning naming it and the closest names, as ``deck`` lists it."""
    analysis = services.analyze_deck(db, path, strict=False)
    for issue in analysis.deck.issues:
        print(f"spellweb: warning: {issue.to_error(path)} (skipped)", file=sys.stderr)
    return analysis


def _cmd_suggest(args: argparse.Namespace, out: TextIO) -> int:
    if args.count < 1:
        raise _UsageError(f"--count must be at least 1, got {args.count}")
    if args.game_format is not None:   # checked before the deck is read
        from analyzer.graph.legality import FORMATS

        if args.game_format.strip().lower() not in FORMATS:
            raise _UsageError(f"unknown --game-format {args.game_format!r}; known: "
                              f"{', '.join(FORMATS)}")
    db = services.open_database(args.db)
    analysis = _analyze(db, args.deck)
    # progress goes to stderr, so --json output stays clean; building the index after an
    # import takes a minute and must not look like a hang
    show = None if args.quiet else _progress_printer(sys.stderr)
    found = run_job(services.suggest_job(db, analysis, args.count,
                                         game_format=args.game_format), show)
    if args.json:
        json.dump([s.to_json() for s in found], out, indent=2, ensure_ascii=False)
        out.write("\n")
        return 0
    if not found:
        print("no card of the database adds a synergy edge to this deck", file=out)
    for rank, suggestion in enumerate(found, start=1):
        print(f"{rank:>3}. {suggestion.name}: {suggestion.count} edges, score "
              f"{suggestion.score:.2f}", file=out)
        for edge in suggestion.edges[:3]:
            print(f"       - {edge.describe()}", file=out)
        if suggestion.count > 3:
            print(f"       (+{suggestion.count - 3} more)", file=out)
    return 0


def _cmd_graph(args: argparse.Namespace, out: TextIO) -> int:
    from analyzer.graph import graph_to_node_link

    db = services.open_database(args.db)
    analysis = _analyze(db, args.deck)
    if args.output is None:
        json.dump(graph_to_node_link(analysis.graph), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        services.export_graph(analysis, args.output)
        print(f"wrote {analysis.graph.number_of_nodes()} cards and "
              f"{analysis.graph.number_of_edges()} synergy edges to {args.output}", file=out)
    return 0


def _cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    from analyzer.reports import ReportFormat, ReportSection, format_for_path

    # Checked before the deck is read: a wrong name or section is a usage error at once.
    try:
        fmt = ReportFormat.parse(args.format) if args.format else format_for_path(args.output)
        sections = ReportSection.parse_list(args.sections)
    except InputError as err:
        raise _UsageError(str(err)) from err
    named = {f for f in ReportFormat if args.output.suffix.lower() in f.suffixes}
    if named and fmt not in named:
        named_fmt = named.pop()
        raise _UsageError(f"{str(args.output)!r}: the report is {fmt.name}, but the name "
                          f"says {named_fmt.name}; name it {fmt.suffixes[0]} or drop --format")
    notes = args.notes
    if args.notes_file is not None:
        try:
            notes = args.notes_file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(f"{str(args.notes_file)!r}: cannot read the notes: {err}") from err
    db = services.open_database(args.db)
    analysis = _analyze(db, args.deck)
    findings = run_job(services.report_findings_job(db, analysis, sections, seed=args.seed))
    services.export_report(analysis, args.output, fmt=fmt, sections=sections,
                           title=args.title, notes=notes, findings=findings)
    print(f"wrote {args.output} ({fmt.label} report)", file=out)
    return 0


def _cmd_info(args: argparse.Namespace, out: TextIO) -> int:
    info = services.database_info(services.open_database(args.db))
    print(f"database: {info.url}\ncards:    {info.cards:,} ({info.faces:,} faces)\n"
          f"source:   {info.source or '-'}\nimported: {info.imported_at or '-'}\n"
          f"date:     {info.data_date or '-'}\nschema:   {info.schema_version}", file=out)
    if getattr(args, "problems", False):
        problems = services.card_data_problems(services.open_database(args.db))
        their = "its data says it has" if len(problems) == 1 else "their data says they have"
        print(f"problems: {_cards(len(problems))} whose text is missing though {their} "
              "abilities", file=out)
        for problem in problems:
            print(f"  {problem}", file=out)
    return 0


def _cards(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


def _card_json(card: Card) -> dict[str, Any]:
    """A search result as JSON: Scryfall-like card fields (multi-face values joined ' // ')."""
    faces = card.faces or (card.front,)
    colors = {c for f in faces for c in f.colors}
    return {"name": card.name, "id": card.id, "layout": card.layout,
            "mana_cost": " // ".join(f.mana_cost for f in faces) if len(faces) > 1
            else card.mana_cost,
            "type_line": " // ".join(f.type for f in faces), "mana_value": card.mana_value,
            "colors": [c for c in "WUBRG" if c in colors],
            "color_identity": list(card.color_identity), "text": card.text,
            "power": card.power, "toughness": card.toughness, "keywords": list(card.keywords),
            "faces": [f.name for f in faces] if len(faces) > 1 else []}


def _cmd_search(args: argparse.Namespace, out: TextIO) -> int:
    db = services.open_database(args.db)
    if args.limit is not None and args.limit < 0:
        raise _UsageError(f"--limit must be 0 or more, not {args.limit!r}")

    def building() -> None:
        print("building the full-text search index (once after an import)...",
              file=sys.stderr, flush=True)

    cards = services.search(db, " ".join(args.query), limit=args.limit, on_index_build=building)
    if args.json:
        json.dump([_card_json(c) for c in cards], out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        for card in cards:
            print(card.name, file=out)
    return 0


def _cmd_card(args: argparse.Namespace, out: TextIO) -> int:
    card, profile = services.card_profile(services.open_database(args.db), args.name)
    if args.json:
        data = profile.to_json()
        data["oracle"] = {"name": card.name, "layout": card.layout,
                          "mana_value": card.mana_value, "keywords": list(card.keywords),
                          "faces": [{"name": f.name, "mana_cost": f.mana_cost, "type": f.type,
                                     "text": f.text, "power": f.power,
                                     "toughness": f.toughness, "loyalty": f.loyalty}
                                    for f in card.faces]}
        json.dump(data, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        # A split card's faces each have a cost (CR 709.2): "Fire // Ice  {1}{R} // {1}{U}".
        # A transforming card's back face has no cost (CR 712.2) and is left out.
        costs = [f.mana_cost for f in card.faces if f.mana_cost]
        cost = " // ".join(costs) if len(costs) > 1 else card.mana_cost
        print(f"{card.name}  {cost}\n{card.type_line}\n{card.text}\n", file=out)
        print(profile.describe(), file=out)
    return 0


def _cmd_coverage(args: argparse.Namespace, out: TextIO) -> int:
    db = services.open_database(args.db)
    show = None if args.quiet or args.json else _progress_printer(sys.stderr)
    from analyzer.data_files import sample_decks_dir, shared_decks_dir

    decks = Path(args.decks) if args.decks else (shared_decks_dir() or sample_decks_dir())
    report = run_job(services.coverage_job(db, decks=decks), show)
    if args.json:
        json.dump(report.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        print(report.format_text(), file=out)
    return 0


def _cmd_scenario(args: argparse.Namespace, out: TextIO) -> int:
    from analyzer.rules.cards import CardLibrary
    from analyzer.rules.scenario import run_file

    cards = CardLibrary.from_database(services.open_database(args.db)) if args.db \
        else CardLibrary.starter()
    passed = failed = broken = 0
    for path in args.files:
        try:
            services.read_text_file(path, "scenario file")   # a folder, binary: said plainly
            checks = run_file(path, cards)
        except InputError as err:
            print(f"spellweb: error: {err}", file=sys.stderr)
            broken += 1
            continue
        for check in checks:
            print(check.line(), file=out)
            passed += check.ok
            failed += not check.ok
    print(f"{passed} passed, {failed} failed, {broken} "
          f"{'file' if broken == 1 else 'files'} unreadable", file=sys.stderr)
    return EXIT_INPUT if failed or broken else 0


def _cmd_combos(args: argparse.Namespace, out: TextIO) -> int:
    db = services.open_database(args.db)
    if args.iterations is not None and args.iterations < 2:
        raise _UsageError(f"--iterations must be 2 or more, not {args.iterations!r}")
    deck = _read_with_warnings(db, args.deck)
    report = services.deck_combos(db, deck, discover=not args.no_discover,
                                  iterations=args.iterations, strict=False)
    if args.json:
        json.dump(report.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        for line in report.lines():
            print(line, file=out)
    return 0


def _cmd_lines(args: argparse.Namespace, out: TextIO) -> int:
    for name in ("depth", "nodes", "top", "turn"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise _UsageError(f"--{name} must be 1 or more, not {value!r}")
    goal = _checked_goal(args.goal)   # a bad goal or combo id: usage error, exit 2
    if args.sample:
        deck_db = services.open_database(args.db)
        if goal.startswith("cast:"):   # a typo: did you mean, exit 2
            try:
                named = services.require_card(deck_db, goal[5:]).name
            except InputError as err:
                raise _UsageError(f"argument --goal: {err}") from err
            deck = _read_with_warnings(deck_db, args.scenario)
            goal = "cast:" + _goal_card(named, [c.name for c, _ in deck.main_and_commander()],
                                        f"is not in the deck {args.scenario}")
        else:
            deck = _read_with_warnings(deck_db, args.scenario)
        report = services.deck_sample_lines(
            deck_db, deck, goal, seed=args.seed, turn=args.turn, depth=args.depth,
            nodes=args.nodes, top=args.top, strict=False)
    else:
        db = services.open_database(args.db) if args.db else None
        if goal.startswith("cast:"):
            names = _board_card_names(args.scenario)
            if names is not None:   # an unreadable file is reported by the search
                goal = "cast:" + _goal_card(goal[5:], names,
                                            f"is not on the board of {args.scenario}")
        report = services.scenario_lines(db, args.scenario, goal, depth=args.depth,
                                         nodes=args.nodes, top=args.top)
    if args.json:
        json.dump(report.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
        return 0
    print(f"Goal: {report.goal.describe()} ({report.nodes} states searched"
          f"{'' if report.exhausted else ', budget reached'})", file=out)
    for card in report.left_out:
        print(f"left out of the sample: {card}", file=sys.stderr)
    for problem in report.problems:
        print(f"search cut short: {problem}", file=sys.stderr)
    if not report.lines:
        print(f"No line found: {report.stopped_by}.", file=out)
    for i, line in enumerate(report.lines, start=1):
        print(f"Line {i}: {line.summary}" + (f" ({line.result})" if line.result else "")
              + (f" · stopped at {line.stopped}" if line.stopped else ""), file=out)
        for n, step in enumerate(line.steps, start=1):
            print(f"  {n}. {step.text}", file=out)
            for event in step.events:
                print(f"       {event}", file=out)
    return 0


def _checked_goal(text: str) -> str:
    """``--goal`` as ``damage``, ``cast:NAME`` or ``combo:ID`` (spaces trimmed).

    Raises
    ------
    _UsageError
        No such goal kind, or no combo of the catalog (``data/combos``) has the id; the
        message offers the closest ids.
    """
    from rapidfuzz import fuzz, process

    from analyzer.combos.catalog import load_catalog
    from analyzer.combos.goals import resolve_goal
    from analyzer.simulate.lines import GoalKind

    try:
        goal = resolve_goal(text)
    except InputError as err:
        hint = ""
        if text.strip().lower().startswith("combo:"):
            ids = [c.id for c in load_catalog()]
            close = process.extract(text.split(":", 1)[1].strip(), ids, scorer=fuzz.ratio,
                                    limit=3, score_cutoff=80)
            hint = "; did you mean " + " or ".join(repr(c[0]) for c in close) + "?" \
                if close else ""
        raise _UsageError(f"argument --goal: {err}{hint}") from err
    if goal.kind is GoalKind.CAST:
        return f"cast:{goal.card}"
    return "damage" if goal.kind is GoalKind.DAMAGE else f"combo:{goal.combo}"


def _goal_card(name: str, names: Sequence[str], missing: str) -> str:
    """The card of ``cast:NAME`` as ``names`` (the board's or the deck's cards) spell it
    (the search matches names without regard to case).

    Raises
    ------
    _UsageError
        No card of ``names`` has that name: ``'X' {missing}; did you mean 'Y'?``, or the
        cards there when none is close.
    """
    from analyzer.decks import NameSuggester

    found = {n.casefold(): n for n in names}
    if name.casefold() in found:
        return found[name.casefold()]
    close = NameSuggester(sorted(found.values())).suggest(name)
    hint = (f"; did you mean {' or '.join(map(repr, close))}?" if close
            else f" (cards there: {', '.join(sorted(found.values())) or 'none'})")
    raise _UsageError(f"argument --goal: {name!r} {missing}{hint}")


_COPIES = re.compile(r"^(?P<name>.*?)\s+x\d+$")
"""A zone entry ``"Name xN"`` (SCENARIO_FORMAT.md, "Cards in zones")."""


_ZONE_KEYS = ("hand", "battlefield", "graveyard", "library", "exile", "command")
"""A scenario player's zone keys (../shared/rules/SCENARIO_FORMAT.md)."""


def _board_card_names(path: Path) -> list[str] | None:
    """The card names in every zone of every player of a scenario file's first document
    (an entry is ``"Name"``, ``"Name xN"`` or a map with ``card``); None when the file
    can't be read as a scenario or a zone is malformed (:func:`services.scenario_lines`
    then says why, exit 1, whatever the goal)."""
    from analyzer.rules.scenario_file import load_documents

    try:
        documents = load_documents(services.read_text_file(path, "scenario file"), str(path))
    except InputError:
        return None
    players = documents[0].get("players") if documents else None
    if not isinstance(players, dict) or \
            not isinstance(documents[0].get("turn") or {}, dict):
        return None
    names: list[str] = []
    for player in players.values():
        if not isinstance(player, dict):
            return None          # a malformed board: the search reports the file's error
        for key, zone in player.items():
            if key not in _ZONE_KEYS:       # life, mana_pool...
                continue
            if not isinstance(zone, list):
                return None
            for entry in zone:
                name = entry.get("card") if isinstance(entry, dict) else entry
                if not isinstance(name, str):
                    return None
                copies = _COPIES.match(name.strip())
                names.append(copies["name"] if copies else name.strip())
    return names


def _cmd_odds(args: argparse.Namespace, out: TextIO) -> int:
    db = services.open_database(args.db)
    report = services.deck_odds(db, _read_with_warnings(db, args.deck), turns=args.turns,
                                games=args.games, seed=args.seed, on_the_play=not args.draw,
                                mulligan=args.mulligan, strict=False)
    if args.json:
        json.dump(report.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
        return 0
    print(f"{report.games} games, seed {report.seed}. {report.assumptions}", file=out)
    head = "  ".join(f"T{t:<4d}" for t in range(1, report.turns + 1))
    print(f"{'':40s}  {head}", file=out)
    for c in report.combos:
        cells = "  ".join(f"{p:5.1%}" for p in c.by_turn)
        print(f"{c.combo_id[:40]:40s}  {cells}", file=out)
        if c.exact is not None:   # README: the exact value (no mulligan) beside the simulated
            cells = "  ".join(f"{p:5.1%}" for p in c.exact)
            print(f"{'  exact (hypergeometric, no mulligan)':40s}  {cells}", file=out)
    for a in report.alt_costs:
        cells = "  ".join(f"{p:5.1%}" for p in a.by_turn)
        print(f"{(a.card + ' (' + a.cost + ')')[:40]:40s}  {cells}", file=out)
    if not report.combos and not report.alt_costs:
        print("No catalog combo and no sneak or prowl card in this deck.", file=out)
    return 0


_HANDLERS = {"import-cards": _cmd_import, "deck": _cmd_deck, "convert": _cmd_convert,
             "graph": _cmd_graph,
             "report": _cmd_report, "info": _cmd_info, "search": _cmd_search,
             "card": _cmd_card, "coverage": _cmd_coverage, "scenario": _cmd_scenario,
             "suggest": _cmd_suggest, "combos": _cmd_combos, "lines": _cmd_lines,
             "odds": _cmd_odds}


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
