"""The clause grammar's static abilities, replacement effects, restrictions and continuous
effects (CR 604, 611.3, 614, 615, 118.9, 601.3, 205.1, 105.3): real Oracle sentences in,
typed readings out."""

from __future__ import annotations

from analyzer.oracle.abilities import ReplacementEffect, StaticAbility
from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.grammar.replacements import read_replacement_sentence
from analyzer.oracle.grammar.statics import read_static_sentence
from analyzer.oracle.objects import Zone


def _static(sentence: str) -> StaticAbility:
    found = read_static_sentence(sentence)
    assert found is not None and found.kind == "static", sentence
    assert isinstance(found.value, StaticAbility)
    assert found.value.effects, "a static says what it does"
    return found.value


def _replacement(sentence: str) -> ReplacementEffect:
    found = read_replacement_sentence(sentence)
    assert found is not None, sentence
    return found


def _effects(sentence: str) -> tuple[Effect, ...]:
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


class TestAlternativeCosts:
    def test_force_of_will(self) -> None:
        a = _static("You may pay 1 life and exile a blue card from your hand rather than pay "
                    "CARDNAME's mana cost.")
        assert a.mode == "alternative_cost" and not a.condition
        assert [c.name for c in a.costs] == ["pay_life", "exile"]
        assert a.costs[1].what is not None and a.costs[1].what.filter.zone is Zone.HAND
        effect, = a.effects
        assert effect.name == "alternative_cost" and effect.spec.rule == "118.9"
        assert effect.arg("target").filter.kind == "self"

    def test_conditioned(self) -> None:
        a = _static("If you control a Plains, you may tap an untapped creature you control "
                    "rather than pay CARDNAME's mana cost.")
        assert a.condition == "if you control a Plains"
        assert [c.name for c in a.costs] == ["tap_permanents"]

    def test_trailing_condition(self) -> None:
        a = _static("You may pay {1} rather than pay CARDNAME's mana cost if there are "
                    "thirteen or more creatures on the battlefield.")
        assert a.condition == "if there are thirteen or more creatures on the battlefield"
        assert a.costs[0].amount == "{1}"

    def test_for_other_spells(self) -> None:
        a = _static("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells "
                    "you cast.")
        assert a.effects[0].arg("target").filter.kind == "spell"

    def test_free_when_condition_unread_is_unread(self) -> None:
        # a condition the grammar does not read ("a blorp") leaves the sentence unread
        assert read_static_sentence("If you control a blorp, you may cast CARDNAME "
                                    "without paying its mana cost.") is None

    def test_free_if_you_control_a_commander(self) -> None:
        # "a commander" is a noun of its own (CR 903.3): Deadly Rollick, Fierce Guardianship
        a = _static("If you control a commander, you may cast CARDNAME without paying its "
                    "mana cost.")
        assert a.condition == "if you control a commander"

    def test_cost_not_read_is_unread(self) -> None:
        assert read_static_sentence("If you control a Forest, rather than pay CARDNAME's "
                                    "mana cost, you may have each other player gain 4 "
                                    "life.") is None


class TestCasting:
    def test_cast_only_during(self) -> None:
        a = _static("Cast CARDNAME only during combat before blockers are declared.")
        effect, = a.effects
        assert effect.name == "cast_restriction" and effect.spec.rule == "601.3"
        assert effect.arg("timing") == "during combat before blockers are declared"

    def test_cast_only_with_condition(self) -> None:
        a = _static("Cast CARDNAME only during the declare attackers step and only if you've "
                    "cast another spell this turn.")
        effect, = a.effects
        assert effect.arg("timing") == "during the declare attackers step"
        assert effect.condition == "only if you've cast another spell this turn"

    def test_cast_only_unknown_timing(self) -> None:
        assert read_static_sentence("Cast CARDNAME only during a full moon.") is None

    def test_flash_for_more(self) -> None:
        a = _static("You may cast CARDNAME as though it had flash if you pay {2} more to "
                    "cast it.")
        assert a.effects[0].name == "cast_as_though_flash"
        assert str(a.effects[0].arg("extra")) == "{2}"

    def test_leyline(self) -> None:
        a = _static("If CARDNAME is in your opening hand, you may begin the game with it on "
                    "the battlefield.")
        assert a.effects[0].name == "begin_on_battlefield"
        assert a.effects[0].spec.rule == "103.6"

    def test_commander_ante_deck(self) -> None:
        assert _static("CARDNAME can be your commander.").effects[0].name == "can_be_commander"
        assert _static("Remove CARDNAME from your deck before playing if you're not playing "
                       "for ante.").effects[0].name == "ante_only"
        copies = _static("A deck can have up to seven cards named CARDNAME.").effects[0]
        assert copies.name == "deck_copies" and copies.arg("amount") == Amount(7)


