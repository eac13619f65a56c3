"""Verbs of a player's zones and totals: shuffling a hand or graveyard into a library,
exiling a graveyard, a player's extra turn, a life total that becomes a number, counters a
player gets (CR 119.5, 122.1f, 400.7, 500.7, 701.24).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.name for e in parse_effects("Target player shuffles their graveyard into their "
...                                 "library.")]
['change_zone', 'shuffle']
>>> [e.describe() for e in parse_effects("Your life total becomes 10.")]
['your life total becomes 10']
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import tokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ObjectRef, Zone
from analyzer.oracle.quantities import player_phrase
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


def _player(c: Clause) -> ObjectRef | None:
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return who


def _you() -> ObjectRef:
    found = player_phrase(tokenize("you"), 0, 1)
    assert found is not None
    return found


def _cards_in(zone: str, whose: str) -> ObjectRef | None:
    """"all cards in their graveyard": every card of one player's zone."""
    tokens = tokenize(f"all cards in {whose} {zone}")
    return noun_phrase(tokens, 0, len(tokens))


_ZONES = {"graveyard": Zone.GRAVEYARD, "hand": Zone.HAND}


@frame("shuffle_into", "{who:player?} shuffle|shuffles their|your hand into their|your "
       "library", "{who:player?} shuffle|shuffles their|your graveyard into their|your "
       "library", "{who:player?} shuffle|shuffles their|your hand and graveyard into "
       "their|your library", "{who:player?} shuffle|shuffles their|your graveyard and hand "
       "into their|your library", "{who:player?} shuffle|shuffles their|your hand and "
       "graveyard into their|your libraries", "{who:player?} shuffle|shuffles their|your "
       "graveyards into their|your libraries", "{who:player?} shuffle|shuffles their|your "
       "hands into their|your libraries")
def _shuffle_zones(c: Clause) -> tuple[Effect, ...] | None:
    """"Each player shuffles their hand and graveyard into their library" (CR 701.24):
    every card of those zones goes to the library, which is shuffled."""
    words = c.frame_text.lower().replace("graveyards", "graveyard").replace("hands", "hand")
    head = words.split(" into ")[0]
    whose = "your" if c.subject is None or c.subject.text.lower() == "you" else "their"
    found: list[Effect] = []
    for name, zone in sorted(_ZONES.items(), key=lambda kv: head.find(f" {kv[0]}")):
        if f" {name}" not in head:
            continue
        cards = _cards_in(name, whose)
        if cards is None:
            return None
        found.append(Effect.make("change_zone", target=cards, origin=zone,
                                 destination=Zone.LIBRARY, player=_player(c), text=c.text))
    found.append(Effect.make("shuffle", player=_player(c), text=c.text))
    return tuple(found)


@frame("shuffle", "{who:player} shuffles", "{who:player} shuffles it")
def _player_shuffles(c: Clause) -> Effect | None:
    """"Then that player shuffles." (CR 701.24): the player's library."""
    if c.frame_text.lower().endswith(" it") and c.subject is not None \
            and c.subject.text.lower() not in ("that player", "each player who searched "
                                                                "their library this way"):
        return None
    return Effect.make("shuffle", player=_player(c), text=c.text)


@frame("exile", "exile {whose:player} 's graveyard", "exile their graveyard",
       "exile your graveyard")
def _exile_graveyard(c: Clause) -> Effect | None:
    """"Exile target player's graveyard" (CR 400.7): every card in it, the player kept
    (targeted when the words say so)."""
    whose = c.slot("whose")
    words = "your" if whose is None and c.frame_text.lower().endswith("your graveyard") \
        else "their"
    cards = _cards_in("graveyard", words)
    if cards is None:
        return None
    player = whose if whose is not None and whose.text.lower() != "you" else None
    return Effect.make("change_zone", target=cards, origin=Zone.GRAVEYARD,
                       destination=Zone.EXILE, player=player, text=c.text)


@frame("extra_turn", "{who:player} take|takes an extra turn after this one")
def _extra_turn(c: Clause) -> Effect:
    """"Target player takes an extra turn after this one" (CR 500.7)."""
    return Effect.make("extra_turn", player=_player(c), text=c.text)


@frame("set_life", "your life total becomes {n:amount}",
       "{whose:player} 's life total becomes {n:amount}",
       "each player's life total becomes {n:amount}")
def _life_becomes(c: Clause) -> Effect | None:
    """"Your life total becomes 10" (CR 119.5): the player gains or loses the difference."""
    words = c.frame_text.lower()
    if words.startswith("each player's"):
        found = player_phrase(tokenize("each player"), 0, 2)
    elif words.startswith("your "):
        found = None
    else:
        found = c.slot("whose")
    return Effect.make("set_life", amount=c.slot("n"), player=found, text=c.text)


@frame("player_counters", "{who:player?} get|gets {n:amount} {c:counter} counter|counters")
def _player_counters(c: Clause) -> Effect | None:
    """"you get an experience counter", "target player gets two poison counters"
    (CR 122.1f): counters put on a player."""
    kind = c.slot("c")
    if kind not in ("poison", "experience", "rad", "ticket"):
        return None
    return Effect.make("put_counters", counter=kind, amount=c.slot("n"),
                       target=c.subject or _you(), text=c.text)


_ = (Amount, Duration)
