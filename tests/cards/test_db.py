"""The card database: schema, import (one transaction), name lookup."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import zipfile
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database, resolve_database_url
from analyzer.cards.db.rows import JsonCache
from analyzer.cards.importers.mtgjson import atomic_entry, card_from_atomic
from analyzer.cards.importing import import_atomic_cards, import_atomic_cards_job
from analyzer.cards.lookup import NameKind
from analyzer.errors import Cancelled, CardImportError, DatabaseError
from analyzer.progress import CancelToken, Progress, run_job


def face(name: str, **fields: Any) -> dict[str, Any]:
    base = {"name": name, "manaCost": "{1}{G}", "manaValue": 2.0, "type": "Creature — Bear",
            "types": ["Creature"], "subtypes": ["Bear"], "supertypes": [], "power": "2",
            "toughness": "2", "text": "", "layout": "normal"}
    return {**base, **fields}


SMALL = {
    "meta": {"date": "2026-01-01"},
    "data": {
        "Grizzly Bears": [face("Grizzly Bears")],
        "Fire // Ice": [
            face("Fire // Ice", faceName="Fire", side="a", manaCost="{1}{R}", layout="split",
                 type="Instant", types=["Instant"], subtypes=[], manaValue=4.0,
                 faceManaValue=2.0),
            face("Fire // Ice", faceName="Ice", side="b", manaCost="{1}{U}", layout="split",
                 type="Instant", types=["Instant"], subtypes=[], manaValue=4.0,
                 faceManaValue=2.0)],
        "Fire": [face("Fire", manaCost="{R}")],
        "Lim-Dûl's Vault": [face("Lim-Dûl's Vault", asciiName="Lim-Dul's Vault")],
        "Ink-Eyes, Servant of Oni": [face("Ink-Eyes, Servant of Oni",
                                          flavorNames=["Splinter, Vengeful Sensei"])],
    },
}


@pytest.fixture
def small_file(tmp_path: Path) -> Path:
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(SMALL), encoding="utf-8")
    return path


@pytest.fixture
def db(empty_db: Database) -> Database:
    """An empty database, on SQLite and on PostgreSQL (see tests/conftest.py)."""
    return empty_db


class TestDatabaseUrl:
    def test_bare_path_is_sqlite(self, tmp_path: Path) -> None:
        assert resolve_database_url(str(tmp_path / "x.db")).startswith("sqlite:///")

    def test_env_var(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("SPELLWEB_DB", "sqlite://")
        assert resolve_database_url() == "sqlite://"

    def test_bad_url(self) -> None:
        with pytest.raises(DatabaseError, match="nosuchdriver"):
            Database("nosuchdriver://x")

    def test_creates_folder(self, tmp_path: Path) -> None:
        Database(f"sqlite:///{tmp_path / 'a' / 'b' / 'cards.sqlite'}")
        assert (tmp_path / "a" / "b" / "cards.sqlite").exists()


class TestImport:
    def test_counts_and_meta(self, db: Database, small_file: Path) -> None:
        summary = import_atomic_cards(db, small_file)
        assert (summary.cards, summary.faces) == (5, 6)
        info = services.database_info(db)
        assert (info.cards, info.faces, info.source, info.data_date) == (
            5, 6, "AtomicCards.json", "2026-01-01")

    @pytest.mark.parametrize("kind", ["gz", "xz", "bz2", "zip"])
    def test_compressed(self, db: Database, tmp_path: Path, kind: str) -> None:
        raw = json.dumps(SMALL).encode()
        path = tmp_path / f"cards.{kind}"
        if kind == "zip":
            with zipfile.ZipFile(path, "w") as zf:
                zf.writestr("AtomicCards.json", raw)
        else:
            path.write_bytes({"gz": gzip.compress, "xz": lzma.compress,
                              "bz2": bz2.compress}[kind](raw))
        assert import_atomic_cards(db, path).cards == 5

    def test_progress_reports(self, db: Database, small_file: Path) -> None:
        reports: list[Progress] = []
        run_job(import_atomic_cards_job(db, small_file), reports.append)
        assert reports[0].message.startswith("Reading")
        assert reports[-1].done == reports[-1].total == 5

    @pytest.mark.parametrize("content, match", [
        (b"", "not a JSON file"),
        (b"\x00\x01garbage", "not a JSON file"),
        (b'{"data": []}', "not an MTGJSON AtomicCards file"),
        (b'{"data": {}}', "holds no card"),
        (b"\x1f\x8b broken gzip", "cannot read"),
    ])
    def test_bad_file_keeps_previous_cards(self, db: Database, small_file: Path,
                                           tmp_path: Path, content: bytes, match: str) -> None:
        import_atomic_cards(db, small_file)
        bad = tmp_path / "bad.json"
        bad.write_bytes(content)
        with pytest.raises(CardImportError, match=match):
            import_atomic_cards(db, bad)
        assert services.database_info(db).cards == 5

    def test_missing_file(self, db: Database, tmp_path: Path) -> None:
        with pytest.raises(CardImportError, match="no such file"):
            import_atomic_cards(db, tmp_path / "nope.json")

    def test_cancel_rolls_back(self, db: Database, small_file: Path, tmp_path: Path) -> None:
        import_atomic_cards(db, small_file)
        other = tmp_path / "other.json"
        other.write_text(json.dumps({"data": {"Craw Wurm": [face("Craw Wurm")]}}))
        token = CancelToken()
        job = import_atomic_cards_job(db, other, cancel=token)
        with pytest.raises(Cancelled):
            for report in job:
                if report.message.startswith("Writing"):
                    token.cancel()
        assert {c.name for c in services.search_cards(db, "")} >= {"Grizzly Bears"}
        assert services.card_by_name(db, "Craw Wurm") is None

    def test_failure_mid_write_rolls_back(self, db: Database, small_file: Path,
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        import_atomic_cards(db, small_file)

        def boom(*_args: object, **_kwargs: object) -> None:
            raise DatabaseError("disk full")

        monkeypatch.setattr(repo, "set_meta", boom)
        with pytest.raises(DatabaseError, match="disk full"):
            import_atomic_cards(db, small_file.with_name("AtomicCards.json"))
        assert services.database_info(db).cards == 5
        assert services.database_info(db).source == "AtomicCards.json"

    def test_broken_entry_skipped(self, db: Database, tmp_path: Path) -> None:
        path = tmp_path / "c.json"
        path.write_text(json.dumps({"data": {"Grizzly Bears": [face("Grizzly Bears")],
                                             "Broken": "not a list"}}))
        summary = import_atomic_cards(db, path)
        assert summary.cards == 1
        assert len(summary.skipped) == 1 and "Broken" in summary.skipped[0]

    @pytest.mark.parametrize("entry, field", [
        ({"name": "Foo", "manaValue": 1e999}, "manaValue"),
        ({"name": "Foo", "manaValue": float("nan")}, "manaValue"),
        ({"name": 5, "types": "Creature"}, "name"),
        ({"name": "Foo", "types": "Creature"}, "types"),
        ({"name": "Foo", "legalities": ["commander"]}, "legalities"),
    ])
    def test_bad_fields_skip_the_entry(self, db: Database, small_file: Path, tmp_path: Path,
                                       entry: dict[str, Any], field: str) -> None:
        import_atomic_cards(db, small_file)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({"data": {"Foo": [entry]}}), encoding="utf-8")
        with pytest.raises(CardImportError, match="holds no card"):
            import_atomic_cards(db, path)
        assert services.database_info(db).cards == 5
        path.write_text(json.dumps({"data": {"Foo": [entry], "Craw Wurm": [face("Craw Wurm")]}}),
                        encoding="utf-8")
        summary = import_atomic_cards(db, path)
        assert summary.cards == 1 and field in summary.skipped[0]

    @pytest.mark.parametrize("faces", [
        "not a list", [], ["not an object"],
        [{"name": "Foo", "manaValue": float("inf")}],
        [{"name": "Foo", "power": [2]}],
        [{"name": "Foo", "colors": ["G", 1]}],
        [{"name": "Foo", "identifiers": "x"}],
        [{"name": "Foo", "faceName": 3}],
        [{"name": "Foo", "layout": "split"}, {"name": "Foo", "faceManaValue": "two"}],
    ])
    def test_rows_refuse_what_cards_refuse(self, faces: Any) -> None:
        with pytest.raises(CardImportError) as from_card:
            card_from_atomic("Foo", faces)
        with pytest.raises(CardImportError) as from_json:
            atomic_entry("Foo", faces, JsonCache())
        assert str(from_json.value) == str(from_card.value)
        assert "'Foo'" in str(from_json.value)

    def test_reimport_replaces(self, db: Database, small_file: Path, tmp_path: Path) -> None:
        import_atomic_cards(db, small_file)
        other = tmp_path / "other.json"
        other.write_text(json.dumps({"data": {"Craw Wurm": [face("Craw Wurm")]}}))
        import_atomic_cards(db, other)
        assert [c.name for c in services.search_cards(db, "")] == ["Craw Wurm"]


class TestLookup:
    @pytest.fixture(autouse=True)
    def _load(self, db: Database, small_file: Path) -> None:
        import_atomic_cards(db, small_file)

    @pytest.mark.parametrize("spelling, expected", [
        ("grizzly bears", "Grizzly Bears"),
        ("Fire // Ice", "Fire // Ice"),
        ("fire/ice", "Fire // Ice"),
        ("Fire", "Fire"),  # a half name that is also a real card is the real card
        ("Ice", "Fire // Ice"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),
        ("lim-dûl's vault", "Lim-Dûl's Vault"),
        ("Splinter, Vengeful Sensei", "Ink-Eyes, Servant of Oni"),
    ])
    def test_find_card(self, db: Database, spelling: str, expected: str) -> None:
        card = services.card_by_name(db, spelling)
        assert card is not None and card.name == expected

    def test_hits_rank_name_before_face(self, db: Database) -> None:
        with db.session() as session:
            hits = repo.DatabaseCardLookup(session).hits(["fire"])["fire"]
        assert [(h.card.name, h.kind) for h in hits] == [
            ("Fire", NameKind.NAME), ("Fire // Ice", NameKind.FACE)]

    def test_faces_round_trip(self, db: Database) -> None:
        card = services.card_by_name(db, "Fire // Ice")
        assert card is not None
        assert card.face_names == ("Fire", "Ice")
        assert [f.mana_cost for f in card.faces] == ["{1}{R}", "{1}{U}"]
        assert card.mana_value == 4.0 and card.faces[1].mana_value == 2.0


class TestStarterSeed:
    def test_empty_database_gets_starter_set(self) -> None:
        db = services.open_database("sqlite://")
        info = services.database_info(db)
        assert info.source == "starter" and info.cards > 50
        assert services.card_by_name(db, "Splinter, Hamato Yoshi") is not None

    def test_full_database_untouched(self, db: Database, small_file: Path) -> None:
        import_atomic_cards(db, small_file)
        from analyzer.cards.importing import ensure_cards

        assert ensure_cards(db) is False


@pytest.mark.slow
class TestRealImport:
    def test_every_card(self, real_db: Database) -> None:
        info = services.database_info(real_db)
        # 24,174 entries less the placeholders ;Manifest and ;Morph (no cards)
        assert (info.cards, info.faces) == (24172, 24658)

    @pytest.mark.parametrize("name, expected", [
        ("Splinter, Hamato Yoshi", "Splinter, Hamato Yoshi"),
        ("Splinter, Vengeful Sensei", "Ink-Eyes, Servant of Oni"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),
        ("Swords to Plowshares", "Swords to Plowshares"),
        ("Brisela, Voice of Nightmares", "Brisela, Voice of Nightmares"),
        ("Bruna, the Fading Light", "Bruna, the Fading Light // Brisela, Voice of Nightmares"),
        ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
    ])
    def test_real_names(self, real_db: Database, name: str, expected: str) -> None:
        card = services.card_by_name(real_db, name)
        assert card is not None and card.name == expected


class TestUserNotes:
    def test_notes_survive_a_reimport(self, db: Database, small_file: Path,
                                      tmp_path: Path) -> None:
        import_atomic_cards(db, small_file)
        services.set_card_note(db, "Grizzly Bears", tags=["beater", "beater", " "],
                               note="cut for Lions")
        other = tmp_path / "other.json"
        other.write_text(json.dumps({"data": {"Grizzly Bears": [face("Grizzly Bears")]}}))
        import_atomic_cards(db, other)
        note = services.card_note(db, "grizzly bears")
        assert (note.tags, note.note) == (("beater",), "cut for Lions")

    def test_empty_note_deletes(self, db: Database) -> None:
        services.set_card_note(db, "Fire // Ice", note="x")
        services.set_card_note(db, "Fire // Ice")
        assert services.card_note(db, "Fire // Ice").updated_at == ""
