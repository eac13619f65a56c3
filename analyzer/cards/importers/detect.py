"""Which kind of card file a file is, told from its content (never from its name).

Kinds: MTGJSON AtomicCards (``{"data": {name: [face, ...]}}``), MTGJSON AllPrintings or a
per-set file (``{"data": {SETCODE: Set}}`` / ``{"data": Set}``, Set objects holding
``"cards"`` with ``"setCode"``) and Scryfall's bulk card data (a JSON array of card objects).
Only the first 1 MiB of the decompressed content is read: AllPrintings is several hundred MB.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import re
import zipfile
from enum import Enum
from pathlib import Path
from typing import IO, Protocol

from analyzer.errors import CardImportError

__all__ = ["CardFileKind", "sniff_card_file", "sniff_card_text"]

_HEAD = 1 << 20
_PRINTING_MARKS = re.compile(rb'"(setCode|baseSetSize|totalSetSize|isFoilOnly)"\s*:')
_SCRYFALL_MARKS = re.compile(rb'"object"\s*:\s*"card"|"oracle_id"\s*:')


class _Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


class CardFileKind(Enum):
    """The kinds of card file ``spellweb import-cards`` reads."""

    ATOMIC = "MTGJSON AtomicCards"
    """MTGJSON AtomicCards: Oracle cards, one entry per card name."""
    PRINTINGS = "MTGJSON AllPrintings / set file"
    """MTGJSON AllPrintings or one set's file: printings grouped by set."""
    SCRYFALL = "Scryfall bulk cards"
    """Scryfall bulk data (oracle-cards): a JSON array of card objects."""


def sniff_card_text(head: bytes) -> CardFileKind:
    """The kind of a card file from the start of its (decompressed) content.

    Examples
    --------
    >>> sniff_card_text(b'[{"object": "card", "oracle_id": "x"}]').name
    'SCRYFALL'
    >>> sniff_card_text(b'{"data": {"LEA": {"baseSetSize": 295, "cards": [').name
    'PRINTINGS'
    >>> sniff_card_text(b'{"meta": {}, "data": {"Ice": [{"name": "Ice"}]}}').name
    'ATOMIC'
    """
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"["):
        return CardFileKind.SCRYFALL
    if _PRINTING_MARKS.search(text):
        return CardFileKind.PRINTINGS
    if _SCRYFALL_MARKS.search(text) and b'"data"' not in text[:200]:
        return CardFileKind.SCRYFALL
    return CardFileKind.ATOMIC


def _open(path: Path, fh: IO[bytes]) -> _Readable:
    head = fh.read(6)
    fh.seek(0)
    if head.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=fh)
    if head.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMAFile(fh)
    if head.startswith(b"BZh"):
        return bz2.BZ2File(fh)
    if head.startswith(b"PK\x03\x04"):
        zf = zipfile.ZipFile(fh)
        members = [n for n in zf.namelist() if n.lower().endswith(".json")]
        if len(members) != 1:
            raise CardImportError(f"{str(path)!r}: a zip must hold exactly one .json file, "
                                  f"found {len(members)}")
        return zf.open(members[0])
    return fh


def sniff_card_file(path: Path | str) -> CardFileKind:
    """The kind of the card file at ``path`` (compressed or not).

    Raises
    ------
    CardImportError
        The file is missing or cannot be read.
    """
    path = Path(path)
    try:
        with path.open("rb") as fh:
            stream = _open(path, fh)
            return sniff_card_text(stream.read(_HEAD))
    except CardImportError:
        raise
    except FileNotFoundError as err:
        raise CardImportError(f"{str(path)!r}: no such file") from err
    except (OSError, EOFError, lzma.LZMAError, zipfile.BadZipFile) as err:
        raise CardImportError(f"{str(path)!r}: cannot read the file ({err})") from err
