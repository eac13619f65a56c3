"""``control_exchange`` edges: exchange-of-control effects to what they want to give away.

An exchange gives a permanent you control to an opponent and takes one of theirs; both
players gain control of the other's permanent at once, and if one player controls both it
does nothing (CR 701.12a-b; layer 2, CR 613.1b). What you want to give is a permanent whose
drawback falls on its controller: a triggered ability that makes its controller lose life,
discard or sacrifice (a triggered ability is controlled by its source's controller, CR
603.3a), an upkeep cost (echo, cumulative upkeep, vanishing, fading), or a creature that
can't block (it defends its new controller no better). Each exchange card connects to the deck's permanents of that kind that it can
give.

An activated ability that exchanges its own permanent ("Exchange control of this creature
and target creature", Phyrexian Infiltrator) also gets an edge to itself: activated in
response to itself, first targeting a creature of yours and then one of an opponent's, the
second activation resolves first and the first swaps your creature for the card back, so
you trade any creature of yours for any of theirs (the seed's ruling; CR 117.3c, 405.5);
the opponent may respond in between.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._match import ability_words, object_matches, yours_qualify
from analyzer.oracle.abilities import ActivatedAbility, TriggeredAbility
from analyzer.oracle.effects import Effect, Outcome
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Owner
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["CONTROL_EXCHANGE", "UPKEEP_KEYWORDS", "Exchange", "control_exchange_edges",
           "drawback"]

UPKEEP_KEYWORDS: dict[str, str] = {"Echo": "702.30a", "Cumulative upkeep": "702.24a",
                                   "Vanishing": "702.63a", "Fading": "702.32a"}
"""Keywords that make a permanent's controller pay or lose something each upkeep."""

_HARMS_CONTROLLER = frozenset({"lose_life", "discard", "sacrifice", "deal_damage"})


@dataclass(frozen=True, slots=True)
class Exchange:
    """One exchange-of-control effect of a card, read from its ``targets``."""

    give: ObjectFilter
    """What of yours it can give (the source itself when :attr:`gives_itself`)."""
    take: str
    """What it takes, in the card's words (``"target creature"``)."""
    gives_itself: bool
    """True when one of the exchanged permanents is the source itself."""
    in_response: bool
    """True for an activated ability exchanging its own permanent: activating it in
    response to itself trades any creature of yours (the seed's ruling)."""
    text: str
    """The ability's text."""


def _exchange(effect: Effect, activated: bool, text: str) -> Exchange | None:
    targets = effect.arg("targets")
    refs = [r for r in targets if isinstance(r, ObjectRef)] \
        if isinstance(targets, tuple) else []
    if not refs:
        return None
    mine = next((r for r in refs if r.filter.kind == "self" or r.text == SELF), None)
    if mine is not None:
        other = next((r for r in refs if r is not mine), None)
        take = other.describe() if other else "another permanent"
        give = other.filter if other is not None else ObjectFilter()
        return Exchange(give, take, True, activated, text)
    yours = [r for r in refs if r.filter.owner is Owner.YOU]
    theirs = [r for r in refs if r.filter.owner in (Owner.OPPONENT, Owner.NOT_YOU)]
    give_ref = yours[0] if yours else refs[0]
    if not yours_qualify(give_ref.filter) and give_ref.filter.owner is not Owner.ANY:
        return None
    if theirs:
        take = theirs[0].describe()
    elif len(refs) > 1:
        take = refs[1].describe()
    else:
        take = f"the other of {refs[0].describe()}"
    return Exchange(give_ref.filter, take, False, False, text)


def _source_role(profile: CardProfile) -> tuple[Exchange, ...] | None:
    found: list[Exchange] = []
    for ability in profile.abilities:
        activated = isinstance(ability, ActivatedAbility)
        for effect in ability.effects:
            if effect.name == "exchange_control":
                exchange = _exchange(effect, activated, ability_words(ability))
                if exchange is not None:
                    found.append(exchange)
    return tuple(found) or None


