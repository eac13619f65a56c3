"""Metrics, gains and results in a player's words, for verdict reasons and reports.

Verification measures metrics (:mod:`analyzer.combos.metrics`): ``zone:Changeling Outcast``,
``life:B``, ``mana:A:C``. A player reads "Changeling Outcast back in hand; B at 19 life" and
"+2 {C} per iteration over 5 iterations: infinite colorless mana", which this module writes.

Examples
--------
>>> fact("life:B", 19)
'B at 19 life'
>>> fact("tapped:Swamp 2", 0)
'Swamp 2 untapped'
>>> gain("mana:A:C", 2.0)
'+2 {C}'
>>> gain("life:B", -1.0)
'B loses 1 life'
>>> gain("drawn:A", 1.0)
'A draws 1 card'
>>> result_words("infinite_mana", ["mana:A:C"])
'infinite colorless mana'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from analyzer.combos.metrics import Metric

__all__ = ["expectations", "fact", "gain", "loop_reason", "result_words"]

_COLOUR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
"""Mana type letter -> its name (CR 106.1)."""
_ZONE = {"hand": "in hand", "battlefield": "on the battlefield", "graveyard": "in the graveyard",
         "exile": "in exile", "library": "in the library", "stack": "on the stack",
         "command": "in the command zone", "": "nowhere"}
"""A zone metric's value -> where, in words."""
_CARDS_IN = ("hand", "library", "graveyard", "exile")
"""Player metrics that count cards in a zone."""


def _n(value: float) -> str:
    return f"{value:g}"


def _plural(n: float, word: str) -> str:
    return f"{_n(n)} {word}" + ("" if abs(n) == 1 else "s")


def fact(name: str, value: int | str, *, started: str = "") -> str:
    """One metric's value as a sentence fragment (``"B at 19 life"``).

    Parameters
    ----------
    name : str
        A metric name (:class:`~analyzer.combos.metrics.Metric`).
    value : int or str
        Its value.
    started : str
        For ``zone``: the zone the object started in; a card back in the hand it left reads
        ``"back in hand"``.

    Raises
    ------
    ValueError
        An unknown metric name.
    """
    m = Metric.parse(name)
    who = m.subject
    if m.kind == "winner":
        return f"{value} wins the game" if value else "nobody has won"
    if m.kind == "life":
        return f"{who} at {value} life"
    if m.kind == "mana":
        what = f"{{{m.detail}}}" if m.detail else "mana"
        return f"{who} has {value} {what} in their mana pool"
    if m.kind in _CARDS_IN:
        where = "hand" if m.kind == "hand" else m.kind
        return f"{who} has {_plural(int(value), 'card')} in {where}"
    if m.kind == "drawn":
        return f"{who} has drawn {_plural(int(value), 'card')}"
    if m.kind == "tokens":
        return f"{who} controls {_plural(int(value), 'token')}"
    if m.kind == "permanents":
        return f"{who} controls {_plural(int(value), 'permanent')}"
    if m.kind == "extra_turns":
        return f"{who} has {_plural(int(value), 'extra turn')}"
    if m.kind == "zone":
        where = _ZONE.get(str(value), f"in {value}")
        # returned to hand from play ("back in hand"); one drawn or revealed from the
        # library is only "in hand"
        back = "back " if value == "hand" and started not in ("", "hand", "library") else ""
        return f"{who} {back}{where}"
    if m.kind == "controller":
        return f"{value} controls {who}"
    if m.kind == "tapped":
        return f"{who} {'tapped' if value else 'untapped'}"
    if m.kind == "attacking":
        return f"{who} attacking {value}" if value else f"{who} not attacking"
    if m.kind in ("power", "toughness"):
        return f"{who} has {m.kind} {value}"
    return f"{who} has {_plural(int(value), m.detail + ' counter')}"


