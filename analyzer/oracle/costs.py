"""Costs as registry values: ``COSTS[name]`` and :class:`Cost` (CR 118, 602.1a).

An activation cost such as ``"{2}, {T}, Sacrifice another creature"`` is a tuple of
:class:`Cost` values (``mana``, ``tap``, ``sacrifice``...), each named with the rules' words
and able to describe itself. :func:`parse_costs` reads one; a part it cannot read is
returned apart so the caller keeps it as unsupported text.

Examples
--------
>>> costs, unread = parse_costs("{1}{B}, {T}, Discard a card")
>>> [c.name for c in costs], unread
(['mana', 'tap', 'discard'], ())
>>> [c.describe() for c in costs]
['pay {1}{B}', 'tap this', 'discard a card']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from analyzer.oracle.errors import OracleError
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef, parse_number, parse_object
from analyzer.oracle.text import SELF

__all__ = ["COSTS", "Cost", "CostSpec", "parse_costs"]


@dataclass(frozen=True, slots=True)
class CostSpec:
    """One row of :data:`COSTS`."""

    name: str
    """Registry key: ``"sacrifice"``."""
    rule: str
    """The rule behind it."""
    template: str
    """``describe()`` text with ``{what}``, ``{amount}``, ``{counter}`` placeholders."""


COSTS: dict[str, CostSpec] = {s.name: s for s in (
    CostSpec("mana", "118.1", "pay {amount}"),
    CostSpec("tap", "107.5", "tap this"),
    CostSpec("untap", "107.6", "untap this"),
    CostSpec("sacrifice", "701.21", "sacrifice {what}"),
    CostSpec("discard", "701.9", "discard {what}"),
    CostSpec("pay_life", "119.4", "pay {amount} life"),
    CostSpec("return_to_hand", "400.7", "return {what} to its owner's hand"),
    CostSpec("exile", "406.2", "exile {what}"),
    CostSpec("remove_counters", "122.1", "remove {amount} {counter} counters from {what}"),
    CostSpec("put_counters", "122.1", "put {amount} {counter} counters on {what}"),
    CostSpec("tap_permanents", "107.5", "tap {what}"),
    CostSpec("untap_permanents", "107.6", "untap {what}"),
    CostSpec("reveal", "701.20", "reveal {what}"),
    CostSpec("pay_energy", "107.14", "pay {amount} energy"),
    CostSpec("loyalty", "606.4", "{amount} loyalty"),
    CostSpec("mill", "701.17", "mill {amount} cards"),
    CostSpec("exert", "701.43", "exert this"),
    CostSpec("collect_evidence", "701.59", "collect evidence {amount}"),
    CostSpec("forage", "701.61", "forage"),
    CostSpec("blight", "701.68", "blight {amount}"),
    CostSpec("behold", "701.4", "behold {what}"),
    CostSpec("pay_mana_x", "107.3", "pay {amount}"),
)}
"""The cost registry: name -> :class:`CostSpec`."""


@dataclass(frozen=True, slots=True)
class Cost:
    """One part of a cost: ``Cost("sacrifice", what=<another creature>)``."""

    name: str
    """A key of :data:`COSTS`."""
    what: ObjectRef | None = None
    """The objects involved (sacrificed, discarded, tapped...)."""
    amount: str = ""
    """A number, a mana cost in braces or a loyalty change (``"+1"``, ``"−2"``)."""
    counter: str = ""
    """The counter kind for counter costs (``"+1/+1"``, ``"loyalty"``)."""
    text: str = ""
    """The part as written."""

    def __post_init__(self) -> None:
        if self.name not in COSTS:
            raise OracleError(f"unknown cost {self.name!r}")

    @property
    def spec(self) -> CostSpec:
        """The registry row."""
        return COSTS[self.name]

    def describe(self) -> str:
        """The cost in plain English: ``"sacrifice another creature"``."""
        what = "this" if self.what is None or self.what.filter.kind == "self" \
            else self.what.describe()
        return self.spec.template.format(what=what, amount=self.amount,
                                         counter=self.counter).replace(SELF, "this")

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the cost."""
        return {"name": self.name, "rule": self.spec.rule,
                "what": self.what.to_json() if self.what else None, "amount": self.amount,
                "counter": self.counter, "text": self.text, "description": self.describe()}


