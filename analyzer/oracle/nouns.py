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

from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.keywords import KEYWORDS
from analyzer.oracle.lexer import Token, tokenize, untokenize  # noqa: F401 (doctests)
from analyzer.oracle.mana import COLOR_NAMES, Color
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
from analyzer.oracle.types import NON_CREATURE_SUBTYPES, singular_creature_type

__all__ = ["define_x", "names_a_subtype", "noun_phrase", "owned_object", "phrase_key",
           "player_phrase", "quantity"]

Tokens = tuple[Token, ...]

# -- vocabulary ------------------------------------------------------------------------------

_CARD_TYPES = {t.lower(): t for t in (
    "Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Instant", "Sorcery",
    "Battle", "Kindred", "Tribal")}
_PLURAL_TYPES = {t + "s": v for t, v in _CARD_TYPES.items()} | {"sorceries": "Sorcery"}
_SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow", "world": "World"}
_COLORS = {name: Color[letter] for letter, name in COLOR_NAMES.items()}
_ADJECTIVE_STATES = frozenset({
    "tapped", "untapped", "attacking", "blocking", "blocked", "unblocked", "nontoken",
    "colorless", "multicolored", "monocolored", "face-down", "face-up", "historic",
    "modified", "outlaw", "enchanted", "equipped", "nonbasic", "nonlegendary", "suspected",
    "attacking/blocking", "paired", "unpaired", "renowned", "monstrous", "goaded",
    "transformed", "double-faced", "saddled", "crewed", "foretold", "plotted", "commander",
    "nonattacking", "nonblocking", "colored",
})
_INVARIANT_PLURALS = frozenset({"Merfolk", "Treefolk", "Kithkin", "Moonfolk", "Sheep",
                                "Fish", "Samurai", "Equipment", "Aetherborn", "Kor",
                                "Drix", "Lhurgoyf", "Noggle", "Pincher", "Yeti", "Moogle",
                                "Phyrexian", "Eldrazi", "Gith", "Sable", "Inkling", "Squid",
                                "Thalakos", "Mite", "Qu", "Ox", "Surrakar", "Elk", "Bison",
                                "Reflection", "Gold", "Food", "Blood", "Junk"})
"""Subtypes whose plural is the singular ("Merfolk you control")."""
_KIND_NOUNS = {"permanent": "permanent", "permanents": "permanent", "card": "card",
               "cards": "card", "spell": "spell", "spells": "spell", "source": "source",
               "sources": "source", "token": "token", "tokens": "token", "ability": "ability",
               "abilities": "ability", "object": "permanent", "objects": "permanent",
               "emblem": "emblem", "emblems": "emblem", "player": "player",
               "players": "player", "opponent": "opponent", "opponents": "opponent"}
_PLURAL_KINDS = frozenset({"permanents", "cards", "spells", "sources", "tokens", "abilities",
                           "objects", "emblems", "players", "opponents"})