class TestRestrictions:
    def test_may_choose_not_to_untap(self) -> None:
        a = _static("You may choose not to untap CARDNAME during your untap step.")
        effect, = a.effects
        assert effect.arg("restriction") == ("may choose not to untap during its "
                                             "controller's untap step")

    def test_trailing_if(self) -> None:
        a = _static("CARDNAME doesn't untap during your untap step if it has a depletion "
                    "counter on it.")
        assert a.condition == "if it has a depletion counter on it"

    def test_arrest(self) -> None:
        a = _static("Enchanted creature can't attack or block, and its activated abilities "
                    "can't be activated.")
        first, second = a.effects
        assert first.arg("restriction") == "can't attack or block"
        assert second.arg("restriction") == "can't have its activated abilities activated"
        assert second.arg("target").text.lower() == "enchanted creature"   # "its", resolved

    def test_lure(self) -> None:
        a = _static("All creatures able to block CARDNAME do so.")
        assert a.effects[0].arg("restriction") == "must be blocked by all creatures able"
        spell, = _effects("All creatures able to block target creature this turn do so.")
        assert spell.arg("duration") is Duration.THIS_TURN and spell.arg("target").targeted

    def test_during_your_turn(self) -> None:
        a = _static("During your turn, CARDNAME has first strike.")
        assert a.condition == "during your turn"
        assert a.effects[0].name == "grant_abilities"

    def test_condition_subject_is_it(self) -> None:
        a = _static("As long as equipped creature is a Human, it gets an additional +1/+1.")
        assert a.condition == "equipped creature is a Human"
        assert a.effects[0].arg("target").text == "equipped creature"


class TestPrevention:
    def test_to_and_by(self) -> None:
        to, by = _static("Prevent all combat damage that would be dealt to and dealt by "
                         "enchanted creature.").effects
        assert to.name == by.name == "prevent_damage"
        assert to.arg("target").text.lower() == "enchanted creature" and to.arg("by") is None
        assert by.arg("by").text.lower() == "enchanted creature" and by.arg("target") is None
        assert to.arg("scope") == "combat"

    def test_spell_keeps_scope_and_duration(self) -> None:
        e, = _effects("Prevent all combat damage that would be dealt this turn.")
        assert e.arg("scope") == "combat" and e.arg("duration") is Duration.THIS_TURN
        assert e.describe() == "prevent all combat damage this turn"

    def test_source_first(self) -> None:
        e, = _effects("Prevent all damage target creature would deal this turn.")
        assert e.arg("by").targeted and e.arg("target") is None

    def test_next_time_shield(self) -> None:
        e, = _effects("The next time a source of your choice would deal damage to you this "
                      "turn, prevent that damage.")
        assert e.arg("once") is True and e.arg("by").text == "a source of your choice"
        assert e.arg("duration") is Duration.THIS_TURN
        assert read_static_sentence("The next time a source of your choice would deal damage "
                                    "to you this turn, prevent that damage.") is None

    def test_replacement_prevents(self) -> None:
        r = _replacement("If a source an opponent controls would deal damage to you, "
                         "prevent 1 of that damage.")
        assert r.event == "damage" and r.effects[0].arg("amount") == Amount(1)


