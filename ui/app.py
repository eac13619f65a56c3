"""Start the desktop application: ``run_gui`` (wired to ``spellweb [DECK] [--db URL]
[--screenshot DIR]`` by :mod:`ui.main`).

With ``screenshot_dir`` the window opens the deck, waits for its analysis, saves one PNG per
view (``deck.png``, ``synergies.png``, ``graph.png``, ``combos.png``, the last with the first
combo selected in the Inspector) and exits: that is how documentation
pictures are made and how CI checks that the window builds (``QT_QPA_PLATFORM=offscreen``).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
import threading
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QMessageLogContext,
    QTimer,
    QtMsgType,
    qFormatLogMessage,
    qInstallMessageHandler,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from ui.main_window import APP_NAME, VIEW_KEYS, MainWindow

__all__ = ["SCREENSHOT_NAMES", "WARM_MODULES", "create_application", "run_gui",
           "save_screenshots", "warm_up"]

SCREENSHOT_NAMES = {index: f"{key}.png" for index, key in enumerate(VIEW_KEYS)}
"""The file written for each tab by ``--screenshot``: ``<view key>.png``."""

_ANALYSIS_TIMEOUT_MS = 120_000


_QUIET_MESSAGES = frozenset({"This plugin does not support propagateSizeHints()"})
"""Qt warnings that say nothing to a user: the offscreen platform (``--screenshot``, CI)
prints this one for every window shown."""


def _qt_message(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's messages to stderr as Qt prints them, without :data:`_QUIET_MESSAGES`."""
    if message not in _QUIET_MESSAGES:
        sys.stderr.write(qFormatLogMessage(mode, context, message) + "\n")


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (created once), named for QSettings: organisation and app "Spellweb".
    Qt's messages go to stderr as usual, less the offscreen platform's noise."""
    if QGuiApplication.platformName() == "offscreen" or \
            os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        qInstallMessageHandler(_qt_message)
    QCoreApplication.setOrganizationName(APP_NAME)
    QCoreApplication.setApplicationName(APP_NAME)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else \
        QApplication(argv if argv is not None else [sys.argv[0]])
    QApplication.setApplicationDisplayName(APP_NAME)
    return app


WARM_MODULES = (
    "numpy", "networkx", "analyzer.cards.profiles", "analyzer.oracle.serialize",
    "analyzer.oracle.interactions", "analyzer.graph.build", "analyzer.graph.families",
    "analyzer.graph.layout", "analyzer.graph.analysis", "analyzer.combos.discover",
    "analyzer.combos.verify", "analyzer.combos.report", "analyzer.reports.build",
    "analyzer.rules.turns", "analyzer.rules.resolve", "analyzer.rules.sba",
    "analyzer.rules.generate", "analyzer.rules.triggers", "analyzer.rules.scenario_actions",
    "analyzer.combos.engine", "analyzer.combos.findings", "analyzer.rules.granted",
    "analyzer.rules.trigger_stack", "numpy.random", "analyzer.stats.deck",
    "analyzer.simulate.board", "analyzer.simulate.play", "analyzer.simulate.lines")
"""Modules the first deck analysis would otherwise import (about 400 with networkx and
numpy) while it runs, and the Stats and Lines views on their first show (they are built
then): :func:`warm_up` imports them in a thread as soon as the window is up."""


def warm_up(*, background: bool = True) -> threading.Thread | None:
    """Prepare the process once the window is up, so the GUI thread never waits later.

    1. Freeze every object alive now (:func:`gc.freeze`: the ~100,000 modules, classes and
       functions of the start, which live as long as the app): each later full garbage
       collection, which stops every thread (the GUI thread included) for as long as it
       walks the heap, then skips them; on a slow machine that is 0.1-0.3 s less per
       collection.
    2. Import :data:`WARM_MODULES` (what the first deck analysis needs, about 400 modules
       with networkx and numpy: 0.6-3 s), in a thread when ``background`` (the window stays
       responsive: measured gaps under 45 ms), then freeze their objects too.

    Returns the thread (None when not in the background).
    """
    gc.freeze()

    def load() -> None:
        for name in WARM_MODULES:
            try:
                importlib.import_module(name)
            except ImportError:  # a module renamed since: warming is only an optimisation
                continue
        gc.freeze()

    if not background:
        load()
        return None
    thread = threading.Thread(target=load, name="spellweb warm-up", daemon=True)
    thread.start()
    return thread


def save_screenshots(window: MainWindow, folder: Path) -> list[Path]:
    """Show each tab in turn and save the whole window as a PNG into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    current = window.tabs.currentIndex()
    written = []
    for tab, name in SCREENSHOT_NAMES.items():
        window.tabs.setCurrentIndex(tab)
        QApplication.processEvents()
        key = VIEW_KEYS[tab]
        if key == "graph":
            wait_for_arrows(window)
            window.graph_view.fit()
        elif key == "combos":
            wait_for_combos(window)
            shown = window.combo_panel.visible_findings()
            if shown:
                window.selection.select(shown[0])
        prepare = getattr(window.views[tab].widget, "prepare_screenshot", None)
        if callable(prepare):
            prepare()
        QApplication.processEvents()
        path = folder / name
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {str(path)!r}")
        written.append(path)
    window.tabs.setCurrentIndex(current)
    return written


