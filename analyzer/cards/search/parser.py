"""Tokenizer and recursive-descent parser of Scryfall's card search syntax.

The grammar (Scryfall's search reference, https://scryfall.com/docs/syntax)::

    query   := or_expr
    or_expr := and_expr ("or" and_expr)*          # "or" / "OR": looser than side by side
    and_expr:= unary ("and"? unary)*              # side by side means AND
    unary   := "-" unary | primary                # negation of a term or a group
    primary := "(" or_expr ")" | term | word | "!" value
    term    := FIELD OPERATOR value               # t:ninja, mv>=3, c=rg, pow>tou
    word    := BAREWORD | "quoted phrase"         # in the card's names
    value   := BAREWORD | "quoted phrase"         # \\" and \\\\ escape inside quotes

A malformed query raises :class:`~analyzer.errors.SearchSyntaxError` with the offset and length
of the bad token.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, auto

from rapidfuzz import fuzz, process

from analyzer.cards.search.syntax import (
    COLOR_NAMES,
    FIELD_ALIASES,
    FORMATS,
    PARITIES,
    And,
    Field,
    IsValue,
    Node,
    Not,
    Operator,
    Or,
    Term,
)
from analyzer.errors import SearchSyntaxError
from analyzer.oracle.errors import ManaCostError
from analyzer.oracle.mana import ManaSymbol, SymbolKind

__all__ = ["MAX_DEPTH", "MAX_TERMS", "Token", "TokenKind", "parse_query", "tokenize"]


class TokenKind(Enum):
    """What a token is."""

    LPAREN = auto()
    """``(``"""
    RPAREN = auto()
    """``)``"""
    OR = auto()
    """``or`` / ``OR``"""
    AND = auto()
    """``and`` / ``AND`` (optional: side by side already means AND)"""
    NEG = auto()
    """``-`` before a term or group"""
    EXACT = auto()
    """``!name`` or ``!"exact name"``"""
    WORD = auto()
    """A bare word or a quoted phrase (searched in names)"""
    TERM = auto()
    """``field operator value``"""


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a query, with where it stands."""

    kind: TokenKind
    """What it is."""
    offset: int
    """0-based offset of its first character in the query."""
    length: int
    """Number of characters it spans."""
    value: str = ""
    """The word, phrase or term value (unquoted, unescaped)."""
    field: str = ""
    """``TERM`` only: the field keyword as typed (``"type"``)."""
    operator: str = ""
    """``TERM`` only: the operator as typed (``">="``)."""
    value_offset: int = 0
    """Offset of the value (for errors about the value)."""


_FIELD_OP = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_STOP = frozenset(" \t\r\n()")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_OPERATORS = {op.value: op for op in Operator if op is not Operator.EXACT}
_TEXT_FIELDS = (Field.NAME, Field.TYPE, Field.ORACLE, Field.KEYWORD, Field.IS, Field.FORMAT,
                Field.SET, Field.BANNED, Field.RESTRICTED, Field.MANA, Field.PRODUCES)
_FORMAT_FIELDS = (Field.FORMAT, Field.BANNED, Field.RESTRICTED)
_HYBRID_PAIRS = frozenset({"W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"})
"""Two-colour hybrid symbols as Oracle text writes them (each colour pair in one order)."""
_MANA_PART = re.compile(r"\{[^{}]*\}|\d+|[^\s{}]")
_RARITIES = {"c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special",
             "common": "common", "uncommon": "uncommon", "rare": "rare", "mythic": "mythic",
             "special": "special", "bonus": "bonus"}


_SUGGEST_CUTOFF = 60
"""Lowest :func:`rapidfuzz.fuzz.ratio` (0-100) of a "did you mean": "tx" -> "t" scores 67,
an unrelated word such as "purple" -> "colourless" 50."""


def _suggest(word: str, choices: Iterable[str]) -> str:
    found = process.extractOne(word.lower(), list(choices), scorer=fuzz.ratio,
                               score_cutoff=_SUGGEST_CUTOFF)
    return f"did you mean {str(found[0])!r}?" if found else ""


def _read_value(query: str, start: int) -> tuple[str, int]:
    """Read a bare or quoted value at ``start``; return it and the offset after it."""
    if start < len(query) and query[start] == '"':
        chars: list[str] = []
        i = start + 1
        while i < len(query):
            ch = query[i]
            if ch == "\\" and i + 1 < len(query):
                chars.append(query[i + 1])
                i += 2
                continue
            if ch == '"':
                return "".join(chars), i + 1
            chars.append(ch)
            i += 1
        raise SearchSyntaxError(query, start, len(query) - start, "unclosed quote",
                                'end the phrase with "')
    end = start
    while end < len(query) and query[end] not in _STOP:
        end += 1
    return query[start:end], end


