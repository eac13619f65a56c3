"""Drivers over the rules core and the deck: goldfish Monte Carlo odds
(:mod:`.goldfish`, with the exact hypergeometric cross-check in :mod:`.hypergeometric`).
"""

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
