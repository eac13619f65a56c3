"""``cost_reduction`` edges: a card whose static ability makes another card cheaper to cast.

"Goblin spells and Rogue spells you cast cost {1} less to cast" (Frogtosser Banneret) reduces
every other Goblin or Rogue card of the deck, Kindred spells and Changelings included
(CR 205.3m, 702.73a). Cost reductions apply after an alternative cost is chosen, so they
reduce prowl and sneak costs too (CR 601.2f).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.edges import SynergyEdge, register_family
from analyzer.oracle.profile import CardProfile

__all__ = ["cost_reduction_edges"]

_ALTERNATIVE = ("Prowl", "Sneak")


@register_family("cost_reduction")
def cost_reduction_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each cost reducer to each other non-land card it reduces.

    Rules 601.2f, plus 205.3m for creature-type filters. Strength 0.5 + 0.1 per generic
    mana saved, at most 0.8.

    Examples
    --------
    >>> from analyzer.oracle.compile import compile_card
    >>> from analyzer.cards.model import Card, Face
    >>> def card(name, types, subtypes, text=""):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(
    ...         name=name, types=types, subtypes=subtypes, text=text),)))
    >>> banneret = card("Banneret", ("Creature",), ("Goblin", "Rogue"),
    ...     "Goblin spells and Rogue spells you cast cost {1} less to cast.")
    >>> snitch = card("Snitch", ("Creature",), ("Goblin", "Rogue"), "Prowl {1}{B}")
    >>> [e.explanation for e in cost_reduction_edges([banneret, snitch])]
    ['Banneret makes Snitch cost {1} less to cast (Goblin and Rogue spells you cast cost {1} less), its prowl cost included.']
    """
    for source in profiles:
        if not source.cost_reductions:
            continue
        for target in profiles:
            if target.card_id == source.card_id or target.types <= {"Land"}:
                continue
            hits = [r for r in source.cost_reductions if r.spells.matches(target)]
            if not hits:
                continue
            alternatives = [k.name.lower() for k in target.keywords if k.name in _ALTERNATIVE]
            also = f", its {' and '.join(alternatives)} cost included" if alternatives else ""
            saved = sum(r.amount.mana_value for r in hits)
            rules = ("601.2f", "205.3m") if any(r.spells.subtypes for r in hits) \
                else ("601.2f",)
            yield SynergyEdge(
                source.card_id, target.card_id, "cost_reduction",
                f"{source.name} makes {target.name} cost "
                f"{' and '.join(str(r.amount) for r in hits)} less to cast "
                f"({'; '.join(r.describe() for r in hits)}){also}.",
                rules, round(min(0.8, 0.5 + 0.1 * saved), 2))
