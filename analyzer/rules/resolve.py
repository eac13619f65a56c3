"""Resolving the top object of the stack (CR 608) and permanents entering (CR 614.1c).

Targets are checked again on resolution: an object whose targets are all illegal does not
resolve (a spell goes to its owner's graveyard), and illegal targets of a partly legal one
are not affected (CR 608.2b). A permanent spell becomes a permanent under its controller
(CR 608.3); one whose sneak cost was paid enters tapped and attacking what the returned
creature attacked (CR 702.190b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.oracle.abilities import ActivatedAbility, ReplacementEffect, TriggeredAbility
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.objects import ObjectRef
from analyzer.rules import layers, targets
from analyzer.rules.casting import aura_effects, spell_effects
from analyzer.rules.effects import Resolution, condition_holds, play
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.model import EventKind, GameObject, ObjRef, PlayerId, StackItem, Zone

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["apply_enters_replacements", "enter_battlefield", "others_enters_replacements",
           "resolve"]


def _legal(game: Game, item: StackItem, effects: tuple[Effect, ...], source: GameObject | None,
           card: str) -> tuple[dict[tuple[int, int], list[PlayerId | GameObject]], bool]:
    """Targets still legal, grouped by (effect, reference), and whether all are illegal."""
    found = targets.slots(effects)
    if not found:
        return {}, False
    groups = targets.assign(found, item.targets, item.x)
    legal: dict[tuple[int, int], list[PlayerId | GameObject]] = {}
    any_legal = False
    for slot, group in zip(found, groups, strict=True):
        refs: list[ObjectRef] = []
        for _, value in effects[slot.effect].args:
            if isinstance(value, ObjectRef):
                refs.append(value)
            elif isinstance(value, tuple):
                refs += [r for r in value if isinstance(r, ObjectRef)]
        position = refs.index(slot.ref)
        kept: list[PlayerId | GameObject] = []
        for target in group:
            thing: PlayerId | GameObject | None = target if isinstance(target, str) \
                else game.get(target)  # type: ignore[arg-type]
            if thing is None:
                continue
            if targets.matches(game, slot.ref, thing, item.controller, source, card,
                               that_player=item.context.player):   # CR 608.2b re-check
                kept.append(thing)
        legal[(slot.effect, position)] = kept
        any_legal |= bool(kept)
    _shared_targets(effects, legal)
    return legal, not any_legal


def _shared_targets(effects: tuple[Effect, ...],
                    legal: dict[tuple[int, int], list[PlayerId | GameObject]]) -> None:
    """A reference that refers back to a target named before it ("Target creature gets
    +1/+1 and gains flying") has that reference's targets (CR 115.1: one target)."""
    chosen: dict[str, tuple[int, int]] = {}
    for index, effect in enumerate(effects):
        refs = [v for _, v in effect.args if isinstance(v, ObjectRef)]
        for position, ref in enumerate(refs):
            if not ref.targeted:
                continue
            if ref.refers_back and ref.text in chosen:
                legal[(index, position)] = list(legal.get(chosen[ref.text], []))
            elif not ref.refers_back:
                chosen[ref.text] = (index, position)


def _run(game: Game, item: StackItem, effects: tuple[Effect, ...], source: GameObject | None,
         card: str, text: str) -> bool:
    legal, fizzle = _legal(game, item, effects, source, card)
    if fizzle:
        game.state.fizzled[card] += 1
        game.note(EventKind.FIZZLE, f"{card} doesn't resolve: all its targets are illegal",
                  card, "608.2b")
        return False
    res = Resolution(game, item, card, text, source, legal)
    for index, effect in enumerate(effects):
        res.index = index
        play(res, effect)
    return True


def resolve(game: Game, item: StackItem) -> None:
    """Resolve ``item`` (the top of the stack) and remove it (CR 608.2)."""
    game.state.stack.remove(item)
    if item.kind == "spell":
        _resolve_spell(game, item)
    elif item.kind == "ninjutsu":
        _resolve_ninjutsu(game, item)
    elif item.kind == "ravenous":
        game.draw(item.controller)
    elif item.kind == "delayed":
        _resolve_delayed(game, item)
    elif item.kind in ("persist", "undying"):
        from analyzer.rules.trigger_stack import resolve_dies_keyword

        resolve_dies_keyword(game, item)
    else:
        # The ability exists apart from its source (CR 113.7a): a source that left keeps
        # its last known card; a token that ceased to exist (CR 111.7) is known by name.
        known = game.get(item.source) or game.state.objects.get(item.source[0])
        data = game.data(known) if known is not None else game.cards.get(item.name)
        live = game.get(item.source)
        if item.ability >= len(data.profile.abilities) and item.effects is not None:
            # An ability an Aura granted (CR 613.1f) whose Aura has left since: it still
            # resolves (CR 113.7a), with the effects it was activated with.
            if _run(game, item, item.effects, live, data.name, item.text):
                game.note(EventKind.RESOLVE, f"{data.name}'s ability resolves", data.name,
                          "608.2")
            return
        ability = data.profile.abilities[item.ability]
        assert isinstance(ability, ActivatedAbility | TriggeredAbility)
        if isinstance(ability, TriggeredAbility) and ability.condition \
                and (condition_holds(known, ability.condition) is not None
                     or _about_an_activated_ability(item, ability)):
            # CR 603.4: checked when it triggered (triggers._add); whether a prowl cost was
            # paid can't change, so the check on resolution gives the same answer.
            pass
        elif isinstance(ability, TriggeredAbility) and ability.condition:
            # CR 603.4: an intervening "if" is checked again on resolution.
            if ability.functions_in is not Zone.GRAVEYARD:
                raise UnsupportedCardError(data.name, ability.text,
                                           f"the condition {ability.condition!r}")
            if live is None or live.zone is not Zone.GRAVEYARD:
                game.note(EventKind.RESOLVE, f"{data.name}'s ability does nothing: "
                          f"{ability.condition} is false now", data.name, "603.4")
                return
        effects = item.effects if item.effects is not None else ability.effects
        if _run(game, item, effects, live, data.name, ability.text):
            game.note(EventKind.RESOLVE, f"{data.name}'s ability resolves", data.name, "608.2")


def _about_an_activated_ability(item: StackItem, ability: TriggeredAbility) -> bool:
    """"if it isn't a mana ability" of a trigger on an ability being activated: the ability
    it remembers used the stack, so it is not a mana ability (CR 605.3b) and the
    intervening "if" is as true on resolution as when it triggered (CR 603.4)."""
    from analyzer.rules.triggers import played_activate_trigger

    return item.context.ability is not None and played_activate_trigger(ability)


def _resolve_delayed(game: Game, item: StackItem) -> None:
    """A delayed triggered ability (CR 603.7): "it" is the object its creator named; once
    that object has left the battlefield it is a new object the ability can't find
    (CR 603.7c, 400.7), and the ability does nothing."""
    subject = item.context.subject
    if subject is not None and game.get(subject) is None:
        game.note(EventKind.RESOLVE, f"{item.name}'s delayed ability resolves but the object "
                  "it refers to is gone: nothing happens", item.name, "603.7c")
        return
    if _run(game, item, item.effects or (), game.get(item.source), item.name, item.text):
        game.note(EventKind.RESOLVE, f"{item.name}'s delayed ability resolves", item.name,
                  "603.7")


def _resolve_spell(game: Game, item: StackItem) -> None:
    spell = game.get(item.source)
    if spell is None:
        return
    data = game.data(spell)
    if layers.types(game, spell) & {"Instant", "Sorcery"}:
        resolved = _run(game, item, spell_effects(game, spell), spell, data.name,
                        data.card.text)
        if resolved:
            game.note(EventKind.RESOLVE, f"{data.name} resolves", data.name, "608.2")
        if game.get(item.source) is not None:
            game.move(spell, Zone.GRAVEYARD, rule="608.2n")
        return
    host: ObjRef | None = None
    aura = aura_effects(game, spell)
    if aura:
        # CR 608.3b: a permanent spell with a target checks it (608.2b); an Aura whose
        # target is illegal doesn't resolve and goes to its owner's graveyard. Otherwise it
        # enters attached to the object it targeted (CR 303.4a-b).
        legal, fizzle = _legal(game, item, aura, spell, data.name)
        if fizzle:
            game.state.fizzled[data.name] += 1
            game.note(EventKind.FIZZLE, f"{data.name} doesn't resolve: its target is "
                      "illegal", data.name, "608.3b")
            game.move(spell, Zone.GRAVEYARD, rule="608.3b")
            return
        target = next(t for group in legal.values() for t in group)
        assert not isinstance(target, str)
        host = target.ref
    game.note(EventKind.RESOLVE, f"{data.name} resolves", data.name, "608.3")
    attack = spell.sneak_target
    enter_battlefield(game, spell, item.controller, x=item.x,
                      attacking=attack, rule="702.190b", attach_to=host)


def _resolve_ninjutsu(game: Game, item: StackItem) -> None:
    """CR 702.49a, 702.49d: the card enters tapped and attacking if it is still where it
    was revealed from (the hand, or the command zone for commander ninjutsu); a card that
    left it is a new object (CR 400.7) and stays where it is."""
    from analyzer.rules.casting import ninjutsu_zones

    card = game.get(item.source)
    zones = ninjutsu_zones(game.data(card).profile.keywords[item.ability].name) \
        if card is not None else ()
    if card is None or card.zone not in zones:
        where = "hand or command zone" if Zone.COMMAND in zones else "hand"
        game.note(EventKind.RESOLVE, f"{item.name}'s ninjutsu resolves but the card is no "
                  f"longer in the {where}: nothing happens", item.name, "702.49a")
        return
    game.note(EventKind.RESOLVE, f"{item.name}'s ninjutsu resolves", item.name, "702.49c")
    enter_battlefield(game, card, item.controller, attacking=item.returned_attack,
                      rule="702.49c")


def _attack_still_possible(game: Game, attack: PlayerId | ObjRef, controller: PlayerId) -> bool:
    """CR 508.4a: the attacked player is in the game, the planeswalker still there."""
    if isinstance(attack, str):
        return not game.player(attack).lost and attack != controller
    target = game.get(attack)
    return target is not None and target.zone is Zone.BATTLEFIELD \
        and game.controller(target) != controller


def enter_battlefield(game: Game, obj: GameObject, controller: PlayerId, *, x: int = 0,
                      tapped: bool = False, attacking: PlayerId | ObjRef | None = None,
                      rule: str = "508.4", counters: dict[str, int] | None = None,
                      attach_to: ObjRef | None = None) -> GameObject:
    """Put ``obj`` onto the battlefield under ``controller`` with its own "enters"
    replacement effects (CR 614.1c: tapped, with X counters, X of the spell, 107.3m),
    ``counters`` the effect putting it there gives it ("with a -1/-1 counter on it", CR
    122.6, as effects on counters allow), and, for sneak and ninjutsu, tapped and
    attacking (CR 702.190b, 702.49c, 508.4); an Aura spell attached to ``attach_to``, the
    object it targeted (CR 303.4a-b, 608.3b)."""
    data = game.data(obj)
    cast_with = obj.cast_with
    permanent = game.move(obj, Zone.BATTLEFIELD, controller=controller, rule="608.3")
    if attach_to is not None:
        permanent.attached_to = attach_to
        game.state.derived.clear()
        host = game.get(attach_to)
        game.note(EventKind.OTHER, f"{permanent.alias} enters attached to "
                  f"{host.alias if host is not None else 'its target'}", data.name, "303.4b")
    permanent.x = x
    permanent.cast_with = cast_with          # "if its prowl cost was paid" (CR 702.76)
    if data.loyalty is not None:
        permanent.counters["loyalty"] = data.loyalty
    if tapped:
        permanent.tapped = True
    apply_enters_replacements(game, permanent, x)
    for kind, n in (counters or {}).items():
        from analyzer.rules.counters import counters_to_put

        put = counters_to_put(game, permanent, kind, n)  # CR 122.6, 614.1a
        if put:
            permanent.counters[kind] += put
        game.note(EventKind.OTHER, f"{permanent.alias} enters with {put or 0} {kind} "
                  f"counter(s)" + ("" if put == n else " (none can be put on it)"
                                   if put is None else f" ({n} replaced by {put})"),
                  data.name, "122.6")
    if data.profile.has_keyword("Ravenous"):          # CR 702.156a
        permanent.counters["+1/+1"] += x
        if x >= 5:
            game.state.pending_triggers.append(StackItem(
                "ravenous", controller, permanent.ref, data.name,
                source_lki_controller=controller))
            game.state.triggered[data.name] += 1
    if attacking is not None:
        permanent.tapped = True
        if _attack_still_possible(game, attacking, controller):
            permanent.attacking = attacking
            permanent.blocked = False if game.step.value >= 7 else None   # CR 508.4d
            game.state.attacked = True
            game.note(EventKind.ATTACK, f"{permanent.alias} enters tapped and attacking "
                      f"{_what(game, attacking)}", data.name, rule)
    game.entered(permanent)
    return permanent


def apply_enters_replacements(game: Game, permanent: GameObject, x: int = 0) -> None:
    """The permanent's own "enters" replacement effects as it enters (CR 614.1c): enters
    tapped, enters with counters (X of the spell it was, CR 107.3m). A token copy has them
    too: they are part of the copiable values (CR 707.2, 614.12)."""
    data = game.data(permanent)
    if data.profile.enters_tapped:
        permanent.tapped = True
    for ability in data.profile.abilities:
        if isinstance(ability, ReplacementEffect) and ability.event == "enters":
            if ability.condition:
                # "enters tapped unless you control a Swamp", "If it was kicked, it enters
                # with ...": only when the condition holds (CR 614.1c, 614.12).
                holds = condition_holds(permanent, ability.condition, game)
                if holds is None:
                    raise UnsupportedCardError(data.name, ability.text,
                                               f"the condition {ability.condition!r}")
                if not holds:
                    continue
            for effect in ability.effects:
                if not _of_itself(effect):
                    continue   # its own "Permanents enter tapped" doesn't see it enter (614.12)
                _enters_with(game, permanent, effect, ability.text, x)
    others_enters_replacements(game, permanent)


def _of_itself(effect: Effect) -> bool:
    ref = effect.arg("target")
    return not isinstance(ref, ObjectRef) or ref.filter.kind == "self"


def others_enters_replacements(game: Game, permanent: GameObject) -> None:
    """"Permanents enter tapped", "Artifacts and creatures your opponents control enter the
    battlefield tapped": replacement effects of permanents already on the battlefield that
    modify how another permanent enters (CR 614.1c, 614.12); a permanent that fits the
    group enters tapped."""
    for other in game.battlefield():
        if other is permanent:
            continue
        data = game.data(other)
        for ability in data.profile.abilities:
            if not isinstance(ability, ReplacementEffect) or ability.event != "enters" \
                    or all(_of_itself(e) for e in ability.effects):
                continue
            if ability.condition:
                raise UnsupportedCardError(data.name, ability.text,
                                           f"the condition {ability.condition!r}")
            for effect in ability.effects:
                ref = effect.arg("target")
                if _of_itself(effect) or not isinstance(ref, ObjectRef):
                    continue
                if effect.name != "tap":
                    raise UnsupportedCardError(data.name, ability.text,
                                               "this enters replacement")
                if targets.matches(game, ref, permanent, game.controller(other), other, data.name):
                    permanent.tapped = True
                    game.note(EventKind.OTHER, f"{permanent.alias} enters tapped "
                              f"({data.name})", data.name, "614.1c")


def _what(game: Game, attack: PlayerId | ObjRef) -> str:
    if isinstance(attack, str):
        return attack
    target = game.get(attack)
    return target.alias if target is not None else "a permanent"


def _enters_with(game: Game, obj: GameObject, effect: Effect, text: str, x: int) -> None:
    ref = effect.arg("target")
    if effect.name == "put_counters" and getattr(getattr(ref, "filter", None), "kind",
                                                 "") == "self":
        amount = effect.arg("amount")
        # X of the spell it was; an X "where X is ..." is counted otherwise (refused).
        n = x if isinstance(amount, Amount) and amount.variable == "X" \
            and not amount.where else \
            amount.value if isinstance(amount, Amount) and amount.value is not None else None
        if n is None:
            raise UnsupportedCardError(game.data(obj).name, text, "this number of counters")
        from analyzer.rules.counters import counters_to_put

        kind = str(effect.arg("counter"))
        put = counters_to_put(game, obj, kind, n)     # CR 122.6, 614.1c, 614.1a
        if put:
            obj.counters[kind] += put
        why = "" if put == n else " (none can be put on it)" if put is None \
            else f" ({n} replaced by {put})"
        game.note(EventKind.OTHER, f"{obj.alias} enters with {put or 0} {kind} counter(s)"
                  + why, game.data(obj).name, "614.1c")
    elif effect.name == "tap" and getattr(getattr(ref, "filter", None), "kind", "") == "self":
        obj.tapped = True
    else:
        # "Creatures your opponents control enter tapped.": other objects entering, not the
        # card itself (CR 614.1c) — not played here.
        raise UnsupportedCardError(game.data(obj).name, text, "this enters replacement")
