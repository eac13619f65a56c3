"""The import's write path in batches (analyzer.cards.importing.replace_cards_job): rows and
full-text rows batch by batch; whatever stops it, the previous cards stay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from analyzer import services
from analyzer.cards import importing
from analyzer.cards.db.engine import Database
from analyzer.cards.importing import import_atomic_cards, import_atomic_cards_job
from analyzer.errors import DatabaseError


def face(name: str) -> dict[str, Any]:
    return {"name": name, "manaCost": "{G}", "manaValue": 1.0, "type": "Creature — Elf",
            "types": ["Creature"], "subtypes": ["Elf"], "text": "", "layout": "normal"}


def card_file(path: Path, count: int, prefix: str) -> Path:
    data = {f"{prefix} {i:05d}": [face(f"{prefix} {i:05d}")] for i in range(count)}
    path.write_text(json.dumps({"data": data}), encoding="utf-8")
    return path


@pytest.fixture
def db(empty_db: Database, tmp_path: Path) -> Database:
    import_atomic_cards(empty_db, card_file(tmp_path / "old.json", 3, "Old"))
    return empty_db


def test_many_batches_keep_order_and_search(db: Database, tmp_path: Path) -> None:
    summary = import_atomic_cards(db, card_file(tmp_path / "new.json", 4500, "New"))
    assert (summary.cards, summary.faces) == (4500, 4500)
    # the full-text rows (SQLite) were written batch by batch with the cards' rowids
    assert [c.name for c in services.search(db, "04499")] == ["New 04499"]
    assert [c.name for c in services.search(db, '"w 0000"')] == [
        f"New 0000{i}" for i in range(10)]


def test_closing_the_job_midway_rolls_back(db: Database, tmp_path: Path) -> None:
    job = import_atomic_cards_job(db, card_file(tmp_path / "new.json", 4500, "New"))
    for report in job:
        if report.message.startswith("Writing"):
            break
    job.close()
    assert sorted(c.name for c in services.search_cards(db, "")) == [
        "Old 00000", "Old 00001", "Old 00002"]


def test_a_refused_write_rolls_back(db: Database, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def refuse(*args: object, **kwargs: object) -> None:
        calls.append(args)
        if len(calls) == 2:
            raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(importing, "insert_rows", refuse)
    with pytest.raises(DatabaseError, match=r"unchanged: .*disk I/O error"):
        import_atomic_cards(db, card_file(tmp_path / "new.json", 4500, "New"))
    assert len(calls) == 2
    assert services.database_info(db).cards == 3
