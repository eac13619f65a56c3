"""State-based actions (CR 704), checked whenever a player would receive priority."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.rules import layers
from analyzer.rules.model import EventKind, GameObject, Zone
from analyzer.rules.state import Pending

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["attachment_problem", "check_state_based_actions"]


def check_state_based_actions(game: Game) -> None:
    """Perform state-based actions until none apply, all applicable ones at once (CR 704.3).

    The rules core checks (CR 704.5): a player at 0 or less life (704.5a) or who drew from
    an empty library since the last check (704.5b) loses; a creature with toughness 0 or
    less goes to its owner's graveyard (704.5f); a creature with lethal damage (704.5g) or
    damage from a deathtouch source (704.5h) is destroyed (a shield counter is removed
    instead, CR 122.1c; indestructible ones stay, CR 702.12b); a planeswalker with no
    loyalty goes to the graveyard (704.5i); the legend rule (704.5j); +1/+1 and -1/-1
    counters on one permanent annihilate in pairs (704.5q); an Aura attached illegally or to
    nothing goes to its owner's graveyard (704.5m); an Equipment attached illegally becomes
    unattached (704.5n). Not needed by the cards it plays: poison (704.5c: infect, toxic and
    poisonous are refused), tokens and copies in the wrong zone (704.5d-e: a token leaving
    the battlefield ceases to exist at once, CR 111.7, and spells are not copied), world
    rule, sagas, battles (their cards are refused).
    """
    from analyzer.rules.counters import prevent_with_shield

    while True:
        changed = False
        for name in game.players:
            st = game.player(name)
            if not st.lost and (st.life <= 0 or st.drew_from_empty):
                st.lost = True
                changed = True
                game.note(EventKind.STATE, f"{name} loses the game",
                          rule="704.5a" if st.life <= 0 else "704.5b")
        dying = []
        destroyed = []
        for obj in game.battlefield():
            if layers.is_type(game, obj, "Creature"):
                toughness = layers.power_toughness(game, obj)[1]
                if toughness <= 0:
                    dying.append((obj, "704.5f"))
                elif obj.damage >= toughness and not layers.has_keyword(
                        game, obj, "indestructible"):
                    destroyed.append((obj, "704.5g"))
                elif obj.deathtouched and obj.damage and not layers.has_keyword(
                        game, obj, "indestructible"):
                    destroyed.append((obj, "704.5h"))
            if layers.is_type(game, obj, "Planeswalker") and obj.counters["loyalty"] <= 0:
                dying.append((obj, "704.5i"))
        dying += _legend_rule(game)
        for obj in game.battlefield():           # CR 704.5m-n
            kind = _attachment_kind(game, obj)
            if kind and attachment_problem(game, obj):
                if kind == "Aura":
                    dying.append((obj, "704.5m"))
                elif obj.attached_to is not None:
                    obj.attached_to = None
                    game.state.derived.clear()
                    game.note(EventKind.STATE, f"{obj.alias} becomes unattached", obj.card,
                              "704.5n")
                    changed = True
        for obj, rule in destroyed:           # "destroyed": a shield counter replaces it
            if prevent_with_shield(game, obj, f"being destroyed (CR {rule})"):
                changed = True
                continue
            dying.append((obj, rule))
        changed |= _annihilate(game)
        moved: set[int] = set()
        for obj, rule in dying:                 # simultaneously (CR 704.3)
            if obj.oid in moved:
                continue
            moved.add(obj.oid)
            game.note(EventKind.STATE, f"{obj.alias} is put into its owner's graveyard",
                      obj.card, rule)
            game.move(obj, Zone.GRAVEYARD, rule=rule)
            changed = True
        if sum(1 for p in game.players if not game.player(p).lost) <= 1 \
                and any(game.player(p).lost for p in game.players):
            game.state.pending = Pending.GAME_OVER
            return
        if not changed:
            return


def _attachment_kind(game: Game, obj: GameObject) -> str:
    """``"Aura"``, ``"Equipment"`` or ``""`` (its subtypes, CR 303.4, 301.5)."""
    subtypes = {s for f in game.data(obj).card.faces for s in f.subtypes}
    return "Aura" if "Aura" in subtypes else "Equipment" if "Equipment" in subtypes else ""


def attachment_problem(game: Game, obj: GameObject) -> str:
    """Why ``obj`` (an Aura or Equipment) is not legally attached ("" when it is, or for an
    unattached Equipment, which is legal, CR 301.5c).

    An Aura must be attached to an object its enchant keyword allows (CR 303.4d, 702.5a,
    704.5m); an Equipment only to a creature (CR 301.5c, 704.5n).

    Raises
    ------
    UnsupportedCardError
        An enchant keyword whose object the Oracle compiler does not read.
    """
    from analyzer.oracle.objects import parse_object
    from analyzer.rules.errors import UnsupportedCardError
    from analyzer.rules.targets import matches

    kind = _attachment_kind(game, obj)
    host = game.get(obj.attached_to) if obj.attached_to is not None else None
    if kind == "Equipment":
        if obj.attached_to is None:
            return ""
        if host is None or host.zone is not Zone.BATTLEFIELD:
            return "what it was attached to left the battlefield"
        if not layers.is_type(game, host, "Creature"):
            return "an Equipment can be attached only to a creature (CR 301.5c)"
        return ""
    if host is None or host.zone is not Zone.BATTLEFIELD:
        return "an Aura must be attached to an object (CR 303.4c)"
    data = game.data(obj)
    enchant = data.profile.keyword("Enchant")
    if enchant is None or not enchant.parameter:
        raise UnsupportedCardError(data.name, "Enchant", "an Aura without an enchant keyword")
    ref = parse_object(f"target {enchant.parameter}")
    if ref is None:
        raise UnsupportedCardError(data.name, f"Enchant {enchant.parameter}", "this enchant")
    if not matches(game, ref, host, game.controller(obj), obj, data.name):
        return f"it can enchant only a {enchant.parameter} (CR 702.5a)"
    return ""


def _annihilate(game: Game) -> bool:
    """CR 704.5q: a permanent with both +1/+1 and -1/-1 counters on it loses N of each,
    N the smaller of the two numbers. True if any counters were removed."""
    changed = False
    for obj in game.battlefield():
        n = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if n > 0:
            obj.counters["+1/+1"] -= n
            obj.counters["-1/-1"] -= n
            game.state.derived.clear()
            game.note(EventKind.STATE, f"{n} +1/+1 and {n} -1/-1 counter(s) are removed from "
                      f"{obj.alias}", obj.card, "704.5q")
            changed = True
    return changed


def _legend_rule(game: Game) -> list[tuple[GameObject, str]]:
    """CR 704.5j: of two or more legendary permanents with the same name and controller,
    all but one go to the graveyard. The rules core keeps the newest (the player's choice,
    made for them; docs/scenarios.md)."""
    seen: dict[tuple[str, str], GameObject] = {}
    out: list[tuple[GameObject, str]] = []
    for obj in game.battlefield():                      # timestamp order: newest last
        if "Legendary" not in game.data(obj).profile.supertypes:
            continue
        key = (game.controller(obj), obj.card)
        if key in seen:
            out.append((seen[key], "704.5j"))
        seen[key] = obj
    return out
