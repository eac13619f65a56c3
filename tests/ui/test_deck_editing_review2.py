"""Deck editor defects found in review 2: an edit while File ▸ Open loads, the loss
dialog's default button, refused edits on the undo stack, drags between windows, and the
recovery file of a second running instance. Real deck files and the real card database."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox

import ui.controllers as controllers
from analyzer.decks import Section
from tests.ui.test_deck_editing import (  # noqa: F401  (fixtures)
    DECK_TIMEOUT,
    answer_dialog,
    editor_window,
    entry_named,
    no_dialogs,
    press,
    splinter,
    wait_analysed,
)

pytestmark = [pytest.mark.gui, pytest.mark.shared]

OTHER = "data/decks/xmage_dck/EDH Kalamax Control.dck"


@pytest.fixture
def slow_open(monkeypatch, shared):  # type: ignore[no-untyped-def]
    """Reading ``OTHER`` from its file takes 1.5 s more (a big file, a slow disk)."""
    real = controllers.load_deck_job
    other = shared / OTHER

    def slow(db, path, cancel, deck=None):  # type: ignore[no-untyped-def]
        if deck is None and Path(path) == other:
            time.sleep(1.5)
        return real(db, path, cancel, deck)

    monkeypatch.setattr(controllers, "load_deck_job", slow)
    return other


class TestEditWhileOpening:
    def _edit_while_loading(self, window, qtbot, other):  # type: ignore[no-untyped-def]
        path_a = window.document.path
        opener = window.open_deck(other)
        assert opener is not None
        qtbot.wait(50)
        entry = window.document.deck.entries[0]
        assert window.document.set_count(entry, entry.count + 3)
        qtbot.wait(300)     # the re-analysis timer (50 ms) fires while the file loads
        assert window.controller.deck_worker is opener and not opener.cancelled, \
            "the re-analysis cancelled the open"
        return path_a, entry.name

    def test_keeping_the_edit_leaves_the_other_file_unopened(
            self, splinter, qtbot, slow_open):  # noqa: F811
        window = splinter
        window.interactive = True
        asked: list = []
        path_a, name = self._edit_while_loading(window, qtbot, slow_open)
        answer_dialog(QMessageBox, press(QMessageBox.StandardButton.Cancel), asked)
        qtbot.waitUntil(lambda: bool(asked), timeout=DECK_TIMEOUT)
        wait_analysed(qtbot, window)
        assert window.document.path == path_a and window.document.modified
        assert window.document.deck.entries[0].name == name
        assert window.loaded.path == path_a
        window.interactive = False

    def test_discarding_the_edit_opens_the_other_file(
            self, splinter, qtbot, slow_open):  # noqa: F811
        window = splinter
        window.interactive = True
        asked: list = []
        self._edit_while_loading(window, qtbot, slow_open)
        answer_dialog(QMessageBox, press(QMessageBox.StandardButton.Discard), asked)
        qtbot.waitUntil(lambda: window.document.path == slow_open, timeout=DECK_TIMEOUT)
        wait_analysed(qtbot, window)
        assert asked and not window.document.modified
        assert window.loaded.path == slow_open
        window.interactive = False


class TestLossDialogKeys:
    @pytest.fixture
    def dialog(self, qtbot, shared):  # type: ignore[no-untyped-def]
        from analyzer.decks import loss_report, read_deck_file
        from ui.widgets.save_dialog import LossDialog

        deck = read_deck_file(shared / OTHER).deck
        report = loss_report(deck, "magarena")    # no sideboard, no printings: lossy
        assert report
        dialog = LossDialog(report, Path("/nonexistent/x.dec"))
        qtbot.addWidget(dialog)
        return dialog

    @pytest.mark.parametrize("where", ["start", "details", "save_button"])
    def test_return_cancels(self, dialog, qtbot, where):  # type: ignore[no-untyped-def]
        results: list[int] = []
        dialog.finished.connect(results.append)
        dialog.open()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        if where == "start":
            assert dialog.focusWidget() is dialog.cancel_button
        elif where == "details":
            dialog.details.setFocus()
        else:
            dialog.save_button.setFocus()
        qtbot.waitUntil(lambda: dialog.focusWidget() is not None)
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: bool(results))
        assert results == [QDialog.DialogCode.Rejected]

    def test_space_on_save_anyway_saves(self, dialog, qtbot):  # type: ignore[no-untyped-def]
        results: list[int] = []
        dialog.finished.connect(results.append)
        dialog.open()
        qtbot.waitExposed(dialog)
        dialog.save_button.setFocus()
        qtbot.keyClick(dialog.save_button, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: bool(results))
        assert results == [QDialog.DialogCode.Accepted]

    def test_the_report_lists_what_the_file_drops(self, qtbot, shared):  # type: ignore[no-untyped-def]
        from analyzer.decks import loss_report, read_deck_file
        from ui.widgets.save_dialog import LossDialog

        deck = read_deck_file(shared / "data/decks/forge_dck/Boggart Feast.dck").deck
        dialog = LossDialog(loss_report(deck, "text"), Path("/nonexistent/x.txt"))
        qtbot.addWidget(dialog)
        text = dialog.details.toPlainText()
        assert "Description" in text and "[shop]" in text


class TestRefusedEdits:
    def test_a_refused_multi_row_move_adds_no_undo_step(self, splinter, qtbot):  # noqa: F811
        window = splinter
        doc = window.document
        plain = [e for e in doc.deck.entries if e.section is Section.MAIN and e.card is not None
                 and "Legendary" not in e.card.front.supertypes][:3]
        assert len(plain) == 3
        steps = doc.undo_stack.count()
        assert window.editor.move_entries(plain, Section.COMMANDER) == 0
        assert doc.undo_stack.count() == steps
        assert not doc.modified and not window.isWindowModified()

    def test_a_partly_refused_move_is_one_undo_step(self, splinter, qtbot):  # noqa: F811
        window = splinter
        doc = window.document
        before = doc.deck
        plain = [e for e in doc.deck.entries if e.section is Section.MAIN and e.card is not None
                 and "Legendary" not in e.card.front.supertypes][:2]
        stale = plain[0]
        assert window.editor.move_entries(plain[:1], Section.SIDEBOARD) == 1
        # plain[0] is no longer in the deck: refused; plain[1] moves
        assert window.editor.move_entries(plain, Section.SIDEBOARD) == 1
        assert doc.undo_stack.count() == 2
        assert entry_named(window, plain[1].name, Section.SIDEBOARD).count == plain[1].count
        doc.undo_stack.undo()
        doc.undo_stack.undo()
        assert doc.deck == before and not doc.modified
        assert stale.name == plain[0].name


class TestDragBetweenWindows:
    def test_rows_dropped_on_another_window_add_their_own_cards(
            self, editor_window, splinter, qtbot, shared, tmp_path):  # noqa: F811
        import shutil

        a = splinter
        other = tmp_path / "Boggart Feast.dck"
        shutil.copy(shared / "data/decks/forge_dck/Boggart Feast.dck", other)
        b = editor_window()
        b.show()
        with qtbot.waitSignal(b.controller.deck_finished, timeout=DECK_TIMEOUT):
            b.open_deck(other)
        wait_analysed(qtbot, b)
        dragged = next(e for e in a.document.deck.entries
                       if e.card is not None and e.section is Section.MAIN
                       and e.name not in {x.name for x in b.document.deck.entries})
        mime = a.deck_model.mimeData([a.deck_model.index_of_entry(dragged, 0)])
        mb = b.deck_model
        mb.set_show_empty_sections(True)
        side = next(mb.index(r, 0) for r in range(mb.rowCount())
                    if str(mb.index(r, 0).data()).startswith("Sideboard"))
        b_before = b.document.deck
        mb.dropMimeData(mime, Qt.DropAction.MoveAction, -1, 0, side)
        qtbot.waitUntil(lambda: b.document.deck is not b_before)
        gained = [(e.name, e.count) for e in b.document.deck.entries
                  if e.section is Section.SIDEBOARD]
        assert gained == [(dragged.name, 1)]
        assert [(e.name, e.section) for e in b.document.deck.entries
                if e.section is Section.MAIN] == [(e.name, e.section) for e in b_before.entries
                                                  if e.section is Section.MAIN]
        assert any(e is dragged for e in a.document.deck.entries)   # A keeps its row


class TestRecoveryOwners:
    def _deck(self):  # type: ignore[no-untyped-def]
        from analyzer.decks import Deck, DeckEntry, ResolvedEntry

        return Deck((ResolvedEntry(DeckEntry("Opt", 4), None),), name="Blue")

    def test_a_live_window_file_is_not_offered(self, tmp_path):  # type: ignore[no-untyped-def]
        from ui.autosave import RecoveryStore

        first, second = RecoveryStore(tmp_path), RecoveryStore(tmp_path)
        first.write(self._deck())
        assert second.pending() == [] and second.unreadable() == []
        first.release()            # the first window closed keeping its changes
        assert [r.file for r in second.pending()] == [first.file]
        assert second.pending()[0].title == "Blue"

    def test_a_file_of_another_running_process_is_not_offered(self, tmp_path):  # type: ignore[no-untyped-def]
        import subprocess
        import sys

        from ui.autosave import RecoveryStore

        code = ("import sys, time\n"
                "from analyzer.decks import Deck, DeckEntry, ResolvedEntry\n"
                "from ui.autosave import RecoveryStore\n"
                "store = RecoveryStore(__import__('pathlib').Path(sys.argv[1]))\n"
                "store.write(Deck((ResolvedEntry(DeckEntry('Opt', 4), None),)))\n"
                "print('written', flush=True)\n"
                "time.sleep(60)\n")
        child = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)],
                                 stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == "written"
            mine = RecoveryStore(tmp_path)
            assert len(list(tmp_path.glob("deck-*.json"))) == 1
            assert mine.pending() == []
        finally:
            child.kill()
            child.wait()
        assert len(mine.pending()) == 1       # the process died: a crash, offered

    def test_an_unreadable_file_is_reported_with_its_place(
            self, editor_window, tmp_path):  # noqa: F811
        folder = tmp_path / "rec"
        folder.mkdir()
        corrupt = folder / "deck-corrupt.json"
        corrupt.write_text("{not json", encoding="utf-8")
        window = editor_window(folder)
        messages: list = []
        window.message_shown.connect(lambda *m: messages.append(m))
        assert window.editor.offer_recovery() is None
        assert any(str(corrupt) in text for _level, _title, text in messages)
        assert corrupt.is_file()

    def test_a_snapshot_with_a_bad_entry_says_so_plainly(self):  # type: ignore[no-untyped-def]
        from analyzer.decks import deck_from_snapshot
        from analyzer.errors import InputError

        bad = {"snapshot": 1, "entries": [{"name": "X", "count": "lots", "section": "main"}]}
        with pytest.raises(InputError) as err:
            deck_from_snapshot(bad, {})
        text = str(err.value)
        assert text.startswith("entry 1 of the snapshot cannot be read")
        assert "ValueError" not in text and "{'name'" not in text and "lots" in text
        with pytest.raises(InputError, match="it has no 'count'"):
            deck_from_snapshot({"snapshot": 1, "entries": [{"name": "X"}]}, {})

    def test_no_empty_kept_time(self, editor_window, tmp_path):  # noqa: F811
        import json

        folder = tmp_path / "rec"
        folder.mkdir()
        (folder / "deck-old.json").write_text(json.dumps(
            {"snapshot": 1, "entries": [], "name": "Old"}), encoding="utf-8")
        window = editor_window(folder)
        box = window.editor.offer_recovery()
        assert box is not None
        assert "(kept" not in box.text() and "“Old”" in box.text()
        box.close()


class TestDeckName:
    def _open(self, editor_window, qtbot, path):  # type: ignore[no-untyped-def]  # noqa: F811
        window = editor_window()
        window.show()
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            window.open_deck(path)
        wait_analysed(qtbot, window)
        window.interactive = False   # the loss report goes to stderr, nothing blocks
        return window

    def test_save_as_renames_a_deck_named_after_its_file(
            self, editor_window, qtbot, splinter_deck, tmp_path):  # noqa: F811
        import shutil
        import xml.etree.ElementTree as ET

        source = tmp_path / "Ninjas.txt"
        shutil.copy(splinter_deck, source)
        window = self._open(editor_window, qtbot, source)
        assert window.document.title == "Ninjas"
        assert window.editor.save_as(tmp_path / "Goblins v2.dck", "forge")
        assert window.document.title == "Goblins v2" and "Goblins v2" in window.windowTitle()
        lines = (tmp_path / "Goblins v2.dck").read_text(encoding="utf-8").splitlines()
        assert "Name=Goblins v2" in lines
        wait_analysed(qtbot, window)
        assert window.editor.save_as(tmp_path / "Goblins v3.cod", "cockatrice")
        root = ET.parse(tmp_path / "Goblins v3.cod").getroot()
        assert root.findtext("deckname") == "Goblins v3"
        assert window.document.title == "Goblins v3"

    def test_a_deck_with_its_own_name_keeps_it_unless_renamed(
            self, editor_window, qtbot, shared, tmp_path, monkeypatch):  # noqa: F811
        import shutil

        source = tmp_path / "bf.dck"
        shutil.copy(shared / "data/decks/forge_dck/Boggart Feast.dck", source)
        window = self._open(editor_window, qtbot, source)
        assert window.document.title == "Boggart Feast"
        assert window.editor.save_as(tmp_path / "Goblins v2.dck", "forge")
        assert window.document.title == "Boggart Feast"   # not interactive: not asked
        assert "Name=Boggart Feast" in (tmp_path / "Goblins v2.dck").read_text(
            encoding="utf-8").splitlines()
        asked: list[str] = []

        def agree(parent, title, text, *args):  # type: ignore[no-untyped-def]
            asked.append(text)
            return QMessageBox.StandardButton.Yes

        monkeypatch.setattr(QMessageBox, "question", agree)
        window.interactive = True
        monkeypatch.setattr(window.editor, "confirm_losses", lambda report, path: True)
        assert window.editor.save_as(tmp_path / "Goblins v3.dck", "forge")
        window.interactive = False
        assert asked == ["Also rename the deck “Boggart Feast” to “Goblins v3”?"]
        assert window.document.title == "Goblins v3"
        assert "Name=Goblins v3" in (tmp_path / "Goblins v3.dck").read_text(
            encoding="utf-8").splitlines()
        wait_analysed(qtbot, window)
        window.document.undo_stack.clear()
        assert window.editor.rename_deck("  Goblin   Feast ")
        assert window.document.title == "Goblin Feast" and window.document.modified
        assert window.editor.rename_action.isEnabled()
        window.document.undo_stack.undo()
        assert window.document.title == "Goblins v3"


class TestSavePath:
    @pytest.mark.parametrize(("typed", "filter_fmt", "expected"), [
        ("deck.cod", "mtgo-dek", "cockatrice"),     # the typed ending wins
        ("deck.dek", "mtgo-dek", "mtgo-dek"),
        ("deck", "cockatrice", "cockatrice"),       # no ending: the filter's, added
        ("deck.txt", "arena", "arena"),             # .txt is several formats: the filter
        ("deck.backup", "forge", "forge"),          # an unknown ending: the filter
    ])
    def test_typed_extension_against_filter(self, monkeypatch, typed, filter_fmt, expected):  # type: ignore[no-untyped-def]
        from PySide6.QtWidgets import QFileDialog

        from ui.widgets import save_dialog

        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
            lambda *args: (f"/tmp/{typed}", save_dialog.filter_of(filter_fmt))))
        path, fmt = save_dialog.choose_save_path(None, "/tmp", "deck", "text")
        assert fmt == expected
        assert path.name == (typed if "." in typed else f"{typed}.cod")
