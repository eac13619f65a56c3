"""Safe writes of the user's files: links followed, devices untouched, no half files."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from analyzer.fileio import OutputPathError, write_text_atomic


def test_writes_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "r.html"
    write_text_atomic(target, "one")
    write_text_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]  # no temporary file left


def test_follows_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "target.html"
    real.write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_keeps_the_file_mode(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    target.write_text("{}")
    target.chmod(0o640)
    write_text_atomic(target, "[]")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
def test_device_is_written_in_place() -> None:
    before = os.stat("/dev/null")
    write_text_atomic("/dev/null", "ignored")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(OutputPathError, match="does not exist"):
        write_text_atomic(tmp_path / "nope" / "r.html", "x")
    assert not (tmp_path / "nope").exists()


def test_folder_target(tmp_path: Path) -> None:
    with pytest.raises(OutputPathError, match="is a folder"):
        write_text_atomic(tmp_path, "x")
