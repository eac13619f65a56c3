"""Effects of instants and sorceries that name their objects in unusual ways: counters
distributed among targets (CR 601.2d), a spell's target changed (CR 115.7).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Distribute two +1/+1 counters among one or two target creatures.")
>>> e.name, e.arg("counter"), e.arg("amount").value, e.arg("target").count.high
('distribute_counters', '+1/+1', 2, 2)
"""

from __future__ import annotations

import dataclasses
import re

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef, Zone
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


_SEARCH_AMOUNTS = {"all": "all", "any number of": "any number of", "up to four": "up to four"}
_SAME_NAME = re.compile(
    r"(?:that name|the chosen name|the same name as (?:that|the exiled|the chosen) "
    r"(?:spell|card|creature|land|enchantment|artifact|permanent))$")


@frame("search_exile_named",
       "search {who:player} 's graveyard , hand , and library for {n:words} card|cards with "
       "{name:words} and exile them")
def _search_exile_named(c: Clause) -> Effect | None:
    """"Search target opponent's graveyard, hand, and library for any number of cards with
    that name and exile them" (CR 701.23a, 406.3): the searched player's three zones, the
    cards named as the spell said, all of them or up to a number."""
    who = c.subject
    amount = _SEARCH_AMOUNTS.get(str(c.slot("n")).lower())
    name = str(c.slot("name"))
    if who is None or amount is None or _SAME_NAME.match(name.lower()) is None:
        return None
    return Effect.make("search_exile_named", whose=who, amount=amount, named=name.lower(),
                       text=c.text)


_MODE_COUNT = re.compile(
    r"^(?P<head>.*\b[Cc]hoose (?P<count>one|two))\. (?P<cond>If [^,.]+), (?P<may>you may )?"
    r"choose (?P<alt>both|two|any number|one or more)(?P<instead> instead)?(?: —)?\.?$")


def conditional_mode_count(head: str) -> tuple[str, str] | None:
    """A modal head with a condition that changes how many modes are chosen (CR 700.2):
    ``"Choose one. If this spell was cast using teamwork, choose both instead."`` ->
    the head to read (``"Choose one"``) and the count the ``choose_mode`` effect keeps;
    ``None`` when the head has no such sentence or its condition doesn't read.

    >>> conditional_mode_count("Choose one. If CARDNAME was kicked, choose any number "
    ...                        "instead.")
    ('Choose one —', 'one, or any number instead if this spell was kicked')
    >>> conditional_mode_count("Choose one. If it rains, choose both instead.") is None
    True
    """
    from analyzer.oracle.grammar.conditions import condition_tokens
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.text import SELF

    match = _MODE_COUNT.match(head.strip())
    if match is None or (match["instead"] is None and match["may"] is None):
        return None
    tokens = tokenize(match["cond"] + ",")
    if condition_tokens(tokens, 0, len(tokens)) is None:
        return None
    may = "you may choose " if match["may"] else ""
    cond = match["cond"].replace(SELF, "this spell")
    return match["head"] + " —", f"{match['count']}, or {may}{match['alt']} instead " \
        f"{cond[:1].lower()}{cond[1:]}"


_ELLIPTICAL = re.compile(
    r"^(?P<cond>If [^,]+), (?:(?:it|CARDNAME) deals (?P<damage>\w+) damage"
    r"|create (?P<tokens>\w+) of those tokens) instead\.?$")


