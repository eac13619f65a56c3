"""The Deck tab as a deck editor, end to end on a real deck and the real card database:
counts edited in place, undo and redo, cards added and dropped, moved between sections,
saved in another format (read back with analyzer.decks), the loss report, the unsaved-changes
prompt, autosave and recovery in a new window, and the model checked after edits."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from analyzer import services
from analyzer.decks import Section, read_deck_file
from tests.ui.conftest import save_copies
from ui.dnd import card_mime
from ui.models.deck_model import GroupBy
from ui.widgets.save_dialog import LossDialog

pytestmark = [pytest.mark.gui, pytest.mark.shared]

DECK_TIMEOUT = 120_000
COMMANDER = "Splinter, Radical Rat"
"""The last line of the Splinter deck, out of alphabetical order: its commander."""


@pytest.fixture
def no_dialogs(monkeypatch) -> list[tuple[str, str]]:
    """Record QMessageBox.warning / critical instead of blocking on them."""
    calls: list[tuple[str, str]] = []

    def record(parent, title, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", record)
    monkeypatch.setattr(QMessageBox, "critical", record)
    return calls


def _quiet(window) -> None:  # type: ignore[no-untyped-def]
    """Before pytest-qt closes a window: no prompt may block the teardown."""
    window.interactive = False


@pytest.fixture
def editor_window(qtbot, settings, card_db_url, tmp_path, no_dialogs):  # type: ignore[no-untyped-def]
    """Make windows on the real database with a private recovery folder and short delays;
    they close without asking at the end (pytest-qt closes them before fixtures end)."""
    from ui.main_window import MainWindow

    windows = []

    def make(recovery: Path | None = None):  # type: ignore[no-untyped-def]
        window = MainWindow(card_db_url, settings=settings,
                            recovery_dir=recovery or tmp_path / "recovery")
        qtbot.addWidget(window, before_close_func=_quiet)
        window.auto_combos = False
        window.document.set_timings(reanalyse_ms=50, autosave_ms=50)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.controller.shutdown()
        window.graph_view.shutdown()


def wait_analysed(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Until the deck on screen is the deck under edit, analysed."""
    qtbot.waitUntil(lambda: window.loaded is not None and window.document.deck is not None
                    and window.loaded.analysis.deck is window.document.deck
                    and window.controller.deck_worker is None, timeout=DECK_TIMEOUT)


@pytest.fixture
def splinter(editor_window, splinter_deck, qtbot):  # type: ignore[no-untyped-def]
    window = editor_window()
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        window.open_deck(splinter_deck)
    wait_analysed(qtbot, window)
    return window


def answer_dialog(kind: type[QWidget], act: Callable[[QWidget], None],
                  seen: list[QWidget] | None = None) -> None:
    """Act on the next modal dialog of type ``kind`` once it is shown (exec blocks)."""
    def poll() -> None:
        widget = QApplication.activeModalWidget()
        if isinstance(widget, kind) and widget.isVisible():
            if seen is not None:
                seen.append(widget)
            act(widget)
        else:
            QTimer.singleShot(20, poll)
    QTimer.singleShot(0, poll)


def press(button: QMessageBox.StandardButton) -> Callable[[QWidget], None]:
    return lambda box: box.button(button).click()  # type: ignore[attr-defined]


def entry_named(window, name: str, section: Section = Section.MAIN):  # type: ignore[no-untyped-def]
    return next(e for e in window.document.deck.entries
                if e.name == name and e.section is section)


def card_named(window, name: str):  # type: ignore[no-untyped-def]
    card = services.card_by_name(window.controller.db, name)
    assert card is not None, name
    return card


def file_counts(splinter_deck: Path) -> dict[str, int]:
    """``{name: count}`` straight from the deck file's lines."""
    counts = {}
    for line in splinter_deck.read_text(encoding="utf-8").splitlines():
        if line.strip():
            number, name = line.split(" ", 1)
            counts[name] = int(number)
    return counts


