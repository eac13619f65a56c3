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


class TestTokensWithDefinedPowerAndToughness:
    def test_treefolk_token_is_star_star(self) -> None:
        # Kalonian Twingrove: the token's P/T come from its quoted CDA (CR 604.3)
        from analyzer.oracle.grammar import parse_effects
        from analyzer.oracle.tokens import parse_token

        effect, = parse_effects('Create a green Treefolk Warrior creature token with "This '
                                "creature's power and toughness are each equal to the "
                                'number of Forests you control."')
        assert effect.name == "create_token"
        spec = parse_token('green Treefolk Warrior creature token with "This creature\'s '
                           'power and toughness are each equal to the number of Forests '
                           'you control."')
        assert spec is not None and spec.variable_pt == "*/*" and spec.power is None
        assert spec.subtypes == ("Treefolk", "Warrior")

    def test_a_creature_token_without_pt_or_cda_is_not_read(self) -> None:
        from analyzer.oracle.tokens import parse_token

        assert parse_token('green Treefolk creature token with "This creature can\'t '
                           'block."') is None


class TestGroupNouns:
    def test_heroes(self) -> None:
        # Avengers Assemble!: "Heroes" is the plural of the creature type Hero
        r = read_static_sentence("Heroes you control get +2/+2.")
        assert r is not None and r.kind == "anthem"
        assert r.value.describe() == "Heroes you control get +2/+2"

    def test_outlaws(self) -> None:
        # Hellspur Posse Boss (CR 700.15: outlaws are Assassins, Mercenaries, Pirates,
        # Rogues and Warlocks): the state "outlaw", read by the rules core's filter
        a = _static("Other outlaws you control have haste.")
        target = a.effects[0].arg("target")
        assert target.filter.states == {"outlaw"} and target.filter.other
        assert a.effects[0].name == "grant_abilities"

    def test_during_your_turn_outlaws(self) -> None:
        a = _static("During your turn, outlaws you control have first strike.")
        assert a.condition == "during your turn"
