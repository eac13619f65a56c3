"""The command line: promised commands, JSON shapes, and clear errors on bad input."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from analyzer import cli
from ui.main import main as spellweb_main

STARTER_DECK = Path(__file__).resolve().parents[1] / "data" / "decks" / "splinter_ninjas.txt"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = cli.main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cards.sqlite'}"


class TestStarterSet:
    """On a fresh database the starter set answers (no import needed)."""

    def test_deck_json_shape(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(["--db", db_url, "deck", str(STARTER_DECK), "--json"], capsys)
        assert code == 0
        data = json.loads(out)
        assert data["issues"] == []
        assert all({"name", "count", "section"} <= set(e) for e in data["entries"])
        assert sum(e["count"] for e in data["entries"] if e["section"] == "main") == 60

    def test_db_after_subcommand(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(["info", "--db", db_url], capsys)
        assert code == 0 and "source:   starter" in out

    def test_graph_json(self, db_url: str, tmp_path: Path,
                        capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "g.json"
        code, _, _ = run(["--db", db_url, "graph", str(STARTER_DECK), "-o", str(target)], capsys)
        assert code == 0
        graph = json.loads(target.read_text(encoding="utf-8"))
        assert all("name" in n for n in graph["nodes"])
        assert graph["links"]
        assert all({"source", "target", "kind", "explanation", "rules"} <= set(link)
                   for link in graph["links"])
        kinds = {link["kind"] for link in graph["links"]}
        assert {"anthem", "sneak_enabler", "ninjutsu_enabler"} <= kinds

    def test_graph_graphml(self, db_url: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "g.graphml"
        code, _, _ = run(["--db", db_url, "graph", str(STARTER_DECK), "-o", str(target)], capsys)
        assert code == 0
        root = ET.parse(target).getroot()
        assert root.tag.endswith("graphml")

    def test_graph_unknown_extension(self, db_url: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "graph", str(STARTER_DECK), "-o",
                            str(tmp_path / "g.gif")], capsys)
        assert code == 1 and ".graphml" in err

    def test_report(self, db_url: str, tmp_path: Path,
                    capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "r.html"
        code, _, _ = run(["--db", db_url, "report", str(STARTER_DECK), "-o", str(target)],
                         capsys)
        assert code == 0
        html = target.read_text(encoding="utf-8")
        assert "Splinter, Hamato Yoshi" in html and "anthem" in html


class TestBadInput:
    """A malformed deck gives one clear message with file and line, and exit status 1."""

    @pytest.mark.parametrize("content, expected", [
        (b"4 Grizzly Bears\n4 Splintr, Hamato Yoshi\n", "line 2"),
        (b"4 Grizzly Bears\nfour Island\n", "line 2"),
        (b"\x00\x01\x02\xff\xfe\x00garbage\x00\x00", "not a text deck list"),
        (b"", "no cards"),
    ])
    @pytest.mark.parametrize("command", ["graph", "report"])
    def test_errors(self, db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                    content: bytes, expected: str, command: str) -> None:
        deck = tmp_path / "bad deck.txt"
        deck.write_bytes(content)
        output = tmp_path / ("out.json" if command == "graph" else "out.html")
        code, _, err = run(["--db", db_url, command, str(deck), "-o", str(output)], capsys)
        assert code == 1
        assert err.startswith("spellweb: error:") and err.count("\n") == 1
        assert "bad deck.txt" in err and expected in err
        assert "Traceback" not in err

    def test_unknown_card_suggests(self, db_url: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("1 Splintr, Hamato Yoshi\n", encoding="utf-8")
        code, _, err = run(["--db", db_url, "graph", str(deck)], capsys)
        assert code == 1 and "Splinter, Hamato Yoshi" in err

    def test_deck_json_lists_issues(self, db_url: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("2 Grizzly Bears\n1 Splintr, Hamato Yoshi\n", encoding="utf-8")
        code, out, err = run(["--db", db_url, "deck", str(deck), "--json"], capsys)
        data = json.loads(out)
        assert code == 1  # printed, but an unknown card is an error
        assert "d.txt, line 2" in err and "Splinter, Hamato Yoshi" in err
        assert [i["line"] for i in data["issues"]] == [2]
        assert [e["name"] for e in data["entries"]] == ["Grizzly Bears",
                                                        "Splintr, Hamato Yoshi"]

    def test_plain_deck_output_suggests(self, db_url: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("4 Counterspel\n", encoding="utf-8")
        code, _, err = run(["--db", db_url, "deck", str(deck)], capsys)
        assert code == 1
        assert "line 1" in err and "'Counterspell'" in err
        assert err.count("Counterspel'") == 1  # the name is quoted once, not twice

    def test_report_name_says_another_format(self, db_url: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "report", str(STARTER_DECK), "-o",
                            str(tmp_path / "r.pdf"), "--format", "html"], capsys)
        assert code == 1 and "r.pdf" in err and not (tmp_path / "r.pdf").exists()

    def test_output_folder_missing(self, db_url: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "graph", str(STARTER_DECK), "-o",
                            str(tmp_path / "no" / "g.json")], capsys)
        assert code == 1 and "does not exist" in err and not (tmp_path / "no").exists()

    def test_missing_deck(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "deck", "/nonexistent/deck.txt"], capsys)
        assert code == 1 and "/nonexistent/deck.txt" in err

    def test_bad_card_file(self, db_url: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
        bad = tmp_path / "cards.json"
        bad.write_text("{not json", encoding="utf-8")
        code, _, err = run(["--db", db_url, "import-cards", str(bad), "-q"], capsys)
        assert code == 1 and "cards.json" in err and "not a JSON file" in err

    def test_bad_db_url(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", "nosuchdriver://x", "info"], capsys)
        assert code == 3 and "nosuchdriver" in err

    def test_usage_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit) as exc:
            cli.main(["graph"])
        assert exc.value.code == 2


class TestSearchCommand:
    def test_query_may_start_with_a_minus(self, db_url: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = run(["--db", db_url, "search", "-t:land", "t:ninja", "--limit", "3"],
                             capsys)
        assert code == 0, err
        names = out.split("\n")[:-1]
        assert 0 < len(names) <= 3

    def test_words_are_one_query(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(["--db", db_url, "search", "--json", "t:ninja", "-c:u"], capsys)
        assert code == 0
        assert json.loads(out) and all("U" not in c["colors"] for c in json.loads(out))


class TestLauncher:
    def test_subcommand_dispatch_without_qt(self, db_url: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
        assert spellweb_main(["--db", db_url, "info"]) == 0
        assert "cards:" in capsys.readouterr().out

    def test_no_display_explains(self, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
        monkeypatch.setattr(sys, "platform", "linux")
        for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
            monkeypatch.delenv(name, raising=False)
        assert spellweb_main([]) == 1
        assert "no display" in capsys.readouterr().err

    def test_missing_deck_for_window(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert spellweb_main(["/nonexistent/deck.txt"]) == 1
        assert "no such file" in capsys.readouterr().err

    @pytest.mark.skipif(shutil.which("spellweb") is None and not os.environ.get("CI"),
                        reason="the spellweb console script is not installed")
    def test_console_script(self, db_url: str) -> None:
        exe = shutil.which("spellweb") or str(Path(sys.executable).with_name("spellweb"))
        result = subprocess.run([exe, "--db", db_url, "deck", str(STARTER_DECK), "--json"],
                                capture_output=True, text=True, timeout=120, check=False)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["entries"]


@pytest.mark.slow
class TestRealData:
    def test_import_then_commands(self, atomic_cards_path: Path, shared: Path, db_url: str,
                                  tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(["--db", db_url, "import-cards", str(atomic_cards_path), "-q"],
                           capsys)
        assert code == 0 and "24,174 cards" in out
        deck = shared / "data" / "decks" / "mtgo_txt" / \
            "pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt"
        code, out, _ = run(["--db", db_url, "deck", str(deck), "--json"], capsys)
        data = json.loads(out)
        assert code == 0 and data["issues"] == []
        assert sum(e["count"] for e in data["entries"]) == 75
        code, _, _ = run(["--db", db_url, "report", str(deck), "-o", str(tmp_path / "r.html")],
                         capsys)
        assert code == 0
