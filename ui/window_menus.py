"""The main window's actions and menus (DESIGN.md, "The window": File, Edit, View, Analyze,
Help), the recent-files menu, and the texts that name a shortcut in use.

:class:`WindowMenus` is a part of :class:`~ui.main_window.MainWindow`; it is no widget of
its own.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from ui.deck_editor import DeckEditor
from ui.widgets.shortcuts_editor import with_shortcut
from ui.window_views import GRAPH_TAB, SYNERGY_TAB

__all__ = ["WindowMenus"]


class WindowMenus:
    """The actions and menus of a :class:`~ui.main_window.MainWindow` (a part of that
    window)."""

    # -- building --------------------------------------------------------------------------

    def _action(self, text: str,
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None, tip: str,
                slot: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if slot is not None:
            action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.open_action = self._action("&Open Deck…", key.Open, "Open a deck list (Ctrl+O)",
                                        self.choose_deck)
        self.import_action = self._action("&Import Cards…", "Ctrl+I",
                                          "Import an MTGJSON AtomicCards file into the card "
                                          "database", self.choose_card_file)
        self.report_action = self._action("Export &Report…", "Ctrl+E",
                                          "Write the deck's report as HTML, PDF, Markdown or "
                                          "JSON (Ctrl+E)", self.choose_report)
        self.graph_action = self._action("Export &Graph…", "Ctrl+Shift+E",
                                         "Write the synergy graph as JSON or GraphML, or "
                                         "its picture as PNG or SVG",
                                         self.choose_graph_export)
        self.quit_action = self._action("&Quit", "Ctrl+Q", "Quit Spellweb", self.close)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.fit_action = self._action("&Fit Graph", "Ctrl+0", "Fit the whole graph in view",
                                       self._fit_graph)
        self.zoom_in_action = self._action("Zoom &In", key.ZoomIn, "Zoom into the graph",
                                           lambda: self.graph_view.zoom(1.25))
        self.zoom_out_action = self._action("Zoom &Out", key.ZoomOut, "Zoom out of the graph",
                                            lambda: self.graph_view.zoom(0.8))
        self.find_action = self._action("&Find…", key.Find,
                                        "Find a card in the graph (Graph tab) or filter the "
                                        "synergy table (Ctrl+F)", self._focus_filter)
        self.card_search_action = self._action("Search &Cards…", "Ctrl+K",
                                               "Search the card database in Scryfall's "
                                               "syntax (Cards tab, Ctrl+K)",
                                               self.focus_card_search)
        self.tab_actions = [
            self._action(f"&{view.title}", f"Ctrl+{i + 1}" if i < 9 else None,
                         f"Show the {view.title} tab",
                         lambda _=False, i=i: self.tabs.setCurrentIndex(i))
            for i, view in enumerate(self.views)]
        self.combos_action = self._action("Find &Combos", "Ctrl+Shift+C",
                                          "Detect, discover and verify the deck's combos in "
                                          "the rules core (Ctrl+Shift+C)", self.find_combos)
        self.lines_action = self._action("Search &Lines", "Ctrl+Shift+L",
                                         "Search the Lines tab's board for the best lines to "
                                         "its goal (Ctrl+Shift+L)", self.search_lines)
        self.about_action = self._action("&About Spellweb", key.HelpContents,
                                         "About Spellweb (F1)", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.inspector_action = self.inspector_dock.toggleViewAction()
        self.inspector_action.setShortcut(QKeySequence("Ctrl+Shift+I"))
        self.inspector_action.setToolTip("Show or hide the Inspector (Ctrl+Shift+I)")
        self.addAction(self.inspector_action)
        self.focus_inspector_action = self._action(
            "Go to &Inspector", "F6", "Show the Inspector and move the keyboard focus into it "
            "(F6)", self.focus_inspector)
        self.settings_action = self._action("Settin&gs…", "Ctrl+,",
                                            "Card database, card data, theme and keyboard "
                                            "shortcuts (Ctrl+,)", self.open_settings)
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.reset_layout_action = self._action("Reset &Layout", "Ctrl+Shift+R",
                                                "Put the tabs, docks and window size back as "
                                                "they were at the first start (Ctrl+Shift+R)",
                                                lambda: self.layout_keeper.reset())
        self.editor = DeckEditor(self, self.document)
        """File ▸ New / Save / Save As, Edit ▸ Undo / Redo and the Deck tab's edits."""
        self._set_deck_actions_enabled(False)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.editor.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.setToolTip("Decks opened lately")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.editor.save_action)
        file_menu.addAction(self.editor.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addSeparator()
        file_menu.addAction(self.report_action)
        file_menu.addAction(self.graph_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.editor.undo_action)
        edit_menu.addAction(self.editor.redo_action)
        edit_menu.addAction(self.editor.rename_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        edit_menu.addAction(self.card_search_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.settings_action)
        view_menu = bar.addMenu("&View")
        for action in self.tab_actions:
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.inspector_action)
        view_menu.addAction(self.focus_inspector_action)
        view_menu.addAction(self.reset_layout_action)
        view_menu.addSeparator()
        view_menu.addAction(self.fit_action)
        view_menu.addAction(self.zoom_in_action)
        view_menu.addAction(self.zoom_out_action)
        analyze_menu = bar.addMenu("&Analyze")
        analyze_menu.addAction(self.combos_action)
        analyze_menu.addAction(self.lines_action)
        self.step_menu = analyze_menu.addMenu("Step Through the &Line")
        self.step_menu.setToolTip("Step through the Lines tab's line (its shortcuts work in "
                                  "the Lines tab)")
        # the Lines view adds its Back/Forward/Reset actions when it is built
        self.step_menu.aboutToShow.connect(self.lines_view.widget)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths):
            action = self.recent_menu.addAction(f"&{(i + 1) % 10} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_deck(p))
        if paths:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("&Clear Menu")
            clear.setToolTip("Forget the recent decks")
            clear.triggered.connect(self._clear_recent)
        self.recent_menu.setEnabled(bool(paths))

    def _clear_recent(self) -> None:
        self.recent.clear()
        self._fill_recent_menu()

    def _fit_graph(self) -> None:
        self.tabs.setCurrentIndex(GRAPH_TAB)
        self.graph_view.fit()

    def _focus_filter(self) -> None:
        if self.tabs.currentIndex() == GRAPH_TAB:
            self.graph_panel.search_edit.setFocus()
            self.graph_panel.search_edit.selectAll()
            return
        self.tabs.setCurrentIndex(SYNERGY_TAB)
        self.edge_panel.filter_edit.setFocus()
        self.edge_panel.filter_edit.selectAll()

    def combos_hint(self, then: str = "") -> str:
        """``"Analyze ▸ Find Combos (<its shortcut>) <then>"``: the combo panel's hints."""
        hint = with_shortcut("Analyze ▸ Find Combos", self.combos_action.shortcut())
        return f"{hint} {then}" if then else hint

    def _refresh_shortcut_texts(self) -> None:
        """Tooltips that name a shortcut outside the actions (tab tips, the Report tab's
        Export… button, the combo panel's Find Combos button) follow the shortcuts in use."""
        for index, view in enumerate(self.views):
            key = self.tab_actions[index].shortcut() if index < len(self.tab_actions) else None
            self.tabs.setTabToolTip(index, with_shortcut(view.tip, key))
        self.report_preview.export_button.setToolTip(with_shortcut(
            "Write the report as HTML, PDF, Markdown or JSON, with sample lines and goldfish "
            "odds if wanted", self.report_action.shortcut()))
        self.combo_panel.run_button.setToolTip(
            "Detect, discover and verify the deck's combos: " + self.combos_hint())

    def focus_inspector(self) -> None:
        """View ▸ Go to Inspector: show the Inspector dock and give it the keyboard focus."""
        self.inspector_dock.show()
        self.inspector_dock.raise_()
        self.inspector.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # -- helpers ---------------------------------------------------------------------------

    def _set_deck_actions_enabled(self, enabled: bool) -> None:
        self.report_action.setEnabled(enabled)
        self.combos_action.setEnabled(enabled)
        self.graph_action.setEnabled(enabled)
