"""A status bar notice for a file just written: "Report written to deck.pdf [Open]".

*Open* hands the file to the desktop (:meth:`QDesktopServices.openUrl`): a browser for
HTML, a PDF viewer for PDF. The notice hides itself after :data:`NOTICE_MSECS`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

__all__ = ["NOTICE_MSECS", "FileNotice"]

NOTICE_MSECS = 60_000
"""How long the notice stays, in milliseconds."""


class FileNotice(QWidget):
    """Tell the user a file was written and offer to open it."""

    opened = Signal(object)
    """The :class:`Path` handed to the desktop by *Open*."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        self._label = QLabel(self)
        self._label.setAccessibleName("Written file")
        self._label.setToolTip("The file just written")
        self.open_button = QPushButton("Open", self)
        self.open_button.setAccessibleName("Open the written file")
        self.open_button.setToolTip("Open the file with the desktop's application for it")
        self.open_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.open_button.clicked.connect(self.open_file)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._label)
        layout.addWidget(self.open_button)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def show_file(self, text: str, path: Path) -> None:
        """Show ``text`` and an *Open* button for ``path`` for :data:`NOTICE_MSECS`."""
        self.path = path
        self._label.setText(text)
        self._label.setToolTip(str(path))
        self.show()
        self._timer.start(NOTICE_MSECS)

    def text(self) -> str:
        """The label's text."""
        return self._label.text()

    def open_file(self) -> None:
        """Open :attr:`path` with the desktop's application for it."""
        if self.path is None:
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.path)))
        self.opened.emit(self.path)
