"""Tests for analyzer.decks.grammar: counts, card lines, printings, bare names."""

from __future__ import annotations

import pytest

from analyzer.decks.grammar import (
    MAX_COUNT,
    format_card_line,
    looks_like_name,
    parse_card_line,
    parse_count,
    split_count,
    split_printing,
)


class TestParseCount:
    @pytest.mark.parametrize(("text", "expected"), [("1", 1), ("4", 4), ("+2", 2),
                                                    (str(MAX_COUNT), MAX_COUNT)])
    def test_valid(self, text: str, expected: int) -> None:
        assert parse_count(text) == expected

    @pytest.mark.parametrize(("text", "match"), [
        ("0", "at least 1"), ("-1", "at least 1"), ("99999999", "more than 1000"),
        ("1.5", "not a whole number"), ("four", "not a whole number"),
    ])
    def test_invalid(self, text: str, match: str) -> None:
        with pytest.raises(ValueError, match=match):
            parse_count(text)


class TestSplitCount:
    @pytest.mark.parametrize(("line", "expected"), [
        ("4 Lightning Bolt", (4, "Lightning Bolt")),
        ("4x Lightning Bolt", (4, "Lightning Bolt")),
        ("4X Lightning Bolt", (4, "Lightning Bolt")),
        ("4 x Lightning Bolt", (4, "Lightning Bolt")),
        ("  10\tIsland  ", (10, "Island")),
        ("1 Xenagos, the Reveler", (1, "Xenagos, the Reveler")),
        ("2 Fire // Ice", (2, "Fire // Ice")),
    ])
    def test_counted_lines(self, line: str, expected: tuple[int, str]) -> None:
        assert split_count(line) == expected

    @pytest.mark.parametrize("line", ["Lightning Bolt", "Three Visits", "Four Island", ""])
    def test_no_count(self, line: str) -> None:
        assert split_count(line) is None

    @pytest.mark.parametrize(("line", "match"), [
        ("0 Island", "count 0"), ("-1 Island", "count -1"), ("four Island", "'four'"),
        ("99999999 Island", "more than"), ("4", "no card name"), ("4x", "no card name"),
        ("1.5 Island", "whole number"),
    ])
    def test_bad_counts(self, line: str, match: str) -> None:
        with pytest.raises(ValueError, match=match):
            split_count(line)


class TestSplitPrinting:
    @pytest.mark.parametrize(("name", "expected"), [
        ("Island (NEO) 296", ("Island", "NEO", "296")),
        ("A-Futurist Operative (NEO) 53", ("A-Futurist Operative", "NEO", "53")),
        ("Yuriko, the Tiger's Shadow (FCA) 60", ("Yuriko, the Tiger's Shadow", "FCA", "60")),
        ("Opt (Y22) 12a", ("Opt", "Y22", "12a")),
        ("Opt (XLN)", ("Opt", "XLN", None)),
        ("Opt", ("Opt", None, None)),
        ("B.F.M. (Big Furry Monster)", ("B.F.M. (Big Furry Monster)", None, None)),
    ])
    def test_split(self, name: str, expected: tuple[str, str | None, str | None]) -> None:
        assert split_printing(name) == expected


class TestCardLineRoundTrip:
    @pytest.mark.parametrize("parts", [
        (4, "Opt", "XLN", "65"), (1, "Fire // Ice", None, None), (20, "Island", "NEO", None),
        (1, "Lim-Dûl's Vault", None, None),
    ])
    def test_round_trip(self, parts: tuple[int, str, str | None, str | None]) -> None:
        assert parse_card_line(format_card_line(*parts)) == parts

    def test_without_printing(self) -> None:
        assert parse_card_line("4 Opt (XLN) 65", printing=False) == (4, "Opt (XLN) 65", None,
                                                                     None)

    def test_no_count(self) -> None:
        with pytest.raises(ValueError, match="does not start with a count"):
            parse_card_line("Opt")


class TestLooksLikeName:
    @pytest.mark.parametrize("text", [
        "Lightning Bolt", "Sewer-veillance Cam", "Ach! Hans, Run!", "Fire // Ice",
        "Lim-Dûl's Vault", "Æther Vial", "Borrowing 100,000 Arrows", "The Eagles Are Coming!",
        "Kongming, \u201cSleeping Dragon\u201d",
    ])
    def test_names(self, text: str) -> None:
        assert looks_like_name(text)

    @pytest.mark.parametrize("text", [
        "", "=== Deck ===", "Creatures:", "4Island", "-- lands --", "x" * 142, "* Island",
        "Island; Opt",
    ])
    def test_not_names(self, text: str) -> None:
        assert not looks_like_name(text)
