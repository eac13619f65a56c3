"""Scryfall bulk card data reader (oracle-cards): files in, :class:`Card` values out.

Source: Scryfall's *Card object* (https://scryfall.com/docs/api/cards) in a bulk data file
(https://scryfall.com/docs/api/bulk-data): a JSON array of card objects. Oracle fields
(``oracle_id``, ``name``, ``layout``, ``mana_cost``, ``cmc``, ``type_line``,
``oracle_text``, ``colors``, ``color_identity``, ``color_indicator``, ``keywords``,
``legalities``, ``power``, ``toughness``, ``loyalty``, ``defense``) are read at the top level,
and per face from ``card_faces`` on multi-face cards (split, flip, transform, modal_dfc,
adventure, meld's fronts...; a ``reversible_card`` is the one card on its sides). Values are mapped to MTGJSON's vocabulary so
both sources fill the same :class:`Card`: ``"legal"`` -> ``"Legal"`` (``"not_legal"`` is left
out, as MTGJSON does), a type line split into super-, card and subtypes.

Tokens, emblems, art cards and other non-game objects (layouts ``token``, ``double_faced_token``,
``emblem``, ``art_series``, ``planar``, ``scheme``, ``vanguard``) are left out. Alchemy
rebalanced cards (``"A-"`` names) and Un-set cards are cards of their own: their Oracle ids
differ from their paper originals', and two cards with one name both survive.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from analyzer.cards.identity import card_id_for
from analyzer.cards.importers.mtgjson import parse_json, read_card_file_bytes
from analyzer.cards.model import Card, Face
from analyzer.errors import CardImportError
from analyzer.oracle.mana import ManaCost

__all__ = ["NON_CARD_LAYOUTS", "REVERSIBLE_LAYOUT", "card_from_scryfall", "is_token",
           "iter_scryfall_cards", "read_scryfall_file", "split_type_line"]

NON_CARD_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series", "planar",
                              "scheme", "vanguard"})
"""Scryfall layouts that are not cards a deck holds (left out of the import)."""

_SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
_LEGALITY = {"legal": "Legal", "banned": "Banned", "restricted": "Restricted"}
_SIDES = "abcdefgh"


def read_scryfall_file(path: Path | str) -> list[Any]:
    """Read a Scryfall bulk data file (a JSON array, or a ``{"object": "list", "data": [...]}``
    page) into its list of card objects.

    Raises
    ------
    CardImportError
        The file is missing, unreadable, not JSON, or not a list of card objects.
    """
    path = Path(path)
    doc = parse_json(read_card_file_bytes(path), path)
    if isinstance(doc, dict) and doc.get("object") == "list":
        doc = doc.get("data")
    if not isinstance(doc, list):
        raise CardImportError(f"{str(path)!r}: not a Scryfall bulk card file (a JSON array "
                              "of card objects); download oracle-cards from "
                              "https://scryfall.com/docs/api/bulk-data")
    return doc


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, types, subtypes) of a type line.

    Examples
    --------
    >>> split_type_line("Legendary Creature — Mutant Ninja Rat")
    (('Legendary',), ('Creature',), ('Mutant', 'Ninja', 'Rat'))
    >>> split_type_line("Basic Snow Land — Island")
    (('Basic', 'Snow'), ('Land',), ('Island',))
    """
    left, _, right = type_line.partition("—")
    words = left.split()
    return (tuple(w for w in words if w in _SUPERTYPES),
            tuple(w for w in words if w not in _SUPERTYPES), tuple(right.split()))


class _BadField(ValueError):
    """A field of the wrong JSON type (the card is skipped with this message)."""


def _str(obj: Mapping[str, Any], key: str) -> str | None:
    value = obj.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _BadField(f"{key!r} must be a string, not {value!r:.60}")


def _strs(obj: Mapping[str, Any], key: str) -> tuple[str, ...] | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _BadField(f"{key!r} must be a list of strings, not {value!r:.60}")


def _number(obj: Mapping[str, Any], key: str) -> float | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise _BadField(f"{key!r} must be a finite number, not {value!r:.60}")


def _cost_value(cost: str) -> float:
    parsed = ManaCost.try_parse(cost)
    return float(parsed.mana_value) if parsed is not None else 0.0


def _cost_colors(cost: str) -> tuple[str, ...]:
    parsed = ManaCost.try_parse(cost)
    return tuple(parsed.colors.letters) if parsed is not None else ()


def _face(obj: Mapping[str, Any], card: Mapping[str, Any], name: str, side: str | None,
          inherit_colors: bool) -> Face:
    cost = _str(obj, "mana_cost") or ""
    type_line = _str(obj, "type_line") or ""
    supertypes, types, subtypes = split_type_line(type_line)
    colors = _strs(obj, "colors")
    if colors is None:
        colors = (_strs(card, "colors") or ()) if inherit_colors else _cost_colors(cost)
    value = _number(obj, "cmc")
    return Face(name=name, side=side, mana_cost=cost,
                mana_value=value if value is not None else _cost_value(cost),
                colors=colors, color_indicator=_strs(obj, "color_indicator") or (),
                type=type_line, supertypes=supertypes, types=types, subtypes=subtypes,
                text=_str(obj, "oracle_text") or "", power=_str(obj, "power"),
                toughness=_str(obj, "toughness"), loyalty=_str(obj, "loyalty"),
                defense=_str(obj, "defense"))


