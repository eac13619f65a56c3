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
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzer.oracle.grammar.condition_rules import RULES, STATES, WAYS
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
    parts: tuple[Condition, ...] = ()
    """The conditions joined, for the kinds ``"and"`` and ``"or"``."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the condition."""
        found: dict[str, Any] = {"kind": self.kind, "text": self.text,
                                 "negated": self.negated,
                                 "subject": None if self.subject is None else self.subject.text,
                                 "object": None if self.object is None else self.object.text,
                                 "value": self.value}
        if self.parts:
            found["parts"] = [p.to_json() for p in self.parts]
        return found


CONDITION_KINDS: dict[str, str] = {
    "did": "the player did what the effect before offered (\"if you do\", CR 608.2c)",
    "didnt": "the player did not (\"if you don't\", \"if they can't\")",
    "otherwise": "the previous condition was false",
    "this_way": "what the instructions before did (\"if you exiled a land card this way\", "
                "\"if a creature is dealt damage this way\", CR 608.2c): ``value`` the "
                "action, ``object`` what it was done to, ``subject`` who did it",
    "when_you_do": "a reflexive trigger after an optional action (CR 603.12)",
    "control": "a player controls such objects (value: how many, \">=3\", \"==0\")",
    "is": "an object is in a state or of a type (\"if it's a creature\")",
    "cast_how": "how the spell was cast (kicked, from a zone, with a cost paid, a gift promised)",
    "life": "a player's life total compared with a number",
    "hand": "the cards in a player's hand compared with a number",
    "turn": "whose turn it is",
    "phase": "which phase or turn of the game it is (CR 500)",
    "combat": "a fact of this combat (attacked this combat, the defending player, CR 506)",
    "this_turn": "something happened this turn or last turn (attacked, gained life, died)",
    "count": "there are N such objects (in a zone, counters on an object)",
    "x": "X compared with a number",
    "day_night": "it is day or night (CR 726)",
    "designation": "a player has a designation (monarch, the city's blessing, max speed)",
    "won": "a player won or lost a clash, a vote or a flip",
    "targets": "the spell or ability targets such objects",
    "mana_spent": "such mana was spent to cast it",
    "in_zone": "the source is in a zone (\"if CARDNAME is in your graveyard\")",
    "pay": "a player pays a cost (\"unless that player pays {2}\", CR 118.12)",
    "compare": "a number compared with another (quantity against value)",
    "entered": "the source entered this turn / didn't die",
    "sacrificed": "what was sacrificed was such an object",
    "noted": "a property of the object named before (\"if that card is a land\")",
    "level": "a Class is at a level or higher (CR 716.2a)",
    "most_common_color": "a color is the most common color among all permanents or tied for "
                         "most common (CR 105.1; Halam Djinn)",
    "library": "the cards left in a player's library",
    "chose": "a player chose an option (\"if that player chooses self\")",
    "and": "every one of :attr:`Condition.parts` holds",
    "or": "one of :attr:`Condition.parts` holds",
}
"""Condition kinds, each with what it tests."""


# -- the state clauses ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Frame:
    kind: str
    value: str
    negated: bool
    pattern: Pattern


_FRAMES: tuple[_Frame, ...] = tuple(_Frame(kind, value, neg, Pattern(p))
                                    for kind, value, neg, patterns in RULES for p in patterns)


def _normalized(text: str) -> str:
    text = text.strip().rstrip(",").strip()
    return text[:1].lower() + text[1:]


@lru_cache(maxsize=1 << 14)
def read_condition(text: str) -> Condition | None:
    """Read a condition ("if ...", "as long as ...", "unless ...", "otherwise", "when you
    do"), or ``None`` if its clause is not one the grammar knows.

    >>> c = read_condition("unless you control a Swamp")
    >>> c.kind, c.negated
    ('control', True)
    >>> c = read_condition("if you control three or more artifacts")
    >>> c.value, c.object.text
    ('>=3', 'artifacts')
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
            if lead == ("unless",):
                found = parse_unless(tokens, i, j)
                return None if found is None else dataclasses.replace(found, text=text)
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
    read. Two clauses joined by "and" / "or" are a condition of kind ``"and"`` / ``"or"``
    with both in :attr:`Condition.parts`; the second may share the first's subject ("if
    you control no other permanents and have no cards in hand").

    >>> t = tokenize("you control a Desert or there is a Desert card in your graveyard")
    >>> c = state_clause(t, 0, len(t))
    >>> c.kind, [p.kind for p in c.parts]
    ('or', ['control', 'count'])
    """
    while j > i and tokens[j - 1].kind in (",", "."):
        j -= 1
    if j <= i:
        return None
    return _joined(tuple(tokens[i:j]))


