"""The command line: promised commands, JSON shapes, and clear errors on bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from analyzer import cli
from tests.cli_run import run
from ui.main import main as spellweb_main

STARTER_DECK = Path(__file__).resolve().parents[1] / "data" / "decks" / "splinter_ninjas.txt"


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

    @pytest.mark.parametrize("content", [b"4 Grizzly Bears\n4 Splintr, Hamato Yoshi\n",
                                         b"4 Grizzly Bears\nfour Island\n"])
    @pytest.mark.parametrize("command", ["graph", "report"])
    def test_bad_line_is_skipped_with_a_warning(self, db_url: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                content: bytes, command: str) -> None:
        # Real decks name cards the card file lacks: the rest is analysed (issue 10).
        deck = tmp_path / "bad deck.txt"
        deck.write_bytes(content)
        output = tmp_path / ("out.json" if command == "graph" else "out.md")
        code, _, err = run(["--db", db_url, command, str(deck), "-o", str(output)], capsys)
        assert code == 0 and output.exists()
        assert err.startswith("spellweb: warning:") and "bad deck.txt, line 2" in err
        if command == "report":   # 4 cards cannot deal a 7-card hand (CR 103.5): says so
            assert "opening hand" in output.read_text(encoding="utf-8")

    def test_unknown_card_suggests(self, db_url: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("1 Splintr, Hamato Yoshi\n", encoding="utf-8")
        code, out, err = run(["--db", db_url, "graph", str(deck)], capsys)
        assert code == 0 and json.loads(out)["nodes"] == []
        assert "warning" in err and "Splinter, Hamato Yoshi" in err

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
        # a usage error (exit 2), as argparse's own
        assert code == 2 and "r.pdf" in err and not (tmp_path / "r.pdf").exists()

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
        assert ("'/nonexistent/deck.txt' is neither a command nor a deck file"
                in capsys.readouterr().err)

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
        assert code == 0 and "24,172 cards" in out
        deck = shared / "data" / "decks" / "mtgo_txt" / \
            "pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt"
        code, out, _ = run(["--db", db_url, "deck", str(deck), "--json"], capsys)
        data = json.loads(out)
        assert code == 0 and data["issues"] == []
        assert sum(e["count"] for e in data["entries"]) == 75
        code, _, _ = run(["--db", db_url, "report", str(deck), "-o", str(tmp_path / "r.html")],
                         capsys)
        assert code == 0


class TestNewcomerReview:
    """The newcomer review of the command line: each expected text is the one the review asked
    for (written before the fix), checked against the starter set or the real card data."""

    def test_starter_only_database_says_so_once(self, db_url: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("1 Sol Ring\n1 Thassa's Oracle\n", encoding="utf-8")
        code, _, err = run(["--db", db_url, "deck", str(deck)], capsys)
        assert code == 1
        note = ("the card database holds only the 144 starter cards; import the full card "
                "data with `spellweb import-cards FILE` (see README)")
        assert err.count(note) == 1
        assert err.index(note) < err.index("no card is named")

    def test_no_starter_note_for_a_known_deck(self, db_url: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "deck", str(STARTER_DECK)], capsys)
        assert code == 0 and "starter cards" not in err

    @pytest.mark.parametrize("command", [["info"], ["card", "Ornithopter"],
                                         ["search", "t:ninja"], ["deck", str(STARTER_DECK)]])
    def test_read_only_commands_create_no_folder(self, tmp_path: Path, command: list[str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
        folder = tmp_path / "missing"
        code, _, err = run(["--db", f"sqlite:///{folder / 'x.sqlite'}", *command], capsys)
        assert code == 3
        assert not folder.exists()
        assert f"folder {str(folder)!r}" in err and "does not exist" in err

    def test_import_may_create_the_folder(self, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
        folder = tmp_path / "new"
        source = Path(__file__).resolve().parents[1] / "data" / "starter_cards.json"
        code, _, _ = run(["--db", f"sqlite:///{folder / 'x.sqlite'}", "import-cards", "-q",
                          str(source)], capsys)
        assert code == 0
        assert (folder / "x.sqlite").is_file()

    def test_card_did_you_mean(self, real_db_url: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", real_db_url, "card", "Ninja of the Deep Hourz"], capsys)
        assert code == 1
        assert err.strip() == ("spellweb: error: no card named 'Ninja of the Deep Hourz' in the "
                               "card database; did you mean 'Ninja of the Deep Hours'?")

    def test_split_card_header_has_each_cost(self, real_db_url: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        # Fire // Ice: Fire {1}{R}, Ice {1}{U} (Oracle text of the card).
        code, out, _ = run(["--db", real_db_url, "card", "Fire // Ice"], capsys)
        assert code == 0
        assert out.splitlines()[0] == "Fire // Ice  {1}{R} // {1}{U}"

    @pytest.mark.parametrize(("argv", "option"), [
        (["odds", "d.txt", "--turns", "0"], "argument --turns"),
        (["suggest", "d.txt", "-n", "-1"], "argument -n/--count"),
        (["search", "--limit", "-1", "t:elf"], "argument --limit"),
        (["lines", "d.txt", "--goal", "damage", "--top", "0"], "argument --top"),
    ])
    def test_bad_option_value_is_usage(self, argv: list[str], option: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit) as info:
            cli.main(argv)
        assert info.value.code == 2
        assert option in capsys.readouterr().err

    def test_unknown_game_format(self, capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit) as info:
            cli.main(["deck", str(STARTER_DECK), "--game-format", "nope"])
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert "unknown format 'nope'; known: " in err
        assert "commander" in err and "legacy" in err

    def test_strict_fails_on_validation(self, db_url: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
        # The 60-card starter deck is no 100-card Commander deck (CR 903.5a).
        code, _, err = run(["--db", db_url, "deck", str(STARTER_DECK), "--strict",
                            "--game-format", "commander"], capsys)
        assert code == 1
        assert "not a valid commander deck" in err
        code, _, err = run(["--db", db_url, "deck", str(STARTER_DECK),
                            "--game-format", "commander"], capsys)
        assert code == 0 and "spellweb: warning: commander:" in err

    def test_convert_refuses_unknown_ending(self, db_url: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "x.xyz"
        code, _, err = run(["--db", db_url, "convert", str(STARTER_DECK), "-o", str(target)],
                           capsys)
        assert code == 2 and not target.exists()
        assert ".dek" in err and "--format" in err and "cockatrice" in err
        code, _, _ = run(["--db", db_url, "convert", str(STARTER_DECK), "-o", str(target),
                          "--format", "csv"], capsys)
        assert code == 0 and target.read_text(encoding="utf-8").startswith("Count,")

    def test_convert_to_stdout(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(["--db", db_url, "convert", str(STARTER_DECK), "-o", "-"], capsys)
        assert code == 0
        assert "4 Ornithopter" in out.splitlines()
        assert "wrote" not in out

    def test_odds_prints_the_exact_value(self, db_url: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
        from math import comb

        # 4 Ninja of the Deep Hours and 4 Faerie Seer in 60 cards; on the play turn 1 sees 7
        # cards: P(at least one of each) by inclusion-exclusion over the hypergeometric.
        def none_of(k: int, seen: int) -> float:
            return comb(60 - k, seen) / comb(60, seen)

        t1 = 1 - 2 * none_of(4, 7) + none_of(8, 7)
        code, out, _ = run(["--db", db_url, "odds", str(STARTER_DECK), "--games", "200",
                            "--turns", "1"], capsys)
        assert code == 0
        lines = out.splitlines()
        at = next(i for i, line in enumerate(lines)
                  if line.startswith("ninja-of-the-deep-hours-faerie-seer"))
        exact = lines[at + 1]
        assert exact.strip().startswith("exact (hypergeometric, no mulligan)")
        assert exact.split()[-1] == f"{t1:.1%}"

    def test_mistyped_command(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert cli.main(["combo", "deck.txt"]) == 2
        assert capsys.readouterr().err.strip() == (
            "spellweb: error: unknown command 'combo'; did you mean 'combos'? "
            "(spellweb combos --help)")

    def test_neither_command_nor_file(self, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
        word = str(tmp_path / "bogus-command")
        assert cli.main([word]) == 2
        err = capsys.readouterr().err
        assert f"{word!r} is neither a command nor a deck file; commands: " in err
        assert "combos" in err and "import-cards" in err

    def test_existing_deck_file_is_no_command_problem(self) -> None:
        # ``spellweb DECKFILE`` opens the window: the launcher must not call it a typo.
        assert cli.unknown_command([str(STARTER_DECK)]) is None
        assert cli.unknown_command(["--db", "sqlite://", "info"]) is None

    def test_scenario_file_problems_in_plain_words(self, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
        binary = tmp_path / "binary.txt"
        binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00")
        code, _, err = run(["scenario", str(tmp_path), str(binary)], capsys)
        assert code == 1
        assert f"{tmp_path}: not a regular file (it is a folder); give a scenario file" in err
        assert f"{binary}: not a text file (binary data)" in err
        assert "Errno" not in err and "codec" not in err
        assert err.splitlines()[-1] == "0 passed, 0 failed, 2 files unreadable"
        code, _, err = run(["lines", str(tmp_path / "nonexist.yaml"), "--goal", "damage"],
                           capsys)
        assert code == 1
        assert err.strip() == f"spellweb: error: {tmp_path / 'nonexist.yaml'}: no such file"

    def test_lines_on_a_deck_file_hints_sample(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["lines", str(STARTER_DECK), "--goal", "damage"], capsys)
        assert code == 1
        assert (f"{STARTER_DECK} is a deck file: add --sample to search a sample board of it, "
                "or give a scenario file") in err

    def test_lines_cast_goal_unknown_card(self, real_db_url: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", real_db_url, "lines", str(STARTER_DECK), "--sample",
                            "--goal", "cast:Ninja of the Deep Hourz"], capsys)
        assert code == 2   # a bad --goal is a usage error
        assert err.strip() == ("spellweb lines: error: argument --goal: no card named 'Ninja of "
                               "the Deep Hourz' in the card database; did you mean 'Ninja of "
                               "the Deep Hours'?")

    def test_import_of_a_deck_list(self, db_url: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "import-cards", "-q", str(STARTER_DECK)], capsys)
        assert code == 1
        assert ("not card data: expected MTGJSON AtomicCards/AllPrintings or Scryfall JSON "
                "(this looks like a deck list; open it with `spellweb deck`)") in err
        assert "Extra data" not in err

    def test_unplayed_static_ability_is_named(self, shared_cards: dict[str, object]) -> None:
        # Darksteel Mutation's static ability comes from a hand-written definition with no
        # printed text; the "cannot play '...'" message must still say what it is.
        from analyzer.cards.model import Card
        from analyzer.oracle.compile import compile_card
        from analyzer.rules.model import CardData
        from analyzer.rules.triggers import unplayed_parts

        card = shared_cards["Darksteel Mutation"]
        assert isinstance(card, Card)
        parts = [p for p in unplayed_parts(CardData(card, compile_card(card)))
                 if p.why == "this static ability"]
        assert parts, "Darksteel Mutation's static ability is played now: update this test"
        assert all(p.text.strip() for p in parts)
        assert "Insect artifact creature" in parts[0].text

    def test_combos_says_what_it_skipped(self, db_url: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("4 Ninja of the Deep Hours\n1 Thassa's Oracle\n", encoding="utf-8")
        code, _, err = run(["--db", db_url, "combos", str(deck), "--no-discover"], capsys)
        assert code == 0
        lines = err.splitlines()
        assert lines[0].startswith("spellweb: note: the card database holds only the 144")
        assert "line 2: no card is named \"Thassa's Oracle\"" in lines[1]
        assert lines[1].endswith("(skipped)")
