"""``spellweb convert`` writes each card in the target format's own spelling (issue 16).

The name as typed (a flavor name, ``lightning bolt``, ``AEther Vial``, ``Fire/Ice``) is what
MTGO, MTG Arena, Forge and XMage reject. A converted file names each card by its Oracle name
in the target's spelling: MTGO's single slash for split cards (``Fire/Ice``), the front face's
name for adventures and double-faced cards (Arena, MTGO, Forge, XMage, Cockatrice); the name
as typed is kept only when the file is written back in its own format.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer.cards.model import Card, Face
from analyzer.decks import FORMATS, Deck, DeckEntry, ResolvedEntry, deck_list_of, read_deck_file
from analyzer.decks.spelling import NameStyle, spelled_name
from tests.cli_run import run


def face(name: str, side: str, types: str = "Creature", **extra: object) -> dict[str, object]:
    return {"name": "", "faceName": name, "side": side, "type": types, "types": [types],
            "manaValue": 2.0, "text": "", "layout": "", "legalities": {}, **extra}


def card_file(tmp_path: Path) -> Path:
    """The smallest MTGJSON AtomicCards file holding every spelling case."""
    def one(name: str, types: str = "Instant", **extra: object) -> list[dict[str, object]]:
        return [{"name": name, "type": types, "types": [types], "manaValue": 1.0,
                 "text": "", "layout": "normal", "legalities": {"legacy": "Legal"}, **extra}]

    def multi(name: str, layout: str, types: tuple[str, str] = ("Creature", "Creature"),
              subtypes: tuple[list[str], list[str]] = ([], [])) -> list[dict[str, object]]:
        faces = []
        for i, (part, kind) in enumerate(zip(name.split(" // "), types, strict=True)):
            faces.append({"name": name, "faceName": part, "side": "ab"[i], "type": kind,
                          "types": [kind], "subtypes": subtypes[i], "manaValue": 2.0,
                          "text": "", "layout": layout, "legalities": {"legacy": "Legal"}})
        return faces

    data = {
        "Lightning Bolt": one("Lightning Bolt"),
        "Aether Vial": one("Aether Vial", "Artifact"),
        "Ink-Eyes, Servant of Oni": one("Ink-Eyes, Servant of Oni", "Creature",
                                        flavorNames=["Splinter, Vengeful Sensei"]),
        "Fire // Ice": multi("Fire // Ice", "split", ("Instant", "Instant")),
        "Commit // Memory": multi("Commit // Memory", "aftermath", ("Instant", "Sorcery")),
        "Unholy Annex // Ritual Chamber": multi("Unholy Annex // Ritual Chamber", "split",
                                                ("Enchantment", "Enchantment"),
                                                (["Room"], ["Room"])),
        "Delver of Secrets // Insectile Aberration": multi(
            "Delver of Secrets // Insectile Aberration", "transform"),
        "Brazen Borrower // Petty Theft": multi("Brazen Borrower // Petty Theft", "adventure",
                                                ("Creature", "Instant")),
        "Valki, God of Lies // Tibalt, Cosmic Impostor": multi(
            "Valki, God of Lies // Tibalt, Cosmic Impostor", "modal_dfc",
            ("Creature", "Planeswalker")),
    }
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {"date": "2026-01-01", "version": "5"}, "data": data}),
                    encoding="utf-8")
    return path


TYPED = ["lightning bolt", "AEther Vial", "Splinter, Vengeful Sensei", "Fire/Ice",
         "commit // memory", "Unholy Annex // Ritual Chamber", "Insectile Aberration",
         "Brazen Borrower", "Valki, God of Lies // Tibalt, Cosmic Impostor"]
FRONT = ["Lightning Bolt", "Aether Vial", "Ink-Eyes, Servant of Oni", "Fire // Ice",
         "Commit // Memory", "Unholy Annex // Ritual Chamber", "Delver of Secrets",
         "Brazen Borrower", "Valki, God of Lies"]
EXPECTED = {
    # MTGO: split and aftermath cards with one slash; Rooms as the client writes them
    # (../shared/data/decks/mtgo_dek: "Unholy Annex // Ritual Chamber")
    "mtgo-dek": ["Lightning Bolt", "Aether Vial", "Ink-Eyes, Servant of Oni", "Fire/Ice",
                 "Commit/Memory", "Unholy Annex // Ritual Chamber", "Delver of Secrets",
                 "Brazen Borrower", "Valki, God of Lies"],
    "arena": FRONT, "forge": FRONT, "xmage": FRONT, "cockatrice": FRONT,
    "moxfield": ["Lightning Bolt", "Aether Vial", "Ink-Eyes, Servant of Oni", "Fire // Ice",
                 "Commit // Memory", "Unholy Annex // Ritual Chamber",
                 "Delver of Secrets // Insectile Aberration", "Brazen Borrower // Petty Theft",
                 "Valki, God of Lies // Tibalt, Cosmic Impostor"],
}
ENDINGS = {"mtgo-dek": ".dek", "arena": ".txt", "forge": ".dck", "xmage": ".dck",
           "cockatrice": ".cod", "moxfield": ".txt"}


@pytest.fixture
def db_with_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    code, _, err = run(["--db", url, "import-cards", str(card_file(tmp_path)), "-q"], capsys)
    assert code == 0, err
    return url


def typed_deck(tmp_path: Path) -> Path:
    source = tmp_path / "typed.txt"
    source.write_text("".join(f"1 {name}\n" for name in TYPED), encoding="utf-8")
    return source


@pytest.mark.parametrize("fmt", sorted(EXPECTED))
def test_convert_writes_the_targets_spelling(db_with_cards: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             fmt: str) -> None:
    target = tmp_path / f"out{ENDINGS[fmt]}"
    code, _, err = run(["--db", db_with_cards, "convert", str(typed_deck(tmp_path)), "-o",
                        str(target), "--format", fmt], capsys)
    assert code == 0, err
    written = FORMATS[fmt].parse(target.read_text(encoding="utf-8")).deck
    assert [e.name for e in written.entries] == EXPECTED[fmt]


def test_the_files_own_format_keeps_the_names_as_typed(db_with_cards: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    target = tmp_path / "same.txt"
    code, _, err = run(["--db", db_with_cards, "convert", str(typed_deck(tmp_path)), "-o",
                        str(target)], capsys)
    assert code == 0, err
    assert [e.name for e in read_deck_file(target).deck.entries] == TYPED


def test_converted_back_the_names_resolve_with_no_warning(db_with_cards: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    dek = tmp_path / "out.dek"
    run(["--db", db_with_cards, "convert", str(typed_deck(tmp_path)), "-o", str(dek)], capsys)
    code, out, err = run(["--db", db_with_cards, "deck", str(dek), "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["issues"] == []


class TestSpelledName:
    fire = Card("f", "Fire // Ice", layout="split", faces=(Face("Fire"), Face("Ice")))
    delver = Card("d", "Delver of Secrets // Insectile Aberration", layout="transform",
                  faces=(Face("Delver of Secrets"), Face("Insectile Aberration")))
    annex = Card("u", "Unholy Annex // Ritual Chamber", layout="split",
                 faces=(Face("Unholy Annex", subtypes=("Room",)),
                        Face("Ritual Chamber", subtypes=("Room",))))

    @pytest.mark.parametrize(("style", "fire", "delver", "annex"), [
        (NameStyle.ORACLE, "Fire // Ice", "Delver of Secrets // Insectile Aberration",
         "Unholy Annex // Ritual Chamber"),
        (NameStyle.FRONT_FACE, "Fire // Ice", "Delver of Secrets",
         "Unholy Annex // Ritual Chamber"),
        (NameStyle.MTGO, "Fire/Ice", "Delver of Secrets", "Unholy Annex // Ritual Chamber"),
    ])
    def test_styles(self, style: NameStyle, fire: str, delver: str, annex: str) -> None:
        assert (spelled_name(self.fire, style), spelled_name(self.delver, style),
                spelled_name(self.annex, style)) == (fire, delver, annex)

    def test_every_format_has_a_style(self) -> None:
        assert all(isinstance(fmt.name_style, NameStyle) for fmt in FORMATS.values())


class TestDeckListOf:
    bowmasters = Card("o", "Orcish Bowmasters", faces=(Face("Orcish Bowmasters"),))

    def test_an_alchemy_name_read_as_the_paper_card_stays_alchemy(self) -> None:
        deck = Deck((ResolvedEntry(DeckEntry("a-Orcish Bowmasters", 1), self.bowmasters),),
                    format="text")
        assert deck_list_of(deck, target="arena").entries[0].name == "A-Orcish Bowmasters"
        # MTGO has no Alchemy cards: the paper card it is
        assert deck_list_of(deck, target="mtgo-dek").entries[0].name == "Orcish Bowmasters"

    def test_unknown_names_stay_as_typed(self) -> None:
        deck = Deck((ResolvedEntry(DeckEntry("Lightening Bolt", 4), None),), format="text")
        assert deck_list_of(deck, target="forge").entries[0].name == "Lightening Bolt"

    def test_no_target_keeps_the_promise(self) -> None:
        deck = Deck((ResolvedEntry(DeckEntry("orcish bowmasters", 1), self.bowmasters),),
                    format="text")
        assert deck_list_of(deck).entries[0].name == "orcish bowmasters"
        assert deck_list_of(deck, oracle_names=True).entries[0].name == "Orcish Bowmasters"


def test_the_use_case_respells_with_a_database(db_with_cards: str, tmp_path: Path) -> None:
    """``services.convert_deck`` with a database writes what ``spellweb convert`` writes;
    without one, the names as typed."""
    from analyzer import services

    db = services.open_database(db_with_cards)
    target = tmp_path / "out.dek"
    _, description = services.convert_deck(typed_deck(tmp_path), target, db=db)
    written = [e.name for e in read_deck_file(target).deck.entries]
    assert written == EXPECTED["mtgo-dek"] and "MTGO" in description
    services.convert_deck(typed_deck(tmp_path), tmp_path / "typed.dek")
    assert [e.name for e in read_deck_file(tmp_path / "typed.dek").deck.entries] == TYPED
