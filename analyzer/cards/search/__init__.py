"""Card search in Scryfall's query syntax: parser, typed query tree, SQL compiler.

Reference: Scryfall's search syntax, https://scryfall.com/docs/syntax.

Examples
--------
>>> node = parse_query('t:ninja (c:b or id<=dimir) -o:"draw a card"')
>>> str(node)
't:ninja (c:b or id<=ub) -o:"draw a card"'
>>> parse_query(str(node)) == node
True
"""

from __future__ import annotations

from analyzer.cards.search.compiler import compile_query
from analyzer.cards.search.execute import run_search, search_index_job, search_index_missing
from analyzer.cards.search.meld import is_meld_result
from analyzer.cards.search.parser import Token, TokenKind, parse_query, tokenize
from analyzer.cards.search.syntax import (
    And,
    Field,
    IsValue,
    Node,
    Not,
    Operator,
    Or,
    Term,
)

__all__ = [
    "And",
    "Field",
    "IsValue",
    "Node",
    "Not",
    "Operator",
    "Or",
    "Term",
    "Token",
    "TokenKind",
    "compile_query",
    "is_meld_result",
    "parse_query",
    "run_search",
    "search_index_job",
    "search_index_missing",
    "tokenize",
]
