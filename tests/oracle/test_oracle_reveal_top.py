""""reveal the top card of your library" as a typed ``reveal`` (CR 701.20a).

The reading carries ``origin`` LIBRARY and the ``amount`` of cards, so the rules core knows
which cards are revealed without reading the words (the same typing as "exiles the top card
of their library"); a later "put that card into your hand" gets its origin from it.
Expected values come from Yuriko, the Tiger's Shadow's Oracle text (AtomicCards.json).
"""

from __future__ import annotations

from typing import Any

from analyzer.oracle.compile import compile_card
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import Zone


def test_reveal_the_top_card_is_typed() -> None:
    (effect,) = parse_effects("Reveal the top card of your library.")
    assert effect.name == "reveal"
    assert effect.arg("origin") is Zone.LIBRARY
    assert effect.arg("amount").value == 1


def test_reveal_the_top_three_cards() -> None:
    (effect,) = parse_effects("Reveal the top three cards of your library.")
    assert effect.arg("origin") is Zone.LIBRARY and effect.arg("amount").value == 3


def test_other_reveals_keep_their_reading() -> None:
    # "reveal it" names no library: no origin is invented.
    (effect,) = parse_effects("Reveal it.")
    assert effect.name == "reveal" and effect.arg("origin") is None


def test_yuriko(shared_cards: dict[str, Any]) -> None:
    profile = compile_card(shared_cards["Yuriko, the Tiger's Shadow"])
    (trigger,) = profile.abilities
    reveal, put, lose = trigger.effects
    assert (reveal.name, reveal.arg("origin"), reveal.arg("amount").value) == \
        ("reveal", Zone.LIBRARY, 1)
    assert (put.name, put.arg("origin"), put.arg("destination")) == \
        ("change_zone", Zone.LIBRARY, Zone.HAND)
    assert lose.name == "lose_life"
    assert lose.arg("amount").variable == "equal to that card's mana value"
