"""How much of a card pool the compiler understands: the coverage report.

:func:`coverage_job` compiles every card, with progress and cancel (STYLE.md habit 17), and
returns a :class:`CoverageReport`: cards fully understood, keyword instances recognised
(MTGJSON's ``keywords`` list of each card against what the profile holds), the figures by
card type, and the most common unsupported phrasings, grouped once numbers, mana symbols and
the card's own name are normalised (:func:`phrasing`).

Examples
--------
>>> phrasing("Flamekin deals 3 damage to you. Pay {2}{R}.", ("Flamekin",))
'CARDNAME deals N damage to you. Pay {M}.'
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from analyzer.card_model import Card
from analyzer.oracle.compile import compile_card
from analyzer.oracle.text import SELF, self_names
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["CoverageReport", "DeckCards", "coverage_job", "phrasing"]

_MANA = re.compile(r"(?:\{[^{}]+\})+")
_NUMBER = re.compile(r"(?<![\w/])[+-]?\d+(?![\w])")
_WORD_NUMBER = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten)\b")
_THIS = re.compile(r"\b[Tt]his (?:creature|land|artifact|enchantment|permanent|Aura|"
                   r"Equipment|Vehicle|spell|card|token|planeswalker|Saga)\b")


def phrasing(text: str, names: Iterable[str] = ()) -> str:
    """Group key of an unsupported span: numbers -> ``N``, mana -> ``{M}``, own name and
    "this creature" -> ``CARDNAME``."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, SELF)
    text = _THIS.sub(SELF, text)
    text = _MANA.sub("{M}", text)
    text = _WORD_NUMBER.sub("N", text)
    return _NUMBER.sub("N", text)


@dataclass
class _Tally:
    cards: int = 0
    full: int = 0

    def json(self) -> dict[str, Any]:
        return {"cards": self.cards, "fully_understood": self.full,
                "percent": round(100 * self.full / self.cards, 2) if self.cards else 0.0}


