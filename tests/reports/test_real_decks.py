"""Every report format for three real decks: the JSON validates against its schema, the HTML
parses with no external reference, the PDF opens with the page count its content takes, the
Markdown renders its tables. Expected counts come from the deck files read here directly."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from _pdf_pages import expected_pages
from _report_checks import (
    FIXED_TIME,
    REAL_DECKS,
    deck_file_counts,
    external_references,
    markdown_tables,
    parse_html,
    pdf_text,
    squash,
)
from markdown_it import MarkdownIt

from analyzer import services
from analyzer.reports import (
    ReportFormat,
    ReportOptions,
    ReportSection,
    build_report,
    render_report,
    report_schema,
)
from analyzer.reports.pdf_blocks import report_blocks

pytestmark = [pytest.mark.shared, pytest.mark.slow]

NOTES = "Sideboard plan: bring in Hydroblast.\nSecond line — Æther, Lim-Dûl."


@pytest.fixture(scope="module")
def exported(real_analyses: dict[str, services.DeckAnalysis],
             tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, ReportFormat], Path]:
    """Each real deck exported in each format through the service the CLI and GUI call."""
    folder = tmp_path_factory.mktemp("reports")
    out = {}
    for key, analysis in real_analyses.items():
        for fmt in ReportFormat:
            path = folder / f"{key}{fmt.suffixes[0]}"
            out[key, fmt] = services.export_report(analysis, path, notes=NOTES)
    return out


def _file_counts(shared: Path, key: str) -> dict[str, Counter[str]]:
    return deck_file_counts(shared / "data" / "decks" / REAL_DECKS[key])


def _json(exported: dict[tuple[str, ReportFormat], Path], key: str) -> dict:
    return json.loads(exported[key, ReportFormat.JSON].read_text(encoding="utf-8"))


@pytest.mark.parametrize("key", REAL_DECKS)
class TestJson:
    def test_validates_against_the_schema(self, exported, key: str) -> None:
        doc = _json(exported, key)
        validator = jsonschema.Draft202012Validator(report_schema())
        validator.check_schema(report_schema())
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
        assert doc["schema_version"] == "1.1"

    def test_deck_matches_the_file(self, exported, shared: Path, key: str) -> None:
        doc = _json(exported, key)
        expected = _file_counts(shared, key)
        got: dict[str, Counter[str]] = {"main": Counter(), "sideboard": Counter()}
        for group in doc["deck"]["groups"]:
            section = "sideboard" if group["section"] == "sideboard" else "main"
            for card in group["cards"]:
                got[section][card["name"].casefold()] += card["count"]
        for section in ("main", "sideboard"):
            want = Counter({n.casefold(): c for n, c in expected[section].items()})
            assert got[section] == want, section
        totals = {t["section"]: t["count"] for t in doc["deck"]["totals"]}
        assert totals.get("main", 0) + totals.get("commander", 0) == \
            sum(expected["main"].values())
        assert totals.get("sideboard", 0) == sum(expected["sideboard"].values())

    def test_every_edge_and_no_invented_combo(self, exported, real_analyses, key: str) -> None:
        doc = _json(exported, key)
        graph = real_analyses[key].graph
        assert len(doc["edges"]) == graph.number_of_edges() == doc["summary"]["synergy_edges"]
        assert {(e["source"], e["target"], e["kind"]) for e in doc["edges"]} == \
            {(u, v, d["kind"]) for u, v, d in graph.edges(data=True)}
        assert len(doc["graph"]["links"]) == graph.number_of_edges()
        assert {n["card_id"] for n in doc["graph"]["nodes"]} == \
            {n for n, d in graph.degree() if d > 0}
        for section in ("combos", "near_misses", "lines", "odds"):
            assert section not in doc
            assert section in {u["section"] for u in doc["unavailable"]}

    def test_stats_match_the_file_copies(self, exported, shared: Path, key: str) -> None:
        doc = _json(exported, key)
        assert doc["stats"]["total"] == sum(_file_counts(shared, key)["main"].values())
        # Copies by type count every copy once per type: at least the deck's size.
        assert sum(t["count"] for t in doc["stats"]["types"]) >= doc["stats"]["total"]


@pytest.mark.parametrize("key", REAL_DECKS)
class TestHtml:
    def test_self_contained_and_complete(self, exported, real_analyses, shared: Path,
                                         key: str) -> None:
        html = exported[key, ReportFormat.HTML].read_text(encoding="utf-8")
        assert external_references(html) == []
        doc = parse_html(html)
        assert {"script", "link", "img", "iframe", "object"}.isdisjoint(doc.tags)
        assert doc.tags.count("svg") == 3   # curve, pips, graph
        text = " ".join(doc.text)
        for edge in real_analyses[key].edges:
            assert edge.explanation in text
        for name in _file_counts(shared, key)["main"]:
            assert name.casefold() in text.casefold()
        assert "@media print" in " ".join(doc.styles)
        assert "Not in this report: the combo analysis was not run" in text


@pytest.mark.parametrize("key", REAL_DECKS)
class TestMarkdown:
    def test_tables_have_consistent_columns(self, exported, key: str) -> None:
        text = exported[key, ReportFormat.MARKDOWN].read_text(encoding="utf-8")
        tables = markdown_tables(text)
        assert len(tables) >= 5
        for table in tables:
            width = len(table[0])
            assert all(len(row) == width for row in table), table[0]
            assert all(set(cell) <= set(":-") and "-" in cell for cell in table[1])

    def test_renders_its_tables(self, exported, real_analyses, key: str) -> None:
        text = exported[key, ReportFormat.MARKDOWN].read_text(encoding="utf-8")
        html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
        doc = parse_html(html)
        assert doc.tags.count("table") == len(markdown_tables(text))
        assert "script" not in doc.tags
        rendered = " ".join(doc.text)
        for edge in real_analyses[key].edges:
            assert edge.explanation in rendered


@pytest.mark.parametrize("key", REAL_DECKS)
class TestPdf:
    def test_opens_with_the_expected_pages(self, exported, real_analyses, key: str) -> None:
        data = exported[key, ReportFormat.PDF].read_bytes()
        assert data.startswith(b"%PDF-")
        pages, text, outline = pdf_text(data)
        report = build_report(real_analyses[key], ReportOptions(notes=NOTES,
                                                                generated_at=FIXED_TIME))
        assert pages == expected_pages(report_blocks(report), report)
        assert outline == [s.title for s in ReportSection]
        flat = squash(text)
        for edge in real_analyses[key].edges:
            assert squash(edge.explanation) in flat
        assert squash("Æther, Lim-Dûl") in flat

    def test_unicode_card_names_print(self, exported, shared: Path, key: str) -> None:
        _, text, _ = pdf_text(exported[key, ReportFormat.PDF].read_bytes())
        flat = squash(text).casefold()
        for name in _file_counts(shared, key)["main"]:
            assert squash(name).casefold() in flat, name
        assert "\ufffd" not in text


def test_accented_names_in_every_format(exported) -> None:
    for fmt in (ReportFormat.HTML, ReportFormat.MARKDOWN, ReportFormat.JSON):
        assert "Lórien Revealed" in exported["pauper_ninjas", fmt].read_text(encoding="utf-8")
    _, text, _ = pdf_text(exported["pauper_ninjas", ReportFormat.PDF].read_bytes())
    assert "Lórien Revealed" in text


def test_same_content_rendered_twice_is_identical(real_analyses) -> None:
    report = build_report(real_analyses["rogues"], ReportOptions(generated_at=FIXED_TIME))
    again = build_report(real_analyses["rogues"], ReportOptions(generated_at=FIXED_TIME))
    for fmt in (ReportFormat.HTML, ReportFormat.MARKDOWN, ReportFormat.JSON):
        assert render_report(report, fmt) == render_report(again, fmt)
