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

A thread shares the interpreter lock with the GUI thread: a job that builds millions of
Python objects (a card import, compiling 24,000 profiles) makes the garbage collector stop
every thread for 0.1-0.5 s at a time, and one long C call (parsing a 100 MB JSON document)
holds the lock as long. :class:`ProcessJobWorker` runs such a job in a separate process
instead (same signals, same cancel), for jobs whose arguments and result are small and
picklable and that open their own database from its URL.

Examples
--------
>>> worker = JobWorker(lambda cancel: services.analyze_deck_job(db, path, cancel=cancel))
... # doctest: +SKIP
>>> worker.result.connect(show_analysis); worker.start()  # doctest: +SKIP
"""

from __future__ import annotations

import multiprocessing
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable
from contextlib import suppress
from multiprocessing.connection import Connection
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal, Slot

from analyzer.errors import AnalyzerError, Cancelled
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["AnyWorker", "JobFactory", "JobWorker", "ProcessJob", "ProcessJobWorker"]

GUI_SWITCH_INTERVAL_S = 0.0002
"""The interpreter's thread switch interval (:func:`sys.setswitchinterval`) once a job
thread runs. Every call from the GUI thread into Qt lets go of the interpreter lock; while a
job thread computes in Python, getting the lock back takes up to one switch interval
(Python's default: 5 ms), and painting a view makes hundreds of such calls. At 1 ms the
GUI thread gets the lock back sooner, and the job thread loses little (a switch costs
microseconds)."""

JobFactory = Callable[[CancelToken], Job[Any]]
"""Makes the job generator, given the token that :meth:`JobWorker.cancel` sets."""

START_WHEN_IDLE_MAX_S = 1.0
"""A job thread starts computing once the GUI thread has caught up (:class:`_IdleGate`), at
the latest this long after :meth:`JobWorker.start` (no event loop running: a script)."""
_IDLE_TICK_MS = 15
"""The idle gate's timer interval: a tick that comes on time means the event loop is idle."""


class _IdleGate(QObject):
    """Opens job threads' start gates once the GUI thread's event loop runs a timer on time.

    The slot that starts a job usually fills views too (a deck opened: every tab), whose
    layout and first paint follow in the next event-loop turns and call back into Python
    thousands of times (item models, delegates). Each callback must take the interpreter
    lock back from a job thread computing in Python, so a job started at once stretched
    that paint several times over (a 100 ms paint took 250-420 ms with the combo search and
    the report model computing). Held at the gate until the GUI thread is idle, the job
    costs the paint nothing and starts a few tens of milliseconds later."""

    _instance: _IdleGate | None = None

    def __init__(self) -> None:
        super().__init__()
        self._gates: list[threading.Event] = []
        self._last = 0.0
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(_IDLE_TICK_MS)
        self._timer.timeout.connect(self._tick)

    @classmethod
    def hold(cls, gate: threading.Event) -> None:
        """Set ``gate`` once this (the GUI) thread's event loop is idle."""
        if cls._instance is None:
            cls._instance = _IdleGate()
        self = cls._instance
        self._gates.append(gate)
        if not self._timer.isActive():
            self._last = time.perf_counter()
            self._timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        on_time = now - self._last < 2 * _IDLE_TICK_MS / 1000
        self._last = now
        if on_time:
            gates, self._gates = self._gates, []
            self._timer.stop()
            for gate in gates:
                gate.set()


class _JobThread(QThread):
    """The thread body: drive the generator, report through the owning worker's relays."""

    yielded = Signal(int, int, str)
    returned = Signal(object)
    raised = Signal(object)

    def __init__(self, make_job: JobFactory, token: CancelToken) -> None:
        super().__init__()
        self._make_job = make_job
        self._token = token
        self.go = threading.Event()
        """Set when the GUI thread is idle (:class:`_IdleGate`) or the job is cancelled."""

    def run(self) -> None:  # runs in the new thread: no widget access here
        job: Job[Any] | None = None
        self.go.wait(START_WHEN_IDLE_MAX_S)
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
        """Start the job in its thread (once); it computes once the GUI thread is idle
        (:class:`_IdleGate`), and the GUI thread's interpreter-lock waits are shortened
        (:data:`GUI_SWITCH_INTERVAL_S`)."""
        if sys.getswitchinterval() > GUI_SWITCH_INTERVAL_S:
            sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)
        self._running = True
        self._thread.start()
        _IdleGate.hold(self._thread.go)

    def cancel(self) -> None:
        """Ask the job to stop at its next step; ``error(Cancelled)`` then ``finished`` follow."""
        self._token.cancel()
        self._thread.go.set()

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


