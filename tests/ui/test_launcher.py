"""The ``spellweb`` launcher (ui.main): misspelled commands and unusable screenshot folders
are refused with one clear line before any window opens."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ui import main as launcher


@pytest.mark.parametrize("argv", [["combo", "deck.txt"], ["--db", "sqlite://", "combo", "x"],
                                  ["scenarios", "a.yaml"], ["graf"]])
def test_a_misspelled_command_is_named_with_the_right_one(
        argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert launcher.main(argv) == 2
    err = capsys.readouterr().err
    assert "unknown command" in err and "did you mean" in err
    assert "Traceback" not in err


def test_a_word_that_is_no_command_nor_file(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert launcher.main(["xyzzy-nothing"]) == 1
    err = capsys.readouterr().err
    assert "neither a command nor a deck file" in err and "combos" in err


def test_screenshot_into_a_regular_file_is_refused(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    target = tmp_path / "file.png"
    target.write_bytes(b"x")
    assert launcher.main(["--screenshot", str(target)]) == 1
    err = capsys.readouterr().err
    assert "not a folder" in err and "Traceback" not in err
    assert target.read_bytes() == b"x"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs a POSIX user without root's rights")
def test_screenshot_into_an_unwritable_place_is_refused(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert launcher.main(["--screenshot", str(locked / "shots")]) == 1
    assert "cannot create the folder" in capsys.readouterr().err


def test_screenshot_under_sys_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/sys").is_dir():
        pytest.skip("no /sys here")
    assert launcher.main(["--screenshot", "/sys/spellweb-shots"]) == 1
    assert "cannot create the folder" in capsys.readouterr().err


def test_screenshot_run_prints_no_offscreen_noise(tmp_path: Path) -> None:
    """``spellweb --screenshot`` on the offscreen platform: only the pictures' paths on
    stdout, and stderr free of Qt's "propagateSizeHints" warning (a newcomer's finding)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "ui.main", "--db", f"sqlite:///{tmp_path / 'cards.sqlite'}",
         "--screenshot", str(tmp_path / "shots")],
        env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "propagateSizeHints" not in done.stderr, done.stderr
    assert len(done.stdout.split()) == 8
