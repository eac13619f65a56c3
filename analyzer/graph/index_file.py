"""The suggestion index kept between queries: in memory per database for the life of the
process (:func:`cached_index_job`), and on disk (:func:`cache_path`) as a data-only,
gzip-compressed JSON file (:func:`save_index`, :func:`load_index`: no pickle, written
atomically; the only classes it may name are the profile and role dataclasses and enums of
``analyzer.oracle`` and ``analyzer.graph``; a file that cannot be read is rebuilt, never
trusted).

See :mod:`analyzer.graph.suggest` ("Caching and invalidation"), which re-exports these
names.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import gzip
import hashlib
import json
import logging
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from analyzer.cards.model import Card, CardId
from analyzer.fileio import write_bytes_atomic
from analyzer.graph.feature_index import FeatureIndex, ProfileSource, _no_gc, build_index_job
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["cache_path", "cached_index_job", "load_index", "save_index"]


_MAGIC = b"spellweb-graph-index 7 json.gz\n"
"""The first line of an index file (then gzip-compressed JSON)."""
_LOG = logging.getLogger("analyzer.graph.suggest")
"""Logs under the name of the module that held this code first (its messages unchanged)."""


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
