"""Write a report in one of four formats: the format enum, its file suffixes, the export job.

Examples
--------
>>> format_for_path("deck.PDF") is ReportFormat.PDF
True
>>> ReportFormat.parse("markdown") is ReportFormat.MARKDOWN
True
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.errors import InputError
from analyzer.fileio import write_bytes_atomic
from analyzer.progress import CancelToken, Job, Progress
from analyzer.reports.build import build_report
from analyzer.reports.model import ComboFindings, Report, ReportOptions

if TYPE_CHECKING:
    from analyzer.deck_analysis import DeckAnalysis

__all__ = ["ReportFormat", "export_report_job", "format_for_path", "render_report"]


class ReportFormat(enum.Enum):
    """The report formats; the value is the name used by ``--format``."""

    HTML = "html"
    """One self-contained HTML file (:mod:`analyzer.reports.html`)."""
    PDF = "pdf"
    """A4 PDF with embedded fonts (:mod:`analyzer.reports.pdf`)."""
    MARKDOWN = "md"
    """GitHub-flavoured Markdown (:mod:`analyzer.reports.markdown`)."""
    JSON = "json"
    """JSON with a versioned schema (:mod:`analyzer.reports.json_report`)."""

    @property
    def label(self) -> str:
        """The format's name for people: ``"HTML"``, ``"PDF"``, ``"Markdown"``, ``"JSON"``."""
        return "Markdown" if self is ReportFormat.MARKDOWN else self.name

    @property
    def suffixes(self) -> tuple[str, ...]:
        """File name endings of the format, the usual one first."""
        return _SUFFIXES[self]

    @classmethod
    def parse(cls, name: str) -> ReportFormat:
        """The format named ``name`` (``"html"``, ``"pdf"``, ``"md"``/``"markdown"``,
        ``"json"``, any case).

        Raises
        ------
        InputError
            No format has that name; the message lists them.
        """
        key = name.strip().lower().lstrip(".")
        for fmt in cls:
            if key == fmt.value or key in (s.lstrip(".") for s in fmt.suffixes) \
                    or key == fmt.name.lower():
                return fmt
        raise InputError(f"no report format is called {name!r}; choose html, pdf, md or json")


_SUFFIXES = {ReportFormat.HTML: (".html", ".htm"), ReportFormat.PDF: (".pdf",),
             ReportFormat.MARKDOWN: (".md", ".markdown"), ReportFormat.JSON: (".json",)}


def format_for_path(path: Path | str) -> ReportFormat:
    """The report format a file name's ending stands for.

    Raises
    ------
    InputError
        The ending is none of ``.html .htm .pdf .md .markdown .json``.
    """
    suffix = Path(path).suffix.lower()
    for fmt in ReportFormat:
        if suffix in fmt.suffixes:
            return fmt
    raise InputError(f"{str(path)!r}: cannot tell the report format from the name; end it "
                     "with .html, .pdf, .md or .json, or give the format")


def render_report(report: Report, fmt: ReportFormat) -> bytes:
    """The report as the bytes of a file of format ``fmt`` (text formats in UTF-8)."""
    if fmt is ReportFormat.HTML:
        from analyzer.reports.html import render_html

        return render_html(report).encode("utf-8")
    if fmt is ReportFormat.MARKDOWN:
        from analyzer.reports.markdown import render_markdown

        return render_markdown(report).encode("utf-8")
    if fmt is ReportFormat.JSON:
        from analyzer.reports.json_report import render_json

        return render_json(report).encode("utf-8")
    from analyzer.reports.pdf import render_pdf

    return render_pdf(report)


def export_report_job(analysis: DeckAnalysis, path: Path | str, *,
                      fmt: ReportFormat | str | None = None,
                      options: ReportOptions | None = None,
                      findings: ComboFindings | None = None,
                      cancel: CancelToken | None = None) -> Job[Path]:
    """Build the report of ``analysis`` and write it to ``path`` (a job).

    Parameters
    ----------
    analysis : DeckAnalysis
        The deck and its synergy graph.
    path : Path or str
        The file to write; replaced atomically (a failed export leaves no half file and an
        existing file untouched, :func:`analyzer.fileio.write_bytes_atomic`).
    fmt : ReportFormat or str, optional
        Default: from ``path``'s ending (:func:`format_for_path`).
    options : ReportOptions, optional
        Sections, title, notes.
    findings : ComboFindings, optional
        Combo results; without them the combo sections say the analysis was not run.
    cancel : CancelToken, optional
        Checked between building, rendering and writing.

    Yields
    ------
    Progress
        Three steps: building, rendering, writing.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    InputError
        The format is unknown or cannot be told from the name.
    OSError
        The file cannot be written.
    """
    path = Path(path)
    chosen = fmt if isinstance(fmt, ReportFormat) else \
        ReportFormat.parse(fmt) if fmt else format_for_path(path)
    yield Progress(0, 3, "Building the report")
    report = build_report(analysis, options, findings)
    if cancel:
        cancel.check()
    yield Progress(1, 3, f"Rendering the {chosen.name} report")
    data = render_report(report, chosen)
    if cancel:
        cancel.check()
    yield Progress(2, 3, f"Writing {path.name}")
    write_bytes_atomic(path, data)
    yield Progress(3, 3, f"Wrote {path.name}")
    return path
