"""Activated abilities, their costs and restrictions, and mana abilities (CR 602, 605, 106,
118): real Oracle lines in, typed readings out."""

from __future__ import annotations

from analyzer.oracle import compile_card
from analyzer.oracle.abilities import ActivatedAbility, Timing
from analyzer.oracle.mana_abilities import ManaAbility, ManaChoice, parse_mana_ability
from analyzer.oracle.objects import Zone
from tests.conftest import make_card


def _mana(line: str) -> ManaAbility:
    found = parse_mana_ability(line)
    assert found is not None, line
    ability, leftover = found
    assert leftover == (), leftover
    return ability


def _profile(name: str, text: str, types: tuple[str, ...] = ("Artifact",),
             supertypes: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    profile = compile_card(make_card(name, text, types=types, supertypes=supertypes))
    assert profile.fully_understood, profile.unsupported
    return profile


class TestManaAmong:
    def test_mox_amber(self) -> None:
        a = _mana("{T}: Add one mana of any color among legendary creatures and planeswalkers "
                  "you control.")
        assert a.produces is ManaChoice.ANY_COLOR_AMONG and a.amount == 1
        assert a.among is not None and a.among.filter.types == {"Creature", "Planeswalker"}
        assert a.among.filter.supertypes == {"Legendary"}
        assert a.fixed_colors is None          # depends on the permanents (CR 105.2)
        assert a.describe() == ("{T}: Add one mana of any color among legendary creatures "
                                "and planeswalkers you control")

    def test_grey_havens_cards_in_graveyard(self) -> None:
        a = _mana("{T}: Add one mana of any color among legendary creature cards in your "
                  "graveyard.")
        assert a.among is not None and a.among.filter.zone is Zone.GRAVEYARD

    def test_meteor_crater_color_of_a_permanent(self) -> None:
        a = _mana("{T}: Choose a color of a permanent you control. Add one mana of that color.")
        assert a.produces is ManaChoice.ANY_COLOR_AMONG and a.among is not None
        assert a.among.filter.kind == "permanent"
        assert a.describe() == "{T}: Add one mana of a color of a permanent you control"

    def test_chrome_mox_exiled_card(self) -> None:
        a = _mana("{T}: Add one mana of any of the exiled card's colors.")
        assert a.produces is ManaChoice.ANY_COLOR_AMONG and a.among is not None
        assert a.describe() == "{T}: Add one mana of any of the exiled card's colors"

    def test_could_produce(self) -> None:
        star = _mana("{T}: Add one mana of any color that a basic land you control could "
                     "produce.")
        assert star.produces is ManaChoice.ANY_COLOR_COULD_PRODUCE
        assert star.among is not None and star.among.filter.supertypes == {"Basic"}
        plaza = _mana("{T}: Add one mana of any type a Gate you control could produce.")
        assert plaza.produces is ManaChoice.ANY_TYPE_COULD_PRODUCE
        assert plaza.among is not None and plaza.among.filter.subtypes == {"Gate"}
        pool = _mana("{T}: Add one mana of any type that a land you control could produce.")
        assert pool.produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE

    def test_each_color_among(self) -> None:
        a = _mana("{1}, {T}: For each color among monocolored permanents you control, add one "
                  "mana of that color.")
        assert a.produces is ManaChoice.EACH_COLOR_AMONG and a.among is not None
        assert "monocolored" in a.among.text
        bloom = _mana("{T}: For each color among permanents you control, add one mana of that "
                      "color.")
        assert bloom.produces is ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS


class TestManaAmounts:
    def test_storage_land(self) -> None:
        a = _mana("{1}, Remove X storage counters from CARDNAME: Add X mana in any combination "
                  "of {W} and/or {U}.")
        assert a.combination and [str(o) for o in a.produces] == ["{W}", "{U}"]
        assert a.amount is None and a.quantity is not None and a.quantity.kind == "x"
        assert [c.name for c in a.cost.costs] == ["remove_counters"]
        assert a.describe().endswith("Add X mana in any combination of {W} and/or {U}")

    def test_fixed_combination(self) -> None:
        a = _mana("{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or "
                  "{G}.")
        assert a.combination and a.amount == 3 and a.cost.sacrifice == "a Forest"

    def test_combination_where_x(self) -> None:
        a = _mana("{0}: Add X mana in any combination of {U} and/or {R}, where X is CARDNAME's "
                  "power.")
        assert a.combination and a.quantity is not None
        assert (a.quantity.kind, a.quantity.attribute) == ("attribute", "power")
        assert a.describe() == ("{0}: Add X mana in any combination of {U} and/or {R}, where "
                                "X is CARDNAME's power")

    def test_x_of_one_symbol_or_another(self) -> None:
        a = _mana("{T}: Add X {G} or X {W}, where X is the number of other creatures you "
                  "control.")
        assert not a.combination and [str(o) for o in a.produces] == ["{G}", "{W}"]
        assert a.quantity is not None and a.quantity.kind == "count"
        assert a.describe() == ("{T}: Add X {G} or X {W}, where X is the number of other "
                                "creatures you control")

    def test_mana_battery(self) -> None:
        a = _mana("{T}, Remove any number of charge counters from CARDNAME: Add {B}, then add "
                  "an additional {B} for each charge counter removed this way.")
        assert a.amount is None and a.quantity is not None
        assert (a.quantity.kind, a.quantity.attribute, a.quantity.offset) == \
            ("removed", "charge", 1)
        assert a.quantity.describe() == "the number of charge counters removed this way plus 1"
        assert a.describe().endswith("Add {B}, then add an additional {B} for each charge "
                                     "counter removed this way")

    def test_counters_removed(self) -> None:
        a = _mana("{T}, Remove any number of storage counters from CARDNAME: Add {B} for each "
                  "storage counter removed this way.")
        assert a.quantity is not None and (a.quantity.kind, a.quantity.attribute) == \
            ("removed", "storage")

    def test_nykthos(self) -> None:
        a = _mana("{2}, {T}: Choose a color. Add an amount of mana of that color equal to your "
                  "devotion to that color.")
        assert a.produces is ManaChoice.ANY_ONE_COLOR and a.amount is None
        assert a.quantity is not None and a.quantity.kind == "devotion"
        assert a.describe() == ("{2}, {T}: Add an amount of mana of any one color equal to "
                                "your devotion to that color")

    def test_choose_a_color_for_each(self) -> None:
        a = _mana("{T}: Choose a color. Add one mana of that color for each charge counter on "
                  "CARDNAME.")
        assert a.produces is ManaChoice.ANY_ONE_COLOR and a.amount is None
        assert a.quantity is not None and (a.quantity.kind, a.quantity.attribute) == \
            ("counters", "charge")

    def test_unread_stays_unread(self) -> None:
        # "that land" is the land untapped as the cost: not read (CR 106.7)
        assert parse_mana_ability("{T}, Untap a tapped land an opponent controls: Add one "
                                  "mana of any type that land could produce.") is None
        assert parse_mana_ability("{T}: Choose a color. Add one mana of that color for each "
                                  "different power among creatures you control.") is None


class TestNotAManaAbility:
    def test_a_target_makes_it_an_activated_ability(self) -> None:
        # CR 605.1a: an ability with a target is no mana ability (Witch Engine).
        p = _profile("Witch Engine", "{T}: Add {B}{B}{B}{B}. Target opponent gains control of "
                     "Witch Engine.", types=("Creature",))
        assert p.mana_abilities == ()
        a, = p.abilities
        assert isinstance(a, ActivatedAbility)
        assert [e.name for e in a.effects] == ["add_mana", "gain_control"]

    def test_painland_stays_a_mana_ability(self) -> None:
        p = _profile("Adarkar Wastes", "{T}: Add {C}.\n{T}: Add {W} or {U}. Adarkar Wastes "
                     "deals 1 damage to you.", types=("Land",))
        assert len(p.mana_abilities) == 2
        assert [e.name for e in p.mana_abilities[1].effects] == ["deal_damage"]
        assert p.mana_abilities[1].timing == ()

    def test_restriction_kept(self) -> None:
        p = _profile("Mox Opal", "Metalcraft — {T}: Add one mana of any color. Activate only "
                     "if you control three or more artifacts.", supertypes=("Legendary",))
        assert p.mana_abilities[0].timing == (Timing.CONDITION,)


def _activated(line: str) -> ActivatedAbility:
    from analyzer.oracle.lines import read_activated

    found = read_activated(line)
    assert found is not None, line
    return found


class TestCostChanges:
    def test_channel_land(self) -> None:
        a = _activated("Channel — {3}{U}, Discard CARDNAME: Return target artifact, creature, "
                       "enchantment, or planeswalker to its owner's hand. This ability costs {1} "
                       "less to activate for each legendary creature you control.")
        change, = a.cost_changes
        assert change.name == "modify_activation_cost" and change.spec.rule == "602.2b"
        assert str(change.arg("amount")) == "{1}" and change.arg("more") == "less"
        per = change.arg("per")
        assert per is not None and per.quantity.kind == "count"
        assert per.quantity.ref.filter.supertypes == {"Legendary"}
        assert a.describe().endswith("[this ability costs {1} less to activate for each "
                                     "legendary creature you control]")

    def test_counters_and_cards_counted(self) -> None:
        diary = _activated("{5}, {T}: Draw a card. This ability costs {1} less to activate for "
                           "each page counter on CARDNAME.")
        assert diary.cost_changes[0].arg("per").quantity.kind == "counters"
        stone = _activated("{3}, {T}: Draw three cards. This ability costs {1} more to "
                           "activate for each card in your hand.")
        assert stone.cost_changes[0].arg("more") == "more"

    def test_conditions(self) -> None:
        esquire = _activated("{4}{W}, {T}: Creatures you control get +1/+1 until end of turn. "
                             "This ability costs {2} less to activate if you control a "
                             "legendary creature.")
        assert esquire.cost_changes[0].condition == "if you control a legendary creature"
        crown = _activated("{1}, {T}: Tap target creature. This ability costs {1} less to "
                           "activate during your turn.")
        assert crown.cost_changes[0].condition == "if it's your turn"

    def test_where_x(self) -> None:
        a = _activated("{10}, Sacrifice CARDNAME: Draw three cards. This ability costs {X} less "
                       "to activate, where X is the number of differently named lands you "
                       "control.")
        change, = a.cost_changes
        assert str(change.arg("amount")) == "{X}"
        assert change.arg("per").quantity.kind == "distinct_names"

    def test_minimum_one(self) -> None:
        a = _activated("{3}: Draw a card. This ability costs {1} less to activate for each "
                       "Wizard you control. This effect can't reduce the mana in that cost to "
                       "less than one mana.")
        assert a.cost_changes[0].arg("minimum").value == 1


class TestRestrictions:
    def test_or_if(self) -> None:
        p = _profile("Gathering Place", "{T}: Add {C}.\n{T}: Add {G} or {W}. Activate only if "
                     "Gathering Place entered this turn or if you control a basic land.",
                     types=("Land",))
        restricted = p.mana_abilities[1]
        assert restricted.timing == (Timing.CONDITION,)
        assert restricted.describe() == ("{T}: Add {G} or {W} [activate only if this entered "
                                         "this turn or if you control a basic land]")

    def test_steps(self) -> None:
        from analyzer.oracle.lines import read_timings

        assert read_timings("Activate only during the end of combat step.") == \
            (Timing.END_OF_COMBAT_STEP,)
        assert read_timings("Activate only during the declare blockers step.") == \
            (Timing.DECLARE_BLOCKERS_STEP,)
        assert read_timings("Activate only during an opponent's turn and only before "
                            "combat.") == (Timing.OPPONENT_TURN, Timing.BEFORE_COMBAT)
        assert read_timings("Any player may activate this ability but only during their "
                            "draw step.") == (Timing.ANY_PLAYER, Timing.DRAW_STEP)
        assert read_timings("Activate only any time you could cast an instant.") == \
            (Timing.INSTANT,)

    def test_condition_words_in_a_joined_restriction(self) -> None:
        a = _activated("{B}: Return CARDNAME from your graveyard to the battlefield. Activate "
                       "only during your upkeep and only if you control a Swamp.")
        assert a.timing == (Timing.UPKEEP, Timing.CONDITION)
        assert a.describe().endswith("[upkeep] [activate only if you control a Swamp]")

    def test_spending_restriction_must_read(self) -> None:
        from analyzer.oracle.lines import read_timings

        assert read_timings("Spend this mana only to cast creature spells.") == \
            (Timing.RESTRICTED_MANA,)
        assert read_timings("Spend this mana only to cast a creature spell of the chosen "
                            "type, and that spell can't be countered.") == ()


class TestCosts:
    def test_counters_from_among(self) -> None:
        from analyzer.oracle.costs import parse_costs

        (_, among), unread = parse_costs("{2}{W}, Remove two +1/+1 counters from among "
                                            "creatures you control")
        assert unread == () and among.name == "remove_counters_among"
        assert (among.amount, among.counter) == ("2", "+1/+1")
        assert among.what is not None and among.what.filter.types == {"Creature"}
        assert among.describe() == "remove 2 +1/+1 counters from among creatures you control"
        (x,), _ = parse_costs("Remove X +1/+1 counters from among creatures you control")
        assert x.amount == "X"

    def test_list_of_objects_after_one_verb(self) -> None:
        from analyzer.oracle.costs import parse_costs

        costs, unread = parse_costs("{2}{W}, {T}, Sacrifice a green creature, a white "
                                    "creature, and a blue creature")
        assert unread == ()
        assert [c.describe() for c in costs] == ["pay {2}{W}", "tap this",
                                                 "sacrifice a green creature",
                                                 "sacrifice a white creature",
                                                 "sacrifice a blue creature"]

    def test_graveyard_and_library_costs(self) -> None:
        from analyzer.oracle.costs import parse_costs

        (top,), _ = parse_costs("Exile the top creature card of your graveyard")
        assert top.name == "exile_top_of_graveyard" and top.what is not None
        assert top.what.filter.types == {"Creature"} and top.what.filter.zone is Zone.GRAVEYARD
        (bottom,), _ = parse_costs("Put three cards from your graveyard on the bottom of your "
                                   "library")
        assert bottom.name == "put_on_library_bottom" and bottom.what is not None
        assert bottom.what.count.low == 3

    def test_energy_and_hand(self) -> None:
        from analyzer.oracle.costs import parse_costs

        costs, unread = parse_costs("{3}, {T}, Pay X {E}, Sacrifice CARDNAME")
        assert unread == () and (costs[2].name, costs[2].amount) == ("pay_energy", "X")
        (hand,), _ = parse_costs("Reveal your hand")
        assert hand.name == "reveal_hand"

    def test_ability_word_with_punctuation(self) -> None:
        from analyzer.oracle.lines import split_ability_word

        assert split_ability_word("GOOOOAAAALLL! — {T}: Draw a card.") == \
            ("GOOOOAAAALLL!", "{T}: Draw a card.")

    def test_energy_counts_and_singular_counters(self) -> None:
        from analyzer.oracle.costs import parse_costs

        (energy,), _ = parse_costs("Pay {E}{E}{E}")
        assert (energy.amount, energy.describe()) == ("3", "pay 3 energy")
        (counter,), _ = parse_costs("Remove a +1/+1 counter from CARDNAME")
        assert counter.describe() == "remove a +1/+1 counter from this"


class TestClassLevels:
    def test_level_ability_restrictions(self) -> None:
        # CR 716.2a: "[Cost]: Level N" may be activated only if the Class is level N-1 and
        # only as a sorcery; it exists at every level (no gate of the level before).
        p = compile_card(make_card(
            "Test Class", "{1}{U}: Level 2\nWhen this Class becomes level 2, draw a card.\n"
            "{4}{U}: Level 3\nAt the beginning of your upkeep, scry 1.",
            types=("Enchantment",), subtypes=("Class",)))
        levels = [a for a in p.abilities if isinstance(a, ActivatedAbility)]
        assert [a.condition for a in levels] == ["", ""]
        assert all(a.timing == (Timing.SORCERY, Timing.PREVIOUS_LEVEL) for a in levels)


def test_only_opponents_may_activate() -> None:
    from analyzer.oracle.lines import read_timings

    assert read_timings("Only any opponent may activate this ability.") == \
        (Timing.OPPONENTS_ONLY,)


class TestCostLists:
    def test_noun_phrase_with_commas(self) -> None:
        from analyzer.oracle.costs import parse_costs

        (sacrifice,), unread = parse_costs("Sacrifice an artifact, creature, or land")
        assert unread == () and sacrifice.what is not None
        assert sacrifice.what.filter.types == {"Artifact", "Creature", "Land"}
        assert sacrifice.what.count.high == 1

    def test_self_in_a_list_and_spaced_mana(self) -> None:
        from analyzer.oracle.costs import parse_costs

        costs, unread = parse_costs("Sacrifice a creature named Feral Shadow, a creature "
                                    "named Breathstealer, and CARDNAME")
        assert unread == () and [c.name for c in costs] == ["sacrifice"] * 3
        assert costs[2].describe() == "sacrifice this"
        (mana,), _ = parse_costs("{2} {R}")
        assert (mana.name, mana.amount) == ("mana", "{2}{R}")
        (unattach,), _ = parse_costs("Unattach CARDNAME")
        assert unattach.name == "unattach"
