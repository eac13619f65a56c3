"""Round-3 static readings: quantities and zones of characteristic-defining abilities."""

from analyzer.oracle.lexer import tokenize
from analyzer.oracle.nouns import quantity
from analyzer.oracle.objects import Owner, Zone


def test_total_number_of_cards_in_all_players_hands() -> None:
    # Multani, Maro-Sorcerer: "... each equal to the total number of cards in all players' hands."
    toks = tokenize("the total number of cards in all players' hands")
    q = quantity(toks, 0, len(toks))
    assert q is not None and q.kind == "count" and q.ref is not None
    assert q.ref.filter.zone is Zone.HAND and q.ref.filter.owner is Owner.ANY
