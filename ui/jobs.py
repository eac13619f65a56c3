"""The controller's other worker jobs, each a generator run off the GUI thread: a service
job on a database opened in a worker process (:func:`database_job`), a report written
(:func:`report_job`) or built for the Report tab (:func:`report_preview_job`), and a
database read without writing (:func:`database_probe_job`).

:mod:`ui.controllers` runs them and re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.errors import AnalyzerError
from analyzer.progress import CancelToken, Job, Progress
from analyzer.reports.model import ReportSection

if TYPE_CHECKING:
    pass

__all__ = ["PREVIEW_SECTIONS", "REPORT_FINDINGS", "database_job", "database_probe_job",
           "report_job", "report_preview_job", "shared_by_processes"]


def database_job(db_url: str, job: Callable[..., Job[Any]], args: tuple[Any, ...],
                 kwargs: dict[str, Any], *, cancel: CancelToken) -> Job[Any]:
    """Run ``job(db, *args, cancel=cancel, **kwargs)`` (a module-level
    :mod:`analyzer.services` job) on the database at ``db_url``, opened and closed here:
    the body of a :class:`~ui.workers.ProcessJobWorker`, whose process shares no memory
    with the window."""
    db = services.open_database(db_url, seed=False)
    try:
        return (yield from job(db, *args, cancel=cancel, **kwargs))
    finally:
        db.dispose()


def shared_by_processes(db_url: str) -> bool:
    """True when another process opening ``db_url`` sees the same database (a file or a
    server; not an in-memory SQLite database)."""
    from sqlalchemy.engine import make_url

    url = make_url(db_url)
    if not url.get_backend_name().startswith("sqlite"):
        return True
    return url.database not in (None, "", ":memory:") and \
        url.query.get("mode") != "memory"


REPORT_FINDINGS = frozenset({ReportSection.COMBOS, ReportSection.NEAR_MISSES,
                             ReportSection.LINES, ReportSection.ODDS})
"""Report sections that need :func:`analyzer.services.report_findings_job` first."""


def report_job(db: Database | None, analysis: services.DeckAnalysis, path: Path,
               sections: Sequence[ReportSection], title: str | None, notes: str,
               cancel: CancelToken) -> Job[Path]:
    """Write a deck's report (for the worker thread): first the combo verification, sample
    lines and goldfish odds when a section of :data:`REPORT_FINDINGS` is wanted
    (:func:`analyzer.services.report_findings_job`), then the file
    (:func:`analyzer.services.export_report_job`, format from ``path``'s ending).

    Raises
    ------
    Cancelled
        ``cancel`` was set; no file is written.
    InputError, OSError
        From the export (unknown ending, unwritable file).
    """
    findings = None
    if REPORT_FINDINGS.intersection(sections):
        if db is None:
            raise AnalyzerError("the combo sections need the card database; none is open")
        findings = yield from services.report_findings_job(db, analysis, sections,
                                                           cancel=cancel)
    cancel.check()
    written = yield from services.export_report_job(analysis, path, sections=sections,
                                                    title=title, notes=notes,
                                                    findings=findings, cancel=cancel)
    return written


PREVIEW_SECTIONS = tuple(s for s in ReportSection if s not in (ReportSection.LINES,
                                                                ReportSection.ODDS))
"""The Report tab's sections: all but the sample lines and goldfish odds, which need
simulations that only an export runs."""


def report_preview_job(analysis: services.DeckAnalysis, combos: Any,
                       cancel: CancelToken) -> Job[Any]:
    """The :class:`~analyzer.reports.model.Report` of a deck for the Report tab (for the
    worker thread): :data:`PREVIEW_SECTIONS`, the combo and near-miss sections from
    ``combos`` (a :class:`~analyzer.combos.report.ComboReport`; None: "not run")."""
    from analyzer.combos.findings import combo_findings
    from analyzer.reports import build_report
    from analyzer.reports.model import ReportOptions

    yield Progress(0, 0, "Building the report")
    findings = combo_findings(combos) if combos is not None else None
    cancel.check()
    return build_report(analysis, ReportOptions(sections=PREVIEW_SECTIONS), findings)


def database_probe_job(url: str | None, cancel: CancelToken) -> Job[Any]:
    """Read the database ``url`` without writing to it and return its
    :class:`~analyzer.cards.db.probe.DatabaseProbe` (Settings ▸ Test Connection): a missing
    SQLite file is not created, an older schema not upgraded, an empty database not seeded.

    Raises
    ------
    DatabaseError
        The URL is malformed, its driver missing, the server unreachable, or a SQLite
        file's folder missing (:func:`analyzer.cards.db.probe.probe_database`).
    """
    from analyzer.cards.db.probe import probe_database

    yield Progress(0, 0, "Connecting to the card database")
    cancel.check()
    return probe_database(url)
