"""The card browser's result table: one row per :class:`CardSummary`, fetched in batches.

A thin adapter (STYLE.md habit 15) over :class:`~analyzer.cards.search.results.SearchResults`.
The whole answer (up to every card of the database, 24,000 light rows) arrives at once from
the search worker; the view sees it :data:`BATCH` rows at a time through
``canFetchMore`` / ``fetchMore``, as Qt's *fetchmore* example does, so a broad query never
makes the view lay out thousands of rows. Sorting sorts the whole answer, not only the rows
fetched: each column's sort key is computed once per answer as one int a card (the rank of
its key among the answer's distinct keys), so sorting 24,000 rows compares ints, not tuples.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from operator import attrgetter
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from analyzer.cards.search.results import CardSummary, SearchResults, name_sort_key
from ui.dnd import CARD_MIME, card_mime

__all__ = [
    "BATCH",
    "CARD_ID_ROLE",
    "COLUMNS",
    "SUMMARY_ROLE",
    "CardTableModel",
    "Column",
]

SUMMARY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row's :class:`CardSummary`."""
CARD_ID_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's card id."""

BATCH = 200
"""Rows handed to the view per ``fetchMore``."""

AnyIndex = QModelIndex | QPersistentModelIndex


class Column:
    """Column numbers."""

    NAME, COST, MV, TYPE, STATS, IDENTITY, RARITY = range(7)


COLUMNS = ("Name", "Mana cost", "MV", "Type", "P/T", "Identity", "Rarity")
"""Column titles, in :class:`Column` order."""

_TIPS = ("The card's full name", "Mana cost of each face (MTGJSON manaCost)",
         "Mana value (CR 202.3)", "Type line of each face", "Power/toughness, loyalty or "
         "defense of the front face", "Colour identity (CR 903.4)",
         "Rarities of the card's printings (needs printings data)")

_NONE = float("-inf")
"""Sort value of a missing power or toughness: below every number."""

_IDENTITY_ORDER = {"".join(c for i, c in enumerate("WUBRG") if mask & (1 << i)): (
    bin(mask).count("1"), [i for i in range(5) if mask & (1 << i)]) for mask in range(32)}
"""Colour identity letters -> sort key: fewer colours first, then WUBRG order."""

_SORT_KEYS: dict[int, Callable[[CardSummary], Any]] = {
    Column.NAME: lambda s: name_sort_key(s.name),
    Column.COST: attrgetter("mana_value", "mana_cost"),
    Column.MV: attrgetter("mana_value"),
    Column.TYPE: attrgetter("type_line"),
    Column.STATS: lambda s: (_NONE if s.power_value is None else s.power_value,
                             _NONE if s.toughness_value is None else s.toughness_value),
    Column.IDENTITY: lambda s: _IDENTITY_ORDER[s.identity],
    Column.RARITY: attrgetter("rarity_rank"),
}


