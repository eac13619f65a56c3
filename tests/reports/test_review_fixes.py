"""What a reviewer found in the reports (issue 10): the odds section's reason, human synergy
labels, name lists whose names hold commas, the graph's node legend, PDF sections sharing
pages, capitalised headings."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import jsonschema
import networkx as nx
import pytest
from _pdf_pages import expected_pages
from _report_checks import parse_html, pdf_text

from analyzer import services
from analyzer.decks import Deck
from analyzer.graph.kinds import kind_label
from analyzer.reports import (
    ComboFindings,
    LineStep,
    ReportFormat,
    ReportOptions,
    ReportSection,
    SampleLine,
    build_report,
    render_report,
    report_schema,
)
from analyzer.reports.pdf_blocks import report_blocks

STARTER_DECK = Path(__file__).resolve().parents[2] / "data" / "decks" / "splinter_ninjas.txt"
WHEN = datetime(2026, 1, 1, tzinfo=UTC)
COMMA_NAME = "Urborg, Tomb of Yawgmoth"
"""A real card name holding a comma (AtomicCards)."""


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> services.DeckAnalysis:
    """The starter deck, with two cards of no synergy added to its graph: a name holding a
    comma and a plain one (the deck has a few more)."""
    folder = tmp_path_factory.mktemp("starter")
    db = services.open_database(f"sqlite:///{folder / 'c.sqlite'}")
    found = services.analyze_deck(db, STARTER_DECK)
    G = found.graph.copy()
    G.add_node("isolated-1", name=COMMA_NAME)
    G.add_node("isolated-2", name="Bojuka Bog")
    return services.DeckAnalysis(deck=found.deck, graph=G)


def _render_all(analysis: services.DeckAnalysis, sections: tuple[ReportSection, ...],
                findings: ComboFindings | None = None) -> dict[ReportFormat, str]:
    """Each format's visible text (HTML text nodes, Markdown source, PDF text, JSON)."""
    report = build_report(analysis, ReportOptions(sections=sections, generated_at=WHEN),
                          findings)
    out: dict[ReportFormat, str] = {}
    for fmt in ReportFormat:
        data = render_report(report, fmt)
        if fmt is ReportFormat.PDF:
            assert isinstance(data, bytes)
            out[fmt] = pdf_text(data)[1]
        else:
            text = data.decode() if isinstance(data, bytes) else data
            out[fmt] = " ".join(parse_html(text).text) if fmt is ReportFormat.HTML else text
    return out


def squash(text: str) -> str:
    """Text with runs of whitespace as one space and Markdown's backslash escapes undone."""
    return " ".join(re.sub(r"\\([^\w\s])", r"\1", text).split())


def _html(data: str | bytes) -> str:
    return data.decode("utf-8") if isinstance(data, bytes) else data


def _kinds(analysis: services.DeckAnalysis) -> set[str]:
    return {str(k) for _, _, k in analysis.graph.edges(data="kind")}


class TestOddsReason:
    def test_ran_but_nothing_to_track_says_why(self, analysis: services.DeckAnalysis) -> None:
        texts = _render_all(analysis, (ReportSection.ODDS,), ComboFindings(odds=()))
        for fmt, text in texts.items():
            flat = squash(text)
            assert "No odds were computed" not in flat, fmt
            # deck_odds tracks the catalog combos complete in the deck and each sneak or
            # prowl card (analyzer.services.deck_odds); with neither there is no goal.
            assert "combo" in flat and "sneak" in flat and "prowl" in flat, fmt
        doc = json.loads(texts[ReportFormat.JSON])
        jsonschema.validate(doc, report_schema())
        assert doc["odds"] == [] and "prowl" in doc["odds_note"]
        major, minor = doc["schema_version"].split(".")
        assert (major, int(minor)) == ("1", 1)

    def test_not_run_is_still_not_run(self, analysis: services.DeckAnalysis) -> None:
        doc = json.loads(_render_all(analysis, (ReportSection.ODDS,))[ReportFormat.JSON])
        jsonschema.validate(doc, report_schema())
        assert "odds" not in doc and doc["unavailable"][0]["section"] == "odds"


class TestKindLabels:
    def test_no_internal_kind_name_is_shown(self, analysis: services.DeckAnalysis) -> None:
        kinds = _kinds(analysis)
        assert "ninjutsu_enabler" in kinds   # the starter deck is a Ninja deck
        texts = _render_all(analysis, (ReportSection.GRAPH, ReportSection.EDGES))
        for fmt in (ReportFormat.HTML, ReportFormat.MARKDOWN, ReportFormat.PDF):
            flat = squash(texts[fmt])
            for kind in (k for k in kinds if "_" in k):
                assert kind not in flat, (fmt, kind)
                assert kind_label(kind) in flat, (fmt, kind)

    def test_html_badges_and_tooltips(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(generated_at=WHEN))
        html = _html(render_report(report, ReportFormat.HTML))
        for kind in (k for k in _kinds(analysis) if "_" in k):
            assert f">{kind}<" not in html and f": {kind}<" not in html


