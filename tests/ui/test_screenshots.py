"""The test run photographs every view: the main window with the real Splinter Commander deck
(100 cards) on the real card database, one PNG per view of ``VIEW_KEYS`` written by
:func:`ui.app.save_screenshots` into one folder, ``$SPELLWEB_SCREENSHOT_DIR`` if set, else
``<repo>/build/screenshots/`` (printed, so a person can look at them).

Each picture must exist, have the window's size and show something: its view's area (the
tab page, not the window's frame, docks or status bar) holds several distinct colours.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from ui.app import SCREENSHOT_NAMES, save_screenshots
from ui.main_window import VIEW_KEYS

pytestmark = [pytest.mark.gui, pytest.mark.shared]

REPO = Path(__file__).resolve().parents[2]
DECK_TIMEOUT_MS = 180_000
MIN_COLOURS = 6
"""Distinct colours a view's area must show (a blank or one-colour page has 1-3)."""
MIN_BYTES = 10_000
"""A 1400x900 PNG of a real view is far larger; an empty one compresses to a few kB."""


def screenshot_folder() -> Path:
    """``$SPELLWEB_SCREENSHOT_DIR``, else ``<repo>/build/screenshots``."""
    chosen = os.environ.get("SPELLWEB_SCREENSHOT_DIR")
    return Path(chosen) if chosen else REPO / "build" / "screenshots"


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):  # type: ignore[no-untyped-def]
    calls = []
    for level in ("warning", "critical", "about", "information", "question"):
        monkeypatch.setattr(QMessageBox, level,
                            lambda *a, _level=level, **k: calls.append((_level, a[1:3])))
    return calls


def _colours(image: QImage, left: int, top: int, width: int, height: int,
             step: int = 7) -> set[int]:
    """The distinct colours of a grid of pixels (every ``step`` pixels) in a rectangle."""
    return {image.pixel(x, y)
            for x in range(max(left, 0), min(left + width, image.width()), step)
            for y in range(max(top, 0), min(top + height, image.height()), step)}


def test_every_view_is_photographed_with_a_real_deck(
        qtbot, make_window, real_db_url, splinter_deck, no_dialogs, capsys):
    window = make_window(real_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT_MS):
        assert window.open_deck(splinter_deck) is not None
    assert window.loaded is not None, no_dialogs
    assert window.deck_panel.total_label.text() == "100 cards"
    folder = screenshot_folder()
    written = save_screenshots(window, folder)
    with capsys.disabled():
        print(f"\nscreenshots of {len(written)} views in {folder}")
    assert [p.name for p in written] == [f"{key}.png" for key in VIEW_KEYS]
    assert set(SCREENSHOT_NAMES.values()) == {p.name for p in written}
    for index, path in enumerate(written):
        assert path.parent == folder and path.is_file(), path
        assert path.stat().st_size > MIN_BYTES, f"{path.name}: {path.stat().st_size} bytes"
        image = QImage(str(path))
        assert not image.isNull(), path.name
        assert (image.width(), image.height()) == (window.width(), window.height())
        page = window.views[index].widget
        corner = page.mapTo(window, QPoint(0, 0))
        colours = _colours(image, corner.x(), corner.y(), page.width(), page.height())
        assert len(colours) >= MIN_COLOURS, \
            f"{path.name}: the view's area shows only {len(colours)} colour(s)"
    assert no_dialogs == []
