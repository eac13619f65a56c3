"""The Oracle compiler: :class:`~analyzer.card_model.Card` in, :class:`CardProfile` out.

Each face's text is cut into ability lines; each line is cleaned (:mod:`.text`) and offered to
the line readers in turn: a keyword line (:mod:`.keywords`), a modal "choose one —" line with
its bullets (or Spree's "+ {1} —" lines), a saga chapter, an activated mana ability
(:mod:`.mana_abilities`), another activated ability or a triggered ability (:mod:`.lines`),
else its sentences one by one to the clause grammar (:mod:`.grammar`: on instants and
sorceries as effects, else as static abilities and replacement effects). Lines printed under a
level band, a Class level or a station threshold get that condition (CR 711.2a, 716.2a,
702.184b). What no reader takes becomes an :class:`UnsupportedSpan`: a whole line when nothing
in it was understood, else each sentence or cost part left over; a keyword of the card's
``keywords`` that the profile lacks, and a face whose data gives no text though it must have
some, are unsupported spans too (with their :attr:`~.profile.UnsupportedSpan.reason`), so
"fully understood" means every ability typed all the way down.

Examples
--------
>>> from analyzer.card_model import Card, Face
>>> splinter = Card(id="s", name="Splinter, Hamato Yoshi", keywords=("Menace", "Sneak"),
...     faces=(Face(name="Splinter, Hamato Yoshi", mana_cost="{1}{B}", colors=("B",),
...         type="Legendary Creature — Mutant Ninja Rat", supertypes=("Legendary",),
...         types=("Creature",), subtypes=("Mutant", "Ninja", "Rat"),
...         text="Sneak {B} (You may cast this spell for {B}...)\\n"
...              "Menace (This creature can't be blocked except by two or more creatures.)\\n"
...              "Other Ninjas you control get +1/+1."),))
>>> p = compile_card(splinter)
>>> [str(k) for k in p.keywords], [a.describe() for a in p.anthems], p.fully_understood
(['Sneak {B}', 'Menace'], ['Other Ninjas you control get +1/+1'], True)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from analyzer.card_model import Card, Face
from analyzer.oracle.abilities import (
    ReplacementEffect,
    SpellAbility,
    StaticAbility,
    Timing,
    TriggeredAbility,
)
from analyzer.oracle.builder import _Builder
from analyzer.oracle.data_problems import data_problems, face_data_problems
from analyzer.oracle.definitions import CardDefinition, card_definitions
from analyzer.oracle.effects import Effect
from analyzer.oracle.errors import ManaCostError
from analyzer.oracle.gates import Gate, Snapshot, apply_gate
from analyzer.oracle.grammar import fuse_search, infer_origins, parse_effects
from analyzer.oracle.grammar.casting import with_flash_penalty
from analyzer.oracle.grammar.linked import read_exert_line, read_opening_hand_line
from analyzer.oracle.grammar.statics import read_static_sentence
from analyzer.oracle.grammar.verbs_effects2 import (
    elliptical_instead,
)
from analyzer.oracle.keywords import Evasion, parse_keyword_line
from analyzer.oracle.lines import (
    is_chapter,
    read_activated,
    read_chapter,
    read_replacement,
    read_timings,
    read_to_solve,
    read_triggered,
    split_ability_word,
    with_colored_only,
    with_minimum_one,
)
from analyzer.oracle.mana import Color, ManaCost
from analyzer.oracle.mana_abilities import (
    ManaAbility,
    basic_land_mana,
    parse_mana_ability,
    read_spending_restriction,
    split_activated,
)
from analyzer.oracle.modes import _SPREE_MODE, _read_costed_modes, _read_modal
from analyzer.oracle.objects import ObjectRef, Zone, parse_object
from analyzer.oracle.profile import CardProfile, UnsupportedSpan
from analyzer.oracle.targets_kept import targets_kept
from analyzer.oracle.text import (
    SELF,
    ability_lines,
    normalize_line,
    remove_reminder_text,
    self_names,
    short_names,
    split_sentences,
)
from analyzer.oracle.types import CREATURE_TYPES, NON_CREATURE_SUBTYPES, creature_subtypes

__all__ = ["COMPILER_VERSION", "compile_card", "compile_cards", "compile_with_granted",
           "data_problems"]
# data_problems is re-exported from analyzer.oracle.data_problems (the compiler reports them).

COMPILER_VERSION = 13
"""Bumped whenever what the compiler outputs changes (a cached profile of an older version
must be compiled again). 2: "each player and each other creature" reads as every player and
every other creature; "the player or planeswalker that creature is attacking" has kind
``"attacked"``. 3: "becomes tapped" triggers are BECOMES_TAPPED, not TAPPED_FOR_MANA (only "is
tapped for mana" is, CR 106.12a); "its controller adds an additional {G}" and "that player
adds one mana of any type that land produced" read as add_mana (Wild Growth, Heartbeat of
Spring). 4: "<player> exiles the top card of their library" keeps the player (typed,
targeted) and the amount: ``change_zone`` gained a ``player`` argument (Knacksaw Clique);
"with mana value equal to the number of charge counters on CARDNAME" is
:attr:`~.objects.ObjectFilter.mana_value_counters` (Chalice of the Void); a trigger with
"if CARDNAME is in your graveyard" moves the card from the graveyard (Auntie's Snitch). 5: profiles record
:attr:`~.profile.CardProfile.printed_order` (keywords, mana abilities and other abilities in
Oracle line order). 6: "create a token that's a copy of <object>" keeps the object copied
(``create_token`` gained a ``copy_of`` argument, CR 707.2; Kiki-Jiki, Splinter Twin); "that
token has haste" reads as ``grant_abilities``; "create a tapped <token>" is ``tapped``; new
statics and replacements (activation cost reductions, counters that can't be put, "that
many minus one", keyword loss, "you may cast this card from your graveyard", groups that
don't untap) read as typed effects. 7: "copy that ability" reads as ``copy`` of the ability
the trigger is about (Rings of Brighthearth, CR 707.10) and "You may choose new targets for
the copy" as the optional ``choose_new_targets`` (CR 707.10c), no longer an unread span.
8: "reveal the top card of your library" is a ``reveal`` with ``origin`` LIBRARY and an
``amount`` (Yuriko, the Tiger's Shadow, CR 701.20a); "Ninjutsu abilities you activate cost
{1} less to activate" is a ``reduce_keyword_cost`` static (Silver-Fur Master, CR 601.2f).
9, 10: spell filters that need every kind; cost choices. 11: the clause grammar
(:mod:`.grammar`) reads every sentence: typed noun phrases (``ObjectFilter`` keywords,
toughness, counters, comparisons, relations, ``any_of``), quantities (``Amount.quantity``),
conditions, triggers with qualifiers, statics and replacements as typed effects, costs
with choices, level bands / Class levels / station thresholds as conditions, predefined
tokens, honest "fully understood" (keywords not read and data problems are unread spans).
12: the grammar's later rounds (copies and their exceptions, piles, "this way", one choice of
targets per noun phrase, activation cost changes, mana among objects, deck staples, typed
statics, replacements and triggers); a search shuffles only when its text says so.
13: round four (triggers, statics and one-shot effects: several-zone searches ``zones``,
delayed "until end of turn, whenever" triggers, halves rounded as written, self-granted
quotations, karoo lands, many condition shapes); a spell's "next ..." trigger is a
``delayed`` effect of the spell with the sentences that continue it (the Pacts, CR 603.7a);
placeholder entries (``;Manifest``) are no cards."""

_CREATURE_TYPED = frozenset({"Creature", "Kindred", "Tribal"})
_SELF_REF = parse_object(SELF)


_KEYWORD_TIMINGS: dict[str, tuple[Timing, ...]] = {
    "Exhaust": (Timing.ONCE,), "Boast": (Timing.ATTACKED_THIS_TURN, Timing.ONCE_EACH_TURN),
    "Forecast": (Timing.FROM_HAND, Timing.UPKEEP, Timing.ONCE_EACH_TURN),
    "Channel": (Timing.FROM_HAND,),
}
"""Keywords written like ability words before an activated ability, with the restrictions
their rules add (CR 702.177a exhaust, 702.142a boast, 702.57a forecast; channel abilities
are activated from the hand, CR 207.2c)."""


def _on_the_stack(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """An instant or sorcery that moves itself ("Exile Temporal Mastery.", "Shuffle Beacon
    of Tomorrows into its owner's library") moves from the stack, where it is while it
    resolves (CR 608.2n), not from the battlefield."""
    found = []
    for e in effects:
        target = e.arg("target")
        if e.name == "change_zone" and isinstance(target, ObjectRef) \
                and target.filter.kind == "self" and e.arg("origin") is Zone.BATTLEFIELD:
            e = Effect(e.name, tuple((k, Zone.STACK if k == "origin" else v)
                                     for k, v in e.args), e.optional, e.condition, e.text)
        found.append(e)
    return tuple(found)


def _inner_effects(delayed: Effect) -> tuple[Effect, ...]:
    """The effects of a ``delayed`` effect's trigger."""
    found = delayed.arg("effects")
    return tuple(e for e in found if isinstance(e, Effect)) if isinstance(found, tuple) else ()


def _continues_delayed(delayed: Effect, effects: tuple[Effect, ...]) -> bool:
    """Whether a spell's sentence after a delayed trigger it creates is part of that
    trigger's effect (CR 603.7a): "At the beginning of the next end step, sacrifice it. If
    you do, you gain life equal to its toughness." (Spinal Embrace: "if you do" follows the
    sacrifice, CR 608.2c), "... copy that spell. You may choose new targets for the copy."
    (Doublecast: the copy exists only once the trigger resolves), "... exile the top card of
    your library. You may play it until the end of your next turn." (Waltz of Rage: "it" is
    the card the trigger exiled)."""
    if delayed.name != "delayed" or not effects:
        return False
    inner = _inner_effects(delayed)
    if effects[0].condition in ("if you do", "if you don't"):
        return True
    for effect in effects:
        if effect.name == "choose_new_targets" and any(e.name == "copy" for e in inner):
            return True
        target = effect.arg("target")
        words = target.text.lower() if isinstance(target, ObjectRef) else ""
        if words in ("it", "them") or (words in ("the copy", "that copy")
                                       and any(e.name == "copy" for e in inner)):
            return True
    return False


def _read_sentence(sentence: str, found: _Builder, spell: bool = False) -> bool:
    """Offer one sentence to the static grammar, the keyword-line reader, the effect grammar
    (on instants and sorceries) and the replacement grammar; True if one of them took it."""
    if found.abilities and (limited := with_minimum_one(found.abilities[-1], sentence)
                            or with_flash_penalty(found.abilities[-1], sentence)):
        found.abilities[-1] = limited     # "This effect can't reduce ... less than one mana."
        return True
    if found.reductions and (colored := with_colored_only(found.reductions[-1], sentence)):
        found.reductions[-1] = colored    # "This effect reduces only the amount of colored
        return True                       # mana you pay."
    if (keywords := parse_keyword_line(sentence.rstrip("."))) is not None:
        found.keywords.extend(keywords)
        return True
    if spell and (effects := parse_effects(sentence)) is not None:
        # "Look at the top five cards of your library. ... put it into your hand": a
        # pronoun's zone comes from the spell's sentences before (CR 608.2c).
        before: tuple[Effect, ...] = ()
        for ability in reversed(found.abilities):
            if not isinstance(ability, SpellAbility):
                break
            before = ability.effects + before
        effects = infer_origins(before + effects)[len(before):]
        last = found.abilities[-1] if found.abilities else None
        if isinstance(last, SpellAbility) and last.effects \
                and _continues_delayed(last.effects[-1], effects):
            delayed = last.effects[-1]
            inner = _inner_effects(delayed) + effects
            joined = Effect.make("delayed", when=delayed.arg("when"), effects=inner,
                                 text=f"{delayed.text}. {sentence.strip().rstrip('.')}")
            found.abilities[-1] = SpellAbility((*last.effects[:-1], joined),
                                               f"{last.text} {sentence.strip()}")
            return True
        if isinstance(last, SpellAbility):
            # "Search your library for a card and put that card into your graveyard. Then
            # shuffle your library.": the search's own shuffle (CR 701.23), one effect
            fused = fuse_search(last.effects + effects)
            if len(fused) < len(last.effects) + len(effects):
                found.abilities[-1] = SpellAbility(_on_the_stack(fused),
                                                   f"{last.text} {sentence.strip()}")
                return True
        found.abilities.append(SpellAbility(_on_the_stack(effects), sentence.strip()))
        return True
    last = found.abilities[-1] if found.abilities else None
    if spell and isinstance(last, SpellAbility) and (
            again := elliptical_instead(sentence, last.effects)) is not None:
        found.abilities.append(SpellAbility(again, sentence.strip()))
        return True                       # "If this spell was kicked, it deals 4 damage
    if (static := read_static_sentence(sentence)) is not None:  # instead."
        kind, value = static.kind, static.value
        if kind == "anthem":
            found.anthems.append(value)
        elif kind == "blocking":
            found.blocking.extend(value[0])
            found.cant_block |= value[1]
        elif kind == "cost_reduction":
            found.reductions.append(value)
        elif kind == "every_type":
            found.every_type = True
        else:
            found.abilities.append(value)
        return True
    if (parts := _tapped_and(sentence)) is not None:
        return all(_read_sentence(part, found, spell) for part in parts)
    replacement = read_replacement(sentence)
    last = found.abilities[-1] if found.abilities else None
    if replacement is None and isinstance(last, ReplacementEffect) \
            and last.event in ("enters", "choose_on_entry") \
            and last.text.startswith("As CARDNAME enters") \
            and sentence.startswith("Then "):
        # "As this land enters, choose a basic land type. Then you may pay 2 life.": the
        # sentence goes on with what is done as it enters (CR 614.12)
        replacement = read_replacement(f"As CARDNAME enters, {sentence[5:]}")
    if replacement is not None:
        if replacement.event == "enters" and not replacement.condition \
                and len(replacement.effects) == 1 and replacement.effects[0].name == "tap" \
                and getattr(replacement.effects[0].arg("target"), "text", "") == SELF:
            found.enters_tapped = True
        else:
            found.abilities.append(replacement)
        return True
    return False


def _read_line(raw: str, face: Face, names: tuple[str, ...], found: _Builder,
               modes: list[str] | None = None) -> None:
    """Read one ability line of ``face`` (with its bullet ``modes``) into ``found``."""
    line = normalize_line(raw, names)
    if not line:
        return  # reminder text only, e.g. a basic land's "({T}: Add {G}.)"
    short = face.name
    spell = bool({"Instant", "Sorcery"} & set(face.types))
    if modes and (line.startswith("Spree") or line.startswith("Tiered")):
        keywords = parse_keyword_line(line)
        normalized = [normalize_line(m, names) for m in modes]
        keyword = "Spree" if line.startswith("Spree") else "Tiered"
        if keywords is None or not _read_costed_modes(keyword, normalized, found):
            found.skip(face, remove_reminder_text(raw + " " + " ".join(modes)), short)
        else:
            found.keywords.extend(keywords)
        return
    if modes:
        if not _read_modal(line, [normalize_line(m, names) for m in modes], face, found,
                           spell):
            found.skip(face, remove_reminder_text(raw + " " + " ".join(modes)), short)
        return
    keywords = parse_keyword_line(line)
    if keywords is not None:
        found.keywords.extend(keywords)
        return
    if line.startswith("To solve — "):  # a Case's "to solve" ability (CR 719.3)
        solve = read_to_solve(line)
        if solve is None:
            found.skip(face, remove_reminder_text(raw), short)
        else:
            found.abilities.append(solve)
        return
    if is_chapter(line):  # saga chapters are chapter triggers, never statics (CR 714.2)
        chapter = read_chapter(line)
        if chapter is None:
            found.skip(face, remove_reminder_text(raw), short)
        else:
            found.abilities.append(chapter)
        return
    word, line = split_ability_word(line)
    if word:
        found.ability_words.append(word)
    if (exert := read_exert_line(line)) is not None:
        found.abilities.extend(exert)       # "You may exert CARDNAME as it attacks. When
        return                              # you do, ..." (CR 701.43, 603.2)
    if (opening := read_opening_hand_line(line)) is not None:
        found.abilities.append(opening)     # the Chancellors (CR 103.6)
        return
    if split_activated(line) is not None:
        mana = parse_mana_ability(line)
        if mana is None or not _read_mana_ability(mana[0], mana[1], face, found):
            activated = read_activated(line)
            if activated is None:
                found.skip(face, remove_reminder_text(raw), short)
            else:
                timing = activated.timing + _KEYWORD_TIMINGS.get(word, ())
                found.abilities.append(dataclasses.replace(activated, ability_word=word,
                                                           timing=timing))
        return
    if (triggered := read_triggered(line)) is not None:
        if spell and " next " in f" {triggered.trigger.text.lower()} " \
                and not triggered.condition:
            # An instant's or sorcery's "At the beginning of your next upkeep, pay {3}{U}{U}.
            # If you don't, you lose the game." (the Pacts) or "When you cast your next
            # instant or sorcery spell this turn, copy that spell." (Doublecast) is a delayed
            # triggered ability the spell creates as it resolves (CR 603.7a), never a printed
            # one: an effect of the spell, its "if you don't" still inside it.
            when = triggered.trigger.text[:1].lower() + triggered.trigger.text[1:]
            delayed = Effect.make("delayed", when=when, effects=triggered.effects,
                                  text=line[:1].lower() + line[1:].rstrip("."))
            found.abilities.append(SpellAbility((delayed,), line, ability_word=word))
            return
        found.abilities.append(dataclasses.replace(triggered, ability_word=word))
        return
    sentences = split_sentences(line)
    understood: list[bool] = []
    for sentence in sentences:
        replacement = found.abilities[-1] if understood and understood[-1] \
            and found.abilities else None
        if isinstance(replacement, StaticAbility) and replacement is found.abilities[-1]:
            sentence = _antecedent(sentence, replacement)
        ok = _read_sentence(sentence, found, spell)
        if not ok and isinstance(replacement, ReplacementEffect) \
                and replacement is found.abilities[-1]:
            ok = _continue_replacement(found, sentence)
        understood.append(ok)
    if not any(understood):
        found.skip(face, remove_reminder_text(raw), short)
        return
    for sentence, ok in zip(sentences, understood, strict=True):
        if not ok:
            found.skip(face, sentence, short)


def _read_mana_ability(ability: ManaAbility, leftover: tuple[str, ...], face: Face,
                       found: _Builder) -> bool:
    """Put a mana ability and the sentences after its "Add ..." (restrictions, effects) into
    ``found``; False, with nothing put, when an effect has a target: such an ability is no
    mana ability (CR 605.1a, Witch Engine) and is read as an activated ability."""
    extra: list[Effect] = []
    timing: list[Timing] = []
    spend: tuple[tuple[str, ObjectRef | None], ...] = ()
    triggered: list[TriggeredAbility] = []
    unread: list[str] = []
    for part in leftover:
        if part.startswith("Spend this mana only "):
            read = read_spending_restriction(part)
            if read is None:
                unread.append(part)
            else:
                spend += read
                timing.append(Timing.RESTRICTED_MANA)
            continue
        if restrictions := read_timings(part):
            timing.extend(restrictions)
            continue
        if part.endswith(".") and (effects := parse_effects(part)) is not None:
            extra.extend(effects)  # "CARDNAME deals 1 damage to you." (painlands)
        elif (trigger := read_triggered(part)) is not None:
            triggered.append(trigger)  # "When that mana is spent to cast ..."
        else:
            unread.append(part)
    if _targets(tuple(extra)):
        return False
    found.abilities.extend(triggered)
    for part in unread:
        found.skip(face, part, face.name)
    found.mana.append(dataclasses.replace(ability, effects=tuple(extra), timing=tuple(timing),
                                          spend_only=spend))
    return True


def _targets(effects: tuple[Effect, ...]) -> bool:
    """True if an effect (or one nested in it) has a target (CR 115.1)."""
    for effect in effects:
        for _, value in effect.args:
            values = value if isinstance(value, tuple) else (value,)
            if any(isinstance(v, ObjectRef) and v.targeted for v in values) \
                    or _targets(tuple(v for v in values if isinstance(v, Effect))):
                return True
    return False


def _antecedent(sentence: str, previous: StaticAbility) -> str:
    """"Otherwise, it gets -2/-2." after "Enchanted creature gets +2/+2 as long as it's a
    Vampire.": "it" is the object the static ability before it on the line named (CR 608.2c
    reading order), written out so the sentence reads on its own."""
    if not sentence.startswith("Otherwise, it ") or not previous.effects:
        return sentence
    target = previous.effects[0].arg("target")
    if not isinstance(target, ObjectRef) or target.filter.kind in ("player", "opponent") \
            or target.text.lower() in ("it", "its", "they", "them") or any(
            e.arg("target") != target for e in previous.effects):
        return sentence
    return f"Otherwise, {target.text[:1].lower()}{target.text[1:]} " \
        f"{sentence.removeprefix('Otherwise, it ')}"


def _continue_replacement(found: _Builder, sentence: str) -> bool:
    """A sentence of effects after a replacement effect's sentence on the same line is more
    of what happens instead ("If damage would be dealt to CARDNAME, prevent that damage.
    Remove a +1/+1 counter from CARDNAME.", CR 614.1a): its effects join the replacement's;
    True if it read."""
    effects = parse_effects(sentence)
    previous = found.abilities[-1]
    if effects is None or not isinstance(previous, ReplacementEffect) \
            or (previous.event in ("enters", "choose_on_entry") and not _instead_of_entering(
                previous, effects)):
        return False
    found.abilities[-1] = dataclasses.replace(
        previous, effects=previous.effects + effects, text=f"{previous.text} {sentence}")
    return True


_TAPPED_AND = re.compile(r"^(CARDNAME) enters tapped and (doesn't untap .+|with .+ counters? "
                         r"on it)\.$")


def _tapped_and(sentence: str) -> tuple[str, str] | None:
    """"CARDNAME enters tapped and doesn't untap during your untap step." / "... enters
    tapped and with three charge counters on it.": two abilities in one sentence, a
    replacement effect (CR 614.1c) and a restriction (CR 502.3) or a second replacement
    (CR 614.1c), each read as its own sentence; ``None`` unless both read."""
    match = _TAPPED_AND.match(sentence.strip())
    if match is None:
        return None
    rest = match[2]
    second = f"CARDNAME enters {rest}." if rest.startswith("with ") else f"CARDNAME {rest}."
    if read_replacement("CARDNAME enters tapped.") is None or (
            read_static_sentence(second) is None and read_replacement(second) is None):
        return None
    return "CARDNAME enters tapped.", second


def _instead_of_entering(previous: ReplacementEffect, effects: tuple[Effect, ...]) -> bool:
    """"If CARDNAME would enter, sacrifice an untapped Mountain instead. If you do, put
    CARDNAME onto the battlefield. If you don't, put it into its owner's graveyard." (the
    karoo lands of Alliances, Mox Diamond): what is done instead of entering, then where the
    card goes depending on it (CR 614.1a, 608.2c)."""
    return previous.condition == "if CARDNAME would enter" \
        and " instead." in previous.text and len(effects) == 1 \
        and effects[0].name == "change_zone" \
        and (effects[0].condition, effects[0].arg("destination")) in (
            ("if you do", Zone.BATTLEFIELD), ("if you don't", Zone.GRAVEYARD)) \
        and isinstance(target := effects[0].arg("target"), ObjectRef) \
        and target.filter.kind in ("self", "it")


def _grouped_lines(text: str) -> list[tuple[str, list[str]]]:
    """Ability lines, each "... —" line with the bullet ("•") lines after it as its modes."""
    grouped: list[tuple[str, list[str]]] = []
    for line in ability_lines(text):
        if (line.startswith("•") and grouped) or (_SPREE_MODE.match(line) and grouped and (
                grouped[-1][0].startswith("Spree") or grouped[-1][1])):
            # bullets are modes of the line before; "+ {1} — ..." lines are Spree's modes

            grouped[-1][1].append(line)
        else:
            grouped.append((line, []))
    return grouped


def _mana_cost(face: Face, found: _Builder) -> ManaCost:
    try:
        return ManaCost.parse(face.mana_cost)
    except ManaCostError:
        found.unsupported.append(UnsupportedSpan(face.name, f"mana cost {face.mana_cost}"))
        return ManaCost()


def _defined(definition: CardDefinition, raw: str, names: tuple[str, ...], found: _Builder,
             covered: set[str]) -> bool:
    """True if a hand-written definition covers the line ``raw``: its abilities are put in
    place of the first line it covers (:mod:`.definitions`)."""
    start = definition.covers(normalize_line(raw, names))
    if start is None:
        return False
    if not covered:
        found.abilities.extend(definition.abilities)
        found.ability_words += [w for a in definition.abilities
                                if (w := getattr(a, "ability_word", ""))]
    covered.add(start)
    return True


def _names(card: Card, faces: Iterable[Face]) -> tuple[str, ...]:
    """Every way the card's text names itself (:func:`~.text.self_names`), with the short
    names of its legendary faces (:func:`~.text.short_names`, CR 201.4b), longest first."""
    names = self_names(card.name, card.face_names)
    shorts = [short for face in faces if "Legendary" in face.supertypes
              for short in short_names(face.name, remove_reminder_text(face.text or ""),
                                       _SUBTYPE_WORDS)]
    if not shorts:
        return names
    return tuple(sorted(dict.fromkeys((*names, *shorts)), key=len, reverse=True))


_SUBTYPE_WORDS = frozenset(CREATURE_TYPES) | frozenset(NON_CREATURE_SUBTYPES)


def compile_card(card: Card) -> CardProfile:
    """Compile a card's Oracle text into its :class:`CardProfile`.

    Parameters
    ----------
    card : Card
        Any card; every face is read (adventures, split and double-faced cards included).

    Returns
    -------
    CardProfile
        Never raises on odd text: what is not understood is in ``profile.unsupported``.

    Notes
    -----
    A card with a hand-written definition (:func:`~.definitions.card_definitions`) takes
    the definition's abilities for the lines it covers; its other lines are read as usual.

    Both wordings of the card file are read: 2020 ("enters the battlefield", the card's own
    name) and 2026 ("enters", "this creature"). Basic land types give their intrinsic mana
    ability (CR 305.6) even though the text only holds it as reminder text.
    """
    faces = card.faces or (card.front,)
    names = _names(card, faces)
    found = _Builder()
    creature_types: set[str] = set()
    definition = card_definitions().get(card.name)
    covered: set[str] = set()
    for face in faces:
        if _CREATURE_TYPED & set(face.types):
            creature_types |= creature_subtypes(face.subtypes)
        if "Land" in face.types and (intrinsic := basic_land_mana(face.subtypes)):
            found.mana.append(intrinsic)
        gate = Gate()
        for raw, modes in _grouped_lines(face.text):
            condition = gate.read(raw, found)
            if condition is None:
                continue                  # a level band or a leveler's P/T line, read
            before = Snapshot.of(found)
            if definition is None or not _defined(definition, raw, names, found, covered):
                _read_line(gate.body(raw) if condition else raw, face, names, found, modes)
            if condition and not apply_gate(found, before, condition):
                before.restore(found)     # read into what can't carry the condition
                found.skip(face, remove_reminder_text(raw), face.name)
            elif len(found.unsupported) == before.unsupported and not targets_kept(
                    remove_reminder_text(" ".join([raw, *(modes or ())])),
                    found.abilities[before.abilities:]):
                before.restore(found)     # a target the reading lost (CR 115.1)
                found.skip(face, remove_reminder_text(raw), face.name)
            gate.after(raw)
            found.order += [("keyword", i) for i in range(before.keywords, len(found.keywords))]
            found.order += [("mana", i) for i in range(before.mana, len(found.mana))]
            found.order += [("ability", i)
                            for i in range(before.abilities, len(found.abilities))]
    if definition is not None:
        found.unsupported += [UnsupportedSpan(card.name, f"(definition line not found) {s}")
                              for s in definition.lines if s not in covered]
    found.unsupported += face_data_problems(card, faces)
    mana_cost = _mana_cost(faces[0], found)
    evasion = {k.evasion for k in found.keywords if k.evasion is not None}
    evasion |= {b.evasion for b in found.blocking}
    profile = CardProfile(
        card_id=card.id,
        name=card.name,
        types=frozenset(t for f in faces for t in f.types),
        supertypes=frozenset(t for f in faces for t in f.supertypes),
        colors=Color.from_letters(faces[0].colors),
        mana_cost=mana_cost,
        mana_value=card.mana_value,
        creature_types=frozenset(creature_types),
        is_changeling=found.every_type or any(k.name == "Changeling" for k in found.keywords),
        keywords=tuple(found.keywords),
        evasion=frozenset[Evasion](evasion),
        blocking=tuple(found.blocking),
        can_block=not found.cant_block,
        enters_tapped=found.enters_tapped,
        anthems=tuple(found.anthems),
        cost_reductions=tuple(found.reductions),
        mana_abilities=tuple(found.mana),
        abilities=tuple(found.abilities),
        ability_words=tuple(found.ability_words),
        keyword_actions=tuple(dict.fromkeys(found.actions)),
        unsupported=tuple(found.unsupported),
        printed_order=_printed_order(found),
    )
    missing = _keywords_not_read(card, faces, profile, names)
    return dataclasses.replace(profile, unsupported=profile.unsupported + missing) \
        if missing else profile


def _keywords_not_read(card: Card, faces: tuple[Face, ...], profile: CardProfile,
                       names: tuple[str, ...]) -> tuple[UnsupportedSpan, ...]:
    """A keyword of the card's MTGJSON ``keywords`` that the profile lacks (CR 702): the
    card is not fully understood (an unread span naming the keyword). When the keyword's
    word is nowhere in the card's text (once its own name is set aside), the card file's
    keyword list and text disagree: a data problem."""
    if not card.keywords:
        return ()
    known = profile.recognised_keywords()
    found: list[UnsupportedSpan] = []
    for keyword in card.keywords:
        if keyword.lower() in known:
            continue
        face = next((f for f in faces if keyword in f.keywords), faces[0])
        if any(keyword.lower() in u.text.lower() for u in profile.unsupported):
            continue                    # its line is already an unread span
        text = " ".join(_ABILITY_LABEL.sub("", normalize_line(line, names))
                        for f in faces for line in f.text.splitlines()).lower()
        if not re.search(rf"\b{re.escape(keyword.lower().rstrip('!'))}", text):
            found.append(UnsupportedSpan(face.name, keyword, "data: the card file lists this "
                                         "keyword, which its text does not have"))
        else:
            found.append(UnsupportedSpan(face.name, keyword, "keyword not read"))
    return tuple(found)


_ABILITY_LABEL = re.compile(r"^(?:[A-Z][\w'’-]*(?: [\w'’-]+){0,4}) — (?=[A-Z{])")
"""A line's leading label ("Fear Gas — ", an ability word, CR 207.2c): its words name no
keyword the line has."""

def _printed_order(found: _Builder) -> tuple[tuple[str, int], ...]:
    """Every keyword, mana ability and other ability as ``(list, index)`` in the order of
    the Oracle lines they were read from; intrinsic mana abilities of basic land types
    (CR 305.6, no line of their own) first."""
    listed = set(found.order)
    intrinsic = [("mana", i) for i in range(len(found.mana)) if ("mana", i) not in listed]
    return tuple(intrinsic + found.order)


def compile_with_granted(card: Card, granted: tuple[str, ...]) -> CardProfile:
    """The profile of ``card`` with abilities another object grants it (CR 613.1f, layer 6:
    "Enchanted creature has \"{T}: ...\"", CR 113.1c, 604.1).

    Parameters
    ----------
    card : Card
        The permanent that gains the abilities.
    granted : tuple of str
        Each granted ability's text as quoted by the granting ability, without the quotation
        marks (``"{T}: Create a 1/1 green Squirrel creature token."``).

    Returns
    -------
    CardProfile
        The card's own profile with the granted abilities read after its printed ones (so
        the indexes of its printed abilities are unchanged). A self-reference in a granted
        ability ("this creature") means the object that has it (CR 113.7's source), so it
        reads as :data:`~analyzer.oracle.text.SELF`, like the card's own name. What is not
        understood is in ``unsupported``, as for any text.

    Examples
    --------
    >>> from analyzer.card_model import Card, Face
    >>> bears = Card(id="b", name="Grizzly Bears", faces=(Face(name="Grizzly Bears",
    ...     type="Creature — Bear", types=("Creature",), subtypes=("Bear",)),))
    >>> p = compile_with_granted(bears, ("{T}: This creature gets +2/+2 until end of turn.",))
    >>> p.abilities[0].describe()
    'tap this: this object gets +2/+2 until end of turn'
    """
    if not granted:
        return compile_card(card)
    faces = card.faces or (card.front,)
    front = faces[0]
    from analyzer.oracle.grammar.quoted import ability_text

    text = "\n".join(t for t in (front.text, *map(ability_text, granted)) if t)
    new_front = dataclasses.replace(front, text=text)
    return compile_card(dataclasses.replace(card, faces=(new_front, *faces[1:])))


def compile_cards(cards: Iterable[Card]) -> dict[str, CardProfile]:
    """Compile many cards: ``{card.id: profile}``."""
    return {card.id: compile_card(card) for card in cards}
