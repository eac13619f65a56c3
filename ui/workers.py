"""Run any analyzer job off the GUI thread (STYLE.md habit 17).

An analyzer job is a generator that yields :class:`~analyzer.progress.Progress`, checks a
:class:`~analyzer.progress.CancelToken` between steps and returns its result
(:mod:`analyzer.progress`). :class:`JobWorker` runs one such generator in a :class:`QThread`
and turns it into Qt signals, so the threading code exists once, here:

- ``progress(done, total, message)`` for each yield,
- ``result(value)`` with what the generator returned,
- ``error(exception)`` when it raised (``Cancelled`` included: check :attr:`JobWorker.cancelled`),
- ``finished()`` last, always, once the thread has stopped.

Every signal is delivered on the thread that created the worker (the GUI thread), so slots may
touch widgets; the job itself never does. The job opens its own database session through
:mod:`analyzer.services` (each service function opens and closes one).

Examples
--------
>>> worker = JobWorker(lambda cancel: services.analyze_deck_job(db, path, cancel=cancel))
... # doctest: +SKIP
>>> worker.result.connect(show_analysis); worker.start()  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from analyzer.errors import Cancelled
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["JobFactory", "JobWorker"]

JobFactory = Callable[[CancelToken], Job[Any]]
"""Makes the job generator, given the token that :meth:`JobWorker.cancel` sets."""


class _JobThread(QThread):
    """The thread body: drive the generator, report through the owning worker's relays."""

    yielded = Signal(int, int, str)
    returned = Signal(object)
    raised = Signal(object)

    def __init__(self, make_job: JobFactory, token: CancelToken) -> None:
        super().__init__()
        self._make_job = make_job
        self._token = token

    def run(self) -> None:  # runs in the new thread: no widget access here
        job: Job[Any] | None = None
        try:
            job = self._make_job(self._token)
            while True:
                self._token.check()
                try:
                    report = next(job)
                except StopIteration as stop:
                    value = stop.value
                    break
                if isinstance(report, Progress):
                    self.yielded.emit(report.done, report.total, report.message)
        except Exception as err:  # shown to the user on the GUI thread, never lost
            if job is not None:
                job.close()
            self.raised.emit(err)
        else:
            self.returned.emit(value)


class JobWorker(QObject):
    """Run one analyzer job generator in its own thread, reporting through signals.

    Parameters
    ----------
    make_job : callable
        ``make_job(cancel_token) -> generator``; called in the worker thread, so even the
        generator's set-up runs off the GUI thread.
    title : str
        What the job does, for the status bar ("Analysing deck.txt").
    parent : QObject, optional
        Usually the window; the worker must stay referenced until ``finished``.
    """

    progress = Signal(int, int, str)
    """``(done, total, message)`` for each :class:`~analyzer.progress.Progress`."""
    result = Signal(object)
    """The generator's return value."""
    error = Signal(object)
    """The exception the job raised (:class:`~analyzer.errors.Cancelled` after :meth:`cancel`)."""
    finished = Signal()
    """Emitted last, after ``result`` or ``error``, once the thread has stopped."""

    def __init__(self, make_job: JobFactory, title: str = "",
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self._token = CancelToken()
        self._thread = _JobThread(make_job, self._token)
        self._thread.yielded.connect(self.progress)
        self._thread.returned.connect(self.result)
        self._thread.raised.connect(self.error)
        self._thread.finished.connect(self._on_thread_finished)
        self._running = False
        self._last_error: BaseException | None = None
        self.error.connect(self._remember_error)

    # -- public API ------------------------------------------------------------------------

    def start(self) -> None:
        """Start the job in its thread (once)."""
        self._running = True
        self._thread.start()

    def cancel(self) -> None:
        """Ask the job to stop at its next step; ``error(Cancelled)`` then ``finished`` follow."""
        self._token.cancel()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._token.cancelled

    @property
    def running(self) -> bool:
        """True from :meth:`start` until ``finished``."""
        return self._running

    @property
    def was_cancelled(self) -> bool:
        """True if the job ended by :class:`~analyzer.errors.Cancelled`."""
        return isinstance(self._last_error, Cancelled)

    def wait(self, msecs: int = -1) -> bool:
        """Block until the thread stops (tests and shutdown only); True if it did."""
        if msecs < 0:
            return self._thread.wait()
        return self._thread.wait(msecs)

    # -- internals -------------------------------------------------------------------------

    @Slot(object)
    def _remember_error(self, err: BaseException) -> None:
        self._last_error = err

    @Slot()
    def _on_thread_finished(self) -> None:
        self._thread.wait()  # QThread.finished comes just before the thread really ends
        self._running = False
        self.finished.emit()
