"""Noun phrases and quantities of the clause grammar (issue 15): lists of words of different
categories, total power and toughness, "power or toughness", single targets, greatest/most,
relative clauses, and the quantities counted from them — each typed, each said back."""

from __future__ import annotations

from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import ObjectFilter, ObjectRef, parse_object


def _ref(text: str) -> ObjectRef:
    ref = parse_object(text)
    assert ref is not None, text
    return ref


def _items(ref: ObjectRef) -> list[ObjectFilter]:
    return list(ref.filter.any_of)


class TestListsOfDifferentCategories:
    """A list joining a card type with a subtype, supertype or state is "any of" the items
    (CR 205.2, 205.3, 205.4): never "all of them" at once."""

    def test_type_or_subtype(self) -> None:
        ref = _ref("target creature or Vehicle")
        first, second = _items(ref)
        assert first.types == {"Creature"} and not first.subtypes
        assert second.subtypes == {"Vehicle"} and not second.types
        assert ref.targeted and ref.describe() == "target creature or Vehicle"

    def test_types_and_a_subtype_share_the_head_noun(self) -> None:
        ref = _ref("an instant, sorcery, or Faerie card")
        assert [(f.kind, set(f.types), set(f.subtypes)) for f in _items(ref)] == [
            ("card", {"Instant"}, set()), ("card", {"Sorcery"}, set()),
            ("card", set(), {"Faerie"})]

    def test_supertype_or_type(self) -> None:
        ref = _ref("legendary and/or enchantment cards")
        legendary, enchantment = _items(ref)
        assert legendary.supertypes == {"Legendary"} and not legendary.types
        assert enchantment.types == {"Enchantment"} and not enchantment.supertypes
        assert ref.count.each

    def test_states_joined_by_or(self) -> None:
        ref = _ref("target attacking or blocking creature")
        assert [set(f.states) for f in _items(ref)] == [{"attacking"}, {"blocking"}]
        assert all(f.types == {"Creature"} for f in _items(ref))

    def test_an_adjective_of_one_item(self) -> None:
        ref = _ref("target enchantment, tapped artifact, or tapped creature")
        assert [set(f.states) for f in _items(ref)] == [set(), {"tapped"}, {"tapped"}]

    def test_token_is_an_item(self) -> None:
        ref = _ref("target artifact, enchantment, or token")
        assert [set(f.states) for f in _items(ref)] == [set(), set(), {"token"}]

    def test_spells_and_abilities(self) -> None:
        ref = _ref("target spell, activated ability, or triggered ability")
        assert [(f.kind, set(f.states)) for f in _items(ref)] == [
            ("spell", set()), ("ability", {"activated ability"}),
            ("ability", {"triggered ability"})]
        (counter,) = parse_effects("Counter target spell, activated ability, or triggered "
                                   "ability.")
        assert counter.describe() == \
            "counter target spell, activated ability, or triggered ability"

    def test_lists_of_one_category_stay_one_filter(self) -> None:
        ref = _ref("a white or blue instant or sorcery spell")
        assert not ref.filter.any_of and ref.filter.types == {"Instant", "Sorcery"}
        wizards = _ref("target Cleric or Wizard creature card")
        assert not wizards.filter.any_of and wizards.filter.types == {"Creature"}
        assert wizards.filter.subtypes == {"Cleric", "Wizard"}
        shared = _ref("target nontoken artifact or creature")
        assert not shared.filter.any_of and shared.filter.states == {"nontoken"}

    def test_colours_joined_by_and_are_not_guessed(self) -> None:
        assert parse_object("target white and black creature") is None

    def test_the_permanent_or_player_refers_back(self) -> None:
        assert _ref("that permanent or player").filter.kind == "it"


class TestPowerAndToughness:
    def test_total_power_and_toughness(self) -> None:
        ref = _ref("target creature with total power and toughness 5 or less")
        assert ref.filter.total_power_toughness == ("<=", 5)
        assert "total_power_toughness" in ref.filter.typed_extras
        (destroy,) = parse_effects("Destroy target creature with total power and toughness 5 "
                                   "or less.")
        assert destroy.describe() == \
            "destroy target creature with total power and toughness 5 or less"

    def test_power_or_toughness_is_either(self) -> None:
        ref = _ref("target creature spell with power or toughness 2 or less")
        power, toughness = _items(ref)
        assert (power.power, power.toughness) == (("<=", 2), None)
        assert (toughness.power, toughness.toughness) == (None, ("<=", 2))
        assert all(f.kind == "spell" and f.types == {"Creature"} for f in _items(ref))


