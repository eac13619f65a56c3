"""The rules core's commands: ``scenario``, ``combos``, ``lines``, ``odds``.

Part of :mod:`analyzer.cli` (the package builds the parser from every group).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from analyzer import services
from analyzer.cli.common import (
    _POSITIVE,
    EXIT_INPUT,
    _int_at_least,
    _read_with_warnings,
    _UsageError,
)
from analyzer.errors import InputError


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


def _parser_scenario(sub: Any) -> None:
    """The ``scenario`` subcommand and its arguments."""
    p = sub.add_parser("scenario", help="run rules scenario files (YAML): a PASS/FAIL line "
                                        "per expectation")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE",
                   help="scenario files (docs/scenarios.md); cards come from --db, else the "
                        "starter set")


def _parser_combos(sub: Any) -> None:
    """The ``combos`` subcommand and its arguments."""
    p = sub.add_parser("combos", help="combos in a deck, verified in the rules core, and "
                                      "near misses")
    p.add_argument("deck", type=Path)
    p.add_argument("--json", action="store_true",
                   help='print JSON: {"combos": [...], "near_misses": [...]}')
    p.add_argument("--no-discover", action="store_true",
                   help="only catalog combos, no loops discovered in the synergy graph")
    p.add_argument("--iterations", type=_int_at_least(2), default=None, metavar="K",
                   help="loop iterations played to verify a loop (default 5)")


def _parser_lines(sub: Any) -> None:
    """The ``lines`` subcommand and its arguments."""
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


def _parser_odds(sub: Any) -> None:
    """The ``odds`` subcommand and its arguments."""
    p = sub.add_parser("odds", help="goldfish odds: combo pieces and sneak/prowl casts by turn")
    p.add_argument("deck", type=Path)
    p.add_argument("--turns", type=_POSITIVE, default=6, metavar="N")
    p.add_argument("--games", type=_POSITIVE, default=10_000, metavar="G")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--draw", action="store_true", help="on the draw (default: on the play)")
    p.add_argument("--mulligan", choices=["london", "never"], default="london",
                   help="london: keep 2-5 lands in 7, at most two mulligans (default)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")


PARSERS: dict[str, Callable[[Any], None]] = {
    "scenario": _parser_scenario,
    "combos": _parser_combos,
    "lines": _parser_lines,
    "odds": _parser_odds,
}
"""The subcommands of this group: name -> the function that adds its parser."""

HANDLERS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "scenario": _cmd_scenario,
    "combos": _cmd_combos,
    "lines": _cmd_lines,
    "odds": _cmd_odds,
}
"""The subcommands of this group: name -> the function that runs it."""
