"""The words of noun phrases (CR 109, 205): card types, supertypes, colours, states,
kinds and their plurals, fixed players and pronouns, determiners ("a", "target", "up to
two", "each other") and the core of a phrase (adjectives and the head noun,
:class:`Core`). :mod:`.nouns` reads phrases from them."""

from __future__ import annotations

import dataclasses

from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.lexer import Token, tokenize, untokenize  # noqa: F401 (doctests)
from analyzer.oracle.mana import COLOR_NAMES, Color
from analyzer.oracle.objects import (
    EACH,
    ONE,
    Count,
    Owner,
    parse_number,
)
from analyzer.oracle.types import NON_CREATURE_SUBTYPES, singular_creature_type

__all__ = ["names_a_subtype", "phrase_key"]

Tokens = tuple[Token, ...]


# -- vocabulary ------------------------------------------------------------------------------

_CARD_TYPES = {t.lower(): t for t in (
    "Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Instant", "Sorcery",
    "Battle", "Kindred", "Tribal")}
PLURAL_TYPES = {t + "s": v for t, v in _CARD_TYPES.items()} | {"sorceries": "Sorcery"}
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
PLURAL_KINDS = frozenset({"permanents", "cards", "spells", "sources", "tokens", "abilities",
                           "objects", "emblems", "players", "opponents"})
