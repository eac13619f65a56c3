"""A one-line search box for Scryfall-syntax queries: marks a bad token, completes as you type.

:class:`QueryEdit` is a :class:`QPlainTextEdit` held to one line (a :class:`QLineEdit` cannot
underline a range of its text): Enter never inserts a line break, pasted line breaks become
spaces. :meth:`QueryEdit.set_error` draws a red wavy underline on a background tint under the
bad characters (the offset and length of a
:class:`~analyzer.errors.SearchSyntaxError`) and puts the message in the tooltip.

Completion follows Qt's *Custom Completer* example: a :class:`QCompleter` on the widget, fed
by a provider the owner sets (:meth:`QueryEdit.set_completion_provider`); the provider says
which range of the text a suggestion replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QMimeData, QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QKeyEvent,
    QStandardItem,
    QStandardItemModel,
    QTextCharFormat,
    QTextCursor,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QFrame,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["INSERT_ROLE", "CompletionList", "QueryEdit"]

INSERT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Role of a completion item holding the text it inserts (the display role holds its label)."""

ERROR_COLOR = QColor("#d32f2f")
_ERROR_BACKGROUND = QColor(211, 47, 47, 64)  # a tint readable on light and dark themes


@dataclass(frozen=True)
class CompletionList:
    """What a completion provider answers: replace ``text[start:end]`` by one of
    ``items`` (``(label shown, text inserted)`` pairs)."""

    start: int
    end: int
    items: Sequence[tuple[str, str]]


CompletionProvider = Callable[[str, int], CompletionList]
"""``provider(text, cursor) -> CompletionList``."""


