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

import contextlib
import dataclasses
import enum
import gc
import gzip
import hashlib
import itertools
import json
import logging
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import networkx as nx

from analyzer.cards.model import Card, CardId
from analyzer.fileio import write_bytes_atomic
from analyzer.graph import families as _families  # noqa: F401  (registers the families)
from analyzer.graph.edges import PAIR_FAMILIES, SynergyEdge, slim_profile
from analyzer.graph.faces import graph_profile
from analyzer.graph.kinds import is_synergy
from analyzer.graph.legality import (
    FORMATS,
    allowed,
    base_name,
    deck_format,
    format_bit,
    legal_mask,
)
from analyzer.oracle.compile import COMPILER_VERSION, compile_card
from analyzer.oracle.mana import Color
from analyzer.oracle.profile import CardProfile
from analyzer.progress import CancelToken, Job, Progress, run_job

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

INDEX_VERSION = 7
"""The index's format; bumped whenever roles or the stored shape change."""

_NOT_IN_DECKS = frozenset({"Vanguard", "Plane", "Phenomenon", "Scheme", "Conspiracy",
                           "Dungeon"})
"""Card types that never go in a deck (CR 100.4, 313.1, 314.1): never suggested."""

_MAGIC = b"spellweb-graph-index 7 json.gz\n"
"""The first line of an index file (then gzip-compressed JSON)."""
_LOG = logging.getLogger(__name__)


_FIELDS = tuple(f.name for f in fields(CardProfile))


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


class _Encoder:
    """Values written once each into a table of JSON entries; a value refers to its parts
    by their position in the table, so equal values shared by thousands of cards (the
    13,000 creatures share a few hundred type sets and keyword tuples) are stored and
    decoded once. The entries (written by :func:`save_index`, read by :class:`_Decoder`):

    - a JSON string, number, ``true``/``false`` or ``null``: itself;
    - ``{"t": [ref, ...]}`` tuple, ``{"l": [...]}`` list, ``{"f": [...]}`` frozenset;
    - ``{"d": [[key ref, value ref], ...]}`` dict;
    - ``{"e": "module:Name", "v": ref}`` an enum member by value;
    - ``{"c": "module:Name", "a": [ref, ...]}`` a dataclass by its fields in order.
    """

    def __init__(self) -> None:
        self.table: list[Any] = []
        self.seen: dict[Any, int] = {}
        self.by_id: dict[int, tuple[Any, int]] = {}

    def __call__(self, value: Any) -> int:
        kind = type(value)
        try:
            memo: Any = (kind, value)
            hash(memo)
        except TypeError:   # not hashable: shared only while the same object
            memo = None
            found = self.by_id.get(id(value))
            if found is not None:
                return found[1]
        else:
            if memo in self.seen:
                return self.seen[memo]
        entry = self.entry(value)
        self.table.append(entry)
        ref = len(self.table) - 1
        if memo is None:
            self.by_id[id(value)] = (value, ref)   # keep the object alive: ids stay unique
        else:
            self.seen[memo] = ref
        return ref

    def entry(self, value: Any) -> Any:
        if value is None or (isinstance(value, bool | int | float | str)
                             and not isinstance(value, enum.Enum)):
            return value
        if isinstance(value, enum.Enum):
            return {"e": _class_name(type(value)), "v": self(value.value)}
        if isinstance(value, tuple) and not dataclasses.is_dataclass(value):
            return {"t": [self(v) for v in value]}
        if isinstance(value, list):
            return {"l": [self(v) for v in value]}
        if isinstance(value, frozenset):
            return {"f": [self(v) for v in sorted(value, key=repr)]}
        if isinstance(value, dict):
            return {"d": [[self(k), self(v)] for k, v in value.items()]}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {"c": _class_name(type(value)),
                    "a": [self(getattr(value, f.name)) for f in dataclasses.fields(value)]}
        raise TypeError(f"the suggestion index can't store a {type(value).__qualname__}")


_TRUSTED_MODULES = ("analyzer.oracle.", "analyzer.graph.")
"""Where a class named in an index file may come from: the Oracle compiler's profile types
and the synergy families' role types, and nothing else."""


def _class_name(cls: type) -> str:
    if not cls.__module__.startswith(_TRUSTED_MODULES):
        raise TypeError(f"the suggestion index stores no {cls.__module__}.{cls.__qualname__}")
    return f"{cls.__module__}:{cls.__qualname__}"


