"""Search results as light rows for a card browser: one :class:`CardSummary` per card.

:func:`~analyzer.cards.search.execute.run_search` builds full :class:`~analyzer.cards.model.Card`
values (every face, legalities, keywords), about 5 s for the 24,000 cards of MTGJSON; a
browser only needs what its table shows, so :func:`search_summaries` selects those columns
alone (about 0.2 s for every card) and the full card is read when one is picked.

Field names follow MTGJSON's *Card (Atomic)* model (``manaCost``, ``manaValue``, ``type``,
``power``, ``toughness``, ``loyalty``, ``defense``, ``colorIdentity``) and *Card (Set)*
``rarity``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session, aliased

from analyzer.cards.db.engine import Database
from analyzer.cards.db.fulltext import ensure_search_index
from analyzer.cards.db.printings import has_printings
from analyzer.cards.db.schema import CardRow, FaceRow, PrintingRow
from analyzer.cards.model import CardId
from analyzer.cards.search.compiler import compile_query
from analyzer.cards.search.execute import (
    PRINTINGS_TABLE,
    check_printing_terms,
    prepare_profile_terms,
    search_index_missing,
)
from analyzer.cards.search.meld import without_meld_results
from analyzer.cards.search.parser import parse_query
from analyzer.cards.search.syntax import RARITY_ORDER
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["CardSummary", "SearchResults", "name_sort_key", "search_summaries",
           "search_summaries_job"]


def name_sort_key(name: str) -> str:
    """The key card names sort by: accents folded (Unicode NFKD with the combining marks
    removed, so "Éowyn" sorts with "Eowyn", not after "Z"), then case-folded.

    >>> sorted(["Zombie", "Éowyn", "Aether"], key=name_sort_key)
    ['Aether', 'Éowyn', 'Zombie']
    """
    if name.isascii():
        return name.casefold()
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()

_COLOR_BITS = (("W", 1), ("U", 2), ("B", 4), ("R", 8), ("G", 16))
_CHUNK = 2000
"""Rows read between two looks at the cancel token."""


@dataclass(frozen=True, slots=True)
class CardSummary:
    """What a result table shows of one card: its front face's characteristics.

    Examples
    --------
    >>> bolt = CardSummary("id", "Lightning Bolt", "{R}", 1.0, "Instant", identity="R")
    >>> bolt.stats, bolt.identity_symbols
    ('', '{R}')
    >>> CardSummary("x", "Ornithopter", "{0}", 0.0, "Artifact Creature — Thopter",
    ...             power="0", toughness="2").stats
    '0/2'
    """

    id: CardId
    """The card's id (:data:`~analyzer.cards.model.CardId`)."""
    name: str
    """The full name (``"Fire // Ice"``)."""
    mana_cost: str
    """``manaCost`` in braces; the faces' costs joined by ``" // "`` when more than one face
    has a cost (``"{1}{R} // {1}{U}"``); empty when no face has one."""
    mana_value: float
    """``manaValue`` of the whole card."""
    type_line: str
    """Every face's ``type`` joined by ``" // "``."""
    power: str | None = None
    """The front face's ``power`` as printed (``"*"`` possible)."""
    toughness: str | None = None
    """The front face's ``toughness`` as printed."""
    loyalty: str | None = None
    """The front face's ``loyalty`` (planeswalkers)."""
    defense: str | None = None
    """The front face's ``defense`` (battles)."""
    power_value: float | None = None
    """``power`` as a number for sorting (``"*"`` counts 0, as ``pow`` does in queries)."""
    toughness_value: float | None = None
    """``toughness`` as a number for sorting."""
    identity: str = ""
    """``colorIdentity`` as letters in WUBRG order (``"UB"``); empty for colourless."""
    rarities: tuple[str, ...] = ()
    """The rarities of the card's printings, lowest first (:data:`RARITY_ORDER`); empty when
    the database holds no printings (AtomicCards has none)."""

    @property
    def stats(self) -> str:
        """``"power/toughness"``, else ``"Loyalty n"``, else ``"Defense n"``, else ``""``."""
        if self.power is not None or self.toughness is not None:
            return f"{self.power or ''}/{self.toughness or ''}"
        if self.loyalty is not None:
            return f"Loyalty {self.loyalty}"
        if self.defense is not None:
            return f"Defense {self.defense}"
        return ""

    @property
    def identity_symbols(self) -> str:
        """The colour identity as mana symbols (``"{U}{B}"``), empty for colourless."""
        return "".join(f"{{{letter}}}" for letter in self.identity)

    @property
    def rarity(self) -> str:
        """The rarities joined by ``", "`` (``"common, uncommon"``), empty when unknown."""
        return ", ".join(self.rarities)

    @property
    def rarity_rank(self) -> int:
        """Index of the lowest rarity in :data:`RARITY_ORDER`; ``len(RARITY_ORDER)`` when
        unknown (so cards without printings sort last)."""
        return RARITY_ORDER.index(self.rarities[0]) if self.rarities else len(RARITY_ORDER)


@dataclass(frozen=True, slots=True)
class SearchResults:
    """The answer to one query."""

    query: str
    """The query as typed."""
    cards: tuple[CardSummary, ...]
    """The matching cards, sorted by name."""
    has_rarities: bool = False
    """True when the database holds printings, so :attr:`CardSummary.rarities` is filled."""
    complete: bool = True
    """False when a ``limit`` cut the answer short (more cards match)."""


_IDENTITIES = tuple("".join(letter for letter, bit in _COLOR_BITS if mask & bit)
                    for mask in range(32))
"""Identity mask -> letters in WUBRG order."""

