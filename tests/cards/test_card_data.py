"""Card data as real files give it (issue 16): every legality status, meld results, Scryfall
reversible cards and tokens, cards whose text is missing, placeholder entries, and the search
keys over them (``mana:``, ``mv:even``, ``produces:``, ``is:gamechanger``, ``banned:``,
``restricted:``). Each test writes the smallest card file in the real format's shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.importers.scryfall import iter_scryfall_cards
from analyzer.cards.importing import ImportSummary
from analyzer.cards.search import parse_query
from analyzer.cards.search.complete import Vocabulary, complete_at
from analyzer.errors import SearchSyntaxError


def face(name: str, **fields: Any) -> dict[str, Any]:
    """One MTGJSON *Card (Atomic)* face object."""
    base: dict[str, Any] = {"name": name, "manaValue": 0.0, "colors": [], "colorIdentity": [],
                            "type": "Instant", "types": ["Instant"], "supertypes": [],
                            "subtypes": [], "text": "", "layout": "normal", "legalities": {}}
    base.update(fields)
    return base


def atomic_file(path: Path, data: dict[str, list[dict[str, Any]]]) -> Path:
    path.write_text(json.dumps({"meta": {"date": "2026-01-01"}, "data": data}),
                    encoding="utf-8")
    return path


CARDS: dict[str, list[dict[str, Any]]] = {
    "Black Lotus": [face("Black Lotus", type="Artifact", types=["Artifact"],
                         manaCost="{0}", text="{T}, Sacrifice Black Lotus: Add three mana "
                         "of any one color.",
                         legalities={"vintage": "Restricted", "legacy": "Banned",
                                     "commander": "Banned", "modern": "Not Legal"})],
    "Lightning Bolt": [face("Lightning Bolt", manaCost="{R}", manaValue=1.0, colors=["R"],
                            colorIdentity=["R"], text="Lightning Bolt deals 3 damage to any "
                            "target.", legalities={"vintage": "Legal", "legacy": "Legal",
                                                   "modern": "Legal"})],
    "Boros Charm": [face("Boros Charm", manaCost="{R}{W}", manaValue=2.0,
                         colors=["R", "W"], colorIdentity=["R", "W"],
                         text="Choose one —\n• Boros Charm deals 4 damage to target player "
                         "or planeswalker.", legalities={"modern": "Legal"})],
    "Boros Guildmage": [face("Boros Guildmage", manaCost="{R/W}{R/W}", manaValue=2.0,
                             colors=["R", "W"], colorIdentity=["R", "W"],
                             type="Creature — Human Wizard", types=["Creature"],
                             subtypes=["Human", "Wizard"], power="2", toughness="2",
                             text="{1}{R}: Target creature gains haste until end of turn.")],
    "Ajani Vengeant": [face("Ajani Vengeant", manaCost="{2}{R}{W}", manaValue=4.0,
                            colors=["R", "W"], colorIdentity=["R", "W"],
                            type="Legendary Planeswalker — Ajani", types=["Planeswalker"],
                            supertypes=["Legendary"], subtypes=["Ajani"], loyalty="3",
                            text="+1: Target permanent doesn't untap during its "
                            "controller's next untap step.")],
    "Llanowar Elves": [face("Llanowar Elves", manaCost="{G}", manaValue=1.0, colors=["G"],
                            colorIdentity=["G"], type="Creature — Elf Druid",
                            types=["Creature"], subtypes=["Elf", "Druid"], power="1",
                            toughness="1", text="{T}: Add {G}.")],
    "Birds of Paradise": [face("Birds of Paradise", manaCost="{G}", manaValue=1.0,
                               colors=["G"], colorIdentity=["G"], type="Creature — Bird",
                               types=["Creature"], subtypes=["Bird"], power="0",
                               toughness="1", keywords=["Flying"],
                               text="Flying\n{T}: Add one mana of any color.")],
    "Rhystic Study": [face("Rhystic Study", manaCost="{2}{U}", manaValue=3.0, colors=["U"],
                           colorIdentity=["U"], type="Enchantment", types=["Enchantment"],
                           text="Whenever an opponent casts a spell, you may draw a card "
                           "unless that player pays {1}.", isGameChanger=True,
                           legalities={"commander": "Legal"})],
    # A face whose text the card file lost: its keywords say it has abilities.
    "Serra Angel": [face("Serra Angel", manaCost="{3}{W}{W}", manaValue=5.0, colors=["W"],
                         colorIdentity=["W"], type="Creature — Angel", types=["Creature"],
                         subtypes=["Angel"], power="4", toughness="4",
                         keywords=["Flying", "Vigilance"], text="")],
    "Grizzly Bears": [face("Grizzly Bears", manaCost="{1}{G}", manaValue=2.0, colors=["G"],
                           colorIdentity=["G"], type="Creature — Bear", types=["Creature"],
                           subtypes=["Bear"], power="2", toughness="2")],
    # Magarena's placeholders for face-down creatures: no card.
    ";Manifest": [face(";Manifest", type="Creature", types=["Creature"], power="2",
                       toughness="2", text="NONE", dataSource="magarena-2023")],
    ";Morph": [face(";Morph", type="Creature", types=["Creature"], power="2",
                    toughness="2", text="NONE", dataSource="magarena-2023")],
}


@pytest.fixture
def db(empty_db: Database, tmp_path: Path) -> Database:
    services.import_cards(empty_db, atomic_file(tmp_path / "AtomicCards.json", CARDS))
    return empty_db


def names(db: Database, query: str) -> list[str]:
    return [c.name for c in services.search(db, query)]


class TestLegalities:
    def test_every_status_is_stored(self, db: Database) -> None:
        lotus = services.card_by_name(db, "Black Lotus")
        assert lotus is not None
        assert lotus.legalities == {"vintage": "Restricted", "legacy": "Banned",
                                    "commander": "Banned", "modern": "Not Legal"}

    def test_format_matches_legal_and_restricted(self, db: Database) -> None:
        assert names(db, "f:vintage") == ["Black Lotus", "Lightning Bolt"]
        assert names(db, "legal:legacy") == ["Lightning Bolt"]
        assert names(db, "f:modern") == ["Boros Charm", "Lightning Bolt"]

    def test_banned_and_restricted_keys(self, db: Database) -> None:
        assert names(db, "banned:legacy") == ["Black Lotus"]
        assert names(db, "banned:commander") == ["Black Lotus"]
        assert names(db, "restricted:vintage") == ["Black Lotus"]
        assert names(db, "restricted:legacy") == []
        assert names(db, "banned:vintage") == []

    def test_the_keys_print_back(self) -> None:
        for query in ("banned:legacy", "restricted:vintage", "mana:{r/w}", "m:rr",
                      "mv:even", "mv:odd", "produces:g", "is:gamechanger"):
            node = parse_query(query)
            assert parse_query(str(node)) == node

    def test_an_unknown_format_is_refused_with_a_suggestion(self) -> None:
        with pytest.raises(SearchSyntaxError, match="did you mean 'legacy'"):
            parse_query("banned:legasy")


class TestSearchKeys:
    def test_mana_cost_contains(self, db: Database) -> None:
        assert names(db, "mana:{R}") == ["Ajani Vengeant", "Boros Charm", "Lightning Bolt"]
        assert names(db, "m:rw") == ["Ajani Vengeant", "Boros Charm"]
        assert names(db, "m:{2}{R}") == ["Ajani Vengeant"]
        assert names(db, "m:{1}") == ["Ajani Vengeant", "Grizzly Bears", "Rhystic Study",
                                       "Serra Angel"]  # generic: at least

    def test_mana_hybrid(self, db: Database) -> None:
        assert names(db, "m:{R/W}") == ["Boros Guildmage"]
        assert names(db, "m:{w/r}{r/w}") == ["Boros Guildmage"]
        assert "Boros Guildmage" not in names(db, "m:{R}")

    def test_mana_bad_symbol(self) -> None:
        with pytest.raises(SearchSyntaxError, match="mana cost"):
            parse_query("mana:{Q}")

    def test_mana_value_even_and_odd(self, db: Database) -> None:
        even = names(db, "mv:even")
        assert "Boros Charm" in even and "Ajani Vengeant" in even and "Black Lotus" in even
        assert "Lightning Bolt" not in even
        assert names(db, "mv:odd t:creature") == ["Birds of Paradise", "Llanowar Elves",
                                                   "Serra Angel"]

    def test_produces(self, db: Database) -> None:
        assert names(db, "produces:g") == ["Birds of Paradise", "Black Lotus",
                                           "Llanowar Elves"]
        assert names(db, "produces:w") == ["Birds of Paradise", "Black Lotus"]
        assert names(db, "produces:c") == []

    def test_game_changer(self, db: Database) -> None:
        assert names(db, "is:gamechanger") == ["Rhystic Study"]
        card = services.card_by_name(db, "Rhystic Study")
        assert card is not None and card.is_game_changer

    def test_completion_knows_the_new_keys(self) -> None:
        vocabulary = Vocabulary()

        def texts(query: str) -> list[str]:
            return [s.text for s in complete_at(query, len(query), vocabulary).suggestions]

        assert "banned:" in texts("ban")
        assert "restricted:" in texts("restr")
        assert "produces:" in texts("prod")
        assert "mana:" in texts("mana")
        assert "gamechanger" in texts("is:game")
        assert "even" in texts("mv:ev")
        assert "vintage" in texts("restricted:vin")
        assert "g" in texts("produces:")

    def test_did_you_mean_knows_the_new_keys(self) -> None:
        with pytest.raises(SearchSyntaxError, match="did you mean 'produces'"):
            parse_query("produce:g")
        with pytest.raises(SearchSyntaxError, match="did you mean 'gamechanger'"):
            parse_query("is:gamechangr")


class TestMissingText:
    def test_listed_by_info_problems(self, db: Database) -> None:
        problems = services.card_data_problems(db)
        assert [(p.card, p.face) for p in problems] == [("Serra Angel", "Serra Angel")]
        assert "no text" in problems[0].reason and "Flying" in problems[0].reason

    def test_counted_in_the_import_summary(self, empty_db: Database, tmp_path: Path) -> None:
        summary = services.import_cards(empty_db, atomic_file(tmp_path / "a.json", CARDS))
        assert isinstance(summary, ImportSummary)
        assert [p.card for p in summary.data_problems] == ["Serra Angel"]

    def test_never_vanilla(self, db: Database) -> None:
        assert "Serra Angel" not in names(db, "is:vanilla")
        assert "Grizzly Bears" in names(db, "is:vanilla")

    def test_cli_import_and_info_problems(self, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
        from analyzer import cli
        db = str(tmp_path / "cards.sqlite")
        path = atomic_file(tmp_path / "AtomicCards.json", CARDS)
        assert cli.main(["--db", db, "import-cards", "-q", str(path)]) == 0
        err = capsys.readouterr().err
        assert "1 card has no text though its data says it has abilities" in err
        assert "2 placeholder entries are no cards and were left out: ;Manifest, ;Morph" in err
        assert cli.main(["--db", db, "info", "--problems"]) == 0
        out = capsys.readouterr().out
        assert "problems: 1 card" in out
        assert "Serra Angel: the card file gives no text though its keywords Flying, " \
            "Vigilance say it has abilities" in out


class TestPlaceholders:
    def test_counted_not_stored(self, empty_db: Database, tmp_path: Path) -> None:
        summary = services.import_cards(empty_db, atomic_file(tmp_path / "a.json", CARDS))
        assert isinstance(summary, ImportSummary)
        assert summary.placeholders == (";Manifest", ";Morph")
        assert summary.cards == len(CARDS) - 2

    def test_not_found_by_search_or_name(self, db: Database) -> None:
        assert names(db, "manifest") == []
        assert names(db, "t:creature pow=2 tou=2") == ["Boros Guildmage", "Grizzly Bears"]
        assert services.card_by_name(db, ";Manifest") is None


def scryfall(name: str, layout: str = "normal", **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"object": "card", "oracle_id": f"or-{name}", "name": name,
                            "layout": layout, "mana_cost": "{R}", "cmc": 1.0,
                            "type_line": "Instant", "oracle_text": "", "colors": ["R"],
                            "color_identity": ["R"], "keywords": [],
                            "legalities": {"modern": "legal"}}
    base.update(fields)
    return base


def bolt_face() -> dict[str, Any]:
    return {"object": "card_face", "name": "Lightning Bolt", "mana_cost": "{R}",
            "type_line": "Instant", "oracle_text": "Lightning Bolt deals 3 damage to any "
            "target.", "colors": ["R"], "oracle_id": "bolt-oracle", "layout": "normal",
            "cmc": 1.0}


class TestScryfallObjects:
    def test_a_reversible_card_is_its_one_card(self) -> None:
        reversible = scryfall("Lightning Bolt // Lightning Bolt", "reversible_card",
                              oracle_id=None, card_faces=[bolt_face(), bolt_face()])
        built = [c for c in iter_scryfall_cards([reversible])
                 if not isinstance(c, Exception)]
        assert [(c.name, c.id, c.layout, c.face_names) for c in built] == [
            ("Lightning Bolt", "bolt-oracle", "normal", ("Lightning Bolt",))]
        assert built[0].front.text.startswith("Lightning Bolt deals 3")

    def test_beside_its_own_object_it_adds_nothing(self) -> None:
        reversible = scryfall("Lightning Bolt // Lightning Bolt", "reversible_card",
                              oracle_id=None, card_faces=[bolt_face(), bolt_face()])
        plain = scryfall("Lightning Bolt", oracle_id="bolt-oracle")
        for objects in ([reversible, plain], [plain, reversible]):
            built = [c for c in iter_scryfall_cards(objects) if not isinstance(c, Exception)]
            assert [c.name for c in built] == ["Lightning Bolt"]

    def test_tokens_and_art_cards_stay_out(self, empty_db: Database, tmp_path: Path) -> None:
        objects = [scryfall("Grizzly Bears"),
                   scryfall("Goblin", "token", type_line="Token Creature — Goblin"),
                   scryfall("Spirit", "normal", type_line="Token Creature — Spirit"),
                   scryfall("Human // Wolf", "double_faced_token",
                            type_line="Token Creature — Human // Token Creature — Wolf"),
                   scryfall("Sol Ring // Sol Ring", "art_series", type_line="Card // Card")]
        path = tmp_path / "oracle-cards.json"
        path.write_text(json.dumps(objects), encoding="utf-8")
        summary = services.import_cards(empty_db, path)
        assert isinstance(summary, ImportSummary) and summary.cards == 1
        assert names(empty_db, "t:token") == []
        assert services.card_by_name(empty_db, "Sol Ring // Sol Ring") is None
