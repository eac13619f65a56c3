"""Light and dark: apply the chosen :class:`~ui.settings.Theme`, and colours that read the palette.

Qt 6.5+ reports the system's colour scheme (``QStyleHints.colorScheme()`` and its
``colorSchemeChanged`` signal) and Qt 6.8+ lets an application ask for one
(``QStyleHints.setColorScheme``). Where the platform honours the request, the style's own
palette follows; where it does not (the offscreen platform, older styles), :func:`apply_theme`
sets a palette of the wanted darkness itself, so the choice always takes effect.

Custom-painted widgets and rich text take their colours from the functions below (which read
a :class:`QPalette`), never from fixed light-theme greys, so both schemes stay legible.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

from ui.settings import Theme

__all__ = ["ThemeManager", "apply_theme", "border_color", "canvas_color", "dark_palette",
           "error_color", "is_dark", "light_palette", "muted_color", "set_themed_sheet",
           "success_color", "system_is_dark"]

_Role = QPalette.ColorRole
_Group = QPalette.ColorGroup


def is_dark(palette: QPalette | None = None) -> bool:
    """True when ``palette`` (default: the application's) has a dark window background."""
    palette = palette if palette is not None else QGuiApplication.palette()
    return palette.color(_Role.Window).lightness() < 128


def system_is_dark() -> bool:
    """True when the system asks for dark mode (``QStyleHints.colorScheme()``; Unknown reads
    as light)."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def _mix(a: QColor, b: QColor, share: float) -> QColor:
    """``share`` of ``a`` and the rest of ``b``."""
    return QColor.fromRgbF(a.redF() * share + b.redF() * (1 - share),
                           a.greenF() * share + b.greenF() * (1 - share),
                           a.blueF() * share + b.blueF() * (1 - share))


def muted_color(palette: QPalette | None = None) -> QColor:
    """Secondary text (captions, counts, hints): the text colour toned toward the background,
    keeping a contrast of about 4.5:1 on it in both schemes."""
    palette = palette if palette is not None else QGuiApplication.palette()
    return _mix(palette.color(_Role.WindowText), palette.color(_Role.Window), 0.62)


def error_color(palette: QPalette | None = None) -> QColor:
    """Text of a problem (unknown card, illegal deck): dark red on light, light red on dark."""
    return QColor("#ff8a80" if is_dark(palette) else "#c62828")


def success_color(palette: QPalette | None = None) -> QColor:
    """Text of a pass (legal, verified): dark green on light, light green on dark."""
    return QColor("#81c784" if is_dark(palette) else "#2e7d32")


def border_color(palette: QPalette | None = None) -> QColor:
    """Thin separators between panes: the window colour a little toward the text."""
    palette = palette if palette is not None else QGuiApplication.palette()
    return _mix(palette.color(_Role.WindowText), palette.color(_Role.Window), 0.16)


def canvas_color(palette: QPalette | None = None) -> QColor:
    """The graph canvas: warm off-white on light, the base colour on dark."""
    palette = palette if palette is not None else QGuiApplication.palette()
    return palette.color(_Role.Base) if is_dark(palette) else QColor("#fbfbf8")


_SHEET = "spellwebThemedSheet"
"""Widget property: the style sheet template of :func:`set_themed_sheet`."""


def _sheet_colours() -> dict[str, str]:
    return {"muted": muted_color().name(), "error": error_color().name(),
            "success": success_color().name(), "border": border_color().name()}


def set_themed_sheet(widget: QWidget, template: str) -> None:
    """Give ``widget`` a style sheet with theme colours, re-made on every theme change:
    ``{muted}``, ``{error}``, ``{success}`` and ``{border}`` in ``template`` become
    :func:`muted_color`, :func:`error_color`, :func:`success_color`, :func:`border_color`
    (``"color: {muted};"``). Braces of the sheet itself are doubled (``{{ }}``)."""
    widget.setProperty(_SHEET, template)
    widget.setStyleSheet(template.format(**_sheet_colours()))


def dark_palette() -> QPalette:
    """A dark palette (Fusion's colours), for platforms that ignore ``setColorScheme``."""
    p = QPalette()
    window, base, text = QColor("#2b2b2b"), QColor("#1f1f1f"), QColor("#e6e6e6")
    disabled = QColor("#8a8a8a")
    for role, color in ((_Role.Window, window), (_Role.WindowText, text), (_Role.Base, base),
                        (_Role.AlternateBase, QColor("#262626")), (_Role.Text, text),
                        (_Role.Button, QColor("#353535")), (_Role.ButtonText, text),
                        (_Role.BrightText, QColor("#ff6b6b")), (_Role.Light, QColor("#4a4a4a")),
                        (_Role.Midlight, QColor("#3e3e3e")), (_Role.Mid, QColor("#6e6e6e")),
                        (_Role.Dark, QColor("#1a1a1a")), (_Role.Shadow, QColor("#000000")),
                        (_Role.Highlight, QColor("#3d6fb4")),
                        (_Role.HighlightedText, QColor("#ffffff")),
                        (_Role.Link, QColor("#8ab4f8")), (_Role.LinkVisited, QColor("#c58af9")),
                        (_Role.ToolTipBase, QColor("#3a3a3a")), (_Role.ToolTipText, text),
                        (_Role.PlaceholderText, QColor("#9a9a9a"))):
        p.setColor(role, color)
    for role in (_Role.WindowText, _Role.Text, _Role.ButtonText):
        p.setColor(_Group.Disabled, role, disabled)
    p.setColor(_Group.Disabled, _Role.Highlight, QColor("#505050"))
    return p


def light_palette() -> QPalette:
    """The style's own light palette (Fusion's when the style's is dark)."""
    style = QApplication.style()
    palette = style.standardPalette() if style is not None else QPalette()
    if is_dark(palette):
        fusion = QStyleFactory.create("Fusion")
        palette = fusion.standardPalette() if fusion is not None else QPalette()
    if is_dark(palette):    # a style that only knows dark: Qt's built-in light colours
        palette = QPalette(QColor("#efefef"))
    return palette


def apply_theme(theme: Theme, app: QApplication | None = None) -> bool:
    """Make the application light or dark as ``theme`` says; returns True when dark.

    Asks the platform first (``QStyleHints.setColorScheme``, Qt 6.8+; unset for
    :attr:`Theme.SYSTEM`), then sets the palette explicitly when the style's palette does
    not have the wanted darkness.
    """
    app = app if app is not None else QApplication.instance()  # type: ignore[assignment]
    if not isinstance(app, QApplication):
        return False
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "setColorScheme"):
        if theme is Theme.SYSTEM:
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(Qt.ColorScheme.Dark if theme is Theme.DARK
                                 else Qt.ColorScheme.Light)
    dark = theme is Theme.DARK or (theme is Theme.SYSTEM and system_is_dark())
    style = app.style()
    if dark and style is not None and style.name().lower() == "windowsvista":
        app.setStyle("Fusion")   # the Vista style draws light whatever the palette says
        style = app.style()
    standard = style.standardPalette() if style is not None else QPalette()
    wanted = standard if is_dark(standard) == dark else (dark_palette() if dark
                                                          else light_palette())
    if app.palette() != wanted:
        app.setPalette(wanted)
        _restyle(app)
    return dark


def _restyle(app: QApplication) -> None:
    """Re-apply every widget's style sheet after a palette change: Qt resolves a sheet (and
    the palette of the widgets under it: a line edit in a styled frame) once, when it is
    set, not when the palette changes. Sheets from :func:`set_themed_sheet` are re-made
    with the new colours."""
    colours = _sheet_colours()
    if app.styleSheet():
        app.setStyleSheet(app.styleSheet())
    for widget in _live_widgets(app):
        template = widget.property(_SHEET)
        if isinstance(template, str):
            widget.setStyleSheet(template.format(**colours))
            continue
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")   # the same text again would be a no-op
            widget.setStyleSheet(sheet)


def _live_widgets(app: QApplication) -> list[QWidget]:
    """Every widget under a top-level window whose C++ object is alive (``shiboken6.isValid``),
    found from the windows down rather than through ``QApplication.allWidgets()``."""
    found: dict[int, QWidget] = {}
    for top in app.topLevelWidgets():
        if shiboken6.isValid(top):
            for widget in (top, *top.findChildren(QWidget)):
                if shiboken6.isValid(widget):
                    found.setdefault(id(widget), widget)
    return list(found.values())


class ThemeManager(QObject):
    """Keeps the application in the chosen theme, following the system's changes while the
    theme is :attr:`Theme.SYSTEM` (``QStyleHints.colorSchemeChanged``).

    Parameters
    ----------
    theme : Theme
        The theme to apply now.
    """

    def __init__(self, theme: Theme, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.dark = apply_theme(theme)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_changed)

    def set_theme(self, theme: Theme) -> bool:
        """Apply ``theme`` and keep it; returns True when the result is dark."""
        self.theme = theme
        self.dark = apply_theme(theme)
        return self.dark

    def _system_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.theme is Theme.SYSTEM:
            self.dark = apply_theme(self.theme)
