"""The clause grammar's static abilities and replacement effects, second round (CR 508.1h,
509.1d, 601.2f, 604, 614): real Oracle sentences in, typed readings out."""

from __future__ import annotations

from analyzer.oracle.abilities import ReplacementEffect, StaticAbility
from analyzer.oracle.grammar.replacements import read_replacement_sentence
from analyzer.oracle.grammar.statics import read_static_sentence
from analyzer.oracle.lines import with_colored_only
from analyzer.oracle.statics import parse_cost_reduction


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


class TestAttackTaxes:
    def test_ghostly_prison(self) -> None:
        a = _static("Creatures can't attack you unless their controller pays {2} for each "
                    "creature they control that's attacking you.")
        assert a.mode == "restriction" and a.condition.startswith("unless their controller "
                                                                  "pays {2} for each")
        effect, = a.effects
        assert effect.arg("restriction") == "can't attack you"

    def test_planeswalkers_are_kept(self) -> None:
        # Baird, Norn's Annex: "or planeswalkers you control" is part of the restriction
        a = _static("Creatures can't attack you or planeswalkers you control unless their "
                    "controller pays {1} for each of those creatures.")
        assert a.effects[0].arg("restriction") == ("can't attack you or planeswalkers you "
                                                   "control")
        b = _static("Creatures can't attack you or a planeswalker you control unless their "
                    "controller pays {P/W} for each of those creatures.")
        assert b.effects[0].arg("restriction") == a.effects[0].arg("restriction")
        plain = _static("Creatures can't attack you or planeswalkers you control.")
        assert plain.effects[0].arg("restriction") == a.effects[0].arg("restriction")

    def test_where_x_on_the_cost(self) -> None:
        a = _static("Creatures can't attack you or a planeswalker you control unless their "
                    "controller pays {X} for each of those creatures, where X is the number "
                    "of enchantments you control.")
        assert a.condition == ("unless their controller pays {X} for each of those creatures, "
                               "where X is the number of enchantments you control")

    def test_condition_and_exception_both_kept(self) -> None:
        # Archangel of Tithes: "as long as" is the static's, "unless" the restriction's
        a = _static("As long as CARDNAME is attacking, creatures can't block unless their "
                    "controller pays {1} for each of those creatures.")
        assert a.condition == "CARDNAME is attacking"
        effect, = a.effects
        assert effect.arg("restriction") == "can't block"
        assert effect.condition == ("unless their controller pays {1} for each of those "
                                    "creatures")

    def test_block_tax(self) -> None:
        a = _static("Enchanted creature can't be blocked unless defending player pays {3} "
                    "for each creature they control that's blocking it.")
        assert a.effects[0].arg("restriction") == "can't be blocked"
        assert a.condition.startswith("unless defending player pays {3}")


class TestOrdinalCostChanges:
    def test_first_creature_spell(self) -> None:
        a = _static("The first creature spell you cast each turn costs {2} less to cast.")
        effect, = a.effects
        assert effect.name == "modify_cost" and effect.arg("ordinal") == "the first each turn"
        assert effect.arg("target").filter.types == {"Creature"}
        assert effect.describe() == ("creature spells you cast cost {2} less to cast (the "
                                     "first each turn)")
        # never a reduction of every creature spell (the rules core plays those)
        assert read_static_sentence("The first creature spell you cast each turn costs {2} "
                                    "less to cast.").kind == "static"

    def test_second_spell_and_opponents(self) -> None:
        a = _static("The second spell you cast each turn costs {1} less to cast.")
        assert a.effects[0].arg("ordinal") == "the second each turn"
        b = _static("The first noncreature spell each opponent casts each turn costs {1} more "
                    "to cast.")
        assert b.effects[0].arg("more") == "more"
        assert b.effects[0].arg("ordinal") == "each opponent's first each turn"

    def test_per_each(self) -> None:
        a = _static("The first instant or sorcery spell you cast each turn costs {U} less to "
                    "cast for each land you control with a flood counter on it.")
        assert a.effects[0].arg("per") is not None
        assert str(a.effects[0].arg("amount")) == "{U}"


