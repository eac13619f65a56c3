"""Benchmark: how fast the rules core plays scenario lines, and legal_actions on a busy board.

1. Scenario lines: every ``tests/scenarios/*.yaml`` document (and the shared worked examples
   when ../shared is there) is set up, played and checked ``--repeat`` times; prints lines
   (scenarios) per second and actions per second. Baseline in the same run: setting up the
   same boards without playing them (YAML read and cards compiled once, before timing).
2. legal_actions: a board of 20 permanents a side (lands, creatures, an anthem, a mana
   doubler) with 7 cards in hand, in the active player's main phase; prints the CPU time
   (best of ``--repeat``, ``time.process_time`` so that other processes on the machine do
   not count) of ``list(game.legal_actions())``, of ``Game.copy()`` (one snapshot) and of
   the slow path (a trial apply of every candidate, as ``legal_actions`` worked before its
   prefilters; both must yield the same actions).

No assertion: the figures go in the issue notes.

Usage::

    python benchmarks/rules_lines.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.rules import CardLibrary, Game, Step, Zone  # noqa: E402
from analyzer.rules import scenario as runner  # noqa: E402
from analyzer.rules.generate import candidates  # noqa: E402
from analyzer.rules.scenario_file import Node, load_documents  # noqa: E402


def _documents() -> list[Node]:
    paths = sorted((ROOT / "tests" / "scenarios").glob("*.yaml"))
    paths += sorted((ROOT.parent / "shared" / "rules" / "examples").glob("*.yaml"))
    found: list[Node] = []
    for path in paths:
        found += load_documents(path.read_text(encoding="utf-8"), str(path))
    return found


def _lines(documents: list[Node], cards: CardLibrary, repeat: int) -> None:
    actions = sum(len(d.get("actions") or []) for d in documents)
    for document in documents:                    # compile every card once, untimed
        runner._run_document(document, cards)
    play, setup = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        checks = [c for d in documents for c in runner._run_document(d, cards)]
        play.append(time.perf_counter() - started)
        started = time.perf_counter()
        for document in documents:
            runner._setup(document, runner._library(cards, document))
        setup.append(time.perf_counter() - started)
    failed = sum(not c.ok for c in checks)
    t_play, t_setup = statistics.median(play), statistics.median(setup)
    print(f"scenario lines: {len(documents)} lines, {actions} actions, {len(checks)} checks "
          f"({failed} failed)")
    print(f"  played and checked: {t_play * 1000:8.1f} ms -> {len(documents) / t_play:7.1f} "
          f"lines/s, {actions / t_play:8.1f} actions/s")
    print(f"  baseline (set up only): {t_setup * 1000:8.1f} ms; playing costs "
          f"{t_play / t_setup:.1f}x the setup")


def _busy_board(cards: CardLibrary) -> Game:
    game = Game(cards)
    for player in ("A", "B"):
        for i in range(20):
            game.add("Wastes", Zone.LIBRARY, player, alias=f"{player} library {i}")
        names = (["Forest"] * 4 + ["Island"] * 3 + ["Mountain"] * 3 + ["Swamp"] * 2
                 + ["Grizzly Bears", "Llanowar Elves", "Hill Giant", "Seacoast Drake",
                    "Raging Goblin", "Phyrexian Infiltrator", "Glorious Anthem",
                    "Mana Reflection"])
        for name in names:
            game.add(name, Zone.BATTLEFIELD, player)
    for name in ("Lightning Bolt", "Giant Growth", "Grizzly Bears", "Switcheroo",
                 "Act of Treason", "Naturalize", "Forest"):
        game.add(name, Zone.HAND, "A")
    game.start(Step.MAIN1, "A", 3)
    return game


def _slow_legal_actions(game: Game) -> list[object]:
    """The reference path: a trial apply of every candidate (what legal_actions did before
    its prefilters and target classes; ``Game.is_legal`` of each)."""
    return [a for a in candidates(game) if game.is_legal(a)]


def _legal_actions(cards: CardLibrary, repeat: int) -> None:
    game = _busy_board(cards)
    found = list(game.legal_actions())
    slow_found = _slow_legal_actions(game)
    timings, copies, slow = [], [], []
    for _ in range(repeat):
        started = time.process_time()
        list(game.legal_actions())
        timings.append(time.process_time() - started)
        started = time.process_time()
        for _ in range(10):
            game.copy()
        copies.append((time.process_time() - started) / 10)
        started = time.process_time()
        _slow_legal_actions(game)
        slow.append(time.process_time() - started)
    t_legal, t_copy = min(timings), min(copies)
    t_slow = min(slow)
    print(f"legal_actions on a busy board (20 permanents a side, 7 cards in hand): "
          f"{len(found)} legal actions (slow path: {len(slow_found)}, "
          f"{'same' if found == slow_found else 'DIFFERENT'})")
    print(f"  legal_actions: {t_legal * 1000:8.1f} ms ({t_legal / max(len(found), 1) * 1000:.2f}"
          f" ms per legal action)")
    print(f"  baseline Game.copy(): {t_copy * 1000:8.2f} ms; legal_actions costs "
          f"{t_legal / t_copy:.0f} copies")
    print(f"  baseline slow path (a trial apply per candidate): {t_slow * 1000:8.1f} ms; "
          f"legal_actions is {t_slow / t_legal:.0f}x faster")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cards = CardLibrary.starter()
    _lines(_documents(), cards, args.repeat)
    _legal_actions(cards, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
