"""The Graph tab in the main window on real decks and the real card database: click a card
or an arrow and every view follows, the Inspector shows the card's detail (faces, symbols,
legalities, printings) or the synergy's explanation and rules; search, kind filter, and the
screenshots of ~100-card decks (saved to $SPELLWEB_SCREENSHOT_DIR when set)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QMessageBox

from analyzer.cards.model import Card
from analyzer.graph import EdgeRow
from analyzer.oracle.symbols import mana_symbols, text_parts
from tests.ui.conftest import save_copies
from ui.main_window import GRAPH_TAB

pytestmark = [pytest.mark.gui, pytest.mark.shared]

SPLINTER = "Splinter, Hamato Yoshi"
DECK_TIMEOUT = 120_000
DECKS = {
    # file under ../shared/data/decks -> its commander (data/README.md, "Files and origins")
    "text/splinter_radical_rat_ninjas_commander.txt": "Splinter, Radical Rat",
    "cockatrice_cod/M - EDH - Krenko, Mob Boss - R.cod": "Krenko, Mob Boss",
    "mtgo_dek/duel-commander-league-2026-04-0710517__yuriko.dek": "Yuriko, the Tiger's Shadow",
}
MIN_LABEL_PX = 8.5
"""Smallest on-screen label height we call readable (labels are 11 scene units)."""
MIN_LABEL_PX_ALL_CARDS = 7.0
"""The same with every card drawn (up to 100): smaller, still legible; zoom for more."""


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):
    calls = []
    for level in ("warning", "critical", "about"):
        monkeypatch.setattr(QMessageBox, level,
                            lambda *a, _level=level, **k: calls.append((_level, a[1:3])))
    return calls


def open_deck(qtbot, make_window, db_url: str, path: Path):
    window = make_window(db_url)
    window.resize(1400, 900)   # the offscreen screen is small: the size the pictures promise
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        assert window.open_deck(path) is not None
    assert window.loaded is not None
    window.tabs.setCurrentIndex(GRAPH_TAB)
    qtbot.waitUntil(window.graph_view.isVisible, timeout=5000)
    qtbot.waitUntil(window.graph_view.is_drawn, timeout=20_000)
    return window


@pytest.fixture
def window(qtbot, make_window, real_db_url, splinter_deck):
    return open_deck(qtbot, make_window, real_db_url, splinter_deck)


def _click_node(qtbot, view, node_id) -> None:
    view.center_on_node(node_id)
    point = view.mapFromScene(view.node_position(node_id))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def _label_overlaps(view) -> list[tuple[str, str]]:
    """Pairs of different cards whose label or disc overlaps the other's label or disc."""
    names = view.node_names()
    boxes = [(k, item.backdrop.sceneBoundingRect()) for k, item in view._nodes.items()]
    boxes += [(k, item.sceneBoundingRect()) for k, item in view._nodes.items()]
    return [(names[a], names[b]) for (a, ra), (b, rb) in combinations(boxes, 2)
            if a != b and ra.intersects(rb)]


