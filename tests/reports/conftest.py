"""Fixtures of the report tests: three real decks analysed, a database of cards whose names
hold markup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _report_checks import MARKUP, REAL_DECKS

from analyzer import services
from analyzer.cards.db.engine import Database


@pytest.fixture(scope="session")
def real_analyses(shared: Path, real_db_url: str) -> dict[str, services.DeckAnalysis]:
    """The analysis of each of :data:`REAL_DECKS` against the real card database."""
    db = services.open_database(real_db_url, seed=False)
    return {key: services.analyze_deck(db, shared / "data" / "decks" / rel)
            for key, rel in REAL_DECKS.items()}


@pytest.fixture
def markup_db(tmp_path: Path) -> Database:
    """A database of two Ninjas whose names hold markup; one is a lord of the other, so the
    graph has an anthem edge naming both."""
    lord = {"name": MARKUP, "manaCost": "{1}{B}", "manaValue": 2.0,
            "type": "Creature — Ninja", "types": ["Creature"], "subtypes": ["Ninja"],
            "power": "1", "toughness": "1", "text": "Other Ninjas you control get +1/+1.",
            "layout": "normal", "colors": ["B"]}
    ninja = {**lord, "name": "Æther <b>Ninja</b> | Lim-Dûl", "text": "Flying",
             "manaCost": "{U}", "manaValue": 1.0, "colors": ["U"]}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"data": {lord["name"]: [lord], ninja["name"]: [ninja]}}),
                    encoding="utf-8")
    db = services.open_database(f"sqlite:///{tmp_path / 'markup.sqlite'}", seed=False)
    services.import_cards(db, path)
    return db
