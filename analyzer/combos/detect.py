"""Detection: the catalog combos a deck holds, and the near misses one card away.

Detection reads only card names (:attr:`Combo.cards`); whether a combo works is
verification's job (:mod:`analyzer.combos.verify`). A near miss is a combo with every piece
but one in the deck; near misses are grouped by that missing card, the card completing the
most combos first. False combos (``expected = "fails"``) are reported when present, so the
deckbuilder learns they do not work, but never suggested as near misses.

Examples
--------
>>> from analyzer.combos.catalog import load_catalog
>>> found = detect_combos(["Devoted Druid", "Vizier of Remedies", "Forest"])
>>> [c.id for c in found.present]
['devoted-druid-vizier-of-remedies']
>>> deck = ["Geralf's Messenger", "Phyrexian Altar", "Ashnod's Altar", "Altar of Dementia"]
>>> miss = detect_combos(deck).near_misses[0]
>>> miss.card, [c.id for c in miss.combos]  # doctest: +NORMALIZE_WHITESPACE
('Solemnity', ['geralfs-messenger-solemnity-phyrexian-altar',
 'geralfs-messenger-solemnity-ashnods-altar', 'geralfs-messenger-solemnity-altar-of-dementia'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from analyzer.combos.catalog import load_catalog
from analyzer.combos.model import Combo, Expected

__all__ = ["CatalogIndex", "Detection", "NearMiss", "catalog_index", "detect_combos"]


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A card the deck lacks and the combos it would complete."""

    card: str
    """The missing piece's name."""
    combos: tuple[Combo, ...]
    """The combos it completes, catalog order."""

    def to_json(self) -> dict[str, Any]:
        """``{"card": ..., "completes": n, "combos": [{"id", "name", "cards", "result"}]}``."""
        return {"card": self.card, "completes": len(self.combos),
                "combos": [{"id": c.id, "name": c.name, "cards": list(c.cards),
                            "result": c.result.label} for c in self.combos]}


@dataclass(frozen=True, slots=True)
class Detection:
    """What detection found in one deck."""

    present: tuple[Combo, ...]
    """Combos whose every piece is in the deck, catalog order."""
    near_misses: tuple[NearMiss, ...]
    """Missing cards, the one completing most combos first (ties by name)."""


@dataclass(frozen=True)
class CatalogIndex:
    """The catalog indexed by piece: built once, then each deck is checked in time linear
    in its number of distinct cards."""

    combos: tuple[Combo, ...]
    """The indexed catalog."""
    by_card: dict[str, tuple[int, ...]] = field(init=False, repr=False)
    """Lower-case card name -> indices of the combos naming it."""

    def __post_init__(self) -> None:
        index: dict[str, list[int]] = {}
        for i, combo in enumerate(self.combos):
            for name in combo.card_set:
                index.setdefault(name, []).append(i)
        object.__setattr__(self, "by_card", {k: tuple(v) for k, v in index.items()})


_DEFAULT_INDEX: list[CatalogIndex] = []


def catalog_index(catalog: Iterable[Combo] | CatalogIndex | None = None) -> CatalogIndex:
    """``catalog`` indexed by piece (the project's catalog by default, indexed once)."""
    if isinstance(catalog, CatalogIndex):
        return catalog
    if catalog is None:
        if not _DEFAULT_INDEX:
            _DEFAULT_INDEX.append(CatalogIndex(load_catalog()))
        return _DEFAULT_INDEX[0]
    return CatalogIndex(tuple(catalog))


def detect_combos(card_names: Iterable[str],
                  catalog: Iterable[Combo] | CatalogIndex | None = None) -> Detection:
    """The catalog combos whose pieces are all among ``card_names``, and the near misses.

    Parameters
    ----------
    card_names : iterable of str
        The deck's card names (main deck and command zone; repeats are fine). Names are
        compared case-insensitively; a double-faced card matches on its full name.
    catalog : iterable of Combo or CatalogIndex, optional
        Default: the project's catalog (:func:`~analyzer.combos.catalog.load_catalog`). Pass
        a :class:`CatalogIndex` to check many decks against the same catalog quickly.

    Returns
    -------
    Detection
    """
    index = catalog_index(catalog)
    deck = {name.lower() for name in card_names}
    hits: dict[int, int] = {}
    for name in deck:
        for i in index.by_card.get(name, ()):
            hits[i] = hits.get(i, 0) + 1
    present: list[int] = []
    missing: dict[str, list[int]] = {}
    for i, count in hits.items():
        combo = index.combos[i]
        needed = len(combo.card_set)
        if count == needed:
            present.append(i)
        elif count == needed - 1 and combo.expected is Expected.WORKS:
            card = next(c for c in combo.cards if c.lower() not in deck)
            missing.setdefault(card, []).append(i)
    near = [NearMiss(card, tuple(index.combos[i] for i in sorted(ids)))
            for card, ids in missing.items()]
    near.sort(key=lambda m: (-len(m.combos), m.card))
    return Detection(tuple(index.combos[i] for i in sorted(present)), tuple(near))
