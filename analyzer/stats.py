"""Deck statistics a deckbuilder reads first: mana curve, colour pips, card types.

Counts weigh each card by its number of copies. The curve and pips count nonland cards of the
main deck and command zone (lands have mana value 0 and no pips, CR 305 / 202.3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from analyzer.cards.model import Card
from analyzer.oracle.symbols import mana_symbols

__all__ = ["COLOR_NAMES", "CURVE_MAX", "DeckStats", "color_pips", "deck_stats", "mana_curve",
           "type_counts"]

CURVE_MAX = 7
"""The mana curve's last bucket holds mana value 7 and more."""

COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green",
               "C": "Colorless"}
"""Colour letters (MTGJSON ``colors``) and their names."""



def mana_curve(entries: Iterable[tuple[Card, int]]) -> dict[int, int]:
    """Copies of nonland cards by mana value, 0 to :data:`CURVE_MAX` (the last is "7+").

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> bolt = Card(id="b", name="Lightning Bolt", mana_value=1.0,
    ...             faces=(Face("Lightning Bolt", types=("Instant",)),))
    >>> mana_curve([(bolt, 4)])[1]
    4
    """
    curve = dict.fromkeys(range(CURVE_MAX + 1), 0)
    for card, count in entries:
        if card.is_type("Land") and not card.front.mana_cost:
            continue
        mana_value = card.front.mana_value if len(card.faces) > 1 and card.layout not in (
            "split", "aftermath") else card.mana_value
        curve[min(CURVE_MAX, int(mana_value))] += count
    return curve


def color_pips(entries: Iterable[tuple[Card, int]]) -> dict[str, int]:
    """Coloured mana symbols in the mana costs of every face, by colour letter (W U B R G).

    A hybrid symbol such as ``{R/W}`` counts once for each of its colours; ``{B/P}`` counts
    for black.
    """
    pips: Counter[str] = Counter()
    for card, count in entries:
        for face in card.faces:
            for symbol in mana_symbols(face.mana_cost):
                for color in set(symbol.split("/")) & set("WUBRG"):
                    pips[color] += count
    return {c: pips[c] for c in "WUBRG" if pips[c]}


def type_counts(entries: Iterable[tuple[Card, int]]) -> dict[str, int]:
    """Copies by card type of the front face (a card with two types counts under both).

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> old = Card(id="t", name="Thieves' Fortune",
    ...            faces=(Face("Thieves' Fortune", types=("Tribal", "Instant")),))
    >>> type_counts([(old, 2)])
    {'Kindred': 2, 'Instant': 2}
    """
    counts: Counter[str] = Counter()
    for card, count in entries:
        for card_type in card.types or ("Other",):
            # "Tribal" was renamed "Kindred" (2024); card data of both ages is in use.
            counts["Kindred" if card_type == "Tribal" else card_type] += count
    return dict(counts.most_common())


@dataclass(frozen=True, slots=True)
class DeckStats:
    """The numbers a deck view shows first."""

    total: int
    """Copies counted (the main deck and command zone)."""
    curve: dict[int, int]
    """Mana curve, see :func:`mana_curve`."""
    pips: dict[str, int]
    """Colour pips, see :func:`color_pips`."""
    types: dict[str, int]
    """Copies by card type, see :func:`type_counts`."""


def deck_stats(entries: Iterable[tuple[Card, int]]) -> DeckStats:
    """Total, curve, pips and type counts of (card, copies) pairs in one value."""
    cards = list(entries)
    return DeckStats(total=sum(n for _, n in cards), curve=mana_curve(cards),
                     pips=color_pips(cards), types=type_counts(cards))
