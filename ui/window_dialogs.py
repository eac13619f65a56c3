"""The main window's dialogs: open a deck or a card file, export the report or the graph,
fix an unresolved card, the first-run card data offer, Settings (and switching the card
database), About, and the messages shown to the user (a dialog, or stderr when not
interactive).

:class:`WindowDialogs` is a part of :class:`~ui.main_window.MainWindow` (which re-exports
the file filters and :data:`OFFERED_KEY`); it is no widget of its own.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from analyzer.decks import ResolvedEntry, file_dialog_filter
from ui.controllers import REPORT_FINDINGS
from ui.widgets.card_data_dialog import CardDataDialog
from ui.widgets.fix_card_dialog import FixCardDialog
from ui.widgets.report_dialog import (
    FILTER_KEY,
    REPORT_FILTER,
    ReportChoice,
    ReportDialog,
    filter_for,
    report_path,
)
from ui.widgets.settings_dialog import SettingsChoice, SettingsDialog
from ui.widgets.shortcuts_editor import apply_shortcuts, menu_mnemonics
from ui.workers import JobWorker

__all__ = ["CARD_FILTER", "DECK_FILTER", "GRAPH_FILTER", "OFFERED_KEY", "WindowDialogs"]


DECK_FILTER = file_dialog_filter()
"""Every deck format Spellweb reads (the content decides the format, not the extension)."""
CARD_FILTER = "MTGJSON card files (*.json *.json.gz *.json.xz *.json.zip *.gz *.xz *.zip)"
GRAPH_FILTER = ("Graph as JSON (*.json);;GraphML (*.graphml);;PNG picture of the graph (*.png);;"
                "SVG picture of the graph (*.svg)")
_GRAPH_SUFFIXES = {"JSON": ".json", "GraphML": ".graphml", "PNG": ".png", "SVG": ".svg"}


OFFERED_KEY = "cards/downloadOffered"
"""Settings key: the first-run card data offer was shown (it is shown once)."""


class WindowDialogs:
    """The dialogs and messages of a :class:`~ui.main_window.MainWindow` (a part of that
    window)."""

    # -- the card data offer, fixing a card ---------------------------------------------------

    def offer_card_data(self) -> CardDataDialog | None:
        """Offer (once) to download the card data or import a file, when the database holds
        only the starter cards; a dialog that does not block the window."""
        if not self.controller.needs_card_data():
            return None
        self.settings.setValue(OFFERED_KEY, True)
        info = self.controller.database_info()
        dialog = CardDataDialog(self.controller.card_data_url, info.cards if info else 0, self)
        dialog.download_requested.connect(lambda: dialog.follow(self.controller.download_cards()))
        dialog.import_requested.connect(self.choose_card_file)
        self.card_data_dialog = dialog
        dialog.show()
        return dialog

    def fix_entry(self, entry: ResolvedEntry) -> FixCardDialog | None:
        """Open the *Fix…* dialog of an unresolved entry; on OK, re-resolve and re-analyse."""
        issue = self.deck_model.issue_for(entry)
        dialog = FixCardDialog(entry.name, issue.suggestions if issue else (),
                               self.controller.search_card_names, self)
        dialog.accepted.connect(lambda: self._apply_fix(entry, dialog))
        self.fix_dialog = dialog
        if self.interactive:
            dialog.open()
        return dialog

    def _apply_fix(self, entry: ResolvedEntry, dialog: FixCardDialog) -> None:
        name = dialog.chosen_name()
        if name:
            self.statusBar().showMessage(f"Reading “{entry.name}” as {name}…", 5000)
            self.editor.fix_entry(entry, name)   # an undoable edit, analysed again

    # -- dialogs ---------------------------------------------------------------------------

    def choose_deck(self) -> None:
        """File ▸ Open Deck…"""
        path, _ = QFileDialog.getOpenFileName(self, "Open deck", self._last_dir, DECK_FILTER)
        if path:
            self.open_deck(path)

    def choose_card_file(self) -> None:
        """File ▸ Import Cards…"""
        path, _ = QFileDialog.getOpenFileName(self, "Import cards", self._last_dir,
                                              CARD_FILTER)
        if path:
            self.import_cards(path)

    def choose_report(self) -> ReportDialog | None:
        """File ▸ Export Report…: ask for the title, notes and sections (a dialog that does
        not block the window); *Export…* then asks for the file (:meth:`_export_report`)."""
        if self.loaded is None:
            return None
        if self.report_dialog is not None:
            self.report_dialog.deleteLater()   # one at a time
        dialog = ReportDialog(self.loaded.title, self.settings, REPORT_FINDINGS, self)
        dialog.accepted.connect(lambda: self._export_report(dialog.choice()))
        self.report_dialog = dialog
        if self.interactive:
            dialog.open()
        return dialog

    def _export_report(self, choice: ReportChoice) -> JobWorker | None:
        """Ask where to write the report (the filter chosen names the format when the name
        has no report ending), then write it in the background."""
        if self.loaded is None:
            return None
        chosen = str(self.settings.value(FILTER_KEY, "") or "") or filter_for(".html")
        suffix = report_path("x", chosen).suffix
        default = str(Path(self._last_dir or ".") / f"{self.loaded.path.stem}{suffix}")
        path, chosen = QFileDialog.getSaveFileName(self, "Export report", default,
                                                   REPORT_FILTER, chosen)
        if not path:
            return None
        self.settings.setValue(FILTER_KEY, chosen)
        target = report_path(path, chosen)
        self.file_notice.hide()
        self.statusBar().showMessage(f"Writing the report {target.name}…", 5000)
        return self.controller.start_report(target, choice.sections, title=choice.title,
                                            notes=choice.notes)

    def choose_graph_export(self) -> None:
        """File ▸ Export Graph…"""
        if self.loaded is None:
            return
        default = str(Path(self._last_dir or ".") / f"{self.loaded.path.stem}.graph.json")
        path, chosen = QFileDialog.getSaveFileName(self, "Export graph", default, GRAPH_FILTER)
        if path:
            if Path(path).suffix.lower() not in _GRAPH_SUFFIXES.values():
                path += next((suffix for word, suffix in _GRAPH_SUFFIXES.items()
                              if chosen.startswith(word) or f" {word} " in chosen), ".json")
            if Path(path).suffix.lower() in (".png", ".svg"):
                self.graph_panel.export(path)
                return
            written = self.controller.export_graph(path)
            if written is not None:
                self.statusBar().showMessage(f"Graph written to {written}", 8000)

    def show_about(self) -> None:
        """Help ▸ About."""
        text = ("<h3>Spellweb</h3><p>A deck and combo analyzer for Magic: The Gathering: "
                "a synergy graph whose every edge names the rule behind it.</p>"
                "<p>Open source. Card data from MTGJSON.</p>")
        if self.interactive:
            QMessageBox.about(self, "About Spellweb", text)

    # -- messages --------------------------------------------------------------------------

    def warn(self, title: str, text: str) -> None:
        """Show a warning (a dialog, or stderr when not interactive)."""
        self.message_shown.emit("warning", title, text)
        if self.interactive:
            QMessageBox.warning(self, title, text)
        else:
            print(f"spellweb: {title}: {text}", file=sys.stderr)

    def error(self, title: str, text: str) -> None:
        """Show an unexpected error (a dialog, or stderr when not interactive)."""
        self.message_shown.emit("error", title, text)
        if self.interactive:
            QMessageBox.critical(self, title, text)
        else:
            print(f"spellweb: {title}: {text}", file=sys.stderr)

    def inform(self, title: str, text: str) -> None:
        """Show information (a dialog, or stderr when not interactive)."""
        self.message_shown.emit("information", title, text)
        if self.interactive:
            QMessageBox.information(self, title, text)
        else:
            print(f"spellweb: {title}: {text}", file=sys.stderr)

    # -- settings --------------------------------------------------------------------------

    def open_settings(self) -> SettingsDialog:
        """Edit ▸ Settings…: a dialog that does not block the window; OK saves and applies
        the settings (:meth:`apply_settings`)."""
        from analyzer.cards.db.engine import default_database_url
        from analyzer.cards.download import cards_url

        if self.settings_dialog is not None:
            self.settings_dialog.deleteLater()
        s = self.app_settings
        current = SettingsChoice(db_url=s.db_url, card_source=s.card_source, theme=s.theme,
                                 shortcuts=s.shortcuts())
        dialog = SettingsDialog(current, default_db=os.environ.get("SPELLWEB_DB")
                                or default_database_url(), default_source=cards_url(None),
                                shortcuts=self.shortcut_entries,
                                test_connection=self.controller.test_database,
                                in_use=self._database_in_use(),
                                menus=menu_mnemonics(self.menuBar().actions()), parent=self)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.choice()))
        self.settings_dialog = dialog
        if self.interactive:
            dialog.open()
        return dialog

    def apply_settings(self, choice: SettingsChoice) -> None:
        """Save ``choice`` and apply it: theme and shortcuts at once, the card source for the
        next download, and the card database re-opened when its URL changed."""
        s = self.app_settings
        reopen = choice.db_url != s.db_url or self.controller.db is None
        s.card_source, s.theme = choice.card_source, choice.theme
        s.set_shortcuts(choice.shortcuts)
        self.theme.set_theme(choice.theme)
        apply_shortcuts(self.shortcut_entries, choice.shortcuts)
        self._refresh_shortcut_texts()
        self.controller.cards_url = choice.card_source or None
        if reopen:
            self.switch_database(choice.db_url)

    def switch_database(self, url: str) -> bool:
        """Open the card database ``url`` (``""``: the default) instead of the one in use and
        save it in the settings, without its password (libpq reads ``~/.pgpass`` or
        ``$PGPASSWORD``). A URL that does not open is not saved: the error is shown and the
        previous database re-opened. An open deck is analysed again on the database now in
        use. Returns True when ``url`` opened."""
        from analyzer.cards.db.engine import without_password

        previous, had_db = self.controller.db_url, self.controller.db is not None
        self.statusBar().showMessage("Opening the card database…", 3000)
        opened = self.controller.set_database_url(url or None)
        if opened:
            stored = without_password(url)
            self.app_settings.db_url = stored
            self.db_override = ""
            if stored != url:
                self.inform("Card database password",
                            "The password is not saved in Spellweb's settings. For the next "
                            "start, put it in ~/.pgpass (%APPDATA%\\postgresql\\pgpass.conf "
                            "on Windows) or the PGPASSWORD environment variable; libpq reads "
                            "them.")
        elif had_db and previous != (url or None):
            self.controller.set_database_url(previous)
            self.statusBar().showMessage("The previous card database is still in use; the "
                                         "new URL was not saved", 10_000)
        self._reanalyse_after_switch()
        return opened

    def _reanalyse_after_switch(self) -> None:
        """The database changed under an open deck: read the deck file again on it (an
        unmodified file), or analyse the deck under edit again (its cards stay those read
        from the previous database); with no database, rebuild the report from the views."""
        if self.loaded is None:
            return
        path = self.document.path
        if self.controller.db is None:
            self._build_report_preview(self.loaded, self.combo_report)
            self.statusBar().showMessage("No card database: the views show the deck as read "
                                         "from the previous database", 10_000)
        elif not self.document.modified and path is not None and path.is_file():
            self.controller.open_deck(path)
        else:
            self.editor.analyse()
            self.statusBar().showMessage("The deck under edit keeps the cards read from the "
                                         "previous database; save and re-open it to read "
                                         "them from this one", 10_000)

    def _database_in_use(self) -> str:
        """Settings ▸ Database's first line: the database open now, and what chose it."""
        from analyzer.cards.db.engine import hide_password

        db = self.controller.db
        shown = f"In use: {hide_password(db.url)}" if db is not None else \
            "In use: no card database (it could not be opened)"
        if self.db_override:
            shown += (f" — overridden by {self.db_override}; the URL below is used when "
                      f"Spellweb starts without {self.db_override}")
        return shown + "."
