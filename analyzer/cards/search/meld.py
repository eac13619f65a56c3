"""Melded permanents' back faces: found only when asked for, never put in a deck.

A meld pair (Bruna, the Fading Light and Gisela, the Broken Blade) melds into one permanent
whose back face (Brisela, Voice of Nightmares) is printed on the back of both cards. That face
is no card of its own: a deck cannot hold it, nor can it be a commander (CR 712.4: the
melded permanent is represented by both cards; CR 100.2a: a deck holds cards). MTGJSON's
AtomicCards stores it as a card of its own: ``layout: "meld"`` and a single face with
``side: "b"`` (the pair's fronts are ``side: "a"``).

The search (:func:`~analyzer.cards.search.execute.run_search`,
:func:`~analyzer.cards.search.results.search_summaries`) leaves these cards out unless the
query asks for them: an ``is:meld`` term or an exact ``!name``.
:func:`analyzer.decks.deck_sections` says where a card found can go: nowhere for a meld
result, the command zone only for a card that can be a commander.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, exists, not_

from analyzer.cards.db.schema import CardRow, FaceRow
from analyzer.cards.model import MELD_LAYOUT, MELD_RESULT_SIDE, Card
from analyzer.cards.search.syntax import And, Field, IsValue, Node, Not, Operator, Or, Term

__all__ = ["MELD_LAYOUT", "MELD_RESULT_SIDE", "asks_for_meld_results",
           "is_meld_result", "meld_result_clause", "without_meld_results"]


def is_meld_result(card: Card) -> bool:
    """True for a melded permanent's back face stored as a card (CR 712.4): layout
    ``meld`` and every face on side ``"b"``.

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> brisela = Card(id="b", name="Brisela, Voice of Nightmares", layout="meld",
    ...                faces=(Face("Brisela, Voice of Nightmares", side="b"),))
    >>> bruna = Card(id="a", name="Bruna, the Fading Light", layout="meld",
    ...              faces=(Face("Bruna, the Fading Light", side="a"),))
    >>> is_meld_result(brisela), is_meld_result(bruna)
    (True, False)
    """
    return card.is_meld_result


def meld_result_clause() -> ColumnElement[bool]:
    """SQL over ``cards``: the card is a meld result (:func:`is_meld_result`)."""
    return and_(CardRow.layout == MELD_LAYOUT,
                not_(exists().where(FaceRow.card_id == CardRow.id,
                                    FaceRow.side.is_distinct_from(MELD_RESULT_SIDE))))


def asks_for_meld_results(node: Node) -> bool:
    """True when the query names meld results itself: an ``is:meld`` term (not negated)
    or an exact ``!name`` anywhere in it."""
    if isinstance(node, Term):
        return (node.field is Field.IS and node.value == IsValue.MELD.value) or \
            (node.field is Field.NAME and node.operator is Operator.EXACT)
    if isinstance(node, Not):
        return False
    if isinstance(node, (And, Or)):
        return any(asks_for_meld_results(op) for op in node.operands)
    return False  # pragma: no cover - every node kind is above


def without_meld_results(node: Node, where: ColumnElement[bool]) -> ColumnElement[bool]:
    """``where`` with meld results left out, unless ``node`` asks for them
    (:func:`asks_for_meld_results`)."""
    if asks_for_meld_results(node):
        return where
    return and_(where, not_(meld_result_clause()))
