"""Post-modifiers of noun phrases (CR 109.4, 115.1): controller and owner ("you control"),
zones ("from your graveyard", :func:`zone_phrase`), "with ..." and "without ..." (keywords,
power, mana value, counters, names), relative clauses ("that's attacking", "that entered
this turn") and participles ("attached to it", "named Plague Rats"), each typed into the
fields of :class:`~.objects.ObjectFilter` (:func:`postmodifiers`)."""

from __future__ import annotations

from typing import Any

from analyzer.oracle.keywords import KEYWORDS
from analyzer.oracle.lexer import Token, tokenize, untokenize  # noqa: F401 (doctests)
from analyzer.oracle.noun_words import CONJUNCTIONS, NUMBER_DETERMINERS, Core, core_word
from analyzer.oracle.noun_zones import zone_phrase
from analyzer.oracle.objects import (
    ONE,
    Comparison,
    ObjectFilter,
    ObjectRef,
    Owner,
    Quantity,
    Zone,
    parse_number,
)

__all__ = ["postmodifiers", "zone_phrase"]

Tokens = tuple[Token, ...]


# -- post-modifiers ---------------------------------------------------------------------------

_OWNER_PHRASES: dict[tuple[str, ...], Owner] = {
    ("you", "control"): Owner.YOU, ("you", "don't", "control"): Owner.NOT_YOU,
    ("an", "opponent", "controls"): Owner.OPPONENT,
    ("your", "opponents", "control"): Owner.OPPONENT,
    ("defending", "player", "controls"): Owner.OPPONENT,
    ("the", "defending", "player", "controls"): Owner.OPPONENT,
    ("you", "don't", "control", "or", "own"): Owner.OPPONENT,
    ("an", "opponent", "owns"): Owner.OPPONENT,
    ("target", "player", "controls"): Owner.TARGET_PLAYER,
    ("target", "opponent", "controls"): Owner.TARGET_PLAYER,
    ("that", "player", "controls"): Owner.THAT_PLAYER,
    ("that", "opponent", "controls"): Owner.THAT_PLAYER,
    ("its", "controller", "controls"): Owner.THAT_PLAYER,
    ("they", "control"): Owner.THAT_PLAYER, ("he", "or", "she", "controls"): Owner.THAT_PLAYER,
    ("you", "own"): Owner.YOU, ("you", "both", "own", "and", "control"): Owner.YOU,
    ("you", "own", "and", "control"): Owner.YOU, ("you", "don't", "own"): Owner.NOT_YOU,
    ("each", "player", "controls"): Owner.ANY, ("a", "player", "controls"): Owner.ANY,
    ("that", "player", "owns"): Owner.THAT_PLAYER, ("its", "owner", "controls"):
        Owner.THAT_PLAYER, ("the", "chosen", "player", "controls"): Owner.THAT_PLAYER,
    ("enchanted", "player", "controls"): Owner.THAT_PLAYER,
    ("your", "opponents", "own"): Owner.OPPONENT, ("opponents", "control"): Owner.OPPONENT,
    ("each", "opponent", "controls"): Owner.OPPONENT,
    ("the", "chosen", "opponent", "controls"): Owner.OPPONENT,
    ("you", "control", "but", "don't", "own"): Owner.YOU,
    ("target", "player", "owns"): Owner.TARGET_PLAYER,
    ("target", "opponent", "owns"): Owner.TARGET_PLAYER,
    ("that", "creature's", "controller", "controls"): Owner.THAT_PLAYER,
    ("that", "player", "or", "that", "planeswalker's", "controller", "controls"):
        Owner.THAT_PLAYER,
    ("you", "cast"): Owner.YOU, ("that", "you", "cast"): Owner.YOU,
    ("your", "opponents", "cast"): Owner.OPPONENT,
    ("an", "opponent", "casts"): Owner.OPPONENT, ("opponents", "cast"): Owner.OPPONENT,
    ("each", "opponent", "casts"): Owner.OPPONENT, ("you", "control", "and", "own"): Owner.YOU,
    ("target", "player", "casts"): Owner.TARGET_PLAYER, ("that", "player", "casts"):
        Owner.THAT_PLAYER, ("a", "player", "casts"): Owner.ANY,
    ("you", "activate"): Owner.YOU, ("your", "opponents", "activate"): Owner.OPPONENT,
}
_WITH_ATTRIBUTES = {"power": "power", "toughness": "toughness", "mana": "mana_value",
                    "loyalty": "loyalty", "defense": "defense"}


