"""The distinct cards of a folder of deck lists (analyzer.decks.folder), for the coverage
figures of real decks: names no card of the database has are counted apart, never hidden."""

from __future__ import annotations

from pathlib import Path

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.decks.folder import folder_card_ids, folder_cards
from tests.conftest import make_card


def test_unknown_names_are_counted_apart(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("4 Opt\n2 Not A Real Card\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# not a deck\n", encoding="utf-8")
    opt = make_card("Opt", "Scry 1. Draw a card.", types=("Instant",))
    files, ids, unknown = folder_cards(tmp_path, InMemoryCardLookup([opt]))
    assert (files, ids, unknown) == (1, frozenset({opt.id}), frozenset({"Not A Real Card"}))
    assert folder_card_ids(tmp_path, InMemoryCardLookup([opt])) == (1, frozenset({opt.id}))
