"""Keyword actions with an object, and games of chance: detain, suspect, manifest, cloak,
endure, blight, flip a coin, flip a permanent (CR 701, 705, 709).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.describe() for e in parse_effects("Detain target creature an opponent controls.")]
['detain target creature an opponent controls']
>>> [e.describe() for e in parse_effects("Flip a coin.")]
['flip a coin']
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef, Zone
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


def _player(c: Clause) -> ObjectRef | None:
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return who


def _permanents(ref: ObjectRef | None) -> bool:
    """A reference to permanents (not players, cards elsewhere or spells)."""
    return ref is not None and ref.filter.kind not in ("player", "opponent", "card", "spell",
                                                       "ability") \
        and ref.filter.zone is Zone.BATTLEFIELD


@frame("keyword_action", "detain {target:np}", "suspect {target:np}")
def _on_permanents(c: Clause) -> Effect | None:
    """"detain target creature an opponent controls" (CR 701.35), "suspect it"
    (CR 701.60): a keyword action on permanents."""
    target = c.slot("target")
    if not _permanents(target):
        return None
    name = c.frame_text.lower().removeprefix("you may ").split()[0]
    return Effect.make(name, target=target, text=c.text)


@frame("keyword_action", "{subject:np} endure|endures {n:amount}")
def _endures(c: Clause) -> Effect | None:
    """"this creature endures 2" (CR 701.63): the permanent that endures is kept."""
    if not _permanents(c.subject):
        return None
    return Effect.make("endure", target=c.subject, amount=c.slot("n"), text=c.text)


@frame("keyword_action", "manifest|cloak {target:np}",
       "{who:player} manifest|manifests|cloak|cloaks {target:np}")
def _manifest(c: Clause) -> Effect | None:
    """"manifest the top card of your library" (CR 701.40), "cloak the top two cards of
    your library" (CR 701.58): the cards of a library's top, by number."""
    target = c.slot("target")
    words = target.text.lower() if target is not None else ""
    if not (words.startswith("the top ") and words.endswith(" library")):
        return None
    verb = c.frame_text.lower().removeprefix("you may ")
    name = "manifest" if any(w.startswith("manifest") for w in verb.split()[:4]) \
        else "cloak"
    who = c.subject if c.subject is not None and c.subject.text.lower() != "you" else None
    return Effect.make(name, target=target, amount=Amount(target.count.high or 1),
                       player=who, text=c.text)


@frame("keyword_action", "blight {n:amount}")
def _blight(c: Clause) -> Effect:
    """"blight 2" (CR 701.68)."""
    return Effect.make("blight", amount=c.slot("n"), text=c.text)


@frame("keyword_action", "proliferate again")
def _proliferate_again(c: Clause) -> Effect:
    """"Proliferate, then proliferate again." (CR 701.34)."""
    return Effect.make("proliferate", amount=Amount(1), text=c.text)


@frame("flip_coin", "{who:player?} flip|flips a coin", "{who:player?} flip|flips {n:amount} "
       "coins")
def _flip_coin(c: Clause) -> Effect:
    """"Flip a coin." (CR 705.1); "if you win the flip" after it is a condition."""
    return Effect.make("flip_coin", amount=c.slot("n", Amount(1)), player=_player(c),
                       text=c.text)


@frame("flip", "flip SELF|it")
def _flip(c: Clause) -> Effect:
    """"flip CARDNAME" (CR 709.2): a flip card's permanent turns to its other half."""
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.nouns import noun_phrase

    words = c.frame_text.split()[-1]
    tokens = tokenize(words)
    target = noun_phrase(tokens, 0, len(tokens))
    return Effect.make("flip", target=target, text=c.text)