class TestCounts:
    def test_a_two_digit_count_is_shown_whole(self, splinter, qtbot, splinter_deck):
        """Found by a newcomer: the Splinter deck's 9 Swamps shown, but 10 or more Qty cells
        were blank (card rows sit two indentation steps into a 56 px column)."""
        window = splinter
        counts = file_counts(splinter_deck)
        many = max(counts, key=counts.get)
        assert counts[many] >= 9, "the deck's most-copied card"
        tree, model = window.deck_panel.tree, window.deck_panel.tree.model()
        widest = tree.fontMetrics().horizontalAdvance("999") + 6   # the style's text margins
        for r in range(model.rowCount()):
            group = model.index(r, 0)
            for c in range(model.rowCount(group)):
                cell = tree.visualRect(model.index(c, 0, group))
                assert cell.width() >= widest, (r, c, cell)
    def test_edit_a_count_in_place_then_undo_and_redo(self, splinter, qtbot, splinter_deck):
        window, model = splinter, splinter.deck_model
        expected = file_counts(splinter_deck)
        assert window.deck_panel.total_label.text() == f"{sum(expected.values())} cards"
        assert not window.isWindowModified() and window.windowTitle().endswith("[*]")
        name = next(n for n, c in expected.items() if c == 9)     # a basic land, 9 copies
        index = model.index_of_entry(entry_named(window, name), 0)
        assert model.data(index, Qt.ItemDataRole.EditRole) == 9
        assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
        # type 3 in the Qty spin box, as a user would
        window.tabs.setCurrentIndex(0)
        window.deck_panel.tree.setCurrentIndex(index)
        window.deck_panel.tree.edit(index)
        spin = QApplication.focusWidget()
        assert spin.accessibleName() == "Number of copies"
        spin.setValue(3)
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: entry_named(window, name).count == 3)
        assert window.isWindowModified() and window.document.modified
        undo = window.editor.undo_action
        assert undo.isEnabled() and undo.text().replace("&", "") == f"Undo Set {name} to 3"
        wait_analysed(qtbot, window)
        total = sum(expected.values()) - 6
        assert window.deck_panel.total_label.text() == f"{total} cards"   # stats follow

        undo.trigger()
        assert entry_named(window, name).count == 9
        assert not window.isWindowModified()
        assert window.editor.redo_action.text().replace("&", "") == f"Redo Set {name} to 3"
        window.editor.redo_action.trigger()
        assert entry_named(window, name).count == 3 and window.isWindowModified()

    def test_plus_minus_and_delete_keys(self, splinter, qtbot):
        window, tree = splinter, splinter.deck_panel.tree
        window.tabs.setCurrentIndex(0)
        entry = entry_named(window, "Counterspell")
        tree.setFocus()
        tree.setCurrentIndex(window.deck_model.index_of_entry(entry))
        qtbot.keyClick(tree, Qt.Key.Key_Plus)
        assert entry_named(window, "Counterspell").count == 2
        qtbot.keyClick(tree, Qt.Key.Key_Minus)
        qtbot.keyClick(tree, Qt.Key.Key_Minus)
        assert not [e for e in window.document.deck.entries if e.name == "Counterspell"]
        assert window.editor.undo_action.text().replace("&", "") == "Undo Remove Counterspell"
        window.editor.undo_action.trigger()
        entry = entry_named(window, "Counterspell")
        tree.setCurrentIndex(window.deck_model.index_of_entry(entry))
        qtbot.keyClick(tree, Qt.Key.Key_Delete)
        assert not [e for e in window.document.deck.entries if e.name == "Counterspell"]
        # +, -, - and Delete; the undone "Remove" was replaced by the new one
        stack = window.document.undo_stack
        assert (stack.count(), stack.index()) == (3, 3)
        assert stack.text(2) == "Remove Counterspell"

    def test_a_refused_edit_says_why_and_changes_nothing(self, splinter, qtbot):
        window = splinter
        messages = []
        window.message_shown.connect(lambda *args: messages.append(args))
        before = window.document.deck
        counterspell = entry_named(window, "Counterspell")
        window.deck_panel.move_requested.emit(counterspell, Section.COMMANDER)
        assert window.document.deck is before and not window.document.modified
        assert messages and "cannot be a commander" in messages[-1][2]
        assert "cannot be a commander" in window.statusBar().currentMessage()
        assert not window.add_card(card_named(window, "Lightning Bolt"), count=0)


