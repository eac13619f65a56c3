"""MTGJSON AtomicCards reader: files in, :class:`~analyzer.cards.model.Card` values out.

Source: MTGJSON v5 ``AtomicCards.json`` — ``{"meta": {...}, "data": {name: [face, ...]}}``,
one key per card (the full Oracle name, ``"Front // Back"`` for multi-face cards), one
*Card (Atomic)* object per face. The reader accepts ``.json``, ``.json.gz``, ``.json.xz``,
``.json.bz2`` and ``.zip`` (holding one ``.json``), recognised by content, not by extension.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import math
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson

from analyzer.cards.db.rows import _COLOR_BITS, CardEntry, JsonCache, Placeholder, color_mask
from analyzer.cards.identity import card_id_for
from analyzer.cards.lookup import NameKind, names_of
from analyzer.cards.model import Card, Face, is_placeholder_name
from analyzer.cards.names import normalize_name
from analyzer.errors import CardImportError

__all__ = ["atomic_entry", "card_from_atomic", "card_to_atomic", "iter_atomic_cards",
           "iter_atomic_entries", "parse_json", "read_atomic_file", "read_card_file_bytes"]

_GZIP = b"\x1f\x8b"
_XZ = b"\xfd7zXZ\x00"
_BZ2 = b"BZh"
_ZIP = b"PK\x03\x04"


def _read_bytes(path: Path) -> bytes:
    try:
        with path.open("rb") as fh:
            head = fh.read(6)
            fh.seek(0)
            if head.startswith(_GZIP):
                return gzip.decompress(fh.read())
            if head.startswith(_XZ):
                return lzma.decompress(fh.read())
            if head.startswith(_BZ2):
                return bz2.decompress(fh.read())
            if head.startswith(_ZIP):
                with zipfile.ZipFile(fh) as zf:
                    members = [n for n in zf.namelist() if n.lower().endswith(".json")]
                    if len(members) != 1:
                        raise CardImportError(
                            f"{str(path)!r}: a zip must hold exactly one .json file, "
                            f"found {len(members)}")
                    return zf.read(members[0])
            return fh.read()
    except CardImportError:
        raise
    except FileNotFoundError as err:
        raise CardImportError(f"{str(path)!r}: no such file") from err
    except (OSError, EOFError, lzma.LZMAError, zipfile.BadZipFile) as err:
        raise CardImportError(f"{str(path)!r}: cannot read the file ({err})") from err


def read_card_file_bytes(path: Path | str) -> bytes:
    """The decompressed bytes of a card file (``.json``, ``.gz``, ``.xz``, ``.bz2``, ``.zip``
    holding one ``.json``), compression recognised by content; :class:`CardImportError` if
    it cannot be read. Shared by every card file reader (AllPrintings, Scryfall)."""
    return _read_bytes(Path(path))


def read_atomic_file(path: Path | str) -> dict[str, Any]:
    """Read an AtomicCards file into its JSON document.

    Parameters
    ----------
    path : Path or str
        ``.json``, ``.json.gz``, ``.json.xz``, ``.json.bz2`` or ``.zip``; compression is
        detected from the file's first bytes.

    Returns
    -------
    dict
        The document, with at least a ``"data"`` mapping of card name to list of faces.

    Raises
    ------
    CardImportError
        The file is missing, unreadable, not JSON, or not in AtomicCards shape.
    """
    path = Path(path)
    doc = parse_json(_read_bytes(path), path)
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise CardImportError(
            f"{str(path)!r}: not an MTGJSON AtomicCards file (no top-level \"data\" object of "
            "card name -> faces); download AtomicCards.json from MTGJSON")
    return doc


def parse_json(raw: bytes, path: Path | str) -> Any:
    """The JSON document ``raw`` holds (UTF-8), parsed by orjson, else by :mod:`json`.

    orjson (https://github.com/ijl/orjson) parses the card files two to three times faster
    than :func:`json.loads` but refuses what RFC 8259 refuses and :mod:`json` accepts:
    ``NaN`` and ``Infinity`` literals, and integers beyond 64 bits. A file orjson refuses is
    parsed again with :func:`json.loads`, so every file reads as before: such numbers reach
    the field checks (the entry holding them is skipped with a message) and a file that is
    not JSON gets :mod:`json`'s message with its line and column.

    Raises
    ------
    CardImportError
        ``raw`` is not JSON (the message names ``path``).
    """
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        pass
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise CardImportError(f"{str(path)!r}: not a JSON file ({err})") from err


class _BadField(ValueError):
    """A face field of the wrong JSON type (the entry is skipped with this message)."""


def _strs(value: Any, field: str = "") -> tuple[str, ...]:
    # Exact type checks first: json.loads gives plain lists and strs (the common, fast case).
    if type(value) is list:
        items = tuple(value)
        for item in items:
            if type(item) is not str:
                break
        else:
            return items
    if value is None:
        return ()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _BadField(f"{field!r} must be a list of strings, not {value!r:.60}")


def _opt(value: Any, field: str = "") -> str | None:
    if value is None or type(value) is str or isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return str(value)
    raise _BadField(f"{field!r} must be a string, not {value!r:.60}")


def _float(value: Any, field: str = "") -> float:
    if type(value) is float and math.isfinite(value):
        return value
    if value is None:
        return 0.0
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise _BadField(f"{field!r} must be a finite number, not {value!r:.60}")


def card_from_atomic(name: str, faces: Sequence[Mapping[str, Any]]) -> Card:
    """Build a :class:`Card` from one AtomicCards entry.

    Parameters
    ----------
    name : str
        The entry's key (the card's full name).
    faces : sequence of mapping
        The entry's face objects, in order (MTGJSON *Card (Atomic)* fields).

    Returns
    -------
    Card

    Raises
    ------
    CardImportError
        The entry has no face objects, or a face is not a JSON object.

    Examples
    --------
    >>> card = card_from_atomic("Grizzly Bears", [{"name": "Grizzly Bears",
    ...     "manaCost": "{1}{G}", "manaValue": 2.0, "type": "Creature — Bear",
    ...     "types": ["Creature"], "subtypes": ["Bear"], "power": "2", "toughness": "2"}])
    >>> card.mana_cost, card.subtypes, card.power
    ('{1}{G}', ('Bear',), '2')
    """
    if not isinstance(faces, list | tuple) or not faces or not all(
            type(f) is dict or isinstance(f, Mapping) for f in faces):
        raise CardImportError(f"card {name!r}: expected a list of face objects")
    try:
        return _build_card(name, faces)
    except _BadField as err:
        raise CardImportError(f"card {name!r}: {err}") from err


def _build_face(name: str, f: Mapping[str, Any], multi: bool) -> Face:
    get = f.get
    face_name = get("faceName")
    if face_name is not None and type(face_name) is not str:
        raise _BadField(f"'faceName' must be a string, not {face_name!r:.60}")
    own_name = get("name")
    if own_name is not None and type(own_name) is not str:
        raise _BadField(f"'name' must be a string, not {own_name!r:.60}")
    face_mana_value = get("faceManaValue")
    return Face(
        name=(face_name or own_name or name) if multi else name,
        side=_opt(get("side"), "side"),
        mana_cost=_opt(get("manaCost"), "manaCost") or "",
        mana_value=_float(get("manaValue") if face_mana_value is None else face_mana_value,
                          "manaValue"),
        colors=_strs(get("colors"), "colors"),
        color_indicator=_strs(get("colorIndicator"), "colorIndicator"),
        type=_opt(get("type"), "type") or "",
        supertypes=_strs(get("supertypes"), "supertypes"),
        types=_strs(get("types"), "types"),
        subtypes=_strs(get("subtypes"), "subtypes"),
        text=_opt(get("text"), "text") or "",
        power=_opt(get("power"), "power"),
        toughness=_opt(get("toughness"), "toughness"),
        loyalty=_opt(get("loyalty"), "loyalty"),
        defense=_opt(get("defense"), "defense"),
        keywords=_strs(get("keywords"), "keywords"),
    )


def _mapping(value: Any, field: str) -> Mapping[str, Any]:
    if type(value) is dict or isinstance(value, Mapping):  # exact type first: fast path
        return value
    if value is None:
        return {}
    raise _BadField(f"{field!r} must be an object, not {value!r:.60}")


def _card_keywords(faces: Sequence[Face]) -> tuple[str, ...]:
    """Every face's ``keywords``, first appearance first."""
    if len(faces) == 1:
        return tuple(dict.fromkeys(faces[0].keywords))
    return tuple(dict.fromkeys(k for f in faces for k in f.keywords))


