"""Property-based tests of every deck parser (hypothesis): random bytes, random Unicode,
fragments of each format and truncated real files never raise anything but
:class:`~analyzer.errors.DeckParseError`, and never hang (a deadline per example)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.decks import FORMATS, decode_deck_bytes, parse_deck_text, read_deck_file
from analyzer.decks.model import ParseResult
from analyzer.errors import DeckParseError

SETTINGS = settings(max_examples=60, deadline=timedelta(seconds=2),
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
FORMAT_NAMES = sorted(FORMATS)

# pieces of every format's syntax, so random text reaches deep into each parser
FRAGMENTS = [
    "4 ", "4x ", "SB: ", "Sideboard\n", "Deck\n", "Commander\n", "About\nName x\n", "//", "#",
    "Lightning Bolt", "Fire // Ice", " (NEO) 53", " *F*", " *CMDR*", " #tag", " [Ramp{top}]",
    " ^Have,#37d67a^", "[metadata]\n", "Name=x\n", "[Main]\n", "[sideboard]\n", "|LRW|2",
    "+", "[IKO:40] ", "LAYOUT MAIN:(1,1)|([A:1])\n", "NAME:x\n", ">\n", "# 7 creatures\n",
    '<?xml version="1.0"?>', "<Deck>", "</Deck>", '<Cards Quantity="4" Sideboard="true" ',
    'Name="Opt" />', "<cockatrice_deck>", '<zone name="side">', '<card number="2" name="Opt"/>',
    "</zone>", "<deckname>x</deckname>", "Count,Name,Edition,Foil,Board\n", '"a,b",', ";",
    "\r\n", "\r", "\n", "\t", " ", "0", "-1", "99999", "\x00", "\ufeff", "é", "Æ", "\u2028",
    "<!DOCTYPE x [<!ENTITY a 'b'>]>", "&a;", "&amp;", "]]>", "<!--", "-->", '"', "'",
]


def check(parse: object, text: str) -> None:
    try:
        result = parse(text)  # type: ignore[operator]
    except DeckParseError:
        return
    assert isinstance(result, ParseResult)
    assert all(1 <= e.count <= 1000 for e in result.deck.entries)
    assert all(e.name.strip() for e in result.deck.entries)


def each_parser(text: str) -> None:
    check(lambda t: parse_deck_text(t), text)
    for name in FORMAT_NAMES:
        check(lambda t, name=name: FORMATS[name].parse(t), text)
        check(lambda t, name=name: parse_deck_text(t, format=name, strict=True), text)


class TestRandomInput:
    @SETTINGS
    @given(st.binary(max_size=2000))
    def test_random_bytes(self, data: bytes) -> None:
        try:
            text = decode_deck_bytes(data)
        except DeckParseError:
            return
        each_parser(text)

    @SETTINGS
    @given(st.text(max_size=1000))
    def test_random_unicode(self, text: str) -> None:
        each_parser(text)

    @SETTINGS
    @given(st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join))
    def test_random_fragments(self, text: str) -> None:
        each_parser(text)

    @SETTINGS
    @given(st.binary(max_size=500))
    def test_read_deck_file(self, tmp_path: Path, data: bytes) -> None:
        path = tmp_path / "deck.dck"
        path.write_bytes(data)
        try:
            read_deck_file(path)
        except DeckParseError as err:
            assert err.path == path


def real_texts() -> list[tuple[str, str]]:
    from tests.conftest import SHARED

    root = SHARED / "data" / "decks"
    return [(str(p.relative_to(root)), decode_deck_bytes(p.read_bytes()))
            for p in sorted(root.glob("*/*")) if p.is_file()]


@pytest.mark.shared
class TestTruncatedRealFiles:
    @pytest.mark.parametrize(("name", "text"), real_texts(), ids=[n for n, _ in real_texts()])
    @SETTINGS
    @given(cut=st.floats(min_value=0.0, max_value=1.0))
    def test_truncated(self, shared: Path, name: str, text: str, cut: float) -> None:
        each_parser(text[:int(len(text) * cut)])


class TestHostileXml:
    BOMB = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
            '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
            '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n'
            '<Deck><Cards Quantity="1" Sideboard="false" Name="&lol3;" /></Deck>\n')
    EXTERNAL = ('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                '\n<cockatrice_deck><zone name="main"><card number="1" name="&x;"/></zone>'
                "</cockatrice_deck>\n")

    @pytest.mark.parametrize("text", [BOMB, EXTERNAL])
    def test_refused_even_when_lenient(self, text: str) -> None:
        with pytest.raises(DeckParseError, match="entities"):
            parse_deck_text(text)

    def test_too_big_refused_before_reading(self, tmp_path: Path) -> None:
        path = tmp_path / "huge.txt"
        with path.open("wb") as stream:
            stream.truncate(6 * 1024 * 1024)    # sparse: nothing is read
        with pytest.raises(DeckParseError, match="over 5 MB"):
            read_deck_file(path)

    def test_truncated_xml_salvaged(self) -> None:
        text = ('<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Opt" />\n'
                '<Cards Quantity="2" Sideboard="true" Name="Negate" />\n<Cards Quan')
        result = parse_deck_text(text)
        assert [(e.name, e.count, e.line_no) for e in result.deck.entries] == [
            ("Opt", 4, 2), ("Negate", 2, 3)]
        assert not result.ok and "well-formed" in result.issues[0].reason
        with pytest.raises(DeckParseError, match="well-formed"):
            parse_deck_text(text, strict=True)
