"""Commander, companion, colour identity, size, copies and legality checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card, Face
from analyzer.decks import (
    Deck,
    DeckEntry,
    Problem,
    ResolvedEntry,
    Section,
    load_deck,
    validate_deck,
)

LEGAL = {"commander": "Legal", "duel": "Legal", "legacy": "Legal"}


def card(name: str, *types: str, identity: str = "", keywords: tuple[str, ...] = (),
         supertypes: tuple[str, ...] = (), subtypes: tuple[str, ...] = (), text: str = "",
         legal: dict[str, str] | None = None) -> Card:
    face = Face(name, types=types or ("Creature",), supertypes=supertypes, subtypes=subtypes,
                text=text)
    return Card(name, name, color_identity=tuple(identity), keywords=keywords,
                legalities=LEGAL if legal is None else legal, faces=(face,))


def legend(name: str, identity: str, **kw: object) -> Card:
    return card(name, "Creature", identity=identity, supertypes=("Legendary",), **kw)  # type: ignore[arg-type]


ISLAND = card("Island", "Land", identity="U", supertypes=("Basic",))
BOLT = card("Lightning Bolt", "Instant", identity="R")
OPT = card("Opt", "Instant", identity="U")
RATS = card("Relentless Rats", text="A deck can have any number of cards named Relentless Rats.",
            identity="B")
YURIKO = legend("Yuriko, the Tiger's Shadow", "UB")
THRASIOS = legend("Thrasios, Triton Hero", "GU", keywords=("Partner",))
TYMNA = legend("Tymna the Weaver", "BW", keywords=("Partner",))
LURRUS = legend("Lurrus of the Dream-Den", "BW", keywords=("Companion",))


def deck(*rows: tuple[Card, int, Section]) -> Deck:
    return Deck(tuple(ResolvedEntry(DeckEntry(c.name, n, s), c) for c, n, s in rows))


M, S, C, P = Section.MAIN, Section.SIDEBOARD, Section.COMMANDER, Section.COMPANION


class TestCommander:
    def test_legal_deck(self) -> None:
        result = validate_deck(deck((YURIKO, 1, C), (ISLAND, 99, M)))
        assert result.format == "commander" and result.ok, result.problems

    def test_size(self) -> None:
        result = validate_deck(deck((YURIKO, 1, C), (ISLAND, 98, M)))
        assert result.kinds == Problem.DECK_SIZE
        assert "99 cards" in str(result.problems[0])

    def test_no_commander(self) -> None:
        assert Problem.NO_COMMANDER in validate_deck(deck((ISLAND, 100, M)), "commander").kinds

    def test_not_a_commander(self) -> None:
        result = validate_deck(deck((OPT, 1, C), (ISLAND, 99, M)))
        assert result.kinds == Problem.NOT_A_COMMANDER

    def test_partners(self) -> None:
        assert validate_deck(deck((THRASIOS, 1, C), (TYMNA, 1, C), (ISLAND, 98, M))).ok
        result = validate_deck(deck((THRASIOS, 1, C), (YURIKO, 1, C), (ISLAND, 98, M)))
        assert Problem.PARTNER in result.kinds

    def test_colour_identity_with_reason(self) -> None:
        result = validate_deck(deck((YURIKO, 1, C), (BOLT, 1, M), (ISLAND, 98, M)))
        (problem,) = result.problems
        assert problem.kind is Problem.COLOR_IDENTITY and problem.card == "Lightning Bolt"
        assert "R" in problem.message and "UB" in problem.message

    def test_singleton_and_exceptions(self) -> None:
        result = validate_deck(deck((YURIKO, 1, C), (OPT, 2, M), (RATS, 30, M), (ISLAND, 67, M)))
        assert [(p.kind, p.card) for p in result.problems] == [(Problem.COPIES, "Opt")]

    def test_companion(self) -> None:
        ok = deck((YURIKO, 1, C), (LURRUS, 1, P), (ISLAND, 99, M))
        assert Problem.COLOR_IDENTITY in validate_deck(ok).kinds   # Lurrus is W
        bad = deck((YURIKO, 1, C), (OPT, 1, P), (ISLAND, 99, M))
        assert Problem.COMPANION in validate_deck(bad).kinds


class TestLegality:
    def test_absent_means_not_legal(self) -> None:
        ring = card("Sol Ring", "Artifact", legal={"commander": "Legal"})
        result = validate_deck(deck((ring, 1, M), (ISLAND, 59, M)), "legacy")
        (problem,) = result.problems
        assert problem.kind is Problem.NOT_LEGAL and problem.card == "Sol Ring"
        assert "legal in commander" in problem.message

    def test_no_legality_at_all(self) -> None:
        odd = card("The Fantasticar", "Artifact", legal={})
        result = validate_deck(deck((odd, 1, M), (ISLAND, 59, M)), "legacy")
        assert "legal in no format" in result.problems[0].message

    def test_legal_in(self) -> None:
        assert validate_deck(deck((ISLAND, 60, M))).legal_in == ("commander", "duel", "legacy")

    def test_constructed_sizes(self) -> None:
        result = validate_deck(deck((BOLT, 4, M), (ISLAND, 56, M), (ISLAND, 16, S)), "legacy")
        assert result.kinds == Problem.SIDEBOARD_SIZE
        result = validate_deck(deck((BOLT, 4, M), (ISLAND, 56, M), (BOLT, 1, S)), "legacy")
        assert [(p.kind, p.card) for p in result.problems] == [(Problem.COPIES, "Lightning Bolt")]


@pytest.fixture(scope="module")
def lookup(shared_cards: dict[str, Card]) -> InMemoryCardLookup:
    return InMemoryCardLookup(shared_cards.values())


@pytest.mark.shared
@pytest.mark.slow
class TestRealDecks:
    @pytest.mark.parametrize(("name", "fmt"), [
        ("mtgo_dek/duel-commander-league-2026-07-1610716__notorious_throng.dek", "duel"),
        ("mtgo_txt/duel-commander-trial-16-2026-04-0212838130__leonardos_technique.txt", "duel"),
        ("cockatrice_cod/M - EDH - Krenko, Mob Boss - R.cod", "commander"),
        ("mtgo_dek/pioneer-challenge-32-2026-05-3012843413__moon_circuit_hacker.dek", "pioneer"),
        ("mtgo_dek/legacy-challenge-32-2026-04-0512838137__yuriko.dek", "legacy"),
        ("mtgo_dek/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.dek", "pauper"),
        ("xmage_dck/EDH Kalamax Control.dck", "commander"),
    ])
    def test_tournament_decks_are_legal(self, shared: Path, lookup: InMemoryCardLookup,
                                        name: str, fmt: str) -> None:
        loaded = load_deck(shared / "data" / "decks" / name, lookup)
        result = validate_deck(loaded, fmt)
        assert result.ok, [str(p) for p in result.problems]
        assert fmt in result.legal_in


    def test_yuriko_reason(self, shared: Path, lookup: InMemoryCardLookup) -> None:
        """Yuriko has no ``duel`` legality in the card data: reported with the reason."""
        name = "mtgo_dek/duel-commander-league-2026-04-0710517__yuriko.dek"
        result = validate_deck(load_deck(shared / "data" / "decks" / name, lookup), "duel")
        (problem,) = result.problems
        assert problem.card == "Yuriko, the Tiger's Shadow"
        assert "not legal in duel" in problem.message and "commander" in problem.message
