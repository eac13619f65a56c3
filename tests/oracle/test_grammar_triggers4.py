"""Triggered abilities read in round 4: recruit, becoming prepared, a keyword action of
another player, "draw N additional cards", protection from everything, "the difference" of
an intervening "if", "for each time it was kicked", cards returned at random (CR 603.4,
608.2c, 701.1, 701.20a, 702.16j, 702.33c)."""

from __future__ import annotations

from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.lines import read_triggered


def _triggered(line: str):  # type: ignore[no-untyped-def]
    ability = read_triggered(line)
    assert ability is not None, line
    return ability


def _one(sentence: str):  # type: ignore[no-untyped-def]
    found = parse_effects(sentence)
    assert found is not None and len(found) == 1, sentence
    return found[0]


def test_recruit() -> None:
    a = _triggered("Whenever CARDNAME enters or attacks, recruit.")
    e, = a.effects
    assert e.name == "recruit" and e.arg("player") is None
    assert e.describe() == "recruit"


def test_becomes_prepared_after_then_if() -> None:
    a = _triggered("At the beginning of your upkeep, surveil 1. Then if there are three or "
                   "more creature cards in your graveyard, CARDNAME becomes prepared.")
    surveil, prepared = a.effects
    assert surveil.name == "surveil"
    assert prepared.name == "become_prepared" and prepared.arg("state") == "prepared"
    assert "three or more creature cards" in prepared.condition


def test_target_creature_becomes_unprepared() -> None:
    e = _one("Target creature becomes unprepared.")
    assert e.arg("state") == "unprepared" and e.arg("target").targeted
    assert e.describe() == "target creature becomes unprepared"


def test_a_player_becomes_prepared_is_unread() -> None:
    assert parse_effects("Target player becomes prepared.") is None


def test_each_opponent_blights() -> None:
    e = _one("Each opponent blights 1.")
    assert e.name == "blight" and e.arg("player").text == "each opponent"
    assert e.describe() == "each opponent: blight 1"


def test_target_player_scries() -> None:
    e = _one("Target player scries 3.")
    assert e.name == "scry" and e.arg("player").targeted


def test_draws_two_additional_cards() -> None:
    a = _triggered("At the beginning of each player's draw step, that player draws two "
                   "additional cards.")
    e, = a.effects
    assert e.name == "draw" and e.arg("amount").value == 2
    assert e.describe() == "that player: draw 2 cards"


def test_protection_from_everything_until_your_next_turn() -> None:
    a = _triggered("When CARDNAME enters, if you cast it, you gain protection from "
                   "everything until your next turn.")
    e, = a.effects
    assert e.name == "grant_abilities" and e.arg("target").text == "you"
    assert e.arg("keywords")[0].parameter == "from everything"
    assert e.describe() == "you gains Protection from everything until your next turn"


def test_draw_cards_equal_to_the_difference() -> None:
    a = _triggered("At the beginning of your upkeep, if you have fewer than seven cards in "
                   "hand, draw cards equal to the difference.")
    assert a.condition == "if you have fewer than seven cards in hand"
    e, = a.effects
    q = e.arg("amount").quantity
    assert q.kind == "count" and q.factor == -1 and q.offset == 7
    assert q.ref.filter.kind == "card"


def test_the_difference_without_its_condition_is_unread() -> None:
    assert parse_effects("Draw cards equal to the difference.") is None


def test_for_each_time_it_was_kicked() -> None:
    e = _one("Target opponent discards a card for each time it was kicked.")
    assert e.name == "discard"
    q = e.arg("amount").quantity
    assert q.kind == "this_turn" and q.attribute == "times_kicked"


def test_return_a_card_at_random() -> None:
    e = _one("Return a Zombie card at random from your graveyard to your hand.")
    assert e.name == "change_zone" and e.arg("random") is True
    assert e.describe() == "move a Zombie card chosen at random from your graveyard to your hand"


def test_return_target_at_random_is_unread() -> None:
    assert parse_effects("Return target creature card at random from your graveyard to "
                         "your hand.") is None


def test_whenever_you_get_energy() -> None:
    a = _triggered("Whenever you get one or more {E}, put a +1/+1 counter on target creature "
                   "you control.")
    assert a.trigger.detail.startswith("get one or more")
    e, = a.effects
    assert e.name == "put_counters"


def test_whenever_you_put_a_counter_on_another_creature() -> None:
    from analyzer.oracle.abilities import TriggerEvent

    a = _triggered("Whenever you put a +1/+1 counter on another creature, put a +1/+1 counter "
                   "on CARDNAME. This ability triggers only once each turn.")
    assert a.trigger.event is TriggerEvent.COUNTERS_PUT
    assert a.condition == "this ability triggers only once each turn"


def test_that_player_untaps_a_land_they_control() -> None:
    a = _triggered("At the beginning of each player's upkeep, that player untaps a land they "
                   "control.")
    e, = a.effects
    assert e.name == "untap" and e.arg("player").text == "that player"
    assert e.describe() == "that player: untap a land they control"


def test_you_untap_keeps_no_player() -> None:
    e = _one("Untap target land.")
    assert e.arg("player") is None


