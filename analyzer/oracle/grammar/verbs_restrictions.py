"""Restrictions and requirements on what objects and players do (CR 101.2, 508.1c-d,
509.1b-c, 502.3): "can't block", "can't be blocked except by two or more creatures",
"can block only creatures with flying", "attacks each combat if able", "doesn't untap
during its controller's untap step", "can't be the target of ...".

Each is a ``restrict`` effect whose ``restriction`` is a key of :data:`RESTRICTIONS` (a
closed vocabulary with the rule behind each), ``by`` the other objects when the words name
them, and a condition for "unless ..." / "as long as ...".

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Target creature can't block this turn.")
>>> e.arg("restriction"), e.arg("duration").name
("can't block", 'THIS_TURN')
>>> e, = parse_effects("CARDNAME can't be blocked except by two or more creatures.")
>>> e.arg("restriction"), e.arg("by").count.low
("can't be blocked except by", 2)
"""

from __future__ import annotations

from collections.abc import Callable

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectFilter, ObjectRef
from analyzer.oracle.syntax import Clause

__all__ = ["RESTRICTIONS", "resolve_it"]

_IT = ObjectRef(ObjectFilter(kind="it"), text="its")
"""The bare "its" of a clause about the object named before it."""

RESTRICTIONS: dict[str, str] = {
    "can't block": "509.1a", "can't attack": "508.1a", "can't attack or block": "508.1a",
    "can't attack alone": "508.1c", "can't block alone": "509.1c",
    "can't attack or block alone": "508.1c", "can't be blocked": "509.1b",
    "can't be blocked by": "509.1b", "can't be blocked except by": "509.1b",
    "can't be blocked by more than one creature": "509.1b",
    "can block only": "509.1a", "can block an additional creature":
    "509.1a", "can block any number of creatures": "509.1a",
    "attacks each combat if able": "508.1d", "blocks each combat if able": "509.1c",
    "must be blocked if able": "509.1c", "must be blocked by all creatures able": "509.1c",
    "doesn't untap during its controller's untap step": "502.3",
    "doesn't untap during its controller's next untap step": "502.3",
    "can't be countered": "101.2", "can't be the target of": "115.4",
    "can't be sacrificed": "701.21", "can't transform": "701.28",
    "can't be enchanted": "303.4", "can't be regenerated": "701.19c",
    "can't attack unless": "508.1c", "can't block unless": "509.1c",
    "can attack as though it didn't have defender": "702.3b",
    "can block creatures with shadow": "702.28b", "can't attack you": "508.1c",
    "can't attack you or planeswalkers you control": "508.1c",
    "can't block creatures with": "509.1b", "can't be blocked except by creatures with":
    "509.1b", "can't be dealt damage": "120.1", "can't be equipped": "301.5",
    "attacks each turn if able": "508.1d", "can't be turned face up": "708.8",
    "can't gain life": "119.7", "can't lose life": "119.3", "can't cast spells": "601.3",
    "can't draw cards": "121.1", "can't play lands": "305.1",
    "can't attack or block unless": "508.1c", "can block only creatures with": "509.1a",
    "can't block creatures with power": "509.1b",
    "can't have its activated abilities activated": "602.5",
    "can't have its activated abilities that aren't mana abilities activated": "602.5",
    "can block additional creatures": "509.1a",
    "can't be cast": "601.3", "can't be copied": "707.10",
    "may choose not to untap during its controller's untap step": "502.3",
    "blocks if able": "509.1c", "attacks if able": "508.1d",
    **{f"can be blocked as though it didn't have {walk}": "702.14c" for walk in (
        "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk")},
}
"""Restriction keys with the rule each applies."""


