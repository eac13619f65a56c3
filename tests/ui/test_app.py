"""``run_gui(..., screenshot_dir=...)``: open a deck, save one PNG per view, exit 0."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QImage

from tests.ui.conftest import save_copies
from ui.app import SCREENSHOT_NAMES, run_gui

pytestmark = pytest.mark.gui


@pytest.fixture
def private_settings(tmp_path: Path):
    """Point the application's default QSettings at a temporary folder."""
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    yield
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, "")


class TestScreenshots:
    @pytest.mark.shared
    def test_writes_one_png_per_view_and_exits_0(self, qapp, private_settings, card_db_url,
                                                 splinter_deck, tmp_path, screenshot_dirs):
        folder = tmp_path / "shots"
        assert run_gui(splinter_deck, card_db_url, folder) == 0
        assert QCoreApplication.applicationName() == "Spellweb"
        assert QCoreApplication.organizationName() == "Spellweb"
        for name in SCREENSHOT_NAMES.values():
            image = QImage(str(folder / name))
            assert not image.isNull(), name
            assert (image.width(), image.height()) == (1400, 900)
            save_copies(folder / name, [d / "run_gui" for d in screenshot_dirs])
        assert "combos.png" in SCREENSHOT_NAMES.values()

    def test_a_bad_deck_still_writes_pictures_and_exits_1(self, qapp, private_settings,
                                                          tmp_path, capsys):
        deck = tmp_path / "garbage.txt"
        deck.write_bytes(b"\x00\xff" * 500)
        folder = tmp_path / "shots"
        url = f"sqlite:///{tmp_path / 'starter.sqlite'}"
        assert run_gui(deck, url, folder) == 1
        assert sorted(p.name for p in folder.iterdir()) == sorted(SCREENSHOT_NAMES.values())
        assert "garbage.txt" in capsys.readouterr().err

    def test_no_deck(self, qapp, private_settings, tmp_path):
        folder = tmp_path / "shots"
        url = f"sqlite:///{tmp_path / 'starter.sqlite'}"
        assert run_gui(None, url, folder) == 0
        assert (folder / "graph.png").is_file()
