"""``cost_reduction`` edges: a card whose static ability makes another card cheaper to cast.

"Goblin spells and Rogue spells you cast cost {1} less to cast" (Frogtosser Banneret) reduces
every other Goblin or Rogue card of the deck, Kindred spells and Changelings included
(CR 205.3m, 702.73a). Cost reductions apply to the total cost, after an alternative cost is
chosen (CR 601.2f, 118.9d), so they reduce prowl, sneak, evoke, dash, flashback and every
other alternative cost of the spell too; the explanation names them. Ninjutsu is an activated
ability, not a spell's cost (CR 702.49a): a spell cost reducer does not make it cheaper.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.statics import CostReduction

__all__ = ["ALTERNATIVE_COSTS", "COST_REDUCTION", "cost_reduction_edges"]

ALTERNATIVE_COSTS: frozenset[str] = frozenset({
    "Prowl", "Sneak", "Evoke", "Dash", "Blitz", "Emerge", "Surge", "Spectacle", "Madness",
    "Flashback", "Overload", "Bestow", "Mutate", "Miracle", "Foretell", "Escape", "Disturb",
    "Freerunning", "Impending", "More than meets the eye", "Web-slinging", "Warp", "Mayhem",
    "Harmonize",
})
"""Keywords that let a spell be cast for an alternative cost (CR 118.9, the keyword's rule
in 702: "rather than pay this spell's mana cost"); reductions apply to them (118.9d)."""


def _source_role(profile: CardProfile) -> tuple[CostReduction, ...] | None:
    return profile.cost_reductions or None


def _target_role(profile: CardProfile) -> bool | None:
    return None if profile.types <= {"Land"} else True


def _pair(source: CardProfile, reductions: tuple[CostReduction, ...], target: CardProfile,
          _: bool) -> SynergyEdge | None:
    hits = [r for r in reductions if r.spells.matches(target)]
    if not hits:
        return None
    alternatives = [k.name.lower() for k in target.keywords if k.name in ALTERNATIVE_COSTS]
    alternatives = list(dict.fromkeys(alternatives))
    also = f", its {' and '.join(alternatives)} cost included" if alternatives else ""
    saved = sum(r.amount.mana_value for r in hits)
    rules: tuple[str, ...] = ("601.2f",)
    if alternatives:
        rules += ("118.9d",)
    if any(r.spells.subtypes for r in hits):
        rules += ("205.3m",)
    return SynergyEdge(
        source.card_id, target.card_id, "cost_reduction",
        f"{source.name} makes {target.name} cost "
        f"{' and '.join(str(r.amount) for r in hits)} less to cast "
        f"({'; '.join(r.describe() for r in hits)}){also}.",
        rules, round(min(0.8, 0.5 + 0.1 * saved), 2))


def _strength(source: CardProfile, reductions: tuple[CostReduction, ...], target: CardProfile,
              _: bool) -> float | None:
    saved = [r.amount.mana_value for r in reductions if r.spells.matches(target)]
    return round(min(0.8, 0.5 + 0.1 * sum(saved)), 2) if saved else None


COST_REDUCTION = register_pair_family(
    PairFamily("cost_reduction", _source_role, _target_role, _pair, strength=_strength))
"""The ``cost_reduction`` family."""


def cost_reduction_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each cost reducer to each other non-land card it reduces.

    Rules 601.2f, plus 118.9d when the target has an alternative cost and 205.3m for
    creature-type filters. Strength 0.5 + 0.1 per generic mana saved, at most 0.8.

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
    return COST_REDUCTION.edges(profiles)
