"""Benchmark: building and rendering a deck's report in each format, on real decks.

Imports the card file once into a temporary SQLite file, analyses three real decks of
../shared/data/decks (the ones tests/reports uses), then times, best of N runs each:
building the report model, and rendering it as HTML, PDF, Markdown and JSON. Beside them, a
baseline measured in the same run: ``json.dumps`` of the deck's node-link graph, the cheapest
serialisation of the same analysis. Prints seconds, pages (PDF) and ratios. No assertion.

Usage::

    python benchmarks/report_export.py [SHARED] [--repeat N]

SHARED defaults to ../shared.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pypdf import PdfReader  # noqa: E402

from analyzer import services  # noqa: E402
from analyzer.graph import graph_to_node_link  # noqa: E402
from analyzer.reports import ReportFormat, build_report, render_report  # noqa: E402

DECKS = ["text/splinter_radical_rat_ninjas_commander.txt",
         "mtgo_dek/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.dek",
         "forge_dck/Rogues on the Prowl.dck"]


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("shared", nargs="?", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = services.open_database(f"sqlite:///{Path(folder) / 'cards.sqlite'}", seed=False)
        services.import_cards(db, args.shared / "data" / "AtomicCards.json.gz")
        print(f"{'deck':<40} {'edges':>6} {'baseline':>9} {'model':>8} "
              + " ".join(f"{f.name:>9}" for f in ReportFormat) + "  pages  PDF/baseline")
        for rel in DECKS:
            analysis = services.analyze_deck(db, args.shared / "data" / "decks" / rel)
            baseline = best_of(args.repeat,
                               lambda a=analysis: json.dumps(graph_to_node_link(a.graph)))
            model = best_of(args.repeat, lambda a=analysis: build_report(a))
            report = build_report(analysis)
            times = {f: best_of(args.repeat, lambda f=f, r=report: render_report(r, f))
                     for f in ReportFormat}
            pages = len(PdfReader(io.BytesIO(render_report(report, ReportFormat.PDF))).pages)
            print(f"{Path(rel).stem[:40]:<40} {analysis.graph.number_of_edges():>6} "
                  f"{baseline:>8.3f}s {model:>7.3f}s "
                  + " ".join(f"{times[f]:>8.3f}s" for f in ReportFormat)
                  + f"  {pages:>5}  {times[ReportFormat.PDF] / baseline:>8.0f}x")


if __name__ == "__main__":
    main()
