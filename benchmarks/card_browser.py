"""Benchmark: how soon the Cards tab shows rows, on the real 24,000-card SQLite database.

For each query, in the same run:

- baseline: :func:`analyzer.cards.search.run_search` building full ``Card`` values (what a
  browser would cost without light rows);
- the whole answer as :class:`CardSummary` rows (:func:`search_summaries`);
- the first page (:func:`search_summaries` with ``limit=BATCH``), what the table shows first;
- in the GUI (offscreen Qt): from the query being set to its first rows in the table, through
  the worker thread (``CardBrowser.last_latency_s``; the 250 ms typing pause not included),
  and to the whole answer (``last_search_s``).

Prints seconds (best of N) and the ratio baseline / first page. No assertion.

Usage::

    QT_QPA_PLATFORM=offscreen python benchmarks/card_browser.py [DB_URL] [--repeat N]

Without DB_URL, ../shared/data/AtomicCards.json.gz is imported into a temporary file first.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer import services  # noqa: E402
from analyzer.cards.db.fulltext import ensure_search_index  # noqa: E402
from analyzer.cards.search import run_search  # noqa: E402
from analyzer.cards.search.results import search_summaries  # noqa: E402

QUERIES = ["mv>=0", "t:creature", "o:draw", "c:r", "t:ninja c:b", "id<=esper is:commander",
           '"fire // ice"', "pow>tou t:dragon"]
BATCH = 200


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def gui_latencies(url: str, repeat: int) -> dict[str, tuple[float, float]]:
    """Query -> (seconds to first rows, seconds to the whole answer) in a CardBrowser."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from ui.controllers import Controller
    from ui.widgets.card_browser import CardBrowser

    app = QApplication.instance() or QApplication([])
    controller = Controller(url)
    controller.open_database()
    browser = CardBrowser(controller)
    browser.resize(1100, 650)
    browser.show()
    found: dict[str, tuple[float, float]] = {}
    for query in QUERIES:
        firsts, wholes = [], []
        for _ in range(repeat):
            browser.set_query("", now=True)
            loop = QEventLoop()
            browser.results_shown.connect(loop.quit)
            QTimer.singleShot(60_000, loop.quit)
            browser.set_query(query, now=True)
            loop.exec()
            browser.results_shown.disconnect(loop.quit)
            firsts.append(browser.last_latency_s or float("nan"))
            wholes.append(browser.last_search_s or float("nan"))
        found[query] = (min(firsts), min(wholes))
    controller.shutdown()
    browser.close()
    app.processEvents()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", help="card database URL (default: import ../shared)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    url = args.url
    if url is None:
        source = ROOT.parent / "shared" / "data" / "AtomicCards.json.gz"
        folder = tempfile.mkdtemp(prefix="spellweb-bench-")
        url = f"sqlite:///{folder}/cards.sqlite"
        services.import_cards(services.open_database(url, seed=False), source)
    db = services.open_database(url, seed=False)
    with db.session() as session:
        ensure_search_index(session)
    gui = gui_latencies(url, args.repeat)
    print(f"{'query':28} {'cards':>6} {'Card objs':>9} {'summaries':>9} {'1st page':>8} "
          f"{'ratio':>6} {'GUI 1st':>8} {'GUI all':>8}")
    for query in QUERIES:
        with db.session() as session:
            count = len(search_summaries(session, query).cards)
            baseline = best_of(args.repeat, lambda q=query: run_search(session, q))
            whole = best_of(args.repeat, lambda q=query: search_summaries(session, q))
            page = best_of(args.repeat,
                           lambda q=query: search_summaries(session, q, limit=BATCH))
        first, everything = gui[query]
        print(f"{query:28} {count:6,} {baseline:9.3f} {whole:9.3f} {page:8.3f} "
              f"{baseline / page:6.0f} {first:8.3f} {everything:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