class TestNameLists:
    def test_comma_names_stay_whole(self, analysis: services.DeckAnalysis) -> None:
        G = analysis.graph
        unlinked = sorted(G.nodes[n]["name"] for n in G if G.degree(n) == 0)
        assert COMMA_NAME in unlinked and len(unlinked) > 2
        texts = _render_all(analysis, (ReportSection.GRAPH,))
        for fmt in (ReportFormat.HTML, ReportFormat.MARKDOWN, ReportFormat.PDF):
            flat = squash(texts[fmt])
            # The list reads as one name per card, a comma inside a name splitting nothing.
            listed = flat.split(f"No synergy edge ({len(unlinked)}):", 1)[1]
            names = [n.strip() for n in listed.split("·")]
            names[-1] = names[-1].split(".", 1)[0]
            assert names == unlinked, fmt


class TestNodeLegend:
    def test_html_explains_every_node_colour(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(sections=(ReportSection.GRAPH,),
                                                      generated_at=WHEN))
        html = _html(render_report(report, ReportFormat.HTML))
        svg = html.split("<svg", 1)[1].split("</svg>", 1)[0]
        fills = set(re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})"', svg))
        assert len(fills) == 2   # the hubs and the other cards
        caption = html.split("</svg>", 1)[1].split("</figure>", 1)[0]
        for fill in fills:
            assert f"background: {fill}" in caption, fill

    def test_no_hub_no_hub_entry(self) -> None:
        G: nx.MultiDiGraph[str] = nx.MultiDiGraph()
        for i in range(4):
            G.add_node(f"c{i}", name=f"Card {i}")
        G.add_edge("c0", "c1", kind="anthem", strength=0.5)
        small = services.DeckAnalysis(deck=Deck(entries=()), graph=G)
        report = build_report(small, ReportOptions(sections=(ReportSection.GRAPH,),
                                                   generated_at=WHEN))
        assert not any(n.hub for n in report.graph.nodes)   # type: ignore[union-attr]
        html = _html(render_report(report, ReportFormat.HTML))
        caption = html.split("</svg>", 1)[1].split("</figure>", 1)[0]
        fills = set(re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})"', html))
        assert set(re.findall(r'swatch dot" style="background: (#[0-9a-f]{6})', caption)) \
            == fills
        pdf = squash(_render_all(small, (ReportSection.GRAPH,))[ReportFormat.PDF])
        assert "hub" not in pdf and "circle grows" in pdf

    def test_pdf_explains_node_colours(self, analysis: services.DeckAnalysis) -> None:
        texts = _render_all(analysis, (ReportSection.GRAPH,))
        flat = squash(texts[ReportFormat.PDF])
        assert "circle" in flat and "hub" in flat.lower()


class TestPdfPages:
    def test_short_sections_share_a_page(self, analysis: services.DeckAnalysis) -> None:
        findings = ComboFindings(combos=(), near_misses=(), lines=(), odds=())
        report = build_report(analysis, ReportOptions(
            sections=(ReportSection.COMBOS, ReportSection.NEAR_MISSES, ReportSection.LINES,
                      ReportSection.ODDS), generated_at=WHEN), findings)
        data = render_report(report, ReportFormat.PDF)
        assert isinstance(data, bytes)
        pages, _, outline = pdf_text(data)
        # Cover and four one-line sections: about 20 lines of 62, one page.
        assert pages == expected_pages(report_blocks(report), report) == 1
        assert outline == ["Combos", "Near misses", "Sample lines", "Goldfish odds"]

    def test_full_report_page_count(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(generated_at=WHEN))
        data = render_report(report, ReportFormat.PDF)
        assert isinstance(data, bytes)
        pages, _, _ = pdf_text(data)
        assert pages == expected_pages(report_blocks(report), report)
        assert pages < len(report.sections) + 1


class TestHeadings:
    def test_line_and_odds_headings_are_capitalised(self,
                                                    analysis: services.DeckAnalysis) -> None:
        line = SampleLine("the most damage to the opponents this turn (line 1)",
                          (LineStep("Cast Ninja of the Deep Hours", ()),), "3 damage")
        findings = ComboFindings(lines=(line,))
        texts = _render_all(analysis, (ReportSection.LINES,), findings)
        for fmt in (ReportFormat.HTML, ReportFormat.MARKDOWN, ReportFormat.PDF):
            flat = squash(texts[fmt])
            assert "The most damage to the opponents this turn (line 1)" in flat, fmt
            assert "the most damage" not in flat, fmt
