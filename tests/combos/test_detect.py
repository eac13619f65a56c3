"""Detection: combos present in a deck, near misses grouped by the missing card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _combo_decks import GOING_ROGUE, MARALEN, ROGUES

from analyzer.combos import Expected, load_catalog, parse_catalog
from analyzer.combos.detect import CatalogIndex, detect_combos

ENTRY = '''
[[combo]]
id = "{id}"
name = "{id}"
cards = [{cards}]
family = "untap_mana"
result = "infinite_mana"
kind = "loop"
expected = "{expected}"
why = "because"
steps = ["x"]
rules = ["605.1a"]
grows = ["mana:A"]
start = {{ players = {{ A = {{ battlefield = [{cards}] }} }} }}
loop = [{{ pass = {{ until = "resolve" }} }}]
'''


def _catalog(*entries: tuple[str, list[str], str]) -> CatalogIndex:
    text = "".join(ENTRY.format(id=i, cards=", ".join(f'"{c}"' for c in cards),
                                expected=expected) for i, cards, expected in entries)
    return CatalogIndex(tuple(parse_catalog(text, "t.toml")))


class TestDetect:
    def test_present_and_grouped_near_misses(self) -> None:
        catalog = _catalog(("ab", ["Alpha", "Beta"], "works"),
                           ("ac", ["Alpha", "Gamma"], "works"),
                           ("ad", ["Alpha", "Delta"], "works"),
                           ("cd", ["Gamma", "Delta"], "works"),
                           ("bd", ["Beta", "Delta"], "works"),
                           ("xyz", ["X", "Y", "Z"], "works"))
        found = detect_combos(["alpha", "BETA", "Beta", "X"], catalog)
        assert [c.id for c in found.present] == ["ab"]
        # Delta completes "ad" and "bd"; Gamma completes "ac" only; "xyz" misses two.
        assert [(m.card, [c.id for c in m.combos]) for m in found.near_misses] == [
            ("Delta", ["ad", "bd"]), ("Gamma", ["ac"])]

    def test_false_combos_are_reported_but_never_suggested(self) -> None:
        catalog = _catalog(("false", ["Alpha", "Beta"], "fails"),
                           ("false3", ["Alpha", "Beta", "Gamma"], "fails"))
        found = detect_combos(["Alpha", "Beta"], catalog)
        assert [c.id for c in found.present] == ["false"]
        assert found.near_misses == ()

    def test_empty_deck_and_one_card_tricks(self) -> None:
        catalog = _catalog(("solo", ["Alpha"], "works"))
        assert detect_combos([], catalog).present == ()
        assert detect_combos([], catalog).near_misses == ()   # no piece: not "near"
        assert [c.id for c in detect_combos(["Alpha"], catalog).present] == ["solo"]


def _deck_names(real_db: Any, path: Path) -> list[str]:
    from analyzer import services

    deck = services.read_deck(real_db, path)
    assert deck.unresolved == ()
    return [card.name for card, _ in deck.main_and_commander()]


@pytest.mark.shared
class TestRealDecks:
    def test_maralen_combos_and_the_solemnity_near_miss(self, real_db: Any,
                                                        decks: Path) -> None:
        names = _deck_names(real_db, decks / MARALEN)
        # Read from the deck file: these pieces are in it, Solemnity is not.
        for piece in ("Gravecrawler", "Phyrexian Altar", "Vengeful Dead", "Diregraf Colossus",
                      "Geralf's Messenger", "Ashnod's Altar", "Altar of Dementia"):
            assert piece in names
        assert "Solemnity" not in names
        found = detect_combos(names)
        ids = {c.id for c in found.present}
        assert {"gravecrawler-phyrexian-altar-vengeful-dead",
                "gravecrawler-phyrexian-altar-diregraf-colossus"} <= ids
        first = found.near_misses[0]
        assert first.card == "Solemnity"
        assert {c.id for c in first.combos} == {
            "geralfs-messenger-solemnity-phyrexian-altar",
            "geralfs-messenger-solemnity-ashnods-altar",
            "geralfs-messenger-solemnity-altar-of-dementia"}
        assert all(len(m.combos) <= 3 for m in found.near_misses)

    def test_rogues_deck(self, real_db: Any, decks: Path) -> None:
        found = detect_combos(_deck_names(real_db, decks / ROGUES))
        ids = {c.id for c in found.present}
        assert {"reflecting-pool-vivid-creek", "frogtosser-banneret-earwig-squad",
                "oona-earwig-squad-prowl"} <= ids
        by_id = {c.id: c for c in found.present}
        assert by_id["oona-earwig-squad-prowl"].expected is Expected.FAILS

    def test_going_rogue_pestermite_near_misses(self, real_db: Any, decks: Path) -> None:
        found = detect_combos(_deck_names(real_db, decks / GOING_ROGUE))
        missing = {m.card: {c.id for c in m.combos} for m in found.near_misses}
        assert missing["Kiki-Jiki, Mirror Breaker"] == {"kiki-jiki-pestermite"}
        assert missing["Splinter Twin"] == {"splinter-twin-pestermite"}

    def test_no_combo_in_an_affinity_deck(self, real_db: Any, decks: Path) -> None:
        found = detect_combos(_deck_names(real_db, decks / "magarena_dec/2012Affinity.dec"))
        assert found.present == ()


def test_catalog_index_is_reusable() -> None:
    index = CatalogIndex(load_catalog())
    assert detect_combos(["Devoted Druid", "Vizier of Remedies"], index).present[0].id == \
        "devoted-druid-vizier-of-remedies"
