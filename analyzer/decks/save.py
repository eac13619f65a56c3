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

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from analyzer.cards.model import Card
from analyzer.decks.formats import DeckFormat, format_for_path, get_format
from analyzer.decks.losses import Feature, LossReport, conversion_losses
from analyzer.decks.model import Deck, DeckList, ResolvedEntry, Section
from analyzer.decks.resolve import promote_commanders
from analyzer.decks.spelling import written_name
from analyzer.errors import AnalyzerError
from analyzer.fileio import write_text_atomic

__all__ = ["deck_list_of", "file_text", "loss_report", "write_deck_file", "write_text_atomic"]


def deck_list_of(deck: Deck, *, oracle_names: bool = False,
                 target: DeckFormat | str | None = None) -> DeckList:
    """A resolved deck as a :class:`DeckList` again, to write it.

    Parameters
    ----------
    oracle_names : bool
        Write resolved entries under their card's Oracle name instead of the name as written
        (a flavor name, ``"Fire/Ice"``); unknown names stay as written.
    target : DeckFormat or str, optional
        The format (or its registry name) the list is written in. When it is not the
        deck's own format (:attr:`Deck.format`), resolved entries are written under their
        card's Oracle name in the target's spelling (:attr:`DeckFormat.name_style`,
        :func:`analyzer.decks.spelling.spelled_name`: MTGO's ``"Fire/Ice"``, Arena's front
        face), since clients reject a name as typed (``"lightning bolt"``, a flavor name);
        in the deck's own format the names as written are kept.

    Raises
    ------
    InputError
        ``target`` names no format.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.decks.model import DeckEntry
    >>> fire = Card("f", "Fire // Ice", layout="split", faces=(Face("Fire"), Face("Ice")))
    >>> deck = Deck((ResolvedEntry(DeckEntry("fire//ice", 2), fire),), format="text")
    >>> [e.name for e in deck_list_of(deck, target="mtgo-dek").entries]
    ['Fire/Ice']
    >>> [e.name for e in deck_list_of(deck, target="text").entries]
    ['fire//ice']
    """
    fmt = get_format(target) if isinstance(target, str) else target
    style = fmt.name_style if fmt is not None and fmt.name != deck.format else None
    entries = tuple(
        replace(item.entry, name=written_name(item.entry.name, item.card, style))
        if style and item.card
        else replace(item.entry, name=item.card.name) if oracle_names and item.card
        else item.entry for item in deck.entries)
    return DeckList(entries, deck.name, deck.path, deck.format, deck.extras)


def loss_report(deck: DeckList, fmt: DeckFormat | str, *,
                cards: Mapping[str, Card | None] | None = None) -> LossReport:
    """What writing ``deck`` in ``fmt`` (a format or its registry name) drops.

    Entry features: :func:`analyzer.decks.losses.conversion_losses`. The file's other
    contents (:attr:`DeckList.extras`, e.g. Forge metadata, MTGO ``CatID``) are listed in
    :attr:`LossReport.dropped` when ``fmt`` is not the format they came from.

    Parameters
    ----------
    cards : Mapping[str, Card | None], optional
        The resolved card of each entry name. When given, a commander (or companion) the
        format writes to the sideboard is not reported if reading the written text back
        moves it to its section again (:func:`analyzer.decks.resolve.promote_commanders`,
        MTGO's and XMage's sideboard commander).
    """
    target = get_format(fmt) if isinstance(fmt, str) else fmt
    report = conversion_losses(deck, target.holds, target.description)
    losses = report.losses
    if cards is not None and any(loss.feature in _PROMOTED for loss in losses):
        restored = _restored_sections(deck, target, cards)
        losses = tuple(loss for loss in losses
                       if not (loss.feature in _PROMOTED and loss.entries[0].section in restored))
    extras = deck.extras
    dropped = extras.describe() if extras.format and extras.format != target.name else ()
    return LossReport(report.format, losses, dropped)


_PROMOTED = Feature.COMMANDER | Feature.COMPANION


def _restored_sections(deck: DeckList, target: DeckFormat,
                       cards: Mapping[str, Card | None]) -> set[Section]:
    """The sections whose entries all come back to them when ``deck`` is written in
    ``target``, read back and resolved with ``cards``."""
    try:
        back = target.parse(target.dump(deck)).deck.entries
    except AnalyzerError:
        return set()
    again = promote_commanders([ResolvedEntry(e, cards.get(e.name)) for e in back])
    written = Counter((e.name, e.section, e.count) for e in again)
    wanted = Counter((e.name, e.section, e.count) for e in deck.entries)
    return {section for section in (Section.COMMANDER, Section.COMPANION)
            if all(written[key] >= n for key, n in wanted.items() if key[1] is section)}


def file_text(deck: DeckList, target: DeckFormat) -> str:
    """What :func:`write_deck_file` writes: ``target``'s text of ``deck``, with the line
    breaks and byte order mark of the file the deck was read from when that file was in
    ``target``'s format (:attr:`analyzer.decks.model.FormatExtras.newline`, ``bom``).

    Examples
    --------
    >>> from analyzer.decks.formats import PLAIN_TEXT
    >>> from analyzer.decks.model import DeckEntry, FormatExtras
    >>> deck = DeckList((DeckEntry("Opt", 4),), extras=FormatExtras("text", newline="\\r\\n",
    ...                                                              bom=True))
    >>> file_text(deck, PLAIN_TEXT)
    '\\ufeff4 Opt\\r\\n'
    """
    text = target.dump(deck)
    if deck.extras.format == target.name:
        if deck.extras.newline != "\n":
            text = text.replace("\n", deck.extras.newline)
        if deck.extras.bom:
            text = "\ufeff" + text
    return text


def write_deck_file(deck: DeckList, path: Path | str, *,
                    fmt: DeckFormat | str | None = None,
                    cards: Mapping[str, Card | None] | None = None) -> LossReport:
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
    cards : Mapping[str, Card | None], optional
        The resolved card of each entry name, see :func:`loss_report`.

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
    report = loss_report(deck, target, cards=cards)
    write_text_atomic(path, file_text(deck, target))
    return report