class TestAddAndMove:
    def test_add_card_drop_and_move_to_sideboard(self, splinter, qtbot, qtmodeltester,
                                                 screenshot_dirs):
        window, model = splinter, splinter.deck_model
        main_before = window.document.deck.total(Section.MAIN)
        bolt = card_named(window, "Lightning Bolt")
        assert window.add_card(bolt, Section.MAIN, 2)
        assert entry_named(window, "Lightning Bolt").count == 2
        assert window.editor.undo_action.text().replace("&", "") == "Undo Add 2 Lightning Bolt"

        # drop Negate from the card browser onto the Sideboard group row
        negate = card_named(window, "Negate")
        window.tabs.setCurrentIndex(0)
        tree = window.deck_panel.tree
        sections = {model.item_at(model.index(r, 0)).section for r in range(model.rowCount())}
        assert Section.SIDEBOARD not in sections       # the deck has no sideboard...
        mime = card_mime([(negate.id, negate.name)])
        enter(tree.viewport(), QPoint(5, 5), mime)     # ...until a card is dragged over it
        side_row = next(r for r in range(model.rowCount())
                        if model.item_at(model.index(r, 0)).section is Section.SIDEBOARD)
        assert model.data(model.index(side_row, 0)) == "Sideboard (0)"
        tree.scrollTo(model.index(side_row, 0))
        drop(tree.viewport(), tree.visualRect(model.index(side_row, 0)).center(), mime)
        qtbot.waitUntil(lambda: any(e.name == "Negate" and e.section is Section.SIDEBOARD
                                    for e in window.document.deck.entries))

        # move the Lightning Bolts to the sideboard from the context menu
        entry = entry_named(window, "Lightning Bolt")
        menu = window.deck_panel.entry_menu(entry)
        move_menu = next(a.menu() for a in menu.actions() if a.text() == "Move to")
        titles = [a.text() for a in move_menu.actions()]
        assert titles == ["Commander", "Sideboard", "Maybeboard", "Companion"]
        next(a for a in move_menu.actions() if a.text() == "Sideboard").trigger()
        assert entry_named(window, "Lightning Bolt", Section.SIDEBOARD).count == 2
        deck = window.document.deck
        assert deck.total(Section.MAIN) == main_before
        assert deck.total(Section.SIDEBOARD) == 3

        wait_analysed(qtbot, window)
        qtmodeltester.check(model)
        labels = [model.data(model.index(r, 0)) for r in range(model.rowCount())]
        assert labels[0] == "Commander (1)"
        assert labels[-1] == "Sideboard (3)" and "Maybeboard (0)" not in labels
        window.deck_panel.set_grouping(GroupBy.PACKAGE)
        qtmodeltester.check(model)
        packages = set(window.loaded.groups.values())
        main_titles = [model.item_at(model.index(r, 0)).title for r in range(model.rowCount())
                       if model.item_at(model.index(r, 0)).section is Section.MAIN]
        assert packages and set(main_titles) - {"No package"} <= packages
        assert sum(model.item_at(model.index(r, 0)).count for r in range(model.rowCount())
                   if model.item_at(model.index(r, 0)).section is Section.MAIN) == main_before
        window.deck_panel.set_grouping(GroupBy.TYPE)

        tree.setCurrentIndex(model.index_of_entry(
            entry_named(window, "Lightning Bolt", Section.SIDEBOARD)))
        qtbot.wait(50)
        shot = screenshot_dirs[0] / "deck_editor.png"
        assert window.grab().save(str(shot))
        for copy in save_copies(shot, screenshot_dirs):
            assert copy.stat().st_size > 10_000


    def test_rows_dragged_onto_another_section_move_there(self, splinter, qtbot):
        window, model = splinter, splinter.deck_model
        model.set_show_empty_sections(True)       # as while a drag is over the list
        rows = [model.index_of_entry(entry_named(window, name))
                for name in ("Counterspell", "Arcane Denial")]
        mime = model.mimeData(rows)
        maybe = next(model.index(r, 0) for r in range(model.rowCount())
                     if model.item_at(model.index(r, 0)).section is Section.MAYBEBOARD)
        assert not model.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, maybe)
        qtbot.waitUntil(lambda: window.document.deck.total(Section.MAYBEBOARD) == 2)
        assert {e.name for e in window.document.deck.section(Section.MAYBEBOARD)} == \
            {"Counterspell", "Arcane Denial"}
        assert window.editor.undo_action.text().replace("&", "") == \
            "Undo Move 2 cards to Maybeboard"
        window.editor.undo_action.trigger()
        assert window.document.deck.total(Section.MAYBEBOARD) == 0


_DRAG = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)


def enter(target: QWidget, pos: QPoint, mime: QMimeData) -> None:
    """A drag entering ``target`` at ``pos``."""
    action, buttons, mods = _DRAG
    QApplication.sendEvent(target, QDragEnterEvent(pos, action, mime, buttons, mods))


