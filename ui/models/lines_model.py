"""Item models of the Lines view: the board, the stack, the log, the legal actions, the line
being stepped through, the lines found and the deck's cards.

Each is a thin adapter (STYLE.md habit 15) over the values of
:mod:`analyzer.simulate.play` (:class:`~analyzer.simulate.play.BoardSnapshot`,
:class:`~analyzer.simulate.play.ActionChoice`, the game's log events) and
:mod:`analyzer.simulate.lines` (:class:`~analyzer.simulate.lines.Line`): they map rows and
roles to fields and decide nothing about Magic. ``item_at(index)`` gives the object of a row.

:class:`BoardModel` is a tree, player → zone → card, that accepts card drags
(:data:`ui.dnd.CARD_MIME`) onto a zone (or a card or player in it) and says so with
:attr:`BoardModel.cards_dropped`; the Lines view decides what a drop does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from analyzer.cards.model import Card
from analyzer.rules import Event, Zone
from analyzer.simulate.lines import Line
from analyzer.simulate.play import (
    ActionChoice,
    BoardSnapshot,
    ObjectView,
    PlayerView,
    StackEntry,
    ZoneView,
)
from ui.dnd import CARD_MIME, card_ids_from_mime, card_mime

__all__ = [
    "BOARD_COLUMNS",
    "CARD_ROLE",
    "ITEM_ROLE",
    "LOG_COLUMNS",
    "ActionsModel",
    "BoardModel",
    "DeckCardsModel",
    "FoundLinesModel",
    "LogModel",
    "ScriptModel",
    "StackModel",
]

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row's object (:meth:`item_at`)."""
CARD_ROLE = Qt.ItemDataRole.UserRole + 2
"""The card name of a row that shows a card (for the shared selection), else None."""
BOARD_COLUMNS = ("Card", "P/T", "State")
"""Columns of :class:`BoardModel`."""
LOG_COLUMNS = ("#", "Event")
"""Columns of :class:`LogModel`."""
_ROOT = QModelIndex()
_ZONE_BASE = 1
_OBJECT_BASE = 1_000
_ZONES_PER_PLAYER = 16
_Index = QModelIndex | QPersistentModelIndex


_BOLD: list[QFont] = []


def _bold() -> QFont:
    """A bold font (made once, after the application exists)."""
    if not _BOLD:
        font = QFont()
        font.setBold(True)
        _BOLD.append(font)
    return _BOLD[0]


# == the board ===============================================================================


