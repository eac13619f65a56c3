"""Noun phrases: a span of tokens -> :class:`~.objects.ObjectRef` (CR 109, 115.1).

A noun phrase of Oracle text is read in three parts, as a player reads it:

- a **determiner** — how many and whether targeted: "a", "target", "up to two target",
  "each other", "any number of", "one or more", "another", a bare plural ("Goblins you
  control": every such object);
- the **core** — adjectives and the head noun, in any order Oracle uses: colours ("red",
  "nonblack"), supertypes ("legendary", "basic"), states ("tapped", "attacking", "token"),
  card types and subtypes as adjectives or heads ("artifact creature", "Goblin", "Aura
  card"), kinds ("permanent", "card", "spell", "source"), joined by "and", "or", "and/or";
- **post-modifiers**, each typed: controller and owner ("you control", "an opponent owns"),
  zone ("from your graveyard", "in exile"), "with ..." and "without ..." (keywords, power,
  toughness, mana value, counters, names), relative clauses ("that's attacking", "that
  entered this turn", "that shares a creature type with it") and participles ("attacking
  you", "blocking CARDNAME", "attached to it", "named Plague Rats", "other than CARDNAME").

Fixed phrases (players, pronouns that refer back: "that creature", "the exiled card") are
looked up first; a list of noun phrases ("each creature and each player", "target artifact
card or creature card") is read item by item. Every word must be read: a phrase with a word
the grammar does not know is not a noun phrase (``None``), never a guess.

Examples
--------
>>> from analyzer.oracle.lexer import tokenize
>>> def np(text):
...     t = tokenize(text)
...     return noun_phrase(t, 0, len(t))
>>> r = np("up to two target nonland permanents you don't control")
>>> r.count.describe(), r.targeted, sorted(r.filter.excluded_types), r.filter.owner.name
('up to 2', True, ['Land'], 'NOT_YOU')
>>> sorted(np("creatures you control with flying").filter.keywords)
['flying']
>>> np("another target creature card with mana value 3 or less from your graveyard"
...    ).filter.mana_value
('<=', 3)
>>> np("the moon") is None
True
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from analyzer.oracle.lexer import Token, tokenize, untokenize  # noqa: F401 (doctests)
from analyzer.oracle.noun_modifiers import (
    BASIC_LAND_TYPES,
    CREATURE_PARENTS,
    SUBTYPE_PARENTS,
    THIS_WAY,
    postmodifiers,
    zone_phrase,
)
from analyzer.oracle.noun_words import (
    ANY_TARGET,
    ATTACKED,
    CONJUNCTIONS,
    PLAYERS,
    PLURAL_KINDS,
    PLURAL_PRONOUNS,
    PLURAL_TYPES,
    PRONOUNS,
    TARGETED_PLAYERS,
    Core,
    core_word,
    mixed_kinds,
    phrase_key,
    read_determiner,
    required_types,
    subtype_of,
)
from analyzer.oracle.objects import (
    EACH,
    ONE,
    Comparison,
    Count,
    ObjectFilter,
    ObjectRef,
    Owner,
    Quantity,
    Zone,
    parse_number,
)

__all__ = ["define_x", "noun_phrase"]

Tokens = tuple[Token, ...]


# -- the phrase ---------------------------------------------------------------------------

def _merge_possessive_tokens(tokens: Tokens) -> Tokens:
    """Tokens with every ``WORD POSS`` pair merged into one word ("opponent's"), so that
    owner and zone tables read whole words."""
    merged: list[Token] = []
    for t in tokens:
        if t.kind == "POSS" and merged and merged[-1].kind == "WORD":
            prev = merged.pop()
            suffix = "'" if t.text == "'" else "'s"
            merged.append(Token("WORD", prev.text + suffix,
                                prev.low + ("'" if t.text == "'" else "'s")))
        else:
            merged.append(t)
    return tuple(merged)


def noun_phrase(tokens: Sequence[Token], i: int, j: int) -> ObjectRef | None:
    """Read ``tokens[i:j]`` as one noun phrase, or ``None`` (every token must be read).

    Players ("target opponent", "each player"), the source (``SELF``), phrases that refer
    back ("that creature"), "any target", the top cards of a library and lists of noun
    phrases are read too.
    """
    span = tuple(tokens[i:j])
    if not span:
        return None
    return _noun_phrase(span)


def _that_subtype(span: Tokens, text: str) -> ObjectRef | None:
    """"that Vehicle", "that Aura", "those Equipment", "that Wall": the object of that
    subtype named earlier (CR 608.2c; the pronouns of :data:`PRONOUNS` written with a
    subtype, which the lower-case key misses).

    >>> _that_subtype(tuple(tokenize("that Vehicle")), "that Vehicle").filter.subtypes
    frozenset({'Vehicle'})
    """
    from analyzer.oracle.noun_words import names_a_subtype

    if len(span) != 2 or span[0].low not in ("that", "those") or span[1].kind != "WORD" \
            or not span[1].text[:1].isupper() or not names_a_subtype(span[1].text):
        return None
    if span[0].low == "those" and span[1].text not in ("Equipment",) \
            and not span[1].text.endswith("s"):
        return None
    subtype = span[1].text
    if span[0].low == "those" and subtype != "Equipment":
        subtype = subtype[:-1]
        if not names_a_subtype(subtype):
            return None
    return ObjectRef(ObjectFilter(kind="it", subtypes=frozenset({subtype})),
                     EACH if span[0].low == "those" else ONE, False, text)


@lru_cache(maxsize=1 << 17)
def _noun_phrase(span: Tokens) -> ObjectRef | None:
    if not span:
        return None
    text = untokenize(span)
    key = phrase_key(span)
    if len(span) == 1 and span[0].kind == "SELF":
        return ObjectRef(ObjectFilter(kind="self"), ONE, False, text)
    if span[0].kind == "SELF" and len(span) > 2 and span[1].low in ("from", "in"):
        return _self_in_zone(span, text)
    first_low = key if span[0].kind == "SELF" else key[:1].lower() + key[1:]
    if first_low in PLAYERS:
        kind, owner, each = PLAYERS[first_low]
        return ObjectRef(ObjectFilter(kind=kind, owner=owner), EACH if each else ONE,
                         first_low in TARGETED_PLAYERS, text)
    if first_low in ATTACKED or first_low.replace("CARDNAME", "it") in ATTACKED:
        return ObjectRef(ObjectFilter(kind="attacked"), ONE, False, text)
    if (part := _partitive(first_low, text)) is not None:
        return part
    if (chosen := _targets(first_low, text)) is not None:
        return chosen
    if first_low in PRONOUNS:
        return ObjectRef(ObjectFilter(kind="it"),
                         EACH if first_low in PLURAL_PRONOUNS else ONE, False, text)
    if (back := _that_subtype(span, text)) is not None:
        return back
    if len(span) > 2 and span[0].low == "the" and span[1].low in THIS_WAY:
        # "the exiled creature card", "the sacrificed enchantment": the object the effect
        # before named (CR 608.2c), with what the words say of it.
        core = Core()
        if all(core_word(t, core) for t in span[2:]) and (core.nouns or core.types
                                                           or core.subtypes) \
                and not core.joined and core.kind in ("permanent", "card", "spell"):
            return ObjectRef(ObjectFilter(kind="it", types=frozenset(core.types),
                                          subtypes=frozenset(core.subtypes),
                                          excluded_types=frozenset(core.excluded),
                                          words=text), EACH if core.plural else ONE,
                             False, text)
    if first_low in ANY_TARGET:
        kind, types = ANY_TARGET[first_low]
        owner = Owner.OPPONENT if first_low.endswith("an opponent controls") else Owner.ANY
        count = Count(0, 1) if first_low.startswith("up to one") else \
            Count(0, None) if first_low.startswith("any number") else ONE
        return ObjectRef(ObjectFilter(kind=kind, types=types, owner=owner,
                                      other="other" in first_low or "another" in first_low
                                      or "third" in first_low),
                         count, True, text)
    merged = _merge_possessive_tokens(span)
    if (top := _library_cards(merged, text)) is not None:
        return top
    if (owned := _abilities_of(span, text)) is not None:
        return owned
    if span[0].low in ("enchanted", "equipped", "fortified") and len(span) > 1:
        # "enchanted Forest", "equipped Wall": the object the source is attached to.
        core = Core()
        if all(core_word(t, core) for t in span[1:]) and core.nouns and not core.plural:
            return ObjectRef(ObjectFilter(kind="it", types=frozenset(core.types),
                                          subtypes=frozenset(core.subtypes),
                                          states=frozenset({span[0].low})), ONE, False, text)
    found = _simple(merged, text)
    if found is not None:
        return found
    return _coordinated(span, text)


_ABILITY_HEADS = {("activated", "abilities"): "activated ability",
                  ("triggered", "abilities"): "triggered ability",
                  ("abilities",): "", ("activated", "ability"): "activated ability",
                  ("loyalty", "abilities"): "loyalty ability",
                  ("mana", "abilities"): "mana ability"}


def _abilities_of(span: Tokens, text: str) -> ObjectRef | None:
    """"its activated abilities", "enchanted creature's activated abilities", "activated
    abilities of artifacts" (CR 113.1, 602): abilities of an object, kind ``"ability"``
    with the object as the ``of`` relation."""
    words = [t.low for t in span]
    ref: ObjectRef | None
    for head, state in _ABILITY_HEADS.items():
        size = len(head)
        if tuple(words[-size:]) == head and len(words) > size:
            owner = span[:-size]
            if owner[-1].kind == "POSS":
                owner = owner[:-1]
            elif [t.low for t in owner] not in (["its"], ["their"]):
                return None        # "target spell, activated ability": a list, no owner
            if [t.low for t in owner] in (["its"], ["their"]):
                ref = ObjectRef(ObjectFilter(kind="it"), ONE, False, owner[0].text)
            else:
                ref = _noun_phrase(tuple(owner))
            if ref is None:
                return None
            states = frozenset({state} if state else ())
            return ObjectRef(ObjectFilter(kind="ability", states=states,
                                          relations=(("of", ref),)), EACH, False, text)
        if tuple(words[:size]) == head and words[size:size + 1] == ["of"]:
            ref = _noun_phrase(tuple(span[size + 1:]))
            if ref is None:
                return None
            states = frozenset({state} if state else ())
            return ObjectRef(ObjectFilter(kind="ability", states=states,
                                          relations=(("of", ref),)), EACH, False, text)
    return None


_GROUPS = (("of", "them"), ("of", "those", "cards"), ("of", "those", "creatures"),
           ("of", "the", "revealed", "cards"), ("of", "the", "exiled", "cards"))


def _targets(phrase: str, text: str) -> ObjectRef | None:
    """"one or two targets", "up to three targets", "each of up to two targets", "one,
    two, or three targets": that many targets of any kind (CR 115.4, the plural of "any
    target"); "each of" names every one of them, as the phrase without it does."""
    words = phrase.replace(" ,", ",").replace(",", " ,").split()
    if words[-1:] != ["targets"] or len(words) < 2:
        return None
    if words[:2] == ["each", "of"]:
        words = words[2:]
    found = read_determiner([*words[:-1], "cards"], 0)
    if found is None or found[0] is None or found[3] != len(words) - 1 or found[1] \
            or found[2] or found[0].each or found[0] == ONE:
        return None
    return ObjectRef(ObjectFilter(kind="any"), found[0], True, text)


