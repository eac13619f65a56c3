"""Repository functions over the card database; they take a Session and return frozen values.

Sessions are opened by the caller at the use-case boundary (:mod:`analyzer.services`), never
here (STYLE.md habit 13). Rows never leave this module: callers get
:class:`~analyzer.cards.model.Card` values.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from analyzer.cards.db.fulltext import drop_search_index
from analyzer.cards.db.rows import (
    CARD_COLUMNS,
    build_rows,
    color_mask,
    insert_rows,
    stat_value,
)
from analyzer.cards.db.schema import CardNameRow, CardNoteRow, CardRow, FaceRow, MetaRow
from analyzer.cards.lookup import NameHit, NameKind, name_keys
from analyzer.cards.model import Card, CardId, Face
from analyzer.cards.names import normalize_name

__all__ = [
    "CardNote",
    "DatabaseCardLookup",
    "DatabaseInfo",
    "card_count",
    "card_from_row",
    "card_note",
    "card_search_values",
    "cards_by_id",
    "color_mask",
    "database_info",
    "find_card",
    "insert_cards",
    "iter_cards",
    "name_rows",
    "search_names",
    "set_card_note",
    "set_meta",
    "stat_value",
    "wipe_cards",
]

_CHUNK = 500


@dataclass(frozen=True, slots=True)
class DatabaseInfo:
    """What the status bar and ``spellweb info`` show about the card database."""

    url: str
    """The database URL, password hidden."""
    cards: int
    """Number of cards."""
    faces: int
    """Number of faces."""
    source: str
    """Where the cards came from: ``"starter"`` or the imported file's name."""
    imported_at: str
    """ISO 8601 time of the last import, UTC; empty when never imported."""
    data_date: str
    """The card file's own date (``meta.date`` of AtomicCards)."""
    schema_version: str
    """The schema version stored in the database."""


def card_from_row(row: CardRow) -> Card:
    """Convert a ``cards`` row with its faces into a :class:`Card`."""
    faces = tuple(
        Face(name=f.name, side=f.side, mana_cost=f.mana_cost, mana_value=f.mana_value,
             colors=tuple(f.colors), color_indicator=tuple(f.color_indicator), type=f.type,
             supertypes=tuple(f.supertypes), types=tuple(f.types), subtypes=tuple(f.subtypes),
             text=f.text, power=f.power, toughness=f.toughness, loyalty=f.loyalty,
             defense=f.defense, keywords=tuple(f.keywords))
        for f in row.faces)
    return Card(id=row.id, name=row.name, layout=row.layout, mana_value=row.mana_value,
                color_identity=tuple(row.color_identity), keywords=tuple(row.keywords),
                legalities=dict(row.legalities), faces=faces, ascii_name=row.ascii_name,
                flavor_names=tuple(row.flavor_names), data_source=row.data_source,
                leadership_skills={k: bool(v) for k, v in row.leadership_skills.items()},
                is_game_changer=bool(row.is_game_changer))


def _chunks(items: Sequence[Any], size: int = _CHUNK) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def cards_by_id(session: Session, ids: Collection[CardId]) -> dict[CardId, Card]:
    """Load the cards with these ids; ids not in the database are left out."""
    found: dict[CardId, Card] = {}
    for chunk in _chunks(sorted(set(ids))):
        for row in session.scalars(select(CardRow).where(CardRow.id.in_(chunk))):
            found[row.id] = card_from_row(row)
    return found


def iter_cards(session: Session, chunk: int = 2000) -> Iterator[Card]:
    """Every card of the database, by name, loaded ``chunk`` rows at a time."""
    rows = session.scalars(select(CardRow).order_by(CardRow.name).execution_options(
        yield_per=chunk))
    for row in rows:
        yield card_from_row(row)


def find_card(session: Session, name: str) -> Card | None:
    """The card a name means (full name first, then ASCII, face and flavor names), or None."""
    hits = DatabaseCardLookup(session).hits([normalize_name(name)])
    found = next(iter(hits.values()), [])
    return found[0].card if found else None


def search_names(session: Session, text: str, limit: int = 200) -> list[Card]:
    """Cards whose name contains ``text`` (case- and accent-insensitive), by name."""
    key = f"%{normalize_name(text)}%"
    ids = session.scalars(
        select(CardNameRow.card_id).where(CardNameRow.key.like(key)).distinct()
        .limit(limit)).all()
    return sorted(cards_by_id(session, ids).values(), key=lambda c: c.name)


