"""The status bar's background-work indicator: what runs, a progress bar, a Cancel button."""

from __future__ import annotations

from PySide6.QtCore import Qt
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


class JobStatus(QWidget):
    """Follows the running :class:`JobWorker` s; shows the latest, hides when none runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = QLabel(self)
        self._label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._label.setAccessibleName("Background job")
        self._label.setToolTip("What runs in the background")
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
            self._label.setText(f"{self._workers[-1].title}: cancelling…")

    def text(self) -> str:
        """The label's text."""
        return self._label.text()

    @property
    def cancel_button(self) -> QPushButton:
        """The Cancel button."""
        return self._cancel

    # -- helpers ---------------------------------------------------------------------------

    def _show(self, worker: JobWorker, message: str) -> None:
        self._label.setText(message or worker.title)
        self._bar.setRange(0, 0)
        self._cancel.setEnabled(True)
        self.show()

    def _on_progress(self, worker: JobWorker, done: int, total: int, message: str) -> None:
        if not self._workers or worker is not self._workers[-1]:
            return
        if total > 0:
            self._bar.setRange(0, total)
            self._bar.setValue(min(done, total))
        else:
            self._bar.setRange(0, 0)  # busy indicator
        if message:
            self._label.setText(message)

    def _on_finished(self, worker: JobWorker) -> None:
        if worker in self._workers:
            self._workers.remove(worker)
        if self._workers:
            self._show(self._workers[-1], self._workers[-1].title)
        else:
            self.hide()
