"""Synergy graphs of decks made of real cards (../shared/data/AtomicCards.json.gz)."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from analyzer.graph import build_synergy_graph, edge_list, edges_by_kind, key_cards

pytestmark = [pytest.mark.shared]

NINJA_DECK = {
    "Splinter, Hamato Yoshi": 4, "Ninja of the Deep Hours": 4, "Moon-Circuit Hacker": 4,
    "Ingenious Infiltrator": 4, "Mistblade Shinobi": 2, "Fallen Shinobi": 2,
    "Leonardo, Big Brother": 2, "Shredder's Technique": 2, "Changeling Outcast": 4,
    "Faerie Seer": 4, "Slither Blade": 4, "Spectral Sailor": 4,
    "Island": 8, "Swamp": 6, "Watery Grave": 4,
}
ROGUE_DECK = {
    "Notorious Throng": 2, "Auntie's Snitch": 4, "Frogtosser Banneret": 4,
    "Earwig Squad": 3, "Latchkey Faerie": 3, "Thieves' Fortune": 2, "Morsel Theft": 2,
    "Oona's Prowler": 4, "Changeling Outcast": 4, "Faerie Seer": 2, "Swamp": 10,
}


def _graph(shared_cards: dict[str, Any], deck: dict[str, int]) -> nx.MultiDiGraph:
    return build_synergy_graph((shared_cards[name], n) for name, n in deck.items())


def _edges(G: nx.MultiDiGraph, kind: str) -> set[tuple[str, str]]:
    return {(G.nodes[u]["name"], G.nodes[v]["name"])
            for u, v, k in G.edges(keys=True) if k == kind}


class TestNinjaDeck:
    def test_splinter_pumps_every_other_ninja(self, shared_cards: dict[str, Any]) -> None:
        G = _graph(shared_cards, NINJA_DECK)
        anthem = _edges(G, "anthem")
        ninjas = {"Ninja of the Deep Hours", "Moon-Circuit Hacker", "Ingenious Infiltrator",
                  "Mistblade Shinobi", "Fallen Shinobi", "Leonardo, Big Brother",
                  "Changeling Outcast"}
        assert {t for s, t in anthem if s == "Splinter, Hamato Yoshi"} == ninjas
        assert ("Splinter, Hamato Yoshi", "Splinter, Hamato Yoshi") not in anthem
        assert not any(t in {"Faerie Seer", "Slither Blade", "Spectral Sailor"}
                       for _, t in anthem)

    def test_enablers(self, shared_cards: dict[str, Any]) -> None:
        G = _graph(shared_cards, NINJA_DECK)
        sneak = _edges(G, "sneak_enabler")
        ninjutsu = _edges(G, "ninjutsu_enabler")
        assert ("Changeling Outcast", "Splinter, Hamato Yoshi") in sneak
        assert ("Slither Blade", "Shredder's Technique") in sneak
        assert ("Faerie Seer", "Ninja of the Deep Hours") in ninjutsu
        assert ("Splinter, Hamato Yoshi", "Moon-Circuit Hacker") in ninjutsu  # menace
        assert ("Splinter, Hamato Yoshi", "Splinter, Hamato Yoshi") not in sneak
        data = G.get_edge_data(shared_cards["Changeling Outcast"].id,
                               shared_cards["Splinter, Hamato Yoshi"].id, "sneak_enabler")
        assert data["strength"] == 1.0 and "702.190a" in data["rules"]
        menace = G.get_edge_data(shared_cards["Splinter, Hamato Yoshi"].id,
                                 shared_cards["Moon-Circuit Hacker"].id, "ninjutsu_enabler")
        assert menace["strength"] < data["strength"]

    def test_figures(self, shared_cards: dict[str, Any]) -> None:
        """Print the edge counts by kind and the key cards (run with -s)."""
        G = _graph(shared_cards, NINJA_DECK)
        counts = {kind: len(rows) for kind, rows in edges_by_kind(G).items()}
        top = [(G.nodes[n]["name"], s) for n, s in key_cards(G, 3)]
        print(f"\nninja deck: {G.number_of_nodes()} cards, {G.number_of_edges()} edges {counts}; "
              f"key cards {top}")
        assert set(counts) >= {"anthem", "sneak_enabler", "ninjutsu_enabler"}
        assert all(row.source_name in row.explanation and row.target_name in row.explanation
                   for row in edge_list(G))


class TestRogueDeck:
    def test_prowl_edges(self, shared_cards: dict[str, Any]) -> None:
        G = _graph(shared_cards, ROGUE_DECK)
        prowl = _edges(G, "shares_creature_type")
        assert ("Auntie's Snitch", "Notorious Throng") in prowl
        assert ("Oona's Prowler", "Thieves' Fortune") in prowl
        assert ("Changeling Outcast", "Earwig Squad") in prowl
        assert not any(s in {"Notorious Throng", "Thieves' Fortune", "Morsel Theft"}
                       for s, _ in prowl)  # spells deal no combat damage
        # Faerie Seer (Faerie Wizard) shares Faerie with Latchkey Faerie only
        assert {t for s, t in prowl if s == "Faerie Seer"} == {"Latchkey Faerie"}
        assert not any(s == t for s, t in prowl)
        data = G.get_edge_data(shared_cards["Auntie's Snitch"].id,
                               shared_cards["Notorious Throng"].id, "shares_creature_type")
        assert data["explanation"].startswith("Auntie's Snitch (Goblin Rogue) dealing combat "
                                              "damage to a player lets you cast Notorious "
                                              "Throng for its prowl cost {5}{U}")

    def test_banneret_reduces_prowl_cards(self, shared_cards: dict[str, Any]) -> None:
        G = _graph(shared_cards, ROGUE_DECK)
        reductions = _edges(G, "cost_reduction")
        assert ("Frogtosser Banneret", "Notorious Throng") in reductions
        assert ("Frogtosser Banneret", "Auntie's Snitch") in reductions
        assert ("Frogtosser Banneret", "Swamp") not in reductions
