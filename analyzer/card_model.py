"""Oracle-level card records, as the rest of the library sees them.

The card data model is the vocabulary every layer shares, so it sits below them all: the
Oracle compiler (:mod:`analyzer.oracle`) reads these records and the card database
(:mod:`analyzer.cards`, which sits above the compiler) stores and returns them.
:mod:`analyzer.cards.model` re-exports them under their familiar name.

These frozen dataclasses are what the database repository returns (never ORM rows, STYLE.md
habit 12). Field names are MTGJSON's (``manaCost`` -> ``mana_cost``, ``faceName`` ->
``face_name``); the source of each is the MTGJSON v5 *Card (Atomic)* data model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

__all__ = ["MELD_LAYOUT", "MELD_RESULT_SIDE", "PLACEHOLDER_PREFIX", "Card", "CardId", "Face",
           "is_placeholder_name"]

MELD_LAYOUT = "meld"
"""MTGJSON ``layout`` of meld cards (the fronts and the melded permanent's face)."""
MELD_RESULT_SIDE = "b"
"""MTGJSON ``side`` of a melded permanent's face (the fronts are ``"a"``)."""
PLACEHOLDER_PREFIX = ";"
"""How card files mark an entry that is no card: Magarena's ``;Manifest`` and ``;Morph``
(the face-down 2/2 creature of CR 701.40 and 702.37), kept out of the card table."""


def is_placeholder_name(name: str) -> bool:
    """True for a placeholder entry's name (:data:`PLACEHOLDER_PREFIX`), no card's name.

    >>> is_placeholder_name(";Manifest"), is_placeholder_name("Manifest Dread")
    (True, False)
    """
    return name.startswith(PLACEHOLDER_PREFIX)

CardId: TypeAlias = str
"""A card's identity: MTGJSON ``identifiers.scryfallOracleId`` where the file has one, else a
stable UUID derived from the card's full name (:func:`analyzer.cards.identity.card_id_for`)."""


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a card (the only face of a one-faced card). MTGJSON *Card (Atomic)* fields."""

    name: str
    """The face's own name: ``faceName`` on multi-face cards, else the card name."""
    side: str | None = None
    """``side``: ``"a"``, ``"b"``... on multi-face cards, ``None`` otherwise."""
    mana_cost: str = ""
    """``manaCost`` in braces notation (``"{1}{B}"``); empty when the face has no cost."""
    mana_value: float = 0.0
    """``faceManaValue`` on multi-face cards, else ``manaValue``."""
    colors: tuple[str, ...] = ()
    """``colors``: W, U, B, R, G letters."""
    color_indicator: tuple[str, ...] = ()
    """``colorIndicator``, when the face has one."""
    type: str = ""
    """``type``: the full type line, e.g. ``"Legendary Creature — Mutant Ninja Rat"``."""
    supertypes: tuple[str, ...] = ()
    """``supertypes``: Legendary, Basic, Snow..."""
    types: tuple[str, ...] = ()
    """``types``: Creature, Land, Sorcery..."""
    subtypes: tuple[str, ...] = ()
    """``subtypes``: creature types, land types, Equipment..."""
    text: str = ""
    """``text``: Oracle text, abilities separated by newlines (reminder text kept)."""
    power: str | None = None
    """``power`` as printed (``"*"`` possible)."""
    toughness: str | None = None
    """``toughness`` as printed."""
    loyalty: str | None = None
    """``loyalty`` of planeswalkers."""
    defense: str | None = None
    """``defense`` of battles."""
    keywords: tuple[str, ...] = ()
    """This face's own ``keywords`` (MTGJSON lists them per face; :attr:`Card.keywords` is
    the union). Empty where the source gives keywords per card only (Scryfall)."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card at Oracle level, with its faces in order.

    Card-level characteristics (mana cost, type line, power...) are those of the first face,
    as MTGJSON and Scryfall give them for the front of a double-faced card.
    """

    id: CardId
    """Identity, see :data:`CardId`."""
    name: str
    """``name``: the full card name, ``"Fire // Ice"`` for multi-face cards."""
    layout: str = "normal"
    """``layout``: normal, split, transform, modal_dfc, adventure, meld, flip, saga..."""
    mana_value: float = 0.0
    """``manaValue`` of the whole card (sum of halves for split cards)."""
    color_identity: tuple[str, ...] = ()
    """``colorIdentity``."""
    keywords: tuple[str, ...] = ()
    """``keywords``: keyword abilities and actions the source lists (``"Ninjutsu"``)."""
    legalities: dict[str, str] = field(default_factory=dict)
    """``legalities``: format -> ``"Legal"``, ``"Banned"``, ``"Restricted"``."""
    faces: tuple[Face, ...] = ()
    """The faces, front first."""
    ascii_name: str | None = None
    """``asciiName``: the name without accents, when it has any."""
    flavor_names: tuple[str, ...] = ()
    """Names printed on crossover printings that deck lists may use (shared file's
    ``flavorNames``)."""
    data_source: str = ""
    """Where the record came from (``"starter"``, or the shared file's ``dataSource``)."""
    leadership_skills: dict[str, bool] = field(default_factory=dict)
    """``leadershipSkills``: format (``commander``, ``brawl``, ``oathbreaker``) -> whether the
    card can lead a deck there."""
    is_game_changer: bool = field(default=False, repr=False)
    """MTGJSON ``isGameChanger`` (Scryfall ``game_changer``): on the Commander brackets'
    Game Changers list. Left out of ``repr`` (and so of the stored profiles' fingerprint,
    :func:`analyzer.cards.profiles.card_fingerprint`): the Oracle compiler never reads it."""

    def __hash__(self) -> int:
        return hash(self.id)

    # -- characteristics of the front face -------------------------------------------------

    @property
    def front(self) -> Face:
        """The first face (a one-faced card's only face)."""
        return self.faces[0] if self.faces else Face(name=self.name)

    @property
    def mana_cost(self) -> str:
        """The front face's ``manaCost``."""
        return self.front.mana_cost

    @property
    def type_line(self) -> str:
        """The front face's type line."""
        return self.front.type

    @property
    def types(self) -> tuple[str, ...]:
        """The front face's card types."""
        return self.front.types

    @property
    def subtypes(self) -> tuple[str, ...]:
        """The front face's subtypes."""
        return self.front.subtypes

    @property
    def supertypes(self) -> tuple[str, ...]:
        """The front face's supertypes."""
        return self.front.supertypes

    @property
    def colors(self) -> tuple[str, ...]:
        """The front face's colours."""
        return self.front.colors

    @property
    def power(self) -> str | None:
        """The front face's power."""
        return self.front.power

    @property
    def toughness(self) -> str | None:
        """The front face's toughness."""
        return self.front.toughness

    @property
    def text(self) -> str:
        """Oracle text of every face, faces separated by a line ``"//"``."""
        return "\n//\n".join(f.text for f in self.faces if f.text) if len(self.faces) > 1 \
            else self.front.text

    @property
    def is_meld_result(self) -> bool:
        """True for a melded permanent's back face stored as a card (Brisela, Voice of
        Nightmares; CR 712.4): layout ``meld`` and every face on side ``"b"``. No deck holds
        it and it is never a commander: the melded permanent is both its cards (CR 712.4a).
        """
        return (self.layout == MELD_LAYOUT and bool(self.faces)
                and all(face.side == MELD_RESULT_SIDE for face in self.faces))

    @property
    def face_names(self) -> tuple[str, ...]:
        """The faces' names in order."""
        return tuple(f.name for f in self.faces)

    def is_type(self, card_type: str) -> bool:
        """True if any face has ``card_type`` among its types (``"Creature"``, ``"Land"``)."""
        return any(card_type in f.types for f in self.faces)
