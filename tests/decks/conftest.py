"""Fixtures for deck tests: a small hand-made card set covering every resolution case."""

from __future__ import annotations

import pytest
from _deck_cards import CARDS, CountingLookup


@pytest.fixture
def lookup() -> CountingLookup:
    """A fresh counting lookup over :data:`CARDS`."""
    return CountingLookup(CARDS)
