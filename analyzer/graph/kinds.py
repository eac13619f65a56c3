"""The synergy kinds' display colours, shared by every picture of the graph.

The HTML report and the window draw each edge kind in the same colour, so a reader who knows
one knows the other. A kind missing here is drawn grey by the report and in a colour derived
from its name by the window.
"""

from __future__ import annotations

__all__ = ["KIND_COLORS"]

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
}
"""Edge kind (``SynergyEdge.kind``) -> CSS hex colour."""
