"""The main job on real input: import the real card file, load real decks, check real edges.

Uses the shared real data (../shared/data): the 24,000-card AtomicCards file imported once
into a temporary SQLite file (``real_db`` fixture) and real deck files from MTGO and MTG Arena.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import services
from analyzer.cards.db.engine import Database

pytestmark = pytest.mark.slow

REAL_DECKS = [
    "text/splinter_radical_rat_ninjas_commander.txt",
    "text/arena_export_yuriko_excerpt.txt",
    "mtgo_txt/duel-commander-league-2026-04-0710517__yuriko.txt",
    "mtgo_txt/duel-commander-league-2026-07-1610716__notorious_throng.txt",
    "mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt",
    "mtgo_txt/legacy-challenge-32-2026-04-0512838137__yuriko.txt",
]


def _edges(analysis: services.DeckAnalysis, kind: str) -> list[tuple[str, str]]:
    return [(e.source_name, e.target_name) for e in analysis.edges if e.kind == kind]


@pytest.mark.parametrize("relative", REAL_DECKS)
def test_real_deck_resolves_fully(real_db: Database, shared: Path, relative: str) -> None:
    deck = services.read_deck(real_db, shared / "data" / "decks" / relative)
    unresolved = [e for e in deck.entries if e.card is None]
    assert unresolved == []
    assert deck.issues == [] or list(deck.issues) == []


def test_splinter_anthem_edges(real_db: Database, shared: Path) -> None:
    path = shared / "data" / "decks" / "text" / "splinter_radical_rat_ninjas_commander.txt"
    analysis = services.analyze_deck(real_db, path)
    anthem = _edges(analysis, "anthem")
    from_splinter = {t for s, t in anthem if s == "Splinter, Hamato Yoshi"}
    other_ninjas = {
        card.name for card, _ in analysis.analysed_cards
        if ("Ninja" in card.subtypes or "Changeling" in card.keywords)
        and card.is_type("Creature") and card.name != "Splinter, Hamato Yoshi"}
    assert "Splinter, Hamato Yoshi" not in from_splinter
    assert {"Moon-Circuit Hacker", "Throat Slitter", "Yuriko, the Tiger's Shadow",
            "Changeling Outcast"} <= from_splinter
    assert from_splinter == other_ninjas
    for edge in analysis.edges:
        assert edge.explanation and edge.rules


def test_prowl_rogue_edges(real_db: Database, shared: Path) -> None:
    path = (shared / "data" / "decks" / "mtgo_txt"
            / "duel-commander-league-2026-07-1610716__notorious_throng.txt")
    analysis = services.analyze_deck(real_db, path)
    prowl = _edges(analysis, "shares_creature_type")
    sources = {s for s, t in prowl if t == "Notorious Throng"}
    # Notorious Throng is a Kindred Sorcery — Rogue with prowl: Rogues (and changelings) that
    # deal combat damage turn it on (CR 702.76a).
    assert {"Brazen Borrower // Petty Theft", "Flitterwing Nuisance"} <= sources
    assert "Spellstutter Sprite" not in sources  # a Faerie Wizard shares no type with it


def test_ninjutsu_enablers(real_db: Database, shared: Path) -> None:
    path = (shared / "data" / "decks" / "mtgo_txt"
            / "pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt")
    analysis = services.analyze_deck(real_db, path)
    enablers = _edges(analysis, "ninjutsu_enabler")
    assert ("Faerie Seer", "Ninja of the Deep Hours") in enablers
