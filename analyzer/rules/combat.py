"""Combat: declaring attackers and blockers, combat damage (CR 506-511).

Blocking restrictions from evasion are checked on the whole declaration (CR 509.1b):
flying (702.9b), menace (702.111b), "can't be blocked" (509.1b) and "can't block".
Combat damage is dealt simultaneously in the first-strike step by creatures with first or
double strike and in the regular step by the others and by double strikers (CR 510.4).
A blocked attacker's damage goes to its blockers, killing as many as it can in turn
(the attacking player's order, CR 510.1c, taken as "fewest damage needed first").
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from analyzer.oracle.keywords import Evasion
from analyzer.oracle.mana import Color
from analyzer.rules import layers
from analyzer.rules.actions import DeclareAttackers, DeclareBlockers
from analyzer.rules.effects import deal_damage
from analyzer.rules.errors import IllegalActionError, UnsupportedCardError
from analyzer.rules.model import CombatDamage, EventKind, GameObject, ObjRef, PlayerId, Zone
from analyzer.rules.state import Pending

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = [
    "attack_target_name",
    "attack_targets",
    "combat_damage_step",
    "declare_attackers",
    "declare_blockers",
    "end_combat",
    "needs_first_strike_step",
    "parse_division",
    "why_cannot_attack",
    "why_cannot_block",
    "why_cannot_block_attacker",
]


def attack_target_name(game: Game, target: PlayerId | ObjRef) -> str:
    """``"B"`` or the planeswalker's name."""
    if isinstance(target, str):
        return target
    found = game.get(target)
    return found.alias if found is not None else "a permanent"


def why_cannot_attack(game: Game, obj: GameObject, player: PlayerId) -> str:
    """Why ``obj`` can't be declared as an attacker by ``player`` (CR 508.1a, 302.6,
    702.3b), ``""`` if it can."""
    return _can_attack(game, obj, player)


def attack_targets(game: Game, player: PlayerId) -> list[PlayerId | int]:
    """What ``player``'s creatures may attack (CR 508.1b): each opponent still in the game,
    then each planeswalker and battle an opponent controls, by object id."""
    found: list[PlayerId | int] = list(game.opponents(player))
    found += [o.oid for o in game.battlefield() if game.controller(o) != player
              and layers.types(game, o) & {"Planeswalker", "Battle"}]
    return found


def _can_attack(game: Game, obj: GameObject, player: PlayerId) -> str:
    if obj.zone is not Zone.BATTLEFIELD or game.controller(obj) != player:
        return f"{player} controls no {obj.alias} on the battlefield"
    if not layers.is_type(game, obj, "Creature"):
        return f"{obj.alias} is not a creature"
    if obj.tapped:
        return f"{obj.alias} is tapped (CR 508.1a)"
    if obj.sick and not layers.has_keyword(game, obj, "haste"):
        return f"{obj.alias} has not been under {player}'s control continuously since the " \
               "turn began (CR 302.6)"
    if layers.has_keyword(game, obj, "defender"):
        return f"{obj.alias} has defender (CR 702.3b)"
    return ""


def declare_attackers(game: Game, action: DeclareAttackers) -> None:
    """CR 508.1: the active player declares attackers and what each attacks; they tap
    (unless vigilance), then "whenever ... attacks" abilities trigger (508.1m, 508.3a)."""
    s = game.state
    if s.pending is not Pending.ATTACKERS:
        raise IllegalActionError("attackers are declared at the start of the declare "
                                 "attackers step")
    if action.player != s.active:
        raise IllegalActionError(f"{s.active} declares attackers, not {action.player}")
    chosen: list[tuple[GameObject, PlayerId | ObjRef]] = []
    seen: set[int] = set()
    for oid, wanted in action.attackers:
        obj = game.obj(oid)
        if oid in seen:
            raise IllegalActionError(f"{obj.alias} declared twice")
        seen.add(oid)
        why = _can_attack(game, obj, action.player)
        if why:
            raise IllegalActionError(why)
        if isinstance(wanted, str):
            if wanted not in game.opponents(action.player):
                raise IllegalActionError(f"{obj.alias} can't attack {wanted} (CR 508.1b)")
            chosen.append((obj, wanted))
        else:
            walker = game.obj(int(wanted))
            if walker.zone is not Zone.BATTLEFIELD or game.controller(walker) == action.player \
                    or not layers.types(game, walker) & {"Planeswalker", "Battle"}:
                raise IllegalActionError(f"{walker.alias} is not a planeswalker or battle an "
                                         "opponent controls (CR 508.1b)")
            chosen.append((obj, walker.ref))
    for obj, attacked in chosen:
        if not layers.has_keyword(game, obj, "vigilance"):
            obj.tapped = True
        obj.attacking = attacked
    s.attacked = bool(chosen)
    text = ", ".join(f"{o.alias} -> {attack_target_name(game, t)}" for o, t in chosen)
    game.note(EventKind.ATTACK, f"{action.player} declares attackers: {text or 'none'}",
              rule="508.1")
    from analyzer.rules.triggers import fire_attacks
    for obj, _ in chosen:
        fire_attacks(game, obj)
    game.declared()


