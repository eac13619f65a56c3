"""Combo values: what a catalog entry says (:class:`Combo`) and its closed vocabularies.

A combo is data written by this project (``data/combos/*.toml``, read by
:mod:`analyzer.combos.catalog`): the cards it needs, the board it starts from (in the
scenario format of ``../shared/rules/SCENARIO_FORMAT.md``), the actions of one loop (or of
the one-shot line), and what it achieves. Verification (:mod:`analyzer.combos.verify`) plays
that board in the rules core; detection (:mod:`analyzer.combos.detect`) only reads
:attr:`Combo.cards`.

Examples
--------
>>> ComboResult.from_label("infinite_mana") is ComboResult.INFINITE_MANA
True
>>> ComboResult.INFINITE_MANA.label, ComboFamily.UNTAP_MANA.label
('infinite_mana', 'untap_mana')
>>> a = ScenarioAction.from_mapping({"pass": {"until": "resolve"}})
>>> a.kind, a.arg("until"), a.describe()
('pass', 'resolve', 'pass until resolve')
>>> a.to_mapping()
{'pass': {'until': 'resolve'}}
"""

from __future__ import annotations

import copyreg
import enum
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from analyzer.oracle.mana import ManaCost

__all__ = [
    "ACTION_KEYS",
    "Combo",
    "ComboFamily",
    "ComboId",
    "ComboKind",
    "ComboResult",
    "Expected",
    "ScenarioAction",
]

ComboId: TypeAlias = str
"""A catalog entry's identity, kebab-case (``"devoted-druid-vizier-of-remedies"``)."""


class _Labelled(enum.Enum):
    """An enum written in files and JSON by its lower-case member name."""

    @property
    def label(self) -> str:
        """The lower-case name used in catalog files and JSON."""
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Any:
        """The member whose :attr:`label` is ``label``; ``ValueError`` naming the choices."""
        for member in cls:
            if member.label == label:
                return member
        choices = ", ".join(m.label for m in cls)
        raise ValueError(f"{label!r} is not one of: {choices}")


class ComboFamily(_Labelled):
    """How a combo works (the synergy family it belongs to)."""

    UNTAP_MANA = enum.auto()
    """An untapper or {Q} ability with a mana producer that makes more than the untap costs
    (CR 107.5, 107.6, 605)."""
    SACRIFICE_LOOP = enum.auto()
    """A sacrifice outlet with a creature that returns (persist, undying, cast from the
    graveyard) (CR 702.79, 702.93)."""
    TRIGGER_LOOP = enum.auto()
    """Two triggered abilities that trigger each other (CR 603.2)."""
    COPY_LOOP = enum.auto()
    """A token copy whose enters ability untaps or re-copies its copier (CR 707)."""
    WIN_CONDITION = enum.auto()
    """A line that wins the game or empties a library (CR 104.2)."""
    CONTROL_EXCHANGE = enum.auto()
    """Exchange or change of control (CR 701.12, 613.1b)."""
    NINJA_SNEAK = enum.auto()
    """Ninjutsu or sneak: an unblocked attacker traded for a card from hand (CR 702.49,
    702.190)."""
    PROWL = enum.auto()
    """Prowl turned on by combat damage from a creature sharing a type (CR 702.76)."""
    COULD_PRODUCE = enum.auto()
    """Mana that depends on what other permanents could produce (CR 106.7, 106.12)."""