def _legalities(legalities: Mapping[str, Any]) -> dict[str, str]:
    result = dict(legalities)
    for value in result.values():
        if type(value) is not str:
            return {str(k): str(v) for k, v in legalities.items()}
    return result


def _flags(skills: Mapping[str, Any]) -> dict[str, bool]:
    result = dict(skills)
    for value in result.values():
        if type(value) is not bool:
            return {str(k): bool(v) for k, v in skills.items()}
    return result


def _build_card(name: str, faces: Sequence[Mapping[str, Any]]) -> Card:
    first = faces[0]
    multi = len(faces) > 1 or "faceName" in first
    built = tuple(_build_face(name, f, multi) for f in faces)
    identifiers = _mapping(first.get("identifiers"), "identifiers")
    legalities = _mapping(first.get("legalities"), "legalities")
    leadership = _mapping(first.get("leadershipSkills"), "leadershipSkills")
    return Card(
        id=card_id_for(name, _opt(identifiers.get("scryfallOracleId"), "scryfallOracleId")),
        name=name,
        layout=_opt(first.get("layout"), "layout") or "normal",
        mana_value=_float(first.get("manaValue"), "manaValue"),
        color_identity=_strs(first.get("colorIdentity"), "colorIdentity"),
        keywords=_card_keywords(built),
        legalities=_legalities(legalities),
        faces=built,
        ascii_name=_opt(first.get("asciiName"), "asciiName"),
        flavor_names=_strs(first.get("flavorNames"), "flavorNames"),
        data_source=_opt(first.get("dataSource"), "dataSource") or "",
        leadership_skills=_flags(leadership),
        is_game_changer=first.get("isGameChanger") is True,
    )


