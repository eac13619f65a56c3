"""Trigger doubling statics, typed: whose triggered abilities trigger an additional time and
which events count (CR 603.2d).

The compiler reads "If a triggered ability of a Ninja creature you control triggers, that
ability triggers an additional time." (Splinter, Radical Rat) as a ``trigger_doubling``
:class:`~analyzer.oracle.abilities.StaticAbility` and keeps its words; :func:`read_trigger_doubling`
turns those words into a :class:`TriggerDoubling` once, inside the Oracle package, so that the
synergy graph reads no text (DESIGN.md, "one understanding of a card"). Two wordings exist:

- *whose* ability: "If a triggered ability of <permanents> triggers, that ability (or "it")
  triggers an additional time" (Splinter, Katara, Annie Joins Up, Roaming Throne "another
  creature you control of the chosen type", Wizard's Staff "an ability of equipped creature");
- *what caused it*: "If <objects> entering [the battlefield] [under your control] | dying |
  leaving | attacking causes a triggered ability of a permanent you control to trigger, that
  ability triggers an additional time" (Panharmonicon, Teysa Karlov, Gandalf the White).

Either may follow "As long as <condition>," (Bifur, Melodic Rider). Any other wording is not
read (``None``): "a triggered ability of CARDNAME or an Equipment attached to it" (Cloud,
Midgar Mercenary), an ability granted in quotation marks (The Masamune) and a modal choice
(Windcrag Siege's "Mardu —" bullet, kept unsupported by the compiler).

Examples
--------
>>> from analyzer.card_model import Card, Face
>>> from analyzer.oracle.compile import compile_card
>>> rat = compile_card(Card(id="r", name="Rat", faces=(Face(name="Rat", types=("Creature",),
...     subtypes=("Ninja",), text="If a triggered ability of a Ninja creature you control "
...     "triggers, that ability triggers an additional time."),)))
>>> (doubling,) = trigger_doublings(rat)
>>> sorted(doubling.whose.filter.subtypes), doubling.events
(['Ninja'], frozenset())
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzer.oracle.abilities import StaticAbility, TriggerEvent
from analyzer.oracle.objects import ObjectRef, lower_first
from analyzer.oracle.profile import CardProfile

__all__ = ["TRIGGER_DOUBLING", "TriggerDoubling", "read_trigger_doubling",
           "trigger_doublings"]

TRIGGER_DOUBLING = "trigger_doubling"
"""The :attr:`StaticAbility.mode` the compiler gives a trigger doubling static."""

_CONDITION = r"^(?:as long as (?P<cond>[^,]+), )?"
_WHOSE = re.compile(_CONDITION + r"if (?:a triggered ability|an ability) of (?P<whose>.+?) "
                    r"triggers, (?:that ability|it) triggers an additional time$")
_CAUSED = re.compile(_CONDITION + r"if (?P<clause>(?P<cause>.+?) (?P<event>entering or leaving|"
                     r"entering|leaving|dying|attacking)(?: the battlefield)?(?P<yours> under "
                     r"your control)?) causes a triggered ability of (?P<whose>.+?) to trigger, "
                     r"that ability triggers an additional time$")
_EVENTS: dict[str, frozenset[TriggerEvent]] = {
    "entering": frozenset({TriggerEvent.ENTERS}),
    "dying": frozenset({TriggerEvent.DIES}),
    # dying is leaving the battlefield for a graveyard (CR 700.4)
    "leaving": frozenset({TriggerEvent.LEAVES, TriggerEvent.DIES}),
    "entering or leaving": frozenset({TriggerEvent.ENTERS, TriggerEvent.LEAVES,
                                      TriggerEvent.DIES}),
    "attacking": frozenset({TriggerEvent.ATTACKS, TriggerEvent.ATTACKS_OR_BLOCKS,
                            TriggerEvent.ATTACK_WITH}),
}
_CHOSEN_TYPE = " of the chosen type"
_EQUIPPED = "equipped creature"
_ARTICLE = re.compile(r"^(?:an?|another|one or more) ")


@dataclass(frozen=True, slots=True)
class TriggerDoubling:
    """A static ability making triggered abilities trigger an additional time (CR 603.2d).

    Splinter, Radical Rat: whose = a Ninja creature you control, no events. Panharmonicon:
    whose = a permanent you control, events = {ENTERS}, causes = (an artifact, a creature).
    """

    whose: ObjectRef
    """The permanents whose triggered abilities are doubled (for "an ability of equipped
    creature": any creature, with :attr:`equipped`)."""
    events: frozenset[TriggerEvent] = frozenset()
    """The trigger events that count (entering: ENTERS; dying: DIES; leaving: LEAVES and
    DIES; attacking: ATTACKS, ATTACKS_OR_BLOCKS, ATTACK_WITH); empty: any event."""
    causes: tuple[ObjectRef, ...] = ()
    """The objects whose event must cause the trigger, any of which counts ("an artifact or
    creature" -> an artifact, a creature); empty: any object."""
    chosen_type: bool = False
    """True for "of the chosen type" (Roaming Throne): only creatures of the creature type
    chosen as the source entered, which the card does not fix."""
    equipped: bool = False
    """True for "an ability of equipped creature" (Wizard's Staff): only the creature the
    source equips."""
    condition: str = ""
    """Its "as long as" condition (``"you have an enduring story"``), ``""`` when none."""
    text: str = ""
    """The ability's text as normalized (the card's name written ``CARDNAME``)."""

    @property
    def cause_words(self) -> str:
        """What must cause the trigger, in the card's words (``"an artifact or creature
        entering the battlefield"``), or ``""`` when any event counts."""
        match = _CAUSED.match(_normalized(self.text))
        return match["clause"] if match else ""


def _normalized(text: str) -> str:
    return lower_first(text.strip().rstrip("."))


def _parse(words: str) -> ObjectRef | None:
    from analyzer.oracle.grammar import parse_target

    return parse_target(words)


def _causes(words: str, yours: bool) -> tuple[ObjectRef, ...] | None:
    """"an artifact or creature" -> (an artifact, a creature); "a land or Bird you control"
    -> (a land you control, a Bird you control); ``None`` if a part cannot be read."""
    tail = " you control" if yours or words.endswith(" you control") else ""
    found: list[ObjectRef] = []
    for part in words.removesuffix(" you control").split(" or "):
        phrase = part if _ARTICLE.match(part) else f"a {part}"
        ref = _parse(phrase + tail)
        if ref is None or ref.filter.kind != "permanent":
            return None
        found.append(ref)
    return tuple(found)


def read_trigger_doubling(ability: StaticAbility) -> TriggerDoubling | None:
    """The typed reading of a ``trigger_doubling`` static, or ``None`` for another static or
    a wording not read (see the module docstring).

    Parameters
    ----------
    ability : StaticAbility
        A compiled static ability.

    Returns
    -------
    TriggerDoubling or None

    Examples
    --------
    >>> teysa = StaticAbility("trigger_doubling", text="If a creature dying causes a "
    ...     "triggered ability of a permanent you control to trigger, that ability triggers "
    ...     "an additional time.")
    >>> reading = read_trigger_doubling(teysa)
    >>> sorted(e.name for e in reading.events), [sorted(c.filter.types) for c in reading.causes]
    (['DIES'], [['Creature']])
    """
    if ability.mode != TRIGGER_DOUBLING:
        return None
    text = _normalized(ability.text)
    caused = _CAUSED.match(text)
    match = caused or _WHOSE.match(text)
    if match is None:
        return None
    words = match["whose"]
    chosen = words.endswith(_CHOSEN_TYPE)
    equipped = words == _EQUIPPED
    whose = _parse("a creature" if equipped else words.removesuffix(_CHOSEN_TYPE))
    if whose is None or whose.filter.kind != "permanent":
        return None
    events: frozenset[TriggerEvent] = frozenset()
    causes: tuple[ObjectRef, ...] = ()
    if caused is not None:
        events = _EVENTS[caused["event"]]
        read = _causes(caused["cause"], bool(caused["yours"]))
        if read is None:
            return None
        causes = read
    return TriggerDoubling(whose, events, causes, chosen, equipped, match["cond"] or "",
                           ability.text)


def trigger_doublings(profile: CardProfile) -> tuple[TriggerDoubling, ...]:
    """The card's trigger doubling statics that :func:`read_trigger_doubling` reads, in
    printed order; empty when it has none."""
    found: list[TriggerDoubling] = []
    for ability in profile.abilities:
        if isinstance(ability, StaticAbility) \
                and (reading := read_trigger_doubling(ability)) is not None:
            found.append(reading)
    return tuple(found)
