"""More handlers of the effect registry (:data:`analyzer.rules.effects.EFFECTS`), kept apart
from :mod:`analyzer.rules.effects` for size: token copies (CR 707.2), "sacrifice it"
(CR 701.21a), delayed triggered abilities (CR 603.7), "tap or untap" (CR 701.26), mill
(CR 701.17), extra turns (CR 500.7), scry 1 (CR 701.22), paying a cost during resolution
(CR 118.1, 608.2c: "you may pay {2}. If you do, ...") and copying an activated ability
(CR 707.10: "copy that ability"). Importing :mod:`analyzer.rules.effects` registers them.
"""

from __future__ import annotations

from analyzer.oracle.effects import Effect
from analyzer.oracle.objects import ObjectRef, Zone
from analyzer.rules.effects import EFFECTS, NOTHING_TO_CHOOSE, Resolution, _objects
from analyzer.rules.model import EventKind, GameObject, PlayerId, StackItem

__all__ = ["create_token_copy"]


def create_token_copy(res: Resolution, effect: Effect) -> None:
    """"Create a token that's a copy of <object>" (CR 707.2, 111.1): the token's copiable
    values are the object's printed values as modified by copy effects (its card, here: a
    token copy keeps the card it copies), never what other effects give it (granted
    abilities, counters, P/T changes). The source of "a copy of this creature" that has left
    the battlefield is copied as it last existed (CR 608.2h)."""
    if effect.arg("tapped") or effect.arg("attacking") or effect.arg("controller") \
            or effect.arg("attached_to") is not None:
        raise res.unsupported(effect, "this token")
    if effect.arg("exceptions"):
        raise res.unsupported(effect, "a copy with exceptions (CR 707.9)")
    ref = effect.arg("copy_of")
    assert isinstance(ref, ObjectRef)
    originals: list[str] = []
    for thing in res.refs(effect, "copy_of"):
        if isinstance(thing, str):
            raise res.unsupported(effect, "a copy of a player")
        originals.append(thing.card)
    if not originals and ref.filter.kind == "self" and res.source is None:
        originals.append(res.item.name)          # last known information (CR 608.2h)
    made: list[PlayerId | GameObject] = []
    for card in originals:
        for _ in range(res.amount(effect)):
            made.append(res.game.create_token_copy(card, res.controller, res.card))
    res.last = made


def _sacrifice(res: Resolution, effect: Effect) -> None:
    """"Sacrifice it" (CR 701.21a): its controller moves a permanent they control to its
    owner's graveyard; one they no longer control, or that has left the battlefield, is not
    sacrificed. A sacrifice that needs a choice ("sacrifice a creature") is not played."""
    ref = effect.arg("filter")
    if not isinstance(ref, ObjectRef) or ref.filter.kind not in ("it", "self") \
            or effect.arg("amount") is not None:
        raise res.unsupported(effect, "choosing what to sacrifice")
    who = res.player(effect)
    for obj in _objects(res, effect, "filter"):
        if obj.zone is Zone.BATTLEFIELD and res.game.controller(obj) == who:
            res.game.note(EventKind.ZONE, f"{who} sacrifices {obj.alias}", res.card, "701.21a")
            res.game.move(obj, Zone.GRAVEYARD, rule="701.21a")


_DELAYED_STEPS = {"at the beginning of the next end step": "END"}
"""Delayed trigger events the rules core plays (CR 603.7b), by the step they wait for."""


def _delayed(res: Resolution, effect: Effect) -> None:
    """"<effect> at the beginning of the next end step" creates a delayed triggered ability
    (CR 603.7a) that refers to what the previous effect affected ("it", CR 603.7c)."""
    from analyzer.rules.model import DelayedTrigger, Step

    when, inner = effect.arg("when"), effect.arg("effects")
    step = _DELAYED_STEPS.get(str(when))
    if step is None or not isinstance(inner, tuple) or len(res.last) > 1:
        raise res.unsupported(effect, f"a delayed trigger {when!r}")
    subject = next((t.ref for t in res.last if not isinstance(t, str)), None)
    effects = tuple(e for e in inner if isinstance(e, Effect))
    res.game.state.delayed.append(DelayedTrigger(
        Step[step], effects, res.controller, res.item.source, res.card, subject,
        effect.text or effect.describe()))
    res.game.note(EventKind.OTHER, f"{res.card}: {effect.text or effect.describe()} "
                  "(a delayed triggered ability)", res.card, "603.7a")


def _tap_or_untap(res: Resolution, effect: Effect) -> None:
    """"Tap or untap target permanent" (CR 701.26): the controller chooses which as the
    effect resolves (CR 608.2d)."""
    objs = [o for o in _objects(res, effect) if o.zone is Zone.BATTLEFIELD]
    if objs:
        names = ", ".join(o.alias for o in objs)
        answer = res.game.ask(res.controller, f"{res.card}: tap or untap {names}?",
                              ("tap", "untap"))
        for obj in objs:
            res.game.tap(obj, answer == "tap")
    res.last = list(objs)


def _mill(res: Resolution, effect: Effect) -> None:
    """"Target player mills N cards" (CR 701.17a): the top N cards of their library go to
    their graveyard; with fewer, all of them (CR 701.17b)."""
    who, n = res.player(effect), res.amount(effect)
    library = res.game.player(who).library
    cards = [res.game.obj(o) for o in library[:n]]
    for card in cards:
        res.game.move(card, Zone.GRAVEYARD, rule="701.17a")
    res.game.note(EventKind.OTHER, f"{who} mills {len(cards)} card(s)", res.card, "701.17a")
    res.last = list(cards)


