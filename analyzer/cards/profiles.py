"""Compiled card profiles stored beside the cards (table ``card_profiles``).

Reading Oracle text is the slow part of opening a deck (about 0.5 ms per card, 10-20 s for the
whole card file), so each card's :class:`~analyzer.oracle.profile.CardProfile` is compiled
once and stored as JSON (:mod:`analyzer.oracle.serialize`) with the compiler's version
(:data:`analyzer.oracle.compile.COMPILER_VERSION`) and a fingerprint of the card it was
compiled from (:func:`card_fingerprint`). A stored profile is *current* when both match:

- after an import, :func:`compile_profiles_job` compiles every card that lacks a current
  profile, as a background job with progress and cancel (each batch is its own short
  transaction, so a cancelled run keeps what it wrote and a later run goes on from there);
  a re-import of the same card file keeps every profile current, a newer file only makes
  its changed cards stale;
- on first use, :func:`profiles_for` compiles and stores the cards it finds no current
  profile for (another compiler version, changed card data, never compiled).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, exists, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.db.schema import CardProfileRow, CardRow
from analyzer.cards.model import Card, CardId
from analyzer.errors import DatabaseError
from analyzer.oracle.compile import COMPILER_VERSION, compile_card
from analyzer.oracle.mana import SymbolKind
from analyzer.oracle.mana_abilities import ManaChoice
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.serialize import ProfileFormatError, profile_from_json, profile_to_json
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["ProfileStatus", "card_fingerprint", "compile_profiles_job", "ensure_profiles",
           "produced_colors", "profile_status", "profiles_for", "stored_profiles",
           "wipe_profiles", "write_profiles"]

_BATCH = 500
_CHUNK = 500


def card_fingerprint(card: Card) -> str:
    """SHA-1 of every field of the card (its ``repr``): equal for the same card data.

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> a = Card(id="x", name="Bear", faces=(Face("Bear", text="Trample"),))
    >>> card_fingerprint(a) == card_fingerprint(Card(id="x", name="Bear",
    ...                                              faces=(Face("Bear", text="Trample"),)))
    True
    >>> card_fingerprint(a) == card_fingerprint(Card(id="x", name="Bear", faces=(Face("Bear"),)))
    False
    """
    return hashlib.sha1(repr(card).encode(), usedforsecurity=False).hexdigest()


def produced_colors(profile: CardProfile) -> str:
    """The colours ``profile``'s mana abilities can add (CR 605), as lower-case letters of
    ``wubrgc`` (``c``: colourless) in that order: what ``produces:`` searches. A choice that
    depends on other permanents ("any type a land you control could produce") adds none.

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> from analyzer.oracle.compile import compile_card
    >>> produced_colors(compile_card(Card(id="x", name="Sol Ring", faces=(Face("Sol Ring",
    ...     types=("Artifact",), text="{T}: Add {C}{C}."),))))
    'c'
    """
    found: set[str] = set()
    for ability in profile.mana_abilities:
        colors = ability.fixed_colors
        if colors is not None:
            found.update(colors.letters.lower())
        if not isinstance(ability.produces, ManaChoice) and any(
                symbol.kind is SymbolKind.COLORLESS for option in ability.produces
                for symbol in option.symbols):
            found.add("c")
    return "".join(ch for ch in "wubrgc" if ch in found)


def wipe_profiles(session: Session) -> None:
    """Delete every stored profile (inside the caller's transaction)."""
    session.execute(delete(CardProfileRow))


def stored_profiles(session: Session, cards: Sequence[Card]) -> dict[CardId, CardProfile]:
    """The current stored profiles of these cards (see the module docstring).

    Cards without one (never compiled, another compiler version, changed card data, or a
    stored text the current profile classes cannot read) are left out: the caller compiles
    them.
    """
    by_id = {c.id: c for c in cards}
    found: dict[CardId, CardProfile] = {}
    wanted = sorted(by_id)
    for start in range(0, len(wanted), _CHUNK):
        rows = session.execute(
            select(CardProfileRow.card_id, CardProfileRow.card_hash, CardProfileRow.profile)
            .where(CardProfileRow.card_id.in_(wanted[start:start + _CHUNK]),
                   CardProfileRow.compiler_version == COMPILER_VERSION))
        for card_id, card_hash, text in rows:
            if card_hash != card_fingerprint(by_id[card_id]):
                continue
            try:
                found[card_id] = profile_from_json(text)
            except ProfileFormatError:
                continue  # written by a build whose profile classes differ: compile again
    return found


def write_profiles(session: Session, compiled: Sequence[tuple[Card, CardProfile]]) -> None:
    """Store (insert or replace) each card's profile with the current compiler version.

    Raises
    ------
    sqlalchemy.exc.SQLAlchemyError
        The database refused the write.
    """
    if not compiled:
        return
    values = [{"card_id": card.id, "compiler_version": COMPILER_VERSION,
               "card_hash": card_fingerprint(card), "profile": profile_to_json(profile),
               "produces": "".join(f"|{ch}|" for ch in produced_colors(profile))}
              for card, profile in compiled]
    dialect = session.get_bind().dialect.name
    if dialect in ("sqlite", "postgresql"):
        insert = sqlite_insert if dialect == "sqlite" else postgresql_insert
        statement = insert(CardProfileRow)
        session.execute(statement.on_conflict_do_update(
            index_elements=[CardProfileRow.card_id],
            set_={"compiler_version": statement.excluded.compiler_version,
                  "card_hash": statement.excluded.card_hash,
                  "profile": statement.excluded.profile,
                  "produces": statement.excluded.produces}), values)
        return
    session.execute(delete(CardProfileRow).where(
        CardProfileRow.card_id.in_([v["card_id"] for v in values])))
    session.execute(CardProfileRow.__table__.insert(), values)  # type: ignore[attr-defined]


def profiles_for(session: Session, cards: Sequence[Card]) -> dict[CardId, CardProfile]:
    """Every card's profile: the stored one where it is current, else compiled now and stored.

    Parameters
    ----------
    session : Session
        A session in a transaction on the card database (the compiled profiles are written
        in it).
    cards : sequence of Card
        Cards of this database (a deck's cards).

    Returns
    -------
    dict
        ``{card.id: profile}`` for every card given.
    """
    found = stored_profiles(session, cards)
    missing = list({c.id: c for c in cards if c.id not in found}.values())
    compiled = [(c, compile_card(c)) for c in missing]
    write_profiles(session, compiled)
    found.update((c.id, p) for c, p in compiled)
    return found


@dataclass(frozen=True, slots=True)
class ProfileStatus:
    """How far the stored profiles are from complete."""

    current: int
    """Cards with a current stored profile."""
    cards: int
    """Cards in the database."""


def _stale_ids(session: Session) -> tuple[list[CardId], int]:
    """Ids of the cards without a current profile (by name), and the number of cards."""
    stored = {card_id: card_hash for card_id, card_hash in session.execute(
        select(CardProfileRow.card_id, CardProfileRow.card_hash)
        .where(CardProfileRow.compiler_version == COMPILER_VERSION))}
    stale: list[CardId] = []
    total = 0
    for card in repo.iter_cards(session):
        total += 1
        if stored.get(card.id) != card_fingerprint(card):
            stale.append(card.id)
    return stale, total


def ensure_profiles(session: Session) -> int:
    """Compile and store, in the caller's transaction, the profile of every card that has no
    profile of the current compiler version (what ``produces:`` reads); returns how many were
    compiled. One query when the background compile after the import
    (:func:`compile_profiles_job`) has run; else it compiles them now (about 0.5 ms a card).
    A profile made stale by changed card data (a newer card file) is left to that job.

    Raises
    ------
    sqlalchemy.exc.SQLAlchemyError
        The database refused the write.
    """
    current = exists().where(CardProfileRow.card_id == CardRow.id,
                             CardProfileRow.compiler_version == COMPILER_VERSION)
    missing = list(session.scalars(select(CardRow.id).where(~current)))
    for start in range(0, len(missing), _BATCH):
        cards = repo.cards_by_id(session, missing[start:start + _BATCH])
        write_profiles(session, [(card, compile_card(card)) for card in cards.values()])
    return len(missing)


def profile_status(session: Session) -> ProfileStatus:
    """How many cards have a current stored profile, out of how many."""
    stale, total = _stale_ids(session)
    return ProfileStatus(current=total - len(stale), cards=total)


def compile_profiles_job(db: Database, *, cancel: CancelToken | None = None,
                         batch: int = _BATCH) -> Job[int]:
    """Compile and store the profile of every card that lacks a current one.

    The background job to run after an import (or after an update of the compiler). It first
    deletes the profiles of cards no longer in the database, then compiles in batches of
    ``batch`` cards, each read, compiled and written in its own transaction.

    Yields
    ------
    Progress
        One report per batch: cards compiled so far, out of those that needed it.

    Returns
    -------
    int
        How many profiles were compiled.

    Raises
    ------
    Cancelled
        ``cancel`` was set; the batches written so far stay.
    DatabaseError
        The database refused a write.
    """
    token = cancel or CancelToken()
    yield Progress(0, 0, "Looking for cards to compile")
    try:
        with db.session() as session:
            session.execute(delete(CardProfileRow).where(
                CardProfileRow.card_id.not_in(select(CardRow.id))))
            todo, _ = _stale_ids(session)
        yield Progress(0, len(todo), f"Compiling {len(todo):,} card profiles")
        for start in range(0, len(todo), batch):
            token.check()
            with db.session() as session:
                cards = repo.cards_by_id(session, todo[start:start + batch])
                write_profiles(session, [(c, compile_card(c)) for c in cards.values()])
            done = min(start + batch, len(todo))
            yield Progress(done, len(todo), f"Compiled card profiles {done:,}/{len(todo):,}")
    except SQLAlchemyError as err:
        raise DatabaseError(f"storing card profiles in {db.safe_url!r} failed: {err}") from err
    return len(todo)
