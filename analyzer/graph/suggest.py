"""Suggestions: the database cards that would add the most synergy edges to a deck.

Building the graph of the deck plus each of 30,000 candidates would take minutes. Instead a
:class:`FeatureIndex` holds, once for the whole database, every card's roles in each
pairwise family (:data:`~analyzer.graph.edges.PAIR_FAMILIES`: what it offers as a source,
what it needs as a target) and a slimmed profile (:func:`~analyzer.graph.edges.slim_profile`).
A query pairs only the deck's roles with the candidates' complementary roles, with the very
rules the graph builder uses, so a suggested edge is exactly the edge the card would have in
the deck's graph.

Caching and invalidation
------------------------
Building the index compiles every card (about 15 s for 24,000 cards). It is kept:

- in memory, per database, for the life of the process;
- on disk, next to a SQLite database file (``cards.sqlite`` ->
  ``cards.sqlite.graph-index.json.gz``) or, for other databases, in the user cache folder.

Both are keyed by :func:`index_key`: the index format version, the Oracle compiler's
:data:`~analyzer.oracle.compile.COMPILER_VERSION`, and the database's card count, source,
import time and data date. A card import changes the import time, a compiler change bumps its
version: either makes the stored index stale, and it is rebuilt on the next query. The file
is written atomically; a file that cannot be read (truncated, another version) is rebuilt,
never trusted. The file is data only, gzip-compressed JSON (no pickle): a file planted next
to the database can't run code when Spellweb reads it, and the only classes it may name are
the profile and role dataclasses and enums of ``analyzer.oracle`` and ``analyzer.graph``.

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> def creature(name, subtypes, text=""):
...     return Card(id=name, name=name, faces=(Face(name=name, type="Creature",
...         types=("Creature",), subtypes=subtypes, text=text),))
>>> index = build_index([creature("Lord", ("Ninja",), "Other Ninjas you control get +1/+1."),
...                      creature("Bear", ("Bear",))])
>>> deck = [compile_card(creature("Ninja", ("Ninja",)))]
>>> [(s.name, s.count) for s in suggest_cards(deck, index)]
[('Lord', 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from analyzer.cards.model import Card, CardId
from analyzer.graph import families as _families  # noqa: F401  (registers the families)
from analyzer.graph.edges import PAIR_FAMILIES, SynergyEdge
from analyzer.graph.feature_index import (
    _FIELDS,
    INDEX_VERSION,
    FeatureIndex,
    _no_gc,
    build_index,
    build_index_job,
    index_key,
)
from analyzer.graph.index_file import (  # noqa: F401  (_MAGIC, _MEMORY: tests read them here)
    _MAGIC,
    _MEMORY,
    cache_path,
    cached_index_job,
    load_index,
    save_index,
)
from analyzer.graph.kinds import is_synergy
from analyzer.graph.legality import allowed, base_name, deck_format, format_bit, legal_mask
from analyzer.oracle.compile import compile_card  # noqa: F401  (the examples above use it)
from analyzer.oracle.mana import Color
from analyzer.oracle.profile import CardProfile

__all__ = [
    "INDEX_VERSION",
    "FeatureIndex",
    "Suggestion",
    "build_index",
    "build_index_job",
    "cache_path",
    "cached_index_job",
    "deck_legality",
    "index_key",
    "load_index",
    "save_index",
    "suggest_cards",
    "suggest_for_graph",
]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A database card and the edges it would add to the deck."""

    card: CardId
    """The card's id."""
    name: str
    """Its name."""
    edges: tuple[SynergyEdge, ...]
    """The edges it would add (both directions): anti-synergy edges (``nonbo``: it would
    stop a deck card, or a deck card would stop it) first, then strongest first."""

    @property
    def count(self) -> int:
        """How many edges, anti-synergy edges included."""
        return len(self.edges)

    @property
    def nonbos(self) -> tuple[SynergyEdge, ...]:
        """Its anti-synergy edges (:data:`~analyzer.graph.kinds.ANTI_SYNERGY_KINDS`)."""
        return tuple(e for e in self.edges if not is_synergy(e.kind))

    @property
    def score(self) -> float:
        """The ranking key: the synergy edges' strengths added, the anti-synergy edges'
        strengths subtracted."""
        return round(sum(e.strength if is_synergy(e.kind) else -e.strength
                         for e in self.edges), 6)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"card": self.card, "name": self.name, "count": self.count,
                "score": self.score,
                "edges": [{"source": e.source, "target": e.target, **e.attributes()}
                          for e in self.edges]}


