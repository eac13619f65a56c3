"""Compiled profiles stored beside the cards (analyzer.cards.profiles), SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from analyzer import services
from analyzer.cards import profiles as stored
from analyzer.cards.db.engine import Database
from analyzer.cards.db.schema import CardProfileRow
from analyzer.cards.importing import import_atomic_cards
from analyzer.cards.model import Card
from analyzer.errors import Cancelled
from analyzer.oracle import CardProfile, compile_card
from analyzer.oracle.compile import COMPILER_VERSION
from analyzer.oracle.serialize import profile_from_json
from analyzer.progress import CancelToken, Progress, run_job


def face(name: str, text: str, **fields: Any) -> dict[str, Any]:
    base = {"name": name, "manaCost": "{1}{U}", "manaValue": 2.0,
            "type": "Creature — Human Ninja", "types": ["Creature"],
            "subtypes": ["Human", "Ninja"], "supertypes": [], "power": "1",
            "toughness": "1", "text": text, "layout": "normal", "colors": ["U"],
            "colorIdentity": ["U"]}
    return {**base, **fields}


CARDS = {
    "Ninja of the Deep Hours": [face(
        "Ninja of the Deep Hours", "Ninjutsu {1}{U}\nWhenever Ninja of the Deep Hours deals "
        "combat damage to a player, you may draw a card.")],
    "Changeling Outcast": [face("Changeling Outcast", "Changeling\nChangeling Outcast can't "
                                "block and can't be blocked.", subtypes=["Shapeshifter"])],
    "Ninja Lord": [face("Ninja Lord", "Other Ninja creatures you control get +1/+1.")],
    "Llanowar Elves": [face("Llanowar Elves", "{T}: Add {G}.", subtypes=["Elf", "Druid"])],
}

DECK = "4 Ninja of the Deep Hours\n4 Changeling Outcast\n4 Ninja Lord\n4 Llanowar Elves\n"


def write_cards(path: Path, cards: dict[str, Any]) -> Path:
    path.write_text(json.dumps({"meta": {}, "data": cards}), encoding="utf-8")
    return path


@pytest.fixture
def db(empty_db: Database, tmp_path: Path) -> Database:
    import_atomic_cards(empty_db, write_cards(tmp_path / "cards.json", CARDS))
    return empty_db


def all_cards(db: Database) -> list[Card]:
    return [c for name in CARDS if (c := services.card_by_name(db, name)) is not None]


def rows(db: Database) -> dict[str, tuple[int, str]]:
    with db.session() as session:
        return {r.card_id: (r.compiler_version, r.profile)
                for r in session.scalars(select(CardProfileRow))}


class Counting:
    """compile_card that counts its calls (to prove a profile was read, not compiled)."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def __call__(self, card: Card) -> CardProfile:
        self.names.append(card.name)
        return compile_card(card)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> Counting:
    spy = Counting()
    monkeypatch.setattr(stored, "compile_card", spy)
    return spy


def test_first_use_compiles_and_stores_then_reads(db: Database, counting: Counting) -> None:
    cards = all_cards(db)
    with db.session() as session:
        first = stored.profiles_for(session, cards)
    assert sorted(counting.names) == sorted(CARDS)
    assert {card_id: version for card_id, (version, _) in rows(db).items()} == \
        {c.id: COMPILER_VERSION for c in cards}
    counting.names.clear()
    with db.session() as session:
        again = stored.profiles_for(session, cards)
    assert counting.names == []
    assert again == first == {c.id: compile_card(c) for c in cards}


def test_job_compiles_every_card_once_with_progress(db: Database, counting: Counting) -> None:
    reports: list[Progress] = []
    assert run_job(stored.compile_profiles_job(db, batch=3), reports.append) == len(CARDS)
    assert [(r.done, r.total) for r in reports] == [(0, 0), (0, 4), (3, 4), (4, 4)]
    assert sorted(counting.names) == sorted(CARDS)
    with db.session() as session:
        assert stored.profile_status(session) == stored.ProfileStatus(current=4, cards=4)
    assert run_job(stored.compile_profiles_job(db)) == 0
    for card in all_cards(db):
        assert profile_from_json(rows(db)[card.id][1]) == compile_card(card)


def test_job_cancel_keeps_finished_batches(db: Database) -> None:
    token = CancelToken()
    job = stored.compile_profiles_job(db, cancel=token, batch=2)
    with pytest.raises(Cancelled):
        for report in job:
            if report.done == 2:
                token.cancel()
    assert len(rows(db)) == 2
    assert run_job(stored.compile_profiles_job(db)) == 2


def test_other_compiler_version_is_compiled_again(db: Database, counting: Counting) -> None:
    run_job(stored.compile_profiles_job(db))
    counting.names.clear()
    with db.session() as session:
        session.execute(update(CardProfileRow).values(compiler_version=COMPILER_VERSION - 1))
    with db.session() as session:
        assert stored.profile_status(session).current == 0
    assert run_job(stored.compile_profiles_job(db)) == len(CARDS)
    assert sorted(counting.names) == sorted(CARDS)
    assert {v for v, _ in rows(db).values()} == {COMPILER_VERSION}


def test_version_bump_recompiles_on_use(db: Database, counting: Counting,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    cards = all_cards(db)
    with db.session() as session:
        stored.profiles_for(session, cards)
    counting.names.clear()
    monkeypatch.setattr(stored, "COMPILER_VERSION", COMPILER_VERSION + 1)
    with db.session() as session:
        stored.profiles_for(session, cards)
    assert sorted(counting.names) == sorted(CARDS)
    assert {v for v, _ in rows(db).values()} == {COMPILER_VERSION + 1}


def test_reimport_keeps_unchanged_profiles_and_recompiles_changed(
        db: Database, counting: Counting, tmp_path: Path) -> None:
    run_job(stored.compile_profiles_job(db))
    changed = {**CARDS, "Ninja Lord": [face("Ninja Lord", "Other Ninja creatures you control "
                                                          "get +2/+2.")]}
    del changed["Llanowar Elves"]
    import_atomic_cards(db, write_cards(tmp_path / "newer.json", changed))
    with db.session() as session:
        assert stored.profile_status(session) == stored.ProfileStatus(current=2, cards=3)
    counting.names.clear()
    assert run_job(stored.compile_profiles_job(db)) == 1
    assert counting.names == ["Ninja Lord"]
    lord = services.card_by_name(db, "Ninja Lord")
    assert lord is not None
    assert profile_from_json(rows(db)[lord.id][1]).anthems[0].power == 2
    assert len(rows(db)) == 3  # Llanowar Elves' profile left with its card


def test_opening_a_deck_reads_stored_profiles(db: Database, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    deck = tmp_path / "ninjas.txt"
    deck.write_text(DECK, encoding="utf-8")
    expected = services.analyze_deck(db, deck)
    assert len(rows(db)) == len(CARDS)

    def no_parsing(card: Card) -> CardProfile:
        raise AssertionError(f"Oracle text of {card.name} parsed again")

    monkeypatch.setattr(stored, "compile_card", no_parsing)
    monkeypatch.setattr("analyzer.graph.build.compile_card", no_parsing)
    again = services.analyze_deck(db, deck)
    assert sorted(again.graph.edges(keys=True)) == sorted(expected.graph.edges(keys=True))
    assert expected.graph.number_of_edges() > 0
    name, profile = services.card_profile(db, "Ninja Lord")
    assert profile.anthems and name.name == "Ninja Lord"
