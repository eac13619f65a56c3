"""How the Graph tab's canvas draws the graph: a small graph at once, a large one in slices
across turns of the event loop (cards in batches, arrow shapes in batches, one layer per
kind, then the edge items that take the mouse), the grouped layout computed in a worker
thread for a large graph, so the GUI thread is never held long.

:class:`GraphBuilding` is a part of :class:`~ui.widgets.graph_view.GraphView` (which
holds the state it reads); it is no widget of its own.
"""

from __future__ import annotations

import math
import time
from collections import Counter, defaultdict
from collections.abc import Generator, Hashable, Iterator, Mapping, Sequence

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QPainterPath, QPolygonF

from ui.graph_layout import NO_SYNERGY, GroupedLayout, fit_positions, grouped_layout
from ui.palette import kind_color
from ui.widgets.graph_items import EdgeItem, GraphEdge, GroupItem, NodeItem, arrow_shape
from ui.widgets.graph_layers import EdgeLayer, rest_alpha
from ui.workers import JobWorker

__all__ = ["OTHER_SYNERGIES", "GraphBuilding"]


OTHER_SYNERGIES = "Other synergies"
"""The block of linked cards that no group claims (a package finder leaves some out)."""
_BATCH = 40             # edge items made per build step
_NODE_BATCH = 12        # card items made per build step
_SHAPE_BATCH = 80       # arrows shaped per build step
_SLICE_S = 0.008        # build steps run per turn of the event loop, seconds
_SMALL_NODES, _SMALL_EDGES = 40, 60  # a graph this small is built at once
_DONE = object()
_WAIT = object()        # a build step waits for a worker: pause until it resumes the build