class BoardModel(QAbstractItemModel):
    """The board as a tree: each player (life, mana pool), their zones, the cards in each
    (columns :data:`BOARD_COLUMNS`: name, power/toughness, states).

    Internal ids: a player row has 0; a zone row ``1 + player``; a card row
    ``1000 + player * 16 + zone`` (the row of its parent is recoverable from the id).
    """

    cards_dropped = Signal(list, str, object, int)
    """``(card ids, player, Zone, index in the zone or -1 for the end)`` of a card drag
    dropped on the board."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._snapshot: BoardSnapshot | None = None
        self._children: dict[int, Sequence[Any]] = {}
        self.editable = True
        """Whether drops are accepted (the Lines view allows edits at the start board)."""

    # -- helpers ---------------------------------------------------------------------------

    def set_snapshot(self, snapshot: BoardSnapshot | None) -> None:
        """Show ``snapshot`` (None: an empty board)."""
        self.beginResetModel()
        self._snapshot = snapshot
        self._children = {}
        if snapshot is not None:   # each parent's rows by its internal id (see item_at)
            self._children[0] = snapshot.players
            for p, player in enumerate(snapshot.players):
                self._children[_ZONE_BASE + p] = player.zones
                for z, zone in enumerate(player.zones):
                    self._children[_OBJECT_BASE + p * _ZONES_PER_PLAYER + z] = zone.objects
        self.endResetModel()

    @property
    def snapshot(self) -> BoardSnapshot | None:
        """The board shown."""
        return self._snapshot

    def item_at(self, index: _Index) -> PlayerView | ZoneView | ObjectView | None:
        """The player, zone or card of a row (None for an invalid index)."""
        if not index.isValid():
            return None
        rows = self._children.get(index.internalId())
        row = index.row()
        return rows[row] if rows is not None and 0 <= row < len(rows) else None

    def player_of(self, index: _Index) -> str | None:
        """The name of the player a row belongs to."""
        if self._snapshot is None or not index.isValid():
            return None
        ident = index.internalId()
        row = index.row() if ident == 0 else (ident - _ZONE_BASE if ident < _OBJECT_BASE else
                                              (ident - _OBJECT_BASE) // _ZONES_PER_PLAYER)
        players = self._snapshot.players
        return players[row].name if 0 <= row < len(players) else None

    def zone_index(self, player: str, zone: Zone) -> QModelIndex:
        """The row of ``player``'s ``zone`` (invalid if not shown)."""
        if self._snapshot is None:
            return QModelIndex()
        for p, view in enumerate(self._snapshot.players):
            if view.name == player:
                for z, zone_view in enumerate(view.zones):
                    if zone_view.zone is zone:
                        return self.createIndex(z, 0, _ZONE_BASE + p)
        return QModelIndex()

    def object_index(self, oid: int) -> QModelIndex:
        """The row of the object ``oid`` (invalid if not in a zone shown)."""
        if self._snapshot is None:
            return QModelIndex()
        for p, view in enumerate(self._snapshot.players):
            for z, zone_view in enumerate(view.zones):
                for row, obj in enumerate(zone_view.objects):
                    if obj.oid == oid:
                        return self.createIndex(row, 0, _OBJECT_BASE + p * _ZONES_PER_PLAYER + z)
        return QModelIndex()

    # -- Qt overrides ----------------------------------------------------------------------

    def index(self, row: int, column: int, parent: _Index = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        ident = parent.internalId()
        if ident == 0:
            return self.createIndex(row, column, _ZONE_BASE + parent.row())
        if ident < _OBJECT_BASE:
            player = ident - _ZONE_BASE
            return self.createIndex(row, column,
                                    _OBJECT_BASE + player * _ZONES_PER_PLAYER + parent.row())
        return QModelIndex()

    def parent(self, index: _Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        ident = index.internalId()
        if ident == 0:
            return QModelIndex()
        if ident < _OBJECT_BASE:
            return self.createIndex(ident - _ZONE_BASE, 0, 0)
        player, zone = divmod(ident - _OBJECT_BASE, _ZONES_PER_PLAYER)
        return self.createIndex(zone, 0, _ZONE_BASE + player)

    def rowCount(self, parent: _Index = _ROOT) -> int:
        if self._snapshot is None or parent.column() > 0:
            return 0
        if not parent.isValid():
            return len(self._snapshot.players)
        item = self.item_at(parent)
        if isinstance(item, PlayerView):
            return len(item.zones)
        if isinstance(item, ZoneView):
            return len(item.objects)
        return 0

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return len(BOARD_COLUMNS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index)
        if item is None:
            return None
        column = index.column()
        if role == ITEM_ROLE:
            return item
        if role == CARD_ROLE:
            return item.card if isinstance(item, ObjectView) else None
        if isinstance(item, PlayerView):
            return self._player_data(item, column, role)
        if isinstance(item, ZoneView):
            if role == Qt.ItemDataRole.DisplayRole and column == 0:
                return f"{item.label} ({len(item.objects)})"
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"{item.label}: drop cards from the deck list here to set up the board"
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            name = item.name if item.name == item.card else f"{item.name} ({item.card})"
            return (name, item.pt, item.state)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [item.card, item.pt, item.state]
            return " · ".join(p for p in parts if p)
        if role == Qt.ItemDataRole.FontRole and column == 0 and item.tapped:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return ", ".join(p for p in (item.name, item.pt, item.state) if p)
        return None

    def _player_data(self, item: PlayerView, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                marks = [w for w, on in (("active", item.active), ("priority", item.priority),
                                         ("lost", item.lost)) if on]
                return f"Player {item.name}" + (f" ({', '.join(marks)})" if marks else "")
            if column == 1:
                return f"{item.life} life"
            return f"Mana pool: {item.pool}" if item.pool else "Mana pool: empty"
        if role == Qt.ItemDataRole.FontRole:
            return _bold()
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"Player {item.name}: {item.life} life, mana pool "
                    f"{item.pool or 'empty'}")
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(BOARD_COLUMNS):
            return BOARD_COLUMNS[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if self.editable:
            base |= Qt.ItemFlag.ItemIsDropEnabled
        if isinstance(self.item_at(index), ObjectView):
            base |= Qt.ItemFlag.ItemIsDragEnabled
        return base

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME]

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: _Index) -> bool:
        return self.editable and bool(card_ids_from_mime(data)) and \
            self._drop_target(row, parent) is not None

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: _Index) -> bool:
        ids = card_ids_from_mime(data)
        target = self._drop_target(row, parent)
        if not self.editable or not ids or target is None:
            return False
        self.cards_dropped.emit(ids, target[0], target[1], target[2])
        return True

    def _drop_target(self, row: int, parent: _Index) -> tuple[str, Zone, int] | None:
        """Where a drop lands: on a zone (at ``row``; the library's top when dropped on the
        library itself, the end of other zones), on a card (before it, in its zone), on a
        player (their hand)."""
        item = self.item_at(parent)
        player = self.player_of(parent)
        if player is None:
            return None
        if isinstance(item, PlayerView):
            return player, Zone.HAND, -1
        if isinstance(item, ZoneView):   # onto the library itself: its top (index 0)
            return player, item.zone, 0 if row < 0 and item.zone is Zone.LIBRARY else row
        if isinstance(item, ObjectView):
            zone = self.item_at(self.parent(parent))
            if isinstance(zone, ZoneView):
                return player, zone.zone, parent.row()
        return None