def expectations(expect: Mapping[str, int | str], start: Mapping[str, Any] | None = None
                 ) -> str:
    """A one-shot combo's expectations as one sentence, facts about the same object joined
    (``"Splinter, Hamato Yoshi on the battlefield, tapped; B at 19 life"``).

    ``start`` is the combo's start board (catalog ``start``): it tells where each object
    began, so a card returned to hand reads "back in hand".
    """
    grouped: dict[str, list[str]] = {}
    for name, value in expect.items():
        m = Metric.parse(name)
        said = fact(name, value, started=_start_zone(start or {}, m.subject))
        if m.kind in ("tapped", "attacking") and m.subject in grouped:
            said = said.removeprefix(m.subject + " ")   # "X on the battlefield, tapped"
        grouped.setdefault(m.subject if m.kind not in ("controller", "winner") else name,
                           []).append(said)
    return "; ".join(", ".join(parts) for parts in grouped.values())


def _start_zone(start: Mapping[str, Any], ident: str) -> str:
    """The zone the object ``ident`` (a name or a start-board ``id``) starts in, or ``""``."""
    for player in (start.get("players") or {}).values():
        if not isinstance(player, Mapping):
            continue
        for zone, entries in player.items():
            if not isinstance(entries, list):
                continue
            for entry in entries:
                names = {entry} if isinstance(entry, str) else (
                    {str(entry.get("card", "")), str(entry.get("id", ""))}
                    if isinstance(entry, Mapping) else set())
                if ident in names:
                    return str(zone)
    return ""


def gain(name: str, per_iteration: float) -> str:
    """A metric's change per loop iteration in words (``"+2 {C}"``, ``"B loses 1 life"``).

    Raises
    ------
    ValueError
        An unknown metric name.
    """
    m, v = Metric.parse(name), per_iteration
    sign = f"{v:+g}"
    if m.kind == "mana":
        what = f"{{{m.detail}}}" if m.detail else "mana"
        return f"{sign} {what}" + ("" if m.subject == "A" else f" for {m.subject}")
    if m.kind == "life":
        return f"{m.subject} {'gains' if v > 0 else 'loses'} {_n(abs(v))} life"
    if m.kind in _CARDS_IN:
        where = "hand" if m.kind == "hand" else m.kind
        return f"{sign} {'card' if abs(v) == 1 else 'cards'} in {m.subject}'s {where}"
    if m.kind == "drawn":
        return f"{m.subject} draws {_plural(v, 'card')}"
    if m.kind in ("tokens", "permanents", "extra_turns"):
        word = {"tokens": "token", "permanents": "permanent", "extra_turns": "extra turn"}
        return f"{sign} {word[m.kind]}" + ("" if abs(v) == 1 else "s") + \
            ("" if m.subject == "A" else f" for {m.subject}")
    if m.kind in ("power", "toughness"):
        return f"{sign} {m.kind} on {m.subject}"
    if m.kind == "counters":
        return f"{sign} {m.detail} counter" + ("" if abs(v) == 1 else "s") + f" on {m.subject}"
    return f"{sign} {name}"


def result_words(result: str, metrics: Iterable[str] = ()) -> str:
    """A combo result label in words; infinite mana names its colour from the mana metric
    that grows (``"infinite colorless mana"``)."""
    if result == "infinite_mana":
        colours = [_COLOUR[m.detail] for m in map(Metric.parse, metrics)
                   if m.kind == "mana" and m.detail in _COLOUR]
        if len(colours) == 1:
            return f"infinite {colours[0]} mana"
    return result.replace("_", " ")


def loop_reason(gains: Mapping[str, float], iterations: int, result: str) -> str:
    """A verified loop in one sentence:
    ``"+2 {C} per iteration over 5 iterations: infinite colorless mana"``."""
    said = ", ".join(gain(k, v) for k, v in gains.items()) or "no net gain"
    return (f"{said} per iteration over {_plural(iterations, 'iteration')}: "
            f"{result_words(result, [k for k, v in gains.items() if v > 0])}")
