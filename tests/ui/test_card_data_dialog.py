"""The first-run card data offer: shown once on a starter database, downloads from a local
HTTP server (127.0.0.1) with progress, and can be cancelled."""

from __future__ import annotations

import json
import lzma
import os
from pathlib import Path

import pytest
from local_http import Served, serve
from PySide6.QtWidgets import QMessageBox

from analyzer.cards.download import ENV_VAR
from tests.ui.conftest import save_copies
from ui.main_window import OFFERED_KEY

pytestmark = pytest.mark.gui

ATOMIC = {"meta": {"date": "2026-03-01"}, "data": {
    name: [{"name": name, "manaCost": "{G}", "manaValue": 1.0, "type": "Creature — Elf",
            "types": ["Creature"], "subtypes": ["Elf"], "power": "1", "toughness": "1",
            "layout": "normal", "colors": ["G"], "colorIdentity": ["G"]}]
    for name in ("Llanowar Elves", "Elvish Mystic", "Fyndhorn Elves")}}
PAYLOAD = lzma.compress(json.dumps(ATOMIC).encode())


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    blob = os.urandom(400_000)
    with serve(Served(files={"/AtomicCards.json.xz": PAYLOAD, "/big.bin": blob})) as s:
        monkeypatch.setenv(ENV_VAR, s.url("/AtomicCards.json.xz"))
        yield s


@pytest.fixture
def starter_db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'starter.sqlite'}"


def test_offered_once_then_downloads(make_window, starter_db_url, served, qtbot, tmp_path,
                                     settings, screenshot_dirs) -> None:
    window = make_window(starter_db_url)
    window.controller.download_folder = tmp_path / "dl"
    qtbot.waitUntil(lambda: window.card_data_dialog is not None, timeout=5000)
    dialog = window.card_data_dialog
    assert dialog.isVisible() and not dialog.isModal()
    assert settings.value(OFFERED_KEY, False, type=bool)
    window.show()
    dialog.raise_()
    qtbot.waitExposed(dialog)
    shot = tmp_path / "card_data_dialog.png"
    assert dialog.grab().save(str(shot))
    save_copies(shot, screenshot_dirs)

    with qtbot.waitSignal(window.controller.cards_imported, timeout=30_000) as result:
        dialog.download_button.click()
    assert result.args[0].cards == 3
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=10_000)
    assert dialog.status.text() == "Done: 3 cards imported."
    assert dialog.bar.value() == dialog.bar.maximum()
    assert window.db_label.text().startswith("Cards: 3 cards · AtomicCards.json.xz")
    assert served.ranges == [""]
    assert not window.controller.needs_card_data()

    second = make_window(starter_db_url)
    qtbot.wait(50)
    assert second.card_data_dialog is None


def test_cancel_then_resume(make_window, starter_db_url, served, qtbot, tmp_path,
                            monkeypatch) -> None:
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *a, **k: warnings.append((title, text)))
    window = make_window(starter_db_url)
    window.controller.download_folder = tmp_path
    window.controller.cards_url = served.url("/big.bin")
    dialog = window.offer_card_data()
    assert dialog is not None
    served.cut_after = 100_000
    with qtbot.waitSignal(window.controller.failed, timeout=30_000) as failure:
        dialog.download_button.click()
    assert "interrupted after 100,000" in str(failure.args[1])
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=10_000)
    assert dialog.status.text().startswith("Failed: ")
    assert (tmp_path / "big.bin.part").stat().st_size == 100_000
    assert warnings and warnings[0][0] == "Downloading the card data"

    window.controller.cards_url = served.url("/AtomicCards.json.xz")
    dialog.download_button.click()
    worker = next(iter(window.controller._workers))
    worker.cancel()
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=10_000)
    assert dialog.status.text().startswith("Cancelled")
    assert window.controller.needs_card_data()


def test_import_a_file_instead(make_window, starter_db_url, qtbot, monkeypatch) -> None:
    window = make_window(starter_db_url, interactive=False)
    chosen = []
    monkeypatch.setattr(window, "choose_card_file", lambda: chosen.append(True))
    dialog = window.offer_card_data()
    assert dialog is not None
    dialog.import_button.click()
    assert chosen == [True] and not dialog.isVisible()