def test_sacrifice_that_many_permanents() -> None:
    e = _one("Sacrifice that many permanents.")
    assert e.name == "sacrifice" and e.arg("amount").variable == "that many"
    assert e.describe() == "sacrifice N (that many) permanents"


def test_puts_that_many_cards_into_their_graveyard_is_a_mill() -> None:
    a = _triggered("Whenever CARDNAME deals combat damage to a player, that player puts that "
                   "many cards from the top of their library into their graveyard.")
    e, = a.effects
    assert e.name == "mill" and e.arg("player").text == "that player"
    assert e.arg("amount").quantity.kind == "event"


def test_mixed_library_and_graveyard_owners_are_unread() -> None:
    assert parse_effects("That player puts that many cards from the top of their library "
                         "into your graveyard.") is None


def test_that_vehicle_refers_back() -> None:
    a = _triggered("Whenever CARDNAME crews a Vehicle, that Vehicle gains first strike until "
                   "end of turn.")
    e, = a.effects
    target = e.arg("target")
    assert target.filter.kind == "it" and target.filter.subtypes == frozenset({"Vehicle"})
    assert e.describe() == "that Vehicle gains First strike until end of turn"


def test_that_source_controller_is_a_player() -> None:
    a = _triggered("Whenever a source deals damage to CARDNAME, that source's controller "
                   "gains control of CARDNAME.")
    e, = a.effects
    assert e.name == "gain_control" and e.arg("player").filter.kind == "player"


def test_return_to_your_hand_all_cards_put_there_this_turn() -> None:
    e = _one("Return to your hand all creature cards in your graveyard that were put there "
             "from the battlefield this turn.")
    assert e.name == "change_zone" and e.arg("destination").name == "HAND"
    assert "put there from the battlefield this turn" in e.arg("target").filter.states


def test_for_each_spell_youve_cast_this_turn() -> None:
    a = _triggered("Whenever you cast a spell, you gain 1 life for each spell you've cast "
                   "this turn.")
    e, = a.effects
    q = e.arg("amount").quantity
    assert q.kind == "this_turn" and q.attribute == "spells_cast"


def test_its_controller_manifests_dread() -> None:
    a = _triggered("When CARDNAME enters, counter target spell. Its controller manifests "
                   "dread.")
    countered, manifested = a.effects
    assert countered.name == "counter"
    assert manifested.name == "manifest_dread"
    assert manifested.arg("player").text.lower() == "its controller"


def test_its_controller_becomes_the_monarch() -> None:
    e = _one("Its controller becomes the monarch.")
    assert e.name == "become_the_monarch"
    assert e.describe() == "its controller: become the monarch"


def test_spell_thats_one_or_more_colors_and_each_of_its_colors() -> None:
    a = _triggered("Whenever you cast a spell that's one or more colors, you may gain 1 life "
                   "for each of that spell's colors. Do this only once each turn.")
    assert a.condition == "do this only once each turn"
    e, = a.effects
    q = e.arg("amount").quantity
    assert q.kind == "colors" and q.ref.text == "that spell"


def test_a_spell_with_x_in_its_mana_cost() -> None:
    from analyzer.oracle.objects import parse_object

    ref = parse_object("a spell with {X} in its mana cost")
    assert ref is not None and ref.filter.states == frozenset({"X in mana cost"})


def test_search_library_and_or_graveyard() -> None:
    a = _triggered("When CARDNAME enters, you may search your library and/or graveyard for a "
                   "card named Ajani, Valiant Protector, reveal it, and put it into your hand. "
                   "If you search your library this way, shuffle.")
    search, shuffle = a.effects
    assert search.name == "search_library" and search.arg("zones") == "library and/or graveyard"
    assert search.arg("destination").name == "HAND" and search.arg("reveal") is True
    assert shuffle.name == "shuffle" and shuffle.condition == "if you search your library this way"


def test_search_several_zones_keeps_no_library_origin() -> None:
    search, move = parse_effects("Search your graveyard, hand, and/or library for an Aura card "
                                 "and put it onto the battlefield attached to CARDNAME.")
    assert search.arg("zones") == "graveyard, hand, and/or library"
    assert move.arg("origin") is None


def test_search_for_a_and_or_b_is_unread() -> None:
    assert parse_effects("Search your graveyard, hand and/or library for a card named "
                         "Magnifying Glass and/or a card named Thinking Cap and put them onto "
                         "the battlefield.") is None


def test_may_play_for_as_long_as_it_remains_exiled() -> None:
    from analyzer.oracle.effects import Duration

    a = _triggered("Whenever CARDNAME deals combat damage to a player, that player exiles a "
                   "card from their hand. You may play that card for as long as it remains "
                   "exiled.")
    play = a.effects[-1]
    assert play.name == "may_play" and play.arg("duration") is Duration.WHILE_EXILED
    assert play.describe() == "you may play that card for as long as it remains exiled"


def test_while_exiled_with_a_lasting_condition_is_unread() -> None:
    assert parse_effects("For as long as that card remains exiled, you may play it if you "
                         "control a Kavu.") is None
    assert parse_effects("You may play that card for as long as it remains exiled if you "
                         "control a Kavu.") is None


def test_while_exiled_on_another_effect_is_unread() -> None:
    assert parse_effects("Target creature gains flying for as long as it remains "
                         "exiled.") is None
