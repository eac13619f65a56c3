"""Staples of the real deck lists: each test compiles a real card (its Oracle text from the
shared card file) and checks the typed reading of the sentence the grammar now reads.
"""

from __future__ import annotations

from typing import Any

from analyzer.oracle import CardProfile, compile_card
from analyzer.oracle.effects import Effect
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import Zone


def _profile(cards: dict[str, Any], name: str) -> CardProfile:
    profile = compile_card(cards[name])
    assert profile.fully_understood, [u.text for u in profile.unsupported]
    return profile


def _effects(profile: CardProfile) -> list[Effect]:
    found: list[Effect] = []
    for ability in profile.abilities:
        found.extend(getattr(ability, "effects", ()))
    return found


def _read(sentence: str) -> tuple[Effect, ...]:
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


def test_fatal_push_revolt_instead(shared_cards: dict[str, Any]) -> None:
    # "Revolt — Destroy that creature if it has mana value 4 or less instead if a
    # permanent you controlled left the battlefield this turn."
    first, second = _effects(_profile(shared_cards, "Fatal Push"))
    assert first.condition == "if it has mana value 2 or less"
    assert second.name == "destroy"
    assert second.condition == ("if a permanent you controlled left the battlefield this "
                                "turn, if it has mana value 4 or less (instead)")


def test_has_characteristic_compared_condition() -> None:
    (e,) = _read("Destroy that creature if it has mana value 4 or less.")
    assert e.condition == "if it has mana value 4 or less"
    assert parse_effects("Destroy that creature if it has mana value 4 or less "
                         "until end of turn.") is None


def test_snapcaster_flashback_cost_equal_to_mana_cost(
        shared_cards: dict[str, Any]) -> None:
    # "... gains flashback until end of turn. The flashback cost is equal to its mana cost."
    (e,) = _effects(_profile(shared_cards, "Snapcaster Mage"))
    assert e.name == "grant_abilities"
    (k,) = e.arg("keywords")
    assert (k.name, k.cost, k.parameter) == ("Flashback", None, "its mana cost")
    assert e.arg("target").filter.zone is Zone.GRAVEYARD
    assert e.describe().endswith("gains Flashback — its mana cost until end of turn")


def test_granted_cost_keyword_in_a_static(shared_cards: dict[str, Any]) -> None:
    # Varolz: "Each creature card in your graveyard has scavenge. The scavenge cost is
    # equal to its mana cost."
    profile = _profile(shared_cards, "Varolz, the Scar-Striped")
    assert "Scavenge — its mana cost" in profile.describe()


def test_urzas_saga_quoted_ability_with_an_inner_quotation(
        shared_cards: dict[str, Any]) -> None:
    profile = _profile(shared_cards, "Urza's Saga")
    chapter_two = profile.abilities[1]
    (grant,) = chapter_two.effects
    assert grant.name == "grant_abilities"
    assert grant.arg("ability").startswith("{2}, {T}: Create a 0/0 colorless Construct")


def test_urzas_saga_mana_cost_filter(shared_cards: dict[str, Any]) -> None:
    # "III — Search your library for an artifact card with mana cost {0} or {1}, put it
    # onto the battlefield, then shuffle."
    profile = _profile(shared_cards, "Urza's Saga")
    (search,) = profile.abilities[2].effects
    assert search.name == "search_library"
    what = search.arg("filter") or search.arg("target")
    assert what.filter.mana_costs == frozenset({"{0}", "{1}"})
    assert what.filter.mana_value is None
    assert "mana_costs" in what.filter.typed_extras


def test_mutavault_all_creature_types(shared_cards: dict[str, Any]) -> None:
    # "{1}: Mutavault becomes a 2/2 creature with all creature types until end of turn.
    # It's still a land."
    profile = _profile(shared_cards, "Mutavault")
    (ability,) = [a for a in profile.abilities if getattr(a, "costs", None)]
    names = [e.name for e in ability.effects]
    assert names == ["set_types", "set_pt", "retains_type"]
    types = ability.effects[0]
    assert (types.arg("types"), types.arg("subtypes")) == ("Creature", "every creature type")


def test_gains_all_creature_types() -> None:
    (e,) = _read("Target creature gains all creature types until end of turn.")
    assert (e.name, e.arg("what")) == ("add_types", "every creature type")
    assert e.describe() == ("target creature is every creature type in addition to its "
                            "other types until end of turn")


def test_becomes_creature_with_keyword_and_quoted_ability(
        shared_cards: dict[str, Any]) -> None:
    # Hive of the Eye Tyrant: "... becomes a 3/3 black Beholder creature with menace and
    # "Whenever this creature attacks, exile target card from defending player's
    # graveyard." It's still a land."
    profile = _profile(shared_cards, "Hive of the Eye Tyrant")
    ability = [a for a in profile.abilities if getattr(a, "costs", None)][-1]
    names = [e.name for e in ability.effects]
    assert names == ["set_types", "set_color", "set_pt", "grant_abilities",
                     "grant_abilities", "retains_type"]
    assert ability.effects[4].arg("ability").startswith("Whenever this creature attacks")


def test_amass_keeps_the_army_type(shared_cards: dict[str, Any]) -> None:
    # Orcish Bowmasters: "... Then amass Orcs 1."
    effects = _effects(_profile(shared_cards, "Orcish Bowmasters"))
    amass = effects[-1]
    assert (amass.name, amass.arg("kind"), amass.arg("amount").value) == ("amass", "Orc", 1)
    assert amass.describe() == "amass Orc 1"
