"""Verbs of combat and control done by a resolving spell or ability: blocking and attacking
requirements ("target creature blocks CARDNAME this turn if able"), "remove it from
combat", a player gaining control, and damage redirected ("the next 2 damage that would be
dealt to CARDNAME this turn is dealt to target creature instead") (CR 506.4, 508.1d,
509.1c, 613.1b, 614.9).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Target creature blocks CARDNAME this turn if able.")
>>> e.arg("restriction"), e.arg("by").text, e.arg("duration").name
('blocks if able', 'CARDNAME', 'THIS_TURN')
>>> [e.describe() for e in parse_effects("Remove target attacking creature from combat.")]
['remove target attacking creature from combat']
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


def _creatures(ref: ObjectRef | None) -> bool:
    return ref is not None and ref.filter.kind not in ("player", "opponent", "card", "spell",
                                                       "ability", "any")


def _duration(c: Clause) -> Duration:
    return Duration.END_OF_COMBAT if "this combat" in c.frame_text.lower() \
        else Duration.THIS_TURN


@frame("restrict", "{subject:np} block|blocks {by:np} this turn if able",
       "{subject:np} block|blocks {by:np} this combat if able")
def _blocks_if_able(c: Clause) -> Effect | None:
    """"Target creature blocks CARDNAME this turn if able" (CR 509.1c): a blocking
    requirement on the subject, ``by`` the attacker it must block."""
    if not _creatures(c.subject) or not _creatures(c.slot("by")):
        return None
    return Effect.make("restrict", target=c.subject, restriction="blocks if able",
                       by=c.slot("by"), duration=_duration(c), text=c.text)


@frame("restrict", "{subject:np} attack|attacks {by:np} this turn if able",
       "{subject:np} attack|attacks {by:np} this combat if able")
def _attacks_if_able(c: Clause) -> Effect | None:
    """"Target creature an opponent controls attacks you this turn if able" (CR 508.1d):
    an attacking requirement, ``by`` the player it must attack."""
    by = c.slot("by")
    if not _creatures(c.subject) or by is None or by.filter.kind not in ("player",
                                                                           "opponent"):
        return None
    return Effect.make("restrict", target=c.subject, restriction="attacks if able", by=by,
                       duration=_duration(c), text=c.text)


@frame("restrict", "all creatures able to block {subject:np} do so",
       "all creatures able to block {subject:np} this turn do so")
def _lure(c: Clause) -> Effect | None:
    """"All creatures able to block target creature this turn do so" (CR 509.1c): the
    subject must be blocked by every creature able to block it."""
    if not _creatures(c.subject):
        return None
    duration = Duration.THIS_TURN if "this turn" in c.frame_text.lower() \
        else Duration.PERMANENT
    return Effect.make("restrict", target=c.subject,
                       restriction="must be blocked by all creatures able",
                       duration=duration, text=c.text)


@frame("remove_from_combat", "remove {target:np} from combat")
def _remove_from_combat(c: Clause) -> Effect | None:
    """"Remove target attacking creature from combat" (CR 506.4)."""
    if not _creatures(c.slot("target")):
        return None
    return Effect.make("remove_from_combat", target=c.slot("target"), text=c.text)


@frame("gain_control", "{who:player} gain|gains control of {target:np}")
def _player_gains_control(c: Clause) -> Effect | None:
    """"Target opponent gains control of CARDNAME" (CR 613.1b): a player other than the
    ability's controller is kept as ``player``."""
    target = c.slot("target")
    if c.subject is None or target is None or target.filter.kind in ("player", "opponent",
                                                                      "card"):
        return None
    player = None if c.subject.text.lower() == "you" else c.subject
    # The player first, as the words name the targets (CR 601.2c: targets in order).
    return Effect.make("gain_control", player=player, target=target,
                       duration=Duration.PERMANENT, text=c.text)


@frame("redirect_damage", "the next {n:amount} damage that would be dealt to {target:np} "
       "this turn is dealt to {to:np} instead")
def _redirect(c: Clause) -> Effect | None:
    """"The next 2 damage that would be dealt to CARDNAME this turn is dealt to target
    creature you control instead" (CR 614.9): a redirection shield for this turn."""
    amount: Amount = c.slot("n")
    return Effect.make("redirect_next_damage", amount=amount, target=c.slot("target"),
                       to=c.slot("to"), duration=Duration.THIS_TURN, text=c.text)
