"""Round-4 one-shot effects: real Oracle sentences in, typed readings out."""

from __future__ import annotations

from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import ObjectRef


def _one(sentence: str):
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


def test_three_targets_of_damage() -> None:
    effects = _one("CARDNAME deals 1 damage to any target, 2 damage to another target, and "
                   "3 damage to a third target.")
    assert [e.name for e in effects] == ["deal_damage"] * 3
    assert [e.arg("amount").value for e in effects] == [1, 2, 3]
    targets = [e.arg("target") for e in effects]
    assert all(isinstance(t, ObjectRef) and t.targeted for t in targets)
    assert [t.filter.other for t in targets] == [False, True, True]
    assert [e.describe() for e in effects] == [
        "it deals 1 damage to any target", "it deals 2 damage to another target",
        "it deals 3 damage to a third target"]


def test_another_target_and_third_target_creature() -> None:
    arc = _one("CARDNAME deals 2 damage to any target and 1 damage to another target.")
    assert arc[1].arg("target").filter.kind == "any" and arc[1].arg("target").filter.other
    spike = _one("CARDNAME deals 2 damage to target creature, 3 damage to another target "
                 "creature, and 4 damage to a third target creature.")
    third = spike[2].arg("target")
    assert third.filter.types == {"Creature"} and third.targeted and third.filter.other
    growth = _one("Put a +1/+1 counter on target creature, two +1/+1 counters on another "
                  "target creature, and three +1/+1 counters on a third target creature.")
    assert [e.arg("amount").value for e in growth] == [1, 2, 3]


def test_with_different_names() -> None:
    search, reveal = _one("Search your library for up to four land cards with different "
                          "names and reveal them.")
    assert search.name == "search_library" and reveal.name == "reveal"
    assert search.arg("filter").filter.states == {"different names"}
    assert search.arg("amount").value == 4
    e, = _one("Return up to six target creature cards with different names from your "
              "graveyard to the battlefield.")
    assert e.name == "change_zone" and "different names" in e.arg("target").filter.states


def test_multicolor_and_one_or_more_colors() -> None:
    e, = _one("Return up to three target multicolor cards from your graveyard to your hand.")
    assert e.arg("target").filter.states == {"multicolored"}
    e, = _one("Destroy target creature that's one or more colors.")
    assert e.name == "destroy" and e.arg("target").filter.states == {"colored"}


def test_of_that_type_is_the_chosen_type() -> None:
    e, = _one("Draw a card for each permanent you control of that type.")
    ref = e.arg("amount").quantity.ref
    assert e.name == "draw" and ref.filter.states == {"chosen type"}
    _, second = _one("Target player reveals their hand and you choose a card of that color "
                     "from it.")
    assert "chosen color" in second.arg("target").filter.states


def test_until_end_of_turn_whenever_is_a_delayed_trigger() -> None:
    e, = _one("Until end of turn, whenever a creature you control dies, exile the top card "
              "of your library.")
    assert e.name == "delayed"
    assert e.arg("when") == "whenever a creature you control dies this turn"
    inner, = e.arg("effects")
    assert inner.name == "change_zone"
    e, = _one("This turn, whenever an attacking creature deals combat damage to you, it "
              "deals that much damage to its controller.")
    assert e.arg("when") == "whenever an attacking creature deals combat damage to you this turn"
    # a target inside the event is not kept by the delayed trigger's words: not read
    assert parse_effects("Until end of turn, whenever target creature deals damage, you "
                         "gain that much life.") is None
    # other durations are not "this turn"
    assert parse_effects("Until your next turn, whenever a creature dies, draw a card.") is None


def test_amounts_computed_from_x() -> None:
    e, = _one("You gain X plus 3 life.")
    amount = e.arg("amount")
    assert e.name == "gain_life" and amount.variable == "X plus 3"
    assert amount.quantity.kind == "x" and amount.quantity.offset == 3
    assert e.describe() == "gain N (X plus 3) life"
    e, = _one("Each opponent loses two times X life.")
    assert e.arg("amount").quantity.factor == 2 and e.arg("player").text == "each opponent"
    e, = _one("CARDNAME deals twice X damage to target creature.")
    assert e.arg("amount").variable == "twice X"
    e, = _one("Reveal the top X plus one cards of your library.")
    assert e.arg("amount").quantity.offset == 1


def test_mill_half_a_library() -> None:
    e, = _one("Target opponent mills half their library, rounded down.")
    amount = e.arg("amount")
    assert e.name == "mill" and e.arg("player").text == "target opponent"
    assert amount.quantity.factor == 0.5 and amount.quantity.rounding == "down"
    assert amount.quantity.ref.filter.zone.name == "LIBRARY"
    e, = _one("Target player puts the top half of their library, rounded up, into their "
              "graveyard.")
    assert e.name == "mill" and e.arg("amount").quantity.rounding == "up"
    assert e.describe() == "target player: mill N (half their library, rounded up)"


