"""The main window, end to end: a real deck against a real card database, bad decks,
drag and drop, the shared selection, recent files, import with cancel, exports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QTabBar,
)

from analyzer.cards.model import Card
from analyzer.reports.model import ReportSection
from tests.ui.conftest import save_copies

pytestmark = pytest.mark.gui

SPLINTER = "Splinter, Hamato Yoshi"
DECK_TIMEOUT = 120_000


@pytest.fixture
def dialogs(monkeypatch) -> list[tuple[str, str, str]]:
    """Record QMessageBox.warning / critical / about calls instead of showing dialogs."""
    calls: list[tuple[str, str, str]] = []

    def record(level: str):
        def show(parent, title, text, *args, **kwargs):
            calls.append((level, title, text))
            return QMessageBox.StandardButton.Ok
        return show

    monkeypatch.setattr(QMessageBox, "warning", record("warning"))
    monkeypatch.setattr(QMessageBox, "critical", record("critical"))
    monkeypatch.setattr(QMessageBox, "about", record("about"))
    return calls


@pytest.fixture
def starter_db_url(tmp_path: Path) -> str:
    """A fresh database holding the starter card set (no ../shared needed)."""
    return f"sqlite:///{tmp_path / 'starter.sqlite'}"


def open_and_wait(qtbot, window, path: Path):
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        worker = window.open_deck(path)
        assert worker is not None
    return window.loaded


@pytest.fixture
def splinter_window(make_window, card_db_url, splinter_deck, qtbot, dialogs):
    window = make_window(card_db_url)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, splinter_deck)
    return window


@pytest.mark.shared
class TestRealDeck:
    def test_opens_the_splinter_deck_and_shows_its_anthem_edges(
            self, splinter_window, dialogs, qtbot, screenshot_dirs):
        window = splinter_window
        assert window.loaded is not None, dialogs
        assert window.windowTitle().startswith("Spellweb — ")
        # the database and the deck reached the status bar and every view
        assert "cards" in window.db_label.text()
        assert window.deck_model.rowCount() >= 4
        assert window.deck_panel.total_label.text() == "100 cards"
        assert window.graph_view.edge_count() == len(window.loaded.edges) > 0

        edges = window.edge_panel.visible_edges()
        anthem = [e for e in edges if e.kind == "anthem" and e.source_name == SPLINTER]
        assert anthem, "no anthem edge from Splinter, Hamato Yoshi in the synergy table"
        assert not [e for e in edges if e.source_name == SPLINTER == e.target_name]
        # the kind filter keeps anthem edges only
        box = window.edge_panel.kind_box
        box.setCurrentIndex(box.findData("anthem"))
        assert {e.kind for e in window.edge_panel.visible_edges()} == {"anthem"}
        box.setCurrentIndex(0)
        # the text filter
        window.edge_panel.filter_edit.setText("hamato")
        assert all(SPLINTER in (e.source_name, e.target_name)
                   or "hamato" in e.explanation.casefold()
                   for e in window.edge_panel.visible_edges())
        window.edge_panel.filter_edit.clear()

        # select Splinter (as a user clicking it in the deck) for the pictures
        splinter = next(c for c, _ in window.loaded.analysis.analysed_cards
                        if c.name == SPLINTER)
        window.deck_panel.tree.setCurrentIndex(window.deck_model.index_of_card(splinter.id))
        assert window.edge_panel.proxy.card == splinter.id
        window.tabs.setCurrentIndex(1)
        qtbot.wait(50)
        shot = screenshot_dirs[0] / "main_window_splinter.png"
        assert window.grab().save(str(shot))
        window.tabs.setCurrentIndex(2)
        qtbot.wait(50)
        graph_shot = screenshot_dirs[0] / "main_window_splinter_graph.png"
        assert window.grab().save(str(graph_shot))
        window.tabs.setCurrentIndex(0)
        qtbot.wait(50)
        deck_shot = screenshot_dirs[0] / "main_window_splinter_deck.png"
        assert window.grab().save(str(deck_shot))
        for path in (shot, graph_shot, deck_shot):
            for copy in save_copies(path, screenshot_dirs):
                assert copy.stat().st_size > 10_000

    def test_one_selection_for_every_view(self, splinter_window):
        window = splinter_window
        index = window.deck_model.index_of_card(next(
            c.id for c, _ in window.loaded.analysis.analysed_cards if c.name == SPLINTER))
        # select in the deck tree
        window.deck_panel.tree.setCurrentIndex(index)
        selected = window.selection.current
        assert isinstance(selected, Card) and selected.name == SPLINTER
        assert SPLINTER in window.inspector.text()
        shown = window.edge_panel.visible_edges()
        assert shown and all(selected.id in (e.source, e.target) for e in shown)
        nodes = window.graph_view._nodes
        neighbours = {selected.id} | {n for e in shown for n in (e.source, e.target)}
        assert nodes[selected.id].opacity() == 1.0
        assert all((nodes[n].opacity() == 1.0) == (n in neighbours) for n in nodes)
        # select an edge in the table: the inspector explains it, the graph highlights it
        window.edge_panel.table.setCurrentIndex(window.edge_panel.proxy.index(0, 0))
        edge = window.selection.current
        assert edge is shown[0] or edge == shown[0]
        assert edge.explanation in window.inspector.text().replace("\n", " ") or \
            edge.explanation[:30] in window.inspector.text()
        assert window.graph_view.selected_edge() is edge
        # click a node in the graph: the deck tree follows
        other = next(c for c, _ in window.loaded.analysis.analysed_cards if c.name != SPLINTER
                     and c.id in window.graph_view._nodes)
        window.graph_view.node_clicked.emit(other.id)
        assert window.selection.current == other
        current = window.deck_model.item_at(window.deck_panel.tree.currentIndex())
        assert current.card == other
        # clear the card filter chip: every edge again
        window.edge_panel.clear_card_filter()
        assert len(window.edge_panel.visible_edges()) == len(window.loaded.edges)

    def test_exports(self, splinter_window, tmp_path, qtbot):
        window = splinter_window
        assert window.report_action.isEnabled()
        with qtbot.waitSignal(window.controller.report_written, timeout=DECK_TIMEOUT) as done:
            window.controller.start_report(tmp_path / "deck.html", [ReportSection.DECK])
        report = done.args[0]
        assert report.is_file() and SPLINTER in report.read_text(encoding="utf-8")
        graph = window.controller.export_graph(tmp_path / "deck.graphml")
        assert graph is not None and graph.stat().st_size > 0
        doc = window.controller.export_graph(tmp_path / "deck.json")
        assert doc is not None and json.loads(doc.read_text(encoding="utf-8"))

    def test_recent_files_remember_the_deck(self, splinter_window, splinter_deck, tmp_path):
        window = splinter_window
        assert window.recent.paths()[0] == splinter_deck.resolve()
        gone = tmp_path / "gone.txt"
        gone.write_text("1 Island\n")
        window.recent.add(gone)
        gone.unlink()
        assert window.recent.paths() == [splinter_deck.resolve()]
        window._fill_recent_menu()
        texts = [a.text() for a in window.recent_menu.actions()]
        assert any(splinter_deck.name in t for t in texts)


class TestBadDecks:
    def test_binary_garbage_warns_and_the_window_stays_usable(
            self, make_window, starter_db_url, qtbot, dialogs, tmp_path):
        window = make_window(starter_db_url)
        garbage = tmp_path / "garbage.txt"
        garbage.write_bytes(bytes(range(256)) * 40)
        assert open_and_wait(qtbot, window, garbage) is None
        assert [d[0] for d in dialogs] == ["warning"]
        assert "garbage.txt" in dialogs[0][2]
        assert window.windowTitle() == "Spellweb"
        # still usable: a good deck opens afterwards
        good = tmp_path / "good.txt"
        good.write_text("4 Island\n", encoding="utf-8")
        loaded = open_and_wait(qtbot, window, good)
        assert loaded is not None and window.deck_model.rowCount() == 1
        assert len(dialogs) == 1

    def test_an_unknown_card_warns_with_line_and_suggestion(
            self, make_window, starter_db_url, qtbot, dialogs, tmp_path):
        window = make_window(starter_db_url)
        deck = tmp_path / "typo.txt"
        deck.write_text("4 Island\n2 Islnd\n1 Xyzzy the Unfindable\n", encoding="utf-8")
        loaded = open_and_wait(qtbot, window, deck)
        assert loaded is not None
        assert [d[0] for d in dialogs] == ["warning"]
        title, text = dialogs[0][1], dialogs[0][2]
        assert "typo.txt" in title
        assert "line 3" in text and "Xyzzy the Unfindable" in text
        assert "Island" in text.split("line 2", 1)[1]  # did you mean 'Island'?
        # the unknown names are in the tree, in red
        model = window.deck_model
        labels = [model.data(model.index(r, 0)) for r in range(model.rowCount())]
        assert "Not found (3)" in labels

    def test_an_unexpected_error_in_the_worker_is_an_error_dialog(
            self, make_window, starter_db_url, qtbot, dialogs, tmp_path, monkeypatch):
        import analyzer.graph

        def broken_layout(*args, **kwargs):
            raise RuntimeError("layout exploded")

        # the worker imports the layout where it runs (issue 3: not at the window's start)
        monkeypatch.setattr(analyzer.graph, "layout_positions", broken_layout)
        window = make_window(starter_db_url)
        deck = tmp_path / "deck.txt"
        deck.write_text("4 Island\n", encoding="utf-8")
        assert open_and_wait(qtbot, window, deck) is None
        assert [d[0] for d in dialogs] == ["critical"]
        assert "RuntimeError: layout exploded" in dialogs[0][2]
        assert not window.job_status.isVisibleTo(window)

    def test_a_missing_file_warns(self, make_window, starter_db_url, qtbot, dialogs, tmp_path):
        window = make_window(starter_db_url)
        assert open_and_wait(qtbot, window, tmp_path / "nope.txt") is None
        assert [d[0] for d in dialogs] == ["warning"]

    def test_a_bad_database_url_warns(self, make_window, qtbot, dialogs):
        window = make_window("nosuchdriver://x")
        assert window.controller.db is None
        assert dialogs and dialogs[0][0] == "warning"
        assert window.db_label.text() == "No card database"


class TestDragAndDrop:
    def test_dropping_a_deck_file_opens_it(self, make_window, starter_db_url, qtbot, dialogs,
                                           tmp_path):
        window = make_window(starter_db_url)
        deck = tmp_path / "dropped.txt"
        deck.write_text("3 Island\n", encoding="utf-8")
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(str(deck))])
        event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime,
                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            window.dropEvent(event)
        assert event.isAccepted()
        assert window.loaded is not None and window.loaded.path == deck
        # "[*]" is Qt's placeholder for the modified marker, shown only when modified
        assert window.windowTitle().replace("[*]", "") == "Spellweb — dropped"
        assert not window.isWindowModified()

    def test_dragging_a_file_over_the_window_is_accepted(self, make_window, starter_db_url,
                                                         tmp_path):
        window = make_window(starter_db_url)
        deck = tmp_path / "deck.txt"
        deck.write_text("1 Island\n", encoding="utf-8")
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(str(deck))])
        event = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime,
                                Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        window.dragEnterEvent(event)
        assert event.isAccepted()
        text_only = QMimeData()
        text_only.setText("hello")
        event = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, text_only,
                                Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        window.dragEnterEvent(event)
        assert not event.isAccepted()

    def test_dropping_no_file_is_ignored(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        mime = QMimeData()
        mime.setText("just text")
        event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        window.dropEvent(event)
        assert window.controller.deck_worker is None


class TestImportCards:
    def test_import_refreshes_the_status_bar(self, make_window, starter_db_url, qtbot,
                                             dialogs, tmp_path):
        window = make_window(starter_db_url)
        cards = tmp_path / "cards.json"
        cards.write_text(json.dumps({"meta": {"date": "2030-01-02"}, "data": {
            "Island": [{"name": "Island", "type": "Basic Land — Island", "types": ["Land"],
                        "supertypes": ["Basic"], "subtypes": ["Island"], "layout": "normal",
                        "manaValue": 0.0}],
            "Opt": [{"name": "Opt", "manaCost": "{U}", "manaValue": 1.0, "colors": ["U"],
                     "type": "Instant", "types": ["Instant"], "text": "Scry 1.\nDraw a card.",
                     "layout": "normal"}]}}), encoding="utf-8")
        worker = window.import_cards(cards)
        assert worker is not None and window.job_status.isVisibleTo(window)
        with qtbot.waitSignal(worker.finished, timeout=30_000):
            pass
        qtbot.waitUntil(lambda: "2 cards" in window.db_label.text(), timeout=5000)
        assert "cards.json" in window.db_label.text() and "2030-01-02" in window.db_label.text()
        # the import starts the background compilation of the cards' profiles, then the
        # status bar's job area goes away
        qtbot.waitUntil(lambda: not window.job_status.isVisibleTo(window), timeout=30_000)
        from analyzer.cards.profiles import profile_status

        with window.controller.db.session() as session:
            status = profile_status(session)
        assert (status.current, status.cards) == (2, 2)
        assert dialogs == []

    @pytest.mark.shared
    def test_cancel_in_the_status_bar_stops_the_import(
            self, make_window, starter_db_url, atomic_cards_path, qtbot, dialogs):
        window = make_window(starter_db_url)
        before = window.db_label.text()
        worker = window.import_cards(atomic_cards_path)
        with qtbot.waitSignal(worker.progress, timeout=30_000):
            pass
        with qtbot.waitSignal(worker.finished, timeout=60_000):
            window.job_status.cancel_button.click()
        assert worker.was_cancelled
        assert dialogs == []  # cancelling is no error
        qtbot.waitUntil(lambda: window.db_label.text() == before, timeout=5000)


def _qt_internal(widget) -> bool:
    """Parts Qt builds inside its own widgets (header views, tab scroll arrows, dock title
    buttons, a combo box's popup list, a line edit's clear button)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QComboBox, QLineEdit, QTabBar, QDockWidget)) \
                and widget is not parent:
            return isinstance(parent, (QComboBox, QLineEdit, QTabBar)) or \
                (isinstance(widget, QAbstractButton) and widget.parentWidget() is parent)
        parent = parent.parentWidget()
    return isinstance(widget, QHeaderView) or widget.objectName().startswith("qt_")


class TestAccessibility:
    def test_every_control_has_a_name_and_a_tooltip(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        kinds = (QAbstractButton, QAbstractItemView, QComboBox, QLineEdit)
        controls = [w for kind in kinds for w in window.findChildren(kind)
                    if w.parent() is not None and not w.objectName().startswith("qt_")]
        missing = [w for w in controls if not w.accessibleName() or not w.toolTip()]
        missing = [w for w in missing if not _qt_internal(w)]
        assert not missing, [(type(w).__name__, w.objectName(), w.accessibleName())
                             for w in missing]

    def test_menu_actions_have_shortcuts(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        for action in (window.open_action, window.import_action, window.report_action,
                       window.graph_action, window.quit_action, window.about_action,
                       window.fit_action, window.inspector_action, *window.tab_actions):
            assert not action.shortcut().isEmpty(), action.text()
            assert action.toolTip(), action.text()

    def test_about(self, make_window, starter_db_url, dialogs):
        window = make_window(starter_db_url)
        window.about_action.trigger()
        assert dialogs and dialogs[0][0] == "about"
