"""The actions :meth:`Game.legal_actions <analyzer.rules.game.Game.legal_actions>` yields.

:func:`candidates` lists actions worth checking, lazily; :func:`legal_actions` yields those
the rules accept, exactly the ones :meth:`~analyzer.rules.game.Game.is_legal` accepts, but
without a trial apply for each:

- casts (and activations) that differ only in their targets are checked together with one
  trial cast on a snapshot (the checks and the payment do not depend on the targets,
  CR 601.2c; :func:`~analyzer.rules.casting.legal_cast_targets`);
- before that trial, cheap necessary conditions drop what can't be legal: sorcery timing
  (CR 307.1) and affordability, against an upper bound of the mana the player could add
  now, computed once per call (pool plus each permanent's largest single activation, as the
  payment uses at most one ability of each permanent);
- a mana ability with {T} or {Q} in its cost is checked without a trial
  (:func:`~analyzer.rules.mana.can_activate`, CR 605.3a: it resolves at once and changes
  nothing else);
- other actions (passing, lands, declarations, answers) get the trial apply.

A prefilter only drops actions the rules refuse; such an action that would also need an
ability the rules core cannot play is dropped without raising (applying it still raises).

For casting and activating, every choice of cost (normal, sneak, prowl), returned attacker,
X (0 to the most mana the player could make) and target combination up to
:data:`MAX_TARGET_SETS` per ability is offered. Attack declarations are every assignment of
each creature that can attack to "does not attack" or one of the things it may attack
(:func:`~analyzer.rules.combat.attack_targets`): with ``k`` such creatures and ``d`` things
to attack, ``(d + 1) ** k`` declarations, "no attack" first. Block declarations are every
assignment of each creature that can block to "does not block" or one attacker it may block
(flying/reach, "can't be blocked"), less those that block a creature with menace with
exactly one blocker (CR 702.111b). Both are generated lazily (``itertools.product``), so a
caller may stop early; ``tests/rules/test_rules_generate.py`` counts them on fixed boards
(perft style).
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from analyzer.rules import layers, targets
from analyzer.rules.abilities import activatable
from analyzer.rules.actions import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    CastSpell,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    PassPriority,
    PlayLand,
    Target,
)
from analyzer.rules.casting import aura_effects, spell_effects
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.model import GameObject, PlayerId, Question
from analyzer.rules.restricted_mana import is_mana_ability
from analyzer.rules.state import Pending

if TYPE_CHECKING:
    from analyzer.oracle.effects import Effect
    from analyzer.rules.game import Game

__all__ = [
    "MAX_TARGET_SETS",
    "attack_declarations",
    "block_declarations",
    "candidates",
    "legal_actions",
]

MAX_TARGET_SETS = 64
"""At most this many target combinations per spell or ability."""


def candidates(game: Game) -> Iterator[Action]:
    """Actions worth checking now (not all legal), lazily, in the order
    :func:`legal_actions` yields them."""
    for group in _groups(game):
        yield from group


def legal_actions(game: Game, unsupported: list[UnsupportedCardError] | None = None
                  ) -> Iterator[Action]:
    """The legal actions now, lazily: exactly the :func:`candidates` that
    :meth:`Game.is_legal <analyzer.rules.game.Game.is_legal>` accepts (see the module
    text for how they are checked faster).

    Parameters
    ----------
    unsupported : list, optional
        Where checking a spell's cast or an ability's activation needed an ability the
        rules core cannot play, that candidate (with the others differing from it only in
        targets) is left out and the error appended here, and the listing goes on; without
        it, or for passing priority and combat declarations, the error is raised.

    Raises
    ------
    UnsupportedCardError
        Checking an action needed an ability the rules core cannot play (``unsupported``
        not given).
    """
    bound: list[int] = []
    for group in _groups(game):
        try:
            yield from _legal_of(game, group, bound)
        except UnsupportedCardError as err:
            # only a card's own cast or activation is left out: passing priority or a
            # combat declaration that needs an ability concerns the whole game
            if unsupported is None or \
                    not isinstance(group[0], CastSpell | ActivateAbility | ActivateManaAbility):
                raise
            unsupported.append(err)


def _legal_of(game: Game, group: _Group, bound: list[int]) -> list[Action]:
    """The legal actions of one group of :func:`candidates` (``bound`` caches the most mana
    the player could make)."""
    first = group[0]
    if isinstance(first, CastSpell | ActivateAbility) and group.by_targets:
        if not bound:
            bound.append(_most_mana_or_unbounded(game, first.player))
        if not _may_be_legal(game, first, bound[0]):
            return []
        return game.legal_among(list(group))     # type: ignore[arg-type]
    if isinstance(first, ActivateManaAbility):
        return [first] if game.mana_ability_legal(first) else []
    return [first] if game.is_legal(first) else []


class _Group(list[Action]):
    """Candidates checked together: ``by_targets`` when they differ only in targets."""

    by_targets: bool = False


def _single(action: Action) -> _Group:
    return _Group([action])


def _aura_target(game: Game, card: GameObject) -> tuple[Effect, ...]:
    """An Aura spell's target (CR 303.4a); ``()`` for another permanent card, or for an
    Aura the rules core can't cast (the trial cast raises, naming it)."""
    try:
        return aura_effects(game, card)
    except UnsupportedCardError:
        return ()