_CardPart = tuple[str, str, float, str, int]
"""id, name, mana value, type line, identity mask."""
_FacePart = tuple[str, str | None, str | None, str | None, str | None, float | None,
                  float | None]
"""mana cost, power, toughness, loyalty, defense, power value, toughness value."""
_NO_FACE: _FacePart = ("", None, None, None, None, None, None)


def _summary(card: _CardPart, faces: Sequence[_FacePart],
             rarities: tuple[str, ...]) -> CardSummary:
    front = faces[0] if faces else _NO_FACE
    cost = front[0] if len(faces) < 2 else " // ".join(f[0] for f in faces if f[0])
    return CardSummary(card[0], card[1], cost, card[2], card[3], front[1], front[2],
                       front[3], front[4], front[5], front[6], _IDENTITIES[card[4] & 31],
                       rarities)


def _rarities(session: Session, card_ids: Iterable[str]) -> dict[str, tuple[str, ...]]:
    wanted = set(card_ids)
    found: dict[str, set[str]] = {}
    rows = session.execute(select(PrintingRow.card_id, PrintingRow.rarity).distinct())
    for card_id, rarity in rows:
        if card_id in wanted and rarity in RARITY_ORDER:
            found.setdefault(card_id, set()).add(rarity)
    return {card_id: tuple(r for r in RARITY_ORDER if r in rarities)
            for card_id, rarities in found.items()}


def search_summaries(session: Session, query: str, *, limit: int | None = None,
                     cancel: CancelToken | None = None) -> SearchResults:
    """The cards a Scryfall-syntax query matches, as :class:`CardSummary` rows by name.

    The same cards as :func:`~analyzer.cards.search.execute.run_search` (same parser,
    compiler and engine choice: FTS5 on SQLite, built first if absent; meld results left
    out unless asked for, :mod:`analyzer.cards.search.meld`), without building full cards.

    Parameters
    ----------
    session : Session
        A session on the card database (opened by the caller, STYLE.md habit 13).
    query : str
        The query, e.g. ``'t:ninja c:b'``.
    limit : int, optional
        Only the first this many cards by name (a few milliseconds even when every card
        matches: the first page of a browser, shown while the whole answer is read).
    cancel : CancelToken, optional
        Checked after the query runs and every 2,000 rows read.

    Returns
    -------
    SearchResults

    Raises
    ------
    SearchSyntaxError
        The query is malformed, or uses ``r:`` / ``s:`` on a database without printings.
    Cancelled
        ``cancel`` was set.
    """
    token = cancel or CancelToken()
    node = parse_query(query)
    check_printing_terms(query, node, session)
    prepare_profile_terms(node, session)
    fulltext = ensure_search_index(session)
    token.check()
    # The faces are joined under an alias: the query's own face conditions are EXISTS
    # subqueries on ``faces`` correlated to ``cards`` only.
    face = aliased(FaceRow)
    statement = (select(CardRow.id, CardRow.name, CardRow.mana_value, CardRow.type_line,
                        CardRow.identity_mask, face.mana_cost, face.power, face.toughness,
                        face.loyalty, face.defense, face.power_value, face.toughness_value)
                 .join(face, face.card_id == CardRow.id, isouter=True)
                 .order_by(CardRow.name, CardRow.id, face.position))
    where = without_meld_results(node, compile_query(node, fulltext=fulltext))
    if limit is not None:
        first = (select(CardRow.id).where(where).order_by(CardRow.name, CardRow.id)
                 .limit(limit + 1).correlate(None))
        statement = statement.where(CardRow.id.in_(first))
    else:
        statement = statement.where(where)
    cards: list[tuple[_CardPart, list[_FacePart]]] = []
    for chunk in session.execute(statement).partitions(_CHUNK):
        token.check()
        for row in chunk:
            if not cards or cards[-1][0][0] != row[0]:
                cards.append(((row[0], row[1], row[2], row[3], row[4]), []))
            if row[5] is not None:
                cards[-1][1].append((row[5], row[6], row[7], row[8], row[9], row[10],
                                     row[11]))
    with_printings = inspect(session.connection()).has_table(PRINTINGS_TABLE) and \
        has_printings(session)
    rarities = _rarities(session, (c[0][0] for c in cards)) if with_printings else {}
    token.check()
    summaries = tuple(_summary(card, faces, rarities.get(card[0], ()))
                      for card, faces in cards)
    complete = limit is None or len(summaries) <= limit
    return SearchResults(query=query, cards=summaries[:limit], has_rarities=with_printings,
                         complete=complete)


def search_summaries_job(db: Database, query: str, *, limit: int | None = None,
                         cancel: CancelToken | None = None) -> Job[SearchResults]:
    """:func:`search_summaries` as a job for a worker thread (one session of its own);
    ``limit`` as there.

    Yields
    ------
    Progress
        ``"Searching"``, or ``"Building the search index"`` first when the SQLite full-text
        index is absent (the first search after an import, about a second).

    Returns
    -------
    SearchResults

    Raises
    ------
    SearchSyntaxError
        See :func:`search_summaries`; raised before the database is touched when the query
        is malformed.
    Cancelled
        ``cancel`` was set (a newer query superseded this one).
    """
    token = cancel or CancelToken()
    parse_query(query)
    with db.session() as session:
        if search_index_missing(session):
            yield Progress(0, 1, "Building the search index")
    token.check()
    yield Progress(0, 1, "Searching")
    with db.session() as session:
        found = search_summaries(session, query, limit=limit, cancel=token)
    yield Progress(1, 1, f"{len(found.cards):,} cards")
    return found
