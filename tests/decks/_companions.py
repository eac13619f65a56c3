"""The ten companions (Ikoria, CR 702.139) built from their Oracle text, for the companion
tests of the Oracle reader and of deck validation."""

from __future__ import annotations

from analyzer.cards.model import Card, Face

__all__ = ["CONDITIONS", "REMINDER", "companion"]

REMINDER = (" (If this card is your chosen companion, you may put it into your hand from "
            "outside the game for {3} as a sorcery.)")
CONDITIONS = {
    "Lurrus of the Dream-Den": "Each permanent card in your starting deck has mana value 2 or "
                               "less.",
    "Kaheera, the Orphanguard": "Each creature card in your starting deck is a Cat, Elemental, "
                                "Nightmare, Dinosaur, or Beast card.",
    "Jegantha, the Wellspring": "No card in your starting deck has more than one of the same "
                                "mana symbol in its mana cost.",
    "Obosh, the Preypiercer": "Your starting deck contains only cards with odd mana values and "
                              "land cards.",
    "Yorion, Sky Nomad": "Your starting deck contains at least twenty cards more than the "
                         "minimum deck size.",
    "Zirda, the Dawnwaker": "Each permanent card in your starting deck has an activated "
                            "ability.",
    "Gyruda, Doom of Depths": "Your starting deck contains only cards with even mana values.",
    "Keruga, the Macrosage": "Your starting deck contains only cards with mana value 3 or "
                             "greater and land cards.",
    "Umori, the Collector": "Each nonland card in your starting deck shares a card type.",
    "Lutri, the Spellchaser": "Each nonland card in your starting deck has a different name.",
}


def companion(name: str, condition: str | None = None, *, dash: str = "—") -> Card:
    text = f"Companion {dash} {condition or CONDITIONS[name]}{REMINDER}\nFlying"
    return Card(f"id-{name}", name, keywords=("Companion", "Flying"),
                faces=(Face(name, supertypes=("Legendary",), types=("Creature",), text=text),))
