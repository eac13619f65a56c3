"""Search on a small database (the starter set): index upkeep, refusals and the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from sqlalchemy import text

from analyzer import cli, services
from analyzer.cards.db.engine import Database
from analyzer.cards.db.fulltext import FTS_TABLE, has_search_index
from analyzer.errors import SearchSyntaxError


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return services.open_database(f"sqlite:///{tmp_path / 'cards.sqlite'}")


class TestSearchIndex:
    def test_the_import_builds_it(self, db: Database) -> None:
        with db.session() as session:
            assert has_search_index(session)
            rows = session.scalar(text(f"SELECT count(*) FROM {FTS_TABLE}"))
            cards = session.scalar(text("SELECT count(*) FROM cards"))
        assert rows == cards > 0

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


class TestCommandLine:
    def run(self, db: Database, *argv: str) -> tuple[int, str]:
        out = io.StringIO()
        code = cli.main(["--db", db.url, "search", *argv], out=out)
        return code, out.getvalue()

    def test_names_one_a_line(self, db: Database) -> None:
        code, out = self.run(db, "t:ninja c:b")
        assert code == 0
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
