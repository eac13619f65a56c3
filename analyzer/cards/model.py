"""The card data model, re-exported where the card database's callers look for it.

The records live in :mod:`analyzer.card_model`, below the Oracle compiler that reads them
(the layers are stated in pyproject.toml's import-linter contracts).
"""

from analyzer.card_model import Card, CardId, Face

__all__ = ["Card", "CardId", "Face"]