def test_search_library_and_graveyard() -> None:
    e, = _one("Search your library and/or graveyard for a card named Chandra, Bold "
              "Pyromancer, reveal it, and put it into your hand.")
    assert e.name == "search_library" and e.arg("zones") == "library and/or graveyard"
    assert e.arg("destination").name == "HAND" and e.arg("reveal") is True
    assert e.describe().startswith("search your library and/or graveyard for a card named")
    e, = _one("Search your library and graveyard for a card named Nissa, Nature's Artisan, "
              "reveal it, put it into your hand, then shuffle your library.")
    assert e.arg("zones") == "library and graveyard" and e.arg("shuffle") is True
    # the card found may come from either zone: the next clause's origin is not the library
    _, move = _one("Search your library and/or graveyard for an artifact creature card "
                   "with mana value X or less and put it onto the battlefield with X "
                   "additional +1/+1 counters on it.")
    assert move.name == "change_zone" and move.arg("origin") is None
    # several cards could come from both zones: not read
    assert parse_effects("Search your library and graveyard for five cards and exile the "
                         "rest.") is None


def test_remove_up_to_counters() -> None:
    e, = _one("Remove up to three counters from target creature.")
    assert e.name == "remove_counters" and e.arg("counter") == "any"
    assert e.arg("amount").quantity.kind == "up_to" and e.arg("amount").quantity.offset == 3
    e, = _one("Remove up to four charge counters from target noncreature artifact.")
    assert e.arg("counter") == "charge"


def test_halves_rounded() -> None:
    e, = _one("Target player sacrifices half the permanents they control, rounded down.")
    amount = e.arg("amount")
    assert e.name == "sacrifice" and e.arg("player").text == "target player"
    assert amount.quantity.factor == 0.5 and amount.quantity.rounding == "down"
    assert amount.quantity.ref.filter.kind == "permanent"
    e, = _one("Each player sacrifices half the non-God creatures they control of their "
              "choice, rounded down.")
    assert "non-god" in e.arg("filter").filter.states
    e, = _one("Target opponent discards half the cards in their hand, rounded up.")
    assert e.name == "discard" and e.arg("amount").quantity.rounding == "up"
    assert e.arg("amount").quantity.ref.filter.zone.name == "HAND"
    e, = _one("Then draw half X cards, rounded down.")
    assert e.name == "draw" and e.arg("amount").quantity.kind == "x"
    assert e.arg("amount").quantity.factor == 0.5


def test_type_or_color_of_your_choice() -> None:
    e, = _one("Destroy all creatures of the creature type of your choice.")
    assert e.name == "destroy" and e.arg("target").filter.states == {"chosen type"}
    e, = _one("Return all permanents of the color of your choice to their owners' hands.")
    assert e.arg("target").filter.states == {"chosen color"}
    # "of your choice" says who chooses: the cards go to their owners' hands
    assert e.describe().endswith("to its owner's hand")


def test_for_each_time_it_was_kicked() -> None:
    e, = _one("Draw a card for each time CARDNAME was kicked.")
    q = e.arg("amount").quantity
    assert e.name == "draw" and (q.kind, q.attribute) == ("this_turn", "times_kicked")
    e, = _one("You gain 2 life for each time it was kicked.")
    assert e.arg("amount").quantity.factor == 2


def test_no_untap_during_that_players_next_untap_step() -> None:
    e, = _one("Creatures target player controls don't untap during that player's next untap "
              "step.")
    assert e.name == "restrict"
    assert e.arg("restriction") == "doesn't untap during its controller's next untap step"
    e, = _one("Lands target player controls don't untap during their next untap step.")
    assert e.arg("target").filter.types == {"Land"}
    # "their" of permanents you control is not read as that player's step
    assert parse_effects("Creatures you control don't untap during their next untap "
                         "step.") is None


def test_nonsnow_and_no_counters() -> None:
    e, = _one("Destroy target nonsnow creature.")
    assert e.arg("target").filter.states == {"nonsnow"}
    e, = _one("Destroy target creature with no counters on it.")
    assert e.arg("target").filter.states == {"no counters"}


def test_end_the_turn() -> None:
    e, = _one("End the turn.")
    assert e.name == "end_turn" and e.spec.rule == "724.1" and e.describe() == "end the turn"


def test_a_spells_next_end_step_line_is_a_delayed_trigger() -> None:
    from analyzer.oracle.compile import compile_card
    from tests.conftest import make_card

    profile = compile_card(make_card("Glorious End", "End the turn.\nAt the beginning of "
                                     "your next end step, you lose the game.",
                                     types=("Instant",)))
    kinds = [type(a).__name__ for a in profile.abilities]
    assert kinds == ["SpellAbility", "SpellAbility"]
    delayed = profile.abilities[1].effects[0]
    assert delayed.name == "delayed" and delayed.arg("when") == \
        "at the beginning of your next end step"


def test_damage_equal_to_a_quantity_up_to_one_target() -> None:
    e, = _one("Target creature you control deals damage equal to its power to up to one "
              "target creature you don't control.")
    assert e.arg("amount").variable == "its power"
    assert e.arg("target").count.high == 1 and e.arg("target").count.low == 0


def test_return_to_a_zone_all_written_first() -> None:
    e, = _one("Return to the battlefield all permanent cards in your graveyard that were put "
              "there from the battlefield this turn.")
    normal, = _one("Return all permanent cards in your graveyard that were put there from the "
                   "battlefield this turn to the battlefield.")
    assert e.name == "change_zone" and e.arg("destination").name == "BATTLEFIELD"
    assert e.arg("target").filter == normal.arg("target").filter
    e, = _one("Return to their owners' hands all creatures with toughness less than or equal "
              "to the number of Islands you control.")
    assert e.arg("destination").name == "HAND" and e.arg("target").count.each
