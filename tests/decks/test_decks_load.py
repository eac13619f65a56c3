"""Tests for analyzer.decks.load: files in, decks and JSON out."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from _deck_cards import CountingLookup

from analyzer.decks import (
    Section,
    Severity,
    deck_to_json,
    load_deck,
    parse_deck_text,
    read_deck_file,
)
from analyzer.errors import DeckParseError, UnknownCardError

MTGO = "4 Ponder\r\n1 aether vial\r\n1 Fire/Ice\r\n20 Island\r\n\r\n2 Lightning Bolt\r\n"


def write(tmp_path: Path, data: bytes, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


class TestReadDeckFile:
    @pytest.mark.parametrize("data", [
        MTGO.encode("utf-8"),
        codecs.BOM_UTF8 + MTGO.encode("utf-8"),
        MTGO.encode("utf-16"),
        MTGO.replace("\r\n", "\n").encode("utf-8"),
        MTGO.replace("\r\n", "\r").encode("cp1252"),
    ])
    def test_encodings_and_line_breaks(self, tmp_path: Path, data: bytes) -> None:
        result = read_deck_file(write(tmp_path, data))
        assert result.issues == ()
        assert [(e.name, e.section) for e in result.deck.entries][-1] == (
            "Lightning Bolt", Section.SIDEBOARD)
        assert result.deck.total(Section.MAIN) == 26
        assert result.deck.name == "deck"
        assert result.deck.path == tmp_path / "deck.txt"

    def test_cp1252_byte_in_name(self, tmp_path: Path) -> None:
        result = read_deck_file(write(tmp_path, b"1 Lim-D\xfbl's Vault\r\n"))
        assert result.deck.entries[0].name == "Lim-Dûl's Vault"

    def test_extension_does_not_choose_format(self, tmp_path: Path) -> None:
        arena = read_deck_file(write(tmp_path, b"Deck\n4 Opt (XLN) 65\n", "deck.txt"))
        plain = read_deck_file(write(tmp_path, b"4 Opt\n", "deck.arena"))
        assert (arena.deck.format, plain.deck.format) == ("arena", "text")

    def test_garbage_bytes(self, tmp_path: Path) -> None:
        path = write(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(40)),
                     "image.txt")
        with pytest.raises(DeckParseError, match=r"image\.txt: the file is not a text deck list"):
            read_deck_file(path)

    @pytest.mark.parametrize("data", [b"", b"\r\n\r\n", b"// only a comment\n# and another\n",
                                      codecs.BOM_UTF8, b"Deck\nSideboard\n"])
    def test_no_cards(self, tmp_path: Path, data: bytes) -> None:
        with pytest.raises(DeckParseError, match=r"deck\.txt: the file holds no cards$"):
            read_deck_file(write(tmp_path, data))

    def test_no_readable_cards_names_first_problem(self, tmp_path: Path) -> None:
        with pytest.raises(DeckParseError, match=r"line 1: the file holds no cards .*count 0"):
            read_deck_file(write(tmp_path, b"0 Island\n-1 Opt\n"))

    def test_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(DeckParseError, match="no such file"):
            read_deck_file(tmp_path / "nope.txt")

    def test_directory(self, tmp_path: Path) -> None:
        with pytest.raises(DeckParseError, match=r"not a regular file \(it is a folder\)"):
            read_deck_file(tmp_path)

    def test_strict(self, tmp_path: Path) -> None:
        path = write(tmp_path, b"4 Ponder\nfour Island\n")
        assert len(read_deck_file(path).issues) == 1
        with pytest.raises(DeckParseError, match=r"deck\.txt, line 2: the count 'four'"):
            read_deck_file(path, strict=True)


class TestParseDeckText:
    def test_sniffs(self) -> None:
        assert parse_deck_text("Deck\n4 Opt\n").deck.format == "arena"
        assert parse_deck_text("4 Opt\n").deck.format == "text"

    def test_forced_format(self) -> None:
        deck = parse_deck_text("4 Opt (XLN) 65\n", format="text").deck
        assert (deck.format, deck.entries[0].name) == ("text", "Opt (XLN) 65")

    def test_path_names_the_deck(self) -> None:
        assert parse_deck_text("4 Opt\n", path="x/Blue.txt").deck.name == "Blue"
        assert parse_deck_text("4 Opt\n").deck.name is None

    def test_nul_in_text(self) -> None:
        with pytest.raises(DeckParseError, match="not a text deck list"):
            parse_deck_text("4 Opt\x00\x00")

    def test_empty_text(self) -> None:
        with pytest.raises(DeckParseError, match="holds no cards"):
            parse_deck_text("")


class TestLoadDeck:
    def test_resolves(self, tmp_path: Path, lookup: CountingLookup) -> None:
        deck = load_deck(write(tmp_path, MTGO.encode()), lookup)
        assert deck.issues == ()
        assert [e.card.name for e in deck.entries if e.card] == [
            "Ponder", "Æther Vial", "Fire // Ice", "Island", "Lightning Bolt"]
        assert len(lookup.hits_calls) == 1

    def test_parse_and_resolve_issues_merged_by_line(self, tmp_path: Path,
                                                     lookup: CountingLookup) -> None:
        data = b"4 Ponder\n1 Lightening Bolt\n0 Island\nA-Orcish Bowmasters\n"
        deck = load_deck(write(tmp_path, data), lookup)
        assert [(i.line_no, i.severity) for i in deck.issues] == [
            (2, Severity.ERROR), (3, Severity.ERROR), (4, Severity.WARNING)]
        assert deck.issues[0].suggestions[0] == "Lightning Bolt"
        assert [e.name for e in deck.entries] == ["Ponder", "Lightening Bolt",
                                                  "A-Orcish Bowmasters"]

    def test_strict_unknown(self, tmp_path: Path, lookup: CountingLookup) -> None:
        path = write(tmp_path, b"4 Ponder\n4 Brainstrom\n")
        with pytest.raises(UnknownCardError, match=r"deck\.txt, line 2: .*'Brainstorm'"):
            load_deck(path, lookup, strict=True)

    def test_strict_parse_error_first(self, tmp_path: Path, lookup: CountingLookup) -> None:
        path = write(tmp_path, b"4 Brainstrom\n0 Island\n")
        with pytest.raises(DeckParseError) as info:
            load_deck(path, lookup, strict=True)
        assert not isinstance(info.value, UnknownCardError)
        assert info.value.line_no == 2


ENTRY_KEYS = frozenset({"name", "count", "section", "line", "card_name", "card_id",
                        "mana_value", "type", "set_code", "collector_number", "note",
                        "printing", "tags", "foil", "categories"})


class TestDeckToJson:
    def test_shape(self, tmp_path: Path, lookup: CountingLookup) -> None:
        text = (b"Commander\n1 Yuriko, the Tiger's Shadow (FCA) 60\n\nDeck\n20 Island (NEO) 296\n"
                b"1 Splinter, Vengeful Sensei\n1 Lightening Bolt\n")
        deck = load_deck(write(tmp_path, text), lookup)
        data = json.loads(json.dumps(deck_to_json(deck)))
        assert set(data) == {"name", "path", "format", "entries", "issues", "totals"}
        assert (data["name"], data["path"], data["format"]) == (
            "deck", str(tmp_path / "deck.txt"), "arena")
        assert all(set(e) == ENTRY_KEYS for e in data["entries"])
        assert data["entries"][0] == {
            "name": "Yuriko, the Tiger's Shadow", "count": 1, "section": "commander", "line": 2,
            "card_name": "Yuriko, the Tiger's Shadow", "card_id": "id-Yuriko, the Tiger's Shadow",
            "mana_value": 1, "type": "Legendary Creature", "set_code": "FCA",
            "collector_number": "60", "note": None,
            "printing": {"set_code": "FCA", "collector_number": "60", "art_index": None},
            "tags": [], "foil": False, "categories": []}
        assert data["entries"][1]["mana_value"] == 0
        assert data["entries"][2]["note"] == (
            'printed name "Splinter, Vengeful Sensei" is Ink-Eyes, Servant of Oni')
        assert data["entries"][3]["card_name"] is None
        assert data["entries"][3]["card_id"] is None
        (issue,) = data["issues"]
        assert set(issue) == {"line", "text", "reason", "suggestions", "severity"}
        assert (issue["line"], issue["severity"]) == (7, "error")
        assert issue["suggestions"][0] == "Lightning Bolt"
        assert data["totals"] == {"main": 22, "sideboard": 0, "commander": 1, "companion": 0,
                                  "maybeboard": 0}
