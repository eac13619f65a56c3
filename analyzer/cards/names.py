"""Card-name normalisation shared by the database's name index and deck-name resolution.

Deck lists spell card names in many ways: any case, with or without accents ("Lim-Dul's
Vault"), with ligatures ("Aether Vial" for "Æther Vial"), typographic apostrophes, and split
cards as ``"Fire // Ice"``, ``"Fire/Ice"`` or ``"Fire / Ice"`` (MTGO writes one slash).
:func:`normalize_name` folds all of these to one lookup key.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["normalize_name", "split_name_variants"]

_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o",
                            "Ø": "o", "ł": "l", "Ł": "l", "ð": "d", "þ": "th"})
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u02bc": "'", "`": "'", "\u00b4": "'",
                         "\u201c": '"', "\u201d": '"', "\u2010": "-", "\u2011": "-",
                         "\u2012": "-", "\u2013": "-", "\u2014": "-"})
_SPACES = re.compile(r"\s+")
_SLASHES = re.compile(r"\s*/{1,2}\s*")


def normalize_name(name: str) -> str:
    """Fold a card name to its lookup key.

    Case, accents, ligatures (Æ, Œ), typographic quotes and dashes, runs of white space and
    the spelling of the split-card separator (``/``, ``//``, with or without spaces) are all
    folded away.

    Parameters
    ----------
    name : str
        A card, face or flavor name as a deck list or data file spells it.

    Returns
    -------
    str
        The key; equal keys mean "the same name" for resolution purposes.

    Examples
    --------
    >>> normalize_name("Æther Vial") == normalize_name("aether vial")
    True
    >>> normalize_name("Lim-Dûl's Vault")
    "lim-dul's vault"
    >>> normalize_name("Fire/Ice") == normalize_name("Fire // Ice")
    True
    """
    if name.isascii():
        # Fast path (most names): no ligature, accent or typographic character to fold.
        text = name.replace("`", "'").lower()
    else:
        text = name.translate(_LIGATURES).translate(_QUOTES)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
        text = text.casefold()
    if "/" in text:
        text = _SLASHES.sub(" // ", text)
    if "  " not in text and text.isprintable():
        return text.strip()  # no run of spaces, no tab or line break: nothing to fold
    return _SPACES.sub(" ", text).strip()


def split_name_variants(name: str) -> list[str]:
    """The faces a multi-face name spells, in order (``"Fire/Ice"`` -> ``["Fire", "Ice"]``).

    Returns a one-element list for a name with no separator.

    Examples
    --------
    >>> split_name_variants("Fire / Ice")
    ['Fire', 'Ice']
    >>> split_name_variants("Grizzly Bears")
    ['Grizzly Bears']
    """
    parts = [p.strip() for p in _SLASHES.split(name) if p.strip()]
    return parts or [name.strip()]
