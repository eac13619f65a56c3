"""Verb frames of static abilities and replacement effects, third round (CR 614.1a, 614.10,
508.1a, 509.1a, 701.28, 702.122).

- a replaced event skipped (CR 614.10): "If a player would draw a card, that player skips
  that draw instead.", "If you would draw a card, you may skip that draw instead.", "If an
  opponent would begin an extra turn, that player skips that turn instead.";
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
