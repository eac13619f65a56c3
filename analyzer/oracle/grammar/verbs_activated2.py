"""Verbs met mostly in activated abilities: turning a permanent face down or face up,
attaching an Equipment or Aura to an object, moving counters, a keyword of its controller's
choice, exchanging life totals, a base power alone (CR 122.5, 613.1f, 613.4b, 701.3, 701.12,
708).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Turn CARDNAME face down.")
>>> e.name, e.arg("face"), e.describe()
('turn_face', 'down', 'turn this object face down')
>>> e, = parse_effects("Move a +1/+1 counter from target creature you control onto "
...                    "CARDNAME.")
>>> e.name, e.arg("counter"), e.describe()
('move_counters', '+1/+1', 'move a +1/+1 counter from target creature you control onto this object')
"""

from __future__ import annotations

import re

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.keywords import KeywordAbility, parse_keyword_list
from analyzer.oracle.objects import ObjectFilter, ObjectRef, parse_object
from analyzer.oracle.syntax import Clause
from analyzer.oracle.text import SELF

__all__: list[str] = []

_IT = ObjectRef(ObjectFilter(kind="it"), text="it")
"""The object the sentence named first ("... on target creature": the same creature)."""

_NOT_OBJECTS = frozenset({"player", "opponent", "card", "spell", "ability"})


def _permanent(ref: ObjectRef | None) -> bool:
    """True for a reference to permanents (not a player, a card in a zone, a spell)."""
    return ref is not None and ref.filter.kind not in _NOT_OBJECTS


# -- face down, face up (CR 708) -------------------------------------------------------------

@frame("turn_face", "turn {target:np} face down|up")
def _turn_face(c: Clause) -> Effect | None:
    """"Turn CARDNAME face down." (Mischievous Quanar), "Turn target face-down creature
    face up." (Ixidor): a permanent turned face down becomes a 2/2 face-down creature with
    no name or abilities (CR 708.2); turning it face up shows its front (CR 708.8)."""
    target = c.slot("target")
    if not _permanent(target):
        return None
    face = "down" if c.frame_text.lower().endswith("down") else "up"
    return Effect.make("turn_face", target=target, face=face, text=c.text)


# -- attach an Equipment or Aura to another object (CR 701.3) --------------------------------

@frame("attach_object", "attach {what:np} to {target:np}")
def _attach_object(c: Clause) -> Effect | None:
    """"Attach target Equipment you control to target creature you control." (Auriok
    Windwalker), "Attach all Equipment you control to CARDNAME." (Balan): the named
    Equipment or Aura becomes attached to the object (CR 701.3a; an illegal attachment
    does nothing, CR 701.3b). Attaching CARDNAME itself is the ``attach`` effect."""
    what, target = c.slot("what"), c.slot("target")
    if not _permanent(what) or not _permanent(target) or what.filter.kind in ("self", "it"):
        return None
    if target.filter.other and not target.targeted:
        return None     # "to another creature": other than the one it is attached to
    if not what.filter.subtypes & {"Equipment", "Aura"}:
        return None
    return Effect.make("attach_object", object=what, target=target, text=c.text)


# -- move counters (CR 122.5) ----------------------------------------------------------------

@frame("move_counters",
       "move {n:amount} {counter:counter} counter|counters from {origin:np} onto|to "
       "{target:np}",
       "move {n:amount} counter|counters from {origin:np} onto|to {target:np}")
def _move_counters(c: Clause) -> Effect | None:
    """"Move a +1/+1 counter from target creature you control onto CARDNAME." (Cytoplast
    Root-Kin): the counter leaves one object and is put on the other (CR 122.5); "a
    counter" alone is a counter of any kind."""
    origin, target = c.slot("origin"), c.slot("target")
    if not _permanent(origin) or not _permanent(target):
        return None
    return Effect.make("move_counters", counter=c.slot("counter") or "", amount=c.slot("n"),
                       origin=origin, target=target, text=c.text)


@frame("put_counters",
       "put {n:amount} {counter:counter} counter|counters and {m:amount} {other:counter} "
       "counter|counters on {target:np}")
