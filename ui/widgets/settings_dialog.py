"""Edit ▸ Settings…: the card database, the card data source, the theme and the shortcuts.

The dialog holds no logic about databases or card files: *Test connection* asks the
controller for a job (``test_connection(url) -> JobWorker``) and shows what it found or the
error; on OK the dialog's :meth:`SettingsDialog.choice` goes back to the window, which saves
it (:class:`~ui.settings.AppSettings`) and applies it (the controller re-opens the database,
the theme and shortcuts change at once).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from analyzer.cards.db.engine import hide_password
from analyzer.errors import AnalyzerError
from ui.settings import Theme
from ui.theme import system_is_dark
from ui.widgets.shortcuts_editor import ShortcutEntry, ShortcutsEditor
from ui.workers import JobWorker

__all__ = ["SettingsChoice", "SettingsDialog", "probe_text"]

CARD_FILE_FILTER = "MTGJSON card files (*.json *.json.gz *.json.xz *.json.zip *.gz *.xz *.zip)"


@dataclass(frozen=True)
class SettingsChoice:
    """What the user chose in the dialog (applied by the window on OK)."""

    db_url: str
    """SQLAlchemy URL or SQLite file path; ``""`` for the default database."""
    card_source: str
    """Card data URL or local file; ``""`` for the default (MTGJSON)."""
    theme: Theme
    """The colour scheme."""
    shortcuts: dict[str, str]
    """Action id -> shortcut (portable text, ``""`` for none), where it differs from the
    default."""


def probe_text(probe: Any) -> str:
    """The Test Connection line for a :class:`~analyzer.cards.db.probe.DatabaseProbe`."""
    from analyzer.cards.db.probe import ProbeState
    from analyzer.cards.db.schema import SCHEMA_VERSION

    state = probe.state
    if state is ProbeState.MISSING:
        return f"{probe.url}: no such database file (OK will create it)."
    if state is ProbeState.EMPTY:
        return (f"Connected to {probe.url}: no Spellweb tables yet (OK will create them and "
                "load the starter cards).")
    source = probe.source or "no import yet"
    counts = (f"Connected to {probe.url}: {probe.cards:,} cards ({probe.faces:,} faces), "
              f"source {source}, schema {probe.schema_version}")
    if state is ProbeState.OLDER:
        return f"{counts}; OK will upgrade it to schema {SCHEMA_VERSION}."
    if state is ProbeState.NEWER:
        return (f"{counts}, newer than this Spellweb (schema {SCHEMA_VERSION}) can open: "
                "update Spellweb.")
    return counts + "."


def _field(text: str, name: str, tip: str, placeholder: str = "") -> QLineEdit:
    edit = QLineEdit(text)
    edit.setAccessibleName(name)
    edit.setToolTip(tip)
    edit.setPlaceholderText(placeholder)
    edit.setClearButtonEnabled(True)
    return edit


def _button(text: str, name: str, tip: str, slot: Callable[[], Any]) -> QPushButton:
    button = QPushButton(text)
    button.setAccessibleName(name)
    button.setToolTip(tip)
    button.clicked.connect(slot)
    return button


class SettingsDialog(QDialog):
    """The Settings dialog.

    Parameters
    ----------
    current : SettingsChoice
        The values in use (shown first).
    default_db : str
        What an empty database URL means (shown as the placeholder).
    default_source : str
        What an empty card source means.
    shortcuts : iterable of ShortcutEntry
        The window's actions for the Keyboard Shortcuts page.
    test_connection : callable
        ``test_connection(url) -> JobWorker | None``: a job returning the database's
        :class:`~analyzer.cards.db.probe.DatabaseProbe` (:meth:`Controller.test_database`).
    in_use : str
        Which database is open now and why (``--db`` or ``$SPELLWEB_DB`` override the
        setting), shown above the URL field.
    menus : mapping of str to str, optional
        The window's menu mnemonics (letter -> menu), refused as Alt+letter shortcuts.
    """

    def __init__(self, current: SettingsChoice, *, default_db: str, default_source: str,
                 shortcuts: Iterable[ShortcutEntry],
                 test_connection: Callable[[str], JobWorker | None],
                 in_use: str = "", menus: Mapping[str, str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setAccessibleName("Settings")
        self.setMinimumSize(640, 480)
        self._test_connection = test_connection
        self.test_worker: JobWorker | None = None
        self._in_use = in_use

        self.pages = QTabWidget()
        self.pages.setAccessibleName("Settings pages")
        self.pages.tabBar().setAccessibleName("Settings page tabs")
        self.pages.setToolTip("Card database, card data, appearance and keyboard shortcuts")
        self.pages.addTab(self._database_page(current.db_url, default_db), "&Database")
        self.pages.addTab(self._cards_page(current.card_source, default_source), "Ca&rd Data")
        self.pages.addTab(self._appearance_page(current.theme), "&Appearance")
        self.shortcuts_editor = ShortcutsEditor(shortcuts, menus=menus)
        self.pages.addTab(self.shortcuts_editor, "&Keyboard Shortcuts")
        for index, tip in enumerate(("Which card database Spellweb reads",
                                     "Where the card data is downloaded or imported from",
                                     "Light or dark", "The shortcut of every action")):
            self.pages.setTabToolTip(index, tip)
        for entry_id, text in current.shortcuts.items():
            if any(e.id == entry_id for e in self.shortcuts_editor.entries):
                self.shortcuts_editor.set_shortcut(entry_id, text)
        self.shortcuts_editor.message.setText(" ")

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.setAccessibleName("Settings buttons")
        buttons.setToolTip("OK saves and applies the settings; Cancel forgets the changes")
        for role, tip in ((QDialogButtonBox.StandardButton.Ok,
                           "Save and apply (the card database is re-opened if changed)"),
                          (QDialogButtonBox.StandardButton.Cancel, "Forget the changes")):
            button = buttons.button(role)
            button.setToolTip(tip)
            button.setAccessibleName(button.text().replace("&", ""))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(buttons)

    # -- pages -----------------------------------------------------------------------------

    def _database_page(self, url: str, default: str) -> QWidget:
        page = QWidget()
        self.db_edit = _field(url, "Card database URL",
                              "A SQLite file path, or any SQLAlchemy URL such as "
                              "postgresql+psycopg://user@host/spellweb; empty for the default",
                              default)
        browse = _button("&Browse…", "Choose a SQLite file",
                         "Choose a SQLite database file", self._browse_database)
        self.test_button = _button("&Test Connection", "Test the database connection",
                                   "Open the database in the background and say how many "
                                   "cards it holds", self.test_database)
        self.test_result = QLabel(" ")
        self.test_result.setAccessibleName("Connection test result")
        self.test_result.setWordWrap(True)
        self.db_edit.textChanged.connect(lambda _text: self.test_result.setText(" "))
        row = QHBoxLayout()
        row.addWidget(self.db_edit, 1)
        row.addWidget(browse)
        form = QFormLayout(page)
        self.db_in_use = QLabel(self._in_use or " ")
        self.db_in_use.setAccessibleName("Card database in use")
        self.db_in_use.setToolTip("The database open now; --db and $SPELLWEB_DB take "
                                  "precedence over the URL saved here")
        self.db_in_use.setWordWrap(True)
        form.addRow(self.db_in_use)
        label = QLabel("Database &URL:")
        label.setBuddy(self.db_edit)
        form.addRow(label, row)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addStretch(1)
        form.addRow("", test_row)
        form.addRow("", self.test_result)
        hint = QLabel(f"Empty: the default database ({hide_password(default)}). A "
                      "PostgreSQL URL shares one database with a team; OK re-opens the "
                      "database. A password is not saved: put it in ~/.pgpass or "
                      "$PGPASSWORD.")
        hint.setWordWrap(True)
        form.addRow("", hint)
        return page

    def _cards_page(self, source: str, default: str) -> QWidget:
        page = QWidget()
        self.source_edit = _field(source, "Card data source",
                                  "The URL of MTGJSON AtomicCards (or a mirror), or a local "
                                  "card file; empty for MTGJSON", default)
        browse = _button("Choose &File…", "Choose a local card file",
                         "Use a card file on this computer instead of downloading",
                         self._browse_cards)
        row = QHBoxLayout()
        row.addWidget(self.source_edit, 1)
        row.addWidget(browse)
        form = QFormLayout(page)
        label = QLabel("Card data &source:")
        label.setBuddy(self.source_edit)
        form.addRow(label, row)
        hint = QLabel(f"Empty: {default}. Used by the first-run offer to download the card "
                      "data; a local file is imported instead of downloaded.")
        hint.setWordWrap(True)
        form.addRow("", hint)
        return page

    def _appearance_page(self, theme: Theme) -> QWidget:
        page = QWidget()
        self.theme_box = QComboBox()
        self.theme_box.setAccessibleName("Theme")
        self.theme_box.setToolTip("System follows the light or dark setting of the system")
        for choice in Theme:
            self.theme_box.addItem(choice.label, choice)
        self.theme_box.setCurrentIndex(list(Theme).index(theme))
        form = QFormLayout(page)
        label = QLabel("T&heme:")
        label.setBuddy(self.theme_box)
        form.addRow(label, self.theme_box)
        self.system_label = QLabel()
        self.system_label.setAccessibleName("System colour scheme")
        self._show_system_scheme()
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._show_system_scheme)
        form.addRow("", self.system_label)
        return page

    def _show_system_scheme(self, *_args: object) -> None:
        system = "dark" if system_is_dark() else "light"
        self.system_label.setText(f"The system is {system} now.")

    # -- public API ------------------------------------------------------------------------

    def choice(self) -> SettingsChoice:
        """The values on the pages now."""
        return SettingsChoice(db_url=self.db_edit.text().strip(),
                              card_source=self.source_edit.text().strip(),
                              theme=self.theme_box.currentData(),
                              shortcuts=self.shortcuts_editor.chosen())

    def test_database(self) -> JobWorker | None:
        """*Test Connection*: open the typed database in the background; the result line
        says its card count and schema version, or the error."""
        url = self.db_edit.text().strip()
        if self.test_worker is not None:
            self.test_worker.cancel()
        worker = self._test_connection(url)
        if worker is None:
            self.test_result.setText("Could not start the test.")
            return None
        self.test_worker = worker
        self.test_button.setEnabled(False)
        shown = hide_password(url) if url else "the default database"
        self.test_result.setText(f"Connecting to {shown}…")
        worker.result.connect(lambda info: self._tested(worker, info))
        worker.error.connect(lambda err: self._test_failed(worker, err))
        worker.finished.connect(lambda: self._test_done(worker))
        return worker

    # -- slots -----------------------------------------------------------------------------

    def _tested(self, worker: JobWorker, probe: Any) -> None:
        if worker is not self.test_worker or worker.cancelled:
            return
        self.test_result.setText(probe_text(probe))

    def _test_failed(self, worker: JobWorker, err: BaseException) -> None:
        if worker is not self.test_worker or worker.cancelled:
            return
        kind = "" if isinstance(err, AnalyzerError) else f"{type(err).__name__}: "
        url = self.db_edit.text().strip()
        text = str(err).replace(url, hide_password(url)) if url else str(err)
        self.test_result.setText(f"Failed: {kind}{text}")

    def _test_done(self, worker: JobWorker) -> None:
        if worker is self.test_worker and not worker.cancelled:
            self.test_button.setEnabled(True)

    def _browse_database(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Card database file", self.db_edit.text(),
            "SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)",
            options=QFileDialog.Option.DontConfirmOverwrite)
        if path:
            self.db_edit.setText(path)

    def _browse_cards(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Card data file", "", CARD_FILE_FILTER)
        if path:
            self.source_edit.setText(path)

    def done(self, result: int) -> None:
        """Close; a connection test still running is cancelled."""
        if self.test_worker is not None:
            self.test_worker.cancel()
        super().done(result)
