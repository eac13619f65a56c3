"""The status bar's background-work indicator: what runs, a progress bar, a Cancel button."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from ui.workers import JobWorker

__all__ = ["JobStatus"]

_LABEL_PX = 300
"""Widest the job's text may be, pixels."""


class JobStatus(QWidget):
    """Follows the running :class:`JobWorker` s; shows the latest, hides when none runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = QLabel(self)
        self._label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._label.setAccessibleName("Background job")
        self._label.setToolTip("What runs in the background")
        self._text = ""
        self._bar = QProgressBar(self)
        self._bar.setFixedWidth(180)
        self._bar.setMaximumHeight(16)
        self._bar.setTextVisible(False)
        self._bar.setAccessibleName("Job progress")
        self._bar.setToolTip("Progress of the background job")
        self._cancel = QPushButton("Cancel", self)
        self._cancel.setAccessibleName("Cancel job")
        self._cancel.setToolTip("Stop the background job (Esc)")
        self._cancel.setShortcut("Esc")
        self._cancel.clicked.connect(self.cancel)
        self._cancel.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._label)
        layout.addWidget(self._bar)
        layout.addWidget(self._cancel)
        self._workers: list[JobWorker] = []
        self._pending: tuple[int, int, str] | None = None
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(50)
        self._refresh.timeout.connect(self._show_progress)
        self.hide()

    # -- API -------------------------------------------------------------------------------

    def track(self, worker: JobWorker) -> None:
        """Show ``worker``'s progress until it finishes."""
        self._workers.append(worker)
        worker.progress.connect(lambda done, total, message: self._on_progress(
            worker, done, total, message))
        worker.finished.connect(lambda: self._on_finished(worker))
        self._show(worker, worker.title)

    def cancel(self) -> None:
        """Cancel the job shown."""
        if self._workers:
            self._workers[-1].cancel()
            self._set_text(f"{self._workers[-1].title}: cancelling…")

    def text(self) -> str:
        """The label's full text (the label may show it elided)."""
        return self._text

    @property
    def cancel_button(self) -> QPushButton:
        """The Cancel button."""
        return self._cancel

    # -- helpers ---------------------------------------------------------------------------

    def _set_text(self, text: str) -> None:
        """Show ``text``, elided in the middle to :data:`_LABEL_PX` so the status bar's
        messages on its left are never overwritten; the tooltip has it whole."""
        self._text = text
        self._label.setText(self._label.fontMetrics().elidedText(
            text, Qt.TextElideMode.ElideMiddle, _LABEL_PX))
        self._label.setToolTip(text or "What runs in the background")

    def _show(self, worker: JobWorker, message: str) -> None:
        self._pending = None
        self._set_text(message or worker.title)
        self._bar.setRange(0, 0)
        self._cancel.setEnabled(True)
        self.show()

    def _on_progress(self, worker: JobWorker, done: int, total: int, message: str) -> None:
        """Keep the latest report; the bar and label show it at most every 50 ms (a job
        may report thousands of steps a second, each a turn of the GUI thread)."""
        if not self._workers or worker is not self._workers[-1]:
            return
        self._pending = (done, total, message)
        if not self._refresh.isActive():
            self._refresh.start()

    def _show_progress(self) -> None:
        if self._pending is None or not self._workers:
            return
        (done, total, message), self._pending = self._pending, None
        if total > 0:
            self._bar.setRange(0, total)
            self._bar.setValue(min(done, total))
        else:
            self._bar.setRange(0, 0)  # busy indicator
        if message:
            self._set_text(message)

    def _on_finished(self, worker: JobWorker) -> None:
        if worker in self._workers:
            self._workers.remove(worker)
        if self._workers:
            self._show(self._workers[-1], self._workers[-1].title)
        else:
            self.hide()
