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


def test_channel_ability_costs_less_per_legendary_creature(
        shared_cards: dict[str, Any]) -> None:
    # Otawara: "... This ability costs {1} less to activate for each legendary creature
    # you control." (main's ActivatedAbility.cost_changes, modify_activation_cost)
    profile = _profile(shared_cards, "Otawara, Soaring City")
    (ability,) = [a for a in profile.abilities if getattr(a, "cost_changes", ())]
    (change,) = ability.cost_changes
    assert (change.name, change.arg("more"), str(change.arg("amount"))) == \
        ("modify_activation_cost", "less", "{1}")
    per = change.arg("per").quantity
    assert per.ref.filter.supertypes == frozenset({"Legendary"})
    assert change.describe() == ("this ability costs {1} less to activate for each "
                                 "legendary creature you control")


def test_mox_amber_any_color_among(shared_cards: dict[str, Any]) -> None:
    from analyzer.oracle.mana_abilities import ManaChoice

    profile = _profile(shared_cards, "Mox Amber")
    (mana,) = profile.mana_abilities
    assert mana.produces is ManaChoice.ANY_COLOR_AMONG
    assert mana.among is not None
    assert mana.among.filter.types == frozenset({"Creature", "Planeswalker"})
    assert mana.among.filter.supertypes == frozenset({"Legendary"})


def test_nykthos_mana_of_that_color_equal_to_devotion(shared_cards: dict[str, Any]) -> None:
    from analyzer.oracle.mana_abilities import ManaChoice

    profile = _profile(shared_cards, "Nykthos, Shrine to Nyx")
    mana = profile.mana_abilities[-1]
    assert mana.produces is ManaChoice.ANY_ONE_COLOR
    assert mana.quantity is not None and mana.quantity.kind == "devotion"


def test_fact_or_fiction_piles(shared_cards: dict[str, Any]) -> None:
    # main's one piles grammar (grammar/linked.py)
    reveal, separate, choose, chosen, other = _effects(_profile(shared_cards,
                                                                "Fact or Fiction"))
    assert reveal.arg("amount").value == 5
    assert (separate.name, separate.arg("player").text) == ("separate_piles", "an opponent")
    assert choose.name == "choose_pile"
    assert (chosen.arg("destination"), other.arg("destination")) == (Zone.HAND,
                                                                     Zone.GRAVEYARD)


def test_steam_augury_chosen_pile(shared_cards: dict[str, Any]) -> None:
    _, _, choose, chosen, other = _effects(_profile(shared_cards, "Steam Augury"))
    assert (choose.name, choose.arg("player").text) == ("choose_pile", "an opponent")
    assert chosen.describe() == "move the chosen pile from the library to its owner's hand"
    assert other.arg("destination") is Zone.GRAVEYARD


def test_goblin_guide_defending_player_reveals(shared_cards: dict[str, Any]) -> None:
    reveal, put = _effects(_profile(shared_cards, "Goblin Guide"))
    assert (reveal.name, reveal.arg("player").text, reveal.arg("origin")) == \
        ("reveal", "defending player", Zone.LIBRARY)
    assert (put.arg("origin"), put.arg("destination")) == (Zone.LIBRARY, Zone.HAND)
    assert put.condition == "if it's a land card"


def test_chaos_warp_owner_of_target(shared_cards: dict[str, Any]) -> None:
    move, shuffle, reveal, put = _effects(_profile(shared_cards, "Chaos Warp"))
    assert move.arg("target").text == "target permanent"
    assert move.arg("target").targeted
    assert (move.arg("destination"), move.arg("position")) == (Zone.LIBRARY, None)
    assert shuffle.arg("player").text == "the owner of target permanent"
    assert reveal.arg("player").text == "the owner of target permanent"
    assert (put.arg("destination"), put.arg("player").text) == (Zone.BATTLEFIELD, "they")


def test_lists_of_two_kinds_of_object() -> None:
    from analyzer.oracle.objects import parse_object

    ref = parse_object("target spell or nonland permanent an opponent controls")
    assert ref is not None and ref.targeted
    spell, permanent = ref.filter.any_of
    assert (spell.kind, permanent.kind, permanent.excluded_types) == \
        ("spell", "permanent", frozenset({"Land"}))
    assert spell.owner.name == permanent.owner.name == "OPPONENT"
    ref = parse_object("target spell, activated ability, or triggered ability")
    assert ref is not None
    assert [f.kind for f in ref.filter.any_of] == ["spell", "ability", "ability"]
    ref = parse_object("target artifact or creature spell")
    assert ref is not None and ref.filter.kind == "spell"
    assert parse_object("target permanent card").filter.states == frozenset(
        {"permanent card"})


def test_cut_down_total_power_and_toughness(shared_cards: dict[str, Any]) -> None:
    (destroy,) = _effects(_profile(shared_cards, "Cut Down"))
    assert destroy.arg("target").filter.total_power_toughness == ("<=", 5)


