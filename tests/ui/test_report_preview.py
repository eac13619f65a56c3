"""The Report tab: the real deck's report built in a worker, shown read-only (without what
QTextBrowser cannot draw), refreshed when the combos are found, card links that select the
card, and the Export… button."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextDocument
from PySide6.QtTest import QTest

from analyzer.cards.model import Card
from analyzer.reports import ReportOptions, build_report
from tests.ui.conftest import save_copies
from ui.controllers import PREVIEW_SECTIONS
from ui.widgets.report_preview import (
    CURVE_IMAGE,
    GRAPH_IMAGE,
    PIPS_IMAGE,
    ReportPreview,
    report_rich_text,
)

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def messages(monkeypatch) -> list[tuple[str, str]]:
    """Message boxes are recorded instead of shown (a modal box would block the test)."""
    from PySide6.QtWidgets import QMessageBox

    calls: list[tuple[str, str]] = []

    def record(parent, title, text, *args, **kwargs):
        calls.append((title, text))
        return QMessageBox.StandardButton.Ok

    for name in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(QMessageBox, name, record)
    return calls


@pytest.fixture(autouse=True)
def _private_recovery(monkeypatch, tmp_path):
    """No recovery file of another run may pop a "Restore unsaved changes?" box up."""
    monkeypatch.setenv("SPELLWEB_RECOVERY_DIR", str(tmp_path / "recovery"))

DECK_TIMEOUT = 120_000
COMBO_TIMEOUT = 180_000


def deck_file_names(path: Path) -> dict[str, int]:
    """``{name: copies}`` read straight from a plain-text deck file (``"1 Name"`` lines)."""
    names: dict[str, int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\s*(\d+)x?\s+(.+?)\s*$", line)
        if match:
            names[match.group(2)] = names.get(match.group(2), 0) + int(match.group(1))
    return names


@pytest.fixture
def report_window(make_window, card_db_url, splinter_deck, qtbot):
    window = make_window(card_db_url)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.report_built, timeout=DECK_TIMEOUT):
        window.open_deck(splinter_deck)
    return window


@pytest.mark.shared
class TestReportTab:
    def test_the_real_deck_report_is_shown_with_links(self, report_window, splinter_deck,
                                                      qtbot, screenshot_dirs):
        window = report_window
        preview = window.report_preview
        window.tabs.setCurrentIndex(window.view_index("report"))
        assert window.tabs.tabText(window.tabs.currentIndex()) == "Report"
        text = preview.text()
        for section in PREVIEW_SECTIONS:
            assert section.title in text
        file_names = deck_file_names(splinter_deck)
        total = sum(file_names.values())
        assert total == 100                       # a Commander deck
        assert f"Mana curve: {total} cards" in text
        links = preview.card_links()
        for name in ("Splinter, Hamato Yoshi", "Changeling Outcast", "Splinter, Radical Rat"):
            assert name in file_names and name in links
        # every link names a card of the deck
        ids = {card.id for card, _ in window.loaded.analysis.analysed_cards}
        assert set(links.values()) <= ids
        # nothing QTextBrowser cannot draw: no inline SVG, the pictures are images
        assert "<svg" not in preview.browser.toHtml()
        document = preview.browser.document()
        for url in (CURVE_IMAGE, PIPS_IMAGE, GRAPH_IMAGE):
            image = document.resource(QTextDocument.ResourceType.ImageResource, url)
            assert image is not None and not image.isNull() and image.width() > 100, url
        shot = screenshot_dirs[0] / "report_preview.png"
        assert window.grab().save(str(shot))
        save_copies(shot, screenshot_dirs)

    def test_clicking_a_card_link_selects_the_card(self, report_window, qtbot):
        window = report_window
        window.tabs.setCurrentIndex(window.view_index("report"))
        qtbot.waitUntil(window.report_preview.is_rendered, timeout=DECK_TIMEOUT)
        browser = window.report_preview.browser
        name = "Changeling Outcast"
        cursor = browser.document().find(name)
        assert not cursor.isNull()
        cursor.setPosition(cursor.selectionStart() + 2)
        browser.setTextCursor(cursor)
        browser.ensureCursorVisible()
        qtbot.wait(20)
        point = browser.cursorRect(cursor).center()
        QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
        selected = window.selection.current
        assert isinstance(selected, Card) and selected.name == name
        assert name in window.inspector.text()

    def test_combos_found_refresh_the_report(self, report_window, qtbot):
        window = report_window
        preview = window.report_preview
        assert preview.report is not None     # shown while the combos are searched
        qtbot.waitUntil(lambda: preview.report is not None and preview.report.combos
                        is not None, timeout=COMBO_TIMEOUT)
        assert window.combo_report is not None
        report = preview.report
        assert report is not None and report.combos is not None
        found = {f.combo.name for f in window.combo_report.findings}
        assert {c.name for c in report.combos} == found
        text = window.report_preview.text()
        for name in found:
            assert name in text
        assert "Not in this report: the combo analysis" not in text

    def test_the_hidden_tab_builds_its_document_when_first_shown(self, report_window,
                                                                qtbot):
        window = report_window
        preview = window.report_preview
        assert window.tabs.currentWidget() is not preview
        # the report arrived while the tab was hidden: nothing built, the summary is there
        assert preview.report is not None and not preview.is_rendered()
        assert preview.browser.toPlainText() == ""
        assert f"{preview.report.edge_count} synergies" in preview.summary.text()
        with qtbot.waitSignal(preview.rendered, timeout=DECK_TIMEOUT):
            window.tabs.setCurrentIndex(window.view_index("report"))
        assert preview.is_rendered()
        shown = preview.browser.toPlainText()
        assert preview.report.title in shown and "Every synergy edge" in shown
        # the document came from a pool thread and now lives in the GUI thread
        document = preview.browser.document()
        assert document.thread() is preview.thread()
        image = document.resource(QTextDocument.ResourceType.ImageResource, GRAPH_IMAGE)
        assert image is not None and not image.isNull()

    def test_the_shown_document_equals_the_one_built_in_place(self, report_window, qtbot):
        """What the person sees is what ``setHtml`` of the same rich text shows."""
        window = report_window
        preview = window.report_preview
        window.tabs.setCurrentIndex(window.view_index("report"))
        qtbot.waitUntil(preview.is_rendered, timeout=DECK_TIMEOUT)
        assert preview.report is not None
        reference = QTextDocument()
        reference.setHtml(report_rich_text(preview.report, preview.browser.palette()))
        assert preview.browser.toPlainText() == reference.toPlainText()
        assert preview.browser.document().blockCount() == reference.blockCount()

    def test_export_opens_the_export_dialog(self, report_window):
        window = report_window
        preview = window.report_preview
        assert preview.export_button.isEnabled()
        preview.export_button.click()
        assert window.report_dialog is not None
        assert window.report_dialog.isVisible()

    def test_no_deck_no_report(self, make_window, tmp_path):
        window = make_window(f"sqlite:///{tmp_path / 'starter.sqlite'}")
        preview = window.report_preview
        assert not preview.export_button.isEnabled()
        assert preview.report is None and preview.text() == ""
        assert "Open a deck" in preview.summary.text()


@pytest.mark.shared
class TestRichText:
    def test_markup_in_the_title_and_notes_shows_as_text(self, splinter_analysis, qapp):
        report = build_report(splinter_analysis, ReportOptions(
            sections=PREVIEW_SECTIONS, title="<script>alert(1)</script> & <b>x</b>",
            notes="line one\n<i>not italic</i>"))
        preview = ReportPreview()
        preview.set_report(report)
        assert not preview.is_rendered()          # hidden: built only when read or shown
        text = preview.text()
        assert preview.is_rendered()
        assert "<script>alert(1)</script> & <b>x</b>" in text
        assert "<i>not italic</i>" in text
        # the combo section says it was not run (no findings given)
        assert "Not in this report" in text
        # the summary line above the document shows the title as text too (found by review:
        # it rendered markup and could embed a local picture)
        assert preview.summary.textFormat() is Qt.TextFormat.PlainText
        assert preview.summary.text().startswith("<script>alert(1)</script> & <b>x</b>: ")

    def test_dark_palette_colours_are_light(self, splinter_analysis, qapp):
        report = build_report(splinter_analysis, ReportOptions(sections=PREVIEW_SECTIONS))
        dark = QPalette()
        for role, colour in ((QPalette.ColorRole.Window, "#202020"),
                             (QPalette.ColorRole.WindowText, "#eeeeee"),
                             (QPalette.ColorRole.Base, "#1a1a1a"),
                             (QPalette.ColorRole.Text, "#eeeeee")):
            dark.setColor(role, colour)
        html = report_rich_text(report, dark)
        # text colours (the kind swatches "■" are colours of kinds, not text)
        colours = re.findall(r"color:(#[0-9a-f]{6})'>(?!■)", html)
        assert len(colours) > 10
        # every text colour of the document reads on the dark background
        assert all(QColor(c).lightness() > 110 for c in colours), sorted(set(colours))
