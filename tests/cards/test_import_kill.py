"""Killing the process in the middle of a re-import leaves the previous database whole.

A subprocess re-imports the real 24,000-card file over a database holding the starter set and
is killed with SIGKILL while it writes; the database must still hold the starter set, pass
SQLite's integrity check, and answer queries.
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
    assert services.database_info(db).cards == 24174


def test_sigkill_mid_import_postgres(atomic_cards_path: Path, wiped_postgres_url: str) -> None:
    db = services.open_database(wiped_postgres_url)
    before = services.database_info(db)
    db.dispose()
    _kill_during_write(wiped_postgres_url, atomic_cards_path)
    db = services.open_database(wiped_postgres_url)
    assert services.database_info(db).cards == before.cards
    assert services.card_by_name(db, "Splinter, Hamato Yoshi") is not None
    db.dispose()
