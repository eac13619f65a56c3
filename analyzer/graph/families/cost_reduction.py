"""``cost_reduction`` edges: a card whose static ability makes another card cheaper to cast.

"Goblin spells and Rogue spells you cast cost {1} less to cast" (Frogtosser Banneret) reduces
every other Goblin or Rogue card of the deck, Kindred spells and Changelings included
(CR 205.3m, 702.73a). Cost reductions apply to the total cost, after an alternative cost is
chosen (CR 601.2f, 118.9d), so they reduce prowl, sneak, evoke, dash, flashback and every
other alternative cost of the spell too; the explanation names them. Ninjutsu is an activated
ability, not a spell's cost (CR 702.49a): a spell cost reducer does not make it cheaper.

A reduction by generic mana ("cost {1} less") reduces only the generic component of a cost
(CR 118.7, e.g. {X}, {3}, {2/W}); it can't reduce {R} or {C}. So Goblin Warchief makes no
edge to Goblin Lackey ({R}); a spell whose mana cost has no generic part but whose
alternative cost has one (Auntie's Snitch {2}{B}, prowl {1}{B}... or the reverse) gets an
edge that names the cost it reduces.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.oracle.mana import ManaCost, SymbolKind
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.statics import CostReduction

__all__ = ["ALTERNATIVE_COSTS", "COST_REDUCTION", "SpellCosts", "cost_reduction_edges",
           "generic_part"]

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


@dataclass(frozen=True, slots=True)
class SpellCosts:
    """The costs a spell can be cast for, as a ``cost_reduction`` target role."""

    mana_cost: ManaCost
    """Its mana cost (CR 202.1)."""
    alternatives: tuple[tuple[str, ManaCost], ...] = ()
    """Its alternative costs (CR 118.9) as (keyword in lower case, cost), e.g.
    ``("prowl", {1}{B})``."""


def generic_part(cost: ManaCost) -> int | None:
    """How much generic mana a cost has for a reduction to reduce (CR 118.7, 107.4b):
    the numbers, and ``{2/W}`` paid as two generic (CR 107.4e); ``None`` when it has
    ``{X}`` (any amount); 0 when it has none ({R}, {C}, {W/U}...).

    >>> generic_part(ManaCost.parse("{R}")), generic_part(ManaCost.parse("{2}{B}"))
    (0, 2)
    >>> generic_part(ManaCost.parse("{X}{R}")) is None
    True
    """
    total = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.VARIABLE:
            return None
        if symbol.kind is SymbolKind.GENERIC:
            total += int(symbol.text)
        elif symbol.kind is SymbolKind.MONO_HYBRID:
            total += 2
    return total


def _target_role(profile: CardProfile) -> SpellCosts | None:
    if profile.types <= {"Land"}:
        return None
    alternatives = tuple(dict.fromkeys(
        (k.name.lower(), k.cost) for k in profile.keywords
        if k.name in ALTERNATIVE_COSTS and k.cost is not None))
    return SpellCosts(profile.mana_cost, alternatives)


def _reducible(costs: SpellCosts) -> list[tuple[str, ManaCost, int | None]]:
    """(name, cost, generic part) of each of the spell's costs a generic reduction reduces."""
    every = [("mana cost", costs.mana_cost), *((f"{name} cost", cost)
                                              for name, cost in costs.alternatives)]
    return [(name, cost, part) for name, cost in every
            if (part := generic_part(cost)) is None or part > 0]


def _reduction(reductions: tuple[CostReduction, ...], target: CardProfile, costs: SpellCosts
               ) -> tuple[list[CostReduction], list[tuple[str, ManaCost, int | None]],
                          float] | None:
    """The reductions that apply to ``target``, the costs they reduce, and the strength."""
    hits = [r for r in reductions if r.spells.matches(target)]
    if not hits:
        return None
    generic = [r for r in hits if r.amount.generic and r.amount.generic == r.amount.mana_value]
    reduced = _reducible(costs)
    if generic and not reduced:
        hits = [r for r in hits if r not in generic]   # CR 118.7: nothing generic to reduce
        if not hits:
            return None
    if not reduced:   # a coloured reduction ("cost {W} less"): the mana cost as printed
        reduced = [("mana cost", costs.mana_cost, 0)]
    # mana saved: at most the largest generic part among the reducible costs
    parts = [p for _, _, p in reduced]
    most = None if None in parts else max(p or 0 for p in parts)
    generic_saved = sum(r.amount.mana_value for r in generic)
    if most is not None:
        generic_saved = min(generic_saved, most)
    saved = generic_saved + sum(r.amount.mana_value for r in hits if r not in generic)
    strength = min(0.8, 0.5 + 0.1 * saved)
    if generic and all(name != "mana cost" for name, _, _ in reduced):
        strength -= 0.2   # only an alternative cost is cheaper
    return hits, reduced, round(strength, 2)


def _pair(source: CardProfile, reductions: tuple[CostReduction, ...], target: CardProfile,
          costs: SpellCosts) -> SynergyEdge | None:
    found = _reduction(reductions, target, costs)
    if found is None:
        return None
    hits, reduced, strength = found
    alternatives = [name.removesuffix(" cost") for name, _, _ in reduced if name != "mana cost"]
    if any(name == "mana cost" for name, _, _ in reduced):
        also = f", its {' and '.join(alternatives)} cost included" if alternatives else ""
        which = f"its mana cost {costs.mana_cost}{also}"
    else:
        shown = " and ".join(f"{name} {cost}" for name, cost, _ in reduced)
        which = (f"only its {shown}: its mana cost {'(none)' if costs.mana_cost.is_empty else costs.mana_cost} has no "
                 f"generic mana to reduce")
    rules: tuple[str, ...] = ("601.2f", "118.7")
    if alternatives:
        rules += ("118.9d",)
    if any(r.spells.subtypes for r in hits):
        rules += ("205.3m",)
    return SynergyEdge(
        source.card_id, target.card_id, "cost_reduction",
        f"{source.name} makes {target.name} cost "
        f"{' and '.join(str(r.amount) for r in hits)} less to cast "
        f"({'; '.join(r.describe() for r in hits)}): {which}.",
        rules, strength)


def _strength(source: CardProfile, reductions: tuple[CostReduction, ...], target: CardProfile,
              costs: SpellCosts) -> float | None:
    found = _reduction(reductions, target, costs)
    return None if found is None else found[2]


COST_REDUCTION = register_pair_family(
    PairFamily("cost_reduction", _source_role, _target_role, _pair, strength=_strength))
"""The ``cost_reduction`` family."""


def cost_reduction_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each cost reducer to each other non-land card it reduces.

    Rules 601.2f and 118.7, plus 118.9d when the target has an alternative cost and 205.3m
    for creature-type filters. A generic reduction needs a cost with a generic part (CR
    118.7). Strength 0.5 + 0.1 per mana saved, at most 0.8; 0.2 less when only an
    alternative cost is reduced.

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
    ['Banneret makes Snitch cost {1} less to cast (Goblin and Rogue spells you cast cost {1} less): only its prowl cost {1}{B}: its mana cost (none) has no generic mana to reduce.']
    """
    return COST_REDUCTION.edges(profiles)