def _comparison(words: list[str], i: int, tokens: Tokens
                ) -> tuple[str, int | None, Quantity | None, int] | None:
    """A number comparison at ``i``: "3 or less", "X or greater", "2", "less than or equal
    to <quantity>", "equal to <quantity>", "greater than <quantity>":
    ``(op, number, quantity, next index)`` with exactly one of number and quantity."""
    from analyzer.oracle.quantities import quantity

    n = len(words)
    if i < n and (words[i].isdigit() or words[i] == "x" or words[i] in NUMBER_DETERMINERS):
        number = parse_number(words[i])
        if number is None:
            return None
        if i + 2 < n and words[i + 1] == "or" and words[i + 2] in ("less", "fewer"):
            return "<=", number, None, i + 3
        if i + 2 < n and words[i + 1] == "or" and words[i + 2] in ("greater", "more"):
            return ">=", number, None, i + 3
        return "==", number, None, i + 1
    ops = (("less than or equal to", "<="), ("greater than or equal to", ">="),
           ("less than", "<"), ("greater than", ">"), ("equal to", "=="),
           ("not equal to", "!="))
    for phrase, op in ops:
        parts = phrase.split()
        if words[i:i + len(parts)] == parts:
            start = i + len(parts)
            for end in range(n, start, -1):
                found = quantity(tokens, start, end)
                if found is not None:
                    if found.kind == "x":
                        return op, -1, None, end
                    return op, None, found, end
            return None
    return None


