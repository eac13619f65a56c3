"""A table of tricky deck lines, each with the card and count it must give.

Every line is parsed on its own (format sniffed, or forced where a format's line only makes
sense inside its file) and resolved against the real cards of ../shared.
"""

from __future__ import annotations

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card
from analyzer.decks import Section, parse_deck_text, resolve_deck

pytestmark = [pytest.mark.shared]

M, S, C, P, B = (Section.MAIN, Section.SIDEBOARD, Section.COMMANDER, Section.COMPANION,
                 Section.MAYBEBOARD)

# (text, forced format or None, expected Oracle name, count, section)
TRICKY: list[tuple[str, str | None, str, int, Section]] = [
    # counts
    ("4 Lightning Bolt", None, "Lightning Bolt", 4, M),
    ("4x Lightning Bolt", None, "Lightning Bolt", 4, M),
    ("4 x Lightning Bolt", None, "Lightning Bolt", 4, M),
    ("4X Lightning Bolt", None, "Lightning Bolt", 4, M),
    ("  4   Lightning   Bolt  ", None, "Lightning Bolt", 4, M),
    ("Lightning Bolt", None, "Lightning Bolt", 1, M),
    ("12 Relentless Rats", None, "Relentless Rats", 12, M),
    ("85 Swamp", None, "Swamp", 85, M),
    ("\t2\tCounterspell", None, "Counterspell", 2, M),
    # sideboard and sections
    ("SB: 2 Thoughtseize", None, "Thoughtseize", 2, S),
    ("SB:2 Thoughtseize", None, "Thoughtseize", 2, S),
    ("Sideboard\n2 Thoughtseize", None, "Thoughtseize", 2, S),
    ("Sideboard (15):\n3 Thoughtseize", None, "Thoughtseize", 3, S),
    ("//Sideboard\n1 Thoughtseize", None, "Thoughtseize", 1, S),
    ("Commander\n1 Krenko, Mob Boss", None, "Krenko, Mob Boss", 1, C),
    ("COMMANDER:\n1 Krenko, Mob Boss", None, "Krenko, Mob Boss", 1, C),
    ("Companion\n1 Lurrus of the Dream-Den", None, "Lurrus of the Dream-Den", 1, P),
    ("Maybeboard\n1 Sol Ring", None, "Sol Ring", 1, B),
    ("// Creatures\n4 Snapcaster Mage", None, "Snapcaster Mage", 4, M),
    ("Creatures (4)\n4 Snapcaster Mage", None, "Snapcaster Mage", 4, M),
    # split, aftermath, room, MDFC, adventure, meld, flip spellings
    ("2 Fire // Ice", None, "Fire // Ice", 2, M),
    ("2 Fire/Ice", None, "Fire // Ice", 2, M),
    ("2 Fire / Ice", None, "Fire // Ice", 2, M),
    ("2 fire//ice", None, "Fire // Ice", 2, M),
    ("1 Commit // Memory", None, "Commit // Memory", 1, M),
    ("1 Wear/Tear", None, "Wear // Tear", 1, M),
    ("1 Assault//Battery", None, "Assault // Battery", 1, M),
    ("4 Unholy Annex // Ritual Chamber", None, "Unholy Annex // Ritual Chamber", 4, M),
    ("1 Clearwater Pathway", None, "Clearwater Pathway // Murkwater Pathway", 1, M),
    ("1 Clearwater Pathway // Murkwater Pathway", None,
     "Clearwater Pathway // Murkwater Pathway", 1, M),
    ("4 Delver of Secrets", None, "Delver of Secrets // Insectile Aberration", 4, M),
    ("1 Insectile Aberration", None, "Delver of Secrets // Insectile Aberration", 1, M),
    ("1 Brazen Borrower", None, "Brazen Borrower // Petty Theft", 1, M),
    ("1 Petty Theft", None, "Brazen Borrower // Petty Theft", 1, M),
    ("1 Bonecrusher Giant // Stomp", None, "Bonecrusher Giant // Stomp", 1, M),
    ("1 Bruna, the Fading Light", None,
     "Bruna, the Fading Light // Brisela, Voice of Nightmares", 1, M),
    ("1 Gisela, the Broken Blade", None,
     "Gisela, the Broken Blade // Brisela, Voice of Nightmares", 1, M),
    # a half name that is also a real card
    ("1 Swords to Plowshares", None, "Swords to Plowshares", 1, M),
    ("1 Emeritus of Truce", None, "Emeritus of Truce // Swords to Plowshares", 1, M),
    # case, accents, ligatures, quotes
    ("1 Æther Vial", None, "Aether Vial", 1, M),
    ("1 aether vial", None, "Aether Vial", 1, M),
    ("1 LIGHTNING BOLT", None, "Lightning Bolt", 1, M),
    ("1 Lim-Dûl's Vault", None, "Lim-Dûl's Vault", 1, M),
    ("1 Lim-Dul's Vault", None, "Lim-Dûl's Vault", 1, M),
    ("1 Lim-Dul\u2019s Vault", None, "Lim-Dûl's Vault", 1, M),
    ("1 Seance", None, "Séance", 1, M),
    ("1 Jotun Grunt", None, "Jötun Grunt", 1, M),
    ("1 Dandan", None, "Dandân", 1, M),
    ('1 Kongming, "Sleeping Dragon"', None, 'Kongming, "Sleeping Dragon"', 1, M),
    ("1 Yuriko, the Tiger\u2019s Shadow", None, "Yuriko, the Tiger's Shadow", 1, M),
    # Alchemy, flavor names
    ("1 A-Futurist Operative", None, "A-Futurist Operative", 1, M),
    ("1 A-Dark Ritual", None, "Dark Ritual", 1, M),
    ("1 Splinter, Vengeful Sensei", None, "Ink-Eyes, Servant of Oni", 1, M),
    # MTG Arena printings, Arena-only set codes
    ("1 Yuriko, the Tiger's Shadow (FCA) 60", None, "Yuriko, the Tiger's Shadow", 1, M),
    ("4 Opt (XLN) 65", None, "Opt", 4, M),
    ("1 A-Futurist Operative (NEO) 53", None, "A-Futurist Operative", 1, M),
    ("Deck\n8 Island (NEO) 296", None, "Island", 8, M),
    ("2 Fire // Ice (MH2) 290", None, "Fire // Ice", 2, M),
    # Moxfield / TappedOut / Archidekt markers
    ("1 Sol Ring (C21) 263 *F*", None, "Sol Ring", 1, M),
    ("1x Krenko, Mob Boss *CMDR*", None, "Krenko, Mob Boss", 1, C),
    ("1 Sol Ring #Ramp #!Staple", None, "Sol Ring", 1, M),
    ("1x Sol Ring (c21) 263 [Ramp{top}] ^Have,#37d67a^", None, "Sol Ring", 1, M),
    ("1x Krenko, Mob Boss (ddt) 52 [Commander{top}]", None, "Krenko, Mob Boss", 1, C),
    ("1x Sol Ring [Maybeboard{noDeck}]", None, "Sol Ring", 1, B),
    ("1x Lightning Bolt *F* [Sideboard]", None, "Lightning Bolt", 1, S),
    # deckstats
    ("1 [C21#263] Sol Ring", None, "Sol Ring", 1, M),
    ("1 Krenko, Mob Boss # !Commander", None, "Krenko, Mob Boss", 1, C),
    ("2 [M19] Lightning Bolt # my favourite", None, "Lightning Bolt", 2, M),
    # Forge, XMage, Magarena, MTGO .dek, Cockatrice, CSV lines in their files
    ("[metadata]\nName=x\n[Main]\n2 Island|LRW|2", None, "Island", 2, M),
    ("[Main]\n1 Lightning Bolt+|M10", None, "Lightning Bolt", 1, M),
    ("[main]\n10  Island|LRW", None, "Island", 10, M),
    ("[Commander]\n1 Krenko, Mob Boss|DDT", None, "Krenko, Mob Boss", 1, C),
    ("1 [IKO:40] Anticipate", None, "Anticipate", 1, M),
    ("1 [THB:347*] Mountain", None, "Mountain", 1, M),
    ("SB: 1 [C20:9] Kalamax, the Stormsire", None, "Kalamax, the Stormsire", 1, S),
    ("# 7 creatures\n4 Pack Rat\n>", None, "Pack Rat", 4, M),
    ('<Deck><Cards CatID="1" Quantity="2" Sideboard="false" Name="Fire/Ice" /></Deck>', None,
     "Fire // Ice", 2, M),
    ('<Deck><Cards Quantity="3" Sideboard="true" Name="L&amp;rsquo;x" /></Deck>'.replace(
        "L&amp;rsquo;x", "Lim-D&#251;l&apos;s Vault"), None, "Lim-Dûl's Vault", 3, S),
    ('<cockatrice_deck><zone name="side"><card number="1" name="Krenko, Mob Boss"/></zone>'
     "</cockatrice_deck>", None, "Krenko, Mob Boss", 1, S),
    ("Count,Name,Edition\n4,Lightning Bolt,m10", None, "Lightning Bolt", 4, M),
    ('Quantity,Name,Categories\n1,"Krenko, Mob Boss",Commander', None, "Krenko, Mob Boss", 1, C),
    ('"Count";"Name"\n2;"Fire // Ice"', None, "Fire // Ice", 2, M),
]