def _by_targets(actions: list[Action]) -> _Group:
    group = _Group(actions)
    group.by_targets = True
    return group


def _groups(game: Game) -> Iterator[_Group]:
    s = game.state
    if s.pending is Pending.CHOICE and s.question is not None:
        yield from map(_single, _answers(s.question))
        return
    if s.pending is Pending.CLEANUP:
        yield _single(PassPriority(s.active))
        return
    if s.pending is Pending.ATTACKERS:
        yield from map(_single, attack_declarations(game))
        return
    if s.pending is Pending.BLOCKERS:
        yield from map(_single, block_declarations(game))
        return
    if s.pending is not Pending.PRIORITY or s.priority is None:
        return
    player = s.priority
    yield _single(PassPriority(player))
    hand = [game.obj(o) for o in game.player(player).hand]
    for card in hand:
        if layers.is_type(game, card, "Land"):
            yield _single(PlayLand(player, card.oid))
            continue
        for cost in _costs(game, card):
            returns: list[int | None] = [None]
            if cost == "sneak":
                returns = [o.oid for o in _unblocked(game, player)]
            effects = spell_effects(game, card) if layers.types(game, card) & {
                "Instant", "Sorcery"} else _aura_target(game, card)
            xs = range(_most_mana(game, player) + 1) if game.data(card).mana_cost.has_x \
                else range(1)
            sets = list(_target_sets(game, effects, player, card))
            if not sets:
                continue
            for returned in returns:
                for x in xs:
                    yield _by_targets([CastSpell(player, card.oid, cost, x, chosen, returned)
                                       for chosen in sets])
        for i, entry in enumerate(activatable(game.data(card))):
            if entry.kind in ("ninjutsu", "commander ninjutsu"):
                for attacker in _unblocked(game, player):
                    yield _single(ActivateAbility(player, card.oid, i, returned=attacker.oid))
    for card in (game.obj(o) for o in game.player(player).command):
        for i, entry in enumerate(activatable(game.data(card))):
            if entry.kind == "commander ninjutsu":          # CR 702.49d
                for attacker in _unblocked(game, player):
                    yield _single(ActivateAbility(player, card.oid, i, returned=attacker.oid))
    for permanent in game.battlefield():
        if game.controller(permanent) != player:
            continue
        data = game.data(permanent)
        for i, entry in enumerate(activatable(data)):
            if entry.kind == "mana":
                yield _single(ActivateManaAbility(player, permanent.oid, entry.index))
            elif entry.kind == "activated":
                ability = data.profile.abilities[entry.index]
                if is_mana_ability(ability):
                    # CR 605.1a, 605.3b: played at once, one candidate per colour choice.
                    for choice in _choices(ability):
                        yield _single(ActivateManaAbility(player, permanent.oid, i, choice,
                                                          activated=True))
                    continue
                found = [ActivateAbility(player, permanent.oid, i, targets=chosen)
                         for chosen in _target_sets(game, getattr(ability, "effects", ()),
                                                    player, permanent)]
                if found:
                    yield _by_targets(list(found))


