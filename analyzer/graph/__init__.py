"""The synergy graph: typed edges between a deck's cards (networkx ``MultiDiGraph``).

Layout: :mod:`.edges` (the :class:`SynergyEdge` value, the :data:`FAMILIES` registry and the
pairwise :class:`PairFamily`), :mod:`.families` (one module per edge family), :mod:`.build`
(the graph builder and its job), :mod:`.analysis` (edge tables, key cards, packages, loop
candidates, what a card adds), :mod:`.suggest` (database cards that would add edges, from a
cached feature index), :mod:`.export` (node-link JSON, GraphML, SVG, PNG), :mod:`.draw` (the
pictures, without Qt) and :mod:`.layout` (positions for drawing). Analysis is free functions over the graph; there is
no graph subclass. The public names are loaded on first use
(:func:`analyzer.lazy.lazy_exports`): the window imports :mod:`.kinds` and :class:`EdgeRow`
without networkx.
"""

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
    from analyzer.graph.analysis import (
        CardContribution,
        EdgeRow,
        LoopCandidate,
        LoopStep,
        Package,
        card_contribution,
        edge_list,
        edges_by_kind,
        key_cards,
        loop_candidates,
        packages,
    )
    from analyzer.graph.build import add_edge, build_synergy_graph, synergy_graph_job
    from analyzer.graph.edges import (
        FAMILIES,
        PAIR_FAMILIES,
        EdgeFamily,
        PairFamily,
        SynergyEdge,
        register_family,
        register_pair_family,
    )
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
    "PAIR_FAMILIES",
    "CardContribution",
    "EdgeFamily",
    "EdgeRow",
    "GraphFormatError",
    "LoopCandidate",
    "LoopStep",
    "Package",
    "PairFamily",
    "SynergyEdge",
    "add_edge",
    "build_synergy_graph",
    "card_contribution",
    "edge_list",
    "edges_by_kind",
    "graph_to_node_link",
    "key_cards",
    "layout_positions",
    "loop_candidates",
    "packages",
    "register_family",
    "register_pair_family",
    "synergy_graph_job",
    "write_graph",
]

__getattr__, __dir__ = lazy_exports(__name__, {
    "CardContribution": "analyzer.graph.analysis",
    "EdgeRow": "analyzer.graph.rows",
    "LoopCandidate": "analyzer.graph.analysis",
    "LoopStep": "analyzer.graph.analysis",
    "Package": "analyzer.graph.analysis",
    "card_contribution": "analyzer.graph.analysis",
    "edge_list": "analyzer.graph.analysis",
    "edges_by_kind": "analyzer.graph.analysis",
    "key_cards": "analyzer.graph.analysis",
    "loop_candidates": "analyzer.graph.analysis",
    "packages": "analyzer.graph.analysis",
    "add_edge": "analyzer.graph.build",
    "build_synergy_graph": "analyzer.graph.build",
    "synergy_graph_job": "analyzer.graph.build",
    "FAMILIES": "analyzer.graph.edges",
    "PAIR_FAMILIES": "analyzer.graph.edges",
    "EdgeFamily": "analyzer.graph.edges",
    "PairFamily": "analyzer.graph.edges",
    "SynergyEdge": "analyzer.graph.edges",
    "register_family": "analyzer.graph.edges",
    "register_pair_family": "analyzer.graph.edges",
    "EXPORT_FORMATS": "analyzer.graph.export",
    "GraphFormatError": "analyzer.graph.export",
    "graph_to_node_link": "analyzer.graph.export",
    "write_graph": "analyzer.graph.export",
    "layout_positions": "analyzer.graph.layout",
})
