"""An honesty check of the card compiler: every "target" a line's text names is a target of
the abilities read from it.

A target is chosen as the spell is cast or the ability is put on the stack (CR 115.1,
601.2c); a reading that leaves one out (a "target opponent" kept only as the words of a
count, "up to one target creature, and up to one target land" read as one target) changes
what can be targeted, what hexproof stops and when the spell fizzles (CR 608.2b). When a line
names more targets than its reading holds, the compiler leaves the line unread
(:func:`targets_kept`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator

from analyzer.oracle.abilities import Ability
from analyzer.oracle.effects import Effect
from analyzer.oracle.objects import ObjectRef, Owner

__all__ = ["named_targets", "targets_kept"]

_QUOTED = re.compile(r'"[^"]*"')
_TARGET_WORD = re.compile(r"\btarget\b(?!s)", re.IGNORECASE)
_NOT_A_DETERMINER = frozenset({"the", "a", "single", "new", "that", "can", "can't", "could",
                               "would", "to", "cannot", "each", "its", "their", "only",
                               "it", "they", "you", "as"})
"""Words before "target" that make it a noun or a verb ("becomes the target of", "with a
single target", "spells that target it", "can't target"), not a determiner."""


_BEFORE_A_BARE_TARGET = frozenset({"any", "another", "other", "third", "second"})
"""Words before a "target" that ends its phrase ("any target.", "another target,"; CR 115.4)."""


def named_targets(text: str) -> int:
    """How many times ``text`` names a target: "target" as a determiner ("target creature",
    "up to one target land", "any target"), not as a noun or a verb.

    >>> named_targets("Destroy up to one target artifact, up to one target creature, and "
    ...               "up to one target land.")
    3
    >>> named_targets("Whenever CARDNAME becomes the target of a spell, sacrifice it.")
    0
    >>> named_targets("CARDNAME deals 3 damage to any target.")
    1
    """
    found = 0
    for match in _TARGET_WORD.finditer(text):
        before = text[:match.start()].split()
        previous = before[-1].lower().strip("(\"'") if before else ""
        after = text[match.end():].lstrip()
        if previous in _NOT_A_DETERMINER or after[:3].lower() == "of ":
            continue
        if (not after or after[0] in ".,;)") and previous not in _BEFORE_A_BARE_TARGET:
            continue            # "with a single target.": a noun
        found += 1
    return found


def _refs(value: object) -> Iterator[ObjectRef]:
    """Every reference inside ``value`` (effects, their arguments, nested effects and modes);
    a parsed reference is shared between effects, so each occurrence counts."""
    if isinstance(value, ObjectRef):
        yield value
        return
    if isinstance(value, Effect):
        for _, arg in value.args:
            yield from _refs(arg)
        return
    if isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from _refs(item)
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _refs(getattr(value, field.name))


def _targeted(abilities: Iterable[Ability]) -> int:
    """The targets the abilities choose (a reference said again, "the same target", counts
    once; so does the target player a filter's owner names)."""
    found = 0
    owners: set[str] = set()
    for ability in abilities:
        for ref in _refs(ability.effects):
            if ref.targeted and not ref.refers_back:
                found += 1
            elif ref.filter.owner is Owner.TARGET_PLAYER:
                # "creatures target player controls", "target opponent's library": the
                # target player is the owner the filter names (Owner.TARGET_PLAYER)
                owners.add("target player")
    return found + len(owners)


def targets_kept(text: str, abilities: Iterable[Ability]) -> bool:
    """Whether the abilities read from a line hold as many targets as the line's ``text``
    names (:func:`named_targets`; CR 115.1). A line with no named target always passes.

    >>> from analyzer.oracle import compile_card
    >>> from analyzer.card_model import Card, Face
    >>> box = Card(id="b", name="Boom Box", faces=(Face("Boom Box", types=("Artifact",),
    ...     text="{6}, {T}, Sacrifice Boom Box: Destroy up to one target artifact, up to one "
    ...          "target creature, and up to one target land."),))
    >>> compile_card(box).fully_understood
    False
    """
    wanted = named_targets(_QUOTED.sub("", text))   # a granted ability's own targets
    return wanted == 0 or _targeted(abilities) >= wanted
