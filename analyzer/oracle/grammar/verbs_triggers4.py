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

import dataclasses
import re

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.syntax import Clause

__all__ = ["the_difference"]


def _player(c: Clause) -> ObjectRef | None:
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


@frame("change_zone", "return {what:np} at random from {rest:words}",
       "{who:player?} return|returns {what:np} at random from {rest:words}")
def _return_at_random(c: Clause) -> Effect | None:
    """"Return a Zombie card at random from your graveyard to your hand", "return two
    creature cards at random from your graveyard to the battlefield": the cards are chosen
    at random among those the noun names (CR 701.20a: a random selection), then moved as
    "return ... from your graveyard to ..." moves them."""
    from analyzer.oracle.grammar.clause import lower_clause, parse_clause

    what = c.slot("what")
    if c.subject is not None and c.subject.text.lower() != "you":
        return None
    if what is None or what.targeted or what.count.each or what.count.high is None:
        return None
    words = c.frame_text
    at = words.lower().find(" at random from ")
    if at < 0:
        return None
    plain = parse_clause(words[:at] + words[at + len(" at random"):])
    built = lower_clause(plain) if plain is not None else None
    if built is None or len(built) != 1 or built[0].name != "change_zone" \
            or built[0].arg("origin") is None:
        return None
    moved = built[0]
    return Effect(moved.name, (*moved.args, ("random", True)), moved.optional, moved.condition,
                  c.text)


@frame("tap", "{who:player} untap|untaps|tap|taps {target:np}")
def _player_taps(c: Clause) -> Effect | None:
    """"That player untaps a land they control" (Hokori, Dust Drinker), "each player untaps
    a land they control": another player chooses and untaps (or taps) the permanent (CR
    701.26); the player is kept."""
    who, target = c.subject, c.slot("target")
    if who is None or who.text.lower() == "you" or who.filter.kind not in ("player",
                                                                           "opponent"):
        return None
    if target is None or target.filter.kind in ("player", "opponent", "card", "spell"):
        return None
    verb = next(w for w in c.frame_text.lower().split() if w.startswith(("tap", "untap")))
    name = "untap" if verb.startswith("untap") else "tap"
    return Effect.make(name, target=target, player=who, text=c.text)


def _that_many() -> Amount:
    from analyzer.oracle.objects import Quantity

    return Amount(None, "that many", quantity=Quantity("event"))


@frame("sacrifice", "{who:player?} sacrifice|sacrifices that many {what:np}")
def _sacrifice_that_many(c: Clause) -> Effect | None:
    """"That source's controller sacrifices that many permanents": as many as the event or
    the instruction before says (CR 608.2c, 701.21)."""
    what = c.slot("what")
    if what is None or what.targeted or what.filter.kind in ("player", "opponent", "card",
                                                             "spell", "it", "self"):
        return None
    return Effect.make("sacrifice", player=_player(c), filter=what, amount=_that_many(),
                       text=c.text)


@frame("mill", "{who:player?} put|puts that many cards from the top of their|your library "
               "into their|your graveyard")
def _mill_that_many(c: Clause) -> Effect | None:
    """"That player puts that many cards from the top of their library into their
    graveyard" (the older wording of "mills that many cards", CR 701.17)."""
    words = c.frame_text.lower()
    mine = " your library" in words
    if mine != (" your graveyard" in words) or mine != (_player(c) is None):
        return None
    return Effect.make("mill", amount=_that_many(), player=_player(c), text=c.text)


@frame("change_zone", "return to your hand {what:np}",
       "return to their owners' hands {what:np}", "return to its owner's hand {what:np}")
def _return_to_first(c: Clause) -> Effect | None:
    """"Return to your hand all creature cards in your graveyard that were put there from
    the battlefield this turn": the destination written before a long object, read as
    "return <object> to your hand" (CR 400.7)."""
    from analyzer.oracle.grammar.clause import lower_clause, parse_clause

    what = c.slot("what")
    words = c.frame_text
    low = words.lower()
    for dest in ("to your hand", "to their owners' hands", "to its owner's hand"):
        at = low.find(f"return {dest} ")
        if at >= 0:
            rest = words[at + len(f"return {dest} "):]
            break
    else:
        return None
    if what is None or rest != what.text:
        return None
    plain = parse_clause(f"{words[:at]}return {rest} {dest}")
    built = lower_clause(plain) if plain is not None else None
    if built is None or len(built) != 1 or built[0].name != "change_zone":
        return None
    return dataclasses.replace(built[0], text=c.text)


_PLAYER_PLAIN = {"manifests dread": "manifest_dread", "becomes the monarch":
                 "become_the_monarch", "proliferates": "proliferate"}


@frame("keyword_action", "{who:player} manifests dread", "{who:player} becomes the monarch",
       "{who:player} proliferates")
def _player_plain_action(c: Clause) -> Effect | None:
    """"Its controller manifests dread" (CR 701.62), "its controller becomes the monarch"
    (CR 724.1), "each player proliferates" (CR 701.34): a keyword action another player
    does; the player is kept."""
    who = c.subject
    if who is None or who.filter.kind not in ("player", "opponent") \
            or who.text.lower() == "you":
        return None
    words = c.frame_text.lower()
    name = next(v for k, v in _PLAYER_PLAIN.items() if words.endswith(k))
    if name == "become_the_monarch":
        return Effect.make(name, player=who, text=c.text)
    return Effect.make(name, amount=Amount(1), player=who, text=c.text)


_SEARCHED_ZONES = ("library and/or graveyard", "graveyard and/or library",
                   "library and graveyard", "graveyard and library",
                   "graveyard, hand, and/or library", "graveyard, hand and/or library",
                   "hand and/or library", "library and/or hand")


@frame("search", "search your library and/or graveyard for {what:np}",
       "search your library and graveyard for {what:np}",
       "search your graveyard and library for {what:np}",
       "search your graveyard and/or library for {what:np}",
       "search your graveyard , hand , and/or library for {what:np}",
       "search your graveyard , hand and/or library for {what:np}",
       "search your hand and/or library for {what:np}",
       "search your library and/or hand for {what:np}")
def _search_zones(c: Clause) -> Effect | None:
    """"Search your library and/or graveyard for a card named Ajani, Valiant Protector":
    a search of more than one zone (CR 701.23; "and/or": any of them, the library only
    when searched, so "If you search your library this way, shuffle" follows); the zones
    searched are kept in ``zones``."""
    from analyzer.oracle.grammar.verbs_cards import _search_amount

    what = c.slot("what")
    if what is None or what.targeted or (what.filter.kind not in ("card", "permanent")
                                         and not what.filter.any_of):
        return None
    if " and/or " in what.text:
        return None     # "a card named A and/or a card named B": up to one of each
    if what.count.high != 1:
        # "for five cards and exile the rest" (Doomsday): the chosen cards and the rest
        # come from two zones at once, which the later clauses' one origin can't say
        return None
    words = " ".join(c.frame_text.lower().replace(" ,", ",").split())
    zones = next((z for z in _SEARCHED_ZONES if f"search your {z} for " in words), None)
    if zones is None:
        return None
    return Effect.make("search_library", filter=what, amount=_search_amount(what),
                       destination=None, tapped=False, reveal=False, zones=zones,
                       text=c.text)
