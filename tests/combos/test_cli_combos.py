"""``spellweb combos``, ``spellweb odds`` and ``spellweb lines`` on real decks and boards."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from _combo_decks import MARALEN, ROGUES

from analyzer.cli import COMMANDS, main

pytestmark = [pytest.mark.shared]


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_commands_are_listed() -> None:
    assert {"combos", "lines", "odds"} <= set(COMMANDS)


def test_combos_json(real_db_url: str, decks: Path) -> None:
    status, text = _run("--db", real_db_url, "combos", str(decks / ROGUES), "--json")
    assert status == 0
    data = json.loads(text)
    assert set(data) == {"combos", "near_misses"}
    by_id = {c["id"]: c for c in data["combos"]}
    assert by_id["reflecting-pool-vivid-creek"]["verdict"] == "verified"
    assert by_id["reflecting-pool-vivid-creek"]["line"]
    assert by_id["oona-earwig-squad-prowl"]["verdict"] == "not_working"
    for entry in data["combos"]:
        assert entry["source"] in ("catalog", "discovered")
        assert {"cards", "verdict", "source", "result", "line"} <= set(entry)


def test_combos_text(real_db_url: str, decks: Path) -> None:
    status, text = _run("--db", real_db_url, "combos", str(decks / MARALEN))
    assert status == 0
    assert "Near misses" in text and "+ Solemnity completes 3" in text
    assert "[verified] Gravecrawler, Phyrexian Altar and Vengeful Dead" in text


def test_odds_json_is_seeded(real_db_url: str, decks: Path) -> None:
    argv = ("--db", real_db_url, "odds", str(decks / ROGUES), "--games", "300", "--turns",
            "4", "--seed", "9", "--json")
    status, first = _run(*argv)
    assert status == 0
    data = json.loads(first)
    again = json.loads(_run(*argv)[1])
    assert {k: v for k, v in again.items() if k != "seconds"} == \
        {k: v for k, v in data.items() if k != "seconds"}
    cards = {a["card"]: a for a in data["alt_costs"]}
    assert cards["Notorious Throng"]["cost"] == "prowl"
    assert cards["Notorious Throng"]["mana_value"] == 6
    assert all(len(c["by_turn"]) == 4 for c in data["combos"])
    assert "Goldfish" in data["assumptions"]


def test_odds_bad_input(real_db_url: str, decks: Path, capsys: pytest.CaptureFixture[str]
                        ) -> None:
    # A bad option value is a usage error (argparse: exit status 2, the option named).
    with pytest.raises(SystemExit) as exited:
        _run("--db", real_db_url, "odds", str(decks / ROGUES), "--games", "0")
    assert exited.value.code == 2
    assert "--games: 0 is not a whole number of 1 or more" in capsys.readouterr().err


def test_lines_text(shared: Path) -> None:
    status, text = _run("lines", str(shared / "rules/examples/SNK-01.yaml"), "--goal",
                        "cast:Splinter, Hamato Yoshi")
    assert status == 0
    assert "Line 1: Splinter, Hamato Yoshi cast for its sneak cost" in text
    assert "A attacks B with Raging Goblin" in text
    assert "A casts Splinter, Hamato Yoshi for its sneak cost {B}" in text
    assert "Raging Goblin moves from battlefield to hand" in text
    assert "passes priority" not in text


def test_lines_bad_goal(shared: Path) -> None:
    status, _ = _run("lines", str(shared / "rules/examples/SNK-01.yaml"), "--goal", "win")
    assert status == 2   # a bad option value: usage error, as argparse's own
