"""The HTML report: one self-contained file, readable offline and in print.

Styles are inline, pictures are inline SVG, there is no script and no external reference
(no ``src``/``href`` to fetch, no ``@import``, no web font). Rendered from the
:class:`~analyzer.reports.model.Report` through Jinja2 with autoescaping always on (every
template here is HTML), so a card or deck name holding markup shows as text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jinja2

from analyzer.fileio import write_text_atomic
from analyzer.graph.kinds import KIND_COLORS
from analyzer.reports.build import LABEL_FONT, UNKNOWN_KIND_COLOR, build_report
from analyzer.reports.charts import curve_chart, pip_chart
from analyzer.reports.model import (
    HUB_NODE_COLOR,
    NODE_COLOR,
    NODE_LEGEND,
    TYPES_NOTE,
    ComboVerdict,
    Report,
    ReportOptions,
    ReportSection,
    join_names,
    kind_label,
)

if TYPE_CHECKING:
    from pathlib import Path

    from analyzer.deck_analysis import DeckAnalysis

__all__ = ["render_html", "render_html_report", "write_html_report"]

_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("analyzer.reports", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)

_VERDICT_CLASS = {ComboVerdict.VERIFIED: "ok", ComboVerdict.NOT_WORKING: "bad",
                  ComboVerdict.NOT_VERIFIABLE: "unknown"}


def render_html(report: Report) -> str:
    """The report as one HTML5 document (UTF-8 text).

    Parameters
    ----------
    report : Report
        Built by :func:`analyzer.reports.build_report`.

    Returns
    -------
    str
        A complete, self-contained document: inline CSS (with print rules) and inline SVG.
    """
    stats = report.stats
    return _ENV.get_template("report.html.j2").render(
        report=report,
        S=ReportSection,
        curve=curve_chart(stats.curve) if stats else None,
        pips=pip_chart(stats.pips) if stats else None,
        verdict_class=_VERDICT_CLASS,
        node_at={n.card_id: n for n in report.graph.nodes} if report.graph else {},
        marker_of={kind: i for i, (kind, _) in enumerate(report.graph.legend, start=1)}
        if report.graph else {},
        label_font=LABEL_FONT,
        kind_color=lambda kind: KIND_COLORS.get(kind, UNKNOWN_KIND_COLOR),
        kind_label=kind_label,
        names=join_names,
        hub_color=HUB_NODE_COLOR,
        node_color=NODE_COLOR,
        node_legend=NODE_LEGEND,
        generated=report.generated_at.strftime("%Y-%m-%d %H:%M UTC"),
        types_note=TYPES_NOTE,
    )


def render_html_report(analysis: DeckAnalysis, *, title: str | None = None,
                       notes: str = "") -> str:
    """The HTML report of a deck analysis with every section (kept for callers of 0.1).

    See :func:`analyzer.reports.build_report` and :func:`render_html`.
    """
    return render_html(build_report(analysis, ReportOptions(title=title, notes=notes)))


def write_html_report(analysis: DeckAnalysis, path: Path, *, title: str | None = None,
                      notes: str = "") -> None:
    """Render the report (:func:`render_html_report`) and write it to ``path`` as UTF-8.

    Written through :func:`analyzer.fileio.write_text_atomic`: a failed export never leaves half
    a report behind, and a link is followed rather than replaced.
    """
    write_text_atomic(path, render_html_report(analysis, title=title, notes=notes))
