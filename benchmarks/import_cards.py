"""Benchmark: full MTGJSON AtomicCards import against plain ``json.load`` of the same file.

Prints, in one run on the same file:

- ``json.load`` of the file (decompression included): the floor any importer pays;
- the full import (:func:`analyzer.cards.importing.import_atomic_cards`: read, convert,
  write into a fresh SQLite file in one transaction with its full-text index, commit; the
  conversion and the writing overlap in two threads);
- their ratio (issue 3's goal: under 3x), on the fastest run of each and on the medians.
  Runs of the two alternate, so a busy machine slows both alike; CPU seconds
  (``time.process_time``) are shown beside wall seconds, as other processes inflate the latter;
- the import step by step, one after the other (the same functions the import calls, in one
  transaction): their sum beside the full import shows what the overlap saves;
- peak memory: the Python heap during an import (tracemalloc) and the process's peak
  resident size (SQLite's page cache and FTS buffers included).

No assertion: the figures are for the issue notes and for spotting regressions.

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
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.cards.db import printings as prepo  # noqa: E402
from analyzer.cards.db import repository as repo  # noqa: E402
from analyzer.cards.db.engine import Database  # noqa: E402
from analyzer.cards.db.fulltext import INSERT_SEARCH_ROWS, create_search_index  # noqa: E402
from analyzer.cards.db.rows import (  # noqa: E402
    JsonCache,
    build_rows,
    bulk_load,
    insert_rows,
)
from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file  # noqa: E402
from analyzer.cards.importing import (  # noqa: E402
    _restore_sqlite,
    _tune_sqlite,
    distinct_ids,
    import_atomic_cards,
    split_cards,
)

Timing = tuple[float, float]
"""(wall seconds, CPU seconds)."""


def _open(path: Path):  # type: ignore[no-untyped-def]
    head = path.open("rb").read(6)
    if head.startswith(b"\x1f\x8b"):
        return gzip.open(path, "rb")
    if head.startswith(b"\xfd7zXZ"):
        return lzma.open(path, "rb")
    if head.startswith(b"BZh"):
        return bz2.open(path, "rb")
    return path.open("rb")


def _timed(action: Callable[[], Any]) -> tuple[Any, Timing]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return result, (time.perf_counter() - wall, time.process_time() - cpu)


def time_json_load(path: Path) -> Timing:
    """Seconds to decompress and ``json.load`` the file."""
    def load() -> None:
        with _open(path) as fh:
            json.load(fh)
    return _timed(load)[1]


def time_import(path: Path) -> tuple[Timing, int]:
    """Seconds for a full import into a fresh SQLite file, and the card count."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cards.sqlite'}")
        summary, timing = _timed(lambda: import_atomic_cards(db, path))
        db.dispose()
    return timing, summary.cards


def time_steps(path: Path) -> dict[str, Timing]:
    """Each step of the import on its own, one after the other, in one transaction (the
    import itself overlaps building the rows with writing them, in two threads)."""
    steps: dict[str, Timing] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cards.sqlite'}")
        doc, steps["read (decompress + json.loads)"] = _timed(lambda: read_atomic_file(path))
        cards, steps["convert (JSON -> Card, checked)"] = _timed(
            lambda: distinct_ids(split_cards(iter_atomic_cards(doc), path)[0]))
        rows, steps["rows (Card -> tuples, JSON text)"] = _timed(
            lambda: build_rows(cards, JsonCache()))
        with db.session() as session:
            _tune_sqlite(session)
            repo.wipe_cards(session)
            create_search_index(session)

            def write(search: bool) -> None:
                with bulk_load(session):
                    insert_rows(session, rows, search=search)
            _, steps["insert (executemany + indexes)"] = _timed(lambda: write(False))
            _, steps["full-text rows (FTS5 trigram)"] = _timed(
                lambda: session.connection().exec_driver_sql(
                    INSERT_SEARCH_ROWS, list(rows.search)))

            def finish() -> None:
                if prepo.has_printings(session):
                    prepo.relink_printings(session)
                repo.set_meta(session, source=path.name, imported_at=repo.utc_now())
                session.commit()
            _, steps["meta + commit (FTS segment written)"] = _timed(finish)
        _restore_sqlite(db)
        db.dispose()
    return steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path,
                        default=ROOT.parent / "shared" / "data" / "AtomicCards.json.gz")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (alternating)")
    args = parser.parse_args()
    if not args.path.is_file():
        print(f"no such file: {args.path}", file=sys.stderr)
        return 1
    loads: list[Timing] = []
    imports: list[Timing] = []
    cards = 0
    for _ in range(args.repeat):
        loads.append(time_json_load(args.path))
        timing, cards = time_import(args.path)
        imports.append(timing)
    steps = [time_steps(args.path) for _ in range(max(1, args.repeat // 2))]
    tracemalloc.start()
    time_import(args.path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux

    def best(runs: list[Timing], i: int) -> float:
        return min(r[i] for r in runs)

    def median(runs: list[Timing], i: int) -> float:
        return statistics.median(r[i] for r in runs)

    print(f"file:            {args.path} ({args.path.stat().st_size / 1e6:.1f} MB)")
    print(f"cards imported:  {cards:,}")
    print(f"runs:            {args.repeat} of each, alternating; fastest / median")
    print(f"json.load:       {best(loads, 0):.2f} / {median(loads, 0):.2f} s wall, "
          f"{best(loads, 1):.2f} / {median(loads, 1):.2f} s CPU")
    print(f"full import:     {best(imports, 0):.2f} / {median(imports, 0):.2f} s wall, "
          f"{best(imports, 1):.2f} / {median(imports, 1):.2f} s CPU "
          "(SQLite file, one transaction)")
    print(f"ratio:           {best(imports, 0) / best(loads, 0):.1f}x json.load "
          f"(fastest runs, wall); {median(imports, 0) / median(loads, 0):.1f}x (medians, "
          f"wall); {best(imports, 1) / best(loads, 1):.1f}x (fastest, CPU)   goal: < 3x")
    print(f"throughput:      {cards / best(imports, 0):,.0f} cards/s")
    print("steps (fastest of "
          f"{len(steps)}, wall / CPU s):")
    for name in steps[0]:
        wall = min(s[name][0] for s in steps)
        cpu = min(s[name][1] for s in steps)
        print(f"  {name:<36} {wall:5.2f} / {cpu:5.2f}")
    print(f"peak Python heap during import: {peak / 1e6:.0f} MB   goal: < 1.5 GiB")
    print(f"peak resident size of this process: {rss / 2**20:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