def _two_counters(c: Clause) -> tuple[Effect, ...] | None:
    """"Put a +1/+1 counter and a flying counter on target creature." (renew, CR 122.1b):
    two counters on the one object; the second names it back."""
    target = c.slot("target")
    if not _permanent(target):
        return None
    return (Effect.make("put_counters", counter=c.slot("counter"), amount=c.slot("n"),
                        target=target, text=c.text),
            Effect.make("put_counters", counter=c.slot("other"), amount=c.slot("m"),
                        target=_IT, text=c.text))


# -- a keyword of its controller's choice (CR 613.1f) ----------------------------------------

def _choice_keywords(words: str) -> tuple[KeywordAbility, ...] | None:
    """The keywords of "flying, first strike, or haste" (at least two)."""
    found = parse_keyword_list(words.replace(", or ", ", ").replace(" or ", ", "))
    return found if found is not None and len(found) >= 2 else None


@frame("grant_ability_choice", "{subject:np} gain|gains your choice of {what:words}")
def _gain_choice(c: Clause) -> Effect | None:
    """"CARDNAME gains your choice of vigilance, lifelink, or haste until end of turn."
    (Butcher of the Horde): one of the keywords, chosen as the ability resolves."""
    keywords = _choice_keywords(c.slot("what"))
    if keywords is None or not _permanent(c.subject):
        return None
    return Effect.make("grant_ability_choice", target=c.subject, keywords=keywords,
                       duration=Duration.PERMANENT, text=c.text)


@frame("lose_ability_choice", "{subject:np} loses your choice of {what:words}")
def _lose_choice(c: Clause) -> Effect | None:
    """"Target creature loses your choice of flying, first strike, or trample until end of
    turn." (Walking Sponge)."""
    keywords = _choice_keywords(c.slot("what"))
    if keywords is None or not _permanent(c.subject):
        return None
    return Effect.make("lose_ability_choice", target=c.subject, keywords=keywords,
                       duration=Duration.PERMANENT, text=c.text)


# -- creature types (CR 205.3, 613.1d) -------------------------------------------------------

@frame("become", "{subject:np} lose|loses all creature types")
def _no_types(c: Clause) -> Effect | None:
    """"Target creature loses all creature types until end of turn.": it has none ("gains
    all creature types" is ``add_types``, :mod:`.verbs_continuous`)."""
    if not _permanent(c.subject):
        return None
    return Effect.make("become", target=c.subject, what="no creature types",
                       duration=Duration.PERMANENT, text=c.text)


# -- a base power or toughness alone (CR 613.4b) ---------------------------------------------

@frame("set_base_power", "{subject:np} has|have base power {n:amount}",
       "{subject:np} has|have base toughness {t:amount}")
def _base_power(c: Clause) -> Effect | None:
    """"Target creature with flying has base power 0 until end of turn." (Island of
    Wak-Wak): only the power (or only the toughness) is set (CR 613.4b)."""
    if not _permanent(c.subject):
        return None
    power, toughness = c.slot("n"), c.slot("t")
    name = "set_base_power" if power is not None else "set_base_toughness"
    return Effect.make(name, target=c.subject, amount=power if power is not None
                       else toughness, duration=Duration.PERMANENT, text=c.text)


# -- exchange life totals (CR 701.12) --------------------------------------------------------

@frame("exchange_life_totals", "exchange life totals with {other:player}",
       "{who:player} exchange life totals")
def _exchange_life(c: Clause) -> Effect | None:
    """"Exchange life totals with target opponent." (Magus of the Mirror), "Two target
    players exchange life totals." (Soul Conduit): each player's life total becomes the
    other's (CR 701.12a, 119.5)."""
    other, who = c.slot("other"), c.subject
    if other is not None:
        return Effect.make("exchange_life_totals", other=other, text=c.text)
    if who is None or who.count.low != 2 or who.count.high != 2 or not who.targeted:
        return None
    return Effect.make("exchange_life_totals", player=who, other="each other", text=c.text)


