"""Benchmark: full MTGJSON AtomicCards import against plain ``json.load`` of the same file.

Prints the import time (read, convert, write into a fresh SQLite file, one transaction), the
time of ``json.load`` of the same file in the same run (the floor any importer pays), and
their ratio. No assertion: the figures are for the issue notes and for spotting regressions.

Usage::

    python benchmarks/import_cards.py [PATH] [--repeat N]

PATH defaults to ../shared/data/AtomicCards.json.gz.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import json
import lzma
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.cards.db.engine import Database  # noqa: E402
from analyzer.cards.importing import import_atomic_cards  # noqa: E402


def _open(path: Path):  # type: ignore[no-untyped-def]
    head = path.open("rb").read(6)
    if head.startswith(b"\x1f\x8b"):
        return gzip.open(path, "rb")
    if head.startswith(b"\xfd7zXZ"):
        return lzma.open(path, "rb")
    if head.startswith(b"BZh"):
        return bz2.open(path, "rb")
    return path.open("rb")


def time_json_load(path: Path) -> float:
    """Seconds to decompress and ``json.load`` the file."""
    started = time.perf_counter()
    with _open(path) as fh:
        json.load(fh)
    return time.perf_counter() - started


def time_import(path: Path) -> tuple[float, int]:
    """Seconds for a full import into a fresh SQLite file, and the card count."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cards.sqlite'}")
        started = time.perf_counter()
        summary = import_atomic_cards(db, path)
        elapsed = time.perf_counter() - started
        db.dispose()
    return elapsed, summary.cards


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path,
                        default=ROOT.parent / "shared" / "data" / "AtomicCards.json.gz")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (median shown)")
    args = parser.parse_args()
    if not args.path.is_file():
        print(f"no such file: {args.path}", file=sys.stderr)
        return 1
    loads = [time_json_load(args.path) for _ in range(args.repeat)]
    imports = []
    cards = 0
    for _ in range(args.repeat):
        elapsed, cards = time_import(args.path)
        imports.append(elapsed)
    tracemalloc.start()
    time_import(args.path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    base, full = statistics.median(loads), statistics.median(imports)
    print(f"file:            {args.path} ({args.path.stat().st_size / 1e6:.1f} MB)")
    print(f"cards imported:  {cards:,}")
    print(f"json.load:       {base:.2f} s (median of {args.repeat})")
    print(f"full import:     {full:.2f} s (median of {args.repeat}; SQLite file, one transaction)")
    print(f"ratio:           {full / base:.1f}x json.load")
    print(f"throughput:      {cards / full:,.0f} cards/s")
    print(f"peak Python heap during import: {peak / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
