"""The feature index behind suggestions: for every database card, its roles in each pairwise
family (what it offers as a source, what it needs as a target) and a slimmed profile
(:class:`FeatureIndex`), built once for the whole database (:func:`build_index_job`) and
valid for the key :func:`index_key` gives.

How suggestions use it, and how it is cached and invalidated, is told in
:mod:`analyzer.graph.suggest` (which re-exports these names); the file and the in-memory
cache are :mod:`analyzer.graph.index_file`.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from analyzer.cards.model import Card, CardId
from analyzer.graph import families as _families  # noqa: F401  (registers the families)
from analyzer.graph.edges import PAIR_FAMILIES, slim_profile
from analyzer.graph.faces import graph_profile
from analyzer.graph.legality import FORMATS, format_bit, legal_mask
from analyzer.oracle.compile import COMPILER_VERSION, compile_card
from analyzer.oracle.mana import Color
from analyzer.oracle.profile import CardProfile
from analyzer.progress import CancelToken, Job, Progress, run_job

__all__ = ["INDEX_VERSION", "FeatureIndex", "ProfileSource", "build_index", "build_index_job",
           "index_key"]


INDEX_VERSION = 7
"""The index's format; bumped whenever roles or the stored shape change."""

_NOT_IN_DECKS = frozenset({"Vanguard", "Plane", "Phenomenon", "Scheme", "Conspiracy",
                           "Dungeon"})
"""Card types that never go in a deck (CR 100.4, 313.1, 314.1): never suggested."""


