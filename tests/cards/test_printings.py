"""Printings: MTGJSON AllPrintings and per-set files, linking, r:/s: search, re-import."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path
from typing import Any, ClassVar

import pytest
from sqlalchemy import inspect

from analyzer import cli, services
from analyzer.cards.db import printings as prepo
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.identity import card_id_for
from analyzer.cards.importers.detect import CardFileKind, sniff_card_file
from analyzer.cards.importers.mtgjson_sets import iter_printings, read_printings_file
from analyzer.cards.printings import PrintingsSummary, import_printings, import_printings_job
from analyzer.errors import Cancelled, CardImportError, SearchSyntaxError
from analyzer.progress import CancelToken, run_job

BOLT_ORACLE = "4457ed35-7c10-48c8-9776-456485fdf070"


def atomic(name: str, **fields: Any) -> dict[str, Any]:
    base = {"name": name, "manaCost": "{R}", "manaValue": 1.0, "type": "Instant",
            "types": ["Instant"], "text": "Lightning Bolt deals 3 damage to any target.",
            "layout": "normal", "colors": ["R"], "colorIdentity": ["R"]}
    return {**base, **fields}


ATOMIC = {"meta": {"date": "2026-01-01"}, "data": {
    "Lightning Bolt": [atomic("Lightning Bolt",
                              identifiers={"scryfallOracleId": BOLT_ORACLE})],
    "Grizzly Bears": [atomic("Grizzly Bears", manaCost="{1}{G}", manaValue=2.0,
                             type="Creature — Bear", types=["Creature"], subtypes=["Bear"],
                             text="", colors=["G"], colorIdentity=["G"], power="2",
                             toughness="2")],
    "Fire // Ice": [atomic("Fire // Ice", faceName="Fire", side="a", layout="split",
                           manaCost="{1}{R}", manaValue=4.0, faceManaValue=2.0),
                    atomic("Fire // Ice", faceName="Ice", side="b", layout="split",
                           manaCost="{1}{U}", manaValue=4.0, faceManaValue=2.0,
                           colors=["U"])],
}}


def printing(name: str, set_code: str, number: str, rarity: str, **fields: Any) -> dict[str, Any]:
    """A *Card (Set)* object as MTGJSON writes it (with fields the importer does not read)."""
    return {"artist": "Christopher Rush", "availability": ["paper"], "borderColor": "black",
            "colorIdentity": ["R"], "colors": ["R"], "finishes": ["nonfoil"],
            "foreignData": [], "frameVersion": "1993", "hasFoil": False, "hasNonFoil": True,
            "language": "English", "layout": "normal", "manaValue": 1.0, "name": name,
            "number": number, "rarity": rarity, "setCode": set_code, "type": "Instant",
            "types": ["Instant"], "uuid": f"{set_code}-{number}-{fields.get('side', '')}",
            "identifiers": {"mtgjsonV4Id": "x", "scryfallId": f"sf-{set_code}-{number}",
                            **fields.pop("identifiers", {})},
            **fields}


def a_set(code: str, name: str, date: str, set_type: str, cards: list[dict[str, Any]]
          ) -> dict[str, Any]:
    """A *Set* object, with the bulky parts (booster, tokens) the importer drops."""
    return {"baseSetSize": len(cards), "block": "Core Set",
            "booster": {"default": {"boosters": [{"contents": {"common": 11}, "weight": 1}],
                                    "sheets": {"common": {"cards": {"u1": 1}, "foil": False,
                                                          "totalWeight": 1}}}},
            "cards": cards, "code": code, "isFoilOnly": False, "isOnlineOnly": False,
            "keyruneCode": code, "name": name, "releaseDate": date,
            "tokens": [printing("Goblin", code, "T1", "common")], "totalSetSize": len(cards),
            "translations": {}, "type": set_type}


LEA = a_set("LEA", "Limited Edition Alpha", "1993-08-05", "core", [
    printing("Lightning Bolt", "LEA", "161", "common",
             identifiers={"scryfallOracleId": BOLT_ORACLE, "mtgoId": "12345"}),
    printing("Grizzly Bears", "LEA", "198", "common"),
    printing("Black Lotus", "LEA", "232", "rare"),
])
APC = a_set("APC", "Apocalypse", "2001-06-04", "expansion", [
    printing("Fire // Ice", "APC", "128", "uncommon", faceName="Fire", side="a",
             identifiers={"mtgArenaId": "70001"}),
    printing("Fire // Ice", "APC", "128", "uncommon", faceName="Ice", side="b",
             identifiers={"mtgArenaId": "70001"}),
])
M11 = a_set("M11", "Magic 2011", "2010-07-16", "core", [
    printing("Lightning Bolt", "M11", "146", "uncommon",
             identifiers={"scryfallOracleId": BOLT_ORACLE, "mtgArenaId": "555"}),
])
META = {"date": "2026-02-01", "version": "5.2.2+20260201"}


def write(path: Path, doc: Any) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture
def atomic_file(tmp_path: Path) -> Path:
    return write(tmp_path / "AtomicCards.json", ATOMIC)


@pytest.fixture
def set_file(tmp_path: Path) -> Path:
    """A per-set file: ``data`` is the Set itself."""
    return write(tmp_path / "LEA.json", {"meta": META, "data": LEA})


@pytest.fixture
def all_printings(tmp_path: Path) -> Path:
    return write(tmp_path / "AllPrintings.json",
                 {"meta": META, "data": {"APC": APC, "LEA": LEA, "M11": M11}})


@pytest.fixture
def db(empty_db: Database, atomic_file: Path) -> Database:
    """The three cards of ATOMIC, on SQLite and on PostgreSQL."""
    services.import_cards(empty_db, atomic_file)
    return empty_db


def names(db: Database, query: str) -> list[str]:
    return [c.name for c in services.search(db, query)]


class TestReader:
    def test_per_set_file(self, set_file: Path) -> None:
        printings = list(iter_printings(read_printings_file(set_file)))
        assert [str(p) for p in printings] == ["Lightning Bolt (LEA) 161",
                                               "Grizzly Bears (LEA) 198",
                                               "Black Lotus (LEA) 232"]
        bolt = printings[0]
        assert (bolt.set_name, bolt.release_date, bolt.set_type, bolt.rarity) == (
            "Limited Edition Alpha", "1993-08-05", "core", "common")
        assert (bolt.mtgo_id, bolt.arena_id, bolt.scryfall_id, bolt.oracle_id) == (
            12345, None, "sf-LEA-161", BOLT_ORACLE)
        assert bolt.card_id == BOLT_ORACLE
        assert printings[1].card_id == card_id_for("Grizzly Bears")

    def test_all_printings_one_row_per_face_and_no_tokens(self, all_printings: Path) -> None:
        printings = list(iter_printings(read_printings_file(all_printings)))
        assert len(printings) == 3 + 2 + 1
        fire_ice = [p for p in printings if p.set_code == "APC"]
        assert [(p.face_name, p.side, p.arena_id) for p in fire_ice] == [
            ("Fire", "a", 70001), ("Ice", "b", 70001)]
        assert "Goblin" not in {p.name for p in printings}

    def test_bulky_parts_are_dropped_while_parsing(self, all_printings: Path) -> None:
        doc = read_printings_file(all_printings)
        assert set(doc["data"]["LEA"]) == {"code", "name", "releaseDate", "type", "cards"}
        assert "artist" not in doc["data"]["LEA"]["cards"][0]

    def test_a_broken_entry_is_reported_not_fatal(self, tmp_path: Path) -> None:
        broken = a_set("X", "X", "", "core", [{"setCode": "X", "number": "1"},
                                              printing("Ok", "X", "2", "rare"), 7])
        items = list(iter_printings(read_printings_file(
            write(tmp_path / "x.json", {"data": broken}))))
        assert [type(i).__name__ for i in items] == ["CardImportError", "Printing",
                                                     "CardImportError"]

    @pytest.mark.parametrize("doc", [{"data": {"Lightning Bolt": [{"name": "x"}]}}, [1],
                                     {"data": {}}])
    def test_not_a_printings_file(self, tmp_path: Path, doc: Any) -> None:
        with pytest.raises(CardImportError, match="not an MTGJSON AllPrintings or set file"):
            read_printings_file(write(tmp_path / "bad.json", doc))


class TestDetection:
    def test_kinds(self, atomic_file: Path, set_file: Path, all_printings: Path,
                   tmp_path: Path) -> None:
        assert sniff_card_file(atomic_file) is CardFileKind.ATOMIC
        assert sniff_card_file(set_file) is CardFileKind.PRINTINGS
        assert sniff_card_file(all_printings) is CardFileKind.PRINTINGS
        scryfall = write(tmp_path / "oracle-cards.json", [{"object": "card", "name": "x"}])
        assert sniff_card_file(scryfall) is CardFileKind.SCRYFALL

    def test_compressed(self, all_printings: Path, tmp_path: Path) -> None:
        gz = tmp_path / "AllPrintings.json.gz"
        gz.write_bytes(gzip.compress(all_printings.read_bytes()))
        zipped = tmp_path / "AllPrintings.json.zip"
        with zipfile.ZipFile(zipped, "w") as zf:
            zf.write(all_printings, "AllPrintings.json")
        for path in (gz, zipped):
            assert sniff_card_file(path) is CardFileKind.PRINTINGS
            assert len(list(iter_printings(read_printings_file(path)))) == 6

    def test_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(CardImportError, match="no such file"):
            sniff_card_file(tmp_path / "nope.json")


class TestImport:
    def test_links_by_oracle_id_and_by_name(self, db: Database, all_printings: Path) -> None:
        summary = services.import_cards(db, all_printings)
        assert isinstance(summary, PrintingsSummary)
        assert (summary.printings, summary.sets, summary.linked) == (6, 3, 3)
        assert summary.unlinked == ("Black Lotus",)
        assert summary.data_date == "2026-02-01"
        with db.session() as session:
            bolt = repo.find_card(session, "Lightning Bolt")
            assert bolt is not None and bolt.id == BOLT_ORACLE
            assert [str(p) for p in prepo.printings_of(session, bolt.id)] == [
                "Lightning Bolt (LEA) 161", "Lightning Bolt (M11) 146"]
            fire = repo.find_card(session, "Fire // Ice")
            assert fire is not None
            assert [p.face_name for p in prepo.printings_of(session, fire.id)] == ["Fire", "Ice"]
            assert prepo.printing_count(session) == 6

    def test_reimport_replaces_only_the_printings(self, db: Database, all_printings: Path,
                                                  set_file: Path) -> None:
        services.set_card_note(db, "Grizzly Bears", tags=["beater"])
        services.import_cards(db, all_printings)
        before = services.database_info(db)
        services.import_cards(db, set_file)
        with db.session() as session:
            assert prepo.printing_count(session) == 3
            assert {p.set_code for p in prepo.printings_of(session, BOLT_ORACLE)} == {"LEA"}
        after = services.database_info(db)
        assert (after.cards, after.faces, after.source) == (before.cards, before.faces,
                                                            before.source)
        assert services.card_note(db, "Grizzly Bears").tags == ("beater",)
        assert db.meta()["printings_source"] == "LEA.json"

    def test_cancel_leaves_the_previous_printings(self, db: Database, all_printings: Path,
                                                  set_file: Path) -> None:
        services.import_cards(db, set_file)
        token = CancelToken()
        job = import_printings_job(db, all_printings, cancel=token)
        with pytest.raises(Cancelled):
            for report in job:
                if report.message.startswith("Writing"):
                    token.cancel()
        with db.session() as session:
            assert prepo.printing_count(session) == 3

    def test_a_file_without_printings_changes_nothing(self, db: Database, set_file: Path,
                                                      tmp_path: Path) -> None:
        services.import_cards(db, set_file)
        empty = write(tmp_path / "E.json", {"data": a_set("E", "E", "", "core", [])})
        with pytest.raises(CardImportError, match="holds no printing"):
            import_printings(db, empty)
        with db.session() as session:
            assert prepo.printing_count(session) == 3

    def test_printings_before_their_cards_are_linked_later(
            self, empty_db: Database, all_printings: Path, atomic_file: Path) -> None:
        summary = run_job(services.import_cards_job(empty_db, all_printings))
        assert isinstance(summary, PrintingsSummary) and summary.linked == 0
        services.import_cards(empty_db, atomic_file)
        assert names(empty_db, "s:apc") == ["Fire // Ice"]
        assert names(empty_db, "s:m11") == ["Lightning Bolt"]


class TestSearch:
    @pytest.fixture
    def db(self, db: Database, all_printings: Path) -> Database:
        services.import_cards(db, all_printings)
        return db

    @pytest.mark.parametrize(("query", "expected"), [
        ("s:lea", ["Grizzly Bears", "Lightning Bolt"]),
        ("set:LEA", ["Grizzly Bears", "Lightning Bolt"]),
        ("e:m11", ["Lightning Bolt"]),
        ("r:uncommon", ["Fire // Ice", "Lightning Bolt"]),
        ("rarity:c", ["Grizzly Bears", "Lightning Bolt"]),
        ("r:rare", []),
        ("r:u -s:m11", ["Fire // Ice"]),
        ("-s:lea", ["Fire // Ice"]),
        ("s:apc or s:m11", ["Fire // Ice", "Lightning Bolt"]),
        ("t:instant r:common", ["Lightning Bolt"]),
        ("s:zzz", []),
    ])
    def test_query(self, db: Database, query: str, expected: list[str]) -> None:
        assert names(db, query) == expected

    def test_the_plain_sql_engine_agrees(self, db: Database) -> None:
        from analyzer.cards.search import run_search

        with db.session() as session:
            plain = [c.name for c in run_search(session, "r:u -s:m11", fulltext=False)]
        assert plain == ["Fire // Ice"]


def test_an_empty_printings_table_still_refuses(db: Database) -> None:
    with db.session() as session:
        assert inspect(session.connection()).has_table("printings")
    with pytest.raises(SearchSyntaxError, match="needs printings data"):
        services.search(db, "s:lea")


def test_command_line(tmp_path: Path, atomic_file: Path, all_printings: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    out = io.StringIO()
    assert cli.main(["--db", url, "import-cards", "-q", str(atomic_file)], out=out) == 0
    out = io.StringIO()
    assert cli.main(["--db", url, "import-cards", "-q", str(all_printings)], out=out) == 0
    assert out.getvalue().startswith("imported 6 printings of 3 cards from 3 sets from ")
    assert "1 cards of the file are not in the card database (e.g. 'Black Lotus')" in \
        capsys.readouterr().err
    out = io.StringIO()
    assert cli.main(["--db", url, "search", "s:lea"], out=out) == 0
    assert out.getvalue() == "Grizzly Bears\nLightning Bolt\n"


class TestRarityComparisons:
    """``r>=rare``, ``r<mythic``...: Scryfall's rarity order, some printing comparing so.

    The expected cards are computed here from the printing objects written to the file,
    with the order of Scryfall's syntax page, not through the importer or the search."""

    ORDER = ("common", "uncommon", "rare", "special", "mythic", "bonus")
    SETS: ClassVar[dict[str, Any]] = {
        "APC": APC, "LEA": LEA, "M11": M11,
        "2XM": a_set("2XM", "Double Masters", "2020-08-07", "masters", [
            printing("Grizzly Bears", "2XM", "300", "mythic"),
            printing("Fire // Ice", "2XM", "301", "special", faceName="Fire", side="a"),
            printing("Fire // Ice", "2XM", "301", "special", faceName="Ice", side="b"),
        ])}

    @pytest.fixture
    def db(self, db: Database, tmp_path: Path) -> Database:
        services.import_cards(db, write(tmp_path / "AllPrintings.json",
                                        {"meta": META, "data": self.SETS}))
        return db

    def expected(self, op: str, rarity: str) -> list[str]:
        compare = {":": int.__eq__, "=": int.__eq__, "!=": int.__ne__, "<": int.__lt__,
                   "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__}[op]
        target = self.ORDER.index(rarity)
        return sorted({p["name"] for s in self.SETS.values() for p in s["cards"]
                       if p["name"] in ATOMIC["data"]
                       and compare(self.ORDER.index(p["rarity"]), target)})

    @pytest.mark.parametrize("op", [":", "=", "!=", "<", "<=", ">", ">="])
    @pytest.mark.parametrize("rarity", ORDER)
    def test_every_operator_and_rarity(self, db: Database, op: str, rarity: str) -> None:
        assert names(db, f"r{op}{rarity}") == self.expected(op, rarity)

    @pytest.mark.parametrize(("query", "expected"), [
        ("r>=rare", ["Fire // Ice", "Grizzly Bears"]),
        ("r<mythic -r:common", ["Fire // Ice"]),  # Bolt and Bears have common printings
        ("rarity>u t:instant", ["Fire // Ice"]),
        ("r>=m", ["Grizzly Bears"]),
    ])
    def test_combined(self, db: Database, query: str, expected: list[str]) -> None:
        assert names(db, query) == expected

    def test_the_engines_agree(self, db: Database) -> None:
        from analyzer.cards.search import run_search

        with db.session() as session:
            for op in (":", "<", ">="):
                query = f"r{op}special"
                plain = [c.name for c in run_search(session, query, fulltext=False)]
                assert plain == [c.name for c in run_search(session, query)]

    def test_unknown_rarity_points_at_it(self, db: Database) -> None:
        with pytest.raises(SearchSyntaxError, match="unknown rarity 'legend' at 3"):
            services.search(db, "r>=legend")