@lru_cache(maxsize=1 << 14)
def _joined(span: tuple[Token, ...]) -> Condition | None:
    whole = _state(span)
    if whole is not None:
        return whole
    n = len(span)
    for k in range(1, n - 1):
        word = span[k].low
        if word not in ("and", "or"):
            continue
        left = _state(span[:k])
        if left is None:
            continue
        rest = span[k + 2:] if k + 2 < n and span[k + 1].low == "if" else span[k + 1:]
        right = _joined(rest)
        if right is None and left.subject is not None and left.subject.text:
            # "you control no other permanents and have no cards in hand"
            right = _joined((*tokenize(left.subject.text), *span[k + 1:]))
        if right is None:
            continue
        parts = (left, *(right.parts if right.kind == word else (right,)))
        return Condition(word, untokenize(span), parts=parts)
    return None


_NEGATIVE = frozenset({"don't", "doesn't", "isn't", "wasn't", "aren't", "weren't", "didn't",
                       "no", "not", "can't", "neither", "never", "haven't", "hasn't",
                       "none"})


@lru_cache(maxsize=1 << 14)
def _state(span: tuple[Token, ...]) -> Condition | None:
    text = untokenize(span)
    words = {t.word for t in span}
    for frame in _FRAMES:
        anchors = frame.pattern.anchors
        if anchors and anchors.isdisjoint(words):
            continue
        binds = frame.pattern.match(span, 0, len(span), anchored=True)
        if binds is None or not _valid(frame, binds):
            continue
        subject = binds.get("who") or binds.get("subject")
        what = binds.get("what") if isinstance(binds.get("what"), ObjectRef) else None
        quantity = binds.get("q") if isinstance(binds.get("q"), Quantity) else None
        return Condition(frame.kind, text, subject if isinstance(subject, ObjectRef) else None,
                         what, _value(frame.value, binds), frame.negated, quantity)
    return None


def _value(template: str, binds: dict[str, Any]) -> str:
    """The frame's value template filled from its slots."""
    fields: dict[str, str] = {}
    for key, found in binds.items():
        if isinstance(found, ObjectRef):
            fields[key] = found.text
        elif isinstance(found, Quantity):
            fields[key] = found.describe()
        elif found is not None:
            fields[key] = str(found)
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template


def _valid(frame: _Frame, binds: dict[str, Any]) -> bool:
    """Frame readings that need more than their slots: a state must be one of
    :data:`STATES`, a way of casting one of :data:`WAYS`, a zone one of the zones known,
    a word slot never hides a negation."""
    kind = frame.kind
    for key in ("state", "way", "zone", "what", "other"):
        value = binds.get(key)
        if isinstance(value, str) and any(w in _NEGATIVE for w in value.lower().split()):
            return False
    if binds.get("state") is not None:
        state = str(binds["state"])
        return state in STATES or state.lower() in STATES or _colors_or(state)
    if binds.get("way") is not None:
        way = str(binds["way"]).lower()
        return way in WAYS or f"cast using {way}" in WAYS
    if kind == "is" and isinstance(binds.get("what"), str):
        return binds["what"].lower() in _HAS or _HAS_NUMBER.fullmatch(
            binds["what"].lower()) is not None
    if kind == "mana_spent" and "what" in binds:
        return str(binds["what"]).lower() in _MANA_WORDS
    if kind == "cast_how" and "zone" in binds:
        return str(binds["zone"]).lower() in _CAST_ZONES
    if kind == "cast_how" and isinstance(binds.get("what"), str) and "same" in binds:
        return binds["what"] == binds["same"] and binds["what"][:1].isupper() \
            and " " not in binds["what"]
    if kind == "cast_how" and "what" in binds and "beheld" not in frame.pattern.text:
        return str(binds["what"]).lower() in _COSTS
    if kind == "in_zone" and "zone" in binds:
        return str(binds["zone"]).lower() in _SOURCE_ZONES
    if kind == "count" and "zone" in binds:
        return str(binds["zone"]).lower() in _COUNT_ZONES
    if kind == "sacrificed" and "other" in binds:
        return str(binds["other"]).lower() in ("creature", "artifact", "land", "enchantment")
    if kind == "sacrificed" and isinstance(binds.get("what"), str):
        return str(binds["what"]).lower() in ("creature", "artifact", "land", "permanent")
    if kind == "cast_how" and isinstance(binds.get("what"), str):
        return str(binds["what"]).lower() in ("dragon",)
    return _valid_words(binds)


_COLOR_WORDS = frozenset({"white", "blue", "black", "red", "green"})


def _colors_or(state: str) -> bool:
    """Whether ``state`` names two or more colors, any of which will do ("green or white",
    "white, blue, or black", CR 105.2)."""
    words = state.lower().replace(",", " ").split()
    return len(words) >= 3 and words[-2] == "or" and \
        all(w in _COLOR_WORDS for k, w in enumerate(words) if k != len(words) - 2)


_ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth"})
_THIS_WAY = frozenset({"discard", "discarded", "sacrifice", "sacrificed", "exile", "exiled",
                       "reveal", "revealed", "mill", "milled", "put", "return", "returned",
                       "cast", "destroy", "destroyed", "search", "searched"})
_ATTRIBUTES = frozenset({"power", "toughness", "mana value", "converted mana cost"})


def _valid_words(binds: dict[str, Any]) -> bool:
    """The word slots of the newer frames: an ordinal, a verb of the effect before, a
    planeswalker type, a creature or artifact with the greatest number, a coin side."""
    if "ord" in binds:
        return str(binds["ord"]) in _ORDINALS
    if "verb" in binds:
        return str(binds["verb"]) in _THIS_WAY
    if "name" in binds:
        name = str(binds["name"])
        return name[:1].isupper() and " " not in name and name.isalpha()
    if "attr" in binds:
        return binds["attr"] == binds.get("same") and str(binds["attr"]) in _ATTRIBUTES \
            and str(binds.get("kind")) in ("creature", "artifact", "permanent")
    if "side" in binds:
        return str(binds["side"]) in ("heads", "tails")
    if "choice" in binds:
        return str(binds["choice"]) in ("self", "others", "money", "friends", "secrets",
                                        "death", "taxes", "grace", "condemnation")
    return True


_HAS = frozenset({
    "flying", "haste", "trample", "deathtouch", "lifelink", "defender", "menace", "vigilance",
    "reach", "first strike", "double strike", "no cards in hand", "a +1/+1 counter on it",
    "counters on it", "a counter on it", "hexproof", "indestructible", "flash",
    "power 4 or greater", "power 3 or greater", "power 2 or less", "mana value 3 or less",
    "mana value 2 or less", "mana value 4 or greater", "power greater than its base power",
    "suspend", "a -1/-1 counter on it", "power 5 or greater", "toughness 4 or greater",
    "the chosen name",
})
"""What "<object> has ..." may name: keywords, counters, numbers."""
_HAS_NUMBER = re.compile(r"(?:power|toughness|mana value) (?:\d+|x) or (?:less|greater)")
"""A characteristic compared with a number ("mana value 4 or less", CR 208, 202.3)."""
_MANA_WORDS = frozenset({
    "", "{w}", "{u}", "{b}", "{r}", "{g}", "{c}", "{s}", "red", "blue", "black", "white",
    "green", "snow", "colorless", "{w}{w}", "{u}{u}", "{b}{b}", "{r}{r}", "{g}{g}",
    "two or more colors of", "three or more colors of", "{w}, {u}, {b}, {r}, and {g}",
    "treasure",
})
"""The mana of "if {R} was spent to cast it" (CR 601.2h), lower case."""
_CAST_ZONES = frozenset({"your hand", "exile", "your graveyard", "a graveyard",
                         "anywhere other than your hand", "a zone other than your hand",
                         "the command zone"})
_COSTS = frozenset({"prowl", "surge", "spectacle", "madness", "blitz", "dash", "evoke", "mutate",
                    "bestow", "ninjutsu", "sneak", "offspring", "gift", "freerunning", "warp",
                    "disguise", "plot", "foretell", "escape", "flashback", "kicker", "squad",
                    "buyback", "entwine", "emerge", "additional"})
"""Costs of "if its <cost> cost was paid" (CR 601.2b, 601.2f)."""
_COUNT_ZONES = frozenset({"your graveyard", "your hand", "exile", "a graveyard",
                          "all graveyards", "play", "your library", "graveyards",
                          "target opponent's graveyard", "an opponent's graveyard",
                          "your graveyard and/or on the battlefield", "that player's graveyard",
                          "their graveyard", "your graveyard or on the battlefield"})
"""Zones of "there are N or more cards in <zone>" (CR 400.1)."""
_SOURCE_ZONES = frozenset({"your graveyard", "your hand", "your library", "exile",
                           "the battlefield", "the command zone", "your opening hand",
                           "your graveyard or on the battlefield",
                           "the command zone or on the battlefield"})
"""Zones of "if CARDNAME is in <zone>" (CR 400.1)."""
_ACTION_COSTS = frozenset({"sacrifice", "discard", "pay_life", "return_to_hand", "exile",
                           "remove_counters", "put_counters", "tap_permanents",
                           "untap_permanents", "reveal", "mill", "collect_evidence", "forage",
                           "blight", "behold"})
"""Costs that are actions ("discard a card"): "unless you <action>" is a payment."""