def _choices(ability: object) -> tuple[str, ...]:
    """The colour choices of a mana ability read as an activated ability: each of W, U, B,
    R, G for "mana of any one color", else the one (empty) choice."""
    effects = getattr(ability, "effects", ())
    if any(e.arg("choice") == "mana of any one color" for e in effects):
        return tuple("WUBRG")
    return ("",)


def _most_mana(game: Game, player: PlayerId) -> int:
    """An upper bound of the mana ``player`` could make now: the pool plus the most each
    untapped permanent's mana abilities add (each used once)."""
    from analyzer.rules.errors import UnsupportedCardError
    from analyzer.rules.mana import can_activate, mana_options

    total = game.player(player).pool.total()
    for obj in game.battlefield():
        best = 0
        for ability in game.data(obj).profile.mana_abilities:
            try:
                if can_activate(game, obj, ability, player):
                    continue
            except UnsupportedCardError:
                continue
            best = max([best, *(m.total() for m in mana_options(game, obj, ability, player))])
        total += best
    return total


_UNBOUNDED = 1 << 30


def _most_mana_or_unbounded(game: Game, player: PlayerId) -> int:
    """:func:`_most_mana`, or no bound when computing it needs an ability the rules core
    cannot play (the trial then decides)."""
    from analyzer.rules.errors import UnsupportedCardError

    try:
        return _most_mana(game, player)
    except UnsupportedCardError:
        return _UNBOUNDED


def _may_be_legal(game: Game, action: CastSpell | ActivateAbility, most: int) -> bool:
    """Cheap necessary conditions of a cast or activation: False only if the rules refuse
    it (sorcery timing CR 307.1, a cost larger than the mana ``player`` could make)."""
    from analyzer.oracle.mana import ManaCost
    from analyzer.rules.casting import sorcery_timing, total_cost
    from analyzer.rules.errors import UnsupportedCardError
    from analyzer.rules.mana import payment_options

    obj = game.obj(action.card)
    data = game.data(obj)
    if isinstance(action, ActivateAbility):
        return True
    cost = data.mana_cost
    if action.cost == "normal":
        instant = layers.is_type(game, obj, "Instant") or layers.has_keyword(game, obj, "flash")
        if not instant and sorcery_timing(game, action.player):
            return False
    else:
        keyword = data.profile.keyword(action.cost)
        if keyword is None or keyword.cost is None:
            return True
        cost = keyword.cost
    if most >= _UNBOUNDED:
        return True
    try:
        total: ManaCost = total_cost(game, obj, action.player, cost)
        # The cheapest way to pay (CR 107.4e-f: hybrid and Phyrexian symbols).
        least = min(p.mana() for p in payment_options(total, action.x, data.name))
    except UnsupportedCardError:
        return True
    return least <= most


def _costs(game: Game, card: GameObject) -> list[str]:
    found = ["normal"]
    for keyword in game.data(card).profile.keywords:
        if keyword.name.lower() in ("sneak", "prowl"):
            found.append(keyword.name.lower())
    return found


def _unblocked(game: Game, player: PlayerId) -> list[GameObject]:
    return [o for o in game.battlefield() if o.attacking is not None and o.blocked is False
            and game.controller(o) == player]


