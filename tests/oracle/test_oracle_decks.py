"""Issue 5: at least 90% of the distinct cards of the ninja and rogue decks compile fully."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.names import normalize_name
from analyzer.decks.load import read_deck_file
from analyzer.oracle import compile_card

pytestmark = [pytest.mark.shared]

DECKS = ("forge_dck/Master Splinter 3.dck", "forge_dck/Going Rogue.dck",
         "forge_dck/Rogues on the Prowl.dck", "text/splinter_radical_rat_ninjas_commander.txt")


@pytest.fixture(scope="module")
def lookup(shared_cards: dict[str, Any]) -> InMemoryCardLookup:
    return InMemoryCardLookup(shared_cards.values())


def _deck_cards(path: Path, lookup: InMemoryCardLookup) -> dict[str, Any]:
    """The deck's distinct cards by Oracle name (flavor names such as "Splinter, Vengeful
    Sensei" resolved to their card)."""
    found: dict[str, Any] = {}
    for entry in read_deck_file(path).deck.entries:
        key = normalize_name(entry.name)
        hits = lookup.hits([key]).get(key)
        assert hits, f"{entry.name!r} of {path.name} names no card"
        found.setdefault(hits[0].card.name, hits[0].card)
    return found


@pytest.mark.parametrize("deck", DECKS)
def test_ninja_and_rogue_decks_compile(shared: Path, lookup: InMemoryCardLookup,
                                       deck: str) -> None:
    cards = _deck_cards(shared / "data" / "decks" / deck, lookup)
    missed = {name: [u.text for u in compile_card(card).unsupported]
              for name, card in cards.items() if not compile_card(card).fully_understood}
    assert len(cards) >= 15
    assert len(cards) - len(missed) >= 0.9 * len(cards), missed
