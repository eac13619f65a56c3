"""File ▸ Export report…, end to end: a real deck against the real card database, the
dialog (title, notes, sections remembered), the save dialog's filter naming the format,
the background job with cancel, the error box naming the file, and the *Open* notice."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
)

from analyzer.reports.model import ReportSection
from tests.ui.conftest import save_copies
from ui.controllers import REPORT_FINDINGS
from ui.widgets.report_dialog import (
    FILTER_KEY,
    REPORT_FILTER,
    SECTIONS_KEY,
    ReportDialog,
    filter_for,
    report_path,
)

pytestmark = pytest.mark.gui

DECK_TIMEOUT = 120_000
REPORT_TIMEOUT = 120_000
FILTERS = dict(zip(("html", "pdf", "md", "json"), REPORT_FILTER.split(";;"), strict=True))
TITLE = "Rats <b>&</b> Ninjas"
"""A title holding markup: every format must show it as text."""
NOTES = "Line one <script>alert(1)</script>\nLine two & more"


@pytest.fixture
def dialogs(monkeypatch) -> list[tuple[str, str, str]]:
    """Record QMessageBox.warning / critical calls instead of showing dialogs."""
    calls: list[tuple[str, str, str]] = []

    def record(level: str):
        def show(parent, title, text, *args, **kwargs):
            calls.append((level, title, text))
            return QMessageBox.StandardButton.Ok
        return show

    monkeypatch.setattr(QMessageBox, "warning", record("warning"))
    monkeypatch.setattr(QMessageBox, "critical", record("critical"))
    return calls


class SaveAs:
    """Stands in for ``QFileDialog.getSaveFileName``: answers :attr:`answer` and records
    each call's ``(default path, filters, initial filter)``."""

    def __init__(self) -> None:
        self.answer: tuple[str, str] = ("", "")
        self.calls: list[tuple[str, str, str]] = []

    def __call__(self, parent, caption, directory, filters, selected="", *args, **kwargs):
        self.calls.append((directory, filters, selected))
        return self.answer


@pytest.fixture
def save_as(monkeypatch) -> SaveAs:
    """The save dialog, answered by the test (``save_as.answer = (path, filter)``)."""
    fake = SaveAs()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    return fake


@pytest.fixture
def deck_window(make_window, card_db_url, splinter_deck, qtbot, dialogs):
    window = make_window(card_db_url)
    window.show()
    qtbot.waitExposed(window)
    assert not window.report_action.isEnabled()   # no deck yet
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        window.open_deck(splinter_deck)
    assert window.loaded is not None
    return window


def _export(qtbot, window, save_as, target: str, chosen_filter: str, *,
            title: str = TITLE, notes: str = NOTES,
            sections: tuple[ReportSection, ...] | None = None):
    """Trigger File ▸ Export report…, fill the dialog, press Export and answer the save
    dialog; return the worker (already started)."""
    window.report_action.trigger()
    dialog = window.report_dialog
    assert dialog is not None
    dialog.title_edit.setText(title)
    dialog.notes_edit.setPlainText(notes)
    if sections is not None:
        dialog.set_sections(sections)
    save_as.answer = (target, chosen_filter)
    started: list = []
    window.controller.job_started.connect(started.append)
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert started, "no job started"
    return started[-1]


class TestReportPath:
    @pytest.mark.parametrize(("typed", "chosen", "expected"), [
        ("/tmp/deck", "PDF (*.pdf)", "/tmp/deck.pdf"),
        ("/tmp/deck", "Markdown (*.md)", "/tmp/deck.md"),
        ("/tmp/deck", "JSON (*.json)", "/tmp/deck.json"),
        ("/tmp/deck", "HTML (*.html)", "/tmp/deck.html"),
        ("/tmp/deck.PDF", "HTML (*.html)", "/tmp/deck.PDF"),   # a report ending is kept
        ("/tmp/deck.htm", "JSON (*.json)", "/tmp/deck.htm"),
        ("/tmp/deck.v2", "Markdown (*.md)", "/tmp/deck.v2.md"),
        ("/tmp/deck.txt", "PDF (*.pdf)", "/tmp/deck.txt.pdf"),
    ])
    def test_suffix_from_the_filter(self, typed, chosen, expected):
        assert report_path(typed, chosen) == Path(expected)

    def test_filter_for_each_ending(self):
        assert filter_for(".pdf") == "PDF (*.pdf)"
        assert filter_for(".MD") == "Markdown (*.md)"
        assert filter_for(".xyz") == "HTML (*.html)"


