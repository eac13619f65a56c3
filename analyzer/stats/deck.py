"""The deck's statistics in one value: :class:`DeckStats`, from (card, copies) pairs
(:func:`deck_stats`) or a resolved deck (:func:`stats_of_deck`). The counting rules and the
references are in :mod:`analyzer.stats`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from analyzer.cards.model import Card, CardId
from analyzer.decks.model import Deck, Section
from analyzer.oracle.profile import CardProfile
from analyzer.stats.colors import (
    ColorBalance,
    ManaSources,
    color_balance,
    color_pips,
    mana_sources,
)
from analyzer.stats.curve import (
    CardCount,
    average_mana_value,
    curve_by_color,
    curve_by_type,
    land_count,
    mana_curve,
    type_counts,
    type_group_counts,
)

__all__ = ["DeckStats", "deck_stats", "stats_of_deck"]


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