def _partitive(phrase: str, text: str) -> ObjectRef | None:
    """"two of them", "up to two of them", "any number of those cards", "X of them": some
    of a group named before (CR 608.2c), kind ``"it"`` with their number; "each of them"
    and "one of them" are the pronouns of :data:`PRONOUNS`."""
    words = phrase.split()
    group = next((g for g in _GROUPS if tuple(words[-len(g):]) == g), None)
    if group is None or len(words) == len(group) or phrase.startswith("each of"):
        return None
    head = words[:-len(group)]
    if head in (["any", "number"], ["up", "to"]) or head[:2] == ["any", "number"]:
        count: Count | None = Count(0, None) if head == ["any", "number"] else None
    else:
        found = read_determiner([*head, "cards"], 0)
        count = found[0] if found is not None and found[3] == len(head) \
            and not found[1] and not found[2] else None
    if count is None or count.each:
        return None
    return ObjectRef(ObjectFilter(kind="it"), count, False, text)


def _self_in_zone(span: Tokens, text: str) -> ObjectRef | None:
    """"CARDNAME from your graveyard", "CARDNAME from your hand", "CARDNAME from exile": the
    card itself in one named zone (CR 400.1), kind ``"self"`` with that :attr:`zone`; two
    zones ("from your graveyard or hand") are not one zone and are not read."""
    words = [t.low for t in _merge_possessive_tokens(span)]
    if any(w in ("and", "or", "and/or") for w in words):
        return None
    zone = zone_phrase(words, 2)
    if zone is None or zone[2] != len(words) or zone[0] is Zone.BATTLEFIELD:
        return None
    return ObjectRef(ObjectFilter(kind="self", zone=zone[0], owner=zone[1] or Owner.ANY),
                     ONE, False, text)


