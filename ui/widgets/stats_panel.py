"""The Stats tab: mana curve, colour pips against sources, card types, land count and
average mana value, and draw odds for cards the user picks.

Every number comes from :mod:`analyzer.stats`: the deck's :class:`~analyzer.stats.DeckStats`
is computed in the deck-load worker (:func:`ui.controllers.load_deck_job`), and the draw
odds of a pick come from a function the window passes in (:meth:`ui.controllers.Controller.
draw_odds`). The charts (:mod:`ui.widgets.charts`, QtCharts) are built the first time the tab
is shown, one per turn of the event loop (the first show blocked the GUI thread for 120 ms in
one piece), so the window starts without importing QtCharts.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QPalette, QPen, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from analyzer.cards.model import Card, CardId
from analyzer.decks.model import TypeGroup, type_group
from analyzer.stats import (
    CURVE_GROUP_NAMES,
    CardGroup,
    DeckStats,
    DrawOdds,
    OddsMode,
)

__all__ = ["CARD_ROLE", "OddsCardModel", "OddsFunction", "StatsPanel"]

CARD_ROLE = Qt.ItemDataRole.UserRole + 1
"""Item data role: the row's :class:`~analyzer.cards.model.Card`."""
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
"""Item data role: the value a column sorts by (copies as a number)."""

OddsFunction = Callable[..., DrawOdds]
"""``(library_size, copies, k, *, on_the_play, each) -> DrawOdds``, see
:meth:`ui.controllers.Controller.draw_odds`."""

_Index = QModelIndex | QPersistentModelIndex
_TYPE_GROUPS = tuple(TypeGroup)


