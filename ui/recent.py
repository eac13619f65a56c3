"""The File ▸ Open Recent list, kept in QSettings: newest first, at most ten, no missing files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

__all__ = ["MAX_RECENT", "RecentFiles"]

MAX_RECENT = 10
"""How many recent decks the menu keeps."""

_KEY = "recent/decks"


class RecentFiles:
    """Recently opened deck files in ``settings``.

    Parameters
    ----------
    settings : QSettings
        Where the list lives (the application's settings; a temporary file in tests).
    limit : int
        How many paths to keep.
    """

    def __init__(self, settings: QSettings, limit: int = MAX_RECENT) -> None:
        self._settings = settings
        self._limit = limit

    def paths(self) -> list[Path]:
        """The recent files that still exist, newest first (missing ones are pruned)."""
        stored = self._stored()
        existing = [p for p in stored if p.is_file()]
        if existing != stored:
            self._store(existing)
        return existing

    def add(self, path: Path | str) -> None:
        """Put ``path`` first (moving it if it was there already)."""
        path = Path(path).resolve()
        paths = [path] + [p for p in self._stored() if p != path]
        self._store(paths[: self._limit])

    def clear(self) -> None:
        """Forget every recent file."""
        self._store([])

    # -- helpers ---------------------------------------------------------------------------

    def _stored(self) -> list[Path]:
        value = self._settings.value(_KEY, [])
        if isinstance(value, str):
            value = [value] if value else []
        if not isinstance(value, (list, tuple)):
            return []
        return [Path(str(v)) for v in value]

    def _store(self, paths: list[Path]) -> None:
        self._settings.setValue(_KEY, [str(p) for p in paths])
        self._settings.sync()
