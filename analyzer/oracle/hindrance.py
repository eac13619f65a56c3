"""Statics that stop the deck's own cards, typed: what they switch off, for which objects, and
the rule behind it (CR 101.2: when a rule or effect says something can't happen, it can't).

Deckbuilders call a card that stops another card of the same deck a *nonbo*. Three families
of wordings are read into a :class:`Hindrance`:

- loyalty abilities: "Players can't activate planeswalkers' loyalty abilities." (The Immortal
  Sun). A loyalty ability is an activated ability (CR 606.3, 602.5);
- triggers caused by objects entering or dying: "Creatures entering don't cause abilities to
  trigger." (Torpor Orb), "Creatures entering the battlefield don't cause abilities to
  trigger." (Hushwing Gryff, Tocatli Honor Guard), "Creatures entering the battlefield or
  dying don't cause abilities to trigger." (Hushbringer), "Artifacts and creatures entering
  don't cause abilities to trigger." (Doorkeeper Thrull). The event happens, the abilities
  it would trigger do not (CR 603.2, entering 603.6a, dying 700.4);
- activated abilities of a group of permanents: "Activated abilities of artifacts can't be
  activated." (Stony Silence, Null Rod, Collector Ouphe), "... of creatures ..." (Cursed
  Totem), "... of artifacts, creatures, and planeswalkers ..." (Clarion Conqueror), with
  "unless they're mana abilities" (Damping Matrix) and "your opponents control" (Linvala,
  Keeper of Silence; Karn, the Great Creator; Sharkey, Tyrant of the Shire). Mana abilities
  and loyalty abilities are activated abilities (CR 605.1a, 606.3), so Stony Silence stops an
  artifact's "{T}: Add {C}." too (CR 602.5).

The Oracle compiler does not read these sentences yet: it keeps them as unsupported spans
(:attr:`~analyzer.oracle.profile.CardProfile.unsupported`), and :func:`hindrances` reads
them there, as well as from any static ability whose text is one of them, so the reading is
the same once the compiler learns them.

Not read (no :class:`Hindrance`):

- "sources with the chosen name" (Pithing Needle, Phyrexian Revoker, Sorcerous Spyglass,
  Petrified Hamlet, Voidstone Gargoyle): the name is chosen as the card enters;
- "Permanents entering the battlefield don't cause abilities of permanents your opponents
  control to trigger." (Elesh Norn, Mother of Machines): it never stops its controller's
  cards;
- "<permanents> don't untap during their controllers' untap steps" (Meekstone, Back to
  Basics, Intruder Alarm): the compiler already reads it as a ``restrict`` effect
  (:data:`analyzer.oracle.lines.DOESNT_UNTAP`); whether a deck card *needs* to untap is not
  a characteristic, so no nonbo is drawn from it yet;
- "Enchanted player can't activate abilities that aren't mana abilities or loyalty
  abilities." (Overwhelming Splendor) and effects that last "for as long as" (Kill Switch,
  Trickbind): aimed at an opponent's cards, or not a static ability.

Examples
--------
>>> (sun,) = read_hindrances("Players can't activate planeswalkers' loyalty abilities.")
>>> sun.stops.name, sorted(sun.types), sun.rules
('LOYALTY_ABILITIES', ['Planeswalker'], ('606.3', '602.5'))
>>> (orb,) = read_hindrances("Creatures entering don't cause abilities to trigger.")
>>> orb.stops.name, sorted(e.name for e in orb.events), sorted(orb.types)
('TRIGGERS', ['ENTERS'], ['Creature'])
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from analyzer.oracle.abilities import StaticAbility, TriggerEvent
from analyzer.oracle.profile import CardProfile

__all__ = ["Hindered", "Hindrance", "hindrances", "read_hindrances"]


class Hindered(enum.Enum):
    """What a hindering static ability switches off."""

    LOYALTY_ABILITIES = enum.auto()
    """Loyalty abilities of planeswalkers can't be activated (CR 606.3, 602.5)."""
    TRIGGERS = enum.auto()
    """Objects of some types doing an event (entering, dying) don't cause abilities to
    trigger (CR 603.2)."""
    ACTIVATED_ABILITIES = enum.auto()
    """Activated abilities of permanents of some types can't be activated (CR 602.5);
    mana and loyalty abilities are activated abilities too (CR 605.1a, 606.3)."""


_TYPE_WORDS = {"artifacts": "Artifact", "creatures": "Creature", "planeswalkers": "Planeswalker",
               "lands": "Land", "enchantments": "Enchantment", "permanents": "",
               "battles": "Battle"}
"""Plural type words of the groups these statics name -> card type ("" for any permanent)."""
_EVENT_WORDS = {"entering": TriggerEvent.ENTERS, "dying": TriggerEvent.DIES}
_EVENT_RULES = {TriggerEvent.ENTERS: "603.6a", TriggerEvent.DIES: "700.4"}
_GROUP = r"(?P<group>[a-z]+(?:(?:, [a-z]+)*,? and [a-z]+)?)"
_LOYALTY = re.compile(r"^(?:players can't activate (?:planeswalkers' )?loyalty abilities|"
                      r"loyalty abilities (?:of planeswalkers )?can't be activated)$")
_TRIGGERS = re.compile(_GROUP + r" (?P<events>entering|dying|entering or dying)"
                       r"(?: the battlefield)?(?: or dying)? don't cause abilities to "
                       r"trigger$")
_ACTIVATED = re.compile(r"^activated abilities of " + _GROUP + r"(?P<opp> your opponents "
                        r"control)? can't be activated(?P<mana> unless they're mana "
                        r"abilities)?$")


