"""Keyword lines and the keyword registry (CR 702)."""

from __future__ import annotations

import pytest

from analyzer.oracle import KEYWORDS, Evasion, ManaCost
from analyzer.oracle.keywords import (
    keyword_spec,
    parse_keyword_item,
    parse_keyword_line,
    parse_keyword_list,
)


class TestKeywordLines:
    @pytest.mark.parametrize(("line", "name", "cost"), [
        ("Sneak {B}", "Sneak", "{B}"),
        ("Ninjutsu {1}{U}", "Ninjutsu", "{1}{U}"),
        ("Commander ninjutsu {2}{U}{B}", "Commander ninjutsu", "{2}{U}{B}"),
        ("Prowl {5}{U}", "Prowl", "{5}{U}"),
        ("Cycling {2}", "Cycling", "{2}"),
        ("Kicker {2}{R}", "Kicker", "{2}{R}"),
        ("Equip {1}", "Equip", "{1}"),
        ("Basic landcycling {1}{G}", "Basic landcycling", "{1}{G}"),
        ("Plainscycling {2}", "Plainscycling", "{2}"),
        ("Ward {2}", "Ward", "{2}"),
    ])
    def test_keywords_with_a_mana_cost(self, line: str, name: str, cost: str) -> None:
        (keyword,) = parse_keyword_line(line) or ()
        assert keyword.name == name
        assert keyword.cost == ManaCost.parse(cost)
        assert str(keyword) == line

    def test_several_keywords(self) -> None:
        found = parse_keyword_line("Flying, first strike, vigilance")
        assert found is not None
        assert [k.name for k in found] == ["Flying", "First strike", "Vigilance"]

    def test_parameters(self) -> None:
        assert parse_keyword_item("Crew 3").parameter == "3"
        assert parse_keyword_item("Protection from red").parameter == "from red"
        assert parse_keyword_item("Equip legendary creature {1}").parameter \
            == "legendary creature"
        assert parse_keyword_item("Suspend 4—{U}").cost == ManaCost.parse("{U}")
        assert parse_keyword_item("Vanishing 3").parameter == "3"
        assert parse_keyword_item("Hexproof").parameter == ""

    def test_non_mana_costs(self) -> None:
        (ward,) = parse_keyword_line("Ward—Pay 2 life.") or ()
        assert ward.cost is None and ward.parameter == "Pay 2 life."
        (escape,) = parse_keyword_line(
            "Escape—{3}{B}{B}, Exile five other cards from your graveyard.") or ()
        assert escape.cost == ManaCost.parse("{3}{B}{B}")
        assert escape.parameter == "Exile five other cards from your graveyard."

    @pytest.mark.parametrize("line", [
        "Other Ninjas you control get +1/+1.", "Flying haste", "Sneak", "Crew",
        "Flying, draw a card", "Blight 2", 'Flying, "haste"', "",
    ])
    def test_not_keyword_lines(self, line: str) -> None:
        assert parse_keyword_line(line) is None


class TestRegistry:
    def test_rules(self) -> None:
        assert KEYWORDS["sneak"].rule == "702.190"
        assert KEYWORDS["ninjutsu"].rule == "702.49"
        assert KEYWORDS["prowl"].rule == "702.76"
        assert KEYWORDS["changeling"].rule == "702.73"
        assert KEYWORDS["menace"].rule == "702.111"

    @pytest.mark.parametrize(("name", "evasion"), [
        ("Flying", Evasion.FLYING), ("Menace", Evasion.MENACE), ("Shadow", Evasion.SHADOW),
        ("Fear", Evasion.FEAR), ("Intimidate", Evasion.INTIMIDATE),
        ("Horsemanship", Evasion.HORSEMANSHIP), ("Skulk", Evasion.SKULK),
        ("Swampwalk", Evasion.LANDWALK), ("Haste", None),
    ])
    def test_evasion(self, name: str, evasion: Evasion | None) -> None:
        spec = keyword_spec(name)
        assert spec is not None and spec.evasion is evasion

    def test_describe(self) -> None:
        (menace,) = parse_keyword_line("Menace") or ()
        assert menace.describe() == "Menace (can't be blocked except by two or more creatures)"
        assert menace.to_json()["rule"] == "702.111"


class TestKeywordLists:
    def test_running_text(self) -> None:
        found = parse_keyword_list("flying, first strike, and haste")
        assert found is not None and [k.name for k in found] == ["Flying", "First strike", "Haste"]

    def test_protection_from_two_colors(self) -> None:
        found = parse_keyword_list("protection from black and from red")
        assert found is not None and [str(k) for k in found] \
            == ["Protection from black and from red"]

    def test_quoted_abilities_are_not_keywords(self) -> None:
        assert parse_keyword_list('"{T}: Add {G}."') is None