def _read_token(query: str, i: int) -> Token:
    """The token starting at ``i`` (not white space)."""
    ch = query[i]
    if ch in "()":
        return Token(TokenKind.LPAREN if ch == "(" else TokenKind.RPAREN, i, 1)
    if ch == "-":
        if i + 1 >= len(query) or query[i + 1].isspace() or query[i + 1] == ")":
            raise SearchSyntaxError(query, i, 1, "'-' with nothing to negate",
                                    "write it right before a term: -t:land")
        return Token(TokenKind.NEG, i, 1)
    if ch == "!":
        value, end = _read_value(query, i + 1)
        if not value:
            raise SearchSyntaxError(query, i, 1, "'!' without a name", 'write !"card name"')
        return Token(TokenKind.EXACT, i, end - i, value=value, value_offset=i + 1)
    if ch == '"':
        value, end = _read_value(query, i)
        return Token(TokenKind.WORD, i, end - i, value=value, value_offset=i)
    match = _FIELD_OP.match(query, i)
    if match:
        value, end = _read_value(query, match.end())
        return Token(TokenKind.TERM, i, end - i, value=value, field=match.group(1),
                     operator=match.group(2), value_offset=match.end())
    value, end = _read_value(query, i)
    kind = {"or": TokenKind.OR, "and": TokenKind.AND}.get(value.lower(), TokenKind.WORD)
    return Token(kind, i, end - i, value=value, value_offset=i)


def tokenize(query: str) -> list[Token]:
    """Split a query into tokens.

    Raises
    ------
    SearchSyntaxError
        An unclosed quote, or a ``-`` / ``!`` with nothing after it.

    Examples
    --------
    >>> [(t.kind.name, t.offset, t.length) for t in tokenize('t:ninja -(c:u or "x y")')]
    [('TERM', 0, 7), ('NEG', 8, 1), ('LPAREN', 9, 1), ('TERM', 10, 3), ('OR', 14, 2), \
('WORD', 17, 5), ('RPAREN', 22, 1)]
    """
    tokens: list[Token] = []
    i = 0
    while i < len(query):
        if query[i].isspace():
            i += 1
            continue
        token = _read_token(query, i)
        tokens.append(token)
        i = token.offset + token.length
    return tokens


# -- values ----------------------------------------------------------------------------------

def _color_value(query: str, token: Token, op: Operator) -> str:
    raw = token.value.lower()
    letters = COLOR_NAMES.get(raw, raw)
    if letters in ("c", "m"):
        if letters == "m" and op not in (Operator.COLON, Operator.EQ, Operator.NE):
            raise SearchSyntaxError(query, token.offset, token.length,
                                    f"'m' (multicolour) cannot be compared with {op.value!r}",
                                    "use c:m or c!=m")
        return letters
    if not letters or any(ch not in "wubrg" for ch in letters):
        raise SearchSyntaxError(
            query, token.value_offset, len(token.value), f"unknown colour {token.value!r}",
            _suggest(token.value, COLOR_NAMES) or "use letters of wubrg, c or m, or a guild, "
            "shard or wedge name")
    return "".join(ch for ch in "wubrg" if ch in letters)


def _number_value(query: str, token: Token, field: Field) -> str:
    value = token.value.lower()
    if field is Field.MANA_VALUE and value in PARITIES:
        if token.operator not in (":", "="):
            raise SearchSyntaxError(query, token.offset, token.length,
                                    f"mv:{value} takes no {token.operator!r} comparison",
                                    f"write mv:{value}")
        return value
    if field in (Field.POWER, Field.TOUGHNESS):
        other = FIELD_ALIASES.get(value)
        if other is Field.POWER or other is Field.TOUGHNESS:
            return str(other.value)
    if not _NUMBER.fullmatch(value):
        raise SearchSyntaxError(query, token.value_offset, len(token.value),
                                f"{field.value} needs a number, not {token.value!r}",
                                "compare with pow or tou" if field in (
                                    Field.POWER, Field.TOUGHNESS) else "")
    return value


def _canonical_symbol(symbol: ManaSymbol) -> str:
    """The symbol as Oracle text writes it: ``{W/R}`` is ``{R/W}``, ``{P/B}`` is ``{B/P}``."""
    text = symbol.text
    if (symbol.kind is SymbolKind.HYBRID and text not in _HYBRID_PAIRS) or (symbol.kind is SymbolKind.PHYREXIAN and text.startswith("P/")):
        text = text[::-1]
    elif symbol.kind is SymbolKind.HYBRID_PHYREXIAN and text[:3] not in _HYBRID_PAIRS:
        text = text[2] + "/" + text[0] + "/P"
    return "{" + text + "}"


