"""The card data model, re-exported where the card database's callers look for it.

The records live in :mod:`analyzer.card_model`, below the Oracle compiler that reads them
(the layers are stated in pyproject.toml's import-linter contracts).
"""

from analyzer.card_model import (
    MELD_LAYOUT,
    MELD_RESULT_SIDE,
    PLACEHOLDER_PREFIX,
    Card,
    CardId,
    Face,
    is_placeholder_name,
)

__all__ = ["MELD_LAYOUT", "MELD_RESULT_SIDE", "PLACEHOLDER_PREFIX", "Card", "CardId", "Face",
           "is_placeholder_name"]
