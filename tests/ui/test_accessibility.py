"""Accessibility of the whole window with a real deck loaded: every interactive control has an
accessible name and a tooltip, every menu action a shortcut or a mnemonic, and the main use
works from the keyboard alone (open a deck, move through the tabs, reach the Inspector, export
the report), driven by QTest key events."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHeaderView,
    QKeySequenceEdit,
    QLineEdit,
    QMenu,
    QMessageBox,
    QTabBar,
    QWidget,
)

from ui.main_window import VIEW_KEYS

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _private_recovery(monkeypatch, tmp_path):
    """No recovery file of another run may pop a "Restore unsaved changes?" box up."""
    monkeypatch.setenv("SPELLWEB_RECOVERY_DIR", str(tmp_path / "recovery"))

DECK_TIMEOUT = 120_000
CONTROL_KINDS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QTabBar,
                 QAbstractItemView, QCheckBox, QKeySequenceEdit)
"""What counts as an interactive control."""


def _inside_qt_part(widget: QWidget) -> bool:
    """Parts Qt builds inside its own controls and labels itself: a combo box's popup list,
    a line edit's clear button, a spin box's line edit, a tab bar's scroll arrows, a key
    sequence edit's line edit, a dock's title buttons, item view headers (their sections
    are named by the model's header data)."""
    if isinstance(widget, QHeaderView) or (widget.objectName().startswith("qt_")
                                           and not isinstance(widget, QTabBar)):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QMessageBox):     # its buttons are named by their text
            return True
        if isinstance(parent, (QComboBox, QLineEdit, QAbstractSpinBox, QTabBar,
                               QKeySequenceEdit)):
            return True
        if isinstance(parent, QDockWidget) and widget.parentWidget() is parent:
            return True
        parent = parent.parentWidget()
    return False


def _describe(widget: QWidget) -> str:
    path = []
    current: QWidget | None = widget
    while current is not None:
        path.append(current.objectName() or current.accessibleName() or type(current).__name__)
        current = current.parentWidget()
    text = widget.text() if hasattr(widget, "text") and callable(widget.text) else ""
    return f"{type(widget).__name__} {text!r} in {' < '.join(path[1:4])}"


def unnamed_controls(root: QWidget) -> list[str]:
    """Every interactive control under ``root`` without an accessible name or a tooltip.

    A tab bar's tabs may carry the tooltips (each tab has one) instead of the bar."""
    missing = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, CONTROL_KINDS) or _inside_qt_part(widget):
            continue
        tip = widget.toolTip()
        if isinstance(widget, QTabBar):
            tip = tip or ("per tab" if all(widget.tabToolTip(i) for i in range(widget.count()))
                          else "")
        if not widget.accessibleName() or not tip:
            missing.append(_describe(widget))
    return missing


def menu_problems(window) -> list[str]:
    """Menu actions without a tooltip, or without a shortcut and a mnemonic; menus without a
    mnemonic."""
    problems = []

    def walk(menu: QMenu) -> None:
        if "&" not in menu.title().replace("&&", ""):
            problems.append(f"menu {menu.title()!r} has no mnemonic")
        for action in menu.actions():
            if action.isSeparator():
                continue
            if action.menu() is not None:
                walk(action.menu())
                continue
            text = action.text()
            label = text.replace("&", "")
            if not label:
                problems.append("an action with no text")
            if action.shortcut().isEmpty() and "&" not in text.replace("&&", ""):
                problems.append(f"{label!r} has neither a shortcut nor a mnemonic")
            if not action.toolTip() or action.toolTip() == label.rstrip("…").rstrip("."):
                problems.append(f"{label!r} has no tooltip of its own")

    for action in window.menuBar().actions():
        if action.menu() is not None:
            walk(action.menu())
    return problems


@pytest.fixture
def dialogs(monkeypatch) -> list[tuple[str, str]]:
    calls: list[tuple[str, str]] = []

    def record(parent, title, text, *args, **kwargs):
        calls.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", record)
    monkeypatch.setattr(QMessageBox, "critical", record)
    return calls


@pytest.fixture
def deck_window(make_window, card_db_url, splinter_deck, qtbot, dialogs):
    window = make_window(card_db_url)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.report_built, timeout=DECK_TIMEOUT):
        window.open_deck(splinter_deck)
    assert window.loaded is not None, dialogs
    return window


@pytest.mark.shared
class TestNames:
    def test_every_control_of_every_view_has_a_name_and_a_tooltip(self, deck_window, qtbot):
        window = deck_window
        # show every tab once, so views that build their parts lazily have them
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            qtbot.wait(10)
        # and the dialogs the window opens
        settings = window.open_settings()
        report = window.choose_report()
        assert report is not None
        controls = [w for w in window.findChildren(QWidget)
                    if isinstance(w, CONTROL_KINDS) and not _inside_qt_part(w)]
        kinds = {kind.__name__ for kind in CONTROL_KINDS
                 if any(isinstance(w, kind) for w in controls)}
        assert len(controls) > 60 and kinds >= {"QAbstractButton", "QLineEdit", "QComboBox",
                                                "QTabBar", "QAbstractItemView", "QCheckBox",
                                                "QKeySequenceEdit"}, (len(controls), kinds)
        missing = unnamed_controls(window)
        assert not missing, "\n".join(missing)
        settings.reject()
        report.reject()

    def test_the_walk_finds_an_unnamed_control(self, make_window, tmp_path):
        window = make_window(f"sqlite:///{tmp_path / 'starter.sqlite'}")
        assert not unnamed_controls(window)
        from PySide6.QtWidgets import QPushButton, QSpinBox

        QPushButton("Nameless", window.report_preview)
        spin = QSpinBox(window.combo_panel)
        spin.setAccessibleName("Has a name but no tooltip")
        missing = unnamed_controls(window)
        assert len(missing) == 2 and "QPushButton 'Nameless'" in missing[0] \
            and "QSpinBox" in missing[1], missing

    def test_menu_actions_have_a_shortcut_or_mnemonic_and_a_tooltip(self, deck_window):
        window = deck_window
        window.recent_menu.aboutToShow.emit()     # fill the recent decks
        assert window.recent_menu.actions()
        problems = menu_problems(window)
        assert not problems, "\n".join(problems)

    def test_every_window_action_in_a_menu_is_reachable_by_keyboard(self, deck_window):
        window = deck_window
        in_menus: set[QAction] = set()
        for top in window.menuBar().actions():
            menu = top.menu()
            if menu is not None:
                in_menus.update(a for a in menu.actions() if not a.isSeparator())
        for action in window.actions():
            if action.text():
                assert action in in_menus, f"{action.text()!r} is in no menu"