def _library_cards(tokens: Tokens, text: str) -> ObjectRef | None:
    """"the top card of your library", "the top X cards of target player's library",
    "the bottom card of your library" (CR 401.1): cards in a library, by position."""
    words = [t.low for t in tokens]
    if len(words) < 5 or words[0] != "the" or words[1] not in ("top", "bottom"):
        return None
    at = 2
    number = 1
    if words[at] not in ("card", "cards"):
        found = parse_number(words[at])
        if found is None:
            return None
        number, at = found, at + 1
    if at >= len(words) or words[at] not in ("card", "cards") or words[at + 1:at + 2] != ["of"]:
        return None
    zone = zone_phrase(words, at + 2)
    if zone is None or zone[0] not in (Zone.LIBRARY, Zone.GRAVEYARD) or zone[2] != len(words) \
            or (zone[0] is Zone.GRAVEYARD and (words[1] != "top" or number != 1)):
        return None
    owner = zone[1] or Owner.YOU
    states = frozenset({"top"} if words[1] == "top" else {"bottom"})
    return ObjectRef(ObjectFilter(kind="card", zone=zone[0], owner=owner,
                                  states=states, words=text),
                     Count(number, number), False, text)


def _simple(tokens: Tokens, text: str) -> ObjectRef | None:
    """determiner + core + post-modifiers."""
    words = [t.low for t in tokens]
    determined = read_determiner(words, 0)
    if determined is None:
        return None
    count, targeted, other, at = determined
    n = len(tokens)
    size = _printed_size(tokens, at)
    if size is not None:
        at += 1                 # "target 1/1 creature" (CR 208.1): its power and toughness
    # The core runs from ``at`` to the first word that is not an adjective or noun; if the
    # post-modifiers after it do not read, the core gives words back ("creatures attacking
    # you": "attacking" is a participle there).
    core = Core()
    end = at
    while end < n and core_word(tokens[end], Core()):
        end += 1
    for stop in range(end, at, -1):
        if tokens[stop - 1].low in CONJUNCTIONS or mixed_kinds(tokens[at:stop]):
            continue
        core = Core()
        for token in tokens[at:stop]:
            core_word(token, core)
        if not (core.nouns or core.subtypes or core.types):
            continue
        changes: dict[str, Any] = {}
        if not postmodifiers(tokens, stop, changes):
            continue
        if words[0] == "the" and count == ONE and not targeted \
                and _definitely_plural(tokens[at:stop]):
            count = EACH                # "the nonland cards revealed this way": all of them
        alternatives = split_alternatives(tokens[at:stop])
        if alternatives is None:
            return None
        if size is not None:
            if alternatives or core.types != {"Creature"} or core.joined \
                    or "token" in core.states or {"power", "toughness"} & set(changes):
                return None
            changes["power"], changes["toughness"] = ("==", size[0]), ("==", size[1])
        if alternatives:
            return _build_alternatives(alternatives, changes, count, targeted, other, text)
        return _build(core, changes, count, targeted, other, tokens[at:stop], text)
    return None


