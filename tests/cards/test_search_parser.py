"""The search query parser: every syntax, canonical round trips, and error offsets."""

from __future__ import annotations

import pytest

from analyzer.cards.search import (
    And,
    Field,
    Not,
    Operator,
    Or,
    Term,
    TokenKind,
    parse_query,
    tokenize,
)
from analyzer.errors import InputError, SearchSyntaxError

T = Term
F = Field
OP = Operator


class TestTerms:
    @pytest.mark.parametrize(("query", "expected"), [
        ("bolt", T(F.NAME, OP.COLON, "bolt")),
        ('"lightning bolt"', T(F.NAME, OP.COLON, "lightning bolt")),
        ("name:bolt", T(F.NAME, OP.COLON, "bolt")),
        ('!"Fire // Ice"', T(F.NAME, OP.EXACT, "Fire // Ice")),
        ("!fire", T(F.NAME, OP.EXACT, "fire")),
        ("t:ninja", T(F.TYPE, OP.COLON, "ninja")),
        ("type:Legendary", T(F.TYPE, OP.COLON, "Legendary")),
        ("o:draw", T(F.ORACLE, OP.COLON, "draw")),
        ('oracle:"draw a card"', T(F.ORACLE, OP.COLON, "draw a card")),
        ('o:"say \\"hi\\""', T(F.ORACLE, OP.COLON, 'say "hi"')),
        ("c:rg", T(F.COLOR, OP.COLON, "rg")),
        ("color=GR", T(F.COLOR, OP.EQ, "rg")),
        ("c>=wubrg", T(F.COLOR, OP.GE, "wubrg")),
        ("c<=bu", T(F.COLOR, OP.LE, "ub")),
        ("c>w", T(F.COLOR, OP.GT, "w")),
        ("c<ub", T(F.COLOR, OP.LT, "ub")),
        ("c!=r", T(F.COLOR, OP.NE, "r")),
        ("c:c", T(F.COLOR, OP.COLON, "c")),
        ("c:colorless", T(F.COLOR, OP.COLON, "c")),
        ("c:m", T(F.COLOR, OP.COLON, "m")),
        ("c:multicolor", T(F.COLOR, OP.COLON, "m")),
        ("c:azorius", T(F.COLOR, OP.COLON, "wu")),
        ("id:esper", T(F.IDENTITY, OP.COLON, "wub")),
        ("identity<=grixis", T(F.IDENTITY, OP.LE, "ubr")),
        ("ci>=temur", T(F.IDENTITY, OP.GE, "urg")),
        ("id:red", T(F.IDENTITY, OP.COLON, "r")),
        ("mv=3", T(F.MANA_VALUE, OP.EQ, "3")),
        ("cmc>=2", T(F.MANA_VALUE, OP.GE, "2")),
        ("manavalue<1.5", T(F.MANA_VALUE, OP.LT, "1.5")),
        ("mv:0", T(F.MANA_VALUE, OP.COLON, "0")),
        ("mv!=4", T(F.MANA_VALUE, OP.NE, "4")),
        ("pow>=3", T(F.POWER, OP.GE, "3")),
        ("power>tou", T(F.POWER, OP.GT, "tou")),
        ("tou<power", T(F.TOUGHNESS, OP.LT, "pow")),
        ("toughness<=-1", T(F.TOUGHNESS, OP.LE, "-1")),
        ("kw:flying", T(F.KEYWORD, OP.COLON, "flying")),
        ('keyword:"first strike"', T(F.KEYWORD, OP.COLON, "first strike")),
        ("is:split", T(F.IS, OP.COLON, "split")),
        ("is:MDFC", T(F.IS, OP.COLON, "mdfc")),
        ("is:commander", T(F.IS, OP.COLON, "commander")),
        ("f:commander", T(F.FORMAT, OP.COLON, "commander")),
        ("format:Modern", T(F.FORMAT, OP.COLON, "modern")),
        ("legal:pauper", T(F.FORMAT, OP.COLON, "pauper")),
        ("r:m", T(F.RARITY, OP.COLON, "mythic")),
        ("rarity:rare", T(F.RARITY, OP.COLON, "rare")),
    ])
    def test_term(self, query: str, expected: Term) -> None:
        assert parse_query(query) == expected

    @pytest.mark.parametrize("value", ["split", "flip", "transform", "dfc", "mdfc", "meld",
                                       "adventure", "leveler", "saga", "class", "battle",
                                       "commander", "permanent", "spell", "vanilla", "hybrid",
                                       "phyrexian"])
    def test_is_values(self, value: str) -> None:
        assert parse_query(f"is:{value}") == T(F.IS, OP.COLON, value)