def _restriction(key: str, *patterns: str) -> None:
    """Register ``patterns`` as the restriction ``key`` (the subject is restricted)."""
    if key not in RESTRICTIONS:
        raise KeyError(key)

    def lower(c: Clause) -> Effect | None:
        if c.subject is None:
            return None
        by = c.slot("by")
        unless = c.slot("cond")
        effect = Effect.make("restrict", target=c.subject, restriction=key, by=by,
                             duration=_requirement_duration(c), text=c.text)
        if unless is not None:
            effect = Effect(effect.name, effect.args, False, unless.text, effect.text)
        return effect
    frame("restrict", *patterns)(lower)


def _requirement_duration(c: Clause) -> Duration:
    """"... this turn if able" lasts this turn, "... this combat if able" until end of combat
    (CR 508.1d, 509.1c); any other restriction has no duration."""
    words = f" {c.frame_text.lower()} "
    return Duration.THIS_TURN if " this turn if able " in words \
        else Duration.END_OF_COMBAT if " this combat if able " in words else Duration.PERMANENT


_S = "{subject:np}"
_restriction("can't block", f"{_S} can't block")
_restriction("can't attack", f"{_S} can't attack")
_restriction("can't attack or block", f"{_S} can't attack or block")
_restriction("can't attack or block alone", f"{_S} can't attack or block alone")
_restriction("can't attack alone", f"{_S} can't attack alone")
_restriction("can't block alone", f"{_S} can't block alone")
_restriction("can't be blocked", f"{_S} can't be blocked")
_restriction("can't be blocked by more than one creature",
             f"{_S} can't be blocked by more than one creature")
_restriction("can't be blocked by", f"{_S} can't be blocked by {{by:np}}")
_restriction("can't be blocked except by", f"{_S} can't be blocked except by {{by:np}}")
_restriction("can block only", f"{_S} can block only {{by:np}}")
_restriction("can't block creatures with", f"{_S} can't block {{by:np}}")
_restriction("can block an additional creature",
             f"{_S} can block an additional creature each combat",
             f"{_S} can block an additional creature")
_restriction("can block any number of creatures", f"{_S} can block any number of creatures")
_restriction("attacks each combat if able", f"{_S} attack|attacks each combat if able")
_restriction("attacks if able", f"{_S} attack|attacks this combat if able",
             f"{_S} attack|attacks this turn if able")
_restriction("attacks each turn if able", f"{_S} attack|attacks each turn if able")
_restriction("blocks each combat if able", f"{_S} block|blocks each combat if able")
_restriction("blocks if able", f"{_S} block|blocks this turn if able",
             f"{_S} block|blocks this combat if able")
_restriction("must be blocked if able", f"{_S} must be blocked if able",
             f"{_S} must be blocked this turn if able")
_restriction("must be blocked by all creatures able",
             f"{_S} must be blocked by all creatures able to block it")
_restriction("doesn't untap during its controller's untap step",
             f"{_S} doesn't untap during its controller's untap step",
             f"{_S} doesn't untap during your untap step",
             f"{_S} don't untap during their controllers' untap steps",
             f"{_S} don't untap during their controller's untap step",
             f"{_S} doesn't untap during its owner's untap step")
_restriction("doesn't untap during its controller's next untap step",
             f"{_S} doesn't untap during its controller's next untap step",
             f"{_S} don't untap during their controllers' next untap steps",
             f"{_S} don't untap during their controller's next untap step",
             f"{_S} doesn't untap during your next untap step",
             f"{_S} don't untap during their controllers' next untap step",
             f"{_S} don't untap during your next untap step",
             f"{_S} don't untap during its controller's next untap step")
_restriction("can't be regenerated", f"{_S} can't be regenerated")
_restriction("can't be the target of", f"{_S} can't be the target of {{by:np}}",
             f"{_S} can't be the targets of {{by:np}}")
_restriction("can't be cast", f"{_S} can't be cast")
_restriction("can't be copied", f"{_S} can't be copied")
_restriction("can't be sacrificed", f"{_S} can't be sacrificed")
_restriction("can't transform", f"{_S} can't transform")
_restriction("can't be enchanted", f"{_S} can't be enchanted",
             f"{_S} can't be enchanted by {{by:np}}")
