"""Killing the process in the middle of a re-import leaves the previous database whole.

A subprocess re-imports the real 24,000-card file over a database holding the starter set and
is killed with SIGKILL while it writes; the database must still hold the starter set, pass
SQLite's integrity check, and answer queries. Killed while it builds the full-text index (after
the import's commit), the database keeps the new cards and no index, which the next search
builds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.db.fulltext import FTS_TABLE, has_search_index
from analyzer.cards.search import run_search

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]


def _kill_during_write(url: str, atomic_cards_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "analyzer", "--db", url, "import-cards", str(atomic_cards_path)],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    assert proc.stderr is not None
    try:
        for line in proc.stderr:
            if line.startswith("Writing cards"):
                proc.send_signal(signal.SIGKILL)
                break
        else:
            pytest.fail("the import never reported writing")
    finally:
        proc.wait(timeout=120)
    assert proc.returncode == -signal.SIGKILL


def test_sigkill_mid_import_keeps_previous_cards(atomic_cards_path: Path,
                                                tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    db = services.open_database(url)  # the starter set
    before = services.database_info(db)
    db.dispose()
    _kill_during_write(url, atomic_cards_path)
    db = services.open_database(url)
    after = services.database_info(db)
    assert (after.cards, after.faces, after.source) == (before.cards, before.faces, "starter")
    with db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    assert services.card_by_name(db, "Splinter, Hamato Yoshi") is not None
    assert services.search(db, "t:ninja c:b")
    # and the database still takes a full import afterwards
    services.import_cards(db, atomic_cards_path)
    assert services.database_info(db).cards == 24172


def test_sigkill_mid_import_postgres(atomic_cards_path: Path, wiped_postgres_url: str) -> None:
    db = services.open_database(wiped_postgres_url)
    before = services.database_info(db)
    db.dispose()
    _kill_during_write(wiped_postgres_url, atomic_cards_path)
    db = services.open_database(wiped_postgres_url)
    assert services.database_info(db).cards == before.cards
    assert services.card_by_name(db, "Splinter, Hamato Yoshi") is not None
    db.dispose()


_BUILD_AND_WAIT = """
import sys, time
from analyzer import services
from analyzer.cards.db.fulltext import rebuild_search_index
db = services.open_database(sys.argv[1], seed=False)
with db.session() as session:
    rebuild_search_index(session)
    print("built, not committed", flush=True)
    time.sleep(120)
"""


def _fts_rows(db: Database) -> int | None:
    with db.session() as session:
        if not has_search_index(session):
            return None
        return int(session.scalar(text(f"SELECT count(*) FROM {FTS_TABLE}")) or 0)


def test_sigkill_while_building_the_search_index(tmp_path: Path) -> None:
    """The index is built after the import commits, in a transaction of its own: killed
    before its commit, the database has the cards and no index (not an empty or partial
    one), and the next search builds it."""
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    db = services.open_database(url)  # the starter set, committed without the index
    cards = services.database_info(db).cards
    plain = _plain(db, "o:draw t:creature")
    db.dispose()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen([sys.executable, "-c", _BUILD_AND_WAIT, url],
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline() == "built, not committed\n"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=120)
    db = services.open_database(url)
    assert _fts_rows(db) is None
    assert services.database_info(db).cards == cards
    with db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    assert [c.name for c in services.search(db, "o:draw t:creature")] == plain
    assert _fts_rows(db) == cards
    db.dispose()


def test_sigkill_during_the_search_index_job(atomic_cards_path: Path, tmp_path: Path) -> None:
    """Killed at whatever point of the job, on the real file: the index is absent or whole."""
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    db = services.open_database(url, seed=False)
    services.import_cards(db, atomic_cards_path)
    db.dispose()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    script = ("import sys\nfrom analyzer import services\nfrom analyzer.progress import run_job\n"
              "from analyzer.cards.search import search_index_job\n"
              "db = services.open_database(sys.argv[1], seed=False)\n"
              "run_job(search_index_job(db), lambda r: print(r.message, flush=True))\n")
    proc = subprocess.Popen([sys.executable, "-c", script, url], stdout=subprocess.PIPE,
                            text=True, env=env)
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline() == "Building the search index\n"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=120)
    db = services.open_database(url, seed=False)
    assert _fts_rows(db) in (None, 24172)
    with db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    assert {c.name for c in services.search(db, "t:ninja c:b")} == set(_plain(db, "t:ninja c:b"))
    assert _fts_rows(db) == 24172
    db.dispose()


def _plain(db: Database, query: str) -> list[str]:
    with db.session() as session:
        return [c.name for c in run_search(session, query, fulltext=False)]
