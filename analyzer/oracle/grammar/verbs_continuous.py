"""Verbs of continuous effects: "gets +2/+2", "gains flying", "has base power and toughness
1/1", "loses all abilities", "becomes a 3/3 Elemental creature", "can't be countered"
(CR 611, 613).

The same clauses are static abilities when a static line says them ("Creatures you control
get +1/+1"): :mod:`.statics` wraps these effects with no duration.

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.name for e in parse_effects("Target creature gets +2/+2 and gains trample until "
...                                  "end of turn.")]
['modify_pt', 'grant_abilities']
"""

from __future__ import annotations

from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.objects import ObjectFilter, ObjectRef
from analyzer.oracle.syntax import Clause

__all__ = ["becomes", "pt_values"]

_IT = ObjectRef(ObjectFilter(kind="it"), text="it")
_THEY = ObjectRef(ObjectFilter(kind="it"), text="they")


def pt_values(pt: str) -> tuple[int | str, int | str] | None:
    """``"+2/-1"`` -> ``(2, -1)``; an X part stays as written (``"+X"``); ``None`` for a
    base P/T (no sign) where a change is meant."""
    power, _, toughness = pt.partition("/")
    if not power or not toughness or power[0] not in "+-" or toughness[0] not in "+-":
        return None
    def one(part: str) -> int | str:
        return part if "X" in part or "*" in part else int(part)
    return one(power), one(toughness)


@frame("get", "{subject:np} get|gets {pt:pt}", "{subject:np} get|gets an additional {pt:pt}",
       "{subject:np} each get {pt:pt}")
def _get(c: Clause) -> Effect | None:
    return _pump(c)


def _objects(subject: ObjectRef | None) -> ObjectRef | None:
    """The subject of a verb only objects take ("get +1/+1", "gain haste"): "they" is the
    objects named before (CR 608.2c), not a player."""
    if subject is not None and subject.filter.kind == "player" \
            and subject.text.lower() == "they":
        return _THEY
    return subject


def _pump(c: Clause) -> Effect | None:
    """The ``modify_pt`` of "<subject> gets +N/+N" (CR 613.4c)."""
    values = pt_values(c.slot("pt"))
    subject = _objects(c.subject)
    if values is None or subject is None or subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("modify_pt", target=subject, power=values[0], toughness=values[1],
                       per=None, duration=Duration.PERMANENT, text=c.text)


@frame("get", "{subject:np} get|gets {pt:pt} and gain|gains|has|have {kw:kw}",
       "{subject:np} each get {pt:pt} and gain {kw:kw}")
def _get_and_gain(c: Clause) -> tuple[Effect, ...] | None:
    pump = _pump(c)
    if pump is None:
        return None
    return pump, Effect.make("grant_abilities", target=pump.arg("target"),
                             keywords=c.slot("kw"), duration=Duration.PERMANENT, text=c.text)


@frame("get", "{subject:np} get|gets {pt:pt} and lose|loses all creature types")
def _get_lose_types(c: Clause) -> tuple[Effect, ...] | None:
    pump = _pump(c)
    if pump is None:
        return None
    return pump, Effect.make("become", target=c.subject, what="no creature types",
                             duration=Duration.PERMANENT, text=c.text)


@frame("gain", "{subject:np} gain|gains {kw:kw}", "{subject:np} has|have {kw:kw}")
def _gain(c: Clause) -> Effect | None:
    subject = c.subject
    if subject is not None and not _player_keywords(c.slot("kw")):
        subject = _objects(subject)
    if subject is None or (subject.filter.kind in ("player", "opponent")
                           and not _player_keywords(c.slot("kw"))):
        return None
    return Effect.make("grant_abilities", target=subject, keywords=c.slot("kw"),
                       duration=Duration.PERMANENT, text=c.text)


def _player_keywords(keywords: tuple[KeywordAbility, ...]) -> bool:
    """Keywords a player can have (CR 702.11d hexproof, 702.18d shroud)."""
    return all(k.name in ("Hexproof", "Shroud") for k in keywords)


@frame("gain", "{subject:np} gain|gains {q:quote}", "{subject:np} has|have {q:quote}",
       "{subject:np} gain|gains {kw:kw} and {q:quote}",
       "{subject:np} has|have {kw:kw} and {q:quote}")
