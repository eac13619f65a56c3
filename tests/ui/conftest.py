"""Fixtures of the GUI tests: offscreen Qt, private settings, a real card database.

Every test here is marked ``gui``. The real-input fixture ``card_db_url`` is the session's
``real_db_url``: ../shared's AtomicCards file imported once into a temporary SQLite file.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEvent, QSettings

SPLINTER_DECK = Path("data") / "decks" / "text" / "splinter_radical_rat_ninjas_commander.txt"
"""The real Commander deck the end-to-end tests open (under ../shared)."""


@pytest.fixture(autouse=True)
def _delete_closed_widgets() -> Iterator[None]:
    """After each test (its windows shut down by their fixtures and closed by pytest-qt),
    delete what waits for ``deleteLater`` now, so no test starts beside the last one's
    half-deleted windows."""
    yield
    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """A private settings file, so tests never read or write the user's settings."""
    return QSettings(str(tmp_path / "spellweb.ini"), QSettings.Format.IniFormat)


@pytest.fixture(scope="session")
def card_db_url(real_db_url: str) -> str:
    """A SQLite database holding every real card of ../shared: the session's
    ``real_db_url`` (tests/conftest.py), so the 24,000 cards are imported once."""
    return real_db_url


@pytest.fixture(scope="session")
def splinter_deck(shared: Path) -> Path:
    """The real Splinter ninjas Commander deck list."""
    path = shared / SPLINTER_DECK
    if not path.is_file():
        pytest.fail(f"{path} is missing from the shared data")
    return path


@pytest.fixture(scope="session")
def screenshot_dirs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Where screenshots go: a session temp folder, and $SPELLWEB_SCREENSHOT_DIR (or
    $SPELLWEB_SCREENSHOTS) if set."""
    folders = [tmp_path_factory.mktemp("screenshots")]
    for variable in ("SPELLWEB_SCREENSHOT_DIR", "SPELLWEB_SCREENSHOTS"):
        extra = os.environ.get(variable)
        if extra and Path(extra) not in folders:
            folders.append(Path(extra))
    return folders


def save_copies(source: Path, folders: list[Path]) -> list[Path]:
    """Copy a screenshot into every folder of ``screenshot_dirs``."""
    written = []
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / source.name
        if target != source:
            shutil.copyfile(source, target)
        written.append(target)
    return written


@pytest.fixture
def make_window(qtbot, settings: QSettings) -> Iterator:  # type: ignore[no-untyped-def]
    """Build main windows on a given database; each is shut down after the test."""
    from ui.main_window import MainWindow

    windows = []

    def make(db_url: str, **kwargs: object) -> MainWindow:
        window = MainWindow(db_url, settings=settings, **kwargs)
        qtbot.addWidget(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.controller.shutdown()
        window.graph_view.shutdown()


@pytest.fixture(scope="session")
def splinter_analysis(card_db_url: str, splinter_deck: Path):  # type: ignore[no-untyped-def]
    """The real deck analysed against the real cards (a ``DeckAnalysis``), once a session."""
    from analyzer import services

    db = services.open_database(card_db_url, seed=False)
    return services.analyze_deck(db, splinter_deck, strict=False)
