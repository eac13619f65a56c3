"""Values of the game state: steps, objects, the stack, continuous effects, events.

Everything mutable here belongs to one :class:`~analyzer.rules.game.Game` state and is
copied with it (make/unmake, STYLE.md habit 4); card data (:class:`CardData`) is shared and
immutable. Objects keep their identity across zones through :attr:`GameObject.oid` and count
their zone changes in :attr:`GameObject.incarnation`: a reference made to an earlier
incarnation no longer finds the object (CR 400.7, "a new object with no memory").

Examples
--------
>>> Step.DECLARE_BLOCKERS.is_combat, Step.MAIN1.next
(True, <Step.BEGINNING_OF_COMBAT: 5>)
>>> Mana.parse("{G}{G}{U}").format()
'{U}{G}{G}'
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from typing import TypeAlias

from analyzer.cards.model import Card
from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import Zone
from analyzer.oracle.profile import CardProfile

__all__ = [
    "MANA_TYPES",
    "AttackTarget",
    "CardData",
    "CombatDamage",
    "ContinuousEffect",
    "DamageRecord",
    "DelayedTrigger",
    "EffectKind",
    "Event",
    "EventKind",
    "GameObject",
    "Mana",
    "ObjId",
    "ObjRef",
    "PlayerId",
    "PlayerState",
    "Question",
    "RestrictedMana",
    "StackItem",
    "Step",
    "TriggerContext",
    "Zone",
]

PlayerId: TypeAlias = str
"""A player's name in the game (``"A"``, ``"B"``)."""
ObjId: TypeAlias = int
"""An object's identity, kept across zone changes (see :class:`ObjRef`)."""
ObjRef: TypeAlias = tuple[int, int]
"""``(oid, incarnation)``: one object in one zone (CR 400.7)."""
AttackTarget: TypeAlias = "PlayerId | ObjRef"
"""What an attacking creature attacks: a player, or a planeswalker or battle (CR 506.3)."""

MANA_TYPES = "WUBRGC"
"""The six types of mana as letters (CR 106.1b)."""


class Step(enum.Enum):
    """Steps of a turn in order (CR 500.1); main phases count as steps here."""

    UNTAP = 1
    """Untap step (CR 502): no player gets priority."""
    UPKEEP = 2
    """Upkeep step (CR 503)."""
    DRAW = 3
    """Draw step (CR 504)."""
    MAIN1 = 4
    """Precombat main phase (CR 505)."""
    BEGINNING_OF_COMBAT = 5
    """Beginning of combat step (CR 507)."""
    DECLARE_ATTACKERS = 6
    """Declare attackers step (CR 508)."""
    DECLARE_BLOCKERS = 7
    """Declare blockers step (CR 509)."""
    FIRST_STRIKE_DAMAGE = 8
    """First-strike combat damage step (CR 510.4), only when a combatant has first or
    double strike."""
    COMBAT_DAMAGE = 9
    """Combat damage step (CR 510)."""
    END_OF_COMBAT = 10
    """End of combat step (CR 511)."""
    MAIN2 = 11
    """Postcombat main phase (CR 505)."""
    END = 12
    """End step (CR 513)."""
    CLEANUP = 13
    """Cleanup step (CR 514): no player gets priority unless something triggers."""

    @property
    def next(self) -> Step | None:
        """The following step of the same turn, ``None`` after cleanup."""
        return Step(self.value + 1) if self.value < 13 else None

    @property
    def is_combat(self) -> bool:
        """True for the steps of the combat phase (CR 506.1)."""
        return 5 <= self.value <= 10

    @property
    def key(self) -> str:
        """The scenario file's name: ``"declare_blockers"``."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The rules' name (CR 500.1): ``"precombat main phase"``, ``"upkeep step"``."""
        if self is Step.MAIN1:
            return "precombat main phase"
        if self is Step.MAIN2:
            return "postcombat main phase"
        if self is Step.END:
            return "end step"
        return self.name.lower().replace("_", " ") + " step"

    @classmethod
    def from_key(cls, key: str) -> Step:
        """The step named ``key`` in a scenario file (``"main1"``).

        Raises
        ------
        ValueError
            For an unknown name.
        """
        try:
            return cls[key.upper()]
        except KeyError:
            raise ValueError(f"unknown step {key!r}; steps are "
                             + ", ".join(s.key for s in cls)) from None