def parse_unless(tokens: Tokens, i: int, j: int) -> Condition | None:
    """"unless <player> pays <cost>" (CR 118.12), "unless <player> <does a cost action>"
    ("unless you discard a card", "unless you sacrifice a land": the player may do it,
    CR 118.12) or "unless <state>": a negated condition.

    >>> t = tokenize("unless its controller pays {2}")
    >>> parse_unless(t, 0, len(t)).kind
    'pay'
    >>> c = parse_unless(*(lambda t: (t, 0, len(t)))(tokenize("unless you discard a card")))
    >>> c.kind, c.value, c.negated
    ('pay', 'discard a card', True)
    """
    words = [t.low for t in tokens[i:j]]
    if words[:1] != ["unless"]:
        return None
    text = _normalized(untokenize(tokens[i:j]))
    from analyzer.oracle.grammar.costs import cost_phrase
    from analyzer.oracle.quantities import player_phrase

    tokens = tuple(tokens)
    for k in range(i + 2, j):
        if tokens[k].low in ("pays", "pay") and k + 1 < j:
            who = player_phrase(tokens, i + 1, k)
            if who is None:
                continue
            cost = cost_phrase(tokens, k + 1, j)
            if cost is not None:
                return Condition("pay", text, who, None, cost.text, True)
            per = _per_each(tokens, k + 1, j)
            if per is not None:
                return Condition("pay", text, who, None, per[0], True, per[1])
        if tokens[k].low in ("has", "have") and k + 1 < j and tokens[k + 1].kind == "SELF":
            who = player_phrase(tokens, i + 1, k)
            if who is not None and any(p.match(tokens, k + 1, j) is not None
                                       for p in _HAS_DEAL):
                return Condition("pay", text, who, None, untokenize(tokens[k:j]), True)
    for k in range(i + 2, j):
        if tokens[k].low in _COST_VERBS:
            who = player_phrase(tokens, i + 1, k)
            if who is None:
                continue
            action = _cost_action(tokens, k, j)
            if action is not None:
                return Condition("pay", text, who, None, action, True)
    if words[1:2] == ["you"] and j - i > 2 and words[2] not in ("pay", "control", "have",
                                                                 "controlled", "had"):
        # "unless you discard a card", "unless you sacrifice a land": an action that is a
        # cost (CR 118.12), read by the cost grammar.
        from analyzer.oracle.grammar.costs import cost_phrase
        from analyzer.oracle.quantities import player_phrase

        cost = cost_phrase(tokens, i + 2, j)
        you = player_phrase(tuple(tokens[i + 1:i + 2]), 0, 1)
        if cost is not None and you is not None and cost.name in _ACTION_COSTS:
            return Condition("pay", text, you, None, cost.text, True)
    found = state_clause(tokens, i + 1, j)
    return None if found is None else dataclasses.replace(found, text=text,
                                                          negated=not found.negated)


_HAS_DEAL = (Pattern("SELF deal {n:number} damage to them|him|her"),
             Pattern("SELF deal damage to them equal to its|his|her power"))
""""unless its controller has CARDNAME deal 2 damage to them" (a choice of the player,
CR 118.12)."""


def _per_each(tokens: Tokens, i: int, j: int) -> tuple[str, Quantity] | None:
    """"{1} for each card in your graveyard": a cost paid once per object counted, as its
    words and the count (CR 118.12, 107.1)."""
    from analyzer.oracle.grammar.costs import cost_phrase
    from analyzer.oracle.grammar.counted import counted_phrase

    for k in range(i + 1, j - 2):
        if tokens[k].low == "for" and tokens[k + 1].low == "each":
            if cost_phrase(tokens, i, k) is None:
                return None
            what = counted_phrase(tokens, k + 2, j)
            if what is None:
                return None
            return untokenize(tokens[i:j]), Quantity("count", what)
    return None


_COST_VERBS = frozenset({"discard", "discards", "sacrifice", "sacrifices", "exile", "exiles",
                         "return", "returns", "tap", "taps", "remove", "removes", "put",
                         "puts", "reveal", "reveals"})
"""Verbs of the actions a player may take as the cost of "unless" (CR 118.12)."""


def _cost_action(tokens: Tokens, k: int, j: int) -> str | None:
    """The words of a cost action ("discard a card", "sacrifice a land", "return a land you
    control to its owner's hand", "sacrifices a nonland permanent or discards a card") read
    by the cost grammar, its verbs in the first person, or ``None``."""
    from analyzer.oracle.grammar.costs import cost_phrase

    rest = tuple(Token("WORD", t.low[:-1]) if t.low.endswith("s") and t.low[:-1] in
                 _COST_VERBS else t for t in tokens[k:j])
    return None if cost_phrase(rest, 0, len(rest)) is None else untokenize(rest)