def elliptical_instead(sentence: str, before: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """"If this spell was kicked, it deals 4 damage instead." after "CARDNAME deals 2 damage
    to any target.", "If ..., create five of those tokens instead." after a token's creation
    (CR 608.2e): the spell's last effect again, with the new amount, to the same target, in
    place of the first when the condition holds; ``None`` when it doesn't fit.

    >>> first = Effect.make("draw", amount=Amount(1), player=None)
    >>> elliptical_instead("If CARDNAME was kicked, it deals 4 damage instead.", (first,))
    """
    from analyzer.oracle.grammar.conditions import condition_tokens
    from analyzer.oracle.grammar.frames import parse_amount_tokens
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.text import SELF

    match = _ELLIPTICAL.match(sentence.strip())
    if match is None or not before:
        return None
    last = before[-1]
    tokens = tokenize(match["cond"] + ",")
    condition = condition_tokens(tokens, 0, len(tokens))
    words = tokenize(match["damage"] or match["tokens"])
    amount = parse_amount_tokens(words, 0, len(words))
    if condition is None or amount is None or last.condition or last.optional:
        return None
    if match["damage"]:
        source, target = last.arg("source"), last.arg("target")
        if last.name != "deal_damage" or last.arg("divided") or getattr(source, "text", "") \
                != SELF or not isinstance(target, ObjectRef) or not target.targeted:
            return None
        again = Effect.make("deal_damage", source=source, amount=amount,
                            target=dataclasses.replace(target, refers_back=True),
                            text=sentence.strip())
    else:
        copied = last.arg("copy_of")
        if last.name != "create_token" or any(
                last.arg(k) for k in ("x", "exceptions", "attached_to")) or (
                copied is not None and not isinstance(copied, ObjectRef)):
            return None
        if isinstance(copied, ObjectRef) and copied.targeted:  # the same creature copied
            copied = dataclasses.replace(copied, refers_back=True)
        again = dataclasses.replace(last, args=tuple(
            (k, amount if k == "amount" else copied if k == "copy_of" else v)
            for k, v in last.args), text=sentence.strip())
    return (dataclasses.replace(again, condition=f"{condition.text} (instead)"),)


@frame("keyword_action", "{who:player} investigates")
def _player_investigates(c: Clause) -> Effect | None:
    """"Target player investigates" (CR 701.16): that player creates a Clue token."""
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return Effect.make("investigate", amount=Amount(1), player=who, text=c.text)


@frame("shuffle_into", "{subject:np} 's owner shuffles it into their library")
def _owner_shuffles(c: Clause) -> tuple[Effect, ...] | None:
    """"Target permanent's owner shuffles it into their library" (CR 701.24): the permanent
    goes to its owner's library, which its owner shuffles ("the owner of <object> ..." is
    :mod:`.verbs_zones`)."""
    from analyzer.oracle.grammar.verbs_zones import origin_of
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import player_phrase

    target = c.subject
    if target is not None and target.filter.kind == "self":
        return None     # "CARDNAME's owner shuffles it ...": a player phrase (verbs_zones)
    owner = player_phrase(tokenize("its owner"), 0, 2)
    if target is None or owner is None or target.filter.kind in (
            "player", "opponent", "card", "spell", "ability", "it"):
        return None
    moved = Effect.make("change_zone", target=target, origin=origin_of(target),
                        destination=Zone.LIBRARY, tapped=False, position=None, text=c.text)
    return moved, Effect.make("shuffle", player=owner, text=c.text)


@frame("wish", "choose {filter:np} you own from outside the game , reveal that card , and put "
       "it into your hand", "choose {filter:np} you own from outside the game and put it into "
       "your hand", "reveal {filter:np} you own from outside the game and put it into your hand")
def _wish(c: Clause) -> Effect | None:
    """"You may choose an instant card you own from outside the game, reveal that card, and
    put it into your hand" (the Wishes, CR 400.11): a card from outside the game (in a
    tournament, the sideboard) goes to the hand."""
    found = c.slot("filter")
    if found is None or found.filter.kind != "card" or found.targeted or found.count.high != 1:
        return None
    reveal = ", reveal it, and" if "reveal" in c.frame_text.lower() else " and"
    return Effect.make("wish", filter=found, reveal=reveal, text=c.text)


@frame("each_of_two", "you and {who:player} each {rest:words}")
def _you_and_each(c: Clause) -> tuple[Effect, ...] | None:
    """"You and target opponent each draw three cards" (CR 608.2c): the verb done by you,
    then by the other player, each as its own effect."""
    from analyzer.oracle.grammar.clause import lower_clause, parse_clause

    who = c.subject
    rest = str(c.slot("rest"))
    if who is None or who.filter.kind not in ("player", "opponent") or " other " in \
            f" {rest} " or who.text.lower() == "you":
        return None
    mine = parse_clause(rest)
    verb, _, tail = rest.partition(" ")
    theirs = parse_clause(f"{who.text} {verb}s {tail}".strip())
    if mine is None or theirs is None or mine.subject is not None or theirs.subject != who:
        return None
    first, second = lower_clause(mine), lower_clause(theirs)
    if not first or not second or len(first) != len(second):
        return None
    return (*first, *second)


@frame("keyword_action", "{subject:np} explores again")
def _explores_again(c: Clause) -> Effect | None:
    """"it explores, then it explores again" (CR 701.44): a second explore, by the same
    creature."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("explore", amount=Amount(1), target=c.subject, text=c.text)


@frame("keyword_action", "airbend {target:np}")
def _airbend(c: Clause) -> Effect | None:
    """"Airbend target nonland permanent", "airbend up to one other target creature or
    spell" (CR 701.67): each is exiled, and its owner may cast it for {2} rather than its
    mana cost while it remains exiled."""
    target = c.slot("target")
    if target is None or target.filter.kind in ("player", "opponent", "card", "it"):
        return None
    return Effect.make("airbend", target=target, text=c.text)


@frame("become_blocked", "{subject:np} becomes blocked")
def _become_blocked(c: Clause) -> Effect | None:
    """"Target unblocked attacking creature becomes blocked." (CR 509.1h: an effect makes
    an attacking creature blocked, with no creature blocking it)."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("become_blocked", target=c.subject, text=c.text)
