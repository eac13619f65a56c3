"""Conditions: "if you control a Wizard", "as long as it's your turn", "unless its controller
pays {2}" -> a typed :class:`Condition` (CR 603.4, 608.2c, 611.3b, 118.12).

A condition is a clause about the game's state, with its own small lexicon of state verbs:
"<player> control(s) <objects>", "<object> is/was <state>", "<player> has <N> or more life",
"<object> was kicked", "there are <N> or more <objects> in <zone>", "you attacked this turn",
"X is 5 or more". The reading keeps the words too (:attr:`Condition.text`), which is what
profiles store in their ``condition`` fields; the rules core evaluates the kinds it knows
(:func:`analyzer.rules.effects.condition_holds`).

Examples
--------
>>> c = read_condition("if you control a Wizard")
>>> c.kind, c.subject.text, c.object.filter.subtypes
('control', 'you', frozenset({'Wizard'}))
>>> read_condition("if you do").kind
'did'
>>> read_condition("if the moon is full") is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.objects import ObjectRef, Quantity

__all__ = ["CONDITION_KINDS", "Condition", "condition_tokens", "parse_unless",
           "read_condition"]

Tokens = Sequence[Token]


@dataclass(frozen=True, slots=True)
class Condition:
    """A typed condition (see the module docstring and :data:`CONDITION_KINDS`)."""

    kind: str
    """What is tested."""
    text: str
    """The words, normalized and with a lower-case first letter ("if you control a
    Wizard")."""
    subject: ObjectRef | None = None
    """Who or what the test is about (the player who controls, the object that is...)."""
    object: ObjectRef | None = None
    """The objects counted or named ("a Wizard")."""
    value: str = ""
    """A state, a zone, a cost or a comparison, as the kind needs ("attacking", "kicked",
    ">=7")."""
    negated: bool = False
    """True for "if you don't control ...", "unless ..."."""
    quantity: Quantity | None = None
    """A number compared with, for the kinds that compare."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the condition."""
        return {"kind": self.kind, "text": self.text, "negated": self.negated,
                "subject": None if self.subject is None else self.subject.text,
                "object": None if self.object is None else self.object.text,
                "value": self.value}


CONDITION_KINDS: dict[str, str] = {
    "did": "the player did what the effect before offered (\"if you do\", CR 608.2c)",
    "didnt": "the player did not (\"if you don't\", \"if they can't\")",
    "otherwise": "the previous condition was false",
    "when_you_do": "a reflexive trigger after an optional action (CR 603.12)",
    "control": "a player controls such objects (N or more of them)",
    "is": "an object is in a state or of a type (\"if it's a creature\")",
    "cast_how": "how the spell was cast (kicked, from a zone, with a cost paid)",
    "life": "a player's life total compared with a number",
    "hand": "the cards in a player's hand compared with a number",
    "turn": "whose turn it is",
    "this_turn": "something happened this turn (attacked, gained life, a creature died)",
    "count": "there are N or more such objects (in a zone)",
    "x": "X compared with a number",
    "day_night": "it is day or night (CR 726)",
    "designation": "a player has a designation (monarch, the city's blessing, max speed)",
    "won": "a player won or lost a clash, a vote or a flip",
    "targets": "the spell or ability targets such objects",
    "mana_spent": "such mana was spent to cast it",
    "in_zone": "the source is in a zone (\"if CARDNAME is in your graveyard\")",
    "pay": "a player pays a cost (\"unless that player pays {2}\")",
    "compare": "a number compared with another",
    "entered": "the source entered this turn / didn't die",
    "sacrificed": "what was sacrificed was such an object",
    "noted": "a property of the object named before (\"if that card is a land\")",
    "level": "a Class is at a level or higher (CR 716.2a)",
    "library": "the cards left in a player's library",
}
"""Condition kinds, each with what it tests."""


# -- the state clauses ----------------------------------------------------------------------

_FRAMES: list[tuple[str, Pattern]] = []


def _rule(kind: str, *patterns: str) -> None:
    for pattern in patterns:
        _FRAMES.append((kind, Pattern(pattern)))


_rule("did", "you do", "they do", "a player does", "that player does", "its controller does",
      "their controller does", "the player does", "you did", "he or she does",
      "an opponent does", "you cast it")
_rule("didnt", "you don't", "you can't", "they don't", "they can't", "that player doesn't",
      "that player can't", "a player doesn't", "its controller doesn't", "no one does",
      "you didn't", "you don't or can't", "no player does", "he or she doesn't",
      "its controller can't", "the player doesn't", "you don't or can't make an exchange")
_rule("control", "{who:player} control|controls {what:np}",
      "{who:player} don't|doesn't control {what:np}",
      "{who:player} control|controls no {what:np}",
      "{who:player} control|controls {n:number} or more {what:np}",
      "{who:player} control|controls {n:number} or fewer {what:np}",
      "{who:player} control|controls at least {n:number} {what:np}",
      "{who:player} control|controls exactly {n:number} {what:np}",
      "{who:player} control|controls more {what:np} than {other:player}",
      "{who:player} control|controls fewer {what:np} than {other:player}",
      "{who:player} both own and control {what:np}",
      "{who:player} control|controls another {what:np}",
      "{who:player} control|controls {what:np} with the greatest power or tied for the "
      "greatest power")
_rule("is", "{subject:np} is|was|are|were {what:np}",
      "{subject:np} is|was|are|were {state:words}",
      "{subject:np} isn't|wasn't|aren't|weren't {what:np}",
      "{subject:np} isn't|wasn't|aren't|weren't {state:words}",
      "{subject:np} 's {what:np}", "{subject:np} has|had {what:words}",
      "{subject:np} doesn't|didn't have {what:words}", "it's|that's {what:np}",
      "it's|that's {state:words}", "it isn't|wasn't {what:np}")
_rule("cast_how", "{subject:np} was|wasn't kicked|bargained|foretold|evoked",
      "{subject:np} was|wasn't kicked twice", "{subject:np} was cast from {zone:words}",
      "{subject:np} wasn't cast from {zone:words}", "you cast it from {zone:words}",
      "you cast {subject:np} from {zone:words}", "its {what:words} cost was paid",
      "SELF 's {what:words} cost was paid", "{subject:np} was cast",
      "{subject:np} was cast this turn", "{subject:np} was put onto the battlefield",
      "{subject:np} 's prowl|surge|spectacle|madness|blitz|dash|evoke|mutate|bestow "
      "cost was paid this turn")
_rule("life", "{who:player} have|has {n:number} or more life",
      "{who:player} have|has {n:number} or less life",
      "{who:player} have|has at least {n:number} life",
      "{who:player} have|has more life than {other:player}",
      "{who:player} have|has less life than {other:player}",
      "{who:player} have|has no life",
      "{who:player} life total is {n:number} or less|greater")
_rule("hand", "{who:player} have|has {n:number} or more cards in hand",
      "{who:player} have|has {n:number} or fewer cards in hand",
      "{who:player} have|has no cards in hand", "{who:player} have|has one or fewer cards in "
      "hand", "{who:player} have|has more cards in hand than {other:player}",
      "{who:player} have|has fewer cards in hand than {other:player}",
      "{who:player} have|has exactly {n:number} cards in hand",
      "{who:player} have|has no cards in their|his|her hand")
_rule("turn", "it's your turn", "it's not your turn", "it isn't your turn",
      "it's an opponent's turn", "it's their turn", "it's that player's turn")
_rule("this_turn", "{who:player} attacked this turn", "{who:player} attacked with "
      "{what:np} this turn", "{who:player} gained|lost life this turn",
      "{who:player} gained|lost {n:number} or more life this turn",
      "{who:player} cast {what:np} this turn", "{who:player} have|has cast {what:np} this turn",
      "{who:player} have|has attacked this turn",
      "{who:player} sacrificed {what:np} this turn",
      "{who:player} had {what:np} enter under your control this turn",
      "{what:np} died|entered this turn", "{what:np} entered the battlefield under your "
      "control this turn", "{what:np} died under your control this turn",
      "{what:np} entered under your control this turn",
      "{what:np} left the battlefield under your control this turn",
      "{what:np} left the battlefield this turn",
      "{who:player} drew {n:number} or more cards this turn",
      "{who:player} have drawn {n:number} or more cards this turn",
      "you've drawn {n:number} or more cards this turn",
      "you've cast {what:np} this turn",
      "{who:player} cast another {what:np} this turn",
      "{who:player} have gained life this turn", "{who:player} have lost life this "
      "turn", "you've gained life this turn", "you've lost life this turn", "no spells were cast last turn", "{who:player} cast {n:number} or more "
      "spells last turn", "a player cast {n:number} or more spells last turn",
      "you've sacrificed {what:np} this turn", "{what:np} dealt damage to "
      "{who:player} this turn", "{who:player} was dealt damage this turn",
      "{who:player} played a land this turn", "{who:player} didn't play a land this turn",
      "{who:player} committed a crime this turn", "{who:player} descended this turn",
      "you've committed a crime this turn", "you've descended this turn", "{who:player} expended {n:number} this turn")
_rule("count", "there are {n:number} or more {what:np}",
      "there are {n:number} or more cards in {zone:words}",
      "there are no {what:np}", "there is no {what:np}",
      "{n:number} or more {what:np} are in {zone:words}",
      "{what:np} is|are in {zone:words}", "{n:number} or more {what:np}",
      "there are {n:number} or more card types among cards in {zone:words}",
      "there are {n:number} or more {what:np} in {zone:words}",
      "{who:player} have|has {n:number} or more {what:np} in {zone:words}",
      "{who:player} have|has seven or more cards in your graveyard",
      "there are {n:number} or more counters on {what:np}",
      "there are {n:number} or more {c:counter} counters on {what:np}",
      "{what:np} has|have {n:number} or more {c:counter} counters on it|them",
      "{what:np} has|have no {c:counter} counters on it|them",
      "{what:np} has|have a counter on it", "{what:np} has|have {c:counter} counters on it",
      "{what:np} has|have a|an {c:counter} counter on it",
      "{what:np} has|have between {n:number} and {m:number} {c:counter} counters on it",
      "{what:np} has|have {n:number} or more {c:counter} counters on it",
      "no {what:np} are on the battlefield", "{what:np} is on the battlefield")
_rule("level", "SELF is level {n:number} or higher")
_rule("library", "{who:player} 's library has no cards in it",
      "your library has no cards in it", "there are no cards in your library",
      "your library has {n:number} or fewer cards in it")
_rule("x", "x is {n:number} or more", "x is {n:number} or greater", "x is {n:number}",
      "x is {n:number} or less")
_rule("day_night", "it's night", "it's day", "it is night", "it is day", "it's neither day "
      "nor night")
_rule("designation", "you're the monarch", "you are the monarch", "you have the city's "
      "blessing", "you have max speed", "you have the initiative", "you're not the monarch",
      "you don't have max speed", "no one is the monarch", "you've completed a dungeon",
      "you have completed a dungeon")
_rule("won", "you won the clash", "you won", "you lost", "you win", "you lose",
      "they won", "they lost", "you win the flip", "you won the flip", "you lose the flip",
      "it won the clash", "you won the vote")
_rule("targets", "{subject:np} targets {what:np}", "{subject:np} targets only {what:np}",
      "{subject:np} has a single target")
_rule("mana_spent", "{what:words} mana was spent to cast it|SELF",
      "{what:words} mana was spent to cast this spell",
      "at least {n:number} mana of the same color was spent to cast it|SELF",
      "no mana was spent to cast it|SELF")
_rule("in_zone", "SELF is in your graveyard|hand|library", "SELF is in exile",
      "it's in your graveyard", "SELF is on the battlefield", "SELF is untapped",
      "SELF is tapped", "SELF is attacking|blocking", "SELF is attacking or blocking")
_rule("entered", "SELF entered this turn", "it entered this turn", "it didn't die",
      "SELF didn't die", "SELF didn't enter this turn", "SELF is monstrous",
      "SELF isn't monstrous", "SELF is renowned", "SELF is suspected",
      "SELF is enlisted", "SELF is saddled", "SELF is equipped", "SELF is enchanted",
      "SELF isn't enchanted", "SELF is modified", "SELF has flying")
_rule("sacrificed", "{who:player} sacrificed {what:np}", "the sacrificed creature was "
      "{state:words}", "the sacrificed {what:words} was a|an {other:words}")
_rule("compare", "its power is {n:number} or greater", "its power is greater than its base "
      "power", "its toughness is {n:number} or greater", "that creature's power is "
      "{n:number} or greater", "its mana value is {n:number} or less|greater",
      "{q:words} is greater than {r:words}", "{q:words} is less than {r:words}",
      "{q:words} is {n:number} or greater", "{q:words} is {n:number} or more",
      "{q:words} is {n:number} or less", "{q:words} is equal to {r:words}")


def _normalized(text: str) -> str:
    text = text.strip().rstrip(",").strip()
    return text[:1].lower() + text[1:]


@lru_cache(maxsize=1 << 14)
def read_condition(text: str) -> Condition | None:
    """Read a condition ("if ...", "as long as ...", "unless ...", "otherwise", "when you
    do"), or ``None`` if its clause is not one the grammar knows.

    >>> read_condition("unless you control a Swamp").negated
    True
    """
    low = _normalized(text)
    tokens = tokenize(low)
    return condition_tokens(tokens, 0, len(tokens), low)


def condition_tokens(tokens: Tokens, i: int, j: int, text: str = "") -> Condition | None:
    """A condition in ``tokens[i:j]``, led by "if", "only if", "as long as", "unless",
    "otherwise" or "when you do"; ``None`` if not read."""
    words = [t.low for t in tokens[i:j]]
    text = text or _normalized(untokenize(tokens[i:j]))
    if words == ["otherwise"]:
        return Condition("otherwise", text)
    if words[:3] == ["when", "you", "do"] and len(words) == 3:
        return Condition("when_you_do", text)
    for lead, negated in ((("if",), False), (("only", "if"), False), (("as", "long", "as"),
                                                                     False),
                          (("unless",), True), (("then", "if"), False),
                          (("and", "if"), False), (("while",), False)):
        if tuple(words[:len(lead)]) == lead:
            found = state_clause(tokens, i + len(lead), j)
            if found is None:
                return None
            if lead == ("then", "if"):
                text = text.removeprefix("then ")
            return dataclasses.replace(found, text=text,
                                       negated=found.negated != negated)
    return None


def state_clause(tokens: Tokens, i: int, j: int) -> Condition | None:
    """A clause about the game's state (the part after "if"), typed; ``None`` if not
    read."""
    while j > i and tokens[j - 1].kind in (",", "."):
        j -= 1
    if j <= i:
        return None
    return _state(tuple(tokens[i:j]))


_NEGATIVE = frozenset({"don't", "doesn't", "isn't", "wasn't", "aren't", "weren't", "didn't",
                       "no", "not", "can't", "neither", "never"})


@lru_cache(maxsize=1 << 14)
def _state(span: tuple[Token, ...]) -> Condition | None:
    text = untokenize(span)
    for kind, pattern in _FRAMES:
        binds = pattern.match(span, 0, len(span))
        if binds is None:
            continue
        if not _valid(kind, binds):
            continue
        subject = binds.get("who") or binds.get("subject")
        what = binds.get("what") if isinstance(binds.get("what"), ObjectRef) else None
        value = " ".join(str(v) for k, v in binds.items()
                         if k in ("state", "zone", "n", "c") and v is not None)
        negated = kind not in ("didnt",) and any(t.low in _NEGATIVE for t in span)
        return Condition(kind, text, subject, what, value, negated)
    return None


_STATES = frozenset({
    "attacking", "blocking", "tapped", "untapped", "attacking or blocking", "blocked",
    "unblocked", "a creature", "legendary", "monstrous", "renowned", "your turn",
    "enchanted", "equipped", "modified", "suspected", "on the battlefield", "in exile",
    "in your graveyard", "in your hand", "still on the battlefield", "still tapped",
    "red", "blue", "black", "white", "green", "colorless", "multicolored", "nonbasic",
    "basic", "a token", "face down", "face up", "paired", "saddled", "your commander",
    "dealt damage this turn", "dealt combat damage this turn", "destroyed this way",
    "put into a graveyard this way", "put into your graveyard this way",
    "exiled this way", "returned to the battlefield this way", "the chosen color",
    "the chosen type", "of the chosen type", "still in exile", "still in your graveyard",
    "transformed", "goaded", "a permanent card", "a nonland card", "a land card",
    "a creature card", "an instant or sorcery card", "untapped this way",
    "tapped this way", "an artifact creature", "not a creature", "nontoken",
})


def _valid(kind: str, binds: dict[str, Any]) -> bool:
    """Frame readings that need more than their slots: a state must be one of
    :data:`_STATES`, a possession one of the words known."""
    if "state" in binds and binds["state"] is not None:
        return str(binds["state"]).lower() in _STATES
    if kind == "is" and "what" in binds and isinstance(binds["what"], str):
        words = binds["what"].lower()
        return words in ("flying", "haste", "trample", "deathtouch", "lifelink", "defender",
                         "menace", "vigilance", "reach", "first strike", "double strike",
                         "no cards in hand", "a +1/+1 counter on it", "counters on it",
                         "a counter on it", "hexproof", "indestructible", "flash",
                         "power 4 or greater", "power 3 or greater", "power 2 or less",
                         "mana value 3 or less", "mana value 2 or less",
                         "mana value 4 or greater", "power greater than its base power")
    if kind == "is" and "what" in binds and isinstance(binds["what"], ObjectRef):
        return True
    if kind == "mana_spent":
        words = str(binds.get("what", "")).lower()
        return words in ("", "{w}", "{u}", "{b}", "{r}", "{g}", "{c}", "{s}", "red", "blue",
                         "black", "white", "green", "snow", "colorless", "no",
                         "{w}{w}", "{u}{u}", "{b}{b}", "{r}{r}", "{g}{g}",
                         "two or more colors of", "three or more colors of",
                         "{w}, {u}, {b}, {r}, and {g}")
    if kind == "cast_how" and "zone" in binds:
        return str(binds["zone"]).lower() in ("your hand", "exile", "your graveyard",
                                              "a graveyard", "anywhere other than your hand",
                                              "a zone other than your hand")
    if kind == "cast_how" and "what" in binds:
        return str(binds["what"]).lower() in ("prowl", "surge", "spectacle", "madness",
                                              "blitz", "dash", "evoke", "mutate", "bestow",
                                              "ninjutsu", "sneak", "offspring", "gift",
                                              "freerunning", "warp", "disguise", "plot",
                                              "foretell", "escape", "flashback", "kicker",
                                              "squad", "buyback", "entwine", "emerge")
    if kind == "count" and "zone" in binds:
        return str(binds["zone"]).lower() in ("your graveyard", "your hand", "exile",
                                              "a graveyard", "all graveyards", "play",
                                              "your library", "graveyards",
                                              "target opponent's graveyard",
                                              "an opponent's graveyard",
                                              "your graveyard and/or on the battlefield")
    if kind == "sacrificed" and "other" in binds:
        return str(binds["other"]).lower() in ("creature", "artifact", "land", "enchantment")
    if kind == "compare" and "q" in binds:
        from analyzer.oracle.lexer import tokenize as lex
        from analyzer.oracle.nouns import quantity

        for key in ("q", "r"):
            if key in binds:
                t = lex(str(binds[key]))
                if quantity(t, 0, len(t)) is None and str(binds[key]).lower() != "x":
                    return False
    return True


_ACTION_COSTS = frozenset({"sacrifice", "discard", "pay_life", "return_to_hand", "exile",
                           "remove_counters", "put_counters", "tap_permanents",
                           "untap_permanents", "reveal", "mill", "collect_evidence", "forage",
                           "blight", "behold"})
"""Costs that are actions ("discard a card"): "unless you <action>" is a payment."""


def parse_unless(tokens: Tokens, i: int, j: int) -> Condition | None:
    """"unless <player> pays <cost>" (CR 118.12) or "unless <state>": a negated condition.

    >>> t = tokenize("unless its controller pays {2}")
    >>> parse_unless(t, 0, len(t)).kind
    'pay'
    """
    words = [t.low for t in tokens[i:j]]
    if words[:1] != ["unless"]:
        return None
    text = _normalized(untokenize(tokens[i:j]))
    for k in range(i + 2, j):
        if tokens[k].low in ("pays", "pay") and k + 1 < j:
            from analyzer.oracle.grammar.costs import cost_phrase
            from analyzer.oracle.nouns import player_phrase

            who = player_phrase(tokens, i + 1, k)
            cost = cost_phrase(tokens, k + 1, j)
            if who is not None and cost is not None:
                return Condition("pay", text, who, None, cost.text, True)
    if words[1:2] == ["you"] and j - i > 2 and words[2] not in ("pay", "control", "have",
                                                                 "controlled", "had"):
        # "unless you discard a card", "unless you sacrifice a land": an action that is a
        # cost (CR 118.12), read by the cost grammar.
        from analyzer.oracle.grammar.costs import cost_phrase
        from analyzer.oracle.nouns import player_phrase

        cost = cost_phrase(tokens, i + 2, j)
        you = player_phrase(tuple(tokens[i + 1:i + 2]), 0, 1)
        if cost is not None and you is not None and cost.name in _ACTION_COSTS:
            return Condition("pay", text, you, None, cost.text, True)
    found = state_clause(tokens, i + 1, j)
    return None if found is None else dataclasses.replace(found, text=text,
                                                          negated=not found.negated)
