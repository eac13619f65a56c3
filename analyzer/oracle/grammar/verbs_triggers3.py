"""Verbs that triggered abilities carry: the triggering object's counters put on another
object, a player skipping a step, a scheme abandoned, a permanent airbent (CR 122, 500.11,
603, 701.33, 701.67).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Put its counters on target creature you control.")
>>> e.name, e.describe()
('put_counters_of', 'put the counters of it on target creature you control')
>>> e, = parse_effects("Target player skips their next untap step.")
>>> e.describe()
'target player: skip untap step'
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import tokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.syntax import Clause

__all__: list[str] = []

_IT = tokenize("it")


def _it() -> ObjectRef | None:
    return noun_phrase(_IT, 0, len(_IT))


def _on_object(target: object) -> bool:
    return isinstance(target, ObjectRef) and target.filter.kind not in (
        "player", "opponent", "card", "spell")


@frame("put_counters_of", "put its counters on {target:np}",
       "put {source:np} 's counters on {target:np}")
def _put_counters_of(c: Clause) -> Effect | None:
    """"put its counters on target creature you control" (a dies or leaves trigger): each
    counter the object had as it last existed, of each kind, on the new object (CR 122.1,
    608.2h)."""
    source = c.slot("source") if c.slot("source") is not None else _it()
    target = c.slot("target")
    if source is None or not _on_object(target) or source.targeted:
        return None
    return Effect.make("put_counters_of", source=source, target=target, text=c.text)


@frame("skip", "{who:player} skip|skips their|his|her next untap|draw|combat step|phase",
       "{who:player} skip|skips their next turn")
def _player_skips(c: Clause) -> Effect | None:
    """"target player skips their next untap step" (CR 500.11)."""
    words = c.frame_text.lower().split(" next ", 1)[-1]
    if words not in ("turn", "untap step", "draw step", "combat phase") or c.subject is None \
            or c.subject.text.lower() == "you":
        return None
    return Effect.make("skip", what=words, player=c.subject, text=c.text)


@frame("keyword_action", "abandon SELF")
def _abandon(c: Clause) -> Effect:
    """"abandon this scheme" (CR 701.33): it is turned face down and put on the bottom of
    its owner's scheme deck."""
    return Effect.make("abandon", target=noun_phrase(tokenize("CARDNAME"), 0, 1), text=c.text)


@frame("keyword_action", "airbend {target:np}")
def _airbend(c: Clause) -> Effect | None:
    """"airbend up to one target creature" (CR 701.67): exile it; its owner may cast it
    for {2} rather than its mana cost while it remains exiled."""
    target = c.slot("target")
    if not isinstance(target, ObjectRef) or target.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("airbend", target=target, text=c.text)


def _names_that_player(effect: Effect) -> bool:
    return any(isinstance(v, ObjectRef) and ("that player" in v.text.lower()
                                             or "that opponent" in v.text.lower())
               for _, v in effect.args)


def loop_left_open(effects: tuple[Effect, ...]) -> bool:
    """True when a "for each opponent, ..." loop over players is followed in the same
    sentence by an effect that still says "that player" ("for each opponent, exile up to
    one target creature that player controls and that player gains life equal to its
    power"): the loop covers more than its first clause, which is not read (CR 608.2c).

    >>> from analyzer.oracle.grammar import parse_effects
    >>> parse_effects("For each opponent, exile up to one target creature that player "
    ...               "controls and that player gains life equal to its power.") is None
    True
    """
    for k, effect in enumerate(effects):
        each = effect.arg("each")
        if effect.name == "for_each_object" and isinstance(each, ObjectRef) \
                and each.filter.kind in ("player", "opponent") \
                and any(_names_that_player(e) for e in effects[k + 1:]):
            return True
    return False


@frame("keyword_action", "{subject:np} connive|explore")
def _have_connive(c: Clause) -> Effect | None:
    """"you may have it connive" (the causative "have", CR 701.50, 701.44)."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    name = "connive" if c.frame_text.lower().endswith("connive") else "explore"
    return Effect.make(name, amount=Amount(1), target=c.subject, text=c.text)


@frame("distribute_counters",
       "{who:player?} distribute|distributes {n:amount} {c:counter} counter|counters among "
       "{target:np}",
       "{who:player?} distribute|distributes a number of {c:counter} counters equal to "
       "{q:quantity} among {target:np}")
def _distribute_counters(c: Clause) -> Effect | None:
    """"distribute three +1/+1 counters among one, two, or three target creatures you
    control": the division is chosen as the ability is put on the stack, each target
    getting at least one (CR 601.2d, 122.1)."""
    target = c.slot("target")
    if not _on_object(target):
        return None
    amount = c.slot("n")
    if amount is None:
        words = c.frame_text[c.frame_text.find(" equal to ") + 1:c.frame_text.rfind(" among ")]
        amount = Amount(None, words, quantity=c.slot("q"))
    player = c.subject if c.subject is not None and c.subject.text.lower() != "you" else None
    return Effect.make("distribute_counters", counter=c.slot("c"), amount=amount,
                       target=target, player=player, text=c.text)
