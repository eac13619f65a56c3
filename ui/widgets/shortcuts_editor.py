"""The Keyboard Shortcuts page of the Settings dialog: every action with its shortcut, editable.

The page lists the window's actions (menu text, shortcut, default) in a table; the shortcut of
the selected action is edited in a :class:`QKeySequenceEdit` below it. A shortcut another
action already uses is refused with a message naming that action. Nothing is applied until
the dialog's OK: :meth:`ShortcutsEditor.chosen` returns the shortcuts that differ from the
defaults, which :class:`~ui.settings.AppSettings` saves and :func:`apply_shortcuts` applies
(also at start).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QKeySequenceEdit,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.settings import readable_shortcut

__all__ = ["ShortcutEntry", "ShortcutsEditor", "action_id", "action_label", "apply_shortcuts",
           "entries_of", "menu_mnemonics", "risky_reason", "with_shortcut"]

_TEXT = QKeySequence.SequenceFormat.NativeText
_PORTABLE = QKeySequence.SequenceFormat.PortableText
_TIP_SHORTCUT = re.compile(r"\s*\([^()]*\)\s*$")
_BASE_TIP = "spellwebBaseToolTip"
"""Action property: its tooltip without the shortcut (:func:`apply_shortcuts` adds it)."""

_STANDARD_KEYS = {
    "Ctrl+C": "Copy", "Ctrl+V": "Paste", "Ctrl+X": "Cut", "Ctrl+A": "Select All",
    "Ctrl+Z": "Undo", "Ctrl+Shift+Z": "Redo", "Ctrl+Y": "Redo",
}
"""Keys every text field and table uses (portable text -> what they do there)."""
_TYPING_KEYS = {Qt.Key.Key_Space, Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Return,
                Qt.Key.Key_Enter, Qt.Key.Key_Backspace, Qt.Key.Key_Delete}


def with_shortcut(tip: str, sequence: QKeySequence | str | None) -> str:
    """``"<tip> (<shortcut>)"`` in the platform's text (``"Open a deck (Ctrl+O)"``); the
    tip alone when there is no shortcut. The one place tooltips and hints name a key."""
    key = QKeySequence(sequence) if sequence is not None else QKeySequence()
    return f"{tip} ({key.toString(_TEXT)})" if not key.isEmpty() else tip


def menu_mnemonics(actions: Iterable[QAction]) -> dict[str, str]:
    """Letter (lower case) -> menu title (without ``&``) of the menu bar's menus: Alt+letter
    opens that menu, so it must not be a shortcut."""
    found = {}
    for action in actions:
        hit = re.search(r"&([^&\s])", action.text().replace("&&", ""))
        if hit:
            found[hit.group(1).lower()] = action_label(action)
    return found


def risky_reason(sequence: QKeySequence, menus: Mapping[str, str] | None = None) -> str | None:
    """Why ``sequence`` makes a bad shortcut, or None: a standard editing key (Ctrl+C/V/X/A/Z,
    used by every text field), Esc (closes dialogs and cancels), a key typed as text (a bare
    or shifted letter, digit or sign, Space, Tab, Enter, Backspace, Delete), or Alt+<the
    mnemonic of a menu> (``menus`` from :func:`menu_mnemonics`)."""
    if sequence.isEmpty():
        return None
    text = sequence.toString(_PORTABLE)
    if text in _STANDARD_KEYS:
        return (f"{sequence.toString(_TEXT)} is {_STANDARD_KEYS[text]} in every text field "
                "and table")
    combined = sequence[0]
    key, mods = combined.key(), combined.keyboardModifiers()
    plain = mods & ~Qt.KeyboardModifier.KeypadModifier
    if key == Qt.Key.Key_Escape and plain == Qt.KeyboardModifier.NoModifier:
        return "Esc closes dialogs and cancels"
    typed = 0x20 < int(key.value) < 0x7f or key in _TYPING_KEYS
    if typed and plain in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
        return (f"{sequence.toString(_TEXT)} is typing in a text field; add Ctrl or Alt")
    if plain == Qt.KeyboardModifier.AltModifier and 0x20 < int(key.value) < 0x7f:
        menu = (menus or {}).get(chr(int(key.value)).lower())
        if menu is not None:
            return f"{sequence.toString(_TEXT)} opens the {menu} menu"
    return None



def action_label(action: QAction) -> str:
    """An action's menu text without its mnemonic marker and ellipsis: ``"Open Deck"``."""
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&") \
        .rstrip("…").rstrip(".").strip()


def action_id(action: QAction) -> str:
    """The stable id a shortcut is saved under: the action's object name, else its menu text
    in lower case with ``_`` between words (``"&Open Deck…"`` -> ``"open_deck"``)."""
    if action.objectName():
        return action.objectName()
    return re.sub(r"[^0-9a-z]+", "_", action_label(action).casefold()).strip("_")


