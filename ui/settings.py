"""The window's settings: one typed model over :class:`QSettings`, every key and default here.

Everything the user chooses in Edit ▸ Settings… (card database, card data source, theme,
keyboard shortcuts) and everything the window remembers between runs (geometry, dock state,
current tab, splitter sizes) is read and written through :class:`AppSettings`, so a key is
spelt once and a default lives in one place (:data:`DEFAULTS`).

Values are stored as strings and lists of ints, which every QSettings back-end (the Windows
registry, macOS plists, INI files) round-trips; a value of the wrong type in the store (a
hand-edited INI file) reads as the default instead of raising.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QWidget,
)

__all__ = ["DEFAULTS", "KEYS", "AppSettings", "LayoutKeeper", "Theme", "fit_to_screen",
           "readable_shortcut"]


class Theme(enum.Enum):
    """The colour scheme the window uses."""

    SYSTEM = "system"
    """Follow the system's light or dark setting, and its changes while running."""
    LIGHT = "light"
    """Always light."""
    DARK = "dark"
    """Always dark."""

    @property
    def label(self) -> str:
        """``"System"``, ``"Light"``, ``"Dark"`` (the Settings dialog's choices)."""
        return self.value.capitalize()


KEYS = {
    "db_url": "database/url",
    "card_source": "cards/source",
    "theme": "appearance/theme",
    "geometry": "window/geometry",
    "state": "window/state",
    "current_view": "window/currentView",
    "splitters": "window/splitters",
    "docks": "window/docks",
    "shortcuts": "shortcuts",
}
"""Setting name -> QSettings key.  ``splitters``, ``docks`` and ``shortcuts`` are groups:
``window/splitters/<objectName>``, ``window/docks/<objectName>``, ``shortcuts/<action id>``."""

DEFAULTS: Mapping[str, Any] = {
    "db_url": "",
    "card_source": "",
    "theme": Theme.SYSTEM,
    "current_view": "deck",
}
"""The default of each plain setting: an empty database URL means ``$SPELLWEB_DB`` or the
user's database file; an empty card source means ``$SPELLWEB_CARDS_URL`` or MTGJSON's
AtomicCards; the theme follows the system; the first tab is the Deck."""


