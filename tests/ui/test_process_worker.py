"""The process worker: a job in its own process, with the worker's signals (progress,
result, error, finished) and cancel, all delivered on the GUI thread."""

from __future__ import annotations

import os
import threading
import time

import pytest

from analyzer.errors import AnalyzerError, Cancelled, InputError
from analyzer.progress import CancelToken, Job, Progress
from ui.workers import ProcessJobWorker

pytestmark = pytest.mark.gui

TIMEOUT_MS = 60_000


def counting_job(n: int, *, cancel: CancelToken) -> Job[dict[str, int]]:
    for i in range(n):
        cancel.check()
        yield Progress(i + 1, n, f"step {i + 1}")
        time.sleep(0.06)  # over the 50 ms report interval: every step is reported
    return {"counted": n, "pid": os.getpid()}


def failing_job(*, cancel: CancelToken) -> Job[None]:
    yield Progress(0, 0, "about to fail")
    raise InputError("bad input 'x'")


class _Unpicklable(Exception):
    def __reduce__(self):  # type: ignore[no-untyped-def]
        raise TypeError("not picklable")


def unpicklable_job(*, cancel: CancelToken) -> Job[None]:
    yield Progress(0, 0, "about to fail")
    raise _Unpicklable("a lock inside")


def endless_job(*, cancel: CancelToken) -> Job[None]:
    while True:
        cancel.check()
        yield Progress(0, 0, "waiting")
        time.sleep(0.01)


class TestProcessJobWorker:
    def test_progress_result_and_finished_from_another_process(self, qtbot):
        worker = ProcessJobWorker(counting_job, (3,), "Counting")
        events: list[tuple[object, ...]] = []
        worker.progress.connect(lambda d, t, m: events.append(("progress", d, t, m)))
        worker.result.connect(lambda value: events.append(
            ("result", value["counted"], value["pid"] != os.getpid(),
             threading.current_thread() is threading.main_thread())))
        worker.finished.connect(lambda: events.append(("finished",)))
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker.start()
        assert events[-2:] == [("result", 3, True, True), ("finished",)]
        assert ("progress", 1, 3, "step 1") in events
        assert not worker.running and not worker.was_cancelled

    def test_an_exception_crosses_with_its_type_and_the_child_traceback(self, qtbot):
        worker = ProcessJobWorker(failing_job, (), "Failing")
        errors: list[BaseException] = []
        worker.error.connect(errors.append)
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker.start()
        assert len(errors) == 1 and isinstance(errors[0], InputError)
        assert str(errors[0]) == "bad input 'x'"
        assert "failing_job" in "".join(getattr(errors[0], "__notes__", []))

    def test_an_unpicklable_exception_arrives_as_words(self, qtbot):
        worker = ProcessJobWorker(unpicklable_job, (), "Failing")
        errors: list[BaseException] = []
        worker.error.connect(errors.append)
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker.start()
        assert isinstance(errors[0], AnalyzerError)
        assert "_Unpicklable" in str(errors[0]) and "a lock inside" in str(errors[0])

    def test_cancel_stops_the_job_with_cancelled(self, qtbot):
        worker = ProcessJobWorker(endless_job, (), "Endless")
        errors: list[BaseException] = []
        worker.error.connect(errors.append)
        with qtbot.waitSignal(worker.progress, timeout=TIMEOUT_MS):
            worker.start()
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker.cancel()
        assert worker.cancelled and worker.was_cancelled
        assert isinstance(errors[0], Cancelled)
        assert worker.wait(1000)


def _returns_within(call, seconds: float) -> bool:  # type: ignore[no-untyped-def]
    """Run ``call()`` in a daemon thread; True if it returned within ``seconds`` (a call that
    hangs forever leaves only the daemon thread behind, never the test run)."""
    thread = threading.Thread(target=call, name="may-hang", daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive()


class TestCancelNeverHangs:
    """Regression: ``Controller.shutdown()`` after an import hung for ever in the cancel of
    a process job whose child had already ended (a multiprocessing ``Event.set()`` waits for
    every process that waited on the event to wake up, and an ended child never does)."""

    def test_cancel_after_the_process_ended_returns(self, qtbot):
        worker = ProcessJobWorker(counting_job, (2,), "Counting")
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker.start()
        assert not worker._process.is_alive()
        assert _returns_within(worker.cancel, 10), "cancel() hung after the job ended"
        assert worker.cancelled and not worker.was_cancelled  # it had finished first
        assert worker.wait(1000)

    def test_cancel_after_the_process_was_killed_returns(self, qtbot):
        worker = ProcessJobWorker(endless_job, (), "Endless")
        errors: list[BaseException] = []
        worker.error.connect(errors.append)
        with qtbot.waitSignal(worker.progress, timeout=TIMEOUT_MS):
            worker.start()
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker._process.kill()     # ended from outside, e.g. by the system
        assert _returns_within(worker.cancel, 10), "cancel() hung after the child was killed"
        assert len(errors) == 1 and "ended unexpectedly" in str(errors[0])

    def test_cancel_while_the_process_starts_stops_it(self, qtbot):
        worker = ProcessJobWorker(endless_job, (), "Endless")
        errors: list[BaseException] = []
        worker.error.connect(errors.append)
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT_MS):
            worker.start()
            assert _returns_within(worker.cancel, 10)   # before the child even ran the job
        assert worker.was_cancelled and isinstance(errors[0], Cancelled)
