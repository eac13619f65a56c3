"""Problems of the card data itself, which the Oracle compiler reports as unread spans.

A face whose text is empty although its MTGJSON ``keywords`` or its type line say it has
abilities (a planeswalker, an Aura, a creature listing Flying) is not vanilla: the card file
lost its text. The compiler adds these spans to the profile (reason ``"data: ..."``, so the
card is never "fully understood"); the import summary and ``spellweb info --problems`` list
them (:mod:`analyzer.cards.problems`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.card_model import Card, Face

if TYPE_CHECKING:
    from analyzer.oracle.profile import UnsupportedSpan

__all__ = ["data_problems", "face_data_problems"]

_ABILITY_SUBTYPES = frozenset({"Aura", "Equipment", "Saga", "Class", "Vehicle", "Case", "Room",
                               "Siege", "Fortification", "Spacecraft"})
"""Subtypes that always come with rules text (Enchant, Equip, chapters, levels, Crew...)."""


def data_problems(card: Card) -> list[UnsupportedSpan]:
    """The problems of the card data itself that the compiler reports as unread spans (reason
    ``"data: ..."``): a face with no rules text whose MTGJSON ``keywords`` or type line
    (Planeswalker, Battle, Aura, Equipment, Saga...) say it has abilities. Such a card is
    never "vanilla"; the import summary and ``spellweb info --problems`` list it.

    Examples
    --------
    >>> angel = Card(id="s", name="Serra Angel", keywords=("Flying",), faces=(Face(
    ...     "Serra Angel", type="Creature — Angel", types=("Creature",)),))
    >>> [s.reason for s in data_problems(angel)]
    ['data: the card file gives no text though its keywords Flying say it has abilities']
    """
    return face_data_problems(card, card.faces)


def face_data_problems(card: Card, faces: tuple[Face, ...]) -> list[UnsupportedSpan]:
    """:func:`data_problems` of these faces of ``card`` (the faces the compiler reads): a
    problem of the card data, reported as such, never a card "fully understood"."""
    found: list[tuple[str, str]] = []
    for face in faces:
        if face.text.strip():
            continue
        keywords = face.keywords or (card.keywords if len(faces) == 1 else ())
        kinds = (set(face.subtypes) & _ABILITY_SUBTYPES) or (
            set(face.types) & {"Planeswalker", "Battle"})
        if keywords or kinds:
            why = f"keywords {', '.join(keywords)}" if keywords else \
                f"type line {face.type!r}"
            found.append((face.name, f"data: the card file gives no text though its {why} "
                                     "say it has abilities"))
    if not found:
        return []
    # Imported only now: a card import checks its cards without loading the profile classes
    # (the window seeds its starter set before any profile is needed).
    from analyzer.oracle.profile import UnsupportedSpan

    return [UnsupportedSpan(name, "(no rules text)", reason) for name, reason in found]