# -- "can't be blocked this turn except by ..." (CR 509.1b) ---------------------------------

@frame("restrict", "{subject:np} can't be blocked this turn except by {by:np}")
def _unblockable_except(c: Clause) -> Effect | None:
    """"CARDNAME can't be blocked this turn except by creatures with haste."
    (Gingerbrute): the duration written before the exception."""
    if not _permanent(c.subject):
        return None
    return Effect.make("restrict", target=c.subject, restriction="can't be blocked except by",
                       by=c.slot("by"), duration=Duration.THIS_TURN, text=c.text)


# -- "you may cast spells this turn as though they had flash" (CR 702.8a) --------------------

@frame("rules_change", "cast {what:np} this turn as though they had flash",
       "cast spells this turn as though they had flash")
def _flash_this_turn(c: Clause) -> Effect | None:
    """"You may cast creature spells this turn as though they had flash." (Winding
    Canyons): a permission for the turn, as the static ability of the same words."""
    what = c.slot("what")
    if what is not None and (what.filter.kind != "spell" or what.targeted):
        return None
    return Effect.make("rules_change", rule="cast spells as though they had flash",
                       what=what.text if what is not None else "spells",
                       duration=Duration.THIS_TURN, text=c.text)


# -- mana riders of a resolving ability (CR 106.6, 500.4) ------------------------------------

@frame("spend_restriction", "spend this mana only {what:words}")
def _spend_only(c: Clause) -> Effect | None:
    """"Spend this mana only to cast instant and sorcery spells." after a triggered
    ability's "add {U}{R}" (Abstract Paintmage): what the mana just added may pay for
    (CR 106.6), typed as :func:`~analyzer.oracle.mana_abilities.read_spending_restriction`
    reads it: the spells it may cast and the sources whose abilities it may activate."""
    from analyzer.oracle.mana_abilities import read_spending_restriction

    found = read_spending_restriction(f"Spend this mana only {c.slot('what')}.")
    if found is None:
        return None
    spells = tuple(ref for use, ref in found if use == "cast" and ref is not None)
    sources = tuple(ref for use, ref in found if use == "activate" and ref is not None)
    uses = " or ".join(dict.fromkeys(use for use, _ in found))
    return Effect.make("spend_restriction", what=c.slot("what"), uses=uses, spells=spells,
                       sources=sources, text=c.text)


@frame("keep_mana", "{who:player} don't|doesn't lose this mana as steps and phases end")
def _keep_mana(c: Clause) -> Effect | None:
    """"Until end of turn, you don't lose this mana as steps and phases end." (Sakiko): the
    mana just added stays in the pool as steps and phases end (CR 500.4), for the duration
    written before it."""
    who = c.subject
    if who is None or who.filter.kind not in ("player", "opponent") \
            or not any(m.kind == "duration" for m in c.modifiers):
        return None
    return Effect.make("keep_mana", player=None if who.text.lower() == "you" else who,
                       duration=Duration.PERMANENT, text=c.text)




# -- Room doors (CR 709.5) -------------------------------------------------------------------

@frame("lock_or_unlock_door", "lock or unlock a door of {target:np}",
       "unlock a locked door of {target:np}")
def _door(c: Clause) -> Effect | None:
    """"Lock or unlock a door of target Room you control." (Marina Vendrell), "unlock a
    locked door of up to one target Room you control" (Ghostly Keybearer): a Room's door
    changes state (CR 709.5)."""
    target = c.slot("target")
    if not _permanent(target) or "Room" not in target.filter.subtypes:
        return None
    action = "unlock a locked door" if c.frame_text.lower().startswith("unlock") \
        else "lock or unlock a door"
    return Effect.make("lock_or_unlock_door", target=target, action=action, text=c.text)


@frame("choose", "you? choose a creature type other than wall")
def _choose_type_not_wall(c: Clause) -> Effect:
    """"Choose a creature type other than Wall." (Imagecrafter): a choice the next
    sentence names as "that type" (CR 205.3m, 700.1)."""
    return Effect.make("choose", what="a creature type other than Wall", text=c.text)


