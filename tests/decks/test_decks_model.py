"""Tests for analyzer.decks.model: sections, entries, issues, the resolved deck."""

from __future__ import annotations

from pathlib import Path

import pytest
from _deck_cards import CARDS

from analyzer.cards.model import Card
from analyzer.decks.model import (
    Deck,
    DeckEntry,
    DeckList,
    ParseIssue,
    ParseResult,
    ResolvedEntry,
    Section,
    Severity,
    TypeGroup,
    type_group,
)
from analyzer.errors import DeckParseError, UnknownCardError

BY_NAME = {c.name: c for c in CARDS}


def entry(name: str, count: int = 1, section: Section = Section.MAIN) -> ResolvedEntry:
    return ResolvedEntry(DeckEntry(name, count, section), BY_NAME.get(name))


class TestSection:
    def test_labels(self) -> None:
        assert [s.label for s in Section] == ["main", "sideboard", "commander", "companion",
                                              "maybeboard"]

    @pytest.mark.parametrize("section", list(Section))
    def test_label_round_trip(self, section: Section) -> None:
        assert Section.from_label(section.label.upper()) is section

    def test_unknown_label(self) -> None:
        with pytest.raises(ValueError, match="'deck'"):
            Section.from_label("deck")

    def test_every_member_documented(self) -> None:
        import inspect

        source = inspect.getsource(Section)
        assert source.count('"""') >= 2 * (len(Section) + 1)


class TestDeckEntry:
    def test_round_trip(self) -> None:
        e = DeckEntry("A-Futurist Operative", 1, Section.COMMANDER, 2, "NEO", "53")
        assert DeckEntry.from_line(str(e), section=Section.COMMANDER, line_no=2) == e

    def test_frozen(self) -> None:
        e = DeckEntry("Opt", 1)
        with pytest.raises(AttributeError):
            e.count = 2  # type: ignore[misc]

    def test_from_line_rejects_bad_count(self) -> None:
        with pytest.raises(ValueError, match="count 0"):
            DeckEntry.from_line("0 Opt")


class TestParseIssue:
    def test_str(self) -> None:
        issue = ParseIssue(4, "Lightening Bolt", "no card is named 'Lightening Bolt'",
                           ("Lightning Bolt",))
        # the reason names the line already: not repeated (a newcomer's finding)
        assert str(issue) == ("line 4: no card is named 'Lightening Bolt'; "
                              "did you mean 'Lightning Bolt'?")
        other = ParseIssue(7, "4x Bolt SB", "unrecognised count")
        assert str(other) == "line 7: unrecognised count ('4x Bolt SB')"

    def test_to_error(self) -> None:
        issue = ParseIssue(4, "x", "bad", ("y",))
        error = issue.to_error(Path("d.txt"), UnknownCardError)
        assert isinstance(error, UnknownCardError)
        assert (error.path, error.line_no, error.reason, error.line, error.suggestions) == (
            Path("d.txt"), 4, "bad", "x", ("y",))
        assert isinstance(issue.to_error(None), DeckParseError)

    def test_result_ok(self) -> None:
        deck = DeckList((DeckEntry("Opt", 1),))
        warning = ParseIssue(1, "", "w", severity=Severity.WARNING)
        assert ParseResult(deck, (warning,)).ok
        assert not ParseResult(deck, (warning, ParseIssue(2, "", "e"))).ok


class TestTypeGroup:
    @pytest.mark.parametrize(("name", "group"), [
        ("Snapcaster Mage", TypeGroup.CREATURE),
        ("Dryad Arbor", TypeGroup.CREATURE),
        ("Jace, the Mind Sculptor", TypeGroup.PLANESWALKER),
        ("Lightning Bolt", TypeGroup.INSTANT),
        ("Ponder", TypeGroup.SORCERY),
        ("Æther Vial", TypeGroup.ARTIFACT),
        ("Darksteel Citadel", TypeGroup.ARTIFACT),
        ("Urza's Saga", TypeGroup.ENCHANTMENT),
        ("Bitterblossom", TypeGroup.ENCHANTMENT),
        ("Invasion of Tarkir", TypeGroup.BATTLE),
        ("Island", TypeGroup.LAND),
        ("Backup Plan", TypeGroup.OTHER),
        ("Brazen Borrower // Petty Theft", TypeGroup.CREATURE),
    ])
    def test_group(self, name: str, group: TypeGroup) -> None:
        assert type_group(BY_NAME[name]) is group

    def test_unknown(self) -> None:
        assert type_group(None) is TypeGroup.UNKNOWN


