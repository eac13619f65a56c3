"""The clause grammar: Oracle text -> syntax tree -> typed effects (STYLE.md habit 21).

Layout, bottom up:

- :mod:`.frames` — the pattern language of verb frames and its matcher over tokens
  (:mod:`analyzer.oracle.lexer`), with typed slots read by the noun-phrase grammar
  (:mod:`analyzer.oracle.nouns`);
- :mod:`.clause` — one clause: "you may", the frame, the modifiers around it, lowered to
  effects; the verbs are registered by family in :mod:`.verbs_cards`, :mod:`.verbs_zones`,
  :mod:`.verbs_life`, :mod:`.verbs_board`, :mod:`.verbs_continuous`, :mod:`.verbs_misc`;
- :mod:`.conditions` — conditions ("if you control a Wizard") as typed values;
- :mod:`.costs` — cost phrases;
- :mod:`.sentence` — sentences: conditions and connectors, subject sharing, the passes that
  join a search with its destination and give pronouns their zone.

Examples
--------
>>> [e.describe() for e in parse_effects("Draw two cards, then discard a card.")]
['draw 2 cards', 'discard a card']
>>> e, = parse_effects("Exchange control of CARDNAME and target creature.")
>>> e.name, [t.filter.kind for t in e.arg("targets")]
('exchange_control', ['self', 'permanent'])
>>> parse_effects("Dance wildly.") is None
True
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount
from analyzer.oracle.grammar.clause import parse_clause
from analyzer.oracle.grammar.conditions import Condition, read_condition
from analyzer.oracle.grammar.origins import fuse_search, infer_origins
from analyzer.oracle.grammar.sentence import parse_effects
from analyzer.oracle.lexer import tokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ObjectRef, lower_first, parse_number

__all__ = ["Condition", "fuse_search", "infer_origins", "lower_first", "parse_amount", "parse_clause",
           "parse_condition", "parse_effects", "parse_target", "read_condition"]


def parse_amount(word: str, tail: str | None = None) -> Amount | None:
    """``"two"`` -> ``Amount(2)``; ``"X"`` or a "for each" tail -> a counted amount.

    >>> parse_amount("three").value, parse_amount("a", " for each creature you control").variable
    (3, 'for each creature you control')
    """
    from analyzer.oracle.grammar.clause import _per
    from analyzer.oracle.grammar.counted import counted_phrase
    from analyzer.oracle.grammar.frames import parse_amount_tokens

    tail = (tail or "").strip()
    tokens = tokenize(word)
    amount = parse_amount_tokens(tokens, 0, len(tokens))
    if amount is None:
        return None
    if tail.startswith("for each "):
        rest = tokenize(tail[len("for each "):])
        what = counted_phrase(rest, 0, len(rest))
        if what is None:
            return None
        return _per(amount, what, tail)
    if tail:
        return None
    if amount.value is None and parse_number(word.lower()) == -1:
        return amount
    return amount


def parse_target(text: str) -> ObjectRef | None:
    """A noun phrase, also "A and B" lists ("each creature and each player").

    >>> parse_target("each creature and each player").filter.kind
    'any'
    """
    tokens = tokenize(text.strip().rstrip(","))
    return noun_phrase(tokens, 0, len(tokens)) if tokens else None


def parse_condition(text: str) -> str | None:
    """A resolution or intervening-if condition the grammar reads, as its normalized words,
    else ``None`` (:func:`read_condition` gives the typed value).

    >>> parse_condition("if you do"), parse_condition("if the moon is full")
    ('if you do', None)
    """
    found = read_condition(text)
    return None if found is None else found.text
