"""A read-only table model of one analyzer value per row: the part every such table shares.

Subclasses name their columns and tooltips (:attr:`RowTableModel.columns`,
:attr:`RowTableModel.column_tips`) and answer :meth:`QAbstractTableModel.data`; the rows
themselves, the lookups between rows and values, the counts, the header and the flags are here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

__all__ = ["RowTableModel"]

T = TypeVar("T")
_ROOT = QModelIndex()


class RowTableModel(QAbstractTableModel, Generic[T]):
    """Rows of ``T`` (a combo finding, a synergy edge...), shown read-only and selectable.

    Parameters
    ----------
    parent : QObject, optional
        The model's owner.
    """

    columns: ClassVar[tuple[str, ...]] = ()
    """Column titles (the horizontal header)."""
    column_tips: ClassVar[tuple[str, ...]] = ()
    """The header's tooltip of each column."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[T] = []

    def set_rows(self, rows: Sequence[T]) -> None:
        """Show ``rows`` in this order (a model reset)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[T]:
        """The values shown, in row order."""
        return list(self._rows)

    def item_at(self, index: QModelIndex | QPersistentModelIndex) -> T | None:
        """The value of an index's row (None for an invalid index)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._rows[index.row()]

    def row_of(self, item: T) -> int:
        """The row of ``item`` (the same object or an equal one), -1 if absent."""
        for row, candidate in enumerate(self._rows):
            if candidate is item or candidate == item:
                return row
        return -1

    def refresh_all(self) -> None:
        """Tell the views every cell may look different (a highlight changed)."""
        if self._rows:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._rows) - 1, len(self.columns) - 1))

    # -- Qt overrides ----------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.columns[section]
            if role == Qt.ItemDataRole.ToolTipRole and section < len(self.column_tips):
                return self.column_tips[section]
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
