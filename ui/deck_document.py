"""The deck open in the editor: its current value, file, format, undo stack and autosave.

A :class:`DeckDocument` holds a :class:`~analyzer.decks.Deck` (an immutable value) and
changes it only through :class:`~analyzer.decks.DeckEdit` values pushed on a
:class:`QUndoStack`, one command per edit, so *Undo* puts back the very deck shown before.
The stack's clean state is the file on disk: :attr:`modified` is what the window's ``[*]``
marker and the unsaved-changes prompt read.

After each edit (and undo or redo) :attr:`DeckDocument.analysis_due` fires once the user
pauses (:data:`REANALYSE_DELAY_MS`), so the window re-analyses the deck in the background;
the recovery file (:mod:`ui.autosave`) is written shortly after each edit
(:data:`AUTOSAVE_DELAY_MS`) and every :data:`AUTOSAVE_INTERVAL_MS` while there are unsaved
changes, and deleted when there are none.

Nothing here shows a widget; the window asks the questions (:mod:`ui.deck_editor`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from analyzer.cards.model import Card
from analyzer.decks import (
    Deck,
    DeckEdit,
    DeckEditError,
    DeckList,
    LossReport,
    ResolvedEntry,
    Section,
    deck_list_of,
    entry_index,
    format_for_path,
    get_format,
    loss_report,
    new_deck,
    write_deck_file,
)
from analyzer.errors import AnalyzerError
from ui.autosave import RecoveryStore

__all__ = ["AUTOSAVE_DELAY_MS", "AUTOSAVE_INTERVAL_MS", "REANALYSE_DELAY_MS", "UNTITLED",
           "DeckDocument"]

REANALYSE_DELAY_MS = 700
"""Pause after the last edit before the deck is analysed again."""
AUTOSAVE_DELAY_MS = 1500
"""Pause after the last edit before the recovery file is written."""
AUTOSAVE_INTERVAL_MS = 30_000
"""The recovery file is also rewritten this often while there are unsaved changes."""
UNTITLED = "Untitled"
"""The name of a new deck."""


class _EditCommand(QUndoCommand):
    """One :class:`DeckEdit` on the undo stack."""

    def __init__(self, document: DeckDocument, edit: DeckEdit) -> None:
        super().__init__(edit.text)
        self._document = document
        self.edit = edit

    def redo(self) -> None:
        self._document._show(self.edit.do(), edited=True)

    def undo(self) -> None:
        self._document._show(self.edit.undo(), edited=True)


class DeckDocument(QObject):
    """The editor's deck.

    Parameters
    ----------
    recovery : RecoveryStore, optional
        Where the recovery file goes (default: the user's recovery folder).
    """

    deck_changed = Signal(object)
    """The :class:`Deck` now shown (after opening, an edit, an undo or a redo)."""
    analysis_due = Signal(object)
    """The :class:`Deck` to analyse again: the user paused after editing it."""
    modified_changed = Signal(bool)
    """The deck has (True) or no longer has (False) unsaved changes."""
    saved = Signal(object)
    """The :class:`Path` the deck was just saved to."""
    failed = Signal(str, object)
    """``(what was being done, exception)``: an edit was refused (a negative count, a second
    commander...) or a recovery file could not be written."""

    def __init__(self, recovery: RecoveryStore | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.recovery = recovery if recovery is not None else RecoveryStore()
        self.undo_stack = QUndoStack(self)
        self.deck: Deck | None = None
        """The deck as it stands now (None: no deck)."""
        self.path: Path | None = None
        """The file the deck was read from or last saved to (None: never saved)."""
        self.format: str = "text"
        """The format of :attr:`path` (a registry name, :data:`analyzer.decks.FORMATS`)."""
        self._modified = False
        self._suspended = False
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._analyse_timer = self._timer(REANALYSE_DELAY_MS, self._analyse)
        self._autosave_timer = self._timer(AUTOSAVE_DELAY_MS, self.autosave_now)
        self._periodic_timer = QTimer(self)
        self._periodic_timer.setInterval(AUTOSAVE_INTERVAL_MS)
        self._periodic_timer.timeout.connect(self.autosave_now)
        self._periodic_timer.start()

    # -- state -----------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        """Whether the deck differs from its file (a new deck with cards is modified)."""
        return self._modified

    @property
    def title(self) -> str:
        """The deck's name; for an unnamed or untitled deck with a file, the file's name."""
        if self.deck is not None and self.deck.name and not (
                self.deck.name == UNTITLED and self.path is not None):
            return self.deck.name
        return self.path.stem if self.path is not None else UNTITLED

    def analysis_path(self) -> Path:
        """The path the analysis and exports are named after (the file, else the title)."""
        return self.path if self.path is not None else Path(f"{self.title}.txt")

    def set_timings(self, *, reanalyse_ms: int | None = None, autosave_ms: int | None = None,
                    interval_ms: int | None = None) -> None:
        """Change the delays (tests shorten them)."""
        if reanalyse_ms is not None:
            self._analyse_timer.setInterval(reanalyse_ms)
        if autosave_ms is not None:
            self._autosave_timer.setInterval(autosave_ms)
        if interval_ms is not None:
            self._periodic_timer.setInterval(interval_ms)

    # -- opening ---------------------------------------------------------------------------

    def open(self, deck: Deck, path: Path | None, fmt: str | None = None, *,
             modified: bool = False) -> None:
        """Show ``deck`` read from ``path`` (None: no file) with an empty undo history.

        ``modified``: the deck is not what the file holds (a recovered deck).
        """
        self._stop_timers()
        self.recovery.clear()
        self.path = Path(path) if path is not None else None
        self.format = fmt or deck.format or "text"
        self.undo_stack.clear()
        self._show(deck, edited=False)
        if modified:
            self.undo_stack.resetClean()
        self._set_modified(modified)
        if modified:
            self.autosave_now()

    def new(self, name: str = UNTITLED) -> Deck:
        """Start an empty deck (:func:`analyzer.decks.new_deck`), with no file."""
        deck = new_deck(name)
        self.open(deck, None, "text")
        return deck

    def close(self) -> None:
        """Forget the deck (no deck open); the recovery file is deleted."""
        self._stop_timers()
        self.recovery.clear()
        self.undo_stack.clear()
        self.deck, self.path = None, None
        self._set_modified(False)
        self.deck_changed.emit(None)

    # -- edits -----------------------------------------------------------------------------

    def apply(self, edit: DeckEdit) -> bool:
        """Push ``edit`` (made on the current deck) on the undo stack; False if it changes
        nothing or was made on another version of the deck."""
        if self.deck is None or edit.before is not self.deck or not edit.changed:
            return False
        self.undo_stack.push(_EditCommand(self, edit))
        return True

    def add_card(self, card: Card, section: Section = Section.MAIN, count: int = 1) -> bool:
        """Add ``count`` copies of ``card`` to ``section`` (a new deck if none is open)."""
        if self.deck is None:
            self.new()
        assert self.deck is not None
        return self._try("Adding a card", lambda deck: DeckEdit.add(deck, card, section, count))

    def set_count(self, entry: ResolvedEntry, count: int) -> bool:
        """Set ``entry``'s number of copies (0 removes it)."""
        return self._try("Changing a count", lambda deck: DeckEdit.set_count(
            deck, entry_index(deck, entry), count))

    def change_count(self, entry: ResolvedEntry, delta: int) -> bool:
        """Add ``delta`` copies to ``entry`` (a negative ``delta`` removes; at 0 the entry
        goes)."""
        return self.set_count(entry, max(0, entry.count + delta))

    def remove(self, entry: ResolvedEntry) -> bool:
        """Remove ``entry``."""
        return self._try("Removing a card", lambda deck: DeckEdit.remove(
            deck, entry_index(deck, entry)))

    def move(self, entry: ResolvedEntry, section: Section, count: int | None = None) -> bool:
        """Move ``count`` copies (default all) of ``entry`` to ``section``."""
        return self._try("Moving a card", lambda deck: DeckEdit.move(
            deck, entry_index(deck, entry), section, count))

    def replace_deck(self, after: Deck, text: str) -> bool:
        """Replace the deck by ``after`` as one undoable edit named ``text`` (*Fix…*)."""
        return self._try("Editing the deck", lambda deck: DeckEdit.replace_deck(
            deck, after, text))

    # -- saving ----------------------------------------------------------------------------

    def losses(self, path: Path | str, fmt: str | None = None) -> LossReport:
        """What writing the deck to ``path`` in ``fmt`` (default: from the extension)
        would drop (:func:`analyzer.decks.loss_report`)."""
        target = get_format(fmt) if fmt else format_for_path(path)
        written = self._deck_list(Path(path), fmt=target.name)
        return loss_report(written, target, cards=self._cards(written))

    def save(self, path: Path | str | None = None, fmt: str | None = None, *,
             rename: bool = False) -> LossReport:
        """Write the deck to ``path`` (default: its file) in ``fmt`` (default: its format
        for its own file, else from the extension); it becomes the deck's file.

        The deck takes the new file's name (the title, Forge's ``Name=``, Cockatrice's
        ``deckname``) when its name came from the old file's name (or it had none), or
        with ``rename`` (the user agreed); it is then analysed again under that name.

        Raises
        ------
        AnalyzerError
            No deck or no file to save to (:class:`~analyzer.errors.InputError`), or the
            file cannot be written (:class:`~analyzer.fileio.OutputPathError`, the old file
            left whole).
        """
        if self.deck is None:
            raise AnalyzerError("no deck is open")
        target = Path(path) if path is not None else self.path
        if target is None:
            raise AnalyzerError("the deck has no file yet; use Save As")
        if fmt is None:
            fmt = self.format if target == self.path else format_for_path(target).name
        written = self._deck_list(target, rename=rename, fmt=fmt)
        report = write_deck_file(written, target, fmt=fmt, cards=self._cards(written))
        self.path, self.format = target, get_format(fmt).name
        if written.name != self.deck.name:
            self.deck = replace(self.deck, name=written.name)
            self.deck_changed.emit(self.deck)
            self._analyse_timer.start()
        self.undo_stack.setClean()
        self._set_modified(False)
        self._autosave_timer.stop()
        self.recovery.clear()
        self.saved.emit(target)
        return report

    def discard(self) -> None:
        """Give up the unsaved changes: the recovery file is deleted and no other written
        until the next edit (the deck stays shown until another is opened or the window
        closes)."""
        self.suspend_autosave()
        self.recovery.clear()

    def suspend_autosave(self) -> None:
        """Stop writing the recovery file until the next edit or open (the window is going
        away, or the changes were discarded); the file on disk is left as it is."""
        self._stop_timers()
        self._periodic_timer.stop()
        self._suspended = True

    def autosave_now(self) -> bool:
        """Write the recovery file if there are unsaved changes, delete it otherwise;
        False (and ``failed``) if it cannot be written."""
        if self._suspended:
            return True
        if self.deck is None or not self._modified:
            self.recovery.clear()
            return True
        try:
            self.recovery.write(replace(self.deck, path=self.path, format=self.format))
        except AnalyzerError as err:
            self.failed.emit("Writing the recovery file", err)
            return False
        return True

    # -- helpers ---------------------------------------------------------------------------

    def _timer(self, msecs: int, slot: Callable[[], object]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(msecs)
        timer.timeout.connect(slot)
        return timer

    def _stop_timers(self) -> None:
        self._analyse_timer.stop()
        self._autosave_timer.stop()

    def named_after_file(self) -> bool:
        """Whether the deck's name is its file's name (or it has none): Save As renames it."""
        return self.deck is None or self.deck.name in (None, UNTITLED) or (
            self.path is not None and self.deck.name == self.path.stem)

    def rename(self, name: str) -> bool:
        """Give the deck another name (Edit ▸ Rename Deck…), an undoable edit; False if
        ``name`` is blank or the same."""
        name = " ".join(name.split())
        if self.deck is None or not name or name == self.deck.name:
            return False
        return self.replace_deck(replace(self.deck, name=name), f"Rename the deck to {name}")

    def _deck_list(self, target: Path, *, rename: bool = False,
                   fmt: str | None = None) -> DeckList:
        """The deck to write, its names in ``fmt``'s spelling when that is not the deck's
        own format (:func:`analyzer.decks.deck_list_of`)."""
        assert self.deck is not None
        deck = self.deck
        if rename or self.named_after_file():
            deck = replace(deck, name=target.stem)
        return deck_list_of(deck, target=fmt)

    def _cards(self, written: DeckList | None = None) -> dict[str, Card | None]:
        """Each entry name's card (as written in ``written`` too), for the loss report's
        round trip."""
        assert self.deck is not None
        cards = {item.entry.name: item.card for item in self.deck.entries}
        if written is not None:
            cards.update((entry.name, item.card)
                         for entry, item in zip(written.entries, self.deck.entries, strict=True))
        return cards

    def _try(self, doing: str, make: Callable[[Deck], DeckEdit]) -> bool:
        if self.deck is None:
            return False
        try:
            edit = make(self.deck)
        except (DeckEditError, IndexError) as err:
            self.failed.emit(doing, err)
            return False
        return self.apply(edit)

    def _show(self, deck: Deck, *, edited: bool) -> None:
        self.deck = deck
        if self._suspended:
            self._suspended = False
            self._periodic_timer.start()
        self.deck_changed.emit(deck)
        if edited:
            self._analyse_timer.start()
            self._autosave_timer.start()

    def _analyse(self) -> None:
        if self.deck is not None:
            self.analysis_due.emit(self.deck)

    def _clean_changed(self, clean: bool) -> None:
        self._set_modified(not clean)

    def _set_modified(self, modified: bool) -> None:
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)