def atomic_entry(name: str, faces: Any, cache: JsonCache) -> CardEntry:
    """The database rows of one AtomicCards entry, built straight from its JSON.

    The import's fast path: the same fields as :func:`card_from_atomic` are read and checked
    the same way (an entry with a field of the wrong JSON type or a non-finite number is
    refused with the same message), and the rows equal
    ``card_entry(card_from_atomic(name, faces), cache)``
    (:func:`analyzer.cards.db.rows.card_entry`), without building the :class:`Card`.

    Parameters
    ----------
    name : str
        The entry's key (the card's full name).
    faces : Any
        The entry's value: a list of MTGJSON *Card (Atomic)* objects.
    cache : JsonCache
        JSON texts shared over the import.

    Returns
    -------
    CardEntry

    Raises
    ------
    CardImportError
        The entry is not a list of face objects, or a field has the wrong type.
    """
    if not isinstance(faces, list | tuple) or not faces or not all(
            type(f) is dict or isinstance(f, Mapping) for f in faces):
        raise CardImportError(f"card {name!r}: expected a list of face objects")
    try:
        return _entry(name, faces, cache)
    except _BadField as err:
        raise CardImportError(f"card {name!r}: {err}") from err


def _entry(name: str, faces: Sequence[Mapping[str, Any]], js: JsonCache) -> CardEntry:
    first = faces[0]
    get = first.get
    identifiers = _mapping(get("identifiers"), "identifiers")
    legalities = _mapping(get("legalities"), "legalities")
    leadership = _mapping(get("leadershipSkills"), "leadershipSkills")
    card_id = card_id_for(name, _opt(identifiers.get("scryfallOracleId"), "scryfallOracleId"))
    multi = len(faces) > 1 or "faceName" in first
    json_list, stat = js.json_list, js.stat
    face_rows: list[tuple[Any, ...]] = []
    face_names: list[str] = []
    texts: list[str] = []
    type_lines: list[str] = []
    colors = 0
    keywords: tuple[str, ...] = ()
    front_text = ""
    front_types: tuple[str, ...] = ()
    front_supertypes: tuple[str, ...] = ()
    for position, f in enumerate(faces):
        fget = f.get
        face_name = fget("faceName")
        if face_name is not None and type(face_name) is not str:
            raise _BadField(f"'faceName' must be a string, not {face_name!r:.60}")
        own_name = fget("name")
        if own_name is not None and type(own_name) is not str:
            raise _BadField(f"'name' must be a string, not {own_name!r:.60}")
        face_mana_value = fget("faceManaValue")
        shown = (face_name or own_name or name) if multi else name
        # Optional strings: the type test inline (most are str or absent), _opt otherwise.
        side = fget("side")
        if side is not None and type(side) is not str:
            side = _opt(side, "side")
        mana_cost = fget("manaCost")
        if type(mana_cost) is not str:
            mana_cost = _opt(mana_cost, "manaCost") or ""
        mana_value = _float(fget("manaValue") if face_mana_value is None else face_mana_value,
                            "manaValue")
        face_colors = _strs(fget("colors"), "colors")
        indicator = _strs(fget("colorIndicator"), "colorIndicator")
        type_line = fget("type")
        if type(type_line) is not str:
            type_line = _opt(type_line, "type") or ""
        supertypes = _strs(fget("supertypes"), "supertypes")
        types = _strs(fget("types"), "types")
        subtypes = _strs(fget("subtypes"), "subtypes")
        text = fget("text")
        if type(text) is not str:
            text = _opt(text, "text") or ""
        power = fget("power")
        if power is not None and type(power) is not str:
            power = _opt(power, "power")
        toughness = fget("toughness")
        if toughness is not None and type(toughness) is not str:
            toughness = _opt(toughness, "toughness")
        loyalty = fget("loyalty")
        if loyalty is not None and type(loyalty) is not str:
            loyalty = _opt(loyalty, "loyalty")
        defense = fget("defense")
        if defense is not None and type(defense) is not str:
            defense = _opt(defense, "defense")
        face_keywords = _strs(fget("keywords"), "keywords")
        for color in face_colors:
            colors |= _COLOR_BITS.get(color, 0)
        if position == 0:
            front_text, front_types, front_supertypes = text, types, supertypes
        if text:
            texts.append(text)
        type_lines.append(type_line)
        face_names.append(shown)
        keywords += face_keywords
        face_rows.append((card_id, position, shown, side, mana_cost, mana_value,
                          json_list(face_colors), json_list(indicator), type_line,
                          json_list(supertypes), json_list(types), json_list(subtypes), text,
                          power, toughness, loyalty, defense, stat(power), stat(toughness),
                          json_list(face_keywords)))
    keywords = tuple(dict.fromkeys(keywords))
    ascii_name = _opt(get("asciiName"), "asciiName")
    flavor_names = _strs(get("flavorNames"), "flavorNames")
    color_identity = _strs(get("colorIdentity"), "colorIdentity")
    card_mana_value = _float(get("manaValue"), "manaValue")
    layout = _opt(get("layout"), "layout") or "normal"
    data_source = _opt(get("dataSource"), "dataSource") or ""
    skills = _flags(leadership)
    legal_json, legal_formats = js.legalities(_legalities(legalities))
    name_rows = [(key, card_id, int(kind), index)
                 for key, kind, index in names_of(name, ascii_name, face_names, flavor_names)]
    # names_of gives the full name's key first (NameKind.NAME)
    name_key = name_rows[0][0] if name_rows and name_rows[0][2] == NameKind.NAME \
        else normalize_name(name)
    # analyzer.cards.db.rows.is_commander, on the front face's fields (CR 903.3)
    commander = skills.get("commander", ("Legendary" in front_supertypes
                                         and "Creature" in front_types)
                           or "can be your commander" in front_text)
    return CardEntry((card_id, name, ascii_name, layout, card_mana_value,
                      json_list(color_identity), json_list(keywords), legal_json,
                      json_list(flavor_names), js.json_dict(skills), data_source, name_key,
                      " // ".join(type_lines), "\n".join(texts), colors,
                      color_mask(color_identity), js.bars(keywords), legal_formats, commander,
                      get("isGameChanger") is True),
                     face_rows, name_rows)


