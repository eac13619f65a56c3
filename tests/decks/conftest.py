"""Fixtures for deck tests: a small hand-made card set covering every resolution case."""

from __future__ import annotations

import pytest
from _deck_cards import CARDS, CountingLookup


@pytest.fixture
def lookup() -> CountingLookup:
    """A fresh counting lookup over :data:`CARDS`."""
    return CountingLookup(CARDS)


@pytest.fixture(autouse=True)
def _private_card_database(tmp_path_factory: pytest.TempPathFactory,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``spellweb convert`` without ``--db`` checks names in the default card database: point
    it at a test database, never the user's."""
    folder = tmp_path_factory.mktemp("db")
    monkeypatch.setenv("SPELLWEB_DB", f"sqlite:///{folder / 'cards.sqlite'}")
