"""The command line on bad arguments and same-format conversion (newcomer review leftovers).

- ``lines --goal``: a card or combo no board, deck or database holds is a usage error
  (exit 2) with "did you mean";
- ``report`` (and the other commands): a bad option value is a usage error (exit 2);
- ``convert`` to the format a deck was read from keeps what the format's own writer keeps
  (Forge ``[shop]``/``[metadata]``, MTGO ``CatID``, XMage ``LAYOUT``, CRLF).

Expected values come from the scenario and deck files (their raw text) and from
SCENARIO_FORMAT.md / the command help, never from the command's own output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_run import run

PROJECT = Path(__file__).resolve().parents[1]
STARTER_DECK = PROJECT / "data" / "decks" / "splinter_ninjas.txt"
SNK_01 = PROJECT / "tests" / "scenarios" / "SNK-01.yaml"
SECTIONS = ("deck", "stats", "key_cards", "graph", "edges", "combos", "near_misses", "lines",
            "odds")
"""The report sections as ``spellweb report --help`` lists them."""


class TestLinesGoal:
    """``spellweb lines SCENARIO --goal ...``: SNK-01's board holds Raging Goblin, two
    Swamps and (in hand) Splinter, Hamato Yoshi."""

    def test_misspelt_card_is_usage_error_with_suggestion(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = run(["lines", str(SNK_01), "--goal", "cast:Splinter, Hamato Yoshy"],
                             capsys)
        assert code == 2 and out == ""
        assert "'Splinter, Hamato Yoshy'" in err
        assert "did you mean 'Splinter, Hamato Yoshi'?" in err

    def test_card_of_the_database_not_on_the_board(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        # Lightning Bolt is a starter card, but no zone of SNK-01 holds it: nothing to cast.
        code, _, err = run(["lines", str(SNK_01), "--goal", "cast:Lightning Bolt"], capsys)
        assert code == 2
        assert "'Lightning Bolt' is not on the board of" in err
        assert "Splinter, Hamato Yoshi" in err   # the cards there are named

    def test_unknown_card_anywhere(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["lines", str(SNK_01), "--goal", "cast:Xyzzy Quux"], capsys)
        assert code == 2 and "'Xyzzy Quux'" in err

    def test_card_on_the_board_any_case_is_searched(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        # The goal's card is matched without regard to case (lines.py compares lowercased).
        code, out, _ = run(["lines", str(SNK_01), "--goal", "cast:splinter, hamato yoshi",
                            "--top", "1"], capsys)
        assert code == 0
        # ... and searched under the name the board gives it
        assert out.startswith("Goal: cast Splinter, Hamato Yoshi for its sneak or prowl cost")
        assert "Line 1: Splinter, Hamato Yoshi cast for its sneak cost" in out

    def test_shared_example_board(self, shared: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
        example = shared / "rules" / "examples" / "NIN-02.yaml"
        assert "hand: [Moonblade Shinobi]" in example.read_text(encoding="utf-8")
        code, _, err = run(["lines", str(example), "--goal", "cast:Moonblade Shinobbi"],
                           capsys)
        assert code == 2 and "did you mean 'Moonblade Shinobi'?" in err

    def test_unknown_combo_id_suggests(self, capsys: pytest.CaptureFixture[str]) -> None:
        # data/combos holds 'splinter-twin-pestermite'.
        code, _, err = run(["lines", str(SNK_01), "--goal", "combo:splinter-twin-pestermit"],
                           capsys)
        assert code == 2
        assert "'splinter-twin-pestermit'" in err
        assert "did you mean 'splinter-twin-pestermite'?" in err

    def test_unknown_goal_kind(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["lines", str(SNK_01), "--goal", "speed"], capsys)
        assert code == 2
        assert "unknown goal 'speed': use 'damage', 'cast:CARD' or 'combo:ID'" in err

    def test_sample_card_not_in_the_deck(self, db_url: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
        # Lightning Bolt is a starter card but no line of splinter_ninjas.txt names it.
        assert "Lightning Bolt" not in STARTER_DECK.read_text(encoding="utf-8")
        code, _, err = run(["--db", db_url, "lines", str(STARTER_DECK), "--sample",
                            "--goal", "cast:Lightning Bolt"], capsys)
        assert code == 2
        assert "'Lightning Bolt' is not in the deck" in err

    def test_sample_misspelt_card(self, db_url: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "lines", str(STARTER_DECK), "--sample",
                            "--goal", "cast:Splinter, Hamato Yoshy"], capsys)
        assert code == 2
        assert "did you mean 'Splinter, Hamato Yoshi'?" in err


class TestUsageErrors:
    """A bad option value is a usage error (exit 2), as argparse's own errors are."""

    def test_report_bad_sections_lists_the_valid_ones(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "out.html"
        code, _, err = run(["report", str(STARTER_DECK), "-o", str(target), "--sections",
                            "bogus"], capsys)
        assert code == 2 and not target.exists()
        assert "'bogus'" in err
        assert all(name in err for name in SECTIONS)

    @pytest.mark.parametrize(("args", "message"), [
        (["-o", "{tmp}/r.txt"], "cannot tell the report format"),
        (["-o", "{tmp}/r.md", "--format", "pdf"], "the report is PDF, but the name says"),
    ])
    def test_report_bad_output_name(self, tmp_path: Path, args: list[str], message: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["report", str(STARTER_DECK), *[a.replace("{tmp}", str(tmp_path)) for a in args]]
        code, _, err = run(argv, capsys)
        assert code == 2 and message in err
        assert list(tmp_path.glob("r.*")) == []

    def test_convert_unknown_format_name(self, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "x.txt"
        code, _, err = run(["convert", str(STARTER_DECK), "-o", str(target), "--format",
                            "frog"], capsys)
        assert code == 2 and not target.exists()
        assert "'frog'" in err and "'forge'" in err   # did you mean / the known names

    def test_suggest_unknown_game_format(self, db_url: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(["--db", db_url, "suggest", str(STARTER_DECK), "-q",
                            "--game-format", "nope"], capsys)
        assert code == 2 and "'nope'" in err and "legacy" in err


def _raw_block(raw: bytes, header: bytes) -> bytes:
    """The bytes of an INI-like section of ``raw``: its header line through the line before
    the next ``[header]`` line (or the end)."""
    start = raw.index(header)
    following = re.search(rb"\r?\n\[", raw[start + len(header):])
    end = len(raw) if following is None else start + len(header) + following.start()
    return raw[start:end] + (b"\r\n" if raw[start:end + 2].endswith(b"\r\n") else b"\n")


class TestConvertSameFormat:
    """``spellweb convert`` to the format the deck came from keeps the format's extras."""

    def test_forge_keeps_shop_and_metadata_byte_for_byte(
            self, shared: Path, tmp_path: Path, db_url: str,
            capsys: pytest.CaptureFixture[str]) -> None:
        src = shared / "data" / "decks" / "forge_dck" / "Boggart Feast.dck"
        raw = src.read_bytes()
        shop, metadata = _raw_block(raw, b"[shop]"), _raw_block(raw, b"[metadata]")
        assert shop.count(b"\r\n") == 5 and b"Credits=1200\r\n" in shop   # the file's own
        target = tmp_path / "out.dck"
        code, _, err = run(["--db", db_url, "convert", str(src), "-o", str(target)], capsys)
        assert code == 0 and "spellweb: loss:" not in err
        written = target.read_bytes()
        assert shop in written
        assert metadata in written
        # -o - writes the same bytes to stdout
        code, out, _ = run(["--db", db_url, "convert", str(src), "-o", "-", "--format",
                            "forge"], capsys)
        assert code == 0
        assert out.encode("utf-8") == written

    def test_another_format_on_stdout_lists_the_dropped_extras(
            self, shared: Path, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        src = shared / "data" / "decks" / "forge_dck" / "Boggart Feast.dck"
        keys = re.findall(r"^([^=\[\r\n]+)=", _raw_block(src.read_bytes(), b"[metadata]")
                          .decode("utf-8"), re.MULTILINE)
        assert keys == ["Name", "Description", "Deck Type", "Set", "Image"]
        code, out, err = run(["--db", db_url, "convert", str(src), "-o", "-"], capsys)
        assert code == 0 and "[shop]" not in out   # plain text holds no Forge section
        losses = [line for line in err.splitlines() if line.startswith("spellweb: loss:")]
        assert f"Forge metadata: {', '.join(keys[1:])}" in "\n".join(losses)
        assert any("'[shop]'" in line for line in losses)

    def test_xmage_dck_stays_xmage(self, shared: Path, tmp_path: Path, db_url: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
        # .dck is both Forge's and XMage's ending: the file's own format wins.
        src = shared / "data" / "decks" / "xmage_dck" / "EDH Kalamax Control.dck"
        layout = [line for line in src.read_bytes().splitlines(keepends=True)
                  if line.startswith(b"LAYOUT ")]
        assert len(layout) == 2
        target = tmp_path / "out.dck"
        code, out, err = run(["--db", db_url, "convert", str(src), "-o", str(target)],
                             capsys)
        assert code == 0 and "XMage" in out and "spellweb: loss:" not in err
        written = target.read_bytes().splitlines(keepends=True)
        assert [line for line in written if line.startswith(b"LAYOUT ")] == layout

    def test_mtgo_dek_keeps_every_catid(self, shared: Path, tmp_path: Path, db_url: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
        # Two printings of Aether Vial, each with its own CatID (20547 and 48840).
        src = (shared / "data" / "decks" / "mtgo_dek"
               / "legacy-challenge-32-2026-04-0512838137__yuriko.dek")
        cards = re.compile(rb"^\s*<Cards .*$", re.MULTILINE)
        before = cards.findall(src.read_bytes())
        assert len([c for c in before if b'Name="Aether Vial"' in c]) == 2
        target = tmp_path / "out.dek"
        code, _, _ = run(["--db", db_url, "convert", str(src), "-o", str(target)], capsys)
        assert code == 0
        assert cards.findall(target.read_bytes()) == before


def test_convert_to_stdout_writes_no_byte_order_mark(tmp_path: Path, db_url: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A file with a BOM keeps it when written to a file, never on a stream (a pipe to
    ``grep '^4 '`` would miss the first line)."""
    src = tmp_path / "bom.txt"
    src.write_bytes(b"\xef\xbb\xbf4 Lightning Bolt\r\n20 Mountain\r\n")
    code, out, _ = run(["--db", db_url, "convert", str(src), "-o", "-", "--format", "text"],
                       capsys)
    assert code == 0 and out.startswith("4 Lightning Bolt")
    copy = tmp_path / "copy.txt"
    code, _, _ = run(["--db", db_url, "convert", str(src), "-o", str(copy)], capsys)
    assert code == 0 and copy.read_bytes() == src.read_bytes()
