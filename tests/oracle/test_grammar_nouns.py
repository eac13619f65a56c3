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
