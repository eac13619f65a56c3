"""Reports of a deck analysis in HTML, PDF, Markdown and JSON, from one report model.

:func:`build_report` makes a :class:`Report` (a typed tree: deck, stats, key cards and
packages, the synergy graph picture and every edge, and the combo sections when combo findings
are given); :func:`render_report` turns it into one of the four :class:`ReportFormat`\\ s, and
:func:`export_report_job` does both and writes the file.

Everything from the user or the card data (deck, card and file names, notes, Oracle text) is
escaped in every format: HTML by Jinja2's autoescaping, Markdown by backslash escapes, JSON by
the JSON encoder, and the PDF prints text as text. A card or deck name holding markup shows as
text.

The public names are loaded on first use (:func:`analyzer.lazy.lazy_exports`).
"""

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = lazy_exports(__name__, {
    "build_report": "analyzer.reports.build",
    "ReportFormat": "analyzer.reports.export",
    "export_report_job": "analyzer.reports.export",
    "format_for_path": "analyzer.reports.export",
    "render_report": "analyzer.reports.export",
    "render_html": "analyzer.reports.html",
    "render_html_report": "analyzer.reports.html",
    "write_html_report": "analyzer.reports.html",
    "SCHEMA_VERSION": "analyzer.reports.json_report",
    "report_schema": "analyzer.reports.json_report",
    "report_to_json": "analyzer.reports.json_report",
    "render_markdown": "analyzer.reports.markdown",
    "ComboEntry": "analyzer.reports.model",
    "ComboFindings": "analyzer.reports.model",
    "ComboVerdict": "analyzer.reports.model",
    "GoldfishOdds": "analyzer.reports.model",
    "LineStep": "analyzer.reports.model",
    "NearMiss": "analyzer.reports.model",
    "OddsRow": "analyzer.reports.model",
    "Report": "analyzer.reports.model",
    "ReportOptions": "analyzer.reports.model",
    "ReportSection": "analyzer.reports.model",
    "SampleLine": "analyzer.reports.model",
})