def _deck_identity(deck: Sequence[CardProfile], index: FeatureIndex) -> int:
    color = 0
    for profile in deck:
        color |= index.identity.get(profile.card_id, profile.colors.value)
    return color


def suggest_cards(deck: Sequence[CardProfile], index: FeatureIndex, n: int = 20, *,
                  within: Color | None = None, kinds: Iterable[str] | None = None,
                  game_format: str | None = None, digital: bool = False
                  ) -> list[Suggestion]:
    """The ``n`` database cards that would add the most synergy to ``deck``.

    Parameters
    ----------
    deck : sequence of CardProfile
        The deck's profiles, one per distinct card (full profiles, as the graph has them).
    index : FeatureIndex
        The database's roles (:func:`build_index`, or :func:`analyzer.services` caching it).
    n : int
        How many suggestions.
    within : Color, optional
        Only cards whose colour identity is within these colours; by default the union of
        the deck cards' colour identities (a colourless deck gets colourless cards).
    kinds : iterable of str, optional
        Only these edge kinds; all pairwise kinds by default.
    game_format : str, optional
        The deck's format (a MTGJSON ``legalities`` key: ``"commander"``, ``"legacy"``...;
        :func:`~analyzer.graph.legality.deck_format` infers one): only cards ``Legal`` or
        ``Restricted`` there. Unknown: any card, except cards legal only in Arena formats.
    digital : bool
        With no ``game_format``, cards legal only in Arena formats (Alchemy "A-" cards) may
        be suggested too (the deck has some).

    Returns
    -------
    list of Suggestion
        By score (sum of edge strengths, anti-synergy edges' strengths subtracted: a card
        that would stop a deck card's abilities, or be stopped by one, ranks lower), then
        synergy edge count, then name; only cards scoring above 0. Cards already in the
        deck are never suggested, nor their Alchemy versions ("A-Name" is "Name",
        :func:`~analyzer.graph.legality.base_name`); of "Name" and "A-Name" only the
        better one is.

    Raises
    ------
    KeyError
        An unknown kind or game format.
    """
    chosen = list(PAIR_FAMILIES) if kinds is None else list(kinds)
    for kind in chosen:
        if kind not in PAIR_FAMILIES:
            raise KeyError(f"unknown edge family {kind!r}; known: {', '.join(PAIR_FAMILIES)}")
    if game_format is not None:
        format_bit(game_format)   # an unknown format fails before the search
    legal_for: dict[int, bool] = {}   # legality mask -> allowed (a few hundred masks)
    in_deck = {p.card_id for p in deck}
    deck_names = {base_name(p.name) for p in deck}
    name = _FIELDS.index("name")
    colors = _deck_identity(deck, index) if within is None else within.value
    outside = ~colors
    identity = index.identity
    legal = index.legal
    fitting: dict[CardId, bool] = {}
    scores: dict[CardId, float] = {}
    counts: dict[CardId, int] = {}
    roles: dict[CardId, dict[tuple[str, bool], Any]] = {}

    def fits(card: CardId) -> bool:
        ok = fitting.get(card)
        if ok is None:
            ok = fitting[card] = (
                card not in in_deck and not (identity.get(card, 0) & outside)
                and _allowed_mask(legal.get(card, 0), game_format, digital, legal_for)
                and base_name(index.rows[card][name]) not in deck_names)
        return ok

    # Phase 1: every candidate's score from the families' cheap strength rules.
    with _no_gc():
        _score(chosen, deck, index, fits, scores, counts, roles)
    best: list[CardId] = []
    chosen_names: set[str] = set()
    for card in sorted(scores, key=lambda c: (-round(scores[c], 6), -counts[c],
                                              index.rows[c][name])):
        if len(best) >= n or round(scores[card], 6) <= 0:
            break
        if (base := base_name(index.rows[card][name])) not in chosen_names:
            chosen_names.add(base)
            best.append(card)
    # Phase 2: the edges of the chosen few, with their explanations.
    return [Suggestion(card, index.profile(card).name,
                       tuple(sorted(_edges_of(index.profile(card), deck, roles[card]),
                                    key=lambda e: (is_synergy(e.kind), -e.strength, e.kind,
                                                   e.source, e.target))))
            for card in best]


def _allowed_mask(mask: int, game_format: str | None, digital: bool,
                  memo: dict[int, bool]) -> bool:
    """:func:`~analyzer.graph.legality.allowed`, memoized per mask."""
    found = memo.get(mask)
    if found is None:
        found = memo[mask] = allowed(mask, game_format, digital=digital)
    return found


