"""Deck checks over card data as MTGJSON gives it (issue 16): restricted and banned cards,
meld results (never deck cards, never commanders)."""

from __future__ import annotations

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card, Face
from analyzer.decks import Deck, DeckEntry, Problem, ResolvedEntry, Section, validate_deck
from analyzer.decks.model import DeckList, Severity
from analyzer.decks.resolve import can_be_commander, resolve_deck


def card(name: str, legalities: dict[str, str], *types: str) -> Card:
    return Card(name, name, legalities=legalities,
                faces=(Face(name, types=types or ("Instant",)),))


LOTUS = card("Black Lotus", {"vintage": "Restricted", "legacy": "Banned",
                             "commander": "Banned", "modern": "Not Legal"}, "Artifact")
BOLT = card("Lightning Bolt", {"vintage": "Legal", "legacy": "Legal"})


def deck(*entries: tuple[Card, int]) -> Deck:
    return Deck(tuple(ResolvedEntry(DeckEntry(c.name, n), c) for c, n in entries))


def legality(result_format: str, *entries: tuple[Card, int]) -> list[str]:
    result = validate_deck(deck(*entries), result_format)
    return [str(p) for p in result.problems
            if p.kind in (Problem.NOT_LEGAL, Problem.COPIES)]


class TestRestrictedAndBanned:
    def test_one_restricted_copy_is_fine(self) -> None:
        assert legality("vintage", (LOTUS, 1), (BOLT, 4)) == []

    def test_two_restricted_copies(self) -> None:
        assert legality("vintage", (LOTUS, 2)) == [
            "Black Lotus: 2 copies; Black Lotus is restricted in vintage (one copy allowed)"]

    def test_banned_names_the_status(self) -> None:
        assert legality("legacy", (LOTUS, 1)) == ["Black Lotus is banned in legacy"]

    def test_not_legal_names_the_status(self) -> None:
        assert legality("modern", (LOTUS, 1)) == [
            "Black Lotus is not legal in modern (restricted in vintage)"]

    def test_absent_format(self) -> None:
        assert legality("pauper", (BOLT, 1)) == [
            "Lightning Bolt is not legal in pauper (the card data gives no status there: "
            "banned or outside its card pool; legal in legacy, vintage)"]

    def test_legal_in_counts_restricted(self) -> None:
        result = validate_deck(deck((LOTUS, 1), (BOLT, 1)), "vintage")
        assert result.legal_in == ("vintage",)


BRUNA = Card("bruna", "Bruna, the Fading Light // Brisela, Voice of Nightmares", layout="meld",
             faces=(Face("Bruna, the Fading Light", side="a", supertypes=("Legendary",),
                         types=("Creature",)),))
GISELA = Card("gisela", "Gisela, the Broken Blade // Brisela, Voice of Nightmares",
              layout="meld", faces=(Face("Gisela, the Broken Blade", side="a",
                                         supertypes=("Legendary",), types=("Creature",)),))
BRISELA = Card("brisela", "Brisela, Voice of Nightmares", layout="meld",
               faces=(Face("Brisela, Voice of Nightmares", side="b", supertypes=("Legendary",),
                           types=("Creature",)),))


class TestMeldResults:
    def lookup(self) -> InMemoryCardLookup:
        return InMemoryCardLookup([BRUNA, GISELA, BRISELA, BOLT])

    def test_a_deck_line_naming_one_is_an_error_with_the_halves(self) -> None:
        decklist = DeckList((DeckEntry("Brisela, Voice of Nightmares", 1, line_no=3),
                             DeckEntry("Bruna, the Fading Light", 1, line_no=4)))
        result = resolve_deck(decklist, self.lookup())
        assert [e.card.name if e.card else None for e in result.entries] == [
            None, BRUNA.name]
        [issue] = result.issues
        assert issue.severity is Severity.ERROR and issue.line_no == 3
        assert "melded" in issue.reason
        assert issue.suggestions == ("Bruna, the Fading Light", "Gisela, the Broken Blade")

    def test_never_a_commander(self) -> None:
        assert not can_be_commander(BRISELA)
        assert can_be_commander(BRUNA)
        commander = Deck((ResolvedEntry(DeckEntry(BRISELA.name, 1, section=Section.COMMANDER),
                                        BRISELA),))
        kinds = validate_deck(commander, "commander").kinds
        assert Problem.NOT_A_COMMANDER in kinds

    def test_placeholder_entries_resolve_to_nothing(self) -> None:
        manifest = Card("m", ";Manifest", faces=(Face(";Manifest", types=("Creature",),
                                                      text="NONE"),))
        result = resolve_deck(DeckList((DeckEntry(";Manifest", 1, line_no=1),)),
                              InMemoryCardLookup([manifest, BOLT]))
        assert result.entries[0].card is None and result.issues