def _mana_value(query: str, token: Token) -> str:
    """``m:`` / ``mana:``: braces notation or bare symbols (``2rr``, ``{R/W}``, ``rw``) as a
    canonical cost (``{2}{R}{R}``)."""
    parts = _MANA_PART.findall(token.value)
    try:
        return "".join(_canonical_symbol(ManaSymbol.parse(part)) for part in parts)
    except ManaCostError as err:
        raise SearchSyntaxError(query, token.value_offset, len(token.value),
                                f"{token.value!r} is not a mana cost ({err})",
                                "write mana symbols: m:{2}{R}, m:rw, m:{R/W}") from err


def _produces_value(query: str, token: Token) -> str:
    letters = token.value.lower()
    letters = COLOR_NAMES.get(letters, letters)
    if not letters or any(ch not in "wubrgc" for ch in letters):
        raise SearchSyntaxError(
            query, token.value_offset, len(token.value), f"unknown colour {token.value!r}",
            "use letters of wubrg and c (colourless): produces:g, produces:rc")
    return "".join(ch for ch in "wubrgc" if ch in letters)


def _vocabulary_value(query: str, token: Token, field: Field) -> str:
    value = token.value.lower()
    if field is Field.IS:
        choices = [v.value for v in IsValue]
        what = "is: value"
    elif field in _FORMAT_FIELDS:
        choices = list(FORMATS)
        what = "format"
    else:
        choices = list(_RARITIES)
        what = "rarity"
    if value in choices:
        return _RARITIES.get(value, value) if field is Field.RARITY else value
    raise SearchSyntaxError(query, token.value_offset, len(token.value),
                            f"unknown {what} {token.value!r}", _suggest(value, choices))


_REGEX_FIELDS = (Field.NAME, Field.TYPE, Field.ORACLE)
"""Fields where Scryfall accepts ``/regular expressions/``."""


def _refuse_regex(query: str, token: Token, *, whole: bool) -> None:
    """Scryfall's ``o:/draw/`` (a regular expression) would search for the slashes
    literally and find nothing: refuse it, pointing at the first slash. An unquoted value
    starting with ``/`` (``whole``: a bare word must also end with one, ``fire // ice``
    stays a name); a quoted ``"/draw/"`` is plain text."""
    value = token.value
    if query[token.value_offset:token.value_offset + 1] != "/" or len(value) < 2 or \
            (whole and (len(value) < 3 or not value.endswith("/"))):
        return
    plain = value.strip("/") or "text"
    raise SearchSyntaxError(query, token.value_offset, 1,
                            "regular expressions are not supported",
                            f'use quotes for words or a phrase: '
                            f'{token.field + token.operator if token.field else ""}"{plain}"')


def _term(query: str, token: Token) -> Term:
    field = FIELD_ALIASES.get(token.field.lower())
    if field is None:
        raise SearchSyntaxError(query, token.offset, len(token.field),
                                f"unknown field {token.field!r}",
                                _suggest(token.field, FIELD_ALIASES))
    op = _OPERATORS[token.operator]
    if field in _TEXT_FIELDS and op is not Operator.COLON:
        raise SearchSyntaxError(query, token.offset + len(token.field), len(token.operator),
                                f"{token.field}: takes no {token.operator!r} comparison",
                                f"write {token.field}:value")
    if not token.value:
        raise SearchSyntaxError(query, token.offset, token.length,
                                f"{token.field}{token.operator} without a value")
    if field in (Field.COLOR, Field.IDENTITY):
        value = _color_value(query, token, op)
    elif field in (Field.MANA_VALUE, Field.POWER, Field.TOUGHNESS):
        value = _number_value(query, token, field)
    elif field in (Field.IS, *_FORMAT_FIELDS, Field.RARITY):
        value = _vocabulary_value(query, token, field)
    elif field is Field.MANA:
        value = _mana_value(query, token)
    elif field is Field.PRODUCES:
        value = _produces_value(query, token)
    else:
        if field in _REGEX_FIELDS:
            _refuse_regex(query, token, whole=False)
        value = token.value
    return Term(field, op, value)


# -- the parser --------------------------------------------------------------------------------

MAX_TERMS = 200
"""Most terms a query may hold (deeper SQL expressions overflow the database's parser)."""
MAX_DEPTH = 32
"""Deepest nesting of parentheses (or of negations) a query may have."""
_STRUCTURE = frozenset({TokenKind.LPAREN, TokenKind.RPAREN, TokenKind.OR, TokenKind.AND,
                        TokenKind.NEG})