def _faces(card: Mapping[str, Any], name: str, layout: str) -> tuple[Face, ...]:
    raw = card.get("card_faces")
    if raw is None:
        return (_face(card, card, name, None, False),)
    if not isinstance(raw, list) or not raw or not all(isinstance(f, Mapping) for f in raw):
        raise _BadField("'card_faces' must be a list of objects")
    faces = []
    for i, face in enumerate(raw):
        face_name = _str(face, "name") or name
        faces.append(_face(face, card, face_name, _SIDES[i] if i < len(_SIDES) else None,
                           inherit_colors=layout == "flip"))
    return tuple(faces)


def _ascii(name: str) -> str | None:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain if plain != name else None


def card_from_scryfall(obj: Mapping[str, Any]) -> Card:
    """Build a :class:`Card` from one Scryfall card object.

    Raises
    ------
    CardImportError
        The object has no name, or a field of the wrong type.

    Examples
    --------
    >>> card = card_from_scryfall({"object": "card", "oracle_id": "o-1",
    ...     "name": "Grizzly Bears", "layout": "normal", "mana_cost": "{1}{G}", "cmc": 2.0,
    ...     "type_line": "Creature — Bear", "colors": ["G"], "color_identity": ["G"],
    ...     "power": "2", "toughness": "2", "legalities": {"modern": "legal",
    ...     "standard": "not_legal"}})
    >>> card.id, card.mana_cost, card.subtypes, card.legalities
    ('o-1', '{1}{G}', ('Bear',), {'modern': 'Legal'})
    """
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise CardImportError(f"a card object without a name ({dict(obj)!r:.80})")
    try:
        return _build(obj, name)
    except _BadField as err:
        raise CardImportError(f"card {name!r}: {err}") from err


def _oracle_id(obj: Mapping[str, Any], layout: str) -> str | None:
    if layout == REVERSIBLE_LAYOUT:
        return None  # each face has the Oracle id of a card of its own: derive from the name
    return _str(obj, "oracle_id")


def _build(obj: Mapping[str, Any], name: str) -> Card:
    layout = _str(obj, "layout") or "normal"
    legalities = obj.get("legalities") or {}
    if not isinstance(legalities, Mapping):
        raise _BadField(f"'legalities' must be an object, not {legalities!r:.60}")
    faces = _faces(obj, name, layout)
    value = _number(obj, "cmc")
    if value is None:
        value = faces[0].mana_value
    return Card(
        id=card_id_for(name, _oracle_id(obj, layout)), name=name, layout=layout,
        mana_value=value, color_identity=_strs(obj, "color_identity") or (),
        keywords=_strs(obj, "keywords") or (),
        legalities={str(k): _LEGALITY[v] for k, v in legalities.items() if v in _LEGALITY},
        faces=faces, ascii_name=_ascii(name), data_source="scryfall")


def is_token(obj: Mapping[str, Any]) -> bool:
    """True for a Scryfall object that is no card a deck holds: a token, emblem, art card...
    (:data:`NON_CARD_LAYOUTS`), or any object whose type line says ``Token`` (CR 111.1) on
    a face.

    >>> is_token({"layout": "normal", "type_line": "Token Creature — Spirit"})
    True
    >>> is_token({"layout": "normal", "type_line": "Creature — Spirit"})
    False
    """
    if obj.get("layout") in NON_CARD_LAYOUTS:
        return True
    lines = [obj.get("type_line")]
    faces = obj.get("card_faces")
    if isinstance(faces, list):
        lines += [f.get("type_line") for f in faces if isinstance(f, Mapping)]
    return any(isinstance(line, str) and "Token" in line.split("—")[0].split()
               for line in lines)


REVERSIBLE_LAYOUT = "reversible_card"
"""Scryfall's layout of one card printed on both sides (a printing, not a card's layout)."""


def iter_scryfall_cards(objects: Sequence[Any]) -> Iterator[Card | CardImportError]:
    """Yield every card of a Scryfall card list, or the error of an entry that is broken.

    Non-card objects (tokens, emblems, art cards; :func:`is_token`) are passed over. A
    reversible card (layout ``reversible_card``: a printing with the same card on both sides)
    is that card, one face under its own Oracle id and layout, never ``"X // X"``; it adds
    nothing when the list holds that card's own object (oracle-cards does), and each
    different card on its sides is a card of its own.
    """
    own = {obj.get("oracle_id") for obj in objects if isinstance(obj, Mapping)
           and obj.get("layout") != REVERSIBLE_LAYOUT and obj.get("oracle_id")}
    for index, obj in enumerate(objects):
        if not isinstance(obj, Mapping):
            yield CardImportError(f"entry {index}: not a JSON object")
            continue
        if is_token(obj):
            continue
        try:
            if obj.get("layout") == REVERSIBLE_LAYOUT:
                yield from _reversible_sides(obj, own)
            else:
                yield card_from_scryfall(obj)
        except CardImportError as err:
            yield err


def _reversible_sides(obj: Mapping[str, Any], seen: set[Any]) -> Iterator[Card]:
    """The cards printed on a reversible card's sides, each once, those of ``seen`` Oracle
    ids (given by objects of their own) left out; ``seen`` gets the ids yielded.

    Raises
    ------
    CardImportError
        The object has no ``card_faces`` list.
    """
    faces = obj.get("card_faces")
    if not isinstance(faces, list) or not faces or not all(isinstance(f, Mapping)
                                                           for f in faces):
        raise CardImportError(f"card {obj.get('name')!r}: a reversible card needs "
                              "'card_faces' objects")
    for face in faces:
        key = face.get("oracle_id") or face.get("name")
        if key in seen:
            continue
        seen.add(key)
        side = {k: v for k, v in obj.items() if k not in ("card_faces", "layout", "name")}
        side.update((k, v) for k, v in face.items() if k != "object")
        side["layout"] = face.get("layout") or "normal"
        yield card_from_scryfall(side)
