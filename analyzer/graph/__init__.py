"""The synergy graph: typed edges between a deck's cards (networkx ``MultiDiGraph``).

Layout: :mod:`.edges` (the :class:`SynergyEdge` value and the :data:`FAMILIES` registry),
:mod:`.families` (one module per edge family), :mod:`.build` (the graph builder and its job),
:mod:`.analysis` (edge tables, key cards), :mod:`.export` (node-link JSON, GraphML) and
:mod:`.layout` (positions for drawing). Analysis is free functions over the graph; there is
no graph subclass.
"""

from analyzer.graph.analysis import EdgeRow, edge_list, edges_by_kind, key_cards
from analyzer.graph.build import add_edge, build_synergy_graph, synergy_graph_job
from analyzer.graph.edges import FAMILIES, EdgeFamily, SynergyEdge, register_family
from analyzer.graph.export import (
    EXPORT_FORMATS,
    GraphFormatError,
    graph_to_node_link,
    write_graph,
)
from analyzer.graph.layout import layout_positions

__all__ = [
    "EXPORT_FORMATS",
    "FAMILIES",
    "EdgeFamily",
    "EdgeRow",
    "GraphFormatError",
    "SynergyEdge",
    "add_edge",
    "build_synergy_graph",
    "edge_list",
    "edges_by_kind",
    "graph_to_node_link",
    "key_cards",
    "layout_positions",
    "register_family",
    "synergy_graph_job",
    "write_graph",
]
