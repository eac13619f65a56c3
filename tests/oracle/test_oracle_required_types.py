"""Noun phrases with several card types, and the printed order of abilities (compiler 5)."""

from __future__ import annotations

import pytest

from analyzer.cards.model import Card, Face
from analyzer.oracle import compile_card
from analyzer.oracle.objects import parse_object


@pytest.mark.parametrize(("phrase", "required"), [
    # CR 205.2a: "artifact creature" is one object with both card types ...
    ("target artifact creature", {"Artifact", "Creature"}),
    ("target artifact creature you control", {"Artifact", "Creature"}),
    # ... while "artifact or creature" is either (CR 115.1, Voltaic Construct vs. Thran Dynamo).
    ("target artifact or creature", set()),
    ("target creature", set()),
])
def test_required_types(phrase: str, required: set[str]) -> None:
    ref = parse_object(phrase)
    assert ref is not None
    assert set(ref.filter.all_types) == required


def test_printed_order_follows_the_oracle_lines() -> None:
    text = ("Flying\n{G}: Test Bees gets +1/+1 until end of turn.\n{T}: Add {G}.\n"
            "{3}{G}, Sacrifice Test Bees: Test Bees deals 2 damage to any target.")
    card = Card(id="t", name="Test Bees", faces=(Face(
        name="Test Bees", type="Creature — Insect", types=("Creature",), subtypes=("Insect",),
        text=text, power="0", toughness="1"),))
    profile = compile_card(card)
    # Four lines: the keyword, an activated ability, a mana ability, an activated ability.
    assert profile.printed_order == (("keyword", 0), ("ability", 0), ("mana", 0),
                                     ("ability", 1))
