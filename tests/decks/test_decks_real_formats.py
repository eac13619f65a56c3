"""Every real deck file of ../shared/data/decks, in every format: sniffed, read, resolved,
written in every format and read back.

The expected counts are computed here straight from each file's text, with a tiny regular
expression per format, independent of the parsers under test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card
from analyzer.decks import (
    FORMATS,
    Deck,
    DeckList,
    Feature,
    Section,
    load_deck,
    loss_report,
    parse_deck_text,
    read_deck_file,
    resolve_deck,
    write_deck_file,
)
from analyzer.decks.decode import decode_deck_bytes
from analyzer.decks.formats.base import placed_entries
from analyzer.decks.losses import entry_features

pytestmark = [pytest.mark.shared]

FOLDER_FORMAT = {"cockatrice_cod": "cockatrice", "forge_dck": "forge", "magarena_dec": "magarena",
                 "mtgo_dek": "mtgo-dek", "mtgo_txt": "text", "xmage_dck": "xmage"}


def decks_dir(shared: Path) -> Path:
    return shared / "data" / "decks"


def all_files() -> list[str]:
    from tests.conftest import SHARED

    root = SHARED / "data" / "decks"
    return sorted(str(p.relative_to(root)) for p in root.glob("*/*") if p.is_file())


# -- independent counting: (main + other sections, sideboard) straight from the text --------

def count_cod(text: str) -> tuple[int, int]:
    main = side = 0
    for zone, body in re.findall(r'<zone name="(\w+)">(.*?)</zone>', text, re.S):
        n = sum(int(q) for q in re.findall(r'<card number="(\d+)"', body))
        if zone == "side":
            side += n
        else:
            main += n
    return main, side


def count_dek(text: str) -> tuple[int, int]:
    main = side = 0
    for quantity, sideboard in re.findall(r'Quantity="(\d+)" Sideboard="(true|false)"', text):
        if sideboard == "true":
            side += int(quantity)
        else:
            main += int(quantity)
    return main, side


def count_forge(text: str) -> tuple[int, int]:
    counts = {"main": 0, "sideboard": 0}
    section = ""
    for line in text.splitlines():
        if m := re.match(r"^\[(\w+)\]", line):
            section = m.group(1).lower()
        elif (m := re.match(r"^(\d+)\s+\S", line)) and section in counts:
            counts[section] += int(m.group(1))
    return counts["main"], counts["sideboard"]


def count_magarena(text: str) -> tuple[int, int]:
    body = text.split("\n>")[0]
    return sum(int(n) for n in re.findall(r"^(\d+) \S", body, re.M)), 0


def count_xmage(text: str) -> tuple[int, int]:
    main = sum(int(n) for n in re.findall(r"^(\d+) \[", text, re.M))
    side = sum(int(n) for n in re.findall(r"^SB: (\d+) \[", text, re.M))
    return main, side


def count_mtgo_txt(text: str) -> tuple[int, int]:
    main, _, side = text.replace("\r\n", "\n").strip().partition("\n\n")
    return (sum(int(n) for n in re.findall(r"^(\d+) ", main, re.M)),
            sum(int(n) for n in re.findall(r"^(\d+) ", side, re.M)))


def count_text(text: str) -> tuple[int, int]:
    return sum(int(n) for n in re.findall(r"^(\d+) \S", text, re.M)), 0


COUNTERS = {"cockatrice_cod": count_cod, "mtgo_dek": count_dek, "forge_dck": count_forge,
            "magarena_dec": count_magarena, "xmage_dck": count_xmage,
            "mtgo_txt": count_mtgo_txt, "text": count_text}


@pytest.fixture(scope="module")
def real_lookup(shared_cards: dict[str, Card]) -> InMemoryCardLookup:
    return InMemoryCardLookup(shared_cards.values())


@pytest.fixture(scope="module")
def loaded(shared: Path, real_lookup: InMemoryCardLookup) -> dict[str, Deck]:
    return {name: load_deck(decks_dir(shared) / name, real_lookup) for name in all_files()}


def parse_totals(deck: DeckList) -> tuple[int, int]:
    side = deck.total(Section.SIDEBOARD)
    return sum(e.count for e in deck.entries) - side, side


class TestEveryFile:
    def test_there_are_files_of_every_format(self, shared: Path) -> None:
        folders = {name.split("/")[0] for name in all_files()}
        assert set(FOLDER_FORMAT) <= folders
        assert len(all_files()) >= 30

    @pytest.mark.parametrize("name", all_files())
    def test_sniffed_and_counts_from_the_text(self, shared: Path, name: str) -> None:
        folder = name.split("/")[0]
        path = decks_dir(shared) / name
        result = read_deck_file(path)
        if folder in FOLDER_FORMAT:
            assert result.deck.format == FOLDER_FORMAT[folder]
        assert result.ok, result.issues
        assert all(i.severity.label == "warning" for i in result.issues)
        text = decode_deck_bytes(path.read_bytes())
        assert parse_totals(result.deck) == COUNTERS[folder](text)

    def test_forge_quest_sections_warn(self, shared: Path) -> None:
        result = read_deck_file(decks_dir(shared) / "forge_dck/Going Rogue.dck")
        assert [(i.line_no, i.severity.label) for i in result.issues] == [(1, "warning")]
        assert "[shop]" in result.issues[0].reason
        assert result.deck.name == "Going Rogue"

    def test_forge_printings(self, shared: Path) -> None:
        deck = read_deck_file(decks_dir(shared) / "forge_dck/Rogues on the Prowl.dck").deck
        islands = [(e.count, e.set_code, e.art_index) for e in deck.entries if e.name == "Island"]
        assert islands == [(2, "LRW", "2"), (2, "LRW", "4")]

    def test_xmage_printings_and_commander(self, shared: Path,
                                           loaded: dict[str, Deck]) -> None:
        name = "xmage_dck/EDH Kalamax Control.dck"
        deck = read_deck_file(decks_dir(shared) / name).deck
        assert any(e.collector_number and e.collector_number.endswith("*")
                   for e in deck.entries)
        assert [e.name for e in loaded[name].section(Section.COMMANDER)] == [
            "Kalamax, the Stormsire"]


@pytest.mark.slow
class TestResolved:
    @pytest.mark.parametrize("name", all_files())
    def test_every_card_resolved(self, loaded: dict[str, Deck], name: str) -> None:
        deck = loaded[name]
        assert deck.unresolved == ()
        assert all(i.severity.label == "warning" for i in deck.issues)

    def test_commanders_promoted(self, loaded: dict[str, Deck]) -> None:
        commanders = {n: [e.card.name for e in d.section(Section.COMMANDER) if e.card]
                      for n, d in loaded.items()}
        assert commanders["cockatrice_cod/M - EDH - Krenko, Mob Boss - R.cod"] == [
            "Krenko, Mob Boss"]
        assert commanders["mtgo_dek/duel-commander-league-2026-04-0710517__yuriko.dek"] == [
            "Obyra, Dreaming Duelist"]


def section_key(entries: list, holds: Feature) -> list[tuple[object, ...]]:
    return sorted((e.name, e.count, e.section.label,
                   e.set_code if Feature.SET_CODE in holds else None,
                   e.collector_number if Feature.COLLECTOR_NUMBER in holds else None,
                   e.art_index if Feature.ART_INDEX in holds else None)
                  for e in entries)


class TestRoundTrip:
    """Every real deck written in every format and read back."""

    @pytest.mark.parametrize("fmt", sorted(FORMATS))
    @pytest.mark.parametrize("name", all_files())
    def test_write_then_read(self, shared: Path, tmp_path: Path, name: str, fmt: str) -> None:
        source = read_deck_file(decks_dir(shared) / name)
        deck = source.deck
        target = FORMATS[fmt]
        out = tmp_path / f"deck{target.extensions[0]}"
        report = write_deck_file(deck, out, fmt=fmt)
        back = parse_deck_text(out.read_text(encoding="utf-8"), path=out, format=fmt)
        # only a Forge file written back as Forge keeps its quest sections, and their warning
        kept = [i.text for i in source.issues if fmt == deck.format == "forge"
                and "section holds no deck cards" in i.reason]
        assert [i.text for i in back.issues] == kept
        # same cards, counts and sections, as far as the format holds them
        assert section_key(list(back.deck.entries), target.holds) == section_key(
            placed_entries(deck, target.holds), target.holds)
        # the loss report names exactly what the file dropped
        had = Feature.NONE
        for entry in deck.entries:
            had |= entry_features(entry)
        assert report.features == had & ~target.holds
        kept = Feature.NONE
        for entry in back.deck.entries:
            kept |= entry_features(entry)
        assert not kept & report.features & ~Feature.SIDEBOARD
        # the format is sniffed back from the content (a deck of plain lines may read as text)
        assert read_deck_file(out).deck.format in (fmt, "text", "arena")

    def test_nothing_lost_in_own_format(self, shared: Path) -> None:
        for name in all_files():
            result = read_deck_file(decks_dir(shared) / name)
            assert not loss_report(result.deck, result.deck.format), name

    def test_resolved_after_conversion(self, shared: Path, tmp_path: Path,
                                       real_lookup: InMemoryCardLookup) -> None:
        deck = read_deck_file(decks_dir(shared) / "forge_dck/Going Rogue.dck").deck
        for fmt in FORMATS:
            out = tmp_path / f"x.{fmt}"
            write_deck_file(deck, out, fmt=fmt)
            assert resolve_deck(read_deck_file(out).deck, real_lookup).unresolved == ()
