"""A deck's analysis commands: ``graph``, ``suggest``, ``report``.

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
from analyzer.cli.common import _POSITIVE, _analyze, _progress_printer, _UsageError
from analyzer.errors import InputError
from analyzer.progress import run_job


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


def _parser_graph(sub: Any) -> None:
    """The ``graph`` subcommand and its arguments."""
    p = sub.add_parser("graph", help="write the deck's synergy graph")
    p.add_argument("deck", type=Path)
    p.add_argument("-o", "--output", type=Path,
                   help="FILE.json (networkx node-link), FILE.graphml, FILE.svg or FILE.png; "
                        "default: JSON on stdout")


def _parser_suggest(sub: Any) -> None:
    """The ``suggest`` subcommand and its arguments."""
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


def _parser_report(sub: Any) -> None:
    """The ``report`` subcommand and its arguments."""
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


PARSERS: dict[str, Callable[[Any], None]] = {
    "graph": _parser_graph,
    "suggest": _parser_suggest,
    "report": _parser_report,
}
"""The subcommands of this group: name -> the function that adds its parser."""

HANDLERS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "graph": _cmd_graph,
    "suggest": _cmd_suggest,
    "report": _cmd_report,
}
"""The subcommands of this group: name -> the function that runs it."""
