"""The Lines view's board column: the start board's turn, step and life totals, the board
as a tree (player → zone → card) that accepts card drags, and the stack.

:class:`BoardView` shows what its :class:`~ui.widgets.lines_panel.LinesSession` holds and
sends the user's edits back to it (a drop, Delete, T, S, a life total, the step); the
session sets the board up and refuses what the rules core cannot play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QListView,
    QSpinBox,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from analyzer.rules import Step, Zone
from analyzer.simulate.board import NO_PRIORITY_STEPS
from analyzer.simulate.play import ObjectView
from ui.models.lines_model import CARD_ROLE

if TYPE_CHECKING:
    from ui.widgets.lines_panel import LinesSession

__all__ = ["BoardView"]


class BoardView(QGroupBox):
    """The board column of the Lines view (module docstring).

    Parameters
    ----------
    session : LinesSession
        The board shown and the edits' use cases.
    """

    card_chosen = Signal(str)
    """The card name of a row selected on the board or the stack."""

    def __init__(self, session: LinesSession, parent: QWidget | None = None) -> None:
        super().__init__("Board", parent)
        self.session = session
        self._updating = False
        self.setAccessibleName("Board column")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setAccessibleName("Turn and step")
        self.heading.setToolTip("The turn, the step, the active player and what the game "
                                "waits for")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        layout.addWidget(self.heading)
        layout.addLayout(self._build_start())
        self.tree = self._build_tree()
        layout.addWidget(self.tree, 3)
        layout.addWidget(QLabel("Stack (top first)"))
        self.stack_view = QListView()
        self.stack_view.setModel(session.stack_model)
        self.stack_view.setAccessibleName("Stack")
        self.stack_view.setUniformItemSizes(True)
        self.stack_view.setToolTip("Spells and abilities waiting to resolve, top first")
        self.stack_view.setMaximumHeight(72)
        self.stack_view.selectionModel().currentChanged.connect(
            lambda index, _old: self._choose(index))
        layout.addWidget(self.stack_view)
        self.remove_action = self._action("Remove Card", "Delete",
                                          "Take the card off the start board", "remove")
        self.tap_action = self._action("Tap / Untap", "T",
                                       "Tap or untap the card on the start board", "tap")
        self.sick_action = self._action("Summoning Sick", "S",
                                        "Toggle the card's summoning sickness on the start "
                                        "board (CR 302.6)", "sick")
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    # -- building --------------------------------------------------------------------------

    def _build_start(self) -> QGridLayout:
        self.active_combo = QComboBox()
        self.active_combo.setAccessibleName("Active player")
        self.active_combo.setToolTip("The active player of the start board")
        self.step_combo = QComboBox()
        self.step_combo.setAccessibleName("Start step")
        self.step_combo.setToolTip("The step the start board begins in")
        for step in Step:
            self.step_combo.addItem(step.label, step)
            if step in NO_PRIORITY_STEPS:   # nobody would have priority: not offered
                item = self.step_combo.model().item(self.step_combo.count() - 1)
                item.setEnabled(False)
                item.setToolTip(f"No player gets priority in the {step.label} (CR "
                                f"{NO_PRIORITY_STEPS[step]}): a board can't start here")
        self.step_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.step_combo.setMinimumContentsLength(10)
        self.turn_spin = QSpinBox()
        self.turn_spin.setRange(1, 99)
        self.turn_spin.setAccessibleName("Turn number")
        self.turn_spin.setToolTip("The turn number (turn 1's first player skips the draw)")
        self.life_spins: dict[str, QSpinBox] = {}
        """Each player's life on the start board (players A and B)."""
        start = QLabel("Start board:")
        start.setToolTip("The turn, step and life totals the board starts with (change them "
                         "at the start board)")
        grid = QGridLayout()
        grid.addWidget(start, 0, 0)
        grid.addWidget(QLabel("Active"), 0, 1)
        grid.addWidget(self.active_combo, 0, 2)
        grid.addWidget(QLabel("Step"), 0, 3)
        grid.addWidget(self.step_combo, 0, 4, 1, 3)
        grid.addWidget(QLabel("Turn"), 1, 1)
        grid.addWidget(self.turn_spin, 1, 2)
        for column, name in ((3, "A"), (5, "B")):
            spin = QSpinBox()
            spin.setRange(-99, 999)
            spin.setAccessibleName(f"Life of {name}")
            spin.setToolTip(f"Player {name}'s life total on the start board")
            spin.valueChanged.connect(lambda value, n=name: self._life(n, value))
            self.life_spins[name] = spin
            grid.addWidget(QLabel(f"{name} life"), 1, column)
            grid.addWidget(spin, 1, column + 1)
        grid.setColumnStretch(4, 1)
        grid.setColumnStretch(6, 1)
        self.active_combo.currentIndexChanged.connect(lambda _i: self._turn())
        self.step_combo.currentIndexChanged.connect(lambda _i: self._turn())
        self.turn_spin.valueChanged.connect(lambda _v: self._turn())
        return grid

    def _build_tree(self) -> QTreeView:
        tree = QTreeView()
        tree.setModel(self.session.board_model)
        tree.setAccessibleName("Board")
        tree.setToolTip("Each player's zones and cards. On the start board: drop cards onto a "
                        "zone, Delete removes, T taps, S toggles summoning sickness")
        tree.setAcceptDrops(True)
        tree.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        tree.setDropIndicatorShown(True)
        tree.setUniformRowHeights(True)
        tree.setAlternatingRowColors(True)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # a fixed width for power/toughness: measuring every row at each step is slow
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(1, tree.fontMetrics().horizontalAdvance("P/T 00/00") + 8)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        tree.selectionModel().currentChanged.connect(lambda index, _old: self._choose(index))
        return tree

    def _action(self, text: str, key: str, tip: str, change: str) -> QAction:
        action = QAction(text, self.tree)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        action.setToolTip(f"{tip} ({key})")
        action.triggered.connect(lambda: self._edit(change))
        self.tree.addAction(action)
        return action

    # -- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's board: the start board's controls (enabled at the start
        only), the heading, the zones expanded (the library folded)."""
        s = self.session
        self._updating = True
        try:
            names = list(s.spec.names)
            if [self.active_combo.itemText(i) for i in range(self.active_combo.count())] \
                    != names:
                self.active_combo.clear()
                self.active_combo.addItems(names)
            self.active_combo.setCurrentText(s.spec.active)
            self.step_combo.setCurrentIndex(self.step_combo.findData(s.spec.step))
            self.turn_spin.setValue(s.spec.turn)
            for name, spin in self.life_spins.items():
                present = name in names
                spin.setEnabled(present and s.at_start)
                if present:
                    spin.setValue(s.spec.player(name).life)
        finally:
            self._updating = False
        for widget in (self.active_combo, self.step_combo, self.turn_spin):
            widget.setEnabled(s.at_start)
        for action in (self.remove_action, self.tap_action, self.sick_action):
            action.setEnabled(s.at_start and s.player is not None)
        snapshot = s.board_model.snapshot
        self.heading.setText(snapshot.heading if snapshot is not None else "No board")
        model = s.board_model
        for p in range(model.rowCount()):
            player = model.index(p, 0)
            self.tree.expand(player)
            for z in range(model.rowCount(player)):
                zone = model.index(z, 0, player)
                folded = getattr(model.item_at(zone), "zone", None) is Zone.LIBRARY
                self.tree.setExpanded(zone, not folded)

    # -- slots -----------------------------------------------------------------------------

    def _choose(self, index: QModelIndex) -> None:
        name = index.data(CARD_ROLE) if index.isValid() else None
        if name:
            self.card_chosen.emit(str(name))

    def _edit(self, change: str) -> None:
        item = self.session.board_model.item_at(self.tree.currentIndex())
        if isinstance(item, ObjectView):
            self.session.edit_card(item.oid, change)

    def _life(self, player: str, value: int) -> None:
        if not self._updating:
            self.session.set_life(player, value)

    def _turn(self) -> None:
        if self._updating:
            return
        step: Any = self.step_combo.currentData()
        self.session.set_turn(active=self.active_combo.currentText() or None,
                              step=step if isinstance(step, Step) else None,
                              turn=self.turn_spin.value())