def _gain_quoted(c: Clause) -> tuple[Effect, ...] | None:
    """A granted ability in quotation marks (CR 113.1c): it must be readable itself."""
    from analyzer.oracle.grammar.quoted import quoted_ability_read

    if c.subject is None or not quoted_ability_read(c.slot("q")):
        return None
    effects = []
    if c.slot("kw"):
        effects.append(Effect.make("grant_abilities", target=c.subject,
                                   keywords=c.slot("kw"), duration=Duration.PERMANENT,
                                   text=c.text))
    effects.append(Effect.make("grant_abilities", target=c.subject, ability=c.slot("q"),
                               duration=Duration.PERMANENT, text=c.text))
    return tuple(effects)


@frame("set_pt", "{subject:np} has|have base power and toughness {pt:pt}")
def _base_pt(c: Clause) -> Effect | None:
    power, _, toughness = c.slot("pt").partition("/")
    if not power.isdigit() or not toughness.isdigit() or c.subject is None:
        return None
    return Effect.make("set_pt", target=c.subject, power=int(power),
                       toughness=int(toughness), duration=Duration.PERMANENT, text=c.text)


@frame("switch_pt", "switch {subject:np} 's power and toughness")
def _switch(c: Clause) -> Effect:
    return Effect.make("switch_pt", target=c.subject, duration=Duration.PERMANENT,
                       text=c.text)


@frame("lose_abilities", "{subject:np} lose|loses {kw:kw}")
def _lose(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    return Effect.make("lose_abilities", target=c.subject, keywords=c.slot("kw"),
                       duration=Duration.PERMANENT, text=c.text)


@frame("lose_abilities", "{subject:np} lose|loses {kw:kw} and can't have or gain {again:kw}")
def _lose_for_good(c: Clause) -> tuple[Effect, ...] | None:
    """"Creatures your opponents control lose flying and can't have or gain flying."
    (Archetype of Imagination, CR 613.1f: the loss and a rule that they can't gain it)."""
    lost, again = c.slot("kw"), c.slot("again")
    if c.subject is None or tuple(str(k) for k in lost) != tuple(str(k) for k in again):
        return None
    return (Effect.make("lose_abilities", target=c.subject, keywords=lost,
                        duration=Duration.PERMANENT, text=c.text),
            Effect.make("cant_gain_abilities", target=c.subject, keywords=lost,
                        duration=Duration.PERMANENT, text=c.text))


@frame("lose_all_abilities", "{subject:np} lose|loses all abilities")
def _lose_all(c: Clause) -> Effect | None:
    """"Enchanted creature loses all abilities." (CR 613.1f, layer 6)."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("lose_all_abilities", target=c.subject, duration=Duration.PERMANENT,
                       text=c.text)


@frame("remove_types", "{subject:np} isn't a creature", "{subject:np} aren't creatures")
def _not_a_creature(c: Clause) -> Effect | None:
    """"As long as your devotion to black is less than five, CARDNAME isn't a creature."
    (a Theros god: it loses the card type, CR 205.1a, layer 4)."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("remove_types", target=c.subject, what="Creature",
                       duration=Duration.PERMANENT, text=c.text)


@frame("cant_be_countered", "{subject:np} can't be countered")
def _cant_be_countered(c: Clause) -> Effect:
    return Effect.make("cant_be_countered", target=c.subject, text=c.text)


# -- "becomes": type, color and P/T changes (CR 205.1, 105.3, 613.1d-e, 613.4b) ----------------

_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "creatures": "Creature",
               "enchantment": "Enchantment", "land": "Land", "lands": "Land",
               "planeswalker": "Planeswalker", "artifacts": "Artifact"}
_SUPERTYPES = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}
_COLOR_WORDS = frozenset({"white", "blue", "black", "red", "green", "colorless"})
_CHOSEN_COLORS = {("the", "color", "of", "your", "choice"): "a color of your choice",
                  ("the", "color", "or", "colors", "of", "your", "choice"):
                      "one or more colors of your choice",
                  ("all", "colors"): "all colors", ("the", "chosen", "color"): "the chosen color"}
_CHOSEN_TYPES = {("the", "creature", "type", "of", "your", "choice"):
                     "a creature type of your choice",
                 ("the", "basic", "land", "type", "of", "your", "choice"):
                     "a basic land type of your choice",
                 ("that", "type"): "that type", ("the", "chosen", "type"): "the chosen type",
                 ("every", "basic", "land", "type"): "every basic land type",
                 ("every", "creature", "type"): "every creature type"}