class TestCombinations:
    def test_implicit_and(self) -> None:
        assert parse_query("t:ninja c:b") == And((T(F.TYPE, OP.COLON, "ninja"),
                                                  T(F.COLOR, OP.COLON, "b")))

    def test_explicit_and_is_the_same(self) -> None:
        assert parse_query("t:ninja and c:b") == parse_query("t:ninja AND c:b") == \
            parse_query("t:ninja c:b")

    def test_or_binds_looser_than_and(self) -> None:
        a, b, c = (T(F.NAME, OP.COLON, x) for x in "abc")
        assert parse_query("a b or c") == Or((And((a, b)), c))
        assert parse_query("a OR b c") == Or((a, And((b, c))))

    def test_parentheses(self) -> None:
        a, b, c = (T(F.NAME, OP.COLON, x) for x in "abc")
        assert parse_query("a (b or c)") == And((a, Or((b, c))))
        assert parse_query("((a))") == a

    def test_negation(self) -> None:
        assert parse_query("-t:land") == Not(T(F.TYPE, OP.COLON, "land"))
        assert parse_query("-bolt") == Not(T(F.NAME, OP.COLON, "bolt"))
        assert parse_query('-"x y"') == Not(T(F.NAME, OP.COLON, "x y"))
        assert parse_query("-(a or b)") == Not(Or((T(F.NAME, OP.COLON, "a"),
                                                   T(F.NAME, OP.COLON, "b"))))
        assert parse_query("--a") == Not(Not(T(F.NAME, OP.COLON, "a")))

    def test_hyphenated_words_are_not_negations(self) -> None:
        assert parse_query("lim-dul") == T(F.NAME, OP.COLON, "lim-dul")


class TestCanonicalString:
    @pytest.mark.parametrize(("query", "canonical"), [
        ("type:Ninja color=ub", "t:Ninja c=ub"),
        ('o:"draw a card"', 'o:"draw a card"'),
        ("c:azorius id<=esper", "c:wu id<=wub"),
        ("a b OR c", "a b or c"),
        ("a (b or c)", "a (b or c)"),
        ("(a or b) or c", "(a or b) or c"),
        ("a (b c)", "a (b c)"),
        ("-(a b)", "-(a b)"),
        ("-t:land", "-t:land"),
        ('!"Fire // Ice"', '!"Fire // Ice"'),
        ('"lightning bolt"', '"lightning bolt"'),
        ('"or"', '"or"'),
        ('"-x"', '"-x"'),
        ('"t:x"', '"t:x"'),
        ("cmc>=3 power>toughness", "mv>=3 pow>tou"),
        ("keyword:flying legal:modern rarity:c", "kw:flying f:modern r:common"),
        ('o:"\\\\"', 'o:"\\\\"'),
    ])
    def test_canonical(self, query: str, canonical: str) -> None:
        node = parse_query(query)
        assert str(node) == canonical
        assert parse_query(canonical) == node

    @pytest.mark.parametrize("query", [
        't:ninja (c:b or id<=dimir) -o:"draw a card" mv<=3 pow>tou',
        "(a or (b or c)) -(-d)", 'name:"x:y" !"a\\"b"', "is:dfc f:vintage kw:\"first strike\"",
        "Æther Vial", "c!=m id=c",
    ])
    def test_round_trip(self, query: str) -> None:
        node = parse_query(query)
        assert parse_query(str(node)) == node


class TestTokenizer:
    def test_offsets(self) -> None:
        tokens = tokenize('t:ninja -(c:u or "x y")')
        assert [(t.kind, t.offset, t.length) for t in tokens] == [
            (TokenKind.TERM, 0, 7), (TokenKind.NEG, 8, 1), (TokenKind.LPAREN, 9, 1),
            (TokenKind.TERM, 10, 3), (TokenKind.OR, 14, 2), (TokenKind.WORD, 17, 5),
            (TokenKind.RPAREN, 22, 1)]

    def test_empty(self) -> None:
        assert tokenize("   ") == []