_restriction("can't be equipped", f"{_S} can't be equipped")
_restriction("can't be turned face up", f"{_S} can't be turned face up")
_restriction("can't attack unless", f"{_S} can't attack unless {{cond:condition}}")
_restriction("can't block unless", f"{_S} can't block unless {{cond:condition}}")
_restriction("can't attack or block unless",
             f"{_S} can't attack or block unless {{cond:condition}}")
_restriction("can attack as though it didn't have defender",
             f"{_S} can attack as though it didn't have defender",
             f"{_S} can attack this turn as though it didn't have defender",
             f"{_S} can attack as though they didn't have defender")
_restriction("can block creatures with shadow", f"{_S} can block creatures with shadow as though "
             "it_had|they_had shadow", f"{_S} can block creatures with shadow as though it "
             "didn't have shadow", f"{_S} can block creatures with shadow as though they "
             "didn't have shadow", f"{_S} can block creatures with shadow as though SELF "
             "had shadow")
for _walk in ("plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk"):
    _restriction(f"can be blocked as though it didn't have {_walk}",  # Deadfall (CR 702.14c)
                 f"{_S} can be blocked as though they_didn't|it_didn't have {_walk}")
_restriction("can't attack you", f"{_S} can't attack you")
_restriction("can't attack you or planeswalkers you control",
             f"{_S} can't attack you or planeswalkers you control",
             f"{_S} can't attack you or a planeswalker you control")
_restriction("can't be dealt damage", f"{_S} can't be dealt damage")
_restriction("can't gain life", f"{_S} can't gain life")
_restriction("can't lose life", f"{_S} can't lose life")
_restriction("can't cast spells", f"{_S} can't cast spells", f"{_S} can't cast {{by:np}}")
_restriction("can't draw cards", f"{_S} can't draw cards")
_restriction("can't play lands", f"{_S} can't play lands")
_restriction("can't be countered", f"{_S} can't be countered by spells or abilities")
_restriction("can't have its activated abilities activated",
             f"{_S} 's activated abilities can't be activated",
             "activated abilities of {subject:np} can't be activated")


_restriction("can't have its activated abilities that aren't mana abilities activated",
             "activated abilities of {subject:np} can't be activated unless they're mana "
             "abilities", f"{_S} 's activated abilities can't be activated unless they're "
             "mana abilities")


@frame("restrict", "{subject:np} can block an additional {n:number} creatures each combat")
def _block_more(c: Clause) -> Effect | None:
    """"Watcher in the Web can block an additional seven creatures each combat." (CR
    509.1a): ``amount`` the creatures it may block beyond the first."""
    n = c.slot("n")
    if c.subject is None or not isinstance(n, int) or n < 2:
        return None
    return Effect.make("restrict", target=c.subject, restriction="can block additional "
                       "creatures", amount=Amount(n), duration=Duration.PERMANENT,
                       text=c.text)


@frame("restrict", "its activated abilities can't be activated")
def _its_abilities(c: Clause) -> Effect:
    """"..., and its activated abilities can't be activated." (Arrest, CR 602.5): "its" is
    the object of the clause before (:func:`resolve_it`)."""
    return Effect.make("restrict", target=_IT, restriction="can't have its activated abilities "
                       "activated", duration=Duration.PERMANENT, text=c.text)


@frame("restrict", "all creatures able to block {subject:np} do so",
       "all creatures able to block {subject:np} this turn do so")
def _lure(c: Clause) -> Effect | None:
    """"All creatures able to block CARDNAME do so." (Lure, CR 509.1c): every creature able
    to block it must; "this turn" for a resolving spell's effect."""
    if c.subject is None:
        return None
    duration = Duration.THIS_TURN if " this turn " in f" {c.frame_text} " \
        else Duration.PERMANENT
    return Effect.make("restrict", target=c.subject,
                       restriction="must be blocked by all creatures able",
                       duration=duration, text=c.text)