_ABILITY_ADJECTIVES = frozenset({"activated", "triggered", "static", "mana", "loyalty"})
CONJUNCTIONS = frozenset({"and", "or", "and/or", ","})
NUMBER_DETERMINERS = frozenset({
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "x",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty"})

PLAYERS: dict[str, tuple[str, Owner, bool]] = {
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
    "that creature's controller": ("player", Owner.THAT_PLAYER, False),
    "that permanent's controller": ("player", Owner.THAT_PLAYER, False),
    "that spell's controller": ("player", Owner.THAT_PLAYER, False),
    "that source's controller": ("player", Owner.THAT_PLAYER, False),
    "that artifact's controller": ("player", Owner.THAT_PLAYER, False),
    "that land's controller": ("player", Owner.THAT_PLAYER, False),
    "the land's controller": ("player", Owner.THAT_PLAYER, False),
    "that attacking player": ("player", Owner.THAT_PLAYER, False),
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
TARGETED_PLAYERS = frozenset(p for p in PLAYERS if "target" in p)

PRONOUNS = frozenset({
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
    "the destroyed creature", "the targeted creature",
    "the returned card", "the returned cards", "those Auras",
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
PLURAL_PRONOUNS = frozenset(
    p for p in PRONOUNS
    if not p.startswith(("one ", "it ", "two ")) and (
        p in ("them", "those", "both") or p.startswith(("each of ", "those ", "these ",
                                                         "the rest", "both "))
        or p.split()[-1].lower() in _PLURAL_NOUNS))
"""The pronouns of :data:`PRONOUNS` that name a group ("them", "each of them", "the exiled
cards", "the rest"): every object of it (count ``EACH``), not one (CR 608.2c)."""
ATTACKED = frozenset({
    "the player or planeswalker it's attacking",
    "the player or planeswalker that creature is attacking",
    "the player or planeswalker it attacked", "the player it's attacking",
    "the player or planeswalker CARDNAME is attacking",
    "the player or planeswalker CARDNAME attacked",
})
ANY_TARGET = {
    "any target": ("any", frozenset()), "any other target": ("any", frozenset()),
    "target creature or player": ("any", frozenset()),
    "target creature or planeswalker": ("permanent", frozenset({"Creature", "Planeswalker"})),
    "any one target": ("any", frozenset()),
    "target creature, player, or planeswalker": ("any", frozenset()),
    "target creature or planeswalker an opponent controls":
        ("permanent", frozenset({"Creature", "Planeswalker"})),
    "another target creature or planeswalker":
        ("permanent", frozenset({"Creature", "Planeswalker"})),
    "up to one other target": ("any", frozenset()),
    "up to one target": ("any", frozenset()),
    "any number of targets": ("any", frozenset()),
    "another target": ("any", frozenset()), "a third target": ("any", frozenset()),
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


def subtype_of(word: str) -> str | None:
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
    found = _CARD_TYPES.get(low) or PLURAL_TYPES.get(low)
    return "Kindred" if found == "Tribal" else found


# -- determiners -----------------------------------------------------------------------------

def read_determiner(words: list[str], i: int) -> tuple[Count | None, bool, bool, int] | None:
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
    elif w in NUMBER_DETERMINERS and i + 2 < n and words[i + 1] == "or" \
            and parse_number(words[i + 2]) is not None and words[i + 2] not in ("a", "an"):
        first, last = parse_number(w), parse_number(words[i + 2])
        if first is None or last is None:
            return None
        count, i = Count(first, last), i + 3
    elif w == "a" and i + 2 < n and words[i + 1] == "third" and words[i + 2] == "target":
        # "and 4 damage to a third target creature" (Serpentine Spike, CR 115.3): a target
        # other than the ones named before, as "another" is
        count, other, i = ONE, True, i + 2
    elif w in ("a", "an", "the", "any", "one"):
        count, i = ONE, i + 1
    elif w == "another":
        count, other, i = ONE, True, i + 1
    elif w in NUMBER_DETERMINERS or w.isdigit():
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
class Core:
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


def core_word(token: Token, core: Core) -> bool:
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
        core.plural |= low in PLURAL_KINDS
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
    if low in CONJUNCTIONS:
        core.joined = True
        return True
    if low in _ADJECTIVE_STATES:
        core.states.add(low)
        return True
    if low == "multicolor":         # "target multicolor card" (Vivid Revival, CR 105.4)
        core.states.add("multicolored")
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
        if low.startswith("non-") and subtype_of(word[4:]) is not None:
            core.states.add(f"non-{subtype_of(word[4:])}".lower())
            return True
        if rest == "token":
            core.states.add("nontoken")
            return True
        if rest == "snow":            # "target nonsnow creature" (CR 205.4g)
            core.states.add("nonsnow")
            return True
    if low in _ABILITY_ADJECTIVES:
        core.ability = low
        return True
    if (s := subtype_of(word)) is not None:
        core.subtypes.add(s)
        core.nouns += 1
        core.plural |= word != s or s in _INVARIANT_PLURALS
        return True
    return False


_LISTED_KINDS = frozenset({"spell", "permanent", "card", "ability", "source", "emblem"})


def mixed_kinds(tokens: Tokens) -> bool:
    """True for a list of two kinds of object ("spell or creature", "creature or spell",
    "nonland permanent or spell"), which is not one kind with adjectives: a head noun
    written last is shared by the items before it only when it follows a type ("artifact
    or creature spell", CR 205.2, 109.2)."""
    items: list[tuple[set[str], bool]] = [(set(), False)]
    for t in tokens:
        if t.low in CONJUNCTIONS or t.kind == ",":
            if items[-1][0] or items[-1][1]:
                items.append((set(), False))
            continue
        kinds = items[-1][0]
        if _KIND_NOUNS.get(t.low) in _LISTED_KINDS:
            kinds.add(_KIND_NOUNS[t.low])
        elif t.kind == "WORD" and (_card_type(t.low) is not None
                                   or subtype_of(t.text) is not None):
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


def required_types(tokens: Tokens) -> frozenset[str]:
    """Card types side by side with no conjunction between them are all required
    ("artifact creature" is both, CR 205.2a); with a conjunction, any one qualifies."""
    found: set[str] = set()
    run: set[str] = set()
    for t in tokens:
        if t.low in CONJUNCTIONS:
            return frozenset()
        if t.kind == "WORD" and (kind := _card_type(t.low)) is not None:
            run.add(kind)
    found |= run
    return frozenset(found) if len(found) >= 2 else frozenset()
