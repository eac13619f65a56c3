"""Number words eleven to twenty as noun-phrase counts (CR 107.1)."""

from analyzer.oracle.grammar import parse_effects


def test_sacrifice_thirteen_creatures() -> None:
    # Blasphemous Edict
    e, = parse_effects("Each player sacrifices thirteen creatures of their choice.")
    assert e.name == "sacrifice"
    what = e.arg("filter")
    assert what.count.low == 13 and what.count.high == 13
    assert what.filter.types == frozenset({"Creature"})
    assert e.arg("player").count.each


def test_target_becomes_blocked() -> None:
    # Curtain of Light
    e, = parse_effects("Target unblocked attacking creature becomes blocked.")
    assert e.name == "become_blocked"
    target = e.arg("target")
    assert target.targeted and {"unblocked", "attacking"} <= target.filter.states
    assert e.describe() == "target unblocked attacking creature becomes blocked"
