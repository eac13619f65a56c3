"""Running a search query on a database session: parse, check, compile, select.

The engine is chosen by the database's dialect: SQLite uses the FTS5 index (built on the spot
where it is absent: after an import, or in a database written before it existed), any other
database plain SQL. Both engines give the same cards (tests/cards/test_search_real.py).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from analyzer.cards.db.engine import Database
from analyzer.cards.db.fulltext import ensure_search_index, has_search_index, uses_fulltext
from analyzer.cards.db.printings import has_printings
from analyzer.cards.db.repository import card_from_row
from analyzer.cards.db.schema import CardRow
from analyzer.cards.model import Card
from analyzer.cards.search.compiler import compile_query
from analyzer.cards.search.meld import without_meld_results
from analyzer.cards.search.parser import TokenKind, parse_query, tokenize
from analyzer.cards.search.syntax import FIELD_ALIASES, Field, Node, Not, Term
from analyzer.errors import SearchSyntaxError
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["PRINTINGS_TABLE", "check_printing_terms", "prepare_profile_terms", "run_search",
           "search_index_job", "search_index_missing"]

PRINTINGS_TABLE = "printings"
"""The table ``r:`` and ``s:`` need; databases without it, or with it empty, refuse those
terms (import MTGJSON AllPrintings or set files to fill it)."""

_PRINTING_FIELDS = (Field.RARITY, Field.SET)


def _terms(node: Node) -> list[Term]:
    if isinstance(node, Term):
        return [node]
    if isinstance(node, Not):
        return _terms(node.operand)
    return [t for op in node.operands for t in _terms(op)]


def check_printing_terms(query: str, node: Node, session: Session) -> None:
    """Refuse ``r:`` / ``s:`` terms of ``node`` (parsed from ``query``) when the database
    holds no printings.

    Raises
    ------
    SearchSyntaxError
        Pointing at the first ``r:`` / ``s:`` term of ``query``, saying how to import
        printings.
    """
    if not any(t.field in _PRINTING_FIELDS for t in _terms(node)):
        return
    if inspect(session.connection()).has_table(PRINTINGS_TABLE) and has_printings(session):
        return
    for token in tokenize(query):
        if token.kind is TokenKind.TERM and FIELD_ALIASES.get(token.field.lower()) in \
                _PRINTING_FIELDS:
            raise SearchSyntaxError(query, token.offset, token.length,
                                    f"{token.field}: needs printings data, which this "
                                    "database does not have; import MTGJSON AllPrintings "
                                    "or set files (`spellweb import-cards "
                                    "AllPrintings.json.gz`, see README)")
    raise AssertionError("a printing term without its token")  # pragma: no cover


def prepare_profile_terms(node: Node, session: Session) -> None:
    """Before a query with ``produces:`` runs: compile the profiles it reads where they are
    missing or stale (:func:`analyzer.cards.profiles.ensure_profiles`, in the caller's
    transaction); nothing for any other query."""
    if any(t.field is Field.PRODUCES for t in _terms(node)):
        # Imported here: the window starts without the Oracle compiler's modules.
        from analyzer.cards.profiles import ensure_profiles

        ensure_profiles(session)


def run_search(session: Session, query: str, *, limit: int | None = None,
               fulltext: bool | None = None,
               on_index_build: Callable[[], None] | None = None) -> list[Card]:
    """The cards a Scryfall-syntax query matches, sorted by name.

    Parameters
    ----------
    session : Session
        A session on the card database (opened by the caller, STYLE.md habit 13).
    query : str
        The query, e.g. ``'t:ninja c:b'``.
    limit : int, optional
        At most this many cards (the first by name).
    fulltext : bool, optional
        Force the FTS5 (True) or plain SQL (False) engine; default: FTS5 on SQLite.
    on_index_build : callable, optional
        Called when the query is valid and the full-text index must be built first (the
        first search after an import; the command line says so).

    Returns
    -------
    list of Card
        A melded permanent's back face (Brisela) only when the query asks for it
        (``is:meld`` or ``!name``, :mod:`analyzer.cards.search.meld`, CR 712.4).

    Raises
    ------
    SearchSyntaxError
        The query is malformed, or uses ``r:`` / ``s:`` on a database without printings
        (``r:`` matches cards with a printing of that rarity, ``s:`` with a printing in
        that set).
    """
    node = parse_query(query)
    check_printing_terms(query, node, session)
    prepare_profile_terms(node, session)
    if fulltext is None or fulltext:
        if on_index_build is not None and search_index_missing(session):
            on_index_build()
        fulltext = ensure_search_index(session)
    statement = select(CardRow).where(without_meld_results(
        node, compile_query(node, fulltext=fulltext))) \
        .order_by(CardRow.name, CardRow.id)
    if limit is not None:
        statement = statement.limit(limit)
    cards = [card_from_row(row) for row in session.scalars(statement)]
    cards.sort(key=lambda c: c.name)
    return cards


def search_index_missing(session: Session) -> bool:
    """True when the next search on this SQLite database builds the full-text index first
    (absent after an import until built, :mod:`analyzer.cards.db.fulltext`)."""
    return uses_fulltext(session) and not has_search_index(session)


def search_index_job(db: Database, *, cancel: CancelToken | None = None) -> Job[bool]:
    """Build the full-text search index if it is absent, in a transaction of its own: the step
    after an import (the import commits the cards without it), so the first search does not
    wait for it. A kill or failure here leaves the cards as imported; the next search builds
    the index again.

    Yields
    ------
    Progress
        One report before the build (about a second for the 24,000 cards of MTGJSON).

    Returns
    -------
    bool
        True if it built the index; False if it was there already or the database is not
        SQLite (plain SQL search).

    Raises
    ------
    Cancelled
        ``cancel`` was set before the build.
    sqlalchemy.exc.SQLAlchemyError
        The database refused the write (the cards stay as they are).
    """
    token = cancel or CancelToken()
    with db.session() as session:
        if not search_index_missing(session):
            return False
    token.check()
    yield Progress(0, 1, "Building the search index")
    with db.session() as session:
        built = search_index_missing(session) and ensure_search_index(session)
    yield Progress(1, 1, "Built the search index")
    return built
