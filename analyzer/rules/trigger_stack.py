"""Triggered abilities on their way to the stack and the special ones the rules core makes.

- As a triggered ability is put on the stack its controller chooses its mode and targets
  (CR 603.3c-d, 700.2a): :func:`choose_mode_and_targets`.
- Delayed triggered abilities ("Sacrifice it at the beginning of the next end step",
  CR 603.7) wait in the state and trigger once when their step begins: :func:`fire_delayed`.
- Persist and undying (CR 702.79a, 702.93a) trigger as their creature dies, judged from its
  last known information, and return the card with a counter: :func:`dies_trigger`,
  :func:`resolve_dies_keyword`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.oracle.effects import Effect
from analyzer.rules import layers
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.model import (
    EventKind,
    GameObject,
    ObjRef,
    PlayerId,
    StackItem,
    Step,
    TriggerContext,
    Zone,
)

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = ["DIES_KEYWORDS", "choose_mode_and_targets", "dies_trigger", "fire_delayed",
           "item_effects", "resolve_dies_keyword"]


DIES_KEYWORDS = {"persist": "-1/-1", "undying": "+1/+1"}
"""Keywords that return a creature that died: persist (CR 702.79a) with a -1/-1 counter if it
had no -1/-1 counter, undying (CR 702.93a) with a +1/+1 counter if it had no +1/+1 counter."""


def dies_trigger(game: Game, obj: GameObject) -> tuple[str, PlayerId] | None:
    """As ``obj`` dies (CR 700.4): ``("persist" | "undying", its controller)`` when its
    persist or undying ability triggers, judged from its last known information (its
    abilities and counters on the battlefield, CR 603.10a, 603.4); ``None`` otherwise. A
    creature with both has two abilities; the rules core refuses that rather than pick."""
    have = [k for k in DIES_KEYWORDS if layers.has_keyword(game, obj, k)]
    if len(have) > 1:
        raise UnsupportedCardError(game.data(obj).name, "Persist, Undying",
                                   "both persist and undying on one creature")
    if not have or obj.counters.get(DIES_KEYWORDS[have[0]], 0) > 0:
        return None
    return have[0], game.controller(obj)


def resolve_dies_keyword(game: Game, item: StackItem) -> None:
    """Persist or undying resolves: "return it to the battlefield under its owner's control
    with a <kind> counter on it" (CR 702.79a, 702.93a) - the card, if it is still the object
    that went to the graveyard (CR 400.7); a token ceased to exist (CR 111.7)."""
    from analyzer.rules.resolve import enter_battlefield

    card = game.get(item.source)
    rule = "702.79a" if item.kind == "persist" else "702.93a"
    if card is None or card.zone is not Zone.GRAVEYARD:
        game.note(EventKind.RESOLVE, f"{item.name}'s {item.kind} resolves, but it is no longer "
                  "in the graveyard: nothing happens", item.name, rule)
        return
    game.note(EventKind.RESOLVE, f"{item.name}'s {item.kind} resolves: it returns to the "
              "battlefield", item.name, rule)
    enter_battlefield(game, card, card.owner, counters={DIES_KEYWORDS[item.kind]: 1},
                      rule=rule)


def fire_delayed(game: Game, step: Step) -> None:
    """The beginning of ``step``: delayed triggered abilities waiting for it trigger, once
    (CR 603.7b, 603.7c)."""
    s = game.state
    due = [d for d in s.delayed if d.step is step]
    if not due:
        return
    s.delayed = [d for d in s.delayed if d.step is not step]
    for delayed in due:
        s.pending_triggers.append(StackItem(
            "delayed", delayed.controller, delayed.source, delayed.name,
            context=TriggerContext(subject=delayed.subject), effects=delayed.effects,
            text=delayed.text, source_lki_controller=delayed.controller))
        s.triggered[delayed.name] += 1


def item_effects(game: Game, item: StackItem) -> tuple[Effect, ...]:
    """The effects a triggered or activated ability on the stack plays: its chosen mode's
    or a delayed trigger's (:attr:`StackItem.effects`), else its ability's."""
    if item.effects is not None:
        return item.effects
    source = game.get(item.source)
    data = game.data(source) if source is not None else game.cards.get(item.name)
    ability = data.profile.abilities[item.ability]
    return ability.effects


def choose_mode_and_targets(game: Game, item: StackItem) -> bool:
    """As a triggered ability is put on the stack its controller chooses its mode (CR 603.3c,
    700.2a) and targets (CR 603.3d); False when a target it needs can't be chosen (it is
    removed from the stack, 603.3d). Asks through :meth:`Game.ask` (the process is
    replayed with the answers)."""
    from analyzer.rules.targets import legal_choices, slots

    if item.kind not in ("triggered", "delayed"):
        return True
    effects = item_effects(game, item)
    source = game.get(item.source)
    modal = [e for e in effects if e.name == "choose_mode"]
    if modal:
        if len(effects) != 1 or modal[0].arg("count") != "one":
            raise UnsupportedCardError(item.name, item.text or modal[0].text,
                                       "a modal triggered ability other than \"choose one\"")
        listed = modal[0].arg("modes")
        modes = [m for m in listed if isinstance(m, Effect)] if isinstance(listed, tuple) \
            else []
        texts = tuple((m.text or m.describe()).lstrip("• ").rstrip(".")
                      .replace("CARDNAME", item.name) for m in modes)
        answer = game.ask(item.controller, f"{item.name}: choose one", texts)
        chosen = modes[texts.index(answer)]
        inner = chosen.arg("effects")
        effects = tuple(e for e in inner if isinstance(e, Effect)) \
            if isinstance(inner, tuple) else (chosen,)
        item.effects = effects
        game.note(EventKind.CHOICE, f"{item.controller} chooses the mode {answer!r} for "
                  f"{item.name}'s ability", item.name, "700.2a")
    found = slots(effects)
    chosen_targets: list[PlayerId | ObjRef] = []
    for slot in found:
        low, high = slot.bounds(item.x)
        if (low, high) != (1, 1):
            raise UnsupportedCardError(item.name, item.text or effects[slot.effect].text,
                                       f"choosing targets for {slot.ref.text!r} as a "
                                       "triggered ability is put on the stack")
        legal = legal_choices(game, slot.ref, item.controller, source,
                              that_player=item.context.player)
        names = tuple(t if isinstance(t, str) else t.alias for t in legal)
        if not names:
            game.note(EventKind.TRIGGER, f"{item.name}'s ability is removed from the stack: "
                      f"no legal target for {slot.ref.text!r}", item.name, "603.3d")
            return False
        answer = game.ask(item.controller, f"{item.name}: choose {slot.ref.text}", names)
        picked = legal[names.index(answer)]
        chosen_targets.append(picked if isinstance(picked, str) else picked.ref)
    if found:
        item.targets = tuple(chosen_targets)
    return True

