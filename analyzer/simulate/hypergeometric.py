"""Exact draw probabilities (multivariate hypergeometric), the goldfish's cross-check.

Examples
--------
>>> round(p_all_drawn(60, [4], 7), 4)   # at least one of 4 copies in an opening hand
0.3995
>>> round(p_all_drawn(60, [4, 4], 7), 4)
0.1454
>>> p_all_drawn(60, [], 7)
1.0
>>> round(binomial_bound(0.5, 10_000, z=4.0), 4)
0.02
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

__all__ = ["binomial_bound", "cards_seen", "p_all_drawn"]


def p_all_drawn(deck_size: int, copies: Sequence[int], seen: int) -> float:
    """Probability that ``seen`` cards drawn at random from ``deck_size`` hold at least one
    copy of each of several distinct cards.

    Inclusion-exclusion over the cards missed:
    ``P = sum over S of (-1)^|S| * C(N - sum(c_i, i in S), n) / C(N, n)``.

    Parameters
    ----------
    deck_size : int
        Cards in the library before drawing (N).
    copies : sequence of int
        Copies of each wanted card (c_i), each at least 1.
    seen : int
        Cards drawn (n), clamped to ``deck_size``.

    Returns
    -------
    float
        In [0, 1]; 1.0 when nothing is wanted.

    Raises
    ------
    ValueError
        Negative sizes, a card with no copies, or more copies than cards.
    """
    if deck_size < 0 or seen < 0:
        raise ValueError(f"deck_size and seen must be 0 or more, not {deck_size}, {seen}")
    if any(c < 1 for c in copies) or sum(copies) > deck_size:
        raise ValueError(f"copies {list(copies)!r} do not fit a {deck_size}-card deck")
    n = min(seen, deck_size)
    total = math.comb(deck_size, n)
    p = 0.0
    for size in range(len(copies) + 1):
        for missed in combinations(copies, size):
            p += (-1) ** size * math.comb(deck_size - sum(missed), n) / total
    return min(1.0, max(0.0, p))


def cards_seen(turn: int, *, on_the_play: bool = True, hand_size: int = 7) -> int:
    """Cards seen by the start of ``turn``'s main phase with no mulligan: the opening hand
    plus one draw a turn, none on the first turn on the play (CR 103.8a).

    >>> cards_seen(1), cards_seen(3), cards_seen(3, on_the_play=False)
    (7, 9, 10)
    """
    if turn < 1:
        raise ValueError(f"turn must be 1 or more, not {turn}")
    return hand_size + turn - (1 if on_the_play else 0)


def binomial_bound(p: float, games: int, *, z: float = 4.0) -> float:
    """Half-width ``z * sqrt(p (1 - p) / games)`` of the normal confidence interval of a
    Monte Carlo estimate of ``p`` after ``games`` independent games.

    ``z = 4`` makes a false alarm about 6 in 100,000 for a correct simulation; for p near 0
    or 1 the half-width never drops below ``z / games`` (one game's worth).
    """
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    return max(z * math.sqrt(p * (1.0 - p) / games), z / games)
