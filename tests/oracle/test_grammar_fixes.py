"""Misreads fixed at their root: each test reads a real Oracle sentence (normalized: the
card's own name is ``CARDNAME``) and checks the typed value, or that it stays unread."""

from __future__ import annotations

import pytest

from analyzer.oracle import CardProfile
from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import EACH, ONE


def _read(sentence: str) -> tuple[Effect, ...]:
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


# -- 1. "this turn if able" / "this combat if able" keep their duration (CR 508.1d, 509.1c) --

@pytest.mark.parametrize(("sentence", "restriction", "duration"), [
    # Culling Mark
    ("Target creature blocks this turn if able.", "blocks if able", Duration.THIS_TURN),
    # Boiling Blood
    ("Target creature attacks this turn if able.", "attacks if able", Duration.THIS_TURN),
    # Bident of Thassa
    ("Creatures your opponents control attack this turn if able.", "attacks if able",
     Duration.THIS_TURN),
    # Howlsquad Heavy
    ("That token attacks this combat if able.", "attacks if able", Duration.END_OF_COMBAT),
    # Akoum Firebird: a static requirement, no duration
    ("CARDNAME attacks each combat if able.", "attacks each combat if able",
     Duration.PERMANENT),
])
def test_requirement_keeps_its_duration(sentence: str, restriction: str,
                                        duration: Duration) -> None:
    (e,) = _read(sentence)
    assert (e.name, e.arg("restriction"), e.arg("duration")) == ("restrict", restriction,
                                                                 duration)


def test_requirement_describes_its_duration() -> None:
    (e,) = _read("Target creature blocks this turn if able.")
    assert e.describe() == "target creature blocks if able this turn"


# -- 2. two zones are not one zone (CR 400.1) -------------------------------------------------

@pytest.mark.parametrize("sentence", [
    # Bonny Pall, Clearcutter
    "You may put a land card from your hand or graveyard onto the battlefield.",
    # Bruna, Light of Alabaster (the zone phrase only)
    "Return target creature card from your graveyard and/or hand to the battlefield.",
])
def test_two_zones_are_refused(sentence: str) -> None:
    assert parse_effects(sentence) is None


def test_one_zone_still_read() -> None:
    (e,) = _read("Return target creature card from your graveyard to your hand.")
    assert e.arg("target").filter.zone.name == "GRAVEYARD"


# -- 3. a group named back is all of it (CR 608.2c) ------------------------------------------

@pytest.mark.parametrize(("sentence", "key"), [
    ("Return each of them to its owner's hand.", "target"),
    ("Exile them.", "target"),
    ("Untap the creatures tapped this way.", "target"),
    ("Exile the cards in your hand.", "target"),
    ("Destroy those creatures.", "target"),
])
def test_group_reference_counts_all(sentence: str, key: str) -> None:
    (e,) = _read(sentence)
    assert e.arg(key).count == EACH


def test_single_reference_counts_one() -> None:
    (e,) = _read("Exile that creature.")
    assert e.arg("target").count == ONE


# -- 4. "you or planeswalkers you control" (CR 508.1c) ----------------------------------------



@pytest.mark.parametrize("sentence", [
    # Baird, Steward of Argive; Sphere of Safety / Norn's Annex wording
    "Creatures can't attack you or planeswalkers you control.",
    "Creatures can't attack you or a planeswalker you control.",
])
def test_attack_restriction_keeps_planeswalkers(sentence: str) -> None:
    (e,) = _read(sentence)
    assert e.arg("restriction") == "can't attack you or planeswalkers you control"
    assert "planeswalkers you control" in e.describe()


# -- 5. describe() says what the words say ----------------------------------------------------

@pytest.mark.parametrize(("sentence", "described"), [
    # Aerith Gainsborough: one comma before "where X is"
    ("Put X +1/+1 counters on each legendary creature you control, where X is the number of "
     "+1/+1 counters on CARDNAME.",
     "put X +1/+1 counters on each legendary creature you control, where X is the number of "
     "+1/+1 counters on this object"),
    # Commune with Lava
    ("Exile the top X cards of your library.", "move the top X cards of your library into exile"),
    # Boundless Realms: the cards found are "them"
    ("Search your library for up to X basic land cards, where X is the number of lands you "
     "control, put them onto the battlefield tapped, then shuffle.",
     "search your library for up to X basic land cards, put them onto the battlefield tapped, "
     "then shuffle, where X is the number of lands you control"),
    # Kodama's Reach wording, one card: "it"
    ("Search your library for a basic land card, put it onto the battlefield tapped, then "
     "shuffle.",
     "search your library for a basic land card, put it onto the battlefield tapped, then "
     "shuffle"),
])
def test_describe(sentence: str, described: str) -> None:
    assert [e.describe() for e in _read(sentence)] == [described]



# -- 6. keyword actions the profile reads are recognised; "Max speed —" gates its ability -----

