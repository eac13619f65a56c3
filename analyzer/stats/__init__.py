"""Deck statistics a deckbuilder reads first: mana curve, colour pips and sources, lands,
card types and draw odds.

Counts weigh each card by its number of copies. The curve, the average mana value and the pips
count nonland cards of the main deck and command zone (lands have mana value 0 and no pips,
CR 305 / 202.3). Mana sources are read from the compiled card profiles' mana abilities
(:mod:`analyzer.oracle.mana_abilities`, CR 605, "could produce" CR 106.7), never from text.
Draw odds are exact hypergeometric probabilities over the library (the main deck: a
commander starts in the command zone, CR 903.6).

The parts: :mod:`.curve` (curve, lands, types), :mod:`.colors` (pips against sources),
:mod:`.odds` (draw odds and card groups); :mod:`.deck` gathers them in
:class:`DeckStats`. The public names are loaded on first use
(:func:`analyzer.lazy.lazy_exports`): the window reads :data:`COLOR_NAMES` without the
Oracle compiler.

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

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
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
    from analyzer.stats.deck import (
        DeckStats,
        deck_stats,
        stats_of_deck,
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

__getattr__, __dir__ = lazy_exports(__name__, {
    "COLOR_NAMES": "analyzer.stats.curve",
    "COLOR_ORDER": "analyzer.stats.curve",
    "CURVE_GROUP_NAMES": "analyzer.stats.curve",
    "CURVE_MAX": "analyzer.stats.curve",
    "ODDS_TURNS": "analyzer.stats.odds",
    "CardGroup": "analyzer.stats.odds",
    "ColorBalance": "analyzer.stats.colors",
    "ColorLetter": "analyzer.stats.curve",
    "DeckStats": "analyzer.stats.deck",
    "DrawOdds": "analyzer.stats.odds",
    "ManaSources": "analyzer.stats.colors",
    "OddsMode": "analyzer.stats.odds",
    "TurnOdds": "analyzer.stats.odds",
    "average_mana_value": "analyzer.stats.curve",
    "becomes_chosen_basic_land_type": "analyzer.stats.colors",
    "card_groups": "analyzer.stats.odds",
    "color_balance": "analyzer.stats.colors",
    "color_pips": "analyzer.stats.colors",
    "curve_by_color": "analyzer.stats.curve",
    "curve_by_type": "analyzer.stats.curve",
    "curve_mana_value": "analyzer.stats.curve",
    "deck_stats": "analyzer.stats.deck",
    "draw_odds": "analyzer.stats.odds",
    "is_land_card": "analyzer.stats.curve",
    "land_count": "analyzer.stats.curve",
    "mana_curve": "analyzer.stats.curve",
    "mana_sources": "analyzer.stats.colors",
    "p_at_least": "analyzer.stats.odds",
    "produced_colors": "analyzer.stats.colors",
    "stats_of_deck": "analyzer.stats.deck",
    "type_counts": "analyzer.stats.curve",
    "type_group_counts": "analyzer.stats.curve",
})
