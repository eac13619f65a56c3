"""Combos: the catalog (``data/combos``), detection in a deck, discovery from the synergy
graph, and verification by simulation in the rules core.

Layout: :mod:`.model` (the :class:`Combo` value and its enums), :mod:`.metrics` (names of
what verification measures), :mod:`.catalog` (loading and validating the catalog),
:mod:`.detect` (combos present in a deck and near misses), :mod:`.discover` (candidate loops
from the synergy graph), :mod:`.engine` (a combo's board in the rules core), :mod:`.verify`
(the verdicts) and :mod:`.report` (a deck's combos as JSON and text, as a long job).

The public names are loaded on first use (:func:`analyzer.lazy.lazy_exports`).
"""

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
    from analyzer.combos.catalog import CatalogError, load_catalog, parse_catalog, read_catalog
    from analyzer.combos.detect import CatalogIndex, Detection, NearMiss, detect_combos
    from analyzer.combos.model import (
        Combo,
        ComboFamily,
        ComboKind,
        ComboResult,
        Expected,
        ScenarioAction,
    )

__all__ = [
    "CatalogError",
    "CatalogIndex",
    "Combo",
    "ComboFamily",
    "ComboKind",
    "ComboResult",
    "Detection",
    "Expected",
    "NearMiss",
    "ScenarioAction",
    "detect_combos",
    "load_catalog",
    "parse_catalog",
    "read_catalog",
]

__getattr__, __dir__ = lazy_exports(__name__, {
    "CatalogError": "analyzer.combos.catalog",
    "load_catalog": "analyzer.combos.catalog",
    "parse_catalog": "analyzer.combos.catalog",
    "read_catalog": "analyzer.combos.catalog",
    "CatalogIndex": "analyzer.combos.detect",
    "Detection": "analyzer.combos.detect",
    "NearMiss": "analyzer.combos.detect",
    "detect_combos": "analyzer.combos.detect",
    "Combo": "analyzer.combos.model",
    "ComboFamily": "analyzer.combos.model",
    "ComboKind": "analyzer.combos.model",
    "ComboResult": "analyzer.combos.model",
    "Expected": "analyzer.combos.model",
    "ScenarioAction": "analyzer.combos.model",
})
