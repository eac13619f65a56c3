"""Activated mana abilities and their costs (CR 605.1a, 106.7, 107.5, 107.6)."""

from __future__ import annotations

import pytest

from analyzer.oracle import Color, ManaChoice, ManaCost
from analyzer.oracle.mana_abilities import (
    basic_land_mana,
    parse_ability_cost,
    parse_mana_ability,
    split_activated,
)


def _read(line: str):  # type: ignore[no-untyped-def]
    found = parse_mana_ability(line)
    assert found is not None, line
    return found


class TestProduces:
    @pytest.mark.parametrize(("line", "options"), [
        ("{T}: Add {G}.", ["{G}"]),
        ("{T}: Add {C}{C}.", ["{C}{C}"]),
        ("{T}: Add {R} or {G}.", ["{R}", "{G}"]),
        ("{T}: Add {U}, {B}, or {R}.", ["{U}", "{B}", "{R}"]),
        ("{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.", ["{W}{W}", "{W}{U}", "{U}{U}"]),
    ])
    def test_printed_mana(self, line: str, options: list[str]) -> None:
        ability, leftover = _read(line)
        assert [str(o) for o in ability.produces] == options
        assert ability.amount == 1 and leftover == ()

    @pytest.mark.parametrize(("line", "choice", "amount"), [
        ("{T}: Add one mana of any color.", ManaChoice.ANY_COLOR, 1),
        ("{T}: Add two mana of any one color.", ManaChoice.ANY_ONE_COLOR, 2),
        ("{T}: Add three mana in any combination of colors.", ManaChoice.ANY_COLOR, 3),
        ("{T}: Add one mana of any type that a land you control could produce.",
         ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE, 1),
        ("{T}: Add one mana of any color that a land an opponent controls could produce.",
         ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE, 1),
        ("{T}: Add one mana of the chosen color.", ManaChoice.CHOSEN_COLOR, 1),
        ("{T}: Add one mana of any color in your commander's color identity.",
         ManaChoice.COMMANDER_COLOR_IDENTITY, 1),
    ])
    def test_choices(self, line: str, choice: ManaChoice, amount: int) -> None:
        ability, _ = _read(line)
        assert ability.produces is choice and ability.amount == amount
        assert ability.describe() == line.rstrip(".")

    def test_for_each(self) -> None:
        ability, _ = _read("{T}: Add {G} for each creature you control.")
        assert ability.produces == (ManaCost.parse("{G}"),)
        assert ability.amount is None
        assert ability.amount_note == "for each creature you control"

    def test_x_mana(self) -> None:
        ability, _ = _read("{X}, {T}, Sacrifice CARDNAME: Add X mana in any combination of "
                           "colors.")
        assert ability.amount is None and ability.amount_note == "X"
        assert ability.cost.mana == ManaCost.parse("{X}") and ability.cost.sacrifice == "CARDNAME"

    def test_could_produce_has_no_fixed_colors(self) -> None:
        pool, _ = _read("{T}: Add one mana of any type that a land you control could produce.")
        assert pool.fixed_colors is None
        dual, _ = _read("{T}: Add {R} or {G}.")
        assert dual.fixed_colors == Color.R | Color.G


class TestCosts:
    def test_untap_symbol(self) -> None:
        ability, _ = _read("{Q}: Add {G}.")
        assert ability.cost.untap and not ability.cost.tap
        assert ability.cost.needs_untapped_since_turn_start

    def test_mana_tap_sacrifice_life(self) -> None:
        cost = parse_ability_cost("{1}, {T}, Pay 1 life, Sacrifice a Forest")
        assert cost.mana == ManaCost.parse("{1}") and cost.tap and cost.life == 1
        assert cost.sacrifice == "a Forest" and cost.other == ()
        assert str(cost) == "{1}, {T}, Pay 1 life, Sacrifice a Forest"

    def test_other_cost_parts_go_through_the_cost_registry(self) -> None:
        ability, leftover = _read("{T}, Tap an untapped creature you control: Add one mana of "
                                  "any color.")
        assert [c.name for c in ability.cost.costs] == ["tap_permanents"]
        assert ability.cost.other == () and leftover == ()

    def test_unknown_cost_parts_are_left_over(self) -> None:
        ability, leftover = _read("{T}, Juggle three balls: Add one mana of any color.")
        assert ability.cost.other == ("Juggle three balls",)
        assert leftover == ("Juggle three balls",)


class TestLeftovers:
    def test_restriction_sentence(self) -> None:
        _, leftover = _read("{T}: Add {C}. Spend this mana only to cast artifact spells.")
        assert leftover == ("Spend this mana only to cast artifact spells.",)

    def test_damage_sentence(self) -> None:
        _, leftover = _read("{T}: Add {W} or {U}. CARDNAME deals 1 damage to you.")
        assert leftover == ("CARDNAME deals 1 damage to you.",)


class TestNotManaAbilities:
    @pytest.mark.parametrize("line", [
        "−10: Add ten mana of any one color.",
        "+1: Add {R}{R}.",
        "{T}: Draw a card.",
        "{T}: Add {E}.",
        "Add {B}{B}{B}.",
        'Creatures you control have "{T}: Add {G}."',
    ])
    def test_rejected(self, line: str) -> None:
        assert parse_mana_ability(line) is None

    def test_split_activated(self) -> None:
        assert split_activated("{2}, {T}: Draw a card.") == ("{2}, {T}", "Draw a card.")
        assert split_activated("Flying") is None


class TestBasicLandTypes:
    def test_forest(self) -> None:
        ability = basic_land_mana(("Forest",))
        assert ability is not None and ability.intrinsic
        assert ability.cost.tap and ability.produces == (ManaCost.parse("{G}"),)

    def test_dual_and_none(self) -> None:
        dual = basic_land_mana(("Island", "Swamp"))
        assert dual is not None and [str(o) for o in dual.produces] == ["{U}", "{B}"]
        assert basic_land_mana(("Desert",)) is None
