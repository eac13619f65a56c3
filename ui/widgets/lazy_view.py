"""A tab whose widget is built the first time it is shown or asked for.

The Stats and Lines views import the statistics, the Oracle compiler and the rules core
(a third of the window's start-up imports); building them when the person first opens the
tab (or when code asks for them) keeps the start short. The window's background warm-up
(:func:`ui.app.warm_up`) has usually imported those modules by then, so the first show costs
only the widgets themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

__all__ = ["LazyView"]

W = TypeVar("W", bound=QWidget)


class LazyView(QWidget, Generic[W]):
    """A placeholder tab page that builds its real widget with ``factory`` on first need.

    Parameters
    ----------
    factory : callable
        ``factory() -> W``: builds the view (wiring it to the window is the factory's job).
        Called once (again only after it raised).
    name : str
        The accessible name of the page (the built view keeps its own).

    Notes
    -----
    The view is built by :meth:`widget` (any code that needs it), by the page's first
    ``showEvent`` (the tab is opened) and by :meth:`prepare_screenshot` (``--screenshot``,
    which then calls the view's own ``prepare_screenshot`` when it has one).
    """

    built = Signal(QWidget)
    """The real view, once it is built and in place (its splitters can be restored)."""

    def __init__(self, factory: Callable[[], W], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._factory: Callable[[], W] | None = factory
        self._widget: W | None = None
        self.setAccessibleName(name)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    @property
    def is_built(self) -> bool:
        """True once the real view exists."""
        return self._widget is not None

    def widget(self) -> W:
        """The real view, built now if it was not yet."""
        if self._widget is None:
            factory, self._factory = self._factory, None
            if factory is None:   # re-entered from inside the factory
                raise RuntimeError(f"{self.accessibleName()} is being built")
            try:
                widget = factory()
            except BaseException:
                self._factory = factory   # the next need tries again
                raise
            self._widget = widget
            self._layout.addWidget(widget)
            if self.isVisible():
                widget.show()
            self.built.emit(widget)
        return self._widget

    def showEvent(self, event: QShowEvent) -> None:
        """Build the view when its tab is first shown."""
        self.widget()
        super().showEvent(event)

    def prepare_screenshot(self) -> None:
        """Build the view and let it prepare its picture (``View.prepare_screenshot``)."""
        prepare = getattr(self.widget(), "prepare_screenshot", None)
        if callable(prepare):
            prepare()