def test_trigger_naming_two_keyword_actions(shared_profiles: dict[str, CardProfile]) -> None:
    # Matoya, Archon Elder: "Whenever you scry or surveil, draw a card."
    p = shared_profiles["Matoya, Archon Elder"]
    assert {"scry", "surveil"} <= p.recognised_keywords()
    assert not p.unsupported


@pytest.mark.parametrize(("name", "described"), [
    # "Max speed — {T}: Target creature gains haste until end of turn."
    ("Amonkhet Raceway",
     "tap this: target creature gains Haste until end of turn (as long as you have max speed)"),
    # "Max speed — {T}: Add {R} for each Goblin you control."
    ("Howlsquad Heavy", "{T}: Add {R} for each Goblin you control (as long as you have max "
     "speed)"),
    # "Max speed — Whenever you draw a card, each opponent mills two cards."
    ("Aether Syphon", "Whenever you draw a card, as long as you have max speed: each "
     "opponent: mill 2"),
])
def test_max_speed_gates_its_ability(shared_profiles: dict[str, CardProfile], name: str,
                                     described: str) -> None:
    p = shared_profiles[name]
    assert f"- {described}" in p.describe().splitlines()
    assert not p.unsupported


# -- found in the random sample: a fight keeps both creatures, an attach what it attaches ----

def test_fight_keeps_its_subject() -> None:
    # Bushwhack: "Target creature you control fights target creature you don't control."
    (e,) = _read("Target creature you control fights target creature you don't control.")
    assert e.name == "fight"
    assert e.arg("source").text.lower() == "target creature you control"
    assert e.arg("target").text == "target creature you don't control"
    assert e.describe() == "target creature you control fights target creature you don't " \
        "control"


@pytest.mark.parametrize(("sentence", "kind", "described"), [
    # Stonehewer Giant: "Attach it to a creature you control."
    ("Attach it to a creature you control.", "it", "attach it to a creature you control"),
    # Bruenor Battlehammer style: the Equipment itself
    ("Attach CARDNAME to target creature you control.", "self",
     "attach this object to target creature you control"),
])
def test_attach_keeps_what_it_attaches(sentence: str, kind: str, described: str) -> None:
    (e,) = _read(sentence)
    assert e.arg("what").filter.kind == kind
    assert e.describe() == described


def test_you_may_have_an_object_do_it() -> None:
    # Foe-Razer Regent: "you may have it fight target creature you don't control"
    (e,) = _read("You may have it fight target creature you don't control.")
    assert e.optional
    assert e.describe() == "you may choose that it fights target creature you don't control"


def test_skip_your_next_turn_keeps_next() -> None:
    # Chronatog Avatar / Time Walk's opposite: "You skip your next turn."
    (e,) = _read("You skip your next turn.")
    assert e.arg("what") == "your next turn"
    assert e.describe() == "skip your next turn"


def test_toughness_alone_is_described_alone(shared_profiles: dict[str, CardProfile]) -> None:
    # Daxos, Blessed by the Sun: "Daxos's toughness is equal to your devotion to white."
    lines = shared_profiles["Daxos, Blessed by the Sun"].describe().splitlines()
    assert "- characteristic: this object's toughness is a number equal to your devotion to " \
        "white" in lines


def test_search_attach_then_shuffle_is_one_shuffle(
        shared_profiles: dict[str, CardProfile]) -> None:
    # Stonehewer Giant: "Search your library for an Equipment card and put it onto the
    # battlefield. Attach it to a creature you control. Then shuffle your library."
    lines = shared_profiles["Stonehewer Giant"].describe().splitlines()
    assert "- pay {1}{W}, tap this: search your library for an Equipment card, put it onto " \
        "the battlefield, then shuffle; attach it to a creature you control" in lines


# -- a modifier after the last of two bare items is said of both (CR 109.5) --

@pytest.mark.parametrize("words", ["spells or abilities your opponents control",
                                   "spells and abilities your opponents control"])
def test_a_trailing_controller_is_said_of_both_items(words: str) -> None:
    from analyzer.oracle.objects import Owner, parse_object

    ref = parse_object(words)
    assert ref is not None
    assert [(f.kind, f.owner) for f in ref.filter.any_of] == [
        ("spell", Owner.OPPONENT), ("ability", Owner.OPPONENT)]
    assert ref.filter.owner is Owner.OPPONENT


def test_vines_of_vastwood_stops_only_the_opponents_spells() -> None:
    (e,) = _read("Target creature can't be the target of spells or abilities your opponents "
                 "control this turn.")
    by = e.arg("by")
    assert all(f.owner.name == "OPPONENT" for f in by.filter.any_of)


# -- "cycle or discard" is two events of one trigger (CR 603.2) --

def test_cycle_or_discard_triggers_on_a_discard_too() -> None:
    from analyzer.oracle.abilities import TriggerEvent
    from analyzer.oracle.grammar.triggers import read_trigger

    trigger = read_trigger("Whenever you cycle or discard another card")
    assert trigger is not None and trigger.event is TriggerEvent.CYCLE
    assert [(t.event, t.detail) for t in trigger.alternatives] == [
        (TriggerEvent.DISCARD, "discard another card")]
