"""The Lines view's state (:class:`LinesSession`): the board being set up
(:class:`~analyzer.simulate.board.BoardSpec`), its game in a
:class:`~analyzer.simulate.play.LinePlayer`, the line search and the line stepped through,
and the models the view shows.

It asks the :class:`~ui.controllers.Controller` for everything that needs the card database
or a worker, and decides nothing about Magic: the board, the legal actions and the lines come
from :mod:`analyzer.simulate`. The widgets are :mod:`ui.widgets.lines_panel` (which
re-exports :class:`LinesSession`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from analyzer.errors import AnalyzerError, Cancelled
from analyzer.rules import RulesError, Step, Zone
from analyzer.simulate.board import BoardError, BoardSpec, playable_problem
from analyzer.simulate.lines import LinesReport
from analyzer.simulate.play import ActionChoice, LinePlayer, board_place
from ui.models.lines_model import (
    ActionsModel,
    BoardModel,
    DeckCardsModel,
    FoundLinesModel,
    LogModel,
    ScriptModel,
    StackModel,
)
from ui.workers import JobWorker

__all__ = ["LinesSession"]


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
