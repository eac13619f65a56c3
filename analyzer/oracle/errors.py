"""Errors of the Oracle compiler (STYLE.md habit 9).

Both derive from :class:`analyzer.errors.InputError`: they are raised for text that came from
outside (a card file, a user typing a mana cost), and their messages quote that text.
"""

from __future__ import annotations

from analyzer.errors import InputError

__all__ = ["ManaCostError", "OracleError"]


class OracleError(InputError):
    """Oracle-level text (a mana cost, a keyword) cannot be read as it stands."""


class ManaCostError(OracleError):
    """A mana cost or mana symbol is malformed, e.g. ``"{2}{U"`` or ``"{K}"``."""
