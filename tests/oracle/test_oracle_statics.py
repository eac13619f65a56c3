"""Static abilities: anthems (CR 613.4c), "can't be blocked" (509.1b), cost reductions."""

from __future__ import annotations

import pytest

from analyzer.oracle import Color, Controller, Evasion, ManaCost
from analyzer.oracle.statics import (
    parse_anthem,
    parse_block_sentence,
    parse_cost_reduction,
    parse_enters_tapped,
)


class TestAnthems:
    def test_other_ninjas(self) -> None:
        anthem = parse_anthem("Other Ninjas you control get +1/+1.")
        assert anthem is not None
        assert anthem.affected.subtypes == {"Ninja"}
        assert anthem.affected.other
        assert anthem.affected.controller is Controller.YOU
        assert (anthem.power, anthem.toughness, anthem.keywords) == (1, 1, ())
        assert anthem.describe() == "Other Ninjas you control get +1/+1"
        assert anthem.rules == ("613.4c",)

    def test_rogue_creatures(self) -> None:
        anthem = parse_anthem("Rogue creatures you control get +1/+0.")
        assert anthem is not None
        assert anthem.affected.subtypes == {"Rogue"} and not anthem.affected.other
        assert (anthem.power, anthem.toughness) == (1, 0)

    def test_glorious_anthem(self) -> None:
        anthem = parse_anthem("Creatures you control get +1/+1.")
        assert anthem is not None
        assert anthem.affected.subtypes == frozenset() and not anthem.affected.other

    def test_pump_and_keyword(self) -> None:
        anthem = parse_anthem("Other Goblin creatures you control get +1/+1 and have haste.")
        assert anthem is not None
        assert anthem.affected.subtypes == {"Goblin"} and anthem.affected.other
        assert [k.name for k in anthem.keywords] == ["Haste"]
        assert anthem.rules == ("613.4c", "613.1f")
        assert anthem.effect_phrase() == "+1/+1 and haste"

    def test_keyword_grant_by_color(self) -> None:
        anthem = parse_anthem("Red creatures you control have first strike.")
        assert anthem is not None
        assert anthem.affected.colors == Color.R
        assert not anthem.modifies_pt
        assert [k.name for k in anthem.keywords] == ["First strike"]
        assert anthem.rules == ("613.1f",)

    @pytest.mark.parametrize(("sentence", "subtype"), [
        ("Other Slivers you control get +1/+1.", "Sliver"),
        ("Elves you control get +1/+1.", "Elf"),
        ("Merfolk you control get +1/+1.", "Merfolk"),
        ("Goblins you control have haste.", "Goblin"),
        ("All Sliver creatures get +2/+0.", "Sliver"),
        ("Other Elf creatures get +1/+1 and have forestwalk.", "Elf"),
    ])
    def test_tribal_subjects(self, sentence: str, subtype: str) -> None:
        anthem = parse_anthem(sentence)
        assert anthem is not None and anthem.affected.subtypes == {subtype}

    def test_controllers(self) -> None:
        assert parse_anthem("All Sliver creatures get +1/+0.").affected.controller \
            is Controller.ANY  # type: ignore[union-attr]
        hate = parse_anthem("Creatures your opponents control get -1/-1.")
        assert hate is not None and hate.affected.controller is Controller.OPPONENT
        assert hate.describe() == "Creatures your opponents control get -1/-1"

    def test_adjectives(self) -> None:
        anthem = parse_anthem("Other nonblack creatures you control get +1/+1.")
        assert anthem is not None and anthem.affected.excluded_colors == Color.B
        legendary = parse_anthem("Other legendary creatures you control get +2/+2.")
        assert legendary is not None and legendary.affected.supertypes == {"Legendary"}
        artifact = parse_anthem("Other artifact creatures you control get +1/+1.")
        assert artifact is not None and artifact.affected.card_types == {"Artifact"}

    def test_protection_and_several_keywords(self) -> None:
        anthem = parse_anthem("Creatures you control have flying, first strike, vigilance, "
                              "trample, haste, and protection from black and from red.")
        assert anthem is not None
        assert [k.name for k in anthem.keywords] == [
            "Flying", "First strike", "Vigilance", "Trample", "Haste", "Protection"]

    def test_attached(self) -> None:
        anthem = parse_anthem("Equipped creature gets +2/+0 and has haste.")
        assert anthem is not None and anthem.affected.attached == "equipped"
        assert anthem.describe() == "Equipped creature gets +2/+0 and has haste"

    def test_negative_zero_is_printed(self) -> None:
        anthem = parse_anthem("Enchanted creature gets -5/-0.")
        assert anthem is not None and anthem.describe() == "Enchanted creature gets -5/-0"

    @pytest.mark.parametrize("sentence", [
        "Creatures you control get +1/+1 until end of turn.",
        "Creatures you control get +1/+1 for each Forest you control.",
        "As long as you control a Forest, creatures you control get +1/+1.",
        "Attacking creatures you control get +1/+0.",
        "CARDNAME gets +1/+1.",
        'Creatures you control have "{T}: Add {G}."',
        "Vehicles you control have flying.",
        "Creatures you control get +1/+1 and gain trample.",
    ])
    def test_not_anthems(self, sentence: str) -> None:
        assert parse_anthem(sentence) is None


class TestBlocking:
    def test_unblockable(self) -> None:
        found = parse_block_sentence("CARDNAME can't be blocked.")
        assert found is not None
        (restriction,), cant_block = found
        assert restriction.evasion is Evasion.UNBLOCKABLE and not cant_block
        assert restriction.describe() == "can't be blocked"

    def test_cant_block_and_cant_be_blocked(self) -> None:
        found = parse_block_sentence("CARDNAME can't block and can't be blocked.")
        assert found is not None
        assert [r.evasion for r in found[0]] == [Evasion.UNBLOCKABLE] and found[1]

    @pytest.mark.parametrize(("sentence", "power", "greater"), [
        ("CARDNAME can't be blocked by creatures with power 2 or greater.", 2, True),
        ("CARDNAME can't be blocked by creatures with power 2 or less.", 2, False),
    ])
    def test_power_limited(self, sentence: str, power: int, greater: bool) -> None:
        found = parse_block_sentence(sentence)
        assert found is not None
        (limit,), _ = found
        assert limit.evasion is Evasion.POWER_LIMITED
        assert (limit.power, limit.or_greater) == (power, greater)

    @pytest.mark.parametrize("sentence", [
        "CARDNAME can't be blocked this turn.",
        "CARDNAME can't be blocked except by two or more creatures.",
        "Target creature can't be blocked.",
        "CARDNAME can't be blocked by more than one creature.",
    ])
    def test_not_unconditional(self, sentence: str) -> None:
        assert parse_block_sentence(sentence) is None


class TestCostReduction:
    def test_two_creature_types(self) -> None:
        found = parse_cost_reduction("Goblin spells and Rogue spells you cast cost {1} less "
                                     "to cast.")
        assert found is not None
        assert found.spells.subtypes == {"Goblin", "Rogue"}
        assert found.amount == ManaCost.parse("{1}")

    def test_card_types(self) -> None:
        found = parse_cost_reduction("Instant and sorcery spells you cast cost {1} less to cast.")
        assert found is not None and found.spells.card_types == {"Instant", "Sorcery"}

    def test_not_a_reduction(self) -> None:
        assert parse_cost_reduction("Spells your opponents cast cost {1} more to cast.") is None


def test_enters_tapped() -> None:
    assert parse_enters_tapped("CARDNAME enters tapped.")
    assert not parse_enters_tapped("CARDNAME enters tapped unless you control a Forest.")
