"""Tests for the plain text format (MTGO .txt export and deck sites)."""

from __future__ import annotations

import pytest

from analyzer.decks.formats import PLAIN_TEXT
from analyzer.decks.model import DeckEntry, DeckList, ParseResult, Section, Severity
from analyzer.errors import DeckParseError


def parse(text: str, *, strict: bool = False) -> ParseResult:
    return PLAIN_TEXT.parse(text, strict=strict)


def rows(result: ParseResult) -> list[tuple[str, int, str]]:
    return [(e.name, e.count, e.section.label) for e in result.deck.entries]


class TestCardLines:
    def test_counts_and_x(self) -> None:
        result = parse("4 Ponder\n4x Brainstorm\n3 X Opt\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Brainstorm", 4, "main"),
                                ("Opt", 3, "main")]
        assert result.issues == ()

    def test_line_numbers_count_every_line(self) -> None:
        result = parse("// my deck\n\n4 Ponder\n# note\n2 Opt\n")
        assert [e.line_no for e in result.deck.entries] == [3, 5]

    def test_name_kept_as_written(self) -> None:
        result = parse("1 aether vial\n1 Fire/Ice\n1   Lim-Dûl's  Vault  \n")
        assert [e.name for e in result.deck.entries] == ["aether vial", "Fire/Ice",
                                                         "Lim-Dûl's  Vault"]

    def test_format_name_and_no_printing_split(self) -> None:
        deck = parse("1 Opt (XLN) 65\n").deck
        assert deck.format == "text"
        assert deck.entries[0].name == "Opt (XLN) 65"
        assert deck.entries[0].set_code is None

    def test_sb_prefix(self) -> None:
        result = parse("4 Ponder\nSB: 2 Annul\nsb:1 Duress\nSB: Pyroblast\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Annul", 2, "sideboard"),
                                ("Duress", 1, "sideboard"), ("Pyroblast", 1, "sideboard")]

    def test_bare_name_is_one_copy(self) -> None:
        result = parse("Lightning Bolt\nThree Visits\n")
        assert rows(result) == [("Lightning Bolt", 1, "main"), ("Three Visits", 1, "main")]
        assert result.issues == ()

    def test_line_that_is_no_name_is_an_issue(self) -> None:
        result = parse("4 Ponder\n=== spells ===\n")
        assert rows(result) == [("Ponder", 4, "main")]
        assert [(i.line_no, i.text) for i in result.issues] == [(2, "=== spells ===")]
        assert "not a card line" in result.issues[0].reason


class TestBadCounts:
    @pytest.mark.parametrize(("line", "match"), [
        ("0 Island", "count 0"), ("-1 Island", "count -1"), ("four Island", "'four'"),
        ("99999999 Island", "more than 1000"), ("4", "no card name"),
    ])
    def test_lenient_issue_with_line_number(self, line: str, match: str) -> None:
        result = parse(f"4 Ponder\n{line}\n2 Opt\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Opt", 2, "main")]
        (issue,) = result.issues
        assert issue.line_no == 2
        assert issue.text == line
        assert match in issue.reason
        assert issue.severity is Severity.ERROR
        assert not result.ok

    @pytest.mark.parametrize("line", ["0 Island", "-1 Island", "four Island", "99999999 Island"])
    def test_strict_raises(self, line: str) -> None:
        with pytest.raises(DeckParseError, match=r"line 2: .*count") as info:
            PLAIN_TEXT.parse(f"4 Ponder\n{line}\n", strict=True)
        assert info.value.line_no == 2
        assert info.value.line == line