class ComboResult(_Labelled):
    """What a combo achieves."""

    INFINITE_MANA = enum.auto()
    """Arbitrarily large mana (of the colour the entry names)."""
    INFINITE_DAMAGE = enum.auto()
    """Arbitrarily much damage."""
    INFINITE_LIFE_LOSS = enum.auto()
    """Opponents lose arbitrarily much life."""
    INFINITE_LIFE = enum.auto()
    """You gain arbitrarily much life."""
    INFINITE_TOKENS = enum.auto()
    """Arbitrarily many creature tokens."""
    INFINITE_DRAW = enum.auto()
    """You draw your library."""
    WIN_GAME = enum.auto()
    """You win the game (CR 104.2)."""
    MILL_LIBRARY = enum.auto()
    """An opponent's whole library goes to the graveyard."""
    OPPONENT_LOSES_LIFE = enum.auto()
    """A one-shot life loss for the opponent."""
    CONTROL_SWAP = enum.auto()
    """Permanents change controllers (CR 701.12)."""
    ALTERNATIVE_COST = enum.auto()
    """A spell cast for its sneak or prowl cost (CR 118.9)."""
    CARD_ADVANTAGE = enum.auto()
    """Cards drawn and an enters ability reused."""
    EXTRA_TURN = enum.auto()
    """An extra turn (CR 500.7)."""
    MANA_FIXING = enum.auto()
    """More mana, or mana of a colour you could not otherwise make."""

    @property
    def is_infinite(self) -> bool:
        """True for the results a repeatable loop achieves."""
        return self.label.startswith("infinite_")


class ComboKind(_Labelled):
    """How the catalog entry is played for verification."""

    LOOP = enum.auto()
    """``loop`` actions repeated; a resource must grow every iteration."""
    ONCE = enum.auto()
    """``actions`` played once; ``expect`` must hold afterwards."""


class Expected(_Labelled):
    """What the catalog's authors expect verification to find."""

    WORKS = enum.auto()
    """A real combo."""
    FAILS = enum.auto()
    """A false combo that players list but that does not work; ``why`` says why."""


ACTION_KEYS: dict[str, frozenset[str]] = {
    "play_land": frozenset({"player", "card", "rejected"}),
    "cast": frozenset({"player", "card", "cost", "x", "targets", "return", "pay_with",
                       "choices", "rejected"}),
    "activate": frozenset({"player", "card", "ability", "targets", "x", "return", "pay_with",
                           "choices", "rejected"}),
    "mana": frozenset({"player", "card", "ability", "choices", "rejected"}),
    "declare_attackers": frozenset({"player", "attackers", "rejected"}),
    "declare_blockers": frozenset({"player", "blocks", "rejected"}),
    "pass": frozenset({"player", "until"}),
    "choose": frozenset({"player", "choice"}),
    "hold_priority": frozenset({"player"}),
}
"""Scenario actions and their keys (``../shared/rules/SCENARIO_FORMAT.md``, "Actions")."""


