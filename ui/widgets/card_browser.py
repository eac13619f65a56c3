"""The Cards tab: search the card database in Scryfall's syntax, pick cards for the deck.

A query box (:class:`~ui.widgets.query_edit.QueryEdit`) above a result table
(:class:`~ui.models.card_table_model.CardTableModel`). While the user types, the query is
parsed after a short pause (:data:`DEBOUNCE_MS`): a malformed query marks the bad token in
the box and says why below it; a good one is searched in a worker
(:meth:`Controller.start_card_search`), a newer query superseding an older one. Completion
offers field keys, the values of the field being typed and card names
(:func:`analyzer.cards.search.complete.complete_at`).

Selecting a row emits :attr:`CardBrowser.card_selected` (the window selects the card, so
the Inspector shows it). Double click, Enter, Ctrl+Enter, the context menu and dragging
(:func:`ui.dnd.card_mime`) ask for the card to be added to the deck:
:attr:`CardBrowser.add_requested`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QEventLoop,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRectF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QFont, QKeyEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QStyle,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from analyzer.cards.model import Card
from analyzer.cards.search import is_meld_result, parse_query
from analyzer.cards.search.complete import CompletionKind, Vocabulary, complete_at
from analyzer.cards.search.results import CardSummary, SearchResults
from analyzer.cards.search.syntax import quote_value
from analyzer.decks import deck_sections
from analyzer.decks.model import Section
from analyzer.errors import Cancelled, SearchSyntaxError
from analyzer.oracle.symbols import mana_symbols
from ui.models.card_table_model import BATCH, CardTableModel, Column
from ui.theme import set_themed_sheet
from ui.widgets.mana_delegate import ManaCostDelegate, draw_symbol
from ui.widgets.query_edit import CompletionList, QueryEdit

if TYPE_CHECKING:
    from ui.controllers import Controller
    from ui.workers import JobWorker

__all__ = ["ADD_ACTIONS", "DEBOUNCE_MS", "NAME_SUGGESTIONS", "CardBrowser"]

DEBOUNCE_MS = 250
"""Pause after the last keystroke before the query is parsed and searched."""
NAME_SUGGESTIONS = 15
"""Card names offered for a bare word (from two letters on)."""
SCREENSHOT_QUERY = "t:ninja c:b"
"""The query ``--screenshot`` shows when the box is empty."""

ADD_ACTIONS: tuple[tuple[str, Section, str], ...] = (
    ("Add to &Main Deck", Section.MAIN, "Enter"),
    ("Add to &Sideboard", Section.SIDEBOARD, ""),
    ("Add to Ma&ybeboard", Section.MAYBEBOARD, ""),
    ("Add as &Commander", Section.COMMANDER, ""),
)
"""The context menu's add actions: title, deck section, shortcut shown."""

_PLACEHOLDER = 't:ninja c:b   o:"draw a card" mv<=2   id<=esper is:commander   (Ctrl+Space completes)'


