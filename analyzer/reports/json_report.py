"""The JSON report: the report model as data, with a documented, versioned schema.

The shape is described in ``docs/report_schema.md`` and checked by the JSON Schema
(draft 2020-12) file ``analyzer/reports/schema/report-1.json`` (:func:`report_schema`). The
document's ``"schema_version"`` is :data:`SCHEMA_VERSION`: the major number changes when a
field is removed or changes meaning, the minor number when one is added.

Examples
--------
>>> from datetime import datetime, UTC
>>> from analyzer.reports.model import Report
>>> doc = report_to_json(Report("T", "", datetime(2026, 1, 2, tzinfo=UTC), "spellweb 0", ()))
>>> doc["schema_version"], doc["generated_at"], doc["sections"]
('1.1', '2026-01-02T00:00:00Z', [])
"""

from __future__ import annotations

import dataclasses
import enum
import json
from importlib import resources
from typing import Any

from analyzer.reports.model import Report, ReportSection, kind_label

__all__ = ["SCHEMA_FILE", "SCHEMA_VERSION", "render_json", "report_schema", "report_to_json"]

SCHEMA_VERSION = "1.1"
"""The version of the JSON shape this module writes (``"MAJOR.MINOR"``)."""
SCHEMA_FILE = "report-1.json"
"""The JSON Schema file (in ``analyzer/reports/schema/``) for every 1.x document."""


def _plain(value: Any) -> Any:
    """Dataclasses as objects (fields in order), tuples as arrays, enums as their value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def report_to_json(report: Report) -> dict[str, Any]:
    """The report as a JSON-able dict; only the sections asked for and filled are present.

    Returns
    -------
    dict
        ``schema_version``, ``generator``, ``generated_at`` (ISO 8601, UTC, ``Z``),
        ``title``, ``notes``, ``sections`` (asked for), ``unavailable`` (asked for but not
        filled, with the reason), ``summary``, one key per filled section and, when the odds
        ran but counted no goal, ``odds_note`` (why; since 1.1); see
        ``docs/report_schema.md``.
    """
    doc: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "generator": report.generator,
        "generated_at": report.generated_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "title": report.title,
        "notes": report.notes,
        "sections": [s.value for s in report.sections],
        "unavailable": [{"section": u.section.value, "reason": u.reason}
                        for u in report.unavailable],
        "summary": {"cards": report.card_count, "synergy_edges": report.edge_count},
    }
    for section in report.shown():
        value = getattr(report, section.value)
        if section.value == "graph" and value is not None:
            graph = _plain(value)
            graph["legend"] = [{"kind": k, "label": kind_label(k), "color": c}
                               for k, c in value.legend]
            doc["graph"] = graph
        elif value is not None:
            doc[section.value] = _plain(value)
        if section is ReportSection.ODDS and report.odds_note:
            doc["odds_note"] = report.odds_note
    return doc


def render_json(report: Report) -> str:
    """The JSON document as text: UTF-8 characters kept, two-space indent, final newline."""
    return json.dumps(report_to_json(report), indent=2, ensure_ascii=False) + "\n"


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`report_to_json` writes."""
    text = resources.files("analyzer.reports").joinpath("schema", SCHEMA_FILE).read_text(
        encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
