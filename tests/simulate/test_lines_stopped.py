"""A line that stops at an ability the rules core cannot play names that ability.

Nashi, Moon Sage's Scion's combat damage trigger ends "If you cast a spell this way, pay
life equal to its mana value rather than paying its mana cost." (Oracle text, MTGJSON
AtomicCards); the rules core does not evaluate that condition, and the effect it guards has
no text of its own, so the stop message once read ``"stopped at Nashi, Moon Sage's
Scion:"`` with nothing after the colon (newcomer review, item 4).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer import services
from analyzer.rules import UnsupportedCardError
from analyzer.simulate.lines import LinesReport

NASHI = "Nashi, Moon Sage's Scion"
NASHI_TEXT = (
    "Ninjutsu {3}{B} ({3}{B}, Return an unblocked attacker you control to hand: Put this "
    "card onto the battlefield from your hand tapped and attacking.)\n"
    "Whenever Nashi, Moon Sage's Scion deals combat damage to a player, exile the top card "
    "of each player's library. Until end of turn, you may play one of those cards. If you "
    "cast a spell this way, pay life equal to its mana value rather than paying its mana "
    "cost.")

SCENARIO = f"""\
id: LINES-NASHI
title: "Nashi deals combat damage after ninjutsu"
turn: {{active: A, step: main1}}
cards:
  - name: "{NASHI}"
    mana_cost: "{{1}}{{B}}{{B}}"
    type: "Legendary Creature — Rat Ninja"
    power: 3
    toughness: 2
    text: {json.dumps(NASHI_TEXT)}
players:
  A:
    life: 20
    battlefield: [Raging Goblin, Swamp x4]
    hand: ["{NASHI}"]
    library: [Island, Island]
  B:
    life: 20
    battlefield: []
    library: [Island, Island]
"""


@pytest.fixture
def report(tmp_path: Path) -> LinesReport:
    path = tmp_path / "nashi.yaml"
    path.write_text(SCENARIO, encoding="utf-8")   # a JSON string is a YAML scalar
    return services.scenario_lines(None, path, "damage")


def test_stopped_line_names_what_cannot_be_played(report: LinesReport) -> None:
    stopped = [line for line in report.lines if line.stopped]
    assert stopped, "ninjutsu into Nashi's trigger is among the best lines"
    card, _, what = stopped[0].stopped.partition(": ")
    assert card == NASHI
    assert what.strip(), stopped[0].stopped
    # the first part the rules core cannot play: the top card of *each* library
    assert "the top card of each player's library" in what


def test_problems_quote_no_empty_text(report: LinesReport) -> None:
    nashi = [p for p in report.problems if NASHI in p]
    assert nashi
    assert all("cannot play ''" not in p for p in nashi), nashi
    assert any("the top card of each player's library" in p for p in nashi)


def test_error_with_neither_text_nor_reason() -> None:
    from analyzer.simulate.lines import _problem_words, _stop_words

    err = UnsupportedCardError("Grizzly Bears", "")
    assert _stop_words(err) == "Grizzly Bears: an ability"
    assert _problem_words(err) == "'Grizzly Bears': the rules core cannot play an ability"
    # an ability with text keeps the rules core's own words
    err = UnsupportedCardError("Moon-Circuit Hacker", "discard a card", "why")
    assert _stop_words(err) == "Moon-Circuit Hacker: discard a card"
    assert _problem_words(err) == str(err)