def _printed_size(tokens: Tokens, at: int) -> tuple[int, int] | None:
    """``(power, toughness)`` of a size word before the core ("a 1/1 creature"), else
    ``None``."""
    if at >= len(tokens) or tokens[at].kind != "PT":
        return None
    power, _, toughness = tokens[at].text.partition("/")
    if not (power.isdigit() and toughness.isdigit()):
        return None
    return int(power), int(toughness)


_UNION_CATEGORIES = frozenset({"color", "type", "subtype"})
"""Categories of core words that a list of them joins as a union: "red or green",
"artifact or creature", "Aura or Equipment" (the filter's field already means "any of")."""
_HEAD_KINDS = frozenset({"card", "cards", "permanent", "permanents", "spell", "spells",
                         "source", "sources", "token", "tokens"})


def _category(token: Token) -> str:
    """What one core word is: ``"color"``, ``"type"``, ``"subtype"``, ``"supertype"``,
    ``"state"``, ``"exclusion"``, ``"kind"``, ``"ability"``, or ``""``."""
    core = Core()
    if not core_word(token, core):
        return ""
    if core.types:
        return "type"
    if core.subtypes:
        return "subtype"
    if core.colors:
        return "color"
    if core.supertypes:
        return "supertype"
    if core.excluded or core.excluded_colors or any(s.startswith("non") for s in core.states):
        return "exclusion"
    if core.states:
        return "state"
    if core.ability:
        return "ability"
    return "kind" if core.nouns else ""


