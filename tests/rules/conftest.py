"""Helpers for the rules-core tests: a game on the starter set, set up in a few lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from analyzer.rules import CardLibrary, Game, Step, Zone
from analyzer.rules.model import GameObject


@pytest.fixture(scope="session")
def library() -> CardLibrary:
    """The starter card set, compiled once per session."""
    return CardLibrary.starter()


Board = dict[str, dict[str, Sequence[str]]]
GameFactory = Callable[..., tuple[Game, dict[str, GameObject]]]


@pytest.fixture
def new_game(library: CardLibrary) -> GameFactory:
    """``new_game({"A": {"battlefield": [...], "hand": [...]}, "B": {...}}, step=...)``:
    the game and its objects by alias (``"Island"``, ``"Island #2"``...)."""

    def make(board: Board, step: Step = Step.MAIN1, active: str = "A", turn: int = 2,
             sick: Sequence[str] = ()) -> tuple[Game, dict[str, GameObject]]:
        game = Game(library)
        objs: dict[str, GameObject] = {}
        for player in ("A", "B"):
            for _ in range(10):
                game.add("Wastes", Zone.LIBRARY, player, alias=f"{player} filler {_}")
            for zone_name, names in board.get(player, {}).items():
                zone = Zone[zone_name.upper()]
                for name in names:
                    card = name.split(" #")[0]       # "Swamp #2": a second Swamp
                    obj = game.add(card, zone, player)
                    objs[obj.alias] = obj
        for alias in sick:
            objs[alias].sick = True
        game.start(step, active, turn)
        return game, objs

    return make