class TestBlankLineSideboard:
    def test_mtgo_crlf(self) -> None:
        result = parse("4 Ponder\r\n2 Island\r\n\r\n2 Annul\r\n1 Duress\r\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Island", 2, "main"),
                                ("Annul", 2, "sideboard"), ("Duress", 1, "sideboard")]
        assert result.deck.total(Section.MAIN) == 6
        assert result.deck.total(Section.SIDEBOARD) == 3

    def test_classic_mac_line_breaks(self) -> None:
        assert rows(parse("4 Ponder\r\r2 Annul\r")) == [("Ponder", 4, "main"),
                                                         ("Annul", 2, "sideboard")]

    def test_leading_trailing_and_doubled_blank_lines(self) -> None:
        result = parse("\n\n4 Ponder\n\n\n\n2 Annul\n\n\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Annul", 2, "sideboard")]

    def test_comment_block_at_top_is_not_a_block(self) -> None:
        result = parse("// exported from MTGO\n\n4 Ponder\n\n2 Annul\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Annul", 2, "sideboard")]

    def test_labelled_groups_stay_main(self) -> None:
        result = parse("// Spells\n4 Ponder\n\n// Lands\n4 Island\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Island", 4, "main")]
        assert result.issues == ()

    def test_type_labels_ignored(self) -> None:
        result = parse("Creatures (4)\n4 Snapcaster Mage\n\nLands: 20\n20 Island\n")
        assert rows(result) == [("Snapcaster Mage", 4, "main"), ("Island", 20, "main")]
        assert result.issues == ()

    def test_three_unlabelled_blocks_are_main_with_warning(self) -> None:
        result = parse("4 Ponder\n\n4 Opt\n\n20 Island\n")
        assert {e.section for e in result.deck.entries} == {Section.MAIN}
        (issue,) = result.issues
        assert issue.severity is Severity.WARNING
        assert issue.line_no == 3
        assert result.ok

    def test_sb_lines_turn_the_rule_off(self) -> None:
        result = parse("4 Ponder\n\n4 Opt\nSB: 2 Annul\n")
        assert rows(result) == [("Ponder", 4, "main"), ("Opt", 4, "main"),
                                ("Annul", 2, "sideboard")]


class TestHeaders:
    @pytest.mark.parametrize(("header", "section"), [
        ("Deck", Section.MAIN), ("main", Section.MAIN), ("MAIN DECK:", Section.MAIN),
        ("Sideboard", Section.SIDEBOARD), ("SIDEBOARD:", Section.SIDEBOARD),
        ("sideboard (15)", Section.SIDEBOARD), ("Commander", Section.COMMANDER),
        ("commander:", Section.COMMANDER), ("Companion", Section.COMPANION),
        ("Maybeboard", Section.MAYBEBOARD), ("//Sideboard", Section.SIDEBOARD),
        ("# Commander", Section.COMMANDER),
    ])
    def test_header_opens_section(self, header: str, section: Section) -> None:
        result = parse(f"4 Ponder\n{header}\n1 Opt\n")
        assert result.deck.entries[1].section is section
        assert result.issues == ()

    def test_commander_last_with_blank_lines_between(self) -> None:
        text = "Deck\n4 Ponder\n\n2 Opt\n\nSideboard\n1 Annul\n\nCommander\n1 Yuriko\n"
        assert rows(parse(text)) == [("Ponder", 4, "main"), ("Opt", 2, "main"),
                                     ("Annul", 1, "sideboard"), ("Yuriko", 1, "commander")]

    def test_comments_ignored(self) -> None:
        result = parse("// a comment\n# another\n4 Ponder\n// 4 Opt\n")
        assert rows(result) == [("Ponder", 4, "main")]

    def test_cards_before_any_header_are_main(self) -> None:
        assert rows(parse("4 Ponder\nSideboard\n2 Opt\n")) == [("Ponder", 4, "main"),
                                                              ("Opt", 2, "sideboard")]


class TestDump:
    @pytest.mark.parametrize("entries", [
        (DeckEntry("Ponder", 4), DeckEntry("Annul", 2, Section.SIDEBOARD)),
        (DeckEntry("Ponder", 4),),
        (DeckEntry("Yuriko", 1, Section.COMMANDER), DeckEntry("Ponder", 4),
         DeckEntry("Lurrus", 1, Section.COMPANION), DeckEntry("Opt", 1, Section.MAYBEBOARD)),
        (DeckEntry("Annul", 2, Section.SIDEBOARD),),
    ])
    def test_round_trip(self, entries: tuple[DeckEntry, ...]) -> None:
        text = PLAIN_TEXT.dump(DeckList(entries))
        back = parse(text)
        assert back.issues == ()
        assert sorted((e.name, e.count, e.section.label) for e in back.deck.entries) == sorted(
            (e.name, e.count, e.section.label) for e in entries)

    def test_headers_when_more_than_main_and_sideboard(self) -> None:
        deck = DeckList((DeckEntry("Ponder", 4), DeckEntry("Yuriko", 1, Section.COMMANDER)))
        assert PLAIN_TEXT.dump(deck) == "Commander\n1 Yuriko\n\nDeck\n4 Ponder\n"

    def test_mtgo_shape(self) -> None:
        deck = DeckList((DeckEntry("Ponder", 4), DeckEntry("Annul", 2, Section.SIDEBOARD)))
        assert PLAIN_TEXT.dump(deck) == "4 Ponder\n\n2 Annul\n"


class TestIssueOrder:
    def test_issues_in_line_order(self) -> None:
        result = parse("0 Opt\n4 Ponder\n\n4 Opt\n\n20 Island\n-1 Duress\n")
        assert [i.line_no for i in result.issues] == [1, 4, 7]
