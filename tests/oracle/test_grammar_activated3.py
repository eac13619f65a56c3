"""Activated-ability readings (issue 15, round 3, second pass): "that player or that
planeswalker's controller" after "target player or planeswalker" (CR 115.1, 120.3)."""

from __future__ import annotations

from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import Owner


def test_player_or_planeswalker_controller() -> None:
    found = parse_effects("CARDNAME deals 10 damage to target player or planeswalker and each "
                          "creature that player or that planeswalker's controller controls.")
    assert found is not None
    e, = found
    assert e.name == "deal_damage"
    items = e.arg("target").filter.any_of
    # "target player or planeswalker" keeps its two kinds (Touch of Death: no creature)
    assert [(i.kind, set(i.types)) for i in items[:2]] == [("player", set()),
                                                           ("permanent", {"Planeswalker"})]
    creatures = items[2]
    assert (creatures.types, creatures.owner) == ({"Creature"}, Owner.THAT_PLAYER)


def test_up_to_one_creature_that_player_or_planeswalker_controller_controls() -> None:
    found = parse_effects("CARDNAME deals 1 damage to target player or planeswalker and 1 damage "
                          "to up to one target creature that player or that planeswalker's "
                          "controller controls.")
    assert found is not None
    _first, second = found
    ref = second.arg("target")
    assert (ref.count.low, ref.count.high, ref.filter.owner) == (0, 1, Owner.THAT_PLAYER)
    assert second.describe() == ("it deals 1 damage to up to one target creature that player or "
                                 "that planeswalker's controller controls")


def test_that_has_a_counter_on_it() -> None:
    found = parse_effects("Destroy target creature that has a -1/-1 counter on it.")
    assert found is not None
    e, = found
    assert (e.name, e.arg("target").filter.counter) == ("destroy", "-1/-1")
    found = parse_effects("Exile any number of target creatures that have -1/-1 counters on "
                          "them.")
    assert found is not None
    assert found[0].arg("target").filter.counter == "-1/-1"
    # only the counter reading of "with" is taken after "that has"
    assert parse_effects("Destroy target creature that has flying.") is None