_FIELDS = tuple(f.name for f in fields(CardProfile))


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """The cyclic garbage collector paused: loading 100,000 small objects that hold no
    cycles would otherwise trigger many full collections (half the load time)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@dataclass(slots=True)
class FeatureIndex:
    """Every database card's roles in the pairwise families, for :func:`suggest_cards`.

    The cards' slimmed profiles are kept as rows of field values and built on first use
    (:meth:`profile`): a query reads a few thousand of them, and building all 24,000 would
    take longer than the query.
    """

    key: tuple[Any, ...] = ()
    """What it was built from (:func:`index_key`); ``()`` when built from a list of cards."""
    rows: dict[CardId, tuple[Any, ...]] = field(default_factory=dict)
    """Slimmed profiles (:func:`~analyzer.graph.edges.slim_profile`) of the cards with at
    least one role, as tuples of :class:`CardProfile` field values in field order."""
    identity: dict[CardId, int] = field(default_factory=dict)
    """Each card's colour identity (MTGJSON ``colorIdentity``, CR 903.4), as the integer
    value of its :class:`~analyzer.oracle.mana.Color`."""
    legal: dict[CardId, int] = field(default_factory=dict)
    """Each card's formats (MTGJSON ``legalities``) as a
    :func:`~analyzer.graph.legality.legal_mask`."""
    sources: dict[str, list[tuple[CardId, Any]]] = field(default_factory=dict)
    """Family kind -> (card id, source role) of every card that can be its source."""
    targets: dict[str, list[tuple[CardId, Any]]] = field(default_factory=dict)
    """Family kind -> (card id, target role) of every card that can be its target."""
    built: dict[CardId, CardProfile] = field(default_factory=dict)
    """Profiles built so far from :attr:`rows`."""
    source_keys: dict[str, list[frozenset[str] | None]] = field(default_factory=dict)
    """Family kind -> the keys each entry of :attr:`sources` is filed under (same order;
    ``None``: every key), for families with :attr:`PairFamily.source_keys`."""
    target_keys: dict[str, list[frozenset[str] | None]] = field(default_factory=dict)
    """The same for :attr:`targets`."""
    buckets: dict[tuple[str, bool], tuple[dict[str, list[int]], list[int]]] = field(
        default_factory=dict)
    """(kind, is source) -> (key -> entry positions, positions filed under every key);
    filled on first use."""

    def entries(self, kind: str, is_source: bool, wants: frozenset[str] | None
                ) -> list[tuple[CardId, Any]]:
        """The candidates of a kind (its sources or its targets) filed under any of
        ``wants``; all of them when ``wants`` is ``None`` or the kind files no keys."""
        table = self.sources if is_source else self.targets
        entries = table.get(kind, [])
        keys = (self.source_keys if is_source else self.target_keys).get(kind)
        if wants is None or keys is None:
            return entries
        bucket = self.buckets.get((kind, is_source))
        if bucket is None:
            by_key: dict[str, list[int]] = {}
            wild: list[int] = []
            for position, filed in enumerate(keys):
                if filed is None:
                    wild.append(position)
                else:
                    for key in filed:
                        by_key.setdefault(key, []).append(position)
            bucket = self.buckets[(kind, is_source)] = (by_key, wild)
        positions = set(bucket[1])
        for key in wants:
            positions.update(bucket[0].get(key, ()))
        return [entries[i] for i in sorted(positions)]

    def add(self, card: Card, profile: CardProfile) -> None:
        """Add one card's roles (a card with no role, or of a type that never goes in a
        deck, is not stored)."""
        if profile.types & _NOT_IN_DECKS or not profile.types:
            return
        found = False
        for kind, family in PAIR_FAMILIES.items():
            if (role := family.source_role(profile)) is not None:
                self.sources.setdefault(kind, []).append((card.id, role))
                if family.source_keys is not None:
                    self.source_keys.setdefault(kind, []).append(
                        family.source_keys(profile, role))
                found = True
            if (role := family.target_role(profile)) is not None:
                self.targets.setdefault(kind, []).append((card.id, role))
                if family.target_keys is not None:
                    self.target_keys.setdefault(kind, []).append(
                        family.target_keys(profile, role))
                found = True
        if found:
            slim = slim_profile(profile)
            self.rows[card.id] = tuple(getattr(slim, name) for name in _FIELDS)
            self.identity[card.id] = Color.from_letters(card.color_identity).value
            if card.legalities:
                self.legal[card.id] = legal_mask(card.legalities)

    def pool(self) -> dict[str, int]:
        """How many indexed cards each format allows (the most restrictive is the
        smallest, :func:`~analyzer.graph.legality.deck_format`)."""
        counts = dict.fromkeys(FORMATS, 0)
        for mask in self.legal.values():
            for name in FORMATS:
                if mask & format_bit(name):
                    counts[name] += 1
        return counts

    def profile(self, card: CardId) -> CardProfile:
        """The slimmed profile of an indexed card.

        Raises
        ------
        KeyError
            The card has no role (it is not in the index).
        """
        found = self.built.get(card)
        if found is None:
            found = self.built[card] = CardProfile(*self.rows[card])
        return found

    def __len__(self) -> int:
        return len(self.rows)


ProfileSource = Callable[[Sequence[Card]], Mapping[CardId, CardProfile]]
"""Returns the compiled profiles of a batch of cards, by card id (e.g. the card database's
stored profiles, :func:`analyzer.cards.profiles.profiles_for`); a card left out is compiled
here."""

_BATCH = 1000
"""Cards read, indexed and reported on at a time."""


def build_index_job(cards: Iterable[Card], total: int = 0, *,
                    cancel: CancelToken | None = None,
                    key: tuple[Any, ...] = (),
                    profiles: ProfileSource | None = None) -> Job[FeatureIndex]:
    """Index every card's roles from its compiled profile, as a long job.

    Parameters
    ----------
    cards : iterable of Card
        The database's cards.
    total : int
        How many, for progress.
    cancel : CancelToken, optional
        Checked every 1,000 cards.
    key : tuple
        :func:`index_key` of the database the cards come from.
    profiles : ProfileSource, optional
        Where profiles come from, 1,000 cards at a time (the database's stored profiles);
        without it, or for a card it leaves out, the Oracle text is compiled here
        (:func:`~analyzer.oracle.compile.compile_card`).

    Yields
    ------
    Progress
        Every 1,000 cards.

    Returns
    -------
    FeatureIndex

    Raises
    ------
    analyzer.errors.Cancelled
        ``cancel`` was cancelled.
    """
    index = FeatureIndex(key=key)
    done = 0
    iterator = iter(cards)
    while batch := list(itertools.islice(iterator, _BATCH)):
        if cancel is not None:
            cancel.check()
        found = profiles(batch) if profiles is not None else {}
        for card in batch:
            profile = found.get(card.id)
            index.add(card, graph_profile(  # the graph's front-face view (CR 712.8a)
                card, profile if profile is not None else compile_card(card)))
        done += len(batch)
        yield Progress(done, total, f"Indexing synergies: {done:,} cards")
    return index


def build_index(cards: Iterable[Card], *, key: tuple[Any, ...] = (),
                profiles: ProfileSource | None = None) -> FeatureIndex:
    """:func:`build_index_job` run to its end."""
    return run_job(build_index_job(cards, key=key, profiles=profiles))


def index_key(url: str, cards: int, source: str, imported_at: str, data_date: str
              ) -> tuple[Any, ...]:
    """The key an index is valid for: format and compiler versions, and the database's
    identity and last import (see the module docstring)."""
    return (INDEX_VERSION, COMPILER_VERSION, url, cards, source, imported_at, data_date)
