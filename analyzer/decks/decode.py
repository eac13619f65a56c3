"""Deck file bytes to text: encodings, line breaks, and telling a deck list from binary data.

Deck files come from many tools and systems. Seen in practice (``../shared/data/README.md``
section 3): UTF-8 with CRLF line breaks (MTGO), UTF-8 with a byte order mark (Windows
Notepad), UTF-16 with a byte order mark (Notepad's "Unicode"), and Windows-1252 (a Forge
``.dck`` with one em dash byte). Classic Mac OS files end lines with CR alone.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from pathlib import Path

from analyzer.errors import DeckParseError

__all__ = ["decode_deck_bytes", "ensure_text", "split_lines"]

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),   # before UTF-16 LE: it starts with the same 2 bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ALLOWED_CONTROLS = frozenset("\t\n\r\f\v")
_CTRL_Z = "\x1a"   # DOS end-of-file marker some old tools append


def decode_deck_bytes(data: bytes, *, path: Path | str | None = None) -> str:
    """Decode a deck file's bytes into text.

    Parameters
    ----------
    data : bytes
        The whole file.
    path : Path or str, optional
        The file, named in the error.

    Returns
    -------
    str
        The text, byte order mark removed; line breaks are left as they are (see
        :func:`split_lines`).

    Raises
    ------
    DeckParseError
        The bytes are not text: they hold NUL bytes (and are not UTF-16/32), or many control
        characters.

    Examples
    --------
    >>> decode_deck_bytes(b"\\xef\\xbb\\xbf4 Island\\r\\n")
    '4 Island\\r\\n'
    >>> decode_deck_bytes("1 Æther Vial".encode("utf-16"))
    '1 Æther Vial'
    >>> decode_deck_bytes(b"1 Lim-D\\xfbl's Vault")  # Windows-1252
    "1 Lim-Dûl's Vault"

    Notes
    -----
    Order of attempts: a byte order mark (UTF-32, UTF-8, UTF-16) decides the encoding; else
    UTF-16 without a byte order mark when NUL bytes alternate with ASCII (see
    :func:`_utf16_without_bom`); else strict UTF-8; else Windows-1252, whose five unassigned bytes fall back to Latin-1. A
    trailing Ctrl-Z (DOS end of file) is dropped.
    """
    return ensure_text(_decode(data), path=path)


def ensure_text(text: str, *, path: Path | str | None = None) -> str:
    """Check that decoded text is text, not binary data; drop a BOM and a trailing Ctrl-Z.

    Raises
    ------
    DeckParseError
        The text holds a NUL character, or control characters make up more than 1% of it
        (at least 3).

    Examples
    --------
    >>> ensure_text("\\ufeff4 Island\\x1a")
    '4 Island'
    >>> ensure_text("PK\\x03\\x04\\x00\\x00", path="deck.zip")
    Traceback (most recent call last):
    ...
    analyzer.errors.DeckParseError: deck.zip: the file is not a text deck list (it holds binary data)
    """
    text = text.removeprefix("\ufeff").rstrip(_CTRL_Z)
    if not _is_text(text):
        raise DeckParseError(path, None, "the file is not a text deck list (it holds binary data)")
    return text


def _decode(data: bytes) -> str:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(encoding, errors="replace")
    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        return data.decode(utf16, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        # cp1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D unassigned; Latin-1 maps every byte.
        return data.decode("latin-1")


def _utf16_without_bom(data: bytes) -> str | None:
    """``"utf-16-le"`` or ``"utf-16-be"`` if ``data`` looks like UTF-16 without a byte order
    mark, else ``None``.

    Deck lists are mostly ASCII, so UTF-16 text has a NUL byte at nearly every odd position
    (little endian) or even position (big endian), printable ASCII or a line break at the
    other, and almost no NUL at the other. Binary data does not show that pattern.
    """
    sample = data[:4096]
    if len(sample) < 4 or len(sample) % 2 or b"\x00" not in sample:
        return None
    pairs = len(sample) // 2
    for encoding, zeros, chars in (("utf-16-le", sample[1::2], sample[0::2]),
                                   ("utf-16-be", sample[0::2], sample[1::2])):
        if zeros.count(0) < 0.9 * pairs or chars.count(0) > 0:
            continue
        ascii_chars = sum(1 for b in chars if 0x20 <= b < 0x7F or b in (0x09, 0x0A, 0x0D))
        if ascii_chars >= 0.9 * pairs:
            return encoding
    return None


def _is_text(text: str) -> bool:
    if "\x00" in text:
        return False
    controls = sum(1 for ch in text
                   if ch not in _ALLOWED_CONTROLS and unicodedata.category(ch) == "Cc")
    return controls <= max(2, len(text) // 100)


def split_lines(text: str) -> list[str]:
    """Split text into lines at CRLF, CR or LF, as a text editor numbers them.

    Unlike :meth:`str.splitlines`, form feeds and Unicode separators do not break lines, and a
    final line break does not add an empty line.

    Examples
    --------
    >>> split_lines("4 Island\\r\\n\\r\\n2 Opt\\r\\n")
    ['4 Island', '', '2 Opt']
    >>> split_lines("a\\rb\\nc")
    ['a', 'b', 'c']
    """
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines
