"""Static abilities about casting the card itself and the game around it (CR 118.9, 601.3,
103.6, 903.3d, 407, 100.2a).

- alternative costs (CR 118.9): "You may pay 1 life and exile a blue card from your hand
  rather than pay this spell's mana cost.", "If you control a Plains, you may tap an untapped
  creature you control rather than pay CARDNAME's mana cost.", "If you control a commander,
  you may cast this spell without paying its mana cost.", "You may pay {W}{U}{B}{R}{G}
  rather than pay the mana cost for spells you cast." (Jodah);
- casting restrictions (CR 601.3): "Cast CARDNAME only during combat before blockers are
  declared.", "Cast this spell only if you've cast another spell this turn.";
- flash for a price (CR 702.8a, 601.2f): "You may cast CARDNAME as though it had flash if you
  pay {2} more to cast it.";
- the opening hand (CR 103.6): "If CARDNAME is in your opening hand, you may begin the game
  with it on the battlefield.";
- deck construction and the command zone: "CARDNAME can be your commander." (CR 903.3d),
  "A deck can have any number of cards named CARDNAME." (CR 100.2a), "Remove CARDNAME from
  your deck before playing if you're not playing for ante." (CR 407.1).

Each reading is a :class:`~analyzer.oracle.abilities.StaticAbility` whose effects say what it
does (``alternative_cost``, ``cast_restriction``, ``cast_as_though_flash``,
``begin_on_battlefield``, ``can_be_commander``, ``deck_copies``, ``ante_only``); the costs of
an alternative cost are also its typed ``costs``.

Examples
--------
>>> a = read_casting_static("You may pay 1 life and exile a blue card from your hand "
...                         "rather than pay CARDNAME's mana cost.")
>>> a.mode, [c.name for c in a.costs], a.effects[0].name
('alternative_cost', ['pay_life', 'exile'], 'alternative_cost')
>>> a = read_casting_static("Cast CARDNAME only during combat before blockers are declared.")
>>> a.effects[0].arg("timing")
'during combat before blockers are declared'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.costs import Cost, parse_costs
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.conditions import condition_tokens
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef, parse_number, parse_object
from analyzer.oracle.text import SELF

__all__ = ["CAST_TIMINGS", "read_casting_static", "with_flash_penalty"]

Tokens = Sequence[Token]

CAST_TIMINGS: dict[str, str] = {
    "during combat": "506.1",
    "during combat before blockers are declared": "508.1",
    "during combat after blockers are declared": "509.1",
    "during combat on an opponent's turn": "506.1",
    "during the declare attackers step": "508.1",
    "during your declare attackers step": "508.1",
    "during the declare blockers step": "509.1",
    "during the declare blockers step on an opponent's turn": "509.1",
    "before the combat damage step": "510.1",
    "before blockers are declared": "509.1",
    "before attackers are declared": "508.1",
    "after combat": "511.1",
    "during your turn": "500.1",
    "during an opponent's turn": "500.1",
    "during your upkeep": "503.1",
    "during an opponent's upkeep": "503.1",
    "during your end step": "513.1",
    "during an opponent's turn after their upkeep step": "503.1",
    "during an opponent's turn, before attackers are declared": "508.1",
    "during your turn and only during combat": "506.1",
    "during your turn and only during combat before blockers are declared": "508.1",
}
"""When a "Cast CARDNAME only ..." restriction lets the card be cast (closed vocabulary,
with the rule of the step or phase named)."""

_SELF_REF = parse_object(SELF)
_RATHER = ("rather", "than", "pay", "CARDNAME", "'s", "mana", "cost")
_RATHER_SPELLS = Pattern("rather than pay the mana cost for {what:np}")
_WITHOUT = ("you", "may", "cast", "CARDNAME", "without", "paying", "its", "mana", "cost")


def _words(tokens: Tokens, i: int, j: int) -> tuple[str, ...]:
    return tuple("CARDNAME" if t.kind == "SELF" else t.low for t in tokens[i:j])


@lru_cache(maxsize=1 << 12)
def read_casting_static(sentence: str) -> StaticAbility | None:
    """Read one casting-related static sentence (see the module docstring), or ``None``."""
    text = sentence.strip()
    body = text.rstrip(".")
    tokens = tokenize(body[:1].lower() + body[1:] if not body.startswith(SELF) else body)
    if not tokens:
        return None
    return (_alternative(tokens, text) or _cast_only(tokens, text) or _flash(tokens, text)
            or _fixed(tokens, text))


def _leading_condition(tokens: Tokens) -> tuple[str, int] | None:
    """``("if ...", start of the rest)`` for a sentence led by "If <condition>,"; ``("", 0)``
    for a sentence with none; ``None`` when the condition is not read."""
    if not tokens or tokens[0].low != "if":
        return "", 0
    for k in range(2, len(tokens) - 1):
        if tokens[k].kind != ",":
            continue
        found = condition_tokens(tokens, 0, k)
        if found is not None:
            return found.text, k + 1
    return None


def _alternative(tokens: Tokens, text: str) -> StaticAbility | None:
    """An alternative cost (CR 118.9): "[If <condition>,] you may <costs> rather than pay
    CARDNAME's mana cost [if <condition>]", "[If <condition>,] you may cast CARDNAME without
    paying its mana cost", "you may <costs> rather than pay the mana cost for <spells>"."""
    lead = _leading_condition(tokens)
    if lead is None:
        return None
    condition, i = lead
    n = len(tokens)
    if _words(tokens, i, n) == _WITHOUT:
        effect = Effect.make("alternative_cost", target=_SELF_REF,
                             cost="cast it without paying its mana cost",
                             text=text)
        return StaticAbility("alternative_cost", (effect,), (), condition, text)
    if _words(tokens, i, i + 2) != ("you", "may"):
        return None
    end, trailing = n, ""
    for k in range(i + 3, n - 1):
        if tokens[k].low == "if" and _words(tokens, k - len(_RATHER), k) == _RATHER:
            found = condition_tokens(tokens, k, n)
            if found is None:
                return None
            end, trailing = k, found.text
            break
    target: ObjectRef | None = _SELF_REF
    if _words(tokens, end - len(_RATHER), end) == _RATHER:
        cut = end - len(_RATHER)
    else:
        cut = next((k for k in range(i + 2, end) if tokens[k].low == "rather"), end)
        binds = _RATHER_SPELLS.match(tokens, cut, end) if cut < end else None
        if binds is None:
            return None
        target = binds["what"]
        if target is None or target.filter.kind != "spell" or target.targeted:
            return None
    costs = _costs(tokens, i + 2, cut)
    if costs is None:
        return None
    condition = " and ".join(c for c in (condition, trailing) if c)
    effect = Effect.make("alternative_cost", target=target,
                         cost=", ".join(c.describe() for c in costs), text=text)
    return StaticAbility("alternative_cost", (effect,), costs, condition, text)


def _costs(tokens: Tokens, i: int, j: int) -> tuple[Cost, ...] | None:
    """The costs of ``tokens[i:j]`` when every part reads (CR 118.9: an alternative cost is
    paid as a whole)."""
    if j <= i:
        return None
    costs, unread = parse_costs(untokenize(tokens[i:j]))
    if unread or not costs:
        return None
    return costs


def _cast_only(tokens: Tokens, text: str) -> StaticAbility | None:
    """"Cast CARDNAME only <timing> [and only if <condition>]" / "Cast CARDNAME only if
    <condition>" (CR 601.3: a restriction on when the card may be cast)."""
    if _words(tokens, 0, 3) != ("cast", "CARDNAME", "only"):
        return None
    n = len(tokens)
    timing_end, condition = n, ""
    for k in range(3, n):
        if tokens[k].low == "if" and tokens[k - 1].low == "only":
            found = condition_tokens(tokens, k - 1, n)
            if found is None:
                return None
            condition = found.text
            timing_end = k - 2 if k - 2 >= 3 and tokens[k - 2].low == "and" else k - 1
            break
    timing = untokenize(tokens[3:timing_end]) if timing_end > 3 else ""
    if timing and timing not in CAST_TIMINGS:
        return None
    if not timing and not condition:
        return None
    effect = Effect.make("cast_restriction", target=_SELF_REF, timing=timing,
                         condition=condition, text=text)
    return StaticAbility("cast_restriction", (effect,), (), "", text)


