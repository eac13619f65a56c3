"""The Deck tab: a strip of statistics above the deck tree, which is also the deck editor.

The strip shows the card total, the mana curve (:class:`CurveChart`), the colour pips
(:class:`ColorPips`) and the copies by card type; the tree shows :class:`DeckModel`, grouped
by card type or by package (the *Group by* box). Clicking a row emits
:attr:`DeckPanel.entry_activated`; :meth:`DeckPanel.select_card` follows the shared
selection.

Editing (the window turns every request into an undoable edit, :mod:`ui.deck_editor`): the
*Qty* cell is a spin box (double click or F2); ``+`` / ``-`` add or remove a copy, Delete
removes the card; the context menu moves a card to another section; cards dragged from the
card browser, or rows dragged onto another section's group, are dropped into that section
(the empty sections appear as targets while something is dragged over the list).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QDragEnterEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from analyzer.decks import MAX_COUNT, ResolvedEntry, Section
from ui.models.deck_model import QTY_COLUMN, DeckModel, GroupBy
from ui.theme import set_themed_sheet
from ui.widgets.curve_chart import ColorPips, CurveChart
from ui.widgets.mana_delegate import ManaCostDelegate

__all__ = ["MOVE_SECTIONS", "CountDelegate", "DeckPanel"]

MOVE_SECTIONS = (Section.COMMANDER, Section.MAIN, Section.SIDEBOARD, Section.MAYBEBOARD,
                 Section.COMPANION)
"""The sections of the *Move to* menu, in order."""


class CountDelegate(QStyledItemDelegate):
    """The *Qty* cell's editor: a spin box from 0 (removes the card) to ``MAX_COUNT``."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(0, MAX_COUNT)
        spin.setAccessibleName("Number of copies")
        spin.setToolTip("Number of copies; 0 removes the card (Enter applies, Esc cancels)")
        spin.setFrame(False)
        return spin

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox) and isinstance(value, int):
            editor.setValue(value)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("color: palette(placeholder-text); font-size: 8pt; "
                        "text-transform: uppercase;")
    return label