def split_alternatives(core_tokens: Tokens) -> list[Tokens] | None:
    """The alternatives of a core whose list joins words of different categories
    ("instant, sorcery, or Faerie card", "legendary and/or enchantment cards", "creature or
    Vehicle", "artifact, enchantment, or token", "attacking or blocking creature", "creature
    or tapped artifact", "spell, activated ability, or triggered ability"), each with the
    shared head noun ("card"); ``[]`` when the core reads as one filter (no list, or lists of
    colours, card types or subtypes only, whose fields already mean "any of": "white or blue
    instant or sorcery spell", "Cleric or Wizard creature card"); ``None`` when the list
    can't be read safely ("white and blue creature": both colours?)."""
    if not any(t.low in ("or", "and/or", "and") for t in core_tokens):
        return []
    separators = [k for k, t in enumerate(core_tokens)
                  if t.kind == "," or t.low in ("or", "and/or", "and")]
    joiners = {core_tokens[k].low for k in separators if core_tokens[k].kind != ","}
    pairs: list[tuple[str, str]] = []
    for k in separators:
        left = next((core_tokens[m] for m in range(k - 1, -1, -1) if m not in separators),
                    None)
        right = next((core_tokens[m] for m in range(k + 1, len(core_tokens))
                      if m not in separators), None)
        if left is None or right is None:
            return None
        pairs.append((_category(left), _category(right)))
    categories = {c for pair in pairs for c in pair}
    if "" in categories:
        return None
    same = all(left == right for left, right in pairs)
    if same and categories <= _UNION_CATEGORIES:
        if categories == {"color"} and "and" in joiners:
            return None
        return []
    if same and "state" in categories and "and" in joiners:
        return None                                 # "tapped and attacking"
    segments: list[list[Token]] = [[]]
    for k, t in enumerate(core_tokens):
        if k in separators:
            if segments[-1]:
                segments.append([])
        else:
            segments[-1].append(t)
    head: list[Token] = []
    last = segments[-1]
    while len(last) > 1 and last[-1].low in _HEAD_KINDS:
        head.insert(0, last.pop())
    items: list[list[Token]] = segments
    same = same and len(categories) == 1
    if same and all(len(seg) == 1 for seg in segments[:-1]):
        items = [[*seg, *last[1:]] for seg in segments[:-1]] + [last]   # "attacking or
    elif same and all(len(seg) == 1 for seg in segments[1:]):           # blocking creature"
        items = [segments[0]] + [[*segments[0][:-1], *seg] for seg in segments[1:]]
    return [tuple([*item, *head]) for item in items]


def _definitely_plural(tokens: Tokens) -> bool:
    """True if a word of the core is a plural that is no singular too ("cards",
    "creatures", "Elves"; not "Equipment")."""
    return any(t.low in PLURAL_KINDS or t.low in PLURAL_TYPES or (
        (sub := subtype_of(t.text)) is not None and sub != t.text) for t in tokens)


def _build_alternatives(alternatives: list[Tokens], changes: dict[str, Any],
                        count: Count | None, targeted: bool, other: bool,
                        text: str) -> ObjectRef | None:
    """One reference whose filter is any of the alternatives (:attr:`ObjectFilter.any_of`),
    each with the post-modifiers; the fields every alternative shares are kept on top."""
    refs: list[ObjectRef] = []
    plural = False
    for item in alternatives:
        core = Core()
        if not all(core_word(t, core) for t in item) or not (core.nouns or core.subtypes
                                                                or core.types):
            return None
        if count is not None and count.high == 1 and not count.each \
                and _definitely_plural(item):
            return None                 # "a noncreature spell, Birds, Frogs": two phrases
        plural |= core.plural
        built = _build(dataclasses.replace(core, plural=True), dict(changes), count, targeted,
                       other, item, text)
        if built is None:
            return None
        refs.append(built)
    if count is None and not plural:
        return None
    items = tuple(r.filter for r in refs)
    return ObjectRef(_shared_filter(items, text), refs[0].count, targeted, text)


