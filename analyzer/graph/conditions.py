"""Static abilities that apply only under a condition, as the synergy families see them.

The Oracle compiler reads "Creatures you control get +1/+0 and have menace." the same
wherever it is printed. On a Class it is a level's ability: it applies only once the Class
has gained that level (CR 716: "{1}{B}: Level 2" is an activated ability that may be
activated only as a sorcery, and the level's abilities apply from then on); on a leveler it
applies only while the permanent has enough level counters (CR 711, "LEVEL 2-6"); and "as
long as ..." makes any static ability conditional. An edge from such
an anthem must say so, and is weaker.

:func:`conditional_anthems` marks each anthem of a profile read from such a place as a
:class:`ConditionalAnthem`, found from the card's Oracle text lines.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from analyzer.cards.model import Card
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.readings import as_long_as, class_level, level_up_cost, leveler_band
from analyzer.oracle.statics import Anthem
from analyzer.oracle.text import SELF, ability_lines, normalize_line, self_names

__all__ = ["ConditionalAnthem", "conditional_anthems"]


@dataclass(frozen=True, slots=True)
class ConditionalAnthem(Anthem):
    """An :class:`~analyzer.oracle.statics.Anthem` that applies only under a condition."""

    condition: str = ""
    """The condition in words: ``"at level 2 (pay {1}{B} to level up)"``."""
    rule: str = ""
    """The rule that makes it conditional (``"716.2a"``, ``"711.2a"``)."""


def _conditions(card: Card) -> list[tuple[str, str, str]]:
    """(normalized line, condition words, rule) of every line of the card printed under a
    level, or saying "as long as"."""
    names = self_names(card.name, card.face_names)
    found: list[tuple[str, str, str]] = []
    for face in card.faces:
        current: tuple[str, str] | None = None
        level_up = ""
        for line in ability_lines(face.text):
            if (cost := level_up_cost(line)) is not None:
                level_up = cost
                continue
            if (level := class_level(line)) is not None:
                current = (f"at level {level.level} (pay {level.cost} to level up)", "716.2a")
                continue
            if (band := leveler_band(line)) is not None:
                counters = f"{band.low} or more" if band.high is None \
                    else f"{band.low} to {band.high}"
                cost = f", level up {level_up}" if level_up else ""
                current = (f"with {counters} level counters{cost}", "711.2a")
                continue
            normalized = normalize_line(line, names)
            if current is not None:
                found.append((normalized, *current))
            elif (condition := as_long_as(line)) is not None:
                what = normalize_line(condition, names).replace(SELF, "it")
                found.append((normalized, f"only as long as {what}", "611.3a"))
    return found


def conditional_anthems(card: Card, profile: CardProfile) -> CardProfile:
    """``profile`` with each anthem read from a level or an "as long as" line as a
    :class:`ConditionalAnthem` (the profile itself when there is none).

    Parameters
    ----------
    card : Card
        The card the profile was compiled from (its Oracle text lines).
    profile : CardProfile
        Its profile.
    """
    if not profile.anthems:
        return profile
    lines = _conditions(card)
    if not lines:
        return profile
    changed = False
    anthems: list[Anthem] = []
    for anthem in profile.anthems:
        sentence = anthem.text.rstrip(".")
        hit = next(((words, rule) for line, words, rule in lines
                    if sentence and sentence in line), None)
        if hit is None or isinstance(anthem, ConditionalAnthem):
            anthems.append(anthem)
            continue
        changed = True
        anthems.append(ConditionalAnthem(
            anthem.affected, anthem.power, anthem.toughness, anthem.keywords, anthem.text,
            condition=hit[0], rule=hit[1]))
    return replace(profile, anthems=tuple(anthems)) if changed else profile