class TestReplacements:
    def test_die_this_turn(self) -> None:
        r = _replacement("If that creature would die this turn, exile it instead.")
        assert r.event == "dies" and r.condition == "if that creature would die this turn"
        assert r.effects[0].arg("destination") is Zone.EXILE

    def test_from_anywhere(self) -> None:
        r = _replacement("If CARDNAME would be put into a graveyard from anywhere, reveal "
                         "CARDNAME and shuffle it into its owner's library instead.")
        assert r.event == "to_graveyard"
        move = r.effects[1]
        assert move.arg("destination") is Zone.LIBRARY and move.arg("origin") is None

    def test_countered_this_way(self) -> None:
        r = _replacement("If that spell is countered this way, exile it instead of putting "
                         "it into its owner's graveyard.")
        assert r.event == "countered"
        assert r.effects[0].arg("destination") is Zone.EXILE

    def test_kicked_counters(self) -> None:
        r = _replacement("If CARDNAME was kicked, it enters with two +1/+1 counters on it.")
        assert r.event == "enters" and r.condition == "if CARDNAME was kicked"
        put, = r.effects
        assert put.arg("amount") == Amount(2) and put.arg("target").filter.kind == "self"

    def test_times_kicked(self) -> None:
        r = _replacement("CARDNAME enters with a +1/+1 counter on it for each time it was "
                         "kicked.")
        amount = r.effects[0].arg("amount")
        assert amount.quantity is not None and amount.quantity.attribute == "times_kicked"

    def test_trailing_if_and_where(self) -> None:
        r = _replacement("CARDNAME enters with a +1/+1 counter on it if you attacked this "
                         "turn.")
        assert r.condition == "if you attacked this turn"
        r = _replacement("CARDNAME enters with X +1/+1 counters on it, where X is the number "
                         "of other creatures on the battlefield.")
        assert r.effects[0].arg("amount").where == ("the number of other creatures on the "
                                                    "battlefield")

    def test_prepared(self) -> None:
        r = _replacement("CARDNAME enters prepared.")
        assert r.effects[0].name == "enters_as" and r.effects[0].arg("what") == "prepared"

    def test_named_choice(self) -> None:
        r = _replacement("As CARDNAME enters, choose Khans or Dragons.")
        assert r.event == "choose_on_entry" and r.effects[0].arg("what") == "Khans or Dragons"
        assert _replacement("As it enters, choose a color.").event == "choose_on_entry"


class TestTypesAndColors:
    def test_manland(self) -> None:
        types, pt = _effects("CARDNAME becomes a 2/2 Assembly-Worker artifact creature until "
                             "end of turn.")
        assert types.name == "set_types" and types.arg("types") == "Artifact Creature"
        assert types.arg("subtypes") == "Assembly-Worker"
        assert types.arg("duration") is Duration.END_OF_TURN
        assert (pt.name, pt.arg("power"), pt.arg("toughness")) == ("set_pt", 2, 2)
        still, = _effects("It's still a land.")
        assert still.name == "retains_type" and still.arg("what") == "Land"

    def test_still_a_land_and_keywords(self) -> None:
        found = _effects("Until end of turn, target land becomes a 3/3 Elemental creature "
                         "with haste that's still a land.")
        assert [e.name for e in found] == ["set_types", "set_pt", "grant_abilities"]
        assert found[0].arg("keep") == "Land"

    def test_color(self) -> None:
        color, _fear = _effects("Target creature becomes black and gains fear until end of "
                               "turn.")
        assert color.arg("color") == "black" and color.arg("duration") is Duration.END_OF_TURN
        e, = _effects("CARDNAME becomes the color of your choice until end of turn.")
        assert e.arg("color") == "a color of your choice"

    def test_static_land_type(self) -> None:
        a = _static("Enchanted land is a Swamp.")
        assert a.effects[0].name == "set_types" and a.effects[0].arg("subtypes") == "Swamp"
        a = _static("Nonbasic lands are Mountains.")
        assert a.effects[0].arg("target").filter.supertypes == {"Nonbasic"} or \
            a.effects[0].arg("target").text == "Nonbasic lands"

    def test_in_addition(self) -> None:
        pump, types = _static("Equipped creature gets +2/+2 and is a Knight in addition to "
                              "its other types.").effects
        assert pump.name == "modify_pt" and types.arg("keep") == "its other types"
        types, color = _effects("It's a black Zombie in addition to its other colors and "
                                "types.")
        assert color.arg("keep") == "in addition to its other colors"

    def test_not_a_type(self) -> None:
        assert parse_effects("CARDNAME is indestructible.") is None