class Mana(Counter[str]):
    """Mana as a multiset of type letters (W, U, B, R, G, C; CR 106.1b)."""

    @classmethod
    def parse(cls, text: str) -> Mana:
        """``"{G}{G}"`` -> two green; ``""`` -> none.

        Raises
        ------
        ValueError
            For a symbol that is not one mana of a type.
        """
        mana = cls()
        for symbol in ManaCost.parse(text) if text.strip() else ():
            if symbol.text not in MANA_TYPES:
                raise ValueError(f"{symbol.text!r} in {text!r} is not a type of mana "
                                 f"(use W, U, B, R, G, C)")
            mana[symbol.text] += 1
        return mana

    def format(self) -> str:
        """Braces in WUBRGC order: ``"{U}{G}{G}"``; ``""`` when empty."""
        return "".join(f"{{{t}}}" * self[t] for t in MANA_TYPES if self[t] > 0)

    def total(self) -> int:
        """How much mana."""
        return sum(v for v in self.values() if v > 0)


@dataclass(frozen=True, slots=True)
class CardData:
    """One card as the rules core plays it: the Oracle record and its compiled profile."""

    card: Card
    """The Oracle-level card (MTGJSON fields)."""
    profile: CardProfile
    """The compiler's understanding (the only reading of its text)."""

    @property
    def name(self) -> str:
        """The card's name."""
        return self.card.name

    @property
    def power(self) -> int | None:
        """Printed power (``None`` for a non-creature or ``*``)."""
        return _number(self.card.power)

    @property
    def toughness(self) -> int | None:
        """Printed toughness."""
        return _number(self.card.toughness)

    @property
    def loyalty(self) -> int | None:
        """Printed loyalty of a planeswalker."""
        return _number(self.card.front.loyalty)

    @property
    def mana_cost(self) -> ManaCost:
        """The front face's mana cost (CR 202.1)."""
        return self.profile.mana_cost


