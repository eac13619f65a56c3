"""Text clean-up: reminder text, wording of 2020 and 2026, self-references, sentences."""

from __future__ import annotations

from analyzer.oracle.text import (
    SELF,
    ability_lines,
    normalize_line,
    remove_reminder_text,
    self_names,
    split_sentences,
)


class TestReminderText:
    def test_removed(self) -> None:
        assert remove_reminder_text("Sneak {B} (You may cast this spell for {B}...)") \
            == "Sneak {B}"

    def test_line_of_reminder_text_only_becomes_empty(self) -> None:
        assert remove_reminder_text("({T}: Add {G}.)") == ""

    def test_nested(self) -> None:
        assert remove_reminder_text("Flying (a (b) c) and more") == "Flying and more"


class TestSelfNames:
    def test_legendary_short_name(self) -> None:
        assert self_names("Splinter, Hamato Yoshi") == ("Splinter, Hamato Yoshi", "Splinter")

    def test_faces(self) -> None:
        names = self_names("Fire // Ice", ["Fire", "Ice"])
        assert set(names) == {"Fire // Ice", "Fire", "Ice"}


class TestNormalize:
    def test_2020_wording(self) -> None:
        names = self_names("Ninja of the Deep Hours")
        assert normalize_line("When Ninja of the Deep Hours enters the battlefield, draw a card.",
                              names) == f"When {SELF} enters, draw a card."

    def test_2026_wording(self) -> None:
        assert normalize_line("When this creature enters, draw a card.") \
            == f"When {SELF} enters, draw a card."

    def test_short_name_self_reference(self) -> None:
        names = self_names("Splinter, Hamato Yoshi")
        assert normalize_line("Splinter can't be blocked.", names) == f"{SELF} can't be blocked."
        assert normalize_line("Splinter, Hamato Yoshi can't be blocked.", names) \
            == f"{SELF} can't be blocked."

    def test_cardname_token_and_other_nouns(self) -> None:
        assert normalize_line("CARDNAME can't block.") == f"{SELF} can't block."
        assert normalize_line("This land enters tapped.") == f"{SELF} enters tapped."
        assert normalize_line("Sacrifice this artifact") == f"Sacrifice {SELF}"

    def test_name_inside_other_words_is_kept(self) -> None:
        assert normalize_line("Angered creatures attack.", self_names("Anger")) \
            == "Angered creatures attack."

    def test_converted_mana_cost(self) -> None:
        assert normalize_line("with converted mana cost 3 or less") == "with mana value 3 or less"

    def test_quoted_ability_keeps_its_own_self_reference(self) -> None:
        line = 'Creatures you control have "{T}: This creature deals 1 damage."'
        assert normalize_line(line) == line


class TestSentences:
    def test_lines(self) -> None:
        assert list(ability_lines("Flying\n\n  Haste \n")) == ["Flying", "Haste"]

    def test_split(self) -> None:
        assert split_sentences("Add {W}. This land deals 1 damage to you.") \
            == ["Add {W}.", "This land deals 1 damage to you."]

    def test_quoted_sentence_kept_whole(self) -> None:
        assert split_sentences('All Slivers have "Sacrifice this: Add {B}{B}." Draw a card.') \
            == ['All Slivers have "Sacrifice this: Add {B}{B}."', "Draw a card."]
