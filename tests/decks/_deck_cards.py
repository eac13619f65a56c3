"""Hand-made cards for deck tests: every resolution and display-group case, small."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from analyzer.cards.lookup import InMemoryCardLookup, NameHit
from analyzer.cards.model import Card, Face


def make_card(name: str, *types: str, faces: Sequence[Face] | None = None,
              supertypes: tuple[str, ...] = (), subtypes: tuple[str, ...] = (),
              keywords: tuple[str, ...] = (), flavor_names: tuple[str, ...] = (),
              ascii_name: str | None = None, mana_value: float = 1.0, text: str = "") -> Card:
    """A card with one face of ``types`` (or the given faces)."""
    if faces is None:
        faces = (Face(name, types=types or ("Instant",), supertypes=supertypes,
                      subtypes=subtypes, mana_value=mana_value, text=text,
                      type=" ".join([*supertypes, *(types or ("Instant",))])),)
    return Card(id=f"id-{name}", name=name, mana_value=mana_value, keywords=keywords,
                faces=tuple(faces), ascii_name=ascii_name, flavor_names=flavor_names)


def two_faces(name: str, front_types: tuple[str, ...], back_types: tuple[str, ...]) -> Card:
    front, back = name.split(" // ")
    return make_card(name, faces=(Face(front, side="a", types=front_types),
                                  Face(back, side="b", types=back_types)))


CARDS = [
    make_card("Lightning Bolt", "Instant"),
    make_card("Lightning Helix", "Instant"),
    make_card("Brainstorm", "Instant"),
    make_card("Snapcaster Mage", "Creature"),
    make_card("Æther Vial", "Artifact", ascii_name="Aether Vial"),
    make_card("Lim-Dûl's Vault", "Instant", ascii_name="Lim-Dul's Vault"),
    two_faces("Fire // Ice", ("Instant",), ("Instant",)),
    two_faces("Delver of Secrets // Insectile Aberration", ("Creature",), ("Creature",)),
    two_faces("Brazen Borrower // Petty Theft", ("Creature",), ("Instant",)),
    make_card("Swords to Plowshares", "Instant"),
    two_faces("Emeritus of Truce // Swords to Plowshares", ("Creature",), ("Instant",)),
    make_card("Ink-Eyes, Servant of Oni", "Creature", supertypes=("Legendary",),
              flavor_names=("Splinter, Vengeful Sensei",)),
    make_card("Island", "Land", supertypes=("Basic",), mana_value=0.0),
    make_card("Yuriko, the Tiger's Shadow", "Creature", supertypes=("Legendary",)),
    make_card("Thrasios, Triton Hero", "Creature", supertypes=("Legendary",)),
    make_card("Lurrus of the Dream-Den", "Creature", supertypes=("Legendary",),
              keywords=("Companion", "Lifelink")),
    make_card("Ninja of the Deep Hours", "Creature"),
    make_card("A-Futurist Operative", "Creature"),
    make_card("Orcish Bowmasters", "Creature"),
    make_card("Dryad Arbor", "Land", "Creature", mana_value=0.0),
    make_card("Darksteel Citadel", "Artifact", "Land", mana_value=0.0),
    make_card("Urza's Saga", "Enchantment", "Land", mana_value=0.0),
    make_card("Jace, the Mind Sculptor", "Planeswalker", supertypes=("Legendary",)),
    make_card("Invasion of Tarkir", "Battle"),
    make_card("Bitterblossom", "Kindred", "Enchantment"),
    make_card("Backup Plan", "Conspiracy"),
    make_card("Ponder", "Sorcery"),
]
"""The hand-made card set; ids are ``"id-" + name``."""


class CountingLookup(InMemoryCardLookup):
    """An in-memory lookup that records its calls (to check batching)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        super().__init__(cards)
        self.hits_calls: list[set[str]] = []
        self.all_names_calls = 0

    def hits(self, keys: Collection[str]) -> dict[str, list[NameHit]]:
        self.hits_calls.append(set(keys))
        return super().hits(keys)

    def all_names(self) -> Sequence[str]:
        self.all_names_calls += 1
        return super().all_names()
