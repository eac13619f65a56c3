"""Static abilities the compiler reads: anthems, "can't be blocked", cost reductions.

Each parser takes one normalized sentence (see :func:`analyzer.oracle.text.normalize_line`)
and returns the typed ability, or ``None`` when the sentence is not of its kind. Sentences
with a duration ("until end of turn") or a condition ("as long as") are one-shot effects or
conditional statics: they are left to later versions and end up unsupported.

Examples
--------
>>> a = parse_anthem("Other Ninjas you control get +1/+1.")
>>> a.power, a.toughness, a.describe()
(1, 1, 'Other Ninjas you control get +1/+1')
>>> parse_anthem("Creatures you control get +1/+1 until end of turn.") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from analyzer.oracle.filters import (
    Controller,
    CreatureFilter,
    SpellFilter,
    parse_creature_filter,
    parse_spell_filter,
)
from analyzer.oracle.keywords import Evasion, KeywordAbility, parse_keyword_list
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.text import SELF

__all__ = [
    "Anthem",
    "CantBeBlocked",
    "CostReduction",
    "parse_anthem",
    "parse_block_sentence",
    "parse_cost_reduction",
    "parse_enters_tapped",
]


def _signed(n: int, other: int = 0) -> str:
    """``+1``, ``-2``; a zero beside a negative change prints ``-0`` as Oracle text does."""
    if n == 0 and other < 0:
        return "-0"
    return f"+{n}" if n >= 0 else str(n)


def _pt(power: int, toughness: int) -> str:
    return f"{_signed(power, toughness)}/{_signed(toughness, power)}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class Anthem:
    """A static ability that pumps or grants keywords to a group of creatures.

    P/T changes apply in layer 7c (CR 613.4c), keyword grants in layer 6 (CR 613.1f).

    Examples
    --------
    >>> a = parse_anthem("Other Goblin creatures you control get +1/+1 and have haste.")
    >>> a.describe(), a.rules
    ('Other Goblins you control get +1/+1 and have haste', ('613.4c', '613.1f'))
    """

    affected: CreatureFilter
    """Which creatures."""
    power: int = 0
    """Power change (``+1`` in "+1/+0")."""
    toughness: int = 0
    """Toughness change."""
    keywords: tuple[KeywordAbility, ...] = ()
    """Keywords granted ("have haste")."""
    text: str = ""
    """The sentence as normalized."""

    @property
    def modifies_pt(self) -> bool:
        """True if it changes power or toughness."""
        return bool(self.power or self.toughness)

    @property
    def rules(self) -> tuple[str, ...]:
        """The layers it applies in: 613.4c for P/T, 613.1f for abilities."""
        return (("613.4c",) if self.modifies_pt else ()) + (("613.1f",) if self.keywords else ())

    def effect_phrase(self) -> str:
        """What it gives: ``"+1/+1 and haste"``."""
        parts = [_pt(self.power, self.toughness)] if self.modifies_pt else []
        if self.keywords:
            parts.append(_join(str(k).lower() for k in self.keywords))
        return " and ".join(parts)

    def describe(self) -> str:
        """The anthem in Oracle-like English, without the final period."""
        single = bool(self.affected.attached)
        parts = [f"{'gets' if single else 'get'} {_pt(self.power, self.toughness)}"
                 ] if self.modifies_pt else []
        if self.keywords:
            parts.append(("has " if single else "have ")
                         + _join(str(k).lower() for k in self.keywords))
        return f"{_cap(self.affected.describe())} {' and '.join(parts)}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the anthem."""
        return {"affected": self.affected.to_json(), "power": self.power,
                "toughness": self.toughness, "keywords": [k.to_json() for k in self.keywords],
                "text": self.text, "rules": list(self.rules), "description": self.describe()}


def _join(items: Iterable[str]) -> str:
    words = list(items)
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


_ANTHEM = re.compile(
    r"^(?P<subject>.+?)(?P<ctrl> you control| your opponents control)?"
    r" (?P<verb>gets?|have|has) (?P<rest>.+)\.$")
_PT = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and (?:have|has) (?P<kw>.+))?$")
_NOT_STATIC = re.compile(r"until end of turn|for each|as long as|where X|\bif\b|\bwhile\b"
                         r"|\bduring\b|this turn|base power")


def parse_anthem(sentence: str) -> Anthem | None:
    """Read an anthem sentence such as "Other Ninjas you control get +1/+1.", or ``None``.

    >>> parse_anthem("Red creatures you control have first strike.").describe()
    'Red creatures you control have first strike'
    >>> parse_anthem("All Sliver creatures get +1/+0.").affected.controller.name
    'ANY'
    """
    if _NOT_STATIC.search(sentence) or SELF in sentence:
        return None
    match = _ANTHEM.match(sentence.strip())
    if match is None:
        return None
    controller = {" you control": Controller.YOU, " your opponents control": Controller.OPPONENT
                  }.get(match["ctrl"] or "", Controller.ANY)
    affected = parse_creature_filter(match["subject"], controller)
    if affected is None:
        return None
    rest = match["rest"]
    if match["verb"].startswith("get"):
        pt = _PT.match(rest)
        if pt is None:
            return None
        keywords = parse_keyword_list(pt["kw"]) if pt["kw"] else ()
        if keywords is None:
            return None
        return Anthem(affected, int(pt["p"]), int(pt["t"]), keywords, sentence.strip())
    keywords = parse_keyword_list(rest)
    if not keywords:
        return None
    return Anthem(affected, 0, 0, keywords, sentence.strip())


