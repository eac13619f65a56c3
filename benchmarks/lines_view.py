"""Benchmark: how long the Lines view holds the GUI thread when it is first shown and at
each step forward through a found line.

The board is the real Splinter deck's sample hand (seed 0, turn 5) and the line is the
best "most damage" line searched on it. Times are CPU time of the GUI thread
(``time.thread_time``, so that other processes and the search worker do not count): the
call itself plus the event processing (layout and paint) that follows it, offscreen.

Baselines in the same run:

- per step, the analyzer's own work (the rules core's apply, the board snapshot and the
  legal actions, :class:`~analyzer.simulate.play.LinePlayer`) without any Qt: the ratio is
  what the views add;
- the view settings before the review fixes (power/toughness and log-number columns sized
  to their contents, list rows measured one by one) on the same panel.

No assertion: the figures go in the issue notes.

Usage::

    QT_QPA_PLATFORM=offscreen python benchmarks/lines_view.py --db sqlite:////tmp/full.sqlite
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DECK = ROOT.parent / "shared" / "data" / "decks" / "text" / \
    "splinter_radical_rat_ninjas_commander.txt"


def _cpu(app, call) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """GUI-thread CPU ms of ``call()`` and of the events it leaves to process."""
    start = time.thread_time()
    call()
    middle = time.thread_time()
    app.processEvents()
    return (middle - start) * 1000, (time.thread_time() - middle) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite:////tmp/full.sqlite",
                        help="a full card database (spellweb import-cards)")
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication, QHeaderView

    app = QApplication([])
    from analyzer.progress import CancelToken, run_job
    from analyzer.simulate.play import LinePlayer
    from ui.controllers import Controller, load_deck_job
    from ui.widgets.lines_panel import LinesPanel, LinesSession

    controller = Controller(args.db)
    if not controller.open_database():
        sys.exit(f"can't open {args.db}")
    loaded = run_job(load_deck_job(controller.db, DECK, CancelToken()))
    session = LinesSession(controller)
    panel = LinesPanel(session)
    panel.resize(1300, 800)
    session.set_deck(loaded.analysis.deck, list(loaded.analysis.analysed_cards))
    call, events = _cpu(app, panel.show)
    print(f"first show: {call + events:.1f} ms CPU (call {call:.1f}, events {events:.1f})")

    def wait(done) -> None:  # type: ignore[no-untyped-def]
        while not done():
            app.processEvents()
            time.sleep(0.01)

    session.deal_sample(0, 5)
    wait(lambda: session.sample_worker is None)
    session.search("damage")
    wait(lambda: session.search_worker is None)
    script = [action for action, _ in session.player.script]
    print(f"line: {len(script)} actions")

    def steps() -> list[float]:
        session.reset()
        app.processEvents()
        return [sum(_cpu(app, session.forward)) for _ in script]

    after = steps()
    board, log = panel.board_view.header(), panel.log_view.horizontalHeader()
    board.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    log.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    for view in (panel.script_view, panel.actions_view, panel.found_view, panel.deck_view):
        view.setUniformItemSizes(False)
    before = steps()
    session.reset()
    player = LinePlayer(session.player.game.copy())   # the start board
    player.load(script)
    core = []
    for _ in script:
        start = time.thread_time()
        player.forward()
        player.snapshot()
        player.legal_actions()
        core.append((time.thread_time() - start) * 1000)
    median = statistics.median
    print(f"step forward (median of {len(script)}): {median(after):.1f} ms CPU "
          f"(max {max(after):.1f}); with the earlier view settings {median(before):.1f} ms "
          f"(x{median(before) / median(after):.2f}); the analyzer alone "
          f"{median(core):.1f} ms (views add x{median(after) / median(core):.2f})")
    controller.shutdown()


if __name__ == "__main__":
    main()