class AppSettings:
    """Typed accessors over a :class:`QSettings` store.

    Parameters
    ----------
    store : QSettings
        Where values live (the application's settings, or a private INI file in tests).

    Examples
    --------
    >>> settings = AppSettings(QSettings("/tmp/x.ini", QSettings.Format.IniFormat))
    ... # doctest: +SKIP
    >>> settings.theme = Theme.DARK  # doctest: +SKIP
    """

    def __init__(self, store: QSettings) -> None:
        self.store = store

    # -- user choices ----------------------------------------------------------------------

    @property
    def db_url(self) -> str:
        """The card database: a SQLAlchemy URL or a SQLite file path; ``""`` for the
        default (``$SPELLWEB_DB`` or the user's data folder)."""
        return self._text("db_url")

    @db_url.setter
    def db_url(self, value: str) -> None:
        self.store.setValue(KEYS["db_url"], value.strip())

    @property
    def card_source(self) -> str:
        """Where the card data comes from: a URL (MTGJSON AtomicCards or a mirror) or a local
        file path; ``""`` for the default (``$SPELLWEB_CARDS_URL`` or MTGJSON)."""
        return self._text("card_source")

    @card_source.setter
    def card_source(self, value: str) -> None:
        self.store.setValue(KEYS["card_source"], value.strip())

    @property
    def theme(self) -> Theme:
        """The colour scheme (default :attr:`Theme.SYSTEM`); an unknown stored value reads
        as the default."""
        raw = self.store.value(KEYS["theme"], DEFAULTS["theme"].value)
        try:
            return Theme(str(raw))
        except ValueError:
            return Theme(DEFAULTS["theme"])

    @theme.setter
    def theme(self, value: Theme) -> None:
        self.store.setValue(KEYS["theme"], value.value)

    def shortcuts(self) -> dict[str, str]:
        """Action id -> shortcut the user chose (portable text, ``""`` for none); actions the
        user never changed are absent, and so are unreadable values (a list, an unknown key
        name from a hand-edited file): those actions keep their default."""
        self.store.beginGroup(KEYS["shortcuts"])
        try:
            raw = {key: self.store.value(key, "") for key in self.store.childKeys()}
        finally:
            self.store.endGroup()
        return {key: value.strip() for key, value in raw.items()
                if isinstance(value, str) and readable_shortcut(value.strip())}

    def set_shortcuts(self, chosen: Mapping[str, QKeySequence | str]) -> None:
        """Replace the saved shortcuts by ``chosen`` (action id -> key sequence)."""
        self.store.remove(KEYS["shortcuts"])
        for action_id, sequence in chosen.items():
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText) \
                if isinstance(sequence, QKeySequence) else sequence
            self.store.setValue(f"{KEYS['shortcuts']}/{action_id}", text)

    # -- what the window remembers ---------------------------------------------------------

    @property
    def geometry(self) -> QByteArray | None:
        """The window's saved geometry (:meth:`QWidget.saveGeometry`), None before the
        first close."""
        return self._bytes("geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self.store.setValue(KEYS["geometry"], value)

    @property
    def state(self) -> QByteArray | None:
        """The docks' and toolbars' saved state (:meth:`QMainWindow.saveState`)."""
        return self._bytes("state")

    @state.setter
    def state(self, value: QByteArray) -> None:
        self.store.setValue(KEYS["state"], value)

    @property
    def current_view(self) -> str:
        """The key of the tab shown last (a :data:`ui.main_window.VIEW_KEYS` value)."""
        return self._text("current_view")

    @current_view.setter
    def current_view(self, key: str) -> None:
        self.store.setValue(KEYS["current_view"], key)

    def splitter_sizes(self, name: str) -> list[int] | None:
        """The saved sizes (pixels) of the splitter whose object name is ``name``, None if
        never saved or unreadable."""
        raw = self.store.value(f"{KEYS['splitters']}/{name}")
        if raw is None:
            return None
        items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        try:
            sizes = [int(str(item).strip()) for item in items]
        except ValueError:
            return None
        return sizes if sizes and all(size >= 0 for size in sizes) else None

    def set_splitter_sizes(self, name: str, sizes: Iterable[int]) -> None:
        """Save a splitter's sizes (stored as ``"300,700"``)."""
        self.store.setValue(f"{KEYS['splitters']}/{name}", ",".join(str(int(s)) for s in sizes))

    def dock_visible(self, name: str) -> bool | None:
        """Whether the dock ``name`` (its object name) was shown at the last close; None if
        never saved or unreadable (the dock then keeps its default)."""
        raw = self.store.value(f"{KEYS['docks']}/{name}")
        if isinstance(raw, bool):
            return raw
        if not isinstance(raw, str):
            return None
        word = raw.strip().lower()
        if word in ("true", "1", "yes"):
            return True
        return False if word in ("false", "0", "no") else None

    def set_dock_visible(self, name: str, visible: bool) -> None:
        """Remember whether the dock ``name`` is shown."""
        self.store.setValue(f"{KEYS['docks']}/{name}", "true" if visible else "false")

    def reset_layout(self) -> None:
        """Forget the geometry, dock state, current tab and splitter sizes (View ▸ Reset
        Layout); user choices (database, theme, shortcuts) are kept."""
        for name in ("geometry", "state", "current_view", "splitters", "docks"):
            self.store.remove(KEYS[name])

    # -- helpers ---------------------------------------------------------------------------

    def _text(self, name: str) -> str:
        raw = self.store.value(KEYS[name], DEFAULTS[name])
        return raw if isinstance(raw, str) else str(DEFAULTS[name])

    def _bytes(self, name: str) -> QByteArray | None:
        raw = self.store.value(KEYS[name])
        if isinstance(raw, QByteArray) and not raw.isEmpty():
            return raw
        if isinstance(raw, (bytes, bytearray)) and raw:
            return QByteArray(bytes(raw))
        return None


class LayoutKeeper:
    """Saves and restores a main window's layout: geometry, dock state, the current tab, the
    sizes of every splitter and the visibility of every dock (View ▸ Reset Layout puts back
    what the window had when built).

    Parameters
    ----------
    window : QMainWindow
        The window, fully built (its docks and splitters exist).
    tabs : QTabWidget
        The central tabs; ``keys[i]`` names tab ``i`` in the settings.
    keys : sequence of str
        The view keys in tab order.
    settings : AppSettings
        Where the layout is kept.
    """

    def __init__(self, window: QMainWindow, tabs: QTabWidget, keys: Sequence[str],
                 settings: AppSettings) -> None:
        self.window, self.tabs, self.keys, self.settings = window, tabs, tuple(keys), settings
        self._default_state = window.saveState()
        self._default_size = window.size()
        self._default_splitters = {name: s.saveState() for name, s in self.splitters().items()}
        self._default_docks = {d.objectName(): not d.isHidden() for d in self.docks()}
        self._restored = False

    def splitters(self) -> dict[str, QSplitter]:
        """Every splitter of the window's views and docks by a stable name: its object name,
        else its path of class names and sibling indexes from the window (dialogs left out)."""
        found: dict[str, QSplitter] = {}
        for splitter in self.window.findChildren(QSplitter):
            if any(isinstance(w, QDialog) for w in _ancestors(splitter)):
                continue
            found[splitter.objectName() or _path_name(splitter, self.window)] = splitter
        return found

    def docks(self) -> list[QDockWidget]:
        """The window's docks that have an object name (needed by saveState)."""
        return [d for d in self.window.findChildren(QDockWidget) if d.objectName()]

    def adopt(self, view: QWidget) -> None:
        """A view built after the window (:class:`ui.widgets.lazy_view.LazyView`): keep its
        splitters' first sizes for View ▸ Reset Layout and, when the layout was restored,
        put back their saved sizes."""
        for name, splitter in self.splitters().items():
            if name in self._default_splitters or not _is_under(splitter, view):
                continue
            self._default_splitters[name] = splitter.saveState()
            sizes = self.settings.splitter_sizes(name)
            if self._restored and sizes is not None and len(sizes) == splitter.count() \
                    and any(sizes):
                splitter.setSizes(sizes)

    def restore(self) -> None:
        """Put back the saved layout; parts never saved keep the window's defaults."""
        self._restored = True
        s = self.settings
        if s.geometry is not None:
            self.window.restoreGeometry(s.geometry)
        if s.state is not None:
            self.window.restoreState(s.state)
        for name, splitter in self.splitters().items():
            sizes = s.splitter_sizes(name)
            if sizes is not None and len(sizes) == splitter.count() and any(sizes):
                splitter.setSizes(sizes)
        for dock in self.docks():
            visible = s.dock_visible(dock.objectName())
            if visible is not None:
                dock.setVisible(visible)
        if s.current_view in self.keys:
            self.tabs.setCurrentIndex(self.keys.index(s.current_view))

    def save(self) -> None:
        """Save the layout now (the window calls this when it closes)."""
        s = self.settings
        s.geometry = self.window.saveGeometry()
        s.state = self.window.saveState()
        index = self.tabs.currentIndex()
        if 0 <= index < len(self.keys):
            s.current_view = self.keys[index]
        for name, splitter in self.splitters().items():
            if any(splitter.sizes()):
                s.set_splitter_sizes(name, splitter.sizes())
        for dock in self.docks():
            s.set_dock_visible(dock.objectName(), not dock.isHidden())

    def reset(self) -> None:
        """View ▸ Reset Layout: forget the saved layout and show the window's defaults."""
        self.settings.reset_layout()
        self.window.restoreState(self._default_state)
        if not self.window.isMaximized() and not self.window.isFullScreen():
            self.window.resize(fit_to_screen(self.window, self._default_size))
        for name, splitter in self.splitters().items():
            state = self._default_splitters.get(name)
            if state is not None:
                splitter.restoreState(state)
        for dock in self.docks():
            dock.setVisible(self._default_docks.get(dock.objectName(), True))
        self.tabs.setCurrentIndex(0)


SCREEN_SHARE = 0.95
"""At most this share of the screen's available width and height for a window's size."""


def fit_to_screen(window: QWidget, size: QSize) -> QSize:
    """``size`` bounded by :data:`SCREEN_SHARE` of the available geometry of the window's
    screen (the primary screen before it is shown), so the first start and View ▸ Reset
    Layout never make a window larger than a small or scaled screen."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return size
    available = screen.availableGeometry().size()
    return size.boundedTo(QSize(int(available.width() * SCREEN_SHARE),
                                int(available.height() * SCREEN_SHARE)))


def readable_shortcut(text: str) -> bool:
    """``""`` (no shortcut) or portable text of keys Qt knows (``"Ctrl+Garbage"`` is not)."""
    if not text:
        return True
    sequence = QKeySequence.fromString(text, QKeySequence.SequenceFormat.PortableText)
    return not sequence.isEmpty() and all(
        sequence[i].key() != Qt.Key.Key_unknown for i in range(sequence.count()))


def _ancestors(widget: QWidget) -> list[QWidget]:
    out = []
    parent = widget.parentWidget()
    while parent is not None:
        out.append(parent)
        parent = parent.parentWidget()
    return out


def _is_under(widget: QWidget, top: QWidget) -> bool:
    return widget is top or any(parent is top for parent in _ancestors(widget))


def _path_name(widget: QWidget, top: QWidget) -> str:
    """``"QTabWidget0/QStackedWidget0/ComboPanel0/QSplitter0"``: class names and the index
    among siblings of the same class, from below ``top`` down to ``widget``."""
    parts = []
    current: QWidget | None = widget
    while current is not None and current is not top:
        parent = current.parentWidget()
        siblings = [c for c in (parent.children() if parent is not None else [current])
                    if type(c) is type(current)]
        parts.append(f"{type(current).__name__}{siblings.index(current)}")
        current = parent
    return "/".join(reversed(parts))
