"""Writing deck files: a resolved deck back to a list, the loss report, a safe save.

:func:`write_deck_file` never destroys the user's file: it writes through
:func:`analyzer.fileio.write_text_atomic` (a temporary file beside the target, then one
rename), which follows a symbolic link, keeps an existing file's mode, gives a new file
``0666 & ~umask``, and reports a missing folder or a folder target in a clean message.

Examples
--------
>>> import tempfile
>>> from analyzer.decks.model import DeckEntry, DeckList, Section
>>> deck = DeckList((DeckEntry("Opt", 4, set_code="XLN", collector_number="65"),
...                  DeckEntry("Negate", 2, Section.SIDEBOARD)), name="Blue")
>>> folder = Path(tempfile.mkdtemp())
>>> report = write_deck_file(deck, folder / "blue.dek")
>>> print(report)
MTGO .dek (XML) cannot hold:
  - set code: 1 entry ('Opt')
  - collector number: 1 entry ('Opt')
>>> sorted(p.name for p in folder.iterdir())
['blue.dek']
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from analyzer.decks.formats import DeckFormat, format_for_path, get_format
from analyzer.decks.losses import LossReport, conversion_losses
from analyzer.decks.model import Deck, DeckList
from analyzer.fileio import write_text_atomic

__all__ = ["deck_list_of", "loss_report", "write_deck_file", "write_text_atomic"]


def deck_list_of(deck: Deck, *, oracle_names: bool = False) -> DeckList:
    """A resolved deck as a :class:`DeckList` again, to write it.

    Parameters
    ----------
    oracle_names : bool
        Write resolved entries under their card's Oracle name instead of the name as written
        (a flavor name, ``"Fire/Ice"``); unknown names stay as written.
    """
    entries = tuple(replace(item.entry, name=item.card.name) if oracle_names and item.card
                    else item.entry for item in deck.entries)
    return DeckList(entries, deck.name, deck.path, deck.format)


def loss_report(deck: DeckList, fmt: DeckFormat | str) -> LossReport:
    """What writing ``deck`` in ``fmt`` (a format or its registry name) drops.

    See :func:`analyzer.decks.losses.conversion_losses`.
    """
    target = get_format(fmt) if isinstance(fmt, str) else fmt
    return conversion_losses(deck, target.holds, target.description)


def write_deck_file(deck: DeckList, path: Path | str, *,
                    fmt: DeckFormat | str | None = None) -> LossReport:
    """Write ``deck`` to ``path`` in ``fmt`` (default: from the extension), safely.

    Parameters
    ----------
    deck : DeckList
        The deck to write.
    path : Path or str
        The target file; replaced atomically if it exists.
    fmt : DeckFormat or str, optional
        The format or its registry name; default
        :func:`analyzer.decks.formats.format_for_path`.

    Returns
    -------
    LossReport
        What the file could not hold (computed before writing).

    Raises
    ------
    InputError
        ``fmt`` names no format.
    OutputPathError
        The folder is missing, the path is a folder, or the file cannot be written; the old
        file, if any, is left untouched.
    """
    path = Path(path)
    target = (get_format(fmt) if isinstance(fmt, str) else fmt) or format_for_path(path)
    report = conversion_losses(deck, target.holds, target.description)
    write_text_atomic(path, target.dump(deck))
    return report
