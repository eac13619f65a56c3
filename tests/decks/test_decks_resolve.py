"""Tests for analyzer.decks.resolve: name resolution, suggestions, commander inference."""

from __future__ import annotations

from pathlib import Path

import pytest
from _deck_cards import CountingLookup, make_card

from analyzer.cards.model import Face
from analyzer.decks.model import Deck, DeckEntry, DeckList, Section, Severity
from analyzer.decks.resolve import can_be_commander, resolve_deck
from analyzer.decks.suggest import NameSuggester
from analyzer.errors import UnknownCardError


def deck_of(*entries: DeckEntry, path: Path | None = None) -> DeckList:
    return DeckList(tuple(entries), path=path)


def resolve_one(name: str, lookup: CountingLookup) -> tuple[str | None, str, Deck]:
    deck = resolve_deck(deck_of(DeckEntry(name, 1, line_no=1)), lookup)
    card = deck.entries[0].card
    return (card.name if card else None), deck.entries[0].note, deck


class TestNames:
    @pytest.mark.parametrize(("written", "expected"), [
        ("Lightning Bolt", "Lightning Bolt"),
        ("lightning bolt", "Lightning Bolt"),
        ("LIGHTNING  BOLT", "Lightning Bolt"),
        ("aether vial", "Æther Vial"),
        ("Æther Vial", "Æther Vial"),
        ("AEther Vial", "Æther Vial"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),
        ("lim-dûl\u2019s vault", "Lim-Dûl's Vault"),
        ("Fire // Ice", "Fire // Ice"),
        ("Fire/Ice", "Fire // Ice"),
        ("Fire / Ice", "Fire // Ice"),
        ("fire//ice", "Fire // Ice"),
        ("Fire", "Fire // Ice"),
        ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
        ("Brazen Borrower", "Brazen Borrower // Petty Theft"),
        ("A-Futurist Operative", "A-Futurist Operative"),
    ])
    def test_resolves_without_note(self, written: str, expected: str,
                                   lookup: CountingLookup) -> None:
        card, note, deck = resolve_one(written, lookup)
        assert (card, note, deck.issues) == (expected, "", ())

    def test_name_as_written_is_kept(self, lookup: CountingLookup) -> None:
        _, _, deck = resolve_one("fire/ice", lookup)
        assert deck.entries[0].name == "fire/ice"

    def test_half_name_that_is_a_real_card(self, lookup: CountingLookup) -> None:
        assert resolve_one("Swords to Plowshares", lookup)[0] == "Swords to Plowshares"

    def test_other_half_of_that_card(self, lookup: CountingLookup) -> None:
        card, _, _ = resolve_one("Emeritus of Truce", lookup)
        assert card == "Emeritus of Truce // Swords to Plowshares"

    def test_back_face_has_note(self, lookup: CountingLookup) -> None:
        card, note, deck = resolve_one("Ice", lookup)
        assert card == "Fire // Ice"
        assert note == '"Ice" is a face of Fire // Ice'
        assert deck.issues == ()

    def test_flavor_name_has_note(self, lookup: CountingLookup) -> None:
        card, note, deck = resolve_one("Splinter, Vengeful Sensei", lookup)
        assert card == "Ink-Eyes, Servant of Oni"
        assert note == 'printed name "Splinter, Vengeful Sensei" is Ink-Eyes, Servant of Oni'
        assert deck.issues == ()

    def test_misspelt_second_half_reads_first_part(self, lookup: CountingLookup) -> None:
        card, note, deck = resolve_one("Brazen Borrower // Petty Thief", lookup)
        assert card == "Brazen Borrower // Petty Theft"
        assert "first part" in note
        (issue,) = deck.issues
        assert issue.severity is Severity.WARNING

    def test_alchemy_name_falls_back_to_paper_card(self, lookup: CountingLookup) -> None:
        card, note, deck = resolve_one("A-Orcish Bowmasters", lookup)
        assert card == "Orcish Bowmasters"
        assert "Alchemy" in note
        (issue,) = deck.issues
        assert issue.severity is Severity.WARNING
        assert "may differ" in issue.reason

    def test_ambiguous_face_name_warns(self) -> None:
        shared = (Face("Shared"),)
        lookup = CountingLookup([make_card("Alpha // Shared", faces=shared),
                                 make_card("Beta // Shared", faces=shared)])
        card, _, deck = resolve_one("Shared", lookup)
        assert card == "Alpha // Shared"
        (issue,) = deck.issues
        assert issue.severity is Severity.WARNING
        assert "several cards" in issue.reason and "Beta // Shared" in issue.reason