class TestReportDialog:
    def test_defaults_and_choice(self, qtbot, settings: QSettings):
        dialog = ReportDialog("Splinter & co", settings)
        qtbot.addWidget(dialog)
        assert dialog.title_edit.text() == "Splinter & co"
        assert dialog.checked_sections() == tuple(ReportSection)   # first time: all
        dialog.title_edit.setText("  ")
        dialog.notes_edit.setPlainText("  hello\n")
        choice = dialog.choice()
        assert choice.title is None and choice.notes == "hello"

    def test_no_section_disables_export(self, qtbot, settings: QSettings):
        dialog = ReportDialog("deck", settings)
        qtbot.addWidget(dialog)
        qtbot.mouseClick(dialog.none_button, Qt.MouseButton.LeftButton)
        assert dialog.checked_sections() == ()
        assert not dialog.export_button.isEnabled()
        dialog.accept()   # refused: nothing to write
        assert dialog.result() != dialog.DialogCode.Accepted
        dialog.section_boxes[ReportSection.EDGES].setChecked(True)
        assert dialog.export_button.isEnabled()

    def test_sections_are_remembered(self, qtbot, settings: QSettings):
        first = ReportDialog("deck", settings)
        qtbot.addWidget(first)
        first.set_sections((ReportSection.DECK, ReportSection.ODDS))
        first.accept()
        assert settings.value(SECTIONS_KEY) == "deck,odds"
        second = ReportDialog("deck", settings)
        qtbot.addWidget(second)
        assert second.checked_sections() == (ReportSection.DECK, ReportSection.ODDS)

    def test_cancel_forgets_the_changes(self, qtbot, settings: QSettings):
        dialog = ReportDialog("deck", settings)
        qtbot.addWidget(dialog)
        dialog.set_sections((ReportSection.STATS,))
        dialog.reject()
        assert settings.value(SECTIONS_KEY) is None

    def test_keyboard(self, qtbot, settings: QSettings):
        dialog = ReportDialog("deck", settings)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        dialog.title_edit.setFocus()
        qtbot.keyClicks(dialog.title_edit, "X")
        assert dialog.title_edit.text() == "X"   # the default was selected: typing replaces it
        qtbot.keyClick(dialog.title_edit, Qt.Key.Key_Tab)
        assert dialog.focusWidget() is dialog.notes_edit
        qtbot.keyClick(dialog.notes_edit, Qt.Key.Key_Tab)   # Tab leaves the notes
        assert dialog.focusWidget() is dialog.section_boxes[ReportSection.DECK]
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Space)   # uncheck Deck
        assert ReportSection.DECK not in dialog.checked_sections()
        with qtbot.waitSignal(dialog.accepted, timeout=2000):
            qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)   # Enter: Export
        assert dialog.choice().title == "X"

    def test_every_control_has_a_name_and_a_tooltip(self, qtbot, settings: QSettings,
                                                     screenshot_dirs, tmp_path):
        dialog = ReportDialog("Splinter, Radical Rat — ninjas", settings,
                              slow_sections=REPORT_FINDINGS)
        qtbot.addWidget(dialog)
        kinds = (QAbstractButton, QLineEdit, QPlainTextEdit)
        controls = [w for kind in kinds for w in dialog.findChildren(kind)
                    if not isinstance(w.parentWidget(), QLineEdit)]   # its clear button
        assert len(controls) >= len(ReportSection) + 6
        missing = [(type(w).__name__, w.text() if hasattr(w, "text") else "")
                   for w in controls if not w.accessibleName() or not w.toolTip()]
        assert not missing
        for section, box in dialog.section_boxes.items():
            assert ("combo analyses" in box.toolTip()) == (section in REPORT_FINDINGS)
        dialog.notes_edit.setPlainText("Built for a 4-player pod.\nRats & ninjas.")
        dialog.show()
        qtbot.waitExposed(dialog)
        shot = tmp_path / "report_dialog.png"
        assert dialog.grab().save(str(shot))
        assert all(p.stat().st_size > 0 for p in save_copies(shot, screenshot_dirs))