_KEEPS = {("in", "addition", "to", "its", "other", "types"): "its other types",
          ("in", "addition", "to", "its", "other", "creature", "types"):
              "its other creature types",
          ("in", "addition", "to", "their", "other", "creature", "types"):
              "its other creature types",
          ("in", "addition", "to", "their", "other", "types"): "its other types",
          ("that's", "still", "a", "land"): "Land", ("that", "are", "still", "lands"): "Land",
          ("that's", "still", "a", "planeswalker"): "Planeswalker",
          ("in", "addition", "to", "its", "other", "colors", "and", "types"):
              "its other colors and types"}


def _tail(words: list[str], table: dict[tuple[str, ...], str]) -> tuple[str, int] | None:
    """The entry of ``table`` that ``words`` end with, and where it starts."""
    for key, value in table.items():
        if tuple(words[-len(key):]) == key and len(words) >= len(key):
            return value, len(words) - len(key)
    return None


def becomes(target: ObjectRef, words_text: str, duration: Duration,
            text: str) -> tuple[Effect, ...] | None:
    """The effects of "<target> becomes <description>": a type change (``set_types``, CR
    205.1a; ``keep`` the types it retains, CR 205.1b), a color change (``set_color``, CR
    105.3), a base P/T (``set_pt``, CR 613.4b) and keywords it has (``grant_abilities``), in
    layer order (CR 613.1); ``None`` when a word is not understood.

    >>> from analyzer.oracle.objects import parse_object
    >>> [e.describe() for e in becomes(parse_object("CARDNAME"), "a 3/3 red Elemental "
    ...  "creature with haste", Duration.END_OF_TURN, "")]  # doctest: +NORMALIZE_WHITESPACE
    ['this object becomes Creature — Elemental until end of turn',
     'this object becomes red until end of turn',
     'this object has base power and toughness 3/3 until end of turn',
     'this object gains Haste until end of turn']
    """
    from analyzer.oracle.keywords import parse_keyword_list
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.noun_words import names_a_subtype

    tokens = list(tokenize(words_text))
    quoted = ""
    if tokens and tokens[-1].kind == "QUOTE":
        # "... with menace and "Whenever this creature attacks, ..."" (a granted ability,
        # CR 113.1c): it must read itself.
        from analyzer.oracle.grammar.quoted import quoted_ability_read

        quoted = tokens[-1].text
        if not quoted_ability_read(quoted) or len(tokens) < 3:
            return None
        tokens = tokens[:-2] if tokens[-2].low == "and" else (
            tokens[:-1] if tokens[-2].low == "with" else [])
        if not tokens:
            return None
        if tokens[-1].low == "with":
            tokens = tokens[:-1]
    merged: list[str] = []
    for t in tokens:
        if t.kind == "POSS" and merged:
            merged[-1] += "'s"
        else:
            merged.append(t.low)
    keep = ""
    if (found := _tail(merged, _KEEPS)) is not None:
        keep, cut = found
        merged = merged[:cut]
    keywords: tuple[KeywordAbility, ...] = ()
    base: tuple[int, int] | None = None
    every = False
    if "with" in merged:
        at = merged.index("with")
        rest = merged[at + 1:]
        if rest == ["all", "creature", "types"]:       # Mutavault (CR 205.3m)
            every = True
        elif rest[:4] == ["base", "power", "and", "toughness"] and len(rest) == 5:
            power, _, toughness = rest[4].partition("/")   # "with base power and toughness
            if not power.isdigit() or not toughness.isdigit():  # 0/5" (Ensoul Artifact)
                return None
            base = (int(power), int(toughness))
        else:
            listed = parse_keyword_list(" ".join(rest))
            if not listed:
                return None
            keywords = tuple(listed)
        merged = merged[:at]
    effects: list[Effect] = []
    colors: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    pt: tuple[int, int] | None = None
    k = 0
    if merged[:1] in (["a"], ["an"]):
        k = 1
    chosen_color = _CHOSEN_COLORS.get(tuple(merged[k:]))
    chosen_type = _CHOSEN_TYPES.get(tuple(merged[k:]))
    original = {t.low: t.text for t in tokens}
    while chosen_color is None and chosen_type is None and k < len(merged):
        word = merged[k]
        if "/" in word and pt is None and not colors and not types and not subtypes:
            power, _, toughness = word.partition("/")
            if not power.isdigit() or not toughness.isdigit():
                return None
            pt = (int(power), int(toughness))
        elif word in _COLOR_WORDS:
            colors.append(word)
        elif word == "and" and colors and k + 1 < len(merged) \
                and merged[k + 1] in _COLOR_WORDS:
            pass
        elif word in _SUPERTYPES and not types:
            supertypes.append(_SUPERTYPES[word])
        elif word in _CARD_TYPES:
            types.append(_CARD_TYPES[word])
        elif names_a_subtype(original.get(word, word)) and not types:
            subtypes.append(original.get(word, word))
        else:
            return None
        k += 1
    if base is not None:
        if pt is not None:
            return None
        pt = base
    from analyzer.oracle.types import CREATURE_TYPES

    creature_kinds = bool(subtypes) and all(
        singular in CREATURE_TYPES for w in subtypes
        if (singular := _singular(w)) is not None) and all(
        _singular(w) is not None for w in subtypes)
    if pt is not None and "Creature" not in types and not (base is not None
                                                          and creature_kinds):
        return None                     # "a blue Frog with base power and toughness 1/1"
    if every:
        if subtypes or chosen_type or "Creature" not in types:
            return None
        chosen_type = "every creature type"
    if types or subtypes or supertypes or chosen_type:
        effects.append(Effect.make(
            "set_types", target=target, types=" ".join(supertypes + types),
            subtypes=chosen_type or " ".join(subtypes), keep=keep, duration=duration,
            text=text))
    elif keep:
        return None
    if colors or chosen_color:
        effects.append(Effect.make("set_color", target=target,
                                   color=chosen_color or " and ".join(colors),
                                   keep="in addition to its other colors" if "colors" in keep else "",
                                   duration=duration, text=text))
    if pt is not None:
        effects.append(Effect.make("set_pt", target=target, power=pt[0], toughness=pt[1],
                                   duration=duration, text=text))
    if keywords:
        effects.append(Effect.make("grant_abilities", target=target, keywords=keywords,
                                   duration=duration, text=text))
    if quoted:
        if not effects:
            return None
        effects.append(Effect.make("grant_abilities", target=target, ability=quoted,
                                   duration=duration, text=text))
    return tuple(effects) or None