class TestErrors:
    @pytest.mark.parametrize(("query", "offset", "length", "message"), [
        ("tx:goblin", 0, 2, "unknown field 'tx' at 0: did you mean 't'?"),
        ("c:b typ:ninja", 4, 3, "unknown field 'typ' at 4: did you mean 'type'?"),
        ("", 0, 0, "empty query at 0"),
        ("   ", 3, 0, "empty query at 3"),
        ('o:"draw a', 2, 7, "unclosed quote at 2"),
        ("(t:elf", 0, 1, "unclosed '(' at 0"),
        ("t:elf)", 5, 1, "unmatched ')' at 5"),
        ("()", 1, 1, "nothing inside '( )' at 1"),
        ("or t:elf", 0, 2, "'or' with no term before it at 0"),
        ("t:elf or", 8, 0, "a term is missing at the end at 8"),
        ("t:elf or or c:g", 9, 2, "'or' with no term before it at 9"),
        ("t:elf -", 6, 1, "'-' with nothing to negate at 6"),
        ("a - b", 2, 1, "'-' with nothing to negate at 2"),
        ("!", 0, 1, "'!' without a name at 0"),
        ("t:", 0, 2, "t: without a value at 0"),
        ("t>=elf", 1, 2, "t: takes no '>=' comparison at 1"),
        ("c:rx", 2, 2, "unknown colour 'rx' at 2"),
        ("c:azorious", 2, 8, "unknown colour 'azorious' at 2: did you mean 'azorius'?"),
        ("c>=m", 0, 4, "'m' (multicolour) cannot be compared with '>=' at 0"),
        ("mv>=x", 4, 1, "mv needs a number, not 'x' at 4"),
        ("pow>cmc", 4, 3, "pow needs a number, not 'cmc' at 4"),
        ("is:splt", 3, 4, "unknown is: value 'splt' at 3: did you mean 'split'?"),
        ("is:foil", 3, 4, "unknown is: value 'foil' at 3"),
        ("f:comander", 2, 8, "unknown format 'comander' at 2: did you mean 'commander'?"),
        ("r:legendary", 2, 9, "unknown rarity 'legendary' at 2"),
        ("t:elf and", 6, 3, "'and' with nothing after it at 6"),
        ('""', 0, 2, "empty phrase at 0"),
    ])
    def test_error(self, query: str, offset: int, length: int, message: str) -> None:
        with pytest.raises(SearchSyntaxError) as info:
            parse_query(query)
        err = info.value
        assert (err.offset, err.length) == (offset, length)
        assert err.message.startswith(message)
        assert err.query == query
        assert repr(query) in str(err)

    def test_is_input_error(self) -> None:
        with pytest.raises(InputError):
            parse_query("tx:goblin")

    def test_pointer(self) -> None:
        with pytest.raises(SearchSyntaxError) as info:
            parse_query("c:b typ:ninja")
        assert info.value.pointer() == "c:b typ:ninja\n    ^^^"


class TestReviewRegressions:
    """Found by review: deep or long queries crashed with a traceback."""

    @pytest.mark.parametrize("query, reason", [
        ("(" * 5000 + "t:elf" + ")" * 5000, "nested more than"),
        (" or ".join(["t:elf"] * 3000), "more than 200 terms"),
        ("-" * 100 + "t:elf", "'-' in a row"),
    ])
    def test_too_complex(self, query: str, reason: str) -> None:
        from analyzer.errors import SearchSyntaxError

        with pytest.raises(SearchSyntaxError, match=reason):
            parse_query(query)


class TestSuggestionCutoff:
    """An unrelated word gets no "did you mean" (the newcomer review: ``c:purple``)."""

    def test_unrelated_colour_has_no_suggestion(self) -> None:
        with pytest.raises(SearchSyntaxError) as info:
            parse_query("c:purple")
        assert "did you mean" not in info.value.message
        assert info.value.message.startswith("unknown colour 'purple' at 2")

    def test_close_colour_still_suggested(self) -> None:
        with pytest.raises(SearchSyntaxError) as info:
            parse_query("c:gren")
        assert "did you mean 'green'?" in info.value.message