class DeckPanel(QWidget):
    """Statistics strip and deck tree."""

    entry_activated = Signal(object)
    """The :class:`~analyzer.decks.model.ResolvedEntry` of the row the user selected."""
    fix_requested = Signal(object)
    """The unresolved :class:`~analyzer.decks.model.ResolvedEntry` the user wants to fix
    (context menu *Fix…* on a red row, or a double click on it)."""
    count_change_requested = Signal(object, int)
    """``(entry, delta)``: add (+1) or remove (-1) copies (``+`` / ``-`` keys, menu)."""
    remove_requested = Signal(object)
    """The entry to remove (Delete, menu)."""
    move_requested = Signal(object, object)
    """``(entry, Section)``: move the entry's copies to another section (menu)."""
    grouping_changed = Signal(object)
    """The :class:`~ui.models.deck_model.GroupBy` the user picked."""

    def __init__(self, model: DeckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._syncing = False
        self._kept: ResolvedEntry | None = None
        model.editable = True

        self.total_label = QLabel("No deck")
        self.total_label.setAccessibleName("Card total")
        self.total_label.setToolTip("Cards in the main deck and command zone")
        self.total_label.setStyleSheet("font-size: 15pt; font-weight: 600;")
        self.types_label = QLabel("")
        self.types_label.setAccessibleName("Card types")
        self.types_label.setToolTip("Copies by card type (a card with two types counts twice)")
        self.types_label.setWordWrap(True)
        self.types_label.setMinimumWidth(150)      # narrow screens: it wraps
        self.types_label.setMaximumWidth(240)
        self.curve = CurveChart()
        self.pips = ColorPips()
        self.validation_label = QLabel("")
        self.validation_label.setAccessibleName("Deck checks")
        self.validation_label.setWordWrap(True)
        self.validation_label.setMinimumWidth(170)
        self.validation_label.setMaximumWidth(260)

        strip = QFrame()
        strip.setObjectName("statsStrip")
        set_themed_sheet(strip, "#statsStrip {{ background: palette(base);"
                                " border-bottom: 1px solid {border}; }}")
        row = QHBoxLayout(strip)
        row.setContentsMargins(12, 6, 12, 6)
        row.setSpacing(24)
        row.addLayout(self._column("Cards", self.total_label, self.types_label))
        row.addLayout(self._column("Mana curve", self.curve))
        row.addLayout(self._column("Colour pips", self.pips))
        row.addLayout(self._column("Checks", self.validation_label))
        row.addStretch(1)

        self.group_box = QComboBox()
        self.group_box.setAccessibleName("Group by")
        self.group_box.setToolTip("Group the main deck by card type, or by package: the "
                                  "groups of cards the synergy graph ties together")
        self.group_box.addItem("Card type", GroupBy.TYPE)
        self.group_box.addItem("Package", GroupBy.PACKAGE)
        self.group_box.currentIndexChanged.connect(self._on_grouping)
        self.hint_label = QLabel("Double-click a count to edit it · + / − add or remove a copy"
                                 " · Del removes · right-click to move · drop cards here")
        self.hint_label.setAccessibleName("Editing hints")
        self.hint_label.setToolTip("How to edit the deck (Edit ▸ Undo reverts any change)")
        self.hint_label.setStyleSheet("color: palette(placeholder-text);")  # light and dark
        self.hint_label.setWordWrap(True)
        group_row = QHBoxLayout()
        group_row.setContentsMargins(12, 4, 12, 4)
        group_label = QLabel("Group by:")
        group_label.setBuddy(self.group_box)
        group_row.addWidget(group_label)
        group_row.addWidget(self.group_box)
        group_row.addSpacing(16)
        group_row.addWidget(self.hint_label, 1)

        self.tree = QTreeView()
        self.tree.setModel(model)
        self.tree.setAccessibleName("Deck list")
        self.tree.setToolTip("The deck by section and card type (or package); cards not found "
                             "are shown in red. Double-click a count to edit it.")
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setDragEnabled(True)
        self.tree.setAcceptDrops(True)
        self.tree.setDropIndicatorShown(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.tree.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self._count_delegate = CountDelegate(self.tree)
        self.tree.setItemDelegateForColumn(QTY_COLUMN, self._count_delegate)
        self.tree.viewport().installEventFilter(self)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # card rows sit two indentation steps in (root decoration + group), so the Qty column
        # needs that much besides its digits, or a count of 10 or more is elided to nothing
        qty_width = (2 * self.tree.indentation()
                     + self.tree.fontMetrics().horizontalAdvance("9999") + 12)
        for column, width in enumerate((qty_width, 300, 130, 44)):
            self.tree.setColumnWidth(column, width)
        self._mana_delegate = ManaCostDelegate(self.tree)
        self.tree.setItemDelegateForColumn(2, self._mana_delegate)
        self.tree.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._show_context_menu)
        self.tree.doubleClicked.connect(self._on_double_click)
        model.modelAboutToBeReset.connect(self._before_reset)
        model.modelReset.connect(self._after_reset)
        self._build_actions()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(strip)
        layout.addLayout(group_row)
        layout.addWidget(self.tree, 1)

    def _build_actions(self) -> None:
        def action(text: str, keys: tuple[str, ...], tip: str, slot: Any) -> QAction:
            made = QAction(text, self.tree)
            made.setShortcuts([QKeySequence(k) for k in keys])
            made.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            made.setToolTip(tip)
            made.setStatusTip(tip)
            made.triggered.connect(slot)
            self.tree.addAction(made)
            return made

        self.add_copy_action = action("Add a Copy", ("+", "=", "Ctrl+="),
                                      "One more copy of the selected card (+)",
                                      lambda: self._request_delta(1))
        self.remove_copy_action = action("Remove a Copy", ("-",),
                                         "One copy fewer of the selected card (−)",
                                         lambda: self._request_delta(-1))
        self.remove_action = action("Remove Card", ("Delete", "Backspace"),
                                    "Remove the selected card from the deck (Del)",
                                    self._request_remove)
        self.edit_count_action = action("Set Count…", ("F2",),
                                        "Type the number of copies (F2)", self.edit_count)

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
        set_themed_sheet(self.validation_label, "" if ok else "color: {error};")

    def fix_menu(self, entry: ResolvedEntry) -> QMenu:
        """The context menu of an unresolved row: *Fix…* and the suggestions themselves."""
        menu = QMenu(self)
        fix = menu.addAction("Fix…")
        fix.setToolTip("Pick the card this line stands for")
        fix.triggered.connect(lambda: self.fix_requested.emit(entry))
        return menu

    def entry_menu(self, entry: ResolvedEntry) -> QMenu:
        """The context menu of a card row: *Fix…* (unresolved rows), the count actions,
        and *Move to* ▸ each other section."""
        menu = self.fix_menu(entry) if entry.card is None else QMenu(self)
        if entry.card is None:
            menu.addSeparator()
        for made in (self.add_copy_action, self.remove_copy_action, self.edit_count_action):
            menu.addAction(made)
        move = menu.addMenu("Move to")
        move.setToolTip("Move every copy of this card to another section")
        for section in MOVE_SECTIONS:
            if section is entry.section:
                continue
            item = move.addAction(section.title)
            item.setToolTip(f"Move {entry.name} to the {section.title.lower()}")
            item.triggered.connect(lambda _=False, s=section: self.move_requested.emit(entry, s))
        menu.addSeparator()
        menu.addAction(self.remove_action)
        return menu

    def current_entry(self) -> ResolvedEntry | None:
        """The entry of the current row (None on a group row or no row)."""
        item = self._model.item_at(self.tree.currentIndex())
        return item if isinstance(item, ResolvedEntry) else None

    def select_entry(self, entry: ResolvedEntry | None) -> bool:
        """Make the row of ``entry`` current (without emitting ``entry_activated``)."""
        index = self._model.index_of_entry(entry)
        if not index.isValid():
            return False
        self._syncing = True
        try:
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)
        finally:
            self._syncing = False
        return True

    def edit_count(self) -> bool:
        """Open the *Qty* spin box of the current row."""
        entry = self.current_entry()
        if entry is None:
            return False
        index = self._model.index_of_entry(entry, QTY_COLUMN)
        self.tree.setCurrentIndex(index)
        self.tree.edit(index)
        return True

    def set_packages(self, packages: Mapping[Hashable, str]) -> None:
        """The package of each card (an analysis' :attr:`LoadedDeck.groups`)."""
        self._model.set_packages(packages)

    def set_grouping(self, group_by: GroupBy) -> None:
        """Group the main deck by card type or package (the *Group by* box follows)."""
        self.group_box.setCurrentIndex(self.group_box.findData(group_by))

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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While cards are dragged over the list, show the empty sections as drop targets."""
        kind = event.type()
        if kind == QEvent.Type.DragEnter and isinstance(event, QDragEnterEvent):
            mime = event.mimeData()
            if any(mime.hasFormat(f) for f in self._model.mimeTypes()):
                self._model.set_show_empty_sections(True)
        elif kind in (QEvent.Type.DragLeave, QEvent.Type.Drop):
            QTimer.singleShot(0, self, lambda: self._model.set_show_empty_sections(False))
        return super().eventFilter(watched, event)

    def _before_reset(self) -> None:
        self._kept = self.current_entry()

    def _after_reset(self) -> None:
        self.tree.expandAll()
        for row in range(self._model.rowCount()):
            self.tree.setFirstColumnSpanned(row, QModelIndex(), True)
        if self._kept is not None:
            self.select_entry(self._kept)
            self._kept = None

    def _on_grouping(self, _index: int) -> None:
        group_by = self.group_box.currentData()
        if isinstance(group_by, GroupBy) and group_by is not self._model.group_by:
            self._model.set_grouping(group_by)
            self.grouping_changed.emit(group_by)

    def _request_delta(self, delta: int) -> None:
        entry = self.current_entry()
        if entry is not None:
            self.count_change_requested.emit(entry, delta)

    def _request_remove(self) -> None:
        entry = self.current_entry()
        if entry is not None:
            self.remove_requested.emit(entry)

    def _unresolved_at(self, index: QModelIndex) -> ResolvedEntry | None:
        item = self._model.item_at(index)
        if isinstance(item, ResolvedEntry) and item.card is None:
            return item
        return None

    def _show_context_menu(self, pos: QPoint) -> None:
        item = self._model.item_at(self.tree.indexAt(pos))
        if isinstance(item, ResolvedEntry):
            self.entry_menu(item).popup(self.tree.viewport().mapToGlobal(pos))

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

