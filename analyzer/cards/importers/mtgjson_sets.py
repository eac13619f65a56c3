"""MTGJSON AllPrintings and per-set file reader: files in, :class:`Printing` values out.

Source: MTGJSON v5. ``AllPrintings.json`` is ``{"meta": {...}, "data": {SETCODE: Set}}``; a
per-set file (``LEA.json``) is ``{"meta": {...}, "data": Set}``. A *Set* has ``code``,
``name``, ``releaseDate``, ``type`` and ``cards``: *Card (Set)* objects, one per face of each
printing, with ``name`` (the full name), ``faceName``, ``side``, ``setCode``, ``number``,
``rarity`` and ``identifiers`` (``scryfallOracleId``, ``scryfallId``, ``mtgArenaId``,
``mtgoId``...). Compression as for AtomicCards (:mod:`analyzer.cards.importers.mtgjson`).

AllPrintings is large (hundreds of MB of JSON); the parser keeps only the fields read here
(``json`` ``object_hook``), so the rest of every card and set is freed while parsing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from analyzer.cards.identity import card_id_for
from analyzer.cards.importers.mtgjson import read_card_file_bytes
from analyzer.cards.printing import Printing
from analyzer.errors import CardImportError

__all__ = ["iter_printings", "read_printings_file", "set_objects"]

_CARD_KEYS = ("name", "faceName", "side", "setCode", "number", "rarity", "identifiers")
_ID_KEYS = ("scryfallOracleId", "scryfallId", "mtgArenaId", "mtgoId")
_SET_KEYS = ("code", "name", "releaseDate", "type", "cards")


def _trim(obj: dict[str, Any]) -> dict[str, Any]:
    """``object_hook``: keep only what a printing needs of cards, identifiers and sets."""
    if "setCode" in obj and "number" in obj:
        return {k: obj[k] for k in _CARD_KEYS if k in obj}
    if "scryfallId" in obj or "mtgjsonV4Id" in obj or "scryfallOracleId" in obj:
        return {k: obj[k] for k in _ID_KEYS if k in obj}
    if "cards" in obj and ("code" in obj or "baseSetSize" in obj):
        return {k: obj[k] for k in _SET_KEYS if k in obj}
    return obj


def read_printings_file(path: Path | str) -> dict[str, Any]:
    """Read an AllPrintings or per-set file into its (trimmed) JSON document.

    Raises
    ------
    CardImportError
        The file is missing, unreadable, not JSON, or holds no set.
    """
    path = Path(path)
    raw = read_card_file_bytes(path)
    try:
        doc = json.loads(raw, object_hook=_trim)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise CardImportError(f"{str(path)!r}: not a JSON file ({err})") from err
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict) or not set_objects(doc):
        raise CardImportError(f"{str(path)!r}: not an MTGJSON AllPrintings or set file (no "
                              "\"data\" object of sets with \"cards\")")
    return doc


def set_objects(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The *Set* objects of a document: the one of a per-set file, or every AllPrintings set.

    Examples
    --------
    >>> [s["code"] for s in set_objects({"data": {"code": "LEA", "cards": []}})]
    ['LEA']
    >>> [s["code"] for s in set_objects({"data": {"A": {"code": "A", "cards": []}}})]
    ['A']
    """
    data = doc.get("data")
    if not isinstance(data, Mapping):
        return []
    if isinstance(data.get("cards"), list):
        return [data]
    return [s for s in data.values() if isinstance(s, Mapping) and isinstance(s.get("cards"),
                                                                                  list)]


def _int(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _printing(card: Mapping[str, Any], set_obj: Mapping[str, Any], code: str) -> Printing:
    name = card.get("name")
    if not isinstance(name, str) or not name:
        raise CardImportError(f"set {code!r}: a card without a name ({dict(card)!r:.80})")
    ids = card.get("identifiers")
    ids = ids if isinstance(ids, Mapping) else {}
    oracle_id = _str(ids.get("scryfallOracleId"))
    return Printing(
        card_id=card_id_for(name, oracle_id), name=name,
        set_code=(_str(card.get("setCode")) or code).upper(), number=str(card.get("number") or ""),
        rarity=str(card.get("rarity") or "").lower(), face_name=_str(card.get("faceName")),
        side=_str(card.get("side")), set_name=str(set_obj.get("name") or ""),
        set_type=str(set_obj.get("type") or ""),
        release_date=str(set_obj.get("releaseDate") or ""),
        arena_id=_int(ids.get("mtgArenaId")), mtgo_id=_int(ids.get("mtgoId")),
        scryfall_id=_str(ids.get("scryfallId")), oracle_id=oracle_id)


def iter_printings(doc: Mapping[str, Any]) -> Iterator[Printing | CardImportError]:
    """Yield every printing (one per face entry) of every set, or the error of a broken entry.

    Examples
    --------
    >>> doc = {"data": {"code": "LEA", "name": "Limited Edition Alpha", "cards": [
    ...     {"name": "Lightning Bolt", "setCode": "LEA", "number": "161", "rarity": "common",
    ...      "identifiers": {"mtgoId": "123"}}]}}
    >>> [(str(p), p.rarity, p.mtgo_id) for p in iter_printings(doc)]
    [('Lightning Bolt (LEA) 161', 'common', 123)]
    """
    for set_obj in set_objects(doc):
        code = str(set_obj.get("code") or "")
        for card in set_obj["cards"]:
            if not isinstance(card, Mapping):
                yield CardImportError(f"set {code!r}: a card entry is not an object")
                continue
            try:
                yield _printing(card, set_obj, code)
            except CardImportError as err:
                yield err