def _with(words: list[str], i: int, tokens: Tokens, changes: dict[str, Any]) -> int | None:
    """A "with ..." or "without ..." post-modifier at ``i``; the next index or ``None``."""
    from analyzer.oracle.nouns import noun_phrase
    from analyzer.oracle.quantities import quantity

    n = len(words)
    if words[i] == "without":
        names = _keyword_names(tokens, i + 1)
        if names is None:
            return None
        changes.setdefault("without_keywords", set()).update(names[0])
        return names[1]
    i += 1                                    # "with"
    if i >= n:
        return None
    if i + 4 < n and tokens[i].kind == "MANA" and tokens[i].text == "{X}" \
            and words[i + 1:i + 5] == ["in", "its", "mana", "cost"]:
        # "a spell with {X} in its mana cost" (CR 107.3, 202.1)
        changes.setdefault("states", set()).add("X in mana cost")
        return i + 5
    if words[i:i + 4] == ["total", "power", "and", "toughness"]:
        found = _comparison(words, i + 4, tokens)
        if found is None or found[1] is None or found[1] < 0 or found[0] not in (
                "<=", ">=", "=="):
            return None
        changes["total_power_toughness"] = (found[0], found[1])
        return found[3]
    if words[i:i + 3] in (["power", "or", "toughness"], ["toughness", "or", "power"]):
        # "with power or toughness 2 or less" (Stern Scolding): either one qualifies.
        found = _comparison(words, i + 3, tokens)
        if found is None or found[1] is None or found[1] < 0 or found[0] not in (
                "<=", ">=", "=="):
            return None
        changes["either"] = (("power", (found[0], found[1])),
                             ("toughness", (found[0], found[1])))
        return found[3]
    if words[i:i + 3] == ["no", "counters", "on"] and words[i + 3:i + 4] in (["it"], ["them"]):
        # "target creature with no counters on it" (Heartless Act, CR 122.1)
        changes.setdefault("states", set()).add("no counters")
        return i + 4
    if words[i:i + 2] == ["different", "names"]:
        # "up to four land cards with different names" (Gifts Ungiven, CR 201.2): no two
        # of the chosen objects share a name, a condition on the group the filter keeps
        changes.setdefault("states", set()).add("different names")
        return i + 2
    if words[i:i + 3] == ["a", "single", "target"]:
        changes.setdefault("states", set()).add("single target")   # CR 115.7
        return i + 3
    if words[i:i + 2] == ["no", "abilities"] and i + 2 == n:
        changes.setdefault("states", set()).add("no abilities")     # CR 113.1
        return i + 2
    if words[i:i + 4] == ["a", "basic", "land", "type"]:
        # "a land card with a basic land type" (Boseiju): any one of the five (CR 205.3i)
        changes["basic_land_type"] = True
        return i + 4
    if words[i:i + 2] == ["mana", "cost"]:
        # "with mana cost {0} or {1}": the printed costs (CR 202.1), not mana values
        at, costs = i + 2, set()
        while at < n and tokens[at].kind == "MANA":
            costs.add(tokens[at].text)
            at += 1
            if at + 1 < n and words[at] == "or" and tokens[at + 1].kind == "MANA":
                at += 1
        if not costs:
            return None
        changes["mana_costs"] = costs
        return at
    if words[i:i + 3] in (["the", "most", "life"], ["the", "least", "life"]):
        state = f"{words[i + 1]} life"
        at = i + 3
        if words[at:at + 5] in (["or", "tied", "for", "the", "most"],
                                ["or", "tied", "for", "most", "life"]) \
                and words[i + 1] == "most":
            at += 5 + (words[at + 3] == "the" and words[at + 5:at + 6] == ["life"])
            state = "most life or tied"
        changes.setdefault("states", set()).add(state)
        return at
    if words[i] in _WITH_ATTRIBUTES:
        attribute = _WITH_ATTRIBUTES[words[i]]
        at = i + 1
        if attribute == "mana_value":
            if at >= n or words[at] != "value":
                return None
            at += 1
        found = _comparison(words, at, tokens)
        if found is None:
            return None
        op, number, amount, end = found
        if number is not None and attribute in ("mana_value", "power", "toughness"):
            changes[attribute] = (op, number) if op in ("<=", ">=", "==") else None
            if changes[attribute] is None:     # "<", ">" with a number: keep exactly
                del changes[attribute]
                number_q = Quantity("count", None, "constant", offset=number)
                changes.setdefault("comparisons", []).append(
                    Comparison(attribute, op, number_q))
            return end
        if amount is not None:
            if attribute == "mana_value" and op == "==" and amount.kind == "counters" \
                    and amount.ref is not None and amount.ref.filter.kind == "self":
                # Chalice of the Void: "equal to the number of charge counters on CARDNAME"
                changes["mana_value_counters"] = amount.attribute
                return end
            changes.setdefault("comparisons", []).append(Comparison(attribute, op, amount))
            return end
        return None
    # "with a +1/+1 counter on it", "with one or more counters on it", "with +1/+1
    # counters on them"
    at = i
    if tokens[at].kind == "PT" and at + 3 < n + 1 and words[at + 1:at + 4] in (
            ["counters", "on", "them"], ["counters", "on", "it"], ["counter", "on", "it"]):
        changes["counter"] = tokens[at].text
        return at + 4
    if tokens[at].kind == "WORD" and words[at].isalpha() and words[at + 1:at + 4] in (
            ["counters", "on", "them"], ["counters", "on", "it"]) \
            and words[at] not in ("no", "more", "fewer", "the", "those", "these", "its"):
        changes["counter"] = words[at]  # "creatures with ice counters on them" (Rime
        return at + 4                   # Tender): a counter of that kind (CR 122.1)
    if words[at] in ("a", "an", "one", "counters"):
        if words[at] in ("one",) and at + 2 < n and words[at + 1] == "or" \
                and words[at + 2] == "more":
            at += 3
        elif words[at] != "counters":
            at += 1
        kind = "any"
        if at < n and tokens[at].kind == "PT":
            kind, at = tokens[at].text, at + 1
        elif at < n and words[at] not in ("counter", "counters") and at + 1 < n \
                and words[at + 1] in ("counter", "counters"):
            kind, at = words[at], at + 1
        if at < n and words[at] in ("counter", "counters"):
            at += 1
            if words[at:at + 2] in (["on", "it"], ["on", "them"]):
                changes["counter"] = kind
                return at + 2
        at = i
        at = i
    if words[i:i + 2] in (["greater", "power"], ["less", "power"], ["greater", "toughness"],
                          ["less", "toughness"]) and i + 2 == n:
        # "creatures with greater power" (Skulk-like): greater than the source's (CR 702.118b)
        op = ">" if words[i] == "greater" else "<"
        attribute = words[i + 1]
        mine = Quantity("attribute", ObjectRef(ObjectFilter(kind="self"), ONE, False,
                                               "CARDNAME"), attribute)
        changes.setdefault("comparisons", []).append(Comparison(attribute, op, mine))
        return i + 2
    if words[i:i + 3] == ["the", "chosen", "name"]:
        changes["name"] = "chosen"
        return i + 3
    if words[i:i + 2] == ["that", "name"]:
        changes["name"] = "that"
        return i + 2
    if words[i:i + 4] == ["the", "same", "name", "as"]:
        for end in range(n, i + 4, -1):
            ref = noun_phrase(tokens, i + 4, end)
            if ref is not None:
                changes.setdefault("relations", []).append(("same_name", ref))
                return end
        return None
    if words[i:i + 4] == ["the", "highest", "life", "total"]:
        changes.setdefault("states", set()).add("most life")
        return i + 4
    if words[i:i + 2] in (["the", "greatest"], ["the", "least"], ["the", "highest"]):
        which = "least" if words[i + 1] == "least" else "greatest"
        if i + 2 < n and words[i + 2] in _WITH_ATTRIBUTES and words[i + 2] != "loyalty" \
                and words[i + 2] != "defense":
            attribute = _WITH_ATTRIBUTES[words[i + 2]]
            at = i + 3
            if attribute == "mana_value":
                if words[at:at + 1] != ["value"]:
                    return None
                at += 1
            if at < n and words[at] == "among":
                # "with the greatest mana value among permanents they control": greatest
                # among that group, kept as the relation ("compared_among", <group>).
                for end in range(n, at + 1, -1):
                    group = noun_phrase(tokens, at + 1, end)
                    if group is not None:
                        changes.setdefault("states", set()).add(
                            f"{which} {attribute.replace('_', ' ')}")
                        changes.setdefault("relations", []).append(("compared_among", group))
                        return end
            else:
                state = f"{which} {attribute.replace('_', ' ')}"
                # "the creature with the greatest power or tied for the greatest power"
                tied = ["or", "tied", "for", *words[i:at]]
                if which == "greatest" and words[at:at + len(tied)] == tied:
                    at += len(tied)
                    state += " or tied"
                changes.setdefault("states", set()).add(state)
                return at
        return None
    names = _keyword_names(tokens, i)
    if names is not None:
        changes.setdefault("keywords", set()).update(names[0])
        return names[1]
    for end in range(n, i + 1, -1):
        # "with that spell's mana value" (Celestial Kirin): the same number as that one.
        same = quantity(tokens, i, end)
        if same is not None and same.kind == "attribute" and same.attribute in (
                "mana_value", "power", "toughness") and same.factor == 1 and not same.offset:
            changes.setdefault("comparisons", []).append(Comparison(same.attribute, "==",
                                                                    same))
            return end
    return None