def _defender_of(game: Game, attacker: GameObject) -> PlayerId:
    target = attacker.attacking
    if isinstance(target, str):
        return target
    found = game.get(target) if target is not None else None
    return game.controller(found) if found is not None else ""


def declare_blockers(game: Game, action: DeclareBlockers) -> None:
    """CR 509.1: the defending player declares blockers; restrictions are checked on the
    whole declaration (509.1b); attackers become blocked or unblocked (509.1h)."""
    s = game.state
    if s.pending is not Pending.BLOCKERS:
        raise IllegalActionError("blockers are declared at the start of the declare blockers "
                                 "step")
    if action.player == s.active:
        raise IllegalActionError(f"{action.player} is not a defending player")
    blocks: dict[int, list[GameObject]] = {}
    seen: set[int] = set()
    for blocker_id, attacker_id in action.blocks:
        blocker, attacker = game.obj(blocker_id), game.obj(attacker_id)
        if blocker_id in seen:
            raise IllegalActionError(f"{blocker.alias} can block only one creature")
        seen.add(blocker_id)
        why = why_cannot_block(game, blocker, action.player) \
            or why_cannot_block_attacker(game, blocker, attacker, action.player)
        if why:
            raise IllegalActionError(why)
        blocks.setdefault(attacker_id, []).append(blocker)
    for attacker_id, blockers in blocks.items():
        attacker = game.obj(attacker_id)
        if Evasion.MENACE in layers.evasions(game, attacker) and len(blockers) < 2:
            raise IllegalActionError(f"{attacker.alias} has menace: it can't be blocked except "
                                     "by two or more creatures (CR 702.111b)")
    for attacker in game.battlefield():
        if attacker.attacking is not None and _defender_of(game, attacker) == action.player:
            attacker.blocked = attacker.oid in blocks
    for attacker_id, blockers in blocks.items():
        for blocker in blockers:
            blocker.blocking = (attacker_id,)
    text = ", ".join(f"{b.alias} blocks {game.obj(a).alias}" for a, bs in blocks.items()
                     for b in bs)
    game.note(EventKind.BLOCK, f"{action.player} declares blockers: {text or 'none'}",
              rule="509.1")
    from analyzer.rules.triggers import fire_unblocked

    for attacker in game.battlefield():
        if attacker.attacking is not None and attacker.blocked is False \
                and _defender_of(game, attacker) == action.player:
            fire_unblocked(game, attacker)
    game.declared()


def why_cannot_block(game: Game, blocker: GameObject, player: PlayerId) -> str:
    """Why ``blocker`` can't block for ``player`` at all (CR 509.1a-b), ``""`` if it can."""
    if blocker.zone is not Zone.BATTLEFIELD or game.controller(blocker) != player \
            or not layers.is_type(game, blocker, "Creature"):
        return f"{player} controls no creature {blocker.alias}"
    if blocker.tapped:
        return f"{blocker.alias} is tapped (CR 509.1a)"
    if not game.data(blocker).profile.can_block:
        return f"{blocker.alias} can't block (CR 509.1b)"
    return ""


def why_cannot_block_attacker(game: Game, blocker: GameObject, attacker: GameObject,
                              player: PlayerId) -> str:
    """Why ``blocker`` can't block ``attacker`` alone as far as the attacker is concerned:
    it does not attack ``player`` (or their planeswalker or battle), or evades the blocker
    (flying 702.9b, "can't be blocked" 509.1b); ``""`` if it can. Menace (702.111b) is a
    restriction on the whole declaration, checked by :func:`declare_blockers`.

    Raises
    ------
    UnsupportedCardError
        An evasion the rules core does not check.
    """
    if attacker.attacking is None or _defender_of(game, attacker) != player:
        return f"{attacker.alias} is not attacking {player}"
    try:
        _check_evasion(game, blocker, attacker)
    except IllegalActionError as err:
        return str(err)
    return ""


