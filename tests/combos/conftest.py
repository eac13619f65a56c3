"""Fixtures for the combo tests: the rules core's card library over the real card file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _combo_decks import GOING_ROGUE, MARALEN, ROGUES, SPLINTER  # noqa: F401

from analyzer.rules.cards import CardLibrary


@pytest.fixture(scope="session")
def real_cards(shared_cards: dict[str, Any]) -> CardLibrary:
    """The rules core's cards: every card of ../shared/data/AtomicCards.json.gz by name."""
    return CardLibrary(shared_cards.get)


@pytest.fixture(scope="session")
def decks(shared: Path) -> Path:
    """../shared/data/decks."""
    return shared / "data" / "decks"