_KEYWORD_WORDS = {name for name in KEYWORDS} | {"first strike", "double strike",
                                                "protection", "hexproof", "split second"}


def _keyword_names(tokens: Tokens, i: int) -> tuple[set[str], int] | None:
    """Keyword names at ``i`` ("flying", "flying or reach", "first strike and vigilance"):
    ``(lower-case names, next index)``, longest match."""
    names: set[str] = set()
    at = i
    n = len(tokens)
    if i >= n:
        return None
    while at < n:
        found = None
        for size in (3, 2, 1):
            if at + size > n:
                continue
            words = " ".join(t.low for t in tokens[at:at + size])
            if words in _KEYWORD_WORDS and (size == 1 or all(
                    t.kind == "WORD" for t in tokens[at:at + size])):
                found = (words, at + size)
                break
        if found is None:
            break
        names.add(found[0])
        at = found[1]
        if at + 1 < n and tokens[at].low in ("or", "and", "and/or", ","):
            nxt = at + 1
            if tokens[nxt].low in ("or", "and") and tokens[at].low == ",":
                nxt += 1
            at = nxt
            continue
        break
    if not names or tokens[at - 1].low in ("or", "and", "and/or", ","):
        return None
    return names, at


_STATE_RELATIVE: dict[tuple[str, ...], str] = {
    ("attacking",): "attacking", ("blocking",): "blocking", ("tapped",): "tapped",
    ("untapped",): "untapped", ("attacking", "or", "blocking"): "attacking or blocking",
    ("blocked",): "blocked", ("unblocked",): "unblocked", ("enchanted",): "enchanted",
    ("equipped",): "equipped", ("face", "down"): "face-down", ("face-down",): "face-down",
    ("modified",): "modified", ("monocolored",): "monocolored",
    ("multicolored",): "multicolored", ("colorless",): "colorless",
    ("one", "or", "more", "colors"): "colored",
}
_RELATIVE_EVENTS: dict[tuple[str, ...], str] = {
    ("attacked", "this", "turn"): "attacked this turn",
    ("blocked", "this", "turn"): "blocked this turn",
    ("entered", "this", "turn"): "entered this turn",
    ("entered", "the", "battlefield", "this", "turn"): "entered this turn",
    ("entered", "the", "battlefield", "under", "your", "control", "this", "turn"):
        "entered this turn",
    ("entered", "under", "your", "control", "this", "turn"): "entered this turn",
    ("died", "this", "turn"): "died this turn",
    ("was", "dealt", "damage", "this", "turn"): "was dealt damage this turn",
    ("were", "dealt", "damage", "this", "turn"): "was dealt damage this turn",
    ("dealt", "damage", "this", "turn"): "dealt damage this turn",
    ("attacked", "or", "blocked", "this", "turn"): "attacked this turn",
    ("was", "cast", "this", "turn"): "cast this turn",
    ("left", "the", "battlefield", "this", "turn"): "left the battlefield this turn",
    ("was", "put", "there", "from", "the", "battlefield", "this", "turn"):
        "put there from the battlefield this turn",
    ("were", "put", "there", "from", "the", "battlefield", "this", "turn"):
        "put there from the battlefield this turn",
    ("has", "been", "tapped", "this", "turn"): "tapped this way",
    ("lost", "life", "this", "turn"): "lost life this turn",
    ("gained", "life", "this", "turn"): "gained life this turn",
    ("cast", "a", "spell", "this", "turn"): "cast a spell this turn",
    ("attacked", "you", "this", "turn"): "attacked you this turn",
    ("was", "dealt", "combat", "damage", "this", "turn"): "was dealt damage this turn",
    ("attacked", "with", "a", "creature", "this", "turn"): "attacked this turn",
}
THIS_WAY = {"exiled", "revealed", "sacrificed", "destroyed", "discarded", "milled",
             "returned", "tapped", "untapped", "chosen", "countered", "drawn", "put",
             "created"}
