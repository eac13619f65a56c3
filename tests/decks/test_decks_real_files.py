"""Real deck files from ../shared/data/decks, parsed and resolved against the real cards.

Expected totals were counted by hand in each file (``../shared/data/README.md`` section 3):
MTGO challenge decks are 60 + 15; MTGO Duel Commander decks are 99 main deck cards and a
sideboard holding the commander (and, in the trial deck, the companion Lurrus).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card
from analyzer.decks import Deck, Section, deck_to_json, load_deck, read_deck_file

pytestmark = [pytest.mark.shared]

M, S, C, P = Section.MAIN, Section.SIDEBOARD, Section.COMMANDER, Section.COMPANION

# file -> (format, parsed totals, resolved totals)
EXPECTED: dict[str, tuple[str, dict[Section, int], dict[Section, int]]] = {
    "mtgo_txt/duel-commander-league-2026-04-0710517__yuriko.txt":
        ("text", {M: 99, S: 1}, {M: 99, C: 1}),
    "mtgo_txt/duel-commander-league-2026-07-1610716__notorious_throng.txt":
        ("text", {M: 99, S: 1}, {M: 99, C: 1}),
    "mtgo_txt/duel-commander-trial-16-2026-04-0212838130__leonardos_technique.txt":
        ("text", {M: 99, S: 2}, {M: 99, C: 1, P: 1}),
    "mtgo_txt/legacy-challenge-32-2026-04-0512838137__yuriko.txt":
        ("text", {M: 60, S: 15}, {M: 60, S: 15}),
    "mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt":
        ("text", {M: 60, S: 15}, {M: 60, S: 15}),
    "mtgo_txt/pioneer-challenge-32-2026-05-3012843413__moon_circuit_hacker.txt":
        ("text", {M: 60, S: 15}, {M: 60, S: 15}),
    "mtgo_txt/standard-challenge-32-2026-08-1112851651__leonardos_technique.txt":
        ("text", {M: 60, S: 15}, {M: 60, S: 15}),
    "text/arena_export_yuriko_excerpt.txt":
        ("arena", {C: 1, M: 22}, {C: 1, M: 22}),
    "text/splinter_radical_rat_ninjas_commander.txt":   # commander on the last line
        ("text", {M: 100}, {M: 99, C: 1}),
}


def full(totals: dict[Section, int]) -> dict[Section, int]:
    return {s: totals.get(s, 0) for s in Section}


@pytest.fixture(scope="module")
def decks_dir(shared: Path) -> Path:
    return shared / "data" / "decks"


@pytest.fixture(scope="module")
def real_lookup(shared_cards: dict[str, Card]) -> InMemoryCardLookup:
    return InMemoryCardLookup(shared_cards.values())


@pytest.fixture(scope="module")
def loaded(decks_dir: Path, real_lookup: InMemoryCardLookup) -> dict[str, Deck]:
    return {name: load_deck(decks_dir / name, real_lookup) for name in EXPECTED}


class TestEveryFileIsCovered:
    def test_expected_lists_every_file(self, decks_dir: Path) -> None:
        files = {str(p.relative_to(decks_dir)) for folder in ("mtgo_txt", "text")
                 for p in (decks_dir / folder).glob("*.txt")}
        assert files == set(EXPECTED)


class TestParse:
    @pytest.mark.parametrize("name", sorted(EXPECTED))
    def test_no_issues_and_totals(self, decks_dir: Path, name: str) -> None:
        fmt, totals, _ = EXPECTED[name]
        result = read_deck_file(decks_dir / name, strict=True)
        assert result.issues == ()
        assert result.deck.format == fmt
        assert {s: result.deck.total(s) for s in Section} == full(totals)

    def test_mtgo_files_are_crlf(self, decks_dir: Path) -> None:
        assert all(b"\r\n" in p.read_bytes() for p in (decks_dir / "mtgo_txt").glob("*.txt"))

    def test_arena_printings_kept(self, decks_dir: Path) -> None:
        deck = read_deck_file(decks_dir / "text/arena_export_yuriko_excerpt.txt").deck
        commander = deck.entries[0]
        assert (commander.name, commander.section, commander.set_code,
                commander.collector_number) == ("Yuriko, the Tiger's Shadow", C, "FCA", "60")
        assert "A-Futurist Operative" in {e.name for e in deck.entries}
        assert all(e.set_code and e.collector_number for e in deck.entries)


@pytest.mark.slow
class TestResolve:
    @pytest.mark.parametrize("name", sorted(EXPECTED))
    def test_fully_resolved(self, loaded: dict[str, Deck], name: str) -> None:
        deck = loaded[name]
        assert deck.issues == ()
        assert deck.unresolved == ()
        assert deck.totals(include_empty=True) == full(EXPECTED[name][2])

    @pytest.mark.parametrize("name", sorted(EXPECTED))
    def test_strict_resolves(self, decks_dir: Path, real_lookup: InMemoryCardLookup,
                             name: str) -> None:
        assert load_deck(decks_dir / name, real_lookup, strict=True).unresolved == ()

    def test_flavor_name(self, loaded: dict[str, Deck]) -> None:
        deck = loaded["text/splinter_radical_rat_ninjas_commander.txt"]
        (entry,) = [e for e in deck.entries if e.name == "Splinter, Vengeful Sensei"]
        assert entry.card is not None and entry.card.name == "Ink-Eyes, Servant of Oni"
        assert entry.note == 'printed name "Splinter, Vengeful Sensei" is Ink-Eyes, Servant of Oni'

    def test_accents_split_and_ascii(self, loaded: dict[str, Deck]) -> None:
        names = {e.name: e.card.name for d in loaded.values() for e in d.entries if e.card}
        assert names["Lórien Revealed"] == "Lórien Revealed"
        assert names["Aether Vial"] == "Aether Vial"
        assert names["Unholy Annex // Ritual Chamber"] == "Unholy Annex // Ritual Chamber"
        assert names["Clearwater Pathway"] == "Clearwater Pathway // Murkwater Pathway"
        assert names["Swords to Plowshares"] == "Swords to Plowshares"
        assert names["A-Futurist Operative"] == "A-Futurist Operative"

    def test_duel_commander_commander(self, loaded: dict[str, Deck]) -> None:
        deck = loaded["mtgo_txt/duel-commander-trial-16-2026-04-0212838130__leonardos_technique.txt"]
        assert [e.name for e in deck.section(C)] == ["Amalia Benavides Aguirre"]
        assert [e.name for e in deck.section(P)] == ["Lurrus of the Dream-Den"]
        assert sum(n for _, n in deck.main_and_commander()) == 100

    def test_json_for_every_file(self, loaded: dict[str, Deck]) -> None:
        for name, deck in loaded.items():
            data = deck_to_json(deck)
            assert data["issues"] == []
            assert all(e["card_name"] for e in data["entries"])
            assert sum(e["count"] for e in data["entries"]) == sum(EXPECTED[name][2].values())


class TestCommanderNamedByPlace:
    """splinter_radical_rat_ninjas_commander.txt: 100 singleton cards (basic lands aside),
    sorted by name but for the last line, "1 Splinter, Radical Rat" (a legendary creature),
    the deck's commander; no sideboard and no commander header."""

    RAT = "Splinter, Radical Rat"
    NAME = "text/splinter_radical_rat_ninjas_commander.txt"

    def _lines(self, decks_dir: Path) -> list[str]:
        lines = (decks_dir / self.NAME).read_text(encoding="utf-8").splitlines()
        assert lines[-1] == f"1 {self.RAT}"
        return lines

    def _load(self, tmp_path: Path, lines: list[str], lookup: InMemoryCardLookup) -> Deck:
        path = tmp_path / "deck.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return load_deck(path, lookup)

    def test_last_line_is_the_commander(self, loaded: dict[str, Deck]) -> None:
        from analyzer.decks import validate_deck

        deck = loaded[self.NAME]
        assert [e.name for e in deck.section(C)] == [self.RAT]
        assert sum(e.count for e in deck.section(M)) == 99
        validation = validate_deck(deck)
        assert validation.format == "commander"
        assert validation.ok, validation.problems

    def test_first_line_before_a_blank_line(self, decks_dir: Path, tmp_path: Path,
                                            real_lookup: InMemoryCardLookup) -> None:
        lines = self._lines(decks_dir)
        deck = self._load(tmp_path, [lines[-1], "", *lines[:-1]], real_lookup)
        assert [e.name for e in deck.section(C)] == [self.RAT]
        assert sum(e.count for e in deck.section(M)) == 99
        assert not deck.section(S)

    def test_first_line_out_of_order(self, decks_dir: Path, tmp_path: Path,
                                     real_lookup: InMemoryCardLookup) -> None:
        lines = self._lines(decks_dir)
        deck = self._load(tmp_path, [lines[-1], *lines[:-1]], real_lookup)
        assert [e.name for e in deck.section(C)] == [self.RAT]

    def test_sorted_list_names_no_commander(self, decks_dir: Path, tmp_path: Path,
                                            real_lookup: InMemoryCardLookup) -> None:
        # Sorted by name, no line stands apart: which legend leads is unknown.
        lines = sorted(self._lines(decks_dir), key=lambda line: line[2:].casefold())
        deck = self._load(tmp_path, lines, real_lookup)
        assert not deck.section(C)
        assert sum(e.count for e in deck.section(M)) == 100

    def test_not_singleton_names_no_commander(self, decks_dir: Path, tmp_path: Path,
                                              real_lookup: InMemoryCardLookup) -> None:
        lines = self._lines(decks_dir)
        assert lines[0] == "1 An Offer You Can't Refuse"
        # Two of a nonbasic card (and one card fewer): 100 cards, not a singleton list.
        changed = ["2 An Offer You Can't Refuse", *lines[2:]]
        deck = self._load(tmp_path, changed, real_lookup)
        assert not deck.section(C)


