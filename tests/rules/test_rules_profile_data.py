"""The compiler data the rules core reads (additions to analyzer.oracle made for it)."""

from __future__ import annotations

from analyzer.oracle.abilities import TriggeredAbility
from analyzer.oracle.compile import COMPILER_VERSION
from analyzer.oracle.objects import Zone
from analyzer.oracle.tokens import parse_token
from analyzer.rules import CardLibrary


def _trigger(library: CardLibrary, name: str) -> TriggeredAbility:
    found = [a for a in library.get(name).profile.abilities if isinstance(a, TriggeredAbility)]
    assert len(found) == 1
    return found[0]


def test_version_is_bumped():
    assert COMPILER_VERSION >= 4


def test_exocrine_damages_each_player_and_each_other_creature(library):
    ref = _trigger(library, "Exocrine").effects[0].arg("target")
    assert ref.count.each and ref.filter.kind == "any" and ref.filter.other
    assert not ref.targeted


def test_raid_bombardment_names_what_the_creature_attacks(library):
    ability = _trigger(library, "Raid Bombardment")
    assert ability.effects[0].arg("target").filter.kind == "attacked"
    subject = ability.trigger.subject_ref
    assert subject.filter.power == ("<=", 2) and subject.filter.owner.name == "YOU"


def test_knacksaw_keeps_the_targeted_opponent(library):
    ability = library.get("Knacksaw Clique").profile.abilities[0]
    exile = ability.effects[0]
    player = exile.arg("player")
    assert exile.arg("origin") is Zone.LIBRARY and exile.arg("destination") is Zone.EXILE
    assert player.targeted and player.filter.kind == "opponent"


def test_chalice_waits_for_spells_with_mana_value_equal_to_its_counters(library):
    trigger = _trigger(library, "Chalice of the Void").trigger
    assert trigger.subject_ref.filter.kind == "player"
    assert trigger.spell_ref.filter.kind == "spell"
    assert trigger.spell_ref.filter.mana_value_counters == "charge"


def test_snitch_returns_itself_from_the_graveyard(library):
    ability = _trigger(library, "Auntie's Snitch")
    assert ability.functions_in is Zone.GRAVEYARD
    assert ability.effects[0].arg("origin") is Zone.GRAVEYARD and ability.effects[0].optional


def test_mirari_wake_taps_a_land(library):
    trigger = _trigger(library, "Mirari's Wake").trigger
    assert trigger.tapped_ref.filter.types == {"Land"} and trigger.subject == "you"


def test_token_descriptions():
    vampire = parse_token("2/2 black Vampire creature token with flying")
    assert (vampire.name, vampire.power, vampire.toughness, vampire.colors.letters) == \
        ("Vampire", 2, 2, "B")
    assert parse_token("a 1/1 green and white Elf Warrior creature token").subtypes == \
        ("Elf", "Warrior")
    # A predefined token (CR 111.10): its card type and abilities come from the rules.
    treasure = parse_token("Treasure token")
    assert treasure.types == ("Artifact",) and treasure.subtypes == ("Treasure",)
    assert treasure.abilities == ("{T}, Sacrifice this artifact: Add one mana of any color.",)