_MOVED_ZONES = {"hand": "a hand", "hands": "a hand", "graveyard": "a graveyard",
                "graveyards": "a graveyard", "battlefield": "the battlefield"}
_MOVED_THIS_WAY = {("put", "into"), ("put", "onto"), ("returned", "to"), ("exiled", "from")}
_MOVED_TO = {("put", "graveyard"): Zone.GRAVEYARD, ("put", "hand"): Zone.HAND,
             ("put", "battlefield"): Zone.BATTLEFIELD, ("returned", "hand"): Zone.HAND,
             ("returned", "battlefield"): Zone.BATTLEFIELD, ("exiled", "hand"): Zone.EXILE}
"""Where the objects moved "this way" are now."""


def _moved_this_way(words: list[str], i: int) -> tuple[str, int] | None:
    """"put into that graveyard this way", "returned to your hand this way", "exiled from
    their hand this way": a state of the objects an effect before moved (CR 608.2c), the
    zone named generically ("put into a graveyard this way"); ``(state, next index)``."""
    if i + 1 >= len(words) or (words[i], words[i + 1]) not in _MOVED_THIS_WAY:
        return None
    for end in range(i + 3, min(len(words), i + 7) - 1):
        if words[end:end + 2] != ["this", "way"]:
            continue
        zone = _MOVED_ZONES.get(words[end - 1])
        owner = words[i + 2:end - 1]
        if zone is None or not (owner in (["your"], ["their"], ["that"], ["a"], ["the"],
                                          ["its", "owner's"], ["their", "owners'"])
                                or (zone == "the battlefield" and owner == ["the"])):
            return None
        return f"{words[i]} {words[i + 1]} {zone} this way", end + 2
    return None


_RELATIONS = {
    ("blocking", "or", "blocked", "by"): "blocking_or_blocked_by",
    ("blocking",): "blocking", ("blocked", "by"): "blocked_by",
    ("attached", "to"): "attached_to", ("exiled", "with"): "exiled_with",
    ("that", "were", "attached", "to"): "was_attached_to",
    ("that", "was", "attached", "to"): "was_attached_to",
    ("dealt", "damage", "by"): "dealt_damage_by", ("attacking",): "attacking",
    ("other", "than"): "not_named", ("not", "named"): "not_named",
    ("that", "shares", "a", "creature", "type", "with"): "shares_creature_type",
    ("that", "share", "a", "creature", "type", "with"): "shares_creature_type",
    ("that", "shares", "at", "least", "one", "creature", "type", "with"):
        "shares_creature_type",
    ("that", "shares", "a", "color", "with"): "shares_color",
    ("that", "shares", "a", "card", "type", "with"): "shares_card_type",
    ("that", "targets"): "targets", ("that", "target"): "targets",
    ("that", "targets", "only"): "targets", ("targeting",): "targets",
    ("blocked", "by", "it"): "blocked_by", ("that", "was", "blocked", "by"): "blocked_by",
    ("that's", "attacking"): "attacking", ("that", "is", "attacking"): "attacking",
    ("that", "attacked"): "attacked", ("enchanted", "by"): "enchanted_by",
    ("equipped", "by"): "equipped_by", ("that", "dealt", "damage", "to"): "dealt_damage_to",
    ("that", "dealt", "combat", "damage", "to"): "dealt_combat_damage_to",
    ("that", "was", "dealt", "damage", "by"): "dealt_damage_by",
    ("haunted", "by"): "haunted_by", ("paired", "with"): "paired_with",
    ("that", "could", "enchant"): "could_enchant", ("with", "the", "same", "name", "as"):
        "same_name",
}
_TAIL_RELATION_WORDS = (" this turn", " this combat")


