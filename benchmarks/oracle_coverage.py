"""Oracle compiler coverage over the real card file (prints figures, asserts nothing).

Usage: ``python benchmarks/oracle_coverage.py [PATH] [--json]``; PATH defaults to
../shared/data/AtomicCards.json.gz. Prints cards fully understood (count and %), keyword
instances recognised, by card type, by data source (the file has no sets), the 30 most
common unsupported phrasings and the compile time per card.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file
from analyzer.oracle.coverage import coverage_job
from analyzer.progress import run_job

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "AtomicCards.json.gz"


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("--")]
    path = Path(paths[0]) if paths else DEFAULT
    start = time.perf_counter()
    cards = [c for c in iter_atomic_cards(read_atomic_file(path)) if not isinstance(c, Exception)]
    loaded = time.perf_counter() - start
    report = run_job(coverage_job(cards, len(cards)))
    if "--json" in argv:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(f"read {len(cards):,} cards from {path} in {loaded:.1f} s")
        print(report.format_text())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
