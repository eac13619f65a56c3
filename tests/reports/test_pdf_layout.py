"""The PDF on awkward content: long notes over several pages, a word wider than a line,
characters the font lacks, control characters, a graph of many cards. The page count always
matches the one computed from the content, and nothing is lost."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import networkx as nx
import pytest
from _pdf_pages import expected_pages
from _report_checks import pdf_text, squash

from analyzer import services
from analyzer.decks import Deck
from analyzer.reports import ReportFormat, ReportOptions, ReportSection, build_report, render_report
from analyzer.reports.pdf import LAYOUT, printable, wrap
from analyzer.reports.pdf_blocks import report_blocks

STARTER_DECK = Path(__file__).resolve().parents[2] / "data" / "decks" / "splinter_ninjas.txt"
WHEN = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> services.DeckAnalysis:
    folder = tmp_path_factory.mktemp("starter")
    db = services.open_database(f"sqlite:///{folder / 'c.sqlite'}")
    return services.analyze_deck(db, STARTER_DECK)


def _pdf(analysis: services.DeckAnalysis, **options: object) -> tuple[int, str, int]:
    report = build_report(analysis, ReportOptions(generated_at=WHEN, **options))
    pages, text, _ = pdf_text(render_report(report, ReportFormat.PDF))
    return pages, text, expected_pages(report_blocks(report), report)


class TestCover:
    def test_long_notes_run_over_pages(self, analysis: services.DeckAnalysis) -> None:
        notes = "\n".join(f"Note line {i}: keep Ninja of the Deep Hours." for i in range(150))
        pages, text, expected = _pdf(analysis, notes=notes, sections=(ReportSection.DECK,))
        # 150 note lines and the cover's other lines cannot fit one page of 62 lines.
        assert LAYOUT.lines_per_page < 150
        assert pages == expected >= 4
        assert "Note line 149: keep Ninja of the Deep Hours." in text

    def test_word_wider_than_a_line(self, analysis: services.DeckAnalysis) -> None:
        word = "Ninja" * 120
        pages, text, expected = _pdf(analysis, title=word, notes=word,
                                     sections=(ReportSection.STATS,))
        assert pages == expected
        assert squash(text).count(word) == 2   # the title and the note, cut but whole

    def test_characters_the_font_lacks(self, analysis: services.DeckAnalysis) -> None:
        pages, text, expected = _pdf(analysis, notes="忍者 \x07bell\ttab Æther",
                                     sections=(ReportSection.STATS,))
        assert pages == expected
        assert "\ufffd\ufffd bell tab Æther" in text


class TestWrap:
    def test_lines_fit_and_keep_every_word(self) -> None:
        text = "Silver-Fur Master gives Changeling Outcast +1/+1 (Other Ninjas and Rogues " \
               "you control get +1/+1)."
        lines = wrap(text, 40.0, 8.0)
        assert len(lines) > 1 and " ".join(lines) == text

    def test_empty(self) -> None:
        assert wrap("", 10.0, 8.0) == [""]

    def test_printable(self) -> None:
        assert printable("a\tb\x00c\u200bd") == "a bcd"
        assert printable("Lim-Dûl's Vault") == "Lim-Dûl's Vault"


class TestManyCards:
    def test_graph_of_120_cards_and_1000_edges(self, analysis: services.DeckAnalysis) -> None:
        G: nx.MultiDiGraph[str] = nx.MultiDiGraph()
        for i in range(120):
            G.add_node(f"c{i}", name=f"Card number {i} with a long name")
        for i in range(1000):
            u, v = f"c{i % 120}", f"c{(i * 7 + 1) % 120}"
            if u != v:
                G.add_edge(u, v, key=f"k{i}", kind="anthem", strength=0.5, rules=["613.4c"],
                           explanation=f"Edge {i}: Card {u} helps card {v}.")
        big = services.DeckAnalysis(deck=Deck(entries=(), name="Synthetic"), graph=G)
        report = build_report(big, ReportOptions(generated_at=WHEN,
                                                 sections=(ReportSection.GRAPH,
                                                           ReportSection.EDGES)))
        pages, text, _ = pdf_text(render_report(report, ReportFormat.PDF))
        assert pages == expected_pages(report_blocks(report), report)
        flat = squash(text)
        assert all(squash(f"Edge {i}:") in flat for i in range(0, 1000, 97))