def _relative(words: list[str], i: int, tokens: Tokens, changes: dict[str, Any]) -> int | None:
    """A relative clause or participle at ``i``: "that's attacking", "that entered this
    turn", "blocking CARDNAME", "attached to it", "named Plague Rats"; the next index."""
    from analyzer.oracle.nouns import noun_phrase
    from analyzer.oracle.quantities import player_phrase

    n = len(words)
    if words[i:i + 2] == ["it's", "blocking"] or (tokens[i].kind == "SELF"
                                                  and words[i + 1:i + 3] == ["is", "blocking"]):
        # "target creature it's blocking", "target creature CARDNAME is blocking": the
        # creature that one blocks (CR 509.1), blocked by it
        self_named = tokens[i].kind == "SELF"
        blocker = ObjectRef(ObjectFilter(kind="self" if self_named else "it"), ONE, False,
                            tokens[i].text if self_named else "it")
        changes.setdefault("relations", []).append(("blocked_by", blocker))
        return i + (3 if self_named else 2)
    if words[i] in ("that", "which", "that's", "who") or (words[i] == "that" and i + 1 < n):
        at = i + 1
        if words[i] == "that's":
            pass
        elif at < n and words[at] in ("is", "are", "'s"):
            at += 1
        elif words[i] == "that" and at < n and words[at] in ("isn't", "aren't"):
            # "that isn't a Zombie", "that isn't enchanted": an exclusion.
            core = Core()
            end = at + 1
            if end < n and words[end] in ("a", "an"):
                end += 1
            start = end
            while end < n and core_word(tokens[end], core):
                end += 1
            if end == start:
                return None
            changes.setdefault("exclude", []).append(core)
            return end
        else:
            at = -1
        if at > 0 and at + 1 < n and words[at] in ("attacking", "blocking"):
            for end in range(n, at + 1, -1):    # "creatures they control that are attacking
                ref = player_phrase(tokens, at + 1, end) or noun_phrase(  # you", "that's
                    tokens, at + 1, end)                                  # blocking it"
                if ref is not None:
                    changes.setdefault("relations", []).append((words[at], ref))
                    return end
        if at > 0:
            for phrase, state in sorted(_STATE_RELATIVE.items(), key=lambda kv: -len(kv[0])):
                if tuple(words[at:at + len(phrase)]) == phrase:
                    changes.setdefault("states", set()).add(state)
                    return at + len(phrase)
            if at < n and words[at] in ("a", "an"):
                included = _inclusion(tokens, at, changes)
                if included is not None:
                    return included
        for phrase, state in sorted(_RELATIVE_EVENTS.items(), key=lambda kv: -len(kv[0])):
            if tuple(words[i + 1:i + 1 + len(phrase)]) == phrase:
                changes.setdefault("states", set()).add(state)
                return i + 1 + len(phrase)
        if i + 1 < n and words[i + 1] in THIS_WAY and words[i + 2:i + 4] == ["this", "way"]:
            pass
    for phrase, state in sorted(_RELATIVE_EVENTS.items(), key=lambda kv: -len(kv[0])):
        if phrase[0] in ("dealt", "entered", "attacked", "blocked", "died") \
                and tuple(words[i:i + len(phrase)]) == phrase:
            changes.setdefault("states", set()).add(state)
            return i + len(phrase)
    if words[i] in THIS_WAY and words[i + 1:i + 3] == ["this", "way"]:
        changes.setdefault("states", set()).add(f"{words[i]} this way")
        return i + 3
    if (moved := _moved_this_way(words, i)) is not None:
        changes.setdefault("states", set()).add(moved[0])
        changes.setdefault("zone", _MOVED_TO[moved[0].split(" ")[0], moved[0].split(" ")[-3]])
        return moved[1]
    if words[i:i + 5] == ["dealt", "damage", "this", "way"][:4] and i + 4 <= n \
            and words[i:i + 4] == ["dealt", "damage", "this", "way"]:
        changes.setdefault("states", set()).add("dealt damage this way")
        return i + 4
    if words[i] == "who" and i + 1 < n:
        # "each opponent who lost life this turn", "a player who controls more lands":
        # a player's state, read by the condition grammar on "that player ...".
        from analyzer.oracle.grammar.conditions import state_clause

        clause = (Token("WORD", "that"), Token("WORD", "player"), *tokens[i + 1:])
        found = state_clause(clause, 0, len(clause))
        if found is not None:
            changes["who"] = found.text.removeprefix("that player ")
            return n
    if words[i] == "named" and i + 1 < n:
        end = _name_end(tokens, i + 1)
        if end == i + 1:
            return None
        if end - i > 2 and any(t.kind == "SELF" for t in tokens[i + 1:end]) \
                and "," not in {t.kind for t in tokens[i + 1:end]} \
                and not any(t.low in ("and", "or") for t in tokens[i + 1:end]):
            # "named Hammer of CARDNAME": the card's short name inside another card's name
            # (Hammer of Nazahn), not a self-reference; not read rather than misread
            return None
        changes["name"] = untokenize(tokens[i + 1:end])
        return end
    for phrase, relation in sorted(_RELATIONS.items(), key=lambda kv: -len(kv[0])):
        size = len(phrase)
        if tuple(words[i:i + size]) != phrase:
            continue
        start = i + size
        for end in range(n, start, -1):
            tail = ""
            stop = end
            for suffix in _TAIL_RELATION_WORDS:
                parts = suffix.split()
                if words[end - len(parts):end] == parts and end - len(parts) > start:
                    stop, tail = end - len(parts), suffix.strip()
                    break
            ref = noun_phrase(tokens, start, stop) or player_phrase(tokens, start, stop)
            if ref is not None:
                changes.setdefault("relations", []).append((relation, ref))
                if tail:
                    changes.setdefault("states", set()).add(f"{relation.split('_')[0]} "
                                                            f"{tail}")
                return end
        return None
    return None


