"""The Deck tab's tree: group rows ("Creatures (24)") over the deck's entries.

A thin adapter (STYLE.md habit 15) over :class:`analyzer.decks.Deck`: the commander(s) first,
then the main deck by display group, then the other sections (:meth:`Deck.groups`). Entries
whose name matched no card are drawn in red with their issue as tooltip.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from analyzer.decks import Deck, DeckGroup, ParseIssue, ResolvedEntry

__all__ = [
    "CARD_ID_ROLE",
    "CARD_ROLE",
    "COLUMNS",
    "ENTRY_ROLE",
    "IS_GROUP_ROLE",
    "SORT_ROLE",
    "DeckModel",
]

CARD_ROLE = Qt.ItemDataRole.UserRole + 1
"""The entry's :class:`~analyzer.cards.model.Card` (None on group rows and unknown names)."""
ENTRY_ROLE = Qt.ItemDataRole.UserRole + 2
"""The :class:`~analyzer.decks.model.ResolvedEntry` of a card row (None on group rows)."""
CARD_ID_ROLE = Qt.ItemDataRole.UserRole + 3
"""The card id of a card row (None on group rows and unknown names)."""
IS_GROUP_ROLE = Qt.ItemDataRole.UserRole + 4
"""True on group rows."""
SORT_ROLE = Qt.ItemDataRole.UserRole + 5
"""A value to sort by (numbers for counts and mana values)."""

COLUMNS = ("Qty", "Card", "Mana cost", "MV", "Type")
"""Column titles; group rows span every column."""

_ROOT = QModelIndex()
_NO_PARENT = 0  # internalId of group rows; card rows hold their group's row + 1
_UNRESOLVED = QBrush(QColor("#c62828"))


class DeckModel(QAbstractItemModel):
    """Tree model of a deck: group rows, then one row per entry (see :data:`COLUMNS`)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._deck: Deck | None = None
        self._groups: list[DeckGroup] = []
        self._issues: dict[tuple[int | None, str], ParseIssue] = {}

    # -- helpers ---------------------------------------------------------------------------

    def set_deck(self, deck: Deck | None) -> None:
        """Show ``deck`` (None empties the tree)."""
        self.beginResetModel()
        self._deck = deck
        self._groups = deck.groups() if deck is not None else []
        self._issues = {}
        if deck is not None:
            for issue in deck.issues:
                self._issues.setdefault((issue.line_no, issue.text.strip()), issue)
                self._issues.setdefault((issue.line_no, ""), issue)
        self.endResetModel()

    def deck(self) -> Deck | None:
        """The deck shown."""
        return self._deck

    def groups(self) -> list[DeckGroup]:
        """The group rows, in order."""
        return list(self._groups)

    def item_at(self, index: QModelIndex | QPersistentModelIndex) -> DeckGroup | ResolvedEntry | None:
        """The group or entry of a row (None for an invalid index)."""
        if not index.isValid():
            return None
        parent = index.internalId()
        if parent == _NO_PARENT:
            return self._groups[index.row()] if index.row() < len(self._groups) else None
        group = self._groups[parent - 1]
        return group.entries[index.row()] if index.row() < len(group.entries) else None

    def index_of_card(self, card_id: str) -> QModelIndex:
        """The first row whose card has id ``card_id`` (invalid index if none)."""
        for g, group in enumerate(self._groups):
            for r, entry in enumerate(group.entries):
                if entry.card is not None and entry.card.id == card_id:
                    return self.index(r, 0, self.index(g, 0))
        return QModelIndex()

    def issue_for(self, entry: ResolvedEntry) -> ParseIssue | None:
        """The issue reported for an entry's line, if any."""
        line = entry.entry.line_no
        return self._issues.get((line, entry.name.strip())) or self._issues.get((line, "")) \
            or next((i for i in self._issues.values() if i.text.strip() == entry.name), None)

    # -- Qt overrides ----------------------------------------------------------------------

    def index(self, row: int, column: int,
              parent: QModelIndex | QPersistentModelIndex = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _NO_PARENT)
        if parent.internalId() != _NO_PARENT:
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: QModelIndex | QPersistentModelIndex = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == _NO_PARENT:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _NO_PARENT)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        if not parent.isValid():
            return len(self._groups)
        if parent.column() != 0 or parent.internalId() != _NO_PARENT:
            return 0
        return len(self._groups[parent.row()].entries)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return len(COLUMNS)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return ("Copies", "Card name", "Mana cost", "Mana value",
                        "Type line")[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index)
        if item is None:
            return None
        if isinstance(item, DeckGroup):
            return self._group_data(item, index.column(), role)
        return self._entry_data(item, index.column(), role)

    # -- helpers ---------------------------------------------------------------------------

    def _group_data(self, group: DeckGroup, column: int, role: int) -> Any:
        if role == IS_GROUP_ROLE:
            return True
        if role == Qt.ItemDataRole.DisplayRole and column == 0:
            return group.label
        if role == SORT_ROLE:
            return group.count if column == 0 else group.title
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{group.label}: {len(group.entries)} different cards"
        if role in (CARD_ROLE, ENTRY_ROLE, CARD_ID_ROLE):
            return None
        return None

    def _entry_data(self, entry: ResolvedEntry, column: int, role: int) -> Any:
        card = entry.card
        if role == CARD_ROLE:
            return card
        if role == ENTRY_ROLE:
            return entry
        if role == CARD_ID_ROLE:
            return card.id if card is not None else None
        if role == IS_GROUP_ROLE:
            return False
        if role == Qt.ItemDataRole.DisplayRole:
            return self._entry_text(entry, column)
        if role == SORT_ROLE:
            if column == 0:
                return entry.count
            if column == 3:
                return card.mana_value if card is not None else -1.0
            return self._entry_text(entry, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and card is None:
            return _UNRESOLVED
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._entry_tooltip(entry)
        return None

    @staticmethod
    def _entry_text(entry: ResolvedEntry, column: int) -> str:
        card = entry.card
        if column == 0:
            return str(entry.count)
        if column == 1:
            return card.name if card is not None else entry.name
        if card is None:
            return ""
        if column == 2:
            return card.mana_cost
        if column == 3:
            value = card.mana_value
            return str(int(value)) if value == int(value) else str(value)
        if column == 4:
            return card.type_line
        return ""

    def _entry_tooltip(self, entry: ResolvedEntry) -> str:
        issue = self.issue_for(entry)
        if entry.card is None:
            return str(issue) if issue is not None else f"{entry.name!r}: no card of that name"
        parts = [entry.card.name, entry.card.type_line]
        if entry.note:
            parts.append(entry.note)
        if issue is not None:
            parts.append(str(issue))
        return "\n".join(p for p in parts if p)