def _check_evasion(game: Game, blocker: GameObject, attacker: GameObject) -> None:
    for evasion in layers.evasions(game, attacker):
        if evasion is Evasion.MENACE:
            continue
        if evasion is Evasion.UNBLOCKABLE:
            raise IllegalActionError(f"{attacker.alias} can't be blocked (CR 509.1b)")
        if evasion is Evasion.FLYING:
            if not (layers.has_keyword(game, blocker, "flying")
                    or layers.has_keyword(game, blocker, "reach")):
                raise IllegalActionError(f"{attacker.alias} has flying: {blocker.alias} has "
                                         "neither flying nor reach (CR 702.9b)")
            continue
        why = _evaded(game, evasion, blocker, attacker)
        if why is None:
            raise UnsupportedCardError(game.data(attacker).name, evasion.label, "this evasion")
        if why:
            raise IllegalActionError(f"{attacker.alias} has {evasion.label}: {why}")


def _evaded(game: Game, evasion: Evasion, blocker: GameObject, attacker: GameObject
            ) -> str | None:
    """Why ``blocker`` can't block ``attacker`` because of ``evasion`` ("" when it can;
    ``None`` for an evasion the rules core does not play)."""
    artifact_creature = layers.is_type(game, blocker, "Artifact")
    if evasion is Evasion.FEAR:                 # CR 702.36b
        if artifact_creature or layers.colors(game, blocker) & Color.B:
            return ""
        return f"{blocker.alias} is neither an artifact creature nor black (CR 702.36b)"
    if evasion is Evasion.INTIMIDATE:           # CR 702.13b
        if artifact_creature or layers.colors(game, blocker) & layers.colors(game, attacker):
            return ""
        return (f"{blocker.alias} is not an artifact creature and shares no color with it "
                "(CR 702.13b)")
    if evasion is Evasion.HORSEMANSHIP:         # CR 702.31b
        if layers.has_keyword(game, blocker, "horsemanship"):
            return ""
        return f"{blocker.alias} does not have horsemanship (CR 702.31b)"
    if evasion is Evasion.SKULK:                # CR 702.118b
        if layers.power_toughness(game, blocker)[0] <= layers.power_toughness(game, attacker)[0]:
            return ""
        return f"{blocker.alias} has greater power (CR 702.118b)"
    return None


def _strikes(game: Game, obj: GameObject, first_strike: bool) -> bool:
    first = layers.has_keyword(game, obj, "first strike")
    double = layers.has_keyword(game, obj, "double strike")
    if first_strike:
        return first or double
    return double or not obj.dealt_first_strike


def needs_first_strike_step(game: Game) -> bool:
    """CR 510.4: a first-strike damage step happens if an attacking or blocking creature
    has first strike or double strike."""
    return any((o.attacking is not None or o.blocking)
               and (layers.has_keyword(game, o, "first strike")
                    or layers.has_keyword(game, o, "double strike"))
               for o in game.battlefield())


def combat_damage_step(game: Game, *, first_strike: bool) -> None:
    """Deal combat damage simultaneously (CR 510.1-510.2), record it with the sources' last
    known information for prowl, and trigger "deals combat damage to a player" (510.3a)."""
    assignments: list[tuple[GameObject, PlayerId | GameObject, int]] = []
    for attacker in game.battlefield():
        if attacker.attacking is None or not _strikes(game, attacker, first_strike):
            continue
        power = layers.power_toughness(game, attacker)[0]
        if first_strike:
            attacker.dealt_first_strike = True
        if attacker.blocked:
            blockers = [b for b in game.battlefield() if attacker.oid in b.blocking]
            assignments += _assign(game, attacker, blockers, power)
        else:
            attacked = attacker.attacking
            hit: PlayerId | GameObject | None = attacked if isinstance(attacked, str) \
                else game.get(attacked) if attacked is not None else None
            if hit is not None:
                assignments.append((attacker, hit, power))
    for blocker in game.battlefield():
        if not blocker.blocking or not _strikes(game, blocker, first_strike):
            continue
        if first_strike:
            blocker.dealt_first_strike = True
        attacker = game.obj(blocker.blocking[0])
        if attacker.zone is Zone.BATTLEFIELD and attacker.attacking is not None:
            assignments.append((blocker, attacker, layers.power_toughness(game, blocker)[0]))
    from analyzer.rules.triggers import fire_combat_damage

    to_players: Counter[tuple[int, PlayerId]] = Counter()
    for source, target, amount in assignments:
        if amount <= 0:
            continue
        if isinstance(target, str):
            game.state.combat_damage.append(CombatDamage(
                game.data(source).name, game.controller(source),
                layers.creature_types(game, source), layers.is_changeling(game, source),
                target, amount))
            to_players[(source.oid, target)] += amount
        deal_damage(game, source, source.alias, amount, target, combat=True)
    for (oid, player), _ in to_players.items():
        fire_combat_damage(game, game.obj(oid), player)


