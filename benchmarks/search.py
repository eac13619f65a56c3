"""Benchmark: median card search time over the test queries on the real SQLite database.

Imports the file once into a temporary SQLite file, then times each query of
``tests/cards/test_search_real.py`` (same strings, kept in step by hand) through
:func:`analyzer.services.search` (parse, compile, run, build the ``Card`` values) and, for the
SQL alone, the ids only. Beside them, a baseline measured in the same run: a plain
``SELECT name FROM cards`` full scan. Goal: median under 20 ms. No assertion.

Usage::

    python benchmarks/search.py [PATH] [--repeat N] [--plain]

PATH defaults to ../shared/data/AtomicCards.json.gz; ``--plain`` times the plain SQL engine
instead of FTS5.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import select, text  # noqa: E402

from analyzer import services  # noqa: E402
from analyzer.cards.db.engine import Database  # noqa: E402
from analyzer.cards.db.fulltext import ensure_search_index  # noqa: E402
from analyzer.cards.db.schema import CardRow  # noqa: E402
from analyzer.cards.search import compile_query, parse_query, run_search  # noqa: E402

QUERIES = [
    "t:ninja c:b", 'o:"draw a card" t:instant mv<=1', "bolt", "lim-dul",
    '"fire // ice" or !Ice', "c=rg t:creature", "id<=esper is:commander",
    "id:c t:artifact mv>=6", "c:m t:instant o:counter", "pow>tou t:dragon", "pow=0 tou>=6",
    'kw:flying kw:"first strike" c:w', 'kw:ninjutsu or kw:"commander ninjutsu"',
    "is:split or is:mdfc", "is:adventure c:g", "f:modern -f:pioneer t:planeswalker",
    "-t:creature -t:land o:destroy c:b mv=2", "(t:goblin or t:elf) c:r -c:g pow>=3",
    "is:vanilla pow>=5", "is:hybrid c=rw", "is:permanent mv=0 -t:land", "is:spell mv=0 c:u",
    "is:dfc t:werewolf", "c<=ug t:merfolk", "id>=wubrg", "c>=wu -c:b t:creature o:lifelink",
    "is:phyrexian -(t:artifact or t:creature)",
]
"""The queries of tests/cards/test_search_real.py."""


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds (the least disturbed by the machine)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path,
                        default=ROOT.parent / "shared" / "data" / "AtomicCards.json.gz")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--plain", action="store_true", help="time the plain SQL engine")
    args = parser.parse_args()
    fulltext = not args.plain
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cards.sqlite'}")
        summary = services.import_cards(db, args.path)
        print(f"{summary.cards:,} cards imported in {summary.seconds:.1f} s; engine: "
              f"{'FTS5' if fulltext else 'plain SQL'}; best of {args.repeat} per query")
        rows: list[tuple[str, int, float, float]] = []
        with db.session() as session:
            ensure_search_index(session)
            baseline = best_of(args.repeat, lambda: session.execute(
                text("SELECT name FROM cards")).fetchall())
            for query in QUERIES:
                found = run_search(session, query, fulltext=fulltext)

                def ids_only(query: str = query) -> object:
                    clause = compile_query(parse_query(query), fulltext=fulltext)
                    return session.scalars(select(CardRow.id).where(clause)).all()

                def cards(query: str = query) -> object:
                    return run_search(session, query, fulltext=fulltext)

                rows.append((query, len(found), best_of(args.repeat, ids_only),
                             best_of(args.repeat, cards)))
        db.dispose()
    print(f"{'query':<44} {'cards':>6} {'SQL ms':>8} {'search ms':>10}")
    for query, count, sql, full in rows:
        print(f"{query:<44} {count:>6} {sql * 1000:>8.2f} {full * 1000:>10.2f}")
    sql_median = statistics.median(r[2] for r in rows)
    full_median = statistics.median(r[3] for r in rows)
    print(f"\nbaseline SELECT name FROM cards (full scan): {baseline * 1000:.2f} ms")
    print(f"median SQL only ({len(rows)} queries):        {sql_median * 1000:.2f} ms "
          f"({sql_median / baseline:.2f}x baseline)")
    print(f"median search, Card values built:      {full_median * 1000:.2f} ms "
          f"({full_median / baseline:.2f}x baseline; goal < 20 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
