"""Regression tests for the reviewer's deck defects (each written before its fix)."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest
from _deck_cards import CARDS, make_card

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.decks import read_deck_file
from analyzer.decks.decode import decode_deck_bytes
from analyzer.decks.formats import get_format
from analyzer.decks.formats.csv_format import CSV_FORMAT
from analyzer.decks.formats.marked import ARCHIDEKT, MOXFIELD
from analyzer.decks.load import parse_deck_text
from analyzer.decks.model import DeckEntry, DeckList, Section
from analyzer.decks.resolve import resolve_deck
from analyzer.decks.save import write_deck_file
from analyzer.errors import DeckParseError, InputError
from analyzer.fileio import OutputPathError
from tests.cli_run import run

SHARED_DORAN = (Path(__file__).resolve().parents[3] / "shared" / "data" / "decks"
                / "cockatrice_cod" / "EDH - Doran, the Siege Tower - WBG.cod")
DECK = DeckList((DeckEntry("Opt", 4), DeckEntry("Negate", 2, Section.SIDEBOARD)), name="x")


# 1. Not a regular file ---------------------------------------------------------------------

class TestNotRegularFile:
    def test_fifo_is_refused_without_opening(self, tmp_path: Path) -> None:
        fifo = tmp_path / "f"
        os.mkfifo(fifo)
        result: list[BaseException] = []

        def read() -> None:
            try:
                read_deck_file(fifo)
            except BaseException as err:  # handed to the test thread
                result.append(err)

        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        thread.join(5)
        if thread.is_alive():   # unblock the reader so the test run ends
            with open(fifo, "wb"):
                pass
            pytest.fail("reading a FIFO hangs")
        (err,) = result
        assert isinstance(err, DeckParseError)
        assert "not a regular file" in str(err) and "f" in str(err)

    def test_device_is_refused(self) -> None:
        with pytest.raises(DeckParseError, match="not a regular file") as info:
            read_deck_file("/dev/zero")
        assert "MB" not in str(info.value)
        assert "/dev/zero" in str(info.value)

    def test_socket_and_folder_are_refused(self, tmp_path: Path) -> None:
        path = tmp_path / "s"
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(str(path))
            with pytest.raises(DeckParseError, match="not a regular file"):
                read_deck_file(path)
        with pytest.raises(DeckParseError, match=r"not a regular file.*folder"):
            read_deck_file(tmp_path)

    def test_missing_file_still_says_so(self, tmp_path: Path) -> None:
        with pytest.raises(DeckParseError, match="no such file"):
            read_deck_file(tmp_path / "missing.txt")

    def test_symlink_to_regular_file_is_read(self, tmp_path: Path) -> None:
        real = tmp_path / "real.txt"
        real.write_text("4 Opt\n", encoding="utf-8")
        link = tmp_path / "link.txt"
        link.symlink_to(real)
        assert read_deck_file(link).deck.entries[0].name == "Opt"


# 2. Safe deck writing through analyzer.fileio -------------------------------------------

class TestDeckWriting:
    def test_symlink_is_kept_and_target_written(self, tmp_path: Path) -> None:
        real = tmp_path / "real.txt"
        real.write_text("old\n", encoding="utf-8")
        link = tmp_path / "link.txt"
        link.symlink_to(real)
        write_deck_file(DECK, link)
        assert link.is_symlink()
        assert "4 Opt" in real.read_text(encoding="utf-8")

    def test_existing_mode_is_kept(self, tmp_path: Path) -> None:
        path = tmp_path / "deck.txt"
        path.write_text("old\n", encoding="utf-8")
        path.chmod(0o644)
        write_deck_file(DECK, path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644

    def test_new_file_gets_umask_mode(self, tmp_path: Path) -> None:
        old = os.umask(0o022)
        try:
            write_deck_file(DECK, tmp_path / "new.txt")
        finally:
            os.umask(old)
        assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644

    def test_missing_folder_message_has_no_temp_name(self, tmp_path: Path) -> None:
        with pytest.raises(OutputPathError) as info:
            write_deck_file(DECK, tmp_path / "nope" / "x.txt")
        assert ".tmp" not in str(info.value) and ".part" not in str(info.value)
        assert "does not exist" in str(info.value)

    def test_folder_target_message_has_no_temp_name(self, tmp_path: Path) -> None:
        (tmp_path / "adir").mkdir()
        with pytest.raises(InputError) as info:
            write_deck_file(DECK, tmp_path / "adir")
        assert "folder" in str(info.value) and ".tmp" not in str(info.value)

    def test_no_private_temp_writer(self) -> None:
        import analyzer.decks.save as save

        assert not hasattr(save, "tempfile")

    def test_convert_cli_folder_error_is_clean(self, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
        source = tmp_path / "in.txt"
        source.write_text("4 Lightning Bolt\n", encoding="utf-8")
        (tmp_path / "adir.txt").mkdir()
        code, _, err = run(["--db", f"sqlite:///{tmp_path / 'c.sqlite'}", "convert",
                            str(source), "-o", str(tmp_path / "adir.txt")], capsys)
        assert code != 0 and "folder" in err and ".tmp" not in err


# 3. UTF-16 without a byte order mark -----------------------------------------------------

class TestUtf16NoBom:
    TEXT = "4 Lightning Bolt\r\n2 Æther Vial\r\nSideboard\r\n1 Brainstorm\r\n"

    @pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
    def test_decoded(self, encoding: str) -> None:
        assert decode_deck_bytes(self.TEXT.encode(encoding)) == self.TEXT

    def test_short_file(self) -> None:
        assert decode_deck_bytes("1 Opt".encode("utf-16-le")) == "1 Opt"

    @pytest.mark.parametrize("data", [
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(range(256)) * 4,
        b"\x00" * 64,
        bytes(range(256)) * 8,
        b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + b"\x02\x00\x3e\x00\x01\x00\x00\x00" * 20,
    ])
    def test_binary_still_rejected(self, data: bytes) -> None:
        with pytest.raises(DeckParseError, match="binary"):
            decode_deck_bytes(data)


# 4. Archidekt {noDeck} ---------------------------------------------------------------------

class TestArchidektNoDeck:
    def test_custom_category_no_deck_is_maybeboard(self) -> None:
        text = ("1x Sol Ring (c21) 263 [Ramp{noDeck}] ^Have,#37d67a^\n"
                "1x Arcane Signet (c21) 236 [Ramp]\n")
        first, second = ARCHIDEKT.parse(text).deck.entries
        assert first.section is Section.MAYBEBOARD
        assert first.categories == ("Ramp",)
        assert first.tags == ("Have",)
        assert second.section is Section.MAIN

    def test_maybeboard_flag_still_handled(self) -> None:
        (entry,) = ARCHIDEKT.parse("1x Opt [Maybeboard{noDeck}{noPrice}]\n").deck.entries
        assert entry.section is Section.MAYBEBOARD and entry.categories == ()

    def test_commander_category_wins(self) -> None:
        (entry,) = ARCHIDEKT.parse("1x Krenko, Mob Boss [Commander{top}]\n").deck.entries
        assert entry.section is Section.COMMANDER


# 5. Loss report: each dropped entry under its own section ----------------------------------

class TestLossSections:
    def test_magarena_commander_and_companion(self) -> None:
        deck = DeckList((DeckEntry("Obyra, Dreaming Duelist", 1, Section.COMMANDER),
                         DeckEntry("Lurrus of the Dream-Den", 1, Section.COMPANION),
                         DeckEntry("Negate", 1, Section.SIDEBOARD),
                         DeckEntry("Opt", 97)))
        report = get_format("magarena")
        from analyzer.decks.save import loss_report

        text = str(loss_report(deck, report))
        lines = [line.strip().removeprefix("- ") for line in text.splitlines()[1:]]
        assert not any("sideboard" in line and "Obyra" in line for line in lines)
        assert not any("sideboard" in line and "Lurrus" in line for line in lines)
        assert any(line.startswith("commander") and "Obyra" in line
                   and "main deck" in line for line in lines)
        assert any(line.startswith("companion") and "Lurrus" in line and "left out" in line
                   for line in lines)
        assert any(line.startswith("sideboard") and "Negate" in line and "left out" in line
                   for line in lines)


    def test_convert_mtgo_sideboard_commander_to_magarena(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        source = tmp_path / "duel.txt"
        source.write_text("99 Island\n\n1 Yuriko, the Tiger's Shadow\n", encoding="utf-8")
        target = tmp_path / "out.dec"
        code, _, err = run(["--db", f"sqlite:///{tmp_path / 'c.sqlite'}", "convert",
                            str(source), "-o", str(target)], capsys)
        assert code == 0
        assert "Yuriko" in target.read_text(encoding="utf-8")
        assert "sideboard" not in err
        assert "commander marker: 1 entry (\"Yuriko, the Tiger's Shadow\") written to the " \
               "main deck" in err


# 6. convert warns about unknown cards ----------------------------------------------------

class TestConvertUnknown:
    def test_warns_and_writes(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        source = tmp_path / "in.txt"
        source.write_text("4 Lightning Bolt\n2 Lightnig Bolt\n", encoding="utf-8")
        target = tmp_path / "out.txt"
        code, _, err = run(["--db", f"sqlite:///{tmp_path / 'c.sqlite'}", "convert",
                            str(source), "-o", str(target)], capsys)
        assert code == 0
        assert "Lightnig Bolt" in target.read_text(encoding="utf-8")
        warnings = [line for line in err.splitlines() if line.startswith("spellweb: warning:")]
        assert len(warnings) == 1
        assert "in.txt" in warnings[0] and "2" in warnings[0]
        assert "Lightnig Bolt" in warnings[0] and "Lightning Bolt" in warnings[0]


# 7. Commander in a Cockatrice sideboard, deck not exactly 100 -----------------------------

DORAN = make_card("Doran, the Siege Tower", "Creature", supertypes=("Legendary",))


class TestSideboardCommander:
    def _deck(self, main: int, side: tuple[str, ...] = ("Doran, the Siege Tower",)
              ) -> list[tuple[str, Section, str]]:
        entries = (DeckEntry("Island", main), *(DeckEntry(n, 1, Section.SIDEBOARD) for n in side))
        deck = resolve_deck(DeckList(entries), InMemoryCardLookup([*CARDS, DORAN]))
        return [(e.name, e.section, e.note) for e in deck.entries]

    @pytest.mark.parametrize("main", [98, 99, 106, 110])
    def test_commander_sized(self, main: int) -> None:
        (_, (_, section, note)) = self._deck(main)
        assert section is Section.COMMANDER and note

    @pytest.mark.parametrize("main", [60, 97, 111])
    def test_not_commander_sized(self, main: int) -> None:
        assert self._deck(main)[1][1] is Section.SIDEBOARD

    def test_non_commander_card_stays(self) -> None:
        assert self._deck(106, ("Brainstorm",))[1][1] is Section.SIDEBOARD

    def test_partners(self) -> None:
        rows = self._deck(104, ("Doran, the Siege Tower", "Thrasios, Triton Hero"))
        assert [s for _, s, _ in rows[1:]] == [Section.COMMANDER, Section.COMMANDER]

    def test_real_doran_file(self) -> None:
        if not SHARED_DORAN.is_file():
            pytest.skip("shared deck files absent")
        result = read_deck_file(SHARED_DORAN)
        main = sum(e.count for e in result.deck.entries if e.section is Section.MAIN)
        assert main == 106
        names = {e.name for e in result.deck.entries}
        cards = [*CARDS, DORAN, *(make_card(n, "Land") for n in names
                                  if n != "Doran, the Siege Tower")]
        deck = resolve_deck(result.deck, InMemoryCardLookup(cards))
        from analyzer.decks import validate_deck

        assert [e.name for e in deck.entries if e.section is Section.COMMANDER] == [
            "Doran, the Siege Tower"]
        validation = validate_deck(deck)
        assert validation.format == "commander"
        assert any("106" in p.message or "107" in p.message for p in validation.problems)


# 8. CSV set names and Moxfield global tags -----------------------------------------------

class TestMinor:
    def test_csv_full_set_name_is_not_a_set_code(self) -> None:
        text = ("Count,Name,Edition\n1,Opt,Ravnica Allegiance\n1,Ponder,m12\n"
                "1,Brainstorm,PLST\n")
        entries = CSV_FORMAT.parse(text).deck.entries
        assert [e.set_code for e in entries] == [None, "m12", "PLST"]

    def test_csv_edition_code_preferred(self) -> None:
        text = "Count,Name,Edition Name,Edition Code\n1,Opt,Ravnica Allegiance,rna\n"
        (entry,) = CSV_FORMAT.parse(text).deck.entries
        assert entry.set_code == "rna"

    def test_moxfield_global_tag(self) -> None:
        (entry,) = MOXFIELD.parse("1 Sol Ring (C21) 263 #Ramp #!Staple\n").deck.entries
        assert entry.tags == ("Ramp", "Staple")

    def test_parse_text_unchanged(self) -> None:
        assert parse_deck_text("4 Opt\n").deck.entries[0].count == 4
