"""The combo catalog: ``data/combos/*.toml``, validated when it is loaded.

Each file holds ``[[combo]]`` tables (``data/combos/README.md`` documents every key). The
loader checks everything it can without a rules core: known keys only, enum values, metric
names, the start board's shape (the scenario format of ``../shared/rules/SCENARIO_FORMAT.md``),
that every piece is on the start board, that one-shot entries have ``expect`` and loops have
``grows``/``shrinks``, unique ids, and, given the card names of a card database, that every
card named anywhere in an entry exists. Any problem raises :class:`CatalogError` naming the
file, the entry and the key.

Examples
--------
>>> text = '''
... [[combo]]
... id = "x"
... name = "X"
... cards = ["Devoted Druid"]
... family = "untap_mana"
... result = "infinite_mana"
... kind = "loop"
... steps = ["tap it"]
... rules = ["605.1a"]
... grows = ["mana:A:G"]
... start = { players = { A = { battlefield = ["Devoted Druid"] } } }
... loop = [{ mana = { card = "Devoted Druid" } }]
... '''
>>> [c.id for c in parse_catalog(text, "x.toml")]
['x']
>>> parse_catalog(text.replace('"untap_mana"', '"magic"'), "x.toml")
Traceback (most recent call last):
...
analyzer.combos.catalog.CatalogError: x.toml entry 1: combo 'x': family: 'magic' is not \
one of: untap_mana, sacrifice_loop, trigger_loop, copy_loop, win_condition, control_exchange, \
ninja_sneak, prowl, could_produce
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from analyzer.combos.metrics import Metric
from analyzer.combos.model import (
    Combo,
    ComboFamily,
    ComboKind,
    ComboResult,
    Expected,
    ScenarioAction,
)
from analyzer.data_files import data_dir
from analyzer.errors import InputError
from analyzer.oracle.mana import ManaCost

__all__ = ["CatalogError", "catalog_dir", "load_catalog", "parse_catalog", "read_catalog"]

CardNames = Callable[[str], bool] | Collection[str]
"""What tells whether a card name exists: a predicate or a collection of names."""

_REQUIRED = ("id", "name", "cards", "family", "result", "kind", "steps", "rules", "start")
_OPTIONAL = ("result_detail", "mana_needed", "setup", "loop", "actions", "grows", "shrinks",
             "expect", "expected", "why")
_START_KEYS = frozenset({"turn", "players"})
_TURN_KEYS = frozenset({"active", "step", "number"})
_PLAYER_KEYS = frozenset({"life", "battlefield", "hand", "graveyard", "library", "exile",
                          "mana_pool"})
_ZONE_LISTS = ("battlefield", "hand", "graveyard", "library", "exile")
_ENTRY_KEYS = frozenset({"card", "count", "id", "tapped", "summoning_sick", "controller",
                         "counters", "attacking", "blocked", "blocking", "attached_to",
                         "damage"})
_STEPS = frozenset({"untap", "upkeep", "draw", "main1", "beginning_of_combat",
                    "declare_attackers", "declare_blockers", "first_strike_damage",
                    "combat_damage", "end_of_combat", "main2", "end", "cleanup"})
_COPIES = re.compile(r"^(.*\S)\s+x(\d+)$")
_MANA_TYPES = frozenset({"{W}", "{U}", "{B}", "{R}", "{G}", "{C}"})
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class CatalogError(InputError):
    """A combo catalog file cannot be used: the message names the file, entry and key."""


def catalog_dir() -> Path:
    """The project's catalog folder: ``data/combos``."""
    return data_dir() / "combos"


def _has_name(card_names: CardNames | None) -> Callable[[str], bool] | None:
    if card_names is None or callable(card_names):
        return card_names
    lowered = {n.lower() for n in card_names}
    return lambda name: name.lower() in lowered


