"""Reports of a deck analysis in HTML, PDF, Markdown and JSON, from one report model.

:func:`build_report` makes a :class:`Report` (a typed tree: deck, stats, key cards and
packages, the synergy graph picture and every edge, and the combo sections when combo findings
are given); :func:`render_report` turns it into one of the four :class:`ReportFormat`\\ s, and
:func:`export_report_job` does both and writes the file.

Everything from the user or the card data (deck, card and file names, notes, Oracle text) is
escaped in every format: HTML by Jinja2's autoescaping, Markdown by backslash escapes, JSON by
the JSON encoder, and the PDF prints text as text. A card or deck name holding markup shows as
text.
"""

from analyzer.reports.build import build_report
from analyzer.reports.export import (
    ReportFormat,
    export_report_job,
    format_for_path,
    render_report,
)
from analyzer.reports.html import render_html, render_html_report, write_html_report
from analyzer.reports.json_report import SCHEMA_VERSION, report_schema, report_to_json
from analyzer.reports.markdown import render_markdown
from analyzer.reports.model import (
    ComboEntry,
    ComboFindings,
    ComboVerdict,
    GoldfishOdds,
    LineStep,
    NearMiss,
    OddsRow,
    Report,
    ReportOptions,
    ReportSection,
    SampleLine,
)

__all__ = [
    "SCHEMA_VERSION",
    "ComboEntry",
    "ComboFindings",
    "ComboVerdict",
    "GoldfishOdds",
    "LineStep",
    "NearMiss",
    "OddsRow",
    "Report",
    "ReportFormat",
    "ReportOptions",
    "ReportSection",
    "SampleLine",
    "build_report",
    "export_report_job",
    "format_for_path",
    "render_html",
    "render_html_report",
    "render_markdown",
    "render_report",
    "report_schema",
    "report_to_json",
    "write_html_report",
]
