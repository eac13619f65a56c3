"""The generic job worker: progress, result, error, cancel, all delivered on the GUI thread."""

from __future__ import annotations

import threading
import time

import pytest

from analyzer.errors import Cancelled, InputError
from analyzer.progress import CancelToken, Progress
from ui.workers import JobWorker

pytestmark = pytest.mark.gui


def counting_job(n: int):
    def make(cancel: CancelToken):
        for i in range(n):
            cancel.check()
            yield Progress(i + 1, n, f"step {i + 1}")
        return {"counted": n, "thread": threading.get_ident()}
    return make


class TestJobWorker:
    def test_progress_then_result_then_finished(self, qtbot):
        worker = JobWorker(counting_job(3), "Counting")
        events = []
        worker.progress.connect(lambda d, t, m: events.append(("progress", d, t, m)))
        worker.result.connect(lambda value: events.append(("result", value["counted"])))
        worker.finished.connect(lambda: events.append(("finished",)))
        with qtbot.waitSignal(worker.finished, timeout=5000):
            worker.start()
        assert events == [("progress", 1, 3, "step 1"), ("progress", 2, 3, "step 2"),
                          ("progress", 3, 3, "step 3"), ("result", 3), ("finished",)]
        assert not worker.running

    def test_job_runs_off_the_gui_thread_and_signals_arrive_on_it(self, qtbot):
        worker = JobWorker(counting_job(1))
        seen = {}
        worker.result.connect(lambda value: seen.update(
            job=value["thread"], slot=threading.get_ident()))
        with qtbot.waitSignal(worker.finished, timeout=5000):
            worker.start()
        assert seen["job"] != seen["slot"]
        assert seen["slot"] == threading.main_thread().ident

    def test_an_exception_becomes_the_error_signal(self, qtbot):
        def failing(cancel: CancelToken):
            yield Progress(0, 0, "about to fail")
            raise InputError("bad input 'x'")

        worker = JobWorker(failing)
        errors, results = [], []
        worker.error.connect(errors.append)
        worker.result.connect(results.append)
        with qtbot.waitSignal(worker.finished, timeout=5000):
            worker.start()
        assert len(errors) == 1 and isinstance(errors[0], InputError)
        assert results == []
        assert not worker.was_cancelled

    def test_cancel_stops_the_job(self, qtbot):
        steps = []

        def endless(cancel: CancelToken):
            i = 0
            while True:
                i += 1
                steps.append(i)
                time.sleep(0.005)
                yield Progress(i, 0, "working")

        worker = JobWorker(endless, "Endless")
        errors, results = [], []
        worker.error.connect(errors.append)
        worker.result.connect(results.append)
        with qtbot.waitSignal(worker.progress, timeout=5000):
            worker.start()
        with qtbot.waitSignal(worker.finished, timeout=5000):
            worker.cancel()
        assert worker.cancelled and worker.was_cancelled
        assert len(errors) == 1 and isinstance(errors[0], Cancelled)
        assert results == []
        stopped_at = len(steps)
        time.sleep(0.05)
        assert len(steps) == stopped_at  # the generator really stopped



class TestPySideReferenceCounts:
    """PySide6-Essentials 6.12.0 on Python 3.11 drops a reference to None/True on every void
    call and signal emit, and the interpreter aborts after a few thousand (pyproject.toml
    excludes that release). This fails on any Qt binding with the same bug."""

    def test_signal_emits_keep_none_and_true_alive(self):
        import sys

        from PySide6.QtCore import QObject, Signal

        class Probe(QObject):
            fired = Signal(int)

        probe = Probe()
        probe.fired.connect(lambda _value: None)
        before_none, before_true = sys.getrefcount(None), sys.getrefcount(True)
        for _ in range(500):
            probe.fired.emit(1)
            probe.setObjectName("x")
        assert sys.getrefcount(None) >= before_none - 50
        assert sys.getrefcount(True) >= before_true - 50
