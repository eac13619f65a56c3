"""The one selection every view shares (DESIGN.md, "The window").

A view that the user clicks calls :meth:`Selection.select`; every view listens to
:attr:`Selection.changed` and follows. Selecting what is already selected emits nothing, which
is what keeps views that follow each other from looping.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

__all__ = ["Selection"]


class Selection(QObject):
    """What the user has selected: a card (:class:`~analyzer.cards.model.Card`), a synergy
    edge (an edge row of :func:`analyzer.graph.edge_list`), a deck entry with no card, or None.
    """

    changed = Signal(object)
    """The new selection (the object itself, or None)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current: Any = None

    @property
    def current(self) -> Any:
        """The selected object, or None."""
        return self._current

    def select(self, item: Any) -> None:
        """Select ``item`` (None clears); emit :attr:`changed` if the selection changed."""
        if item is self._current or (item is not None and item == self._current
                                     and type(item) is type(self._current)):
            return
        self._current = item
        self.changed.emit(item)

    def clear(self) -> None:
        """Select nothing."""
        self.select(None)