def _mapping_proxy(items: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(items)


def _pickle_mapping_proxy(proxy: types.MappingProxyType[Any, Any]
                          ) -> tuple[Any, tuple[dict[Any, Any]]]:
    """Pickle a read-only mapping as the same over a copy of its dict (the standard library
    refuses): a deck's combo report travels from the worker process to the window."""
    return _mapping_proxy, (dict(proxy),)


copyreg.pickle(types.MappingProxyType, _pickle_mapping_proxy)


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return types.MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class ScenarioAction:
    """One action of the scenario format: its kind and its keyword arguments.

    ``from_mapping({"cast": {...}})`` and :meth:`to_mapping` round-trip.
    """

    kind: str
    """A key of :data:`ACTION_KEYS` (``"cast"``, ``"activate"``, ``"pass"``...)."""
    args: tuple[tuple[str, Any], ...] = ()
    """Its keys and values, in file order (values frozen: tuples and read-only maps)."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ScenarioAction:
        """Read ``{kind: {key: value}}``.

        Raises
        ------
        ValueError
            Not a one-key map, an unknown action kind, or an unknown key.
        """
        if not isinstance(data, Mapping) or len(data) != 1:
            raise ValueError(f"an action is a one-key map such as {{pass = {{...}}}}, "
                             f"not {data!r}")
        (kind, args), = data.items()
        if kind not in ACTION_KEYS:
            raise ValueError(f"unknown action {kind!r}; known: {', '.join(ACTION_KEYS)}")
        if not isinstance(args, Mapping):
            raise ValueError(f"action {kind!r} takes a map of keys, not {args!r}")
        unknown = sorted(set(args) - ACTION_KEYS[kind])
        if unknown:
            raise ValueError(f"action {kind!r} has no key {unknown[0]!r}; keys: "
                             f"{', '.join(sorted(ACTION_KEYS[kind]))}")
        return cls(kind, tuple((k, _freeze(v)) for k, v in args.items()))

    def arg(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        return next((v for k, v in self.args if k == key), default)

    def to_mapping(self) -> dict[str, Any]:
        """``{kind: {key: value}}`` with plain lists and dicts (the scenario format)."""
        return {self.kind: {k: _thaw(v) for k, v in self.args}}

    def describe(self) -> str:
        """A short English line: ``"cast Gravecrawler"``, ``"pass until resolve"``."""
        card = self.arg("card")
        words = [self.kind.replace("_", " ")]
        if card:
            words.append(str(card))
        for key in ("ability", "cost", "until", "choice"):
            value = self.arg(key)
            if value is not None:
                shown = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
                words.append(f"{key} {shown}" if key != "until" else f"until {shown}")
        targets = self.arg("targets")
        if targets:
            words.append("targeting " + ", ".join(map(str, targets)))
        return " ".join(words)


@dataclass(frozen=True)
class Combo:
    """One catalog entry: a combo's pieces, start board, line and result."""

    id: ComboId
    """Unique kebab-case identity."""
    name: str
    """A title for people."""
    cards: tuple[str, ...]
    """The pieces a deck needs (Oracle names, each in the card data); detection reads them."""
    family: ComboFamily
    """How it works."""
    result: ComboResult
    """What it achieves."""
    result_detail: str
    """The result in words (colour of the mana, damage per loop...)."""
    kind: ComboKind
    """Loop or one-shot line."""
    steps: tuple[str, ...]
    """The line in words, one step a string, with the Oracle facts it relies on."""
    rules: tuple[str, ...]
    """Comprehensive Rules numbers it relies on."""
    start: Mapping[str, Any] = field(repr=False, compare=False)
    """The start board: ``turn`` and ``players`` of the scenario format."""
    setup: tuple[ScenarioAction, ...] = ()
    """Actions played once before the loop (casting an imprint artifact, pairing...)."""
    loop: tuple[ScenarioAction, ...] = ()
    """One iteration of the loop (``kind`` loop)."""
    actions: tuple[ScenarioAction, ...] = ()
    """The line (``kind`` once)."""
    grows: tuple[str, ...] = ()
    """Metrics that must increase every iteration (see :mod:`analyzer.combos.metrics`)."""
    shrinks: tuple[str, ...] = ()
    """Metrics that must decrease every iteration (the opponent's life)."""
    expect: Mapping[str, int | str] = field(default_factory=dict, repr=False, compare=False)
    """Metric -> value that must hold after ``actions`` (``kind`` once)."""
    mana_needed: ManaCost = field(default_factory=ManaCost)
    """Mana to start the combo beyond the pieces themselves (empty: none)."""
    expected: Expected = Expected.WORKS
    """What verification should find."""
    why: str = ""
    """Why a false combo fails (required with ``expected = "fails"``)."""
    source: str = ""
    """``"file.toml"`` and entry index, for messages."""

    @property
    def card_set(self) -> frozenset[str]:
        """The pieces as a set (lower-case names), for detection."""
        return frozenset(c.lower() for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the entry (without its start board)."""
        return {"id": self.id, "name": self.name, "cards": list(self.cards),
                "family": self.family.label, "result": self.result.label,
                "result_detail": self.result_detail, "kind": self.kind.label,
                "steps": list(self.steps), "rules": list(self.rules),
                "mana_needed": str(self.mana_needed), "expected": self.expected.label,
                "why": self.why}
