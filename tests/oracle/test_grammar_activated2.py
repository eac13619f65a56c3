"""Activated-ability verbs (issue 15, round 3): face down/up, attaching other objects,
moving counters, keyword counters, a keyword of your choice, all creature types, a base
power alone, exchanging life totals, "can't be blocked this turn except by", flash for a
turn, "he"/"she" (CR 122, 613, 701.3, 701.12, 708)."""

from __future__ import annotations

import pytest

from analyzer.oracle.effects import Duration
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.lines import read_activated


def _one(sentence: str):
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


@pytest.mark.parametrize(("sentence", "face", "words"), [
    ("Turn CARDNAME face down.", "down", "turn this object face down"),
    ("Turn target face-down creature face up.", "up",
     "turn target face-down creature face up"),
])
def test_turn_face(sentence: str, face: str, words: str) -> None:
    e, = _one(sentence)
    assert (e.name, e.arg("face"), e.describe()) == ("turn_face", face, words)


def test_attach_equipment_to_creature() -> None:
    e, = _one("Attach target Equipment you control to target creature you control.")
    assert e.name == "attach_object"
    assert e.arg("object").targeted and e.arg("target").targeted
    assert e.describe() == "attach target Equipment you control to target creature you control"
    e, = _one("Attach all Equipment you control to CARDNAME.")
    assert e.describe() == "attach all Equipment you control to this object"


def test_attach_to_another_untargeted_is_unread() -> None:
    # Crown of the Ages: "another creature" is other than the one the Aura is on
    assert parse_effects("Attach target Aura attached to a creature to another creature.") \
        is None


def test_move_counters() -> None:
    e, = _one("Move a +1/+1 counter from target creature you control onto CARDNAME.")
    assert (e.name, e.arg("counter"), e.arg("amount").value) == ("move_counters", "+1/+1", 1)
    assert e.arg("origin").targeted and e.arg("target").filter.kind == "self"


def test_two_kinds_of_counters() -> None:
    a, b = _one("Put two +1/+1 counters and a flying counter on target creature.")
    assert (a.name, a.arg("counter"), a.arg("amount").value) == ("put_counters", "+1/+1", 2)
    assert (b.arg("counter"), b.arg("target").filter.kind) == ("flying", "it")
    e, = _one("Put a double strike counter on CARDNAME.")
    assert e.describe() == "put a double strike counter on this object"


def test_keyword_of_your_choice() -> None:
    e, = _one("CARDNAME gains your choice of vigilance, lifelink, or haste until end of "
              "turn.")
    assert e.name == "grant_ability_choice"
    assert [k.name for k in e.arg("keywords")] == ["Vigilance", "Lifelink", "Haste"]
    assert e.arg("duration") is Duration.END_OF_TURN
    e, = _one("Target creature loses your choice of flying, first strike, or trample until "
              "end of turn.")
    assert e.name == "lose_ability_choice"


def test_all_creature_types() -> None:
    e, = _one("Target creature gains all creature types until end of turn.")
    assert e.name == "add_types"
    e, = _one("Target creature loses all creature types until end of turn.")
    assert e.arg("what") == "no creature types"


def test_base_power_alone() -> None:
    e, = _one("Target creature with flying has base power 0 until end of turn.")
    assert (e.name, e.arg("amount").value) == ("set_base_power", 0)
    a, b = _one("Until end of turn, CARDNAME has base power 4 and gains trample.")
    assert a.arg("duration") is Duration.END_OF_TURN and b.name == "grant_abilities"


def test_exchange_life_totals() -> None:
    ability = read_activated("{T}, Sacrifice CARDNAME: Exchange life totals with target "
                             "opponent. Activate only during your upkeep.")
    assert ability is not None
    e, = ability.effects
    assert (e.name, e.describe()) == ("exchange_life_totals",
                                      "exchange life totals with target opponent")
    e, = _one("Two target players exchange life totals.")
    assert e.arg("player").count.low == 2


def test_unblockable_this_turn_except() -> None:
    e, = _one("CARDNAME can't be blocked this turn except by creatures with haste.")
    assert (e.name, e.arg("restriction"), e.arg("duration")) == (
        "restrict", "can't be blocked except by", Duration.THIS_TURN)


def test_flash_this_turn() -> None:
    e, = _one("You may cast creature spells this turn as though they had flash.")
    assert (e.name, e.arg("what"), e.arg("duration")) == (
        "rules_change", "creature spells", Duration.THIS_TURN)


def test_he_and_she() -> None:
    e, = _one("He gains vigilance, indestructible, and haste until end of turn.")
    assert e.arg("target").filter.kind == "it"


