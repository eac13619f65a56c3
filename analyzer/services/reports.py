"""A deck's report: the findings it holds and the file it is written to.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.cards.db.engine import Database
from analyzer.deck_analysis import DeckAnalysis
from analyzer.progress import CancelToken, Job, Progress, run_job
from analyzer.services.combos import deck_odds
from analyzer.services.lines import deck_sample_lines

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.reports.export import ReportFormat
    from analyzer.reports.model import ComboFindings, ReportSection

__all__ = ["export_report", "export_report_job", "report_findings_job"]


def export_report_job(analysis: DeckAnalysis, path: Path | str, *,
                      fmt: ReportFormat | str | None = None,
                      sections: Sequence[ReportSection | str] | None = None,
                      title: str | None = None, notes: str = "",
                      findings: ComboFindings | None = None,
                      cancel: CancelToken | None = None) -> Job[Path]:
    """Write the report of a deck analysis as HTML, PDF, Markdown or JSON (a job).

    Parameters
    ----------
    analysis : DeckAnalysis
        The deck and its synergy graph.
    path : Path or str
        The file to write (replaced atomically).
    fmt : ReportFormat or str, optional
        ``"html"``, ``"pdf"``, ``"md"`` or ``"json"``; default from ``path``'s ending.
    sections : sequence of ReportSection or str, optional
        The sections to include (values such as ``"deck"``, ``"edges"``); default all.
    title : str, optional
        Default: the deck's name.
    notes : str
        The user's notes, printed under the title (escaped in every format).
    findings : ComboFindings, optional
        Combo results; without them the combo sections say the analysis was not run.
    cancel : CancelToken, optional
        Stops the export before the file is written.

    Yields
    ------
    Progress
        Building, rendering, writing.

    Returns
    -------
    Path

    Raises
    ------
    InputError
        An unknown format or section, or a file name whose ending names no format.
    OSError
        The file cannot be written (an existing file is left untouched).
    """
    # Imported here: the report renderers (Jinja2, fpdf2) load only when a report is written.
    from analyzer.reports import export as report_export
    from analyzer.reports.model import ReportOptions, ReportSection

    chosen = tuple(ReportSection)
    if sections is not None:
        named = [s.value if isinstance(s, ReportSection) else s for s in sections]
        chosen = ReportSection.parse_list(",".join(named)) if named else ()
    options = ReportOptions(sections=chosen, title=title, notes=notes)
    return (yield from report_export.export_report_job(
        analysis, path, fmt=fmt, options=options, findings=findings, cancel=cancel))


def report_findings_job(db: Database, analysis: DeckAnalysis,
                        sections: Sequence[ReportSection | str] | None = None, *,
                        seed: int = 0, games: int = 2_000, turns: int = 6,
                        line_goal: str = "damage", line_nodes: int = 300,
                        cancel: CancelToken | None = None) -> Job[ComboFindings]:
    """Run the combo analyses a report's sections need and gather them for the report.

    Combos and near misses (:func:`analyzer.combos.report.combo_report_job`, verified in the
    rules core, loops discovered in ``analysis.graph``) when the ``combos`` or
    ``near_misses`` section is wanted; goldfish odds (:func:`deck_odds`, ``games`` seeded
    games over ``turns`` turns) for ``odds``; sample lines (:func:`deck_sample_lines`
    toward ``line_goal`` with a budget of ``line_nodes`` states) for ``lines``. A part not
    wanted stays ``None`` in the result, which the report states as "not run"; odds that
    cannot be simulated (a deck smaller than an opening hand) stay ``None`` with the reason in
    :attr:`ComboFindings.reasons`, which the report states instead.

    Parameters
    ----------
    sections : sequence of ReportSection or str, optional
        Default: every section.

    Yields
    ------
    Progress
        One step per analysis, then the combo verifications.

    Returns
    -------
    ComboFindings
        See :func:`analyzer.combos.findings.combo_findings`.

    Raises
    ------
    Cancelled
        When ``cancel`` is set.
    """
    from dataclasses import replace

    from analyzer.combos.findings import combo_findings
    from analyzer.combos.report import combo_report_job
    from analyzer.errors import InputError
    from analyzer.reports.model import ReportSection as Section
    from analyzer.rules.cards import CardLibrary

    wanted = set(Section) if sections is None else {Section(s) if isinstance(s, str) else s
                                                    for s in sections}
    combos = lines = odds = None
    reasons: list[tuple[Section, str]] = []
    if wanted & {Section.COMBOS, Section.NEAR_MISSES}:
        names = [card.name for card, _ in analysis.deck.main_and_commander()]
        combos = yield from combo_report_job(names, CardLibrary.from_database(db),
                                             graph=analysis.graph, cancel=cancel)
    if Section.ODDS in wanted:
        yield Progress(0, 0, "goldfish odds")
        try:
            odds = deck_odds(db, analysis.deck, turns=turns, games=games, seed=seed)
        except InputError as err:   # e.g. too few cards for an opening hand: say so
            reasons.append((Section.ODDS, f"the goldfish simulation cannot run: {err}"))
    if Section.LINES in wanted:
        yield Progress(0, 0, "sample lines")
        try:
            lines = [deck_sample_lines(db, analysis.deck, line_goal, seed=seed,
                                       nodes=line_nodes)]
        except InputError:
            lines = []   # no board of this deck the rules core can set up: no lines to show
    if cancel is not None:
        cancel.check()
    found = combo_findings(combos, lines=lines, odds=odds)
    return replace(found, reasons=tuple(reasons)) if reasons else found


def export_report(analysis: DeckAnalysis, path: Path | str, *,
                  fmt: ReportFormat | str | None = None,
                  sections: Sequence[ReportSection | str] | None = None,
                  title: str | None = None, notes: str = "",
                  findings: ComboFindings | None = None) -> Path:
    """:func:`export_report_job` run to its end (see :mod:`analyzer.reports`)."""
    return run_job(export_report_job(analysis, path, fmt=fmt, sections=sections, title=title,
                                     notes=notes, findings=findings))