class _Decoder:
    """Reads the table :class:`_Encoder` wrote. A class is looked up only among the
    modules already imported under :data:`_TRUSTED_MODULES` (never imported on demand), and
    only an ``Enum`` or a dataclass is accepted; a dataclass is filled field by field
    without running any of its code (as pickle does, but no other callable is ever named by
    the file). Anything else raises :class:`ValueError`."""

    def __init__(self, table: list[Any]) -> None:
        self.classes: dict[str, type] = {}
        self.values: list[Any] = []
        for entry in table:
            self.values.append(self.decode(entry))

    def cls(self, name: Any) -> type:
        found = self.classes.get(name) if isinstance(name, str) else None
        if found is not None:
            return found
        module_name, _, qualname = str(name).partition(":")
        module = sys.modules.get(module_name) if module_name.startswith(
            _TRUSTED_MODULES) else None
        if module is None:
            raise ValueError(f"untrusted class {name!r} in the suggestion index")
        target: Any = module
        for part in qualname.split("."):
            target = getattr(target, part, None)
        if not isinstance(target, type) or not (issubclass(target, enum.Enum)
                                                 or dataclasses.is_dataclass(target)):
            raise ValueError(f"{name!r} in the suggestion index is no enum or dataclass")
        self.classes[name] = target
        return target

    def decode(self, entry: Any) -> Any:
        if not isinstance(entry, dict):
            return entry
        v = self.values
        if "t" in entry:
            return tuple(v[i] for i in entry["t"])
        if "f" in entry:
            return frozenset(v[i] for i in entry["f"])
        if "l" in entry:
            return [v[i] for i in entry["l"]]
        if "d" in entry:
            return {v[k]: v[x] for k, x in entry["d"]}
        if "e" in entry:
            return self.cls(entry["e"])(v[entry["v"]])
        if "c" in entry:
            cls = self.cls(entry["c"])
            obj: Any = object.__new__(cls)
            names = [f.name for f in dataclasses.fields(cls)]
            if len(names) != len(entry["a"]):
                raise ValueError(f"{entry['c']!r} has {len(names)} fields, not "
                                 f"{len(entry['a'])}")
            for name, i in zip(names, entry["a"], strict=True):
                object.__setattr__(obj, name, v[i])
            return obj
        raise ValueError(f"unknown entry {sorted(entry)!r} in the suggestion index")


def save_index(index: FeatureIndex, path: Path | str) -> Path:
    """Write the index to ``path``: gzip-compressed JSON, written atomically. No pickle: a
    file next to the database can't run code when it is read (:func:`load_index`).

    The document: ``"table"`` (every distinct value once, see :class:`_Encoder`), ``"key"``
    (a table position), ``"cards"`` (the card ids), ``"rows"``, ``"identity"`` and
    ``"legal"`` (one per card, in that order: table positions of the profile fields, ``null``
    for a card without a row; legality masks, ``null`` for a card without legalities), ``"sources"``/``"targets"`` (kind -> flat ``[card position, role position,
    ...]``) and ``"source_keys"``/``"target_keys"`` (kind -> table positions).

    Raises
    ------
    OSError
        The file can't be written.
    """
    encode = _Encoder()
    # card ids (36-character UUIDs) written once, then referred to by position: half the
    # file, twice as fast to parse
    ids = list(dict.fromkeys([*index.rows, *index.identity,
                              *(c for es in index.sources.values() for c, _ in es),
                              *(c for es in index.targets.values() for c, _ in es)]))
    at = {card: i for i, card in enumerate(ids)}

    def flat(entries: list[tuple[CardId, Any]]) -> list[int]:
        return [n for card, role in entries for n in (at[card], encode(role))]

    document: dict[str, Any] = {
        "key": encode(index.key),
        "cards": ids,
        "rows": [[encode(v) for v in row] if (row := index.rows.get(card)) is not None
                 else None for card in ids],
        "identity": [index.identity.get(card) for card in ids],
        "legal": [index.legal.get(card) for card in ids],
        "sources": {kind: flat(entries) for kind, entries in index.sources.items()},
        "targets": {kind: flat(entries) for kind, entries in index.targets.items()},
        "source_keys": {k: [encode(v) for v in vs] for k, vs in index.source_keys.items()},
        "target_keys": {k: [encode(v) for v in vs] for k, vs in index.target_keys.items()},
    }
    document["table"] = encode.table
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    return write_bytes_atomic(Path(path), _MAGIC + gzip.compress(text.encode("utf-8"),
                                                                 compresslevel=6))


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


