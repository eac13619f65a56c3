"""Verb frames of static abilities and replacement effects, third round (CR 614.1a, 614.10,
508.1a, 509.1a, 701.28, 702.122).

- a replaced event skipped (CR 614.10): "If a player would draw a card, that player skips
  that draw instead.", "If you would draw a card, you may skip that draw instead.", "If an
  opponent would begin an extra turn, that player skips that turn instead.";
- a card exiled with counters (CR 122.6, 702.62a): "Exile CARDNAME with three time
  counters on it.", "If CARDNAME would die, instead exile it with three egg counters on it."
  (a ``change_zone`` to exile whose ``enters_with`` are the counters);
- restrictions listed together: "Enchanted creature can't attack, block, or transform."
  (the ``restrict`` effects of each, keys of
  :data:`~.verbs_restrictions.RESTRICTIONS`).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("That player skips that draw.")
>>> e.name, e.arg("what")
('skip', 'that draw')
>>> [e.arg("restriction") for e in parse_effects("Enchanted creature can't attack, block, "
...                                               "or transform.")]
["can't attack or block", "can't transform"]
"""

from __future__ import annotations

from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.grammar.verbs_restrictions import RESTRICTIONS
from analyzer.oracle.lexer import tokenize
from analyzer.oracle.objects import Zone
from analyzer.oracle.syntax import Clause

__all__: list[str] = []

RESTRICTIONS.update({"can't crew Vehicles": "702.122a"})


@frame("skip", "{who:player?} skip|skips that draw|turn", "{who:player?} skip|skips that turn",
       "{who:player?} skip|skips that step")
def _skip_that(c: Clause) -> Effect | None:
    """"..., that player skips that draw instead." (CR 614.10: the replaced event is
    skipped); ``what`` names the event of the replacement's "if ... would ..."."""
    text = c.frame_text.lower()
    what = text.rsplit("skip", 1)[-1].removeprefix("s").strip()
    if what not in ("that draw", "that turn", "that step"):
        return None
    who = c.slot("who") or c.subject
    return Effect.make("skip", what=what, player=who, text=c.text)


_LISTED: dict[str, tuple[str, ...]] = {
    "transform": ("can't attack or block", "can't transform"),
    "crew vehicles": ("can't attack or block", "can't crew Vehicles"),
}


@frame("restrict", "{subject:np} can't attack , block , or transform",
       "{subject:np} can't attack , block , or crew Vehicles")
def _attack_block_or(c: Clause) -> tuple[Effect, ...] | None:
    """"Enchanted creature can't attack, block, or transform." (Bound by Moonsilver, CR
    508.1a, 509.1a, 701.28): one ``restrict`` effect for each restriction listed."""
    if c.subject is None:
        return None
    last = c.frame_text.lower().rsplit(" or ", 1)[-1]
    keys = _LISTED.get(last)
    if keys is None:
        return None
    return tuple(Effect.make("restrict", target=c.subject, restriction=key, by=None,
                             duration=Duration.PERMANENT, text=c.text) for key in keys)


@frame("exile", "{who:player?} exile|exiles {target:np} with {rest:words}")
def _exile_with_counters(c: Clause) -> Effect | None:
    """"Exile CARDNAME with three time counters on it." (Arc Blade, CR 702.62a): the card
    (or the object named before, "it") moves to exile and gets the counters there (CR
    122.6); a filter ("exile target creature with a +1/+1 counter on it") is the noun
    phrase's, never read here."""
    from analyzer.oracle.grammar.verbs_zones import _counters, _move

    target = c.slot("target")
    if target is None or target.filter.kind not in ("self", "it") or target.targeted \
            or target.text.lower() not in ("cardname", "it", "that card", "them"):
        return None
    rest = tokenize(c.slot("rest"))
    words = [t.low for t in rest]
    if words[-2:] not in (["on", "it"], ["on", "them"]):
        return None
    counters = _counters(tuple(rest), 0, len(rest) - 2)
    effect = _move(c, Zone.EXILE)
    if counters is None or effect is None:
        return None
    args = tuple((k, None if k == "origin" and target.filter.kind == "self" else v)
                 for k, v in effect.args)   # the card itself: from where it is (a resolving
    #                                         spell's stack, a permanent's battlefield)
    return Effect(effect.name, (*args, ("enters_with", counters)), effect.optional,
                  effect.condition, effect.text)
