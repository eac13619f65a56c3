"""A card, deck, title or note holding markup shows as text in every format."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from _pdf_pages import expected_pages
from _report_checks import (
    FIXED_TIME,
    MARKUP,
    external_references,
    markdown_tables,
    parse_html,
    pdf_text,
    squash,
)
from markdown_it import MarkdownIt

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.reports import (
    ReportFormat,
    ReportOptions,
    ReportSection,
    build_report,
    render_report,
    report_schema,
)
from analyzer.reports.markdown import escape_markdown
from analyzer.reports.pdf_blocks import report_blocks

NINJA = "Æther <b>Ninja</b> | Lim-Dûl"
TITLE = f"Title {MARKUP}"
NOTES = f"# not a heading\n- not a list\n1. not a list\n    not code\n{MARKUP}\n==="


@pytest.fixture
def analysis(markup_db: Database, tmp_path: Path) -> services.DeckAnalysis:
    deck = tmp_path / "<script>deck<i> | **x**.txt"   # a file name cannot hold "/"
    deck.write_text(f"4 {MARKUP}\n4 {NINJA}\n", encoding="utf-8")
    result = services.analyze_deck(markup_db, deck)
    assert result.edges, "the lord with markup in its name must still make an anthem edge"
    return result


def _render(analysis: services.DeckAnalysis, fmt: ReportFormat) -> bytes:
    report = build_report(analysis, ReportOptions(title=TITLE, notes=NOTES,
                                                  generated_at=FIXED_TIME))
    return render_report(report, fmt)


def test_html_shows_markup_as_text(analysis: services.DeckAnalysis) -> None:
    html = _render(analysis, ReportFormat.HTML).decode("utf-8")
    doc = parse_html(html)
    assert {"script", "b", "i"}.isdisjoint(doc.tags)
    assert doc.tags.count("a") == len(ReportSection)   # the contents' links, nothing more
    assert external_references(html) == []
    text = " ".join(doc.text)
    for shown in (MARKUP, NINJA, TITLE, "<script>deck<i> | **x**.txt", "# not a heading"):
        assert shown in text
    assert "&lt;script&gt;" in html


def test_markdown_shows_markup_as_text(analysis: services.DeckAnalysis) -> None:
    text = _render(analysis, ReportFormat.MARKDOWN).decode("utf-8")
    for table in markdown_tables(text):
        assert all(len(row) == len(table[0]) for row in table)
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    doc = parse_html(html)
    # Only the structure the report writes: no tag, link, emphasis or code from the names,
    # and the notes make no heading, list, rule or code block.
    assert {"script", "b", "i", "a", "code", "pre", "ol", "hr"}.isdisjoint(doc.tags)
    assert "<li>not a list" not in html   # lists only where the report makes one (packages)
    assert doc.tags.count("h1") == 1
    rendered = " ".join(doc.text)
    for shown in (MARKUP, NINJA, "# not a heading", "- not a list", "1. not a list", "==="):
        assert shown in rendered, shown
    assert doc.tags.count("table") == len(markdown_tables(text))


def test_json_keeps_text_verbatim(analysis: services.DeckAnalysis) -> None:
    doc = json.loads(_render(analysis, ReportFormat.JSON))
    jsonschema.validate(doc, report_schema(), cls=jsonschema.Draft202012Validator)
    assert doc["title"] == TITLE and doc["notes"] == NOTES
    names = {c["name"] for g in doc["deck"]["groups"] for c in g["cards"]}
    assert names == {MARKUP, NINJA}
    assert doc["deck"]["file_name"] == "<script>deck<i> | **x**.txt"


def test_pdf_prints_markup_as_text(analysis: services.DeckAnalysis) -> None:
    data = _render(analysis, ReportFormat.PDF)
    pages, text, outline = pdf_text(data)
    flat = squash(text)
    for shown in (MARKUP, NINJA, "# not a heading", "<script>deck<i>"):
        assert squash(shown) in flat, shown
    # Two cards: sections share pages (a new page only when a heading and what follows it
    # do not fit), so fewer pages than a cover and a page per section.
    report = build_report(analysis, ReportOptions(title=TITLE, notes=NOTES,
                                                  generated_at=FIXED_TIME))
    assert len(report.unavailable) == 4
    assert pages < 1 + (len(ReportSection) - 4) + 1
    assert pages == expected_pages(report_blocks(report), report)
    assert outline == [s.title for s in ReportSection]


class TestEscapeMarkdown:
    @pytest.mark.parametrize("text", [
        "a | b", "**bold**", "_it_", "`code`", "<b>x</b>", "[l](http://x.invalid)", "&amp;",
        "# h", "- item", "+ item", "1. item", "2) item", "===", "    code", "a\\|b", "~~s~~",
        "$x$", "![i](x.png)",
    ])
    def test_renders_as_written(self, text: str) -> None:
        html = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]) \
            .render(escape_markdown(text) + "\n")
        doc = parse_html(html)
        assert doc.tags == ["p"], (text, html)
        assert "".join(doc.text).strip().replace("\u00a0", " ") == text.strip() \
            or (text.startswith(" ") and "".join(doc.text).strip() == text.strip())

    def test_cell_pipes(self) -> None:
        from analyzer.reports.markdown import md_table

        lines = md_table(["A", "B"], [["x | y", "a\\|b"]])
        html = MarkdownIt("commonmark").enable("table").render("\n".join(lines) + "\n")
        doc = parse_html(html)
        assert doc.tags.count("td") == 2
        assert "x | y" in doc.text and "a\\|b" in doc.text

    def test_row_of_another_width_is_refused(self) -> None:
        from analyzer.reports.markdown import md_table

        with pytest.raises(ValueError, match="1 cells for 2 columns"):
            md_table(["A", "B"], [["only one"]])