def _score(chosen: list[str], deck: Sequence[CardProfile], index: FeatureIndex,
           fits: Callable[[CardId], bool], scores: dict[CardId, float],
           counts: dict[CardId, int], roles: dict[CardId, dict[tuple[str, bool], Any]]
           ) -> None:
    """Phase 1 of :func:`suggest_cards`: add every fitting candidate's edge strengths
    (subtract them for an anti-synergy kind) into ``scores``, its synergy edge count into
    ``counts``, and the roles that scored into ``roles``."""
    for kind in chosen:
        family = PAIR_FAMILIES[kind]
        sign = 1.0 if is_synergy(kind) else -1.0
        deck_sources = [(p, r) for p in deck if (r := family.source_role(p)) is not None]
        deck_targets = [(p, r) for p in deck if (r := family.target_role(p)) is not None]
        strength = family.strength or family.strength_of
        # deck cards grouped by the keys they want: each candidate is read once per group;
        # first the candidate as the edge's source (deck cards as targets), then as target
        for as_source, partners, wants_of in (
                (True, deck_targets, family.target_wants),
                (False, deck_sources, family.source_wants)):
            groups: dict[frozenset[str] | None, list[tuple[CardProfile, Any]]] = {}
            for partner, p_role in partners:
                wants = wants_of(p_role) if wants_of else None
                groups.setdefault(wants, []).append((partner, p_role))
            for wants, group in groups.items():
                for card, role in index.entries(kind, as_source, wants):
                    if not fits(card):
                        continue
                    candidate = index.profile(card)
                    total, hits = 0.0, 0
                    for partner, p_role in group:
                        value = (strength(candidate, role, partner, p_role) if as_source
                                 else strength(partner, p_role, candidate, role))
                        if value is not None:
                            total += value
                            hits += 1
                    if hits:
                        scores[card] = scores.get(card, 0.0) + sign * total
                        counts[card] = counts.get(card, 0) + (hits if sign > 0 else 0)
                        roles.setdefault(card, {})[(kind, as_source)] = role

def _edges_of(candidate: CardProfile, deck: Sequence[CardProfile],
              roles: dict[tuple[str, bool], Any]) -> list[SynergyEdge]:
    """Every edge between a candidate and the deck's cards, for the roles that scored."""
    found: list[SynergyEdge] = []
    for (kind, is_source), c_role in roles.items():
        family = PAIR_FAMILIES[kind]
        if is_source:
            found += [e for p in deck if (t := family.target_role(p)) is not None
                      and (e := family.pair(candidate, c_role, p, t)) is not None]
        else:
            found += [e for p in deck if (s := family.source_role(p)) is not None
                      and (e := family.pair(p, s, candidate, c_role)) is not None]
    return found


def suggest_for_graph(G: nx.MultiDiGraph[str], index: FeatureIndex, n: int = 20, *,
                      within: Color | None = None, game_format: str | None = None,
                      digital: bool = False) -> list[Suggestion]:
    """:func:`suggest_cards` for a synergy graph built by
    :func:`~analyzer.graph.build.build_synergy_graph` (its nodes carry the profiles);
    ``game_format`` and ``digital`` as there (:func:`deck_legality` finds them).

    Raises
    ------
    ValueError
        A node has no ``profile`` attribute (a graph read back from a file).
    """
    deck: list[CardProfile] = []
    for node, profile in G.nodes(data="profile"):
        if not isinstance(profile, CardProfile):
            raise ValueError(f"node {node!r} has no card profile; suggestions need the graph "
                             f"as built, not one read back from a file")
        deck.append(profile)
    return suggest_cards(deck, index, n, within=within, game_format=game_format,
                         digital=digital)


def deck_legality(cards: Iterable[Card], index: FeatureIndex, *, commander: bool,
                  game_format: str | None = None) -> tuple[str | None, bool]:
    """The format to suggest cards for and whether Arena-only cards may be suggested.

    Parameters
    ----------
    cards : iterable of Card
        The deck's cards (with their MTGJSON ``legalities``).
    index : FeatureIndex
        The database's index (its card counts per format rank the formats).
    commander : bool
        The deck has a commander section (CR 903.3).
    game_format : str, optional
        The format the user named; kept as it is.

    Returns
    -------
    (str or None, bool)
        The format (:func:`~analyzer.graph.legality.deck_format`) and ``digital`` for
        :func:`suggest_cards`: true when a deck card is legal in no paper format.
    """
    masks = [legal_mask(card.legalities) for card in cards]
    digital = any(not allowed(mask, None) for mask in masks)
    if game_format is not None:
        return game_format.strip().lower(), digital
    return deck_format(masks, commander=commander, pool=index.pool()), digital
