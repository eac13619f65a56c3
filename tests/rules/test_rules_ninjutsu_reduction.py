"""Silver-Fur Master: "Ninjutsu abilities you activate cost {1} less to activate."
(CR 601.2f via 602.2b: a reduction lowers only the generic mana of the cost; CR 702.49d:
commander ninjutsu is a variant of ninjutsu).

Costs from the cards' Oracle text: Ninja of the Deep Hours has ninjutsu {1}{U}, Yuriko, the
Tiger's Shadow commander ninjutsu {U}{B}; Silver-Fur Master is a Ninja, and "Other Ninja and
Rogue creatures you control get +1/+1" (Grizzly Bears is neither).
"""

from __future__ import annotations

import pytest

from analyzer.oracle.mana import ManaCost
from analyzer.rules import CardLibrary, Game, Step, Zone
from analyzer.rules.casting import ninjutsu_cost
from analyzer.rules.scenario import run_text


@pytest.fixture(scope="module")
def real(shared_cards: dict[str, object]) -> CardLibrary:
    """The real cards of the shared data file."""
    return CardLibrary(lambda name: shared_cards.get(name))  # type: ignore[arg-type, return-value]


def _ninjutsu_line(masters: int, lands: str, ninja: str = "Ninja of the Deep Hours",
                   ability: str = "Ninjutsu", zone: str = "hand") -> str:
    master = f'"Silver-Fur Master x{masters}", ' if masters else ""
    lands = f", {lands}" if lands else ""
    return f"""
id: SFM
turn: {{active: A, step: main1, number: 2}}
players:
  A:
    battlefield: [{master}Grizzly Bears{lands}]
    {zone}: ["{ninja}"]
  B: {{}}
actions:
  - declare_attackers: {{player: A, attackers: {{Grizzly Bears: B}}}}
  - declare_blockers: {{player: B, blocks: {{}}}}
  - activate: {{player: A, card: "{ninja}", ability: {ability}, return: Grizzly Bears}}
  - pass: {{until: resolve}}
expect:
  - zone: {{card: "{ninja}", player: A, zone: battlefield}}
  - zone: {{card: Grizzly Bears, player: A, zone: hand}}
"""


def _ok(text: str, library: CardLibrary) -> bool:
    return all(c.ok for c in run_text(text, "sfm.yaml", library))


def test_one_island_pays_ninjutsu_1u_with_silver_fur_master(real: CardLibrary) -> None:
    assert _ok(_ninjutsu_line(1, "Island"), real)


def test_without_the_master_one_island_is_not_enough(real: CardLibrary) -> None:
    assert not _ok(_ninjutsu_line(0, "Island"), real)
    assert _ok(_ninjutsu_line(0, "Island x2"), real)


def test_no_land_is_not_enough_even_with_the_master(real: CardLibrary) -> None:
    # {1}{U} minus {1} is {U}: the coloured part stays (CR 601.2f).
    assert not _ok(_ninjutsu_line(1, ""), real)


def test_coloured_only_commander_ninjutsu_is_not_reduced(real: CardLibrary) -> None:
    # {U}{B} has no generic mana to reduce: an Island and a Swamp pay it, an Island alone
    # does not.
    line = _ninjutsu_line(1, "Island, Swamp", "Yuriko, the Tiger's Shadow",
                          "Commander ninjutsu", "command")
    assert _ok(line, real)
    assert not _ok(line.replace("Island, Swamp", "Island"), real)


def test_ninjutsu_cost_function(real: CardLibrary) -> None:
    game = Game(real)
    for i in range(3):
        game.add("Wastes", Zone.LIBRARY, "A", alias=f"filler {i}")
    game.add("Silver-Fur Master", Zone.BATTLEFIELD, "A")
    game.add("Silver-Fur Master", Zone.BATTLEFIELD, "B")      # not A's: no reduction for A
    game.start(Step.MAIN1, "A", 2)
    assert str(ninjutsu_cost(game, "A", ManaCost.parse("{1}{U}"))) == "{U}"
    assert str(ninjutsu_cost(game, "A", ManaCost.parse("{3}{B}"))) == "{2}{B}"
    assert str(ninjutsu_cost(game, "A", ManaCost.parse("{U}{B}"))) == "{U}{B}"
    game.add("Silver-Fur Master", Zone.BATTLEFIELD, "A")
    assert str(ninjutsu_cost(game, "A", ManaCost.parse("{3}{B}"))) == "{1}{B}"
    assert str(ninjutsu_cost(game, "A", ManaCost.parse("{1}{U}"))) == "{U}"