def iter_atomic_entries(doc: Mapping[str, Any], cache: JsonCache | None = None
                        ) -> Iterator[CardEntry | Placeholder | CardImportError]:
    """Yield the rows of every card of an AtomicCards document (:func:`atomic_entry`), the
    error of an entry that is broken (the caller skips it with its message), or a
    :class:`~analyzer.cards.db.rows.Placeholder` for an entry that is no card (``";Manifest"``,
    :func:`~analyzer.cards.model.is_placeholder_name`: counted, never stored)."""
    js = cache or JsonCache()
    for name, faces in doc["data"].items():
        if is_placeholder_name(str(name)):
            yield Placeholder(str(name))
            continue
        try:
            yield atomic_entry(str(name), faces, js)
        except CardImportError as err:
            yield err


def iter_atomic_cards(doc: Mapping[str, Any]) -> Iterator[Card | CardImportError]:
    """Yield every card of an AtomicCards document, or the error of an entry that is broken.

    A broken entry does not stop the others: the caller decides whether to skip or abort.
    Placeholder entries (``";Manifest"``, :func:`~analyzer.cards.model.is_placeholder_name`)
    are no cards and are passed over (:func:`iter_atomic_entries` yields them, for the import
    summary).
    """
    for name, faces in doc["data"].items():
        if is_placeholder_name(str(name)):
            continue
        try:
            yield card_from_atomic(str(name), faces)
        except CardImportError as err:
            yield err