class _FacesCostDelegate(ManaCostDelegate):
    """Mana symbols, with a ``//`` between the faces' costs (``{1}{R} // {1}{U}``)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not isinstance(text, str) or " // " not in text:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(opt.font)
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.72))
        font.setBold(True)
        size = min(self.SIZE, opt.rect.height() - 4.0)
        x = opt.rect.left() + 4.0
        y = opt.rect.top() + (opt.rect.height() - size) / 2
        background = opt.backgroundBrush.color() \
            if opt.backgroundBrush.style() != Qt.BrushStyle.NoBrush \
            else opt.palette.color(QPalette.ColorRole.Base)
        for i, part in enumerate(text.split(" // ")):
            if i:
                painter.setFont(opt.font)
                painter.setPen(opt.palette.text().color())
                separator = QRectF(x, opt.rect.top(), 14, opt.rect.height())
                painter.drawText(separator, Qt.AlignmentFlag.AlignCenter, "//")
                x += 16
            painter.setFont(font)
            for symbol in mana_symbols(part):
                if x + size > opt.rect.right():
                    break
                draw_symbol(painter, QRectF(x, y, size, size), symbol, background=background)
                x += size + 2
        painter.restore()


class _ResultTable(QTableView):
    """The result table; Enter (with or without Ctrl) asks to add the current card, Up on
    the first row goes back to the query box."""

    add_pressed = Signal()
    up_from_top = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Enter, Qt.Key.Key_Return):
            self.add_pressed.emit()
            return
        if event.key() == Qt.Key.Key_Up and self.currentIndex().row() <= 0:
            self.up_from_top.emit()
            return
        super().keyPressEvent(event)


class CardBrowser(QWidget):
    """The card browser (view key ``"cards"``).

    Parameters
    ----------
    controller : Controller
        Runs the searches and reads cards, names and the completion vocabulary.
    """

    card_selected = Signal(object)
    """The :class:`~analyzer.cards.model.Card` of the row the user selected."""
    add_requested = Signal(object, object, int)
    """``(card, section, count)``: add ``count`` copies of the
    :class:`~analyzer.cards.model.Card` to the deck's
    :class:`~analyzer.decks.model.Section`."""
    results_shown = Signal(object)
    """The whole :class:`~analyzer.cards.search.results.SearchResults` of a query, just put
    in the table."""
    first_rows_shown = Signal(object)
    """The first page of a long answer (:data:`~ui.models.card_table_model.BATCH` cards by
    name), shown while the whole answer is read."""
    query_failed = Signal(object)
    """The :class:`~analyzer.errors.SearchSyntaxError` (or other error) of the last query."""
    status_message = Signal(str)
    """A short note for the window's status line (nothing to add, a card that cannot go
    into a deck)."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.model = CardTableModel(self)
        self.vocabulary = Vocabulary()
        """What completion offers (the database's types and keywords once read)."""
        self._worker: JobWorker | None = None
        self._generation = 0
        self._final_shown = False
        self._vocabulary_worker: JobWorker | None = None
        self._syncing = False
        self._typed_at: float | None = None
        self._started_at = time.perf_counter()
        self._latency_for = -1
        self._asked_at = self._started_at
        self.last_search_s: float | None = None
        """Seconds the last search took in its worker (start to rows in the table)."""
        self.last_latency_s: float | None = None
        """Seconds from the last keystroke to its rows in the table (pause included)."""

        self.query_edit = QueryEdit()
        self.query_edit.setAccessibleName("Card search query")
        self.query_edit.setToolTip("Search cards in Scryfall's syntax: t:ninja c:b mv<=3, "
                                   "o:\"draw a card\", id<=esper, kw:flying, is:commander, "
                                   "f:modern… (Ctrl+K; Ctrl+Space completes)")
        self.query_edit.setPlaceholderText(_PLACEHOLDER)
        self.query_edit.set_completion_provider(self.completions_at)
        self.error_label = QLabel()
        self.error_label.setAccessibleName("Query error")
        self.error_label.setToolTip("What is wrong with the query")
        set_themed_sheet(self.error_label, "color: {error};")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        self._status = ""
        self.note_label = QLabel()
        self.note_label.setAccessibleName("Card browser note")
        self.note_label.setToolTip("Why nothing was added")
        self.note_label.setWordWrap(True)
        self.note_label.hide()
        self.count_label = QLabel("Type a query")
        self.count_label.setAccessibleName("Result count")
        self.count_label.setToolTip("Cards matching the query")
        self.count_label.setMinimumWidth(110)
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        self.table = _ResultTable()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Card search results")
        self.table.setToolTip("Double click or Enter adds the card to the main deck; right "
                              "click for the sideboard, maybeboard or commander; drag it onto "
                              "the deck")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(Column.NAME, Qt.SortOrder.AscendingOrder)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.table.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(
            self.table.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(Column.TYPE, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for column, width in ((Column.NAME, 230), (Column.COST, 120), (Column.MV, 44),
                              (Column.TYPE, 280), (Column.STATS, 80), (Column.IDENTITY, 90)):
            self.table.setColumnWidth(column, width)
        self.table.setColumnHidden(Column.RARITY, True)
        self._cost_delegate = _FacesCostDelegate(self.table)
        self.table.setItemDelegateForColumn(Column.COST, self._cost_delegate)
        self.table.setItemDelegateForColumn(Column.IDENTITY, self._cost_delegate)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.run_query)

        self.query_edit.query_changed.connect(self._on_query_changed)
        self.query_edit.submitted.connect(self.run_query)
        self.query_edit.down_pressed.connect(self._enter_results)
        self.query_edit.add_pressed.connect(self._add_from_query_box)
        self.table.doubleClicked.connect(lambda _index: self.add_current(Section.MAIN))
        self.table.add_pressed.connect(lambda: self.add_current(Section.MAIN))
        self.table.up_from_top.connect(self.focus_search)
        self.table.customContextMenuRequested.connect(self._show_context_menu)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self._current_id: str | None = None
        self.model.modelReset.connect(lambda: QTimer.singleShot(0, self, self._reselect))

        top = QHBoxLayout()
        top.setContentsMargins(8, 8, 8, 0)
        top.addWidget(self.query_edit, 1)
        top.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        error_row = QHBoxLayout()
        error_row.setContentsMargins(10, 0, 8, 0)
        error_row.addWidget(self.error_label)
        error_row.addWidget(self.note_label)
        layout.addLayout(error_row)
        layout.addWidget(self.table, 1)

    # -- API -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """The database changed (opened, switched, imported): read the completion
        vocabulary again and search the query again."""
        worker = self.controller.load_query_vocabulary()
        self._vocabulary_worker = worker
        if worker is not None:
            worker.result.connect(lambda vocab: self._set_vocabulary(worker, vocab))
        if self.query_edit.text().strip():
            self.run_query()

    def set_query(self, text: str, *, now: bool = False) -> None:
        """Put ``text`` in the box (searched after the pause, or at once with ``now``)."""
        self.query_edit.setText(text)
        if now:
            self.run_query()

    def focus_search(self) -> None:
        """Put the cursor in the query box with its text selected (Ctrl+K)."""
        self.query_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.query_edit.selectAll()

    def run_query(self) -> JobWorker | None:
        """Parse the query now; mark it if malformed, else search it in a worker (a
        search still running is superseded): first its first :data:`BATCH` cards by name,
        then, if there are more, the whole answer. Returns the first worker."""
        self._timer.stop()
        text = self.query_edit.text().strip()
        if not text:
            self._cancel_search()
            self.model.set_results(None)
            self.count_label.setText("Type a query")
            self._show_error(None)
            return None
        try:
            parse_query(text)
        except SearchSyntaxError as err:
            self._cancel_search()
            self._show_error(err)
            return None
        self._show_error(None)
        self._generation += 1
        generation = self._generation
        page = self.controller.start_card_search(text, limit=BATCH)
        if page is None:
            self._worker = None
            self.count_label.setText("No card database")
            return None
        self._worker = page
        self._final_shown = False
        self._started_at = time.perf_counter()
        self._asked_at = self._typed_at if self._typed_at is not None else self._started_at
        self._typed_at = None
        self.count_label.setText("Searching…")
        page.result.connect(lambda results: self._on_first_page(generation, results))
        page.error.connect(lambda err: self._on_error(generation, err))
        return page

    @property
    def searching(self) -> bool:
        """True while a search (or the pause before it) is pending."""
        return self._timer.isActive() or (self._worker is not None and self._worker.running)

    def current_summary(self) -> CardSummary | None:
        """The result row under the cursor, or None."""
        return self.model.item_at(self.table.currentIndex())

    def current_card(self) -> Card | None:
        """The full card of the current row (read from the database), or None."""
        summary = self.current_summary()
        return self.controller.card_by_id(summary.id) if summary is not None else None

    def add_current(self, section: Section = Section.MAIN, count: int = 1) -> bool:
        """Emit :attr:`add_requested` for the current row; False (and a note in the status
        line) when no row is current or the card cannot go to ``section``
        (:func:`analyzer.decks.deck_sections`: a melded permanent's back face goes
        nowhere, CR 712.4; only a card that can be a commander goes to the command zone)."""
        card = self.current_card()
        if card is None:
            return False
        if section not in deck_sections(card):
            self._say(f"{card.name} is the back face of a melded permanent (CR 712.4), not a "
                      "card a deck can hold" if is_meld_result(card)
                      else f"{card.name} cannot be a commander (CR 903.3)")
            return False
        self._say("")
        self.add_requested.emit(card, section, count)
        return True

    def status_text(self) -> str:
        """The last note for the status line ("" when none), see :attr:`status_message`."""
        return self._status

    def select_card(self, card_id: str | None) -> None:
        """Follow the shared selection: select the card's row if it is among the results
        (fetching rows up to it), else clear the table's selection. Emits nothing."""
        self._syncing = True
        self._current_id = card_id
        try:
            row = self.model.row_of(card_id) if card_id is not None else -1
            if row < 0:
                self.table.selectionModel().clearSelection()
                return
            current = self.current_summary()
            if current is not None and current.id == card_id:
                return
            self.model.fetch_through(row)
            index = self.model.index(row, Column.NAME)
            self.table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
            self.table.scrollTo(index)
        finally:
            self._syncing = False

    def completions_at(self, text: str, cursor: int) -> CompletionList:
        """What completes the word before ``cursor``: field keys and values
        (:func:`~analyzer.cards.search.complete.complete_at` over :attr:`vocabulary`),
        and card names containing a bare word (or the word after ``!``)."""
        found = complete_at(text, cursor, self.vocabulary)
        items = [(s.label, s.text) for s in found.suggestions]
        if found.kind in (CompletionKind.FIELD, CompletionKind.NAME) and \
                len(found.prefix) >= 2:
            for name in self.controller.card_name_suggestions(found.prefix, NAME_SUGGESTIONS):
                items.append((name, quote_value(name)))
        return CompletionList(found.start, found.end, items)

    def prepare_screenshot(self) -> None:
        """``--screenshot``: show :data:`SCREENSHOT_QUERY` when the box is empty and wait
        (up to 20 s) for its results."""
        if not self.query_edit.text().strip():
            self.set_query(SCREENSHOT_QUERY)
        worker = self.run_query()
        if worker is None:
            return
        loop = QEventLoop()
        self.results_shown.connect(loop.quit)
        self.query_failed.connect(loop.quit)
        QTimer.singleShot(20_000, loop.quit)
        loop.exec()
        self.results_shown.disconnect(loop.quit)
        self.query_failed.disconnect(loop.quit)
        QApplication.processEvents()
        if self.model.rowCount() and not self.table.currentIndex().isValid():
            self.table.selectRow(0)

    # -- slots -----------------------------------------------------------------------------

    def _on_query_changed(self, _text: str) -> None:
        self._say("")
        if self._typed_at is None:
            self._typed_at = time.perf_counter()
        self._timer.start()

    def _on_first_page(self, generation: int, results: SearchResults) -> None:
        """The first :data:`BATCH` cards by name, shown while the whole answer is read
        (or the whole answer, when it is that short)."""
        if generation != self._generation or self._final_shown:
            return
        if results.complete:
            self._on_results(generation, results)
            return
        self._show_results(generation, results)
        self.count_label.setText(f"{len(results.cards):,}+ cards…")
        self.first_rows_shown.emit(results)
        # The whole answer after the first page, not beside it: the first search after an
        # import builds the full-text index, which two searches at once would fight over.
        worker = self.controller.start_card_search(results.query, supersede=False)
        self._worker = worker
        if worker is not None:
            worker.result.connect(lambda whole: self._on_results(generation, whole))
            worker.error.connect(lambda err: self._on_error(generation, err))

    def _on_results(self, generation: int, results: SearchResults) -> None:
        if generation != self._generation or self._final_shown:
            return  # a newer query superseded it
        self._final_shown = True
        self._show_results(generation, results)
        self.last_search_s = time.perf_counter() - self._started_at
        count = self.model.total()
        self.count_label.setText(f"{count:,} card{'' if count == 1 else 's'}")
        self.count_label.setToolTip(f"{count:,} cards match {results.query!r} "
                                    f"(searched in {self.last_search_s:.2f} s)")
        self.results_shown.emit(results)

    def _show_results(self, generation: int, results: SearchResults) -> None:
        if self._latency_for != generation:
            self._latency_for = generation
            self.last_latency_s = time.perf_counter() - self._asked_at
        self.model.set_results(results)   # the current card is selected again after it
        self.table.setColumnHidden(Column.RARITY, not self.model.has_rarities)

    def _on_error(self, generation: int, err: BaseException) -> None:
        if generation != self._generation or isinstance(err, Cancelled):
            return
        self._show_error(err)
        if not isinstance(err, SearchSyntaxError):
            self.count_label.setText("Search failed")

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing:
            return
        summary = self.model.item_at(current)
        if summary is None:
            return
        self._current_id = summary.id
        card = self.controller.card_by_id(summary.id)
        if card is not None:
            self.card_selected.emit(card)

    def _reselect(self) -> None:
        """After a reset (a sort, new results), select the card that was current, if it is
        still among the results, fetching rows down to it."""
        if self._current_id is not None and self.current_summary() is None:
            self.select_card(self._current_id)

    def _add_from_query_box(self) -> None:
        """Ctrl+Enter in the query box: add the current result, else the top one; with no
        result, say so."""
        if self.current_summary() is None:
            if not self.model.rowCount():
                self._say("No card to add: the query has no result"
                          if self.model.query else "No card to add: type a query first")
                return
            self.table.selectRow(0)
        self.add_current(Section.MAIN)

    def _say(self, text: str) -> None:
        self._status = text
        self.note_label.setText(text)
        self.note_label.setVisible(bool(text))
        if text:
            self.status_message.emit(text)

    def _enter_results(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if not self.table.currentIndex().isValid() and self.model.rowCount():
            self.table.selectRow(0)

    def _show_context_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        if index.isValid():
            self.table.selectRow(index.row())
        menu = self.context_menu()
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def context_menu(self) -> QMenu:
        """The menu of the current row: add to each deck section."""
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        summary = self.current_summary()
        card = self.current_card() if summary is not None else None
        allowed = deck_sections(card) if card is not None else frozenset()
        for title, section, shortcut in ADD_ACTIONS:
            action = QAction(title + (f"\t{shortcut}" if shortcut else ""), menu)
            action.setToolTip(
                f"Add {summary.name if summary else 'the card'} to the {section.label}"
                if section in allowed or card is None else
                "A melded permanent's back face is not a card a deck can hold (CR 712.4)"
                if is_meld_result(card) else
                f"{card.name} cannot be a commander (CR 903.3)")
            action.setEnabled(section in allowed)
            action.triggered.connect(lambda _=False, s=section: self.add_current(s))
            menu.addAction(action)
        return menu

    # -- helpers ---------------------------------------------------------------------------

    def _set_vocabulary(self, worker: Any, vocabulary: Vocabulary) -> None:
        if worker is self._vocabulary_worker:
            self.vocabulary = vocabulary

    def _cancel_search(self) -> None:
        self._generation += 1
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None

    def _show_error(self, err: BaseException | None) -> None:
        if err is None:
            self.query_edit.clear_error()
            self.error_label.hide()
            self.error_label.clear()
            return
        if self.model.query:
            count = self.model.total()
            self.count_label.setText(f"{count:,} card{'' if count == 1 else 's'} (before)")
            self.count_label.setToolTip(f"The results of the last good query, "
                                        f"{self.model.query!r}")
        if isinstance(err, SearchSyntaxError):
            message = err.reason[:1].upper() + err.reason[1:] + (
                f": {err.hint}" if err.hint else "")
            if err.query.strip() == self.query_edit.text().strip():
                shift = len(self.query_edit.text()) - len(self.query_edit.text().lstrip())
                self.query_edit.set_error(err.offset + shift, err.length, message)
        else:
            message = f"The search failed: {err}"
        self.error_label.setText(message)
        self.error_label.show()
        self.query_failed.emit(err)
