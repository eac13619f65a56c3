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
