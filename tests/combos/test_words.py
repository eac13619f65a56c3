"""Verdict reasons in a player's words (analyzer.combos.words)."""

from __future__ import annotations

from typing import Any

import pytest

from analyzer.combos.catalog import load_catalog
from analyzer.combos.verify import Verdict, verify_combo
from analyzer.combos.words import expectations, fact, gain, loop_reason, result_words

CATALOG = {c.id: c for c in load_catalog()}


class TestWords:
    @pytest.mark.parametrize(("name", "value", "said"), [
        ("life:B", 19, "B at 19 life"),
        ("tapped:Swamp 2", 0, "Swamp 2 untapped"),
        ("tapped:Splinter, Hamato Yoshi", 1, "Splinter, Hamato Yoshi tapped"),
        ("hand:A", 2, "A has 2 cards in hand"),
        ("exile:B", 1, "B has 1 card in exile"),
        ("controller:Craw Wurm", "A", "A controls Craw Wurm"),
        ("winner", "A", "A wins the game"),
        ("zone:Opt", "graveyard", "Opt in the graveyard"),
        ("attacking:Grizzly Bears", "B", "Grizzly Bears attacking B"),
        ("counters:Triskelion:+1/+1", 3, "Triskelion has 3 +1/+1 counters"),
    ])
    def test_fact(self, name: str, value: int | str, said: str) -> None:
        assert fact(name, value) == said

    def test_back_in_hand_only_when_it_left(self) -> None:
        start = {"players": {"A": {"battlefield": ["Faerie Seer"], "hand": ["Opt"]}}}
        assert expectations({"zone:Faerie Seer": "hand"}, start) == "Faerie Seer back in hand"
        assert expectations({"zone:Opt": "hand"}, start) == "Opt in hand"
        # revealed or drawn from the library: it was never in hand (Yuriko's line)
        start["players"]["A"]["library"] = ["Craw Wurm"]
        assert expectations({"zone:Craw Wurm": "hand"}, start) == "Craw Wurm in hand"

    def test_facts_about_one_object_are_joined(self) -> None:
        said = expectations({"zone:Splinter": "battlefield", "tapped:Splinter": 1,
                             "life:B": 19})
        assert said == "Splinter on the battlefield, tapped; B at 19 life"

    def test_gains(self) -> None:
        assert gain("mana:A:C", 2) == "+2 {C}"
        assert gain("life:A", 1.5) == "A gains 1.5 life"
        assert gain("tokens:A", 1) == "+1 token"
        assert gain("library:B", -2) == "-2 cards in B's library"

    def test_loop_reason(self) -> None:
        assert loop_reason({"mana:A:C": 2.0}, 5, "infinite_mana") == \
            "+2 {C} per iteration over 5 iterations: infinite colorless mana"
        assert result_words("infinite_mana", ["mana:A:G", "mana:A:U"]) == "infinite mana"
        assert result_words("infinite_life_loss") == "infinite life loss"


@pytest.mark.shared
class TestVerdictReasons:
    def test_sneak_line_reason(self, real_cards: Any) -> None:
        # The catalog line: Changeling Outcast attacks, Splinter is cast for sneak {B}
        # returning it; Splinter enters tapped and attacking and deals 1 (B: 20 -> 19).
        result = verify_combo(CATALOG["splinter-sneak-changeling-outcast"], real_cards)
        assert result.verdict is Verdict.VERIFIED, result.reason
        assert result.reason == ("Changeling Outcast back in hand; Splinter, Hamato Yoshi on "
                                 "the battlefield, tapped; Swamp 2 untapped; B at 19 life")
        assert "=" not in result.reason

    def test_mana_loop_reason(self, real_cards: Any) -> None:
        verified = [(c, r) for c in CATALOG.values() if c.grows == ("mana:A:C",)
                    and c.result.label == "infinite_mana"
                    and (r := verify_combo(c, real_cards)).verdict is Verdict.VERIFIED]
        assert verified, "a colorless mana loop of the catalog verifies"
        _, result = verified[0]
        per = result.gains["mana:A:C"]
        assert result.reason == (f"+{per:g} {{C}} per iteration over {result.iterations} "
                                 "iterations: infinite colorless mana")

    def test_report_says_what_a_one_shot_line_achieves(self, real_cards: Any) -> None:
        from analyzer.combos.findings import combo_findings
        from analyzer.combos.report import combo_report_job
        from analyzer.progress import run_job

        report = run_job(combo_report_job(["Splinter, Hamato Yoshi", "Changeling Outcast"],
                                          real_cards))
        (entry,) = combo_findings(report).combos or ()
        combo = CATALOG["splinter-sneak-changeling-outcast"]
        assert entry.reason.startswith(combo.result_detail + ". Checked: ")
        assert "B at 19 life" in entry.reason
        assert entry.gain_per_iteration == ()   # a line played once has no iterations