@pytest.fixture(scope="module")
def suggester(shared_cards: dict[str, Card]) -> object:
    from analyzer.decks import NameSuggester

    return NameSuggester(list(shared_cards))


class TestSuggestionsWithRealNames:
    """"Did you mean" over every real card name: close names only (the newcomer review found
    "Ninja of the Deep Hourz" suggesting "Act of Heroism", which shares only "of the")."""

    @pytest.mark.parametrize(("typed", "expected"), [
        ("Ninja of the Deep Hourz", ("Ninja of the Deep Hours",)),
        ("Yurko the Tiger's Shadow", ("Yuriko, the Tiger's Shadow",)),
        ("Brainstrom", ("Brainstorm",)),
    ])
    def test_only_the_close_name(self, suggester: object, typed: str,
                                 expected: tuple[str, ...]) -> None:
        from analyzer.decks import NameSuggester

        assert isinstance(suggester, NameSuggester)
        assert suggester.suggest(typed) == expected

    def test_missing_word_still_found(self, suggester: object) -> None:
        from analyzer.decks import NameSuggester

        assert isinstance(suggester, NameSuggester)
        assert suggester.suggest("Snapcaster")[0] == "Snapcaster Mage"
        assert suggester.suggest("Lightening Bolt")[0] == "Lightning Bolt"
        assert "Act of Heroism" not in suggester.suggest("Ninja of Deep Hours")
