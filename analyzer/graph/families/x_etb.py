"""``x_etb`` edges: the mana that grows X, to spells with X in an enters ability.

If an enters-the-battlefield triggered ability or replacement effect of a permanent refers
to X, X is the value paid for the spell it was (CR 107.3m): Endless One "enters with X +1/+1
counters", so every extra mana spent casting it is a counter. Mana that grows X is mana
beyond one per source: a {T} ability adding two or more (Ancient Tomb, Gaea's Cradle), a
spell or ability adding several at once (Dark Ritual), and effects multiplying mana (Mana
Reflection, Mirari's Wake). Put onto the battlefield without being cast (ninjutsu), such a
permanent has X = 0 (CR 107.3m applies to a spell's X only).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._mana import VARIABLE_MANA, mana_yield
from analyzer.graph.families._match import ability_words
from analyzer.oracle.abilities import ReplacementEffect, TriggeredAbility, TriggerEvent
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.interactions import mana_boosts
from analyzer.oracle.mana import SymbolKind
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["X_ETB", "BigMana", "big_mana", "x_etb_edges"]


@dataclass(frozen=True, slots=True)
class BigMana:
    """Why a card makes more than one mana at a time."""

    words: str
    """The ability, in words."""
    mana: float
    """Mana it adds at once (:data:`~._mana.VARIABLE_MANA` when it grows with the board;
    3.0 for a doubler)."""


def _add_amount(effect: Effect) -> float:
    amount = effect.arg("amount")
    mana = str(effect.arg("mana") or "")
    per = mana.count("{") if mana and " or " not in mana else 1
    if isinstance(amount, Amount):
        return VARIABLE_MANA if amount.value is None else float(amount.value * per)
    return float(per)


def big_mana(profile: CardProfile) -> BigMana | None:
    """The card's best way to make two or more mana at once, or ``None``."""
    best: BigMana | None = None
    for ability in profile.mana_abilities:
        amount = mana_yield(ability)
        if amount >= 2 and (best is None or amount > best.mana):
            best = BigMana(ability.describe().replace(SELF, profile.name), amount)
    for other in profile.abilities:
        for effect in other.effects:
            if effect.name == "add_mana" and not isinstance(other, TriggeredAbility):
                amount = _add_amount(effect)
                if amount >= 2 and (best is None or amount > best.mana):
                    best = BigMana(other.describe().replace(SELF, profile.name), amount)
    for boost in mana_boosts(profile):
        amount = 3.0 if boost.replacement else 2.0
        if best is None or amount > best.mana:
            best = BigMana(boost.text.replace(SELF, profile.name).rstrip("."), amount)
    return best


def _refers_to_x(effects: tuple[Effect, ...]) -> bool:
    for effect in effects:
        for _, value in effect.args:
            if isinstance(value, Amount) and value.variable == "X" and not value.where:
                return True
            if isinstance(value, tuple) and _refers_to_x(
                    tuple(v for v in value if isinstance(v, Effect))):
                return True
    return False


def _target_role(profile: CardProfile) -> str | None:
    if not any(s.kind is SymbolKind.VARIABLE for s in profile.mana_cost.symbols):
        return None
    for ability in profile.abilities:
        if isinstance(ability, ReplacementEffect) and ability.event == "enters" \
                and _refers_to_x(ability.effects):
            return ability_words(ability)
        if isinstance(ability, TriggeredAbility) and ability.trigger.event is TriggerEvent.ENTERS \
                and ability.trigger.subject == SELF and _refers_to_x(ability.effects):
            return ability_words(ability)
    return None


def _pair(source: CardProfile, mana: BigMana, target: CardProfile,
          enters: str) -> SynergyEdge:
    ability = enters.replace(SELF, target.name.split(" // ")[0]).rstrip(".")
    return SynergyEdge(
        source.card_id, target.card_id, "x_etb",
        f"{source.name} makes more mana at once ({mana.words}), a bigger X for "
        f"{target.name}, whose enters ability uses the X paid (\u201c{ability}\u201d).",
        ("107.3m", "601.2f"), round(min(0.8, 0.3 + 0.1 * mana.mana), 2))


X_ETB = register_pair_family(PairFamily("x_etb", big_mana, _target_role, _pair))
"""The ``x_etb`` family."""


def x_etb_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each card making two or more mana at once to each other card with
    X in its mana cost and in an enters ability.

    Strength 0.3 + 0.1 per mana made at once, at most 0.8.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, types, cost=""):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name, types=types,
    ...         text=text, mana_cost=cost),)))
    >>> one = card("One", "This creature enters with X +1/+1 counters on it.",
    ...            ("Creature",), "{X}")
    >>> tomb = card("Tomb", "{T}: Add {C}{C}.", ("Land",))
    >>> [(e.source, e.target) for e in x_etb_edges([one, tomb, card("Wastes", "{T}: Add {C}.",
    ...                                                              ("Land",))])]
    [('Tomb', 'One')]
    """
    return X_ETB.edges(profiles)
