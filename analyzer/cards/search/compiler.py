"""From a query tree to a SQLAlchemy WHERE clause over ``cards``.

Each :class:`~analyzer.cards.search.syntax.Term` becomes one condition on a ``cards`` row;
conditions on faces and names are ``cards.id IN (SELECT ...)`` subqueries, so every card
appears once. Two engines give the same answers:

- full text (SQLite): name and Oracle text terms of three ASCII characters or more first
  take their candidates from the FTS5 trigram table ``cards_fts``
  (:mod:`analyzer.cards.db.fulltext`), then check them as the plain path does;
- plain SQL (any database, PostgreSQL): ``lower(column) LIKE '%text%'``.

Meanings follow Scryfall's search reference (https://scryfall.com/docs/syntax): ``c:rg`` is
"at least red and green" (as ``c>=rg``), ``id:rg`` / ``id<=rg`` "fits in a red-green
commander deck", ``c:c`` colourless, ``c:m`` two colours or more; power and toughness match
when any face does (``*`` counts as 0).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Integer,
    SQLColumnExpression,
    Text,
    and_,
    cast,
    exists,
    false,
    func,
    literal,
    literal_column,
    not_,
    or_,
    select,
    true,
)
from sqlalchemy.orm import InstrumentedAttribute

from analyzer.cards.db.fulltext import FTS_TABLE, cards_fts
from analyzer.cards.db.schema import CardNameRow, CardProfileRow, CardRow, FaceRow, PrintingRow
from analyzer.cards.names import normalize_name
from analyzer.cards.search.syntax import (
    PARITIES,
    RARITY_ORDER,
    And,
    Field,
    IsValue,
    Node,
    Not,
    Operator,
    Term,
)
from analyzer.errors import AnalyzerError

__all__ = ["compile_query"]


Clause = ColumnElement[bool]


_ALL_COLORS = 31
_SINGLE_COLORS = (0, 1, 2, 4, 8, 16)
_COLOR_BITS = {"w": 1, "u": 2, "b": 4, "r": 8, "g": 16}
_LAYOUTS: dict[IsValue, tuple[str, ...]] = {
    IsValue.SPLIT: ("split", "aftermath"), IsValue.FLIP: ("flip",),
    IsValue.TRANSFORM: ("transform",), IsValue.MDFC: ("modal_dfc",),
    IsValue.DFC: ("transform", "modal_dfc", "meld"), IsValue.MELD: ("meld",),
    IsValue.ADVENTURE: ("adventure",), IsValue.LEVELER: ("leveler",), IsValue.SAGA: ("saga",),
    IsValue.CLASS: ("class",), IsValue.CASE: ("case",),
}
_STATUS = {Field.BANNED: "Banned", Field.RESTRICTED: "Restricted"}
"""``banned:`` / ``restricted:`` -> the MTGJSON ``legalities`` status they look for."""
_SYMBOL = re.compile(r"\{[^{}]*\}")
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
_SPELL_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred",
                "Planeswalker", "Sorcery", "Tribal")


def _fts_candidates(column: str, value: str) -> Clause:
    """``cards.rowid IN (rows of cards_fts whose column holds every trigram of the value)``:
    a superset of the cards holding the value, which the caller checks exactly."""
    trigrams = dict.fromkeys(value[i:i + 3] for i in range(len(value) - 2))
    query = " AND ".join('"' + t.replace('"', '""') + '"' for t in trigrams)
    matches = (select(cards_fts.c.rowid)
               .where(literal_column(FTS_TABLE).op("MATCH")(f"{column} : ({query})")))
    return literal_column("cards.rowid").in_(matches)


def _can_fts(value: str) -> bool:
    # The trigram tokenizer needs 3 characters; its case folding covers non-ASCII letters
    # that SQL lower() does not, so those take the plain path to keep the engines equal.
    return len(value) >= 3 and value.isascii()


def _text_term(column: InstrumentedAttribute[str], value: str, fulltext: bool) -> Clause:
    value = value.lower()
    exact = func.lower(column).contains(value, autoescape=True)
    if fulltext and column.key == "oracle_text" and _can_fts(value):
        return and_(_fts_candidates("oracle_text", value), exact)
    return exact


def _self_name_text_term(value: str) -> Clause:
    """``o:`` with ``~`` standing for the card's own name (Scryfall: "o:~ enters"), compared
    row by row, so always on the plain SQL path (both engines alike)."""
    escaped = value.lower().replace("/", "//").replace("%", "/%").replace("_", "/_")
    pattern = func.lower(func.replace(literal(escaped), "~", CardRow.name))
    return func.lower(CardRow.oracle_text).like(literal("%") + pattern + literal("%"),
                                                 escape="/")


def _name_term(term: Term, fulltext: bool) -> Clause:
    key = normalize_name(term.value)
    if term.operator is Operator.EXACT:
        return CardRow.id.in_(select(CardNameRow.card_id).where(CardNameRow.key == key))
    if fulltext and _can_fts(key):
        # Candidates from the index, each checked against its own names.
        return and_(_fts_candidates("name", key), exists().where(
            CardNameRow.card_id == CardRow.id,
            CardNameRow.key.contains(key, autoescape=True)))
    return CardRow.id.in_(select(CardNameRow.card_id)
                          .where(CardNameRow.key.contains(key, autoescape=True)))


def _colors_term(term: Term) -> Clause:
    column = CardRow.colors_mask if term.field is Field.COLOR else CardRow.identity_mask
    op = term.operator
    if term.value == "m":
        multi = column.not_in(_SINGLE_COLORS)
        return not_(multi) if op is Operator.NE else multi
    mask = sum(_COLOR_BITS[ch] for ch in term.value if ch != "c")
    if op is Operator.COLON:
        if term.value == "c":
            op = Operator.EQ
        else:
            op = Operator.GE if term.field is Field.COLOR else Operator.LE
    superset = column.op("&")(mask) == mask
    subset = column.op("&")(_ALL_COLORS ^ mask) == 0
    return {
        Operator.EQ: column == mask, Operator.NE: column != mask,
        Operator.GE: superset, Operator.GT: and_(superset, column != mask),
        Operator.LE: subset, Operator.LT: and_(subset, column != mask),
    }[op]


def _compare(left: SQLColumnExpression[Any], op: Operator,
             right: SQLColumnExpression[Any] | float) -> Clause:
    compare: dict[Operator, Callable[[], Clause]] = {
        Operator.COLON: lambda: left == right, Operator.EQ: lambda: left == right,
        Operator.NE: lambda: left != right, Operator.LT: lambda: left < right,
        Operator.LE: lambda: left <= right, Operator.GT: lambda: left > right,
        Operator.GE: lambda: left >= right,
    }
    return compare[op]()


def _stat_term(term: Term) -> Clause:
    columns = {Field.POWER: FaceRow.power_value, Field.TOUGHNESS: FaceRow.toughness_value}
    left = columns[term.field]
    if term.value in ("pow", "tou"):
        right = columns[Field.POWER if term.value == "pow" else Field.TOUGHNESS]
        condition = and_(left.is_not(None), right.is_not(None), _compare(left, term.operator,
                                                                           right))
    else:
        condition = and_(left.is_not(None), _compare(left, term.operator, float(term.value)))
    return _any_face(condition)


def _any_face(condition: Clause) -> Clause:
    # Correlated EXISTS: SQLite drives an IN (list) by looking up every listed id, which is
    # slow when the list is long and another term is selective.
    return exists().where(FaceRow.card_id == CardRow.id, condition)


def _front_has_type(types: tuple[str, ...]) -> Clause:
    text = cast(FaceRow.types, Text)
    return or_(*(text.contains(f'"{t}"') for t in types))


def _front_faces(condition: Clause) -> Clause:
    return _any_face(and_(FaceRow.position == 0, condition))


def _is_term(value: IsValue) -> Clause:
    if value in _LAYOUTS:
        return CardRow.layout.in_(_LAYOUTS[value])
    if value is IsValue.BATTLE:
        return func.lower(CardRow.type_line).contains("battle")
    if value is IsValue.COMMANDER:
        return CardRow.is_commander == true()
    if value is IsValue.PERMANENT:
        return _front_faces(_front_has_type(_PERMANENT_TYPES))
    if value is IsValue.SPELL:
        return _front_faces(and_(_front_has_type(_SPELL_TYPES),
                                 not_(_front_has_type(("Land",)))))
    if value is IsValue.VANILLA:
        # No text and no keywords: a creature whose card file lists keywords but lost its
        # text is a data problem (analyzer.cards.problems), never vanilla.
        return and_(CardRow.oracle_text == "", CardRow.keywords_text == "",
                    _front_faces(_front_has_type(("Creature",))))
    if value is IsValue.HYBRID:
        unphyrexian = func.replace(FaceRow.mana_cost, "/P}", "}")
        return _any_face(unphyrexian.contains("/"))
    if value is IsValue.PHYREXIAN:
        return _any_face(FaceRow.mana_cost.contains("/P}"))
    if value is IsValue.GAME_CHANGER:
        return CardRow.is_game_changer == true()
    raise AnalyzerError(f"is:{value.value} has no compiler")  # pragma: no cover


def _term(term: Term, fulltext: bool) -> Clause:
    field = term.field
    if field is Field.NAME:
        return _name_term(term, fulltext)
    if field is Field.TYPE:
        return _text_term(CardRow.type_line, term.value, fulltext)
    if field is Field.ORACLE:
        if "~" in term.value:
            return _self_name_text_term(term.value)
        return _text_term(CardRow.oracle_text, term.value, fulltext)
    if field in (Field.COLOR, Field.IDENTITY):
        return _colors_term(term)
    if field is Field.MANA_VALUE:
        if term.value in PARITIES:
            return _parity_term(term.value)
        return _compare(CardRow.mana_value, term.operator, float(term.value))
    if field is Field.MANA:
        return _mana_term(term.value)
    if field is Field.PRODUCES:
        return _produces_term(term.value)
    if field in _STATUS:
        status = cast(CardRow.legalities, Text)
        return status.contains(f'"{term.value}": "{_STATUS[field]}"', autoescape=True)
    if field in (Field.POWER, Field.TOUGHNESS):
        return _stat_term(term)
    if field is Field.KEYWORD:
        return CardRow.keywords_text.contains(f"|{term.value.lower()}|", autoescape=True)
    if field is Field.FORMAT:
        return CardRow.legal_formats.contains(f"|{term.value}|", autoescape=True)
    if field is Field.IS:
        return _is_term(IsValue(term.value))
    if field in (Field.RARITY, Field.SET):
        # Refused before compiling when the database has no printings (run_search).
        return _printing_term(term)
    return false()  # pragma: no cover - every field has a branch above


def _parity_term(parity: str) -> Clause:
    """``mv:even`` / ``mv:odd``: a whole mana value with that parity (Scryfall)."""
    whole = cast(CardRow.mana_value, Integer)
    return and_(CardRow.mana_value == whole,
                whole.op("%")(2) == (0 if parity == "even" else 1))


_MAX_GENERIC = 20
"""Largest generic symbol ``m:`` looks for when it asks for at least ``{N}`` (Oracle mana
costs go up to ``{16}``; the one-off ``{1000000}`` is left out)."""


def _mana_term(cost: str) -> Clause:
    """``m:{2}{R}{R}``: some face's mana cost holds every symbol at least as often as the
    query does (a symbol ``{R}`` never matches a hybrid ``{R/W}``); the generic part is at
    least that number (``m:{1}`` matches ``{2}{R}``). The value is canonical (parser)."""
    symbols = _SYMBOL.findall(cost)
    generic = sum(int(s[1:-1]) for s in symbols if s[1:-1].isdigit())
    counts: dict[str, int] = {}
    for symbol in symbols:
        if not symbol[1:-1].isdigit():
            counts[symbol] = counts.get(symbol, 0) + 1
    column = FaceRow.mana_cost
    parts: list[Clause] = [
        func.length(column) - func.length(func.replace(column, symbol, "")) >= n * len(symbol)
        for symbol, n in counts.items()]
    if generic:
        parts.append(or_(*(column.contains(f"{{{n}}}")
                           for n in range(generic, _MAX_GENERIC + 1))))
    return _any_face(and_(*parts)) if parts else true()


def _produces_term(letters: str) -> Clause:
    """``produces:rg``: the card's stored profile says its mana abilities add each of these
    colours (:func:`analyzer.cards.profiles.produced_colors`; the search compiles missing
    profiles first, :func:`analyzer.cards.search.execute.prepare_profile_terms`)."""
    from analyzer.oracle.compile import COMPILER_VERSION  # not at start: see ui lazy views

    return exists().where(CardProfileRow.card_id == CardRow.id,
                          CardProfileRow.compiler_version == COMPILER_VERSION,
                          *(CardProfileRow.produces.contains(f"|{ch}|") for ch in letters))


def _printing_term(term: Term) -> Clause:
    """``r:`` / ``s:``: some printing of the card has that rarity / is in that set.

    Rarity comparisons (``r>=rare``) follow :data:`RARITY_ORDER`: some printing's rarity
    compares so with the value."""
    if term.field is Field.RARITY:
        rank = RARITY_ORDER.index(term.value.lower())
        tests: dict[Operator, Callable[[int], bool]] = {
            Operator.COLON: lambda r: r == rank, Operator.EQ: lambda r: r == rank,
            Operator.NE: lambda r: r != rank, Operator.LT: lambda r: r < rank,
            Operator.LE: lambda r: r <= rank, Operator.GT: lambda r: r > rank,
            Operator.GE: lambda r: r >= rank,
        }
        condition: Clause = PrintingRow.rarity.in_(
            [name for r, name in enumerate(RARITY_ORDER) if tests[term.operator](r)])
    else:
        condition = PrintingRow.set_code == term.value.upper()
    return exists().where(PrintingRow.card_id == CardRow.id, condition)


def compile_query(node: Node, *, fulltext: bool = False) -> Clause:
    """The WHERE clause over ``cards`` that selects the cards a query tree matches.

    Parameters
    ----------
    node : Node
        A tree from :func:`~analyzer.cards.search.parser.parse_query`.
    fulltext : bool
        Use the SQLite FTS5 table ``cards_fts`` for text terms (it must exist); False gives
        plain SQL that any database runs.

    Returns
    -------
    ColumnElement[bool]
        For ``select(CardRow).where(...)``.

    Examples
    --------
    >>> from analyzer.cards.search.parser import parse_query
    >>> print(compile_query(parse_query("c:rg")))
    (cards.colors_mask & :colors_mask_1) = :param_1
    """
    if isinstance(node, Term):
        return _term(node, fulltext)
    if isinstance(node, Not):
        return not_(compile_query(node.operand, fulltext=fulltext))
    parts = [compile_query(op, fulltext=fulltext) for op in node.operands]
    return and_(*parts) if isinstance(node, And) else or_(*parts)

