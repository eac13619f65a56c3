"""Repository functions over the ``printings`` table; they take a Session, return values.

Kept apart from :mod:`analyzer.cards.db.repository` (the Oracle cards): printings are
imported and replaced on their own (:mod:`analyzer.cards.printings`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Table, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session

from analyzer.cards.db.schema import CardRow, PrintingRow
from analyzer.cards.identity import card_id_for
from analyzer.cards.model import CardId
from analyzer.cards.printing import Printing

__all__ = ["CardIndex", "card_index", "has_printings", "insert_printings", "printing_count",
           "printings_of", "relink_printings", "wipe_printings"]


def _table() -> Table:
    table = PrintingRow.__table__
    assert isinstance(table, Table)
    return table


def has_printings(session: Session) -> bool:
    """True if the database holds at least one printing."""
    return session.scalar(select(PrintingRow.id).limit(1)) is not None


def printing_count(session: Session) -> int:
    """Number of printing rows (one per face of each printing)."""
    return int(session.scalar(select(func.count()).select_from(PrintingRow)) or 0)


def wipe_printings(session: Session) -> None:
    """Delete every printing (inside the caller's transaction)."""
    session.execute(delete(PrintingRow))


def _values(p: Printing) -> dict[str, Any]:
    return {"card_id": p.card_id, "name": p.name, "face_name": p.face_name, "side": p.side,
            "set_code": p.set_code, "set_name": p.set_name, "set_type": p.set_type,
            "release_date": p.release_date, "collector_number": p.number,
            "rarity": p.rarity, "arena_id": p.arena_id, "mtgo_id": p.mtgo_id,
            "scryfall_id": p.scryfall_id, "oracle_id": p.oracle_id}


def insert_printings(session: Session, printings: Sequence[Printing]) -> None:
    """Bulk-insert printings (Core executemany, inside the caller's transaction)."""
    if printings:
        session.execute(insert(_table()), [_values(p) for p in printings])


def printings_of(session: Session, card_id: CardId) -> list[Printing]:
    """The printings of a card, oldest set first, then by set code and collector number."""
    rows = session.scalars(select(PrintingRow).where(PrintingRow.card_id == card_id)
                           .order_by(PrintingRow.release_date, PrintingRow.set_code,
                                     PrintingRow.collector_number, PrintingRow.side))
    return [Printing(card_id=r.card_id, name=r.name, set_code=r.set_code,
                     number=r.collector_number, rarity=r.rarity, face_name=r.face_name,
                     side=r.side, set_name=r.set_name, set_type=r.set_type,
                     release_date=r.release_date, arena_id=r.arena_id, mtgo_id=r.mtgo_id,
                     scryfall_id=r.scryfall_id, oracle_id=r.oracle_id) for r in rows]


class CardIndex:
    """The cards' ids and full names, to link printings to them (read once per import)."""

    def __init__(self, rows: Iterable[tuple[str, str]]) -> None:
        self.ids: set[CardId] = set()
        self.by_name: dict[str, list[CardId]] = {}
        for card_id, name in rows:
            self.ids.add(card_id)
            self.by_name.setdefault(name, []).append(card_id)

    def find(self, name: str, oracle_id: str | None) -> CardId | None:
        """The id of the card a printing belongs to, or None when no card matches.

        By Oracle id where the card has it, else by the full name (the id derived from it,
        else the first card of that name).
        """
        if oracle_id and oracle_id in self.ids:
            return oracle_id
        derived = card_id_for(name)
        if derived in self.ids:
            return derived
        same_name = self.by_name.get(name)
        return same_name[0] if same_name else None


def card_index(session: Session) -> CardIndex:
    """A :class:`CardIndex` of every card in the database."""
    return CardIndex((r[0], r[1]) for r in session.execute(select(CardRow.id, CardRow.name)))


def relink_printings(session: Session) -> tuple[int, int]:
    """Point every printing at the card it belongs to now (after the cards were re-imported).

    Returns
    -------
    (linked, unlinked) : tuple of int
        Distinct cards of the printings that found a card, and that did not (those keep an id
        derived from their Oracle id or name, and come back when such a card is imported).
    """
    index = card_index(session)
    pairs = session.execute(select(PrintingRow.oracle_id, PrintingRow.name,
                                   PrintingRow.card_id).distinct()).all()
    changes: list[dict[str, Any]] = []
    linked = unlinked = 0
    for oracle_id, name, current in pairs:
        found = index.find(name, oracle_id)
        if found is None:
            unlinked += 1
            continue
        linked += 1
        if found != current:
            changes.append({"new_id": found, "old_id": current, "b_name": name})
    if changes:
        table = _table()
        session.execute(update(table).where(table.c.card_id == bindparam("old_id"),
                                            table.c.name == bindparam("b_name"))
                        .values(card_id=bindparam("new_id")), changes)
    return linked, unlinked
