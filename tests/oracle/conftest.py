"""Oracle test fixtures: the real card file compiled once per session."""

from __future__ import annotations

from typing import Any

import pytest

from analyzer.oracle import CardProfile, compile_card


@pytest.fixture(scope="session")
def shared_profiles(shared_cards: dict[str, Any]) -> dict[str, CardProfile]:
    """``{name: CardProfile}`` of every real card, compiled once per test session."""
    return {name: compile_card(card) for name, card in shared_cards.items()}
