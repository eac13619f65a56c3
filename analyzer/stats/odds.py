"""Draw odds: the exact chance of drawing chosen cards by each turn, and the groups of cards
a player asks about (lands, a type, a package, a combo's pieces).

References
----------
The hypergeometric distribution: ``P(X = i) = C(K, i) C(N - K, n - i) / C(N, n)`` for ``i``
successes among ``n`` cards drawn without replacement from ``N`` cards of which ``K`` are
successes (any probability textbook; Frank Karsten's articles on land counts use the same
formula). "One of each" of several cards is inclusion-exclusion
(:func:`analyzer.simulate.hypergeometric.p_all_drawn`).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from analyzer.cards.model import Card, CardId
from analyzer.decks.model import TypeGroup, type_group
from analyzer.simulate.hypergeometric import cards_seen, p_all_drawn
from analyzer.stats.curve import is_land_card

__all__ = ["ODDS_TURNS", "CardGroup", "DrawOdds", "OddsMode", "TurnOdds", "card_groups",
           "draw_odds", "p_at_least"]

ODDS_TURNS = 10
"""Draw odds are given for turns 1 to this."""


def p_at_least(population: int, successes: int, sample: int, k: int) -> float:
    """Probability of at least ``k`` successes among ``sample`` cards drawn without
    replacement from ``population`` cards holding ``successes`` successes (hypergeometric
    upper tail, ``sum over i >= k of C(K, i) C(N - K, n - i) / C(N, n)``).

    ``sample`` is clamped to ``population``. Raises ValueError for negative sizes or more
    successes than cards.

    >>> round(p_at_least(60, 4, 7, 1), 4)      # a 4-of in the opening hand
    0.3995
    >>> round(p_at_least(40, 17, 9, 3), 4)     # 3 of 17 lands by turn 3 on the play
    0.8446
    >>> p_at_least(60, 4, 7, 0), p_at_least(60, 4, 7, 5)
    (1.0, 0.0)
    """
    if population < 0 or sample < 0 or successes < 0:
        raise ValueError(f"sizes must be 0 or more, not {population}, {successes}, {sample}")
    if successes > population:
        raise ValueError(f"{successes} successes do not fit {population} cards")
    n = min(sample, population)
    if k <= 0:
        return 1.0
    total = math.comb(population, n)
    hits = sum(math.comb(successes, i) * math.comb(population - successes, n - i)
               for i in range(k, min(successes, n) + 1))
    return hits / total


class OddsMode(enum.Enum):
    """What counts as a hit in :func:`draw_odds`."""

    AT_LEAST = enum.auto()
    """At least ``k`` copies among all the chosen cards together (lands, a package)."""
    EACH = enum.auto()
    """At least one copy of each chosen card (a combo's pieces), inclusion-exclusion
    (:func:`analyzer.simulate.hypergeometric.p_all_drawn`)."""


@dataclass(frozen=True, slots=True)
class TurnOdds:
    """The draw odds by one turn."""

    turn: int
    """The turn, 1 or more."""
    seen: int
    """Cards seen by that turn's main phase: 7 plus a draw a turn, none on the first turn on
    the play (CR 103.8a, :func:`~analyzer.simulate.hypergeometric.cards_seen`)."""
    probability: float
    """In [0, 1]."""


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """The chance of drawing chosen cards, turn by turn (:func:`draw_odds`)."""

    library_size: int
    """Cards in the library at the start (N)."""
    copies: tuple[int, ...]
    """Copies of each chosen card."""
    k: int
    """Copies wanted (:attr:`OddsMode.AT_LEAST`; the number of cards for ``EACH``)."""
    mode: OddsMode
    """What counts as a hit."""
    on_the_play: bool
    """True: no draw on turn 1."""
    turns: tuple[TurnOdds, ...] = field(default=())
    """Turns 1 to :data:`ODDS_TURNS`."""

    @property
    def successes(self) -> int:
        """Copies of the chosen cards together (K)."""
        return sum(self.copies)


def draw_odds(library_size: int, copies: Sequence[int], k: int = 1, *,
              on_the_play: bool = True, mode: OddsMode = OddsMode.AT_LEAST,
              turns: int = ODDS_TURNS) -> DrawOdds:
    """The probability of drawing the chosen cards by each turn 1..``turns`` (no mulligan).

    Parameters
    ----------
    library_size : int
        Cards in the library before the opening hand (N: the main deck).
    copies : sequence of int
        Copies of each chosen card, each 1 or more.
    k : int
        Copies wanted among them all (``AT_LEAST``); ignored for ``EACH``.
    on_the_play : bool
        True: the first turn has no draw (CR 103.8a).
    mode : OddsMode
        Pooled "at least k" or "one of each".
    turns : int
        The last turn.

    Returns
    -------
    DrawOdds

    Raises
    ------
    ValueError
        More copies than cards, a card with no copies, or k below 1.

    Examples
    --------
    >>> odds = draw_odds(60, [4], 1)
    >>> [round(t.probability, 4) for t in odds.turns[:2]]
    [0.3995, 0.4448]
    >>> odds.turns[1].seen
    8
    """
    copies = tuple(copies)
    if any(c < 1 for c in copies) or sum(copies) > library_size:
        raise ValueError(f"copies {list(copies)!r} do not fit a {library_size}-card library")
    if mode is OddsMode.AT_LEAST and k < 1:
        raise ValueError(f"k must be 1 or more, not {k}")
    wanted = len(copies) if mode is OddsMode.EACH else k
    rows = []
    for turn in range(1, turns + 1):
        seen = cards_seen(turn, on_the_play=on_the_play)
        p = p_all_drawn(library_size, copies, seen) if mode is OddsMode.EACH \
            else p_at_least(library_size, sum(copies), seen, k)
        rows.append(TurnOdds(turn, min(seen, library_size), p))
    return DrawOdds(library_size, copies, wanted, mode, on_the_play, tuple(rows))


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Cards a player wants to draw together: the lands, a type, a package, a combo."""

    name: str
    """``"Lands"``, ``"Creatures"``, ``"Package: Ninjas"``, ``"Combo: A + B"``."""
    card_ids: tuple[CardId, ...]
    """Its cards in the library."""
    mode: OddsMode = OddsMode.AT_LEAST
    """How its odds are read: a combo wants ``EACH`` piece."""
    want: int = 1
    """Copies first asked for (``AT_LEAST``): 3 for the lands (the third land drop on turn
    3), else 1."""


def _package_label(name: str) -> str:
    return name if "package:" in name.casefold() else f"Package: {name}"


def card_groups(library: Iterable[tuple[Card, int]], *,
                packages: Mapping[CardId, str] | None = None,
                combos: Iterable[tuple[str, Iterable[str]]] = ()) -> tuple[CardGroup, ...]:
    """The groups a draw-odds picker offers: lands (:func:`is_land_card`), each display type
    group of the nonland cards, each package (``packages``: card id -> package name, see
    :func:`analyzer.graph.packages`), each combo (``combos``: (title, card names), names
    matched case-insensitively; pieces outside the library such as a commander are left
    out, and a combo with no piece in the library is skipped).

    A package name that already says "package" (:func:`analyzer.graph.packages` names them
    ``"Package: ..."`` or ``"Ninja package: ..."``) is used as it is; another name gets
    ``"Package: "`` in front."""
    cards = list(library)
    groups = [CardGroup("Lands", tuple(c.id for c, _ in cards if is_land_card(c)), want=3)]
    for group in TypeGroup:
        ids = tuple(c.id for c, _ in cards if not is_land_card(c) and type_group(c) is group)
        if ids:
            groups.append(CardGroup(group.title, ids))
    by_package: dict[str, list[CardId]] = {}
    ids_in_library = {c.id for c, _ in cards}
    for card_id, name in (packages or {}).items():
        if card_id in ids_in_library:
            by_package.setdefault(name, []).append(card_id)
    groups += [CardGroup(_package_label(name), tuple(ids)) for name, ids in by_package.items()]
    by_name = {c.name.casefold(): c.id for c, _ in cards}
    for title, names in combos:
        ids = tuple(dict.fromkeys(by_name[n.casefold()] for n in names
                                  if n.casefold() in by_name))
        if ids:
            groups.append(CardGroup(f"Combo: {title}", ids, OddsMode.EACH))
    return tuple(g for g in groups if g.card_ids)
