"""The card detail API for the GUI: faces, mana symbols, legalities, printings, note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.detail import TextPart
from analyzer.errors import InputError

ATOMIC = {"data": {"Fire // Ice": [
    {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split",
     "manaCost": "{1}{R}", "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant",
     "types": ["Instant"], "text": "Fire deals 2 damage divided as you choose.",
     "colors": ["R"], "colorIdentity": ["R", "U"],
     "legalities": {"vintage": "Legal", "legacy": "Legal", "modern": "Banned"}},
    {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split",
     "manaCost": "{1}{U}", "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant",
     "types": ["Instant"], "text": "Tap target permanent.\nDraw a card.", "colors": ["U"],
     "colorIdentity": ["R", "U"]}],
    "Llanowar Elves": [{"name": "Llanowar Elves", "manaCost": "{G}", "manaValue": 1.0,
                        "type": "Creature — Elf Druid", "types": ["Creature"],
                        "text": "{T}: Add {G}.", "colors": ["G"], "colorIdentity": ["G"]}]}}
APC = {"data": {"code": "APC", "name": "Apocalypse", "releaseDate": "2001-06-04",
                "type": "expansion", "cards": [
                    {"name": "Fire // Ice", "faceName": n, "side": s, "setCode": "APC",
                     "number": "128", "rarity": "uncommon",
                     "identifiers": {"mtgoId": "22000"}} for n, s in (("Fire", "a"),
                                                                      ("Ice", "b"))]}}


@pytest.fixture
def db(empty_db: Database, tmp_path: Path) -> Database:
    for name, doc in (("AtomicCards.json", ATOMIC), ("APC.json", APC)):
        (tmp_path / name).write_text(json.dumps(doc))
        services.import_cards(empty_db, tmp_path / name)
    return empty_db


def test_every_part(db: Database) -> None:
    services.set_card_note(db, "Fire // Ice", tags=["burn"], note="split second? no")
    detail = services.card_detail(db, "fire")
    assert detail.card.name == "Fire // Ice"
    assert [(f.face.name, f.mana_symbols) for f in detail.faces] == [
        ("Fire", ("1", "R")), ("Ice", ("1", "U"))]
    assert detail.faces[1].text == (TextPart("Tap target permanent.\nDraw a card."),)
    assert detail.legalities == (("legacy", "Legal"), ("modern", "Banned"),
                                 ("vintage", "Legal"))
    assert [(str(p), p.face_name, p.mtgo_id) for p in detail.printings] == [
        ("Fire // Ice (APC) 128", "Fire", 22000), ("Fire // Ice (APC) 128", "Ice", 22000)]
    assert (detail.note.tags, detail.note.note) == (("burn",), "split second? no")


def test_by_id_and_symbols_in_text(db: Database) -> None:
    elves = services.card_by_name(db, "Llanowar Elves")
    assert elves is not None
    detail = services.card_detail(db, elves.id)
    assert detail.card == elves
    assert [(p.text, p.is_symbol) for p in detail.faces[0].text] == [
        ("T", True), (": Add ", False), ("G", True), (".", False)]
    assert detail.printings == () and detail.note.tags == ()


def test_unknown_card(db: Database) -> None:
    with pytest.raises(InputError, match="no card named 'Nope'"):
        services.card_detail(db, "Nope")