def _shared_filter(items: tuple[ObjectFilter, ...], text: str) -> ObjectFilter:
    """A filter whose :attr:`~ObjectFilter.any_of` is ``items``; its other fields hold what
    every item shares (types, subtypes and colours: their union when every item has some)."""
    shared: dict[str, Any] = {}
    for f in dataclasses.fields(ObjectFilter):
        values = [getattr(item, f.name) for item in items]
        if f.name in ("types", "subtypes", "colors"):
            if all(values):
                union = values[0]
                for v in values[1:]:
                    union = union | v
                shared[f.name] = union
        elif f.name not in ("any_of", "words") and all(v == values[0] for v in values):
            shared[f.name] = values[0]
    kinds = {item.kind for item in items}
    shared["kind"] = items[0].kind if len(kinds) == 1 else "any"
    return ObjectFilter(**shared, words=text, any_of=items)


def _build(core: Core, changes: dict[str, Any], count: Count | None, targeted: bool,
           other: bool, core_tokens: Tokens, text: str) -> ObjectRef | None:
    """The :class:`ObjectRef` of a read phrase; ``None`` for a bare singular noun
    ("creature you control" is not a phrase of its own)."""
    if count is None:
        if not core.plural:
            return None
        count = EACH
    if "either" in changes:
        # "with power or toughness 2 or less": any of the filters with one of them.
        refs = []
        for key, value in changes["either"]:
            variant = {k: v for k, v in changes.items() if k != "either"}
            variant[key] = value
            ref = _build(core, variant, count, targeted, other, core_tokens, text)
            if ref is None:
                return None
            refs.append(ref)
        return ObjectRef(_shared_filter(tuple(r.filter for r in refs), text), count,
                         targeted, text)
    if "include" in changes:
        merged = _included(core, changes["include"])
        if merged is None:
            return None
        core = merged
    states = set(core.states) | set(changes.get("states", set()))
    kind = core.kind
    if core.ability:
        kind = "ability"
    if "token" in states and kind == "token":
        kind = "permanent"
    excluded = set(core.excluded)
    excluded_subtypes: set[str] = set()
    for exclusion in changes.get("exclude", []):
        excluded |= exclusion.types
        excluded_subtypes |= exclusion.subtypes
        states |= {f"non-{s}".lower() for s in exclusion.subtypes}
        states |= {f"not {s}" for s in exclusion.states
                   if s in ("enchanted", "equipped", "attacking", "blocking")}
        if exclusion.states - {"enchanted", "equipped", "attacking", "blocking"}:
            return None
    zone_given = "zone" in changes
    zone = changes.get("zone")
    if zone is None:
        zone = Zone.STACK if kind == "spell" else Zone.BATTLEFIELD
    relations = tuple(changes.get("relations", ()))
    if core.ability and core.ability != "mana":
        states.add(f"{core.ability} ability")
    lows = [t.low for t in core_tokens]
    if kind == "card" and any(a in ("permanent", "permanents") and b in ("card", "cards")
                              for a, b in itertools.pairwise(lows)):
        states.add("permanent card")        # "target permanent card" (CR 110.4b)
    owner = changes.get("owner", Owner.ANY)
    if changes.get("owned") and zone in (Zone.BATTLEFIELD, Zone.STACK) \
            and kind not in ("player", "opponent", "card"):
        # "target permanents you own" (Leave // Chance): a permanent's owner may not be its
        # controller (CR 108.3, 110.2), which the filter's one owner field can't say
        return None
    if kind in ("player", "opponent"):
        if core.types or core.subtypes or core.colors or (zone_given and zone is not \
                Zone.BATTLEFIELD):
            return None
        owner = Owner.OPPONENT if kind == "opponent" else owner
    subtypes = frozenset(core.subtypes)
    if changes.get("basic_land_type"):
        if subtypes:
            return None
        subtypes = BASIC_LAND_TYPES
    filter_ = ObjectFilter(
        kind=kind, types=frozenset(core.types), subtypes=subtypes,
        excluded_types=frozenset(excluded), supertypes=frozenset(core.supertypes),
        colors=core.colors, excluded_colors=core.excluded_colors,
        owner=owner, zone=zone, other=other,
        states=frozenset(states), mana_value=changes.get("mana_value"),
        power=changes.get("power"), words=untokenize(core_tokens),
        mana_value_counters=changes.get("mana_value_counters", ""),
        all_types=core.required or (required_types(core_tokens) if not core.joined
                                    else frozenset()),
        toughness=changes.get("toughness"),
        total_power_toughness=changes.get("total_power_toughness"),
        keywords=frozenset(changes.get("keywords", ())),
        without_keywords=frozenset(changes.get("without_keywords", ())),
        counter=changes.get("counter", ""), name=changes.get("name", ""),
        comparisons=tuple(changes.get("comparisons", ())), relations=relations,
        who=changes.get("who", ""), mana_costs=frozenset(changes.get("mana_costs", ())))
    if core.joined and filter_.types and filter_.subtypes and not filter_.any_of \
            and any(not SUBTYPE_PARENTS.get(sub, CREATURE_PARENTS) & filter_.types
                    for sub in filter_.subtypes):
        # "an instant, sorcery, or Faerie card", "target creature or Aura card": the
        # subtype is an item of the list, not a subtype of its card types (CR 205.3d)
        filter_ = dataclasses.replace(
            filter_, types=frozenset(), subtypes=frozenset(), all_types=frozenset(),
            any_of=(dataclasses.replace(filter_, subtypes=frozenset()),
                    dataclasses.replace(filter_, types=frozenset(), all_types=frozenset())))
    elif core.joined and len(filter_.types) > 1 and filter_.subtypes:
        return None      # "target artifact creature or Equipment": which item is which?
    return ObjectRef(filter_, count, targeted, text)


