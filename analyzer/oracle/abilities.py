"""Abilities as typed values: spell, activated, triggered, static, replacement (CR 113.3).

Ability, Cost, Target and Effect are kept apart (STYLE.md habit 5): an ability holds its
costs (:class:`~.costs.Cost`), its trigger (:class:`Trigger`) and its effects
(:class:`~.effects.Effect`); targets live in the effects' :class:`~.objects.ObjectRef`
arguments.

Examples
--------
>>> from analyzer.oracle.effects import Amount, Effect
>>> a = TriggeredAbility(Trigger(TriggerEvent.ENTERS, subject="CARDNAME"),
...     (Effect.make("draw", amount=Amount(1)),))
>>> a.describe()
'When this enters: draw a card'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any, TypeAlias

from analyzer.oracle.costs import Cost
from analyzer.oracle.effects import Effect, format_value
from analyzer.oracle.objects import ObjectRef, Zone, parse_object
from analyzer.oracle.text import SELF

__all__ = [
    "Ability",
    "ActivatedAbility",
    "ReplacementEffect",
    "SpellAbility",
    "StaticAbility",
    "Timing",
    "Trigger",
    "TriggerEvent",
    "TriggeredAbility",
    "timing_words",
]


def _this(text: str) -> str:
    return text.replace(f"{SELF}'s", "its").replace(SELF, "this")


def _effects(effects: tuple[Effect, ...]) -> str:
    """The effects in order, joined by "; ". After an effect another player does ("target
    player: lose 2 life"), an effect of yours says so ("you: gain 2 life"), never read as
    that player's."""
    words: list[str] = []
    other = False
    for e in effects:
        text = e.describe()
        if "player" in e.spec.params:
            if e.arg("player") is None and other and not text.startswith(("you ", "your ")):
                text = f"you: {text}"
            other = e.arg("player") is not None
        words.append(text)
    return "; ".join(words)


class Timing(enum.Enum):
    """Restrictions on when an activated ability may be activated (CR 602.5)."""

    SORCERY = enum.auto()
    """"Activate only as a sorcery" (CR 307.1 timing)."""
    ONCE_EACH_TURN = enum.auto()
    """"Activate only once each turn"."""
    YOUR_TURN = enum.auto()
    """"Activate only during your turn"."""
    COMBAT = enum.auto()
    """"Activate only during combat" (or before/after blockers)."""
    UPKEEP = enum.auto()
    """"Activate only during your upkeep"."""
    CONDITION = enum.auto()
    """"Activate only if ..." (a condition on the game state)."""
    OPPONENT_TURN = enum.auto()
    """"Activate only during an opponent's turn"."""
    GRAVEYARD = enum.auto()
    """Activated from the graveyard ("Activate only if this card is in your graveyard")."""
    ANY_PLAYER = enum.auto()
    """"Any player may activate this ability" (CR 602.2)."""
    RESTRICTED_MANA = enum.auto()
    """"Spend this mana only ..." (a restriction on produced mana, CR 106.6)."""
    BEFORE_ATTACKERS = enum.auto()
    """"Activate only ... before attackers are declared" (CR 508.1)."""
    BEFORE_BLOCKERS = enum.auto()
    """"Activate only before blockers are declared" (CR 509.1)."""
    BEFORE_COMBAT_DAMAGE = enum.auto()
    """"Activate only before the combat damage step" (CR 510)."""
    TWICE_EACH_TURN = enum.auto()
    """"Activate no more than twice each turn"."""
    ANY_UPKEEP = enum.auto()
    """"Activate only during any upkeep step" (any player's upkeep, CR 503)."""
    SPEND_ONLY = enum.auto()
    """"Spend only white mana on X" (a restriction on how a cost is paid, CR 107.3)."""
    THREE_TIMES_EACH_TURN = enum.auto()
    """"Activate no more than three times each turn"."""
    ONCE = enum.auto()
    """"Activate only once" (ever, for this object: exhaust, CR 702.177a)."""
    ATTACKED_THIS_TURN = enum.auto()
    """"Activate only if this creature attacked this turn" (boast, CR 702.142a)."""
    FROM_HAND = enum.auto()
    """Activated from its owner's hand (forecast, CR 702.57a; channel)."""
    INSTANT = enum.auto()
    """"Activate only any time you could cast an instant" (CR 117.1a: with priority; for a
    mana ability, never while a cost is being paid, Rhystic Cave)."""
    DECLARE_ATTACKERS_STEP = enum.auto()
    """"Activate only during the declare attackers step" (CR 508)."""
    DECLARE_BLOCKERS_STEP = enum.auto()
    """"Activate only during the declare blockers step" (CR 509)."""
    AFTER_BLOCKERS = enum.auto()
    """"Activate only during combat after blockers are declared" (CR 509, 510, 511)."""
    END_OF_COMBAT_STEP = enum.auto()
    """"Activate only during the end of combat step" (CR 511)."""
    BEFORE_END_OF_COMBAT = enum.auto()
    """"Activate only before the end of combat step" (CR 511)."""
    BEFORE_COMBAT = enum.auto()
    """"Activate only ... before combat" (before the combat phase begins, CR 506)."""
    OPPONENT_UPKEEP = enum.auto()
    """"Activate only during an opponent's upkeep" (CR 503)."""
    OPPONENTS_ONLY = enum.auto()
    """"Only any opponent may activate this ability" (an opponent of its controller, not its
    controller, CR 602.2)."""
    PREVIOUS_LEVEL = enum.auto()
    """A Class's "[Cost]: Level N": activate only if the Class is level N-1 (and only as a
    sorcery, :attr:`SORCERY` beside it; CR 716.2a)."""
    DRAW_STEP = enum.auto()
    """"... only during their draw step": the activating player's draw step (CR 504)."""


_ONLY_IF = re.compile(r"\bonly (if .+?)(?=,? and only |, only |\.|$)")
_SPEND_ONLY = re.compile(r"Spend this mana only [^.]+")


def timing_words(timings: tuple[Timing, ...], text: str) -> list[str]:
    """Each activation restriction of an ability in words: its name, the words of its
    condition for a :attr:`Timing.CONDITION` (the n-th "only if ..." of ``text`` for the
    n-th condition), the sentence of a spending restriction.

    >>> timing_words((Timing.UPKEEP, Timing.CONDITION), "{B}: Return CARDNAME to the "
    ...              "battlefield. Activate only during your upkeep and only if you control "
    ...              "a Swamp.")
    ['upkeep', 'activate only if you control a Swamp']
    """
    conditions = iter(_ONLY_IF.findall(text))
    words: list[str] = []
    for timing in timings:
        found = ""
        if timing is Timing.CONDITION:
            found = f"activate only {next(conditions, 'if ...')}"
        elif timing is Timing.RESTRICTED_MANA and (spend := _SPEND_ONLY.search(text)):
            found = spend.group(0)
            found = found[:1].lower() + found[1:]
        words.append(_this(found) if found else timing.name.lower().replace("_", " "))
    return words


class TriggerEvent(enum.Enum):
    """What a triggered ability waits for (CR 603.2), with its rule in :attr:`rule`."""

    ENTERS = enum.auto()
    """"When ... enters" (603.6a)."""
    DIES = enum.auto()
    """"When ... dies" (700.4)."""
    LEAVES = enum.auto()
    """"When ... leaves the battlefield" (603.6c)."""
    ATTACKS = enum.auto()
    """"Whenever ... attacks" (508.3a)."""
    BLOCKS = enum.auto()
    """"Whenever ... blocks" (509.3c)."""
    ATTACKS_OR_BLOCKS = enum.auto()
    """"Whenever ... attacks or blocks"."""
    ATTACKS_UNBLOCKED = enum.auto()
    """"Whenever ... attacks and isn't blocked" (CR 509.1h)."""
    BECOMES_BLOCKED = enum.auto()
    """"Whenever ... becomes blocked" (509.3d)."""
    COMBAT_DAMAGE_TO_PLAYER = enum.auto()
    """"Whenever ... deals combat damage to a player" (510.3a)."""
    DEALS_DAMAGE = enum.auto()
    """"Whenever ... deals damage" (120.3)."""
    DEALT_DAMAGE = enum.auto()
    """"Whenever ... is dealt damage"."""
    TAPPED_FOR_MANA = enum.auto()
    """"Whenever ... is tapped for mana" (106.12a)."""
    BECOMES_TAPPED = enum.auto()
    """"Whenever ... becomes tapped"."""
    CAST = enum.auto()
    """"Whenever you cast ..." (601.2i)."""
    BEGINNING_OF_STEP = enum.auto()
    """"At the beginning of ..." (503.1a, 513.1a...)."""
    GAIN_LIFE = enum.auto()
    """"Whenever you gain life"."""
    LOSE_LIFE = enum.auto()
    """"Whenever ... loses life"."""
    DRAW = enum.auto()
    """"Whenever ... draws a card"."""
    DISCARD = enum.auto()
    """"Whenever ... discards a card"."""
    SACRIFICE = enum.auto()
    """"Whenever you sacrifice ..."."""
    BECOMES_TARGET = enum.auto()
    """"Whenever ... becomes the target of ..."."""
    CYCLE = enum.auto()
    """"Whenever you cycle ..." (702.29)."""
    COUNTERS_PUT = enum.auto()
    """"Whenever ... counters are put on ..."."""
    COUNTERS_REMOVED = enum.auto()
    """"Whenever a time counter is removed from CARDNAME" (122.1)."""
    TURNED_FACE_UP = enum.auto()
    """"When ... is turned face up" (708.8)."""
    ATTACK_WITH = enum.auto()
    """"Whenever you attack" (508.3)."""
    SPELL_COUNTERED = enum.auto()
    """A spell or ability is countered."""
    CHAPTER = enum.auto()
    """A saga chapter ability: a lore counter reaches the chapter number (714.2); the
    chapter numbers are in :attr:`Trigger.detail` (``"I, II"``)."""
    STATE = enum.auto()
    """A state trigger: "When you control no Islands", "Whenever there are four tide
    counters on CARDNAME" - it triggers whenever the state holds, once until it has left
    the stack (603.8); :attr:`Trigger.detail` holds the state's words."""
    ROLL_CHAOS = enum.auto()
    """"Whenever you roll {CHAOS}": a plane's chaos ability (311.7, 901.9b)."""
    PLANESWALK = enum.auto()
    """"When you planeswalk to/away from CARDNAME", "When you encounter CARDNAME" (a plane
    or phenomenon, 701.24, 312.5)."""
    SET_IN_MOTION = enum.auto()
    """"When you set this scheme in motion" (701.25, 314.5)."""
    UNLOCK = enum.auto()
    """"When you unlock this door", "Whenever you fully unlock a Room" (709.5)."""
    LEAVES_GRAVEYARD = enum.auto()
    """"Whenever one or more cards leave your graveyard" (603.6c, 603.10a)."""
    PUT_INTO_GRAVEYARD = enum.auto()
    """"Whenever a card is put into an opponent's graveyard from anywhere" (603.6a)."""
    OTHER = enum.auto()
    """Another event named by :attr:`Trigger.detail`."""

    @property
    def rule(self) -> str:
        """The rule that makes it trigger."""
        return _EVENT_RULES.get(self, "603.2")


_EVENT_RULES = {
    TriggerEvent.ENTERS: "603.6a", TriggerEvent.DIES: "700.4", TriggerEvent.LEAVES: "603.6c",
    TriggerEvent.ATTACKS: "508.3a", TriggerEvent.BLOCKS: "509.3c",
    TriggerEvent.BECOMES_BLOCKED: "509.3d", TriggerEvent.COMBAT_DAMAGE_TO_PLAYER: "510.3a",
    TriggerEvent.TAPPED_FOR_MANA: "106.12a", TriggerEvent.CAST: "601.2i",
    TriggerEvent.BEGINNING_OF_STEP: "503.1a", TriggerEvent.TURNED_FACE_UP: "708.8",
    TriggerEvent.CHAPTER: "714.2", TriggerEvent.STATE: "603.8",
    TriggerEvent.ROLL_CHAOS: "311.7", TriggerEvent.PLANESWALK: "701.24",
    TriggerEvent.SET_IN_MOTION: "701.25", TriggerEvent.UNLOCK: "709.5",
}


@dataclass(frozen=True, slots=True)
class Trigger:
    """The trigger condition of a triggered ability (CR 603.1)."""

    event: TriggerEvent
    """What happens."""
    subject: str = ""
    """Who or what does it, normalized (``"CARDNAME"``, ``"another creature you
    control"``, ``"you"``)."""
    detail: str = ""
    """The rest: the step (``"your upkeep"``), the spell filter (``"a Ninja spell"``)..."""
    text: str = ""
    """The trigger phrase as normalized."""
    qualifier: str = ""
    """A limit on which events count, read apart from :attr:`detail`: ``"for the first
    time each turn"``, ``"during your turn"``, ``"during an opponent's turn"``."""
    alternatives: tuple[Trigger, ...] = ()
    """The other trigger conditions of an ability written with two ("When CARDNAME enters
    or the creature it haunts dies", "When you planeswalk to CARDNAME or at the beginning
    of your upkeep"): it triggers on any of them (CR 603.2)."""

    @property
    def subject_ref(self) -> ObjectRef | None:
        """The subject as a typed reference (``"a creature you control with power 2 or
        less"`` -> creatures, yours, power <= 2; ``"CARDNAME"`` -> the source), or ``None``
        when the compiler cannot read it. The rules core matches events against it.

        >>> Trigger(TriggerEvent.ATTACKS, "a creature you control with power 2 or less"
        ...         ).subject_ref.filter.power
        ('<=', 2)
        """
        return parse_object(self.subject) if self.subject else None

    @property
    def self_or_another(self) -> ObjectRef | None:
        """For a subject "CARDNAME or another <group>" ("Whenever CARDNAME or another Zombie
        dies"): the group ("another Zombie", the source excluded), else ``None``.

        >>> Trigger(TriggerEvent.DIES, "CARDNAME or another Zombie").self_or_another.text
        'another Zombie'
        """
        head = f"{SELF} or "
        if not self.subject.startswith(head + "another "):
            return None
        return parse_object(self.subject[len(head):])

    @property
    def spell_ref(self) -> ObjectRef | None:
        """For a cast trigger ("Whenever a player casts a spell with mana value equal to
        the number of charge counters on CARDNAME"): the spells it waits for, else ``None``
        (CR 601.2i, 603.2).

        >>> Trigger(TriggerEvent.CAST, "you", "cast a Ninja spell").spell_ref.filter.subtypes
        frozenset({'Ninja'})
        """
        words = self.detail.removeprefix("casts ").removeprefix("cast ")
        if self.event is not TriggerEvent.CAST or words == self.detail:
            return None
        return parse_object(words)

    @property
    def tapped_ref(self) -> ObjectRef | None:
        """For a "tapped for mana" trigger phrased "Whenever you tap a land for mana": the
        permanent tapped (``"a land"``), else ``None`` (CR 106.12a).

        >>> Trigger(TriggerEvent.TAPPED_FOR_MANA, "you", "tap a land for mana"
        ...         ).tapped_ref.filter.types
        frozenset({'Land'})
        """
        words = self.detail.removeprefix("taps ").removeprefix("tap ")
        if self.event is not TriggerEvent.TAPPED_FOR_MANA or not words.endswith(" for mana"):
            return None
        return parse_object(words.removesuffix(" for mana"))

    def describe(self) -> str:
        """``"When this enters"``, ``"At the beginning of your upkeep"``."""
        return _this(self.text) if self.text else \
            f"When {_this(self.subject)} {self.event.name.lower().replace('_', ' ')}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the trigger."""
        found: dict[str, Any] = {"event": self.event.name.lower(), "rule": self.event.rule,
                                 "subject": _this(self.subject), "detail": self.detail,
                                 "qualifier": self.qualifier, "description": self.describe()}
        if self.alternatives:
            found["alternatives"] = [t.to_json() for t in self.alternatives]
        return found


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """An instant's or sorcery's effects, or a permanent spell's extra text (CR 113.3a)."""

    effects: tuple[Effect, ...]
    """What it does on resolution, in order."""
    text: str = ""
    """The line as normalized."""
    ability_word: str = ""
    """Its ability word, if any (``"Spell mastery"``)."""

    kind = "spell"

    def describe(self) -> str:
        """The effects in plain English."""
        return _effects(self.effects)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"kind": self.kind, "effects": [e.to_json() for e in self.effects],
                "ability_word": self.ability_word, "text": _this(self.text),
                "description": self.describe()}


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """``COST: EFFECT`` (CR 602), loyalty abilities included (CR 606)."""

    costs: tuple[Cost, ...]
    """Every part of the cost, in order."""
    effects: tuple[Effect, ...]
    """What it does."""
    timing: tuple[Timing, ...] = ()
    """Activation restrictions."""
    text: str = ""
    """The line as normalized."""
    ability_word: str = ""
    """Its ability word, if any."""
    condition: str = ""
    """When the ability exists at all, if not always: the level band, Class level or
    station threshold it is printed under (CR 711.2a, 716.2a, 702.184b)."""
    cost_changes: tuple[Effect, ...] = ()
    """What its own text says changes its cost, as ``modify_activation_cost`` effects:
    "This ability costs {1} less to activate for each legendary creature you control."
    (CR 601.2f as 602.2b applies it)."""

    kind = "activated"

    @property
    def needs_untapped_since_turn_start(self) -> bool:
        """True with {T} or {Q} in the cost (CR 302.6)."""
        return any(c.name in ("tap", "untap") for c in self.costs)

    def describe(self) -> str:
        """``"{2}, tap this: draw a card"``."""
        costs = ", ".join(c.describe() for c in self.costs)
        timing = "".join(f" [{w}]" for w in timing_words(self.timing, self.text))
        changes = "".join(f" [{e.describe()}]" for e in self.cost_changes)
        cond = f" ({_this(self.condition)})" if self.condition else ""
        return f"{costs}: {_effects(self.effects)}{timing}{changes}{cond}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"kind": self.kind, "costs": [c.to_json() for c in self.costs],
                "effects": [e.to_json() for e in self.effects],
                "timing": [t.name.lower() for t in self.timing],
                "cost_changes": [e.to_json() for e in self.cost_changes],
                "condition": _this(self.condition),
                "ability_word": self.ability_word, "text": _this(self.text),
                "description": self.describe()}


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """``When/Whenever/At EVENT, [if CONDITION,] EFFECT`` (CR 603)."""

    trigger: Trigger
    """The trigger event."""
    effects: tuple[Effect, ...]
    """What it does."""
    condition: str = ""
    """An intervening "if" clause (CR 603.4), checked on trigger and on resolution."""
    text: str = ""
    """The line as normalized."""
    ability_word: str = ""
    """Its ability word, if any (``"Landfall"``)."""

    kind = "triggered"

    @property
    def functions_in(self) -> Zone:
        """Where it triggers from: the graveyard for an intervening "if CARDNAME is in your
        graveyard" (Auntie's Snitch, CR 113.6k), else the battlefield."""
        return Zone.GRAVEYARD if self.condition == f"if {SELF} is in your graveyard" \
            else Zone.BATTLEFIELD

    def describe(self) -> str:
        """``"When this enters, if ...: draw a card"``."""
        cond = f", {_this(self.condition)}" if self.condition else ""
        return f"{self.trigger.describe()}{cond}: {_effects(self.effects)}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"kind": self.kind, "trigger": self.trigger.to_json(),
                "condition": _this(self.condition),
                "effects": [e.to_json() for e in self.effects],
                "ability_word": self.ability_word, "text": _this(self.text),
                "description": self.describe()}


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A static ability (CR 604) other than anthems and cost reductions, which have their
    own values: ``mode`` names what it does, ``effects`` hold the modifications.

    Modes: ``continuous`` (P/T, abilities), ``restriction`` (can't attack/block...),
    ``control`` (layer 2), ``cant_be_countered``, ``rules_change`` (no maximum hand size,
    skip a step...), ``additional_cost`` (601.2b), ``cost_change`` (601.2f),
    ``characteristic`` (604.3), ``vanguard``, ``level``, ``type_change`` ("is a Swamp in
    addition to its other land types", 613.1d).
    """

    mode: str
    """What kind of static ability."""
    effects: tuple[Effect, ...] = ()
    """Its modifications as effects (``modify_pt``, ``grant_abilities``, ``restrict``...)."""
    costs: tuple[Cost, ...] = ()
    """For ``additional_cost``: the costs."""
    condition: str = ""
    """"as long as ..." (CR 611.3b)."""
    text: str = ""
    """The sentence as normalized."""
    ability_word: str = ""
    """Its ability word, if any."""

    kind = "static"

    def describe(self) -> str:
        """The ability in plain English."""
        what = _effects(self.effects) or ", ".join(c.describe() for c in self.costs) \
            or _this(self.text)
        cond = f" ({_this(self.condition)})" if self.condition else ""
        return f"{self.mode.replace('_', ' ')}: {what}{cond}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"kind": self.kind, "mode": self.mode,
                "effects": [e.to_json() for e in self.effects],
                "costs": [c.to_json() for c in self.costs], "condition": _this(self.condition),
                "ability_word": self.ability_word, "text": _this(self.text),
                "description": self.describe()}


@dataclass(frozen=True, slots=True)
class ReplacementEffect:
    """A replacement effect (CR 614): what event it watches and what happens instead.

    ``event`` is ``"enters"`` (614.1c: enters tapped, with counters, as a copy...),
    ``"choose_on_entry"`` (614.12: "As this enters, choose ..."), ``"damage"``, ``"dies"``,
    ``"draw"``, ``"mana"`` (106.12b) or ``"other"``.
    """

    event: str
    """The event replaced."""
    effects: tuple[Effect, ...] = ()
    """What happens instead or in addition (``tap`` self, ``put_counters``, ``choose``)."""
    condition: str = ""
    """"unless you control a Swamp", "if ..."."""
    text: str = ""
    """The sentence as normalized."""

    kind = "replacement"

    def describe(self) -> str:
        """The effect in plain English."""
        effects = _effects(self.effects)
        if self.event == "mana" and self.condition:
            how = "three times" if "three" in str(self.effects[0].arg("what", "")) else "twice"
            return f"{_this(self.condition)}, it produces {how} as much of that mana instead"
        if self.condition.startswith("if ") and " would " in self.condition:
            return f"{_this(self.condition)}, {effects} instead"
        cond = f" ({_this(self.condition)})" if self.condition else ""
        groups = [e.arg("target") for e in self.effects]
        if self.event == "enters" and self.effects \
                and all(e.name in ("tap", "put_counters") for e in self.effects) \
                and all(isinstance(g, ObjectRef) and g.filter.kind != "self" for g in groups):
            # "Permanents enter tapped", "Each other non-Human creature you control enters
            # with an additional +1/+1 counter on it": other permanents entering (CR 614.1c,
            # 614.12), each as it enters
            what = " and ".join(dict.fromkeys(g.describe() for g in groups
                                              if isinstance(g, ObjectRef)))
            entering = dict.fromkeys(
                "tapped" if e.name == "tap" else
                f"with {format_value(e.arg('amount'))} more {e.arg('counter')} counter(s) on it"
                for e in self.effects)
            verb = "enters" if what.startswith("each ") else "enter"
            return f"as {what} {verb}: each enters {' and '.join(entering)}{cond}"
        lead = "as it enters" if self.event in ("enters", "choose_on_entry") \
            else f"replacing {self.event.replace('_', ' ')}"
        return f"{lead}: {effects}{cond}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"kind": self.kind, "event": self.event,
                "effects": [e.to_json() for e in self.effects],
                "condition": _this(self.condition), "text": _this(self.text),
                "description": self.describe()}


Ability: TypeAlias = SpellAbility | ActivatedAbility | TriggeredAbility | StaticAbility | ReplacementEffect
"""Any ability value of a profile's :attr:`~.profile.CardProfile.abilities`."""