@dataclass(frozen=True, slots=True)
class Hindrance:
    """A static ability that stops abilities of permanents, its controller's included.

    The Immortal Sun: stops LOYALTY_ABILITIES of Planeswalker. Torpor Orb: stops TRIGGERS
    caused by a Creature entering. Stony Silence: stops ACTIVATED_ABILITIES of Artifact,
    mana abilities included.
    """

    stops: Hindered
    """What it switches off."""
    types: frozenset[str]
    """The card types of the permanents concerned (any of them; empty: any permanent):
    whose abilities can't be activated, or whose entering or dying triggers nothing."""
    events: frozenset[TriggerEvent] = frozenset()
    """For TRIGGERS: the events that trigger nothing (ENTERS, DIES)."""
    mana_abilities: bool = True
    """For ACTIVATED_ABILITIES: False for "unless they're mana abilities" (Damping Matrix)."""
    opponents_only: bool = False
    """True for "your opponents control": its controller's permanents are not concerned."""
    text: str = ""
    """The sentence as printed."""

    @property
    def rules(self) -> tuple[str, ...]:
        """The Comprehensive Rules behind it: ``("606.3", "602.5")`` for loyalty abilities,
        ``("602.5",)`` for activated abilities, ``("603.2", "603.6a")`` for entering."""
        if self.stops is Hindered.LOYALTY_ABILITIES:
            return ("606.3", "602.5")
        if self.stops is Hindered.ACTIVATED_ABILITIES:
            return ("602.5",)
        return ("603.2", *(_EVENT_RULES[e] for e in sorted(self.events, key=lambda e: e.value)))

    @property
    def words(self) -> str:
        """What it stops in a player's words: ``"loyalty abilities can't be activated"``."""
        group = _plural(self.types)
        if self.stops is Hindered.LOYALTY_ABILITIES:
            return "loyalty abilities of planeswalkers can't be activated"
        if self.stops is Hindered.ACTIVATED_ABILITIES:
            unless = "" if self.mana_abilities else " unless they're mana abilities"
            return f"activated abilities of {group} can't be activated{unless}"
        events = " or ".join("entering" if e is TriggerEvent.ENTERS else "dying"
                             for e in sorted(self.events, key=lambda e: e.value))
        return f"{group} {events} don't cause abilities to trigger"


def _plural(types: frozenset[str]) -> str:
    words = [w for w, t in _TYPE_WORDS.items() if t and t in types] or ["permanents"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _types(group: str) -> frozenset[str] | None:
    """"artifacts, creatures, and planeswalkers" -> {Artifact, Creature, Planeswalker};
    ``None`` when a word is no plural card type."""
    found: set[str] = set()
    for word in re.split(r",? and |, ", group):
        if word not in _TYPE_WORDS:
            return None
        if _TYPE_WORDS[word]:
            found.add(_TYPE_WORDS[word])
    return frozenset(found)


def read_hindrances(sentence: str) -> tuple[Hindrance, ...]:
    """The hindrance a sentence states, as a 1-tuple, or ``()`` for another sentence or a
    wording not read (module docstring).

    Parameters
    ----------
    sentence : str
        One Oracle sentence, its period optional ("Stony Silence" text:
        ``"Activated abilities of artifacts can't be activated."``).

    Returns
    -------
    tuple of Hindrance

    Examples
    --------
    >>> (matrix,) = read_hindrances("Activated abilities of artifacts and creatures can't be "
    ...                             "activated unless they're mana abilities.")
    >>> sorted(matrix.types), matrix.mana_abilities, matrix.rules
    (['Artifact', 'Creature'], False, ('602.5',))
    >>> read_hindrances("Activated abilities of sources with the chosen name can't be "
    ...                 "activated.")
    ()
    """
    text = sentence.strip()
    low = text.rstrip(".")
    low = low[:1].lower() + low[1:]
    if _LOYALTY.match(low):
        return (Hindrance(Hindered.LOYALTY_ABILITIES, frozenset({"Planeswalker"}),
                          text=text),)
    if (m := _TRIGGERS.match(low)) is not None and (types := _types(m["group"])) is not None:
        events = frozenset(_EVENT_WORDS[w] for w in re.findall(r"entering|dying",
                                                              m.group(0)))
        return (Hindrance(Hindered.TRIGGERS, types, events, text=text),)
    if (m := _ACTIVATED.match(low)) is not None and (types := _types(m["group"])) is not None:
        return (Hindrance(Hindered.ACTIVATED_ABILITIES, types,
                          mana_abilities=not m["mana"], opponents_only=bool(m["opp"]),
                          text=text),)
    return ()


def hindrances(profile: CardProfile) -> tuple[Hindrance, ...]:
    """The card's hindering statics (static abilities, then unsupported spans, each in
    printed order); empty when it has none.

    Examples
    --------
    >>> from analyzer.card_model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> orb = compile_card(Card(id="o", name="Orb", faces=(Face(name="Orb",
    ...     types=("Artifact",), text="Creatures entering don't cause abilities to "
    ...     "trigger."),)))
    >>> [h.words for h in hindrances(orb)]
    ["creatures entering don't cause abilities to trigger"]
    """
    sentences = [a.text for a in profile.abilities if isinstance(a, StaticAbility)]
    sentences += [u.text for u in profile.unsupported]
    found: list[Hindrance] = []
    for sentence in sentences:
        for reading in read_hindrances(sentence):
            if reading not in found:
                found.append(reading)
    return tuple(found)