@dataclass(frozen=True)
class ShortcutEntry:
    """One action on the page: its id, label, default shortcut and the action itself."""

    id: str
    """:func:`action_id`."""
    label: str
    """:func:`action_label`."""
    default: QKeySequence
    """The shortcut the window gives it (before the user's changes)."""
    action: QAction
    """The action."""


def apply_shortcuts(entries: Iterable[ShortcutEntry], chosen: Mapping[str, str]) -> list[str]:
    """Give each action its chosen shortcut (portable text, ``""`` for none), the default
    when not chosen or unreadable; a tooltip that named the shortcut names the new one
    (:func:`with_shortcut`). Two actions may not share a key: a chosen shortcut that another
    action (earlier in ``entries``, or by default) already has is dropped, that action keeps
    its default, and a warning goes to stderr. Returns the ids in ``chosen`` that name no
    action (a setting left by an older version), ignored."""
    entries = list(entries)
    known = {entry.id for entry in entries}
    final: dict[str, QKeySequence] = {}
    for entry in entries:
        text = chosen.get(entry.id)
        final[entry.id] = entry.default if text is None or not readable_shortcut(text) \
            else QKeySequence.fromString(text, _PORTABLE)
    dropped = True
    while dropped:   # each pass drops one chosen duplicate; defaults never clash among themselves
        dropped = False
        owner: dict[str, ShortcutEntry] = {}
        for entry in entries:
            sequence = final[entry.id]
            key = sequence.toString(_PORTABLE)
            first = owner.get(key) if key else None
            if first is None:
                owner[key] = entry
                continue
            loser = entry if final[entry.id] != entry.default else first
            if final[loser.id] == loser.default:
                continue     # two defaults: the window's own choice
            other = first if loser is entry else entry
            print(f"spellweb: shortcut {sequence.toString(_TEXT)} of “{loser.label}” is "
                  f"already “{other.label}”'s; “{loser.label}” keeps its default "
                  f"{loser.default.toString(_TEXT) or '(none)'}", file=sys.stderr)
            final[loser.id] = loser.default
            dropped = True
            break
    for entry in entries:
        sequence = final[entry.id]
        entry.action.setShortcut(sequence)
        base = entry.action.property(_BASE_TIP)
        if base is None:
            tip = entry.action.toolTip()
            if not (_TIP_SHORTCUT.search(tip)
                    and re.search(r"\((Ctrl|Alt|Shift|Meta|F\d)", tip)):
                continue
            base = _TIP_SHORTCUT.sub("", tip)
            entry.action.setProperty(_BASE_TIP, base)
        entry.action.setToolTip(with_shortcut(str(base), sequence))
    return [key for key in chosen if key not in known]