def _number(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return None


@dataclass
class GameObject:
    """A card or token in a zone, with its state (CR 109, 110 for permanents)."""

    oid: ObjId
    """Identity, kept across zone changes."""
    card: str
    """Key of the game's card table: the card's name (or a token's name)."""
    owner: PlayerId
    """Its owner (CR 108.3)."""
    zone: Zone
    """Where it is."""
    alias: str
    """The name a scenario uses for it (``"Island 1"``)."""
    incarnation: int = 0
    """Zone changes so far (CR 400.7)."""
    base_controller: PlayerId = ""
    """Who put it onto the battlefield or the stack (CR 110.2); layer 2 may change who
    controls it (see :func:`~analyzer.rules.layers.controller`)."""
    tapped: bool = False
    """Tapped (CR 110.5)."""
    sick: bool = False
    """Not continuously controlled by its controller since their most recent turn began
    (CR 302.6)."""
    counters: Counter[str] = field(default_factory=Counter)
    """Counters by kind: ``{"+1/+1": 2, "loyalty": 3}``."""
    damage: int = 0
    """Damage marked on it (CR 120.3e)."""
    deathtouched: bool = False
    """Dealt damage by a source with deathtouch since the last cleanup (CR 704.5h)."""
    attacking: PlayerId | ObjRef | None = None
    """What it attacks, while attacking (CR 506.4)."""
    blocked: bool | None = None
    """For an attacker after blocks: blocked (CR 509.1h); ``None`` before blocks."""
    blocking: tuple[ObjId, ...] = ()
    """The attackers it blocks (CR 509.1g)."""
    dealt_first_strike: bool = False
    """Dealt combat damage in the first-strike damage step (CR 510.4)."""
    token: bool = False
    """A token (CR 111)."""
    timestamp: int = 0
    """When it entered its zone (CR 613.7d)."""
    entered_turn: int = 0
    """The turn it entered its zone ("entered this turn"; 0 for a scenario's start board)."""
    x: int = 0
    """On the stack: the X chosen for the spell (CR 107.3a). On the battlefield: the X of
    the spell it was, for its enters abilities (CR 107.3m); its own X is 0."""
    cast_with: str = ""
    """On the stack: the cost it was cast with (``"normal"``, ``"sneak"``, ``"prowl"``); on
    the battlefield: the cost of the spell it was ("if its prowl cost was paid")."""
    attached_to: ObjRef | None = None
    """For an Aura or Equipment on the battlefield: the object it is attached to (CR 301.5,
    303.4); ``None`` when unattached."""
    sneak_target: PlayerId | ObjRef | None = None
    """For a permanent spell whose sneak cost was paid: what the returned creature was
    attacking (CR 702.190b)."""
    targets: tuple[PlayerId | ObjRef, ...] = ()
    """On the stack: the targets chosen (CR 601.2c)."""
    playable_by: PlayerId | None = None
    """In exile: a player who may play it ("you may play that card", CR 601.3)."""
    playable_this_turn: bool = False
    """The permission of :attr:`playable_by` ends with this turn's cleanup step ("until end
    of turn, you may play that card", "this turn", CR 514.2); else it lasts while the card
    stays in exile."""
    drawn: int = 0
    """In a hand it was drawn into: the number of that draw (its owner's
    :attr:`PlayerState.drawn` just after it, CR 121.1); 0 for a card put there otherwise."""

    @property
    def ref(self) -> ObjRef:
        """This object in its current zone."""
        return (self.oid, self.incarnation)


@dataclass(frozen=True, slots=True)
class RestrictedMana:
    """One type of mana in a pool that may be spent only to cast spells of one card type
    ("Spend this mana only to cast creature spells.", CR 106.6)."""

    kind: str
    """The type of mana, as a letter of :data:`MANA_TYPES`."""
    spell_type: str
    """The card type of the spells it may pay for (``"Creature"``)."""

    def format(self) -> str:
        """``"{U} (only for Creature spells)"``."""
        return f"{{{self.kind}}} (only for {self.spell_type} spells)"


@dataclass
class PlayerState:
    """A player: life, zones and mana pool (CR 102, 106.4)."""

    name: PlayerId
    """The player's name."""
    life: int = 20
    """Life total (CR 119)."""
    library: list[ObjId] = field(default_factory=list)
    """Library, top card first."""
    hand: list[ObjId] = field(default_factory=list)
    """Hand."""
    graveyard: list[ObjId] = field(default_factory=list)
    """Graveyard, most recent last."""
    exile: list[ObjId] = field(default_factory=list)
    """Exiled cards they own."""
    command: list[ObjId] = field(default_factory=list)
    """Cards they own in the command zone (CR 408): a commander there (CR 903.6)."""
    commanders: tuple[ObjId, ...] = ()
    """The cards designated as their commanders (CR 903.3: an attribute of the card, kept
    in every zone), whose combined colour identity is "your commander's color identity"
    (CR 903.4); empty when they have no commander."""
    pool: Mana = field(default_factory=Mana)
    """Mana pool (CR 106.4), the mana any cost may be paid with."""
    restricted: Counter[RestrictedMana] = field(default_factory=Counter)
    """Mana in the pool with a spending restriction (CR 106.6), by type and restriction:
    spent only on what the restriction allows, emptied with the rest of the pool
    (CR 106.4)."""
    lost: bool = False
    """Lost the game (CR 104.3)."""
    drew_from_empty: bool = False
    """Tried to draw from an empty library (CR 704.5b)."""
    drawn: int = 0
    """Cards drawn so far this game, one draw at a time (CR 121.1-121.2); an attempt to
    draw from an empty library draws nothing and is not counted."""

    def zone_list(self, zone: Zone) -> list[ObjId]:
        """The list holding ``zone`` (hand, library, graveyard, exile, command)."""
        return {Zone.HAND: self.hand, Zone.LIBRARY: self.library,
                Zone.GRAVEYARD: self.graveyard, Zone.EXILE: self.exile,
                Zone.COMMAND: self.command}[zone]


@dataclass(frozen=True, slots=True)
class TriggerContext:
    """What a triggered ability remembers of its trigger event (CR 603.2, 603.10)."""

    subject: ObjRef | None = None
    """The object the event happened to ("that creature", "that spell")."""
    attacked: PlayerId | ObjRef | None = None
    """What the subject was attacking (CR 508.5)."""
    player: PlayerId | None = None
    """The player of the event (the damaged player, the caster)."""
    mana: str = ""
    """For "tapped for mana": the types of mana produced (CR 106.12a)."""
    amount: int = 0
    """For "gains life" and "loses life": how much ("that much", CR 119.10, 603.2)."""
    ability: StackItem | None = None
    """For "whenever you activate an ability": that ability as it was put on the stack, a
    copy never changed afterwards ("copy that ability" copies it and every choice made for
    it, CR 707.10)."""


@dataclass
class StackItem:
    """A spell or an ability on the stack (CR 405)."""

    kind: str
    """``"spell"``, ``"activated"``, ``"triggered"`` or ``"ninjutsu"``."""
    controller: PlayerId
    """Who put it there."""
    source: ObjRef
    """The spell itself, or the ability's source (CR 113.7)."""
    name: str
    """The source's name, for the log and scenario files."""
    ability: int = -1
    """Index of the ability in the source's profile (activated/triggered)."""
    targets: tuple[PlayerId | ObjRef, ...] = ()
    """Chosen targets (CR 601.2c, 602.2b, 603.3d)."""
    x: int = 0
    """The X announced (CR 107.3a)."""
    context: TriggerContext = field(default_factory=TriggerContext)
    """For a triggered ability: its trigger event."""
    returned_attack: PlayerId | ObjRef | None = None
    """For ninjutsu: what the returned creature was attacking (CR 702.49c)."""
    source_lki_controller: PlayerId = ""
    """The source's controller as last known (CR 113.7a)."""
    effects: tuple[Effect, ...] | None = None
    """The effects it plays when not its ability's: a delayed triggered ability's
    (CR 603.7, kind ``"delayed"``) or the mode chosen for a modal ability (CR 700.2a)."""
    text: str = ""
    """For a delayed triggered ability: its text (the log and errors)."""
    sacrificed_power: int | None = None
    """For an ability whose cost sacrificed a creature: that creature's power as it last
    existed on the battlefield ("the sacrificed creature's power", CR 608.2h)."""
    exiled_mana_value: int | None = None
    """For an ability whose cost exiled a permanent: its mana value as it last existed on
    the battlefield ("the exiled creature's mana value", CR 202.3, 608.2h)."""


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A delayed triggered ability created by a resolving spell or ability (CR 603.7a):
    "Sacrifice it at the beginning of the next end step." It triggers once, the next time
    its step begins (CR 603.7b, 603.7c), and refers to the objects the effect that made it
    named (CR 603.7c: an object that left its zone since is a new object, 400.7)."""

    step: Step
    """The step whose beginning it waits for (``Step.END``: "the next end step")."""
    effects: tuple[Effect, ...]
    """What it does."""
    controller: PlayerId
    """Who controls it: the controller of the effect that created it (CR 603.7d)."""
    source: ObjRef
    """The source of the ability that created it (CR 603.7d)."""
    name: str
    """That source's name, for the log."""
    subject: ObjRef | None
    """The object "it" means."""
    text: str
    """Its text."""


class EffectKind(enum.Enum):
    """Continuous effects from resolved spells and abilities (CR 611.2), by layer."""

    CONTROL = enum.auto()
    """Layer 2: control-changing (CR 613.1b)."""
    ABILITIES = enum.auto()
    """Layer 6: abilities gained (CR 613.1f)."""
    SET_PT = enum.auto()
    """Layer 7b: power/toughness set (CR 613.4b)."""
    MODIFY_PT = enum.auto()
    """Layer 7c: power/toughness modified (CR 613.4c)."""
    SWITCH_PT = enum.auto()
    """Layer 7d: power and toughness switched (CR 613.4d)."""


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability, on a locked-in set of objects
    (CR 611.2c)."""

    kind: EffectKind
    """What it changes."""
    objects: tuple[ObjRef, ...]
    """The objects it affects."""
    timestamp: int
    """CR 613.7a: when it was created."""
    duration: Duration
    """How long it lasts (CR 611.2a, 514.2)."""
    controller: PlayerId
    """Who controls the effect (for "until your next turn")."""
    player: PlayerId = ""
    """For CONTROL: the new controller."""
    power: int = 0
    """For SET_PT/MODIFY_PT."""
    toughness: int = 0
    """For SET_PT/MODIFY_PT."""
    keywords: tuple[str, ...] = ()
    """For ABILITIES: keyword names gained."""
    source: str = ""
    """The spell or ability that created it, for the log."""


class EventKind(enum.Enum):
    """What happened (the readable log, CR terms)."""

    STEP = enum.auto()
    """A step or phase began."""
    CAST = enum.auto()
    """A spell was cast (CR 601)."""
    ACTIVATE = enum.auto()
    """An ability was activated (CR 602)."""
    TRIGGER = enum.auto()
    """An ability triggered and was put on the stack (CR 603.3)."""
    RESOLVE = enum.auto()
    """A spell or ability resolved (CR 608)."""
    FIZZLE = enum.auto()
    """A spell or ability did not resolve: its targets were illegal (CR 608.2b)."""
    COUNTER = enum.auto()
    """A spell was countered (CR 701.6)."""
    MANA = enum.auto()
    """Mana was added (CR 106.4)."""
    PAY = enum.auto()
    """A cost was paid (CR 601.2h)."""
    ZONE = enum.auto()
    """An object changed zones (CR 400.7)."""
    ATTACK = enum.auto()
    """Attackers declared (CR 508.1)."""
    BLOCK = enum.auto()
    """Blockers declared (CR 509.1)."""
    DAMAGE = enum.auto()
    """Damage dealt (CR 120)."""
    LIFE = enum.auto()
    """Life gained or lost (CR 119)."""
    CONTROL = enum.auto()
    """Control changed (CR 613.1b)."""
    TAP = enum.auto()
    """A permanent tapped or untapped."""
    PRIORITY = enum.auto()
    """A player passed priority (CR 117.3d)."""
    STATE = enum.auto()
    """A state-based action (CR 704)."""
    CHOICE = enum.auto()
    """A player chose (CR 608.2d)."""
    OTHER = enum.auto()
    """Anything else (counters, draw...)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game's log."""

    kind: EventKind
    """What kind of thing happened."""
    text: str
    """The line, in plain English with CR terms."""
    source: str = ""
    """The card involved, when there is one (``"triggered"`` expectations count these)."""
    rule: str = ""
    """The rule applied, when one is worth naming."""

    def __str__(self) -> str:
        return f"{self.text} (CR {self.rule})" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class CombatDamage:
    """Combat damage dealt to a player this turn, with the source's last known information
    (CR 702.76a prowl, 113.7a)."""

    source: str
    """The source's name."""
    controller: PlayerId
    """Who controlled the source when it dealt the damage."""
    creature_types: frozenset[str]
    """Its creature types then."""
    changeling: bool
    """Whether it was every creature type then (CR 702.73a)."""
    player: PlayerId
    """The player dealt damage."""
    amount: int
    """How much."""


@dataclass(frozen=True, slots=True)
class DamageRecord:
    """Damage dealt during the game, with the names the objects had (CR 120.3, 113.7a)."""

    source: str
    """The source's alias (scenario ID)."""
    source_card: str
    """The source's card name."""
    target: str
    """The player's name, or the damaged object's alias."""
    target_card: str
    """The damaged object's card name (``""`` for a player)."""
    amount: int
    """How much."""
    combat: bool
    """Combat damage (CR 510.2)."""
    turn: int = 0
    """The turn it was dealt in (for "this turn")."""


@dataclass(frozen=True, slots=True)
class Question:
    """A choice the game waits for before it goes on (answered by a ``Choose`` action)."""

    player: PlayerId
    """Who chooses."""
    prompt: str
    """What is asked, in plain English."""
    options: tuple[str, ...] = ()
    """The possible answers, as text (``("yes", "no")``); empty for a free answer."""
    kind: str = ""
    """``"may"``, ``"divide"`` (``"Name=N; Other=M"``, CR 510.1c), ``"discard"``
    (``"Name; Other"``, CR 514.1) or ``"up_to"`` (``"Name; Other"`` or ``"none"``: up to
    :attr:`amount` of :attr:`among`, CR 608.2d)."""
    among: tuple[str, ...] = ()
    """For "divide" and "discard": the objects, by alias."""
    amount: int = 0
    """For "divide": the damage to divide; for "discard": how many cards; for "up_to":
    the most that may be chosen."""

