"""The Synergies tab: a filter row above a sortable table of every synergy edge.

Filters: a kind (combo box), a text (any column), and the selected card (a removable chip,
set by the shared selection). Selecting a row emits :attr:`EdgePanel.edge_activated`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ui.models.edge_model import EDGE_ROLE, EdgeFilterProxy, EdgeModel
from ui.palette import kind_label

__all__ = ["EdgePanel"]

_ALL_KINDS = "All kinds"


class EdgePanel(QWidget):
    """Filter row and edge table over an :class:`EdgeModel`."""

    edge_activated = Signal(object)
    """The edge row the user selected."""
    card_filter_cleared = Signal()
    """The user removed the card filter."""

    def __init__(self, model: EdgeModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._syncing = False
        self._last_edge: Any = None
        self.proxy = EdgeFilterProxy(self)
        self.proxy.setSourceModel(model)

        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName("Synergy kind filter")
        self.kind_box.setToolTip("Show only one kind of synergy")
        self.kind_box.setMinimumContentsLength(18)
        self.kind_box.currentIndexChanged.connect(self._on_kind_changed)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter synergies (card, kind, explanation, rule)…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Synergy text filter")
        self.filter_edit.setToolTip("Show only synergies whose text contains this (Ctrl+F)")
        self.filter_edit.textChanged.connect(self._on_text_changed)
        self.card_chip = QToolButton()
        self.card_chip.setAccessibleName("Card filter")
        self.card_chip.setToolTip("Showing the synergies of the selected card; click to show all")
        self.card_chip.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.card_chip.setStyleSheet("QToolButton { background: #e4ecf7; border: 1px solid"
                                     " #9fb6d9; border-radius: 9px; padding: 1px 8px; }")
        self.card_chip.clicked.connect(self.clear_card_filter)
        self.card_chip.hide()
        self.count_label = QLabel()
        self.count_label.setAccessibleName("Synergy count")
        self.count_label.setToolTip("Synergies shown / in the deck")

        row = QHBoxLayout()
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(QLabel("Kind:"))
        row.addWidget(self.kind_box)
        row.addWidget(self.filter_edit, 1)
        row.addWidget(self.card_chip)
        row.addWidget(self.count_label)

        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setAccessibleName("Synergy table")
        self.table.setToolTip("Every synergy of the deck; click a header to sort")
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setAcceptDrops(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for column, width in enumerate((190, 150, 190, 420, 160)):
            self.table.setColumnWidth(column, width)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_changed)

        model.modelReset.connect(self._after_reset)
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(row)
        layout.addWidget(self.table, 1)
        self._after_reset()

    # -- API -------------------------------------------------------------------------------

    def set_card_filter(self, card_id: str | None, name: str = "") -> None:
        """Show only the edges of ``card_id`` (None: every edge); ``name`` labels the chip."""
        with self._quiet():
            self.proxy.set_card(card_id)
        self.card_chip.setVisible(card_id is not None)
        self.card_chip.setText(f"{name}  ✕")
        self.card_chip.setToolTip(f"Showing the synergies of {name}; click to show all")
        self._update_count()

    def clear_card_filter(self) -> None:
        """Show the edges of every card again."""
        self.set_card_filter(None)
        self.card_filter_cleared.emit()

    def select_edge(self, edge: Any) -> None:
        """Select ``edge``'s row (None clears) without emitting ``edge_activated``."""
        row = self._model.row_of(edge) if edge is not None else -1
        index = self.proxy.mapFromSource(self._model.index(row, 0)) if row >= 0 \
            else QModelIndex()
        self._syncing = True
        try:
            if index.isValid():
                self.table.setCurrentIndex(index)
                self.table.scrollTo(index)
            else:
                self.table.selectionModel().clearSelection()
                self.table.selectionModel().setCurrentIndex(
                    QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
        finally:
            self._syncing = False

    def visible_edges(self) -> list[Any]:
        """The edge rows the table shows, in display order."""
        return [self.proxy.data(self.proxy.index(r, 0), EDGE_ROLE)
                for r in range(self.proxy.rowCount())]

    # -- helpers ---------------------------------------------------------------------------

    def _after_reset(self) -> None:
        self.kind_box.blockSignals(True)
        self.kind_box.clear()
        self.kind_box.addItem(_ALL_KINDS, None)
        for kind in self._model.kinds():
            self.kind_box.addItem(kind_label(kind), kind)
        self.kind_box.blockSignals(False)
        self.proxy.set_kind(None)
        self._update_count()

    def _on_kind_changed(self, _index: int) -> None:
        with self._quiet():
            self.proxy.set_kind(self.kind_box.currentData())
        self._update_count()

    def _on_text_changed(self, text: str) -> None:
        with self._quiet():
            self.proxy.set_text(text)

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Filtering moves the table's current row: that is no choice of the user's, so
        it must not change the shared selection."""
        syncing, self._syncing = self._syncing, True
        try:
            yield
        finally:
            self._syncing = syncing

    def _update_count(self) -> None:
        self.count_label.setText(f"{self.proxy.rowCount()} / {self._model.rowCount()}")

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        edge = self.proxy.data(current, EDGE_ROLE) if current.isValid() else None
        last, self._last_edge = self._last_edge, edge
        if self._syncing or edge is None or edge is last:
            # a filter that only moves the current row (a card filter keeping it) is no
            # new choice of the user's
            return
        self.edge_activated.emit(edge)