class TestDeck:
    @pytest.fixture
    def deck(self) -> Deck:
        return Deck((
            entry("Island", 10), entry("Ponder", 4), entry("Snapcaster Mage", 2),
            entry("Island", 6), entry("Nonexistent Card", 2),
            entry("Lightning Bolt", 2, Section.SIDEBOARD),
            entry("Ponder", 1, Section.SIDEBOARD),
            entry("Yuriko, the Tiger's Shadow", 1, Section.COMMANDER),
            entry("Lurrus of the Dream-Den", 1, Section.COMPANION),
            entry("Brainstorm", 3, Section.MAYBEBOARD),
        ))

    def test_section(self, deck: Deck) -> None:
        assert [e.name for e in deck.section(Section.SIDEBOARD)] == ["Lightning Bolt", "Ponder"]

    def test_cards_adds_up_copies_and_skips_unknown(self, deck: Deck) -> None:
        assert [(c.name, n) for c, n in deck.cards()] == [
            ("Island", 16), ("Ponder", 4), ("Snapcaster Mage", 2)]

    def test_cards_of_several_sections(self, deck: Deck) -> None:
        pairs = deck.cards(Section.MAIN, Section.SIDEBOARD)
        assert dict((c.name, n) for c, n in pairs)["Ponder"] == 5

    def test_main_and_commander(self, deck: Deck) -> None:
        pairs = deck.main_and_commander()
        assert pairs[0] == (BY_NAME["Yuriko, the Tiger's Shadow"], 1)
        assert sum(n for _, n in pairs) == 23
        assert all(isinstance(c, Card) for c, _ in pairs)

    def test_totals(self, deck: Deck) -> None:
        assert deck.totals() == {Section.MAIN: 24, Section.SIDEBOARD: 3, Section.COMMANDER: 1,
                                 Section.COMPANION: 1, Section.MAYBEBOARD: 3}
        assert deck.total() == 24

    def test_totals_leave_out_empty_sections_but_main(self) -> None:
        deck = Deck((entry("Lightning Bolt", 2, Section.SIDEBOARD),))
        assert deck.totals() == {Section.MAIN: 0, Section.SIDEBOARD: 2}
        assert list(deck.totals(include_empty=True)) == list(Section)

    def test_unresolved(self, deck: Deck) -> None:
        assert [e.name for e in deck.unresolved] == ["Nonexistent Card"]
        assert not deck.unresolved[0].resolved

    def test_grouped(self, deck: Deck) -> None:
        groups = deck.grouped()
        assert list(groups) == [TypeGroup.CREATURE, TypeGroup.SORCERY, TypeGroup.LAND,
                                TypeGroup.UNKNOWN]
        assert [e.count for e in groups[TypeGroup.LAND]] == [10, 6]

    def test_empty_deck(self) -> None:
        deck = Deck(())
        assert deck.cards() == []
        assert deck.grouped() == {}
        assert deck.totals() == {Section.MAIN: 0}
        assert deck.groups() == []

    def test_groups(self, deck: Deck) -> None:
        groups = deck.groups()
        assert [g.label for g in groups] == [
            "Commander (1)", "Creatures (2)", "Sorceries (4)", "Lands (16)", "Not found (2)",
            "Companion (1)", "Sideboard (3)", "Maybeboard (3)"]
        assert [g.type_group for g in groups][1:5] == [
            TypeGroup.CREATURE, TypeGroup.SORCERY, TypeGroup.LAND, TypeGroup.UNKNOWN]
        assert groups[0].section is Section.COMMANDER and groups[0].type_group is None
        assert sum(g.count for g in groups) == sum(deck.totals().values())

    def test_titles(self) -> None:
        assert [s.title for s in Section] == ["Main deck", "Sideboard", "Commander",
                                              "Companion", "Maybeboard"]
        assert all(g.title for g in TypeGroup)
        assert TypeGroup.SORCERY.title == "Sorceries"
