"""The Lines view: set up a board, search lines to a goal, and step through them.

Three columns:

- **Set-up** — the open deck's cards (drag them onto a zone of the board), a sample hand
  (seed and turn) and *Open Scenario…* (a scenario file's start board);
- **Board** — the turn, step and active player, each player's life, then the board as a
  tree (player → hand, battlefield, library, graveyard, exile → cards with power/toughness
  and their states), the stack and the mana pools; while the start board is shown, cards
  can be dropped, removed (Delete), tapped (T) or made summoning sick (S);
- **Lines** — a goal (most damage, cast a card for its sneak or prowl cost, assemble a
  combo) and *Search* (a background job with progress and cancel), the lines found, and the
  line being stepped through (Back/Forward: Alt+Left/Alt+Right or ``[``/``]``, Reset:
  Alt+Home), the legal actions now (double-click plays one) and the numbered log.

The board column is :class:`~ui.widgets.board_view.BoardView`. :class:`LinesSession`
(:mod:`ui.lines_session`) holds the state — the board
(:class:`~analyzer.simulate.board.BoardSpec`), its game in a
:class:`~analyzer.simulate.play.LinePlayer` and the models — and asks the
:class:`~ui.controllers.Controller` for everything that needs the card database or a worker;
:class:`LinesPanel` lays the widgets out and wires them to the session. Neither decides
anything about Magic: the board, the legal actions and the lines come from
:mod:`analyzer.simulate`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from analyzer.rules import Zone
from analyzer.simulate.board import BoardSpec
from analyzer.simulate.lines import DEFAULT_DEPTH
from analyzer.simulate.play import ActionChoice
from ui.lines_session import LinesSession
from ui.models.lines_model import CARD_ROLE
from ui.widgets.board_view import BoardView
from ui.workers import JobWorker

__all__ = ["GOALS", "LinesPanel", "LinesSession"]

GOALS = (("damage", "Most damage this turn"),
         ("cast", "Cast a card for its sneak or prowl cost"),
         ("combo", "Assemble a combo"))
"""The goals offered: ``(goal keyword of analyzer.simulate.lines.Goal, label)``."""
SCENARIO_FILTER = "Scenario files (*.yaml *.yml);;All files (*)"


class LinesPanel(QWidget):
    """The Lines tab (module docstring).

    Parameters
    ----------
    session : LinesSession
        The state it shows and the use cases its controls call.
    """

    card_chosen = Signal(str)
    """The name of a card selected on the board, the stack, the deck list or the log."""

    def __init__(self, session: LinesSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setAccessibleName("Lines view")
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("linesSplitter")   # its saved sizes' key (LayoutKeeper)
        splitter.addWidget(self._build_setup())
        self.board = BoardView(session)
        self.board.card_chosen.connect(self.card_chosen)
        self.board_view = self.board.tree
        """The board's tree view (:attr:`BoardView.tree`)."""
        self.life_spins = self.board.life_spins
        splitter.addWidget(self.board)
        splitter.addWidget(self._build_lines())
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 5)
        splitter.setStretchFactor(2, 4)
        splitter.setSizes([210, 480, 330])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter, 1)
        self.message_label = QLabel("Set up a board: drag cards from the deck list onto a "
                                    "zone, deal a sample hand, or open a scenario file.")
        self.message_label.setWordWrap(True)
        self.message_label.setAccessibleName("Lines message")
        self.message_label.setToolTip("What the last set-up, search or step did")
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.message_label)
        self._build_actions()
        session.changed.connect(self._refresh)
        session.message.connect(self.message_label.setText)
        session.search_running.connect(self._searching)
        session.search_progress.connect(self._progress)
        self._refresh()

    # -- building --------------------------------------------------------------------------

    def _build_setup(self) -> QWidget:
        box = QGroupBox("Set-up")
        layout = QVBoxLayout(box)
        layout.addWidget(QLabel("Deck (drag onto the board):"))
        self.deck_view = QListView()
        self.deck_view.setModel(self.session.deck_model)
        self.deck_view.setDragEnabled(True)
        self.deck_view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.deck_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.deck_view.setAccessibleName("Deck cards")
        self.deck_view.setUniformItemSizes(True)
        self.deck_view.setMinimumWidth(170)
        self.deck_view.setToolTip("The open deck's cards: drag them onto a zone of the board "
                                  "(several at once with Ctrl or Shift)")
        self.deck_view.selectionModel().currentChanged.connect(
            lambda index, _old: self._choose(index))
        layout.addWidget(self.deck_view, 1)
        form = QFormLayout()
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 999_999)
        self.seed_spin.setAccessibleName("Sample seed")
        self.seed_spin.setToolTip("The shuffle's seed: the same seed deals the same hand")
        self.turn_of_sample = QSpinBox()
        self.turn_of_sample.setRange(1, 20)
        self.turn_of_sample.setValue(3)
        self.turn_of_sample.setAccessibleName("Sample turn")
        self.turn_of_sample.setToolTip("The turn the sample game is played out to (lands and "
                                       "creatures of the earlier turns on the battlefield)")
        form.addRow("Seed", self.seed_spin)
        form.addRow("Turn", self.turn_of_sample)
        layout.addLayout(form)
        self.sample_button = QPushButton("Deal Sample &Hand")
        self.sample_button.setAccessibleName("Deal sample hand")
        self.sample_button.setToolTip("Shuffle the deck (seed), draw and play it out to the "
                                      "turn: its board becomes the start board (Alt+H)")
        self.sample_button.clicked.connect(lambda: self.session.deal_sample(
            self.seed_spin.value(), self.turn_of_sample.value()))
        layout.addWidget(self.sample_button)
        self.scenario_button = QPushButton("Open &Scenario…")
        self.scenario_button.setAccessibleName("Open scenario")
        self.scenario_button.setToolTip("Set up the start board of a scenario file (YAML, "
                                        "docs/scenarios.md) (Alt+S)")
        self.scenario_button.clicked.connect(self.choose_scenario)
        layout.addWidget(self.scenario_button)
        self.clear_button = QPushButton("&Clear Board")
        self.clear_button.setAccessibleName("Clear board")
        self.clear_button.setToolTip("Start from an empty board (Alt+C)")
        self.clear_button.clicked.connect(self.session.clear_board)
        layout.addWidget(self.clear_button)
        return box

    def _build_lines(self) -> QWidget:
        box = QGroupBox("Lines")
        layout = QVBoxLayout(box)
        goal_row = QHBoxLayout()
        self.goal_combo = QComboBox()
        self.goal_combo.setAccessibleName("Goal")
        self.goal_combo.setToolTip("What the line search looks for")
        for key, label in GOALS:
            self.goal_combo.addItem(label, key)
        self.goal_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.goal_combo.setMinimumContentsLength(17)
        self.subject_combo = QComboBox()
        self.subject_combo.setEditable(True)
        self.subject_combo.setAccessibleName("Goal card or combo")
        self.subject_combo.setToolTip("The card to cast for its sneak or prowl cost, or the "
                                      "catalog combo to assemble")
        self.subject_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.subject_combo.setMinimumContentsLength(10)
        self.goal_combo.currentIndexChanged.connect(lambda _i: self._fill_subjects())
        goal_row.addWidget(self.goal_combo)
        layout.addLayout(goal_row)
        layout.addWidget(self.subject_combo)     # its own row: the view fits narrow screens
        self.subject_combo.setEnabled(self.goal_combo.currentData() != "damage")
        self.goldfish_label = QLabel("The opponent is a goldfish: it never blocks, casts or "
                                     "responds")
        self.goldfish_label.setAccessibleName("Opponent")
        self.goldfish_label.setToolTip(
            "The line search plays the opponents as a goldfish: they pass priority, declare "
            "no blockers and answer questions with their first option")
        self.goldfish_label.setWordWrap(True)
        layout.addWidget(self.goldfish_label)
        search_row = QHBoxLayout()
        self.search_button = QPushButton("Searc&h Lines")
        self.search_button.setAccessibleName("Search lines")
        self.search_button.setToolTip("Search the start board's legal actions for the best "
                                      "lines to the goal, in the background (F5)")
        self.search_button.clicked.connect(self.start_search)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAccessibleName("Cancel search")
        self.cancel_button.setToolTip("Stop the line search")
        self.cancel_button.clicked.connect(self.session.cancel_search)
        self.progress = QProgressBar()
        self.progress.setAccessibleName("Search progress")
        self.progress.setToolTip("States searched out of the budget")
        self.progress.setTextVisible(True)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("")
        self.depth_spin = QSpinBox()
        self.depth_spin.setRange(1, 40)
        self.depth_spin.setValue(DEFAULT_DEPTH)
        self.depth_spin.setPrefix("Depth ")
        self.depth_spin.setAccessibleName("Search depth")
        self.depth_spin.setToolTip("Actions of your own per line at most (casting, attacking, "
                                   "answering); priority passes that move the game on are "
                                   "not counted")
        search_row.addWidget(self.depth_spin)
        search_row.addWidget(self.search_button)
        search_row.addWidget(self.cancel_button)
        layout.addLayout(search_row)
        layout.addWidget(self.progress)          # its own row: the view fits narrow screens
        self.found_view = QListView()
        self.found_view.setModel(self.session.found_model)
        self.found_view.setAccessibleName("Lines found")
        self.found_view.setToolTip("The best lines found, best first: select one to step "
                                   "through it")
        self.found_view.setMaximumHeight(80)
        self.found_view.selectionModel().currentChanged.connect(
            lambda index, _old: self.session.show_line(index.row()) if index.isValid()
            else None)
        layout.addWidget(self.found_view)
        step_row = QHBoxLayout()
        self.reset_button = QToolButton()
        self.back_button = QToolButton()
        self.forward_button = QToolButton()
        self.position_label = QLabel()
        self.position_label.setAccessibleName("Position in the line")
        self.position_label.setToolTip("Actions played of the line")
        self.position_label.setWordWrap(True)      # narrow screens: two lines
        for button in (self.reset_button, self.back_button, self.forward_button):
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            step_row.addWidget(button)
        step_row.addWidget(self.position_label, 1)
        layout.addLayout(step_row)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Line, actions and log")
        self.tabs.tabBar().setAccessibleName("Line, actions and log tabs")
        self.script_view = QListView()
        self.script_view.setModel(self.session.script_model)
        self.script_view.setAccessibleName("Line")
        self.script_view.setToolTip("The line's actions: ✓ played, ▶ next")
        self.actions_view = QListView()
        self.actions_view.setModel(self.session.actions_model)
        self.actions_view.setAccessibleName("Legal actions")
        self.actions_view.setToolTip("Every legal action now: double-click or Enter plays it")
        self.actions_view.activated.connect(self._play_index)
        self.log_view = QTableView()
        self.log_view.setModel(self.session.log_model)
        self.log_view.setAccessibleName("Log")
        self.log_view.setToolTip("The game's numbered log; the last action's events in bold")
        self.log_view.verticalHeader().hide()
        self.log_view.verticalHeader().setDefaultSectionSize(
            self.log_view.fontMetrics().height() + 6)
        self.log_view.horizontalHeader().setStretchLastSection(True)
        # a fixed width for the numbers (4 digits): measuring every row at each step is slow
        self.log_view.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Fixed)
        self.log_view.horizontalHeader().resizeSection(
            0, self.log_view.fontMetrics().horizontalAdvance("0000") + 12)
        self.log_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.log_view.setWordWrap(False)
        for view in (self.script_view, self.actions_view, self.found_view):
            view.setUniformItemSizes(True)   # one line each: no row measured one by one
        self.tabs.addTab(self.script_view, "Line")
        self.tabs.addTab(self.actions_view, "Legal Actions")
        self.tabs.addTab(self.log_view, "Log")
        self.tabs.setTabToolTip(0, "The line stepped through")
        self.tabs.setTabToolTip(1, "What may be played now")
        self.tabs.setTabToolTip(2, "Everything that happened, numbered")
        layout.addWidget(self.tabs, 1)
        return box

    def _action(self, text: str, keys: list[str], tip: str, slot: Any,
                where: QWidget | None = None) -> QAction:
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({', '.join(keys)})")
        action.triggered.connect(slot)
        (where or self).addAction(action)
        return action

    def _build_actions(self) -> None:
        s = self.session
        self.forward_action = self._action("Forward ▶", ["Alt+Right", "]"],
                                           "Play the line's next action", s.forward)
        self.back_action = self._action("◀ Back", ["Alt+Left", "["],
                                        "Take the last action back", s.back)
        self.reset_action = self._action("Reset", ["Alt+Home"],
                                         "Back to the start board", s.reset)
        self.search_action = self._action("Search Lines", ["F5"],
                                          "Search lines to the goal", self.start_search)
        self.forward_button.setDefaultAction(self.forward_action)
        self.back_button.setDefaultAction(self.back_action)
        self.reset_button.setDefaultAction(self.reset_action)
        for button in (self.forward_button, self.back_button, self.reset_button):
            button.setAccessibleName(button.defaultAction().text().strip("▶◀ "))

    # -- slots -----------------------------------------------------------------------------

    def start_search(self) -> JobWorker | None:
        """Search lines to the goal chosen."""
        return self.session.search(self.goal_text(), depth=self.depth_spin.value())

    def goal_text(self) -> str:
        """The goal as :meth:`analyzer.simulate.lines.Goal.parse` reads it."""
        key = self.goal_combo.currentData()
        if key == "damage":
            return "damage"
        subject = self.subject_combo.currentText().strip()
        if key == "combo":
            found = self.subject_combo.currentData()
            subject = found if isinstance(found, str) and \
                self.subject_combo.itemText(self.subject_combo.currentIndex()) == subject \
                else subject
        return f"{key}:{subject}"

    def choose_scenario(self) -> None:
        """*Open Scenario…*"""
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", "", SCENARIO_FILTER)
        if path:
            self.session.load_scenario(path)

    def highlight_card(self, name: str | None) -> None:
        """Select the deck list's row of the card ``name`` (the shared selection)."""
        row = self.session.deck_model.row_of(name) if name else -1
        current = self.deck_view.currentIndex()
        if row < 0 or (current.isValid() and current.row() == row):
            return
        selection = self.deck_view.selectionModel()
        selection.blockSignals(True)   # following the selection must not re-select
        self.deck_view.setCurrentIndex(self.session.deck_model.index(row, 0))
        selection.blockSignals(False)
        self.deck_view.scrollTo(self.session.deck_model.index(row, 0))
        self.deck_view.viewport().update()

    def _choose(self, index: QModelIndex) -> None:
        name = index.data(CARD_ROLE) if index.isValid() else None
        if name:
            self.card_chosen.emit(str(name))

    def _play_index(self, index: QModelIndex) -> None:
        choice = self.session.actions_model.item_at(index)
        if isinstance(choice, ActionChoice):
            self.session.play(choice)

    def _searching(self, running: bool) -> None:
        self.cancel_button.setEnabled(running)
        self.search_button.setEnabled(not running)
        if running:
            self.progress.setRange(0, 0)
        else:
            report = self.session.report
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
            self.progress.setFormat(f"{report.nodes:,} states searched" if report else "")

    def _progress(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 0))
        self.progress.setValue(min(done, total) if total else 0)
        self.progress.setFormat(message)

    def _fill_subjects(self) -> None:
        key = self.goal_combo.currentData()
        self.subject_combo.clear()
        self.subject_combo.setEnabled(key != "damage")
        if key == "cast":
            names: list[str] = []
            snapshot = self.session.board_model.snapshot
            if snapshot is not None:
                active = next((p for p in snapshot.players if p.active), None)
                if active is not None:
                    names = list(dict.fromkeys(o.card for o in active.zone(Zone.HAND).objects))
            self.subject_combo.addItems(names)
        elif key == "combo":
            for combo_id, name in self.session.controller.goal_combos():
                self.subject_combo.addItem(name, combo_id)

    def _refresh(self) -> None:
        s = self.session
        player = s.player
        self.board.refresh()
        self.sample_button.setEnabled(s.deck is not None)
        can_back = player is not None and player.can_back
        can_forward = player is not None and player.can_forward
        self.back_action.setEnabled(can_back)
        self.reset_action.setEnabled(can_back)
        self.forward_action.setEnabled(can_forward)
        total = len(player.script) if player is not None else 0
        position = player.position if player is not None else 0
        self.position_label.setText(f"Action {position} of {total}" if total else
                                    f"{position} action(s) played")
        if s.actions_problem:
            self.message_label.setText(s.actions_problem)
        if self.goal_combo.currentData() == "cast" and not self.subject_combo.currentText():
            self._fill_subjects()
        if s.search_worker is None:
            self.cancel_button.setEnabled(False)
            self.search_button.setEnabled(player is not None)
        if 0 <= s.line_row < s.found_model.rowCount() and \
                self.found_view.currentIndex().row() != s.line_row:
            self.found_view.selectionModel().blockSignals(True)
            self.found_view.setCurrentIndex(s.found_model.index(s.line_row, 0))
            self.found_view.selectionModel().blockSignals(False)
        self.script_view.scrollTo(s.script_model.index(
            min(position, max(total - 1, 0)), 0))
        self.log_view.scrollToBottom()

    # -- Qt overrides ----------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        """An empty board to drop cards on the first time the tab shows without a deck."""
        super().showEvent(event)
        if self.session.player is None:
            self.session.set_board(BoardSpec(source="board"), quiet=True)

    # -- screenshots -----------------------------------------------------------------------

    def prepare_screenshot(self) -> None:
        """For ``--screenshot``: deal a sample hand of the open deck (the first of ten seeds
        from the one shown whose hand deals damage), search the most damage and show the
        best line half played (runs the event loop while the jobs run)."""
        from PySide6.QtCore import QEventLoop, QTimer

        def wait(worker: JobWorker | None) -> None:
            if worker is None or not worker.running:
                return
            loop = QEventLoop()
            worker.finished.connect(loop.quit)
            QTimer.singleShot(60_000, loop.quit)
            loop.exec()

        if self.session.deck is None:
            return
        first = self.seed_spin.value()
        for seed in range(first, first + 10):   # a hand that deals damage makes the picture
            self.seed_spin.setValue(seed)
            wait(self.session.deal_sample(seed, self.turn_of_sample.value()))
            wait(self.session.search("damage", nodes=800))
            if self.session.report is not None and self.session.report.lines:
                break
        player = self.session.player
        if player is not None and player.script:
            for _ in range(len(player.script) * 2 // 3):
                self.session.forward()
            self.tabs.setCurrentIndex(2)
            attacker = next((o for p in self.session.board_model.snapshot.players
                             for z in p.zones for o in z.objects if o.attacking), None) \
                if self.session.board_model.snapshot is not None else None
            if attacker is not None:
                self.board_view.setCurrentIndex(
                    self.session.board_model.object_index(attacker.oid))
