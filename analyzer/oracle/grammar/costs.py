"""Cost phrases: "{2}{B}, {T}, Sacrifice another creature", "Pay 2 life", "Discard a card or
pay {5}" -> :class:`~analyzer.oracle.costs.Cost` values (CR 118, 601.2b, 602.1a).

A cost is a list of parts separated by commas (or "and" before a verb); each part is read
by one of the cost frames below, its objects by the noun-phrase grammar. "A or B" between
two parts that both read is a choice of one (an additional cost "sacrifice a creature or
pay {4}", CR 601.2b): one :class:`Cost` of kind ``choice`` holding both.

Examples
--------
>>> costs, unread = parse_costs("{1}{B}, {T}, Discard a card")
>>> [c.name for c in costs], unread
(['mana', 'tap', 'discard'], ())
>>> (choice,), _ = parse_costs("sacrifice a creature or pay {4}")
>>> choice.name, choice.describe()
('choice', 'sacrifice a creature or pay {4}')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.costs import Cost
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import parse_number
from analyzer.oracle.objects import parse_object as parse_object_words
from analyzer.oracle.text import SELF

__all__ = ["cost_phrase", "parse_costs"]

Tokens = Sequence[Token]

_PARTS: tuple[tuple[str, Pattern], ...] = tuple((name, Pattern(p)) for name, p in (
    ("sacrifice", "sacrifice {what:np}"),
    ("discard_random", "discard {what:np} at random"),
    ("discard", "discard {what:np}"),
    ("discard", "discard your hand"),
    ("pay_life", "pay {n:amount} life"),
    ("return_to_hand", "return {what:np} to its|their owner's hand"),
    ("return_to_hand", "return {what:np} to its|their owners' hand|hands"),
    ("exile", "exile {what:np}"),
    ("remove_counters", "remove {n:amount} {counter:counter} counter|counters from {what:np}"),
    ("remove_counters", "remove all {counter:counter} counters from {what:np}"),
    ("remove_counters", "remove a counter from {what:np}"),
    ("remove_counters", "remove {n:amount} counters from {what:np}"),
    ("remove_counters", "remove any number of {counter:counter} counters from {what:np}"),
    ("remove_counters", "remove one or more {counter:counter} counters from {what:np}"),
    ("remove_counters_among", "remove {n:amount} {counter:counter} counter|counters from among "
                              "{what:np}"),
    ("remove_counters_among", "remove {n:amount} counters from among {what:np}"),
    ("remove_counters_among", "remove one or more {counter:counter} counters from among "
                              "{what:np}"),
    ("remove_counters_among", "remove any number of {counter:counter} counters from among "
                              "{what:np}"),
    ("waterbend", "waterbend {mana:mana}"),
    ("put_on_library", "put {what:np} on top of your|its_owner's library"),
    ("put_on_library_bottom", "put {what:np} on the bottom of your|its_owner's library"),
    ("reveal_hand", "reveal your hand"),
    ("exile_top_of_graveyard", "exile the top {head:words} of your graveyard"),
    ("unattach", "unattach SELF"),
    ("put_into_graveyard", "put {what:np} into your|its_owner's|that_player's graveyard"),
    ("pay_life_half", "pay half your life , rounded up|down"),
    ("put_counters", "put {n:amount} {counter:counter} counter|counters on {what:np}"),
    ("tap_permanents", "tap {what:np}"),
    ("untap_permanents", "untap {what:np}"),
    ("reveal", "reveal {what:np}"),
    ("pay_energy", "pay {energy:words}"),
    ("mill", "mill {n:amount} card|cards"),
    ("exert", "exert SELF"),
    ("collect_evidence", "collect evidence {n:number}"),
    ("forage", "forage"),
    ("blight", "blight {n:number}"),
    ("behold", "behold {what:np}"),
    ("mana", "pay {mana:mana}"),
))


def _one(tokens: Tokens, i: int, j: int) -> Cost | None:
    """One cost part in ``tokens[i:j]``."""
    text = untokenize(tokens[i:j])
    if j - i == 1:
        t = tokens[i]
        if t.kind == "TAP":
            return Cost("tap", text=text)
        if t.kind == "UNTAP":
            return Cost("untap", text=text)
        if t.kind == "LOYALTY" or (t.kind == "NUMBER") or t.low == "x":
            return Cost("loyalty", amount=t.text, counter="loyalty", text=text)
        if t.kind == "ENERGY":
            return Cost("pay_energy", amount=_energy(t.text), text=text)
        if t.kind == "MANA":
            mana = ManaCost.try_parse(t.text)
            if mana is not None and not mana.is_empty:
                if mana.has_x and len(mana) == 1:
                    return Cost("pay_mana_x", amount=str(mana), text=text)
                return Cost("mana", amount=str(mana), text=text)
            return None
    if j - i > 1 and all(t.kind == "MANA" for t in tokens[i:j]):
        # "{2} {R}" (a card file's spacing): one mana cost
        mana = ManaCost.try_parse("".join(t.text for t in tokens[i:j]))
        return Cost("mana", amount=str(mana), text=text) if mana is not None \
            and not mana.is_empty and not mana.has_x else None
    if j - i == 3 and tokens[i].low == "pay" and tokens[i + 2].kind == "ENERGY" \
            and tokens[i + 2].text == "{E}" and tokens[i + 1].low == "x":
        return Cost("pay_energy", amount="X", text=text)      # "Pay X {E}" (CR 107.14)
    for name, pattern in _PARTS:
        binds = pattern.match(tokens, i, j)
        if binds is None:
            continue
        what = binds.get("what")
        if what is not None and what.filter.kind in ("player", "opponent"):
            continue
        amount = binds.get("n")
        words = ""
        if amount is not None:
            words = str(amount.value) if getattr(amount, "value", None) is not None else \
                "X" if getattr(amount, "variable", "") == "X" else str(amount)
            if isinstance(amount, int):
                words = str(amount)
        if name == "exile_top_of_graveyard":
            # "Exile the top card of your graveyard", "... the top creature card ...": the
            # card on top (CR 404.2), of that kind
            what = parse_object_words(f"a {binds['head']} in your graveyard")
            if what is None or binds["head"].split()[-1] != "card":
                continue
            return Cost(name, what, binds["head"], text=text)
        if name.startswith("remove_counters") and "all" in text.lower().split()[:2]:
            words = "all"
        if name.startswith("remove_counters") and " any number of " in f" {text.lower()} ":
            words = "any number"
        if name.startswith("remove_counters") and " one or more " in f" {text.lower()} ":
            words = "one or more"
        if name == "waterbend":
            words = str(binds["mana"])
        if name == "pay_life_half":
            words = "up" if text.lower().endswith("up") else "down"
        if name == "remove_counters" and binds.get("counter") is None and amount is None:
            words = "1"
        if name == "mana":
            words = str(binds["mana"])
            if binds["mana"].has_x and len(binds["mana"]) == 1:
                name = "pay_mana_x"
        if name == "pay_energy":
            energy = binds["energy"]
            if energy.startswith("{E}") and energy == "{E}" * energy.count("{E}"):
                words = _energy(energy)
            elif energy.endswith(" energy") and len(energy.split()) == 2 \
                    and (count := parse_number(energy.split()[0])) is not None and count > 0:
                words = str(count)                  # "pay eight energy"
            else:
                continue
        if name == "discard" and what is None:
            words = "hand"
        return Cost(name, what, words, binds.get("counter") or "", text)
    return None


def _energy(symbols: str) -> str:
    """How many energy counters a run of {E} symbols pays: ``"{E}{E}"`` -> ``"2"``
    (CR 107.14)."""
    return str(symbols.count("{E}"))


def _split(tokens: Tokens, i: int, j: int) -> list[tuple[int, int]]:
    """The parts of a cost: split at commas (", and" too; not before "rounded up")."""
    parts: list[tuple[int, int]] = []
    start = i
    for k in range(i, j):
        if tokens[k].kind == "," and not (k + 1 < j and tokens[k + 1].low == "rounded"):
            if k > start:
                parts.append((start, k))
            start = k + 1
            if start < j and tokens[start].low == "and":
                start += 1
    if start < j:
        parts.append((start, j))
    return parts


def _part_or_split(tokens: Tokens, i: int, j: int) -> list[Cost] | None:
    """A part, or two joined by "and" ("Sacrifice a creature and pay 2 life"), or a choice
    of two joined by "or"."""
    one = _one(tokens, i, j)
    if one is not None:
        return [one]
    for k in range(i + 1, j - 1):
        word = tokens[k].low
        if word not in ("and", "or"):
            continue
        left, right = _part_or_split(tokens, i, k), _part_or_split(tokens, k + 1, j)
        if left is None or right is None:
            continue
        if word == "and":
            return left + right
        if len(left) == 1 and len(right) == 1:
            text = untokenize(tokens[i:j])
            return [Cost("choice", text=text, options=(left[0], right[0]))]
    return None


def parse_costs(text: str) -> tuple[tuple[Cost, ...], tuple[str, ...]]:
    """Read an activation or additional cost: ``(costs, parts not understood)``.

    >>> parse_costs("Sacrifice CARDNAME")[0][0].describe()
    'sacrifice this'
    >>> parse_costs("{2}, Exile two cards from your graveyard")[0][1].what.filter.zone.name
    'GRAVEYARD'
    >>> parse_costs("Tap an untapped Wizard you control")[0][0].name
    'tap_permanents'
    """
    return _parse_costs(text.strip())


@lru_cache(maxsize=1 << 13)
def _parse_costs(text: str) -> tuple[tuple[Cost, ...], tuple[str, ...]]:
    tokens = tokenize(text)
    costs: list[Cost] = []
    unread: list[str] = []
    verb: Token | None = None
    parts = _split(tokens, 0, len(tokens))
    previous: tuple[int, int] | None = None        # start of the part read last, its costs
    at = 0
    while at < len(parts):
        i, j = parts[at]
        at += 1
        found = _part_or_split(tokens, i, j)
        if found is None and previous is not None:
            # "Sacrifice an artifact, creature, or land": one noun phrase holding commas, the
            # part before it read too early
            for later in range(len(parts) - 1, at - 2, -1):
                merged = _part_or_split(tokens, previous[0], parts[later][1])
                if merged is not None and len(merged) == 1:
                    del costs[len(costs) - previous[1]:]
                    costs.extend(merged)
                    at = later + 1
                    break
            else:
                merged = None
            if merged is not None:
                previous, verb = None, None
                continue
        listed = False
        if found is None and verb is not None and (tokens[i].low in ("a", "an")
                                                    or (j - i == 1 and tokens[i].kind == "SELF")):
            # "Sacrifice a green creature, a white creature, and a blue creature": a list of
            # objects after one verb, each a part of the cost (CR 601.2h)
            part = (verb, *tokens[i:j])
            found = _part_or_split(part, 0, len(part))
            listed = found is not None
        if found is None:
            unread.append(untokenize(tokens[i:j]))
            verb, previous = None, None
        else:
            costs.extend(found)
            previous = (i, len(found))
            if not listed:
                verb = tokens[i] if len(found) == 1 and found[0].name in _LISTED else None
    return tuple(costs), tuple(unread)


_LISTED = frozenset({"sacrifice", "discard", "exile", "tap_permanents", "return_to_hand"})
"""Cost verbs whose objects a list may name ("Sacrifice a green creature, a white creature,
and a blue creature")."""


def cost_phrase(tokens: Tokens, i: int, j: int) -> Cost | None:
    """One cost a player pays in an effect or condition ("pays {2}", "pay 3 life", "pays
    {X}"), as a single :class:`Cost` (a ``choice`` or several parts joined in one
    ``sequence`` when the words list more than one), or ``None``.

    >>> cost_phrase(tokenize("{2}{U}"), 0, 1).name
    'mana'
    >>> cost_phrase(tokenize("3 life"), 0, 2).name
    'pay_life'
    """
    if j <= i:
        return None
    words = [t.low for t in tokens[i:j]]
    text = untokenize(tokens[i:j])
    if len(words) == 2 and words[1] == "life" and parse_number(words[0]) is not None:
        return Cost("pay_life", amount=tokens[i].text, text=text)
    if j - i == 1 and tokens[i].kind == "MANA":
        mana = ManaCost.try_parse(tokens[i].text)
        if mana is None:
            return None
        return Cost("mana", amount=str(mana), text=text)
    if j - i == 1 and tokens[i].kind == "ENERGY":
        return Cost("pay_energy", amount=_energy(tokens[i].text), text=text)
    found = _part_or_split(tokens, i, j)
    if found is None or len(found) != 1:
        return None
    return found[0]


_ = SELF