def _inclusion(tokens: Tokens, i: int, changes: dict[str, Any]) -> int | None:
    """"that's an instant or sorcery", "that's a Soldier or a Knight", "that's a creature":
    what the object also is (a card type or subtypes, CR 205), kept as ``changes["include"]``
    (a :class:`Core`); the next index, or ``None``."""
    from analyzer.oracle.nouns import split_alternatives

    n = len(tokens)
    words: list[Token] = []
    at = i
    while at < n:
        t = tokens[at]
        if t.low in ("a", "an") and (not words or words[-1].low in ("or", ",")):
            at += 1
            continue
        probe = Core()
        if not core_word(t, probe) or t.low in ("and", "and/or"):
            break
        words.append(t)
        at += 1
    while words and (words[-1].low in CONJUNCTIONS):
        words.pop()
        at -= 1
    if not words or split_alternatives(tuple(words)) != []:
        return None
    core = Core()
    for t in words:
        core_word(t, core)
    if not (core.types or core.subtypes) or core.kind != "permanent" or core.states \
            or core.ability:
        return None
    changes["include"] = core
    return at


_OF_CHOICE = {("of", "your", "choice"), ("of", "their", "choice"), ("of", "his", "or", "her",
              "choice"), ("of", "an", "opponent's", "choice"), ("of", "that", "player's",
              "choice"), ("of", "the", "chosen", "type"), ("of", "the", "chosen", "color"),
              ("of", "any", "color"), ("on", "the", "battlefield"), ("from", "the", "battlefield"),
              ("in", "play"), ("of", "its", "controller's", "choice"),
              ("of", "target", "opponent's", "choice"), ("of", "that", "type"),
              ("of", "that", "color"), ("of", "the", "creature", "type", "of", "your", "choice"),
              ("of", "the", "color", "of", "your", "choice")}


_CHOSEN_BY_ANOTHER = frozenset({"of an opponent's choice", "of that player's choice",
                                "of target opponent's choice", "of its controller's choice"})
"""Choices another player makes: states of the filter (:data:`~.objects.FILTER_STATES`)."""


def postmodifiers(tokens: Tokens, i: int, changes: dict[str, Any]) -> bool:
    """Read every post-modifier from ``i`` to the end into ``changes``; False if a part is
    not one. ``tokens`` have their possessives merged (:func:`_merge_possessive_tokens`)."""
    words = [t.low for t in tokens]
    n = len(words)
    while i < n:
        if words[i] == ",":
            i += 1
            continue
        if words[i] == "each" and i + 1 < n and words[i + 1] == "with":
            i += 1
            continue
        matched = False
        for size in (7, 6, 5, 4, 3, 2):
            phrase = tuple(words[i:i + size])
            if phrase in _OWNER_PHRASES:
                if phrase == ("you", "control", "but", "don't", "own"):
                    return False        # control and ownership apart: one owner can't say it
                changes["owner"] = _OWNER_PHRASES[phrase]
                if any(w in ("own", "owns") for w in phrase) \
                        and not any(w in ("control", "controls") for w in phrase):
                    changes["owned"] = True     # ownership, not control (CR 108.3, 110.2)
                i += size
                matched = True
                break
            if phrase in _OF_CHOICE:
                chosen = next((w for w in ("type", "color") if w in phrase[:-1]), "") \
                    if phrase[-3:] == ("of", "your", "choice") and len(phrase) > 3 else ""
                if chosen:
                    # "all creatures of the creature type of your choice" (Extinction):
                    # the type the controller chooses as the effect resolves (CR 608.2d)
                    changes.setdefault("states", set()).add(f"chosen {chosen}")
                elif phrase[-1] in ("type", "color"):
                    changes.setdefault("states", set()).add(f"chosen {phrase[-1]}")
                elif " ".join(phrase) in _CHOSEN_BY_ANOTHER:
                    # "target creature of an opponent's choice they control" (Evangelize):
                    # another player chooses it (CR 115.1), kept so it is never read as yours
                    changes.setdefault("states", set()).add(" ".join(phrase))
                i += size
                matched = True
                break
        if matched:
            continue
        if words[i] in ("from", "in", "on") and i + 1 < n:
            if words[i + 1:i + 3] == ["among", "them"] or words[i + 1:i + 4] == [
                    "among", "those", "cards"]:
                size = 3 if words[i + 2] == "them" else 4
                _among(changes, " ".join(words[i + 2:i + size]))
                i += size
                continue
            if words[i + 1:i + 3] == ["among", "the"] and i + 4 < n + 1 \
                    and words[i + 3] in _GROUP_PARTICIPLES and words[i + 4:i + 5] == ["cards"]:
                # "from among the milled cards" (Free the Fae): the group named before
                _among(changes, " ".join(words[i + 2:i + 5]))
                i += 5
                continue
            if words[i + 1] in ("it", "them") and i + 2 == n:
                _among(changes, words[i + 1])
                i += 2
                continue
            zone = zone_phrase(words, i + 1)
            if zone is not None:
                changes["zone"] = zone[0]
                if zone[1] is not None and zone[0] is not Zone.BATTLEFIELD:
                    changes["owner"] = zone[1]
                i = zone[2]
                continue
            if words[i + 1] == "anywhere":
                changes["zone"] = None
                i += 2
                continue
            return False
        if words[i:i + 2] == ["except", "for"] and i + 2 < len(words):
            # "all permanents except for artifacts and lands": those types excluded; a
            # list of two or more, so that "except for lands" cut from "... except for
            # lands and tokens" by a split at "and" is no reading
            core = Core()
            if not all(core_word(t, core) for t in tokens[i + 2:]) or core.states \
                    or core.nouns < 2 \
                    or core.kind != "permanent" or not (core.types or core.subtypes) \
                    or core.colors or core.supertypes or core.excluded:
                return False
            changes.setdefault("exclude", []).append(core)
            i = len(words)
            continue
        if words[i:i + 2] in (["that", "has"], ["that", "have"]) and "counter" not in changes:
            # "target creature that has a -1/-1 counter on it": as "with" (CR 122.1); only
            # the counter reading of "with" is taken
            trial: dict[str, Any] = {}
            end = _with(words, i + 1, tokens, trial)
            if end is not None and set(trial) == {"counter"}:
                changes["counter"] = trial["counter"]
                i = end
                continue
        if words[i] in ("with", "without"):
            end = _with(words, i, tokens, changes)
            if end is None:
                return False
            i = end
            continue
        end = _relative(words, i, tokens, changes)
        if end is None:
            return False
        i = end
    return True