class _Entry:
    """Reads one ``[[combo]]`` table, raising :class:`CatalogError` with its place."""

    def __init__(self, data: Any, where: str, exists: Callable[[str], bool] | None) -> None:
        if not isinstance(data, Mapping):
            raise CatalogError(f"{where}: a combo is a table, not {data!r}")
        self.data = data
        label = data.get("id", "")
        self.where = f"{where}: combo {label!r}" if isinstance(label, str) and label \
            else where
        self.exists = exists
        self.ids: set[str] = set()
        self.names: set[str] = set()

    def fail(self, key: str, message: str) -> CatalogError:
        return CatalogError(f"{self.where}: {key}: {message}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.fail(key, f"expected a non-empty string, not {value!r}")
        return value

    def texts(self, key: str, *, required: bool = True) -> tuple[str, ...]:
        value = self.data.get(key, [] if not required else None)
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip()
                                                  for v in value):
            raise self.fail(key, f"expected a list of non-empty strings, not {value!r}")
        if required and not value:
            raise self.fail(key, "must not be empty")
        return tuple(value)

    def enum(self, key: str, cls: Any, default: str | None = None) -> Any:
        try:
            return cls.from_label(self.text(key, default))
        except ValueError as err:
            raise self.fail(key, str(err)) from err

    def card(self, key: str, name: str) -> None:
        if self.exists is not None and not self.exists(name):
            raise self.fail(key, f"no card named {name!r} in the card data")

    # -- the start board --------------------------------------------------------------------

    def start(self) -> Mapping[str, Any]:
        start = self.data["start"]
        if not isinstance(start, Mapping):
            raise self.fail("start", f"expected a table, not {start!r}")
        self._keys("start", start, _START_KEYS)
        turn = start.get("turn", {})
        if not isinstance(turn, Mapping):
            raise self.fail("start.turn", f"expected a table, not {turn!r}")
        self._keys("start.turn", turn, _TURN_KEYS)
        if "step" in turn and turn["step"] not in _STEPS:
            raise self.fail("start.turn.step", f"unknown step {turn['step']!r}; steps: "
                                               f"{', '.join(sorted(_STEPS))}")
        players = start.get("players")
        if not isinstance(players, Mapping) or not players:
            raise self.fail("start.players", "expected a table of players (A, B)")
        for player, zones in players.items():
            self._player(f"start.players.{player}", zones)
        self.ids |= set(players)
        if "active" in turn and turn["active"] not in players:
            raise self.fail("start.turn.active", f"{turn['active']!r} is not a player")
        return start

    def _keys(self, key: str, table: Mapping[str, Any], known: frozenset[str]) -> None:
        unknown = sorted(set(table) - known)
        if unknown:
            raise self.fail(f"{key}.{unknown[0]}", f"unknown key; known: "
                                                   f"{', '.join(sorted(known))}")

    def _player(self, key: str, zones: Any) -> None:
        if not isinstance(zones, Mapping):
            raise self.fail(key, f"expected a table of zones, not {zones!r}")
        self._keys(key, zones, _PLAYER_KEYS)
        if "mana_pool" in zones:
            try:
                pool = ManaCost.parse(str(zones["mana_pool"]))
            except ValueError as err:
                raise self.fail(f"{key}.mana_pool", str(err)) from err
            odd = [str(s) for s in pool if str(s) not in _MANA_TYPES]
            if odd:
                raise self.fail(f"{key}.mana_pool", f"{odd[0]} is not a type of mana; a "
                                                    "pool holds {W}{U}{B}{R}{G}{C} only")
        for zone in _ZONE_LISTS:
            entries = zones.get(zone, [])
            if not isinstance(entries, list):
                raise self.fail(f"{key}.{zone}", f"expected a list, not {entries!r}")
            for i, entry in enumerate(entries):
                self._zone_entry(f"{key}.{zone}[{i}]", entry)

    def _zone_entry(self, key: str, entry: Any) -> None:
        if isinstance(entry, str):
            match = _COPIES.match(entry)
            name = match.group(1) if match else entry
            self.card(key, name)
            self.names.add(name)
            self.ids.add(name)
            return
        if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
            raise self.fail(key, f"expected a card name or a table with 'card', not {entry!r}")
        self._keys(key, entry, _ENTRY_KEYS)
        self.card(f"{key}.card", entry["card"])
        self.names.add(entry["card"])
        self.ids.add(str(entry.get("id", entry["card"])))

    # -- actions and metrics ----------------------------------------------------------------

    def actions(self, key: str) -> tuple[ScenarioAction, ...]:
        raw = self.data.get(key, [])
        if not isinstance(raw, list):
            raise self.fail(key, f"expected a list of actions, not {raw!r}")
        actions = []
        for i, item in enumerate(raw):
            try:
                action = ScenarioAction.from_mapping(item)
            except ValueError as err:
                raise self.fail(f"{key}[{i}]", str(err)) from err
            card = action.arg("card")
            if isinstance(card, str) and card not in self.ids:
                self.card(f"{key}[{i}].card", card)
            actions.append(action)
        return tuple(actions)

    def metric(self, key: str, text: str) -> Metric:
        try:
            metric = Metric.parse(text)
        except ValueError as err:
            raise self.fail(key, str(err)) from err
        if metric.subject and metric.subject not in self.ids:
            raise self.fail(key, f"{metric.subject!r} is neither a player nor an object of "
                                 "the start board")
        return metric

    def expectations(self) -> dict[str, int | str]:
        raw = self.data.get("expect", {})
        if not isinstance(raw, Mapping):
            raise self.fail("expect", f"expected a table of metric = value, not {raw!r}")
        out: dict[str, int | str] = {}
        for name, value in raw.items():
            self.metric(f"expect.{name}", name)
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise self.fail(f"expect.{name}", f"expected a number or a string, "
                                                  f"not {value!r}")
            out[name] = value
        return out


