"""The Combos tab: a summary line, the sortable table of combos, and the near misses.

The table (:class:`~ui.models.combo_model.ComboModel` behind a sorting proxy) draws each
verdict as a coloured badge with its text. The near misses are grouped by the missing card,
each group listing the catalog combos that card would complete. Selecting a row emits
:attr:`ComboPanel.combo_activated`; the panel shows what it is given and decides nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from analyzer.combos.detect import NearMiss
from analyzer.combos.outcome import ComboReport
from ui.models.combo_model import (
    FINDING_ROLE,
    VERDICT,
    VERDICT_ROLE,
    ComboModel,
    ComboSortProxy,
    verdict_color,
)

__all__ = ["ComboPanel", "VerdictDelegate"]


class VerdictDelegate(QStyledItemDelegate):
    """Paints a verdict cell as a rounded badge in the verdict's colour, text in white."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        label = index.data(VERDICT_ROLE)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        # the row's own background and selection first
        self.initStyleOption(option, index)
        option.text = ""
        style = option.widget.style() if option.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter,
                              option.widget)
        if not label:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = option.fontMetrics
        width = min(metrics.horizontalAdvance(text) + 16, option.rect.width() - 8)
        height = min(metrics.height() + 4, option.rect.height() - 4)
        rect = QRectF(option.rect.x() + 4, option.rect.center().y() - height / 2 + 1,
                      width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(verdict_color(str(label)))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setPen(QColor("white"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


class ComboPanel(QWidget):
    """Summary, combo table and near-miss list of one deck's :class:`ComboReport`."""

    combo_activated = Signal(object)
    """The :class:`~analyzer.combos.report.ComboFinding` the user selected."""
    run_requested = Signal()
    """The user asked to find the deck's combos (the *Find combos* button)."""

    def __init__(self, model: ComboModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._syncing = False
        self._last: Any = None
        self.proxy = ComboSortProxy(self)
        self.proxy.setSourceModel(model)

        self.summary = QLabel()
        self.summary.setAccessibleName("Combo summary")
        self.summary.setToolTip("What the combo search found, or why the table is empty")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.run_button = QPushButton("Find Combos")
        self.run_button.setAccessibleName("Find combos")
        self.run_button.setToolTip("Detect, discover and verify the deck's combos "
                                   "(Analyze ▸ Find Combos, Ctrl+Shift+C)")
        self.run_button.setEnabled(False)
        self.run_button.clicked.connect(self.run_requested)
        row = QHBoxLayout()
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(self.summary, 1)
        row.addWidget(self.run_button)

        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setAccessibleName("Combo table")
        self.table.setToolTip("The deck's combos with their verdicts; click a header to sort")
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(VERDICT, Qt.SortOrder.AscendingOrder)  # verified first
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(26)
        self.table.setAcceptDrops(False)
        self.table.setItemDelegateForColumn(VERDICT, VerdictDelegate(self.table))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate((330, 260, 120, 90, 200)):
            self.table.setColumnWidth(column, width)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_changed)

        self.near_label = QLabel()
        self.near_label.setAccessibleName("Near misses heading")
        self.near_label.setToolTip("Cards the deck lacks, each completing catalog combos")
        self.near_label.setContentsMargins(8, 6, 8, 2)
        # a standard item model, not a QTreeWidget: QTreeWidget's model gives the second
        # column of a row the first column's children, which the model tester refuses
        self.near_model = QStandardItemModel(0, 2, self)
        self.near_model.setHorizontalHeaderLabels(["Missing card / combo it completes",
                                                   "Cards in the deck"])
        self.near_tree = QTreeView()
        self.near_tree.setModel(self.near_model)
        self.near_tree.setAccessibleName("Near misses")
        self.near_tree.setToolTip("Near misses grouped by the missing card; each child is a "
                                  "combo that card would complete")
        self.near_tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.near_tree.setColumnWidth(0, 420)
        self.near_tree.setRootIsDecorated(True)
        self.near_tree.setAlternatingRowColors(True)
        near = QWidget()
        near_layout = QVBoxLayout(near)
        near_layout.setContentsMargins(0, 0, 0, 0)
        near_layout.setSpacing(0)
        near_layout.addWidget(self.near_label)
        near_layout.addWidget(self.near_tree, 1)

        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setAccessibleName("Combos and near misses")
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(near)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(row)
        layout.addWidget(self.splitter, 1)
        self.set_state("Open a deck (Ctrl+O): its combos are found once it is analysed.")

    # -- API -------------------------------------------------------------------------------

    def set_state(self, text: str, *, can_run: bool = False) -> None:
        """Show no combos, only ``text`` saying why (no deck, searching, cancelled...)."""
        self._model.set_findings(())
        self._clear_near_misses()
        self.near_label.setText("Near misses")
        self.summary.setText(text)
        self.run_button.setEnabled(can_run)
        self._last = None

    def set_report(self, report: ComboReport) -> None:
        """Show a deck's combos and near misses, with a summary that says what was found."""
        self._last = None
        self._model.set_findings(report.findings)
        self._fill_near_misses(report.near_misses)
        self.summary.setText(summary_text(report))
        self.run_button.setEnabled(True)

    def highlight_card(self, name: str | None) -> None:
        """Mark the combos that need the card ``name`` (None: no mark) and the near misses
        whose combos need it."""
        self._model.set_highlight(name)
        key = name.casefold() if name else None
        for group in self._groups():
            hit = False
            for j in range(group.rowCount()):
                child = group.child(j, 0)
                if child is None:
                    continue
                cards = child.data(Qt.ItemDataRole.UserRole) or ()
                mark = key is not None and any(c.casefold() == key for c in cards)
                font = child.font()
                font.setBold(mark)
                child.setFont(font)
                hit = hit or mark
            font = group.font()
            font.setBold(hit)
            group.setFont(font)

    def select_finding(self, finding: Any) -> None:
        """Select ``finding``'s row (None clears) without emitting ``combo_activated``."""
        row = self._model.row_of(finding) if finding is not None else -1
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
            self._last = finding
        finally:
            self._syncing = False

    def visible_findings(self) -> list[Any]:
        """The findings in display order."""
        return [self.proxy.data(self.proxy.index(r, 0), FINDING_ROLE)
                for r in range(self.proxy.rowCount())]

    def near_miss_cards(self) -> list[str]:
        """The missing cards listed, in order."""
        return [str(group.data(Qt.ItemDataRole.UserRole + 1)) for group in self._groups()]

    def _groups(self) -> list[QStandardItem]:
        items = (self.near_model.item(i, 0) for i in range(self.near_model.rowCount()))
        return [item for item in items if item is not None]

    def _clear_near_misses(self) -> None:
        self.near_model.removeRows(0, self.near_model.rowCount())

    # -- helpers ---------------------------------------------------------------------------

    def _fill_near_misses(self, misses: tuple[NearMiss, ...]) -> None:
        self._clear_near_misses()
        if not misses:
            self.near_label.setText("Near misses: none (no catalog combo is one card away)")
            return
        self.near_label.setText(f"Near misses ({len(misses)}): one card away from a "
                                "catalog combo")
        for miss in misses:
            n = len(miss.combos)
            group = QStandardItem(f"+ {miss.card}  (completes {n} combo"
                                  + ("" if n == 1 else "s") + ")")
            group.setData(miss.card, Qt.ItemDataRole.UserRole + 1)
            group.setToolTip(f"Adding {miss.card} would complete {n} catalog combo"
                             + ("" if n == 1 else "s"))
            for combo in miss.combos:
                have = [c for c in combo.cards if c.casefold() != miss.card.casefold()]
                child = QStandardItem(combo.name)
                child.setData(tuple(combo.cards), Qt.ItemDataRole.UserRole)
                child.setToolTip(f"{combo.name}\nNeeds: {', '.join(combo.cards)}\n"
                                 f"Result: {combo.result_detail or combo.result.label}")
                group.appendRow([child, _plain_item(", ".join(have))])
            self.near_model.appendRow([group, _plain_item("")])
        self.near_tree.expandAll()

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        finding = self.proxy.data(current, FINDING_ROLE) if current.isValid() else None
        last, self._last = self._last, finding
        if self._syncing or finding is None or finding is last:
            return
        self.combo_activated.emit(finding)


def _plain_item(text: str) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    return item


def summary_text(report: ComboReport) -> str:
    """One line saying what a :class:`ComboReport` holds, and why it is empty when it is."""
    near = len(report.near_misses)
    near_words = (f"{near} near miss" + ("" if near == 1 else "es") + " below") if near \
        else "no near misses either"
    if not report.findings:
        return f"No combo from the catalog is complete in this deck; {near_words}."
    counts: dict[str, int] = {}
    for finding in report.findings:
        counts[finding.verdict.label] = counts.get(finding.verdict.label, 0) + 1
    parts = [f"{counts[label]} {word}" for label, word in (
        ("verified", "verified"), ("not_working", "not working"),
        ("not_verifiable", "not verifiable")) if counts.get(label)]
    n = len(report.findings)
    return (f"{n} combo" + ("" if n == 1 else "s") + f" in this deck: {', '.join(parts)}; "
            + (f"{near_words}." if near else "no near misses."))