class TestMoreStatics:
    def test_counted_per(self) -> None:
        pump, = _static("Equipped creature gets +1/+1 for each charge counter on "
                        "CARDNAME.").effects
        per = pump.arg("per")
        assert isinstance(per, Amount) and per.quantity is not None
        assert (per.quantity.kind, per.quantity.attribute) == ("counters", "charge")
        pump, = _static("CARDNAME gets +1/+1 for each basic land type among lands you "
                        "control.").effects
        assert pump.arg("per").quantity.kind == "basic_land_types"
        pump, keyword = _static("CARDNAME gets +1/+1 for each Zombie you control and has "
                                "first strike.").effects
        assert pump.arg("per").quantity.ref.filter.subtypes == {"Zombie"}
        assert keyword.name == "grant_abilities"     # the keyword is kept

    def test_two_groups(self) -> None:
        pump, = _static("Other Zombie creatures and other Vampire creatures get "
                        "+1/+1.").effects
        groups = pump.arg("target").filter.any_of
        assert {frozenset(g.subtypes) for g in groups} == {frozenset({"Zombie"}),
                                                         frozenset({"Vampire"})}

    def test_rules_changes(self) -> None:
        a = _static("Each player can't cast more than one spell each turn.")
        assert a.effects[0].arg("rule") == "can't cast more than one spell each turn"
        a = _static("Your opponents play with their hands revealed.")
        assert a.effects[0].arg("player").filter.kind == "opponent" or \
            a.effects[0].arg("player").text == "each opponent"
        lose, win = _static("You can't lose the game and your opponents can't win the "
                            "game.").effects
        assert (lose.arg("rule"), win.arg("rule")) == ("can't lose the game",
                                                       "opponents can't win the game")
        a = _static("You may have CARDNAME assign its combat damage as though it weren't "
                    "blocked.")
        assert a.effects[0].name == "assign_as_though_unblocked" and a.effects[0].optional
        a = _static("This effect doesn't remove CARDNAME.")
        assert a.effects[0].name == "protection_keeps"

    def test_spell_rules_changes_last(self) -> None:
        e, = _effects("Damage can't be prevented this turn.")
        assert e.arg("duration") is Duration.THIS_TURN
        e, = _effects("You may play an additional land this turn.")
        assert e.arg("amount") == Amount(1) and e.arg("duration") is Duration.THIS_TURN
        e, = _effects("Each creature you control assigns combat damage equal to its toughness "
                      "rather than its power.")
        assert e.name == "assign_by_toughness"


class TestMoreReplacements:
    def test_token_doubling(self) -> None:
        r = _replacement("If an effect would create one or more tokens under your control, it "
                         "creates twice that many of those tokens instead.")
        assert r.event == "tokens" and r.effects[0].name == "double"

    def test_damage_doubling(self) -> None:
        r = _replacement("If a source would deal damage to a permanent or player, it deals "
                         "double that damage to that permanent or player instead.")
        assert r.event == "damage" and r.effects[0].name == "double"

    def test_hardened_scales(self) -> None:
        r = _replacement("If one or more +1/+1 counters would be put on a creature you "
                         "control, that many plus one +1/+1 counters are put on it instead.")
        amount = r.effects[0].arg("amount")
        assert amount.variable == "that many plus one" and amount.quantity.offset == 1

    def test_redirect_and_floor(self) -> None:
        r = _replacement("All damage that would be dealt to you is dealt to CARDNAME "
                         "instead.")
        assert r.effects[0].name == "redirect_damage"
        assert r.effects[0].arg("instead_of").text == "you"
        r = _replacement("Damage that would reduce your life total to less than 1 reduces it "
                         "to 1 instead.")
        assert r.effects[0].arg("amount") == Amount(1)

    def test_discard_to_battlefield(self) -> None:
        r = _replacement("If a spell or ability an opponent controls causes you to discard "
                         "CARDNAME, put it onto the battlefield instead of putting it into "
                         "your graveyard.")
        assert r.effects[0].arg("destination") is Zone.BATTLEFIELD


def test_replacement_continues_on_the_next_sentence() -> None:
    from analyzer.cards.model import Card, Face
    from analyzer.oracle import compile_card

    text = ("If damage would be dealt to Phantom Thing, prevent that damage. Remove a +1/+1 "
            "counter from Phantom Thing.")
    card = Card(id="p", name="Phantom Thing", faces=(Face(
        name="Phantom Thing", type="Creature — Spirit", types=("Creature",),
        subtypes=("Spirit",), text=text),))
    profile = compile_card(card)
    assert profile.fully_understood
    r, = profile.abilities
    assert isinstance(r, ReplacementEffect)
    assert [e.name for e in r.effects] == ["prevent_damage", "remove_counters"]