def _included(core: Core, include: Core) -> Core | None:
    """The core of "<core> that's <include>": both hold ("card that's an instant or
    sorcery": a card, an instant or a sorcery; "creature that's an artifact": both types,
    CR 205.2a); ``None`` when the two can't be one filter."""
    merged = dataclasses.replace(core, types=set(core.types), subtypes=set(core.subtypes),
                                 supertypes=core.supertypes | include.supertypes,
                                 excluded=core.excluded | include.excluded)
    if include.types:
        if core.types:
            if len(core.types) != 1 or len(include.types) != 1:
                return None
            merged.types = core.types | include.types
            merged.required = frozenset(merged.types)
        else:
            merged.types = set(include.types)
            merged.joined = True
    if include.subtypes:
        if core.subtypes:
            return None
        merged.subtypes = set(include.subtypes)
    if include.colors or include.excluded_colors:
        if core.colors:
            return None
        merged.colors, merged.excluded_colors = include.colors, include.excluded_colors
    return merged


def _coordinated(span: Tokens, text: str, joiner: str = "") -> ObjectRef | None:
    """"each creature and each player", "target artifact card or creature card",
    "Goblins and Orcs you control" (a list whose items are noun phrases); the items before
    the last of "A, B, or C" (``joiner`` "or": one object of any of them) are cut at their
    commas too, never those of "A, B, and C" (several objects)."""
    cuts = [k for k, t in enumerate(span) if t.low in ("and", "or", "and/or") and 0 < k
            < len(span) - 1]
    if not text and joiner in ("or", "and/or"):
        cuts += [k for k, t in enumerate(span) if t.kind == "," and 0 < k < len(span) - 1
                 and span[k + 1].low not in ("and", "or", "and/or")]
    for k in sorted(cuts, reverse=True):
        left_end = k - 1 if span[k - 1].kind == "," else k
        word = joiner if span[k].kind == "," else span[k].low
        left = _noun_phrase(span[:left_end]) or _coordinated(span[:left_end], "", word)
        right = _noun_phrase(span[k + 1:]) or _shared_determiner(span[:left_end],
                                                                 span[k + 1:])
        if text and (right is None or (left is not None and all(
                core_word(t, Core()) for t in span[:left_end]))):
            # "spells or abilities your opponents control": after a bare item, the last
            # item's modifier is said of both (CR 109.5: each is controlled by an opponent)
            both = _shared_modifier(span[:left_end], span[k + 1:])
            if both is not None:
                left, right = both
        if left is None or right is None:
            continue
        return _join(left, right, text or untokenize(span), word)
    return None


