"""The clause grammar's static and activated abilities, fourth round (CR 113.1c, 201.5,
602.5, 604, 611.3): real Oracle sentences in, typed readings out."""

from __future__ import annotations

from analyzer.cards.model import Card, Face
from analyzer.oracle import compile_card
from analyzer.oracle.abilities import ReplacementEffect, StaticAbility
from analyzer.oracle.objects import Zone
from analyzer.oracle.text import normalize_line


def _card(name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> Card:
    return Card(id=name, name=name, faces=(Face(name=name, type=" ".join(types),
                                                types=types, text=text),))


class TestSelfGrantedQuotes:
    def test_threshold_self_grant_names_the_card(self) -> None:
        # Cephalid Sage: the card grants the ability to itself; its name in the quote is
        # the object that has the ability (CR 201.5)
        line = ('Threshold — As long as seven or more cards are in your graveyard, Cephalid '
                'Sage has "When Cephalid Sage enters the battlefield, draw three cards, then '
                'discard two cards."')
        assert normalize_line(line, ("Cephalid Sage",)).endswith(
            'CARDNAME has "When CARDNAME enters, draw three cards, then discard two cards."')
        profile = compile_card(_card("Cephalid Sage", line))
        assert profile.fully_understood
        static, = profile.abilities
        assert isinstance(static, StaticAbility)
        assert static.condition == "seven or more cards are in your graveyard"
        grant, = static.effects
        assert grant.name == "grant_abilities"
        assert grant.arg("ability") == ("When CARDNAME enters, draw three cards, then discard "
                                        "two cards.")

    def test_gets_and_has(self) -> None:
        # Treacherous Vampire
        line = ('Threshold — As long as seven or more cards are in your graveyard, Treacherous '
                'Vampire gets +2/+2 and has "When Treacherous Vampire dies, you lose 6 life."')
        profile = compile_card(_card("Treacherous Vampire", line))
        assert profile.fully_understood
        static, = profile.abilities
        assert isinstance(static, StaticAbility)
        assert [e.name for e in static.effects] == ["modify_pt", "grant_abilities"]

    def test_it_after_as_long_as_self(self) -> None:
        # Flaring Flame-Kin
        line = ('As long as Flaring Flame-Kin is enchanted, it gets +2/+2, has trample, and '
                'has "{R}: Flaring Flame-Kin gets +1/+0 until end of turn."')
        assert normalize_line(line, ("Flaring Flame-Kin",)).endswith(
            '"{R}: CARDNAME gets +1/+0 until end of turn."')

    def test_equipment_name_in_a_grant_to_another_object_is_kept(self) -> None:
        # Blazing Torch: the Equipment is not the creature that has the ability
        line = ('Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 '
                'damage to any target."')
        assert normalize_line(line, ("Blazing Torch",)) == line
        line = 'Other creatures have "Whenever this creature attacks, you may fight Grothama."'
        assert normalize_line(line, ("Grothama",)) == line


class TestInsteadOfEntering:
    def test_mox_diamond(self) -> None:
        # the karoo lands and Mox Diamond: what is done instead of entering, then where the
        # card goes (CR 614.1a)
        text = ("If Mox Diamond would enter the battlefield, you may discard a land card "
                "instead. If you do, put Mox Diamond onto the battlefield. If you don't, put it "
                "into its owner's graveyard.")
        profile = compile_card(_card("Mox Diamond", text, ("Artifact",)))
        assert profile.fully_understood
        replacement, = profile.abilities
        assert isinstance(replacement, ReplacementEffect)
        assert replacement.condition == "if CARDNAME would enter"
        discard, enters, graveyard = replacement.effects
        assert discard.name == "discard" and discard.optional
        assert (enters.condition, enters.arg("destination")) == ("if you do", Zone.BATTLEFIELD)
        assert (graveyard.condition, graveyard.arg("destination")) == (
            "if you don't", Zone.GRAVEYARD)

    def test_other_enters_replacements_take_no_more_sentences(self) -> None:
        text = "CARDNAME enters tapped. Put CARDNAME onto the battlefield."
        assert not compile_card(_card("Some Land", text, ("Land",))).fully_understood
