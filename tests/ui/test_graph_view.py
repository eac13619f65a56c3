"""The graph widget: nodes, edges, legend, highlighting, clicks, zoom."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

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


class TestGraphView:
    def test_draws_nodes_edges_and_legend(self, view):
        assert sorted(view.node_ids()) == ["a", "b"]  # "c" has no synergy but with itself
        assert view.hidden_count() == 1
        assert view.edge_count() == 3  # the self loop is left out
        assert view._legend.kinds == {"anthem": 1, "ninjutsu_enabler": 1,
                                      "shares_creature_type": 1}
        assert view._legend.isVisible()

    def test_the_graph_is_fitted_into_the_view(self, view):
        rect = view.mapFromScene(view.scene().sceneRect()).boundingRect()
        assert rect.width() <= view.viewport().width() + 2
        assert rect.height() <= view.viewport().height() + 2

    def test_clicking_a_node_emits_its_id(self, view, qtbot):
        point = view.mapFromScene(view.node_position("b"))
        with qtbot.waitSignal(view.node_clicked, timeout=1000) as blocker:
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert blocker.args == ["b"]

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

    def test_zoom(self, view):
        before = view.transform().m11()
        view.zoom(1.5)
        assert view.transform().m11() == pytest.approx(before * 1.5)

    def test_edge_tooltips_hold_the_explanation(self, view):
        tips = sorted(e.toolTip() for e in view._edges)
        assert "Alpha pumps Beta" in tips

    def test_empty_graph(self, view):
        view.clear_graph()
        assert view.node_ids() == [] and not view._legend.isVisible()


class TestGraphPanel:
    def test_controls_drive_the_view(self, qtbot):
        from ui.widgets.graph_panel import GraphPanel

        panel = GraphPanel()
        qtbot.addWidget(panel)
        panel.resize(700, 500)
        panel.view.set_graph(NODES, EDGES, POSITIONS)
        panel.show()
        qtbot.waitExposed(panel)
        assert "c" not in panel.view.node_ids()
        panel.isolated_box.setChecked(True)
        assert "c" in panel.view.node_ids() and panel.view.show_isolated
        before = panel.view.transform().m11()
        panel.zoom_in_button.click()
        assert panel.view.transform().m11() > before
        panel.fit_button.click()
        assert panel.view.transform().m11() == pytest.approx(before, rel=0.05)
