"""A companion's deck-building condition is checked (CR 702.139, issue 16).

Each condition is read from the companion's Oracle text (:mod:`analyzer.oracle.companion`)
and checked against the starting deck: the main deck, and the commander(s) in a Commander
deck (CR 702.139b); the sideboard is set aside. A card with the Companion keyword no longer
passes by having it: the deck must fulfil the condition, and the problem names the cards
that break it.
"""

from __future__ import annotations

import pytest
from _companions import companion

from analyzer.cards.model import Card, Face
from analyzer.decks import Deck, DeckEntry, Problem, ResolvedEntry, Section, validate_deck


def card(name: str, types: str = "Instant", cost: str = "{R}", mv: float = 1.0, *,
         subtypes: tuple[str, ...] = (), text: str = "", keywords: tuple[str, ...] = (),
         supertypes: tuple[str, ...] = ()) -> Card:
    return Card(f"id-{name}", name, mana_value=mv, keywords=keywords,
                faces=(Face(name, mana_cost=cost, mana_value=mv, types=tuple(types.split()),
                            subtypes=subtypes, supertypes=supertypes, text=text,
                            type=types),))


BOLT = card("Lightning Bolt")
BALL = card("Ball Lightning", "Creature", "{R}{R}{R}", 3.0, subtypes=("Elemental",),
            text="Trample, haste")
BEAR = card("Grizzly Bears", "Creature", "{1}{G}", 2.0, subtypes=("Bear",))
CAT = card("Savannah Lions", "Creature", "{W}", 1.0, subtypes=("Cat",))
SHAPESHIFTER = card("Universal Shapeshifter", "Creature", "{1}{U}", 2.0,
                    subtypes=("Shapeshifter",), keywords=("Changeling",),
                    text="Changeling (This card is every creature type.)")
MOUNTAIN = card("Mountain", "Land", "", 0.0, subtypes=("Mountain",), supertypes=("Basic",),
                text="({T}: Add {R}.)")
RING = card("Sol Ring", "Artifact", "{1}", 1.0, text="{T}: Add {C}{C}.")
GIANT = card("Hill Giant", "Creature", "{3}{R}", 4.0, subtypes=("Giant",))
FLAME = card("Flame Slash", "Sorcery", "{R}", 1.0, text="Flame Slash deals 4 damage to target "
             "creature.")
TROLL = card("Troll Ascetic", "Creature", "{1}{G}{G}", 3.0, subtypes=("Troll",))
OGRE = card("Gray Ogre", "Creature", "{2}{R}", 3.0, subtypes=("Ogre",))


def deck(companion_name: str, *cards: tuple[Card, int],
         sideboard: tuple[tuple[Card, int], ...] = ()) -> Deck:
    entries = [ResolvedEntry(DeckEntry(companion_name, 1, Section.COMPANION),
                             companion(companion_name))]
    entries += [ResolvedEntry(DeckEntry(c.name, n), c) for c, n in cards]
    entries += [ResolvedEntry(DeckEntry(c.name, n, Section.SIDEBOARD), c) for c, n in sideboard]
    return Deck(tuple(entries))


def companion_problems(d: Deck, fmt: str = "constructed") -> list[str]:
    return [p.message for p in validate_deck(d, fmt).problems if p.kind is Problem.COMPANION]