def test_creature_it_is_blocking() -> None:
    e, = _one("CARDNAME deals 1 damage to target creature it's blocking.")
    (relation, blocker), = e.arg("target").filter.relations
    assert (relation, blocker.filter.kind) == ("blocked_by", "it")
    e, = _one("Destroy target creature CARDNAME is blocking.")
    (relation, blocker), = e.arg("target").filter.relations
    assert (relation, blocker.filter.kind) == ("blocked_by", "self")


def test_spend_restriction_after_triggered_mana() -> None:
    from analyzer.oracle.lines import read_triggered

    t = read_triggered("At the beginning of your first main phase, add {U}{R}. Spend this "
                       "mana only to cast instant and sorcery spells.")
    assert t is not None
    add, spend = t.effects
    assert (add.name, spend.name, spend.arg("uses")) == ("add_mana", "spend_restriction",
                                                          "cast")
    assert spend.arg("spells")[0].text == "instant and sorcery spells"


def test_keep_mana_until_end_of_turn() -> None:
    e, = _one("Until end of turn, you don't lose this mana as steps and phases end.")
    assert (e.name, e.arg("duration"), e.arg("player")) == ("keep_mana", Duration.END_OF_TURN,
                                                            None)


def test_add_an_additional_mana() -> None:
    from analyzer.oracle.lines import read_triggered

    t = read_triggered("Whenever you tap a Swamp for mana, add an additional {B}.")
    assert t is not None
    e, = t.effects
    assert (e.name, e.arg("mana")) == ("add_mana", "{B}")


def test_room_doors() -> None:
    e, = _one("Lock or unlock a door of target Room you control.")
    assert (e.name, e.arg("action")) == ("lock_or_unlock_door", "lock or unlock a door")
    e, = _one("Unlock a locked door of up to one target Room you control.")
    assert e.describe() == "unlock a locked door of up to one target Room you control"


def test_control_while_controlled_and_tapped() -> None:
    e, = _one("Gain control of target creature for as long as you control CARDNAME and "
              "CARDNAME remains tapped.")
    assert (e.name, e.arg("duration")) == ("gain_control",
                                           Duration.WHILE_CONTROLLED_AND_TAPPED)


def test_choose_type_other_than_wall() -> None:
    ability = read_activated("{T}: Choose a creature type other than Wall. Target creature "
                             "becomes that type until end of turn.")
    assert ability is not None
    choose, become = ability.effects
    assert (choose.arg("what"), become.name) == ("a creature type other than Wall", "set_types")


def test_x_sentences() -> None:
    ability = read_activated("{X}, {T}: Draw a card. X is the number of cards in an "
                             "opponent's hand.")
    assert ability is not None
    _, x = ability.effects
    assert (x.name, x.arg("amount").quantity.kind) == ("define_x", "count")
    e, = _one("X can't be 0.")
    assert (e.name, e.arg("amount").value) == ("x_minimum", 1)


def test_licid() -> None:
    ability = read_activated("{W}, {T}: CARDNAME loses this ability and becomes an Aura "
                             "enchantment with enchant creature. Attach it to target "
                             "creature. You may pay {W} to end this effect.")
    assert ability is not None
    aura, attach, end = ability.effects
    assert (aura.name, aura.arg("target").filter.kind, aura.arg("enchant")) == (
        "become_aura", "self", "creature")
    assert attach.name == "attach" and attach.arg("target").targeted
    assert (end.name, str(end.arg("cost")), end.optional) == ("end_by_paying", "{W}", True)


def test_reveal_at_random() -> None:
    ability = read_activated("{3}{R}: Target opponent reveals a card at random from their "
                             "hand. CARDNAME deals damage equal to that card's mana value "
                             "to that player. Activate only as a sorcery.")
    assert ability is not None
    reveal, damage = ability.effects
    assert (reveal.name, reveal.arg("player").targeted, reveal.arg("amount").value) == (
        "reveal_at_random", True, 1)
    assert damage.name == "deal_damage"


def test_replace_next_draw() -> None:
    e, = _one("The next time you would draw a card this turn, you gain 5 life instead.")
    assert (e.name, e.arg("duration")) == ("replace_next_draw", Duration.THIS_TURN)
    inner, = e.arg("effects")
    assert (inner.name, inner.arg("amount").value) == ("gain_life", 5)
    assert parse_effects("The next time you would draw a card this turn, you gain 5 "
                         "life.") is None


def test_except_for_types() -> None:
    e, = _one("Destroy all permanents except for artifacts and lands.")
    assert e.arg("target").filter.excluded_types == {"Artifact", "Land"}
    # "lands and tokens": a token is no type; no reading rather than "lands, and tokens"
    assert parse_effects("Destroy all other permanents except for lands and tokens.") is None


def test_mana_in_any_combination() -> None:
    e, = _one("Add X mana in any combination of {R} and/or {G}, where X is the number of "
              "creatures you control.")
    assert (e.name, e.arg("choice")) == ("add_mana", "mana in any combination of {R} and/or {G}")
    assert e.arg("amount").quantity.kind == "count"