def _extra_turn(res: Resolution, effect: Effect) -> None:
    """"Take an extra turn after this one" (CR 500.7): the player takes it right after this
    turn; of several, the most recently created is taken first."""
    who = res.player(effect)
    res.game.state.extra_turns.append(who)
    res.game.note(EventKind.OTHER, f"{who} will take an extra turn after this one", res.card,
                  "500.7")


def _scry(res: Resolution, effect: Effect) -> None:
    """"Scry 1" (CR 701.22a): the player looks at the top card of their library and may put
    it on the bottom. With an empty library nothing happens. Scrying more than one card
    (they are ordered as the player chooses) is not played."""
    who, n = res.player(effect), res.amount(effect)
    if n != 1:
        raise res.unsupported(effect, f"scry {n}: ordering the cards looked at")
    library = res.game.player(who).library
    if not library:
        res.game.note(EventKind.OTHER, f"{who} scries 1 with an empty library", res.card,
                      "701.22a")
        return
    top = res.game.obj(library[0])
    answer = res.game.ask(who, f"{res.card}: scry 1 - put {top.alias} on the top or the "
                               "bottom of your library?", ("top", "bottom"))
    if answer == "bottom":
        library.append(library.pop(0))
    res.game.note(EventKind.OTHER, f"{who} scries 1 and puts the card on the {answer}",
                  res.card, "701.22a")


def _pay(res: Resolution, effect: Effect) -> None:
    """"you may pay {2}" / "pay 3 life" as the ability resolves (CR 118.1, 608.2c): a mana
    cost is paid from the pool, mana abilities activated as needed (CR 605.3a); life only
    with that much life (CR 119.4). A cost that can't be paid is refused
    (:class:`~analyzer.rules.errors.IllegalActionError`: "you may" can't be answered yes,
    CR 118.3)."""
    import re

    from analyzer.oracle.mana import ManaCost
    from analyzer.rules.errors import IllegalActionError
    from analyzer.rules.mana import pay_mana

    cost = str(effect.arg("cost") or "")
    who = res.player(effect)
    life = re.fullmatch(r"(\d+) life", cost)
    if life:
        n = int(life[1])
        if res.game.player(who).life < n:
            raise IllegalActionError(f"{who} can't pay {cost} for {res.card}: {who} has "
                                     f"{res.game.player(who).life} life (CR 119.4)")
        res.game.player(who).life -= n
        res.game.note(EventKind.PAY, f"{who} pays {cost}", res.card, "119.4")
        return
    try:
        mana = ManaCost.parse(cost)
    except ValueError as err:
        raise res.unsupported(effect, f"paying {cost!r}") from err
    if mana.has_x:
        raise res.unsupported(effect, f"paying {cost!r}")
    pay_mana(res.game, who, mana, 0, res.card)


def _copy(res: Resolution, effect: Effect) -> None:
    """"copy that ability" (CR 707.10): a copy of the activated ability the trigger event
    names, with every decision made for it (targets, X, objects paid with: "the sacrificed
    creature's power"), is put on the stack on top, controlled by the player under whose
    control it was put there (this ability's controller). A copy of an activated ability
    isn't activated (CR 707.10), so it triggers nothing that waits for an activation. It
    resolves like the original (the same source and text, CR 113.7)."""
    ref = effect.arg("target")
    original = res.item.context.ability
    if effect.arg("amount") is not None:
        raise res.unsupported(effect, "more than one copy (CR 707.10)")
    if effect.arg("player") is not None:
        raise res.unsupported(effect, "a copy another player makes (CR 707.10)")
    if not isinstance(ref, ObjectRef) or ref.text != "that ability" or original is None:
        raise res.unsupported(effect, "copying a spell or this object")
    copy = StackItem(original.kind, res.controller, original.source, original.name,
                     original.ability, original.targets, original.x, original.context,
                     original.returned_attack, original.source_lki_controller,
                     original.effects, original.text, original.sacrificed_power)
    res.game.state.stack.append(copy)
    res.copy = copy
    res.game.note(EventKind.OTHER, f"{res.card} puts a copy of {original.name}'s ability on "
                  f"the stack under {res.controller}'s control", res.card, "707.10")


def _no_targets_to_change(res: Resolution, effect: Effect) -> str:
    if res.copy is None:
        return "no copy was made"
    if not res.copy.targets:
        return "the copy has no targets"
    return ""


def _new_targets(res: Resolution, effect: Effect) -> None:
    """"You may choose new targets for the copy" answered yes (CR 707.10c): not played yet
    (a copy without targets is never asked about, :data:`NOTHING_TO_CHOOSE`)."""
    raise res.unsupported(effect, "choosing new targets for a copy (CR 707.10c)")


NOTHING_TO_CHOOSE["choose_new_targets"] = _no_targets_to_change

EFFECTS.update({
    "pay": _pay,
    "copy": _copy,
    "choose_new_targets": _new_targets,
    "sacrifice": _sacrifice,
    "delayed": _delayed,
    "tap_or_untap": _tap_or_untap,
    "scry": _scry,
    "extra_turn": _extra_turn,
    "mill": _mill,
})