class _Parser:
    def __init__(self, query: str) -> None:
        self.query = query
        self.tokens = tokenize(query)
        self.pos = 0

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def error(self, token: Token | None, reason: str, hint: str = "") -> SearchSyntaxError:
        if token is None:
            return SearchSyntaxError(self.query, len(self.query), 0, reason, hint)
        return SearchSyntaxError(self.query, token.offset, token.length, reason, hint)

    def parse(self) -> Node:
        if not self.tokens:
            raise self.error(None, "empty query", "type a card name or a term such as t:ninja")
        terms = [t for t in self.tokens if t.kind not in _STRUCTURE]
        if len(terms) > MAX_TERMS:
            raise self.error(terms[MAX_TERMS], f"query too complex: more than {MAX_TERMS} "
                             "terms", "split it into several searches")
        depth = 0
        for token in self.tokens:
            depth += {TokenKind.LPAREN: 1, TokenKind.RPAREN: -1}.get(token.kind, 0)
            if depth > MAX_DEPTH:
                raise self.error(token, f"query too complex: parentheses nested more than "
                                 f"{MAX_DEPTH} deep")
        node = self.or_expr()
        extra = self.peek()
        if extra is not None:
            raise self.error(extra, "unmatched ')'")
        return node

    def or_expr(self) -> Node:
        operands = [self.and_expr()]
        while (token := self.peek()) is not None and token.kind is TokenKind.OR:
            self.pos += 1
            operands.append(self.and_expr())
        return operands[0] if len(operands) == 1 else Or(tuple(operands))

    def and_expr(self) -> Node:
        operands: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (TokenKind.OR,
                                                                         TokenKind.RPAREN):
            if token.kind is TokenKind.AND:
                if not operands:
                    raise self.error(token, f"{token.value!r} with nothing before it")
                self.pos += 1
                if (after := self.peek()) is None or after.kind in (
                        TokenKind.OR, TokenKind.RPAREN, TokenKind.AND):
                    raise self.error(token, f"{token.value!r} with nothing after it")
                continue
            operands.append(self.unary())
        if not operands:
            if token is None:
                raise self.error(None, "a term is missing at the end")
            if token.kind is TokenKind.OR:
                raise self.error(token, f"{token.value!r} with no term before it")
            raise self.error(token, "nothing inside '( )'" if self._after_lparen()
                             else "unmatched ')'")
        return operands[0] if len(operands) == 1 else And(tuple(operands))

    def _after_lparen(self) -> bool:
        return self.pos > 0 and self.tokens[self.pos - 1].kind is TokenKind.LPAREN

    def unary(self) -> Node:
        token = self.tokens[self.pos]
        negations = 0
        while token.kind is TokenKind.NEG:
            negations += 1
            if negations > MAX_DEPTH:
                raise self.error(token, f"query too complex: more than {MAX_DEPTH} '-' in a row")
            self.pos += 1
            if self.pos >= len(self.tokens):
                raise self.error(None, "a term is missing at the end")
            token = self.tokens[self.pos]
        node = self.primary()
        for _ in range(negations):
            node = Not(node)
        return node

    def primary(self) -> Node:
        token = self.tokens[self.pos]
        self.pos += 1
        if token.kind is TokenKind.LPAREN:
            node = self.or_expr()
            closing = self.peek()
            if closing is None or closing.kind is not TokenKind.RPAREN:
                raise self.error(token, "unclosed '('", "add a ')'")
            self.pos += 1
            return node
        if token.kind is TokenKind.EXACT:
            return Term(Field.NAME, Operator.EXACT, token.value)
        if token.kind is TokenKind.TERM:
            return _term(self.query, token)
        if not token.value:
            raise self.error(token, "empty phrase")
        _refuse_regex(self.query, token, whole=True)
        return Term(Field.NAME, Operator.COLON, token.value)


def parse_query(query: str) -> Node:
    """Parse a card search query in Scryfall's syntax into its tree.

    Parameters
    ----------
    query : str
        E.g. ``'t:ninja c:b mv<=3'`` or ``'-(o:"draw a card" or kw:flying) id<=esper'``.

    Returns
    -------
    Node
        A :class:`Term`, or :class:`And` / :class:`Or` / :class:`Not` of nodes;
        ``str(node)`` is the canonical query.

    Raises
    ------
    SearchSyntaxError
        The query is malformed; ``offset`` and ``length`` point at the bad token.

    Examples
    --------
    >>> str(parse_query('type:Ninja color=ub -o:"draw a card"'))
    't:Ninja c=ub -o:"draw a card"'
    >>> parse_query("pow>tou")
    Term(field=<Field.POWER: 'pow'>, operator=<Operator.GT: '>'>, value='tou')
    >>> parse_query("tx:goblin")
    Traceback (most recent call last):
    ...
    analyzer.errors.SearchSyntaxError: unknown field 'tx' at 0: did you mean 't'? in query 'tx:goblin'

    Notes
    -----
    As on Scryfall, ``or`` binds looser than terms side by side: ``a b or c`` is
    ``(a b) or c``.
    """
    return _Parser(query).parse()
