"""Benchmark: full MTGJSON AtomicCards import against plain ``json.load`` of the same file.

Prints, in one run on the same file:

- ``json.load`` of the file (stdlib, decompression included): the baseline every ratio is
  against; beside it ``orjson.loads`` of the same bytes (the parser the import uses);
- the full import (:func:`analyzer.cards.importing.import_atomic_cards`: read, convert each
  entry straight to rows with its fields checked, write into a fresh SQLite file in one
  transaction, commit): the card data, usable and searchable (plain SQL) when it returns;
- the full-text index built after it (:func:`analyzer.cards.search.search_index_job`, its
  own transaction: the step after an import, or the first search), and import + index;
- their ratios to ``json.load`` (issue 3's goal: under 3x), on the fastest runs and on the
  medians. Runs alternate, so a busy machine slows all alike; CPU seconds
  (``time.process_time``) are shown beside wall seconds, as other processes inflate the latter;
- the import step by step, one after the other (the same functions the import calls, with
  the garbage collector paused as the import pauses it);
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

import orjson  # noqa: E402

from analyzer.cards.db import printings as prepo  # noqa: E402
from analyzer.cards.db import repository as repo  # noqa: E402
from analyzer.cards.db.engine import Database  # noqa: E402
from analyzer.cards.db.rows import CardRows, JsonCache, bulk_load, insert_rows  # noqa: E402
from analyzer.cards.importers.mtgjson import (  # noqa: E402
    _read_bytes,
    iter_atomic_entries,
    read_atomic_file,
)
from analyzer.cards.importing import (  # noqa: E402
    _restore_sqlite,
    _tune_sqlite,
    collector_paused,
    import_atomic_cards,
)
from analyzer.cards.search import search_index_job  # noqa: E402
from analyzer.progress import run_job  # noqa: E402

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
    """Seconds to decompress and ``json.load`` the file (the baseline)."""
    def load() -> None:
        with _open(path) as fh:
            json.load(fh)
    return _timed(load)[1]


def time_orjson(path: Path) -> Timing:
    """Seconds to decompress the file and ``orjson.loads`` it."""
    return _timed(lambda: orjson.loads(_read_bytes(path)))[1]


def time_import(path: Path) -> tuple[Timing, Timing, int]:
    """Seconds for a full import into a fresh SQLite file, then for building its full-text
    index, and the card count."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cards.sqlite'}")
        summary, timing = _timed(lambda: import_atomic_cards(db, path))
        built, index = _timed(lambda: run_job(search_index_job(db)))
        assert built
        db.dispose()
    return timing, index, summary.cards


def time_steps(path: Path) -> dict[str, Timing]:
    """Each step of the import on its own, one after the other, in one transaction."""
    steps: dict[str, Timing] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cards.sqlite'}")
        def read() -> Any:
            with collector_paused():
                return read_atomic_file(path)
        doc, steps["read (decompress + orjson.loads)"] = _timed(read)

        def convert() -> CardRows:
            rows = CardRows()
            with collector_paused():
                for entry in iter_atomic_entries(doc, JsonCache()):
                    if not isinstance(entry, Exception):
                        rows.add(entry)
            return rows
        rows, steps["JSON -> row tuples, checked"] = _timed(convert)
        with db.session() as session:
            _tune_sqlite(session)
            repo.wipe_cards(session)

            def write() -> None:
                with bulk_load(session):
                    insert_rows(session, rows)
            _, steps["insert (executemany + indexes)"] = _timed(write)

            def finish() -> None:
                if prepo.has_printings(session):
                    prepo.relink_printings(session)
                repo.set_meta(session, source=path.name, imported_at=repo.utc_now())
                session.commit()
            _, steps["meta + commit"] = _timed(finish)
        _restore_sqlite(db)
        _, steps["after: full-text index (own commit)"] = _timed(
            lambda: run_job(search_index_job(db)))
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
    orjsons: list[Timing] = []
    imports: list[Timing] = []
    indexes: list[Timing] = []
    both: list[Timing] = []
    cards = 0
    for _ in range(args.repeat):
        loads.append(time_json_load(args.path))
        orjsons.append(time_orjson(args.path))
        timing, index, cards = time_import(args.path)
        imports.append(timing)
        indexes.append(index)
        both.append((timing[0] + index[0], timing[1] + index[1]))
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

    def line(label: str, runs: list[Timing]) -> None:
        print(f"{label:<26} {best(runs, 0):5.2f} / {median(runs, 0):5.2f} s wall, "
              f"{best(runs, 1):5.2f} / {median(runs, 1):5.2f} s CPU")

    def ratio(label: str, runs: list[Timing]) -> None:
        print(f"{label:<26} {best(runs, 0) / best(loads, 0):4.2f}x (fastest, wall)  "
              f"{median(runs, 0) / median(loads, 0):4.2f}x (medians, wall)  "
              f"{best(runs, 1) / best(loads, 1):4.2f}x (fastest, CPU)   goal: < 3x")

    print(f"file: {args.path} ({args.path.stat().st_size / 1e6:.1f} MB)")
    print(f"cards imported: {cards:,}")
    print(f"runs: {args.repeat} of each, alternating; fastest / median")
    line("json.load (baseline)", loads)
    line("orjson.loads", orjsons)
    line("import (card data)", imports)
    line("full-text index after", indexes)
    line("import + index", both)
    print("ratios to json.load, same run:")
    ratio("  import (card data)", imports)
    ratio("  import + index", both)
    print(f"throughput: {cards / best(imports, 0):,.0f} cards/s")
    print(f"steps (fastest of {len(steps)}, wall / CPU s):")
    for name in steps[0]:
        wall = min(s[name][0] for s in steps)
        cpu = min(s[name][1] for s in steps)
        print(f"  {name:<36} {wall:5.2f} / {cpu:5.2f}")
    print(f"peak Python heap during import: {peak / 1e6:.0f} MB   goal: < 1.5 GiB")
    print(f"peak resident size of this process: {rss / 2**20:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