def drop(target: QWidget, pos: QPoint, mime: QMimeData) -> None:
    """A drag moved to ``pos`` in ``target`` and dropped there."""
    action, buttons, mods = _DRAG
    QApplication.sendEvent(target, QDragMoveEvent(pos, action, mime, buttons, mods))
    QApplication.sendEvent(target, QDropEvent(pos.toPointF(), action, mime, buttons, mods))


class TestSave:
    def test_save_as_mtgo_shows_the_losses_and_writes_what_it_can(
            self, splinter, qtbot, tmp_path, splinter_deck):
        window = splinter
        window.add_card(card_named(window, "Lightning Bolt"), Section.SIDEBOARD, 3)
        seen: list[QWidget] = []
        answer_dialog(LossDialog, lambda d: d.save_button.click(), seen)
        target = tmp_path / "splinter.dek"
        assert window.editor.save_as(target, "mtgo-dek")
        # the .dek cannot mark a commander: the report said so before writing
        assert "commander marker" in seen[0].details.toPlainText()
        assert COMMANDER in seen[0].details.toPlainText()
        again = read_deck_file(target).deck
        assert again.format == "mtgo-dek"
        side = {(e.name, e.count) for e in again.entries if e.section is Section.SIDEBOARD}
        assert side == {("Lightning Bolt", 3), (COMMANDER, 1)}
        expected = file_counts(splinter_deck)
        assert again.total(Section.MAIN) == sum(expected.values()) - 1
        # the file is now the deck's: clean, named, remembered
        assert not window.isWindowModified() and window.document.path == target
        assert window.document.format == "mtgo-dek"
        assert target.resolve() in window.recent.paths()
        assert not window.document.recovery.exists

    def test_cancelling_the_loss_report_writes_nothing(self, splinter, tmp_path):
        window = splinter
        window.add_card(card_named(window, "Negate"), Section.MAYBEBOARD)
        answer_dialog(LossDialog, lambda d: d.reject())
        target = tmp_path / "x.dek"
        assert not window.editor.save_as(target, "mtgo-dek")
        assert not target.exists() and window.isWindowModified()

    def test_a_format_that_holds_everything_asks_nothing(self, splinter, tmp_path):
        window = splinter
        window.add_card(card_named(window, "Negate"), Section.MAYBEBOARD, 2)
        shown = []
        window.message_shown.connect(lambda *args: shown.append(args))
        target = tmp_path / "splinter.txt"
        assert window.editor.save_as(target, "text")
        assert not shown
        again = read_deck_file(target).deck
        assert [(e.name, e.count) for e in again.entries
                if e.section is Section.MAYBEBOARD] == [("Negate", 2)]
        assert [e.name for e in again.entries if e.section is Section.COMMANDER] == [COMMANDER]
        # Ctrl+S now writes the same file again
        window.add_card(card_named(window, "Negate"), Section.MAYBEBOARD)
        window.editor.save_action.trigger()
        assert [(e.name, e.count) for e in read_deck_file(target).deck.entries
                if e.section is Section.MAYBEBOARD] == [("Negate", 3)]

    def test_new_deck_then_save(self, editor_window, qtbot, tmp_path):
        window = editor_window()
        window.editor.new_action.trigger()
        wait_analysed(qtbot, window)
        assert window.windowTitle() == "Spellweb — Untitled[*]"
        window.add_card(card_named(window, "Island"), count=12)
        window.add_card(card_named(window, "Opt"), count=4)
        wait_analysed(qtbot, window)
        assert window.deck_panel.total_label.text() == "16 cards"
        target = tmp_path / "brew.txt"
        assert window.editor.save_as(target, "text")
        assert window.windowTitle() == "Spellweb — brew[*]" and not window.isWindowModified()
        assert {(e.name, e.count) for e in read_deck_file(target).deck.entries} == \
            {("Island", 12), ("Opt", 4)}


