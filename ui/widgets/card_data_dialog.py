"""The first-run offer: the database holds only the starter cards, so offer to download the
full card data (MTGJSON AtomicCards) or to import a local file.

The dialog is not modal and holds no logic: it emits :attr:`CardDataDialog.download_requested`
or :attr:`CardDataDialog.import_requested`, and follows the worker the window hands to
:meth:`CardDataDialog.follow` (progress bar, Cancel, then the outcome).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.workers import JobWorker

__all__ = ["CardDataDialog"]


class CardDataDialog(QDialog):
    """Offer to download the card data or import a file, then show the download's progress.

    Parameters
    ----------
    url : str
        Where the download comes from (shown to the user).
    cards : int
        Cards the database holds now (the starter set).
    """

    download_requested = Signal()
    """The user chose *Download*."""
    import_requested = Signal()
    """The user chose *Import a File…*."""

    def __init__(self, url: str, cards: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card data")
        self.setAccessibleName("Card data dialog")
        self.setModal(False)
        self.resize(520, 220)
        self._worker: JobWorker | None = None

        intro = QLabel(
            f"<p><b>Spellweb has only its {cards:,} starter cards.</b></p>"
            "<p>Download every Magic card (MTGJSON AtomicCards) to read any "
            "deck, or import a card file you already have (AtomicCards, AllPrintings, a set "
            f"file or Scryfall oracle-cards).</p><p><small>From {url}</small></p>")
        intro.setWordWrap(True)
        intro.setAccessibleName("Card data explanation")
        self.status = QLabel("")
        self.status.setAccessibleName("Download status")
        self.status.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setAccessibleName("Download progress")
        self.bar.setVisible(False)

        self.download_button = QPushButton("&Download")
        self.download_button.setToolTip("Download the card data and import it")
        self.download_button.setDefault(True)
        self.download_button.clicked.connect(self.download_requested)
        self.import_button = QPushButton("&Import a File…")
        self.import_button.setToolTip("Import a card file from this computer")
        self.import_button.clicked.connect(self._import)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the download (it resumes next time)")
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button = QPushButton("&Not Now")
        self.close_button.setToolTip("Keep the starter cards (File ▸ Import Cards… later)")
        self.close_button.clicked.connect(self.reject)

        buttons = QHBoxLayout()
        buttons.addWidget(self.download_button)
        buttons.addWidget(self.import_button)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.bar)
        layout.addWidget(self.status)
        layout.addStretch(1)
        layout.addLayout(buttons)

    # -- following a worker ----------------------------------------------------------------

    def follow(self, worker: JobWorker | None) -> None:
        """Show the progress of the download job (None: it could not start)."""
        self._worker = worker
        if worker is None:
            return
        self._set_running(True)
        self.status.setText("Connecting…")
        worker.progress.connect(self._progress)
        worker.result.connect(self._done)
        worker.error.connect(self._failed)
        worker.finished.connect(lambda: self._set_running(False))

    def cancel(self) -> None:
        """Stop the running download."""
        if self._worker is not None:
            self._worker.cancel()

    # -- helpers ---------------------------------------------------------------------------

    def _import(self) -> None:
        self.import_requested.emit()
        self.accept()

    def _set_running(self, running: bool) -> None:
        self.bar.setVisible(running or self.bar.value() > 0)
        self.cancel_button.setVisible(running)
        self.download_button.setEnabled(not running)
        self.import_button.setEnabled(not running)

    def _progress(self, done: int, total: int, message: str) -> None:
        if total > 0:
            self.bar.setRange(0, 1000)
            self.bar.setValue(int(1000 * min(done, total) / total))
        else:
            self.bar.setRange(0, 0)
        self.status.setText(message)

    def _done(self, summary: object) -> None:
        self.bar.setRange(0, 1000)
        self.bar.setValue(1000)
        cards = getattr(summary, "cards", 0)
        self.status.setText(f"Done: {cards:,} cards imported.")
        self.close_button.setText("&Close")

    def _failed(self, err: BaseException) -> None:
        if self._worker is not None and self._worker.cancelled:
            self.status.setText("Cancelled. The download resumes where it stopped next time.")
        else:
            self.status.setText(f"Failed: {err}")
        self.download_button.setText("&Try Again")
