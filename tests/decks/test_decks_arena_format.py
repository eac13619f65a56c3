"""Tests for the MTG Arena export format, sniffing and the format registry."""

from __future__ import annotations

import pytest

from analyzer.decks.formats import ARENA, FORMATS, PLAIN_TEXT, get_format, sniff
from analyzer.decks.model import DeckEntry, DeckList, Section, Severity
from analyzer.errors import InputError

ARENA_TEXT = """About
Name Yuriko Ninjas

Commander
1 Yuriko, the Tiger's Shadow (FCA) 60

Companion
1 Lurrus of the Dream-Den (IKO) 226

Deck
8 Island (NEO) 296
1 A-Futurist Operative (NEO) 53
1 Fire // Ice (MH2) 290
1 Ponder

Sideboard
2 Negate (Y22) 12a
"""


class TestArenaParse:
    def test_sections_names_printings(self) -> None:
        result = ARENA.parse(ARENA_TEXT)
        assert result.issues == ()
        deck = result.deck
        assert deck.format == "arena"
        assert deck.name == "Yuriko Ninjas"
        assert [(e.name, e.count, e.section, e.set_code, e.collector_number, e.line_no)
                for e in deck.entries] == [
            ("Yuriko, the Tiger's Shadow", 1, Section.COMMANDER, "FCA", "60", 5),
            ("Lurrus of the Dream-Den", 1, Section.COMPANION, "IKO", "226", 8),
            ("Island", 8, Section.MAIN, "NEO", "296", 11),
            ("A-Futurist Operative", 1, Section.MAIN, "NEO", "53", 12),
            ("Fire // Ice", 1, Section.MAIN, "MH2", "290", 13),
            ("Ponder", 1, Section.MAIN, None, None, 14),
            ("Negate", 2, Section.SIDEBOARD, "Y22", "12a", 17),
        ]

    def test_no_about_gives_path_name(self) -> None:
        from pathlib import Path

        deck = ARENA.parse("Deck\n4 Opt (XLN) 65\n", path=Path("x/My Deck.txt")).deck
        assert deck.name == "My Deck"
        assert deck.path == Path("x/My Deck.txt")

    def test_other_lines_under_about_are_warnings(self) -> None:
        result = ARENA.parse("About\nName Ninjas\nAuthor someone\n\nDeck\n4 Opt (XLN) 65\n")
        assert result.deck.name == "Ninjas"
        (issue,) = result.issues
        assert (issue.line_no, issue.severity) == (3, Severity.WARNING)
        assert ARENA.parse("About\nAuthor x\nDeck\n1 Opt\n", strict=True).deck.name is None

    def test_old_export_without_headers(self) -> None:
        result = ARENA.parse("4 Opt (XLN) 65\n20 Island (XLN) 260\n\n2 Negate (XLN) 25\n")
        assert [e.section for e in result.deck.entries] == [Section.MAIN, Section.MAIN,
                                                             Section.SIDEBOARD]

    def test_bad_count(self) -> None:
        result = ARENA.parse("Deck\n0 Opt (XLN) 65\n4 Island (XLN) 260\n")
        assert [i.line_no for i in result.issues] == [2]

    def test_dump_round_trip(self) -> None:
        deck = ARENA.parse(ARENA_TEXT).deck
        again = ARENA.parse(ARENA.dump(deck)).deck
        assert again.name == deck.name
        assert [(e.name, e.count, e.section, e.set_code, e.collector_number)
                for e in again.entries] == [
            (e.name, e.count, e.section, e.set_code, e.collector_number) for e in deck.entries]

    def test_dump_always_has_headers(self) -> None:
        deck = DeckList((DeckEntry("Opt", 4, set_code="XLN", collector_number="65"),
                         DeckEntry("Negate", 2, Section.SIDEBOARD)))
        assert ARENA.dump(deck) == "Deck\n4 Opt (XLN) 65\n\nSideboard\n2 Negate\n"


class TestSniff:
    @pytest.mark.parametrize("text", [
        ARENA_TEXT,
        "Deck\n4 Opt\n",
        "deck\r\n4 Opt\r\n",
        "About\nName X\n\n4 Opt\n",
        "4 Opt (XLN) 65\n",
        "// comment\n1 Yuriko, the Tiger's Shadow (FCA) 60\n",
    ])
    def test_arena(self, text: str) -> None:
        assert sniff(text) is ARENA

    @pytest.mark.parametrize("text", [
        "4 Opt\r\n\r\n2 Negate\r\n",
        "Sideboard\n2 Negate\n",
        "4 Opt\nSB: 2 Negate\n",
        "1 B.F.M. (Big Furry Monster)\n",
        "Main\n4 Opt\n",
        "",
    ])
    def test_plain_text(self, text: str) -> None:
        assert sniff(text) is PLAIN_TEXT


class TestRegistry:
    def test_plain_text_is_last(self) -> None:
        assert list(FORMATS)[-1] == "text"
        assert set(FORMATS) == {"arena", "text", "mtgo-dek", "cockatrice", "forge", "xmage",
                                "magarena", "csv", "archidekt", "moxfield", "deckstats"}

    def test_names_match(self) -> None:
        assert all(fmt.name == name for name, fmt in FORMATS.items())

    def test_get_format(self) -> None:
        assert get_format("arena") is ARENA

    def test_unknown_format(self) -> None:
        with pytest.raises(InputError, match="'dek'"):
            get_format("dek")
