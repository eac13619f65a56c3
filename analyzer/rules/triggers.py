"""Triggered abilities: matching events, waiting, going on the stack (CR 603).

Abilities trigger when their event happens (:func:`fire_enters`, :func:`fire_attacks`,
:func:`fire_combat_damage`, :func:`fire_cast`) and wait until a player would receive
priority; then they are put on the stack, the active player's first (APNAP, CR 603.3b).
"Whenever ... attacks" triggers only for declared attackers (CR 508.3a): a creature put
onto the battlefield attacking never "attacked".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.oracle.abilities import (
    ReplacementEffect,
    StaticAbility,
    TriggeredAbility,
    TriggerEvent,
)
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.model import (
    EventKind,
    GameObject,
    PlayerId,
    StackItem,
    TriggerContext,
)
from analyzer.rules.targets import matches

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = [
    "SUPPORTED_KEYWORDS",
    "check_supported",
    "fire_attacks",
    "fire_cast",
    "fire_combat_damage",
    "fire_enters",
    "put_triggers_on_stack",
]

_EVENTS = frozenset({TriggerEvent.ENTERS, TriggerEvent.ATTACKS,
                     TriggerEvent.COMBAT_DAMAGE_TO_PLAYER, TriggerEvent.CAST,
                     TriggerEvent.TAPPED_FOR_MANA})
SUPPORTED_KEYWORDS = frozenset({
    "flying", "reach", "menace", "haste", "first strike", "double strike", "vigilance",
    "changeling", "defender", "lifelink", "sneak", "ninjutsu", "prowl", "ravenous",
    "indestructible", "flash", "deathtouch", "trample", "hexproof", "shroud"})
"""Keywords the rules core plays (others raise :class:`UnsupportedCardError`)."""


def check_supported(game: Game, obj: GameObject) -> None:
    """Refuse a permanent whose abilities the core cannot play (never a silent no-op).

    Raises
    ------
    UnsupportedCardError
        Naming the card and the first such text.
    """
    data = game.data(obj)
    profile = data.profile
    if profile.unsupported:
        raise UnsupportedCardError(data.name, profile.unsupported[0].text)
    for keyword in profile.keywords:
        if keyword.name.lower() not in SUPPORTED_KEYWORDS or keyword.parameter:
            raise UnsupportedCardError(data.name, str(keyword), "this keyword")
    for anthem in profile.anthems:
        if anthem.affected.attached:
            raise UnsupportedCardError(data.name, anthem.text, "an Aura's or Equipment's bonus")
        for keyword in anthem.keywords:
            if keyword.name.lower() not in SUPPORTED_KEYWORDS or keyword.parameter:
                raise UnsupportedCardError(data.name, anthem.text, "this keyword")
    for ability in profile.abilities:
        if isinstance(ability, TriggeredAbility) and ability.trigger.event not in _EVENTS:
            raise UnsupportedCardError(data.name, ability.text, "this trigger event")
        if isinstance(ability, StaticAbility):
            raise UnsupportedCardError(data.name, ability.text, "this static ability")
        if isinstance(ability, ReplacementEffect) and ability.event not in ("enters", "mana"):
            raise UnsupportedCardError(data.name, ability.text, "this replacement effect")


def _subject_matches(game: Game, ability: TriggeredAbility, source: GameObject,
                     subject: GameObject, card: str) -> bool:
    if ability.trigger.subject == "CARDNAME":
        return subject.oid == source.oid
    ref = ability.trigger.subject_ref
    if ref is None:
        raise UnsupportedCardError(card, ability.text, "this trigger's subject")
    return matches(game, ref, subject, game.controller(source), source, card)


def _add(game: Game, source: GameObject, index: int, context: TriggerContext,
         x: int = 0) -> None:
    data = game.data(source)
    ability = data.profile.abilities[index]
    assert isinstance(ability, TriggeredAbility)
    if ability.condition and ability.functions_in is not source.zone:
        raise UnsupportedCardError(data.name, ability.text,
                                   f"the condition {ability.condition!r}")
    controller = game.controller(source)
    game.state.pending_triggers.append(StackItem(
        "triggered", controller, source.ref, data.name, index, x=x, context=context,
        source_lki_controller=controller))
    game.state.triggered[data.name] += 1


def _each(game: Game, event: TriggerEvent) -> list[tuple[GameObject, int, TriggeredAbility]]:
    """Triggered abilities waiting for ``event``: those of permanents, and those of cards in
    graveyards that say they work there (CR 113.6k)."""
    found = []
    graveyards = [game.obj(o) for p in game.players for o in game.player(p).graveyard]
    for obj in game.battlefield() + graveyards:
        for i, ability in enumerate(game.data(obj).profile.abilities):
            if isinstance(ability, TriggeredAbility) and ability.trigger.event is event \
                    and ability.functions_in is obj.zone:
                found.append((obj, i, ability))
    return found


def fire_enters(game: Game, entered: GameObject) -> None:
    """"When ... enters" (CR 603.6a)."""
    for source, i, ability in _each(game, TriggerEvent.ENTERS):
        if _subject_matches(game, ability, source, entered, game.data(source).name):
            # CR 107.3m: an enters ability of the permanent uses the X of the spell it was.
            _add(game, source, i, TriggerContext(subject=entered.ref),
                 entered.x if source.oid == entered.oid else 0)


def fire_attacks(game: Game, attacker: GameObject) -> None:
    """"Whenever ... attacks" for a declared attacker (CR 508.3a)."""
    for source, i, ability in _each(game, TriggerEvent.ATTACKS):
        if _subject_matches(game, ability, source, attacker, game.data(source).name):
            _add(game, source, i, TriggerContext(subject=attacker.ref,
                                                 attacked=attacker.attacking))


def fire_combat_damage(game: Game, source_obj: GameObject, player: PlayerId) -> None:
    """"Whenever ... deals combat damage to a player" (CR 510.3a); cards in graveyards
    with such abilities are refused rather than ignored."""
    for source, i, ability in _each(game, TriggerEvent.COMBAT_DAMAGE_TO_PLAYER):
        if _subject_matches(game, ability, source, source_obj, game.data(source).name):
            _add(game, source, i, TriggerContext(subject=source_obj.ref, player=player))


def fire_cast(game: Game, spell: GameObject, caster: PlayerId) -> None:
    """"Whenever a player casts ..." (CR 601.2i, 603.2)."""
    for source, i, ability in _each(game, TriggerEvent.CAST):
        data = game.data(source)
        who, what = ability.trigger.subject_ref, ability.trigger.spell_ref
        if who is None or what is None:
            raise UnsupportedCardError(data.name, ability.text, "this cast trigger")
        controller = game.controller(source)
        if matches(game, who, caster, controller, source, data.name) \
                and matches(game, what, spell, controller, source, data.name):
            _add(game, source, i, TriggerContext(subject=spell.ref, player=caster))


def put_triggers_on_stack(game: Game) -> bool:
    """Put waiting triggered abilities on the stack, APNAP order (CR 603.3b); True if any."""
    s = game.state
    if not s.pending_triggers:
        return False
    order = list(game.players)
    start = order.index(s.active)
    apnap = order[start:] + order[:start]
    waiting = sorted(s.pending_triggers, key=lambda t: apnap.index(t.controller))
    s.pending_triggers = []
    for item in waiting:
        s.stack.append(item)
        game.note(EventKind.TRIGGER, f"{item.name}'s ability triggers and is put on the stack",
                  item.name, "603.3")
    return True