@pytest.mark.shared
class TestExportFromTheWindow:
    def test_action_needs_a_deck_and_has_a_shortcut(self, deck_window):
        action = deck_window.report_action
        assert action.isEnabled()
        assert action.shortcut() == QKeySequence("Ctrl+E")
        assert action.toolTip()
        assert action in deck_window.menuBar().actions()[0].menu().actions()

    @pytest.mark.parametrize("fmt", ["html", "pdf", "md", "json"])
    def test_each_format(self, deck_window, qtbot, save_as, tmp_path, fmt, dialogs,
                         monkeypatch, screenshot_dirs):
        window = deck_window
        deck_name = window.loaded.title
        target = tmp_path / "my report"   # no ending: the filter chosen adds it
        worker = _export(qtbot, window, save_as, str(target), FILTERS[fmt])
        messages: list[str] = []
        worker.progress.connect(lambda done, total, message: messages.append(message))
        with qtbot.waitSignal(window.controller.report_written,
                              timeout=REPORT_TIMEOUT) as written:
            pass
        path = tmp_path / f"my report.{fmt}"
        assert written.args == [path]
        # the combo analyses ran first, and the status bar followed them
        assert any(m.startswith("Verifying") for m in messages)
        assert {"goldfish odds", "sample lines"} <= set(messages)
        assert path.is_file() and not dialogs
        assert save_as.calls[-1][1] == REPORT_FILTER
        content = path.read_bytes()
        if fmt == "html":
            text = content.decode("utf-8")
            assert html.escape(TITLE) in text and TITLE not in text
            assert "<script>alert(1)</script>" not in text
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
            assert html.escape(deck_name) in text
        elif fmt == "pdf":
            assert content.startswith(b"%PDF")
        elif fmt == "json":
            doc = json.loads(content)
            assert doc["schema_version"]
            assert doc["title"] == TITLE and doc["notes"] == NOTES
            assert doc["sections"] == [s.value for s in ReportSection]
            # the combo analyses ran first: no section is "not run for this report"
            assert doc["unavailable"] == []
            assert all(key in doc for key in ("combos", "near_misses", "lines", "odds"))
        else:
            first = content.decode("utf-8").splitlines()[0]
            assert first.startswith("# ") and "Rats" in first and "Ninjas" in first
            assert "<b>" not in first   # markup shown as text, not passed through
        # the notice names the file and opens it
        assert path.name in window.file_notice.text()
        qtbot.waitUntil(lambda: not window.job_status.isVisible(), timeout=REPORT_TIMEOUT)
        assert window.file_notice.isVisible()   # still there once the job has ended
        if fmt == "html":
            shot = tmp_path / "report_written_status.png"
            assert window.statusBar().grab().save(str(shot))
            save_copies(shot, screenshot_dirs)
        opened: list[QUrl] = []
        monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url))
        qtbot.mouseClick(window.file_notice.open_button, Qt.MouseButton.LeftButton)
        assert opened == [QUrl.fromLocalFile(str(path))]
        assert window.settings.value(FILTER_KEY) == FILTERS[fmt]

    def test_without_combo_sections_no_combo_analysis_runs(self, deck_window, qtbot,
                                                           save_as, tmp_path):
        window = deck_window
        worker = _export(qtbot, window, save_as, str(tmp_path / "plain.json"),
                         FILTERS["html"], sections=(ReportSection.DECK, ReportSection.EDGES))
        messages: list[str] = []
        worker.progress.connect(lambda done, total, message: messages.append(message))
        with qtbot.waitSignal(window.controller.report_written, timeout=REPORT_TIMEOUT):
            pass
        doc = json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))
        assert doc["sections"] == ["deck", "edges"]
        assert "combos" not in doc and "odds" not in doc and doc["unavailable"] == []
        assert messages and not any(m.startswith("Verifying") or m in (
            "goldfish odds", "sample lines") for m in messages)
        # the choice is remembered for the next report
        window.report_action.trigger()
        assert window.report_dialog.checked_sections() == (ReportSection.DECK,
                                                           ReportSection.EDGES)

    def test_cancel_leaves_no_file(self, deck_window, qtbot, save_as, tmp_path, dialogs):
        window = deck_window
        target = tmp_path / "cancelled.pdf"
        worker = _export(qtbot, window, save_as, str(target), FILTERS["pdf"])
        assert window.job_status.isVisibleTo(window)
        shown: list[str] = []
        window.statusBar().messageChanged.connect(shown.append)
        with qtbot.waitSignal(window.controller.report_cancelled,
                              timeout=REPORT_TIMEOUT) as cancelled:
            qtbot.mouseClick(window.job_status.cancel_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not worker.running, timeout=REPORT_TIMEOUT)
        assert cancelled.args == [target]
        assert worker.was_cancelled
        assert not target.exists() and list(tmp_path.glob("cancelled*")) == []
        assert not dialogs
        assert any("cancelled" in m and target.name in m for m in shown)
        assert not window.file_notice.isVisibleTo(window)

    def test_unwritable_path_shows_the_error(self, deck_window, qtbot, save_as, tmp_path,
                                             dialogs):
        window = deck_window
        blocker = tmp_path / "not a folder"
        blocker.write_text("a file where a folder should be")
        target = blocker / "report.html"
        _export(qtbot, window, save_as, str(target), FILTERS["html"],
                sections=(ReportSection.DECK,))
        with qtbot.waitSignal(window.controller.report_failed,
                              timeout=REPORT_TIMEOUT) as failed:
            pass
        assert failed.args[0] == target
        assert not target.exists()
        assert len(dialogs) == 1
        level, title, text = dialogs[0]
        assert level == "warning"
        assert "report.html" in title and str(target) in text
        assert not window.file_notice.isVisibleTo(window)
