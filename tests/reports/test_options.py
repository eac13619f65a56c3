"""Report options (sections, title, notes), combo findings, formats, the export job and the
``spellweb report`` command, on the starter card set."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from _report_checks import FIXED_TIME, markdown_tables, parse_html, pdf_text, squash

from analyzer import cli, services
from analyzer.errors import Cancelled, InputError
from analyzer.progress import CancelToken, Progress
from analyzer.reports import (
    ComboEntry,
    ComboFindings,
    ComboVerdict,
    GoldfishOdds,
    LineStep,
    NearMiss,
    OddsRow,
    ReportFormat,
    ReportOptions,
    ReportSection,
    SampleLine,
    build_report,
    export_report_job,
    format_for_path,
    render_report,
    report_schema,
    report_to_json,
)

STARTER_DECK = Path(__file__).resolve().parents[2] / "data" / "decks" / "splinter_ninjas.txt"

# Inputs in the shape the combo analysis hands to the report (the contract under test): one
# combo of each verdict, a near miss, a line and odds. Nothing here is a claim about a deck.
FINDINGS = ComboFindings(
    combos=(
        ComboEntry("Loop <A> | B", ("Card *A*", "Card B"), ComboVerdict.VERIFIED,
                   "repeats with a net gain", ("Tap A for {B}.", "Untap A with B."),
                   ("+1 {B}",), ("605.1a",)),
        ComboEntry("Broken loop", ("Card C",), ComboVerdict.NOT_WORKING,
                   "step 2: C has no untap ability"),
        ComboEntry("Unknown loop", ("Card D",), ComboVerdict.NOT_VERIFIABLE,
                   "the rules core cannot run Card D"),
    ),
    near_misses=(NearMiss("Card E", ("Loop E",), ("Card F",)),),
    lines=(SampleLine("Turn 3 ninjutsu", (LineStep("Attack with Card F", ("F is unblocked",)),
                                          LineStep("Ninjutsu Card G", ())), "G deals 3."),),
    odds=(GoldfishOdds("a verified combo assembled", 1000,
                       (OddsRow(3, 0.125), OddsRow(4, 0.25))),),
)


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> services.DeckAnalysis:
    folder = tmp_path_factory.mktemp("starter")
    db = services.open_database(f"sqlite:///{folder / 'c.sqlite'}")
    return services.analyze_deck(db, STARTER_DECK)


class TestSections:
    def test_parse_list(self) -> None:
        assert ReportSection.parse_list("edges,deck, key-cards") == (
            ReportSection.DECK, ReportSection.KEY_CARDS, ReportSection.EDGES)
        with pytest.raises(InputError, match=r"'decks'.*choose from deck, stats"):
            ReportSection.parse_list("decks")
        with pytest.raises(InputError, match="unknown report section"):
            ReportSection.parse_list(" , ")

    def test_only_the_chosen_sections(self, analysis: services.DeckAnalysis) -> None:
        options = ReportOptions(sections=(ReportSection.EDGES, ReportSection.DECK),
                                generated_at=FIXED_TIME)
        report = build_report(analysis, options)
        doc = report_to_json(report)
        assert doc["sections"] == ["deck", "edges"] and doc["unavailable"] == []
        assert {"deck", "edges"} <= doc.keys()
        assert not {"stats", "graph", "key_cards", "combos"} & doc.keys()
        html = render_report(report, ReportFormat.HTML).decode()
        assert "Mana curve" not in html and "Every synergy edge" in html
        md = render_report(report, ReportFormat.MARKDOWN).decode()
        assert [line for line in md.splitlines() if line.startswith("## ")] == \
            ["## Deck", "## Every synergy edge"]
        pages, _, outline = pdf_text(render_report(report, ReportFormat.PDF))
        assert outline == ["Deck", "Every synergy edge"] and pages >= 3

    def test_stats_read_the_graphs_profiles_and_compile_nothing(
            self, analysis: services.DeckAnalysis, monkeypatch: pytest.MonkeyPatch) -> None:
        """The report's statistics come from the profiles the graph compiled (a found bug:
        every card was compiled again while the window built its report preview, holding
        the interpreter lock for 100+ ms)."""
        import analyzer.oracle.compile as compile_module

        def no_compiling(*_args: object, **_kwargs: object) -> None:
            raise AssertionError("a card was compiled again for the report")

        assert analysis.profiles.keys() == {c.id for c, _ in analysis.analysed_cards}
        monkeypatch.setattr(compile_module, "compile_card", no_compiling)
        stats = build_report(analysis, ReportOptions(sections=(ReportSection.STATS,))).stats
        assert stats is not None
        assert stats.total == sum(n for _, n in analysis.analysed_cards)

    def test_the_card_types_table_says_a_card_counts_in_each_type(
            self, analysis: services.DeckAnalysis) -> None:
        """Its copies add up to more than the cards counted when a card has two types (a
        newcomer read the report's 102 against "Cards counted: 100" as an error)."""
        from analyzer.reports.model import TYPES_NOTE

        report = build_report(analysis, ReportOptions(sections=(ReportSection.STATS,)))
        for fmt in (ReportFormat.MARKDOWN, ReportFormat.HTML):
            assert TYPES_NOTE in render_report(report, fmt).decode()
        assert squash(TYPES_NOTE) in squash(pdf_text(render_report(report, ReportFormat.PDF))[1])

    def test_title_notes_and_time(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(title="My list", notes="line 1\nline 2",
                                                      generated_at=FIXED_TIME))
        doc = report_to_json(report)
        assert doc["title"] == "My list" and doc["notes"] == "line 1\nline 2"
        assert doc["generated_at"] == "2026-11-29T12:00:00Z"
        default = build_report(analysis)
        assert default.title == "splinter_ninjas"


class TestComboSections:
    def test_not_run_is_said_never_filled(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(generated_at=FIXED_TIME))
        assert report.combos is None and report.odds is None
        reasons = {u.section: u.reason for u in report.unavailable}
        assert set(reasons) == {ReportSection.COMBOS, ReportSection.NEAR_MISSES,
                                ReportSection.LINES, ReportSection.ODDS}
        md = render_report(report, ReportFormat.MARKDOWN).decode()
        for reason in reasons.values():
            assert f"_Not in this report: {reason}._" in md
        assert "verified" not in md and "Per iteration" not in md

    def test_findings_in_every_format(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(generated_at=FIXED_TIME), FINDINGS)
        assert report.unavailable == ()
        doc = json.loads(render_report(report, ReportFormat.JSON))
        jsonschema.validate(doc, report_schema(), cls=jsonschema.Draft202012Validator)
        assert [c["verdict"] for c in doc["combos"]] == \
            ["verified", "not_working", "not_verifiable"]
        assert doc["combos"][0]["steps"] == ["Tap A for {B}.", "Untap A with B."]
        assert doc["odds"][0]["rows"][1] == {"turn": 4, "probability": 0.25}
        html = parse_html(render_report(report, ReportFormat.HTML).decode())
        text = " ".join(html.text)
        for shown in ("Loop <A> | B", "not working", "not verifiable", "+1 {B}",
                      "step 2: C has no untap ability", "Card E", "F is unblocked",
                      "12.5 %", "25.0 %"):
            assert shown in text, shown
        md = render_report(report, ReportFormat.MARKDOWN).decode()
        assert "Loop \\<A\\> \\| B" in md and "1. Tap A for {B}." in md
        assert all(len({len(r) for r in t}) == 1 for t in markdown_tables(md))
        _, pdf, _ = pdf_text(render_report(report, ReportFormat.PDF))
        for shown in ("Loop <A> | B — verified", "Verdict: not working", "Card E",
                      "F is unblocked", "25.0 %"):
            assert squash(shown) in squash(pdf), shown

    def test_ran_and_found_nothing(self, analysis: services.DeckAnalysis) -> None:
        report = build_report(analysis, ReportOptions(generated_at=FIXED_TIME),
                              ComboFindings(combos=(), near_misses=()))
        html = render_report(report, ReportFormat.HTML).decode()
        assert "found no combo in this deck" in html and "No combo is one card away" in html
        assert {u.section for u in report.unavailable} == {ReportSection.LINES,
                                                           ReportSection.ODDS}


class TestFormats:
    @pytest.mark.parametrize("name, fmt", [
        ("r.html", ReportFormat.HTML), ("R.HTM", ReportFormat.HTML),
        ("r.pdf", ReportFormat.PDF), ("r.md", ReportFormat.MARKDOWN),
        ("r.markdown", ReportFormat.MARKDOWN), ("r.json", ReportFormat.JSON)])
    def test_from_the_name(self, name: str, fmt: ReportFormat) -> None:
        assert format_for_path(name) is fmt

    def test_unknown(self) -> None:
        with pytest.raises(InputError, match=r"'r\.txt'.*end it with \.html, \.pdf, \.md or \.json"):
            format_for_path("r.txt")
        with pytest.raises(InputError, match="'docx'"):
            ReportFormat.parse("docx")


class TestExportJob:
    def test_progress_and_file(self, analysis: services.DeckAnalysis, tmp_path: Path) -> None:
        job = export_report_job(analysis, tmp_path / "r.md")
        steps: list[Progress] = []
        try:
            while True:
                steps.append(next(job))
        except StopIteration as stop:
            assert stop.value == tmp_path / "r.md"
        assert [s.done for s in steps] == [0, 1, 2, 3] and all(s.total == 3 for s in steps)
        assert (tmp_path / "r.md").read_text(encoding="utf-8").startswith("# splinter\\_ninjas")

    def test_cancel_leaves_the_old_file(self, analysis: services.DeckAnalysis,
                                        tmp_path: Path) -> None:
        target = tmp_path / "r.pdf"
        target.write_bytes(b"old")
        token = CancelToken()
        job = export_report_job(analysis, target, cancel=token)
        next(job)
        token.cancel()
        with pytest.raises(Cancelled):
            next(job)
        assert target.read_bytes() == b"old" and not list(tmp_path.glob("*.part"))

    def test_service_sections_by_name(self, analysis: services.DeckAnalysis,
                                      tmp_path: Path) -> None:
        out = services.export_report(analysis, tmp_path / "r.data", fmt="json",
                                     sections=["stats", ReportSection.DECK], title="T")
        doc = json.loads(out.read_text(encoding="utf-8"))
        assert doc["sections"] == ["deck", "stats"] and doc["title"] == "T"


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = cli.main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


class TestCommand:
    @pytest.fixture
    def db_url(self, tmp_path: Path) -> str:
        return f"sqlite:///{tmp_path / 'cards.sqlite'}"

    @pytest.mark.parametrize("suffix, magic", [(".html", b"<!DOCTYPE html>"),
                                               (".pdf", b"%PDF-"), (".md", b"# "),
                                               (".json", b"{")])
    def test_format_from_the_name(self, db_url: str, tmp_path: Path, suffix: str,
                                  magic: bytes, capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / f"r{suffix}"
        code, out, err = _cli(["--db", db_url, "report", str(STARTER_DECK), "-o", str(target)],
                              capsys)
        assert code == 0, err
        assert target.read_bytes().startswith(magic) and str(target) in out

    def test_format_option_sections_title_notes(self, db_url: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "report.txt"
        code, _, err = _cli(["--db", db_url, "report", str(STARTER_DECK), "-o", str(target),
                             "--format", "json", "--sections", "deck,edges", "--title", "T <x>",
                             "--notes", "n | 1"], capsys)
        assert code == 0, err
        doc = json.loads(target.read_text(encoding="utf-8"))
        assert doc["sections"] == ["deck", "edges"]
        assert (doc["title"], doc["notes"]) == ("T <x>", "n | 1")

    @pytest.mark.parametrize("args, message", [
        (["-o", "{tmp}/r.txt"], "cannot tell the report format"),
        (["-o", "{tmp}/r.md", "--format", "pdf"], "the report is PDF, but the name says MARKDOWN"),
        (["-o", "{tmp}/r.md", "--sections", "deck,combo"], "unknown report section 'combo'"),
    ])
    def test_bad_options(self, db_url: str, tmp_path: Path, args: list[str], message: str,
                         capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["--db", db_url, "report", str(STARTER_DECK),
                *[a.replace("{tmp}", str(tmp_path)) for a in args]]
        code, _, err = _cli(argv, capsys)
        assert code == 2 and message in err   # a bad option value: usage error
        assert list(tmp_path.glob("r.*")) == []
