"""The Deck tab: a strip of statistics above the deck tree.

The strip shows the card total, the mana curve (:class:`CurveChart`), the colour pips
(:class:`ColorPips`) and the copies by card type; the tree shows :class:`DeckModel`.
Clicking a row emits :attr:`DeckPanel.entry_activated`; :meth:`DeckPanel.select_card` follows
the shared selection.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from analyzer.decks import ResolvedEntry
from ui.models.deck_model import DeckModel
from ui.widgets.curve_chart import ColorPips, CurveChart
from ui.widgets.mana_delegate import ManaCostDelegate

__all__ = ["DeckPanel"]


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("color: #666; font-size: 8pt; text-transform: uppercase;")
    return label


class DeckPanel(QWidget):
    """Statistics strip and deck tree."""

    entry_activated = Signal(object)
    """The :class:`~analyzer.decks.model.ResolvedEntry` of the row the user selected."""
    fix_requested = Signal(object)
    """The unresolved :class:`~analyzer.decks.model.ResolvedEntry` the user wants to fix
    (context menu *Fix…* on a red row, or a double click on it)."""

    def __init__(self, model: DeckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._syncing = False

        self.total_label = QLabel("No deck")
        self.total_label.setAccessibleName("Card total")
        self.total_label.setToolTip("Cards in the main deck and command zone")
        self.total_label.setStyleSheet("font-size: 15pt; font-weight: 600;")
        self.types_label = QLabel("")
        self.types_label.setAccessibleName("Card types")
        self.types_label.setToolTip("Copies by card type (a card with two types counts twice)")
        self.types_label.setWordWrap(True)
        self.types_label.setFixedWidth(240)
        self.curve = CurveChart()
        self.pips = ColorPips()
        self.validation_label = QLabel("")
        self.validation_label.setAccessibleName("Deck checks")
        self.validation_label.setWordWrap(True)
        self.validation_label.setFixedWidth(260)

        strip = QFrame()
        strip.setObjectName("statsStrip")
        strip.setStyleSheet("#statsStrip { background: palette(base);"
                            " border-bottom: 1px solid #d0d0d0; }")
        row = QHBoxLayout(strip)
        row.setContentsMargins(12, 6, 12, 6)
        row.setSpacing(24)
        row.addLayout(self._column("Cards", self.total_label, self.types_label))
        row.addLayout(self._column("Mana curve", self.curve))
        row.addLayout(self._column("Colour pips", self.pips))
        row.addLayout(self._column("Checks", self.validation_label))
        row.addStretch(1)

        self.tree = QTreeView()
        self.tree.setModel(model)
        self.tree.setAccessibleName("Deck list")
        self.tree.setToolTip("The deck by card type; cards not found are shown in red")
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setAcceptDrops(False)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate((56, 300, 130, 44)):
            self.tree.setColumnWidth(column, width)
        self._mana_delegate = ManaCostDelegate(self.tree)
        self.tree.setItemDelegateForColumn(2, self._mana_delegate)
        self.tree.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._show_context_menu)
        self.tree.doubleClicked.connect(self._on_double_click)
        model.modelReset.connect(self._after_reset)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(strip)
        layout.addWidget(self.tree, 1)

    # -- API -------------------------------------------------------------------------------

    def set_stats(self, total: int, curve: Mapping[int, int], pips: Mapping[str, int],
                  types: Mapping[str, int], color_names: Mapping[str, str]) -> None:
        """Fill the strip."""
        self.total_label.setText(f"{total} cards")
        self.types_label.setText(" · ".join(f"{n}\u00a0{t}" for t, n in types.items()))
        self.curve.set_curve(curve)
        self.pips.set_pips(pips, color_names)

    def set_validation(self, summary: str, details: str, ok: bool) -> None:
        """Show the deck checks: a one-line summary, every problem in the tooltip."""
        self.validation_label.setText(summary)
        self.validation_label.setToolTip(details)
        self.validation_label.setStyleSheet("" if ok else "color: #c62828;")

    def fix_menu(self, entry: ResolvedEntry) -> QMenu:
        """The context menu of an unresolved row: *Fix…* and the suggestions themselves."""
        menu = QMenu(self)
        fix = menu.addAction("Fix…")
        fix.setToolTip("Pick the card this line stands for")
        fix.triggered.connect(lambda: self.fix_requested.emit(entry))
        return menu

    def clear_stats(self) -> None:
        """Empty the strip (no deck)."""
        self.total_label.setText("No deck")
        self.types_label.setText("")
        self.curve.set_curve({})
        self.pips.set_pips({})

    def select_card(self, card_id: str | None) -> None:
        """Select the row of ``card_id`` (None clears) without emitting ``entry_activated``."""
        index = self._model.index_of_card(card_id) if card_id else QModelIndex()
        self._syncing = True
        try:
            if index.isValid():
                self.tree.setCurrentIndex(index)
                self.tree.scrollTo(index)
            else:
                self.tree.selectionModel().clearSelection()
                self.tree.selectionModel().setCurrentIndex(
                    QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
        finally:
            self._syncing = False

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _column(title: str, *widgets: QWidget) -> QVBoxLayout:
        column = QVBoxLayout()
        column.setSpacing(2)
        column.addWidget(_caption(title))
        for widget in widgets:
            column.addWidget(widget)
        column.addStretch(1)
        return column

    def _after_reset(self) -> None:
        self.tree.expandAll()
        for row in range(self._model.rowCount()):
            self.tree.setFirstColumnSpanned(row, QModelIndex(), True)

    def _unresolved_at(self, index: QModelIndex) -> ResolvedEntry | None:
        item = self._model.item_at(index)
        if isinstance(item, ResolvedEntry) and item.card is None:
            return item
        return None

    def _show_context_menu(self, pos: QPoint) -> None:
        entry = self._unresolved_at(self.tree.indexAt(pos))
        if entry is not None:
            self.fix_menu(entry).popup(self.tree.viewport().mapToGlobal(pos))

    def _on_double_click(self, index: QModelIndex) -> None:
        entry = self._unresolved_at(index)
        if entry is not None:
            self.fix_requested.emit(entry)

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing:
            return
        item = self._model.item_at(current)
        if item is not None and hasattr(item, "entry"):
            self.entry_activated.emit(item)