# -- X defined or bounded by its own sentence (CR 107.3) -------------------------------------

@frame("define_x", "x is {q:quantity}")
def _define_x(c: Clause) -> Effect:
    """"{X}, {T}: Draw a card. X is the number of cards in an opponent's hand." (Bargaining
    Table): the value X has in the ability, costs included (CR 107.3)."""
    where = c.frame_text[len("X is "):]
    return Effect.make("define_x", amount=Amount(None, "X", where, c.slot("q")),
                       text=c.text)


@frame("x_minimum", "x can't be 0")
def _x_not_zero(c: Clause) -> Effect:
    """"X can't be 0." after a mode or an ability (Marath, Will of the Wild): X is chosen
    as 1 or more (CR 107.3)."""
    return Effect.make("x_minimum", amount=Amount(1), text=c.text)


# -- Licids (CR 303.4, 116.2c) ---------------------------------------------------------------

@frame("become_aura",
       "SELF loses this ability and becomes an aura enchantment with enchant creature")
def _licid(c: Clause) -> Effect:
    """"CARDNAME loses this ability and becomes an Aura enchantment with enchant creature."
    (the Licids): it stops being a creature and is an Aura with enchant creature
    (CR 303.4, 613.1d), without the ability that made it one; the next sentence attaches
    it."""
    return Effect.make("become_aura", target=parse_object(SELF), enchant="creature",
                       loses="this ability", text=c.text)


@frame("end_by_paying", "pay {cost:mana} to end this effect")
def _end_by_paying(c: Clause) -> Effect:
    """"You may pay {W} to end this effect." (the Licids): at any time its controller
    could, paying ends the effect — a special action (CR 116.2c)."""
    return Effect.make("end_by_paying", cost=c.slot("cost"), text=c.text)


# -- a card revealed at random (CR 701.20a) --------------------------------------------------

@frame("reveal_at_random",
       "{who:player} reveals {n:amount} card|cards at random from their hand",
       "{who:player} reveal|reveals {n:amount} card|cards at random from their hand")
def _reveal_random(c: Clause) -> Effect | None:
    """"Target opponent reveals a card at random from their hand." (Planeswalker's Fury):
    the player reveals that many cards chosen at random; the next sentence names the card
    ("that card's mana value")."""
    who = c.subject
    if who is None or who.filter.kind not in ("player", "opponent"):
        return None
    return Effect.make("reveal_at_random", player=who, amount=c.slot("n"), text=c.text)


# -- "The next time you would draw a card this turn, ... instead." (CR 614.1a, 614.11) -------

@frame("replace_next_draw",
       "the next time you would draw a card this turn , {rest:words} instead",
       "the next time you would draw a card this turn , {rest:words}")
def _next_draw(c: Clause) -> Effect | None:
    """"The next time you would draw a card this turn, you gain 3 life instead." (Words of
    Worship): a one-shot replacement of the next draw this turn (CR 614.1a, 614.11); the
    replacing instructions must read."""
    from analyzer.oracle.grammar import parse_effects

    if not c.frame_text.endswith("instead") and "instead" not in c.text.split()[-1:]:
        return None
    effects = parse_effects(c.slot("rest"))
    if not effects:
        return None
    return Effect.make("replace_next_draw", effects=effects, duration=Duration.THIS_TURN,
                       text=c.text)


_COMBINATION = re.compile(r"^(?:\{[WUBRGC]\}, )*\{[WUBRGC]\},? and/or \{[WUBRGC]\}$")


@frame("add_mana", "add {n:amount} mana in any combination of {what:words}")
def _add_combination(c: Clause) -> Effect | None:
    """"Add X mana in any combination of {R} and/or {G}, where X is the number of creatures
    you control." (Xenagos, the Reveler): that much mana, each of one of the colors named,
    chosen as it is added (CR 106.1)."""
    what = c.slot("what")
    if not _COMBINATION.match(what):
        return None
    amount = c.slot("n")
    return Effect.make("add_mana", mana="", choice=f"mana in any combination of {what}",
                       amount=amount, text=c.text)
