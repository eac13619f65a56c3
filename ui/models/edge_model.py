"""The Synergies tab's table: one row per synergy edge, and the proxy that filters it.

:class:`EdgeModel` is a thin adapter (STYLE.md habit 15) over the edge rows of
:func:`analyzer.graph.edge_list` (``DeckAnalysis.edges``). :class:`EdgeFilterProxy` sorts it
and keeps the rows of one kind, one card, and/or containing a text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from analyzer.graph.rows import EdgeRow
from ui.models.row_table import RowTableModel
from ui.palette import kind_icon, kind_label

__all__ = [
    "COLUMNS",
    "EDGE_ROLE",
    "KIND_ROLE",
    "SOURCE_ID_ROLE",
    "TARGET_ID_ROLE",
    "EdgeFilterProxy",
    "EdgeModel",
]

EDGE_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row's :class:`~analyzer.graph.EdgeRow`."""
KIND_ROLE = Qt.ItemDataRole.UserRole + 2
"""The edge's kind (``"anthem"``)."""
SOURCE_ID_ROLE = Qt.ItemDataRole.UserRole + 3
"""The source card's id."""
TARGET_ID_ROLE = Qt.ItemDataRole.UserRole + 4
"""The target card's id."""

COLUMNS = ("Source", "Kind", "Target", "Explanation", "Rules")
"""Column titles."""
_SOURCE, _KIND, _TARGET, _EXPLANATION, _RULES = range(len(COLUMNS))


def _rules_text(edge: EdgeRow) -> str:
    return ", ".join(edge.rules)


class EdgeModel(RowTableModel[EdgeRow]):
    """Table model of synergy edges (see :data:`COLUMNS`)."""

    columns = COLUMNS
    column_tips = ("The card that gives the synergy", "What kind of synergy",
                   "The card that benefits", "Why the two cards work together",
                   "Comprehensive Rules behind it")

    # -- helpers ---------------------------------------------------------------------------

    def set_edges(self, edges: Sequence[EdgeRow]) -> None:
        """Show ``edges`` (already in display order)."""
        self.set_rows(edges)

    def edges(self) -> list[EdgeRow]:
        """The rows shown."""
        return self.rows()

    def kinds(self) -> list[str]:
        """The kinds present, sorted."""
        return sorted({e.kind for e in self._rows})

    # -- Qt overrides ----------------------------------------------------------------------

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        edge = self.item_at(index)
        if edge is None:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(edge, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{edge.source_name} → {edge.target_name} ({kind_label(edge.kind)})\n"
                    f"{edge.explanation}" + (f"\nRules: {_rules_text(edge)}"
                                             if _rules_text(edge) else ""))
        if role == Qt.ItemDataRole.DecorationRole and column == _KIND:
            return kind_icon(edge.kind)
        if role == EDGE_ROLE:
            return edge
        if role == KIND_ROLE:
            return edge.kind
        if role == SOURCE_ID_ROLE:
            return edge.source
        if role == TARGET_ID_ROLE:
            return edge.target
        return None

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _text(edge: EdgeRow, column: int) -> str:
        if column == _SOURCE:
            return str(edge.source_name)
        if column == _KIND:
            return kind_label(edge.kind)
        if column == _TARGET:
            return str(edge.target_name)
        if column == _EXPLANATION:
            return str(edge.explanation)
        if column == _RULES:
            return _rules_text(edge)
        return ""


class EdgeFilterProxy(QSortFilterProxyModel):
    """Sorts the edge table and keeps rows matching a kind, a card and a text.

    Every filter is optional: :meth:`set_kind` (None: every kind), :meth:`set_card` (edges
    from or to one card id), :meth:`set_text` (case-insensitive, any column).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._kind: str | None = None
        self._card: str | None = None
        self._text = ""
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_kind(self, kind: str | None) -> None:
        """Keep only edges of ``kind`` (None: all); the same kind again filters nothing
        again (each pass calls :meth:`filterAcceptsRow` for every edge)."""
        if (kind or None) == self._kind:
            return
        with self._filter_change():
            self._kind = kind or None

    def set_card(self, card_id: str | None) -> None:
        """Keep only edges from or to ``card_id`` (None: all)."""
        if (card_id or None) == self._card:
            return
        with self._filter_change():
            self._card = card_id or None

    def set_text(self, text: str) -> None:
        """Keep only rows where some column contains ``text`` (case-insensitive)."""
        if text.strip().casefold() == self._text:
            return
        with self._filter_change():
            self._text = text.strip().casefold()

    @property
    def card(self) -> str | None:
        """The card filter."""
        return self._card

    @property
    def kind(self) -> str | None:
        """The kind filter."""
        return self._kind

    # -- Qt overrides ----------------------------------------------------------------------

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if self._kind is not None and model.data(index, KIND_ROLE) != self._kind:
            return False
        if self._card is not None and self._card not in (
                model.data(index, SOURCE_ID_ROLE), model.data(index, TARGET_ID_ROLE)):
            return False
        if self._text:
            texts = (str(model.data(model.index(source_row, c, source_parent)) or "")
                     for c in range(model.columnCount(source_parent)))
            return any(self._text in t.casefold() for t in texts)
        return True

    # -- helpers ---------------------------------------------------------------------------

    @contextmanager
    def _filter_change(self) -> Iterator[None]:
        if hasattr(self, "endFilterChange"):  # Qt >= 6.10
            self.beginFilterChange()
            yield
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            yield
            self.invalidateFilter()
