"""The synergy kinds' display colours and names, shared by every picture of the graph.

The HTML report and the window draw each edge kind in the same colour, so a reader who knows
one knows the other. A kind missing here is drawn grey by the report and in a colour derived
from its name by the window.
"""

from __future__ import annotations

__all__ = ["ANTI_SYNERGY_KINDS", "KIND_COLORS", "KIND_LABELS", "is_synergy", "kind_label"]

KIND_COLORS: dict[str, str] = {
    "anthem": "#d97706",
    "shares_creature_type": "#7c3aed",
    "sneak_enabler": "#0f766e",
    "ninjutsu_enabler": "#2563eb",
    "etb_reuse": "#db2777",
    "cost_reduction": "#65a30d",
    "control_exchange": "#dc2626",
    "untap": "#0891b2",
    "could_produce": "#a16207",
    "mana_trigger": "#ca8a04",
    "x_etb": "#9333ea",
    "trigger_doubling": "#15803d",
    "nonbo": "#111827",
}
"""Edge kind (``SynergyEdge.kind``) -> CSS hex colour."""

KIND_LABELS: dict[str, str] = {
    "anthem": "anthem",
    "shares_creature_type": "shares creature type",
    "sneak_enabler": "sneak enabler",
    "ninjutsu_enabler": "ninjutsu enabler",
    "etb_reuse": "ETB reuse",
    "cost_reduction": "cost reduction",
    "control_exchange": "control exchange",
    "untap": "untap",
    "could_produce": "could produce",
    "mana_trigger": "mana trigger",
    "x_etb": "X in ETB",
    "trigger_doubling": "trigger doubling",
    "nonbo": "nonbo (anti-synergy)",
}
"""Edge kind -> the name people read in legends, tables and tooltips ("ETB": enters the
battlefield, CR 603.6a)."""

ANTI_SYNERGY_KINDS: frozenset[str] = frozenset({"nonbo"})
"""Edge kinds that hurt the deck (a card stopping another, CR 101.2): never counted as
synergy by key cards, packages, loops or card contributions, and subtracted from a
suggestion's score."""


def is_synergy(kind: str) -> bool:
    """True unless ``kind`` is an anti-synergy kind (:data:`ANTI_SYNERGY_KINDS`).

    >>> is_synergy("anthem"), is_synergy("nonbo")
    (True, False)
    """
    return kind not in ANTI_SYNERGY_KINDS


def kind_label(kind: str) -> str:
    """A synergy kind (``SynergyEdge.kind``) as people read it, the same in every view.

    >>> kind_label("ninjutsu_enabler")
    'ninjutsu enabler'
    >>> kind_label("etb_reuse")
    'ETB reuse'
    >>> kind_label("some_new_kind")
    'some new kind'
    """
    return KIND_LABELS.get(kind, kind.replace("_", " "))