class TestSelection:
    def test_clicking_a_card_selects_it_everywhere_with_its_detail(
            self, window, qtbot, shared_cards):
        view = window.graph_view
        node = next(k for k, n in view.node_names().items() if n == SPLINTER)
        _click_node(qtbot, view, node)
        selected = window.selection.current
        assert isinstance(selected, Card) and selected.name == SPLINTER
        # every view follows
        assert window.deck_model.item_at(window.deck_panel.tree.currentIndex()).card == selected
        assert window.edge_panel.proxy.card == selected.id
        assert view._nodes[node].opacity() == 1.0
        # the Inspector shows the card as the real data file has it
        real = shared_cards[SPLINTER]
        text = window.inspector.text()
        face = real.faces[0]
        assert face.type in text
        for line in face.text.splitlines():
            words = [p.text.strip() for p in text_parts(line) if not p.is_symbol]
            assert all(w in text for w in words if w), line
        for fmt in real.legalities:
            assert fmt in text
        assert "Printings" in text and "Legalities" in text
        images = window.inspector.html().count('src="mana:')
        assert images == len(mana_symbols(face.mana_cost)) + sum(
            p.is_symbol for p in text_parts(face.text))
        assert window.inspector.detail() is not None
        # and its synergies in the deck, each a link to the edge
        touching = [e for e in window.loaded.edges if selected.id in (e.source, e.target)]
        assert f"Synergies in this deck ({len(touching)})" in text
        first = window.inspector._synergies[0]
        assert first in touching
        with qtbot.waitSignal(window.inspector.edge_link_activated, timeout=1000) as blocker:
            window.inspector._browser.anchorClicked.emit(QUrl("edge:0"))
        assert blocker.args[0] is first and window.selection.current is first

    def test_clicking_the_end_of_the_selected_arrow_selects_the_card(self, window, qtbot):
        # the synergy table must not take the selection back when its card filter moves
        # the current row (a bug the denser graph of the new families showed)
        view = window.graph_view
        edge = window.loaded.edges[0]
        window.edge_panel.table.setCurrentIndex(window.edge_panel.proxy.index(
            window.edge_panel.visible_edges().index(edge), 0))
        assert window.selection.current is edge
        _click_node(qtbot, view, edge.target)
        assert isinstance(window.selection.current, Card)
        assert window.selection.current.id == edge.target

    def test_clicking_an_arrow_shows_its_explanation_and_rules(self, window, qtbot):
        view = window.graph_view
        item = next(e for e in view._edges if e.edge.payload.rules)
        view.centerOn(item.path().pointAtPercent(0.5))
        view.zoom(2.0)
        view.centerOn(item.path().pointAtPercent(0.5))
        point = view.mapFromScene(item.path().pointAtPercent(0.5))
        hit = view.itemAt(point)
        assert hit is not None
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        edge = window.selection.current
        assert isinstance(edge, EdgeRow)
        text = " ".join(window.inspector.text().split())
        assert " ".join(edge.explanation.split()) in text
        assert all(f"CR {rule}" in text for rule in edge.rules)
        assert edge.source_name in text and edge.target_name in text
        assert view.selected_edge() is edge
        # its tooltip says the same: kind, explanation, rules
        tip = _plain(view._edges[view._edges.index(
            next(e for e in view._edges if e.edge.payload is edge))].toolTip())
        assert edge.kind.replace("_", " ") in tip and edge.rules[0] in tip
        assert " ".join(edge.explanation.split()) in " ".join(tip.split())
        # a link in the Inspector selects one of its cards
        window.inspector.card_link_activated.emit(edge.target)
        assert window.selection.current.id == edge.target

    def test_search_finds_and_selects_a_card(self, window, qtbot):
        panel = window.graph_panel
        window.find_action.trigger()
        assert panel.search_edit.hasFocus()
        qtbot.keyClicks(panel.search_edit, "hamato")
        assert [window.graph_view.node_names()[k] for k in panel.view.search_matches()] \
            == [SPLINTER]
        qtbot.keyClick(panel.search_edit, Qt.Key.Key_Return)
        assert window.selection.current.name == SPLINTER

    def test_kind_filter_on_a_real_deck(self, window):
        panel = window.graph_panel
        drawn = [e for e in window.loaded.edges if e.source != e.target]
        assert panel.kind_boxes["anthem"].text() == \
            f"anthem ({sum(e.kind == 'anthem' for e in drawn)})"
        panel.kind_boxes["anthem"].setChecked(False)
        assert window.graph_view.visible_edge_count() == sum(e.kind != "anthem" for e in drawn)
        assert not [e for e in window.graph_view._edges
                    if e.edge.kind == "anthem" and e.isVisible()]


def _plain(rich: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText()


class TestScreenshots:
    @pytest.mark.parametrize("deck", sorted(DECKS))
    def test_graph_of_a_real_deck_is_readable(self, deck, qtbot, make_window, real_db_url,
                                             shared, screenshot_dirs):
        window = open_deck(qtbot, make_window, real_db_url, shared / "data" / "decks" / deck)
        view = window.graph_view
        stem = Path(deck).stem.split("__")[-1].replace(" ", "_")
        shots = []
        for mode, isolated in (("", False), ("_all_cards", True)):
            window.graph_panel.isolated_box.setChecked(isolated)
            qtbot.wait(200)  # the relayout timer after the tab's resize
            qtbot.waitUntil(view.is_drawn, timeout=20_000)
            view.fit()
            assert view.node_ids()
            assert _label_overlaps(view) == [], deck
            scale = view.transform().m11()
            # fitted in a 1400 x 900 window next to the Inspector, labels stay legible
            least = MIN_LABEL_PX if not isolated else MIN_LABEL_PX_ALL_CARDS
            assert scale * 11 >= least, (deck, mode, len(view.node_ids()), scale)
            commander = DECKS[deck]
            ids = [k for k, n in view.node_names().items() if n == commander]
            if ids:
                window._select_card_id(ids[0])
                qtbot.wait(50)
            view.fit()
            shot = screenshot_dirs[0] / f"graph_tab_{stem}{mode}.png"
            assert window.grab().save(str(shot))
            shots.append(shot)
            window.selection.clear()
        picture = view.export_image(screenshot_dirs[0] / f"graph_{stem}.png", stem)
        drawing = view.export_image(screenshot_dirs[0] / f"graph_{stem}.svg", stem)
        assert QSvgRenderer(str(drawing)).isValid()
        for path in (*shots, picture, drawing):
            image_ok = path.suffix == ".svg" or not QImage(str(path)).isNull()
            assert image_ok, path
            for copy in save_copies(path, screenshot_dirs):
                assert copy.stat().st_size > 5_000
