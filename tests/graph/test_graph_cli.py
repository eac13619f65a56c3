"""``spellweb graph`` in every format and ``spellweb suggest``, on the starter card set."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from analyzer import cli
from tests.cli_run import run

STARTER_DECK = Path(__file__).resolve().parents[2] / "data" / "decks" / "splinter_ninjas.txt"


class TestGraph:
    def test_json_links_keep_every_attribute(self, db_url: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "g.json"
        code, out, _ = run(["--db", db_url, "graph", str(STARTER_DECK), "-o", str(target)],
                           capsys)
        assert code == 0 and "synergy edges" in out
        data = json.loads(target.read_text(encoding="utf-8"))
        assert "links" in data and "edges" not in data
        for link in data["links"]:
            assert {"source", "target", "key", "kind", "explanation", "rules",
                    "strength"} <= set(link)
        # the starter deck holds ninjutsu cards and evasive creatures (CR 702.49a)
        assert "ninjutsu_enabler" in {link["kind"] for link in data["links"]}

    def test_svg(self, db_url: str, tmp_path: Path,
                 capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "g.svg"
        code, _, _ = run(["--db", db_url, "graph", str(STARTER_DECK), "-o", str(target)], capsys)
        assert code == 0
        root = ET.parse(target).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        titles = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
        assert "Splinter, Hamato Yoshi" in titles  # one title per card
        assert any("(ninjutsu_enabler)" in t for t in titles)  # one per edge

    def test_png(self, db_url: str, tmp_path: Path,
                 capsys: pytest.CaptureFixture[str]) -> None:
        from PIL import Image

        target = tmp_path / "g.PNG"
        code, _, _ = run(["--db", db_url, "graph", str(STARTER_DECK), "-o", str(target)], capsys)
        assert code == 0
        assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with Image.open(target) as image:
            assert image.size == (1600, 1200)
            colors = image.convert("RGB").getcolors(1_000_000) or []
            assert len(colors) > 10  # not a blank page

    def test_unknown_extension_lists_the_formats(self, db_url: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "graph", str(STARTER_DECK), "-o",
                            str(tmp_path / "g.gexf")], capsys)
        assert code == 1
        assert all(ext in err for ext in (".json", ".graphml", ".svg", ".png"))
        assert not (tmp_path / "g.gexf").exists()


class TestSuggest:
    def test_json(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(["--db", db_url, "suggest", str(STARTER_DECK), "--json", "-n", "5"],
                           capsys)
        assert code == 0
        found = json.loads(out)
        assert 0 < len(found) <= 5
        deck_names = {line.split(" ", 1)[1] for line in
                      STARTER_DECK.read_text(encoding="utf-8").splitlines() if line.strip()}
        for suggestion in found:
            assert {"card", "name", "count", "score", "edges"} <= set(suggestion)
            assert suggestion["name"] not in deck_names
            assert suggestion["count"] == len(suggestion["edges"]) > 0
            assert all({"source", "target", "kind", "explanation", "rules", "strength"}
                       <= set(e) for e in suggestion["edges"])
            assert suggestion["card"] in {e["source"] for e in suggestion["edges"]} | \
                {e["target"] for e in suggestion["edges"]}
        scores = [s["score"] for s in found]
        assert scores == sorted(scores, reverse=True)

    def test_text(self, db_url: str, tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = run(["--db", db_url, "suggest", str(STARTER_DECK), "-n", "3"], capsys)
        assert code == 0
        assert out.startswith("  1. ") and "edges, score" in out and "(CR " in out
        assert "Indexing" in err or "Reading the suggestion index" in err or err == ""
        assert (tmp_path / "cards.sqlite.graph-index.json.gz").exists()

    def test_first_build_is_announced_even_with_json(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        # a fresh database has no index file: building it must print progress on stderr,
        # and stdout must stay pure JSON
        url = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
        code, out, err = run(["--db", url, "suggest", str(STARTER_DECK), "--json", "-n", "2"],
                             capsys)
        assert code == 0 and isinstance(json.loads(out), list)
        assert "Building the suggestion index" in err

    def test_unknown_game_format(self, db_url: str, capsys: pytest.CaptureFixture[str]
                                 ) -> None:
        code, _, err = run(["--db", db_url, "suggest", str(STARTER_DECK), "--game-format",
                            "moden"], capsys)
        # a bad option value: usage error (exit 2), as argparse's own
        assert code == 2 and "moden" in err and "modern" in err

    def test_bad_count(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        # a usage error from argparse (exit 2) naming the option
        with pytest.raises(SystemExit) as info:
            run(["--db", db_url, "suggest", str(STARTER_DECK), "-n", "0"], capsys)
        assert info.value.code == 2 and "--count" in capsys.readouterr().err

    def test_missing_deck(self, db_url: str, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "suggest", str(tmp_path / "nope.txt")], capsys)
        assert code == 1 and "nope.txt" in err

    def test_listed_in_commands(self) -> None:
        assert "suggest" in cli.COMMANDS and "graph" in cli.COMMANDS
