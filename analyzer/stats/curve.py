"""The mana curve, lands, average mana value and card types of a deck, and the colour
letters every statistic shares.

Counts weigh each card by its number of copies. The curve and the average mana value count
nonland cards (lands have mana value 0, CR 305 / 202.3); a modal double-faced spell // land
counts as a spell, by its front face (CR 712.8a).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeAlias

from analyzer.cards.model import Card
from analyzer.decks.model import TypeGroup, type_group

__all__ = ["COLOR_NAMES", "COLOR_ORDER", "CURVE_GROUP_NAMES", "CURVE_MAX", "CardCount",
           "ColorLetter", "average_mana_value", "curve_by_color", "curve_by_type",
           "curve_mana_value", "is_land_card", "land_count", "mana_curve", "nonland",
           "type_counts", "type_group_counts"]

CardCount: TypeAlias = tuple[Card, int]
"""A card and its number of copies."""

CURVE_MAX = 7
"""The mana curve's last bucket holds mana value 7 and more."""

ColorLetter: TypeAlias = str
"""A colour letter of MTGJSON ``colors``: ``"W" "U" "B" "R" "G"``."""

COLOR_ORDER: tuple[ColorLetter, ...] = ("W", "U", "B", "R", "G")
"""The five colours in WUBRG order (CR 105.1)."""

COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green",
               "C": "Colorless"}
"""Colour letters (MTGJSON ``colors``) and their names."""

CURVE_GROUP_NAMES = {**{c: COLOR_NAMES[c] for c in COLOR_ORDER}, "M": "Multicolored",
                     "C": "Colorless"}
"""Keys of :func:`curve_by_color` and their names, in display order."""


def is_land_card(card: Card) -> bool:
    """True for a card played as a land: a land face and no mana cost on the front face.

    A modal double-faced spell // land (its front face has a mana cost) counts as a spell,
    a land creature such as Dryad Arbor as a land (CR 305, 712).

    >>> from analyzer.cards.model import Face
    >>> is_land_card(Card(id="f", name="Forest", faces=(Face("Forest", types=("Land",)),)))
    True
    """
    return card.is_type("Land") and not card.front.mana_cost


def curve_mana_value(card: Card) -> float:
    """The mana value the curve uses: the card's (CR 202.3), except a double-faced card's
    front face's (CR 712.8a); split and aftermath cards add their halves (CR 709.4)."""
    if len(card.faces) > 1 and card.layout not in ("split", "aftermath"):
        return card.front.mana_value
    return card.mana_value


def nonland(entries: Iterable[CardCount]) -> list[CardCount]:
    """The entries that are not land cards (:func:`is_land_card`)."""
    return [(card, n) for card, n in entries if not is_land_card(card)]


def _bucket(card: Card) -> int:
    return min(CURVE_MAX, int(curve_mana_value(card)))


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
    for card, count in nonland(entries):
        curve[_bucket(card)] += count
    return curve


def _curve_by(entries: Iterable[CardCount], key: str,
              order: Sequence[str]) -> dict[str, dict[int, int]]:
    curves: dict[str, dict[int, int]] = {}
    for card, count in nonland(entries):
        group = _type_key(card) if key == "type" else _color_key(card)
        curve = curves.setdefault(group, dict.fromkeys(range(CURVE_MAX + 1), 0))
        curve[_bucket(card)] += count
    return {g: curves[g] for g in order if g in curves}


def _type_key(card: Card) -> str:
    return type_group(card).value


def _color_key(card: Card) -> str:
    colors = [c for c in card.colors if c in COLOR_ORDER]
    return "M" if len(colors) > 1 else colors[0] if colors else "C"


def curve_by_type(entries: Iterable[tuple[Card, int]]) -> dict[str, dict[int, int]]:
    """The mana curve split by display type group (:func:`~analyzer.decks.model.type_group`:
    one group a card, an artifact creature under Creature): ``{group: {mana value:
    copies}}``, groups in :class:`~analyzer.decks.model.TypeGroup` order, empty groups left
    out. The groups of one mana value add up to :func:`mana_curve`'s bar.

    >>> from analyzer.cards.model import Face
    >>> bolt = Card(id="b", name="Lightning Bolt", mana_value=1.0,
    ...             faces=(Face("Lightning Bolt", types=("Instant",)),))
    >>> curve_by_type([(bolt, 4)])["Instant"][1]
    4
    """
    return _curve_by(entries, "type", [g.value for g in TypeGroup])


def curve_by_color(entries: Iterable[tuple[Card, int]]) -> dict[str, dict[int, int]]:
    """The mana curve split by the front face's colours (MTGJSON ``colors``): a colour letter
    for a one-coloured card, ``"M"`` for two colours or more, ``"C"`` for colourless;
    keys in :data:`CURVE_GROUP_NAMES` order."""
    return _curve_by(entries, "color", list(CURVE_GROUP_NAMES))


def land_count(entries: Iterable[tuple[Card, int]]) -> int:
    """Copies of land cards (:func:`is_land_card`)."""
    return sum(n for card, n in entries if is_land_card(card))


def average_mana_value(entries: Iterable[tuple[Card, int]]) -> float | None:
    """The mean :func:`curve_mana_value` of the nonland copies (not capped at 7), or None
    when there are none.

    >>> from analyzer.cards.model import Face
    >>> def spell(name, mv):
    ...     return Card(id=name, name=name, mana_value=mv, faces=(Face(name, types=("Sorcery",)),))
    >>> average_mana_value([(spell("a", 1.0), 3), (spell("b", 9.0), 1)])
    3.0
    """
    cards = nonland(entries)
    copies = sum(n for _, n in cards)
    if not copies:
        return None
    return sum(curve_mana_value(card) * n for card, n in cards) / copies


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


def type_group_counts(entries: Iterable[tuple[Card, int]]) -> dict[str, int]:
    """Copies by display group (:func:`~analyzer.decks.model.type_group`: one group a card,
    lands included), in :class:`~analyzer.decks.model.TypeGroup` order; the counts add up to
    the copies given.

    >>> from analyzer.cards.model import Face
    >>> arbor = Card(id="d", name="Dryad Arbor",
    ...              faces=(Face("Dryad Arbor", types=("Land", "Creature")),))
    >>> type_group_counts([(arbor, 1)])
    {'Creature': 1}
    """
    counts: Counter[str] = Counter()
    for card, count in entries:
        counts[type_group(card).value] += count
    return {g.value: counts[g.value] for g in TypeGroup if counts[g.value]}
