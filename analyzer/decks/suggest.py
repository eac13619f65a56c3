""""Did you mean" for card names no card has: the closest real names by rapidfuzz.

Scoring: :func:`rapidfuzz.fuzz.WRatio` over normalised names
(:func:`~analyzer.cards.names.normalize_name`), which forgives typos ("Lightening Bolt"),
missing words ("Snapcaster") and word order; among equal scores, the name closest as a whole
(:func:`rapidfuzz.fuzz.QRatio`) comes first, so "Snapcaster" suggests "Snapcaster Mage"
before "Snap".

WRatio alone scores a name sharing only short words ("of the", "ring") with the query at
85.5, so a shortlisted name is kept only if it resembles the query as a whole as well
(QRatio at least :data:`WHOLE_CUTOFF`), or shares its first word, or holds all its words:
"Ninja of the Deep Hourz" suggests "Ninja of the Deep Hours" and not "Act of Heroism".

A legendary card is often called by the part of its name before the comma ("Yuriko" for
"Yuriko, the Tiger's Shadow"): such a short name is matched on its own too, as a whole
(QRatio at least :data:`SHORT_CUTOFF`), so "Yurico" suggests the full name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rapidfuzz import fuzz, process

from analyzer.cards.names import normalize_name

__all__ = ["SCORE_CUTOFF", "SHORT_CUTOFF", "WHOLE_CUTOFF", "NameSuggester"]

SCORE_CUTOFF = 75.0
"""The lowest WRatio score (0-100) a suggestion may have."""
WHOLE_CUTOFF = 65.0
"""The lowest QRatio score (0-100, whole names compared) of a suggestion that shares neither
the query's first word nor all its words."""
SHORT_CUTOFF = 80.0
"""The lowest QRatio score (0-100) of a query against the part of a name before its comma."""
_SHORTLIST = 10
_WORD = re.compile(r"[a-z0-9']+")


def _related(query: str, key: str) -> bool:
    """Whether ``key`` (a normalised name WRatio shortlisted) resembles ``query`` enough."""
    if fuzz.QRatio(query, key) >= WHOLE_CUTOFF:
        return True
    query_words, key_words = _WORD.findall(query), _WORD.findall(key)
    if not query_words or not key_words:
        return False
    return query_words[0] == key_words[0] or set(query_words) <= set(key_words)


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
    >>> NameSuggester(["Ninja of the Deep Hours", "Act of Heroism"]).suggest("Ninja of the Deep Hourz")
    ('Ninja of the Deep Hours',)
    >>> NameSuggester(["Yuriko, the Tiger's Shadow", "Yuki-Onna"]).suggest("Yurico")
    ("Yuriko, the Tiger's Shadow",)
    """

    def __init__(self, names: Sequence[str], *, limit: int = 3,
                 score_cutoff: float = SCORE_CUTOFF) -> None:
        by_key: dict[str, str] = {}
        for name in names:
            by_key.setdefault(normalize_name(name), name)
        self._keys = list(by_key)
        self._names = list(by_key.values())
        self._short_keys: list[str] = []
        self._short_index: list[int] = []
        for index, key in enumerate(self._keys):
            short = key.split(",", 1)[0].strip() if "," in key else ""
            if short:
                self._short_keys.append(short)
                self._short_index.append(index)
        self.limit = limit
        self.score_cutoff = score_cutoff

    def suggest(self, name: str) -> tuple[str, ...]:
        """The closest card names to ``name``, best first (at most ``limit``)."""
        query = normalize_name(name)
        if not query or not self._keys:
            return ()
        shortlist = process.extract(query, self._keys, scorer=fuzz.WRatio, processor=None,
                                    limit=_SHORTLIST, score_cutoff=self.score_cutoff)
        best: dict[int, tuple[float, float]] = {
            index: (score, fuzz.QRatio(query, key))
            for key, score, index in shortlist if _related(query, key)}
        for _, score, at in process.extract(query, self._short_keys, scorer=fuzz.QRatio,
                                            processor=None, limit=_SHORTLIST,
                                            score_cutoff=SHORT_CUTOFF):
            index = self._short_index[at]
            best[index] = max(best.get(index, (0.0, 0.0)), (score, score))
        ranked = sorted(best, key=lambda index: (-best[index][0], -best[index][1], index))
        return tuple(self._names[index] for index in ranked[:self.limit])
