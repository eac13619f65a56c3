"""Recovery files of decks under edit: written while the deck has unsaved changes, offered
back on the next start when Spellweb did not close cleanly.

Each window writes one file, ``deck-<random>.json`` in the recovery folder, holding a
:func:`analyzer.decks.deck_snapshot` of its deck (every entry with its card id, so names
fixed by hand stay fixed) and the file the deck belongs to. The file is written through
:func:`analyzer.fileio.write_text_atomic` (a temporary file, then ``os.replace``), so a
crash while writing leaves the previous file whole. A clean save, a discard or a clean
close deletes it; a file still there on start means the window that wrote it did not close
cleanly, unless another running Spellweb still owns it: the writer holds an exclusive
lock on ``deck-<random>.lock`` beside it (``fcntl.flock``; where there is none, the file's
``owner`` process id is checked) for as long as the file is its own, and such a file is
never offered (nor deleted) by another window or process.

The folder is ``recovery`` under the user data folder (:func:`platformdirs.user_data_dir`,
the one holding the card database), or ``$SPELLWEB_RECOVERY_DIR``; it does not depend on
QSettings, so a test points it elsewhere with the environment or the ``folder`` argument.
"""

from __future__ import annotations

import json
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from analyzer.decks import Deck, deck_snapshot
from analyzer.errors import AnalyzerError
from analyzer.fileio import write_text_atomic

__all__ = ["RECOVERY_ENV", "Recovery", "RecoveryStore", "default_recovery_dir"]

RECOVERY_ENV = "SPELLWEB_RECOVERY_DIR"
"""Environment variable naming the recovery folder (default: :func:`default_recovery_dir`)."""

_PATTERN = "deck-*.json"

try:
    import fcntl
except ImportError:   # Windows: the owner's process id is checked instead
    fcntl = None  # type: ignore[assignment]


def _lock_file(file: Path) -> Path:
    return file.with_suffix(".lock")


def _owned_elsewhere(file: Path, data: dict[str, Any]) -> bool:
    """Whether a running process (this one included) still owns recovery ``file``."""
    lock = _lock_file(file)
    if fcntl is not None:
        if not lock.is_file():
            return False
        try:
            fd = os.open(lock, os.O_RDWR)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True        # held: the writer is alive
        else:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return False
        finally:
            os.close(fd)
    owner = data.get("owner")
    if not isinstance(owner, dict) or owner.get("host") != socket.gethostname():
        return False
    pid = owner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def default_recovery_dir() -> Path:
    """``$SPELLWEB_RECOVERY_DIR``, else ``<user data dir>/spellweb/recovery``."""
    folder = os.environ.get(RECOVERY_ENV)
    if folder:
        return Path(folder)
    return Path(platformdirs.user_data_dir("spellweb", appauthor=False)) / "recovery"


@dataclass(frozen=True)
class Recovery:
    """A recovery file left by a window that did not close cleanly."""

    file: Path
    """The recovery file."""
    data: dict[str, Any]
    """Its snapshot (:func:`analyzer.decks.deck_snapshot` plus ``saved_at``)."""

    @property
    def title(self) -> str:
        """The deck's name, else its file's name, else ``"Untitled"``."""
        path = self.data.get("path")
        return str(self.data.get("name") or (Path(path).stem if path else "") or "Untitled")

    @property
    def saved_at(self) -> str:
        """When it was written (ISO 8601, UTC), ``""`` if unknown."""
        return str(self.data.get("saved_at") or "")

    @property
    def deck_path(self) -> Path | None:
        """The file the deck belongs to (None: never saved)."""
        path = self.data.get("path")
        return Path(path) if path else None


class RecoveryStore:
    """The recovery folder, and this window's own file in it.

    Parameters
    ----------
    folder : Path, optional
        Default :func:`default_recovery_dir`; created on the first write.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_recovery_dir()
        self.file = self.folder / f"deck-{uuid.uuid4().hex}.json"
        """This window's recovery file (it exists only while there are unsaved changes)."""
        self._lock_fd: int | None = None

    def write(self, deck: Deck) -> Path:
        """Write ``deck`` (its ``path`` and ``format`` say where it belongs) atomically.

        Raises
        ------
        OutputPathError
            The folder cannot be created or the file written.
        """
        data = deck_snapshot(deck)
        data["saved_at"] = datetime.now(UTC).isoformat(timespec="seconds")
        data["owner"] = {"pid": os.getpid(), "host": socket.gethostname()}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            from analyzer.fileio import OutputPathError

            raise OutputPathError(f"cannot create the recovery folder {str(self.folder)!r}: "
                                  f"{err.strerror or err}") from err
        self._lock()
        return write_text_atomic(self.file, json.dumps(data, ensure_ascii=False, indent=1))

    def _lock(self) -> None:
        """Hold the lock that tells other windows the file is this live window's."""
        if self._lock_fd is not None or fcntl is None:
            return
        try:
            fd = os.open(_lock_file(self.file), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return    # no lock: the owner process id in the file still tells
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return
        self._lock_fd = fd

    def clear(self) -> None:
        """Delete this window's recovery file (after a save or a discard) and its lock."""
        self.file.unlink(missing_ok=True)
        self.release()

    def release(self) -> None:
        """Let other windows offer this window's file (the window closes, keeping its
        unsaved changes in it for the next start): the lock goes."""
        if self._lock_fd is not None:
            _lock_file(self.file).unlink(missing_ok=True)
            os.close(self._lock_fd)
            self._lock_fd = None

    @property
    def exists(self) -> bool:
        """Whether this window's recovery file is on disk."""
        return self.file.is_file()

    def pending(self) -> list[Recovery]:
        """Recovery files left by windows that are gone, newest first; a file a running
        window still owns is left out, and so are unreadable ones (kept: they may be a
        newer Spellweb's; :meth:`unreadable` lists them)."""
        return [r for r in self._scan() if isinstance(r, Recovery)]

    def unreadable(self) -> list[Path]:
        """Recovery files no running window owns that cannot be read (damaged, or not a
        deck snapshot), sorted by name."""
        return sorted(r for r in self._scan() if isinstance(r, Path))

    def _scan(self) -> list[Recovery | Path]:
        if not self.folder.is_dir():
            return []
        found: list[tuple[float, Recovery]] = []
        bad: list[Path] = []
        for file in self.folder.glob(_PATTERN):
            if file == self.file:
                continue
            try:
                data = json.loads(file.read_text(encoding="utf-8"))
                mtime = file.stat().st_mtime
            except FileNotFoundError:
                continue   # deleted meanwhile
            except (OSError, ValueError):
                if not _owned_elsewhere(file, {}):
                    bad.append(file)
                continue
            if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
                if not _owned_elsewhere(file, {}):
                    bad.append(file)
            elif not _owned_elsewhere(file, data):
                found.append((mtime, Recovery(file, data)))
        ordered = sorted(found, key=lambda pair: pair[0], reverse=True)
        return [*(r for _, r in ordered), *bad]

    @staticmethod
    def discard(recovery: Recovery) -> None:
        """Delete another window's recovery file (restored or declined)."""
        try:
            recovery.file.unlink(missing_ok=True)
            _lock_file(recovery.file).unlink(missing_ok=True)
        except OSError as err:
            raise AnalyzerError(f"cannot delete the recovery file {str(recovery.file)!r}: "
                                f"{err.strerror or err}") from err
