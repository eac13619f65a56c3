"""Modal abilities read by the card compiler: "Choose one —" and its bullets (CR 700.2),
Spree's and Tiered's modes with their additional costs (CR 702.172, 702.183), modes that may
be chosen more than once, and mode counts that depend on a condition.
"""

from __future__ import annotations

import dataclasses
import re

from analyzer.card_model import Face
from analyzer.oracle.abilities import Ability, SpellAbility
from analyzer.oracle.builder import _Builder
from analyzer.oracle.effects import Effect
from analyzer.oracle.grammar import infer_origins, parse_effects
from analyzer.oracle.grammar.verbs_effects2 import conditional_mode_count
from analyzer.oracle.lines import read_activated, read_triggered, split_ability_word
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.text import split_sentences


def _fill_modes(ability: Ability, modes: tuple[Effect, ...]) -> Ability:
    """Put the bullet modes into the ability's ``choose_mode`` effect (CR 700.2)."""
    effects = tuple(
        Effect(e.name, tuple((k, modes if k == "modes" else v) for k, v in e.args),
               e.optional, e.condition, e.text) if e.name == "choose_mode" else e
        for e in ability.effects)
    return dataclasses.replace(ability, effects=effects)


def _read_modal(line: str, modes: list[str], face: Face, found: _Builder,
                spell: bool) -> bool:
    """A "... choose one —" line with its bullet modes; True if all of it was read."""
    read: list[Effect] = []
    for mode in modes:
        effects = _mode_effects(mode.lstrip("• ").strip(), line)
        if effects is None:
            return False
        read.append(Effect.make("sequence", effects=effects, text=mode))
    word, head = split_ability_word(line.strip())
    if word:
        found.ability_words.append(word)
    head, repeatable = _repeatable_modes(head)
    counted = conditional_mode_count(head)  # "Choose one. If ..., choose both instead."
    if counted is not None:
        head = counted[0]
    ability: Ability | None = read_triggered(head) or read_activated(head)
    if ability is None and spell:
        effects = parse_effects(head)
        ability = SpellAbility(effects, head) if effects else None
    if ability is not None and repeatable:
        ability = _modes_repeat(ability)
    if ability is not None and counted is not None:
        ability = _modes_counted(ability, counted[1])
    if ability is None or not any(e.name == "choose_mode" for e in ability.effects):
        return False
    found.abilities.append(_fill_modes(ability, tuple(read)))
    return True


_SPREE_MODE = re.compile(r"^\+ (?P<cost>(?:\{[^{}]+\})+) — (?P<rest>.+)$")


_TIERED_MODE = re.compile(r"^(?P<cost>(?:\{[^{}]+\})+) — (?P<rest>.+)$")


def _read_costed_modes(keyword: str, modes: list[str], found: _Builder) -> bool:
    """The modes of Spree (CR 702.172: "+ {1} — <effects>" lines, one or more chosen) and
    Tiered (CR 702.183: "• <name> — {2} — <effects>" lines, exactly one chosen; the name is
    a flavor word, CR 207.2c): each an additional cost and its effects, chosen as the spell
    is cast."""
    spree = keyword == "Spree"
    read: list[Effect] = []
    for mode in modes:
        if spree:
            match = _SPREE_MODE.match(mode)
        else:
            _, rest = split_ability_word(mode.lstrip("• ").strip())
            match = _TIERED_MODE.match(rest)
        cost = ManaCost.try_parse(match["cost"]) if match else None
        effects = _mode_effects(match["rest"]) if match else None
        if cost is None or effects is None:
            return False
        read.append(Effect.make("spree_mode" if spree else "tiered_mode", cost=cost,
                                effects=effects, text=mode))
    choose = Effect.make("choose_mode", count="one or more (Spree)" if spree
                         else "one (Tiered)", modes=tuple(read), text=keyword)
    found.abilities.append(SpellAbility((choose,), keyword))
    return True


def _mode_effects(mode: str, head: str = "") -> tuple[Effect, ...] | None:
    """The effects of one bullet mode, every sentence of it (CR 700.2); a mode's name
    ("Attack — ", "Puff Piece — ") is a flavor word with no rules meaning (CR 207.2c),
    unless the line before names it ("choose Khans or Dragons": it says which applies)."""
    found: list[Effect] = []
    label, rest = split_ability_word(mode)
    if label and label not in head:
        mode = rest
    for sentence in split_sentences(mode):
        effects = parse_effects(sentence)
        if effects is None:
            return None
        found.extend(effects)
    return infer_origins(tuple(found))


_REPEATABLE = "You may choose the same mode more than once."


def _repeatable_modes(head: str) -> tuple[str, bool]:
    """``head`` without "You may choose the same mode more than once." (CR 700.2d), and
    whether it said so."""
    text = head.strip()
    if text.endswith(_REPEATABLE) or text.endswith(_REPEATABLE.rstrip(".") + " —"):
        cut = text.rfind("You may choose the same mode")
        return text[:cut].strip().rstrip(".").strip(), True
    return head, False


def _modes_repeat(ability: Ability) -> Ability:
    """The ability with its ``choose_mode`` count marked repeatable (CR 700.2d)."""
    effects = tuple(
        Effect(e.name, tuple((k, f"{v}, the same mode more than once allowed"
                              if k == "count" else v) for k, v in e.args),
               e.optional, e.condition, e.text) if e.name == "choose_mode" else e
        for e in ability.effects)
    return dataclasses.replace(ability, effects=effects)


def _modes_counted(ability: Ability, count: str) -> Ability:
    """The ability with its ``choose_mode`` count replaced by ``count`` (CR 700.2)."""
    effects = tuple(
        Effect(e.name, tuple((k, count if k == "count" else v) for k, v in e.args),
               e.optional, e.condition, e.text) if e.name == "choose_mode" else e
        for e in ability.effects)
    return dataclasses.replace(ability, effects=effects)
