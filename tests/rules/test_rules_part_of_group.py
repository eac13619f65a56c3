"""Back-references to part of a group named before ("one of them", "the rest", CR 608.2c):
the rules core keeps no record of which objects were chosen apart, so it refuses them
rather than playing them on every object the effect before affected."""

from __future__ import annotations

from typing import Any, cast

import pytest

from analyzer.oracle.grammar import parse_effects
from analyzer.rules import UnsupportedCardError
from analyzer.rules.effects import Resolution


def _resolution() -> Resolution:
    res = Resolution(cast(Any, None), cast(Any, None), "Test Card", "text", None)
    res.last = [cast(Any, object()), cast(Any, object())]
    return res


@pytest.mark.parametrize("sentence", [
    # Fact or Fiction / Impulse shape, after "Reveal the top three cards of your library."
    "Put one of them into your hand and the rest into your graveyard.",
    "Put the rest on the bottom of your library in any order.",
])
def test_part_of_the_revealed_cards_is_refused(sentence: str) -> None:
    effects = parse_effects(sentence)
    assert effects is not None
    for effect in effects:
        with pytest.raises(UnsupportedCardError, match="part of the objects named before"):
            _resolution().refs(effect, "target")


def test_all_of_them_is_the_last_result() -> None:
    effects = parse_effects("Put them into your hand.")
    assert effects is not None
    res = _resolution()
    assert res.refs(effects[0], "target") == res.last


def test_leaves_your_graveyard_is_not_leaves_the_battlefield(
        shared_cards: dict[str, object]) -> None:
    # Murktide Regent: "Whenever an instant or sorcery card leaves your graveyard, put a +1/+1
    # counter on Murktide Regent." (CR 603.10a): not a leaves-the-battlefield trigger; the
    # rules core does not watch graveyards, so it is refused as soon as the card is in play
    # ("now") rather than waiting for a permanent to leave the battlefield.
    from analyzer.oracle import compile_card
    from analyzer.oracle.abilities import TriggeredAbility, TriggerEvent
    from analyzer.rules.model import CardData
    from analyzer.rules.triggers import unplayed_parts

    card = shared_cards["Murktide Regent"]
    profile = compile_card(card)  # type: ignore[arg-type]
    (trigger,) = [a.trigger for a in profile.abilities if isinstance(a, TriggeredAbility)]
    assert trigger.event is TriggerEvent.LEAVES_GRAVEYARD
    parts = [p for p in unplayed_parts(CardData(card, profile))  # type: ignore[arg-type]
             if "leaves your graveyard" in p.text]
    assert parts and all(p.when == "now" for p in parts)