@pytest.mark.shared
class TestKeyboardOnly:
    def test_open_tabs_inspector_and_export_without_the_mouse(
            self, make_window, card_db_url, splinter_deck, qtbot, monkeypatch, tmp_path,
            dialogs):
        window = make_window(card_db_url)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
        monkeypatch.setattr(QFileDialog, "getOpenFileName",
                            lambda *a, **k: (str(splinter_deck), ""))
        target = tmp_path / "splinter.html"
        monkeypatch.setattr(QFileDialog, "getSaveFileName",
                            lambda *a, **k: (str(target), "HTML (*.html)"))
        ctrl = Qt.KeyboardModifier.ControlModifier

        # Ctrl+O opens the deck
        with qtbot.waitSignal(window.controller.report_built, timeout=DECK_TIMEOUT):
            QTest.keyClick(window, Qt.Key.Key_O, ctrl)
        assert window.loaded is not None, dialogs
        assert window.loaded.path == splinter_deck

        # Ctrl+1 … Ctrl+N show each view in turn
        for index, key in enumerate(VIEW_KEYS[:9]):
            QTest.keyClick(window, getattr(Qt.Key, f"Key_{index + 1}"), ctrl)
            assert window.tabs.currentIndex() == index, key

        # F6 reaches the Inspector; Tab from the deck list selects, the Inspector follows
        QTest.keyClick(window, Qt.Key.Key_1, ctrl)
        tree = window.deck_panel.tree
        tree.setFocus()
        QTest.keyClick(tree, Qt.Key.Key_Down)
        QTest.keyClick(tree, Qt.Key.Key_Down)
        assert window.selection.current is not None
        QTest.keyClick(window, Qt.Key.Key_F6)
        assert window.inspector_dock.isVisible()
        focus = QApplication.focusWidget()
        assert focus is not None and (focus is window.inspector
                                      or window.inspector.isAncestorOf(focus))
        assert window.inspector.text()

        # Ctrl+E opens the export dialog; Enter accepts it; the report is written
        QTest.keyClick(window, Qt.Key.Key_E, ctrl)
        dialog = window.report_dialog
        assert dialog is not None
        qtbot.waitUntil(dialog.isVisible, timeout=3000)
        with qtbot.waitSignal(window.controller.report_written, timeout=DECK_TIMEOUT) as done:
            QTest.keyClick(dialog, Qt.Key.Key_Return)
        assert Path(done.args[0]) == target and target.stat().st_size > 10_000
        assert "<html" in target.read_text(encoding="utf-8")[:500].lower()


def dialog_mnemonics(dialog: QWidget) -> dict[str, list[str]]:
    """Letter (lower case) -> the texts of the dialog whose ``&`` marks it: buttons, labels
    with a buddy, tabs of every tab bar."""
    import re

    from PySide6.QtWidgets import QLabel, QTabWidget

    texts = [b.text() for b in dialog.findChildren(QAbstractButton)]
    texts += [label.text() for label in dialog.findChildren(QLabel) if label.buddy()]
    for tabs in dialog.findChildren(QTabWidget):
        texts += [tabs.tabText(i) for i in range(tabs.count())]
    found: dict[str, list[str]] = {}
    for text in texts:
        hit = re.search(r"(?<!&)&([^&\s])", text.replace("&&", ""))
        if hit:
            found.setdefault(hit.group(1).lower(), []).append(text)
    return found


class TestSettingsMnemonics:
    def test_every_mnemonic_of_the_settings_dialog_is_unique(self, make_window, tmp_path):
        window = make_window(f"sqlite:///{tmp_path / 'cards.sqlite'}")
        dialog = window.open_settings()
        found = dialog_mnemonics(dialog)
        clashes = {letter: texts for letter, texts in found.items() if len(texts) > 1}
        assert not clashes, clashes
        # the walk sees the page tabs and the shortcut buttons
        assert "d" in found and any("Database" in t for t in found["d"])
        assert len(found) >= 12

    def test_the_walk_finds_a_clash(self, qapp):
        from PySide6.QtWidgets import QDialog, QPushButton, QVBoxLayout

        dialog = QDialog()
        layout = QVBoxLayout(dialog)
        layout.addWidget(QPushButton("&Default"))
        layout.addWidget(QPushButton("&Delete"))
        assert dialog_mnemonics(dialog)["d"] == ["&Default", "&Delete"]
