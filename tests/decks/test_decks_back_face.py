"""A deck line naming a double-faced card by its back face (issue 16).

MTG Arena and MTGO refuse a line such as ``1 Insectile Aberration``: their deck lists name a
transforming or modal double-faced card (CR 712.1) by its front face. The reader resolves such
a line to the card and reports a warning naming the front face.
"""

from __future__ import annotations

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card, Face
from analyzer.decks.model import DeckEntry, DeckList, Severity
from analyzer.decks.resolve import resolve_deck


def dfc(name: str, layout: str) -> Card:
    front, back = name.split(" // ")
    return Card(f"id-{front}", name, layout=layout,
                faces=(Face(front, side="a", types=("Creature",)),
                       Face(back, side="b", types=("Creature",))))


CARDS = [dfc("Delver of Secrets // Insectile Aberration", "transform"),
         dfc("Mayor of Avabruck // Howlpack Alpha", "transform"),
         dfc("Valki, God of Lies // Tibalt, Cosmic Impostor", "modal_dfc"),
         dfc("Brazen Borrower // Petty Theft", "adventure"),
         Card("id-fire", "Fire // Ice", layout="split", faces=(Face("Fire"), Face("Ice")))]


def resolve(name: str) -> tuple[str | None, list[tuple[Severity, str, tuple[str, ...]]]]:
    deck = resolve_deck(DeckList((DeckEntry(name, 1, line_no=3),)), InMemoryCardLookup(CARDS))
    card = deck.entries[0].card
    return (card.name if card else None), [(i.severity, i.reason, i.suggestions)
                                           for i in deck.issues]


@pytest.mark.parametrize(("back", "card", "front"), [
    ("Insectile Aberration", "Delver of Secrets // Insectile Aberration", "Delver of Secrets"),
    ("howlpack alpha", "Mayor of Avabruck // Howlpack Alpha", "Mayor of Avabruck"),
    ("Tibalt, Cosmic Impostor", "Valki, God of Lies // Tibalt, Cosmic Impostor",
     "Valki, God of Lies"),
])
def test_back_face_resolves_with_a_warning_naming_the_front(back: str, card: str,
                                                             front: str) -> None:
    found, issues = resolve(back)
    assert found == card
    ((severity, reason, suggestions),) = issues
    assert severity is Severity.WARNING
    assert "back face" in reason and repr(front) in reason
    assert suggestions == (front,)


@pytest.mark.parametrize("name", ["Delver of Secrets", "Petty Theft", "Ice",
                                  "Delver of Secrets // Insectile Aberration"])
def test_front_faces_and_halves_of_one_sided_cards_say_nothing(name: str) -> None:
    found, issues = resolve(name)
    assert found is not None and issues == []


def test_the_warning_carries_the_line() -> None:
    deck = resolve_deck(DeckList((DeckEntry("Insectile Aberration", 4, line_no=7),)),
                        InMemoryCardLookup(CARDS))
    (issue,) = deck.issues
    assert issue.line_no == 7
    assert str(issue).startswith("line 7: ")
