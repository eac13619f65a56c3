"""Seeded random round trips and robustness checks (hypothesis is not a dependency)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _deck_cards import CARDS

from analyzer.decks import (
    FORMATS,
    DeckEntry,
    DeckList,
    Feature,
    Section,
    parse_deck_text,
    read_deck_file,
)
from analyzer.decks.formats.base import placed_entries
from analyzer.errors import DeckParseError

NAMES = [c.name for c in CARDS] + ["aether vial", "Fire/Ice", "A-Futurist Operative"]


def random_deck(rng: random.Random) -> DeckList:
    sections = [Section.MAIN] * 5 + list(Section)
    entries = [DeckEntry(rng.choice(NAMES), rng.randint(1, 1000), rng.choice(sections),
                         set_code=rng.choice([None, "NEO", "Y22"]),
                         collector_number=rng.choice([None, "53", "12a"]))
               for _ in range(rng.randint(1, 30))]
    entries.append(DeckEntry("Island", 1))
    return DeckList(tuple(entries))


def key(entries: tuple[DeckEntry, ...] | list[DeckEntry],
        holds: Feature) -> list[tuple[object, ...]]:
    return sorted((e.name, e.count, e.section.label,
                   e.set_code if Feature.SET_CODE in holds else None,
                   e.collector_number if Feature.COLLECTOR_NUMBER in holds and e.set_code
                   else None) for e in entries)


class TestRoundTrip:
    @pytest.mark.parametrize("seed", range(50))
    @pytest.mark.parametrize("name", sorted(FORMATS))
    def test_dump_then_parse(self, seed: int, name: str) -> None:
        fmt = FORMATS[name]
        deck = random_deck(random.Random(seed))
        result = parse_deck_text(fmt.dump(deck), format=name)
        assert result.issues == ()
        expected = placed_entries(deck, fmt.holds)
        assert key(result.deck.entries, fmt.holds) == key(expected, fmt.holds)


class TestRobustness:
    @pytest.mark.parametrize("seed", range(50))
    def test_random_bytes_never_crash(self, tmp_path: Path, seed: int) -> None:
        rng = random.Random(seed)
        alphabet = b"0123456789 xX/\r\n\t:#()ABCabc-SBDeckSideboard\xc3\xa9\xff\x1a"
        if seed % 2:
            alphabet += b"\x00\x01"
        path = tmp_path / "deck.txt"
        path.write_bytes(bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 300))))
        try:
            result = read_deck_file(path)
        except DeckParseError as err:
            assert err.path == path
        else:
            assert result.deck.entries
            assert all(1 <= e.count <= 1000 for e in result.deck.entries)
