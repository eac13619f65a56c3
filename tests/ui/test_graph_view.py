"""The graph widget and the Graph tab: nodes, edges, kind filter, search, tooltips, clicks,
keyboard, layouts, zoom and the PNG/SVG export (synthetic graphs; the real decks are in
test_graph_tab.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QToolTip

from analyzer.graph.kinds import KIND_COLORS
from ui.graph_layout import (
    CELL_HEIGHT,
    CELL_WIDTH,
    NO_SYNERGY,
    QUIET_CELL_HEIGHT,
    grouped_layout,
    role_groups,
)
from ui.widgets.graph_view import GraphEdge, GraphNode, GraphView

pytestmark = pytest.mark.gui

NODES = [GraphNode("a", "Alpha", 1, ("W",)), GraphNode("b", "Beta", 4, ("U", "B")),
         GraphNode("c", "Gamma", 1, ())]
EDGES = [GraphEdge("a", "b", "anthem", "Alpha pumps Beta", payload="e1"),
         GraphEdge("b", "a", "shares_creature_type", "Both are Ninjas", payload="e2"),
         GraphEdge("a", "b", "ninjutsu_enabler", "Beta returns Alpha", payload="e3"),
         GraphEdge("c", "c", "anthem", "self loop, not drawn", payload="e4")]
POSITIONS = {"a": (-1.0, 0.0), "b": (1.0, 0.0), "c": (0.0, 1.0)}


@pytest.fixture
def view(qtbot) -> GraphView:
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.set_graph(NODES, EDGES, POSITIONS)
    view.show()
    qtbot.waitExposed(view)
    return view


def _big_graph(n_lords: int = 6, n_ninjas: int = 40, n_birds: int = 30, n_lands: int = 24):
    """A deck-sized graph shaped like a ninja deck: lords pump every ninja, birds enable
    every ninja, lands have no synergy. Names as long as real card names."""
    nodes, edges = [], []
    for i in range(n_lords):
        nodes.append(GraphNode(f"L{i}", f"Lord {i}, Master of the Hidden Dojo", 1, ("B",)))
    for i in range(n_ninjas):
        nodes.append(GraphNode(f"N{i}", f"Ninja {i} of the Deep Hours", 1, ("U",)))
    for i in range(n_birds):
        nodes.append(GraphNode(f"B{i}", f"Bird {i}", 1, ("U",)))
    for i in range(n_lands):
        nodes.append(GraphNode(f"X{i}", f"Land {i}", 1, ()))
    for i in range(n_lords):
        for j in range(0, n_ninjas, 3):
            edges.append(GraphEdge(f"L{i}", f"N{j}", "anthem", f"Lord {i} pumps Ninja {j}",
                                   payload=("a", i, j)))
    for i in range(n_birds):
        for j in range(i % 4, n_ninjas, 8):
            edges.append(GraphEdge(f"B{i}", f"N{j}", "ninjutsu_enabler",
                                   f"Bird {i} flies for Ninja {j}", payload=("n", i, j)))
    positions = {n.id: ((k * 37 % 17) / 17.0, (k * 53 % 19) / 19.0)
                 for k, n in enumerate(nodes)}
    groups = role_groups([n.id for n in nodes],
                         [(e.source, e.target, e.kind, 0.5) for e in edges])
    return nodes, edges, positions, groups


def _label_overlaps(view: GraphView) -> list[tuple[str, str]]:
    rects = {k: view._nodes[k].backdrop.sceneBoundingRect() for k in view.node_ids()}
    discs = {k: view._nodes[k].sceneBoundingRect() for k in view.node_ids()}
    boxes = {**{("label", k): r for k, r in rects.items()},
             **{("disc", k): r for k, r in discs.items()}}
    return [(a, b) for (a, ra), (b, rb) in combinations(boxes.items(), 2)
            if a[1] != b[1] and ra.intersects(rb)]


class TestGraphView:
    def test_draws_nodes_edges_and_counts_kinds(self, view):
        assert sorted(view.node_ids()) == ["a", "b"]  # "c" has no synergy but with itself
        assert view.hidden_count() == 1
        assert view.edge_count() == 3  # the self loop is left out
        assert view.kind_counts() == {"anthem": 1, "ninjutsu_enabler": 1,
                                      "shares_creature_type": 1}

    def test_the_graph_is_fitted_into_the_view(self, view):
        rect = view.mapFromScene(view.scene().sceneRect()).boundingRect()
        assert rect.width() <= view.viewport().width() + 2
        assert rect.height() <= view.viewport().height() + 2

    def test_clicking_a_node_emits_its_id(self, view, qtbot):
        point = view.mapFromScene(view.node_position("b"))
        with qtbot.waitSignal(view.node_clicked, timeout=1000) as blocker:
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert blocker.args == ["b"]

    def test_clicking_an_edge_emits_its_payload(self, view, qtbot):
        edge = next(e for e in view._edges if e.edge.payload == "e1")
        point = view.mapFromScene(edge.path().pointAtPercent(0.5))
        with qtbot.waitSignal(view.edge_clicked, timeout=1000) as blocker:
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert blocker.args == ["e1"]

    def test_hovering_an_edge_shows_its_explanation(self, view, qtbot):
        edge = next(e for e in view._edges if e.edge.payload == "e3")
        point = view.mapFromScene(edge.path().pointAtPercent(0.5))
        qtbot.mouseMove(view.viewport(), point)
        qtbot.waitUntil(lambda: edge.hovered, timeout=1000)
        assert edge.pen().widthF() > 3  # the hovered arrow thickens
        QApplication.sendEvent(view.viewport(), QHelpEvent(
            QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point)))
        qtbot.waitUntil(QToolTip.isVisible, timeout=1000)
        assert QToolTip.text() == "Beta returns Alpha"
        QToolTip.hideText()

    def test_cards_without_synergy_on_request(self, view):
        view.set_show_isolated(True)
        assert sorted(view.node_ids()) == ["a", "b", "c"] and view.hidden_count() == 0

    def test_highlight_node_dims_the_others(self, view):
        view.set_show_isolated(True)
        view.highlight_node("c")
        items = view._nodes
        assert items["c"].opacity() == 1.0
        assert items["a"].opacity() < 1.0
        view.highlight_node(None)
        assert all(i.opacity() == 1.0 for i in items.values())

    def test_highlight_edge(self, view):
        view.set_show_isolated(True)
        view.highlight_edge("e2")
        assert view.selected_edge() == "e2"
        assert view._nodes["c"].opacity() < 1.0 and view._nodes["a"].opacity() == 1.0

    def test_the_selection_survives_a_relayout(self, view):
        view.highlight_node("a")
        view.set_layout_mode("force")
        assert view._nodes["a"].opacity() == 1.0 and view._selected_node == "a"

    def test_zoom_by_call_and_by_wheel(self, view, qtbot):
        before = view.transform().m11()
        view.zoom(1.5)
        assert view.transform().m11() == pytest.approx(before * 1.5)
        view.fit()
        assert view.transform().m11() == pytest.approx(before)

    def test_a_tiny_graph_is_not_blown_up(self, view):
        view.resize(1600, 1200)
        view.fit()
        assert view.transform().m11() <= 1.6 + 1e-9

    def test_empty_graph(self, view):
        view.clear_graph()
        assert view.node_ids() == [] and view.kind_counts() == {}
        assert view._empty.isVisible()


class TestKindFilter:
    def test_hiding_a_kind_hides_its_edges_only(self, view):
        view.set_kind_visible("anthem", False)
        shown = {e.edge.payload: e.isVisible() for e in view._edges}
        assert shown == {"e1": False, "e2": True, "e3": True}
        assert view.visible_edge_count() == 2 and view.hidden_kinds() == {"anthem"}
        view.set_kind_visible("anthem", True)
        assert view.visible_edge_count() == 3

    def test_cards_left_without_a_shown_edge_are_dimmed(self, view):
        view.set_kind_visible("anthem", False)
        view.set_kind_visible("ninjutsu_enabler", False)
        view.set_kind_visible("shares_creature_type", False)
        assert view.visible_edge_count() == 0
        assert all(view._nodes[k].opacity() < 1.0 for k in view.node_ids())

    def test_the_filter_survives_showing_isolated_cards(self, view):
        view.set_kind_visible("anthem", False)
        view.set_show_isolated(True)
        assert [e.isVisible() for e in view._edges if e.edge.kind == "anthem"] == [False]


class TestSearch:
    def test_matches_get_a_halo_exact_name_first(self, qtbot):
        view = GraphView()
        qtbot.addWidget(view)
        nodes = [GraphNode("1", "Ninja of the Deep Hours"), GraphNode("2", "Ninja"),
                 GraphNode("3", "Bird")]
        edges = [GraphEdge("3", "1", "ninjutsu_enabler"), GraphEdge("3", "2", "anthem")]
        view.set_graph(nodes, edges, {"1": (0, 0), "2": (1, 0), "3": (0, 1)})
        assert view.find_nodes("NINJA") == ["2", "1"]
        assert view._nodes["1"].halo.isVisible() and not view._nodes["3"].halo.isVisible()
        assert view.find_nodes("") == []
        assert not any(view._nodes[k].halo.isVisible() for k in view.node_ids())


class TestKeyboard:
    def test_arrow_keys_walk_from_card_to_card(self, view, qtbot):
        view.setFocus()
        first, second = sorted(view.node_ids(), key=lambda k: (view.node_position(k).x(),
                                                                view.node_position(k).y()))
        p, q = view.node_position(first), view.node_position(second)
        towards = Qt.Key.Key_Right if q.x() - p.x() > abs(q.y() - p.y()) else \
            (Qt.Key.Key_Down if q.y() > p.y() else Qt.Key.Key_Up)
        back = {Qt.Key.Key_Right: Qt.Key.Key_Left, Qt.Key.Key_Down: Qt.Key.Key_Up,
                Qt.Key.Key_Up: Qt.Key.Key_Down}[towards]
        view.highlight_node(first)
        with qtbot.waitSignal(view.node_clicked, timeout=1000) as blocker:
            qtbot.keyClick(view, towards)
        assert blocker.args == [second]
        with qtbot.waitSignal(view.node_clicked, timeout=1000) as blocker:
            qtbot.keyClick(view, back)
        assert blocker.args == [first]
        with qtbot.assertNotEmitted(view.node_clicked):
            qtbot.keyClick(view, back)  # nothing further that way
        with qtbot.waitSignal(view.background_clicked, timeout=1000):
            qtbot.keyClick(view, Qt.Key.Key_Escape)
        before = view.transform().m11()
        qtbot.keyClick(view, Qt.Key.Key_Plus)
        assert view.transform().m11() > before
        qtbot.keyClick(view, Qt.Key.Key_0)
        assert view.transform().m11() == pytest.approx(before)

    def test_without_a_current_card_an_arrow_starts_at_the_top_left(self, view, qtbot):
        top_left = min(view.node_ids(), key=lambda k: (view.node_position(k).y(),
                                                       view.node_position(k).x()))
        with qtbot.waitSignal(view.node_clicked, timeout=1000) as blocker:
            qtbot.keyClick(view, Qt.Key.Key_Down)
        assert blocker.args == [top_left]


class TestLayouts:
    def test_grouped_layout_keeps_100_labels_apart(self, qtbot):
        view = GraphView()
        qtbot.addWidget(view)
        view.resize(1000, 750)
        view.show()
        nodes, edges, positions, groups = _big_graph()
        view.set_graph(nodes, edges, positions, groups=groups)
        view.set_show_isolated(True)
        assert len(view.node_ids()) == 100
        assert _label_overlaps(view) == []
        assert set(view.group_rects()) == {"Anthem sources", "Anthem targets",
                                           "Ninjutsu enabler sources",
                                           "Ninjutsu enabler targets", NO_SYNERGY}
        # full names stay on hover, labels are elided to their cell
        long = "L0"
        assert view.node_label(long).endswith("…")
        assert view._nodes[long].toolTip() == "Lord 0, Master of the Hidden Dojo"

    def test_force_layout_and_bad_mode(self, view):
        view.set_layout_mode("force")
        assert view.layout_mode == "force" and view.group_rects() == {}
        with pytest.raises(ValueError, match="unknown graph layout 'circle'"):
            view.set_layout_mode("circle")

    def test_zoom_to_group(self, qtbot):
        view = GraphView()
        qtbot.addWidget(view)
        view.resize(800, 600)
        view.show()
        nodes, edges, positions, groups = _big_graph()
        view.set_graph(nodes, edges, positions, groups=groups)
        before = view.transform().m11()
        view.zoom_to_group("Anthem sources")
        assert view.transform().m11() > before
        rect = view.group_rects()["Anthem sources"]
        assert view.mapToScene(view.viewport().rect()).boundingRect().contains(rect)


class TestGroupedLayoutFunctions:
    def test_role_groups_take_the_heaviest_role(self):
        edges = [("lord", "n1", "anthem", 0.6), ("lord", "n2", "anthem", 0.6),
                 ("bird", "n1", "ninjutsu_enabler", 0.8), ("n1", "n1", "anthem", 1.0)]
        groups = role_groups(["lord", "n1", "n2", "bird", "land"], edges)
        assert groups == {"lord": "Anthem sources", "n1": "Ninjutsu enabler targets",
                          "n2": "Anthem targets", "bird": "Ninjutsu enabler sources",
                          "land": NO_SYNERGY}

    def test_cells_never_overlap_and_no_synergy_comes_last(self):
        nodes, edges, positions, groups = _big_graph()
        ids = [n.id for n in nodes]
        layout = grouped_layout(ids, groups, positions, [(e.source, e.target) for e in edges])
        assert set(layout.positions) == set(ids)
        for a, b in combinations(ids, 2):
            (x1, y1), (x2, y2) = layout.positions[a], layout.positions[b]
            quiet = NO_SYNERGY in (groups[a], groups[b])
            high = QUIET_CELL_HEIGHT if quiet else CELL_HEIGHT
            assert abs(x1 - x2) >= CELL_WIDTH - 1e-6 or abs(y1 - y2) >= high - 1e-6, (a, b)
        assert layout.boxes[-1].name == NO_SYNERGY
        assert sum(len(b.members) for b in layout.boxes) == len(ids)
        for a, b in combinations(layout.boxes, 2):
            apart = (a.x + a.width <= b.x or b.x + b.width <= a.x
                     or a.y + a.height <= b.y - 20 or b.y + b.height <= a.y - 20)
            assert apart, (a.name, b.name)

    def test_a_block_is_wide_enough_for_its_title(self):
        layout = grouped_layout(["a"], {"a": "Cost reduction sources"},
                                min_widths={"Cost reduction sources": 300.0})
        (box,) = layout.boxes
        assert box.width == 300.0
        assert layout.positions["a"][0] == pytest.approx(box.x + 150.0)  # centred

    def test_empty(self):
        assert grouped_layout([], {}).boxes == ()


class TestExport:
    def _pixels(self, image: QImage, color: str) -> int:
        """Pixels of the kind's hue (translucent arrows on white keep the hue)."""
        want = QColor(color).hsvHue()
        count = 0
        for y in range(image.height()):
            for x in range(image.width()):
                c = image.pixelColor(x, y)
                if c.hsvSaturation() > 60 and abs(c.hsvHue() - want) <= 6:
                    count += 1
        return count

    def test_png_is_a_picture_of_the_arrows_in_their_colours(self, view, tmp_path):
        path = view.export_image(tmp_path / "graph.png")
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        image = QImage(str(path))
        assert not image.isNull() and image.width() > 400
        bare = QImage(str(view.export_image(tmp_path / "bare.png", legend=False)))
        assert self._pixels(bare, KIND_COLORS["anthem"]) > 20
        view.set_kind_visible("anthem", False)
        hidden = QImage(str(view.export_image(tmp_path / "hidden.png", legend=False)))
        assert self._pixels(hidden, KIND_COLORS["anthem"]) == 0
        assert self._pixels(hidden, KIND_COLORS["ninjutsu_enabler"]) > 20

    def test_svg_is_valid_and_holds_the_names(self, view, tmp_path):
        path = view.export_image(tmp_path / "graph.SVG", title="My deck")
        root = ET.parse(path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert QSvgRenderer(str(path)).isValid()
        text = path.read_text(encoding="utf-8")
        assert "Alpha" in text and "Beta" in text and "My deck" in text
        assert "anthem (1)" in text

    def test_other_extensions_and_unwritable_paths_are_refused(self, view, tmp_path):
        with pytest.raises(ValueError, match=r"use a \.png or \.svg name"):
            view.export_image(tmp_path / "graph.jpg")
        with pytest.raises(OSError, match="could not write"):
            view.export_image(tmp_path / "no" / "such" / "folder" / "graph.png")


@pytest.fixture
def panel(qtbot):
    from ui.widgets.graph_panel import GraphPanel

    panel = GraphPanel()
    panel.interactive = False
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.view.set_graph(NODES, EDGES, POSITIONS)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


class TestGraphPanel:
    def test_controls_drive_the_view(self, panel):
        assert "c" not in panel.view.node_ids()
        panel.isolated_box.setChecked(True)
        assert "c" in panel.view.node_ids() and panel.view.show_isolated
        before = panel.view.transform().m11()
        panel.zoom_in_button.click()
        assert panel.view.transform().m11() > before
        panel.fit_button.click()
        assert panel.view.transform().m11() == pytest.approx(before, rel=0.05)
        panel.layout_box.setCurrentIndex(panel.layout_box.findData("force"))
        assert panel.view.layout_mode == "force"

    def test_the_legend_is_checkable_with_colours_and_counts(self, panel):
        boxes = panel.kind_boxes
        assert sorted(boxes) == ["anthem", "ninjutsu_enabler", "shares_creature_type"]
        assert boxes["anthem"].text() == "anthem (1)"
        assert not boxes["anthem"].icon().isNull()
        image = boxes["anthem"].icon().pixmap(12, 12).toImage()
        assert image.pixelColor(6, 6).name() == KIND_COLORS["anthem"]
        boxes["anthem"].setChecked(False)
        assert panel.view.hidden_kinds() == {"anthem"}
        assert [e.isVisible() for e in panel.view._edges if e.edge.kind == "anthem"] == [False]
        boxes["anthem"].setChecked(True)
        assert panel.view.visible_edge_count() == 3

    def test_search_highlights_and_enter_chooses(self, panel, qtbot):
        assert panel.completer.model().stringList() == ["Alpha", "Beta"]
        qtbot.keyClicks(panel.search_edit, "bet")
        assert panel.view.search_matches() == ["b"]
        assert panel.view._nodes["b"].halo.isVisible()
        assert panel.match_label.text() == "1 card(s) match"
        with qtbot.waitSignal(panel.card_chosen, timeout=1000) as blocker:
            qtbot.keyClick(panel.search_edit, Qt.Key.Key_Return)
        assert blocker.args == ["b"]
        panel.search_edit.setText("zzz")
        assert panel.match_label.text() == "No card matches" and panel.choose_best_match() is None

    def test_export_reports_the_file(self, panel, qtbot, tmp_path):
        with qtbot.waitSignal(panel.exported, timeout=1000) as blocker:
            panel.export(tmp_path / "g.svg")
        assert blocker.args == [tmp_path / "g.svg"]
        assert panel.export(tmp_path / "g.gif") is None

    def test_the_tab_key_reaches_every_control_and_the_graph(self, panel, qtbot):
        panel.activateWindow()
        panel.search_edit.setFocus()
        qtbot.waitUntil(panel.search_edit.hasFocus, timeout=1000)
        reached = []
        for _ in range(20):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            reached.append(QApplication.focusWidget())
        for widget in (panel.view, panel.kind_boxes["anthem"], panel.layout_box,
                       panel.isolated_box, panel.export_button, panel.fit_button):
            assert widget in reached, widget.accessibleName()

    def test_every_control_has_a_name_and_a_tooltip(self, panel):
        from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QComboBox, QLineEdit

        controls = [w for kind in (QAbstractButton, QAbstractItemView, QComboBox, QLineEdit)
                    for w in panel.findChildren(kind) if not w.objectName().startswith("qt_")
                    and w.isVisibleTo(panel) and not isinstance(w.parentWidget(), QComboBox)]
        assert controls
        missing = [w for w in controls if not w.accessibleName() or not w.toolTip()]
        assert not missing, [(type(w).__name__, w.text() if hasattr(w, "text") else "")
                             for w in missing]

