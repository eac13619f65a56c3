"""Scryfall oracle-cards bulk data: every layout into the same Card model and database."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.importers.scryfall import (
    card_from_scryfall,
    iter_scryfall_cards,
    read_scryfall_file,
)
from analyzer.cards.importing import ImportSummary
from analyzer.errors import CardImportError


def card(name: str, layout: str = "normal", **fields: Any) -> dict[str, Any]:
    """A Scryfall card object (oracle-cards), with printing fields the importer ignores."""
    n = abs(hash(name + layout)) % 10**8
    base: dict[str, Any] = {
        "object": "card", "id": f"sf-{n}", "oracle_id": f"or-{n}", "name": name,
        "lang": "en", "released_at": "2020-01-01", "layout": layout, "mana_cost": "{1}{G}",
        "cmc": 2.0, "type_line": "Creature — Bear", "oracle_text": "", "colors": ["G"],
        "color_identity": ["G"], "keywords": [], "power": "2", "toughness": "2",
        "legalities": {"standard": "not_legal", "modern": "legal", "vintage": "restricted",
                       "legacy": "banned"},
        "games": ["paper"], "set": "tst", "set_name": "Test", "rarity": "common",
        "collector_number": "1", "digital": False, "image_uris": {"normal": "https://x"}}
    base.update(fields)
    return base


def face(name: str, **fields: Any) -> dict[str, Any]:
    return {"object": "card_face", "name": name, "mana_cost": "", "type_line": "",
            "oracle_text": "", **fields}


CARDS: list[dict[str, Any]] = [
    card("Grizzly Bears"),
    card("Fire // Ice", "split", mana_cost="{1}{R} // {1}{U}", cmc=4.0, colors=["U", "R"],
         color_identity=["U", "R"], type_line="Instant // Instant", power=None,
         toughness=None, card_faces=[
             face("Fire", mana_cost="{1}{R}", type_line="Instant",
                  oracle_text="Fire deals 2 damage divided as you choose."),
             face("Ice", mana_cost="{1}{U}", type_line="Instant",
                  oracle_text="Tap target permanent.\nDraw a card.")]),
    card("Bushi Tenderfoot // Kenzo the Hardhearted", "flip", mana_cost="{W}", cmc=1.0,
         colors=["W"], color_identity=["W"], card_faces=[
             face("Bushi Tenderfoot", mana_cost="{W}", type_line="Creature — Human Soldier",
                  power="1", toughness="1"),
             face("Kenzo the Hardhearted", type_line="Legendary Creature — Human Samurai",
                  power="3", toughness="4")]),
    card("Delver of Secrets // Insectile Aberration", "transform", cmc=1.0, colors=None,
         color_identity=["U"], card_faces=[
             face("Delver of Secrets", mana_cost="{U}", type_line="Creature — Human Wizard",
                  colors=["U"], power="1", toughness="1"),
             face("Insectile Aberration", type_line="Creature — Human Insect",
                  colors=["U"], color_indicator=["U"], power="3", toughness="2",
                  oracle_text="Flying")]),
    card("Valki, God of Lies // Tibalt, Cosmic Impostor", "modal_dfc", cmc=2.0, card_faces=[
        face("Valki, God of Lies", mana_cost="{1}{B}", colors=["B"],
             type_line="Legendary Creature — God", power="2", toughness="1"),
        face("Tibalt, Cosmic Impostor", mana_cost="{5}{B}{R}", colors=["B", "R"],
             type_line="Legendary Planeswalker — Tibalt", loyalty="5")]),
    card("Bonecrusher Giant // Stomp", "adventure", cmc=3.0, card_faces=[
        face("Bonecrusher Giant", mana_cost="{2}{R}", type_line="Creature — Giant",
             power="4", toughness="3"),
        face("Stomp", mana_cost="{1}{R}", type_line="Instant — Adventure")]),
    card("Bruna, the Fading Light", "meld", mana_cost="{5}{W}{W}", cmc=7.0),
    card("Brisela, Voice of Nightmares", "meld", mana_cost="", cmc=0.0, power="9",
         toughness="10"),
    card("Student of Warfare", "leveler", oracle_text="Level up {W}\nLEVEL 2-6\n3/3"),
    card("The Eldest Reborn", "saga", type_line="Enchantment — Saga", power=None,
         toughness=None),
    card("Druid Class", "class", type_line="Enchantment — Class", power=None,
         toughness=None),
    card("Invasion of Zendikar // Awakened Skyclave", "transform", cmc=4.0, card_faces=[
        face("Invasion of Zendikar", mana_cost="{3}{G}", type_line="Battle — Siege",
             defense="3", colors=["G"]),
        face("Awakened Skyclave", type_line="Creature — Elemental", colors=["G"],
             power="4", toughness="4")]),
    card("Phyrexian Fleshgorger", "prototype", mana_cost="{7}", cmc=7.0, colors=[],
         oracle_text="Prototype {1}{B}{B} — 3/3"),
    card("Lightning Bolt // Lightning Bolt", "reversible_card", oracle_id=None, card_faces=[
        face("Lightning Bolt", mana_cost="{R}", cmc=1.0, type_line="Instant", colors=["R"],
             oracle_id="bolt-oracle"),
        face("Lightning Bolt", mana_cost="{R}", cmc=1.0, type_line="Instant", colors=["R"],
             oracle_id="bolt-oracle")]),
    card("Lightning Bolt", oracle_id="bolt-oracle", mana_cost="{R}", cmc=1.0,
         type_line="Instant", power=None, toughness=None),
    card("A-Lightning Bolt", mana_cost="{R}", cmc=1.0, type_line="Instant",
         legalities={"alchemy": "legal"}, games=["arena"], digital=True),
    card("Very Unlikely Name", oracle_id="un-1", games=["paper"]),
    card("Very Unlikely Name", oracle_id="un-2", set_type="funny"),
    card("Goblin", "token", type_line="Token Creature — Goblin"),
]


@pytest.fixture
def oracle_file(tmp_path: Path) -> Path:
    path = tmp_path / "oracle-cards-20260101.json.gz"
    path.write_bytes(gzip.compress(json.dumps(CARDS).encode()))
    return path


def cards_by_name(objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {c.name: c for c in iter_scryfall_cards(objects) if not isinstance(c, Exception)}


class TestReader:
    def test_every_layout_once_and_no_tokens(self) -> None:
        built = [c for c in iter_scryfall_cards(CARDS) if not isinstance(c, Exception)]
        assert len(built) == len(CARDS) - 2  # the token; the reversible Bolt is Lightning Bolt
        assert {c.layout for c in built} == {
            "normal", "split", "flip", "transform", "modal_dfc", "adventure", "meld",
            "leveler", "saga", "class", "prototype"}  # the reversible Bolt is Lightning Bolt
        assert "Goblin" not in {c.name for c in built}

    def test_split(self) -> None:
        fire_ice = cards_by_name(CARDS)["Fire // Ice"]
        assert fire_ice.face_names == ("Fire", "Ice")
        assert [(f.side, f.mana_cost, f.mana_value, f.colors) for f in fire_ice.faces] == [
            ("a", "{1}{R}", 2.0, ("R",)), ("b", "{1}{U}", 2.0, ("U",))]
        assert fire_ice.mana_value == 4.0
        assert fire_ice.faces[1].text == "Tap target permanent.\nDraw a card."

    def test_flip_faces_share_the_colors(self) -> None:
        bushi = cards_by_name(CARDS)["Bushi Tenderfoot // Kenzo the Hardhearted"]
        assert [f.colors for f in bushi.faces] == [("W",), ("W",)]
        assert bushi.faces[1].supertypes == ("Legendary",)

    def test_transform_and_battle(self) -> None:
        by_name = cards_by_name(CARDS)
        delver = by_name["Delver of Secrets // Insectile Aberration"]
        assert delver.faces[1].color_indicator == ("U",)
        assert (delver.power, delver.faces[1].power) == ("1", "3")
        invasion = by_name["Invasion of Zendikar // Awakened Skyclave"]
        assert invasion.faces[0].defense == "3" and invasion.types == ("Battle",)

    def test_modal_dfc_loyalty(self) -> None:
        valki = cards_by_name(CARDS)["Valki, God of Lies // Tibalt, Cosmic Impostor"]
        assert valki.faces[1].loyalty == "5"
        assert valki.faces[1].mana_value == 7.0

    def test_legalities_in_mtgjson_words(self) -> None:
        bears = cards_by_name(CARDS)["Grizzly Bears"]
        assert bears.legalities == {"modern": "Legal", "vintage": "Restricted",
                                    "legacy": "Banned"}
        assert bears.data_source == "scryfall"

    def test_ids(self) -> None:
        built = [c for c in iter_scryfall_cards(CARDS) if not isinstance(c, Exception)]
        by_name = {c.name: c for c in built}
        assert by_name["Lightning Bolt"].id == "bolt-oracle"
        assert "Lightning Bolt // Lightning Bolt" not in by_name  # the one card (issue 16)
        unlikely = [c.id for c in built if c.name == "Very Unlikely Name"]
        assert unlikely == ["un-1", "un-2"]

    def test_broken_entries(self) -> None:
        items = list(iter_scryfall_cards([card("Ok"), 3, card("Bad", cmc="two"),
                                          {"object": "card"}]))
        assert [type(i).__name__ for i in items] == ["Card", "CardImportError",
                                                     "CardImportError", "CardImportError"]
        assert "'cmc' must be a finite number" in str(items[2])

    def test_a_list_page_is_read_too(self, tmp_path: Path) -> None:
        path = tmp_path / "page.json"
        path.write_text(json.dumps({"object": "list", "data": CARDS[:2]}))
        assert len(read_scryfall_file(path)) == 2

    def test_not_a_card_list(self, tmp_path: Path) -> None:
        path = tmp_path / "x.json"
        path.write_text('{"object": "error"}')
        with pytest.raises(CardImportError, match="not a Scryfall bulk card file"):
            read_scryfall_file(path)

    def test_name_needed(self) -> None:
        with pytest.raises(CardImportError, match="without a name"):
            card_from_scryfall({"object": "card"})


class TestImport:
    def test_import_and_search(self, empty_db: Database, oracle_file: Path) -> None:
        summary = services.import_cards(empty_db, oracle_file)
        assert isinstance(summary, ImportSummary)
        assert summary.cards == len(CARDS) - 2
        info = services.database_info(empty_db)
        assert (info.cards, info.source) == (len(CARDS) - 2, oracle_file.name)
        assert [c.name for c in services.search(empty_db, '!"Very Unlikely Name"')] == [
            "Very Unlikely Name", "Very Unlikely Name"]
        assert [c.name for c in services.search(empty_db, "is:split")] == ["Fire // Ice"]
        assert [c.name for c in services.search(empty_db, "f:modern mv=2 c:g t:bear")] == [
            "Grizzly Bears", "Student of Warfare", "Very Unlikely Name", "Very Unlikely Name"]
        assert [c.name for c in services.search(empty_db, "lightning f:alchemy")] == [
            "A-Lightning Bolt"]
        assert [c.name for c in services.search(empty_db, "t:battle")] == [
            "Invasion of Zendikar // Awakened Skyclave"]
        bolt = services.card_by_name(empty_db, "Lightning Bolt")
        assert bolt is not None and bolt.id == "bolt-oracle"

    def test_a_file_with_no_card_changes_nothing(self, empty_db: Database,
                                                  oracle_file: Path, tmp_path: Path) -> None:
        services.import_cards(empty_db, oracle_file)
        tokens = tmp_path / "tokens.json"
        tokens.write_text(json.dumps([card("Goblin", "token")]))
        with pytest.raises(CardImportError, match="holds no card"):
            services.import_cards(empty_db, tokens)
        assert services.database_info(empty_db).cards == len(CARDS) - 2