class QueryEdit(QPlainTextEdit):
    """A single-line query box with error marking and completion."""

    query_changed = Signal(str)
    """The text, after every change."""
    submitted = Signal()
    """Enter was pressed (and no completion list was open)."""
    add_pressed = Signal()
    """Ctrl+Enter was pressed."""
    down_pressed = Signal()
    """Down arrow with no completion list open (move to the results)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._error: tuple[int, int, str] | None = None
        self._tip = ""
        self._provider: CompletionProvider | None = None
        self._replace = (0, 0)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.NoWrap)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTabChangesFocus(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.document().setDocumentMargin(5)
        self.setFixedHeight(self.sizeHint().height())
        self.textChanged.connect(self._on_text_changed)

        self.completion_model = QStandardItemModel(self)
        self.completer = QCompleter(self.completion_model, self)
        self.completer.setWidget(self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setMaxVisibleItems(12)
        self.completer.activated[QModelIndex].connect(  # type: ignore[index]
            self._insert_completion)
        popup = self.popup()
        popup.setAccessibleName("Query completions")
        popup.setToolTip("Completions: arrows choose, Enter or Tab inserts, Esc closes")

    # -- API -------------------------------------------------------------------------------

    def text(self) -> str:
        """The query."""
        return self.toPlainText()

    def setText(self, text: str) -> None:
        """Replace the query (the cursor goes to the end)."""
        self.setPlainText(text.replace("\n", " "))
        self.moveCursor(QTextCursor.MoveOperation.End)

    def setToolTip(self, tip: str) -> None:
        """The tooltip shown when the query has no error."""
        self._tip = tip
        super().setToolTip(self._error[2] if self._error else tip)

    def set_error(self, offset: int, length: int, message: str) -> None:
        """Mark ``length`` characters from ``offset`` as wrong, with ``message`` as the
        tooltip; a zero-length error (something missing at the end) marks the last
        character."""
        text = self.text()
        start = max(0, min(offset, len(text)))
        end = max(start, min(offset + length, len(text)))
        if start == end and text:
            start, end = (start - 1, start) if start > 0 else (0, 1)
        self._error = (start, end - start, message)
        selection = QTextEdit.ExtraSelection()
        char_format = QTextCharFormat()
        char_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        char_format.setUnderlineColor(ERROR_COLOR)
        char_format.setBackground(_ERROR_BACKGROUND)
        char_format.setForeground(ERROR_COLOR)
        selection.format = char_format
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        self.setExtraSelections([selection])
        super().setToolTip(message)

    def clear_error(self) -> None:
        """Remove the error mark."""
        self._error = None
        self.setExtraSelections([])
        super().setToolTip(self._tip)

    @property
    def error_range(self) -> tuple[int, int] | None:
        """``(offset, length)`` of the marked characters, or None."""
        return (self._error[0], self._error[1]) if self._error else None

    def marked_range(self) -> tuple[int, int] | None:
        """``(start, end)`` of the characters drawn as wrong (read from the text edit's
        extra selections, what is painted)."""
        selections = self.extraSelections()
        if not selections:
            return None
        cursor = selections[0].cursor
        return cursor.selectionStart(), cursor.selectionEnd()

    def set_completion_provider(self, provider: CompletionProvider | None) -> None:
        """Where completions come from (None: no completion)."""
        self._provider = provider

    def complete_now(self) -> bool:
        """Fill the completion list for the cursor and show it; False if it is empty."""
        if self._provider is None:
            return False
        found = self._provider(self.text(), self.textCursor().position())
        self._replace = (found.start, found.end)
        self.completion_model.clear()
        for label, inserted in found.items:
            item = QStandardItem(label)
            item.setData(inserted, INSERT_ROLE)
            item.setToolTip(f"Insert {inserted}")
            self.completion_model.appendRow(item)
        popup = self.popup()
        if not found.items:
            popup.hide()
            return False
        self.completer.setCompletionPrefix("")
        rect = self.cursorRect()
        rect.setWidth(max(280, popup.sizeHintForColumn(0)
                          + popup.verticalScrollBar().sizeHint().width() + 8))
        self.completer.complete(rect)
        popup.setCurrentIndex(self.completer.completionModel().index(0, 0))
        return True

    def popup(self) -> QAbstractItemView:
        """The completion list's view."""
        popup = self.completer.popup()
        assert popup is not None  # QCompleter always makes one
        return popup

    def completions(self) -> list[tuple[str, str]]:
        """The completion list now offered, as ``(label, inserted text)`` pairs."""
        return [(self.completion_model.item(row).text(),
                 str(self.completion_model.item(row).data(INSERT_ROLE)))
                for row in range(self.completion_model.rowCount())]

    def insert_completion(self, inserted: str) -> None:
        """Replace the range the last completion list was for by ``inserted``."""
        text = self.text()
        start, end = self._replace
        start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
        at_end = end >= len(text)
        opens_value = inserted.endswith((":", "=", "<", ">"))
        suffix = " " if at_end and not opens_value else ""
        cursor = self.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(inserted + suffix)
        self.setTextCursor(cursor)
        if opens_value:
            self.complete_now()
        else:
            self.popup().hide()

    # -- Qt overrides ----------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        metrics = QFontMetrics(self.font())
        height = (metrics.lineSpacing() + 2 * int(self.document().documentMargin())
                  + 2 * self.frameWidth() + 2)  # the margins leave room for the wavy line
        return QSize(320, height)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, self.sizeHint().height())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        popup_open = self.popup().isVisible()
        if popup_open and key in (Qt.Key.Key_Enter, Qt.Key.Key_Return, Qt.Key.Key_Escape,
                                  Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            event.ignore()  # the completer takes them
            return
        if key in (Qt.Key.Key_Enter, Qt.Key.Key_Return):
            if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self.add_pressed.emit()
            else:
                self.submitted.emit()
            return
        if key == Qt.Key.Key_Down and not popup_open:
            self.down_pressed.emit()
            return
        if key == Qt.Key.Key_Space and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.complete_now()
            return
        super().keyPressEvent(event)
        if (event.text() and event.text().isprintable()) or key == Qt.Key.Key_Backspace:
            self.complete_now()  # hides the list when nothing matches

    def insertFromMimeData(self, source: QMimeData) -> None:
        self.textCursor().insertText(" ".join(source.text().split("\n")))

    # -- internals -------------------------------------------------------------------------

    def _on_text_changed(self) -> None:
        if self._error is not None:
            self.clear_error()
        self.query_changed.emit(self.text())

    def _insert_completion(self, index: QModelIndex | QPersistentModelIndex) -> None:
        inserted = index.data(INSERT_ROLE)
        if isinstance(inserted, str):
            self.insert_completion(inserted)