_ABILITY_ADJECTIVES = frozenset({"activated", "triggered", "static", "mana", "loyalty"})
_CONJUNCTIONS = frozenset({"and", "or", "and/or", ","})
_NUMBER_DETERMINERS = frozenset({
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "x",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty"})

_PLAYERS: dict[str, tuple[str, Owner, bool]] = {
    # phrase -> (kind, owner, each)
    "you": ("player", Owner.YOU, False), "each player": ("player", Owner.ANY, True),
    "target player": ("player", Owner.ANY, False),
    "target opponent": ("opponent", Owner.OPPONENT, False),
    "each opponent": ("opponent", Owner.OPPONENT, True),
    "that player": ("player", Owner.THAT_PLAYER, False),
    "that player or that planeswalker's controller": ("player", Owner.THAT_PLAYER, False),
    "an opponent": ("opponent", Owner.OPPONENT, False),
    "defending player": ("opponent", Owner.OPPONENT, False),
    "the defending player": ("opponent", Owner.OPPONENT, False),
    "attacking player": ("player", Owner.ANY, False),   # as "the attacking player" below
    "its controller": ("player", Owner.THAT_PLAYER, False),
    "its owner": ("player", Owner.THAT_PLAYER, False),
    "their controller": ("player", Owner.THAT_PLAYER, False),
    "their controllers": ("player", Owner.THAT_PLAYER, False),
    "their owner": ("player", Owner.THAT_PLAYER, False),
    "their owners": ("player", Owner.THAT_PLAYER, False),
    "its owner's": ("player", Owner.THAT_PLAYER, False),
    "your opponents": ("opponent", Owner.OPPONENT, True),
    "target player or planeswalker": ("player", Owner.ANY, False),
    "target opponent or planeswalker": ("opponent", Owner.OPPONENT, False),
    "target player or battle": ("player", Owner.ANY, False),
    "each player and each planeswalker": ("player", Owner.ANY, True),
    "that creature's controller": ("player", Owner.THAT_PLAYER, False),
    "that permanent's controller": ("player", Owner.THAT_PLAYER, False),
    "that spell's controller": ("player", Owner.THAT_PLAYER, False),
    "its controller's": ("player", Owner.THAT_PLAYER, False),
    "each other player": ("player", Owner.NOT_YOU, True),
    "that opponent": ("opponent", Owner.OPPONENT, False),
    "any opponent": ("opponent", Owner.OPPONENT, False),
    "the chosen player": ("player", Owner.THAT_PLAYER, False),
    "a player": ("player", Owner.ANY, False),
    "each of your opponents": ("opponent", Owner.OPPONENT, True),
    "each player who controls fewer lands than the player with the most lands":
        ("player", Owner.ANY, True),
    "they": ("player", Owner.THAT_PLAYER, False),
    "he or she": ("player", Owner.THAT_PLAYER, False),
    "the player": ("player", Owner.THAT_PLAYER, False),
    "that player or planeswalker": ("player", Owner.THAT_PLAYER, False),
    "target opponent or battle": ("opponent", Owner.OPPONENT, False),
    "each opponent and each planeswalker they control": ("opponent", Owner.OPPONENT, True),
    "the active player": ("player", Owner.ANY, False),
    "enchanted player": ("player", Owner.THAT_PLAYER, False),
    "the chosen opponent": ("opponent", Owner.OPPONENT, False),
    "that creature's owner": ("player", Owner.THAT_PLAYER, False),
    "that card's owner": ("player", Owner.THAT_PLAYER, False),
    "that permanent's owner": ("player", Owner.THAT_PLAYER, False),
    "that spell's owner": ("player", Owner.THAT_PLAYER, False),
    "enchanted creature's controller": ("player", Owner.THAT_PLAYER, False),
    "enchanted permanent's controller": ("player", Owner.THAT_PLAYER, False),
    "enchanted land's controller": ("player", Owner.THAT_PLAYER, False),
    "enchanted artifact's controller": ("player", Owner.THAT_PLAYER, False),
    "equipped creature's controller": ("player", Owner.THAT_PLAYER, False),
    "target creature's controller": ("player", Owner.THAT_PLAYER, False),
    "target permanent's controller": ("player", Owner.THAT_PLAYER, False),
    "target spell's controller": ("player", Owner.THAT_PLAYER, False),
    "the attacking player": ("player", Owner.ANY, False),
    "the player who cast it": ("player", Owner.THAT_PLAYER, False),
    "each player who controls the most creatures": ("player", Owner.ANY, True),
    "the monarch": ("player", Owner.ANY, False),
    "each other opponent": ("opponent", Owner.OPPONENT, True),
    "an opponent of your choice": ("opponent", Owner.OPPONENT, False),
    "another target player": ("player", Owner.ANY, False),
    "that player's": ("player", Owner.THAT_PLAYER, False),
    "their": ("player", Owner.THAT_PLAYER, False),
    "his or her": ("player", Owner.THAT_PLAYER, False),
    "up to one target player": ("player", Owner.ANY, False),
    "up to one target opponent": ("opponent", Owner.OPPONENT, False),
    "any player": ("player", Owner.ANY, False),
    "players": ("player", Owner.ANY, True), "opponents": ("opponent", Owner.OPPONENT, True),
    "all players": ("player", Owner.ANY, True), "all opponents": ("opponent", Owner.OPPONENT,
                                                                   True),
    "each player's": ("player", Owner.ANY, True), "each opponent's": ("opponent",
                                                                      Owner.OPPONENT, True),
    "that player's opponents": ("opponent", Owner.NOT_YOU, True),
    "your opponents'": ("opponent", Owner.OPPONENT, True),
    "CARDNAME's owner": ("player", Owner.THAT_PLAYER, False),
    "CARDNAME's controller": ("player", Owner.THAT_PLAYER, False),
    "the creature's controller": ("player", Owner.THAT_PLAYER, False),
}
"""Players by their phrase (CR 102, 109.4b: "its controller", "defending player")."""
_TARGETED_PLAYERS = frozenset(p for p in _PLAYERS if "target" in p)

_PRONOUNS = frozenset({
    "it", "them", "he", "she", "that creature", "that card", "each chosen creature",
    "those creatures", "those cards",
    "that permanent", "the creature", "that land", "the token", "the tokens", "those tokens",
    "that token", "enchanted creature", "equipped creature", "enchanted permanent",
    "enchanted land", "enchanted artifact", "that spell", "the exiled card",
    "the exiled cards", "that artifact", "fortified land", "each of them", "the card",
    "those permanents", "this ability", "that ability", "the returned creature",
    "that object", "both", "one of them", "the other", "the sacrificed creature",
    "that planeswalker", "enchanted planeswalker", "itself", "each of those creatures",
    "the chosen creature", "the chosen creatures", "those lands",
    "the exiled creature", "the revealed card", "the top card of your library",
    "the top card of that player's library", "that enchantment", "both creatures",
    "the creature it haunts", "each creature blocking or blocked by it",
    "this Vehicle", "that Vehicle", "the card revealed this way", "the rest",
    "the rest of the cards", "two of them", "one of those cards",
    "those spells", "those abilities", "these cards", "that copy", "the copy", "the copies",
    "those copies", "the chosen card", "the chosen cards", "the chosen permanent",
    "the chosen permanents", "that other creature", "the other creature", "the first",
    "the second", "each of those cards", "each of those permanents", "those", "that one",
    "the exiled permanent", "the exiled permanents", "the milled card", "the milled cards",
    "the discarded card", "the discarded cards", "that Aura", "that Equipment", "enchanted Aura",
    "the sacrificed permanent", "the sacrificed artifact", "the sacrificed land",
    "the destroyed creature", "the targeted creature", "target creature or player",
    "that land's controller", "the returned card", "the returned cards", "those Auras",
    "those Equipment", "the attacking creature", "the blocking creature",
    "the attacking creatures", "the blocking creatures", "that attacking creature",
    "that blocking creature", "the permanent", "the land", "the artifact", "the enchantment",
    "the spell", "the Aura", "the Equipment", "it and each other creature", "that Treasure",
    "the first card", "the second card", "those two cards", "enchanted Wall", "the object",
    "the rest of them", "the chosen land", "the chosen artifact", "the chosen ones",
    "the revealed cards", "the exiled spell", "that spell's copy", "each of those tokens",
    "one", "the others", "the other one", "him", "her", "that spell or ability",
    "one pile",
    "that pile", "the chosen pile", "the other pile", "each pile", "the pile of your choice",
    "that spell, activated ability, or triggered ability",
    "the permanent or player", "that permanent or player", "the creature or player",
    "that creature or player", "the creature or planeswalker", "that creature or planeswalker",
    "that permanent or player's controller",
})
"""Phrases that refer back to an object named earlier (CR 608.2c): kind ``"it"``."""
_PLURAL_NOUNS = frozenset({"cards", "creatures", "tokens", "permanents", "copies", "lands",
                           "spells", "abilities", "ones", "auras", "others"})
_PLURAL_PRONOUNS = frozenset(
    p for p in _PRONOUNS
    if not p.startswith(("one ", "it ", "two ")) and (
        p in ("them", "those", "both") or p.startswith(("each of ", "those ", "these ",
                                                         "the rest", "both "))
        or p.split()[-1].lower() in _PLURAL_NOUNS))
"""The pronouns of :data:`_PRONOUNS` that name a group ("them", "each of them", "the exiled
cards", "the rest"): every object of it (count ``EACH``), not one (CR 608.2c)."""
_ATTACKED = frozenset({
    "the player or planeswalker it's attacking",
    "the player or planeswalker that creature is attacking",
    "the player or planeswalker it attacked", "the player it's attacking",
    "the player or planeswalker CARDNAME is attacking",
    "the player or planeswalker CARDNAME attacked",
})
_ANY_TARGET = {
    "any target": ("any", frozenset()), "any other target": ("any", frozenset()),
    "target creature or player": ("any", frozenset()),
    "target creature or planeswalker": ("permanent", frozenset({"Creature", "Planeswalker"})),
    "target player or planeswalker": ("any", frozenset()),
    "any one target": ("any", frozenset()),
    "target creature, player, or planeswalker": ("any", frozenset()),
    "target creature or planeswalker an opponent controls":
        ("permanent", frozenset({"Creature", "Planeswalker"})),
    "another target creature or planeswalker":
        ("permanent", frozenset({"Creature", "Planeswalker"})),
    "up to one other target": ("any", frozenset()),
    "up to one target": ("any", frozenset()),
    "any number of targets": ("any", frozenset()),
}


def phrase_key(tokens: Tokens | list[Token]) -> str:
    """The lower-case text of tokens (the key of fixed-phrase tables).

    >>> phrase_key(tokenize("That creature's controller"))
    "that creature's controller"
    """
    out: list[str] = []
    for t in tokens:
        piece = t.low if t.kind == "WORD" else ("'s" if t.kind == "POSS" else t.text)
        if out and t.kind not in ("POSS", ",", ".", ":"):
            out.append(" ")
        out.append(piece)
    return "".join(out)


def names_a_subtype(word: str) -> bool:
    """True for a capitalised subtype ("Ninjas", "Islands"), which keeps its capital.

    >>> names_a_subtype("Ninjas"), names_a_subtype("Destroy")
    (True, False)
    """
    return singular_creature_type(word) is not None or word in NON_CREATURE_SUBTYPES \
        or word.removesuffix("s") in NON_CREATURE_SUBTYPES \
        or word.removesuffix("es") in NON_CREATURE_SUBTYPES


def _subtype(word: str) -> str | None:
    """The subtype a capitalised word names, singular ("Elves" -> "Elf"), or ``None``."""
    if not word[:1].isupper():
        return None
    creature = singular_creature_type(word)
    if creature is not None:
        return creature
    if word in NON_CREATURE_SUBTYPES:
        return word
    if word.endswith("s") and word[:-1] in NON_CREATURE_SUBTYPES:
        return word[:-1]
    if word.endswith("es") and word[:-2] in NON_CREATURE_SUBTYPES:
        return word[:-2]
    return None


def _card_type(low: str) -> str | None:
    found = _CARD_TYPES.get(low) or _PLURAL_TYPES.get(low)
    return "Kindred" if found == "Tribal" else found


# -- determiners -----------------------------------------------------------------------------

def _determiner(words: list[str], i: int) -> tuple[Count | None, bool, bool, int] | None:
    """The leading determiner at ``i``: ``(count, targeted, other, next index)``; the
    count is ``None`` for a bare noun (no determiner), which the caller reads as "every
    such object" when it is plural.

    Returns ``None`` only for a determiner whose number is not a number.
    """
    n = len(words)
    other = False
    targeted = False
    count: Count | None = None
    w = words[i] if i < n else ""
    if w == "each" and i + 1 < n and words[i + 1] == "of":
        i += 2                                     # "each of the creatures"
        w = words[i] if i < n else ""
        count = EACH
    if w in ("each", "all", "every"):
        count, i = EACH, i + 1
        if i < n and words[i] == "other":
            other, i = True, i + 1
    elif w == "up" and i + 2 < n and words[i + 1] == "to":
        high = parse_number(words[i + 2])
        if high is None:
            return None
        count, i = Count(0, high), i + 3
    elif w == "any" and i + 2 < n and words[i + 1] == "number" and words[i + 2] == "of":
        count, i = Count(0, None), i + 3
    elif w in ("one", "two", "three", "x") and i + 2 < n and words[i + 1] == "or" \
            and words[i + 2] in ("more", "fewer"):
        low = parse_number(w) or 1
        count, i = (Count(low, None) if words[i + 2] == "more" else Count(0, low)), i + 3
    elif (listed := _number_list(words, i)) is not None:
        count, i = listed
    elif w in _NUMBER_DETERMINERS and i + 2 < n and words[i + 1] == "or" \
            and parse_number(words[i + 2]) is not None and words[i + 2] not in ("a", "an"):
        first, last = parse_number(w), parse_number(words[i + 2])
        if first is None or last is None:
            return None
        count, i = Count(first, last), i + 3
    elif w in ("a", "an", "the", "any", "one"):
        count, i = ONE, i + 1
    elif w == "another":
        count, other, i = ONE, True, i + 1
    elif w in _NUMBER_DETERMINERS or w.isdigit():
        number = parse_number(w)
        if number is None:
            return None
        count, i = Count(number, number), i + 1
    if i < n and words[i] == "target":
        targeted, i = True, i + 1
        count = count or ONE
    if i < n and words[i] in ("other", "another"):
        other, i = True, i + 1
    if i < n and words[i] == "target" and not targeted:
        targeted, i = True, i + 1
    return count, targeted, other, i


def _number_list(words: list[str], i: int) -> tuple[Count, int] | None:
    """"one, two, or three": the first number to the last, ``(count, next index)``."""
    numbers: list[int] = []
    at = i
    while at + 1 < len(words) and words[at + 1] == ",":
        number = parse_number(words[at]) if words[at] not in ("a", "an", "x") else None
        if number is None:
            return None
        numbers.append(number)
        at += 2
    if len(numbers) < 2 or words[at:at + 1] != ["or"] or at + 1 >= len(words):
        return None
    last = parse_number(words[at + 1]) if words[at + 1] not in ("a", "an", "x") else None
    if last is None or numbers != sorted(numbers) or last <= numbers[-1]:
        return None
    return Count(numbers[0], last), at + 2


# -- the core: adjectives and the head noun -------------------------------------------------

@dataclasses.dataclass
class _Core:
    """What the adjectives and head nouns of a phrase say (mutable while reading)."""

    types: set[str] = dataclasses.field(default_factory=set)
    subtypes: set[str] = dataclasses.field(default_factory=set)
    excluded: set[str] = dataclasses.field(default_factory=set)
    supertypes: set[str] = dataclasses.field(default_factory=set)
    colors: Color = NO_COLOR
    excluded_colors: Color = NO_COLOR
    states: set[str] = dataclasses.field(default_factory=set)
    kind: str = "permanent"
    nouns: int = 0
    plural: bool = False
    joined: bool = False
    ability: str = ""
    required: frozenset[str] = frozenset()
    """Card types all required by a relative clause ("creature that's an artifact")."""


def _core_word(token: Token, core: _Core) -> bool:
    """Read one word of the core; False if it is not an adjective or noun of a phrase."""
    if token.kind == ",":
        core.joined = True
        return True
    if token.kind != "WORD":
        return False
    low, word = token.low, token.text
    if (t := _card_type(low)) is not None:
        core.types.add(t)
        core.nouns += 1
        core.plural |= low.endswith("s") and low not in _CARD_TYPES
        return True
    if low in _KIND_NOUNS:
        kind = _KIND_NOUNS[low]
        if kind == "token":
            core.states.add("token")
        else:
            core.kind = kind
        core.nouns += 1
        core.plural |= low in _PLURAL_KINDS
        return True
    if low in _COLORS:
        core.colors |= _COLORS[low]
        return True
    if low in ("outlaw", "outlaws"):
        # "outlaws you control", "another outlaw", "outlaw creature" (CR 700.15: an
        # Assassin, Mercenary, Pirate, Rogue or Warlock): the state, and a head noun
        core.states.add("outlaw")
        core.nouns += 1
        core.plural |= low == "outlaws"
        return True
    if low in ("commander", "commanders"):
        # "each commander they control", "commander creatures" (CR 903.3): the state, and
        # a head noun of its own.
        core.states.add("commander")
        core.nouns += 1
        core.plural |= low == "commanders"
        return True
    if low in _CONJUNCTIONS:
        core.joined = True
        return True
    if low in _ADJECTIVE_STATES:
        core.states.add(low)
        return True
    if low in _SUPERTYPES:
        core.supertypes.add(_SUPERTYPES[low])
        return True
    if low.startswith("non"):
        rest = low[3:].lstrip("-")
        if rest in _COLORS:
            core.excluded_colors |= _COLORS[rest]
            return True
        if (t := _card_type(rest)) is not None:
            core.excluded.add(t)
            return True
        if low.startswith("non-") and _subtype(word[4:]) is not None:
            core.states.add(f"non-{_subtype(word[4:])}".lower())
            return True
        if rest == "token":
            core.states.add("nontoken")
            return True
    if low in _ABILITY_ADJECTIVES:
        core.ability = low
        return True
    if (s := _subtype(word)) is not None:
        core.subtypes.add(s)
        core.nouns += 1
        core.plural |= word != s or s in _INVARIANT_PLURALS
        return True
    return False


_LISTED_KINDS = frozenset({"spell", "permanent", "card", "ability", "source", "emblem"})


def _mixed_kinds(tokens: Tokens) -> bool:
    """True for a list of two kinds of object ("spell or creature", "creature or spell",
    "nonland permanent or spell"), which is not one kind with adjectives: a head noun
    written last is shared by the items before it only when it follows a type ("artifact
    or creature spell", CR 205.2, 109.2)."""
    items: list[tuple[set[str], bool]] = [(set(), False)]
    for t in tokens:
        if t.low in _CONJUNCTIONS or t.kind == ",":
            if items[-1][0] or items[-1][1]:
                items.append((set(), False))
            continue
        kinds = items[-1][0]
        if _KIND_NOUNS.get(t.low) in _LISTED_KINDS:
            kinds.add(_KIND_NOUNS[t.low])
        elif t.kind == "WORD" and (_card_type(t.low) is not None
                                   or _subtype(t.text) is not None):
            items[-1] = (kinds, True)
    if len(items) < 2:
        return False
    last_kinds, last_typed = items[-1]
    for kinds, _ in items[:-1]:
        if kinds and last_kinds and kinds != last_kinds:
            return True                        # "nonland permanent or spell"
        if kinds & {"spell", "card"} and not last_kinds:
            return True                        # "spell or creature"
    return bool(last_kinds) and not last_typed and any(typed for _, typed in items[:-1])


def _required_types(tokens: Tokens) -> frozenset[str]:
    """Card types side by side with no conjunction between them are all required
    ("artifact creature" is both, CR 205.2a); with a conjunction, any one qualifies."""
    found: set[str] = set()
    run: set[str] = set()
    for t in tokens:
        if t.low in _CONJUNCTIONS:
            return frozenset()
        if t.kind == "WORD" and (kind := _card_type(t.low)) is not None:
            run.add(kind)
    found |= run
    return frozenset(found) if len(found) >= 2 else frozenset()


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
_ZONE_NOUNS = {"graveyard": Zone.GRAVEYARD, "graveyards": Zone.GRAVEYARD, "hand": Zone.HAND,
               "hands": Zone.HAND, "library": Zone.LIBRARY, "libraries": Zone.LIBRARY,
               "exile": Zone.EXILE, "battlefield": Zone.BATTLEFIELD, "stack": Zone.STACK,
               "command": Zone.COMMAND}
_ZONE_OWNERS: dict[str, Owner] = {
    "your": Owner.YOU, "a": Owner.ANY, "any": Owner.ANY, "all": Owner.ANY, "the": Owner.ANY,
    "each": Owner.ANY,
    "an opponent's": Owner.OPPONENT, "target opponent's": Owner.OPPONENT,
    "each opponent's": Owner.OPPONENT, "your opponents'": Owner.OPPONENT,
    "that player's": Owner.THAT_PLAYER, "target player's": Owner.TARGET_PLAYER,
    "their": Owner.THAT_PLAYER, "his or her": Owner.THAT_PLAYER,
    "its owner's": Owner.THAT_PLAYER, "their owner's": Owner.THAT_PLAYER,
    "their owners'": Owner.THAT_PLAYER, "its controller's": Owner.THAT_PLAYER,
    "defending player's": Owner.OPPONENT, "a single": Owner.ANY, "each player's": Owner.ANY,
    "that opponent's": Owner.OPPONENT, "an opponent's or your": Owner.ANY,
    "one": Owner.ANY, "another player's": Owner.NOT_YOU, "its owner's or your": Owner.ANY,
    "the chosen player's": Owner.THAT_PLAYER, "all players'": Owner.ANY, "enchanted player's": Owner.THAT_PLAYER,
    "that card's owner's": Owner.THAT_PLAYER, "your opponent's": Owner.OPPONENT,
}


def _zone_phrase(words: list[str], i: int) -> tuple[Zone, Owner | None, int] | None:
    """``[whose] zone`` at ``i`` ("your graveyard", "an opponent's graveyard", "exile",
    "the battlefield"): ``(zone, owner, next index)``; ``None`` for two zones ("your
    library and/or graveyard", CR 400.1: one object is in one zone).

    >>> _zone_phrase(["your", "graveyard"], 0)[:2]
    (<Zone.GRAVEYARD: 2>, <Owner.YOU: 2>)
    >>> _zone_phrase(["your", "graveyard", "or", "hand"], 0) is None
    True
    """
    for size in (4, 3, 2, 1, 0):
        whose = " ".join(words[i:i + size]).replace(" 's", "'s")
        if size and whose not in _ZONE_OWNERS:
            continue
        at = i + size
        if at < len(words) and words[at] in _ZONE_NOUNS:
            zone = _ZONE_NOUNS[words[at]]
            if zone is Zone.COMMAND:
                if at + 1 < len(words) and words[at + 1] == "zone":
                    at += 1
                else:
                    continue
            owner = _ZONE_OWNERS[whose] if size else None
            at += 1
            # "your graveyard and/or hand", "your hand, graveyard": two zones are not one
            # zone, which is all the phrase can say; refused (the sentence stays unread).
            if at + 1 < len(words) and words[at] in ("and/or", "or", "and", ",") \
                    and words[at + 1] in _ZONE_NOUNS:
                return None
            return zone, owner, at
    return None


_WITH_ATTRIBUTES = {"power": "power", "toughness": "toughness", "mana": "mana_value",
                    "loyalty": "loyalty", "defense": "defense"}


def _comparison(words: list[str], i: int, tokens: Tokens
                ) -> tuple[str, int | None, Quantity | None, int] | None:
    """A number comparison at ``i``: "3 or less", "X or greater", "2", "less than or equal
    to <quantity>", "equal to <quantity>", "greater than <quantity>":
    ``(op, number, quantity, next index)`` with exactly one of number and quantity."""
    n = len(words)
    if i < n and (words[i].isdigit() or words[i] == "x" or words[i] in _NUMBER_DETERMINERS):
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
    if words[i:i + 3] == ["a", "single", "target"]:
        changes.setdefault("states", set()).add("single target")   # CR 115.7
        return i + 3
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
_THIS_WAY = {"exiled", "revealed", "sacrificed", "destroyed", "discarded", "milled",
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
            core = _Core()
            end = at + 1
            if end < n and words[end] in ("a", "an"):
                end += 1
            start = end
            while end < n and _core_word(tokens[end], core):
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
        if i + 1 < n and words[i + 1] in _THIS_WAY and words[i + 2:i + 4] == ["this", "way"]:
            pass
    for phrase, state in sorted(_RELATIVE_EVENTS.items(), key=lambda kv: -len(kv[0])):
        if phrase[0] in ("dealt", "entered", "attacked", "blocked", "died") \
                and tuple(words[i:i + len(phrase)]) == phrase:
            changes.setdefault("states", set()).add(state)
            return i + len(phrase)
    if words[i] in _THIS_WAY and words[i + 1:i + 3] == ["this", "way"]:
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
    (a :class:`_Core`); the next index, or ``None``."""
    n = len(tokens)
    words: list[Token] = []
    at = i
    while at < n:
        t = tokens[at]
        if t.low in ("a", "an") and (not words or words[-1].low in ("or", ",")):
            at += 1
            continue
        probe = _Core()
        if not _core_word(t, probe) or t.low in ("and", "and/or"):
            break
        words.append(t)
        at += 1
    while words and (words[-1].low in _CONJUNCTIONS):
        words.pop()
        at -= 1
    if not words or _alternatives(tuple(words)) != []:
        return None
    core = _Core()
    for t in words:
        _core_word(t, core)
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
              ("of", "target", "opponent's", "choice")}


def _postmodifiers(tokens: Tokens, i: int, changes: dict[str, Any]) -> bool:
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
                changes["owner"] = _OWNER_PHRASES[phrase]
                i += size
                matched = True
                break
            if phrase in _OF_CHOICE:
                if phrase[-1] in ("type", "color"):
                    changes.setdefault("states", set()).add(f"chosen {phrase[-1]}")
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
            zone = _zone_phrase(words, i + 1)
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
            core = _Core()
            if not all(_core_word(t, core) for t in tokens[i + 2:]) or core.states \
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


_CREATURE_PARENTS = frozenset({"Creature", "Kindred", "Tribal"})
_SUBTYPE_PARENTS: dict[str, frozenset[str]] = {
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
_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
"""The basic land types (CR 205.3i): "with a basic land type" is any one of them."""


def _among(changes: dict[str, Any], group: str) -> None:
    """"from among them", "from it": the object is one of a group named before (cards
    looked at, revealed, milled), kept as the relation ``("among", <the group>)``; where
    the group is, the effect before it says (:func:`~.grammar.sentence.infer_origins`)."""
    changes.setdefault("relations", []).append(
        ("among", ObjectRef(ObjectFilter(kind="it"), ONE, False, group)))


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
    if first_low in _PLAYERS:
        kind, owner, each = _PLAYERS[first_low]
        return ObjectRef(ObjectFilter(kind=kind, owner=owner), EACH if each else ONE,
                         first_low in _TARGETED_PLAYERS, text)
    if first_low in _ATTACKED or first_low.replace("CARDNAME", "it") in _ATTACKED:
        return ObjectRef(ObjectFilter(kind="attacked"), ONE, False, text)
    if (part := _partitive(first_low, text)) is not None:
        return part
    if (chosen := _targets(first_low, text)) is not None:
        return chosen
    if first_low in _PRONOUNS:
        return ObjectRef(ObjectFilter(kind="it"),
                         EACH if first_low in _PLURAL_PRONOUNS else ONE, False, text)
    if len(span) > 2 and span[0].low == "the" and span[1].low in _THIS_WAY:
        # "the exiled creature card", "the sacrificed enchantment": the object the effect
        # before named (CR 608.2c), with what the words say of it.
        core = _Core()
        if all(_core_word(t, core) for t in span[2:]) and (core.nouns or core.types
                                                           or core.subtypes) \
                and not core.joined and core.kind in ("permanent", "card", "spell"):
            return ObjectRef(ObjectFilter(kind="it", types=frozenset(core.types),
                                          subtypes=frozenset(core.subtypes),
                                          excluded_types=frozenset(core.excluded),
                                          words=text), EACH if core.plural else ONE,
                             False, text)
    if first_low in _ANY_TARGET:
        kind, types = _ANY_TARGET[first_low]
        owner = Owner.OPPONENT if first_low.endswith("an opponent controls") else Owner.ANY
        count = Count(0, 1) if first_low.startswith("up to one") else \
            Count(0, None) if first_low.startswith("any number") else ONE
        return ObjectRef(ObjectFilter(kind=kind, types=types, owner=owner,
                                      other="other" in first_low or "another" in first_low),
                         count, True, text)
    merged = _merge_possessive_tokens(span)
    if (top := _library_cards(merged, text)) is not None:
        return top
    if (owned := _abilities_of(span, text)) is not None:
        return owned
    if span[0].low in ("enchanted", "equipped", "fortified") and len(span) > 1:
        # "enchanted Forest", "equipped Wall": the object the source is attached to.
        core = _Core()
        if all(_core_word(t, core) for t in span[1:]) and core.nouns and not core.plural:
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
    found = _determiner([*words[:-1], "cards"], 0)
    if found is None or found[0] is None or found[3] != len(words) - 1 or found[1] \
            or found[2] or found[0].each or found[0] == ONE:
        return None
    return ObjectRef(ObjectFilter(kind="any"), found[0], True, text)


def _partitive(phrase: str, text: str) -> ObjectRef | None:
    """"two of them", "up to two of them", "any number of those cards", "X of them": some
    of a group named before (CR 608.2c), kind ``"it"`` with their number; "each of them"
    and "one of them" are the pronouns of :data:`_PRONOUNS`."""
    words = phrase.split()
    group = next((g for g in _GROUPS if tuple(words[-len(g):]) == g), None)
    if group is None or len(words) == len(group) or phrase.startswith("each of"):
        return None
    head = words[:-len(group)]
    if head in (["any", "number"], ["up", "to"]) or head[:2] == ["any", "number"]:
        count: Count | None = Count(0, None) if head == ["any", "number"] else None
    else:
        found = _determiner([*head, "cards"], 0)
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
    zone = _zone_phrase(words, 2)
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
    zone = _zone_phrase(words, at + 2)
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
    determined = _determiner(words, 0)
    if determined is None:
        return None
    count, targeted, other, at = determined
    n = len(tokens)
    # The core runs from ``at`` to the first word that is not an adjective or noun; if the
    # post-modifiers after it do not read, the core gives words back ("creatures attacking
    # you": "attacking" is a participle there).
    core = _Core()
    end = at
    while end < n and _core_word(tokens[end], _Core()):
        end += 1
    for stop in range(end, at, -1):
        if tokens[stop - 1].low in _CONJUNCTIONS or _mixed_kinds(tokens[at:stop]):
            continue
        core = _Core()
        for token in tokens[at:stop]:
            _core_word(token, core)
        if not (core.nouns or core.subtypes or core.types):
            continue
        changes: dict[str, Any] = {}
        if not _postmodifiers(tokens, stop, changes):
            continue
        if words[0] == "the" and count == ONE and not targeted \
                and _definitely_plural(tokens[at:stop]):
            count = EACH                # "the nonland cards revealed this way": all of them
        alternatives = _alternatives(tokens[at:stop])
        if alternatives is None:
            return None
        if alternatives:
            return _build_alternatives(alternatives, changes, count, targeted, other, text)
        return _build(core, changes, count, targeted, other, tokens[at:stop], text)
    return None


_UNION_CATEGORIES = frozenset({"color", "type", "subtype"})
"""Categories of core words that a list of them joins as a union: "red or green",
"artifact or creature", "Aura or Equipment" (the filter's field already means "any of")."""
_HEAD_KINDS = frozenset({"card", "cards", "permanent", "permanents", "spell", "spells",
                         "source", "sources", "token", "tokens"})


def _category(token: Token) -> str:
    """What one core word is: ``"color"``, ``"type"``, ``"subtype"``, ``"supertype"``,
    ``"state"``, ``"exclusion"``, ``"kind"``, ``"ability"``, or ``""``."""
    core = _Core()
    if not _core_word(token, core):
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


def _alternatives(core_tokens: Tokens) -> list[Tokens] | None:
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
    return any(t.low in _PLURAL_KINDS or t.low in _PLURAL_TYPES or (
        (sub := _subtype(t.text)) is not None and sub != t.text) for t in tokens)


def _build_alternatives(alternatives: list[Tokens], changes: dict[str, Any],
                        count: Count | None, targeted: bool, other: bool,
                        text: str) -> ObjectRef | None:
    """One reference whose filter is any of the alternatives (:attr:`ObjectFilter.any_of`),
    each with the post-modifiers; the fields every alternative shares are kept on top."""
    refs: list[ObjectRef] = []
    plural = False
    for item in alternatives:
        core = _Core()
        if not all(_core_word(t, core) for t in item) or not (core.nouns or core.subtypes
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


def _build(core: _Core, changes: dict[str, Any], count: Count | None, targeted: bool,
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
    if kind in ("player", "opponent"):
        if core.types or core.subtypes or core.colors or (zone_given and zone is not \
                Zone.BATTLEFIELD):
            return None
        owner = Owner.OPPONENT if kind == "opponent" else owner
    subtypes = frozenset(core.subtypes)
    if changes.get("basic_land_type"):
        if subtypes:
            return None
        subtypes = _BASIC_LAND_TYPES
    filter_ = ObjectFilter(
        kind=kind, types=frozenset(core.types), subtypes=subtypes,
        excluded_types=frozenset(excluded), supertypes=frozenset(core.supertypes),
        colors=core.colors, excluded_colors=core.excluded_colors,
        owner=owner, zone=zone, other=other,
        states=frozenset(states), mana_value=changes.get("mana_value"),
        power=changes.get("power"), words=untokenize(core_tokens),
        mana_value_counters=changes.get("mana_value_counters", ""),
        all_types=core.required or (_required_types(core_tokens) if not core.joined
                                    else frozenset()),
        toughness=changes.get("toughness"),
        total_power_toughness=changes.get("total_power_toughness"),
        keywords=frozenset(changes.get("keywords", ())),
        without_keywords=frozenset(changes.get("without_keywords", ())),
        counter=changes.get("counter", ""), name=changes.get("name", ""),
        comparisons=tuple(changes.get("comparisons", ())), relations=relations,
        who=changes.get("who", ""), mana_costs=frozenset(changes.get("mana_costs", ())))
    if core.joined and filter_.types and filter_.subtypes and not filter_.any_of \
            and any(not _SUBTYPE_PARENTS.get(sub, _CREATURE_PARENTS) & filter_.types
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


def _included(core: _Core, include: _Core) -> _Core | None:
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
        if right is None and text:
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
    while m < len(right) and right[m].kind == "WORD" and right[m].low not in _CONJUNCTIONS \
            and _core_word(right[m], _Core()):
        m += 1
    if m == 0 or m == len(right) or any(t.low in _CONJUNCTIONS or t.kind == ","
                                        for t in left):
        return None
    tail = right[m:]
    first = _noun_phrase((*left, *tail))
    second = _shared_determiner(left, right[:m], tail)
    if first is None or second is None:
        return None
    return first, second

def _shared_determiner(left: Tokens, right: Tokens, tail: Tokens = ()) -> ObjectRef | None:
    """The last item of "target spell or permanent", "target spell, activated ability, or
    triggered ability" read with the determiner of the first ("target permanent"); only
    for an item of adjectives and nouns (a modifier after it may be the whole list's)."""
    words = [t.low for t in left]
    found = _determiner(words, 0)
    if found is None or found[0] is None or found[3] == 0 or found[3] >= len(left) \
            or not all(_core_word(t, _Core()) and t.low not in _CONJUNCTIONS
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


# -- players and quantities --------------------------------------------------------------

def player_phrase(tokens: Sequence[Token], i: int, j: int) -> ObjectRef | None:
    """A player noun phrase in ``tokens[i:j]`` ("you", "target opponent", "each player"),
    else ``None``.

    >>> player_phrase(tokenize("each opponent"), 0, 2).filter.kind
    'opponent'
    """
    found = noun_phrase(tokens, i, j)
    if found is None and j - i > 3 and [t.low for t in tokens[i:i + 3]] == ["the", "owner",
                                                                             "of"]:
        # "The owner of target permanent shuffles it into their library" (CR 108.3): the
        # player who owns the object named, that object kept as the relation "owner_of"
        owned = noun_phrase(tokens, i + 3, j)
        if owned is None or owned.filter.kind in ("player", "opponent") or owned.count.each:
            return None
        return ObjectRef(ObjectFilter(kind="player", owner=Owner.THAT_PLAYER,
                                      relations=(("owner_of", owned),)), ONE, False,
                         untokenize(tokens[i:j]))
    if found is None or found.filter.kind not in ("player", "opponent"):
        return None
    return found


def owned_object(player: ObjectRef | None) -> ObjectRef | None:
    """The object of "the owner of <object>" (:func:`player_phrase`), else ``None``.

    >>> owned_object(player_phrase(tokenize("the owner of target permanent"), 0, 5)).text
    'target permanent'
    """
    if player is None:
        return None
    return next((ref for kind, ref in player.filter.relations if kind == "owner_of"), None)


_THIS_TURN: dict[str, tuple[str, str]] = {
    "the damage dealt to your opponents this turn": ("damage_dealt_to_opponents", ""),
    "the total damage dealt to your opponents this turn": ("damage_dealt_to_opponents", ""),
    "the amount of life you gained this turn": ("life_gained", "you"),
    "the amount of life you've gained this turn": ("life_gained", "you"),
    "the amount of life you lost this turn": ("life_lost", "you"),
    "the amount of life your opponents have lost this turn": ("life_lost_by_opponents", ""),
    "the total amount of life your opponents have lost this turn":
        ("life_lost_by_opponents", ""),
    "the number of cards you've drawn this turn": ("cards_drawn", "you"),
    "the number of cards you drew this turn": ("cards_drawn", "you"),
    "the number of spells you've cast this turn": ("spells_cast", "you"),
    "the number of spells you cast this turn": ("spells_cast", "you"),
    "the number of creatures that died this turn": ("creatures_died", ""),
    "the number of creatures that died under your control this turn":
        ("creatures_died", "you"),
    "the number of other spells you've cast this turn": ("other_spells_cast", "you"),
    "the amount of mana spent to cast it": ("mana_spent", ""),
    "the amount of mana spent to cast CARDNAME": ("mana_spent", ""),
    "the amount of mana spent to cast this spell": ("mana_spent", ""),
    "the number of times CARDNAME was kicked": ("times_kicked", ""),
    "the number of opponents you have": ("opponents", "you"),
    "the amount of mana spent to cast that spell": ("mana_spent_on_that_spell", ""),
    "the number of colors of mana spent to cast it": ("colors_spent", ""),
    "the number of colors of mana spent to cast CARDNAME": ("colors_spent", ""),
}
"""Numbers counted from what happened (this turn, this way) by their words."""

_ATTRIBUTE_WORDS = {"power": "power", "toughness": "toughness", "loyalty": "loyalty",
                    "mana value": "mana_value", "defense": "defense"}


_THIS_WAY_AMOUNTS = {
    ("the", "damage", "prevented", "this", "way"): "damage prevented",
    ("the", "amount", "of", "damage", "prevented", "this", "way"): "damage prevented",
    ("the", "total", "amount", "of", "mana", "paid", "this", "way"): "mana paid",
    ("the", "amount", "of", "mana", "paid", "this", "way"): "mana paid",
    ("the", "total", "amount", "of", "damage", "prevented", "this", "way"):
        "damage prevented",
    ("the", "amount", "of", "damage", "dealt", "this", "way"): "damage dealt",
    ("the", "damage", "dealt", "this", "way"): "damage dealt",
    ("the", "life", "lost", "this", "way"): "life lost",
    ("the", "amount", "of", "life", "lost", "this", "way"): "life lost",
    ("the", "number", "of", "cards", "discarded", "this", "way"): "cards discarded",
    ("the", "number", "of", "cards", "exiled", "this", "way"): "cards exiled",
    ("the", "number", "of", "creatures", "sacrificed", "this", "way"): "creatures sacrificed",
    ("the", "number", "of", "permanents", "sacrificed", "this", "way"): "permanents sacrificed",
    ("the", "number", "of", "cards", "milled", "this", "way"): "cards milled",
}
"""Amounts the instructions before did, by their words (CR 608.2c)."""


def _this_way(words: Sequence[str]) -> str | None:
    """What "the damage prevented this way", "the number of +1/+1 counters removed this
    way" count (:class:`Quantity` kind ``"this_way"``), else ``None``."""
    found = _THIS_WAY_AMOUNTS.get(tuple(words))
    if found is not None:
        return found
    n = len(words)
    if words[:3] == ["the", "number", "of"] and words[n - 3:] == ["removed", "this", "way"] \
            and n in (7, 8) and words[n - 4] == "counters":
        return "counters removed" if n == 7 else f"{words[3]} counters removed"
    return None


def quantity(tokens: Sequence[Token], i: int, j: int) -> Quantity | None:
    """A counted number in ``tokens[i:j]``: "the number of Elves you control", "its power",
    "that creature's toughness", "the greatest power among creatures you control", "your
    life total", "the number of +1/+1 counters on it", "twice that much", "X", "half your
    life, rounded up"; else ``None``.

    >>> quantity(tokenize("the number of Elves you control"), 0, 6).ref.filter.subtypes
    frozenset({'Elf'})
    >>> quantity(tokenize("its power"), 0, 2).attribute
    'power'
    """
    span = tuple(tokens[i:j])
    if not span:
        return None
    return _quantity(span)


@lru_cache(maxsize=1 << 15)
def _quantity(span: Tokens) -> Quantity | None:
    words = [t.low for t in span]
    n = len(words)
    key = " ".join(words)
    ref: ObjectRef | None
    if key in ("x", "that much", "that many", "that damage", "that much damage",
               "that much life", "that many cards"):
        return Quantity("x") if key == "x" else Quantity("event")
    if key in ("that number", "the chosen number", "the number chosen"):
        return Quantity("chosen")
    if key in _THIS_TURN:
        what, whose_words = _THIS_TURN[key]
        return Quantity("this_turn", _possessor((), [whose_words]) if whose_words else None,
                        what)
    if (done := _this_way(words)) is not None:
        return Quantity("this_way", None, done)
    if words[0] == "twice" and n > 1:
        inner = _quantity(span[1:])
        return None if inner is None else dataclasses.replace(inner, factor=2)
    if words[0] == "half" and n > 1:
        rounding = ""
        stop = n
        if words[-3:-1] == [",", "rounded"] or (n > 3 and words[-2] == "rounded"):
            rounding = words[-1]
            stop = n - (3 if words[-3] == "," else 2)
        inner = _quantity(span[1:stop])
        if inner is None:
            return None
        return dataclasses.replace(inner, factor=0.5, rounding=rounding or "down")
    for plus, sign in (("plus", 1), ("minus", -1)):
        if plus in words:
            k = words.index(plus)
            amount = parse_number(words[k + 1]) if k + 2 == n else None
            if amount is not None and amount >= 0 and k > 0:
                inner = _quantity(span[:k])
                if inner is not None:
                    return dataclasses.replace(inner, offset=inner.offset + sign * amount)
            lead = parse_number(words[0]) if k == 1 else None
            if lead is not None and lead >= 0 and k + 1 < n:
                inner = _quantity(span[k + 1:])       # "1 plus <quantity>", "3 minus ..."
                if inner is not None and sign > 0:
                    return dataclasses.replace(inner, offset=inner.offset + lead)
                if inner is not None and inner.factor == 1 and not inner.terms \
                        and not inner.offset:
                    return dataclasses.replace(inner, factor=-1, offset=lead)
            if 0 < k < n - 1:
                # "<quantity> minus <quantity>": "your life total minus the life total of an
                # opponent with the most life", "... plus the number of Cave cards ..."
                left, right = _quantity(span[:k]), _quantity(span[k + 1:])
                if left is not None and right is not None and left.factor == 1 \
                        and left.kind not in ("x", "up_to") and right.kind not in ("x", "up_to"):
                    return dataclasses.replace(left, terms=(*left.terms, (sign, right)))
    if words[:4] == ["the", "total", "number", "of"] and n > 4:
        # "the total number of cards in all players' hands": "total" adds no meaning
        return _quantity((span[0], *span[2:]))
    if words[:3] == ["the", "number", "of"] and n > 3:
        rest = span[3:]
        if (top := _counters_on(rest)) is not None:
            return top
        if words[3:5] == ["cards", "in"] and n > 5:
            whose = _zone_phrase(words, 5)
            if whose is not None and whose[2] == n:
                ref = ObjectRef(ObjectFilter(kind="card", zone=whose[0],
                                             owner=whose[1] or Owner.YOU),
                                EACH, False, untokenize(rest))
                return Quantity("count", ref)
        if words[3:5] == ["differently", "named"]:
            ref = noun_phrase(span, 5, n)
            return None if ref is None else Quantity("distinct_names", ref)
        if words[3:7] == ["basic", "land", "types", "among"]:     # Domain
            ref = noun_phrase(span, 7, n)
            return None if ref is None else Quantity("basic_land_types", ref)
        if words[3:5] == ["colors", "among"] or words[3:6] == ["card", "types", "among"]:
            at = 5 if words[4] == "among" else 6
            ref = noun_phrase(span, at, n)
            return None if ref is None else Quantity("colors" if at == 5 else "card_types",
                                                     ref)
        ref = noun_phrase(span, 3, n)
        if ref is not None:
            return Quantity("count", ref)
        return None
    for lead_words, kind in (("the greatest", "greatest"), ("the least", "least"),
                             ("the total", "total"), ("the highest", "greatest")):
        if words[:2] == lead_words.split():
            for attr_words, attr in _ATTRIBUTE_WORDS.items():
                size = len(attr_words.split())
                if " ".join(words[2:2 + size]) == attr_words:
                    at = 2 + size
                    if at < n and words[at] in ("among", "of"):
                        ref = noun_phrase(span, at + 1, n)
                        if ref is not None:
                            return Quantity(kind, ref, attr)
            return None
    if words[:4] == ["the", "life", "total", "of"] and n > 4:
        player = noun_phrase(span, 4, n)
        if player is not None and player.filter.kind in ("player", "opponent"):
            return Quantity("life", player, "life")
    if words[0] == "the" and n > 3:
        for attr_words, attr in _ATTRIBUTE_WORDS.items():
            size = len(attr_words.split())
            if " ".join(words[1:1 + size]) == attr_words and words[1 + size:2 + size] == ["of"]:
                of_ref = noun_phrase(span, 2 + size, n)     # "the power of the exiled card"
                if of_ref is not None and not of_ref.count.each:
                    return Quantity("attribute", of_ref, attr)
    if words[-2:] == ["life", "total"] and n >= 3:
        ref = _possessor(span[:n - 2], words[:n - 2])
        if ref is not None:
            return Quantity("life", ref, "life")
    if words == ["your", "speed"]:      # Start your engines! (CR 702.179)
        return Quantity("speed", _possessor((Token("WORD", "you"),), ["you"]), "speed")
    if words[:2] == ["your", "devotion"] and n > 3 and words[2] == "to":
        return Quantity("devotion", _possessor((Token("WORD", "you"),), ["you"]),
                        " ".join(words[3:]))
    for attr_words, attr in _ATTRIBUTE_WORDS.items():
        size = len(attr_words.split())
        if " ".join(words[n - size:]) == attr_words and n > size:
            ref = _possessor(span[:n - size], words[:n - size])
            if ref is not None:
                return Quantity("attribute", ref, attr)
    return None


def _possessor(span: Tokens | tuple[Token, ...], words: list[str]) -> ObjectRef | None:
    """The owner of a possessive: "its" / "their" (an object named earlier), "your" (you),
    or a noun phrase ("the sacrificed creature", "CARDNAME"), its "'s" left off."""
    span = tuple(span)
    if span and span[-1].kind == "POSS":
        span, words = span[:-1], words[:-1]
    elif span and span[-1].kind == "WORD" and span[-1].low.endswith(("'s", "'")):
        last = span[-1]
        bare = last.text[:-2] if last.low.endswith("'s") else last.text[:-1]
        span = (*span[:-1], Token("WORD", bare))
        words = [*words[:-1], bare.lower()]
    if words in (["its"], ["their"], ["his", "or", "her"]):
        return ObjectRef(ObjectFilter(kind="it"), ONE, False, words[0])
    if words == ["your"] or words == ["you"]:
        return ObjectRef(ObjectFilter(kind="player", owner=Owner.YOU), ONE, False, "you")
    if not span:
        return None
    return noun_phrase(span, 0, len(span))


def _counters_on(span: Tokens) -> Quantity | None:
    """"+1/+1 counters on it", "charge counters on CARDNAME", "counters on it"."""
    words = [t.low for t in span]
    if len(span) >= 4 and words[1] in ("counters", "counter") and words[-1] in ("have", "has") \
            and span[0].kind == "WORD" and words[0] not in ("any", "the", "those", "a", "an"):
        # "experience counters you have", "poison counters your opponents have": counters
        # a player has (CR 122.1)
        who = player_phrase(span, 2, len(span) - 1)
        if who is not None and who.filter.kind in ("player", "opponent") \
                and not who.targeted and words[-1] == ("have" if words[2] in (
                    "you", "your", "they") else "has"):
            return Quantity("counters", who, span[0].text)
    if "on" not in words:
        return None
    k = words.index("on")
    if k < 1 or words[k - 1] not in ("counters", "counter"):
        return None
    kind = "any" if k == 1 else span[0].text if k == 2 else ""
    if not kind:
        return None
    ref = noun_phrase(span, k + 1, len(span))
    return None if ref is None else Quantity("counters", ref, kind)