_NAME_WORDS = frozenset({"of", "the", "and", "to", "a", "in", "on", "from", "with", "for",
                         "at", "into", "de", "du", "la", "le", "des", "y"})


def _name_end(tokens: Tokens, i: int) -> int:
    """Where a card name after "named" ends: ``CARDNAME`` or capitalized words ("Ajani,
    Valiant Protector", "Sword of Kaldra, Shield of Kaldra, and Helm of Kaldra"), never
    the clause after it ("Avarax, reveal it, ..."; "Kindle in all graveyards")."""
    def capital(k: int) -> bool:
        return k < len(tokens) and (tokens[k].kind == "SELF" or (
            tokens[k].kind == "WORD" and tokens[k].text[:1].isupper()))

    end = k = i
    while k < len(tokens):
        t = tokens[k]
        if capital(k) or (t.kind in ("POSS", "NUMBER") and k > i):
            k += 1
            end = k
        elif t.kind == "," and capital(k + 1):
            k += 1
        elif t.kind == "," and k + 1 < len(tokens) and tokens[k + 1].low in ("and", "or") \
                and capital(k + 2):
            k += 2
        elif t.kind == "WORD" and t.low in _NAME_WORDS | {"and", "or"} and k > i \
                and (capital(k + 1) or (k + 2 < len(tokens)
                                        and tokens[k + 1].low in _NAME_WORDS
                                        and capital(k + 2))):
            k += 1
        else:
            break
    return end


CREATURE_PARENTS = frozenset({"Creature", "Kindred", "Tribal"})
SUBTYPE_PARENTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine",
                     "Mountain", "Plains", "Sphere", "Swamp", "Tower", "Town", "Cave"),
                    frozenset({"Land"})),
    **dict.fromkeys(("Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment",
                     "Food", "Fortification", "Gold", "Incubator", "Infinity", "Junk",
                     "Lander", "Map", "Powerstone", "Spacecraft", "Treasure", "Vehicle",
                     "Stone"), frozenset({"Artifact"})),
    **dict.fromkeys(("Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Room",
                     "Rune", "Saga", "Shard", "Shrine", "Role"), frozenset({"Enchantment"})),
    **dict.fromkeys(("Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap"),
                    frozenset({"Instant", "Sorcery"})),
    **dict.fromkeys(("Planet", "Siege"), frozenset({"Battle"})),
}
"""The card types each non-creature subtype belongs to (CR 205.3g-k); a creature type
belongs to creatures and kindred cards (CR 205.3m)."""
_GROUP_PARTICIPLES = frozenset({"milled", "revealed", "exiled", "discarded"})
BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
"""The basic land types (CR 205.3i): "with a basic land type" is any one of them."""


def _among(changes: dict[str, Any], group: str) -> None:
    """"from among them", "from it": the object is one of a group named before (cards
    looked at, revealed, milled), kept as the relation ``("among", <the group>)``; where
    the group is, the effect before it says (:func:`~.grammar.sentence.infer_origins`)."""
    changes.setdefault("relations", []).append(
        ("among", ObjectRef(ObjectFilter(kind="it"), ONE, False, group)))
