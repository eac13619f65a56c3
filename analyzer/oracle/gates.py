"""Gates: the condition an ability line is printed under, and putting it on what it read.

Some card kinds print abilities that exist only while something holds: a leveler's level
band ("LEVEL 2-6", CR 711.2a), a Class's level ("{1}{B}: Level 2" and the lines below it,
CR 716.2a), a Spacecraft's station threshold ("8+ | Flying", CR 702.184b), a Case's
solved ability ("Solved — <ability>", CR 719.3) and a max speed ability ("Max speed —
<ability>", CR 702.178a: the object has it as long as its controller has max speed). :class:`Gate` follows the lines of a face
and tells each line's condition; :func:`apply_gate` puts it on everything the line was read
into, or tells that something read can't carry it (the line is then unread: a condition is
never dropped).

Examples
--------
>>> gate = Gate()
>>> gate.read("Solved — Creatures you control get +1/+0.", None)
'as long as CARDNAME is solved'
>>> gate.body("Solved — Creatures you control get +1/+0.")
'Creatures you control get +1/+0.'
>>> gate.read("Max speed — {T}: Add {R}.", None)
'as long as you have max speed'
>>> gate.read("Flying", None)
''
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.oracle.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from analyzer.oracle.effects import Effect
from analyzer.oracle.objects import parse_object
from analyzer.oracle.text import SELF, remove_reminder_text

if TYPE_CHECKING:
    from analyzer.oracle.builder import _Builder

__all__ = ["STATION", "Gate", "Snapshot", "apply_gate"]

_LEVELER_BAND = re.compile(r"^LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|\+)$")
_LEVELER_PT = re.compile(r"^(?P<p>\d+)/(?P<t>\d+)$")
_CLASS_LEVEL = re.compile(r"^(?:\{[^{}]+\})+: Level (?P<level>\d+)\b")
STATION = re.compile(r"^(?:STATION )?(?P<n>\d+)\+ \| ")
"""A station threshold before an ability ("8+ | Flying", CR 702.184b)."""
_SOLVED = re.compile(r"^Solved — ")
_MAX_SPEED = re.compile(r"^Max speed — ")
_SELF_REF = parse_object(SELF)


@dataclass
class Gate:
    """The condition the lines being read are printed under: a leveler's level band
    (CR 711.2a), a Class's level (CR 716.2a), a station threshold (CR 702.184b) or a Case's
    "Solved —" (CR 719.3: the ability functions only while the Case is solved)."""

    condition: str = ""
    band: bool = False

    def read(self, raw: str, found: _Builder | None) -> str | None:
        """The condition of line ``raw``; ``None`` when the line is the gate itself (a
        level band) or a leveler's P/T line, which is read here into ``found``."""
        line = remove_reminder_text(raw)
        if band := _LEVELER_BAND.match(line):
            low, high = band["low"], band["high"]
            count = f"{low} or more" if high is None else f"between {low} and {high}"
            self.condition = f"as long as {SELF} has {count} level counters on it"
            self.band = True
            return None
        if self.band and found is not None and (pt := _LEVELER_PT.match(line)):
            effect = Effect.make("set_pt", target=_SELF_REF, power=int(pt["p"]),
                                 toughness=int(pt["t"]), text=line)
            found.abilities.append(StaticAbility("continuous", (effect,), (),
                                                 self.condition, line))
            found.order.append(("ability", len(found.abilities) - 1))
            return None
        if station := STATION.match(line):
            return f"as long as {SELF} has {station['n']} or more charge counters on it"
        if _SOLVED.match(line):
            return f"as long as {SELF} is solved"
        if _MAX_SPEED.match(line):
            return "as long as you have max speed"    # CR 702.178a
        if _CLASS_LEVEL.match(line):
            return ""                     # "{4}{U}: Level 3" exists at every level (716.2a)
        return self.condition

    @staticmethod
    def body(raw: str) -> str:
        """The line without its gate's words (a station threshold, "Solved —", "Max
        speed —")."""
        return _MAX_SPEED.sub("", _SOLVED.sub("", STATION.sub("", raw)))

    def after(self, raw: str) -> None:
        """A Class level line gates the lines after it (CR 716.2a)."""
        if level := _CLASS_LEVEL.match(remove_reminder_text(raw)):
            self.condition = f"as long as {SELF} is level {level['level']} or higher"
            self.band = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """How much a builder held before a line was read, to tell what the line added."""

    keywords: int
    mana: int
    abilities: int
    anthems: int
    reductions: int
    blocking: int
    unsupported: int
    flags: tuple[bool, bool, bool]

    @classmethod
    def of(cls, found: _Builder) -> Snapshot:
        """The sizes of ``found``'s lists now."""
        return cls(len(found.keywords), len(found.mana), len(found.abilities),
                   len(found.anthems), len(found.reductions), len(found.blocking),
                   len(found.unsupported),
                   (found.cant_block, found.every_type, found.enters_tapped))

    def restore(self, found: _Builder) -> None:
        """Take back what was read since (the line is then unread as a whole)."""
        del found.keywords[self.keywords:], found.mana[self.mana:]
        del found.abilities[self.abilities:], found.anthems[self.anthems:]
        del found.reductions[self.reductions:], found.blocking[self.blocking:]
        del found.unsupported[self.unsupported:]
        found.cant_block, found.every_type, found.enters_tapped = self.flags


def apply_gate(found: _Builder, before: Snapshot, condition: str) -> bool:
    """Put ``condition`` on everything read from one gated line: anthems and abilities carry
    it, keywords become a static granting them while it holds. False (nothing changed) when
    the line was read into something that can't carry a condition — a replacement effect
    (whose condition is the event it replaces, CR 614.1), a cost reduction, a blocking
    restriction, "enters tapped": the caller leaves the line unread."""
    added = found.abilities[before.abilities:]
    if any(not isinstance(a, StaticAbility | ActivatedAbility | TriggeredAbility)
           for a in added) or len(found.reductions) > before.reductions \
            or len(found.blocking) > before.blocking \
            or (found.cant_block, found.every_type, found.enters_tapped) != before.flags:
        return False
    for i in range(before.anthems, len(found.anthems)):
        found.anthems[i] = dataclasses.replace(found.anthems[i], condition=condition)
    for i in range(before.abilities, len(found.abilities)):
        ability = found.abilities[i]
        if isinstance(ability, StaticAbility | ActivatedAbility):
            both = " and ".join(c for c in (condition, ability.condition) if c)
            found.abilities[i] = dataclasses.replace(ability, condition=both)
        elif isinstance(ability, TriggeredAbility):
            both = ", ".join(c for c in (condition, ability.condition) if c)
            found.abilities[i] = dataclasses.replace(ability, condition=both)
    for i in range(before.mana, len(found.mana)):
        found.mana[i] = dataclasses.replace(found.mana[i], condition=condition)
    keywords = found.keywords[before.keywords:]
    if keywords:
        del found.keywords[before.keywords:]
        effect = Effect.make("grant_abilities", target=_SELF_REF, keywords=tuple(keywords),
                             text=", ".join(str(k) for k in keywords))
        found.abilities.append(StaticAbility("continuous", (effect,), (), condition,
                                             effect.text))
    return True
