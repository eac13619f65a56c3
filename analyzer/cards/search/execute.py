"""Running a search query on a database session: parse, check, compile, select.

The engine is chosen by the database's dialect: SQLite uses the FTS5 index (built on the spot
for a database written before it existed), any other database plain SQL.
"""

from __future__ import annotations

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from analyzer.cards.db.fulltext import ensure_search_index
from analyzer.cards.db.printings import has_printings
from analyzer.cards.db.repository import card_from_row
from analyzer.cards.db.schema import CardRow
from analyzer.cards.model import Card
from analyzer.cards.search.compiler import compile_query
from analyzer.cards.search.parser import TokenKind, parse_query, tokenize
from analyzer.cards.search.syntax import FIELD_ALIASES, Field, Node, Not, Term
from analyzer.errors import SearchSyntaxError

__all__ = ["PRINTINGS_TABLE", "run_search"]

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


def _refuse_printing_terms(query: str, node: Node, session: Session) -> None:
    if not any(t.field in _PRINTING_FIELDS for t in _terms(node)):
        return
    if inspect(session.connection()).has_table(PRINTINGS_TABLE) and has_printings(session):
        return
    for token in tokenize(query):
        if token.kind is TokenKind.TERM and FIELD_ALIASES.get(token.field.lower()) in \
                _PRINTING_FIELDS:
            raise SearchSyntaxError(query, token.offset, token.length,
                                    f"{token.field}: needs printings data, which this "
                                    f"database does not have")
    raise AssertionError("a printing term without its token")  # pragma: no cover


def run_search(session: Session, query: str, *, limit: int | None = None,
               fulltext: bool | None = None) -> list[Card]:
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

    Returns
    -------
    list of Card

    Raises
    ------
    SearchSyntaxError
        The query is malformed, or uses ``r:`` / ``s:`` on a database without printings
        (``r:`` matches cards with a printing of that rarity, ``s:`` with a printing in
        that set).
    """
    node = parse_query(query)
    _refuse_printing_terms(query, node, session)
    if fulltext is None or fulltext:
        fulltext = ensure_search_index(session)
    statement = select(CardRow).where(compile_query(node, fulltext=fulltext)) \
        .order_by(CardRow.name, CardRow.id)
    if limit is not None:
        statement = statement.limit(limit)
    cards = [card_from_row(row) for row in session.scalars(statement)]
    cards.sort(key=lambda c: c.name)
    return cards