def wait_for_arrows(window: MainWindow, timeout_ms: int = 20_000) -> bool:
    """Run the event loop until the graph's arrows are drawn (their pictures are painted
    in a worker); False on timeout."""
    view = window.graph_view
    if view.is_drawn():
        return True
    loop = QEventLoop()
    view.arrows_ready.connect(loop.quit)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(timeout_ms)
    if not view.is_drawn():
        loop.exec()
    timer.stop()
    view.arrows_ready.disconnect(loop.quit)
    return view.is_drawn()


def wait_for_combos(window: MainWindow, timeout_ms: int = _ANALYSIS_TIMEOUT_MS) -> bool:
    """Run the event loop until the combo search ends; False on timeout."""
    worker = window.controller.combo_worker
    if worker is None:
        return True
    loop = QEventLoop()
    worker.finished.connect(loop.quit)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(timeout_ms)
    if worker.running:
        loop.exec()
    timed_out = not timer.isActive()
    timer.stop()
    return not timed_out


def wait_for_deck(window: MainWindow, timeout_ms: int = _ANALYSIS_TIMEOUT_MS) -> bool:
    """Run the event loop until the deck job ends; False on timeout."""
    if window.controller.deck_worker is None:
        return True
    loop = QEventLoop()
    window.controller.deck_finished.connect(loop.quit)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(timeout_ms)
    if window.controller.deck_worker is not None:
        loop.exec()
    timed_out = not timer.isActive()
    timer.stop()
    window.controller.deck_finished.disconnect(loop.quit)
    return not timed_out


def run_gui(deck: Path | None = None, db_url: str | None = None,
            screenshot_dir: Path | None = None) -> int:
    """Open the main window (with ``deck``) and run until it closes; returns the exit status.

    With ``screenshot_dir``, save the views as PNGs there and return at once: 0 when the
    deck (if any) was analysed, 1 if it could not be.
    """
    app = create_application()
    interactive = screenshot_dir is None
    window = MainWindow(db_url, interactive=interactive)
    window.show()
    warm_up()
    if deck is not None:
        window.open_deck(deck)
    if screenshot_dir is None:
        status = app.exec()
        gc.unfreeze()  # what warm_up froze may be collected again (the process ends)
        return status
    ok = wait_for_deck(window)
    QApplication.processEvents()
    for path in save_screenshots(window, screenshot_dir):
        print(path)
    window.controller.shutdown()
    window.close()
    gc.unfreeze()
    if not ok:
        print("spellweb: the deck analysis did not finish in time", file=sys.stderr)
        return 1
    return 1 if deck is not None and window.loaded is None else 0