class TestAbilitiesTypesDurations:
    def test_lose_all_abilities(self) -> None:
        _pump, lose = _static("Enchanted creature gets -3/-3 and loses all abilities.").effects
        assert lose.name == "lose_all_abilities" and lose.spec.rule == "613.1f"

    def test_leading_duration_lasts_for_every_clause(self) -> None:
        lose, base = _effects("Until end of turn, target creature loses all abilities and has "
                              "base power and toughness 0/1.")
        assert lose.arg("duration") is base.arg("duration") is Duration.END_OF_TURN

    def test_god(self) -> None:
        e, = _effects("CARDNAME isn't a creature.")
        assert e.name == "remove_types" and e.arg("what") == "Creature"

    def test_domain_cost(self) -> None:
        a = _static("CARDNAME costs {1} less to cast for each basic land type among lands you "
                    "control.")
        assert a.effects[0].arg("per").quantity.kind == "basic_land_types"

    def test_trailing_during_your_turn(self) -> None:
        a = _static("Your opponents can't cast spells during your turn.")
        assert a.condition == "during your turn"

    def test_condition_naming_the_card(self) -> None:
        a = _static("As long as Winter Orb is untapped, players can't untap more than one "
                    "land during their untap steps.".replace("Winter Orb", "CARDNAME"))
        assert a.condition == "CARDNAME is untapped"
        a = _static("As long as CARDNAME has no shell counters on it, it gets +3/+2 and has "
                    "flying.")
        assert all(e.arg("target").filter.kind == "self" for e in a.effects)

    def test_unbound_it_is_unread(self) -> None:
        assert read_static_sentence("Otherwise, it has reach.") is None


def test_otherwise_it_is_the_object_before() -> None:
    from analyzer.cards.model import Card, Face
    from analyzer.oracle import compile_card

    text = ("Enchant creature\nEnchanted creature gets +2/+2 as long as it's a Vampire. "
            "Otherwise, it gets -2/-2.")
    card = Card(id="g", name="Gift of Fangs", faces=(Face(
        name="Gift of Fangs", type="Enchantment — Aura", types=("Enchantment",),
        subtypes=("Aura",), text=text),))
    profile = compile_card(card)
    assert profile.fully_understood and not profile.anthems
    first, second = (a for a in profile.abilities if isinstance(a, StaticAbility))
    assert first.condition == "it's a Vampire" and second.condition == "otherwise"
    assert second.effects[0].arg("target").text == "enchanted creature"
    assert second.effects[0].arg("power") == -2


class TestSmallerFamilies:
    def test_they_gain_haste(self) -> None:
        e, = _effects("They gain haste until end of turn.")
        assert e.arg("target").filter.kind == "it" and e.arg("target").text == "they"

    def test_each_get(self) -> None:
        pump, keyword = _effects("Up to two target creatures each get +2/+2 and gain first "
                                 "strike until end of turn.")
        assert pump.arg("target").targeted and keyword.arg("duration") is Duration.END_OF_TURN

    def test_vivid_cost(self) -> None:
        a = _static("CARDNAME costs {1} less to cast for each color among permanents you "
                    "control.")
        assert a.effects[0].arg("per").quantity.kind == "colors"

    def test_ensoul(self) -> None:
        types, base = _static("Enchanted artifact is a creature with base power and "
                              "toughness 0/5 in addition to its other types.").effects
        assert types.arg("keep") == "its other types"
        assert (base.arg("power"), base.arg("toughness")) == (0, 5)

    def test_sorcery_speed_and_hand_size(self) -> None:
        a = _static("Each opponent can cast spells only any time they could cast a sorcery.")
        assert a.effects[0].arg("player").text == "Each opponent"
        a = _static("Each opponent's maximum hand size is reduced by one.")
        assert a.effects[0].arg("amount") == Amount(1)

    def test_counters_equal_to(self) -> None:
        r = _replacement("CARDNAME enters with a number of +1/+1 counters on it equal to the "
                         "number of creatures you control.")
        assert r.effects[0].arg("amount").quantity.kind == "count"

    def test_unpreventable_and_restrictions(self) -> None:
        a = _static("Damage that would be dealt by CARDNAME can't be prevented.")
        assert a.effects[0].arg("what") == "dealt by CARDNAME"
        a = _static("Cards in graveyards can't be the targets of spells or abilities.")
        assert a.effects[0].arg("target").filter.zone is Zone.GRAVEYARD
        assert _static("X can't be 0.").effects[0].name == "x_minimum"