class TestUnknown:
    def test_kept_with_suggestions(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(deck_of(DeckEntry("Lightning Bolt", 4, line_no=1),
                                    DeckEntry("Lightening Bolt", 2, line_no=2)), lookup)
        assert [e.card is None for e in deck.entries] == [False, True]
        assert deck.total() == 6
        (issue,) = deck.issues
        assert (issue.line_no, issue.text, issue.severity) == (2, "Lightening Bolt",
                                                               Severity.ERROR)
        assert issue.suggestions[0] == "Lightning Bolt"
        assert 1 <= len(issue.suggestions) <= 3

    def test_no_close_name(self, lookup: CountingLookup) -> None:
        _, _, deck = resolve_one("Qwzxv Plugh", lookup)
        assert deck.issues[0].suggestions == ()

    def test_strict_raises_unknown_card_error(self, lookup: CountingLookup) -> None:
        decklist = deck_of(DeckEntry("Ponder", 1, line_no=1), DeckEntry("Brainstrom", 4, line_no=7),
                           DeckEntry("Xyzzy", 1, line_no=9), path=Path("ninjas.txt"))
        with pytest.raises(UnknownCardError, match=r"ninjas\.txt, line 7.*'Brainstorm'") as info:
            resolve_deck(decklist, lookup, strict=True)
        assert info.value.line_no == 7
        assert info.value.suggestions[0] == "Brainstorm"

    def test_strict_ignores_warnings(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(deck_of(DeckEntry("A-Orcish Bowmasters", 1)), lookup, strict=True)
        assert deck.entries[0].card is not None


class TestBatching:
    def test_one_hits_call_for_the_whole_deck(self, lookup: CountingLookup) -> None:
        names = ["Ponder", "Fire/Ice", "Brazen Borrower // Petty Thief", "A-Orcish Bowmasters",
                 "Unknown Thing", "Other Unknown"]
        resolve_deck(deck_of(*(DeckEntry(n, 1) for n in names)), lookup)
        assert len(lookup.hits_calls) == 1
        assert {"ponder", "fire // ice", "brazen borrower", "orcish bowmasters"} <= \
            lookup.hits_calls[0]
        assert lookup.all_names_calls == 1

    def test_names_not_read_when_all_resolve(self, lookup: CountingLookup) -> None:
        resolve_deck(deck_of(DeckEntry("Ponder", 4)), lookup)
        assert lookup.all_names_calls == 0

    def test_empty_deck_asks_nothing(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(deck_of(), lookup)
        assert deck.entries == () and lookup.hits_calls == []

    def test_deck_fields_carried(self, lookup: CountingLookup) -> None:
        decklist = DeckList((DeckEntry("Ponder", 1),), name="N", path=Path("p.txt"),
                            format="arena")
        deck = resolve_deck(decklist, lookup)
        assert (deck.name, deck.path, deck.format) == ("N", Path("p.txt"), "arena")


def commander_deck(main: int, *side: str) -> DeckList:
    return DeckList((DeckEntry("Island", main),
                     *(DeckEntry(n, 1, Section.SIDEBOARD) for n in side)))


class TestCommanderFromSideboard:
    def test_single_commander(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(commander_deck(99, "Yuriko, the Tiger's Shadow"), lookup)
        assert deck.total(Section.COMMANDER) == 1
        assert deck.total(Section.SIDEBOARD) == 0
        (commander,) = deck.section(Section.COMMANDER)
        assert "commander" in commander.note
        assert deck.main_and_commander()[0][0].name == "Yuriko, the Tiger's Shadow"

    def test_partners(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(commander_deck(98, "Yuriko, the Tiger's Shadow",
                                           "Thrasios, Triton Hero"), lookup)
        assert deck.total(Section.COMMANDER) == 2

    def test_commander_and_companion(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(commander_deck(99, "Yuriko, the Tiger's Shadow",
                                           "Lurrus of the Dream-Den"), lookup)
        assert [e.name for e in deck.section(Section.COMMANDER)] == ["Yuriko, the Tiger's Shadow"]
        assert [e.name for e in deck.section(Section.COMPANION)] == ["Lurrus of the Dream-Den"]

    @pytest.mark.parametrize("decklist", [
        commander_deck(60, "Yuriko, the Tiger's Shadow"),
        commander_deck(99, "Ponder"),
        commander_deck(99, "Unknown Legend"),
        commander_deck(97, "Yuriko, the Tiger's Shadow", "Thrasios, Triton Hero"),
        # 111 main cards is not Commander-sized (98 to 110 main deck cards are: a
        # Cockatrice EDH deck of the wrong size still has its commanders promoted)
        commander_deck(111, "Yuriko, the Tiger's Shadow", "Thrasios, Triton Hero"),
        commander_deck(99),
        DeckList((DeckEntry("Island", 99), DeckEntry("Yuriko, the Tiger's Shadow", 2,
                                                     Section.SIDEBOARD))),
        DeckList((DeckEntry("Island", 99), DeckEntry("Thrasios, Triton Hero", 1,
                                                     Section.COMMANDER),
                  DeckEntry("Yuriko, the Tiger's Shadow", 1, Section.SIDEBOARD))),
    ])
    def test_left_alone(self, decklist: DeckList, lookup: CountingLookup) -> None:
        deck = resolve_deck(decklist, lookup)
        assert [e.section for e in deck.entries] == [e.section for e in decklist.entries]

    def test_can_be_commander(self) -> None:
        assert can_be_commander(make_card("Jace", "Planeswalker", supertypes=("Legendary",),
                                          text="Jace can be your commander."))
        assert can_be_commander(make_card("Bg", "Enchantment", supertypes=("Legendary",),
                                          subtypes=("Background",)))
        assert not can_be_commander(make_card("Karakas", "Land", supertypes=("Legendary",)))


class TestNameSuggester:
    def test_prefers_whole_name_on_ties(self) -> None:
        suggester = NameSuggester(["Snap", "Snapcaster Mage", "Snag"])
        assert suggester.suggest("Snapcaster")[0] == "Snapcaster Mage"

    def test_limit_and_empty(self) -> None:
        suggester = NameSuggester([f"Island {i}" for i in range(10)], limit=3)
        assert len(suggester.suggest("Island")) == 3
        assert NameSuggester([]).suggest("Island") == ()
        assert suggester.suggest("") == ()
