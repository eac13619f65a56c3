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

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from analyzer.oracle.filters import CreatureFilter, SpellFilter
from analyzer.oracle.keywords import Evasion, KeywordAbility
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
    condition: str = ""
    """When it applies, if not always: a level band, a Class level, a station threshold or
    an "as long as" condition (CR 711.2a, 716.2a, 702.184b, 611.3b); the rules core plays
    an anthem with a condition only where it can tell the condition."""

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




def parse_anthem(sentence: str) -> Anthem | None:
    """Read an anthem sentence such as "Other Ninjas you control get +1/+1.", or ``None``
    (:func:`analyzer.oracle.grammar.statics.read_static_sentence`).

    >>> parse_anthem("Red creatures you control have first strike.").describe()
    'Red creatures you control have first strike'
    >>> parse_anthem("All Sliver creatures get +1/+0.").affected.controller.name
    'ANY'
    """
    from analyzer.oracle.grammar.statics import read_static_sentence

    found = read_static_sentence(sentence)
    return found.value if found is not None and found.kind == "anthem" else None


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
    from analyzer.oracle.grammar.statics import read_static_sentence

    found = read_static_sentence(sentence)
    return found.value if found is not None and found.kind == "blocking" else None


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
    colored_only: bool = False
    """"This effect reduces only the amount of colored mana you pay." (Edgewalker): a
    colored reduction beyond the spell's colored requirement doesn't reduce its generic
    mana (CR 601.2f)."""

    def describe(self) -> str:
        """``"Goblin and Rogue spells you cast cost {1} less"``."""
        only = " (only colored mana)" if self.colored_only else ""
        return f"{_cap(self.spells.describe())} you cast cost {self.amount} less{only}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the reduction."""
        return {"spells": self.spells.to_json(), "amount": str(self.amount),
                "text": self.text, "colored_only": self.colored_only,
                "description": self.describe()}




def parse_cost_reduction(sentence: str) -> CostReduction | None:
    """Read "X spells you cast cost {N} less to cast.", or ``None``.

    >>> parse_cost_reduction("Goblin spells you cast cost {1} less to cast.").describe()
    'Goblin spells you cast cost {1} less'
    """
    from analyzer.oracle.grammar.statics import read_static_sentence

    found = read_static_sentence(sentence)
    return found.value if found is not None and found.kind == "cost_reduction" else None




def parse_enters_tapped(sentence: str) -> bool:
    """True for "CARDNAME enters tapped." (a replacement effect, CR 614.1c).

    >>> parse_enters_tapped("CARDNAME enters tapped.")
    True
    """
    from analyzer.oracle.grammar.replacements import read_replacement_sentence

    found = read_replacement_sentence(sentence)
    return found is not None and found.event == "enters" and not found.condition \
        and len(found.effects) == 1 and found.effects[0].name == "tap" \
        and getattr(found.effects[0].arg("target"), "text", "") == SELF