def test_stern_scolding_power_or_toughness(shared_cards: dict[str, Any]) -> None:
    (counter,) = _effects(_profile(shared_cards, "Stern Scolding"))
    power, toughness = counter.arg("target").filter.any_of
    assert (power.power, power.toughness) == (("<=", 2), None)
    assert (toughness.power, toughness.toughness) == (None, ("<=", 2))
    assert power.types == toughness.types == frozenset({"Creature"})


def test_spellstutter_x_in_a_filter(shared_cards: dict[str, Any]) -> None:
    (counter,) = _effects(_profile(shared_cards, "Spellstutter Sprite"))
    f = counter.arg("target").filter
    assert f.mana_value is None
    (comparison,) = f.comparisons
    assert (comparison.attribute, comparison.op) == ("mana_value", "<=")
    assert comparison.quantity.ref.filter.subtypes == frozenset({"Faerie"})
    assert counter.describe() == ("counter target spell with mana value X or less (where X "
                                  "is the number of Faeries you control)")


def test_duress_choose_from_the_revealed_hand(shared_cards: dict[str, Any]) -> None:
    reveal, choose, discard = _effects(_profile(shared_cards, "Duress"))
    assert reveal.describe() == "target opponent: reveal their hand"
    assert choose.name == "choose"
    assert choose.arg("target").filter.excluded_types == frozenset({"Creature", "Land"})
    assert discard.name == "discard"


def test_relic_of_progenitus_player_exiles(shared_cards: dict[str, Any]) -> None:
    first = _effects(_profile(shared_cards, "Relic of Progenitus"))[0]
    assert (first.name, first.arg("player").text, first.arg("origin")) == \
        ("change_zone", "target player", Zone.GRAVEYARD)


def test_torrential_gearhulk_created_replacement(shared_cards: dict[str, Any]) -> None:
    cast, replacement = _effects(_profile(shared_cards, "Torrential Gearhulk"))
    assert cast.name == "may_play"
    assert replacement.name == "create_replacement"
    assert replacement.arg("watch") == ("if that card would be put into your graveyard this "
                                        "turn")
    (exile,) = replacement.arg("effects")
    assert exile.arg("destination") is Zone.EXILE


def test_misdirection_change_the_target(shared_cards: dict[str, Any]) -> None:
    change = _effects(_profile(shared_cards, "Misdirection"))[-1]
    assert (change.name, change.arg("how")) == ("change_targets", "change")
    assert "single target" in change.arg("target").filter.states


def test_field_of_ruin_each_player_searches(shared_cards: dict[str, Any]) -> None:
    profile = _profile(shared_cards, "Field of Ruin")
    ability = [a for a in profile.abilities if getattr(a, "costs", None)][-1]
    destroy, search = ability.effects
    assert destroy.name == "destroy"
    assert search.name == "search_library"
    assert (search.arg("player").text, search.arg("player").count.each,
            search.arg("destination")) == ("each player", True, Zone.BATTLEFIELD)


def test_vendilion_clique_player_reveals_the_chosen_card(
        shared_cards: dict[str, Any]) -> None:
    _, choose, reveal, put, draw = _effects(_profile(shared_cards, "Vendilion Clique"))
    assert choose.name == "choose"
    assert reveal.arg("player").text == "that player"
    assert (put.arg("origin"), put.arg("destination")) == (Zone.HAND, Zone.LIBRARY)
    assert draw.condition == "if you do"


def test_thassas_intervention_random_order_of_the_rest(shared_cards: dict[str, Any]) -> None:
    (modes,) = _effects(_profile(shared_cards, "Thassa's Intervention"))
    first, second = modes.arg("modes")
    _, hand, rest = first.arg("effects")
    assert (hand.arg("order"), rest.arg("order")) == (None, "random")
    (counter,) = second.arg("effects")
    assert "pays {X}{X}" in counter.describe()


def test_amulet_of_vigor_enters_tapped(shared_cards: dict[str, Any]) -> None:
    (ability,) = _profile(shared_cards, "Amulet of Vigor").abilities
    assert ability.trigger.detail == "enters tapped and under your control"


def test_boseiju_land_card_with_a_basic_land_type(shared_cards: dict[str, Any]) -> None:
    from analyzer.cards.model import Card

    card: Card = shared_cards["Boseiju, Who Endures"]
    profile = compile_card(card)
    # the only unread span is the card file's 'Endure' keyword, which its text lacks
    assert [u.text for u in profile.unsupported] == ["Endure"]
    ability = next(a for a in profile.abilities if getattr(a, "cost_changes", ()))
    destroy, search = ability.effects
    assert destroy.name == "destroy"
    assert search.optional and search.arg("player").text == "that player"
    what = search.arg("filter")
    assert what.filter.types == frozenset({"Land"})
    assert what.filter.subtypes == frozenset({"Plains", "Island", "Swamp", "Mountain",
                                              "Forest"})


def test_sudden_setback_the_owner_moves_it(shared_cards: dict[str, Any]) -> None:
    (move,) = _effects(_profile(shared_cards, "Sudden Setback"))
    assert move.arg("target").text == "target spell or nonland permanent"
    assert move.arg("player").text == "the owner of target spell or nonland permanent"
    assert move.arg("destination") is Zone.LIBRARY
