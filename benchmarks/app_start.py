"""Benchmark: from launching ``spellweb`` to a usable window, with the full card database.

Imports ../shared/data/AtomicCards.json.gz into a temporary SQLite file once, then times
``spellweb --db URL --screenshot DIR`` (start, open the database, build and show the main
window, save the views, exit) under QT_QPA_PLATFORM=offscreen, beside a baseline measured in
the same run: a bare PySide6 program that shows one empty window and exits. Prints the median
of each and the ratio. No assertion: the goal (under 1.5 s) is for the issue notes.

Usage::

    python benchmarks/app_start.py [PATH] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer import services  # noqa: E402

BASELINE = ("from PySide6.QtWidgets import QApplication, QMainWindow\n"
            "app = QApplication([]); w = QMainWindow(); w.resize(1400, 900); w.show()\n"
            "app.processEvents(); w.grab().save('/dev/null', 'PNG')\n")


def _time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path,
                        default=ROOT.parent / "shared" / "data" / "AtomicCards.json.gz")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'cards.sqlite'}"
        db = services.open_database(url, seed=False)
        cards = services.import_cards(db, args.path).cards
        db.dispose()
        app = [sys.executable, "-m", "ui.main", "--db", url, "--screenshot", str(Path(tmp))]
        base = [sys.executable, "-c", BASELINE]
        _time(app, env)  # warm the file cache once
        apps = [_time(app, env) for _ in range(args.repeat)]
        bases = [_time(base, env) for _ in range(args.repeat)]
    a, b = statistics.median(apps), statistics.median(bases)
    print(f"database:        {cards:,} cards (SQLite)")
    print(f"bare Qt window:  {b:.2f} s (median of {args.repeat})")
    print(f"spellweb window: {a:.2f} s (median of {args.repeat}; start, database, window, "
          "screenshots, exit)")
    print(f"ratio:           {a / b:.1f}x the bare window; Spellweb's own share {a - b:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
