"""The GUI thread never stalls: a 10 ms timer on the GUI thread keeps ticking (no gap over
100 ms) while the window imports the full card data and while it opens and draws a dense
100-card deck's synergy graph.

This checks the threading, not the speed: a gap means the GUI thread was busy (a slot doing
too much at once) or could not run Python at all (a worker holding the interpreter lock in
one long C call or a garbage collection). On failure the message names the worst gap, the
phase it fell in, what the GUI thread and the other threads were running meanwhile (their
Python stacks, sampled every 10 ms by a watcher thread) and the garbage collections that
overlapped it.

A gap during which this process got less than :data:`STARVED_SHARE` of one core (its CPU
time, all threads, against the wall time) was the operating system running other programs
(a loaded test machine), not this process holding its GUI thread: such gaps are counted and
printed, never failed. A busy GUI thread or a worker holding the interpreter lock both
consume the process's CPU time, so they are never excused.
"""

from __future__ import annotations

import gc
import gzip
import json
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox

from ui.main_window import GRAPH_TAB

pytestmark = [pytest.mark.gui, pytest.mark.shared]

STALL_MS = 100.0
"""The longest the GUI thread may go without running its event loop (DESIGN.md: the window
never freezes; helper brief: never blocks > 100 ms)."""
STARVED_SHARE = 0.5
"""A gap in which the process ran less than this share of one core was starved by other
programs on the machine."""
TICK_MS = 10
IMPORT_TIMEOUT_MS = 900_000
DECK_TIMEOUT_MS = 180_000
DENSE_DECK_EDGES = 500
"""The deck must draw at least this many arrows, or the test proves little."""


@dataclass(frozen=True)
class Gap:
    """Time between two ticks of the GUI thread's timer (perf_counter seconds)."""

    start: float
    end: float
    phase: str
    cpu: float
    """CPU time the whole process used during the gap (all threads), seconds."""

    @property
    def ms(self) -> float:
        return (self.end - self.start) * 1000.0

    @property
    def starved(self) -> bool:
        """The process hardly ran: the machine was busy with other programs."""
        return self.cpu < STARVED_SHARE * (self.end - self.start)


@dataclass
class _Sample:
    at: float
    stacks: dict[int, tuple[str, ...]]
    """Thread id -> innermost frames first ("file:line function")."""


