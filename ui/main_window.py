"""The main window (DESIGN.md, "The window"): Deck, Synergies, Graph and Combos tabs, the Inspector
dock, menus, drag and drop, and a status bar with the database and background work.

The window wires things together and decides nothing about Magic: the :class:`Controller`
runs the use cases, the models adapt their results, and the one :class:`Selection` keeps every
view on the same card or edge. It hands its views, dock and status bar to
:mod:`ui.window_views`, its actions and menus to :mod:`ui.window_menus`, and its dialogs and
messages to :mod:`ui.window_dialogs`; here are the use cases, the selection followed by every
view, drag and drop, and the controller's signals.
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QSize, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from analyzer.cards.model import Card
from analyzer.combos.outcome import ComboFinding, ComboReport
from analyzer.decks import DeckValidation, ResolvedEntry, Section, Severity
from analyzer.errors import AnalyzerError, Cancelled
from analyzer.graph.rows import EdgeRow
from analyzer.stats import COLOR_NAMES
from ui.autosave import RecoveryStore
from ui.controllers import Controller, LoadedDeck
from ui.deck_document import DeckDocument
from ui.recent import RecentFiles
from ui.selection import Selection
from ui.settings import AppSettings, LayoutKeeper, fit_to_screen
from ui.theme import ThemeManager
from ui.widgets.card_data_dialog import CardDataDialog
from ui.widgets.fix_card_dialog import FixCardDialog
from ui.widgets.report_dialog import ReportDialog
from ui.widgets.settings_dialog import SettingsDialog
from ui.widgets.shortcuts_editor import apply_shortcuts, entries_of, with_shortcut
from ui.window_dialogs import (  # noqa: F401  (re-exported: tests import them here)
    CARD_FILTER,
    DECK_FILTER,
    GRAPH_FILTER,
    OFFERED_KEY,
    WindowDialogs,
)
from ui.window_menus import WindowMenus
from ui.window_views import (  # noqa: F401  (re-exported: tests import them here)
    COMBO_TAB,
    DECK_TAB,
    GRAPH_TAB,
    SYNERGY_TAB,
    VIEW_KEYS,
    View,
    WindowViews,
)
from ui.workers import JobWorker

__all__ = ["APP_NAME", "VIEW_KEYS", "MainWindow", "View"]

APP_NAME = "Spellweb"


class MainWindow(WindowViews, WindowMenus, WindowDialogs, QMainWindow):
    """Spellweb's main window.

    Parameters
    ----------
    db_url : str, optional
        Card database URL (default: ``$SPELLWEB_DB`` or the user's database).
    settings : QSettings, optional
        Where recent files and geometry live (default: the application's settings).
    interactive : bool
        Show dialogs; when False (``--screenshot``), messages go to stderr instead.
    recovery_dir : Path, optional
        Where unsaved changes are kept against a crash (default
        :func:`ui.autosave.default_recovery_dir`).
    """

    message_shown = Signal(str, str, str)
    """``(level, title, text)`` of every message shown to the user (dialog or stderr)."""

    def __init__(self, db_url: str | None = None, *, settings: QSettings | None = None,
                 interactive: bool = True, recovery_dir: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.interactive = interactive
        self.settings = settings if settings is not None else QSettings()
        self.recent = RecentFiles(self.settings)
        self.app_settings = AppSettings(self.settings)
        self.theme = ThemeManager(self.app_settings.theme, self)
        self.db_override = "--db" if db_url is not None else \
            "$SPELLWEB_DB" if os.environ.get("SPELLWEB_DB") else ""
        """What overrides Settings ▸ Database at this start: ``"--db"``, ``"$SPELLWEB_DB"``
        or ``""`` (the saved URL, or the default database, is used)."""
        if db_url is None and not os.environ.get("SPELLWEB_DB"):
            db_url = self.app_settings.db_url or None
        self.controller = Controller(db_url, self)
        self.controller.cards_url = self.app_settings.card_source or None
        self.selection = Selection(self)
        self.document = DeckDocument(RecoveryStore(recovery_dir), self)
        """The deck under edit: its file, format, undo stack and recovery file."""
        self.loaded: LoadedDeck | None = None
        self._cards_by_id: dict[str, Card] = {}
        self._last_dir = str(self.settings.value("paths/lastDir", "") or "")
        self.fix_dialog: FixCardDialog | None = None
        self.report_dialog: ReportDialog | None = None
        self.combo_report: ComboReport | None = None
        self.auto_combos = True
        """Find the combos as soon as a deck is analysed (Analyze ▸ Find Combos re-runs)."""

        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.setAccessibleName("Spellweb main window")
        size = QSize(1400, 900)   # --screenshot pictures keep this size on any screen
        self.resize(fit_to_screen(self, size) if interactive else size)

        self._build_views()
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_status_bar()
        self._connect()
        self.shortcut_entries = entries_of(self.actions())
        """Every window action with its default shortcut (Settings ▸ Keyboard Shortcuts)."""
        apply_shortcuts(self.shortcut_entries, self.app_settings.shortcuts())
        self._refresh_shortcut_texts()
        self.layout_keeper = LayoutKeeper(self, self.tabs, VIEW_KEYS, self.app_settings)
        for lazy in (self.stats_view, self.lines_view):
            lazy.built.connect(self.layout_keeper.adopt)
        self.settings_dialog: SettingsDialog | None = None
        if interactive:
            self.layout_keeper.restore()
        self.controller.open_database()
        self.card_data_dialog: CardDataDialog | None = None
        if interactive and not self.settings.value(OFFERED_KEY, False, type=bool):
            QTimer.singleShot(0, self, self.offer_card_data)
        if interactive:
            QTimer.singleShot(0, self, self.editor.offer_recovery)

    def _connect(self) -> None:
        c = self.controller
        c.database_changed.connect(self._show_database)
        c.job_started.connect(self._track_job)
        c.deck_loaded.connect(self.show_deck)
        c.cards_imported.connect(self._show_import)
        c.failed.connect(self._show_failure)
        c.combos_found.connect(self.show_combos)
        c.combos_stopped.connect(self._combos_stopped)
        c.report_written.connect(self._show_report_written)
        c.report_failed.connect(self._show_report_failure)
        c.report_cancelled.connect(lambda path: self.statusBar().showMessage(
            f"Report export cancelled: {path.name} was not written", 8000))
        self.selection.changed.connect(self._follow_selection)
        self.deck_panel.entry_activated.connect(self._select_entry)
        self.deck_panel.fix_requested.connect(self.fix_entry)
        self.edge_panel.edge_activated.connect(self.selection.select)
        self.edge_panel.card_filter_cleared.connect(self._card_filter_cleared)
        self.graph_view.node_clicked.connect(self._select_card_id)
        self.graph_view.edge_clicked.connect(self.selection.select)
        self.graph_view.background_clicked.connect(self.selection.clear)
        self.graph_panel.card_chosen.connect(self._select_card_id)
        self.graph_panel.exported.connect(
            lambda path: self.statusBar().showMessage(f"Graph picture written to {path}", 8000))
        self.inspector.card_link_activated.connect(self._select_card_id)
        self.inspector.edge_link_activated.connect(self.selection.select)
        self.inspector.combo_link_activated.connect(self.selection.select)
        self.combo_panel.combo_activated.connect(self.selection.select)
        self.combo_panel.run_requested.connect(self.find_combos)
        c.report_built.connect(self._show_report_preview)
        self.report_preview.card_activated.connect(self._select_card_id)
        self.report_preview.export_requested.connect(self.choose_report)
        c.database_changed.connect(lambda _info: self.card_browser.refresh())
        self.card_browser.card_selected.connect(self.selection.select)
        self.card_browser.add_requested.connect(self.add_card)
        self.card_browser.status_message.connect(
            lambda text: self.statusBar().showMessage(text, 8000))

    # -- use cases -------------------------------------------------------------------------

    def open_deck(self, path: Path | str) -> JobWorker | None:
        """Analyse and show the deck at ``path`` (in the background), after the
        unsaved-changes prompt (None if the user stays with the deck under edit)."""
        path = Path(path)
        if not self.editor.before_open(path):
            return None
        self._last_dir = str(path.parent)
        self.settings.setValue("paths/lastDir", self._last_dir)
        self.statusBar().showMessage(f"Opening {path.name}…", 3000)
        return self.controller.open_deck(path)

    def focus_card_search(self) -> None:
        """Edit ▸ Search Cards… (Ctrl+K): show the Cards tab with the cursor in its box."""
        self.tabs.setCurrentIndex(self.view_index("cards"))
        self.card_browser.focus_search()

    def add_card(self, card: Card, section: Section = Section.MAIN, count: int = 1) -> bool:
        """Add ``count`` copies of ``card`` to ``section`` of the deck under edit (a new deck
        when none is open), as one undoable edit; False if refused (the status bar says
        why: a card that cannot be a commander, a count out of range)."""
        return self.editor.add_card(card, section, count)

    def import_cards(self, path: Path | str) -> JobWorker | None:
        """Import a card file into the database (in the background)."""
        return self.controller.import_cards(path)

    def find_combos(self) -> JobWorker | None:
        """Analyze ▸ Find Combos: search the open deck's combos in the background and show
        the Combos tab; the status bar shows the progress and can cancel it."""
        if self.loaded is None:
            self.statusBar().showMessage(
                with_shortcut("Open a deck first", self.open_action.shortcut()), 5000)
            return None
        self.tabs.setCurrentIndex(COMBO_TAB)
        return self._start_combos(self.loaded)

    def _start_combos(self, loaded: LoadedDeck) -> JobWorker | None:
        self.combo_report = None
        self.combo_panel.set_state(f"Finding the combos of {loaded.title}: detecting catalog "
                                   "combos, discovering loops and playing each in the rules "
                                   "core… (Esc cancels)")
        return self.controller.find_combos(loaded)

    def show_combos(self, loaded: LoadedDeck, report: ComboReport) -> None:
        """Show the combos found in ``loaded`` (ignored if another deck is open now)."""
        if loaded is not self.loaded:
            return
        self.combo_report = report
        self.combo_panel.set_report(report)
        if self.stats_view.is_built:
            self.stats_panel.set_groups(self.controller.card_groups(loaded, report))
        self._build_report_preview(loaded, report)
        current = self.selection.current
        if isinstance(current, Card):
            self.combo_panel.highlight_card(current.name)
        self.statusBar().showMessage(f"{loaded.title}: {self.combo_panel.summary.text()}",
                                     8000)

    def search_lines(self) -> JobWorker | None:
        """Analyze ▸ Search Lines: show the Lines tab and search its board."""
        self.tabs.setCurrentIndex(self.view_index("lines"))
        return self.lines_panel.start_search()

    def _combos_stopped(self, loaded: LoadedDeck, err: BaseException) -> None:
        if loaded is not self.loaded:
            return
        what = "cancelled" if isinstance(err, Cancelled) else "failed"
        self.combo_panel.set_state(f"Combo search {what}: "
                                   f"{self.combos_hint('runs it again')}.", can_run=True)

    def show_deck(self, loaded: LoadedDeck) -> None:
        """Fill every view with an analysed deck: one read from a file (it becomes the deck
        under edit) or the deck under edit analysed again after edits."""
        kind = self.editor.deck_loaded(loaded)
        if kind == "stale":
            return   # edited again since: a newer analysis is on its way
        opened = kind == "open"
        self.loaded = loaded
        analysis = loaded.analysis
        self._cards_by_id = {card.id: card for card, _ in analysis.analysed_cards}
        for entry in analysis.deck.entries:
            if entry.card is not None:
                self._cards_by_id.setdefault(entry.card.id, entry.card)
        if opened:
            self.selection.clear()
        self.combo_report = None
        self.deck_panel.set_packages(loaded.groups)
        self.edge_model.set_edges(loaded.edges)
        self.edge_panel.set_card_filter(None)
        s = loaded.stats
        self.deck_panel.set_stats(s.total, s.curve, s.pips, s.types, COLOR_NAMES)
        if self.stats_view.is_built:
            self.stats_panel.set_stats(s, self.controller.card_groups(loaded))
        if self.lines_view.is_built:
            self.lines_session.set_deck(analysis.deck, analysis.analysed_cards,
                                        keep_board=not opened)
        self._show_validation(loaded.validation)
        self.graph_view.set_graph(self._graph_nodes(loaded), self._graph_edges(loaded),
                                  loaded.positions, loaded.linked_positions, loaded.groups,
                                  loaded.roles)
        self.graph_panel.export_stem = loaded.path.stem
        self.graph_panel.export_folder = self._last_dir
        self.editor.update_title()
        if opened and loaded.path.is_file():
            self.recent.add(loaded.path)
        self._fill_recent_menu()
        self._set_deck_actions_enabled(True)
        self._build_report_preview(loaded, None)
        if self.auto_combos:
            self._start_combos(loaded)
        else:
            self.combo_panel.set_state(f"Combos of {loaded.title} not searched yet: "
                                       f"{self.combos_hint()}.", can_run=True)
        self.statusBar().showMessage(
            f"{loaded.title}: {s.total} cards, {len(loaded.edges)} synergies", 8000)
        if not opened:
            return
        if any(issue.severity is Severity.ERROR for issue in analysis.deck.issues):
            self._report_deck_issues(loaded)
        elif analysis.deck.issues:
            self.statusBar().showMessage(
                f"{loaded.title}: {len(analysis.deck.issues)} note(s) on reading the file: "
                + "; ".join(str(i) for i in analysis.deck.issues[:3]), 15000)

    # -- drag and drop ---------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _local_files(event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: Any) -> None:
        if _local_files(event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        files = _local_files(event.mimeData().urls())
        if not files:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_deck(files[0])

    # -- Qt overrides ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.editor.maybe_save():
            event.ignore()
            return
        self.editor.closing()
        self.layout_keeper.save()
        self.controller.shutdown()
        self.graph_view.shutdown()
        super().closeEvent(event)

    # -- slots -----------------------------------------------------------------------------

    def _show_database(self, info: Any) -> None:
        if info is None:
            self.db_label.setText("No card database")
            self.db_label.setToolTip("No card database is open")
            return
        date = info.data_date or (info.imported_at[:10] if info.imported_at else "")
        parts = [f"{info.cards:,} cards", info.source or "unknown source"]
        if date:
            parts.append(date)
        self.db_label.setText("Cards: " + " · ".join(parts))
        self.db_label.setToolTip(
            f"Card database {info.url}\n{info.cards:,} cards, {info.faces:,} faces\n"
            f"Source: {info.source}\nData date: {info.data_date or '?'}\n"
            f"Imported: {info.imported_at or 'never'}\nSchema {info.schema_version}")

    def _track_job(self, worker: JobWorker) -> None:
        self.job_status.track(worker)

    def _show_import(self, summary: Any) -> None:
        what = f"{summary.printings:,} printings" if hasattr(summary, "printings") else \
            f"{summary.cards:,} cards"
        text = f"Imported {what} from {Path(summary.path).name}"
        notes = []
        if summary.skipped:
            notes.append(f"{len(summary.skipped)} entries skipped")
        if getattr(summary, "placeholders", ()):
            notes.append(f"{len(summary.placeholders)} placeholder entries left out")
        if getattr(summary, "data_problems", ()):
            notes.append(f"{len(summary.data_problems)} cards missing their text "
                         "(spellweb info --problems)")
        if notes:
            text += f" ({'; '.join(notes)})"
        self.statusBar().showMessage(text, 10000)

    def _show_report_written(self, path: Path) -> None:
        self.statusBar().clearMessage()
        self.file_notice.show_file(f"Report written to {path.name}", path)

    def _show_report_failure(self, path: Path, err: BaseException) -> None:
        self.statusBar().clearMessage()
        doing = f"Exporting the report {path.name}"
        if isinstance(err, (AnalyzerError, OSError)):
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            self.warn(doing, f"Could not write the report {path}:\n\n{reason}")
        else:
            self._show_failure(doing, err)

    def _show_failure(self, doing: str, err: BaseException) -> None:
        self.statusBar().clearMessage()
        if isinstance(err, AnalyzerError):
            self.warn(doing, str(err))
        else:
            details = "".join(traceback.format_exception(err)).strip()
            self.error(f"{doing}: unexpected error",
                       f"{type(err).__name__}: {err}\n\n{details[-2000:]}")

    def _show_validation(self, validation: DeckValidation | None) -> None:
        if validation is None:
            self.deck_panel.set_validation("", "", True)
            return
        legal = ", ".join(validation.legal_in) or "no format"
        if validation.ok:
            summary = f"✓ {validation.format}"
        else:
            count = len(validation.problems)
            summary = f"{count} problem{'' if count == 1 else 's'} for {validation.format}"
        details = "\n".join([f"Checked as {validation.format}; every card legal in: {legal}",
                             *(f"• {p}" for p in validation.problems[:20])])
        self.deck_panel.set_validation(summary, details, validation.ok)

    def _report_deck_issues(self, loaded: LoadedDeck) -> None:
        issues = loaded.analysis.deck.issues
        shown = "\n".join(f"• {issue}" for issue in issues[:12])
        more = f"\n… and {len(issues) - 12} more" if len(issues) > 12 else ""
        self.warn(f"Problems in {loaded.path.name}",
                  f"{len(issues)} line(s) could not be used as written:\n\n"
                  f"{shown}{more}")

    def _select_entry(self, entry: ResolvedEntry) -> None:
        self.selection.select(entry.card if entry.card is not None else entry)

    def _select_card_id(self, card_id: Any) -> None:
        card = self._cards_by_id.get(card_id)
        if card is not None:
            self.selection.select(card)

    def _select_card_name(self, name: str) -> None:
        """Select the card named ``name`` (a card of the Lines view's board)."""
        card = next((c for c in self._cards_by_id.values() if c.name == name), None) \
            or self.controller.card_named(name)
        if isinstance(card, Card):
            self.selection.select(card)

    def _card_filter_cleared(self) -> None:
        if isinstance(self.selection.current, Card):
            self.selection.clear()

    def _follow_selection(self, item: Any) -> None:
        card = item.card if isinstance(item, ResolvedEntry) else item
        detail = self.controller.card_detail(card.id) if isinstance(card, Card) else None
        synergies = [e for e in (self.loaded.edges if self.loaded is not None else ())
                     if isinstance(card, Card) and card.id in (e.source, e.target)]
        combos = [f for f in (self.combo_report.findings if self.combo_report else ())
                  if isinstance(card, Card)
                  and card.name.casefold() in (n.casefold() for n in f.combo.cards)]
        self.inspector.show_item(item, detail, synergies, combos=combos,
                                 card_ids={c.name.casefold(): i
                                           for i, c in self._cards_by_id.items()})
        self.combo_panel.highlight_card(card.name if isinstance(card, Card) else None)
        if self.stats_view.is_built:
            self.stats_panel.select_card(card.id if isinstance(card, Card) else None)
        if self.lines_view.is_built:
            self.lines_panel.highlight_card(card.name if isinstance(card, Card) else None)
        self.card_browser.select_card(card.id if isinstance(card, Card) else None)
        self.combo_panel.select_finding(item if isinstance(item, ComboFinding) else None)
        if isinstance(item, ComboFinding):
            self.deck_panel.select_card(None)
            self.graph_view.highlight_node(None)
            self.edge_panel.set_card_filter(None)
            self.edge_panel.select_edge(None)
        elif isinstance(item, Card):
            self.deck_panel.select_card(item.id)
            self.graph_view.highlight_node(item.id)
            self.edge_panel.set_card_filter(item.id, item.name)
            self.edge_panel.select_edge(None)
        elif isinstance(item, EdgeRow):
            card = self.edge_panel.proxy.card
            if card is not None and card not in (item.source, item.target):
                self.edge_panel.set_card_filter(None)
            self.edge_panel.select_edge(item)
            self.graph_view.highlight_edge(item)
        else:
            if item is None:
                self.deck_panel.select_card(None)
            self.graph_view.highlight_node(None)
            self.edge_panel.set_card_filter(None)
            self.edge_panel.select_edge(None)

    def _build_report_preview(self, loaded: LoadedDeck, combos: ComboReport | None) -> None:
        if combos is None:    # a new deck: its report replaces the last one's
            self.report_preview.set_state(f"Building the report of {loaded.title}…")
        self.controller.build_report_preview(loaded, combos)

    def _show_report_preview(self, loaded: LoadedDeck, report: Any) -> None:
        if loaded is self.loaded:
            self.report_preview.set_report(report)


def _local_files(urls: list[QUrl]) -> list[Path]:
    return [Path(u.toLocalFile()) for u in urls if u.isLocalFile() and u.toLocalFile()
            and Path(u.toLocalFile()).is_file()]