class TestUnsavedPrompt:
    def test_close_asks_cancel_stays_discard_closes(self, splinter, qtbot):
        window = splinter
        window.add_card(card_named(window, "Opt"))
        qtbot.waitUntil(lambda: window.document.recovery.exists)
        boxes: list[QWidget] = []
        answer_dialog(QMessageBox, press(QMessageBox.StandardButton.Cancel), boxes)
        assert not window.close()
        assert window.isVisible() and "unsaved changes" in boxes[0].text()
        answer_dialog(QMessageBox, press(QMessageBox.StandardButton.Discard))
        assert window.close()
        assert not window.document.recovery.exists

    def test_opening_another_deck_asks_first(self, splinter, qtbot, shared):
        window = splinter
        window.add_card(card_named(window, "Opt"))
        other = shared / "data/decks/text/arena_export_yuriko_excerpt.txt"
        answer_dialog(QMessageBox, press(QMessageBox.StandardButton.Cancel))
        assert window.open_deck(other) is None
        assert entry_named(window, "Opt").count == 1
        answer_dialog(QMessageBox, press(QMessageBox.StandardButton.Discard))
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            assert window.open_deck(other) is not None
        assert window.document.path == other and not window.document.modified
        assert not [e for e in window.document.deck.entries if e.name == "Opt"]


class TestRecovery:
    def test_autosave_then_restore_in_a_new_window(self, editor_window, splinter, qtbot,
                                                   tmp_path):
        window = splinter
        window.add_card(card_named(window, "Lightning Bolt"), Section.SIDEBOARD, 2)
        fixed = entry_named(window, "Counterspell")
        window.document.set_count(fixed, 4)
        qtbot.waitUntil(lambda: window.document.recovery.exists)
        qtbot.wait(100)
        data = json.loads(window.document.recovery.file.read_text(encoding="utf-8"))
        assert {(e["name"], e["count"], e["section"]) for e in data["entries"]} >= {
            ("Lightning Bolt", 2, "sideboard"), ("Counterspell", 4, "main")}
        assert Path(data["path"]) == window.document.path
        assert not list(window.document.recovery.folder.glob("*.part"))
        # "crash": the window stops without a clean close (its file stays); a new one starts
        window.document.suspend_autosave()
        window.document.recovery.release()   # as the system drops a dead process's lock
        window.controller.shutdown()
        crashed = window.document.deck
        second = editor_window(window.document.recovery.folder)
        qtbot.waitUntil(lambda: second.editor.recovery_box is not None
                        and second.editor.recovery_box.isVisible())
        box = second.editor.recovery_box
        assert "Splinter" in box.text() or window.document.title in box.text()
        next(b for b in box.buttons() if b.text() == "Restore").click()
        wait_analysed(qtbot, second)
        restored = second.document.deck
        assert [(e.name, e.count, e.section, e.card.id if e.card else None)
                for e in restored.entries] == \
            [(e.name, e.count, e.section, e.card.id if e.card else None)
             for e in crashed.entries]
        assert second.document.modified and second.isWindowModified()
        assert second.document.path == window.document.path
        # the old file was consumed; the new window keeps its own
        assert not (window.document.recovery.file).exists()
        assert second.document.recovery.exists

    def test_discard_on_offer_deletes_the_file(self, editor_window, qtbot, tmp_path):
        first = editor_window()
        first.editor.new_deck()
        first.add_card(card_named(first, "Opt"), count=4)
        qtbot.waitUntil(lambda: first.document.recovery.exists)
        first.document.suspend_autosave()
        first.document.recovery.release()   # as the system drops a dead process's lock
        first.controller.shutdown()
        second = editor_window()
        qtbot.waitUntil(lambda: second.editor.recovery_box is not None)
        assert "Untitled" in second.editor.recovery_box.text()
        next(b for b in second.editor.recovery_box.buttons() if b.text() == "Discard").click()
        assert not first.document.recovery.file.exists()
        assert second.document.deck is None


class TestOpenByDrop:
    def test_a_deck_file_dropped_on_the_list_opens_it(self, splinter, qtbot, shared):
        window = splinter
        other = shared / "data/decks/text/arena_export_yuriko_excerpt.txt"
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(str(other))])
        tree = window.deck_panel.tree
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            enter(tree.viewport(), QPoint(20, 20), mime)
            drop(tree.viewport(), QPoint(20, 20), mime)
        assert window.document.path == other
        assert other.resolve() in window.recent.paths()


