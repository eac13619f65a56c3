"""Exact draw probabilities, checked against brute-force enumeration."""

from __future__ import annotations

from itertools import combinations

import pytest

from analyzer.simulate.hypergeometric import binomial_bound, cards_seen, p_all_drawn


def _brute(deck_size: int, copies: list[int], seen: int) -> float:
    cards = []
    for kind, n in enumerate(copies):
        cards += [kind] * n
    cards += [-1] * (deck_size - len(cards))
    hands = list(combinations(range(deck_size), seen))
    hits = sum(all(any(cards[i] == kind for i in hand) for kind in range(len(copies)))
               for hand in hands)
    return hits / len(hands)


class TestPAllDrawn:
    @pytest.mark.parametrize(("deck", "copies", "seen"), [
        (10, [2, 3], 4), (12, [1, 1, 1], 6), (9, [4], 1), (8, [2, 2, 2], 8), (7, [3], 0)])
    def test_matches_enumeration(self, deck: int, copies: list[int], seen: int) -> None:
        assert p_all_drawn(deck, copies, seen) == pytest.approx(_brute(deck, copies, seen))

    def test_edges(self) -> None:
        assert p_all_drawn(60, [], 7) == 1.0
        assert p_all_drawn(60, [4], 100) == 1.0      # clamped to the deck
        with pytest.raises(ValueError, match="do not fit"):
            p_all_drawn(5, [3, 3], 2)
        with pytest.raises(ValueError, match="do not fit"):
            p_all_drawn(5, [0], 2)
        with pytest.raises(ValueError, match="0 or more"):
            p_all_drawn(-1, [], 2)


def test_cards_seen() -> None:
    assert [cards_seen(t) for t in (1, 2, 5)] == [7, 8, 11]
    assert [cards_seen(t, on_the_play=False) for t in (1, 2)] == [8, 9]
    with pytest.raises(ValueError):
        cards_seen(0)


def test_binomial_bound() -> None:
    assert binomial_bound(0.25, 400, z=2.0) == pytest.approx(2 * (0.25 * 0.75 / 400) ** 0.5)
    assert binomial_bound(0.0, 100, z=4.0) == pytest.approx(0.04)
    with pytest.raises(ValueError):
        binomial_bound(0.5, 0)