def load_index(path: Path | str, key: tuple[Any, ...]) -> FeatureIndex | None:
    """The index stored at ``path`` if it was built for ``key``, else ``None``.

    A missing, unreadable, foreign or stale file gives ``None`` (the caller rebuilds it).
    The file is data only (gzip-compressed JSON, see :func:`save_index`): reading it never
    runs code from it, and a class it names must be one of the profile or role types
    (:class:`_Decoder`).
    """
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if not data.startswith(_MAGIC):
        return None
    try:
        with _no_gc():
            document = json.loads(gzip.decompress(data[len(_MAGIC):]))
            values = _Decoder(document["table"]).values
            stored = values[document["key"]]
            if stored != key:
                return None
            ids = document["cards"]
            rows = {ids[n]: tuple(values[i] for i in refs)
                    for n, refs in enumerate(document["rows"]) if refs is not None}
            identity = {ids[n]: int(v) for n, v in enumerate(document["identity"])
                        if v is not None}
            legal = {ids[n]: int(v) for n, v in enumerate(document["legal"])
                     if v is not None}

            def pairs(flat: list[int]) -> list[tuple[CardId, Any]]:
                return [(ids[flat[i]], values[flat[i + 1]]) for i in range(0, len(flat), 2)]

            sources = {kind: pairs(flat) for kind, flat in document["sources"].items()}
            targets = {kind: pairs(flat) for kind, flat in document["targets"].items()}
            source_keys = {k: [values[i] for i in vs]
                           for k, vs in document["source_keys"].items()}
            target_keys = {k: [values[i] for i in vs]
                           for k, vs in document["target_keys"].items()}
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError,
            AttributeError) as err:
        # a truncated, foreign or tampered file: rebuild rather than trust it
        _LOG.info("suggestion index %s not used: %s", path, err)
        return None
    return FeatureIndex(stored, rows, identity, legal, sources, targets,
                        source_keys=source_keys, target_keys=target_keys)


def cache_path(url: str, database_file: Path | None, cache_folder: Path) -> Path:
    """Where the index of a database is kept: beside a SQLite file, else in
    ``cache_folder`` under a name derived from the URL."""
    if database_file is not None:
        return database_file.with_name(database_file.name + ".graph-index.json.gz")
    digest = hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]
    return cache_folder / f"graph-index-{digest}.json.gz"


_MEMORY: dict[tuple[Any, ...], FeatureIndex] = {}
"""Indexes built or loaded in this process, by :func:`index_key` (at most a few)."""


def cached_index_job(key: tuple[Any, ...], path: Path | None,
                     cards: Callable[[], Iterable[Card]], total: int = 0, *,
                     cancel: CancelToken | None = None,
                     profiles: ProfileSource | None = None) -> Job[FeatureIndex]:
    """The index for ``key``: from memory, else from the file at ``path`` when it was built
    for ``key``, else built from ``cards()`` and saved to ``path`` (see the module docstring
    for the invalidation rule).

    Parameters
    ----------
    key : tuple
        :func:`index_key` of the database.
    path : Path, optional
        Where the index is kept on disk; ``None`` keeps it in memory only.
    cards : callable
        Returns the database's cards (called only when the index must be built).
    total : int
        How many cards, for progress.
    cancel : CancelToken, optional
        Checked every 1,000 cards while building.
    profiles : ProfileSource, optional
        Where the cards' compiled profiles come from while building (see
        :func:`build_index_job`).

    Yields
    ------
    Progress
        While building.

    Returns
    -------
    FeatureIndex
    """
    found = _MEMORY.get(key)
    if found is None and path is not None:
        yield Progress(0, 0, "Reading the suggestion index")
        found = load_index(path, key)
    if found is None:
        yield Progress(0, total, "Building the suggestion index (once per card import or "
                                 "Spellweb update; about a minute for 24,000 cards)")
        found = yield from build_index_job(cards(), total, cancel=cancel, key=key,
                                           profiles=profiles)
        if path is not None:
            with contextlib.suppress(OSError):  # a read-only folder: it still serves this run
                save_index(found, path)
    if len(_MEMORY) >= 4:
        _MEMORY.clear()
    _MEMORY[key] = found
    return found


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
