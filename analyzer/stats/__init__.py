"""Deck statistics a deckbuilder reads first: mana curve, colour pips and sources, lands,
card types and draw odds.

Counts weigh each card by its number of copies. The curve, the average mana value and the pips
count nonland cards of the main deck and command zone (lands have mana value 0 and no pips,
CR 305 / 202.3). Mana sources are read from the compiled card profiles' mana abilities
(:mod:`analyzer.oracle.mana_abilities`, CR 605, "could produce" CR 106.7), never from text.
Draw odds are exact hypergeometric probabilities over the library (the main deck: a
commander starts in the command zone, CR 903.6).

The parts: :mod:`.curve` (curve, lands, types), :mod:`.colors` (pips against sources),
:mod:`.odds` (draw odds and card groups); this module gathers them in :class:`DeckStats`.

References
----------
- Frank Karsten, "How Many Colored Mana Sources Do You Need to Consistently Cast Your
  Spells?" (ChannelFireball, 2018; updated on TCGplayer, 2022): a *source* of a colour is a
  land that can produce it, a dual land counting for both colours and a fetch land for
  every colour it can find; mana rocks and creatures are counted apart.
- The hypergeometric distribution: ``P(X = i) = C(K, i) C(N - K, n - i) / C(N, n)`` for
  ``i`` successes among ``n`` cards drawn without replacement from ``N`` cards of which
  ``K`` are successes (any probability textbook; Karsten's articles use the same formula).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from analyzer.cards.model import Card, CardId
from analyzer.decks.model import Deck, Section
from analyzer.oracle.profile import CardProfile
from analyzer.stats.colors import (
    ColorBalance,
    ManaSources,
    becomes_chosen_basic_land_type,
    color_balance,
    color_pips,
    mana_sources,
    produced_colors,
)
from analyzer.stats.curve import (
    COLOR_NAMES,
    COLOR_ORDER,
    CURVE_GROUP_NAMES,
    CURVE_MAX,
    CardCount,
    ColorLetter,
    average_mana_value,
    curve_by_color,
    curve_by_type,
    curve_mana_value,
    is_land_card,
    land_count,
    mana_curve,
    type_counts,
    type_group_counts,
)
from analyzer.stats.odds import (
    ODDS_TURNS,
    CardGroup,
    DrawOdds,
    OddsMode,
    TurnOdds,
    card_groups,
    draw_odds,
    p_at_least,
)

__all__ = [
    "COLOR_NAMES",
    "COLOR_ORDER",
    "CURVE_GROUP_NAMES",
    "CURVE_MAX",
    "ODDS_TURNS",
    "CardGroup",
    "ColorBalance",
    "ColorLetter",
    "DeckStats",
    "DrawOdds",
    "ManaSources",
    "OddsMode",
    "TurnOdds",
    "average_mana_value",
    "becomes_chosen_basic_land_type",
    "card_groups",
    "color_balance",
    "color_pips",
    "curve_by_color",
    "curve_by_type",
    "curve_mana_value",
    "deck_stats",
    "draw_odds",
    "is_land_card",
    "land_count",
    "mana_curve",
    "mana_sources",
    "p_at_least",
    "produced_colors",
    "stats_of_deck",
    "type_counts",
    "type_group_counts",
]


@dataclass(frozen=True, slots=True)
class DeckStats:
    """The numbers the deck and stats views show."""

    total: int
    """Copies counted (the main deck and command zone)."""
    curve: dict[int, int]
    """Mana curve, see :func:`mana_curve`."""
    pips: dict[str, int]
    """Colour pips, see :func:`color_pips`."""
    types: dict[str, int]
    """Copies by card type, see :func:`type_counts`."""
    type_groups: dict[str, int] = field(default_factory=dict)
    """Copies by display group (one a card), see :func:`type_group_counts`."""
    lands: int = 0
    """Land copies, see :func:`land_count`."""
    average_mana_value: float | None = None
    """Mean mana value of the nonland copies, see :func:`average_mana_value`."""
    curve_by_type: dict[str, dict[int, int]] = field(default_factory=dict)
    """See :func:`curve_by_type`."""
    curve_by_color: dict[str, dict[int, int]] = field(default_factory=dict)
    """See :func:`curve_by_color`."""
    colors: tuple[ColorBalance, ...] = ()
    """Pips against sources, see :func:`color_balance`."""
    sources: ManaSources = field(default_factory=lambda: ManaSources({}, {}))
    """Mana sources by colour, see :func:`mana_sources`."""
    library: tuple[CardCount, ...] = ()
    """Known cards of the library with their copies (what draw odds pick from)."""
    library_size: int = 0
    """Cards in the library, unknown names included (N of the draw odds)."""
    unknown_copies: int = 0
    """Copies of the main deck and command zone whose name matched no card: left out of
    every count above except :attr:`library_size` (a view should say so)."""

    @property
    def needed_colors(self) -> tuple[ColorBalance, ...]:
        """:attr:`colors` with at least one pip: the colours the deck's costs ask for (a
        land making every colour does not add the other colours)."""
        return tuple(b for b in self.colors if b.pips)


def deck_stats(entries: Iterable[tuple[Card, int]], *,
               profiles: Mapping[CardId, CardProfile] | None = None,
               library: Iterable[tuple[Card, int]] | None = None,
               library_size: int | None = None,
               commander_identity: frozenset[str] | None = None,
               unknown_copies: int = 0) -> DeckStats:
    """Every statistic of (card, copies) pairs in one value.

    Parameters
    ----------
    entries : iterable of (Card, int)
        The main deck and command zone.
    profiles : mapping of card id to CardProfile, optional
        Compiled profiles for :func:`mana_sources`; default: each card compiled here (the
        graph's front-face view, :func:`analyzer.graph.faces.graph_profile`).
    library, library_size : optional
        The cards a game draws from and their number; default ``entries`` and their copies.
    commander_identity : frozenset of str, optional
        See :func:`produced_colors`.
    unknown_copies : int
        Copies with unknown names, kept in :attr:`DeckStats.unknown_copies`.
    """
    cards = list(entries)
    if profiles is None:
        from analyzer.graph.faces import graph_profile
        from analyzer.oracle.compile import compile_card

        profiles = {card.id: graph_profile(card, compile_card(card)) for card, _ in cards}
    sources = mana_sources(cards, profiles, commander_identity=commander_identity)
    drawn = tuple(cards if library is None else library)
    return DeckStats(
        total=sum(n for _, n in cards), curve=mana_curve(cards), pips=color_pips(cards),
        types=type_counts(cards), type_groups=type_group_counts(cards), lands=land_count(cards),
        average_mana_value=average_mana_value(cards), curve_by_type=curve_by_type(cards),
        curve_by_color=curve_by_color(cards), colors=color_balance(cards, sources),
        sources=sources, library=drawn,
        library_size=sum(n for _, n in drawn) if library_size is None else library_size,
        unknown_copies=unknown_copies)


def stats_of_deck(deck: Deck, profiles: Mapping[CardId, CardProfile] | None = None
                  ) -> DeckStats:
    """:func:`deck_stats` of a resolved deck: the main deck and commanders counted, the main
    deck as the library (unknown names included in its size and counted in
    :attr:`DeckStats.unknown_copies`), the commanders' colour identity for Command Tower and
    the like (CR 903.4)."""
    commanders = [card for card, _ in deck.cards(Section.COMMANDER)]
    identity = frozenset(c for card in commanders for c in card.color_identity) \
        if commanders else None
    return deck_stats(deck.main_and_commander(), profiles=profiles,
                      library=deck.cards(Section.MAIN), library_size=deck.total(Section.MAIN),
                      commander_identity=identity,
                      unknown_copies=sum(e.count for e in deck.unresolved
                                         if e.section in (Section.MAIN, Section.COMMANDER)))
