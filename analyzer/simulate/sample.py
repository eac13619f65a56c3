"""A sample board from a deck: a seeded hand played out to the main phase of turn N.

The board is the goldfish's (:mod:`analyzer.simulate.goldfish`): shuffle the main deck with
``random.Random(seed)``, draw seven and one card a turn (none on turn 1 on the play), play a
land each turn, and in each earlier turn's second main phase cast creatures from hand,
cheapest first, with that turn's lands. On turn N you stand in the precombat main phase with
those lands and creatures on the battlefield (untapped, under your control since the turn
began), the rest of the cards seen in hand, and the unseen cards as your library, top first.
Noncreature spells stay in hand; commanders start in hand, marked ``commander: true`` (so
"your commander's color identity" means them, CR 903.4). The opponent's side is empty.

Examples
--------
>>> from analyzer.simulate.goldfish import GoldfishCard
>>> land = GoldfishCard("Forest", is_land=True)
>>> bear = GoldfishCard("Bear", mana_value=2, is_creature=True)
>>> board = sample_board([(land, 30), (bear, 30)], seed=1, turn=3)
>>> board["turn"]
{'active': 'A', 'step': 'main1', 'number': 3}
>>> a = board["players"]["A"]
>>> len(a["battlefield"]) + len(a["hand"]) + len(a["library"])
60
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from analyzer.simulate.goldfish import HAND_SIZE, GoldfishCard

__all__ = ["sample_board"]


def sample_board(entries: Iterable[tuple[GoldfishCard, int]], *, seed: int = 0,
                 turn: int = 3, on_the_play: bool = True,
                 commanders: Iterable[GoldfishCard] = ()) -> dict[str, Any]:
    """The start board (scenario format) of a seeded sample game at turn ``turn``.

    Raises
    ------
    ValueError
        ``turn`` below 1 or a library smaller than an opening hand.
    """
    if turn < 1:
        raise ValueError(f"turn must be 1 or more, not {turn}")
    library = [card for card, n in entries for _ in range(n)]
    if len(library) < HAND_SIZE:
        raise ValueError(f"a {len(library)}-card library cannot deal an opening hand")
    random.Random(seed).shuffle(library)
    seen = HAND_SIZE + turn - (1 if on_the_play else 0)
    hand, library = library[:seen], library[seen:]
    commander_cards = list(commanders)
    hand += commander_cards
    battlefield: list[GoldfishCard] = []
    lands = 0
    for _ in range(1, turn):
        land = next((c for c in hand if c.is_land), None)
        if land is not None:
            hand.remove(land)
            battlefield.append(land)
            lands += 1
        mana = lands
        for card in sorted((c for c in hand if c.is_creature), key=lambda c: c.mana_value):
            if card.mana_value <= mana:
                mana -= card.mana_value
                hand.remove(card)
                battlefield.append(card)
    def entry(card: GoldfishCard) -> str | dict[str, Any]:
        return {"card": card.name, "commander": True} \
            if any(card is k for k in commander_cards) else card.name

    return {"turn": {"active": "A", "step": "main1", "number": turn},
            "players": {"A": {"battlefield": [entry(c) for c in battlefield],
                              "hand": [entry(c) for c in hand],
                              "library": [c.name for c in library]},
                        "B": {"battlefield": []}}}
