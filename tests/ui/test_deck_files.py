"""Deck files in the window: every format by menu filter and by drag and drop, unresolved
lines with their suggestions, and the *Fix…* dialog that re-resolves a line."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from analyzer.decks import FORMATS, DeckEntry, DeckList, Section, get_format
from tests.ui.conftest import save_copies
from ui.main_window import DECK_FILTER

pytestmark = pytest.mark.gui

DECK_TIMEOUT = 120_000


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
def starter_db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'starter.sqlite'}"


def drop(window, qtbot, path: Path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        window.dropEvent(event)
    assert event.isAccepted()


def test_open_filter_lists_every_format() -> None:
    for ext in (".txt", ".dek", ".cod", ".dck", ".dec", ".csv"):
        assert f"*{ext}" in DECK_FILTER.split(";;")[0]
    for fmt in FORMATS.values():
        assert fmt.description in DECK_FILTER


SAMPLE = DeckList((DeckEntry("Island", 20), DeckEntry("Island", 2, Section.SIDEBOARD)),
                  name="Sample")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_drag_and_drop_every_format(make_window, starter_db_url, qtbot, dialogs, tmp_path,
                                    fmt: str) -> None:
    window = make_window(starter_db_url)
    target = get_format(fmt)
    path = tmp_path / f"sample{target.extensions[0]}"
    path.write_text(target.dump(SAMPLE), encoding="utf-8")
    drop(window, qtbot, path)
    assert not dialogs, dialogs
    deck = window.loaded.analysis.deck
    assert deck.format in (fmt, "text", "arena")
    assert deck.total(Section.MAIN) == 20
    assert window.deck_panel.validation_label.text()


@pytest.mark.shared
def test_fix_an_unknown_card(make_window, card_db_url, qtbot, dialogs, tmp_path,
                             screenshot_dirs) -> None:
    window = make_window(card_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    path = tmp_path / "typo.dek"
    path.write_text('<?xml version="1.0"?>\n<Deck>\n'
                    '  <Cards Quantity="4" Sideboard="false" Name="Lightening Bolt" />\n'
                    '  <Cards Quantity="20" Sideboard="false" Name="Mountain" />\n</Deck>\n',
                    encoding="utf-8")
    drop(window, qtbot, path)
    deck = window.loaded.analysis.deck
    (unknown,) = deck.unresolved
    assert unknown.name == "Lightening Bolt"
    # the red row shows its suggestions
    index = next(window.deck_model.index(r, 0, window.deck_model.index(g, 0))
                 for g in range(window.deck_model.rowCount())
                 for r in range(window.deck_model.rowCount(window.deck_model.index(g, 0)))
                 if window.deck_model.item_at(
                     window.deck_model.index(r, 0, window.deck_model.index(g, 0))) is unknown)
    tooltip = window.deck_model.data(index, Qt.ItemDataRole.ToolTipRole)
    assert "did you mean" in tooltip and "Lightning Bolt" in tooltip
    # the context menu of the red row offers Fix…
    menu = window.deck_panel.fix_menu(unknown)
    assert [a.text() for a in menu.actions()] == ["Fix…"]
    with qtbot.waitSignal(window.deck_panel.fix_requested) as blocker:
        menu.actions()[0].trigger()
    assert blocker.args == [unknown]
    dialog = window.fix_dialog
    assert dialog is not None
    assert dialog.names()[0] == "Lightning Bolt"
    # searching by name
    dialog.search_edit.setText("lightning he")
    assert "Lightning Helix" in dialog.names()
    dialog.search_edit.setText("")
    assert dialog.names()[0] == "Lightning Bolt"
    dialog.show()
    qtbot.waitExposed(dialog)
    shot = screenshot_dirs[0] / "fix_card_dialog.png"
    assert dialog.grab().save(str(shot))
    save_copies(shot, screenshot_dirs)
    # picking re-resolves the entry and re-runs the analysis
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        dialog.accept()
    fixed = window.loaded.analysis.deck
    assert fixed.unresolved == ()
    bolt = next(e for e in fixed.entries if e.name == "Lightening Bolt")
    assert bolt.card is not None and bolt.card.name == "Lightning Bolt"
    assert "picked as Lightning Bolt" in bolt.note
    assert any(c.name == "Lightning Bolt" for c, _ in window.loaded.analysis.analysed_cards)
    assert not any(i.text == "Lightening Bolt" for i in fixed.issues)


def test_double_click_on_a_red_row_asks_for_a_fix(make_window, starter_db_url, qtbot, dialogs,
                                                   tmp_path) -> None:
    window = make_window(starter_db_url, interactive=False)
    path = tmp_path / "d.txt"
    path.write_text("3 Islandd\n", encoding="utf-8")
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        window.open_deck(path)
    group = window.deck_model.index(0, 0)
    row = window.deck_model.index(0, 0, group)
    with qtbot.waitSignal(window.deck_panel.fix_requested):
        window.deck_panel._on_double_click(row)
    assert window.fix_dialog is not None and "Island" in window.fix_dialog.names()