# == flat lists ==============================================================================


class _ListModel(QAbstractListModel):
    """A list of values shown one line each (subclasses give ``_text``)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._items: list[Any] = []

    def set_items(self, items: Sequence[Any]) -> None:
        """Show ``items``."""
        self.beginResetModel()
        self._items = list(items)
        self.endResetModel()

    def items(self) -> list[Any]:
        """The rows shown."""
        return list(self._items)

    def item_at(self, index: _Index) -> Any:
        """The value of a row (None for an invalid index)."""
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        return self._items[index.row()]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._items)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index)
        if item is None or index.column() != 0:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._text(index.row(), item)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(index.row(), item)
        if role == ITEM_ROLE:
            return item
        if role == CARD_ROLE:
            return self._card(item)
        if role == Qt.ItemDataRole.FontRole:
            return _bold() if self._strong(index.row(), item) else None
        return None

    def _text(self, row: int, item: Any) -> str:
        return str(item)

    def _tip(self, row: int, item: Any) -> str:
        return self._text(row, item)

    def _card(self, item: Any) -> str | None:
        return None

    def _strong(self, row: int, item: Any) -> bool:
        return False


class StackModel(_ListModel):
    """The stack, top first (:class:`~analyzer.simulate.play.StackEntry` rows)."""

    def _text(self, row: int, item: Any) -> str:
        assert isinstance(item, StackEntry)
        return f"{row + 1}. {item.text} — {item.controller}"

    def _tip(self, row: int, item: Any) -> str:
        top = " (top: resolves first)" if row == 0 else ""
        return f"{self._text(row, item)}{top}"

    def _card(self, item: Any) -> str | None:
        return str(item.card)


class ActionsModel(_ListModel):
    """The legal actions now (:class:`~analyzer.simulate.play.ActionChoice` rows, in
    words)."""

    def _text(self, row: int, item: Any) -> str:
        assert isinstance(item, ActionChoice)
        return item.words

    def _tip(self, row: int, item: Any) -> str:
        return f"{item.words}: double-click or Enter plays it"


class FoundLinesModel(_ListModel):
    """The lines a search found, best first (:class:`~analyzer.simulate.lines.Line`).

    A line's label is its score in words and its number of actions; lines whose labels
    would be the same also show the actions that set them apart (which creature attacks,
    which one is returned), and a line that ends at an ability the rules core cannot play
    says where (:attr:`Line.stopped <analyzer.simulate.lines.Line.stopped>`).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._labels: list[str] = []

    def set_items(self, items: Sequence[Any]) -> None:
        """Show the lines ``items`` (their labels worked out once)."""
        bases = [self._base(line) for line in items]
        labels = []
        for row, line in enumerate(items):
            twins = [other for other, base in zip(items, bases, strict=True)
                     if base == bases[row]]
            label = f"Line {row + 1}: {bases[row]}"
            if len(twins) > 1:
                shared = set.intersection(*(set(self._own(t)) for t in twins))
                differ = [text for text in self._own(line) if text not in shared]
                label += f" — {'; '.join(differ)}" if differ else ""
            if line.stopped:
                label += f" · stopped at {line.stopped}"
            labels.append(label)
        self._labels = labels
        super().set_items(items)

    @staticmethod
    def _own(line: Line) -> list[str]:
        """The searching player's own actions of a line, in words."""
        return [step.text for step in line.steps if not step.text.startswith("→")
                and step.text != "both players pass priority"]

    def _base(self, line: Line) -> str:
        result = f" ({line.result})" if line.result else ""
        return f"{line.summary}{result} · {len(self._own(line))} action(s)"

    def _text(self, row: int, item: Any) -> str:
        assert isinstance(item, Line)
        return self._labels[row] if row < len(self._labels) else self._base(item)

    def _tip(self, row: int, item: Any) -> str:
        return "\n".join([self._text(row, item)] + [f"• {s.text}" for s in item.steps])


