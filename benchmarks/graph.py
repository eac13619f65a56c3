"""Benchmark: synergy graph build time for every real deck, and suggestions over the database.

Imports ../shared/data/AtomicCards.json.gz into a temporary SQLite file (or uses ``--db``),
resolves every deck file of ../shared/data/decks against it, then prints:

- per deck: the median time of :func:`analyzer.graph.build_synergy_graph` (profiles compiled
  and every edge family run) beside a baseline measured in the same run, the same build with
  no edge family (compiling the profiles and adding the nodes only), and their ratio;
- suggestions: building the whole-database feature index once (cold), loading it back from
  its file, and the median query time per deck, beside the naive way measured in the same
  run: building the graph of the deck plus one candidate, timed on a sample of candidates and
  scaled to the whole database.

Goals (for the issue notes, no assertion): a 100-card Commander deck's graph in under 200 ms;
suggestions (index load plus query) in under 2 s.

Usage::

    python benchmarks/graph.py [--db URL] [--repeat N] [--sample N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer import services  # noqa: E402
from analyzer.cards.db import repository as repo  # noqa: E402
from analyzer.graph import build_synergy_graph  # noqa: E402
from analyzer.graph.suggest import (  # noqa: E402
    build_index,
    load_index,
    save_index,
    suggest_for_graph,
)

SHARED = ROOT.parent / "shared" / "data"


def _median(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a database URL with the full card data already imported")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (median)")
    parser.add_argument("--sample", type=int, default=60,
                        help="candidates timed for the naive suggestion baseline")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'cards.sqlite'}"
        db = services.open_database(url, seed=False)
        if not args.db:
            services.import_cards(db, SHARED / "AtomicCards.json.gz")
        decks = sorted(p for p in (SHARED / "decks").rglob("*") if p.is_file())
        print(f"{'deck':<72} {'cards':>5} {'edges':>6} {'build':>9} {'nodes only':>10} "
              f"{'ratio':>6}")
        analyses = []
        for path in decks:
            deck = services.read_deck(db, path, strict=False)
            entries = deck.main_and_commander()
            graph = build_synergy_graph(entries)
            build = _median(lambda e=entries: build_synergy_graph(e), args.repeat)
            base = _median(lambda e=entries: build_synergy_graph(e, families=[]), args.repeat)
            analyses.append((path, graph))
            print(f"{path.parent.name + '/' + path.name:<72.72} {graph.number_of_nodes():>5} "
                  f"{graph.number_of_edges():>6} {build * 1000:>7.1f}ms {base * 1000:>8.1f}ms "
                  f"{build / base:>6.2f}")

        with db.session() as session:
            cards = list(repo.iter_cards(session))
        started = time.perf_counter()
        index = build_index(cards)
        cold = time.perf_counter() - started
        file = Path(tmp) / "index.json.gz"   # the safe format (gzip JSON, no pickle)
        started = time.perf_counter()
        save_index(index, file)
        saved = time.perf_counter() - started
        loads = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            loaded = load_index(file, index.key)
            loads.append(time.perf_counter() - started)
        assert loaded is not None
        load = statistics.median(loads)
        print(f"\nsuggestion index: {len(index):,} of {len(cards):,} cards with a role; built "
              f"in {cold:.1f} s (once per import), saved in {saved:.1f} s, "
              f"{file.stat().st_size / 1e6:.1f} MB, loaded in {load * 1000:.0f} ms")
        print(f"{'deck':<72} {'query':>8} {'load+query':>10}")
        queries = []
        for path, graph in analyses:
            # a fresh copy of the loaded index per deck: no profile built by an earlier query
            fresh = load_index(file, index.key)
            assert fresh is not None
            started = time.perf_counter()
            suggest_for_graph(graph, fresh, 20)
            query = time.perf_counter() - started
            queries.append(query)
            print(f"{path.parent.name + '/' + path.name:<72.72} {query * 1000:>6.0f}ms "
                  f"{(load + query) * 1000:>8.0f}ms")

        commander = max(analyses, key=lambda a: a[1].number_of_nodes())
        entries = services.read_deck(db, commander[0], strict=False).main_and_commander()
        sample = random.Random(7).sample(cards, args.sample)
        started = time.perf_counter()
        for candidate in sample:
            build_synergy_graph([*entries, (candidate, 1)])
        naive = (time.perf_counter() - started) / len(sample) * len(cards)
        worst = max(queries) + load
        print(f"\nnaive suggestions for {commander[0].name} (graph of deck + each candidate, "
              f"{len(sample)} timed, scaled to {len(cards):,} cards): {naive:.1f} s; index "
              f"load + query, slowest deck: {worst:.2f} s; ratio {naive / worst:.0f}x")
        db.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
