"""Search on a small database (the starter set): index upkeep, refusals and the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from sqlalchemy import text

from analyzer import cli, services
from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.db.fulltext import FTS_TABLE, has_search_index
from analyzer.cards.importers.mtgjson import card_from_atomic
from analyzer.cards.search import search_index_job
from analyzer.errors import CardImportError, SearchSyntaxError
from analyzer.progress import Cancelled, CancelToken, Progress, run_job


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return services.open_database(f"sqlite:///{tmp_path / 'cards.sqlite'}")


def fts_rows(db: Database) -> int | None:
    """Rows of the full-text table, None when it is absent."""
    with db.session() as session:
        if not has_search_index(session):
            return None
        return int(session.scalar(text(f"SELECT count(*) FROM {FTS_TABLE}")) or 0)


def card_count(db: Database) -> int:
    with db.session() as session:
        return int(session.scalar(text("SELECT count(*) FROM cards")) or 0)


def one_card_file(path: Path, name: str) -> Path:
    face = {"name": name, "manaCost": "{1}{U}", "manaValue": 2.0, "type": "Creature — Ninja",
            "types": ["Creature"], "subtypes": ["Ninja"], "text": f"{name} sneaks in.",
            "layout": "normal"}
    path.write_text(json.dumps({"data": {name: [face]}}), encoding="utf-8")
    return path


class TestSearchIndex:
    def test_the_import_leaves_it_to_the_first_search(self, db: Database) -> None:
        assert fts_rows(db) is None
        assert services.search_index_missing(db)
        assert [c.name for c in services.search(db, "t:ninja")]
        assert fts_rows(db) == card_count(db) > 0
        assert not services.search_index_missing(db)

    def test_a_reimport_drops_it_with_the_old_cards(self, db: Database,
                                                    tmp_path: Path) -> None:
        services.search(db, "t:ninja")  # built for the starter set
        services.import_cards(db, one_card_file(tmp_path / "a.json", "Quillback Shinobi"))
        assert fts_rows(db) is None  # never an index of other cards
        assert [c.name for c in services.search(db, "o:sneaks")] == ["Quillback Shinobi"]
        assert [c.name for c in services.search(db, "t:ninja")] == ["Quillback Shinobi"]
        assert fts_rows(db) == 1

    def test_a_failed_reimport_keeps_the_index(self, db: Database, tmp_path: Path) -> None:
        services.search(db, "t:ninja")
        bad = tmp_path / "bad.json"
        bad.write_text('{"data": {}}', encoding="utf-8")
        with pytest.raises(CardImportError):
            services.import_cards(db, bad)
        assert fts_rows(db) == card_count(db) > 0  # rolled back with the cards

    def test_inserting_cards_drops_it(self, db: Database) -> None:
        services.search(db, "t:ninja")
        with db.session() as session:
            repo.insert_cards(session, [card_from_atomic("Quillback Shinobi", [
                {"name": "Quillback Shinobi", "type": "Creature — Ninja",
                 "types": ["Creature"], "subtypes": ["Ninja"]}])])
        assert fts_rows(db) is None
        assert "Quillback Shinobi" in [c.name for c in services.search(db, "quillback")]

    def test_the_job_after_an_import_builds_it_once(self, db: Database) -> None:
        reports: list[Progress] = []
        assert run_job(search_index_job(db), reports.append) is True
        assert [r.message for r in reports] == ["Building the search index",
                                                "Built the search index"]
        assert fts_rows(db) == card_count(db)
        assert run_job(search_index_job(db)) is False

    def test_the_profile_job_builds_it_first(self, db: Database) -> None:
        reports: list[Progress] = []
        run_job(services.compile_profiles_job(db), reports.append)
        assert reports[0].message == "Building the search index"
        assert fts_rows(db) == card_count(db)

    def test_cancelled_before_building(self, db: Database) -> None:
        token = CancelToken()
        token.cancel()
        with pytest.raises(Cancelled):
            run_job(search_index_job(db, cancel=token))
        assert fts_rows(db) is None

    def test_a_database_without_it_gets_it_on_first_search(self, db: Database) -> None:
        before = [c.name for c in services.search(db, "t:ninja")]
        with db.session() as session:
            session.execute(text(f"DROP TABLE {FTS_TABLE}"))
            assert not has_search_index(session)
        assert [c.name for c in services.search(db, "t:ninja")] == before
        with db.session() as session:
            assert has_search_index(session)

    def test_a_failed_search_leaves_the_database_alone(self, db: Database) -> None:
        with pytest.raises(SearchSyntaxError):
            services.search(db, "t:ninja (")
        assert services.search(db, "t:ninja")


class TestRefusals:
    @pytest.mark.parametrize(("query", "offset"), [("r:mythic", 0), ("t:elf rarity:rare", 6),
                                                   ("t:elf -(s:lea or c:g)", 8)])
    def test_printing_fields_need_printings(self, db: Database, query: str,
                                            offset: int) -> None:
        with pytest.raises(SearchSyntaxError, match="needs printings data, which this "
                                                    "database does not have") as info:
            services.search(db, query)
        assert info.value.offset == offset
        assert "import MTGJSON AllPrintings or set files (`spellweb import-cards" \
            in info.value.message


class TestCommandLine:
    def run(self, db: Database, *argv: str) -> tuple[int, str]:
        out = io.StringIO()
        code = cli.main(["--db", db.url, "search", *argv], out=out)
        return code, out.getvalue()

    def test_names_one_a_line(self, db: Database, capsys: pytest.CaptureFixture[str]) -> None:
        code, out = self.run(db, "t:ninja c:b")
        assert code == 0
        # the first search after the import builds the index, and says so
        assert capsys.readouterr().err == \
            "building the full-text search index (once after an import)...\n"
        assert self.run(db, "t:ninja c:b") == (0, out)
        assert capsys.readouterr().err == ""
        names = out.splitlines()
        assert names and names == sorted(names)
        assert names == [c.name for c in services.search(db, "t:ninja c:b")]

    def test_json(self, db: Database) -> None:
        code, out = self.run(db, "t:ninja", "--json", "--limit", "3")
        assert code == 0
        cards = json.loads(out)
        assert len(cards) == 3
        for card in cards:
            assert {"name", "id", "mana_cost", "type_line", "mana_value", "colors",
                    "color_identity", "text", "power", "toughness", "layout"} <= set(card)
            assert "Ninja" in card["type_line"]

    def test_no_match_is_empty(self, db: Database) -> None:
        assert self.run(db, "zzzzqqq") == (0, "")
        assert self.run(db, "zzzzqqq", "--json") == (0, "[]\n")

    def test_malformed_query(self, db: Database, capsys: pytest.CaptureFixture[str]) -> None:
        code, out = self.run(db, "tx:goblin")
        err = capsys.readouterr().err
        assert code == cli.EXIT_INPUT and out == ""
        assert err == "spellweb: error: unknown field 'tx' at 0: did you mean 't'? in query " \
                      "'tx:goblin'\n"

    def test_listed_in_commands(self) -> None:
        assert "search" in cli.COMMANDS