class DatabaseCardLookup:
    """The :class:`~analyzer.cards.lookup.CardLookup` of a database session.

    One query per :meth:`hits` call (in chunks of 500 keys), so a deck resolves in one round
    trip.
    """

    def __init__(self, session: Session) -> None:
        self._session = session
        self._names: list[str] | None = None

    def hits(self, keys: Collection[str]) -> dict[str, list[NameHit]]:
        """See :meth:`analyzer.cards.lookup.CardLookup.hits`."""
        rows: list[tuple[str, str, int, int]] = []
        for chunk in _chunks(sorted(set(keys))):
            found = self._session.execute(
                select(CardNameRow.key, CardNameRow.card_id, CardNameRow.kind,
                       CardNameRow.face_index).where(CardNameRow.key.in_(chunk)))
            rows.extend((r[0], r[1], r[2], r[3]) for r in found)
        cards = cards_by_id(self._session, {r[1] for r in rows})
        result: dict[str, list[NameHit]] = {}
        for key, card_id, kind, face_index in rows:
            if card_id in cards:
                result.setdefault(key, []).append(
                    NameHit(cards[card_id], NameKind(kind), face_index))
        for hits in result.values():
            hits.sort(key=lambda h: (h.kind, h.card.name))
        return result

    def all_names(self) -> Sequence[str]:
        """See :meth:`analyzer.cards.lookup.CardLookup.all_names` (read once, then cached)."""
        if self._names is None:
            self._names = list(self._session.scalars(select(CardRow.name).order_by(CardRow.name)))
        return self._names


def card_count(session: Session) -> int:
    """Number of cards in the database."""
    return int(session.scalar(select(func.count()).select_from(CardRow)) or 0)


def set_meta(session: Session, **values: str) -> None:
    """Write ``meta`` keys (insert or replace)."""
    for key, value in values.items():
        session.merge(MetaRow(key=key, value=value))


def database_info(session: Session, url: str) -> DatabaseInfo:
    """Counts and provenance of the card database."""
    meta = {row.key: row.value for row in session.scalars(select(MetaRow))}
    faces = int(session.scalar(select(func.count()).select_from(FaceRow)) or 0)
    return DatabaseInfo(url=url, cards=card_count(session), faces=faces,
                        source=meta.get("source", ""), imported_at=meta.get("imported_at", ""),
                        data_date=meta.get("data_date", ""),
                        schema_version=meta.get("schema_version", ""))


def wipe_cards(session: Session) -> None:
    """Delete every card, face and name row, and the full-text index built from them
    (inside the caller's transaction)."""
    session.execute(delete(CardNameRow))
    session.execute(delete(FaceRow))
    session.execute(delete(CardRow))
    drop_search_index(session)


def card_search_values(card: Card) -> dict[str, Any]:
    """The ``cards`` search columns of a card (see :class:`~analyzer.cards.db.schema.CardRow`),
    as the import writes them (:func:`analyzer.cards.db.rows.build_rows`)."""
    row = build_rows([card]).cards[0]
    first = CARD_COLUMNS.index("name_key")
    return dict(zip(CARD_COLUMNS[first:], row[first:], strict=True))


def name_rows(card: Card) -> list[dict[str, Any]]:
    """The ``card_names`` rows of a card (see :func:`analyzer.cards.lookup.name_keys`)."""
    return [{"key": key, "card_id": card.id, "kind": int(kind), "face_index": index}
            for key, kind, index in name_keys(card)]


def insert_cards(session: Session, cards: Sequence[Card]) -> None:
    """Bulk-insert cards with their faces and names (inside the caller's transaction); their
    ids must be distinct. See :mod:`analyzer.cards.db.rows`. The full-text index is dropped
    (built again on the next search, :mod:`analyzer.cards.db.fulltext`)."""
    if cards:
        drop_search_index(session)
        insert_rows(session, build_rows(cards))


def utc_now() -> str:
    """The current time as ISO 8601 UTC, seconds precision."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True, slots=True)
class CardNote:
    """The user's tags and note on a card (kept across imports)."""

    name: str
    """The card's name."""
    tags: tuple[str, ...] = ()
    """Tags in the order the user gave them."""
    note: str = ""
    """Free text."""
    updated_at: str = ""
    """ISO 8601 UTC time of the last change; empty for a card without a note."""


def card_note(session: Session, name: str) -> CardNote:
    """The note on the card of that name (an empty note when there is none)."""
    row = session.get(CardNoteRow, normalize_name(name))
    if row is None:
        return CardNote(name=name)
    return CardNote(row.name, tuple(row.tags), row.note, row.updated_at)


def set_card_note(session: Session, name: str, *, tags: Sequence[str] = (),
                  note: str = "") -> CardNote:
    """Write (or, when both are empty, delete) the user's tags and note on a card."""
    key = normalize_name(name)
    row = session.get(CardNoteRow, key)
    clean_tags = list(dict.fromkeys(t.strip() for t in tags if t.strip()))
    if not clean_tags and not note.strip():
        if row is not None:
            session.delete(row)
        return CardNote(name=name)
    now = utc_now()
    session.merge(CardNoteRow(name_key=key, name=name, tags=clean_tags, note=note,
                              updated_at=now))
    return CardNote(name, tuple(clean_tags), note, now)
