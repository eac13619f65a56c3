"""Where the project's own data/ folder is: starter card set, sample decks.

In a source checkout or an editable install it is ``<project>/data``; in a built wheel the
same folder is shipped as ``analyzer/_data`` (pyproject.toml ``force-include``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir", "sample_decks_dir", "shared_decks_dir", "starter_cards_path"]

_PACKAGE = Path(__file__).resolve().parent


def data_dir() -> Path:
    """The project's data folder (``analyzer/_data`` when installed, else ``<project>/data``)."""
    shipped = _PACKAGE / "_data"
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / "data"


def starter_cards_path() -> Path:
    """The starter card set, MTGJSON AtomicCards shape: ``data/starter_cards.json``."""
    return data_dir() / "starter_cards.json"


def sample_decks_dir() -> Path:
    """The sample deck lists: ``data/decks``."""
    return data_dir() / "decks"


def shared_decks_dir() -> Path | None:
    """The real deck lists of the project's shared folder, if there is one:
    ``$SPELLWEB_SHARED/data/decks``, else ``../shared/data/decks`` beside the current
    folder or the source checkout; ``None`` when none exists."""
    import os

    candidates = []
    if os.environ.get("SPELLWEB_SHARED"):
        candidates.append(Path(os.environ["SPELLWEB_SHARED"]) / "data" / "decks")
    candidates += [Path.cwd().parent / "shared" / "data" / "decks",
                   _PACKAGE.parent.parent / "shared" / "data" / "decks"]
    return next((c for c in candidates if c.is_dir()), None)