def resolve_it(effects: tuple[Effect, ...], first: ObjectRef | None = None
               ) -> tuple[Effect, ...]:
    """Each effect whose target is the bare pronoun "it"/"its" given the target of the
    effect before it ("Enchanted creature can't attack or block, and its activated
    abilities can't be activated": the enchanted creature, CR 608.2c reading order);
    ``first`` is what an "it" before any other names (the subject of a static's condition:
    "As long as enchanted permanent is a Vehicle, it's a creature ...").

    >>> from analyzer.oracle.grammar import parse_effects
    >>> a, b = resolve_it(parse_effects("Enchanted creature can't block, and its activated "
    ...                                 "abilities can't be activated."))
    >>> b.arg("target").text
    'enchanted creature'
    """
    found: list[Effect] = []
    previous: ObjectRef | None = first
    for effect in effects:
        target = effect.arg("target")
        if isinstance(target, ObjectRef) and target.filter.kind == "it" \
                and target.text in ("it", "its") and previous is not None:
            effect = Effect(effect.name, tuple((k, previous if k == "target" else v)
                                               for k, v in effect.args),
                            effect.optional, effect.condition, effect.text)
        elif isinstance(target, ObjectRef):
            previous = target
        found.append(effect)
    return tuple(found)

_: Callable[..., object] = frame


# -- rules changes a resolving spell makes for a while (CR 611.2) -------------------------------

@frame("rules_change", "play an additional land this turn",
       "play up to two additional lands this turn", "play two additional lands this turn")
def _extra_land_this_turn(c: Clause) -> Effect:
    """"You may play an additional land this turn." (Explore, CR 305.2; "you may" is read
    by the clause, a permission)."""
    amount = Amount(2) if " two " in f" {c.frame_text} " else Amount(1)
    return Effect.make("rules_change", rule="play an additional land each turn",
                       amount=amount, duration=Duration.THIS_TURN, text=c.text)


@frame("rules_change", "damage can't be prevented this turn",
       "combat damage can't be prevented this turn")
def _unpreventable_this_turn(c: Clause) -> Effect:
    """"Damage can't be prevented this turn." (Stomp, CR 615.12)."""
    return Effect.make("rules_change", rule="damage can't be prevented",
                       what="combat" if "combat" in c.frame_text else "",
                       duration=Duration.THIS_TURN, text=c.text)


@frame("rules_change", "the damage can't be prevented", "this damage can't be prevented")
def _this_damage(c: Clause) -> Effect:
    """"The damage can't be prevented." (Combust: the damage of the effect before it,
    CR 615.12)."""
    return Effect.make("rules_change", rule="damage can't be prevented",
                       what="the damage this effect deals", text=c.text)


@frame("rules_change", "you have no maximum hand size for the rest of the game",
       "you have no maximum hand size until end of turn",
       "you have no maximum hand size until your next turn")
def _no_max_hand_for_a_while(c: Clause) -> Effect:
    """"You have no maximum hand size for the rest of the game." (Praetor's Counsel, CR
    402.2): no duration, it lasts for the game (CR 611.2a)."""
    duration = Duration.END_OF_TURN if "end of turn" in c.frame_text \
        else Duration.NEXT_TURN if "next turn" in c.frame_text else Duration.PERMANENT
    return Effect.make("rules_change", rule="no maximum hand size", duration=duration,
                       text=c.text)


@frame("assign_by_toughness", "{subject:np} assign|assigns combat damage equal to its|their "
       "toughness rather than its|their power")
def _by_toughness(c: Clause) -> Effect | None:
    """"Each creature you control assigns combat damage equal to its toughness rather than
    its power." (Doran, CR 510.1a)."""
    if c.subject is None or c.subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("assign_by_toughness", target=c.subject, duration=Duration.PERMANENT,
                       text=c.text)
