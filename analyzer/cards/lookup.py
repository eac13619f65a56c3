"""Finding cards by name: the interface deck resolution reads, and an in-memory version.

Every card is findable under several keys (:func:`name_keys`): its full name, each face's
name, its ``asciiName`` and its flavor names, all folded by
:func:`~analyzer.cards.names.normalize_name`. The database keeps the same keys in a table
(:class:`analyzer.cards.db.repository.DatabaseCardLookup`); :class:`InMemoryCardLookup` keeps
them in a dict, for tests and small card sets.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from analyzer.cards.model import Card, is_placeholder_name
from analyzer.cards.names import normalize_name

__all__ = ["CardLookup", "InMemoryCardLookup", "NameHit", "NameKind", "name_keys", "names_of"]


class NameKind(enum.IntEnum):
    """How a lookup key names its card; lower values win when a key names several cards."""

    NAME = 1
    """The card's full Oracle name (``"Fire // Ice"``, ``"Grizzly Bears"``)."""
    ASCII = 2
    """MTGJSON ``asciiName`` (``"Lim-Dul's Vault"``)."""
    FACE = 3
    """One face's name (``"Fire"``, ``"Delver of Secrets"``)."""
    FLAVOR = 4
    """A flavor name printed on a crossover printing (``"Splinter, Vengeful Sensei"``)."""


@dataclass(frozen=True, slots=True)
class NameHit:
    """One card a lookup key names, and how."""

    card: Card
    """The card."""
    kind: NameKind
    """Which of the card's names matched."""
    face_index: int = 0
    """For :attr:`NameKind.FACE`, the 0-based index of the face that matched."""


def name_keys(card: Card) -> Iterator[tuple[str, NameKind, int]]:
    """Yield ``(key, kind, face_index)`` for every name the card can be found under.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> card = Card(id="x", name="Fire // Ice", faces=(Face("Fire"), Face("Ice")))
    >>> sorted(k for k, _, _ in name_keys(card))
    ['fire', 'fire // ice', 'ice']
    """
    return iter(names_of(card.name, card.ascii_name, [f.name for f in card.faces],
                         card.flavor_names))


def names_of(name: str, ascii_name: str | None, face_names: Sequence[str],
             flavor_names: Sequence[str]) -> list[tuple[str, NameKind, int]]:
    """:func:`name_keys` of a card given by its names (``name``, ``asciiName``, each face's
    name in order, ``flavorNames``): the importer's rows are built without a :class:`Card`.
    A placeholder entry (``";Manifest"``, :func:`~analyzer.cards.model.is_placeholder_name`)
    has none.

    Examples
    --------
    >>> names_of("Fire // Ice", None, ["Fire", "Ice"], ())[0]
    ('fire // ice', <NameKind.NAME: 1>, 0)
    """
    if is_placeholder_name(name):
        return []  # ";Manifest": no card, found under no name
    seen: set[str] = set()
    keys: list[tuple[str, NameKind, int]] = []

    def emit(name: str | None, kind: NameKind, index: int = 0) -> None:
        if not name:
            return
        key = normalize_name(name)
        if key and key not in seen:
            seen.add(key)
            keys.append((key, kind, index))

    emit(name, NameKind.NAME)
    emit(ascii_name, NameKind.ASCII)
    if " // " in name:
        # Meld fronts are keyed "Front // Melded" with a single face: the front's own name.
        for i, face_name in enumerate(face_names):
            emit(face_name, NameKind.FACE, i)
        emit(name.split(" // ")[0], NameKind.FACE, 0)
    for flavor in flavor_names:
        emit(flavor, NameKind.FLAVOR)
    return keys


class CardLookup(Protocol):
    """What deck-name resolution needs from a card source."""

    def hits(self, keys: Collection[str]) -> dict[str, list[NameHit]]:
        """Map each normalised key that names a card to its hits, best (lowest kind) first.

        Keys that name nothing are left out of the result.
        """
        ...

    def all_names(self) -> Sequence[str]:
        """Every full card name, for "did you mean" suggestions."""
        ...


class InMemoryCardLookup:
    """A :class:`CardLookup` over cards held in memory.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> lookup = InMemoryCardLookup([Card(id="1", name="Æther Vial", faces=(Face("Æther Vial"),))])
    >>> [h.card.name for h in lookup.hits(["aether vial"])["aether vial"]]
    ['Æther Vial']
    """

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards = list(cards)
        self._index: dict[str, list[NameHit]] = defaultdict(list)
        for card in self._cards:
            for key, kind, index in name_keys(card):
                self._index[key].append(NameHit(card, kind, index))
        for hits in self._index.values():
            hits.sort(key=lambda h: (h.kind, h.card.name))

    def hits(self, keys: Collection[str]) -> dict[str, list[NameHit]]:
        """See :meth:`CardLookup.hits`."""
        return {k: list(self._index[k]) for k in keys if k in self._index}

    def all_names(self) -> Sequence[str]:
        """See :meth:`CardLookup.all_names` (placeholder entries are no names)."""
        return [c.name for c in self._cards if not is_placeholder_name(c.name)]

    def __len__(self) -> int:
        return len(self._cards)
