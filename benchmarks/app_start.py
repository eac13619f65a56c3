"""Benchmark: from launching ``spellweb`` to a usable window, with the full card database.

Imports ../shared/data/AtomicCards.json.gz into a temporary SQLite file once, then times, under
QT_QPA_PLATFORM=offscreen, beside a baseline measured in the same run (a bare PySide6 program
that shows one empty window, paints it and exits):

- **start to a usable window** (the issue's goal, under 1.5 s): a new Python process imports
  Spellweb's window, opens the database (schema check included), builds and shows the main
  window and paints it once — the moment a person can open a deck or search — then exits;
- ``spellweb --db URL --screenshot DIR`` for reference: the same start, then one picture of
  every view (the Graph, Combos, Stats... views wait for their background work), then exit.

Every timed process reads compiled bytecode, as an installed Spellweb does (``pip install``
compiles each module to a ``.pyc``): the children get a private ``PYTHONPYCACHEPREFIX``
(filled by an untimed first run), whatever ``PYTHONDONTWRITEBYTECODE`` says here. For
reference, one start that compiles every module from source (a first start after editing
the sources with bytecode writing off) is printed too.

Prints the median of each and the ratios. No assertion: the figures are for the issue notes.

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

USABLE = ("import sys, time\n"
          "import ui.main  # what the spellweb command imports first\n"
          "from ui.app import create_application\n"
          "from ui.main_window import MainWindow\n"
          "app = create_application(); w = MainWindow(sys.argv[1], interactive=False)\n"
          "w.show(); app.processEvents(); w.grab()\n"
          "assert w.controller.database_info() is not None, 'the database did not open'\n"
          "print(time.time(), flush=True)\n"
          "w.controller.shutdown()\n")
"""Prints the wall-clock time at which the window is usable; the parent subtracts the time
it launched the process (shutting down afterwards is not part of the start)."""
BASELINE = ("from PySide6.QtWidgets import QApplication, QMainWindow\n"
            "app = QApplication([]); w = QMainWindow(); w.resize(1400, 900); w.show()\n"
            "app.processEvents(); w.grab().save('/dev/null', 'PNG')\n")


def _time_to_usable(command: list[str], env: dict[str, str]) -> float:
    started = time.time()
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1]) - started


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
    source_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
                  "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
                  "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        source_env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "no-pycache")  # stays empty
        env = {**source_env, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE")
        url = f"sqlite:///{Path(tmp) / 'cards.sqlite'}"
        db = services.open_database(url, seed=False)
        cards = services.import_cards(db, args.path).cards
        db.dispose()
        shots = [sys.executable, "-m", "ui.main", "--db", url, "--screenshot", str(Path(tmp))]
        usable = [sys.executable, "-c", USABLE, url]
        base = [sys.executable, "-c", BASELINE]
        _time(usable, env)  # warm the file cache once and write the bytecode
        _time(shots, env)
        from_source = _time_to_usable(usable, source_env)
        usables, bases, shot_runs = [], [], []
        for _ in range(args.repeat):   # interleaved, so machine load hits all three alike
            bases.append(_time(base, env))
            usables.append(_time_to_usable(usable, env))
            shot_runs.append(_time(shots, env))
    u, b, s = (statistics.median(x) for x in (usables, bases, shot_runs))
    print(f"database:             {cards:,} cards (SQLite)")
    print(f"bare Qt window:       {b:.2f} s (median of {args.repeat})")
    print(f"usable window:        {u:.2f} s (median of {args.repeat}; start, database, window "
          f"shown and painted) = {u / b:.1f}x the bare window (goal < 1.5 s)")
    print(f"usable window, every module compiled from source (no .pyc): {from_source:.2f} s "
          f"(one run; not what an installed Spellweb does)")
    print(f"--screenshot, all views: {s:.2f} s (median of {args.repeat}; the same start, then "
          f"one picture per view after its background work, exit) = {s / b:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
