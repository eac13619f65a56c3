"""The Combos tab's table: one row per combo found in the deck, and the proxy that sorts it.

:class:`ComboModel` is a thin adapter (STYLE.md habit 15) over the findings of
:class:`analyzer.combos.report.ComboReport` (``report.findings``: each a
:class:`~analyzer.combos.report.ComboFinding` with its combo, verification and source).
It reads only public fields, never the reason texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from analyzer.combos.outcome import ComboFinding
from analyzer.combos.words import result_words
from ui.models.row_table import RowTableModel

__all__ = [
    "COLUMNS",
    "FINDING_ROLE",
    "HIGHLIGHT_ROLE",
    "SORT_ROLE",
    "VERDICT_COLORS",
    "VERDICT_ROLE",
    "VERDICT_TEXT",
    "ComboModel",
    "ComboSortProxy",
    "verdict_color",
]

FINDING_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row's :class:`~analyzer.combos.report.ComboFinding`."""
VERDICT_ROLE = Qt.ItemDataRole.UserRole + 2
"""The verdict's label (``"verified"``, ``"not_working"``, ``"not_verifiable"``)."""
SORT_ROLE = Qt.ItemDataRole.UserRole + 3
"""The sort key of a cell: the verdict's rank for the Verdict column, the text elsewhere."""
HIGHLIGHT_ROLE = Qt.ItemDataRole.UserRole + 4
"""True when the row's combo contains the highlighted card (:meth:`ComboModel.set_highlight`)."""

COLUMNS = ("Combo", "Cards", "Verdict", "Source", "Result")
"""Column titles."""
NAME, CARDS, VERDICT, SOURCE, RESULT = range(len(COLUMNS))

VERDICT_TEXT = {"verified": "Verified", "not_working": "Not working",
                "not_verifiable": "Not verifiable"}
"""A verdict label (:attr:`analyzer.combos.verify.Verdict.label`) as people read it."""
VERDICT_COLORS = {"verified": "#2e7d32", "not_working": "#c62828",
                  "not_verifiable": "#8d6e00"}
"""The badge colour of each verdict (green, red, amber; white text reads on each)."""
_VERDICT_RANK = {"verified": 0, "not_verifiable": 1, "not_working": 2}
_HIGHLIGHT = QColor("#fff3c4")
_HIGHLIGHT_TEXT = QColor("#1f1f1f")
_TIPS = ("The combo's name in the catalog (or the loop found in the synergy graph)",
         "The cards it needs", "What the rules core found when it played the combo",
         "Catalog entry or loop discovered in the deck's synergy graph",
         "What the combo achieves")


def verdict_color(label: str) -> QColor:
    """The badge colour of a verdict label (grey for a label this table does not know)."""
    return QColor(VERDICT_COLORS.get(label, "#616161"))


def _result_text(finding: ComboFinding) -> str:
    return result_words(finding.combo.result.label, finding.verification.gains)


class ComboModel(RowTableModel[ComboFinding]):
    """Table model of a deck's combos (see :data:`COLUMNS`), one row per finding."""

    columns = COLUMNS
    column_tips = _TIPS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._highlight: str | None = None

    # -- helpers ---------------------------------------------------------------------------

    def set_findings(self, findings: Sequence[ComboFinding]) -> None:
        """Show ``findings`` (catalog combos first, then discovered loops)."""
        self.set_rows(findings)

    def findings(self) -> list[ComboFinding]:
        """The rows shown."""
        return self.rows()

    def set_highlight(self, card_name: str | None) -> None:
        """Mark the rows whose combo needs ``card_name`` (case-insensitive; None: none)."""
        name = card_name.casefold() if card_name else None
        if name == self._highlight:
            return
        self._highlight = name
        self.refresh_all()

    def highlighted(self) -> list[ComboFinding]:
        """The findings marked by :meth:`set_highlight`."""
        return [f for f in self._rows if self._contains(f)]

    def _contains(self, finding: ComboFinding) -> bool:
        return self._highlight is not None and any(
            card.casefold() == self._highlight for card in finding.combo.cards)

    # -- Qt overrides ----------------------------------------------------------------------

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        finding = self.item_at(index)
        if finding is None:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole,
                    Qt.ItemDataRole.AccessibleTextRole):
            return self._text(finding, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            c, v = finding.combo, finding.verification
            return (f"{c.name}\n{VERDICT_TEXT.get(v.verdict.label, v.verdict.label)}: "
                    f"{v.reason}\nCards: {', '.join(c.cards)}")
        if role == SORT_ROLE:
            if column == VERDICT:
                return _VERDICT_RANK.get(finding.verdict.label, len(_VERDICT_RANK))
            return self._text(finding, column).casefold()
        if role == Qt.ItemDataRole.BackgroundRole and self._contains(finding):
            return QBrush(_HIGHLIGHT)
        if role == Qt.ItemDataRole.ForegroundRole and self._contains(finding):
            return QBrush(_HIGHLIGHT_TEXT)   # dark on the light highlight, in dark mode too
        if role == Qt.ItemDataRole.FontRole and self._contains(finding):
            font = QFont()
            font.setBold(True)
            return font
        if role == FINDING_ROLE:
            return finding
        if role == VERDICT_ROLE:
            return finding.verdict.label
        if role == HIGHLIGHT_ROLE:
            return self._contains(finding)
        return None

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _text(finding: ComboFinding, column: int) -> str:
        if column == NAME:
            return finding.combo.name
        if column == CARDS:
            return ", ".join(finding.combo.cards)
        if column == VERDICT:
            label = finding.verdict.label
            return VERDICT_TEXT.get(label, label)
        if column == SOURCE:
            return finding.source
        if column == RESULT:
            return _result_text(finding)
        return ""


class ComboSortProxy(QSortFilterProxyModel):
    """Sorts the combo table by :data:`SORT_ROLE` (verdicts by rank: verified first)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