class OddsCardModel(QAbstractTableModel):
    """The library's cards with a check box each: the cards whose draw odds are wanted.

    Columns: card name (checkable), copies, display type group.
    """

    COLUMNS = ("Card", "Copies", "Type")
    checked_changed = Signal()
    """The set of checked cards changed (by the user or :meth:`set_checked`)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._cards: list[tuple[Card, int]] = []
        self._checked: set[CardId] = set()

    # -- data ------------------------------------------------------------------------------

    def set_cards(self, cards: Sequence[tuple[Card, int]]) -> None:
        """Show ``(card, copies)`` rows; nothing is checked."""
        self.beginResetModel()
        self._cards = list(cards)
        self._checked = set()
        self.endResetModel()
        self.checked_changed.emit()

    def item_at(self, index: _Index) -> tuple[Card, int] | None:
        """The ``(card, copies)`` of a row, or None."""
        if not index.isValid() or not 0 <= index.row() < len(self._cards):
            return None
        return self._cards[index.row()]

    def row_of(self, card_id: CardId) -> int:
        """The row of a card, or -1."""
        return next((i for i, (c, _) in enumerate(self._cards) if c.id == card_id), -1)

    def checked(self) -> list[tuple[Card, int]]:
        """Checked ``(card, copies)`` in row order."""
        return [(c, n) for c, n in self._cards if c.id in self._checked]

    def checked_ids(self) -> set[CardId]:
        """Ids of the checked cards."""
        return set(self._checked)

    def set_checked(self, card_ids: Sequence[CardId] | set[CardId]) -> None:
        """Check exactly ``card_ids`` (ids not in the model are ignored)."""
        known = {c.id for c, _ in self._cards}
        wanted = set(card_ids) & known
        if wanted == self._checked:
            return
        self._checked = wanted
        if self._cards:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._cards) - 1, 0),
                                  [Qt.ItemDataRole.CheckStateRole])
        self.checked_changed.emit()

    # -- Qt overrides ----------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._cards)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.COLUMNS[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return ("Tick the cards to draw", "Copies in the library",
                        "The card's type group")[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index)
        if item is None or not 0 <= index.column() < len(self.COLUMNS):
            return None
        card, copies = item
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (card.name, str(copies), type_group(card).value)[column]
        if role == SORT_ROLE:
            return (card.name.casefold(), copies, type_group(card).value)[column]
        if role == Qt.ItemDataRole.CheckStateRole and column == 0:
            return Qt.CheckState.Checked if card.id in self._checked \
                else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{card.name} × {copies}\n{card.type_line}\nSpace ticks it for the odds"
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == CARD_ROLE:
            return card
        return None

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        item = self.item_at(index)
        if item is None or index.column() != 0 or role != Qt.ItemDataRole.CheckStateRole:
            return False
        card_id = item[0].id
        checked = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) \
            else value
        if checked == (card_id in self._checked):
            return True
        (self._checked.add if checked else self._checked.discard)(card_id)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        self.checked_changed.emit()
        return True

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if self.item_at(index) is None:
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 0:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags


class CheckEdgeDelegate(QStyledItemDelegate):
    """Paints a cell as usual, then an edge in the palette's text colour around an unticked
    check box: some styles (Fusion under a dark palette) draw its edge in a shade close to
    the row's, so the box vanishes on plain or alternate rows."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        super().paint(painter, option, index)
        state = index.data(Qt.ItemDataRole.CheckStateRole)
        if state is None or Qt.CheckState(state) != Qt.CheckState.Unchecked:
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is None:
            return
        box = style.subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, opt, widget)
        edge = QColor(opt.palette.color(QPalette.ColorRole.Text))
        edge.setAlpha(170)
        painter.save()
        painter.setPen(QPen(edge, 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box.adjusted(1, 1, -2, -2))
        painter.restore()


class StatsPanel(QWidget):
    """The Stats tab.

    Parameters
    ----------
    odds : OddsFunction
        Computes the draw odds of a pick (the controller's :meth:`draw_odds`).
    """

    card_selected = Signal(object)
    """A :class:`~analyzer.cards.model.Card` the user made current in the picker."""

    def __init__(self, odds: OddsFunction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._odds_fn = odds
        self.stats: DeckStats | None = None
        self.groups: tuple[CardGroup, ...] = ()
        self.odds: DrawOdds | None = None
        """The draw odds shown (None: nothing chosen)."""
        self._group: CardGroup | None = None
        self._following = False
        self._choosing = False
        self._odds_title = ""
        self.curve_chart: Any = None
        self.color_chart: Any = None
        self.type_chart: Any = None
        self.odds_chart: Any = None
        self._charts_module: Any = None
        self._step_pending = False
        self.setAccessibleName("Stats view")
        self._build()
        self.clear()

    # -- building --------------------------------------------------------------------------

    def _build(self) -> None:
        self.summary = QLabel()
        self.summary.setAccessibleName("Deck summary")
        self.summary.setToolTip("Lands, average mana value and library size")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)

        self.stack_combo = QComboBox()
        self.stack_combo.addItems(["Stack by type", "Stack by colour"])
        self.stack_combo.setAccessibleName("Stack the curve by")
        self.stack_combo.setToolTip("Split each bar of the mana curve by card type or by "
                                    "colour")
        self.stack_combo.currentIndexChanged.connect(lambda _: self._show_curve())
        self.sources_note = QLabel()
        self.sources_note.setWordWrap(True)
        self.sources_note.setAccessibleName("Sources note")
        self.sources_note.setToolTip("Mana sources whose colours depend on the opponent")

        self._slots = {name: QVBoxLayout() for name in ("curve", "colors", "types", "odds")}
        top = QHBoxLayout()
        colors_box = QVBoxLayout()
        colors_box.addLayout(self._slots["colors"], 1)
        colors_box.addWidget(self.sources_note)
        top.addLayout(self._slots["curve"], 6)
        top.addLayout(colors_box, 4)
        top.addLayout(self._slots["types"], 4)
        head = QHBoxLayout()
        head.addWidget(self.summary, 1)
        head.addWidget(self.stack_combo)

        bottom = QHBoxLayout()
        bottom.addWidget(self._build_picker(), 0)
        bottom.addLayout(self._slots["odds"], 1)

        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(head)
        layout.addLayout(top, 1)
        layout.addLayout(bottom, 1)

    def _build_picker(self) -> QWidget:
        box = QWidget()
        box.setAccessibleName("Draw odds picker")
        box.setMinimumWidth(300)
        box.setMaximumWidth(380)
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.group_combo = QComboBox()
        self.group_combo.setAccessibleName("Card group")
        self.group_combo.setToolTip("Tick a whole group: the lands, a card type, a package "
                                    "of the synergy graph or a combo's pieces")
        self.group_combo.activated.connect(self._group_chosen)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter cards…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Filter the cards")
        self.filter_edit.setToolTip("Show only cards whose name contains this text")
        self.model = OddsCardModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.card_view = QTableView()
        self.card_view.setModel(self.proxy)
        self.card_view.setAccessibleName("Cards to draw")
        self.card_view.setToolTip("Tick the cards whose draw odds you want (Space ticks the "
                                  "current card); the current card is selected everywhere")
        self.card_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.card_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.card_view.setSortingEnabled(True)
        self.card_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.card_view.verticalHeader().hide()
        self.card_view.setAlternatingRowColors(True)
        self.card_view.setWordWrap(False)
        self.card_view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.card_view.setItemDelegateForColumn(0, CheckEdgeDelegate(self.card_view))
        # Widths from the font, not ResizeToContents (which asks every row's data on the
        # first show and blocked the GUI thread for 200 ms on a 100-card deck).
        header = self.card_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        metrics = self.card_view.fontMetrics()
        pad = 2 * self.card_view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 14
        for column, widest in ((1, "Copies"), (2, max((g.value for g in _TYPE_GROUPS),
                                                      key=metrics.horizontalAdvance))):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, metrics.horizontalAdvance(widest) + pad)
        self.card_view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.model.checked_changed.connect(self._checks_changed)

        self.mode_combo = QComboBox()
        self.mode_combo.addItems(["at least", "one of each"])
        self.mode_combo.setAccessibleName("What to draw")
        self.mode_combo.setToolTip("Draw at least k copies among the ticked cards, or one "
                                   "copy of each ticked card (a combo)")
        self.mode_combo.currentIndexChanged.connect(lambda _: self._mode_changed())
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 1)
        self.k_spin.setAccessibleName("Copies wanted")
        self.k_spin.setToolTip("k: how many of the ticked copies to draw")
        self.k_spin.valueChanged.connect(lambda _: self._update_odds())
        self.play_combo = QComboBox()
        self.play_combo.addItems(["on the play", "on the draw"])
        self.play_combo.setAccessibleName("Play or draw")
        self.play_combo.setToolTip("On the play the first turn has no draw (CR 103.8a)")
        self.play_combo.currentIndexChanged.connect(lambda _: self._update_odds())
        self.clear_button = QPushButton("Clear")
        self.clear_button.setAccessibleName("Clear the ticks")
        self.clear_button.setToolTip("Untick every card")
        self.clear_button.clicked.connect(lambda: self.model.set_checked(set()))
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.odds_label.setAccessibleName("Draw odds summary")
        self.odds_label.setToolTip("What the chart shows")

        controls = QGridLayout()
        controls.addWidget(self.mode_combo, 0, 0)
        controls.addWidget(self.k_spin, 0, 1)
        controls.addWidget(self.play_combo, 0, 2)
        controls.addWidget(self.clear_button, 0, 3)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel("<b>Draw odds</b>: tick cards or choose a group")
        title.setAccessibleName("Draw odds")
        title.setToolTip("The chance to have drawn the ticked cards by each turn "
                         "(hypergeometric, no mulligan)")
        layout.addWidget(title)
        layout.addWidget(self.group_combo)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.card_view, 1)
        layout.addLayout(controls)
        layout.addWidget(self.odds_label)
        return box

    def ensure_charts(self) -> bool:
        """Build every chart not built yet now (importing QtCharts); True if any was built
        now. (Showing the tab builds them one per event-loop turn instead, so that the
        GUI thread never blocks long, see :meth:`showEvent`.)"""
        built = False
        while self._build_next_chart():
            built = True
        return built

    def _build_next_chart(self) -> bool:
        """One step of building the charts: import QtCharts, then one chart a step, each
        shown with the deck's figures; False when there was nothing left to do."""
        if self._charts_module is None:
            import ui.widgets.charts as charts

            self._charts_module = charts
            return True
        charts = self._charts_module
        for name, attribute, make in (("curve", "curve_chart", charts.CurveChartView),
                                      ("colors", "color_chart", charts.ColorSourcesChart),
                                      ("types", "type_chart", charts.TypeChart),
                                      ("odds", "odds_chart", charts.OddsChart)):
            if getattr(self, attribute) is not None:
                continue
            chart = make()
            setattr(self, attribute, chart)
            self._slots[name].addWidget(chart)
            chart.show()      # a layout shows a child of a visible widget only later
            self._layout.activate()
            self._show_charts()
            return True
        return False

    def _build_step(self) -> None:
        self._step_pending = False
        if self._build_next_chart():
            self._step_pending = True
            QTimer.singleShot(0, self, self._build_step)

    def prepare_screenshot(self) -> None:
        """Build the charts before ``--screenshot`` grabs the window."""
        self.ensure_charts()

    # -- data ------------------------------------------------------------------------------

    def set_stats(self, stats: DeckStats | None, groups: Sequence[CardGroup] = ()) -> None:
        """Show a deck's statistics (None: no deck) and offer ``groups`` in the picker;
        the lands are ticked first (their first group), so the chart is never empty."""
        self.stats = stats
        self._group = None
        self.model.set_cards(stats.library if stats is not None else ())
        self.set_groups(groups)
        self._show_summary()
        if groups:
            self.choose_group(groups[0])
        self._show_charts()

    def set_groups(self, groups: Sequence[CardGroup]) -> None:
        """Offer ``groups`` in the group box (keeps the ticks)."""
        self.groups = tuple(groups)
        self.group_combo.blockSignals(True)
        self.group_combo.clear()
        self.group_combo.addItem("Choose a group…")
        copies = {card.id: n for card, n in (self.stats.library if self.stats else ())}
        for group in self.groups:
            count = sum(copies.get(card_id, 0) for card_id in group.card_ids)
            self.group_combo.addItem(f"{group.name} ({count})")
            self.group_combo.setItemData(
                self.group_combo.count() - 1,
                f"{len(group.card_ids)} card(s), {count} cop{'y' if count == 1 else 'ies'}",
                Qt.ItemDataRole.ToolTipRole)
        self.group_combo.setCurrentIndex(
            self.groups.index(self._group) + 1 if self._group in self.groups else 0)
        self.group_combo.blockSignals(False)
        self.group_combo.setEnabled(bool(self.groups))

    def clear(self) -> None:
        """Show no deck."""
        self.set_stats(None)

    def choose_group(self, group: CardGroup) -> None:
        """Tick ``group``'s cards, with its mode and number of copies wanted."""
        self._choosing = True
        try:
            self._group = group
            self.mode_combo.setCurrentIndex(1 if group.mode is OddsMode.EACH else 0)
            self.model.set_checked(group.card_ids)
            self._fit_k(group.want)
        finally:
            self._choosing = False
        if group in self.groups:
            self.group_combo.setCurrentIndex(self.groups.index(group) + 1)
        self._update_odds()

    def select_card(self, card_id: CardId | None) -> None:
        """Make ``card_id`` the picker's current row (follow the shared selection); None or
        a card not in the library clears it. Emits nothing."""
        self._following = True
        try:
            row = self.model.row_of(card_id) if card_id is not None else -1
            if row < 0:
                self.card_view.selectionModel().clearSelection()
                self.card_view.setCurrentIndex(QModelIndex())
                return
            index = self.proxy.mapFromSource(self.model.index(row, 0))
            if index.isValid():
                self.card_view.setCurrentIndex(index)
                self.card_view.scrollTo(index)
        finally:
            self._following = False

    def set_play(self, on_the_play: bool) -> None:
        """Choose the play (True) or the draw."""
        self.play_combo.setCurrentIndex(0 if on_the_play else 1)

    def set_mode(self, each: bool, k: int = 1) -> None:
        """Choose "one of each" (``each``) or "at least ``k``"."""
        self.mode_combo.setCurrentIndex(1 if each else 0)
        self._fit_k(k)
        self._update_odds()

    # -- slots -----------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.odds_chart is None and not self._step_pending:
            self._step_pending = True           # one chart a turn of the event loop
            QTimer.singleShot(0, self, self._build_step)

    def _group_chosen(self, index: int) -> None:
        if 1 <= index <= len(self.groups):
            self.choose_group(self.groups[index - 1])

    def _checks_changed(self) -> None:
        if self._choosing:
            return
        if self._group is not None and self.model.checked_ids() != set(self._group.card_ids):
            self._group = None
            self.group_combo.setCurrentIndex(0)
        self._fit_k(self.k_spin.value())
        self._update_odds()

    def _mode_changed(self) -> None:
        self.k_spin.setEnabled(self.mode_combo.currentIndex() == 0)
        if not self._choosing:
            self._update_odds()

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._following or not current.isValid():
            return
        card = self.proxy.data(current, CARD_ROLE)
        if card is not None:
            self.card_selected.emit(card)

    # -- helpers ---------------------------------------------------------------------------

    def _fit_k(self, k: int) -> None:
        copies = sum(n for _, n in self.model.checked())
        self.k_spin.blockSignals(True)
        self.k_spin.setRange(1, max(1, copies))
        self.k_spin.setValue(max(1, min(k, copies)))
        self.k_spin.blockSignals(False)
        self.k_spin.setEnabled(self.mode_combo.currentIndex() == 0 and copies > 0)

    def _what(self, chosen: list[tuple[Card, int]]) -> str:
        if self._group is not None:
            return self._group.name
        if len(chosen) == 1:
            return chosen[0][0].name
        return f"{len(chosen)} chosen cards"

    def _update_odds(self) -> None:
        if self._choosing:
            return
        chosen = self.model.checked()
        stats = self.stats
        if stats is None or not chosen:
            self.odds = None
            self.odds_label.setText("Nothing ticked." if stats is not None else "")
            self._odds_title = ""
            self._show_odds()
            return
        each = self.mode_combo.currentIndex() == 1
        on_play = self.play_combo.currentIndex() == 0
        self.odds = self._odds_fn(stats.library_size, [n for _, n in chosen],
                                  self.k_spin.value(), on_the_play=on_play, each=each)
        what = self._what(chosen)
        copies = self.odds.successes
        want = ((f"one of each of {len(chosen)} cards" if len(chosen) > 1
                 else "one copy of 1 card") if each else
                f"at least {self.k_spin.value()} of {copies} "
                f"cop{'y' if copies == 1 else 'ies'}")
        play = "on the play" if on_play else "on the draw"
        by3 = next((r for r in self.odds.turns if r.turn == 3), None)
        tail = f"; by turn 3: {by3.probability:.1%}" if by3 is not None else ""
        self.odds_label.setText(f"{what}: {want} in {stats.library_size} cards, {play}{tail}")
        self._odds_title = f"{what} ({want}, {play})"
        self._show_odds()

    def _show_summary(self) -> None:
        stats = self.stats
        if stats is None:
            self.summary.setText("Open a deck to see its statistics (Ctrl+O).")
            self.sources_note.setText("")
            return
        nonland = stats.total - stats.lands
        unknown = stats.unknown_copies
        of_known = f" of {stats.total} known cards" if unknown else ""
        share = f" ({stats.lands / stats.total:.0%}{of_known})" if stats.total else ""
        average = (f"{stats.average_mana_value:.2f}" if stats.average_mana_value is not None
                   else "–")
        self.summary.setText(
            f"<b>{stats.lands}</b> lands{share} &nbsp;·&nbsp; <b>{nonland}</b> nonland cards "
            f"&nbsp;·&nbsp; average mana value <b>{average}</b> (nonland) &nbsp;·&nbsp; "
            f"<b>{stats.library_size}</b> cards in the library"
            + (f" &nbsp;·&nbsp; <span style='color:#d9822b'><b>{unknown} card"
               f"{'' if unknown == 1 else 's'} not counted (unknown names)</b></span>"
               if unknown else ""))
        unknown_sources = stats.sources.unknown
        self.sources_note.setText(
            "<i>Not counted as sources (they copy an opponent's lands): "
            + html.escape(", ".join(unknown_sources)) + "</i>" if unknown_sources else "")

    def _show_charts(self) -> None:
        self._show_curve()
        stats = self.stats
        if self.color_chart is not None:
            self.color_chart.set_balance(stats.needed_colors if stats else (),
                                         stats.sources.unknown if stats else ())
        if self.type_chart is not None:
            self.type_chart.set_types(stats.type_groups if stats else {})
        self._show_odds()

    def _show_curve(self) -> None:
        if self.curve_chart is None:
            return
        from ui.widgets.charts import COLOR_FILLS, TYPE_FILLS

        stats = self.stats
        if self.stack_combo.currentIndex() == 1:
            groups = stats.curve_by_color if stats else {}
            self.curve_chart.set_curve(groups, CURVE_GROUP_NAMES, COLOR_FILLS)
        else:
            groups = stats.curve_by_type if stats else {}
            self.curve_chart.set_curve(groups, {}, TYPE_FILLS)

    def _show_odds(self) -> None:
        if self.odds_chart is not None:
            self.odds_chart.set_odds(self.odds, self._odds_title)
