"""A deck's combos: what detection, discovery and verification found, as JSON and text.

The JSON is the promise ``spellweb combos DECK --json`` makes::

    {"combos": [{"cards": [...], "verdict": "verified" | "not_working" | "not_verifiable",
                 "source": "catalog" | "discovered", "result": "infinite_mana", "line": [...],
                 "id", "name", "family", "kind", "result_detail", "reason", "gains",
                 "iterations", "steps", "rules", "mana_needed", "expected", "why"}],
     "near_misses": [{"card", "completes", "combos": [...]}]}
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.combos.detect import CatalogIndex, NearMiss, catalog_index, detect_combos
from analyzer.combos.model import Combo
from analyzer.combos.verify import DEFAULT_ITERATIONS, Verdict, Verification, verify_combo
from analyzer.progress import CancelToken, Job, Progress

if TYPE_CHECKING:
    from analyzer.rules.cards import CardLibrary

__all__ = ["ComboFinding", "ComboReport", "combo_report_job"]


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


def combo_report_job(card_names: list[str], cards: CardLibrary, *, graph: Any = None,
                     catalog: CatalogIndex | None = None,
                     iterations: int = DEFAULT_ITERATIONS,
                     cancel: CancelToken | None = None) -> Job[ComboReport]:
    """Detect, discover and verify a deck's combos as a long job.

    Parameters
    ----------
    card_names : list of str
        The deck's main deck and command zone names.
    cards : analyzer.rules.CardLibrary
        The rules core's card lookup (the card database).
    graph : networkx.MultiDiGraph, optional
        The deck's synergy graph; discovery runs only when it is given.
    catalog : CatalogIndex, optional
        Default: the project's catalog.
    iterations : int
        Loop iterations per verification.
    cancel : CancelToken, optional
        Checked before each verification.

    Yields
    ------
    Progress
        One per combo verified.

    Returns
    -------
    ComboReport
    """
    index = catalog_index(catalog)
    found = detect_combos(card_names, index)
    todo: list[tuple[Combo, str]] = [(c, "catalog") for c in found.present]
    if graph is not None:
        from analyzer.combos.discover import discover_loops

        todo += [(c, "discovered") for c in discover_loops(graph, index.combos)]
    findings = []
    for done, (combo, source) in enumerate(todo, start=1):
        if cancel is not None:
            cancel.check()
        findings.append(ComboFinding(combo, verify_combo(combo, cards, iterations=iterations),
                                     source))
        yield Progress(done, len(todo), f"Verifying {combo.name}")
    return ComboReport(tuple(findings), found.near_misses)