class TestFix:
    def test_fixing_a_name_is_an_undoable_edit(self, editor_window, qtbot, tmp_path):
        path = tmp_path / "typo.txt"
        path.write_text("4 Lightnig Bolt\n20 Mountain\n", encoding="utf-8")
        window = editor_window()
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            window.open_deck(path)
        wait_analysed(qtbot, window)
        typo = entry_named(window, "Lightnig Bolt")
        assert typo.card is None and window.document.deck.issues
        assert window.editor.fix_entry(typo, "Lightning Bolt")
        fixed = entry_named(window, "Lightnig Bolt")
        assert fixed.card is not None and fixed.card.name == "Lightning Bolt"
        assert not window.document.deck.issues and window.isWindowModified()
        assert window.editor.undo_action.text().replace("&", "") == \
            "Undo Fix Lightnig Bolt as Lightning Bolt"
        wait_analysed(qtbot, window)
        assert window.deck_panel.total_label.text() == "24 cards"
        window.editor.undo_action.trigger()
        assert entry_named(window, "Lightnig Bolt").card is None
        assert not window.isWindowModified()


class TestModelAlone:
    def test_empty_sections_and_packages_pass_the_model_tester(self, qtmodeltester, card):
        from analyzer.decks import Deck, DeckEntry, ResolvedEntry, new_deck
        from ui.models.deck_model import DeckModel

        model = DeckModel()
        model.editable = True
        model.set_deck(new_deck())
        qtmodeltester.check(model)
        assert [model.data(model.index(r, 0)) for r in range(model.rowCount())] == [
            "Commander (0)", "Main deck (0)", "Sideboard (0)", "Maybeboard (0)"]
        bolt = card("Lightning Bolt", types=("Instant",))
        goblin = card("Goblin Guide", types=("Creature",))
        deck = Deck((ResolvedEntry(DeckEntry("Lightning Bolt", 4), bolt),
                     ResolvedEntry(DeckEntry("Goblin Guide", 4), goblin),
                     ResolvedEntry(DeckEntry("Opt", 1, Section.SIDEBOARD), None)))
        model.set_grouping(GroupBy.PACKAGE, {bolt.id: "Burn"})
        model.set_deck(deck)
        qtmodeltester.check(model)
        assert [model.data(model.index(r, 0)) for r in range(model.rowCount())] == [
            "Burn (4)", "No package (4)", "Sideboard (1)"]
        model.set_show_empty_sections(True)
        qtmodeltester.check(model)
        assert [model.data(model.index(r, 0)) for r in range(model.rowCount())] == [
            "Commander (0)", "Burn (4)", "No package (4)", "Sideboard (1)", "Maybeboard (0)"]
        # the Qty cell: valid counts are passed on, never applied by the model itself
        edited = []
        model.count_edited.connect(lambda entry, count: edited.append((entry.name, count)))
        qty = model.index(0, 0, model.index(1, 0))
        assert model.setData(qty, 2) and edited == [("Lightning Bolt", 2)]
        assert not model.setData(qty, -1) and not model.setData(qty, "x")
        assert not model.setData(model.index(0, 1, model.index(1, 0)), 2)
        assert model.data(qty) == "4"


class TestDocumentAutosave:
    def test_recovery_file_follows_the_unsaved_changes(self, qtbot, tmp_path, card):
        from ui.autosave import RecoveryStore
        from ui.deck_document import DeckDocument

        doc = DeckDocument(RecoveryStore(tmp_path / "rec"))
        doc.set_timings(autosave_ms=10_000, interval_ms=30)
        doc.new()
        assert not doc.recovery.exists
        doc.add_card(card("Opt", types=("Instant",)), count=4)
        # the periodic write (30 ms here) comes before the debounced one (10 s here)
        qtbot.waitUntil(lambda: doc.recovery.exists, timeout=2000)
        doc.recovery.clear()
        qtbot.waitUntil(lambda: doc.recovery.exists, timeout=2000)   # written again
        data = json.loads(doc.recovery.file.read_text(encoding="utf-8"))
        assert [(e["name"], e["count"]) for e in data["entries"]] == [("Opt", 4)]
        assert data["path"] is None
        # undo back to the clean state: nothing unsaved, no recovery file
        doc.undo_stack.undo()
        qtbot.waitUntil(lambda: not doc.recovery.exists, timeout=2000)
        doc.undo_stack.redo()
        qtbot.waitUntil(lambda: doc.recovery.exists, timeout=2000)
        # a clean save deletes it; a recovery folder elsewhere stays untouched
        doc.save(tmp_path / "opt.txt", "text")
        assert not doc.recovery.exists and not doc.modified
        qtbot.wait(100)
        assert not doc.recovery.exists
        assert sorted(p.name for p in (tmp_path / "rec").iterdir()) == []
