"""The combo analysis as the report's input (:class:`analyzer.reports.model.ComboFindings`).

The report model defines what a report shows of combos, near misses, sample lines and
goldfish odds; this module fills it from :class:`~analyzer.combos.report.ComboReport`,
:class:`~analyzer.simulate.lines.LinesReport` and
:class:`~analyzer.simulate.goldfish.OddsReport`. A part not given stays ``None`` (the report
then says that analysis was not run).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.reports.model import (
    ComboEntry,
    ComboFindings,
    ComboVerdict,
    GoldfishOdds,
    LineStep,
    NearMiss,
    OddsRow,
    SampleLine,
)

if TYPE_CHECKING:
    from analyzer.combos.report import ComboReport
    from analyzer.simulate.goldfish import OddsReport
    from analyzer.simulate.lines import LinesReport

__all__ = ["combo_findings"]


def _entries(report: ComboReport) -> tuple[ComboEntry, ...]:
    from analyzer.combos.model import ComboKind
    from analyzer.combos.words import gain, result_words

    out = []
    for f in report.findings:
        loop = f.combo.kind is not ComboKind.ONCE
        reason = f.verification.reason
        if not loop and f.verdict.label == "verified":
            # a one-shot line has no iterations: say what it achieves, then what was checked
            achieves = f.combo.result_detail or result_words(f.combo.result.label)
            reason = f"{achieves}. Checked: {reason}"
        out.append(ComboEntry(
            name=f.combo.name, cards=f.combo.cards, verdict=ComboVerdict(f.verdict.label),
            reason=reason, steps=f.combo.steps,
            gain_per_iteration=tuple(gain(k, v) for k, v in f.verification.gains.items())
            if loop else (),
            rules=f.combo.rules))
    return tuple(out)


def _near(report: ComboReport) -> tuple[NearMiss, ...]:
    return tuple(NearMiss(missing_card=m.card, combos=tuple(c.name for c in m.combos),
                          cards_in_deck=tuple(dict.fromkeys(
                              p for c in m.combos for p in c.cards if p != m.card)))
                 for m in report.near_misses)


def _lines(reports: Sequence[LinesReport]) -> tuple[SampleLine, ...]:
    out = []
    for report in reports:
        for i, line in enumerate(report.lines, start=1):
            out.append(SampleLine(
                title=f"{report.goal.describe()} (line {i})",
                steps=tuple(LineStep(step.text, step.events) for step in line.steps),
                outcome=(f"{line.summary} ({line.result})" if line.result else line.summary)
                if line.reached else "goal not reached"))
    return tuple(out)


def _odds(report: OddsReport) -> tuple[GoldfishOdds, ...]:
    goals = [(f"{' + '.join(c.cards)} all in hand", c.by_turn) for c in report.combos]
    goals += [(f"{a.card} cast for its {a.cost} cost", a.by_turn) for a in report.alt_costs]
    return tuple(GoldfishOdds(goal=goal, games=report.games,
                              rows=tuple(OddsRow(t, p) for t, p in enumerate(by_turn, 1)),
                              on_the_play=report.on_the_play)
                 for goal, by_turn in goals)


def combo_findings(combos: ComboReport | None = None, *,
                   lines: Sequence[LinesReport] | None = None,
                   odds: OddsReport | None = None) -> ComboFindings:
    """The report's combo inputs from what was run; ``None`` parts were not run.

    Parameters
    ----------
    combos : ComboReport, optional
        Combos with verdicts and near misses (:func:`analyzer.services.deck_combos`).
    lines : sequence of LinesReport, optional
        Sample lines (:func:`analyzer.services.scenario_lines`).
    odds : OddsReport, optional
        Goldfish odds (:func:`analyzer.services.deck_odds`).

    Returns
    -------
    ComboFindings
    """
    return ComboFindings(
        combos=None if combos is None else _entries(combos),
        near_misses=None if combos is None else _near(combos),
        lines=None if lines is None else _lines(lines),
        odds=None if odds is None else _odds(odds))
