"""Combos: the catalog (``data/combos``), detection in a deck, discovery from the synergy
graph, and verification by simulation in the rules core.

Layout: :mod:`.model` (the :class:`Combo` value and its enums), :mod:`.metrics` (names of
what verification measures), :mod:`.catalog` (loading and validating the catalog),
:mod:`.detect` (combos present in a deck and near misses), :mod:`.discover` (candidate loops
from the synergy graph), :mod:`.engine` (a combo's board in the rules core), :mod:`.verify`
(the verdicts) and :mod:`.report` (a deck's combos as JSON and text, as a long job).
"""

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