class ScriptModel(_ListModel):
    """The line being stepped through: its actions in words, the next one marked.

    Rows are ``(words, played)``; row ``position`` is the next action to play.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.position = 0
        """How many actions are played."""

    def set_script(self, words: Sequence[str], position: int) -> None:
        """Show the actions ``words`` with the first ``position`` played (the same actions
        at another position only repaint their marks: no reset)."""
        words = list(words)
        if words == self._items and words:
            if position != self.position:
                self.position = position
                self.dataChanged.emit(self.index(0, 0), self.index(len(words) - 1, 0))
            return
        self.position = position
        self.set_items(words)

    def _text(self, row: int, item: Any) -> str:
        mark = "▶ " if row == self.position else ("✓ " if row < self.position else "   ")
        return f"{mark}{row + 1}. {item}"

    def _tip(self, row: int, item: Any) -> str:
        state = "played" if row < self.position else ("next" if row == self.position
                                                      else "to come")
        return f"{row + 1}. {item} ({state})"

    def _strong(self, row: int, item: Any) -> bool:
        return row == self.position


class DeckCardsModel(_ListModel):
    """The open deck's cards (``(Card, copies)`` rows), dragged onto the board as
    :data:`~ui.dnd.CARD_MIME`."""

    def _text(self, row: int, item: Any) -> str:
        card, count = item
        return f"{count} {card.name}"

    def _tip(self, row: int, item: Any) -> str:
        card = item[0]
        return f"{card.name} — {card.type_line}: drag it onto a zone of the board"

    def _card(self, item: Any) -> str | None:
        return str(item[0].name)

    def row_of(self, name: str) -> int:
        """The row of the card named ``name`` (-1 if absent)."""
        for row, (card, _) in enumerate(self._items):
            if card.name == name:
                return row
        return -1

    def card_at(self, index: _Index) -> Card | None:
        """The card of a row."""
        item = self.item_at(index)
        return item[0] if item is not None else None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else base

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        cards = [self.card_at(i) for i in indexes]
        return card_mime((c.id, c.name) for c in cards if c is not None)

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


# == the log =================================================================================


class LogModel(QAbstractTableModel):
    """The game's numbered log (columns :data:`LOG_COLUMNS`); the last action's events are
    bold."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._events: list[Event] = []
        self._last = range(0)

    def set_events(self, events: Sequence[Event], last: range = range(0)) -> None:
        """Show ``events`` (number ``i`` is ``events[i - 1]``); ``last``: the rows of the
        last action's events. A log that only grew or shrank at its end (a step forward
        or back) changes by those rows, without a reset."""
        events = list(events)
        old, before = self._events, self._last
        keep = min(len(old), len(events))
        if old[:keep] != events[:keep]:
            self.beginResetModel()
            self._events, self._last = events, last
            self.endResetModel()
            return
        if len(events) < len(old):
            self.beginRemoveRows(_ROOT, len(events), len(old) - 1)
            self._events = events
            self.endRemoveRows()
        elif len(events) > len(old):
            self.beginInsertRows(_ROOT, len(old), len(events) - 1)
            self._events = events
            self.endInsertRows()
        self._last = last
        for rows in (before, last):   # the bold rows moved
            shown = [r for r in rows if r < len(events)]
            if shown:
                self.dataChanged.emit(self.index(shown[0], 0),
                                      self.index(shown[-1], len(LOG_COLUMNS) - 1))

    def item_at(self, index: _Index) -> Event | None:
        """The event of a row."""
        if not index.isValid() or not 0 <= index.row() < len(self._events):
            return None
        return self._events[index.row()]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._events)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(LOG_COLUMNS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        event = self.item_at(index)
        if event is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return str(index.row() + 1) if index.column() == 0 else str(event)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{index.row() + 1}. {event} [{event.kind.name.lower()}]"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and index.row() in self._last:
            return _bold()
        if role == ITEM_ROLE:
            return event
        if role == CARD_ROLE:
            return event.source or None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(LOG_COLUMNS):
            return LOG_COLUMNS[section]
        return None