@contextmanager
def _no_gc() -> Iterator[None]:
    """Hold the cyclic garbage collector off while sorting: the sort allocates tens of
    thousands of short-lived ints and lists (no cycles), and the collections they trigger
    doubled a sort's time (88 -> 43 ms for 24,000 rows by mana cost)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _mv_text(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


class CardTableModel(QAbstractTableModel):
    """Search results as a table (see :data:`COLUMNS`), shown :data:`BATCH` rows at a time."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._cards: list[CardSummary] = []
        self._by_name: list[CardSummary] = []
        self._shown = 0
        self._fetching = False
        self._query = ""
        self._has_rarities = False
        self._sort: tuple[int, Qt.SortOrder] = (Column.NAME, Qt.SortOrder.AscendingOrder)
        self._ranks: dict[int, list[int]] = {}

    # -- helpers ---------------------------------------------------------------------------

    def set_results(self, results: SearchResults | None) -> None:
        """Show ``results`` (None empties the table), sorted as the view last asked; the
        first :data:`BATCH` rows are fetched."""
        self.beginResetModel()
        with _no_gc():
            self._by_name = sorted(results.cards if results is not None else (),
                                   key=_SORT_KEYS[Column.NAME])
            self._ranks = {}
            self._cards = list(self._by_name)
            self._query = results.query if results is not None else ""
            self._has_rarities = bool(results is not None and results.has_rarities)
            self._sort_cards()
        self._shown = min(BATCH, len(self._cards))
        self._end_reset()

    @property
    def query(self) -> str:
        """The query whose results are shown ("" when none)."""
        return self._query

    @property
    def has_rarities(self) -> bool:
        """True when the rarity column has data (the database holds printings)."""
        return self._has_rarities

    def total(self) -> int:
        """Number of cards in the results (fetched into the view or not)."""
        return len(self._cards)

    def summaries(self) -> Sequence[CardSummary]:
        """Every result, in the current sort order."""
        return tuple(self._cards)

    def item_at(self, index: AnyIndex) -> CardSummary | None:
        """The card summary of a row (None for an invalid index)."""
        if not index.isValid() or not 0 <= index.row() < self._shown:
            return None
        return self._cards[index.row()]

    def row_of(self, card_id: str) -> int:
        """The row of a card in the sorted results (fetched or not), or -1 (a scan: it is
        asked once per selection, cheaper than a dict rebuilt at every sort)."""
        for row, summary in enumerate(self._cards):
            if summary.id == card_id:
                return row
        return -1

    def fetch_through(self, row: int) -> None:
        """Fetch the batches down to ``row`` (one insertion), so it is in the view."""
        if self._shown <= row < len(self._cards):
            self._fetch(min(len(self._cards), (row // BATCH + 1) * BATCH) - self._shown)

    # -- Qt overrides ----------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._shown

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def canFetchMore(self, parent: AnyIndex) -> bool:
        return not parent.isValid() and not self._fetching and self._shown < len(self._cards)

    def fetchMore(self, parent: AnyIndex) -> None:
        if not parent.isValid():
            self._fetch(min(BATCH, len(self._cards) - self._shown))

    def _fetch(self, count: int) -> None:
        if count <= 0 or self._fetching:
            return
        self._fetching = True   # a view or tester reacting to the insert may ask again
        try:
            self.beginInsertRows(QModelIndex(), self._shown, self._shown + count - 1)
            self._shown += count
            self.endInsertRows()
        finally:
            self._fetching = False

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        summary = self.item_at(index)
        if summary is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(summary, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(summary, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (Column.MV, Column.STATS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._accessible(summary, column)
        if role == SUMMARY_ROLE:
            return summary
        if role == CARD_ID_ROLE:
            return summary.id
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return _TIPS[section]
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDragEnabled)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort every result (not only the rows fetched); the rows fetched stay as many.
        A model reset, not a layout change: the rows fetched are other cards after it."""
        if column not in _SORT_KEYS:
            return
        self._sort = (column, order)
        self.beginResetModel()
        with _no_gc():
            self._sort_cards()
        self._end_reset()

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME, "text/plain"]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        seen: dict[str, str] = {}
        for index in indexes:
            summary = self.item_at(index)
            if summary is not None:
                seen.setdefault(summary.id, summary.name)
        return card_mime(seen.items())

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    # -- internals -------------------------------------------------------------------------

    def _end_reset(self) -> None:
        """End a reset; no fetching while ``modelReset`` is delivered (a slot fetching then
        would insert rows inside the reset: Qt's model tester flags it)."""
        self._fetching = True
        try:
            self.endResetModel()
        finally:
            self._fetching = False

    def _sort_cards(self) -> None:
        column, order = self._sort
        descending = order == Qt.SortOrder.DescendingOrder
        if column == Column.NAME:
            self._cards = self._by_name[::-1] if descending else list(self._by_name)
            return
        ranks = self._column_ranks(column)
        # stable, reverse included: equal keys stay by name
        rows = sorted(range(len(ranks)), key=ranks.__getitem__, reverse=descending)
        by_name = self._by_name
        self._cards = [by_name[i] for i in rows]

    def _column_ranks(self, column: int) -> list[int]:
        """The rank of each card's key (in :attr:`_by_name` order) among the answer's
        distinct keys of ``column``: computed once per answer and column."""
        ranks = self._ranks.get(column)
        if ranks is None:
            keys = list(map(_SORT_KEYS[column], self._by_name))
            rank_of = {key: i for i, key in enumerate(sorted(set(keys)))}
            ranks = self._ranks[column] = [rank_of[key] for key in keys]
        return ranks

    @staticmethod
    def _display(summary: CardSummary, column: int) -> str:
        if column == Column.NAME:
            return summary.name
        if column == Column.COST:
            return summary.mana_cost
        if column == Column.MV:
            return _mv_text(summary.mana_value)
        if column == Column.TYPE:
            return summary.type_line
        if column == Column.STATS:
            return summary.stats
        if column == Column.IDENTITY:
            return summary.identity_symbols
        return summary.rarity

    @staticmethod
    def _tooltip(summary: CardSummary, column: int) -> str:
        if column == Column.COST:
            return summary.mana_cost or "No mana cost"
        if column == Column.IDENTITY:
            return f"Colour identity: {summary.identity or 'colourless'}"
        if column == Column.RARITY:
            return summary.rarity or "No printings data"
        return f"{summary.name}\n{summary.type_line}"

    @staticmethod
    def _accessible(summary: CardSummary, column: int) -> str:
        if column == Column.COST:
            return summary.mana_cost or "no mana cost"
        if column == Column.IDENTITY:
            return summary.identity or "colourless"
        return CardTableModel._display(summary, column)