@pytest.mark.parametrize(("name", "good", "bad", "named"), [
    ("Lurrus of the Dream-Den", [(BEAR, 4), (BOLT, 4), (RING, 1)],
     [(BEAR, 4), (GIANT, 2), (TROLL, 1), (BOLT, 4)], ["Hill Giant", "Troll Ascetic"]),
    ("Kaheera, the Orphanguard", [(CAT, 4), (BALL, 4), (SHAPESHIFTER, 4), (BOLT, 4)],
     [(CAT, 4), (BEAR, 4), (BOLT, 4)], ["Grizzly Bears"]),
    ("Jegantha, the Wellspring", [(BEAR, 4), (GIANT, 4)], [(BEAR, 4), (BALL, 4), (TROLL, 1)],
     ["Ball Lightning", "Troll Ascetic"]),
    ("Obosh, the Preypiercer", [(BOLT, 4), (BALL, 4), (MOUNTAIN, 20)],
     [(BOLT, 4), (BEAR, 4), (MOUNTAIN, 20)], ["Grizzly Bears"]),
    ("Gyruda, Doom of Depths", [(BEAR, 4), (GIANT, 4), (MOUNTAIN, 20)],
     [(BEAR, 4), (BOLT, 4)], ["Lightning Bolt"]),
    ("Keruga, the Macrosage", [(BALL, 4), (GIANT, 4), (MOUNTAIN, 20)],
     [(BALL, 4), (BEAR, 1), (MOUNTAIN, 20)], ["Grizzly Bears"]),
    ("Umori, the Collector", [(BEAR, 4), (BALL, 4), (MOUNTAIN, 20)],
     [(BEAR, 4), (BOLT, 4), (MOUNTAIN, 20)], ["Lightning Bolt"]),
    ("Lutri, the Spellchaser", [(BEAR, 1), (BOLT, 1), (MOUNTAIN, 20)],
     [(BEAR, 1), (BOLT, 2), (MOUNTAIN, 20)], ["Lightning Bolt"]),
    ("Zirda, the Dawnwaker", [(RING, 4), (MOUNTAIN, 20), (BOLT, 4)],
     [(RING, 4), (BEAR, 4), (MOUNTAIN, 20)], ["Grizzly Bears"]),
])
def test_condition_checked(name: str, good: list[tuple[Card, int]],
                           bad: list[tuple[Card, int]], named: list[str]) -> None:
    assert companion_problems(deck(name, *good)) == []
    (message,) = companion_problems(deck(name, *bad))
    assert name in message
    for breaker in named:
        assert breaker in message


def test_yorion_needs_twenty_cards_more_than_the_minimum() -> None:
    assert companion_problems(deck("Yorion, Sky Nomad", (MOUNTAIN, 80))) == []
    (message,) = companion_problems(deck("Yorion, Sky Nomad", (MOUNTAIN, 79)))
    assert "79" in message and "80" in message
    (message,) = companion_problems(deck("Yorion, Sky Nomad", (MOUNTAIN, 99)), "commander")
    assert "120" in message


def test_the_sideboard_is_set_aside() -> None:
    d = deck("Lurrus of the Dream-Den", (BEAR, 4), sideboard=((GIANT, 3),))
    assert companion_problems(d) == []


def test_in_commander_the_commander_is_part_of_the_starting_deck() -> None:
    commander = card("Marath, Will of the Wild", "Creature", "{R}{G}{W}", 3.0,
                     supertypes=("Legendary",))
    d = deck("Lurrus of the Dream-Den", (BEAR, 1), (MOUNTAIN, 98))
    d = Deck((ResolvedEntry(DeckEntry(commander.name, 1, Section.COMMANDER), commander),
              *d.entries))
    (message,) = companion_problems(d, "commander")
    assert "Marath, Will of the Wild" in message


def test_a_companion_keyword_alone_no_longer_passes() -> None:
    d = deck("Lurrus of the Dream-Den", (GIANT, 4))
    assert companion_problems(d) != []
    assert companion_problems(d, "legacy") != []


def test_a_condition_that_cannot_be_read_is_reported_not_passed() -> None:
    odd = Card("id-odd", "Odd One", keywords=("Companion",), faces=(Face(
        "Odd One", types=("Creature",), text="Companion — Your starting deck is blue."),))
    d = Deck((ResolvedEntry(DeckEntry("Odd One", 1, Section.COMPANION), odd),
              ResolvedEntry(DeckEntry(BOLT.name, 4), BOLT)))
    (message,) = companion_problems(d)
    assert "could not be read" in message and "Odd One" in message