def _combo(data: Any, where: str, exists: Callable[[str], bool] | None) -> Combo:
    entry = _Entry(data, where, exists)
    unknown = sorted(set(entry.data) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise entry.fail(unknown[0], "unknown key; known: "
                                     + ", ".join(sorted((*_REQUIRED, *_OPTIONAL))))
    missing = [k for k in _REQUIRED if k not in entry.data]
    if missing:
        raise entry.fail(missing[0], "missing (required: " + ", ".join(_REQUIRED) + ")")
    combo_id = entry.text("id")
    if not _ID.match(combo_id):
        raise entry.fail("id", f"{combo_id!r} is not kebab-case (a-z, 0-9, '-')")
    cards = entry.texts("cards")
    for card in cards:
        entry.card("cards", card)
    kind: ComboKind = entry.enum("kind", ComboKind)
    expected: Expected = entry.enum("expected", Expected, "works")
    start = entry.start()
    absent = [c for c in cards if c not in entry.names]
    if absent:
        raise entry.fail("cards", f"{absent[0]!r} is not on the start board")
    try:
        mana = ManaCost.parse(entry.text("mana_needed", ""))
    except ValueError as err:
        raise entry.fail("mana_needed", str(err)) from err
    grows = entry.texts("grows", required=False)
    shrinks = entry.texts("shrinks", required=False)
    for key, names in (("grows", grows), ("shrinks", shrinks)):
        for name in names:
            entry.metric(key, name)
    combo = Combo(
        id=combo_id, name=entry.text("name"), cards=cards,
        family=entry.enum("family", ComboFamily), result=entry.enum("result", ComboResult),
        result_detail=entry.text("result_detail", ""), kind=kind,
        steps=entry.texts("steps"), rules=entry.texts("rules"), start=start,
        setup=entry.actions("setup"), loop=entry.actions("loop"),
        actions=entry.actions("actions"), grows=grows, shrinks=shrinks,
        expect=entry.expectations(), mana_needed=mana, expected=expected,
        why=entry.text("why", ""), source=where)
    _check_kind(entry, combo)
    return combo


def _check_kind(entry: _Entry, combo: Combo) -> None:
    if combo.kind is ComboKind.LOOP:
        if not combo.loop:
            raise entry.fail("loop", "a loop combo needs the actions of one iteration")
        if not combo.grows and not combo.shrinks:
            raise entry.fail("grows", "a loop combo names what grows (or shrinks) each loop")
        if combo.actions or combo.expect:
            raise entry.fail("actions", "a loop combo has 'loop', not 'actions'/'expect'")
    else:
        if not combo.actions or not combo.expect:
            raise entry.fail("actions", "a one-shot combo needs 'actions' and 'expect'")
        if combo.loop or combo.grows or combo.shrinks:
            raise entry.fail("loop", "a one-shot combo has 'actions', not 'loop'/'grows'")
    if combo.expected is Expected.FAILS and not combo.why.strip():
        raise entry.fail("why", "a false combo (expected = 'fails') must say why")


def parse_catalog(text: str, source: str = "<catalog>", *,
                  card_names: CardNames | None = None) -> list[Combo]:
    """Read the combos of one catalog file's text.

    Parameters
    ----------
    text : str
        TOML with ``[[combo]]`` tables.
    source : str
        The file name, for messages.
    card_names : callable or collection of str, optional
        Tells whether a card name exists (case-insensitive for a collection); names are not
        checked without it.

    Returns
    -------
    list of Combo

    Raises
    ------
    CatalogError
        Bad TOML, an unknown key, a bad value, or an unknown card, with file, entry and key.
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise CatalogError(f"{source}: not valid TOML: {err}") from err
    unknown = sorted(set(doc) - {"combo"})
    if unknown:
        raise CatalogError(f"{source}: unknown top-level key {unknown[0]!r}; write "
                           "[[combo]] tables")
    entries = doc.get("combo", [])
    if not isinstance(entries, list):
        raise CatalogError(f"{source}: 'combo' must be an array of tables ([[combo]])")
    exists = _has_name(card_names)
    return [_combo(data, f"{source} entry {i + 1}", exists) for i, data in enumerate(entries)]


def read_catalog(paths: Iterable[Path], *, card_names: CardNames | None = None
                 ) -> tuple[Combo, ...]:
    """Read catalog files (in the order given) and check that ids are unique.

    Raises
    ------
    CatalogError
        A file cannot be read or is invalid, or two entries share an id.
    """
    combos: list[Combo] = []
    seen: dict[str, str] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise CatalogError(f"{path}: cannot read the combo catalog: {err}") from err
        for combo in parse_catalog(text, path.name, card_names=card_names):
            if combo.id in seen:
                raise CatalogError(f"{combo.source}: combo {combo.id!r}: id: already used "
                                   f"by {seen[combo.id]}")
            seen[combo.id] = combo.source
            combos.append(combo)
    return tuple(combos)


@functools.cache
def _default_catalog() -> tuple[Combo, ...]:
    return read_catalog(sorted(catalog_dir().glob("*.toml")))


def load_catalog(folder: Path | None = None, *, card_names: CardNames | None = None
                 ) -> tuple[Combo, ...]:
    """Every combo of the catalog folder (default ``data/combos``), files in name order.

    The default folder without ``card_names`` is read once per process and cached.

    Raises
    ------
    CatalogError
        See :func:`read_catalog`.
    """
    if folder is None and card_names is None:
        return _default_catalog()
    return read_catalog(sorted((folder or catalog_dir()).glob("*.toml")),
                        card_names=card_names)
