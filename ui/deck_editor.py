"""The window's side of deck editing: File ▸ New / Save / Save As, Edit ▸ Undo / Redo, the
unsaved-changes prompt, the loss report before a lossy save, recovery after a crash, and the
Deck tab's edit requests turned into undoable edits of the :class:`DeckDocument`.

It decides nothing about Magic: what an edit means and whether it is allowed is
:mod:`analyzer.decks.edit`; reading cards goes through the controller.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox

from analyzer.cards.model import Card
from analyzer.decks import (
    Deck,
    DeckEdit,
    DeckEditError,
    LossReport,
    ResolvedEntry,
    Section,
    deck_from_snapshot,
    entry_index,
    snapshot_card_ids,
)
from analyzer.errors import AnalyzerError
from ui.autosave import Recovery, RecoveryStore
from ui.deck_document import DeckDocument
from ui.widgets.save_dialog import LossDialog, choose_save_path, unsaved_box

if TYPE_CHECKING:
    from ui.controllers import LoadedDeck
    from ui.main_window import MainWindow

__all__ = ["DeckEditor", "LoadKind"]

LoadKind = Literal["open", "edit", "stale"]
"""What an analysed deck is to the editor: a deck just read from a file (``"open"``), the
deck under edit (``"edit"``), or an older version of it (``"stale"``: ignore)."""


class DeckEditor(QObject):
    """Deck editing for ``window`` over its ``document``; builds the File and Edit actions
    (:attr:`new_action`, :attr:`save_action`, :attr:`save_as_action`, :attr:`undo_action`,
    :attr:`redo_action`) with the window's ``_action``."""

    def __init__(self, window: MainWindow, document: DeckDocument) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.loss_dialog: LossDialog | None = None
        self.recovery_box: QMessageBox | None = None
        self._analysing: Deck | None = None
        self._opening: tuple[Path, Deck | None] | None = None   # an open loading: file, deck then
        key = QKeySequence.StandardKey
        self.new_action = window._action("&New Deck", key.New, "Start an empty deck (Ctrl+N)",
                                         lambda: self.new_deck())
        self.save_action = window._action("&Save Deck", key.Save,
                                          "Save the deck to its file (Ctrl+S)",
                                          lambda: self.save())
        self.save_as_action = window._action("Save Deck &As…", key.SaveAs,
                                             "Save the deck to another file or format "
                                             "(Ctrl+Shift+S)", lambda: self.save_as())
        self.rename_action = window._action("Re&name Deck…", "Ctrl+Alt+N",
                                            "Give the deck another name (Ctrl+Alt+N)",
                                            lambda: self.rename_deck())
        stack = document.undo_stack
        self.undo_action = stack.createUndoAction(window, "&Undo")
        self.undo_action.setShortcut(QKeySequence(key.Undo))
        self.undo_action.setToolTip("Undo the last change to the deck (Ctrl+Z)")
        self.redo_action = stack.createRedoAction(window, "&Redo")
        self.redo_action.setShortcut(QKeySequence(key.Redo))
        self.redo_action.setToolTip("Redo the change undone last (Ctrl+Shift+Z)")
        for action in (self.undo_action, self.redo_action):
            window.addAction(action)
        self._set_enabled(False)
        self._connect()

    def _connect(self) -> None:
        doc, model, panel = self.document, self.window.deck_model, self.window.deck_panel
        doc.deck_changed.connect(self._show_deck)
        doc.modified_changed.connect(lambda _modified: self.update_title())
        doc.analysis_due.connect(self.analyse)
        doc.failed.connect(self._refused)
        doc.saved.connect(self._saved)
        queued = Qt.ConnectionType.QueuedConnection   # never reset the model inside setData
        model.count_edited.connect(doc.set_count, queued)
        model.cards_dropped.connect(self.add_cards_by_id, queued)
        model.entries_dropped.connect(self.move_entries, queued)
        panel.count_change_requested.connect(doc.change_count)
        panel.remove_requested.connect(doc.remove)
        panel.move_requested.connect(lambda entry, section: self.move_entries([entry], section))

    # -- the deck shown --------------------------------------------------------------------

    def deck_loaded(self, loaded: LoadedDeck) -> LoadKind:
        """Sort an analysed deck (the window's ``show_deck``): a deck the editor sent for
        analysis is ``"edit"`` (``"stale"`` if edited again since); any other was read
        from a file and becomes the document (``"open"``)."""
        deck = loaded.analysis.deck
        if self._analysing is not None and deck is self._analysing:
            return "edit" if deck is self.document.deck else "stale"
        opening, self._opening = self._opening, None
        if (opening is not None and opening[0] == Path(loaded.path)
                and self.document.deck is not opening[1] and self.document.modified
                and not self.maybe_save()):
            # the deck under edit was changed while the file loaded, and the user keeps it
            self.window.statusBar().showMessage(
                f"{Path(loaded.path).name} was not opened: the deck under edit changed "
                "while it loaded", 8000)
            self.analyse()
            return "stale"
        self._analysing = None
        self.document.open(deck, loaded.path, deck.format)
        return "open"

    def before_open(self, path: Path) -> bool:
        """File ▸ Open of ``path`` is asked for: the unsaved-changes prompt (False: stay).

        The deck under edit is noted: an edit made while the file loads is asked about
        again when it arrives (:meth:`deck_loaded`), never lost silently."""
        if not self.maybe_save():
            return False
        self._opening = (Path(path), self.document.deck)
        return True

    @property
    def opening(self) -> bool:
        """True while a file asked for by File ▸ Open is loading."""
        return self._opening is not None

    def analyse(self, deck: Deck | None = None) -> None:
        """Analyse the deck under edit again in the background (graph, combos, stats);
        put off while a file the user opened loads (it replaces the deck, or
        :meth:`deck_loaded` asks again)."""
        deck = deck if deck is not None else self.document.deck
        if deck is None:
            return
        if self.window.controller.open_deck(self.document.analysis_path(), deck,
                                            reanalysis=True) is not None:
            self._analysing = deck

    def update_title(self) -> None:
        """``Spellweb — <deck>[*]``, with the modified marker."""
        from ui.main_window import APP_NAME

        if self.document.deck is None:
            self.window.setWindowTitle(APP_NAME)
        else:
            self.window.setWindowTitle(f"{APP_NAME} — {self.document.title}[*]")
        self.window.setWindowModified(self.document.modified)

    def _show_deck(self, deck: Deck | None) -> None:
        self.window.deck_model.set_deck(deck)
        self._set_enabled(deck is not None)
        self.update_title()

    def _set_enabled(self, enabled: bool) -> None:
        self.save_action.setEnabled(enabled)
        self.save_as_action.setEnabled(enabled)
        self.rename_action.setEnabled(enabled)

    # -- edits -----------------------------------------------------------------------------

    def new_deck(self, *, ask: bool = True) -> bool:
        """File ▸ New Deck: an empty deck (after the unsaved-changes prompt)."""
        if ask and not self.maybe_save():
            return False
        self.window.selection.clear()
        self.document.new()
        self.analyse()
        return True

    def add_card(self, card: Card, section: Section = Section.MAIN, count: int = 1) -> bool:
        """Add ``count`` copies of ``card`` to ``section`` (a new deck if none is open)."""
        if self.document.deck is None:
            self.new_deck(ask=False)
        return self.document.add_card(card, section, count)

    def add_cards_by_id(self, ids: list[str], section: Section = Section.MAIN) -> int:
        """Add one copy of each card id (a drop from the card browser) as one undo step;
        returns how many were added."""
        cards = self.window.controller.cards_by_ids(ids)
        found = [cards[i] for i in ids if i in cards]
        if len(found) < len(ids):
            self.window.statusBar().showMessage(
                f"{len(ids) - len(found)} dropped card(s) are not in the card database", 8000)
        if not found:
            return 0
        if self.document.deck is None:
            self.new_deck(ask=False)
        return self._edit_all(f"Add {len(found)} cards to {section.title}", "Adding a card",
                              [lambda deck, c=card: DeckEdit.add(deck, c, section)
                               for card in found])

    def move_entries(self, entries: list[ResolvedEntry], section: Section) -> int:
        """Move each entry's copies (one copy to the commander section) as one undo step."""
        count = 1 if section is Section.COMMANDER else None
        return self._edit_all(
            f"Move {len(entries)} cards to {section.title}", "Moving a card",
            [lambda deck, e=entry: DeckEdit.move(deck, entry_index(deck, e), section, count)
             for entry in entries])

    def _edit_all(self, text: str, doing: str,
                  steps: list[Callable[[Deck], DeckEdit]]) -> int:
        """Make ``steps`` one after the other as one undo step named ``text`` (the step's
        own name when one alone changes the deck); a refused step is reported (``doing``)
        and skipped. Returns how many changed the deck: at 0 nothing is pushed, the deck
        stays unmodified."""
        start = deck = self.document.deck
        if deck is None:
            return 0
        made: list[DeckEdit] = []
        for step in steps:
            try:
                edit = step(deck)
            except (DeckEditError, IndexError) as err:
                self.document.failed.emit(doing, err)
                continue
            if edit.changed:
                made.append(edit)
                deck = edit.after
        if not made:
            return 0
        if len(made) == 1:
            return int(self.document.apply(made[0]))
        return len(made) if self.document.apply(DeckEdit.replace_deck(start, deck, text)) \
            else 0

    def fix_entry(self, entry: ResolvedEntry, card_name: str) -> bool:
        """Resolve an unknown entry to ``card_name`` as an undoable edit (*Fix…*)."""
        deck = self.document.deck
        if deck is None:
            return False
        fixed = self.window.controller.fixed_deck(deck, entry, card_name)
        return fixed is not None and self.document.replace_deck(
            fixed, f"Fix {entry.name} as {card_name}")

    def _refused(self, doing: str, err: BaseException) -> None:
        text = str(err.args[0]) if isinstance(err, (DeckEditError, IndexError)) and err.args \
            else str(err)
        self.window.message_shown.emit("warning", doing, text)
        self.window.statusBar().showMessage(f"{doing}: {text}", 12000)

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> bool:
        """File ▸ Save Deck: to its file in its format (Save As when it has none)."""
        if self.document.deck is None:
            return False
        if self.document.path is None:
            return self.save_as()
        return self._write(self.document.path, self.document.format)

    def save_as(self, path: Path | str | None = None, fmt: str | None = None) -> bool:
        """File ▸ Save Deck As…: ``path`` in ``fmt`` (default: from the extension), or ask."""
        if self.document.deck is None:
            return False
        if path is None:
            chosen = choose_save_path(self.window, self.window._last_dir, self.document.title,
                                      self.document.format)
            if chosen is None:
                return False
            path, fmt = chosen
        path = Path(path)
        return self._write(path, fmt, rename=self._rename_too(path))

    def _rename_too(self, path: Path) -> bool:
        """Save As to ``path``: ask whether the deck, named otherwise than its file, takes
        the new file's name too (a deck named after its file always does)."""
        doc = self.document
        if (doc.named_after_file() or doc.deck is None or path.stem == doc.deck.name
                or not self.window.interactive):
            return False
        answer = QMessageBox.question(
            self.window, "Rename the deck?",
            f"Also rename the deck “{doc.deck.name}” to “{path.stem}”?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def rename_deck(self, name: str | None = None) -> bool:
        """Edit ▸ Rename Deck…: give the deck ``name`` (default: ask), an undoable edit; the
        file keeps its name until saved."""
        if self.document.deck is None:
            return False
        if name is None:
            name, ok = QInputDialog.getText(self.window, "Rename Deck", "Deck name:",
                                            text=self.document.title)
            if not ok:
                return False
        return self.document.rename(name)

    def confirm_losses(self, report: LossReport, path: Path) -> bool:
        """Show what ``path``'s format loses; True to write anyway (always True when the
        window is not interactive: the report goes to stderr)."""
        self.window.message_shown.emit("losses", report.format, str(report))
        if not self.window.interactive:
            print(f"spellweb: {report}", file=sys.stderr)
            return True
        self.loss_dialog = LossDialog(report, path, self.window)
        return self.loss_dialog.exec() == QDialog.DialogCode.Accepted

    def _write(self, path: Path, fmt: str | None, *, rename: bool = False) -> bool:
        try:
            report = self.document.losses(path, fmt)
        except AnalyzerError as err:
            self.window.warn("Saving the deck", str(err))
            return False
        if report and not self.confirm_losses(report, path):
            self.window.statusBar().showMessage(f"{path.name} was not written", 6000)
            return False
        try:
            self.document.save(path, fmt, rename=rename)
        except AnalyzerError as err:
            self.window.warn("Saving the deck", str(err))
            return False
        return True

    def _saved(self, path: Path) -> None:
        self.window.recent.add(path)
        self.window._fill_recent_menu()
        self.window._last_dir = str(path.parent)
        self.window.settings.setValue("paths/lastDir", self.window._last_dir)
        self.update_title()
        self.window.statusBar().showMessage(f"Saved {path.name}", 6000)

    def maybe_save(self) -> bool:
        """The unsaved-changes prompt: True to go on (saved, discarded, or nothing to save),
        False to stay (Cancel, or the save failed)."""
        if not self.document.modified or self.document.deck is None:
            return True
        if not self.window.interactive:
            return True   # the recovery file keeps the changes
        box = unsaved_box(self.window, self.document.title)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.document.discard()
            return True
        return False

    def closing(self) -> None:
        """The window closes (after :meth:`maybe_save` allowed it): stop autosaving; the
        recovery file goes unless unsaved changes are kept in it (not interactive)."""
        if self.window.interactive or not self.document.modified:
            self.document.close()
        else:
            self.document.autosave_now()
            self.document.suspend_autosave()
            self.document.recovery.release()   # offered on the next start

    # -- recovery --------------------------------------------------------------------------

    def offer_recovery(self) -> QMessageBox | None:
        """Offer the newest recovery file another window left (a crash): *Restore*,
        *Discard* or *Later* (kept for the next start); a dialog that does not block."""
        store = self.document.recovery
        unreadable = store.unreadable()
        if unreadable:
            where = ", ".join(str(file) for file in unreadable[:3])
            more = f" and {len(unreadable) - 3} more" if len(unreadable) > 3 else ""
            self.window.warn(
                "Unsaved changes cannot be restored",
                f"A recovery file of unsaved deck changes exists but cannot be read (it is "
                f"damaged or from another Spellweb version): {where}{more}. It is kept; "
                "delete it by hand once you no longer need it.")
            self.window.statusBar().showMessage(
                f"A recovery file cannot be read: {unreadable[0]}", 15000)
        pending = store.pending()
        if not pending:
            return None
        recovery = pending[0]
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Restore unsaved changes?")
        box.setAccessibleName("Restore unsaved changes")
        when = recovery.saved_at.replace("T", " ").replace("+00:00", " UTC")
        kept = f" (kept {when})" if when else ""
        box.setText(f"Spellweb did not close cleanly. The deck “{recovery.title}” had "
                    f"unsaved changes{kept}.")
        box.setInformativeText("Restore them?")
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        restore.setToolTip("Open the deck as it was, with its unsaved changes")
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        discard.setToolTip("Delete the unsaved changes")
        later = box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
        later.setToolTip("Keep them for the next start")
        box.setDefaultButton(restore)
        box.buttonClicked.connect(
            lambda button: self.restore(recovery) if button is restore
            else self._discard_recovery(recovery) if button is discard else None)
        self.recovery_box = box
        box.open()
        return box

    def restore(self, recovery: Recovery) -> bool:
        """Open a recovered deck (modified, belonging to its original file) and delete the
        recovery file; False if it cannot be read."""
        if not self.maybe_save():
            return False
        try:
            cards = self.window.controller.cards_by_ids(sorted(snapshot_card_ids(recovery.data)))
            deck = deck_from_snapshot(recovery.data, cards)
        except AnalyzerError as err:
            self.window.warn("Restoring unsaved changes",
                             f"{recovery.file} cannot be read: {err}")
            return False
        self.window.selection.clear()
        self.document.open(deck, deck.path, deck.format, modified=True)
        RecoveryStore.discard(recovery)
        self.analyse()
        self.window.statusBar().showMessage(f"Restored the unsaved changes to "
                                            f"{self.document.title}", 8000)
        return True

    def _discard_recovery(self, recovery: Recovery) -> None:
        try:
            RecoveryStore.discard(recovery)
        except AnalyzerError as err:
            self.window.warn("Discarding unsaved changes", str(err))

    @property
    def actions(self) -> tuple[QAction, ...]:
        """Every action the editor adds to the window."""
        return (self.new_action, self.save_action, self.save_as_action, self.undo_action,
                self.redo_action)