def _assign(game: Game, attacker: GameObject, blockers: list[GameObject], power: int
            ) -> list[tuple[GameObject, PlayerId | GameObject, int]]:
    """A blocked creature's damage: all to a single blocker; divided as its controller
    chooses among two or more (CR 510.1c), asked as ``"Blocker=N; Other=M"``. With trample
    and no blockers left it all goes to the player (CR 702.19e); with trample and one
    blocker that lethal damage does not exceed, it all goes to that blocker (702.19c: no
    choice to ask).

    Raises
    ------
    IllegalActionError
        A division that names another creature or does not add up to its power (510.1e).
    """
    trample = layers.has_keyword(game, attacker, "trample")
    defender = attacker.attacking
    player = defender if trample and isinstance(defender, str) else None
    if power <= 0 or (not blockers and player is None):
        return []                                   # CR 509.1h: blocked, no damage dealt
    if not blockers and player is not None:
        return [(attacker, player, power)]          # CR 702.19e: all of it to the player
    if len(blockers) == 1 and (player is None or power <= _lethal(game, attacker, blockers[0])):
        return [(attacker, blockers[0], power)]     # the only division possible (510.1c)
    names = [b.alias for b in blockers] + ([player] if player is not None else [])
    answer = game.ask(game.controller(attacker),
                      f"divide {attacker.alias}'s {power} combat damage among "
                      f"{', '.join(names)} (e.g. {names[0]}={power})", (),
                      kind="divide", among=tuple(names), amount=power)
    division = parse_division(answer)
    unknown = set(division) - set(names)
    if unknown or sum(division.values()) != power or any(v < 0 for v in division.values()):
        raise IllegalActionError(f"{answer!r} is not a division of {power} damage among "
                                 f"{', '.join(names)} (CR 510.1c)")
    if player is not None and division.get(player, 0) and any(
            division.get(b.alias, 0) < _lethal(game, attacker, b) for b in blockers):
        raise IllegalActionError(f"{attacker.alias} (trample) assigns damage to {player} only "
                                 "after lethal damage to every blocker (CR 702.19c)")
    found: list[tuple[GameObject, PlayerId | GameObject, int]] = [
        (attacker, b, division[b.alias]) for b in blockers if division.get(b.alias)]
    if player is not None and division.get(player):
        found.append((attacker, player, division[player]))
    return found


def _lethal(game: Game, source: GameObject, blocker: GameObject) -> int:
    """Lethal damage (CR 702.19c): toughness minus damage, 1 from a deathtouch source."""
    if layers.has_keyword(game, source, "deathtouch"):
        return 1 if layers.power_toughness(game, blocker)[1] - blocker.damage > 0 else 0
    return max(0, layers.power_toughness(game, blocker)[1] - blocker.damage)


def parse_division(text: str) -> dict[str, int]:
    """``"Llanowar Elves=1; Grizzly Bears=0"`` -> ``{"Llanowar Elves": 1, ...}``.

    >>> parse_division("Llanowar Elves=1; Grizzly Bears=0")
    {'Llanowar Elves': 1, 'Grizzly Bears': 0}
    """
    found: dict[str, int] = {}
    for part in text.split(";"):
        name, _, amount = part.rpartition("=")
        if not name.strip() or not amount.strip().lstrip("-").isdigit():
            raise IllegalActionError(f"{part.strip()!r} is not 'creature=amount'")
        found[name.strip()] = int(amount)
    return found


def end_combat(game: Game) -> None:
    """CR 511.3: creatures are removed from combat as the combat phase ends."""
    for obj in game.battlefield():
        obj.attacking, obj.blocked, obj.blocking = None, None, ()
        obj.dealt_first_strike = False
    game.state.attacked = False
