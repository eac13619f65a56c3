"""ManaCost and ManaSymbol: parsing, formatting, mana value, colours, errors (CR 107.4, 202)."""

from __future__ import annotations

import pytest

from analyzer.errors import InputError
from analyzer.oracle import Color, ManaCost, ManaCostError, ManaSymbol, SymbolKind


class TestManaCostRoundTrip:
    @pytest.mark.parametrize("text", [
        "", "{0}", "{2}{U}{B}", "{X}{R}", "{R/W}{R/W}", "{B/P}", "{2/W}{2/W}{2/W}", "{S}{S}",
        "{C}{C}", "{G/U/P}", "{16}", "{X}{X}{G}", "{W}{U}{B}{R}{G}",
    ])
    def test_str_of_parse_is_identity(self, text: str) -> None:
        assert str(ManaCost.parse(text)) == text

    def test_spaces_and_lower_case_are_accepted(self) -> None:
        assert str(ManaCost.parse("  {2}{u}{b} ")) == "{2}{U}{B}"

    def test_equal_costs_are_equal_and_hashable(self) -> None:
        assert ManaCost.parse("{1}{G}") == ManaCost.parse("{1}{G}")
        assert len({ManaCost.parse("{1}{G}"), ManaCost.parse("{1}{G}")}) == 1


class TestManaValue:
    @pytest.mark.parametrize(("text", "value"), [
        ("", 0), ("{0}", 0), ("{2}{U}{B}", 4), ("{X}{R}", 1), ("{X}{X}{G}", 1),
        ("{R/W}", 1), ("{2/W}", 2), ("{B/P}", 1), ("{G/U/P}", 1), ("{S}", 1), ("{C}", 1),
        ("{16}", 16),
    ])
    def test_mana_value(self, text: str, value: int) -> None:
        assert ManaCost.parse(text).mana_value == value

    def test_generic_and_x(self) -> None:
        cost = ManaCost.parse("{X}{3}{G}")
        assert cost.generic == 3
        assert cost.has_x
        assert not ManaCost.parse("{3}").has_x


class TestColors:
    def test_colors_of_a_cost(self) -> None:
        assert ManaCost.parse("{2}{U}{B}").colors == Color.U | Color.B
        assert ManaCost.parse("{R/W}").colors.letters == "WR"
        assert ManaCost.parse("{2/G}{B/P}").colors.letters == "BG"

    def test_colorless_and_generic_have_no_color(self) -> None:
        assert ManaCost.parse("{3}{C}{S}{X}").colors == Color(0)
        assert ManaCost.parse("").colors.letters == ""

    def test_color_letters_and_names(self) -> None:
        assert Color.from_letters("gw") == Color.W | Color.G
        assert (Color.R | Color.U).names == ("blue", "red")


class TestSymbols:
    @pytest.mark.parametrize(("text", "kind"), [
        ("{2}", SymbolKind.GENERIC), ("{U}", SymbolKind.COLORED),
        ("{C}", SymbolKind.COLORLESS), ("{R/W}", SymbolKind.HYBRID),
        ("{2/W}", SymbolKind.MONO_HYBRID), ("{B/P}", SymbolKind.PHYREXIAN),
        ("{P/U}", SymbolKind.PHYREXIAN), ("{G/W/P}", SymbolKind.HYBRID_PHYREXIAN),
        ("{S}", SymbolKind.SNOW), ("{X}", SymbolKind.VARIABLE),
    ])
    def test_kinds(self, text: str, kind: SymbolKind) -> None:
        assert ManaSymbol.parse(text).kind is kind

    def test_describe(self) -> None:
        assert ManaSymbol.parse("{R/W}").describe() == "white or red mana"
        assert ManaCost.parse("{2}{U}").describe() == "{2}{U} (mana value 3)"


class TestErrors:
    @pytest.mark.parametrize("text", ["{2}{U", "2U", "{K}", "{T}", "{Q}", "{U/U}", "{2}x", "{}"])
    def test_bad_costs_raise_an_input_error_quoting_the_text(self, text: str) -> None:
        with pytest.raises(ManaCostError, match="not a mana cost") as info:
            ManaCost.parse(text)
        assert repr(text) in str(info.value)
        assert isinstance(info.value, InputError)
        assert isinstance(info.value, ValueError)

    def test_unbalanced_braces_are_named(self) -> None:
        with pytest.raises(ManaCostError, match="unbalanced braces"):
            ManaCost.parse("{2}{U")

    def test_try_parse_returns_none(self) -> None:
        assert ManaCost.try_parse("{T}") is None
        assert ManaCost.try_parse("{1}") == ManaCost.parse("{1}")

    def test_bad_symbol(self) -> None:
        with pytest.raises(ManaCostError, match=r"not a mana symbol: '\{E\}'"):
            ManaSymbol.parse("{E}")