@dataclass(frozen=True)
class CoverageReport:
    """Coverage of one card pool (see :func:`coverage_job`)."""

    cards: int
    """Cards compiled."""
    fully_understood: int
    """Cards with no unsupported span."""
    keyword_instances: int
    """Entries of the cards' MTGJSON ``keywords`` lists (abilities, actions, ability words)."""
    keyword_instances_recognised: int
    """Those the profile holds: a keyword ability with its parameter, an ability word, or a
    keyword action read as an effect or cost."""
    seconds: float
    """Compile time of the whole pool."""
    by_type: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Card type -> ``{"cards", "fully_understood", "percent"}``."""
    by_set: dict[str, dict[str, Any]] = field(default_factory=dict)
    """By set where the card data has sets; the AtomicCards records hold none, so this
    groups by the cards' data source instead (``"by_set_note"`` in the JSON says so)."""
    top_unsupported: tuple[tuple[str, int], ...] = ()
    """The 30 most common unsupported phrasings with their counts."""
    unrecognised_keywords: tuple[tuple[str, int], ...] = ()
    """The most common keywords not recognised."""
    faces: int = 0
    """Faces compiled (a double-faced, split or adventure card has two)."""
    faces_unread: int = 0
    """Faces with at least one unread span."""
    data_problems: int = 0
    """Cards whose card data, not the compiler, is at fault (a face with no rules text
    whose keywords or type line say it has abilities)."""
    decks: dict[str, Any] = field(default_factory=dict)
    """The same figures for the distinct cards of a folder of deck lists: ``{"folder",
    "files", "cards", "not_in_database", "fully_understood", "fully_understood_percent",
    "unread"}`` (empty when no folder was given; ``not_in_database``: distinct names no card
    of the database has, left out of the figures)."""

    @property
    def percent(self) -> float:
        """Fully understood cards, in percent."""
        return 100 * self.fully_understood / self.cards if self.cards else 0.0

    @property
    def keyword_percent(self) -> float:
        """Keyword instances recognised, in percent."""
        return 100 * self.keyword_instances_recognised / self.keyword_instances \
            if self.keyword_instances else 100.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (the ``spellweb coverage --json`` output)."""
        return {
            "cards": self.cards, "fully_understood": self.fully_understood,
            "fully_understood_percent": round(self.percent, 2),
            "keyword_instances": self.keyword_instances,
            "keyword_instances_recognised": self.keyword_instances_recognised,
            "keyword_instances_percent": round(self.keyword_percent, 2),
            "seconds": round(self.seconds, 3),
            "ms_per_card": round(1000 * self.seconds / self.cards, 4) if self.cards else 0.0,
            "by_type": self.by_type, "by_set": self.by_set,
            "by_set_note": "the card data holds no set information: grouped by data source",
            "top_unsupported": [{"phrasing": p, "count": n} for p, n in self.top_unsupported],
            "unrecognised_keywords": [{"keyword": k, "count": n}
                                      for k, n in self.unrecognised_keywords],
            "faces": self.faces, "faces_unread": self.faces_unread,
            "faces_unread_percent": round(100 * self.faces_unread / self.faces, 2)
            if self.faces else 0.0,
            "data_problems": self.data_problems,
            "decks": self.decks or {"folder": None, "files": 0, "cards": 0,
                                    "not_in_database": 0, "fully_understood": 0, "fully_understood_percent": 0.0,
                                    "unread": []},
        }

    def format_text(self) -> str:
        """The report as text lines for the terminal."""
        lines = [
            f"cards:              {self.cards:,}",
            f"fully understood:   {self.fully_understood:,} ({self.percent:.1f}%)",
            f"faces with unread text: {self.faces_unread:,} of {self.faces:,} "
            f"({100 * self.faces_unread / max(1, self.faces):.1f}%)",
            f"keyword instances:  {self.keyword_instances_recognised:,} of "
            f"{self.keyword_instances:,} recognised ({self.keyword_percent:.1f}%)",
            f"compile time:       {self.seconds:.2f} s "
            f"({1000 * self.seconds / max(1, self.cards):.3f} ms per card)",
            "by card type:"]
        lines += [f"  {t:<14} {v['fully_understood']:>6,} / {v['cards']:>6,} "
                  f"({v['percent']:.1f}%)" for t, v in self.by_type.items()]
        lines.append("by set (data source; the card data has no sets):")
        lines += [f"  {t:<14} {v['fully_understood']:>6,} / {v['cards']:>6,} "
                  f"({v['percent']:.1f}%)" for t, v in self.by_set.items()]
        if self.decks.get("cards"):
            lines.append(f"deck lists:         {self.decks['fully_understood']:,} of "
                         f"{self.decks['cards']:,} distinct cards fully understood "
                         f"({self.decks['fully_understood_percent']:.1f}%) in "
                         f"{self.decks['files']} files of {self.decks['folder']}")
            if self.decks.get("not_in_database"):
                lines.append(f"                    {self.decks['not_in_database']:,} more "
                             "names of those decks are not in the card database (not "
                             "measured; import the full card file with import-cards)")
        lines.append(f"top {len(self.top_unsupported)} unsupported phrasings:")
        lines += [f"  {n:>5}  {p}" for p, n in self.top_unsupported]
        return "\n".join(lines)


@dataclass(frozen=True)
class DeckCards:
    """The distinct cards of a folder of deck lists, for the coverage figures of real
    decks (:attr:`CoverageReport.decks`)."""

    folder: str
    """The folder read."""
    files: int
    """Deck files read."""
    card_ids: frozenset[str]
    """The ids of the distinct cards they name, resolved in the database."""
    not_in_database: int = 0
    """Distinct names they hold that no card of the database has (not measured)."""


def coverage_job(cards: Iterable[Card], total: int = 0, *, cancel: CancelToken | None = None,
                 top: int = 30, decks: DeckCards | None = None) -> Job[CoverageReport]:
    """Compile every card and measure what the compiler understands.

    Parameters
    ----------
    cards : iterable of Card
        The pool.
    total : int
        Its size, for progress (0 if unknown).
    cancel : CancelToken, optional
        Checked every 500 cards.
    top : int
        How many unsupported phrasings to keep.
    decks : DeckCards, optional
        The cards of real deck lists, measured apart too.

    Yields
    ------
    Progress
        Every 500 cards.

    Returns
    -------
    CoverageReport
    """
    by_type: dict[str, _Tally] = {}
    by_source: dict[str, _Tally] = {}
    phrasings: Counter[str] = Counter()
    missing: Counter[str] = Counter()
    count = full = kw_total = kw_found = faces = faces_unread = problems = 0
    deck_full = 0
    deck_unread: list[str] = []
    seconds = 0.0
    for card in cards:
        start = time.perf_counter()
        profile = compile_card(card)
        seconds += time.perf_counter() - start
        count += 1
        ok = profile.fully_understood
        full += ok
        unread_faces = {u.face for u in profile.unsupported}
        for face in card.faces or (card.front,):
            faces += 1
            faces_unread += face.name in unread_faces or card.name in unread_faces
        problems += any(u.reason.startswith("data:") for u in profile.unsupported)
        if decks is not None and card.id in decks.card_ids:
            deck_full += ok
            if not ok:
                deck_unread.append(card.name)
        for kind in sorted(profile.types) or ["(none)"]:
            tally = by_type.setdefault(kind, _Tally())
            tally.cards, tally.full = tally.cards + 1, tally.full + ok
        source = by_source.setdefault(card.data_source or "(unknown)", _Tally())
        source.cards, source.full = source.cards + 1, source.full + ok
        if card.keywords:
            known = profile.recognised_keywords()
            for keyword in card.keywords:
                kw_total += 1
                if keyword.lower() in known:
                    kw_found += 1
                else:
                    missing[keyword] += 1
        if not ok:
            names = self_names(card.name, card.face_names)
            phrasings.update(phrasing(u.text, names) for u in profile.unsupported)
        if count % 500 == 0:
            if cancel is not None:
                cancel.check()
            yield Progress(count, total, f"Compiled {count:,} cards")
    yield Progress(count, total or count, f"Compiled {count:,} cards")
    deck_figures: dict[str, Any] = {}
    if decks is not None:
        n = len(decks.card_ids)
        deck_figures = {"folder": decks.folder, "files": decks.files, "cards": n,
                        "not_in_database": decks.not_in_database,
                        "fully_understood": deck_full,
                        "fully_understood_percent": round(100 * deck_full / n, 2) if n
                        else 0.0, "unread": sorted(deck_unread)}
    return CoverageReport(
        count, full, kw_total, kw_found, seconds,
        {k: v.json() for k, v in sorted(by_type.items(), key=lambda kv: -kv[1].cards)},
        {k: v.json() for k, v in sorted(by_source.items(), key=lambda kv: -kv[1].cards)},
        tuple(phrasings.most_common(top)), tuple(missing.most_common(top)),
        faces, faces_unread, problems, deck_figures)