ProcessJob = Callable[..., Job[Any]]
"""A module-level job function ``job(*args, cancel=token) -> generator`` (picklable by
name, so a new process can import and run it)."""

_PROGRESS_EVERY_S = 0.05
"""The child process sends at most one progress report per this many seconds."""


def _cancel_on_word(cancel_conn: Connection, token: CancelToken) -> None:
    """Set ``token`` when the parent writes to ``cancel_conn`` or closes it (the parent
    ended): a thread of the child process."""
    with suppress(EOFError, OSError):
        cancel_conn.recv_bytes()
    token.cancel()


def _run_in_child(conn: Connection, cancel_conn: Connection, job: ProcessJob,
                  args: tuple[Any, ...]) -> None:  # pragma: no cover - runs in the child
    """The child process's body: run ``job``, send ``("progress", done, total, message)``
    reports, then ``("result", value)`` or ``("error", exception, traceback text)``; a word
    on ``cancel_conn`` (or its end) cancels the job."""
    token = CancelToken()
    threading.Thread(target=_cancel_on_word, args=(cancel_conn, token), daemon=True).start()
    try:
        generator = job(*args, cancel=token)
        last = 0.0
        while True:
            token.check()
            try:
                report = next(generator)
            except StopIteration as stop:
                conn.send(("result", stop.value))
                break
            now = time.monotonic()
            if isinstance(report, Progress) and now - last >= _PROGRESS_EVERY_S:
                last = now
                conn.send(("progress", report.done, report.total, report.message))
    except Exception as err:
        details = traceback.format_exc()
        try:
            pickle.dumps(err)
        except Exception:  # an exception that cannot cross: its words do
            err = AnalyzerError(f"{type(err).__name__}: {err}")
        conn.send(("error", err, details))
    finally:
        conn.close()


class _PipeThread(QThread):
    """Reads the child's reports from the pipe (blocking, so it holds no lock while it
    waits) and relays them as signals."""

    yielded = Signal(int, int, str)
    returned = Signal(object)
    raised = Signal(object)

    def __init__(self, conn: Connection, process: Any) -> None:
        super().__init__()
        self._conn = conn
        self._process = process

    def run(self) -> None:
        ended = False
        try:
            while not ended:
                try:
                    message = self._conn.recv()
                except (EOFError, OSError):
                    break
                kind = message[0]
                if kind == "progress":
                    self.yielded.emit(*message[1:])
                elif kind == "result":
                    self.returned.emit(message[1])
                    ended = True
                elif kind == "error":
                    err = message[1]
                    err.__notes__ = [f"In the job's process:\n{message[2]}"]
                    self.raised.emit(err)
                    ended = True
        finally:
            self._conn.close()
            self._process.join()
        if not ended:
            self.raised.emit(AnalyzerError(
                f"the background process ended unexpectedly (exit code "
                f"{self._process.exitcode}); the job did not finish"))


