"""The Deck tab's tree: group rows ("Creatures (24)") over the deck's entries.

A thin adapter (STYLE.md habit 15) over :class:`analyzer.decks.Deck`: the commander(s) first,
then the main deck by display group, then the other sections (:meth:`Deck.groups`). Entries
whose name matched no card are drawn in red with their issue as tooltip.

The main deck is grouped by card type (:attr:`GroupBy.TYPE`) or by the synergy graph's
packages (:attr:`GroupBy.PACKAGE`, names from :func:`analyzer.graph.packages`). For the
editor, :attr:`DeckModel.show_empty_sections` keeps the Commander, Sideboard and Maybeboard
groups (and an empty main deck) as drop targets while a card is dragged over the list,
and always for a deck with no cards yet.

The model never changes the deck: an edit of the *Qty* cell emits :attr:`count_edited`,
a drop :attr:`cards_dropped` or :attr:`entries_dropped`; the deck editor turns them into
undoable edits and shows the new deck with :meth:`set_deck`.
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from analyzer.decks import MAX_COUNT, Deck, DeckGroup, ParseIssue, ResolvedEntry, Section
from ui.dnd import CARD_MIME, card_ids_from_mime, card_mime

__all__ = [
    "CARD_ID_ROLE",
    "CARD_ROLE",
    "COLUMNS",
    "ENTRY_MIME",
    "ENTRY_ROLE",
    "IS_GROUP_ROLE",
    "NO_PACKAGE",
    "QTY_COLUMN",
    "SECTION_ROLE",
    "SORT_ROLE",
    "DeckModel",
    "GroupBy",
    "package_groups",
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

SECTION_ROLE = Qt.ItemDataRole.UserRole + 6
"""The :class:`~analyzer.decks.Section` of a group or card row."""

COLUMNS = ("Qty", "Card", "Mana cost", "MV", "Type")
"""Column titles; group rows span every column."""
QTY_COLUMN = 0
"""The editable count column."""
ENTRY_MIME = "application/x-spellweb-deck-entries"
"""MIME type of deck rows dragged inside the deck list: ``<model token>:<deck id>;`` then
their indexes in ``Deck.entries``. Only the model (and deck version) that wrote it honours
the indexes; a drop on another window's list adds the rows' cards by id (:data:`CARD_MIME`)."""
NO_PACKAGE = "No package"
"""The group of main deck cards in no package of the synergy graph."""
_EDITOR_SECTIONS = (Section.COMMANDER, Section.SIDEBOARD, Section.MAYBEBOARD)


class GroupBy(enum.Enum):
    """How the main deck is grouped."""

    TYPE = "type"
    """By card type (:meth:`analyzer.decks.Deck.groups`)."""
    PACKAGE = "package"
    """By package of the synergy graph (:func:`package_groups`)."""


def package_groups(deck: Deck, packages: Mapping[Hashable, str]) -> list[DeckGroup]:
    """The deck's groups with the main deck by package: ``packages`` maps a card id to its
    package's name (:attr:`ui.controllers.LoadedDeck.groups`); packages in order of first
    appearance in ``packages``, then :data:`NO_PACKAGE`; other sections as
    :meth:`Deck.groups` shows them."""
    order = list(dict.fromkeys(packages.values()))
    by_package: dict[str, list[ResolvedEntry]] = {}
    for entry in deck.section(Section.MAIN):
        name = packages.get(entry.card.id, NO_PACKAGE) if entry.card else NO_PACKAGE
        by_package.setdefault(name, []).append(entry)
    main = [DeckGroup(name, tuple(by_package[name]), Section.MAIN)
            for name in [*order, NO_PACKAGE] if name in by_package]
    others = [g for g in deck.groups() if g.section is not Section.MAIN]
    commander = [g for g in others if g.section is Section.COMMANDER]
    return commander + main + [g for g in others if g.section is not Section.COMMANDER]

_ROOT = QModelIndex()
_NO_PARENT = 0  # internalId of group rows; card rows hold their group's row + 1
_UNRESOLVED = QBrush(QColor("#c62828"))


class DeckModel(QAbstractItemModel):
    """Tree model of a deck: group rows, then one row per entry (see :data:`COLUMNS`)."""

    count_edited = Signal(object, int)
    """``(ResolvedEntry, count)``: the user typed a new count in the *Qty* cell."""
    cards_dropped = Signal(list, object)
    """``(card ids, Section)``: cards dragged from the card browser (:data:`CARD_MIME`)
    were dropped on a section's group or rows (the main deck elsewhere)."""
    entries_dropped = Signal(list, object)
    """``(ResolvedEntry list, Section)``: rows of this deck dragged onto another section."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._token = uuid.uuid4().hex   # names this model in the rows it lets drag
        self._deck: Deck | None = None
        self._groups: list[DeckGroup] = []
        self._issues: dict[tuple[int | None, str], ParseIssue] = {}
        self._group_by = GroupBy.TYPE
        self._packages: dict[Hashable, str] = {}
        self.show_empty_sections = False
        """Keep empty Commander, Sideboard and Maybeboard groups (drop targets; see
        :meth:`set_show_empty_sections`)."""
        self.editable = False
        """Whether the *Qty* cells can be edited and cards dropped."""

    # -- helpers ---------------------------------------------------------------------------

    @property
    def group_by(self) -> GroupBy:
        """How the main deck is grouped."""
        return self._group_by

    def set_grouping(self, group_by: GroupBy,
                     packages: Mapping[Hashable, str] | None = None) -> None:
        """Group the main deck ``group_by`` (with ``packages``, card id -> package name,
        if given); the tree is rebuilt."""
        self._group_by = group_by
        if packages is not None:
            self._packages = dict(packages)
        self.set_deck(self._deck)

    def set_packages(self, packages: Mapping[Hashable, str]) -> None:
        """The package of each card (after an analysis); rebuilt if grouped by package."""
        self._packages = dict(packages)
        if self._group_by is GroupBy.PACKAGE:
            self.set_deck(self._deck)

    def set_show_empty_sections(self, show: bool) -> None:
        """Show (True) or hide the empty sections' groups; the tree is rebuilt if it
        changes (an editable model shows them anyway while the deck has no cards)."""
        if show != self.show_empty_sections:
            self.show_empty_sections = show
            if self._deck is not None and self._deck.entries:
                self.set_deck(self._deck)

    def _make_groups(self, deck: Deck) -> list[DeckGroup]:
        groups = (package_groups(deck, self._packages) if self._group_by is GroupBy.PACKAGE
                  else deck.groups())
        if not (self.show_empty_sections or (self.editable and not deck.entries)):
            return groups
        if not any(g.section is Section.MAIN for g in groups):
            groups.insert(1 if groups and groups[0].section is Section.COMMANDER else 0,
                          DeckGroup(Section.MAIN.title, (), Section.MAIN))
        for section in _EDITOR_SECTIONS:
            if not any(g.section is section for g in groups):
                empty = DeckGroup(section.title, (), section)
                groups.insert(0, empty) if section is Section.COMMANDER else groups.append(empty)
        return groups

    def set_deck(self, deck: Deck | None) -> None:
        """Show ``deck`` (None empties the tree)."""
        self.beginResetModel()
        self._deck = deck
        self._groups = self._make_groups(deck) if deck is not None else []
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

    def section_at(self, index: QModelIndex | QPersistentModelIndex) -> Section:
        """The section of a row (its group's); the main deck for no row."""
        item = self.item_at(index)
        return item.section if item is not None else Section.MAIN

    def index_of_entry(self, entry: ResolvedEntry | None, column: int = 0) -> QModelIndex:
        """The row showing ``entry`` (that object, else an entry of the same card or name
        in the same section); invalid if none."""
        if entry is None:
            return QModelIndex()
        fallback = QModelIndex()
        for g, group in enumerate(self._groups):
            for r, shown in enumerate(group.entries):
                if shown is entry:
                    return self.index(r, column, self.index(g, 0))
                same = (shown.card.id == entry.card.id if shown.card and entry.card
                        else shown.name == entry.name)
                if same and shown.section is entry.section and not fallback.isValid():
                    fallback = self.index(r, column, self.index(g, 0))
        return fallback

    def _dragged(self, indexes: Sequence[QModelIndex]) -> list[ResolvedEntry]:
        found: list[ResolvedEntry] = []
        for index in indexes:
            item = self.item_at(index)
            if isinstance(item, ResolvedEntry) and not any(item is f for f in found):
                found.append(item)
        return found

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
            return Qt.ItemFlag.ItemIsDropEnabled if self.editable else Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.editable:
            flags |= Qt.ItemFlag.ItemIsDropEnabled
            if index.internalId() != _NO_PARENT:
                flags |= Qt.ItemFlag.ItemIsDragEnabled
                if index.column() == QTY_COLUMN:
                    flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        item = self.item_at(index)
        if (role != Qt.ItemDataRole.EditRole or index.column() != QTY_COLUMN
                or not isinstance(item, ResolvedEntry) or not self.editable):
            return False
        try:
            count = int(value)
        except (TypeError, ValueError):
            return False
        if not 0 <= count <= MAX_COUNT or isinstance(value, bool):
            return False
        if count != item.count:
            self.count_edited.emit(item, count)
        return True

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def mimeTypes(self) -> list[str]:
        return [ENTRY_MIME, CARD_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        entries = self._dragged(indexes)
        mime = card_mime((e.card.id, e.card.name) for e in entries if e.card is not None)
        if self._deck is not None:
            positions = [i for i, e in enumerate(self._deck.entries)
                         if any(e is d for d in entries)]
            text = f"{self._owner()};{','.join(map(str, positions))}"
            mime.setData(ENTRY_MIME, text.encode("ascii"))
        return mime

    def _owner(self) -> str:
        return f"{self._token}:{id(self._deck)}"

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: QModelIndex | QPersistentModelIndex) -> bool:
        return self.editable and (data.hasFormat(ENTRY_MIME) or data.hasFormat(CARD_MIME))

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: QModelIndex | QPersistentModelIndex) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        section = self.section_at(parent)
        text = bytes(data.data(ENTRY_MIME).data()).decode("ascii", errors="replace")
        owner, _, positions = text.partition(";")
        if data.hasFormat(ENTRY_MIME) and self._deck is not None and owner == self._owner():
            entries = [self._deck.entries[int(i)] for i in positions.split(",")
                       if i.isdigit() and int(i) < len(self._deck.entries)]
            moving = [e for e in entries if e.section is not section]
            if moving:
                self.entries_dropped.emit(moving, section)
            return False   # the editor moves them; the view must not remove rows itself
        ids = card_ids_from_mime(data)
        if ids:
            self.cards_dropped.emit(ids, section)
        return bool(ids)

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
        if role == SECTION_ROLE:
            return group.section
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
        if role == SECTION_ROLE:
            return entry.section
        if role == Qt.ItemDataRole.EditRole and column == QTY_COLUMN:
            return entry.count
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
