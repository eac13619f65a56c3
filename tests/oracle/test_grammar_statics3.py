"""The clause grammar's static abilities, third round (CR 604, 611.3, 613): real Oracle
sentences in, typed readings out."""

from __future__ import annotations

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.grammar.statics import read_static_sentence


def _static(sentence: str) -> StaticAbility:
    found = read_static_sentence(sentence)
    assert found is not None and found.kind == "static", sentence
    assert isinstance(found.value, StaticAbility)
    assert found.value.effects, "a static says what it does"
    return found.value


class TestQuotedGrants:
    def test_gain_inside_the_quote_is_not_the_verb(self) -> None:
        # Spirit Link-like auras: "gain" is the granted ability's verb, "has" the static's
        a = _static('Enchanted creature has "{1}{W}: You gain 2 life."')
        effect, = a.effects
        assert effect.name == "grant_abilities"
        ability = effect.arg("ability")
        assert ability is not None

    def test_gains_flying_inside_the_quote(self) -> None:
        a = _static('Enchanted creature gets +1/+1 and has "{R}: CARDNAME gains flying until '
                    'end of turn."')
        assert [e.name for e in a.effects] == ["modify_pt", "grant_abilities"]

    def test_a_gains_outside_the_quote_stays_a_resolving_verb(self) -> None:
        assert read_static_sentence('Enchanted creature gains "{R}: CARDNAME gains flying '
                                    'until end of turn."') is None
