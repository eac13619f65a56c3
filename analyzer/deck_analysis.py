"""A deck with its synergy graph (:class:`DeckAnalysis`): what the GUI shows, the reports
print and :func:`analyzer.services.analyze_deck` returns. A light module (the graph and the
Oracle compiler are imported where they are used), below the use-case layer so that the
reports read it without importing :mod:`analyzer.services`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from analyzer.cards.model import Card
from analyzer.decks import Deck

if TYPE_CHECKING:
    import networkx as nx

    from analyzer.graph.analysis import EdgeRow
    from analyzer.oracle.profile import CardProfile

__all__ = ["DeckAnalysis"]


@dataclass(frozen=True)
class DeckAnalysis:
    """A deck with its synergy graph: what the GUI shows and reports print."""

    deck: Deck
    """The resolved deck, issues included."""
    graph: nx.MultiDiGraph[str] = field(repr=False)
    """The synergy graph of the main deck and command zone (nodes: card ids)."""

    @property
    def edges(self) -> list[EdgeRow]:
        """Every synergy edge, sorted for display (kind, source, target)."""
        from analyzer.graph import edge_list

        return edge_list(self.graph)

    @property
    def analysed_cards(self) -> list[tuple[Card, int]]:
        """(card, copies) of the main deck and command zone, the cards the graph holds."""
        return self.deck.main_and_commander()

    @property
    def profiles(self) -> dict[str, CardProfile]:
        """Card id → the compiled profile the graph holds for it (its front-face view,
        :func:`analyzer.graph.faces.graph_profile`): statistics and reports read these,
        so no card is compiled twice."""
        from analyzer.oracle.profile import CardProfile

        return {node: data["profile"] for node, data in self.graph.nodes(data=True)
                if isinstance(data.get("profile"), CardProfile)}