def test_leading_if_static() -> None:
    a = _static("If an opponent controls seven or more lands, CARDNAME costs {6} less to "
                "cast.")
    assert a.condition == "if an opponent controls seven or more lands"
    assert a.effects[0].arg("more") == "less"


def test_archetype() -> None:
    lose, cant = _static("Creatures your opponents control lose flying and can't have or gain "
                         "flying.").effects
    assert lose.name == "lose_abilities" and cant.name == "cant_gain_abilities"
    assert [k.name for k in cant.arg("keywords")] == ["Flying"]


class TestBecomesMore:
    def test_mutavault(self) -> None:
        types, pt = _effects("CARDNAME becomes a 2/2 creature with all creature types until "
                             "end of turn.")
        assert types.arg("subtypes") == "every creature type" and pt.arg("power") == 2

    def test_frog(self) -> None:
        found = _effects("Target creature becomes a blue Frog with base power and toughness "
                         "1/1 until end of turn.")
        assert [e.name for e in found] == ["set_types", "set_color", "set_pt"]
        assert found[0].arg("subtypes") == "Frog" and not found[0].arg("types")

    def test_quoted_ability(self) -> None:
        found = _effects('CARDNAME becomes a 2/2 Spirit creature with "Whenever this creature '
                         'attacks, draw a card." until end of turn.')
        assert found[-1].arg("ability") == "Whenever this creature attacks, draw a card."
        assert found[-1].arg("duration") is Duration.END_OF_TURN


def test_activation_restrictions_compound() -> None:
    from analyzer.oracle.abilities import Timing
    from analyzer.oracle.lines import read_activated

    a = read_activated("{T}: Target creature gets +2/+2 until end of turn. Activate only "
                       "during your turn, before attackers are declared.")
    assert a is not None and a.timing == (Timing.YOUR_TURN, Timing.BEFORE_ATTACKERS)
    a = read_activated("{1}: CARDNAME gets +1/+1 until end of turn. Activate only as a "
                       "sorcery and only once each turn.")
    assert a is not None and a.timing == (Timing.SORCERY, Timing.ONCE_EACH_TURN)


def test_enters_replacement_of_others_is_not_played_on_itself() -> None:
    r = _replacement("Creatures your opponents control enter tapped.")
    assert r.effects[0].arg("target").filter.kind == "permanent"


def test_each_of_its_colors() -> None:
    pump, = _static("Enchanted creature gets +1/+1 for each of its colors.").effects
    assert pump.arg("per").quantity.kind == "colors"


def test_have_an_object_do_it() -> None:
    e, = _effects("You may have target creature get -2/-2 until end of turn.")
    assert e.optional and e.name == "modify_pt" and e.arg("target").targeted
    e, = _effects("You may have it deal 1 damage to any target.")
    assert e.arg("source").text == "it"
    # the fight frame keeps who fights (its source)
    e, = _effects("You may have enchanted creature fight target creature an opponent "
                  "controls.")
    assert e.name == "fight" and e.optional and e.arg("source").text == "enchanted creature"


def test_replacement_this_turn_and_plus() -> None:
    r = _replacement("If a creature would deal combat damage to a creature this turn, it "
                     "deals double that damage to that creature instead.")
    assert r.event == "damage" and "this turn" in r.condition
    r = _replacement("If a red source would deal damage to a player, it deals that much "
                     "damage plus 1 to that player instead.")
    assert r.effects[0].name == "change_amount" and r.effects[0].arg("amount") == Amount(1)


def test_goyf() -> None:
    cda, = _static("CARDNAME's power is equal to the number of card types among cards in all "
                   "graveyards and its toughness is equal to that number plus 1.").effects
    assert cda.name == "define_pt"
    assert cda.arg("power").quantity.kind == "card_types"
    assert cda.arg("toughness").quantity.offset == 1


def test_domain_quantity() -> None:
    cda, = _static("CARDNAME's power and toughness are each equal to the number of basic land "
                   "types among lands you control.").effects
    assert cda.arg("power").quantity.kind == "basic_land_types"