class ShortcutsEditor(QWidget):
    """Edit the shortcut of every action; conflicts are refused.

    Parameters
    ----------
    entries : iterable of ShortcutEntry
        The actions, in the order shown.
    """

    conflict = Signal(str)
    """The message shown when a shortcut was refused (another action has it, or it is a
    risky key: :func:`risky_reason`)."""

    def __init__(self, entries: Iterable[ShortcutEntry], parent: QWidget | None = None, *,
                 menus: Mapping[str, str] | None = None) -> None:
        super().__init__(parent)
        self.entries = list(entries)
        self.menus = dict(menus or {})
        """Menu mnemonics (:func:`menu_mnemonics`): Alt+letter is refused for these."""
        self._current = {e.id: e.action.shortcut() for e in self.entries}
        self.setAccessibleName("Keyboard shortcuts")

        self.table = QTableWidget(len(self.entries), 3)
        self.table.setHorizontalHeaderLabels(["Action", "Shortcut", "Default"])
        self.table.setAccessibleName("Actions and their shortcuts")
        self.table.setToolTip("Every action of the window; select one to change its shortcut")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        for row, entry in enumerate(self.entries):
            name = QTableWidgetItem(entry.label)
            name.setToolTip(entry.action.toolTip())
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 2, QTableWidgetItem(entry.default.toString(_TEXT)))
            self._show_row(row)

        self.key_edit = QKeySequenceEdit()
        self.key_edit.setMaximumSequenceLength(1)
        self.key_edit.setClearButtonEnabled(True)
        self.key_edit.setAccessibleName("New shortcut")
        self.key_edit.setToolTip("Press the new key combination for the selected action")
        self.key_edit.editingFinished.connect(self._edited)
        # its clear button (✕) empties the sequence without editingFinished
        self.key_edit.keySequenceChanged.connect(self._sequence_changed)
        self.clear_button = QPushButton("&No Shortcut")
        self.clear_button.setAccessibleName("Remove the shortcut")
        self.clear_button.setToolTip("Leave the selected action without a shortcut")
        self.clear_button.clicked.connect(lambda: self._set_current(QKeySequence()))
        self.default_button = QPushButton("D&efault")
        self.default_button.setAccessibleName("Restore the default shortcut")
        self.default_button.setToolTip("Give the selected action its default shortcut back")
        self.default_button.clicked.connect(self._restore_default)
        self.all_defaults_button = QPushButton("Restore A&ll")
        self.all_defaults_button.setAccessibleName("Restore every default shortcut")
        self.all_defaults_button.setToolTip("Give every action its default shortcut back")
        self.all_defaults_button.clicked.connect(self.restore_all)
        self.message = QLabel(" ")
        self.message.setAccessibleName("Shortcut message")
        self.message.setWordWrap(True)

        keys_row = QHBoxLayout()
        label = QLabel("Ne&w shortcut:")
        label.setBuddy(self.key_edit)
        keys_row.addWidget(label)
        keys_row.addWidget(self.key_edit, 1)
        keys_row.addWidget(self.clear_button)
        keys_row.addWidget(self.default_button)
        keys_row.addWidget(self.all_defaults_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(keys_row)
        layout.addWidget(self.message)

        self.table.currentCellChanged.connect(lambda current, *_: self._row_chosen(current))
        if self.entries:
            self.table.selectRow(0)

    # -- public API ------------------------------------------------------------------------

    def shortcut(self, entry_id: str) -> QKeySequence:
        """The shortcut ``entry_id`` has on the page (not yet applied)."""
        return self._current[entry_id]

    def set_shortcut(self, entry_id: str, sequence: QKeySequence | str) -> bool:
        """Give ``entry_id`` a shortcut; refused (False, :attr:`conflict` emitted) when another
        action has it."""
        row = next(i for i, e in enumerate(self.entries) if e.id == entry_id)
        self.table.selectRow(row)
        return self._set_current(QKeySequence(sequence))

    def chosen(self) -> dict[str, str]:
        """The shortcuts that differ from the defaults: id -> portable text (``""`` for
        none), what :meth:`AppSettings.set_shortcuts` saves."""
        return {e.id: self._current[e.id].toString(_PORTABLE) for e in self.entries
                if self._current[e.id] != e.default}

    def restore_all(self) -> None:
        """Every action back to its default shortcut."""
        for row, entry in enumerate(self.entries):
            self._current[entry.id] = entry.default
            self._show_row(row)
        self._row_chosen(self.table.currentRow())
        self.message.setText("Every shortcut is back to its default.")

    # -- helpers ---------------------------------------------------------------------------

    def _show_row(self, row: int) -> None:
        entry = self.entries[row]
        item = QTableWidgetItem(self._current[entry.id].toString(_TEXT))
        item.setToolTip(f"The shortcut of {entry.label}")
        self.table.setItem(row, 1, item)

    def _row_chosen(self, row: int) -> None:
        enabled = 0 <= row < len(self.entries)
        for widget in (self.key_edit, self.clear_button, self.default_button):
            widget.setEnabled(enabled)
        if enabled:
            self.key_edit.setKeySequence(self._current[self.entries[row].id])

    def _edited(self) -> None:
        self._set_current(self.key_edit.keySequence())

    def _sequence_changed(self, sequence: QKeySequence) -> None:
        row = self.table.currentRow()
        if sequence.isEmpty() and 0 <= row < len(self.entries) \
                and not self._current[self.entries[row].id].isEmpty():
            self._set_current(QKeySequence())

    def _restore_default(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.entries):
            self._set_current(self.entries[row].default)

    def _set_current(self, sequence: QKeySequence) -> bool:
        row = self.table.currentRow()
        if not 0 <= row < len(self.entries):
            return False
        entry = self.entries[row]
        reason = risky_reason(sequence, self.menus) if sequence != entry.default else None
        if reason is not None:
            text = f"{reason}; choose another shortcut for “{entry.label}”."
            self.message.setText(text)
            self.key_edit.setKeySequence(self._current[entry.id])
            self.conflict.emit(text)
            return False
        owner = next((e for e in self.entries if e.id != entry.id and not sequence.isEmpty()
                      and self._current[e.id] == sequence), None)
        if owner is not None:
            text = (f"{sequence.toString(_TEXT)} is already the shortcut of “{owner.label}”; "
                    "change that one first.")
            self.message.setText(text)
            self.key_edit.setKeySequence(self._current[entry.id])
            self.conflict.emit(text)
            return False
        self._current[entry.id] = sequence
        self._show_row(row)
        self.key_edit.setKeySequence(sequence)
        shown = sequence.toString(_TEXT) or "no shortcut"
        self.message.setText(f"{entry.label}: {shown}.")
        return True


def entries_of(actions: Iterable[QAction]) -> list[ShortcutEntry]:
    """A :class:`ShortcutEntry` per action (its current shortcut as the default), the
    separators, menus and unnamed actions left out, each id once."""
    seen: set[str] = set()
    entries = []
    for action in actions:
        if action.isSeparator() or action.menu() is not None or not action_label(action):
            continue
        key = action_id(action)
        if key in seen:
            continue
        seen.add(key)
        entries.append(ShortcutEntry(key, action_label(action), action.shortcut(), action))
    return entries

