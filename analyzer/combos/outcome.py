"""What a deck's combo search found (:class:`ComboFinding`, :class:`ComboReport`) and the
JSON shape ``spellweb combos DECK --json`` promises (see :mod:`analyzer.combos.report`).

Kept apart from the search itself (detection, the rules core, verification) so that the
window can show and test findings without importing the rules core.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from analyzer.combos.detect import NearMiss
    from analyzer.combos.model import Combo
    from analyzer.combos.verify import Verdict, Verification

__all__ = ["ComboFinding", "ComboReport"]


@dataclass(frozen=True)
class ComboFinding:
    """One combo found in a deck, with how verification judged it."""

    combo: Combo
    """The catalog entry or discovered candidate."""
    verification: Verification
    """The verdict, its reason, the gains and the line."""
    source: str
    """``"catalog"`` or ``"discovered"``."""

    @property
    def verdict(self) -> Verdict:
        """Shortcut to the verification's verdict."""
        return self.verification.verdict

    def to_json(self) -> dict[str, Any]:
        """One entry of the ``"combos"`` list (module docstring)."""
        c, v = self.combo, self.verification
        return {"cards": list(c.cards), "verdict": v.verdict.label, "source": self.source,
                "result": c.result.label, "line": list(v.line), "id": c.id, "name": c.name,
                "family": c.family.label, "kind": c.kind.label,
                "result_detail": c.result_detail, "reason": v.reason,
                "gains": dict(v.gains), "iterations": v.iterations, "steps": list(c.steps),
                "rules": list(c.rules), "mana_needed": str(c.mana_needed),
                "expected": c.expected.label, "why": c.why,
                "seconds": round(v.seconds, 4)}


@dataclass(frozen=True)
class ComboReport:
    """Every combo of a deck and its near misses."""

    findings: tuple[ComboFinding, ...]
    """Catalog combos present, then discovered loops."""
    near_misses: tuple[NearMiss, ...]
    """Missing cards, the one completing most combos first."""

    def to_json(self) -> dict[str, Any]:
        """``{"combos": [...], "near_misses": [...]}``."""
        return {"combos": [f.to_json() for f in self.findings],
                "near_misses": [m.to_json() for m in self.near_misses]}

    def lines(self) -> Iterator[str]:
        """The report as text, one line at a time (``spellweb combos DECK``)."""
        if not self.findings:
            yield "No combo of the catalog is complete in this deck."
        for f in self.findings:
            c, v = f.combo, f.verification
            yield f"[{v.verdict.label}] {c.name} ({f.source}): {c.result_detail or c.result.label}"
            yield f"    cards: {', '.join(c.cards)}"
            yield f"    {v.reason}"
            if c.why:
                yield f"    why: {c.why}"
        if self.near_misses:
            yield ""
            yield "Near misses (one card away):"
            for m in self.near_misses:
                names = "; ".join(c.name for c in m.combos)
                yield f"  + {m.card} completes {len(m.combos)}: {names}"
