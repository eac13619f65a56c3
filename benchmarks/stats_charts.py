"""Benchmark: what the Stats tab's QtCharts cost, and that the window does not pay it at start.

Each figure is measured in fresh interpreters (``QT_QPA_PLATFORM=offscreen``), beside a
baseline measured in the same run:

- **importing QtCharts** (``python -X importtime``: ``PySide6.QtCharts``'s cumulative time,
  imported after ``PySide6.QtWidgets``), against importing ``PySide6.QtWidgets`` itself;
- **building the Stats tab's charts** the first time it is shown (import included:
  :meth:`ui.widgets.stats_panel.StatsPanel.ensure_charts` with a real deck's statistics, then
  one paint), against painting the same panel before its charts exist;
- whether ``ui.main_window`` imports QtCharts at all before the tab is shown (it must not);
- **the longest the GUI thread blocks while the tab is first shown** (a 10 ms QTimer probe:
  the largest gap between its ticks, from ``show()`` until the last chart is built), against
  the probe's largest gap over the same time with the panel idle.

Prints medians and ratios. No assertion: the figures are for the issue notes.

Usage::

    python benchmarks/stats_charts.py [ATOMIC_CARDS] [DECK] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer import services  # noqa: E402

SHARED = ROOT.parent / "shared"
DECK = SHARED / "data" / "decks" / "mtgo_txt" / \
    "pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt"

BUILD = """
import sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from analyzer import services
from analyzer.progress import CancelToken, run_job
from ui.controllers import Controller, load_deck_job
from ui.widgets.stats_panel import StatsPanel
assert 'PySide6.QtCharts' not in sys.modules
db = services.open_database(sys.argv[1], seed=False)
loaded = run_job(load_deck_job(db, sys.argv[2], CancelToken()))
panel = StatsPanel(Controller.draw_odds)
panel.resize(1040, 820)
panel.set_stats(loaded.stats, Controller.card_groups(loaded))
panel.grab()
started = time.perf_counter(); panel.grab(); bare = time.perf_counter() - started
started = time.perf_counter(); panel.ensure_charts(); app.processEvents(); panel.grab()
built = time.perf_counter() - started
print(bare, built)
"""
PROBE = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from analyzer import services
from analyzer.progress import CancelToken, run_job
from ui.controllers import Controller, load_deck_job
from ui.widgets.stats_panel import StatsPanel
db = services.open_database(sys.argv[1], seed=False)
loaded = run_job(load_deck_job(db, sys.argv[2], CancelToken()))
panel = StatsPanel(Controller.draw_odds)
panel.resize(1040, 820)
panel.set_stats(loaded.stats, Controller.card_groups(loaded))
gaps, last = [], [time.perf_counter()]
def tick():
    now = time.perf_counter(); gaps.append(now - last[0]); last[0] = now
timer = QTimer(); timer.setInterval(10); timer.timeout.connect(tick); timer.start()
def spin(seconds, until=lambda: False):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not until():
        app.processEvents(); time.sleep(0.001)
spin(0.3); gaps.clear(); last[0] = time.perf_counter()
spin(0.8); idle = max(gaps)
gaps.clear(); last[0] = time.perf_counter()
panel.show()
spin(10, lambda: panel.odds_chart is not None); spin(0.3)
print(idle, max(gaps))
"""
WINDOW = ("import sys\nfrom ui.app import create_application\napp = create_application()\n"
          "from ui.main_window import MainWindow\n"
          "w = MainWindow(sys.argv[1], interactive=False); w.show(); app.processEvents()\n"
          "print('PySide6.QtCharts' in sys.modules); w.controller.shutdown()\n")


def _import_times(env: dict[str, str]) -> tuple[float, float]:
    """(QtWidgets, QtCharts) cumulative import times in seconds, one fresh interpreter."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c",
                           "import PySide6.QtWidgets; import PySide6.QtCharts"],
                          env=env, capture_output=True, text=True, check=True)
    found = {}
    for line in done.stderr.splitlines():
        match = re.match(r"import time:\s+\d+ \|\s+(\d+) \|\s+(\S+)$", line)
        if match and match[2] in ("PySide6.QtWidgets", "PySide6.QtCharts"):
            found[match[2]] = int(match[1]) / 1e6
    return found["PySide6.QtWidgets"], found["PySide6.QtCharts"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", type=Path,
                        default=SHARED / "data" / "AtomicCards.json.gz")
    parser.add_argument("deck", nargs="?", type=Path, default=DECK)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    imports = [_import_times(env) for _ in range(args.repeat)]
    widgets = statistics.median(w for w, _ in imports)
    charts = statistics.median(c for _, c in imports)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'cards.sqlite'}"
        db = services.open_database(url, seed=False)
        services.import_cards(db, args.cards)
        db.dispose()
        window = subprocess.run([sys.executable, "-c", WINDOW, url], env=env,
                                capture_output=True, text=True, check=True).stdout.split()
        builds, probes = [], []
        for _ in range(args.repeat):
            out = subprocess.run([sys.executable, "-c", PROBE, url, str(args.deck)], env=env,
                                 capture_output=True, text=True, check=True).stdout.split()
            probes.append((float(out[0]), float(out[1])))
            out = subprocess.run([sys.executable, "-c", BUILD, url, str(args.deck)], env=env,
                                 capture_output=True, text=True, check=True).stdout.split()
            builds.append((float(out[0]), float(out[1])))
    bare = statistics.median(b for b, _ in builds)
    built = statistics.median(b for _, b in builds)
    print(f"import PySide6.QtWidgets: {widgets * 1000:.1f} ms (median of {args.repeat})")
    print(f"import PySide6.QtCharts:  {charts * 1000:.1f} ms = {charts / widgets:.1%} of "
          "QtWidgets' import")
    print(f"paint the Stats panel without charts: {bare * 1000:.1f} ms")
    print(f"first charts build (import + 4 charts + paint): {built * 1000:.1f} ms = "
          f"{built / bare:.1f}x the bare paint")
    idle = statistics.median(i for i, _ in probes)
    shown = statistics.median(s for _, s in probes)
    print(f"longest GUI-thread block on the first show (10 ms QTimer probe): "
          f"{shown * 1000:.1f} ms, against {idle * 1000:.1f} ms idle "
          f"({shown / idle:.1f}x)")
    print(f"QtCharts imported by a started window before the Stats tab: {window[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
