"""Drivers over the rules core and the deck: goldfish Monte Carlo odds
(:mod:`.goldfish`, with the exact hypergeometric cross-check in :mod:`.hypergeometric`).

The public names are loaded on first use (:func:`analyzer.lazy.lazy_exports`).
"""

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
    from analyzer.simulate.goldfish import (
        AltCostOdds,
        ComboOdds,
        GoldfishCard,
        MulliganRule,
        OddsReport,
        goldfish,
    )
    from analyzer.simulate.hypergeometric import binomial_bound, cards_seen, p_all_drawn

__all__ = [
    "AltCostOdds",
    "ComboOdds",
    "GoldfishCard",
    "MulliganRule",
    "OddsReport",
    "binomial_bound",
    "cards_seen",
    "goldfish",
    "p_all_drawn",
]

__getattr__, __dir__ = lazy_exports(__name__, {
    "AltCostOdds": "analyzer.simulate.goldfish",
    "ComboOdds": "analyzer.simulate.goldfish",
    "GoldfishCard": "analyzer.simulate.goldfish",
    "MulliganRule": "analyzer.simulate.goldfish",
    "OddsReport": "analyzer.simulate.goldfish",
    "goldfish": "analyzer.simulate.goldfish",
    "binomial_bound": "analyzer.simulate.hypergeometric",
    "cards_seen": "analyzer.simulate.hypergeometric",
    "p_all_drawn": "analyzer.simulate.hypergeometric",
})