_FLASH = Pattern("you may cast SELF as though it had flash if you pay {n:mana} more to cast it")
_FLASH_FREE = Pattern("you may cast SELF as though it had flash")


def _flash(tokens: Tokens, text: str) -> StaticAbility | None:
    """"You may cast CARDNAME as though it had flash if you pay {2} more to cast it."
    (CR 702.8a, the extra cost an additional cost, CR 601.2f)."""
    n = len(tokens)
    binds = _FLASH.match(tokens, 0, n)
    if binds is None:
        if _FLASH_FREE.match(tokens, 0, n) is None:
            return None
        extra: ManaCost | None = None
    else:
        extra = binds["n"]
    effect = Effect.make("cast_as_though_flash", target=_SELF_REF, extra=extra, text=text)
    return StaticAbility("rules_change", (effect,), (), "", text)


_FIXED: dict[tuple[str, ...], tuple[str, str]] = {
    ("if", "CARDNAME", "is", "in", "your", "opening", "hand", ",", "you", "may", "begin", "the",
     "game", "with", "it", "on", "the", "battlefield"): ("begin_on_battlefield", ""),
    ("CARDNAME", "can", "be", "your", "commander"): ("can_be_commander", ""),
    ("remove", "CARDNAME", "from", "your", "deck", "before", "playing", "if", "you're", "not",
     "playing", "for", "ante"): ("ante_only", ""),
}


def _fixed(tokens: Tokens, text: str) -> StaticAbility | None:
    """The opening-hand, commander, ante and deck-size sentences of the module docstring."""
    words = _words(tokens, 0, len(tokens))
    if words in _FIXED:
        name, _ = _FIXED[words]
        effect = Effect.make(name, target=_SELF_REF, text=text)
        return StaticAbility("rules_change", (effect,), (), "", text)
    if words[:4] == ("a", "deck", "can", "have") and words[-3:] == ("cards", "named",
                                                                     "CARDNAME"):
        middle = words[4:-3]
        if middle == ("any", "number", "of"):
            amount = Amount(None, "any number")
        elif middle[:2] == ("up", "to") and len(middle) == 3 \
                and (count := parse_number(middle[2])) is not None:
            amount = Amount(count)
        else:
            return None
        effect = Effect.make("deck_copies", target=_SELF_REF, amount=amount, text=text)
        return StaticAbility("rules_change", (effect,), (), "", text)
    return None


_PENALTY = ("if you cast it any time a sorcery couldn't have been cast, the controller of the "
            "permanent it becomes sacrifices it at the beginning of the next cleanup step")


def with_flash_penalty(previous: object, sentence: str) -> StaticAbility | None:
    """``previous`` ("You may cast CARDNAME as though it had flash.") with the sentence after
    it on Mirage's flash permanents: "If you cast it any time a sorcery couldn't have been
    cast, the controller of the permanent it becomes sacrifices it at the beginning of the
    next cleanup step." (CR 702.8a, 603.7: a delayed sacrifice, 514.1), or ``None``.

    >>> a = with_flash_penalty(read_casting_static("You may cast CARDNAME as though it had "
    ...     "flash."), "If you cast it any time a sorcery couldn't have been cast, the "
    ...     "controller of the permanent it becomes sacrifices it at the beginning of the next "
    ...     "cleanup step.")
    >>> a.effects[1].describe()
    "if it was cast any time a sorcery couldn't have been cast, at the beginning of the next \
cleanup step, its controller: sacrifice this object"
    """
    if sentence.strip().rstrip(".").lower() != _PENALTY or not isinstance(
            previous, StaticAbility) or len(previous.effects) != 1 \
            or previous.effects[0].name != "cast_as_though_flash" \
            or previous.effects[0].arg("extra") is not None:
        return None
    controller = parse_object("its controller")
    sacrifice = Effect.make("sacrifice", player=controller, filter=_SELF_REF,
                            text=sentence.strip())
    delayed = Effect.make("delayed", when="at the beginning of the next cleanup step",
                          effects=(sacrifice,), text=sentence.strip(),
                          condition="if it was cast any time a sorcery couldn't have been cast")
    text = f"{previous.text} {sentence.strip()}"
    return StaticAbility(previous.mode, (*previous.effects, delayed), previous.costs,
                         previous.condition, text)