def _singular(word: str) -> str | None:
    """The creature type a capitalised word names ("Frogs" -> "Frog"), or ``None``."""
    from analyzer.oracle.types import singular_creature_type

    return singular_creature_type(word)


@frame("become", "{subject:np} become|becomes {what:words}",
       "{subject:np} each become {what:words}",
       "{subject:np} become|becomes {what:words} {q:quote}")
def _becomes(c: Clause) -> tuple[Effect, ...] | None:
    """"Target land becomes a 3/3 creature that's still a land until end of turn.",
    "CARDNAME becomes the color of your choice until end of turn." (:func:`becomes`); the
    duration is put on by the clause's modifiers."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    what = c.slot("what")
    if c.slot("q") is not None:
        what = f'{what} "{c.slot("q")}"'
    return becomes(c.subject, what, Duration.PERMANENT, c.text)


@frame("become", "{subject:np} is|are {what:words}", "it's {what:words}")
def _is(c: Clause) -> tuple[Effect, ...] | None:
    """"Enchanted land is a Swamp.", "CARDNAME is red.", "Nonbasic lands are Mountains.",
    "... and is a Knight in addition to its other types." (a static's or an effect's type,
    color or P/T, :func:`becomes`; CR 205.1, 105.3, 611.3a)."""
    subject = c.subject if c.subject is not None else _IT if c.frame_text.lower().startswith(
        "it's ") else None
    if subject is None or subject.filter.kind in ("player", "opponent"):
        return None
    return becomes(subject, c.slot("what"), Duration.PERMANENT, c.text)


@frame("retains_type", "it's still a land|creature|planeswalker|artifact",
       "they're still lands|creatures|planeswalkers|artifacts")
def _still(c: Clause) -> Effect:
    """"It's still a land." after a type change (CR 205.1b: it keeps that card type)."""
    kind = c.frame_text.rsplit(" ", 1)[-1].capitalize().removesuffix("s")
    target = _THEY if c.frame_text.lower().startswith("they") else _IT
    return Effect.make("retains_type", target=target, what=kind, text=c.text)


@frame("add_types", "{subject:np} gain|gains all creature types",
       "{subject:np} is|are all creature types")
def _all_creature_types(c: Clause) -> Effect | None:
    """"Target creature gains all creature types until end of turn.", "Equipped creature
    ... is all creature types.": every creature type in addition to its types (CR 205.3m,
    as changeling, 702.73a); the duration is put on by the clause's modifiers."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("add_types", target=c.subject, what="every creature type",
                       duration=Duration.PERMANENT, text=c.text)