def card_to_atomic(card: Card) -> list[dict[str, Any]]:
    """A card back in MTGJSON AtomicCards shape: its entry's list of face objects.

    The inverse of :func:`card_from_atomic` for every field the model keeps: card-wide fields
    (``name``, ``manaValue``, ``colorIdentity``, ``layout``, ``legalities``, ``dataSource``,
    ``asciiName``, ``flavorNames``) on every face, ``leadershipSkills`` on the first; face
    fields (``faceName``, ``side``, ``faceManaValue``, ``manaCost``, ``colors``,
    ``colorIndicator``, ``type``, ``supertypes``, ``types``, ``subtypes``, ``text``,
    ``power``, ``toughness``, ``loyalty``, ``defense``, ``keywords``) on their face. Optional
    fields that are empty are left out, as MTGJSON leaves them out.

    Examples
    --------
    >>> entry = [{"name": "Grizzly Bears", "manaCost": "{1}{G}", "manaValue": 2.0,
    ...           "colors": ["G"], "colorIdentity": ["G"], "type": "Creature — Bear",
    ...           "supertypes": [], "types": ["Creature"], "subtypes": ["Bear"],
    ...           "power": "2", "toughness": "2", "layout": "normal", "legalities": {}}]
    >>> card_to_atomic(card_from_atomic("Grizzly Bears", entry)) == entry
    True
    """
    # Meld cards carry faceName even on their one face (the melded back names itself).
    multi = len(card.faces) > 1 or card.layout == "meld" or any(f.name != card.name
                                                                for f in card.faces)
    entry: list[dict[str, Any]] = []
    for index, face in enumerate(card.faces):
        out: dict[str, Any] = {
            "name": card.name, "manaValue": card.mana_value, "colors": list(face.colors),
            "colorIdentity": list(card.color_identity), "type": face.type,
            "supertypes": list(face.supertypes), "types": list(face.types),
            "subtypes": list(face.subtypes), "layout": card.layout,
            "legalities": dict(card.legalities)}
        if multi:
            out["faceName"] = face.name
            out["faceManaValue"] = face.mana_value
        optional = {"side": face.side, "manaCost": face.mana_cost or None,
                    "colorIndicator": list(face.color_indicator) or None,
                    "text": face.text or None, "power": face.power,
                    "toughness": face.toughness, "loyalty": face.loyalty,
                    "defense": face.defense, "keywords": list(face.keywords) or None,
                    "asciiName": card.ascii_name,
                    "flavorNames": list(card.flavor_names) or None,
                    "dataSource": card.data_source or None,
                    "leadershipSkills": (dict(card.leadership_skills) or None)
                    if index == 0 else None,
                    "isGameChanger": True if card.is_game_changer else None}
        out.update((k, v) for k, v in optional.items() if v is not None)
        entry.append(out)
    return entry
