"""Verbs the effects of triggered abilities carry (round 4): recruit, a creature becoming
prepared or unprepared, a keyword action another player does, "draw N additional cards",
"you gain protection from everything", and the "draw cards equal to the difference" of an
intervening "if you have fewer than N cards in hand" (CR 603.4, 608.2c, 701.1, 702.16).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Recruit.")
>>> e.name, e.describe()
('recruit', 'recruit')
>>> e, = parse_effects("CARDNAME becomes prepared.")
>>> e.describe()
'this object becomes prepared'
>>> e, = parse_effects("Each opponent blights 1.")
>>> e.describe()
'each opponent: blight 1'
"""

from __future__ import annotations

import re

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.syntax import Clause

__all__ = ["the_difference"]


def _player(c: Clause) -> object:
    """The player of a player verb; ``None`` for "you" (the controller)."""
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return who


@frame("keyword_action", "{who:player?} recruit|recruits")
def _recruit(c: Clause) -> Effect:
    """"Recruit" (a keyword action, CR 701.1; its reminder text: draw a card, then discard a
    card, and if a nonland card was discarded, create a 1/1 white Human Soldier creature
    token)."""
    return Effect.make("recruit", amount=Amount(1), player=_player(c), text=c.text)


@frame("become_prepared", "{subject:np} becomes prepared|unprepared")
def _prepared(c: Clause) -> Effect | None:
    """"This creature becomes prepared", "target creature becomes unprepared": the prepared
    designation of a creature with a prepare spell (while it's prepared, its controller may
    cast a copy of that spell, which unprepares it; CR 700.1, a designation the card gives)."""
    subject = c.subject
    if subject is None or subject.filter.kind in ("player", "opponent", "card", "spell"):
        return None
    state = "unprepared" if c.frame_text.lower().endswith("unprepared") else "prepared"
    return Effect.make("become_prepared", target=subject, state=state, text=c.text)


_PLAYER_ACTIONS = {"scries": "scry", "surveils": "surveil", "blights": "blight"}


@frame("keyword_action", "{who:player} scries|surveils|blights {n:amount}")
def _player_action(c: Clause) -> Effect | None:
    """"Target player scries 3", "each opponent blights 1": a keyword action another player
    does (CR 701.22 scry, 701.25 surveil, 701.68 blight); the player is kept."""
    who = c.subject
    if who is None or who.filter.kind not in ("player", "opponent"):
        return None
    verb = next(w for w in c.frame_text.lower().split() if w in _PLAYER_ACTIONS)
    return Effect.make(_PLAYER_ACTIONS[verb], amount=c.slot("n"), player=_player(c),
                       text=c.text)


@frame("draw", "{who:player?} draw|draws {n:amount} additional cards")
def _draw_additional(c: Clause) -> Effect | None:
    """"That player draws two additional cards" (of a draw step trigger, CR 504.1): the
    player draws that many cards as the ability resolves."""
    amount: Amount = c.slot("n")
    if amount.value is None or amount.value < 2:
        return None
    return Effect.make("draw", amount=amount, player=_player(c), text=c.text)


@frame("gain", "you gain protection from everything")
def _protection_from_everything(c: Clause) -> Effect:
    """"You gain protection from everything until your next turn" (CR 702.16j: a player with
    protection from everything)."""
    from analyzer.oracle.keywords import parse_keyword_list
    from analyzer.oracle.objects import parse_object

    return Effect.make("grant_abilities", target=parse_object("you"),
                       keywords=parse_keyword_list("protection from everything"),
                       text=c.text)


_FEWER_IN_HAND = re.compile(r"^if you have fewer than (\w+) cards in hand$")
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}


def the_difference(condition: str, sentence: str) -> str:
    """The effect sentence of a triggered ability whose intervening "if" says "if you have
    fewer than N cards in hand" with "the difference" spelled out (CR 603.4, 608.2c: the
    difference between N and the number of cards in your hand).

    >>> the_difference("if you have fewer than seven cards in hand",
    ...                "draw cards equal to the difference.")
    'draw cards equal to seven minus the number of cards in your hand.'
    >>> the_difference("if you control a Swamp", "draw cards equal to the difference.")
    'draw cards equal to the difference.'
    """
    found = _FEWER_IN_HAND.match(condition.lower().strip())
    if found is None or found.group(1) not in _NUMBERS or sentence.count("the difference") != 1:
        return sentence
    return sentence.replace("the difference",
                            f"{found.group(1)} minus the number of cards in your hand")
