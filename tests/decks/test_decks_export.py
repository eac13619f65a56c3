"""Tests for analyzer.decks.export: the normalised text list (JSON is in test_decks_load)."""

from __future__ import annotations

from pathlib import Path

from _deck_cards import CountingLookup

from analyzer.decks import (
    Deck,
    Section,
    format_deck_text,
    load_deck,
    parse_deck_text,
    resolve_deck,
)

MTGO = ("1 Ponder\r\n1 Splinter, Vengeful Sensei\r\n1 fire/ice\r\n1 Lightening Bolt\r\n"
        "95 Island\r\n\r\n1 Yuriko, the Tiger's Shadow\r\n")


def summary(deck: Deck) -> list[tuple[str, int, Section]]:
    return sorted((e.card.name if e.card else e.name, e.count, e.section) for e in deck.entries)


class TestFormatDeckText:
    def test_content(self, tmp_path: Path, lookup: CountingLookup) -> None:
        path = tmp_path / "Ninjas.txt"
        path.write_bytes(MTGO.encode())
        text = format_deck_text(load_deck(path, lookup))
        assert text.startswith("About\nName Ninjas\n\nCommander\n// commander: ")
        assert "\n1 Yuriko, the Tiger's Shadow\n\nDeck\n// Creatures (1)\n" in text
        assert ('// printed name "Splinter, Vengeful Sensei" is Ink-Eyes, Servant of Oni\n'
                "1 Ink-Eyes, Servant of Oni\n") in text
        assert "1 Fire // Ice\n" in text
        assert "// Not found (1)\n// not found in the card database\n1 Lightening Bolt\n" in text
        assert text.endswith("// 100 cards: 99 main, 1 commander\n")

    def test_reads_back(self, tmp_path: Path, lookup: CountingLookup) -> None:
        path = tmp_path / "Ninjas.txt"
        path.write_bytes(MTGO.encode())
        deck = load_deck(path, lookup)
        again = parse_deck_text(format_deck_text(deck))
        assert again.issues == ()
        assert again.deck.name == "Ninjas"
        resolved = resolve_deck(again.deck, lookup)
        assert summary(resolved) == summary(deck)

    def test_printings_kept(self, lookup: CountingLookup) -> None:
        deck = resolve_deck(parse_deck_text("Deck\n4 Ponder (XLN) 65\n").deck, lookup)
        assert "\n4 Ponder (XLN) 65\n" in format_deck_text(deck)
