"""The real AtomicCards file through the importer and back: counts, layouts, exact round trip.

Expected values are read straight from the JSON file here (gzip + json), never through the
importer's reader.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from analyzer import services
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.db.rows import JsonCache, card_entry
from analyzer.cards.db.schema import CardRow
from analyzer.cards.importers.mtgjson import atomic_entry, card_from_atomic, card_to_atomic
from analyzer.cards.model import is_placeholder_name

pytestmark = pytest.mark.slow

ISSUE_LAYOUTS = {"normal", "split", "flip", "transform", "modal_dfc", "adventure", "meld",
                 "leveler", "saga", "class", "battle", "prototype", "reversible_card"}
"""The layouts issue 3 names; those the file holds must all be present."""


@pytest.fixture(scope="module")
def raw(atomic_cards_path: Path) -> dict[str, list[dict[str, Any]]]:
    with gzip.open(atomic_cards_path, "rt", encoding="utf-8") as fh:
        data: dict[str, list[dict[str, Any]]] = json.load(fh)["data"]
    # Placeholder entries (";Manifest", ";Morph") are no cards: the import leaves them out.
    return {name: faces for name, faces in data.items() if not is_placeholder_name(name)}


def test_counts_equal_the_file(real_db: Database, raw: dict[str, list[Any]]) -> None:
    info = services.database_info(real_db)
    assert (info.cards, info.faces) == (len(raw), sum(len(faces) for faces in raw.values()))


def test_every_layout_of_the_file_is_present(real_db: Database,
                                             raw: dict[str, list[Any]]) -> None:
    in_file = {faces[0]["layout"] for faces in raw.values()}
    with real_db.session() as session:
        stored = set(session.scalars(select(CardRow.layout).distinct()))
    assert stored == in_file
    assert ISSUE_LAYOUTS & in_file <= stored
    assert len(ISSUE_LAYOUTS & in_file) >= 10  # the file holds most of them


def test_every_card_exports_back_to_its_input(real_db: Database,
                                              raw: dict[str, list[Any]]) -> None:
    seen = 0
    different = []
    with real_db.session() as session:
        for card in repo.iter_cards(session):
            seen += 1
            if card_to_atomic(card) != raw.get(card.name):
                different.append(card.name)
    assert different == []
    assert seen == len(raw)


def test_rows_straight_from_json_equal_rows_of_cards(raw: dict[str, list[Any]]) -> None:
    """The import builds each card's rows straight from the JSON (atomic_entry); they must
    be those of the Card the model reader builds (card_from_atomic, then card_entry)."""
    direct, through_cards = JsonCache(), JsonCache()
    different = [name for name, faces in raw.items()
                 if atomic_entry(name, faces, direct)
                 != card_entry(card_from_atomic(name, faces), through_cards)]
    assert different == []
