"""``spellweb deck --json`` (extended keys, validation) and ``spellweb convert``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer import cli
from analyzer.decks import read_deck_file
from tests.cli_run import run

STARTER_DECK = Path(__file__).resolve().parents[2] / "data" / "decks" / "splinter_ninjas.txt"


class TestDeckJson:
    def test_promised_and_new_keys(self, db_url: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
        deck = tmp_path / "d.txt"
        deck.write_text("1 Island (NEO) 296 *F* #lands\n", encoding="utf-8")
        _, out, _ = run(["--db", db_url, "deck", str(deck), "--json"], capsys)
        data = json.loads(out)
        assert {"entries", "issues", "validation"} <= set(data)
        (entry,) = data["entries"]
        assert {"name", "count", "section", "set_code", "collector_number", "note",
                "printing", "tags", "foil"} <= set(entry)
        assert entry["printing"]["set_code"] == "NEO"
        assert entry["printing"]["collector_number"] == "296"
        assert (entry["tags"], entry["foil"]) == (["lands"], True)
        assert data["format"] == "moxfield"

    def test_validation_key(self, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run(["--db", db_url, "deck", str(STARTER_DECK), "--json",
                            "--game-format", "legacy"], capsys)
        validation = json.loads(out)["validation"]
        assert validation["format"] == "legacy"
        assert set(validation) == {"format", "ok", "legal_in", "problems"}
        assert all({"kind", "message", "card"} == set(p) for p in validation["problems"])


class TestConvert:
    def test_convert_with_loss_report(self, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
        source = tmp_path / "in.txt"
        source.write_text("Commander\n1 Krenko, Mob Boss (DDT) 52\n\nDeck\n99 Mountain\n",
                          encoding="utf-8")
        target = tmp_path / "out.dek"
        code, out, err = run(["convert", str(source), "-o", str(target)], capsys)
        assert code == 0 and "out.dek" in out
        assert "set code" in err and "commander marker" in err and "sideboard" in err
        deck = read_deck_file(target).deck
        assert deck.format == "mtgo-dek"
        assert sum(e.count for e in deck.entries) == 100

    def test_format_option_overrides_extension(self, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
        source = tmp_path / "in.txt"
        source.write_text("1 [IKO:40] Anticipate\n", encoding="utf-8")
        target = tmp_path / "out.dck"
        code, _, err = run(["convert", str(source), "-o", str(target), "--format", "xmage"],
                           capsys)
        # Anticipate is not in the test database (the starter set, said first): a warning,
        # no loss, the line kept as is
        assert code == 0 and "loss" not in err
        note, warning = err.splitlines()
        assert note.startswith("spellweb: note: the card database holds only the 144 starter")
        assert warning.startswith("spellweb: warning:") and "Anticipate" in warning
        assert target.read_text(encoding="utf-8") == "NAME:in\n1 [IKO:40] Anticipate\n"

    @pytest.mark.parametrize(("argv", "expected", "status"), [
        (["convert", "{missing}", "-o", "{out}"], "no such file", 1),
        (["convert", "{bad}", "-o", "{out}"], "not a text deck list", 1),
        # a bad option value is a usage error (exit 2), as argparse's own
        (["convert", "{good}", "-o", "{out}", "--format", "nope"], "no deck format", 2),
    ])
    def test_input_errors_one_line(self, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   argv: list[str], expected: str, status: int) -> None:
        (tmp_path / "bad.txt").write_bytes(b"\x00\x01\x02garbage\x00")
        (tmp_path / "good.txt").write_text("4 Opt\n", encoding="utf-8")
        paths = {"missing": tmp_path / "nope.txt", "bad": tmp_path / "bad.txt",
                 "good": tmp_path / "good.txt", "out": tmp_path / "out.cod"}
        code, _, err = run([a.format(**paths) for a in argv], capsys)
        assert code == status
        assert err.count("\n") == 1 and expected in err
        assert not (tmp_path / "out.cod").exists()

    def test_existing_file_kept_on_failure(self, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "keep.txt"
        target.write_text("4 Opt\n", encoding="utf-8")
        code, _, _ = run(["convert", str(tmp_path / "none.txt"), "-o", str(target)], capsys)
        assert code == 1 and target.read_text(encoding="utf-8") == "4 Opt\n"
        assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]

    def test_convert_is_registered(self) -> None:
        assert "convert" in cli.COMMANDS
