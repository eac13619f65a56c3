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
>>> list(FORMATS)
['arena', 'text']
"""

from __future__ import annotations

from analyzer.decks.formats.arena import ARENA, ArenaFormat
from analyzer.decks.formats.base import DeckFormat, default_deck_name
from analyzer.decks.formats.text import PLAIN_TEXT, PlainTextFormat
from analyzer.errors import InputError

__all__ = [
    "ARENA",
    "FORMATS",
    "PLAIN_TEXT",
    "ArenaFormat",
    "DeckFormat",
    "PlainTextFormat",
    "default_deck_name",
    "get_format",
    "sniff",
]

FORMATS: dict[str, DeckFormat] = {fmt.name: fmt for fmt in (ARENA, PLAIN_TEXT)}
"""Every format by registry name, in sniffing order (plain text last)."""


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
