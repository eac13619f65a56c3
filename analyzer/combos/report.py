"""A deck's combos: what detection, discovery and verification found, as JSON and text.

The JSON is the promise ``spellweb combos DECK --json`` makes::

    {"combos": [{"cards": [...], "verdict": "verified" | "not_working" | "not_verifiable",
                 "source": "catalog" | "discovered", "result": "infinite_mana", "line": [...],
                 "id", "name", "family", "kind", "result_detail", "reason", "gains",
                 "iterations", "steps", "rules", "mana_needed", "expected", "why"}],
     "near_misses": [{"card", "completes", "combos": [...]}]}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from analyzer.combos.detect import CatalogIndex, catalog_index, detect_combos
from analyzer.combos.model import Combo
from analyzer.combos.outcome import ComboFinding, ComboReport
from analyzer.combos.verify import DEFAULT_ITERATIONS, verify_combo
from analyzer.progress import CancelToken, Job, Progress

if TYPE_CHECKING:
    from analyzer.rules.cards import CardLibrary

__all__ = ["ComboFinding", "ComboReport", "combo_report_job"]


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
