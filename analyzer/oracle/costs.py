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

from dataclasses import dataclass
from typing import Any

from analyzer.oracle.errors import OracleError
from analyzer.oracle.objects import ObjectRef, Zone
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
    CostSpec("choice", "601.2b", "{options}"),
    CostSpec("discard_random", "701.9", "discard {what} at random"),
    CostSpec("waterbend", "701.66", "waterbend {amount}"),
    CostSpec("put_on_library", "400.7", "put {what} on top of its owner's library"),
    CostSpec("put_into_graveyard", "400.7", "put {what} into its owner's graveyard"),
    CostSpec("pay_life_half", "119.4", "pay half your life, rounded {amount}"),
    CostSpec("remove_counters_among", "122.1",
             "remove {amount} {counter} counters from among {what}"),
    CostSpec("put_on_library_bottom", "400.7", "put {what} on the bottom of its owner's "
                                               "library"),
    CostSpec("reveal_hand", "701.20", "reveal your hand"),
    CostSpec("unattach", "701.3d", "unattach this"),
    CostSpec("exile_top_of_graveyard", "406.2", "exile the top {amount} of your graveyard"),
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
    options: tuple[Cost, ...] = ()
    """For a ``choice``: the costs one of which is paid ("sacrifice a creature or pay
    {4}", CR 601.2b)."""

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
        if self.what is not None and self.what.filter.kind == "self" \
                and self.what.filter.zone is not Zone.BATTLEFIELD:
            what = f"this from your {self.what.filter.zone.name.lower()}"
        options = " or ".join(o.describe() for o in self.options)
        text = self.spec.template.format(what=what, amount=self.amount, counter=self.counter,
                                         options=options).replace(SELF, "this")
        if self.amount == "1" and self.name in ("remove_counters", "put_counters"):
            # "remove a +1/+1 counter from this", "remove a counter from this"
            text = text.replace(f" 1 {self.counter} counters", f" a {self.counter} counter"
                                if self.counter else " a counter")
        return " ".join(text.split())

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the cost."""
        found: dict[str, Any] = {"name": self.name, "rule": self.spec.rule,
                 "what": self.what.to_json() if self.what else None, "amount": self.amount,
                 "counter": self.counter, "text": self.text, "description": self.describe()}
        if self.options:
            found["options"] = [o.to_json() for o in self.options]
        return found


def parse_costs(text: str) -> tuple[tuple[Cost, ...], tuple[str, ...]]:
    """Read an activation or additional cost: ``(costs, parts not understood)``; the cost
    grammar (:func:`analyzer.oracle.grammar.costs.parse_costs`) reads it.

    >>> parse_costs("Sacrifice CARDNAME")[0][0].describe()
    'sacrifice this'
    >>> parse_costs("{2}, Exile two cards from your graveyard")[0][1].what.filter.zone.name
    'GRAVEYARD'
    """
    from analyzer.oracle.grammar.costs import parse_costs as read

    return read(text)
