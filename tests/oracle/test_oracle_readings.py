"""The small Oracle readings the graph and the rules core ask for (analyzer.oracle.readings).

Texts are the real cards' Oracle text (AtomicCards.json); expected values come from reading
that text and the rule cited, not from the functions' output.
"""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from analyzer.oracle import readings
from analyzer.oracle.readings import (
    ClassLevel,
    GroupUnblockable,
    LevelerBand,
    as_long_as,
    class_level,
    group_unblockable,
    is_loyalty_ability,
    is_prowl_paid,
    level_up_cost,
    leveler_band,
    spending_restriction_sentence,
    turns_over,
)


def test_doctests() -> None:
    result = doctest.testmod(readings)
    assert result.attempted >= 20
    assert result.failed == 0


class TestGroupUnblockable:
    """CR 509.1b: "can't be blocked" given to a group of creatures you control."""

    def test_tetsuko_with_limit(self) -> None:
        text = "Creatures you control with power or toughness 1 or less can't be blocked."
        assert group_unblockable(f"  {text}\n") == GroupUnblockable(
            "Creatures", " with power or toughness 1 or less")

    def test_subtype_group_without_limit(self) -> None:
        assert group_unblockable("Other Ninjas you control can't be blocked.") == \
            GroupUnblockable("Other Ninjas", "")
        assert group_unblockable("Ninjas you control can't be blocked.") == \
            GroupUnblockable("Ninjas", "")

    @pytest.mark.parametrize("text", [
        "Creatures you control have flying.",
        "Creatures you control can't be blocked this turn.",
        "Target creature can't be blocked.",
    ])
    def test_other_sentences(self, text: str) -> None:
        assert group_unblockable(text) is None


class TestTurnsOver:
    """CR 712.8: a transforming card's back face is reached only when something turns it."""

    @pytest.mark.parametrize("text", [
        "If an instant or sorcery card is revealed this way, transform this creature.",
        "Daybound (If a player casts no spells during their own turn, it becomes night "
        "next turn.)",
        "Disturb {1}{W}",
        "More Than Meets the Eye {2}{U}",
        "Craft with artifact {4}",
    ])
    def test_turning_texts(self, text: str) -> None:
        assert turns_over(text)

    def test_other_text(self) -> None:
        assert not turns_over("Flying")
        assert not turns_over("")


class TestLevels:
    def test_class_level(self) -> None:
        """CR 716.2a: "{cost}: Level N" on a Class."""
        assert class_level("{1}{G}: Level 2") == ClassLevel("{1}{G}", "2")
        assert class_level("{3}{G}: Level 3") == ClassLevel("{3}{G}", "3")
        assert class_level("Level 2") is None
        assert class_level("{1}{G}: Level 2.") is None

    def test_student_of_warfare(self) -> None:
        """CR 702.87 level up and CR 711.2a level bands, as printed on Student of Warfare."""
        lines = ("Level up {W} ({W}: Put a level counter on this. Level up only as a "
                 "sorcery.)\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike"
                 ).splitlines()
        assert level_up_cost(lines[0]) == "{W}"
        assert leveler_band(lines[1]) == LevelerBand("2", "6")
        assert leveler_band(lines[4]) == LevelerBand("7", None)
        assert [level_up_cost(line) for line in lines[1:]] == [None] * 6
        assert [leveler_band(line) for line in (lines[0], lines[2], lines[3], lines[5])] == [None] * 4


class TestAsLongAs:
    """CR 611.3a: a static ability that applies only while its condition holds."""

    def test_kird_ape(self) -> None:
        assert as_long_as("This creature gets +1/+2 as long as you control a Forest.") == \
            "you control a Forest"

    def test_stops_at_comma_and_ignores_case(self) -> None:
        assert as_long_as("As long as it's your turn, creatures you control have haste.") \
            == "it's your turn"

    def test_none(self) -> None:
        assert as_long_as("Creatures you control get +1/+1.") is None


class TestProwlPaid:
    """CR 702.76: "if its prowl cost was paid" (Earwig Squad)."""

    @pytest.mark.parametrize("condition", [
        "if its prowl cost was paid,", " if its prowl cost was paid ",
        "if CARDNAME's prowl cost was paid", "if this spell's prowl cost was paid",
    ])
    def test_paid(self, condition: str) -> None:
        assert is_prowl_paid(condition)

    @pytest.mark.parametrize("condition", [
        "if its evoke cost was paid", "if its prowl cost was paid and you control a Rogue",
        "",
    ])
    def test_other(self, condition: str) -> None:
        assert not is_prowl_paid(condition)


class TestSpendingRestriction:
    """CR 106.6: "Spend this mana only ..." (Eldrazi Temple)."""

    def test_eldrazi_temple(self) -> None:
        text = ("{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or "
                "activate abilities of colorless Eldrazi.")
        assert spending_restriction_sentence(text) == (
            "Spend this mana only to cast colorless Eldrazi spells or activate abilities "
            "of colorless Eldrazi.")

    def test_none(self) -> None:
        assert spending_restriction_sentence("{T}: Add {C}.") is None


class TestLoyalty:
    """CR 606: loyalty abilities, "[+1]: ...", "[−2]: ...", "[0]: ...", "[−X]: ..."."""

    @pytest.mark.parametrize("text", [
        "[+1]: Each player discards a card.", "[\u22122]: Target player sacrifices a creature.",
        "[-6]: Separate all permanents.", "[0]: Draw a card.", "[\u2212X]: Destroy it.",
    ])
    def test_loyalty(self, text: str) -> None:
        assert is_loyalty_ability(text)

    @pytest.mark.parametrize("text", [
        "{T}: Add {G}.", "Draw a card. [+1]: nothing", "[+1] Draw a card.",
    ])
    def test_other(self, text: str) -> None:
        assert not is_loyalty_ability(text)


def test_real_cards(shared_cards: dict[str, Any]) -> None:
    """The readings on the real cards' text from the shared AtomicCards file."""
    tetsuko = shared_cards["Tetsuko Umezawa, Fugitive"]
    assert group_unblockable(tetsuko.faces[0].text) == GroupUnblockable(
        "Creatures", " with power or toughness 1 or less")
    delver = shared_cards["Delver of Secrets // Insectile Aberration"]
    assert turns_over(delver.faces[0].text)
    assert not turns_over(delver.faces[1].text)
    student = shared_cards["Student of Warfare"].faces[0].text.splitlines()
    assert level_up_cost(student[0]) == "{W}"
    assert [band for line in student if (band := leveler_band(line)) is not None] == [
        LevelerBand("2", "6"), LevelerBand("7", None)]