class TestColoredOnly:
    def test_edgewalker(self) -> None:
        r = parse_cost_reduction("Cleric spells you cast cost {W}{B} less to cast.")
        assert r is not None and not r.colored_only
        found = with_colored_only(r, "This effect reduces only the amount of colored mana "
                                     "you pay.")
        assert found is not None and found.colored_only
        assert found.describe().endswith("(only colored mana)")

    def test_generic_reduction_is_not_changed(self) -> None:
        r = parse_cost_reduction("Cleric spells you cast cost {1} less to cast.")
        assert with_colored_only(r, "This effect reduces only the amount of colored mana "
                                    "you pay.") is None


class TestCombatPermissions:
    def test_landwalk_ignored(self) -> None:
        a = _static("Creatures with forestwalk can be blocked as though they didn't have "
                    "forestwalk.")
        effect, = a.effects
        assert effect.arg("restriction") == "can be blocked as though it didn't have forestwalk"
        assert effect.arg("target").filter.keywords == {"forestwalk"}
        assert effect.spec.rule == "508.1"

    def test_additional_blockers(self) -> None:
        a = _static("CARDNAME can block an additional seven creatures each combat.")
        effect, = a.effects
        assert effect.arg("restriction") == "can block additional creatures"
        assert effect.arg("amount").value == 7
        assert effect.describe() == "this object can block 7 additional creatures each combat"

    def test_monstrous_condition_kept(self) -> None:
        a = _static("As long as CARDNAME is monstrous, it has reach and can block an "
                    "additional ninety-nine creatures each combat.")
        assert a.condition == "CARDNAME is monstrous"
        assert [e.name for e in a.effects] == ["grant_abilities", "restrict"]
        assert a.effects[1].arg("amount").value == 99

    def test_crew_and_saddle_power(self) -> None:
        a = _static("CARDNAME saddles Mounts and crews Vehicles as though its power were 2 "
                    "greater.")
        effect, = a.effects
        assert effect.name == "crew_power" and effect.arg("amount").value == 2
        assert effect.arg("what") == "saddle and crew"

    def test_pithing_needle(self) -> None:
        a = _static("Activated abilities of sources with the chosen name can't be activated "
                    "unless they're mana abilities.")
        assert a.effects[0].arg("restriction") == ("can't have its activated abilities that "
                                                   "aren't mana abilities activated")
        b = _static("Activated abilities of sources with the chosen name can't be activated.")
        assert b.effects[0].arg("restriction") == "can't have its activated abilities activated"


class TestRulesChanges:
    def test_flagbearer(self) -> None:
        a = _static("While choosing targets as part of casting a spell or activating an "
                    "ability, your opponents must choose at least one Flagbearer on the "
                    "battlefield if able.")
        effect, = a.effects
        assert effect.name == "target_requirement" and effect.spec.rule == "601.2c"
        assert effect.arg("target").filter.subtypes == {"Flagbearer"}

    def test_fastbond(self) -> None:
        a = _static("You may play any number of lands on each of your turns.")
        assert a.effects[0].arg("rule") == "play any number of lands each turn"

    def test_players_flash(self) -> None:
        a = _static("Players may cast enchantment spells as though they had flash.")
        effect, = a.effects
        assert effect.arg("player").text == "each player"
        assert effect.arg("what") == "enchantment spells"
        mine = _static("You may cast creature spells as though they had flash.")
        assert mine.effects[0].arg("player") is None


class TestLinkedSentences:
    def test_mirage_flash_penalty(self) -> None:
        from analyzer.oracle.grammar.casting import read_casting_static, with_flash_penalty

        first = read_casting_static("You may cast CARDNAME as though it had flash.")
        a = with_flash_penalty(first, "If you cast it any time a sorcery couldn't have been "
                               "cast, the controller of the permanent it becomes sacrifices "
                               "it at the beginning of the next cleanup step.")
        assert a is not None
        flash, delayed = a.effects
        assert flash.describe() == "this object may be cast as though it had flash"
        assert delayed.name == "delayed"
        assert delayed.condition == "if it was cast any time a sorcery couldn't have been cast"
        assert delayed.arg("effects")[0].name == "sacrifice"
        assert with_flash_penalty(first, "Draw a card.") is None
