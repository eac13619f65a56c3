"""The synergy table's row (:class:`EdgeRow`), apart from networkx so that the window can
show and test rows without importing the graph library."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzer.cards.model import CardId

__all__ = ["EdgeRow"]


@dataclass(frozen=True, slots=True)
class EdgeRow:
    """One edge of the graph as a table row, with both cards' names."""

    source: CardId
    """The helping card's id."""
    target: CardId
    """The helped card's id."""
    source_name: str
    """The helping card's name."""
    target_name: str
    """The helped card's name."""
    kind: str
    """The edge family."""
    explanation: str
    """One sentence naming both cards."""
    rules: tuple[str, ...]
    """CR numbers."""
    strength: float
    """0..1."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the row."""
        return {"source": self.source, "target": self.target, "source_name": self.source_name,
                "target_name": self.target_name, "kind": self.kind,
                "explanation": self.explanation, "rules": list(self.rules),
                "strength": self.strength}
