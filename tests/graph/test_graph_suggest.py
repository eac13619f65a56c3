"""Suggestions from the feature index: same edges as the graph builder, caching, invalidation."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from analyzer import services
from analyzer.cards.model import Card
from analyzer.graph import build_synergy_graph
from analyzer.graph.suggest import (
    FeatureIndex,
    build_index,
    cache_path,
    cached_index_job,
    index_key,
    load_index,
    save_index,
    suggest_cards,
    suggest_for_graph,
)
from analyzer.oracle import Color, compile_card
from analyzer.progress import run_job

CardFactory = Callable[..., Card]


def _identity(card: Card, letters: str) -> Card:
    return replace(card, color_identity=tuple(letters))


@pytest.fixture
def pool(card: CardFactory) -> list[Card]:
    """A small database: a Ninja lord, an evasive Faerie, a vanilla Bear, a red Goblin lord,
    a Plane (never in a deck)."""
    return [
        _identity(card("Lord", "Other Ninjas you control get +1/+1.", subtypes=("Ninja",),
                       colors=("B",)), "B"),
        _identity(card("Faerie", "Flying", subtypes=("Faerie",), colors=("U",)), "U"),
        _identity(card("Bear", subtypes=("Bear",), colors=("G",)), "G"),
        _identity(card("Goblin Lord", "Other Goblins you control get +1/+1.",
                       subtypes=("Goblin",), colors=("R",)), "R"),
        card("Plane", "Flying", types=("Plane",)),
    ]


@pytest.fixture
def deck(card: CardFactory) -> list[Card]:
    return [_identity(card("Ninja", "Ninjutsu {1}{U}", subtypes=("Human", "Ninja"),
                           colors=("U",)), "UB"),
            _identity(card("Shade", subtypes=("Ninja",), colors=("B",)), "B")]


class TestSuggestCards:
    def test_ranked_with_edges(self, pool: list[Card], deck: list[Card]) -> None:
        index = build_index(pool)
        found = suggest_cards([compile_card(c) for c in deck], index)
        assert [(s.name, s.count) for s in found] == [("Lord", 2), ("Faerie", 1)]
        lord = found[0]
        assert {(e.source, e.target, e.kind) for e in lord.edges} == {
            ("Lord", "Ninja", "anthem"), ("Lord", "Shade", "anthem")}
        assert lord.score == pytest.approx(sum(e.strength for e in lord.edges))
        assert found[1].edges[0].kind == "ninjutsu_enabler"
        assert lord.to_json()["edges"][0]["kind"] == "anthem"

    def test_colour_identity(self, pool: list[Card], deck: list[Card]) -> None:
        # the deck is Dimir (U/B): the red Goblin lord is never offered; with every colour
        # allowed, the Bear still adds nothing
        index = build_index(pool)
        profiles = [compile_card(c) for c in deck]
        assert {s.name for s in suggest_cards(profiles, index, within=Color.U)} == {"Faerie"}
        everything = Color.from_letters("WUBRG")
        assert {s.name for s in suggest_cards(profiles, index, within=everything)} == {
            "Lord", "Faerie"}

    def test_cards_in_the_deck_and_non_deck_types_are_never_suggested(
            self, pool: list[Card], deck: list[Card]) -> None:
        index = build_index(pool + deck)
        names = {s.name for s in suggest_cards([compile_card(c) for c in deck], index,
                                               within=Color.from_letters("WUBRG"))}
        assert not names & {"Ninja", "Shade", "Plane"}

    def test_unknown_kind(self, pool: list[Card]) -> None:
        with pytest.raises(KeyError, match="unknown edge family 'combo'"):
            suggest_cards([], build_index(pool), kinds=["combo"])

    def test_graph_read_back_has_no_profiles(self, pool: list[Card], deck: list[Card]) -> None:
        G = build_synergy_graph([(c, 1) for c in deck])
        for node in G.nodes:
            del G.nodes[node]["profile"]
        with pytest.raises(ValueError, match="no card profile"):
            suggest_for_graph(G, build_index(pool))


class TestFile:
    def test_round_trip_and_key(self, pool: list[Card], deck: list[Card],
                                tmp_path: Path) -> None:
        key = index_key("sqlite:///x", 5, "AtomicCards.json.gz", "2026-11-29T10:00", "")
        index = build_index(pool, key=key)
        path = save_index(index, tmp_path / "x.json.gz")
        back = load_index(path, key)
        assert back is not None and len(back) == len(index)
        profiles = [compile_card(c) for c in deck]
        assert [s.to_json() for s in suggest_cards(profiles, back)] == \
            [s.to_json() for s in suggest_cards(profiles, index)]
        # another import (another time) or another compiler version: stale
        later = index_key("sqlite:///x", 5, "AtomicCards.json.gz", "2026-11-30T10:00", "")
        assert load_index(path, later) is None

    @pytest.mark.parametrize("content", [b"", b"not an index", b"spellweb-graph-index\n\x80"])
    def test_damaged_file_is_not_trusted(self, tmp_path: Path, content: bytes) -> None:
        path = tmp_path / "x.json.gz"
        path.write_bytes(content)
        assert load_index(path, ()) is None
        assert load_index(tmp_path / "missing.json.gz", ()) is None

    def test_cache_path(self, tmp_path: Path) -> None:
        beside = cache_path("sqlite:////data/cards.sqlite", Path("/data/cards.sqlite"), tmp_path)
        assert beside == Path("/data/cards.sqlite.graph-index.json.gz")
        other = cache_path("postgresql://h/db", None, tmp_path)
        assert other.parent == tmp_path and other.name.startswith("graph-index-")

    def test_cached_job_builds_once(self, pool: list[Card], tmp_path: Path) -> None:
        calls: list[int] = []

        def cards() -> list[Card]:
            calls.append(1)
            return pool

        key = ("test", id(pool))
        path = tmp_path / "idx.json.gz"
        first = run_job(cached_index_job(key, path, cards))
        assert path.exists() and calls == [1]
        assert run_job(cached_index_job(key, path, cards)) is first  # from memory
        assert calls == [1]
        from analyzer.graph import suggest as module

        module._MEMORY.clear()
        again = run_job(cached_index_job(key, path, cards))  # from the file
        assert calls == [1] and isinstance(again, FeatureIndex) and len(again) == len(first)


@pytest.mark.shared
@pytest.mark.slow
class TestRealDatabase:
    def test_suggested_edges_are_the_graph_edges(self, real_db_url: str,
                                                 shared: Path) -> None:
        """For sampled candidates, the index finds exactly the edges build_synergy_graph
        finds between the candidate and the deck (the index and the builder share rules)."""
        db = services.open_database(real_db_url, seed=False)
        deck = services.read_deck(db, shared / "data" / "decks" / "text"
                                  / "splinter_radical_rat_ninjas_commander.txt")
        entries = deck.main_and_commander()
        graph = build_synergy_graph(entries)
        from analyzer.progress import run_job as run

        index = run(services.suggestion_index_job(db))
        found = suggest_for_graph(graph, index, 15, within=Color.from_letters("WUBRG"))
        assert found and all(s.count > 0 for s in found)
        in_deck = {c.id for c, _ in entries}
        assert not {s.card for s in found} & in_deck
        sample = found[:5]
        rng = random.Random(3)
        with db.session() as session:
            from analyzer.cards.db import repository as repo

            others = [c for c in rng.sample(list(repo.iter_cards(session)), 40)
                      if c.id not in in_deck]
        extra = suggest_for_graph(graph, index, 1_000_000, within=Color.from_letters("WUBRG"),
                                  digital=True)
        by_card = {s.card: s for s in extra}
        for candidate in [services.card_by_name(db, s.name) for s in sample] + others:
            assert candidate is not None
            G = build_synergy_graph([*entries, (candidate, 1)])
            expected = {(u, v, k) for u, v, k in G.edges(keys=True)
                        if candidate.id in (u, v)}
            got = by_card.get(candidate.id)
            assert {(e.source, e.target, e.kind) for e in (got.edges if got else ())} \
                == expected, candidate.name



class TestInvalidation:
    def test_index_is_rebuilt_after_an_import(self, tmp_path: Path) -> None:
        """The key holds the import time: importing cards again makes the stored index
        stale, and the next query builds a new one (the module's invalidation rule)."""
        from analyzer.progress import run_job as run

        url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
        db = services.open_database(url)  # the starter set
        first = run(services.suggestion_index_job(db))
        stored = tmp_path / "cards.sqlite.graph-index.json.gz"
        assert stored.exists()
        assert run(services.suggestion_index_job(db)) is first
        info: Any = services.database_info(db)
        assert first.key[-4:] == (info.cards, info.source, info.imported_at, info.data_date)
        starter = Path(__file__).resolve().parents[2] / "data" / "starter_cards.json"
        services.import_cards(db, starter)
        second = run(services.suggestion_index_job(db))
        assert second is not first and second.key != first.key
        assert load_index(stored, second.key) is not None  # the file was replaced
        assert load_index(stored, first.key) is None