@pytest.fixture(scope="module")
def real_lookup(shared_cards: dict[str, Card]) -> InMemoryCardLookup:
    return InMemoryCardLookup(shared_cards.values())


def test_at_least_sixty_lines() -> None:
    assert len(TRICKY) >= 60


@pytest.mark.parametrize(("text", "fmt", "card", "count", "section"), TRICKY,
                         ids=[t[0][:40] for t in TRICKY])
def test_tricky_line(real_lookup: InMemoryCardLookup, text: str, fmt: str | None, card: str,
                     count: int, section: Section) -> None:
    result = parse_deck_text(text, format=fmt)
    assert result.ok, result.issues
    deck = resolve_deck(result.deck, real_lookup)
    (entry,) = deck.entries
    assert entry.card is not None, deck.issues
    assert (entry.card.name, entry.count, entry.section) == (card, count, section)


def test_a_meld_result_is_no_deck_card(real_lookup: InMemoryCardLookup) -> None:
    """Brisela, Voice of Nightmares (a melded permanent, CR 712.4) is an error naming the two
    halves, never the card (it was a row of the table above until issue 16)."""
    deck = resolve_deck(parse_deck_text("1 Brisela, Voice of Nightmares").deck, real_lookup)
    (entry,) = deck.entries
    assert entry.card is None
    (issue,) = deck.issues
    assert issue.suggestions == ("Bruna, the Fading Light", "Gisela, the Broken Blade")