@dataclass
class StallRecorder:
    """Record the gaps of a GUI-thread timer, every thread's Python stack every 10 ms, and
    the garbage collections, so a stall can be explained."""

    gaps: list[Gap] = field(default_factory=list)
    samples: list[_Sample] = field(default_factory=list)
    collections: list[tuple[float, float, int, str]] = field(default_factory=list)
    current_phase: str = "start"
    _last: float | None = None
    _last_cpu: float = 0.0
    _stop: threading.Event = field(default_factory=threading.Event)
    _gc_started: dict[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.gui_thread = threading.get_ident()
        self._watcher = threading.Thread(target=self._watch, name="stall-watcher",
                                         daemon=True)

    # -- control ---------------------------------------------------------------------------

    def start(self) -> None:
        self._last = time.perf_counter()
        self._last_cpu = time.process_time()
        self.timer.start()
        gc.callbacks.append(self._on_gc)
        self._watcher.start()

    def stop(self) -> None:
        self.timer.stop()
        self._stop.set()
        if self._watcher.is_alive():
            self._watcher.join(2)
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Label the gaps that end while the block runs."""
        self.current_phase = name
        try:
            yield
        finally:
            self.current_phase = f"after {name}"

    # -- results ---------------------------------------------------------------------------

    def worst(self) -> Gap:
        return max(self.gaps, key=lambda g: g.ms)

    def stalls(self) -> list[Gap]:
        """Gaps over :data:`STALL_MS` that this process caused, longest first."""
        return sorted((g for g in self.gaps if g.ms > STALL_MS and not g.starved),
                      key=lambda g: -g.ms)

    def starved(self) -> list[Gap]:
        """Gaps over :data:`STALL_MS` while other programs had the machine."""
        return [g for g in self.gaps if g.ms > STALL_MS and g.starved]

    def summary(self) -> str:
        worst = self.worst()
        counted = max((g for g in self.gaps if not g.starved), key=lambda g: g.ms,
                      default=worst)
        return (f"worst GUI gap {counted.ms:.0f} ms ({counted.phase}) over "
                f"{len(self.gaps)} ticks; {len(self.starved())} longer gap(s) excused as "
                f"machine load (worst of all {worst.ms:.0f} ms, process CPU "
                f"{worst.cpu * 1000:.0f} ms)")

    def explain(self, gap: Gap) -> str:
        """What ran during ``gap``: the GUI thread's and the other threads' most sampled
        stacks, and the collections that overlapped it."""
        during = [s for s in self.samples if gap.start - 0.005 <= s.at <= gap.end + 0.005]
        lines = [f"{gap.ms:.0f} ms in phase {gap.phase!r} (process CPU "
                 f"{gap.cpu * 1000:.0f} ms)"]
        gui: Counter[tuple[str, ...]] = Counter()
        others: Counter[tuple[str, ...]] = Counter()
        for sample in during:
            for ident, stack in sample.stacks.items():
                (gui if ident == self.gui_thread else others)[stack[:6]] += 1
        for title, counter in (("GUI thread", gui), ("other threads", others)):
            for stack, n in counter.most_common(3):
                lines.append(f"  {title} x{n}: " + " <- ".join(stack))
        for end, seconds, generation, thread in self.collections:
            if end >= gap.start and end - seconds <= gap.end:
                lines.append(f"  garbage collection of generation {generation} in {thread}: "
                             f"{seconds * 1000:.0f} ms")
        if not during:
            lines.append("  (no stack sample: some thread held the interpreter lock)")
        return "\n".join(lines)

    def report(self, limit: int = 5) -> str:
        stalls = self.stalls()
        head = f"{len(stalls)} gap(s) over {STALL_MS:.0f} ms; {self.summary()}"
        return "\n".join([head, *(self.explain(g) for g in stalls[:limit])])

    # -- internals -------------------------------------------------------------------------

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        if self._last is not None:
            self.gaps.append(Gap(self._last, now, self.current_phase, cpu - self._last_cpu))
        self._last, self._last_cpu = now, cpu

    def _watch(self) -> None:
        me = threading.get_ident()
        while not self._stop.wait(TICK_MS / 1000):
            stacks = {}
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                frames = []
                while frame is not None and len(frames) < 12:
                    code = frame.f_code
                    frames.append(f"{Path(code.co_filename).name}:{frame.f_lineno}:"
                                  f"{code.co_name}")
                    frame = frame.f_back
                stacks[ident] = tuple(frames)
            self.samples.append(_Sample(time.perf_counter(), stacks))

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        ident = threading.get_ident()
        if phase == "start":
            self._gc_started[ident] = time.perf_counter()
            return
        began = self._gc_started.pop(ident, None)
        if began is not None:
            now = time.perf_counter()
            if now - began > 0.02:
                self.collections.append((now, now - began, info.get("generation", -1),
                                         threading.current_thread().name))


@pytest.fixture
def started_like_the_app() -> Iterator[None]:
    """What :func:`ui.app.run_gui` does once the window is up (:func:`ui.app.warm_up`:
    freeze the objects alive, import what the first analysis needs in a thread, freeze
    those too), finished before the measured actions, as it is seconds before a person
    opens a deck; undone after the test."""
    from ui.app import warm_up

    thread = warm_up()
    if thread is not None:
        thread.join(60)
    yield
    gc.unfreeze()


@pytest.fixture
def recorder(qapp, started_like_the_app) -> Iterator[StallRecorder]:  # type: ignore[no-untyped-def]
    """A recorder the test starts once its window is up (building the window is not
    measured); stopped after the test."""
    rec = StallRecorder()
    yield rec
    rec.stop()


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):  # type: ignore[no-untyped-def]
    calls = []
    for level in ("warning", "critical", "about", "information", "question"):
        monkeypatch.setattr(QMessageBox, level,
                            lambda *a, _level=level, **k: calls.append((_level, a[1:3])))
    return calls


def _card_names_in(path: Path) -> int:
    """The number of cards (names under ``data``, less placeholder entries such as
    ``;Manifest``: no cards) of an MTGJSON AtomicCards file, read with the standard library,
    independently of the importer."""
    with gzip.open(path, "rb") as handle:
        return sum(1 for name in json.load(handle)["data"] if not name.startswith(";"))


def test_importing_the_full_card_data_never_stalls_the_gui(
        qtbot, make_window, atomic_cards_path, tmp_path, recorder, no_dialogs):
    expected_cards = _card_names_in(atomic_cards_path)
    window = make_window(f"sqlite:///{tmp_path / 'import.sqlite'}", interactive=False)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(200)
    recorder.start()
    jobs: list[Any] = []
    window.controller.job_started.connect(jobs.append)
    imported: list[Any] = []
    window.controller.cards_imported.connect(imported.append)
    with recorder.phase("import and compile profiles"):
        assert window.import_cards(atomic_cards_path) is not None
        qtbot.waitUntil(lambda: bool(imported) and not window.controller.busy,
                        timeout=IMPORT_TIMEOUT_MS)
    with recorder.phase("idle after the import"):
        qtbot.wait(300)
    recorder.stop()
    assert no_dialogs == []
    titles = [getattr(job, "title", "") for job in jobs]
    assert any(t.startswith("Importing") for t in titles), titles
    assert any("profiles" in t for t in titles), titles  # the post-import compilation ran
    assert imported[0].cards == expected_cards
    assert f"{expected_cards:,} cards" in window.db_label.text()
    from analyzer.cards.profiles import profile_status

    with window.controller.db.session() as session:
        status = profile_status(session)
    assert status.current == status.cards == expected_cards
    print(f"\nimport: {recorder.summary()}")
    assert not recorder.stalls(), recorder.report()


def test_opening_and_drawing_a_dense_deck_never_stalls_the_gui(
        qtbot, make_window, real_db_url, splinter_deck, recorder, no_dialogs):
    window = make_window(real_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(200)
    recorder.start()
    with recorder.phase("deck analysis and filling the views"):
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT_MS):
            assert window.open_deck(splinter_deck) is not None
        assert window.loaded is not None, no_dialogs
        qtbot.wait(200)
    with recorder.phase("showing the Graph tab and drawing its arrows"):
        window.tabs.setCurrentIndex(GRAPH_TAB)
        qtbot.waitUntil(window.graph_view.is_drawn, timeout=60_000)
        qtbot.wait(300)
    with recorder.phase("hovering and selecting a card"):
        view = window.graph_view
        hub = max(view.node_ids(), key=lambda n: sum(
            n in (e.source, e.target) for e in window.loaded.edges))
        view.highlight_node(hub)
        qtbot.wait(100)
        view.highlight_node(None)
        qtbot.wait(100)
    recorder.stop()
    drawn = window.graph_view.edge_count()
    assert drawn >= DENSE_DECK_EDGES, f"only {drawn} arrows: not the dense case"
    print(f"\ndeck: {drawn} arrows; {recorder.summary()}")
    assert not recorder.stalls(), recorder.report()