class ProcessJobWorker(QObject):
    """Run one job in its own process, with the signals and cancel of :class:`JobWorker`.

    The GUI thread shares no interpreter lock and no garbage collector with the job, so a
    job that allocates millions of objects or parses a huge file in one C call never
    freezes the window. The job must be a module-level function (``job(*args,
    cancel=token)``), its arguments and result picklable, and it opens what it needs
    itself (a database from its URL): nothing in memory is shared.

    Parameters
    ----------
    job : callable
        A module-level generator function; called in the new process as
        ``job(*args, cancel=token)``.
    args : tuple
        Its arguments (picklable).
    title : str
        What the job does, for the status bar.
    parent : QObject, optional
        Usually the controller; the worker must stay referenced until ``finished``.

    Notes
    -----
    The process is *spawned* (a fresh interpreter: forking a process that runs Qt
    threads is unsafe, and Windows can only spawn), so starting it takes about a second.
    Progress reports are sent at most every 50 ms.

    :meth:`cancel` writes one word into a pipe that a thread of the child reads: it never
    blocks, even when the child has ended or was killed. (A ``multiprocessing.Event`` did:
    its ``set()`` waits, inside its condition's ``notify_all``, for every process that
    ever waited on it to wake up, and a child that ended while waiting never does, so
    ``Controller.shutdown()`` after a finished job hung for ever.)
    """

    progress = Signal(int, int, str)
    """``(done, total, message)``, as :attr:`JobWorker.progress`."""
    result = Signal(object)
    """The job's return value (unpickled in this process)."""
    error = Signal(object)
    """The exception the job raised (:class:`~analyzer.errors.Cancelled` after
    :meth:`cancel`); one that cannot be pickled arrives as an
    :class:`~analyzer.errors.AnalyzerError` with its type and words."""
    finished = Signal()
    """Emitted last, after ``result`` or ``error``, once the process has ended."""

    def __init__(self, job: ProcessJob, args: tuple[Any, ...], title: str = "",
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self._job = job
        self._args = args
        context = multiprocessing.get_context("spawn")
        self._context = context
        # the child reads the word "cancel" (or the end of the pipe) from here
        self._cancel_receiver, self._cancel_sender = context.Pipe(duplex=False)
        self._cancelled = False
        self._process: Any = None
        self._thread: _PipeThread | None = None
        self._running = False
        self._last_error: BaseException | None = None
        self.error.connect(self._remember_error)

    # -- public API ------------------------------------------------------------------------

    def start(self) -> None:
        """Start the process and the thread that relays its reports (once)."""
        receiver, sender = self._context.Pipe(duplex=False)
        self._process = self._context.Process(
            target=_run_in_child, args=(sender, self._cancel_receiver, self._job, self._args),
            name=f"spellweb job: {self.title}", daemon=True)
        self._running = True
        self._process.start()
        sender.close()  # the child holds its end: EOF here when it ends
        self._cancel_receiver.close()  # the child's too: a word to an ended child fails
        self._thread = _PipeThread(receiver, self._process)
        self._thread.yielded.connect(self.progress)
        self._thread.returned.connect(self.result)
        self._thread.raised.connect(self.error)
        self._thread.finished.connect(self._on_thread_finished)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the job to stop at its next step; ``error(Cancelled)`` then ``finished``.
        Never blocks: before :meth:`start` the word waits in the pipe; after the process
        ended it is dropped."""
        if self._cancelled:
            return
        self._cancelled = True
        # a few bytes: the pipe never fills; a broken pipe: the child ended, nothing to stop
        with suppress(OSError):
            self._cancel_sender.send_bytes(b"cancel")

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancelled

    @property
    def running(self) -> bool:
        """True from :meth:`start` until ``finished``."""
        return self._running

    @property
    def was_cancelled(self) -> bool:
        """True if the job ended by :class:`~analyzer.errors.Cancelled`."""
        return isinstance(self._last_error, Cancelled)

    def wait(self, msecs: int = -1) -> bool:
        """Block until the process and its relay thread stop (tests and shutdown only);
        a process still running after ``msecs`` is terminated. True if it had ended."""
        if self._process is None or self._thread is None:
            return True
        self._process.join(None if msecs < 0 else msecs / 1000)
        ended = not self._process.is_alive()
        if not ended:
            self._process.terminate()
            self._process.join(5)
        self._thread.wait()
        return ended

    # -- internals -------------------------------------------------------------------------

    @Slot(object)
    def _remember_error(self, err: BaseException) -> None:
        self._last_error = err

    @Slot()
    def _on_thread_finished(self) -> None:
        if self._thread is not None:
            self._thread.wait()
        self._running = False
        self.finished.emit()


AnyWorker = JobWorker | ProcessJobWorker
"""Either worker: both have the same signals, ``title``, ``cancel()`` and ``wait()``."""