_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), name) for p, name in (
        (r"^sacrifice (?P<what>.+)$", "sacrifice"),
        (r"^discard (?P<what>.+)$", "discard"),
        (r"^pay (?P<n>\w+) life$", "pay_life"),
        (r"^return (?P<what>.+?) to (?:its|their) owner's hand$", "return_to_hand"),
        (r"^exile (?P<what>.+)$", "exile"),
        (r"^remove (?P<n>\w+|all) (?P<counter>[^ ]+) counters? from (?P<what>.+)$",
         "remove_counters"),
        (r"^put (?P<n>\w+) (?P<counter>[^ ]+) counters? on (?P<what>.+)$", "put_counters"),
        (r"^tap (?P<what>(?:an|one|two|three|four|five|X|\d+) untapped .+)$",
         "tap_permanents"),
        (r"^tap (?P<what>.+)$", "tap_permanents"),
        (r"^untap (?P<what>.+)$", "untap_permanents"),
        (r"^reveal (?P<what>.+)$", "reveal"),
        (r"^pay (?P<n>[^ ]+) \{E\}$|^pay (?P<n2>\w+) energy$", "pay_energy"),
        (r"^mill (?P<n>\w+) cards?$", "mill"),
        (r"^exert CARDNAME$", "exert"),
        (r"^collect evidence (?P<n>\d+)$", "collect_evidence"),
        (r"^forage$", "forage"),
        (r"^blight (?P<n>\d+)$", "blight"),
        (r"^behold (?P<what>.+)$", "behold"),
        (r"^(?P<n>(?:\{E\})+)$", "pay_energy"),
        (r"^pay (?P<n>\{X\})$", "pay_mana_x"),
        (r"^pay (?P<n>(?:\{[^}]+\})+)$", "mana"),
    ))
_LOYALTY = re.compile(r"^[+−-]?(?:\d+|X)$")
_EXILE_TAIL = re.compile(r"^(?P<what>.+?) (?:from|in) (?:your|a) graveyard$")


def _what(text: str) -> ObjectRef | None:
    text = text.strip()
    if text in (SELF, "it"):
        return parse_object(SELF)
    if "graveyard" in text and (tail := _EXILE_TAIL.match(text)):
        base = parse_object(text)
        return base if base is not None else parse_object(tail["what"])
    return parse_object(text)


def _one(part: str) -> Cost | None:
    if part == "{T}":
        return Cost("tap", text=part)
    if part == "{Q}":
        return Cost("untap", text=part)
    if _LOYALTY.match(part):
        return Cost("loyalty", amount=part, counter="loyalty", text=part)
    if (mana := ManaCost.try_parse(part)) is not None and not mana.is_empty:
        return Cost("mana", amount=str(mana), text=part)
    for pattern, name in _PATTERNS:
        match = pattern.match(part)
        if match is None:
            continue
        groups = match.groupdict()
        amount = groups.get("n") or groups.get("n2") or ""
        if amount and amount not in ("all",) and not amount.startswith("{") \
                and parse_number(amount) is None:
            continue
        what = None
        if groups.get("what"):
            what = _what(groups["what"])
            if what is None:
                continue
        return Cost(name, what, amount, groups.get("counter") or "", part)
    return None


_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+(?=(?:sacrifice|discard|pay|exile|tap|remove)\b)",
                    re.IGNORECASE)


def parse_costs(text: str) -> tuple[tuple[Cost, ...], tuple[str, ...]]:
    """Read an activation or additional cost: ``(costs, parts not understood)``.

    >>> parse_costs("Sacrifice CARDNAME")[0][0].describe()
    'sacrifice this'
    >>> parse_costs("{2}, Exile two cards from your graveyard")[0][1].what.filter.zone.name
    'GRAVEYARD'
    >>> parse_costs("Tap an untapped Wizard you control")[0][0].name
    'tap_permanents'
    """
    costs: list[Cost] = []
    unread: list[str] = []
    for part in (p.strip() for p in _SPLIT.split(text)):
        if not part:
            continue
        cost = _one(part)
        if cost is None:
            unread.append(part)
        else:
            costs.append(cost)
    return tuple(costs), tuple(unread)
