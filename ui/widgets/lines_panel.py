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

The board column is :class:`~ui.widgets.board_view.BoardView`. :class:`LinesSession` holds
the state — the board (:class:`~analyzer.simulate.board.BoardSpec`), its game in a :class:`~analyzer.simulate.play.LinePlayer` and the models — and
asks the :class:`~ui.controllers.Controller` for everything that needs the card database or
a worker; :class:`LinesPanel` lays the widgets out and wires them to the session. Neither
decides anything about Magic: the board, the legal actions and the lines come from
:mod:`analyzer.simulate`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, Qt, Signal
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

from analyzer.errors import AnalyzerError, Cancelled
from analyzer.rules import RulesError, Step, Zone
from analyzer.simulate.board import BoardError, BoardSpec, playable_problem
from analyzer.simulate.lines import DEFAULT_DEPTH, LinesReport
from analyzer.simulate.play import ActionChoice, LinePlayer, board_place
from ui.models.lines_model import (
    CARD_ROLE,
    ActionsModel,
    BoardModel,
    DeckCardsModel,
    FoundLinesModel,
    LogModel,
    ScriptModel,
    StackModel,
)
from ui.widgets.board_view import BoardView
from ui.workers import JobWorker

__all__ = ["GOALS", "LinesPanel", "LinesSession"]

GOALS = (("damage", "Most damage this turn"),
         ("cast", "Cast a card for its sneak or prowl cost"),
         ("combo", "Assemble a combo"))
"""The goals offered: ``(goal keyword of analyzer.simulate.lines.Goal, label)``."""
SCENARIO_FILTER = "Scenario files (*.yaml *.yml);;All files (*)"


