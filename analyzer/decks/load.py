"""Reading deck files: bytes to text, text to a :class:`DeckList`, names to cards.

The use cases, one function each: :func:`read_deck_file` (a file to a
:class:`ParseResult`), :func:`parse_deck_text` (text to a :class:`ParseResult`) and
:func:`load_deck` (a file to a resolved :class:`Deck`). :func:`deck_to_json` (a deck to the
JSON shape external scripts read) lives in :mod:`analyzer.decks.export` and is importable from
here too.
"""

from __future__ import annotations

import codecs
import os
import stat
from dataclasses import replace
from pathlib import Path

from analyzer.cards.lookup import CardLookup
from analyzer.decks.decode import decode_deck_bytes, ensure_text
from analyzer.decks.export import deck_to_json
from analyzer.decks.formats import get_format, sniff
from analyzer.decks.model import Deck, ParseIssue, ParseResult, sorted_issues
from analyzer.decks.resolve import resolve_deck
from analyzer.errors import DeckParseError

__all__ = ["MAX_FILE_SIZE", "deck_to_json", "load_deck", "parse_deck_text", "read_deck_file"]

MAX_FILE_SIZE = 5 * 1024 * 1024
"""The largest deck file read (5 MB): a 250-card list in the most verbose format is under
100 kB, so anything bigger is not a deck list, and is refused before it is read."""

NO_CARDS = "the file holds no cards"
"""The reason given for a deck list with no card line."""


def read_deck_file(path: Path | str, *, strict: bool = False) -> ParseResult:
    """Read and parse a deck file, in whatever format and encoding it is.

    Parameters
    ----------
    path : Path or str
        The deck file. Its format is sniffed from its content
        (:func:`analyzer.decks.formats.sniff`), its encoding from its bytes
        (:func:`analyzer.decks.decode.decode_deck_bytes`).
    strict : bool
        Raise on the first line that cannot be read instead of reporting it.

    Returns
    -------
    ParseResult
        The deck list and one issue per line that could not be read.

    Raises
    ------
    DeckParseError
        The file does not exist, is not a regular file (a folder, FIFO, device or socket:
        refused before it is opened), cannot be read, is larger than :data:`MAX_FILE_SIZE` (refused before it is
        read), is not text, or holds no card; XML that declares entities; with
        ``strict=True``, also the first unreadable line.

    See also
    --------
    load_deck : read and resolve in one call.
    """
    path = Path(path)
    _check_regular_file(path)
    try:
        with path.open("rb") as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > MAX_FILE_SIZE:
                raise _too_big(path, size)
            data = stream.read(MAX_FILE_SIZE + 1)   # a pipe or a growing file: stop anyway
    except FileNotFoundError as err:
        raise DeckParseError(path, None, "no such file") from err
    except IsADirectoryError as err:
        raise DeckParseError(path, None, "cannot read the file (it is a folder)") from err
    except OSError as err:
        raise DeckParseError(path, None, f"cannot read the file ({err.strerror or err})") from err
    if len(data) > MAX_FILE_SIZE:
        raise _too_big(path, len(data))
    result = parse_deck_text(decode_deck_bytes(data, path=path), path=path, strict=strict)
    deck = result.deck
    extras = replace(deck.extras, format=deck.extras.format or deck.format,
                     newline="\r\n" if b"\r\n" in data else "\n",
                     bom=data.startswith(codecs.BOM_UTF8))
    return replace(result, deck=replace(deck, extras=extras))


def parse_deck_text(text: str, *, path: Path | str | None = None, strict: bool = False,
                    format: str | None = None) -> ParseResult:
    """Parse a deck list held in a string.

    Parameters
    ----------
    text : str
        The deck list; any line breaks (CRLF, CR, LF).
    path : Path or str, optional
        The file the text came from, named in issues and errors and giving the deck a name
        when the text does not.
    strict : bool
        Raise on the first line that cannot be read instead of reporting it.
    format : str, optional
        A registry name from :data:`analyzer.decks.formats.FORMATS`; sniffed from the text
        when omitted.

    Returns
    -------
    ParseResult
        The deck list and one issue per line that could not be read.

    Raises
    ------
    DeckParseError
        The text holds no card (``"the file holds no cards"``) or is binary data; with
        ``strict=True``, also the first unreadable line.

    Examples
    --------
    >>> result = parse_deck_text("4 Ponder\\n0 Island\\nSB: 2 Annul\\n")
    >>> [(e.name, e.count, e.section.label) for e in result.deck.entries]
    [('Ponder', 4, 'main'), ('Annul', 2, 'sideboard')]
    >>> [(i.line_no, i.reason) for i in result.issues]
    [(2, 'the count 0 is not a number of copies (at least 1)')]
    >>> parse_deck_text("// nothing here\\n")
    Traceback (most recent call last):
    ...
    analyzer.errors.DeckParseError: <deck>: the file holds no cards
    """
    path = Path(path) if path is not None else None
    text = ensure_text(text, path=path)
    fmt = get_format(format) if format is not None else sniff(text)
    result = fmt.parse(text, path=path, strict=strict)
    if not result.deck.entries:
        raise _no_cards(path, result.issues)
    return result


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def _check_regular_file(path: Path) -> None:
    """Refuse, before opening it, a path that is not a regular file (a FIFO would block, a
    device never ends)."""
    try:
        mode = path.stat().st_mode   # follows a symbolic link: a link to a file is read
    except FileNotFoundError as err:
        raise DeckParseError(path, None, "no such file") from err
    except OSError as err:
        raise DeckParseError(path, None, f"cannot read the file ({err.strerror or err})") from err
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    raise DeckParseError(path, None, f"not a regular file (it is {kind}); give a deck file")


def _too_big(path: Path, size: int) -> DeckParseError:
    return DeckParseError(path, None, f"the file is {size / 1_048_576:.1f} MB; deck files over "
                          f"{MAX_FILE_SIZE // 1_048_576} MB are not read (is it a deck list?)")


def _no_cards(path: Path | None, issues: tuple[ParseIssue, ...]) -> DeckParseError:
    if not issues:
        return DeckParseError(path, None, NO_CARDS)
    first = issues[0]
    return DeckParseError(path, first.line_no, f"{NO_CARDS} that could be read; first problem: "
                          f"{first.reason}", line=first.text, suggestions=first.suggestions)


def load_deck(path: Path | str, lookup: CardLookup, *, strict: bool = False) -> Deck:
    """Read a deck file and resolve its names to cards.

    Parameters
    ----------
    path : Path or str
        The deck file (see :func:`read_deck_file`).
    lookup : CardLookup
        Where cards are found by name (the database, or
        :class:`~analyzer.cards.lookup.InMemoryCardLookup`).
    strict : bool
        Raise on the first unreadable line or unknown name instead of reporting it.

    Returns
    -------
    Deck
        Every entry (unknown names with ``card=None``); ``issues`` holds the parse issues and
        the resolution issues, ordered by line.

    Raises
    ------
    DeckParseError
        See :func:`read_deck_file`.
    UnknownCardError
        With ``strict=True``, the first name no card has.
    """
    result = read_deck_file(path, strict=strict)
    deck = resolve_deck(result.deck, lookup, strict=strict)
    return replace(deck, issues=sorted_issues([*result.issues, *deck.issues]))
