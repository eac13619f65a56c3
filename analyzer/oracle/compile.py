"""The Oracle compiler: :class:`~analyzer.cards.model.Card` in, :class:`CardProfile` out.

Each face's text is cut into ability lines; each line is cleaned (:mod:`.text`) and offered to
the line readers in turn: a keyword line (:mod:`.keywords`), an activated mana ability
(:mod:`.mana_abilities`), else its sentences to the static readers (:mod:`.statics`). What no
reader takes becomes an :class:`UnsupportedSpan`: a whole line when nothing in it was
understood, else each sentence or cost part left over.

Examples
--------
>>> from analyzer.cards.model import Card, Face
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

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from analyzer.cards.model import Card, Face
from analyzer.oracle.errors import ManaCostError
from analyzer.oracle.keywords import Evasion, KeywordAbility, parse_keyword_line
from analyzer.oracle.mana import Color, ManaCost
from analyzer.oracle.mana_abilities import (
    ManaAbility,
    basic_land_mana,
    parse_mana_ability,
    split_activated,
)
from analyzer.oracle.profile import CardProfile, UnsupportedSpan
from analyzer.oracle.statics import (
    Anthem,
    CantBeBlocked,
    CostReduction,
    parse_anthem,
    parse_block_sentence,
    parse_cost_reduction,
    parse_enters_tapped,
)
from analyzer.oracle.text import (
    SELF,
    ability_lines,
    normalize_line,
    remove_reminder_text,
    self_names,
    split_sentences,
)
from analyzer.oracle.types import creature_subtypes

__all__ = ["compile_card", "compile_cards"]

_CREATURE_TYPED = frozenset({"Creature", "Kindred", "Tribal"})
_EVERY_TYPE = re.compile(rf"^{SELF} is every creature type\.$")


@dataclass
class _Builder:
    """What the readers found so far on one card (mutable while compiling, then frozen)."""

    keywords: list[KeywordAbility] = field(default_factory=list)
    blocking: list[CantBeBlocked] = field(default_factory=list)
    anthems: list[Anthem] = field(default_factory=list)
    reductions: list[CostReduction] = field(default_factory=list)
    mana: list[ManaAbility] = field(default_factory=list)
    unsupported: list[UnsupportedSpan] = field(default_factory=list)
    cant_block: bool = False
    every_type: bool = False
    enters_tapped: bool = False

    def skip(self, face: Face, text: str, name: str) -> None:
        self.unsupported.append(UnsupportedSpan(face.name, text.replace(SELF, name)))


def _read_sentence(sentence: str, found: _Builder) -> bool:
    """Offer one sentence to the static readers; True if one of them took it."""
    if (anthem := parse_anthem(sentence)) is not None:
        found.anthems.append(anthem)
    elif (block := parse_block_sentence(sentence)) is not None:
        found.blocking.extend(block[0])
        found.cant_block |= block[1]
    elif (reduction := parse_cost_reduction(sentence)) is not None:
        found.reductions.append(reduction)
    elif _EVERY_TYPE.match(sentence):
        found.every_type = True
    elif parse_enters_tapped(sentence):
        found.enters_tapped = True
    elif (keywords := parse_keyword_line(sentence.rstrip("."))) is not None:
        found.keywords.extend(keywords)
    else:
        return False
    return True


def _read_line(raw: str, face: Face, names: tuple[str, ...], found: _Builder) -> None:
    """Read one ability line of ``face`` into ``found``."""
    line = normalize_line(raw, names)
    if not line:
        return  # reminder text only, e.g. a basic land's "({T}: Add {G}.)"
    short = face.name
    keywords = parse_keyword_line(line)
    if keywords is not None:
        found.keywords.extend(keywords)
        return
    if split_activated(line) is not None:
        mana = parse_mana_ability(line)
        if mana is None:
            found.skip(face, remove_reminder_text(raw), short)
            return
        found.mana.append(mana[0])
        for part in mana[1]:
            found.skip(face, part, short)
        return
    sentences = split_sentences(line)
    understood = [_read_sentence(s, found) for s in sentences]
    if not any(understood):
        found.skip(face, remove_reminder_text(raw), short)
        return
    for sentence, ok in zip(sentences, understood, strict=True):
        if not ok:
            found.skip(face, sentence, short)


def _mana_cost(face: Face, found: _Builder) -> ManaCost:
    try:
        return ManaCost.parse(face.mana_cost)
    except ManaCostError:
        found.unsupported.append(UnsupportedSpan(face.name, f"mana cost {face.mana_cost}"))
        return ManaCost()


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
    Both wordings of the card file are read: 2020 ("enters the battlefield", the card's own
    name) and 2026 ("enters", "this creature"). Basic land types give their intrinsic mana
    ability (CR 305.6) even though the text only holds it as reminder text.
    """
    faces = card.faces or (card.front,)
    names = self_names(card.name, card.face_names)
    found = _Builder()
    creature_types: set[str] = set()
    for face in faces:
        if _CREATURE_TYPED & set(face.types):
            creature_types |= creature_subtypes(face.subtypes)
        if "Land" in face.types and (intrinsic := basic_land_mana(face.subtypes)):
            found.mana.append(intrinsic)
        for raw in ability_lines(face.text):
            _read_line(raw, face, names, found)
    mana_cost = _mana_cost(faces[0], found)
    evasion = {k.evasion for k in found.keywords if k.evasion is not None}
    evasion |= {b.evasion for b in found.blocking}
    return CardProfile(
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
        unsupported=tuple(found.unsupported),
    )


def compile_cards(cards: Iterable[Card]) -> dict[str, CardProfile]:
    """Compile many cards: ``{card.id: profile}``."""
    return {card.id: compile_card(card) for card in cards}
