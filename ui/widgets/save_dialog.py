"""The deck editor's questions: which file and format to save to, whether to write a format
that loses something (:class:`LossDialog`), and what to do with unsaved changes.

Every format Spellweb writes is offered (:data:`analyzer.decks.FORMATS`); several share the
``.txt`` ending, so the format is the *filter* chosen in the dialog, not the file name.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from analyzer.decks import FORMATS, LossReport, get_format
from analyzer.decks.formats import format_for_path

__all__ = ["LossDialog", "choose_save_path", "filter_of", "format_of_filter", "save_filters",
           "unsaved_box"]


def filter_of(fmt: str) -> str:
    """The file dialog filter of the format named ``fmt`` (``"MTGO .dek (XML) (*.dek)"``)."""
    target = get_format(fmt)
    return f"{target.description} ({' '.join('*' + e for e in target.extensions)})"


def save_filters() -> list[str]:
    """One filter per format Spellweb writes, in registry order (plain text last)."""
    return [filter_of(name) for name in FORMATS]


def format_of_filter(chosen: str) -> str | None:
    """The format name of a filter from :func:`save_filters` (None for another text)."""
    return next((name for name in FORMATS if filter_of(name) == chosen), None)


def choose_save_path(parent: QWidget | None, folder: str, title: str,
                     fmt: str) -> tuple[Path, str] | None:
    """Ask where to save the deck and in which format (default ``fmt``); None if cancelled.

    A name typed without an ending gets the format's usual one (``.dek``, ``.txt``...); a
    typed ending that names another format (``.cod`` with the MTGO filter) wins over the
    filter.
    """
    target = get_format(fmt)
    default = str(Path(folder or ".") / f"{title}{target.extensions[0]}")
    path, chosen = QFileDialog.getSaveFileName(parent, "Save deck as", default,
                                               ";;".join(save_filters()), filter_of(fmt))
    if not path:
        return None
    name = format_of_filter(chosen) or fmt
    result = Path(path)
    suffix = result.suffix.lower()
    if not suffix:
        result = result.with_suffix(get_format(name).extensions[0])
    elif suffix not in get_format(name).extensions:
        typed = format_for_path(result)     # a typed ".cod" wins over the filter chosen
        if suffix in typed.extensions:
            name = typed.name
    return result, name


class LossDialog(QDialog):
    """What a format cannot hold, before writing it: *Save Anyway* or *Cancel*.

    Parameters
    ----------
    report : LossReport
        :func:`analyzer.decks.loss_report` of the deck in the target format.
    path : Path
        The file about to be written.
    """

    def __init__(self, report: LossReport, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report = report
        self.setWindowTitle(f"Save as {report.format}?")
        self.setAccessibleName("Format loss report")
        intro = QLabel(f"<b>{path.name}</b> will be written as <b>{report.format}</b>, "
                       "which cannot hold everything in the deck:")
        intro.setWordWrap(True)
        intro.setAccessibleName("What is lost")
        lines = [*(str(loss) for loss in report.losses), *report.dropped]
        self.details = QPlainTextEdit("\n".join(f"• {line}" for line in lines))
        self.details.setReadOnly(True)
        self.details.setAccessibleName("Loss report")
        self.details.setToolTip("Each kind of information the file will not keep, and the "
                                "cards that have it")
        self.details.setMinimumSize(460, 140)
        after = QLabel("The deck in Spellweb keeps everything; only the file loses it.")
        after.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText("&Save Anyway")
        self.save_button.setToolTip("Write the file without what it cannot hold (Alt+S)")
        self.save_button.setAutoDefault(False)   # Enter never writes a lossy file
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setToolTip("Do not write the file (Enter, Esc)")
        cancel.setAutoDefault(True)
        cancel.setDefault(True)
        self.cancel_button = cancel
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.details, 1)
        layout.addWidget(after)
        layout.addWidget(buttons)
        cancel.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter or Return anywhere in the dialog (the report box too) means *Cancel*."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self.reject()
            return
        super().keyPressEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        """Start on *Cancel*, so a key pressed at once never saves."""
        super().showEvent(event)
        self.cancel_button.setFocus()


def unsaved_box(parent: QWidget | None, title: str) -> QMessageBox:
    """The unsaved-changes question: Save, Discard or Cancel (the default is Save)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Unsaved changes")
    box.setAccessibleName("Unsaved changes")
    box.setText(f"The deck “{title}” has unsaved changes.")
    box.setInformativeText("Save them before going on?")
    Button = QMessageBox.StandardButton
    box.setStandardButtons(Button.Save | Button.Discard | Button.Cancel)
    box.setDefaultButton(Button.Save)
    box.setEscapeButton(Button.Cancel)
    for button, tip in ((Button.Save, "Save the deck, then go on"),
                        (Button.Discard, "Go on without saving: the changes are lost"),
                        (Button.Cancel, "Stay with the deck")):
        box.button(button).setToolTip(tip)
    return box
