""""Did you mean" for card names no card has: the closest real names by rapidfuzz.

Scoring: :func:`rapidfuzz.fuzz.WRatio` over normalised names
(:func:`~analyzer.cards.names.normalize_name`), which forgives typos ("Lightening Bolt"),
missing words ("Snapcaster") and word order; among equal scores, the name closest as a whole
(:func:`rapidfuzz.fuzz.QRatio`) comes first, so "Snapcaster" suggests "Snapcaster Mage"
before "Snap".
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz, process

from analyzer.cards.names import normalize_name

__all__ = ["SCORE_CUTOFF", "NameSuggester"]

SCORE_CUTOFF = 75.0
"""The lowest WRatio score (0-100) a suggestion may have."""
_SHORTLIST = 10


class NameSuggester:
    """The closest card names to a name, with the choices prepared once.

    Parameters
    ----------
    names : sequence of str
        Every card name (:meth:`analyzer.cards.lookup.CardLookup.all_names`).
    limit : int
        How many names :meth:`suggest` returns at most.
    score_cutoff : float
        The lowest WRatio score a suggestion may have.

    Examples
    --------
    >>> suggester = NameSuggester(["Lightning Bolt", "Lightning Helix", "Brainstorm"])
    >>> suggester.suggest("Lightening Bolt")
    ('Lightning Bolt',)
    >>> suggester.suggest("Xyzzy")
    ()
    """

    def __init__(self, names: Sequence[str], *, limit: int = 3,
                 score_cutoff: float = SCORE_CUTOFF) -> None:
        by_key: dict[str, str] = {}
        for name in names:
            by_key.setdefault(normalize_name(name), name)
        self._keys = list(by_key)
        self._names = list(by_key.values())
        self.limit = limit
        self.score_cutoff = score_cutoff

    def suggest(self, name: str) -> tuple[str, ...]:
        """The closest card names to ``name``, best first (at most ``limit``)."""
        query = normalize_name(name)
        if not query or not self._keys:
            return ()
        shortlist = process.extract(query, self._keys, scorer=fuzz.WRatio, processor=None,
                                    limit=_SHORTLIST, score_cutoff=self.score_cutoff)
        ranked = sorted(shortlist, key=lambda hit: (-hit[1], -fuzz.QRatio(query, hit[0]),
                                                    hit[2]))
        return tuple(self._names[index] for _, _, index in ranked[:self.limit])
