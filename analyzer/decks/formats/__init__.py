"""Deck file formats: one module per format, a registry, and content sniffing.

:data:`FORMATS` maps each format's registry name to its :class:`~.base.DeckFormat` object, in
the order :func:`sniff` tries them: most specific first, plain text (which accepts any text)
last. A new format is a new module whose object is added to :data:`FORMATS` ahead of the
formats it is more specific than.

Examples
--------
>>> sniff("Deck\\n4 Opt (XLN) 65\\n").name
'arena'
>>> sniff("4 Opt\\r\\n\\r\\n2 Annul\\r\\n").name
'text'
>>> list(FORMATS)  # doctest: +NORMALIZE_WHITESPACE
['mtgo-dek', 'cockatrice', 'forge', 'xmage', 'magarena', 'csv', 'archidekt', 'moxfield',
 'deckstats', 'arena', 'text']
>>> format_for_path("deck.cod").name, format_for_path("Deck.DEK").name
('cockatrice', 'mtgo-dek')
"""

from __future__ import annotations

from pathlib import Path

from analyzer.decks.formats.arena import ARENA, ArenaFormat
from analyzer.decks.formats.base import DeckFormat, default_deck_name
from analyzer.decks.formats.cockatrice import COCKATRICE, CockatriceFormat
from analyzer.decks.formats.csv_format import CSV_FORMAT, CsvFormat
from analyzer.decks.formats.deckstats import DECKSTATS, DeckstatsFormat
from analyzer.decks.formats.forge import FORGE, ForgeFormat
from analyzer.decks.formats.magarena import MAGARENA, MagarenaFormat
from analyzer.decks.formats.marked import ARCHIDEKT, MOXFIELD, ArchidektFormat, MoxfieldFormat
from analyzer.decks.formats.mtgo_dek import MTGO_DEK, MtgoDekFormat
from analyzer.decks.formats.text import PLAIN_TEXT, PlainTextFormat
from analyzer.decks.formats.xmage import XMAGE, XmageFormat
from analyzer.errors import InputError

__all__ = [
    "ARCHIDEKT",
    "ARENA",
    "COCKATRICE",
    "CSV_FORMAT",
    "DECKSTATS",
    "FORGE",
    "FORMATS",
    "MAGARENA",
    "MOXFIELD",
    "MTGO_DEK",
    "PLAIN_TEXT",
    "XMAGE",
    "ArchidektFormat",
    "ArenaFormat",
    "CockatriceFormat",
    "CsvFormat",
    "DeckFormat",
    "DeckstatsFormat",
    "ForgeFormat",
    "MagarenaFormat",
    "MoxfieldFormat",
    "MtgoDekFormat",
    "PlainTextFormat",
    "XmageFormat",
    "default_deck_name",
    "file_dialog_filter",
    "format_for_path",
    "get_format",
    "sniff",
]

FORMATS: dict[str, DeckFormat] = {fmt.name: fmt for fmt in (
    MTGO_DEK, COCKATRICE, FORGE, XMAGE, MAGARENA, CSV_FORMAT, ARCHIDEKT, MOXFIELD, DECKSTATS,
    ARENA, PLAIN_TEXT)}
"""Every format by registry name, in sniffing order: XML roots first, then formats with
sections or markers of their own, MTG Arena, and plain text (which accepts any text) last.
Forge is tried before XMage: a Forge file has ``[Main]`` lines, an XMage file none."""


def sniff(text: str) -> DeckFormat:
    """The format of a deck list, judged by its content (never by a file extension).

    Parameters
    ----------
    text : str
        The decoded file (:func:`analyzer.decks.decode.decode_deck_bytes`).

    Returns
    -------
    DeckFormat
        The first format of :data:`FORMATS` whose ``detect`` accepts the text: MTG Arena if
        a card line ends with ``(SET) number`` or a line is ``Deck`` or ``About``, else plain
        text.
    """
    for fmt in FORMATS.values():
        if fmt.detect(text):
            return fmt
    return PLAIN_TEXT


def get_format(name: str) -> DeckFormat:
    """The format registered as ``name``.

    Raises
    ------
    InputError
        No format has that name.

    Examples
    --------
    >>> get_format("arena").description
    'MTG Arena export'
    """
    try:
        return FORMATS[name]
    except KeyError as err:
        known = ", ".join(repr(n) for n in FORMATS)
        raise InputError(f"no deck format is called {name!r} (known: {known})") from err


def format_for_path(path: Path | str) -> DeckFormat:
    """The format to *write* a file in, from its extension (reading always sniffs).

    ``.dek`` MTGO, ``.cod`` Cockatrice, ``.dck`` Forge (pass XMage by name), ``.dec``
    Magarena, ``.csv`` CSV; anything else, ``.txt`` included, plain text.
    """
    suffix = Path(path).suffix.lower()
    for fmt in FORMATS.values():
        if suffix in fmt.extensions and suffix != ".txt":
            return fmt
    return PLAIN_TEXT


def file_dialog_filter() -> str:
    """A Qt file dialog filter listing every deck format, all deck files first.

    Examples
    --------
    >>> file_dialog_filter().split(";;")[0]
    'Deck lists (*.cod *.csv *.dck *.dec *.dek *.txt)'
    """
    patterns = sorted({f"*{ext}" for fmt in FORMATS.values() for ext in fmt.extensions})
    parts = [f"Deck lists ({' '.join(patterns)})"]
    parts += [f"{fmt.description} ({' '.join('*' + e for e in fmt.extensions)})"
              for fmt in FORMATS.values()]
    return ";;".join([*parts, "All files (*)"])
