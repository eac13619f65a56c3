"""Deck-construction rules read from real Oracle text (partner kinds, copy limits)."""

from __future__ import annotations

from analyzer.cards.model import Card
from analyzer.oracle.deck_rules import NO_LIMIT, deck_rules


def test_partner_character_select(shared_cards: dict[str, Card]) -> None:
    april = shared_cards["April O'Neil, Live on the Scene"]
    donatello = shared_cards["Donatello, the Brains"]
    rules = deck_rules(april)
    assert (rules.partner, rules.partner_group) == (False, "partner—character select")
    assert rules.partners_with(april, donatello, deck_rules(donatello))


def test_plain_partner_is_not_a_group(shared_cards: dict[str, Card]) -> None:
    akiri = shared_cards["Akiri, Line-Slinger"]
    april = shared_cards["April O'Neil, Live on the Scene"]
    assert deck_rules(akiri).partner
    assert not deck_rules(akiri).partners_with(akiri, april, deck_rules(april))


def test_copy_limits(shared_cards: dict[str, Card]) -> None:
    assert deck_rules(shared_cards["Relentless Rats"]).copy_limit == NO_LIMIT
    assert deck_rules(shared_cards["Grizzly Bears"]).copy_limit is None
