"""Row tuples of the ``cards``, ``faces`` and ``card_names`` tables, and their bulk write.

The import's write path (:func:`analyzer.cards.importing.replace_cards_job`) builds plain
tuples in column order, one :class:`CardEntry` per card (from a
:class:`~analyzer.cards.model.Card`, :func:`card_entry`, or straight from the MTGJSON file's
JSON, :func:`analyzer.cards.importers.mtgjson.atomic_entry`), and hands them to the database
driver's ``executemany``: no ORM objects, no per-row SQLAlchemy
compilation, and every JSON column serialised once per distinct value (most cards share their
colours, types and keyword lists). On SQLite the tuples go through the ``sqlite3`` cursor of
the session's own connection (so they stay inside the import's transaction); other databases
(PostgreSQL through psycopg) get them through ``Connection.exec_driver_sql``.

Column meanings: :mod:`analyzer.cards.db.schema`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from analyzer.cards.lookup import NameKind, name_keys
from analyzer.cards.model import Card
from analyzer.cards.names import normalize_name

__all__ = [
    "CARD_COLUMNS",
    "FACE_COLUMNS",
    "NAME_COLUMNS",
    "CardEntry",
    "CardRows",
    "JsonCache",
    "Placeholder",
    "build_rows",
    "bulk_load",
    "card_entry",
    "color_mask",
    "insert_rows",
    "is_commander",
    "stat_value",
]

CARD_COLUMNS = ("id", "name", "ascii_name", "layout", "mana_value", "color_identity",
                "keywords", "legalities", "flavor_names", "leadership_skills", "data_source",
                "name_key", "type_line", "oracle_text", "colors_mask", "identity_mask",
                "keywords_text", "legal_formats", "is_commander", "is_game_changer")
"""Columns of a ``cards`` row tuple, in order."""

FACE_COLUMNS = ("card_id", "position", "name", "side", "mana_cost", "mana_value", "colors",
                "color_indicator", "type", "supertypes", "types", "subtypes", "text", "power",
                "toughness", "loyalty", "defense", "power_value", "toughness_value", "keywords")
"""Columns of a ``faces`` row tuple, in order (``id`` is left to the database)."""

NAME_COLUMNS = ("key", "card_id", "kind", "face_index")
"""Columns of a ``card_names`` row tuple, in order (``id`` is left to the database)."""

_COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}


def color_mask(colors: Iterable[str]) -> int:
    """Colour letters as bits W=1, U=2, B=4, R=8, G=16 (the search columns' encoding).

    Examples
    --------
    >>> color_mask(["U", "B"])
    6
    """
    mask = 0
    for color in colors:
        mask |= _COLOR_BITS.get(color, 0)
    return mask


def stat_value(text: str | None) -> float | None:
    """A printed power/toughness as a number for search: ``"*"`` -> 0, ``"1+*"`` -> 1.

    Examples
    --------
    >>> stat_value("3"), stat_value("*"), stat_value("1+*"), stat_value(None)
    (3.0, 0.0, 1.0, None)
    """
    if text is None or text == "":
        return None
    head = text.split("+")[0].split("-")[0] if text[0] not in "+-" else text
    try:
        return float(head)
    except ValueError:
        return 0.0


_PLAYABLE = frozenset({"Legal", "Restricted"})
"""``legalities`` statuses ``legal_formats`` lists (a restricted card is legal, one copy)."""


def _bars(words: Iterable[str]) -> str:
    items = [w.lower() for w in words]
    return "|" + "|".join(items) + "|" if items else ""


def is_commander(card: Card) -> bool:
    """``leadershipSkills.commander`` where the data has it, else a legendary creature front
    or "can be your commander" in its text (CR 903.3)."""
    if "commander" in card.leadership_skills:
        return card.leadership_skills["commander"]
    front = card.front
    return ("Legendary" in front.supertypes and "Creature" in front.types) or \
        "can be your commander" in front.text


@dataclass(slots=True)
class CardRows:
    """The rows of a batch of cards, as tuples in :data:`CARD_COLUMNS`, :data:`FACE_COLUMNS`
    and :data:`NAME_COLUMNS` order."""

    cards: list[tuple[Any, ...]] = field(default_factory=list)
    """One ``cards`` row per card."""
    faces: list[tuple[Any, ...]] = field(default_factory=list)
    """One ``faces`` row per face."""
    names: list[tuple[Any, ...]] = field(default_factory=list)
    """One ``card_names`` row per lookup key (:func:`analyzer.cards.lookup.name_keys`)."""

    def add(self, entry: CardEntry) -> None:
        """Append one card's rows."""
        self.cards.append(entry.card)
        self.faces.extend(entry.faces)
        self.names.extend(entry.names)


class JsonCache:
    """Values computed once per distinct input over an import (share one across its batches):
    ``json.dumps`` of list and dict values, the bar-separated search columns, numeric stats."""

    def __init__(self) -> None:
        self._lists: dict[tuple[str, ...], str] = {}
        self._dicts: dict[tuple[tuple[str, Any], ...], str] = {}
        self._legal: dict[tuple[tuple[str, str], ...], tuple[str, str]] = {}
        self._bars: dict[tuple[str, ...], str] = {}
        self._stats: dict[str | None, float | None] = {}

    def json_list(self, values: tuple[str, ...]) -> str:
        """The JSON array of ``values``."""
        found = self._lists.get(values)
        if found is None:
            found = self._lists[values] = json.dumps(list(values))
        return found

    def json_dict(self, values: dict[str, Any]) -> str:
        """The JSON object of ``values`` (key order kept)."""
        key = tuple(values.items())
        found = self._dicts.get(key)
        if found is None:
            found = self._dicts[key] = json.dumps(values)
        return found

    def legalities(self, values: dict[str, str]) -> tuple[str, str]:
        """The JSON object of ``legalities`` and its ``legal_formats`` column."""
        key = tuple(values.items())
        found = self._legal.get(key)
        if found is None:
            found = self._legal[key] = (
                json.dumps(values), _bars([k for k, v in values.items() if v in _PLAYABLE]))
        return found

    def bars(self, words: tuple[str, ...]) -> str:
        """``_bars`` of ``words`` (the ``keywords_text`` column)."""
        found = self._bars.get(words)
        if found is None:
            found = self._bars[words] = _bars(words)
        return found

    def stat(self, text: str | None) -> float | None:
        """:func:`stat_value` of ``text``."""
        try:
            return self._stats[text]
        except KeyError:
            found = self._stats[text] = stat_value(text)
            return found


class CardEntry(NamedTuple):
    """The rows of one card, before it gets its ``cards.rowid``: what a reader hands to the
    import's write path (:func:`analyzer.cards.importing.replace_cards_job`), built from a
    :class:`~analyzer.cards.model.Card` (:func:`card_entry`) or straight from a file's JSON
    (:func:`analyzer.cards.importers.mtgjson.atomic_entry`)."""

    card: tuple[Any, ...]
    """The ``cards`` row (:data:`CARD_COLUMNS`); ``card[0]`` is the id, ``card[1]`` the name."""
    faces: list[tuple[Any, ...]]
    """The ``faces`` rows (:data:`FACE_COLUMNS`), front first."""
    names: list[tuple[Any, ...]]
    """The ``card_names`` rows (:data:`NAME_COLUMNS`), the full name's key first."""

    def with_id(self, card_id: str) -> CardEntry:
        """The same rows under another card id (two cards sharing an id both survive)."""
        return CardEntry((card_id, *self.card[1:]),
                         [(card_id, *f[1:]) for f in self.faces],
                         [(n[0], card_id, *n[2:]) for n in self.names])


class Placeholder(NamedTuple):
    """An entry of a card file that is no card (``";Manifest"``, ``";Morph"``:
    :func:`~analyzer.cards.model.is_placeholder_name`): a reader yields it instead of rows, and
    the import counts it in its summary without storing it."""

    name: str
    """The entry's name as the file writes it."""


def card_entry(card: Card, cache: JsonCache) -> CardEntry:
    """The rows of one card (see :func:`build_rows`)."""
    js = cache
    faces = card.faces
    card_id = card.id
    oracle_text = "\n".join([f.text for f in faces if f.text])
    colors = 0
    face_rows = []
    for position, f in enumerate(faces):
        for color in f.colors:
            colors |= _COLOR_BITS.get(color, 0)
        face_rows.append((card_id, position, f.name, f.side, f.mana_cost, f.mana_value,
                          js.json_list(f.colors), js.json_list(f.color_indicator), f.type,
                          js.json_list(f.supertypes), js.json_list(f.types),
                          js.json_list(f.subtypes), f.text, f.power, f.toughness, f.loyalty,
                          f.defense, js.stat(f.power), js.stat(f.toughness),
                          js.json_list(f.keywords)))
    legalities, legal_formats = js.legalities(card.legalities)
    names = name_keys(card)
    name_rows = [(key, card_id, int(kind), index) for key, kind, index in names]
    # names_of gives the full name's key first (NameKind.NAME)
    name_key = name_rows[0][0] if name_rows and name_rows[0][2] == NameKind.NAME \
        else normalize_name(card.name)
    return CardEntry((card_id, card.name, card.ascii_name, card.layout, card.mana_value,
                      js.json_list(card.color_identity), js.json_list(card.keywords),
                      legalities, js.json_list(card.flavor_names),
                      js.json_dict(card.leadership_skills), card.data_source, name_key,
                      " // ".join([f.type for f in faces]), oracle_text, colors,
                      color_mask(card.color_identity), js.bars(card.keywords), legal_formats,
                      is_commander(card), card.is_game_changer),
                     face_rows, name_rows)


def build_rows(cards: Sequence[Card], cache: JsonCache | None = None) -> CardRows:
    """The table rows of ``cards`` (their ids must be distinct).

    Parameters
    ----------
    cards : sequence of Card
        Cards as the importers build them.
    cache : JsonCache, optional
        Serialised JSON values of earlier batches, to reuse.

    Returns
    -------
    CardRows
        Rows whose search columns follow :mod:`analyzer.cards.search` (``name_key``,
        ``type_line``, ``oracle_text``, colour bits, ``keywords_text``, ``legal_formats``,
        ``is_commander``).
    """
    js = cache or JsonCache()
    rows = CardRows()
    for card in cards:
        rows.add(card_entry(card, js))
    return rows


def _insert_sql(table: str, columns: Sequence[str], marker: str) -> str:
    return (f"INSERT INTO {table} ({', '.join(columns)}) "
            f"VALUES ({', '.join([marker] * len(columns))})")


def insert_rows(session: Session, rows: CardRows) -> None:
    """Write ``rows`` with the driver's ``executemany``, inside the session's transaction.

    The caller drops the full-text index in the same transaction
    (:func:`analyzer.cards.db.fulltext.drop_search_index`): it no longer describes the cards.

    Raises
    ------
    sqlalchemy.exc.SQLAlchemyError
        The database refused a row (the caller rolls the transaction back).
    """
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        # The sqlite3 cursor of this very connection: same transaction, no per-row
        # SQLAlchemy processing (the JSON columns are serialised already).
        cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.executemany(_insert_sql("cards", CARD_COLUMNS, "?"), rows.cards)
            cursor.executemany(_insert_sql("faces", FACE_COLUMNS, "?"), rows.faces)
            cursor.executemany(_insert_sql("card_names", NAME_COLUMNS, "?"), rows.names)
        except sqlite3.Error as err:
            raise DBAPIError.instance("INSERT (executemany)", None, err, sqlite3.Error) from err
        finally:
            cursor.close()
        return
    for table, columns, values in (("cards", CARD_COLUMNS, rows.cards),
                                   ("faces", FACE_COLUMNS, rows.faces),
                                   ("card_names", NAME_COLUMNS, rows.names)):
        if values:
            connection.exec_driver_sql(_insert_sql(table, columns, "%s"), values)


_BULK_TABLES = ("cards", "faces", "card_names")


@contextmanager
def bulk_load(session: Session) -> Iterator[None]:
    """Inside the import's transaction on SQLite: drop the secondary indexes of ``cards``,
    ``faces`` and ``card_names`` on entry and create them again, from their own stored
    ``CREATE INDEX`` statements, on exit (a sorted build is cheaper than 80,000 inserts into
    each B-tree). SQLite's DDL is transactional: a rolled-back import gets the old indexes
    back with the old rows. Does nothing on other databases.

    Raises
    ------
    sqlalchemy.exc.SQLAlchemyError
        The database refused a statement.
    """
    if session.get_bind().dialect.name != "sqlite":
        yield
        return
    marks = ", ".join(f"'{t}'" for t in _BULK_TABLES)
    indexes = session.execute(text(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
        f"AND tbl_name IN ({marks})")).all()
    for name, _ in indexes:
        session.execute(text(f'DROP INDEX "{name}"'))
    yield
    for _, sql in indexes:
        session.execute(text(sql))