class LinesSession(QObject):
    """The Lines view's state: the board being set up, its game, the line stepped through.

    Parameters
    ----------
    controller : ui.controllers.Controller
        Sets boards up, deals sample hands and searches lines (workers).
    """

    changed = Signal()
    """The board, the line or the position changed (views refresh their buttons)."""
    message = Signal(str)
    """A line of text for the view's message label (why an edit was refused...)."""
    search_running = Signal(bool)
    """A line search started (True) or ended (False)."""
    search_progress = Signal(int, int, str)
    """``(done, total, message)`` of the running search."""

    def __init__(self, controller: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.spec = BoardSpec(source="board")
        """The start board."""
        self.player: LinePlayer | None = None
        """The game, at the position shown (None until a board is set up)."""
        self._start: Any = None
        self.line_row = -1
        """The row of the found line being stepped through (-1: none)."""
        self.report: LinesReport | None = None
        """The last search's lines."""
        self.deck: Any = None
        """The open deck (:class:`~analyzer.decks.Deck`), for sample hands."""
        self.search_worker: JobWorker | None = None
        self.sample_worker: JobWorker | None = None
        self.actions_problem = ""
        """Why the legal actions could not be listed ("" when they were)."""
        self._problems: dict[str, str | None] = {}
        """Why the rules core can't play a card, by name (None: it can), checked once."""
        self.board_model = BoardModel(self)
        self.stack_model = StackModel(self)
        self.log_model = LogModel(self)
        self.actions_model = ActionsModel(self)
        self.script_model = ScriptModel(self)
        self.found_model = FoundLinesModel(self)
        self.deck_model = DeckCardsModel(self)
        self.board_model.cards_dropped.connect(self.drop_cards)

    # -- the board -------------------------------------------------------------------------

    def set_deck(self, deck: Any, cards: list[tuple[Any, int]], *,
                 keep_board: bool = False) -> None:
        """Show a deck's cards (``(Card, copies)``) in the deck list; start from an empty
        board unless ``keep_board`` (the same deck analysed again after an edit)."""
        self.deck = deck
        self.deck_model.set_items(cards)
        if keep_board and self.player is not None:
            self.changed.emit()
        else:
            self.set_board(BoardSpec(source="board"), quiet=True)

    def set_board(self, spec: BoardSpec, *, quiet: bool = False) -> bool:
        """Set up ``spec`` (found lines are dropped); False, with a message, if the rules
        core refuses it (the previous board stays)."""
        try:
            game = self.controller.board_game(spec)
        except (AnalyzerError, RulesError) as err:
            self.message.emit(f"Not set up: {err}")
            return False
        self._adopt(spec, game)
        if not quiet:
            self.message.emit(f"Board set up: {self._board_words()}")
        return True

    def _adopt(self, spec: BoardSpec, game: Any) -> None:
        self.cancel_search()   # its lines were for the board being replaced
        self.spec = spec
        self._start = game.copy()
        self.player = LinePlayer(game)
        self.report = None
        self.line_row = -1
        self.found_model.set_items([])
        self.refresh()

    def _board_words(self) -> str:
        counts = ", ".join(
            f"{name}: {sum(len(z.objects) for z in p.zones if z.zone is not Zone.LIBRARY)} "
            "cards out of the library"
            for name, p in ((p.name, p) for p in self.player.snapshot().players)) \
            if self.player else ""
        return f"{self.spec.source} ({counts})" if counts else self.spec.source

    @property
    def at_start(self) -> bool:
        """The start board is shown (it may be edited)."""
        return self.player is None or self.player.position == 0

    def drop_cards(self, ids: list[str], player: str, zone: Zone, index: int) -> bool:
        """Put the cards with database ids ``ids`` into ``player``'s ``zone`` at ``index``
        (-1: the end; the library's top is 0)."""
        if not self.at_start:
            self.message.emit("Reset to the start board (Alt+Home) to change it")
            return False
        known = {card.id: card for card, _ in self.deck_model.items()}
        missing = [i for i in ids if i not in known]
        if missing:
            known.update(self.controller.cards_for_ids(missing))
        if not any(i in known for i in ids):
            self.message.emit("The dragged cards are not in the card database")
            return False
        names = [known[i].name for i in ids if i in known]
        for name in dict.fromkeys(names):
            problem = self.card_problem(name)
            if problem:
                self.message.emit(f"Not set up: {problem}")
                return False
        spec = self.spec
        for offset, name in enumerate(names):
            spec = spec.with_card(player, zone, name, None if index < 0 else index + offset)
        if spec == self.spec:
            return False
        return self.set_board(spec)

    def card_problem(self, name: str) -> str | None:
        """Why the rules core can't play the card ``name`` in a board (None if it can;
        :func:`analyzer.simulate.board.playable_problem`), checked once per card."""
        if name not in self._problems:
            try:
                self._problems[name] = playable_problem(name, self.controller.lines_cards())
            except (AnalyzerError, RulesError) as err:
                self._problems[name] = str(err)
        return self._problems[name]

    def edit_card(self, oid: int, change: str) -> bool:
        """Change the start board's card shown as object ``oid``: ``"remove"``, ``"tap"``
        (toggle tapped) or ``"sick"`` (toggle summoning sickness)."""
        if not self.at_start or self.player is None:
            self.message.emit("Reset to the start board (Alt+Home) to change it")
            return False
        place = board_place(self.player.game, oid)
        if place is None or place[2] >= len(self.spec.player(place[0]).zone(place[1])):
            self.message.emit("That card is not part of the board as set up (library filler)")
            return False
        owner, zone, index = place
        card = self.spec.player(owner).zone(zone)[index]
        try:
            if change == "remove":
                spec = self.spec.without_card(owner, zone, index)
            elif change == "tap":
                spec = self.spec.with_card_state(owner, zone, index, tapped=not card.tapped)
            else:
                spec = self.spec.with_card_state(owner, zone, index,
                                                 summoning_sick=not card.summoning_sick)
        except BoardError as err:   # a permanent's state for a card off the battlefield
            self.message.emit(f"Not changed: {err}")
            return False
        return self.set_board(spec)

    def set_life(self, player: str, life: int) -> bool:
        """Start ``player`` at ``life``."""
        if self.spec.player(player).life == life or not self.at_start:
            return False
        return self.set_board(self.spec.with_life(player, life), quiet=True)

    def set_turn(self, *, active: str | None = None, step: Step | None = None,
                 turn: int | None = None) -> bool:
        """Start in another step, turn or with another active player."""
        if not self.at_start:
            return False
        try:
            spec = self.spec.with_turn(active=active, step=step, turn=turn)
        except BoardError as err:   # a step nobody gets priority in (CR 117.3a, 514.3)
            self.message.emit(f"Not changed: {err}")
            self.changed.emit()   # the step picker shows the board's step again
            return False
        return spec != self.spec and self.set_board(spec, quiet=True)

    def clear_board(self) -> None:
        """An empty board."""
        self.set_board(BoardSpec(source="board"))

    def load_scenario(self, path: Path | str) -> bool:
        """Set up a scenario file's start board."""
        try:
            spec = self.controller.scenario_board(path)
        except AnalyzerError as err:
            self.message.emit(f"Not set up: {err}")
            return False
        return self.set_board(spec)

    def deal_sample(self, seed: int, turn: int) -> JobWorker | None:
        """Set up a sample hand of the open deck (in a worker)."""
        if self.deck is None:
            self.message.emit("Open a deck first (Ctrl+O)")
            return None
        if self.sample_worker is not None:
            self.sample_worker.cancel()
        worker = self.controller.sample_board(self.deck, seed=seed, turn=turn)
        if worker is None:
            return None
        self.sample_worker = worker
        self.message.emit(f"Dealing a sample hand (seed {seed}, turn {turn})…")
        worker.result.connect(lambda sample: self._sample_done(worker, sample))
        worker.error.connect(lambda err: self._job_failed(worker, "sample hand", err))
        return worker

    def _sample_done(self, worker: JobWorker, sample: Any) -> None:
        if worker is not self.sample_worker:
            return
        self.sample_worker = None
        self._adopt(sample.board, sample.game)
        left = len(sample.left_out)
        self.message.emit(f"Board set up: {self._board_words()}"
                          + (f"; {left} card(s) the rules core can't play yet were left out "
                             "of the deck" if left else ""))

    def _job_failed(self, worker: JobWorker, what: str, err: BaseException) -> None:
        if worker is self.sample_worker:
            self.sample_worker = None
        if isinstance(err, Cancelled):
            self.message.emit(f"The {what} was cancelled")
        elif isinstance(err, AnalyzerError):
            self.message.emit(f"The {what} failed: {err}")
        else:
            self.controller.failed.emit(f"The {what}", err)

    # -- the search ------------------------------------------------------------------------

    def search(self, goal: str, *, nodes: int | None = None,
               depth: int | None = None) -> JobWorker | None:
        """Search the start board for lines to ``goal`` (``damage``, ``cast:CARD``,
        ``combo:ID``) in a worker, ``depth`` actions of the searching player's own per line
        at most (default :data:`~analyzer.simulate.lines.DEFAULT_DEPTH`) and ``nodes``
        states; a search still running is cancelled."""
        if self.player is None:
            self.message.emit("Set up a board first")
            return None
        self.cancel_search()
        start = self._start.copy()   # the worker's own game: the start board
        worker = self.controller.search_lines(start, goal, nodes=nodes, depth=depth)
        self.search_worker = worker
        searched = self._start
        worker.progress.connect(self.search_progress)
        worker.result.connect(lambda report: self._search_done(worker, report)
                              if searched is self._start else None)
        worker.error.connect(lambda err: self._search_failed(worker, err))
        worker.finished.connect(lambda: self._search_finished(worker))
        self.search_running.emit(True)
        self.message.emit(f"Searching lines: {goal}…")
        return worker

    def cancel_search(self) -> None:
        """Stop the running search, if any."""
        if self.search_worker is not None:
            self.search_worker.cancel()

    def _search_done(self, worker: JobWorker, report: LinesReport) -> None:
        if worker is not self.search_worker:
            return
        self.report = report
        self.found_model.set_items(report.lines)
        stops = list(dict.fromkeys(line.stopped for line in report.lines if line.stopped))
        stopped = (f" The rules core can't play {'; '.join(stops)}: lines end there, scored "
                   "with what they did up to there." if stops else "")
        if report.lines:
            self.show_line(0)
            self.message.emit(f"{len(report.lines)} line(s) for {report.goal.describe()} "
                              f"({report.nodes:,} states searched in {report.seconds:.1f} s)."
                              + stopped)
        else:
            self.message.emit(f"No line reaches {report.goal.describe()}: "
                              f"{report.stopped_by} ({report.nodes:,} states searched)")

    def _search_failed(self, worker: JobWorker, err: BaseException) -> None:
        if worker is self.search_worker:
            self._job_failed(worker, "line search", err)

    def _search_finished(self, worker: JobWorker) -> None:
        if worker is self.search_worker:
            self.search_worker = None
            self.search_running.emit(False)

    # -- stepping --------------------------------------------------------------------------

    def show_line(self, row: int) -> None:
        """Step through the found line ``row`` from the start board."""
        lines = self.found_model.items()
        if self.player is None or not 0 <= row < len(lines):
            return
        self.player.load(lines[row].moves, lines[row].actions)
        self.line_row = row
        self.refresh()

    def forward(self) -> bool:
        """Play the line's next action."""
        return self._move(lambda p: p.forward() is not None)

    def back(self) -> bool:
        """Take the last action back (the rules core's undo)."""
        return self._move(lambda p: p.back())

    def reset(self) -> bool:
        """Back to the start board."""
        def to_start(player: LinePlayer) -> bool:
            moved = player.can_back
            player.reset()
            return moved

        return self._move(to_start)

    def play(self, choice: ActionChoice) -> bool:
        """Play a legal action by hand (the rest of the line is replaced unless it is the
        line's next action)."""
        return self._move(lambda p: p.play(choice.action) is not None)

    def _move(self, step: Any) -> bool:
        if self.player is None:
            return False
        try:
            moved = bool(step(self.player))
        except RulesError as err:
            self.message.emit(f"Refused: {err}")
            return False
        if moved:
            self.refresh()
        return moved

    # -- reading ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Feed every model from the game at the position shown."""
        player = self.player
        if player is None:
            for model in (self.stack_model, self.actions_model):
                model.set_items([])
            self.board_model.set_snapshot(None)
            self.log_model.set_events([])
            self.script_model.set_script([], 0)
            self.changed.emit()
            return
        snapshot = player.snapshot()
        self.board_model.editable = self.at_start
        self.board_model.set_snapshot(snapshot)
        self.stack_model.set_items(snapshot.stack)
        self.log_model.set_events(player.log(), player.last_events())
        self.script_model.set_script([words for _, words in player.script], player.position)
        try:
            self.actions_model.set_items(player.legal_actions(mana_abilities=True))
            self.actions_problem = ""
        except RulesError as err:
            self.actions_model.set_items([])
            self.actions_problem = f"The rules core can't list the actions here: {err}"
        self.changed.emit()


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
