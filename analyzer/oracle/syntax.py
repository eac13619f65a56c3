"""The syntax tree of the clause grammar (:mod:`.grammar`): what a sentence says, before it
is lowered to the typed profile.

Oracle text is a small language (STYLE.md habit 21). A sentence of effects is a chain of
:class:`Clause` values joined by connectors ("then", "and", "if you do", "otherwise"); each
clause is a subject (a noun phrase, or none for the imperative "you"), a verb with its
objects as named slots of the verb's frame, and modifiers ("until end of turn", "for each
creature you control", "where X is ...", "at random", "unless ..."). A :class:`Clause` is
lowered to effects by the lowering function its frame names (:mod:`.grammar.lowering`);
a condition ("if you control a Wizard") is a :class:`~.conditions.Condition`.

Examples
--------
>>> from analyzer.oracle.grammar import parse_clause
>>> c = parse_clause("Target creature gets +2/+0 until end of turn")
>>> c.verb, c.subject.text, c.slot("pt"), c.modifier("duration")
('get', 'Target creature', '+2/+0', <Duration.END_OF_TURN: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzer.oracle.objects import ObjectRef

__all__ = ["Clause", "Modifier"]


@dataclass(frozen=True, slots=True)
class Modifier:
    """A modifier of a clause: ``kind`` and its reading.

    Kinds: ``duration`` ("until end of turn"), ``for_each`` (a noun phrase counted),
    ``where_x`` (what X is), ``random`` ("at random"), ``instead``, ``unless`` (a condition
    or a payment), ``delayed`` (when a delayed effect happens, CR 603.7), ``order`` ("in any
    order"), ``face_down``, ``controller`` ("under your control").
    """

    kind: str
    """What the modifier does."""
    value: Any
    """Its reading: the words of a duration, an :class:`ObjectRef`, a condition..."""
    text: str = ""
    """The words it was read from."""


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause: ``[subject] verb objects [modifiers]``.

    ``verb`` is the key of the frame that read it (the verb's lemma, or the frame's name
    for fixed phrasings: ``"deal_damage"``); ``slots`` hold the frame's named parts, each
    already typed (noun phrases as :class:`ObjectRef`, amounts as
    :class:`~.effects.Amount`, mana as :class:`~.mana.ManaCost`, keywords as
    :class:`~.keywords.KeywordAbility` tuples).
    """

    verb: str
    """The frame's key."""
    subject: ObjectRef | None
    """Who or what does it; ``None`` for an imperative (the ability's controller)."""
    slots: tuple[tuple[str, Any], ...] = ()
    """The frame's named parts."""
    modifiers: tuple[Modifier, ...] = ()
    """Modifiers read around the frame."""
    optional: bool = False
    """"you may" (CR 609.3)."""
    text: str = ""
    """The clause's words, normalized."""
    frame_text: str = ""
    """The words its frame read (the clause without the modifiers around it)."""

    def slot(self, name: str, default: Any = None) -> Any:
        """The part ``name`` of the frame, or ``default``."""
        return next((v for k, v in self.slots if k == name), default)

    def modifier(self, kind: str, default: Any = None) -> Any:
        """The value of the first modifier of ``kind``, or ``default``."""
        return next((m.value for m in self.modifiers if m.kind == kind), default)

    def describe_tree(self) -> dict[str, Any]:
        """The clause as a JSON-able tree (for golden snapshots and debugging)."""
        def value(v: Any) -> Any:
            if isinstance(v, ObjectRef):
                return {"np": v.text}
            if isinstance(v, tuple):
                return [value(x) for x in v]
            to_json = getattr(v, "to_json", None)
            return to_json() if callable(to_json) else str(v)
        return {"verb": self.verb, "subject": None if self.subject is None
                else self.subject.text, "slots": {k: value(v) for k, v in self.slots},
                "modifiers": [{m.kind: value(m.value)} for m in self.modifiers],
                "optional": self.optional}
