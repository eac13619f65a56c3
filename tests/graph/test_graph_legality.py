"""Suggestions respect the deck's format: legality masks, format inference, Alchemy names."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.cards.model import Card
from analyzer.graph.legality import allowed, base_name, deck_format, legal_mask
from analyzer.graph.suggest import build_index, deck_legality, suggest_cards
from analyzer.oracle import compile_card

CardFactory = Callable[..., Card]

PAPER = {"legacy": "Legal", "vintage": "Legal", "commander": "Legal", "modern": "Legal",
         "historic": "Legal", "brawl": "Legal"}
"""A card legal in paper formats and on Arena."""
LEGACY = {"legacy": "Legal", "vintage": "Legal", "commander": "Legal"}
ALCHEMY = {"historic": "Legal", "brawl": "Legal"}
"""An Alchemy rebalanced card: MTGJSON lists only Arena formats (A-Orcish Bowmasters)."""


def _legal(card: Card, legalities: dict[str, str]) -> Card:
    return replace(card, legalities=legalities)


@pytest.fixture
def ninjas(card: CardFactory) -> list[Card]:
    return [_legal(card("Ninja", "Ninjutsu {1}{U}", subtypes=("Ninja",)), LEGACY),
            _legal(card("Shade", subtypes=("Ninja",)), PAPER)]


def _lord(card: CardFactory, name: str, legalities: dict[str, str]) -> Card:
    return _legal(card(name, "Other Ninjas you control get +1/+1.", subtypes=("Ninja",)),
                  legalities)


class TestMasks:
    def test_alchemy_only_cards_are_not_paper_cards(self) -> None:
        assert not allowed(legal_mask(ALCHEMY), None)
        assert not allowed(legal_mask(ALCHEMY), "legacy")
        assert allowed(legal_mask(ALCHEMY), None, digital=True)
        assert allowed(legal_mask(LEGACY), "legacy") and not allowed(legal_mask(LEGACY),
                                                                       "modern")

    def test_banned_and_not_legal_are_not_legal(self) -> None:
        mask = legal_mask({"legacy": "Banned", "vintage": "Restricted"})
        assert not allowed(mask, "legacy") and allowed(mask, "vintage")

    def test_unknown_format_is_refused(self) -> None:
        with pytest.raises(KeyError, match=r"known: .*legacy"):
            allowed(legal_mask(LEGACY), "legacyy")

    @pytest.mark.parametrize(("name", "base"), [
        ("A-Orcish Bowmasters", "Orcish Bowmasters"),
        ("A-Lunarch Veteran // A-Luminous Phantom", "Lunarch Veteran // Luminous Phantom"),
        ("Arcbound Ravager", "Arcbound Ravager")])
    def test_alchemy_prefix(self, name: str, base: str) -> None:
        assert base_name(name) == base


class TestDeckFormat:
    def test_commander_section(self) -> None:
        assert deck_format([legal_mask(LEGACY)], commander=True) == "commander"

    def test_commander_deck_with_alchemy_cards_is_brawl(self) -> None:
        # Arena's commander format holds the A- cards (the Yuriko Arena export)
        assert deck_format([legal_mask(PAPER), legal_mask(ALCHEMY)], commander=True) \
            == "brawl"

    def test_most_restrictive_paper_format(self) -> None:
        masks = [legal_mask(LEGACY), legal_mask(PAPER)]
        # legal in legacy, vintage and commander: legacy has the smallest pool
        assert deck_format(masks, commander=False,
                           pool={"legacy": 100, "vintage": 120, "commander": 110}) == "legacy"

    def test_no_commander_format_without_a_commander(self) -> None:
        # Pauper Commander's pool is smaller than Pauper's, but a 60-card deck without a
        # commander section is not a commander deck (CR 903.3)
        mask = legal_mask({"pauper": "Legal", "paupercommander": "Legal", "legacy": "Legal"})
        assert deck_format([mask], commander=False,
                           pool={"paupercommander": 10, "pauper": 20, "legacy": 90}) == "pauper"

    def test_no_common_format(self) -> None:
        masks = [legal_mask({"pauper": "Legal"}), legal_mask({"standard": "Legal"})]
        assert deck_format(masks, commander=False) is None


class TestSuggestions:
    def test_only_cards_legal_in_the_format(self, card: CardFactory,
                                            ninjas: list[Card]) -> None:
        pool = [_lord(card, "Legacy Lord", LEGACY), _lord(card, "Modern Lord",
                                                         {"modern": "Legal"}),
                _lord(card, "Arena Lord", ALCHEMY)]
        deck = [compile_card(c) for c in ninjas]
        index = build_index(pool)
        names = {s.name for s in suggest_cards(deck, index, game_format="legacy")}
        assert names == {"Legacy Lord"}
        # the deck's own format: inferred as legacy (both deck cards are legal there)
        found, digital = deck_legality(ninjas, index, commander=False)
        assert (found, digital) == ("legacy", False)
        # format unknown: never a card legal only on Arena
        assert "Arena Lord" not in {s.name for s in suggest_cards(deck, index)}
        assert "Arena Lord" in {s.name for s in suggest_cards(deck, index, digital=True)}

    def test_alchemy_version_of_a_deck_card_is_the_same_card(
            self, card: CardFactory, ninjas: list[Card]) -> None:
        lord = _lord(card, "Lord", PAPER)
        pool = [lord, replace(_lord(card, "A-Lord", ALCHEMY), id="A-Lord")]
        deck = [compile_card(c) for c in [*ninjas, lord]]
        index = build_index(pool)
        assert suggest_cards(deck, index, digital=True) == []
        # and A-Lord in the deck keeps Lord out
        deck = [compile_card(c) for c in [*ninjas, pool[1]]]
        assert suggest_cards(deck, index, digital=True) == []

    def test_name_and_alchemy_name_suggested_once(self, card: CardFactory,
                                                  ninjas: list[Card]) -> None:
        pool = [_lord(card, "Lord", PAPER), _lord(card, "A-Lord", ALCHEMY)]
        deck = [compile_card(c) for c in ninjas]
        found = suggest_cards(deck, build_index(pool), digital=True)
        assert [s.name for s in found] == ["A-Lord"] or [s.name for s in found] == ["Lord"]


@pytest.mark.shared
@pytest.mark.slow
class TestRealDecks:
    @pytest.mark.parametrize(("deck_file", "legality"), [
        ("mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt", "pauper"),
        ("mtgo_txt/pioneer-challenge-32-2026-05-3012843413__moon_circuit_hacker.txt",
         "pioneer"),
        ("text/splinter_radical_rat_ninjas_commander.txt", "commander"),
    ])
    def test_suggestions_are_legal(self, real_db_url: str, shared: Path, deck_file: str,
                                   legality: str) -> None:
        """Every suggestion is legal in the deck's format, checked against the card data
        file itself (MTGJSON ``legalities``), and none is a deck card under another name."""
        data: dict[str, Any] = json.loads(gzip.decompress(
            (shared / "data" / "AtomicCards.json.gz").read_bytes()))["data"]
        db = services.open_database(real_db_url, seed=False)
        analysis = services.analyze_deck(db, shared / "data" / "decks" / deck_file,
                                         strict=False)
        names = {c.name for c, _ in analysis.deck.main_and_commander()}
        # the deck file names no format: every deck card is legal in `legality` (data file)
        assert all(data[n][0].get("legalities", {}).get(legality) in ("Legal", "Restricted")
                   for n in names if n in data)
        found = services.suggest(db, analysis, 25)
        assert found
        for s in found:
            status = data[s.name][0].get("legalities", {}).get(legality)
            assert status in ("Legal", "Restricted"), (s.name, status)
            assert s.name.removeprefix("A-") not in names