class TestStatesAndRelations:
    def test_single_target(self) -> None:
        assert _ref("target spell with a single target").filter.states == {"single target"}

    def test_greatest_or_tied(self) -> None:
        ref = _ref("the creature with the greatest toughness or tied for the greatest "
                   "toughness")
        assert ref.filter.states == {"greatest toughness or tied"}

    def test_players_with_the_most_life(self) -> None:
        assert _ref("an opponent with the most life").filter.states == {"most life"}
        assert _ref("the player with the most life or tied for most life").filter.states == \
            {"most life or tied"}

    def test_commanders(self) -> None:
        ref = _ref("each commander they control")
        assert ref.filter.states == {"commander"} and ref.count.each

    def test_were_attached(self) -> None:
        ref = _ref("all Equipment that were attached to it")
        ((relation, _),) = ref.filter.relations
        assert relation == "was_attached_to"

    def test_thats_a(self) -> None:
        card = _ref("target card that's an instant or sorcery from your graveyard")
        assert card.filter.kind == "card" and card.filter.types == {"Instant", "Sorcery"}
        assert not card.filter.all_types
        soldiers = _ref("each creature you control that's a Soldier or a Knight")
        assert soldiers.filter.subtypes == {"Soldier", "Knight"}
        both = _ref("a creature that's an artifact")
        assert both.filter.all_types == {"Artifact", "Creature"}

    def test_the_exiled_creature_card(self) -> None:
        ref = _ref("the exiled creature card")
        assert ref.filter.kind == "it" and ref.filter.types == {"Creature"}


class TestDefinedX:
    def test_mana_value_x_defined_after(self) -> None:
        (search,) = parse_effects("Search your library for a creature card with mana value X "
                                  "or less, where X is 2 plus the sacrificed creature's mana "
                                  "value.")
        what = search.arg("filter")
        assert isinstance(what, ObjectRef) and what.filter.mana_value is None
        (comparison,) = what.filter.comparisons
        assert comparison.describe() == \
            "mana value <= the sacrificed creature's mana value plus 2"
        assert search.describe() == ("search your library for a creature card with mana "
                                     "value X or less (where X is 2 plus the sacrificed creature's "
                                     "mana value)")


class TestQuantities:
    def _q(self, text: str) -> str:
        from analyzer.oracle.lexer import tokenize
        from analyzer.oracle.quantities import quantity

        tokens = tokenize(text)
        found = quantity(tokens, 0, len(tokens))
        assert found is not None, text
        return found.describe()

    def test_difference_of_two_quantities(self) -> None:
        assert self._q("your life total minus the life total of an opponent with the most "
                       "life") == ("your life total minus the life total of an opponent with "
                               "the most life")
        assert self._q("the number of Caves you control plus the number of Cave cards in "
                       "your graveyard") == ("the number of Caves you control plus the number "
                                             "of Cave cards in your graveyard")

    def test_a_number_minus_a_quantity(self) -> None:
        assert self._q("3 minus the number of cards in their hand") == \
            "3 minus the number of cards in their hand"

    def test_events_say_what_they_count(self) -> None:
        assert self._q("the amount of mana spent to cast it") == \
            "the amount of mana spent to cast it"
        assert self._q("the amount of mana spent to cast that spell") == \
            "the amount of mana spent to cast that spell"
        assert self._q("the number of colors of mana spent to cast CARDNAME") == \
            "the number of colors of mana spent to cast it"

    def test_attribute_of(self) -> None:
        assert self._q("the power of the exiled card") == "the exiled card's power"
        assert self._q("that spell's mana value") == "that spell's mana value"
        assert self._q("the greatest toughness among creatures you control") == \
            "the greatest toughness among creatures you control"
        assert self._q("the number of card types among cards in all graveyards plus 1") == \
            "the number of card types among cards in all graveyards plus 1"


class TestGreatestAmong:
    def test_the_group_is_kept(self) -> None:
        ref = _ref("a nonland permanent they control with the highest mana value among "
                   "permanents they control")
        assert ref.filter.states == {"greatest mana value"}
        ((relation, group),) = ref.filter.relations
        assert relation == "compared_among" and group.describe() == "permanents they control"

    def test_highest_life_total(self) -> None:
        assert _ref("the player with the highest life total").filter.states == {"most life"}

    def test_with_that_spells_mana_value(self) -> None:
        ref = _ref("all permanents with that spell's mana value")
        (comparison,) = ref.filter.comparisons
        assert comparison.describe() == "mana value == that spell's mana value"

    def test_top_card_of_a_graveyard(self) -> None:
        ref = _ref("the top card of your graveyard")
        assert ref.filter.zone.name == "GRAVEYARD" and ref.filter.states == {"top"}