def _target_sets(game: Game, effects: tuple[Effect, ...], player: PlayerId,
                 source: GameObject) -> Iterator[tuple[Target, ...]]:
    found = targets.slots(effects)
    if not found:
        yield ()
        return
    per_slot: list[list[tuple[Target, ...]]] = []
    for slot in found:
        choices: list[Target] = [c if isinstance(c, str) else c.oid for c in
                                 targets.legal_choices(game, slot.ref, player, source)]
        low, high = slot.bounds(0)
        sizes = range(max(low, 1) if low else 0, min(high, len(choices)) + 1)
        per_slot.append([combo for n in sizes for combo in itertools.combinations(choices, n)])
    for n, combo in enumerate(itertools.product(*per_slot)):
        if n >= MAX_TARGET_SETS:
            return
        yield tuple(t for group in combo for t in group)


def attack_declarations(game: Game) -> Iterator[DeclareAttackers]:
    """Every declaration of attackers the active player could make (CR 508.1a-b), lazily:
    each creature that can attack (:func:`~analyzer.rules.combat.why_cannot_attack`) does
    not attack or attacks one of :func:`~analyzer.rules.combat.attack_targets`; "no attack"
    first. ``(d + 1) ** k`` declarations for ``k`` creatures and ``d`` things to attack."""
    from analyzer.rules.combat import attack_targets, why_cannot_attack

    player = game.active
    able = [o for o in game.battlefield() if game.controller(o) == player
            and layers.is_type(game, o, "Creature") and not why_cannot_attack(game, o, player)]
    options: list[Target | None] = [None, *attack_targets(game, player)]
    for choice in itertools.product(options, repeat=len(able)):
        yield DeclareAttackers(player, tuple((c.oid, t) for c, t in zip(able, choice, strict=True)
                                             if t is not None))


def block_declarations(game: Game) -> Iterator[DeclareBlockers]:
    """Every declaration of blockers of each defending player (CR 509.1a-b), lazily: each
    creature that can block does not block or blocks one attacker it may block; a creature
    with menace is blocked by none or two or more (CR 702.111b). "No blocks" first.

    Raises
    ------
    UnsupportedCardError
        An attacker's evasion the rules core does not check.
    """
    from analyzer.oracle.keywords import Evasion
    from analyzer.rules.combat import why_cannot_block, why_cannot_block_attacker

    for player in game.opponents(game.active):
        attacking = [o for o in game.battlefield() if o.attacking is not None]
        blockers = [o for o in game.battlefield() if game.controller(o) == player
                    and not why_cannot_block(game, o, player)]
        options = [[None, *(a.oid for a in attacking
                            if not why_cannot_block_attacker(game, b, a, player))]
                   for b in blockers]
        menace = {a.oid for a in attacking if Evasion.MENACE in layers.evasions(game, a)}
        for choice in itertools.product(*options):
            if menace and any(choice.count(m) == 1 for m in menace):
                continue
            yield DeclareBlockers(player, tuple((b.oid, a) for b, a in
                                                zip(blockers, choice, strict=True)
                                                if a is not None))


MAX_ANSWERS = 200
"""At most this many answers offered for a free question (a division, a discard)."""


def _answers(question: Question) -> Iterator[Action]:
    """The answers to a question: its options, or the divisions of damage (CR 510.1c) and
    the sets of cards to discard (CR 514.1) it allows."""
    who = question.player
    for option in question.options:
        yield Choose(who, option)
    if question.kind == "divide":
        for n, split in enumerate(_compositions(question.amount, len(question.among))):
            if n >= MAX_ANSWERS:
                return
            yield Choose(who, "; ".join(f"{name}={k}" for name, k in
                                        zip(question.among, split, strict=True)))
    elif question.kind == "up_to":
        n = 0
        for size in range(min(question.amount, len(question.among)), -1, -1):
            for cards in itertools.combinations(question.among, size):
                if n >= MAX_ANSWERS:
                    return
                n += 1
                yield Choose(who, "; ".join(cards) if cards else "none")
    elif question.kind == "discard":
        for n, cards in enumerate(itertools.combinations(question.among, question.amount)):
            if n >= MAX_ANSWERS:
                return
            yield Choose(who, "; ".join(cards))


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)
