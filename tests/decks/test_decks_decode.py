"""Tests for analyzer.decks.decode: encodings, line breaks, binary data."""

from __future__ import annotations

import codecs

import pytest

from analyzer.decks.decode import decode_deck_bytes, ensure_text, split_lines
from analyzer.errors import DeckParseError

TEXT = "1 Æther Vial\r\n1 Lim-Dûl's Vault\r\n"


class TestDecodeDeckBytes:
    def test_utf8(self) -> None:
        assert decode_deck_bytes(TEXT.encode("utf-8")) == TEXT

    def test_utf8_bom(self) -> None:
        assert decode_deck_bytes(codecs.BOM_UTF8 + TEXT.encode("utf-8")) == TEXT

    @pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
    def test_utf16_and_32_with_bom(self, encoding: str) -> None:
        bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(
            encoding, b"")
        assert decode_deck_bytes(bom + TEXT.encode(encoding)) == TEXT

    def test_windows_1252_byte(self) -> None:
        data = "1 Lim-Dûl's Vault \u2014 note\r\n".encode("cp1252")
        assert decode_deck_bytes(data) == "1 Lim-Dûl's Vault \u2014 note\r\n"

    def test_byte_unassigned_in_cp1252_falls_back_to_latin1(self) -> None:
        assert decode_deck_bytes(b"1 Island\x81\n") == "1 Island\x81\n"

    def test_trailing_ctrl_z_dropped(self) -> None:
        assert decode_deck_bytes(b"4 Island\r\n\x1a") == "4 Island\r\n"

    @pytest.mark.parametrize("data", [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00",
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
        bytes(range(256)) * 4,
        b"4 Island\x00",
        b"\x01\x02\x03\x04\x05 4 Island",
    ])
    def test_binary_rejected_with_path(self, data: bytes) -> None:
        with pytest.raises(DeckParseError, match=r"deck\.png: the file is not a text deck"):
            decode_deck_bytes(data, path="deck.png")

    def test_few_control_characters_allowed(self) -> None:
        text = "4 Island\x0c\n" + "1 Opt\n" * 10
        assert decode_deck_bytes(text.encode()) == text


class TestEnsureText:
    def test_bom_character_removed(self) -> None:
        assert ensure_text("\ufeff4 Island") == "4 Island"

    def test_error_has_no_line(self) -> None:
        with pytest.raises(DeckParseError) as info:
            ensure_text("\x00\x00", path="x.txt")
        assert info.value.line_no is None
        assert str(info.value.path) == "x.txt"


class TestSplitLines:
    @pytest.mark.parametrize("text", ["a\r\nb\r\n\r\nc\r\n", "a\nb\n\nc\n", "a\rb\r\rc\r",
                                      "a\nb\r\n\rc"])
    def test_every_line_break(self, text: str) -> None:
        assert split_lines(text) == ["a", "b", "", "c"]

    def test_empty(self) -> None:
        assert split_lines("") == []

    def test_form_feed_and_unicode_separators_do_not_break(self) -> None:
        assert split_lines("a\x0cb\u2028c\n") == ["a\x0cb\u2028c"]