@dataclass(frozen=True, slots=True)
class CantBeBlocked:
    """The card's own evasion by blocking restriction (CR 509.1b).

    ``"CARDNAME can't be blocked."`` (:attr:`Evasion.UNBLOCKABLE`) or ``"... can't be blocked
    by creatures with power 2 or less."`` (:attr:`Evasion.POWER_LIMITED`).
    """

    evasion: Evasion
    """UNBLOCKABLE or POWER_LIMITED."""
    power: int | None = None
    """For POWER_LIMITED: the power threshold."""
    or_greater: bool | None = None
    """For POWER_LIMITED: ``True`` for "N or greater", ``False`` for "N or less"."""
    text: str = ""
    """The sentence as normalized."""

    def describe(self) -> str:
        """``"can't be blocked"`` or ``"can't be blocked by creatures with power 2 or less"``."""
        if self.evasion is Evasion.POWER_LIMITED:
            return (f"can't be blocked by creatures with power {self.power} or "
                    f"{'greater' if self.or_greater else 'less'}")
        return "can't be blocked"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the restriction."""
        return {"evasion": self.evasion.name.lower(), "power": self.power,
                "or_greater": self.or_greater, "text": self.text,
                "description": self.describe()}


_SELF_CLAUSES = re.compile(rf"^{SELF} (?P<clauses>.+)\.$")
_POWER_LIMIT = re.compile(
    r"^can't be blocked by creatures with power (?P<n>\d+) or (?P<dir>greater|less)$")


def parse_block_sentence(sentence: str) -> tuple[tuple[CantBeBlocked, ...], bool] | None:
    """Read "CARDNAME can't be blocked." and "CARDNAME can't block." sentences.

    Returns
    -------
    tuple or None
        ``(restrictions, cant_block)``, or ``None`` if the sentence says anything else.

    Examples
    --------
    >>> found, cant_block = parse_block_sentence("CARDNAME can't block and can't be blocked.")
    >>> [r.evasion.name for r in found], cant_block
    (['UNBLOCKABLE'], True)
    >>> parse_block_sentence("CARDNAME can't be blocked by Walls.") is None
    True
    """
    match = _SELF_CLAUSES.match(sentence.strip())
    if match is None:
        return None
    found: list[CantBeBlocked] = []
    cant_block = False
    for clause in match["clauses"].split(" and "):
        clause = clause.strip()
        if clause == "can't block":
            cant_block = True
        elif clause == "can't be blocked":
            found.append(CantBeBlocked(Evasion.UNBLOCKABLE, text=sentence.strip()))
        elif limit := _POWER_LIMIT.match(clause):
            found.append(CantBeBlocked(Evasion.POWER_LIMITED, int(limit["n"]),
                                       limit["dir"] == "greater", sentence.strip()))
        else:
            return None
    return tuple(found), cant_block


@dataclass(frozen=True, slots=True)
class CostReduction:
    """"Goblin spells and Rogue spells you cast cost {1} less to cast." (CR 601.2f).

    A reduction applies to alternative costs too (prowl, sneak), CR 601.2f.
    """

    spells: SpellFilter
    """Which spells of yours."""
    amount: ManaCost
    """How much less (generic mana in nearly every case)."""
    text: str = ""
    """The sentence as normalized."""

    def describe(self) -> str:
        """``"Goblin and Rogue spells you cast cost {1} less"``."""
        return f"{_cap(self.spells.describe())} you cast cost {self.amount} less"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the reduction."""
        return {"spells": self.spells.to_json(), "amount": str(self.amount),
                "text": self.text, "description": self.describe()}


_REDUCTION = re.compile(
    r"^(?P<subject>.+?) you cast cost (?P<cost>(?:\{[^{}]+\})+) less to cast\.$")


def parse_cost_reduction(sentence: str) -> CostReduction | None:
    """Read "X spells you cast cost {N} less to cast.", or ``None``.

    >>> parse_cost_reduction("Goblin spells you cast cost {1} less to cast.").describe()
    'Goblin spells you cast cost {1} less'
    """
    match = _REDUCTION.match(sentence.strip())
    if match is None:
        return None
    spells = parse_spell_filter(match["subject"])
    amount = ManaCost.try_parse(match["cost"])
    if spells is None or amount is None:
        return None
    return CostReduction(spells, amount, sentence.strip())


_ENTERS_TAPPED = re.compile(rf"^{SELF} enters tapped\.$")


def parse_enters_tapped(sentence: str) -> bool:
    """True for "CARDNAME enters tapped." (a replacement effect, CR 614.1c).

    >>> parse_enters_tapped("CARDNAME enters tapped.")
    True
    """
    return _ENTERS_TAPPED.match(sentence.strip()) is not None