def _player_is_you(effect: Effect) -> bool:
    if effect.name == "deal_damage":
        target = effect.arg("target")
        return isinstance(target, ObjectRef) and target.filter.kind == "player" \
            and target.filter.owner is Owner.YOU
    player = effect.arg("player")
    return player is None or (isinstance(player, ObjectRef)
                              and player.filter.owner is Owner.YOU)


def drawback(profile: CardProfile) -> str | None:
    """What makes the card worse for its controller than for an opponent, in words, or
    ``None``: a self-harming trigger, an upkeep keyword, or "can't block"."""
    for ability in profile.abilities:
        if not isinstance(ability, TriggeredAbility):
            continue
        for effect in ability.effects:
            if effect.name in _HARMS_CONTROLLER and effect.spec.outcome is Outcome.HARM \
                    and _player_is_you(effect):
                words = ability_words(ability).replace(SELF, profile.name).rstrip(".")
                return f"\u201c{words}\u201d"
    for keyword in profile.keywords:
        if keyword.name in UPKEEP_KEYWORDS:
            words = str(keyword)
            return f"{keyword.name.lower()}{words[len(keyword.name):]} to pay each upkeep"
    if profile.is_creature and not profile.can_block:
        return "it can't block"
    return None


def _target_role(profile: CardProfile) -> str | None:
    return drawback(profile)


def _pair(source: CardProfile, exchanges: tuple[Exchange, ...], target: CardProfile,
          why: str) -> SynergyEdge | None:
    for exchange in exchanges:
        if exchange.gives_itself and not exchange.in_response:
            continue
        if not object_matches(exchange.give, target):
            continue
        how = " (activate it in response to itself to give any creature of yours)" \
            if exchange.in_response else ""
        rules: tuple[str, ...] = ("701.12b", "613.1b")
        rules += ("603.3a",) if why.startswith("\u201c") else ()
        rules += ("117.3c", "405.5") if exchange.in_response else ()
        return SynergyEdge(
            source.card_id, target.card_id, "control_exchange",
            f"{source.name} can give {target.name} to an opponent for {exchange.take}"
            f"{how}; then its drawback, {why}, is theirs, not yours.",
            rules, 0.5)
    return None


def _self_pair(source: CardProfile, exchanges: tuple[Exchange, ...]) -> SynergyEdge | None:
    exchange = next((e for e in exchanges if e.in_response), None)
    if exchange is None:
        return None
    return SynergyEdge(
        source.card_id, source.card_id, "control_exchange",
        f"Activate {source.name}'s exchange in response to itself: first target a creature "
        f"of yours, then {exchange.take} of an opponent's; the second activation resolves "
        f"first, the first gives your creature for {source.name} back, so you trade any "
        f"creature of yours for theirs (they may respond in between; if one player controls "
        f"both creatures, an exchange does nothing).",
        ("701.12b", "117.3c", "405.5"), 0.6)


CONTROL_EXCHANGE = register_pair_family(
    PairFamily("control_exchange", _source_role, _target_role, _pair, _self_pair))
"""The ``control_exchange`` family."""


def control_exchange_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield the exchange edges: each exchange card to each permanent of the deck it can
    give away with a drawback, and an activated self-exchange to itself.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, types=("Creature",)):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name, types=types,
    ...         text=text),)))
    >>> infiltrator = card("Infiltrator",
    ...     "{2}{U}{U}: Exchange control of this creature and target creature.")
    >>> djinn = card("Djinn", "At the beginning of your upkeep, this creature deals 1 "
    ...                        "damage to you.")
    >>> sorted((e.source, e.target) for e in control_exchange_edges([infiltrator, djinn]))
    [('Infiltrator', 'Djinn'), ('Infiltrator', 'Infiltrator')]
    """
    return CONTROL_EXCHANGE.edges(profiles)