class GraphBuilding:
    """The drawing of a :class:`~ui.widgets.graph_view.GraphView`'s scene, step by step (a
    part of that view)."""

    # -- building --------------------------------------------------------------------------

    def _rebuild(self) -> None:
        """Draw the graph again (new data, layout or filter). Hidden, the view only notes
        it and builds when shown, at its real shape; shown, a small graph is built at
        once and a large one in slices across turns of the event loop
        (:meth:`_build_steps`), so the GUI thread is never held long."""
        self._stop_build()
        self._build_generation += 1
        self._dirty = True
        if self.isVisible():
            self._start_build()

    def _start_build(self) -> None:
        self._dirty = False
        self._steps = self._build_steps()
        nodes, edges, _ = self._data
        if len(nodes) <= _SMALL_NODES and len(edges) <= _SMALL_EDGES:
            self._finish_build()
        else:
            self._build_timer.start()

    def _stop_build(self) -> None:
        self._build_timer.stop()
        self._steps = None

    def _continue_build(self) -> None:
        """Run build steps for one slice (:data:`_SLICE_S`), then yield to the event loop."""
        steps = self._steps
        if steps is None:
            return
        deadline = time.perf_counter() + _SLICE_S
        self._stepping = True
        try:
            while time.perf_counter() < deadline:
                step = next(steps, _DONE)
                if step is _DONE:
                    self._steps = None
                    return
                if step is _WAIT:
                    return  # a worker computes; its result resumes the build
        finally:
            self._stepping = False
        self._build_timer.start()

    def _resume_build(self, generation: int) -> None:
        if generation == self._build_generation and self._steps is not None:
            self._build_timer.start()

    def _finish_build(self) -> None:
        """Complete any build now (an accessor or an operation needs every item)."""
        if self._stepping:
            return  # called from a build step: what it reads is already built
        if self._dirty:
            self._dirty = False
            self._steps = self._build_steps()
        steps, self._steps = self._steps, None
        self._build_timer.stop()
        if steps is not None:
            self._stepping = self._synchronous = True
            try:
                for _ in steps:
                    pass
            finally:
                self._stepping = self._synchronous = False

    @property
    def building(self) -> bool:
        """True while the graph is still being drawn (or waits to be shown to be drawn)."""
        return self._dirty or self._steps is not None

    def _build_steps(self) -> Iterator[object]:
        """Build the scene, yielding between steps of a few milliseconds each: clear, lay
        out, cards in batches, arrow shapes in batches, one layer per kind, then the edge
        items that take the mouse in batches."""
        nodes, edges, positions = self._data
        if not self._show_isolated:
            linked = {n for e in edges if e.source != e.target for n in (e.source, e.target)}
            nodes = [n for n in nodes if n.id in linked]
            if self._linked_positions is not None:
                positions = self._linked_positions
        if self._keep is None:
            self._keep = ("node", self._selected_node) if self._selected_node is not None \
                else ("edge", self._selected_edge)
        self._clear_scene()
        ids = [n.id for n in nodes]
        if self._layout != "force":
            placed = yield from self._place_grouped(ids, positions)
        else:
            placed = fit_positions(ids, positions)
        yield
        scene = self.scene()
        for start in range(0, len(nodes), _NODE_BATCH):
            for node in nodes[start:start + _NODE_BATCH]:
                x, y = placed.get(node.id, (0.0, 0.0))
                item = NodeItem(node, self, self._metrics)
                item.setPos(x, y)
                scene.addItem(item)
                self._node_items[node.id] = item
            yield
        if self._current not in self._node_items:
            self._current = None
        yield from self._plan_edges(edges)
        self._hidden_kinds &= {e.kind for e, _, _ in self._planned}
        self._apply_kind_filter()
        self._mark_found(self._found)
        yield
        self._empty.setText("Open a deck to see its synergy graph." if not self._data[0]
                            else "No synergies found in this deck.")
        self._empty.adjustSize()
        self._empty.setVisible(not nodes)
        self._place_overlays()
        scene.setSceneRect(self._drawing_rect().adjusted(-30, -30, 30, 30))
        self.fit()
        keep, self._keep = self._keep, None
        if keep is not None and keep[0] == "node" and keep[1] in self._node_items:
            self.highlight_node(keep[1])
        elif keep is not None and keep[0] == "edge" and keep[1] is not None:
            self.highlight_edge(keep[1])
        yield
        self.graph_changed.emit()
        while len(self._edges) < len(self._planned):
            yield
            self._create_edge_items(_BATCH)
        self._apply_emphasis()
        if self.is_drawn():
            self.arrows_ready.emit()

    def _clear_scene(self) -> None:
        self.scene().clear()
        self._node_items.clear()
        self._edges.clear()
        self._planned.clear()
        self._groups.clear()
        self._layers.clear()
        self._preview = None
        self._selected_edge = None
        self._selected_node = None

    def _place_grouped(self, ids: list[Hashable], hint: Mapping[Hashable, tuple[float, float]]
                       ) -> Generator[object, None, dict[Hashable, tuple[float, float]]]:
        """Lay the cards out in group blocks (:func:`~ui.graph_layout.grouped_layout`,
        pure Python: in a worker thread for a large graph, the build waiting meanwhile)
        and draw the blocks; returns the node positions."""
        group_of = self._groupings.get(self._layout, {})
        linked = {n for e in self._data[1] if e.source != e.target for n in (e.source, e.target)}
        groups = {i: group_of.get(i, (OTHER_SYNERGIES if i in linked else NO_SYNERGY)
                                  if group_of else "Cards") for i in ids}
        edges = self._data[1]
        viewport = self.viewport()
        aspect = viewport.width() / viewport.height() if viewport.height() > 50 else 1.2
        self._layout_aspect = min(max(aspect, 0.6), 2.5)
        counts = Counter(groups.values())
        titles = {g: f"{g} ({n})" for g, n in counts.items()}
        metrics = QFontMetricsF(GroupItem.title_font())
        widths = {g: metrics.horizontalAdvance(t) + 4 for g, t in titles.items()}
        pairs = [(e.source, e.target) for e in edges]
        aspect = self._layout_aspect
        done: dict[str, GroupedLayout] = {}
        if len(ids) > _SMALL_NODES:
            generation = self._build_generation
            worker = JobWorker(lambda cancel: _layout_job(ids, groups, dict(hint), pairs,
                                                          aspect, widths),
                               "Laying out the graph", self)
            worker.result.connect(lambda layout: (done.setdefault("layout", layout),
                                                  self._resume_build(generation)))
            worker.finished.connect(lambda: self._layout_workers.discard(worker))
            worker.finished.connect(worker.deleteLater)
            self._layout_workers.add(worker)
            worker.start()
            while "layout" not in done and not self._synchronous:
                yield _WAIT
        layout = done.get("layout") or grouped_layout(ids, groups, hint, pairs, aspect=aspect,
                                                     min_widths=widths)
        if len(layout.boxes) > 1:
            for box in layout.boxes:
                item = GroupItem(box.name, titles[box.name],
                                 QRectF(box.x, box.y, box.width, box.height))
                self.scene().addItem(item)
                self.scene().addItem(item.title)
                self._groups.append(item)
        return layout.positions

    def _plan_edges(self, edges: Sequence[GraphEdge]) -> Iterator[None]:
        """Shape every arrow (in batches), then make one :class:`EdgeLayer` per kind and
        start painting their pictures off the GUI thread."""
        pairs: dict[frozenset[Hashable], list[GraphEdge]] = defaultdict(list)
        for edge in edges:
            if edge.source == edge.target or edge.source not in self._node_items \
                    or edge.target not in self._node_items:
                continue
            pairs[frozenset((edge.source, edge.target))].append(edge)
        alpha = rest_alpha(sum(len(group) for group in pairs.values()))
        centre = {k: (item.pos().x(), item.pos().y()) for k, item in self._node_items.items()}
        radius = {k: item.radius for k, item in self._node_items.items()}
        self._colors = {kind: kind_color(kind) for kind in {e.kind for e in edges}}
        shaped = 0
        for group in pairs.values():
            ordered = sorted(group, key=lambda e: (str(e.source), e.kind))
            first = ordered[0].source
            other = ordered[0].target if ordered[0].source == first else ordered[0].source
            (ax, ay), (bx, by) = centre[first], centre[other]
            # long arrows bow out, so an arrow along a row or a column of the grid passes
            # beside the cards between its ends instead of over their labels
            base = max(8.0, 0.14 * math.hypot(bx - ax, by - ay))
            for i, edge in enumerate(ordered):
                bend = base + i * 14.0
                if edge.source != first:
                    bend = -bend  # same side of the line, whichever way it points
                path, head = arrow_shape((*centre[edge.source], *centre[edge.target]),
                                         (radius[edge.source], radius[edge.target]), bend)
                self._planned.append((edge, path, head))
            shaped += len(ordered)
            if shaped >= _SHAPE_BATCH:
                shaped = 0
                yield
        arrows: dict[str, list[tuple[QPainterPath, QPolygonF]]] = defaultdict(list)
        for edge, path, head in self._planned:
            arrows[edge.kind].append((path, head))
        scene = self.scene()
        for kind, drawn in sorted(arrows.items()):
            yield
            layer = EdgeLayer(kind, drawn, alpha)
            scene.addItem(layer)
            self._layers[kind] = layer
        yield
        self._pictures.paint(self._layers)

    def _create_edge_items(self, count: int) -> list[EdgeItem]:
        start = len(self._edges)
        made = []
        scene = self.scene()
        for edge, path, head in self._planned[start:start + count]:
            item = EdgeItem(edge, path, head, self._colors[edge.kind], self)
            item.setVisible(edge.kind not in self._hidden_kinds)
            scene.addItem(item)
            made.append(item)
        self._edges.extend(made)
        return made


def _layout_job(ids: list[Hashable], groups: Mapping[Hashable, str],
                hint: Mapping[Hashable, tuple[float, float]],
                pairs: list[tuple[Hashable, Hashable]], aspect: float,
                widths: Mapping[str, float]) -> Generator[object, None, GroupedLayout]:
    """:func:`~ui.graph_layout.grouped_layout` as a job for a worker thread (plain data
    in and out, no Qt object)."""
    yield from ()
    return grouped_layout(ids, groups, hint, pairs, aspect=aspect, min_widths=widths)