def _shared_modifier(left: Tokens, right: Tokens) -> tuple[ObjectRef, ObjectRef] | None:
    """"a spell or ability you control", "target spell or nonland permanent an opponent
    controls": a modifier after the last of two items is said of both, with the
    determiner of the first."""
    m = 0
    while m < len(right) and right[m].kind == "WORD" and right[m].low not in CONJUNCTIONS \
            and core_word(right[m], Core()):
        m += 1
    if m == 0 or m == len(right) or any(t.low in CONJUNCTIONS or t.kind == ","
                                        for t in left):
        return None
    tail = right[m:]
    first = _noun_phrase((*left, *tail))
    second = _shared_determiner(left, right[:m], tail)
    if second is None and all(core_word(t, Core()) for t in left):
        second = _noun_phrase((*right[:m], *tail))      # no determiner to share: "spells"
    if first is None or second is None:
        return None
    return first, second

def _shared_determiner(left: Tokens, right: Tokens, tail: Tokens = ()) -> ObjectRef | None:
    """The last item of "target spell or permanent", "target spell, activated ability, or
    triggered ability" read with the determiner of the first ("target permanent"); only
    for an item of adjectives and nouns (a modifier after it may be the whole list's)."""
    words = [t.low for t in left]
    found = read_determiner(words, 0)
    if found is None or found[0] is None or found[3] == 0 or found[3] >= len(left) \
            or not all(core_word(t, Core()) and t.low not in CONJUNCTIONS
                       and t.kind != "," for t in right):
        return None
    return _noun_phrase((*left[:found[3]], *right, *tail))


def _join(left: ObjectRef, right: ObjectRef, text: str, joiner: str) -> ObjectRef:
    """One reference for "A and B" / "A or B": kind ``"any"`` when the kinds differ, with
    both filters kept as :attr:`ObjectFilter.any_of`."""
    each = left.count.each or right.count.each
    other = left.filter.other or right.filter.other
    items = (left.filter.any_of or (left.filter,)) + (right.filter.any_of or (right.filter,))
    kinds = {f.kind for f in items}
    kind = items[0].kind if len(kinds) == 1 else "any"
    owner = items[0].owner if len({f.owner for f in items}) == 1 else Owner.ANY
    zone = items[0].zone if len({f.zone for f in items}) == 1 else Zone.BATTLEFIELD
    types = frozenset().union(*(f.types for f in items)) if all(f.types for f in items) \
        else frozenset()
    subtypes = frozenset().union(*(f.subtypes for f in items)) \
        if all(f.subtypes for f in items) else frozenset()
    count = EACH if each else (left.count if left.count == right.count else
                               Count(left.count.low, None))
    return ObjectRef(ObjectFilter(kind=kind, owner=owner, zone=zone, other=other, types=types,
                                  subtypes=subtypes, any_of=items, words=text),
                     count, left.targeted or right.targeted or "target" in text, text)


def define_x(ref: ObjectRef, amount: Quantity, words: str) -> ObjectRef | None:
    """The reference with the X of its filter defined by "where X is ..." (CR 107.3a): a
    mana value, power or toughness compared with X becomes a :class:`~.objects.Comparison`
    with the quantity; ``None`` when its filter has no X.

    >>> ref = noun_phrase(tokenize("target creature card with mana value X or less"), 0, 9)
    >>> from analyzer.oracle.quantities import quantity
    >>> amount = quantity(tokenize("the number of lands you control"), 0, 6)
    >>> defined = define_x(ref, amount, "the number of lands you control")
    >>> [c.describe() for c in defined.filter.comparisons], defined.filter.mana_value
    (['mana value <= the number of lands you control'], None)
    >>> defined.describe()
    'target creature card with mana value X or less (where X is the number of lands you control)'
    """
    def replaced(f: ObjectFilter) -> ObjectFilter | None:
        changes: dict[str, Any] = {}
        comparisons = list(f.comparisons)
        for attribute in ("mana_value", "power", "toughness"):
            value = getattr(f, attribute)
            if value is not None and value[1] == -1:
                changes[attribute] = None
                comparisons.append(Comparison(attribute, value[0], amount))
        items = [replaced(item) for item in f.any_of]
        if any(item is not None for item in items):
            changes["any_of"] = tuple(new or old for new, old in zip(items, f.any_of,
                                                                     strict=True))
        if not changes:
            return None
        return dataclasses.replace(f, comparisons=tuple(comparisons), **changes)

    if amount.kind == "x":
        return None
    found = replaced(ref.filter)
    if found is None:
        return None
    return dataclasses.replace(ref, filter=found,
                               text=f"{ref.text.rstrip(', ')} (where X is {words})")
