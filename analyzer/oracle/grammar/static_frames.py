"""Static-only frames (CR 604): the sentences only static abilities say, each with the typed
effects it lowers to — rules changes (:data:`RULES_CHANGES`), cost changes (CR 601.2f),
characteristic-defining abilities (CR 604.3), type changes (CR 205.1b), control of the
enchanted permanent (CR 613.2), additional costs (CR 601.2b), vanguard modifiers (CR 902.2).

:mod:`.statics` tries them before the verb frames (:data:`FRAMES`, in registration order).

Examples
--------
>>> from analyzer.oracle.lexer import tokenize
>>> t = tokenize("you have no maximum hand size")
>>> [(mode, build(p.match(t, 0, len(t)), "you have no maximum hand size")[0].arg("rule"))
...  for mode, p, build in FRAMES if p.match(t, 0, len(t)) is not None]
[('rules_change', 'no maximum hand size')]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Zone, parse_object
from analyzer.oracle.text import SELF

__all__ = ["FRAMES", "RULES_CHANGES"]

RULES_CHANGES: dict[str, str] = {
    "no maximum hand size": "402.2", "maximum hand size": "402.2",
    "play with the top card revealed": "401.5", "look at the top card any time": "401.5",
    "play lands from the top of the library": "305.1",
    "cast spells from the top of the library": "601.3",
    "play an additional land each turn": "305.2", "can't lose the game": "104.3",
    "opponents can't win the game": "104.2", "can't gain life": "119.7",
    "damage can't be prevented": "615.12", "skip untap steps": "502.1",
    "cast spells as though they had flash": "702.8", "can't cast spells": "601.3",
    "can cast spells only any time they could cast a sorcery": "307.5",
    "can't cast more than one spell each turn": "601.3",
    "spend mana as though it were mana of any color": "609.4b",
    "lands are every basic land type": "305.7", "life total can't change": "119.10",
    "cast from the graveyard": "601.3", "hand revealed": "402.3",
    "can't search libraries": "701.23", "can't draw more than one card each turn": "121.1",
    "mana pools don't empty": "500.5", "cast spells without paying their mana costs": "601.2",
    "can't play lands": "305.1", "may have the top card of the library be cast": "601.3",
    "can't win the game": "104.2", "opponents can't lose the game": "104.3",
    "play lands from the graveyard": "305.1",
    "can't untap more than one permanent of a kind": "502.3",
    "activate abilities as though they had haste": "302.6",
    "doesn't lose the game for having 0 or less life": "704.5a",
    "no more than one creature can attack each combat": "508.1c",
    "no more than one creature can block each combat": "509.1c",
    "may look at cards exiled with it": "406.3",
    "play any number of lands each turn": "305.2",
}
"""Rules changes a static ability makes (closed vocabulary, with the rule each changes)."""


def _rules_change(rule: str, player: ObjectRef | None = None,
                  amount: Amount | None = None, what: str = "") -> Effect:
    return Effect.make("rules_change", rule=rule, player=player, amount=amount, what=what)


_YOU = None


def _players(text: str) -> ObjectRef | None:
    return parse_object(text)


Builder = Callable[[dict[str, Any], str], "tuple[Effect, ...] | None"]
FRAMES: list[tuple[str, Pattern, Builder]] = []
"""The static frames: ``(mode, pattern, builder)``; a builder takes the pattern's slots and
the clause's words and returns the effects, or ``None`` when the slots don't fit."""


def _static(mode: str, *patterns: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        for pattern in patterns:
            FRAMES.append((mode, Pattern(pattern), fn))
        return fn
    return register


@_static("rules_change", "you have no maximum hand size",
         "players have no maximum hand size", "each player has no maximum hand size")
def _no_max_hand(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    who = None if text.lower().startswith("you ") else _players("each player")
    return (_rules_change("no maximum hand size", who),)


@_static("rules_change", "your maximum hand size is increased|reduced by {n:amount}",
         "each player's maximum hand size is reduced by {n:amount}",
         "each opponent's maximum hand size is reduced by {n:amount}",
         "your maximum hand size is {n:amount}")
def _hand_size(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    sign = "reduced" if "reduced" in text else "increased" if "increased" in text else "set"
    low = text.lower()
    who = None if low.startswith("your ") else _players(
        "each opponent" if low.startswith("each opponent") else "each player")
    return (_rules_change("maximum hand size", who, b["n"], sign),)


@_static("rules_change", "{who:player} can cast spells only any time they could cast a "
         "sorcery")
def _sorcery_speed(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Each opponent can cast spells only any time they could cast a sorcery." (Teferi,
    CR 307.5)."""
    who = b["who"]
    if who.targeted:
        return None
    return (_rules_change("can cast spells only any time they could cast a sorcery",
                          None if who.text.lower() == "you" else who),)


@_static("rules_change", "play with the top card of your library revealed",
         "play with your hand revealed", "players play with their hands revealed",
         "players play with the top card of their libraries revealed",
         "your opponents play with their hands revealed",
         "each player plays with the top card of their library revealed")
def _revealed(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    low = text.lower()
    who = None if not low.startswith(("players", "each player", "your opponents")) \
        else _players("each opponent" if low.startswith("your opponents") else "each player")
    if "hand" in text:
        return (_rules_change("hand revealed", who),)
    return (_rules_change("play with the top card revealed", who),)


@_static("rules_change", "{who:player} can't search libraries")
def _no_search(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Players can't search libraries." (Aven Mindcensor's cousins, CR 701.23a)."""
    who = b["who"]
    if who is None or who.targeted:
        return None
    return (_rules_change("can't search libraries", None if who.text.lower() == "you"
                          else who),)


@_static("rules_change", "players don't lose unspent mana as steps and phases end",
         "you don't lose unspent mana as steps and phases end",
         "you don't lose unspent {color:words} mana as steps and phases end")
def _mana_kept(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Players don't lose unspent mana as steps and phases end." (Upwelling), "You don't
    lose unspent green mana as steps and phases end." (Fangorn; CR 500.5: the mana pool
    doesn't empty, of that color only)."""
    color = (b.get("color") or "").lower()
    if color and color not in ("white", "blue", "black", "red", "green"):
        return None
    who = _players("each player") if text.lower().startswith("players") else None
    return (_rules_change("mana pools don't empty", who, what=color),)


@_static("rules_change", "you may look at the top card of your library any time")
def _look_top(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (_rules_change("look at the top card any time"),)


@_static("rules_change", "you may play lands from the top of your library",
         "you may play the top card of your library",
         "you may cast spells from the top of your library",
         "you may cast {what:np} from the top of your library",
         "you may play lands and cast spells from the top of your library")
def _from_top(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    what = b.get("what")
    if "lands" in text and "spells" not in text:
        return (_rules_change("play lands from the top of the library"),)
    return (_rules_change("cast spells from the top of the library", what=(
        what.text if what is not None else "cards")),)


@_static("rules_change", "you may play an additional land on each of your turns",
         "you may play two additional lands on each of your turns",
         "each player may play an additional land on each of their turns")
def _extra_land(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    amount = Amount(2) if "two additional" in text else Amount(1)
    who = _players("each player") if text.lower().startswith("each") else None
    return (_rules_change("play an additional land each turn", who, amount),)


@_static("rules_change", "you may play any number of lands on each of your turns")
def _any_number_of_lands(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You may play any number of lands on each of your turns." (Fastbond, CR 305.2)."""
    return (_rules_change("play any number of lands each turn"),)


@_static("rules_change", "you can't lose the game", "your opponents can't win the game",
         "you can't lose the game and your opponents can't win the game",
         "you can't win the game and your opponents can't lose the game")
def _cant_lose(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    low = text.lower()
    if low.startswith("you can't win"):
        return (_rules_change("can't win the game"),
                _rules_change("opponents can't lose the game"))
    found = []
    if "lose" in text:
        found.append(_rules_change("can't lose the game"))
    if "win" in text:
        found.append(_rules_change("opponents can't win the game"))
    return tuple(found)


@_static("rules_change", "you don't lose the game for having 0 or less life")
def _lich(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You don't lose the game for having 0 or less life." (Lich, CR 704.5a)."""
    return (_rules_change("doesn't lose the game for having 0 or less life"),)


@_static("rules_change", "no more than one creature can attack|block each combat")
def _one_creature(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"No more than one creature can attack each combat." (Silent Arbiter, CR 508.1c)."""
    verb = "attack" if " attack " in text else "block"
    return (_rules_change(f"no more than one creature can {verb} each combat"),)


@_static("rules_change", "you may look at cards exiled with SELF")
def _look_exiled(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You may look at cards exiled with CARDNAME." (CR 406.3: face-down exiled cards)."""
    return (_rules_change("may look at cards exiled with it"),)


@_static("rules_change", "SELF saddles Mounts and crews Vehicles as though its power were "
         "{n:number} greater", "SELF crews Vehicles as though its power were {n:number} "
         "greater")
def _crews_as_though(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"CARDNAME saddles Mounts and crews Vehicles as though its power were 2 greater."
    (Cloudspire Captain): its power counts for more when it is tapped to pay a crew or
    saddle cost (CR 702.122a, 702.171a)."""
    what = "saddle and crew" if " saddles " in f" {text} " else "crew"
    return (Effect.make("crew_power", target=parse_object(SELF), amount=Amount(b["n"]),
                        what=what, text=text),)


@_static("rules_change", "while choosing targets as part of casting a spell or activating an "
         "ability , your opponents must choose at least {what:words} on the battlefield if "
         "able")
def _must_target(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"While choosing targets as part of casting a spell or activating an ability, your
    opponents must choose at least one Flagbearer on the battlefield if able." (Standard
    Bearer): a requirement on the targets they choose (CR 601.2c, 602.2b)."""
    what = parse_object(b["what"])
    if what is None or not b["what"].lower().startswith("one ") or what.targeted \
            or what.filter.kind != "permanent":
        return None
    return (Effect.make("target_requirement", target=what, player=parse_object(
        "each opponent"), text=text),)


@_static("x_minimum", "x can't be 0")
def _x_not_zero(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"X can't be 0." (the value chosen for X as the spell is cast, CR 107.3, 601.2b)."""
    return (Effect.make("x_minimum", amount=Amount(1), text=text),)


@_static("rules_change", "you may play lands from your graveyard",
         "you may play land cards from your graveyard")
def _lands_from_graveyard(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You may play lands from your graveyard." (Crucible of Worlds, CR 305.1, 601.3)."""
    return (_rules_change("play lands from the graveyard"),)


@_static("rules_change", "players can't untap more than one {what:words} during their untap "
         "steps")
def _untap_one(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Players can't untap more than one artifact during their untap steps." (Damping
    Field, CR 502.3)."""
    what = parse_object(f"{b['what']}s")
    if what is None or what.filter.kind != "permanent":
        return None
    return (_rules_change("can't untap more than one permanent of a kind", _players(
        "each player"), what=b["what"]),)


@_static("rules_change", "you may activate abilities of {what:np} as though those creatures "
         "had haste", "you may activate abilities of {what:np} as though they had haste")
def _as_though_haste(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"You may activate abilities of creatures you control as though those creatures had
    haste." (CR 302.6, 702.10)."""
    what = b["what"]
    if not what.count.each:
        return None
    return (_rules_change("activate abilities as though they had haste", what=what.text),)


@_static("rules_change", "{who:player} can't cast more than one spell each turn",
         "{who:player} can't draw more than one card each turn")
def _one_each_turn(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Each player can't cast more than one spell each turn." (Arcane Laboratory, CR 601.3),
    "Each opponent can't draw more than one card each turn." (Leovold, CR 121.1)."""
    who = b["who"]
    if who.targeted:
        return None
    rule = "can't cast more than one spell each turn" if " cast " in text \
        else "can't draw more than one card each turn"
    return (_rules_change(rule, None if who.text.lower() == "you" else who),)


@_static("rules_change", "you may have SELF assign its combat damage as though it weren't "
         "blocked")
def _as_though_unblocked(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You may have CARDNAME assign its combat damage as though it weren't blocked."
    (Thorn Elemental, CR 510.1c)."""
    return (Effect.make("assign_as_though_unblocked", target=parse_object(SELF),
                        optional=True, text=text),)


@_static("rules_change", "this effect doesn't remove SELF")
def _not_removed(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"Enchanted creature has protection from black. This effect doesn't remove CARDNAME."
    (Black Ward: the Aura stays attached though the creature has protection from its
    quality, CR 702.16d, 704.5m)."""
    return (Effect.make("protection_keeps", target=parse_object(SELF), text=text),)


@_static("rules_change", "untap SELF during each other player's untap step")
def _untap_each(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"Untap CARDNAME during each other player's untap step." (Seedborn Muse's kind, CR
    502.3: the untap step of another player untaps it too)."""
    return (Effect.make("untap_during", target=parse_object(SELF),
                        what="each other player's untap step", text=text),)


@_static("rules_change", "{who:player} can't gain life")
def _no_life(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    who = b["who"]
    return (_rules_change("can't gain life", None if who.text.lower() == "you" else who),)


@_static("rules_change", "damage can't be prevented",
         "combat damage can't be prevented",
         "damage that would be dealt by {what:np} can't be prevented")
def _no_prevention(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    what = b.get("what")
    if what is not None:
        return (_rules_change("damage can't be prevented", what=f"dealt by {what.text}"),)
    return (_rules_change("damage can't be prevented", what="combat" if "combat" in text
                          else ""),)


@_static("rules_change", "players skip their untap steps")
def _skip_untap(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (_rules_change("skip untap steps", _players("each player")),)


@_static("skip", "skip your draw step", "skip your untap step", "skip your upkeep step",
         "skip your combat phase")
def _skip_step(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    what = text.lower().removeprefix("skip your ")
    return (Effect.make("skip", what=what, text=text),)


@_static("rules_change", "you may cast spells as though they had flash",
         "you may cast {what:np} as though they had flash",
         "you may cast {what:np} as though it had flash",
         "you may cast creature spells as though they had flash",
         "players may cast {what:np} as though they had flash",
         "any player may cast {what:np} as though they had flash")
def _flash(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"You may cast creature spells as though they had flash." (CR 702.8a); "Players may
    cast enchantment spells as though they had flash." (Akoum): each player may."""
    what = b.get("what")
    who = None if text.lower().startswith("you ") else _players("each player")
    if who is not None and (what is None or what.filter.kind != "spell" or what.targeted):
        return None
    return (_rules_change("cast spells as though they had flash", who,
                          what=what.text if what is not None else "spells"),)


@_static("rules_change", "you may cast {what:np} from your graveyard",
         "you may cast spells from your graveyard")
def _graveyard_cast(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    what = b.get("what")
    if what is not None and what.filter.kind == "self":
        return (Effect.make("cast_from", target=what, zone=Zone.GRAVEYARD, text=text),)
    return (_rules_change("cast from the graveyard",
                          what=what.text if what is not None else "spells"),)


@_static("rules_change", "you may cast SELF from your graveyard as long as you control "
         "{what:np}", "you may cast SELF from exile", "you may cast SELF from exile as long "
         "as you control {what:np}")
def _cast_self_from(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"You may cast this card from your graveyard as long as you control a Zombie."
    (Gravecrawler; CR 601.3): ``zone`` where it may be cast from, ``control`` what its
    owner must control then."""
    zone = Zone.EXILE if "from exile" in text else Zone.GRAVEYARD
    effect = Effect.make("cast_from", target=parse_object(SELF), zone=zone, text=text)
    if b.get("what") is not None:
        control = parse_object(f"{b['what'].text} you control")
        if control is None or control.targeted or control.count.each:
            return None
        effect = Effect(effect.name, (*effect.args, ("control", control)), effect.optional,
                        effect.condition, effect.text)
    return (effect,)


@_static("restriction", "you may choose not to untap {what:np} during your untap step")
def _may_not_untap(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"You may choose not to untap CARDNAME during your untap step." (CR 502.3: an option
    its controller has as the untap step untaps permanents)."""
    what = b["what"]
    if what.targeted:
        return None
    return (Effect.make("restrict", target=what, restriction="may choose not to untap "
                        "during its controller's untap step", text=text),)


@_static("rules_change", "{who:player} can't get {c:counter} counters",
         "{who:player} can't get counters")
def _no_player_counters(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """"You can't get poison counters.", "Players can't get counters." (CR 122.1, 101.2)."""
    who = b["who"]
    target = parse_object("you") if who.text.lower() == "you" else parse_object("each player")
    return (Effect.make("cant_get_counters", target=target, counter=b.get("c") or "",
                        text=text),)


@_static("rules_change", "{what:np} can't have {c:counter} counters put on them",
         "{what:np} can't have counters put on them", "counters can't be put on {what:np}",
         "{c:counter} counters can't be put on {what:np}",
         "{what:np} can't have counters put on it", "{what:np} can't have {c:counter} "
         "counters put on it")
def _no_counters(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Creatures you control can't have -1/-1 counters put on them." (Melira), "Counters
    can't be put on artifacts, creatures, enchantments, or lands." (Solemnity), "CARDNAME
    can't have counters put on it." (CR 122.1)."""
    what = b["what"]
    single = text.rstrip(".").endswith(" on it")
    if what.targeted or (not what.count.each and not (single and what.filter.kind in (
            "self", "it"))) or (single and what.count.each):
        return None
    return (Effect.make("cant_get_counters", target=what, counter=b.get("c") or "",
                        text=text),)


@_static("control", "you control enchanted creature|permanent|land|artifact|planeswalker")
def _control(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    target = parse_object(text.lower().removeprefix("you control "))
    if target is None:
        return None
    return (Effect.make("gain_control", target=target, text=text),)


@_static("characteristic", "SELF 's power and toughness are each equal to {q:quantity}",
         "its power and toughness are each equal to {q:quantity}")
def _cda(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    """A characteristic-defining ability (CR 604.3)."""
    words = text[text.find("equal to ") + len("equal to "):]
    amount = Amount(None, f"equal to {words}", quantity=b["q"])
    return (Effect.make("define_pt", target=parse_object(SELF), power=amount,
                        toughness=amount, text=text),)


@_static("characteristic", "SELF 's power is equal to {q:quantity}",
         "SELF 's toughness is equal to {q:quantity}")
def _cda_one(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    words = text[text.find("equal to ") + len("equal to "):]
    amount = Amount(None, f"equal to {words}", quantity=b["q"])
    if "'s power" in text:
        return (Effect.make("define_pt", target=parse_object(SELF), power=amount,
                            text=text),)
    return (Effect.make("define_pt", target=parse_object(SELF), toughness=amount,
                        text=text),)


@_static("characteristic", "SELF 's power is equal to {q:quantity} and its toughness is equal "
         "to that number plus {n:number}", "SELF 's power is equal to {q:quantity} and its "
         "toughness is equal to {r:quantity}")
def _cda_both(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Tarmogoyf's power is equal to the number of card types among cards in all graveyards
    and its toughness is equal to that number plus 1." (CR 604.3)."""
    import dataclasses

    from analyzer.oracle.lexer import tokenize, untokenize

    tokens = tokenize(text.rstrip("."))
    cut = next(k for k in range(len(tokens)) if tokens[k].low == "and")
    words = untokenize(tokens[6:cut])            # "SELF 's power is equal to": 6 tokens
    power = Amount(None, f"equal to {words}", quantity=b["q"])
    if b.get("n") is not None:
        toughness = Amount(None, f"equal to {words} plus {b['n']}",
                           quantity=dataclasses.replace(b["q"], offset=b["q"].offset + b["n"]))
    else:
        rest = text[text.rfind("equal to ") + len("equal to "):].rstrip(".")
        toughness = Amount(None, f"equal to {rest}", quantity=b["r"])
    return (Effect.make("define_pt", target=parse_object(SELF), power=power,
                        toughness=toughness, text=text),)


@_static("type_change", "{target:np} is|are a|an {what:words} in addition to its|their "
         "other types", "{target:np} is|are a|an {what:words} in addition to its|their other "
         "land|creature types", "{target:np} is|are {what:words} in addition to its|their "
         "other types")
def _add_types(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    what = b["what"]
    from analyzer.oracle.noun_words import names_a_subtype

    words = [w for w in what.replace(",", " ").split() if w not in ("and", "or")]
    kinds = {"artifact", "creature", "enchantment", "land", "legendary", "snow"}
    if not words or not all(names_a_subtype(w) or w.lower() in kinds for w in words):
        return None
    return (Effect.make("add_types", target=b["target"], what=what, text=text),)


@_static("type_change", "SELF is every creature type", "SELF is also every creature type")
def _every_type(b: dict[str, Any], text: str) -> tuple[Effect, ...]:
    return (Effect.make("add_types", target=parse_object(SELF), what="every creature type",
                        text=text),)


@_static("vanguard", "hand {h:words} , life {l:words}")
def _vanguard(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    def signed(word: str) -> int | None:
        word = word.replace("−", "-")
        return int(word) if word.lstrip("+-").isdigit() else None
    hand, life = signed(b["h"]), signed(b["l"])
    if hand is None or life is None:
        return None
    return (Effect.make("vanguard", hand=hand, life=life, text=text),)


_COST_WORDS = ("cost|costs {n:mana} more|less to cast",)


@_static("cost_change", "{spells:np} cost|costs {n:mana} more|less to cast",
         "{spells:np} cost|costs {n:mana} more|less to cast for each {per:counted}",
         "{spells:np} cost|costs {n:mana} more|less to cast for each {perq:words}",
         "{spells:np} cost|costs {n:mana} less to cast if {cond:words}",
         "{spells:np} cost|costs {n:mana} more to cast if {cond:words}",
         "{spells:np} cost|costs {n:mana} more|less to cast for each target beyond the first",
         "{spells:np} cost|costs {n:mana} less to cast , where X is {x:quantity}",
         "{spells:np} cost|costs {n:mana} more|less to cast unless {cond:words}")
def _cost_change(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """Spells that cost more or less (CR 601.2f): typed spells, amount, direction, what it
    is counted per and the condition."""
    spells = b["spells"]
    if spells.filter.kind not in ("spell", "self", "ability") and not spells.filter.any_of:
        return None
    per: Any = None
    if b.get("perq") is not None:
        from analyzer.oracle.grammar.counted import counted_quantity
        from analyzer.oracle.lexer import tokenize

        words = tokenize(b["perq"])
        counted = counted_quantity(words, 0, len(words))
        if counted is None:
            return None
        per = Amount(None, f"for each {b['perq']}", quantity=counted)
    elif b.get("per") is not None:
        from analyzer.oracle.objects import Quantity

        per = Amount(None, f"for each {b['per'].text}", quantity=Quantity("count", b["per"]))
    elif "beyond the first" in text:
        from analyzer.oracle.objects import Quantity

        beyond = ObjectRef(ObjectFilter(kind="any"), text="target beyond the first")
        per = Amount(None, "for each target beyond the first",
                     quantity=Quantity("count", beyond, offset=-1))
    more = " more " in f" {text} "
    effect = Effect.make("modify_cost", target=spells, amount=b["n"],
                         more="more" if more else "less", per=per, text=text)
    if b.get("cond") is not None:
        from analyzer.oracle.grammar.conditions import read_condition

        lead = "unless" if " unless " in text else "if"
        condition = read_condition(f"{lead} {b['cond']}")
        if condition is None:
            return None
        effect = Effect(effect.name, effect.args, False, condition.text, text)
    if b.get("x") is not None:
        where = text[text.find("where X is ") + len("where X is "):].rstrip(".")
        effect = Effect(effect.name, tuple((k, Amount(None, "X", where, b["x"])
                                            if k == "amount" else v)
                                           for k, v in effect.args), False,
                        effect.condition, text)
    return (effect,)


_ORDINALS = {"first": 1, "second": 2}


@_static("cost_change", "the first|second {what:words} you cast each turn costs {n:mana} "
         "more|less to cast", "the first|second {what:words} you cast each turn costs "
         "{n:mana} more|less to cast for each {per:counted}", "the first|second {what:words} "
         "each opponent casts each turn costs {n:mana} more|less to cast")
def _nth_spell_cost(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"The first creature spell you cast each turn costs {2} less to cast." (Conduit of
    Ruin), "The second spell you cast each turn costs {1} less to cast." (CR 601.2f): the
    change applies to that one spell of each turn, its ``ordinal``."""
    what = b["what"]
    if not what.lower().endswith("spell"):
        return None
    low = text.lower()
    caster = "your opponents cast" if " each opponent casts " in f" {low} " else "you cast"
    spells = parse_object(f"{what}s {caster}")
    if spells is None or spells.filter.kind != "spell" or spells.targeted:
        return None
    found = _cost_change({**b, "spells": spells}, text)
    if found is None or len(found) != 1:
        return None
    ordinal = f"the {low.split()[1]} each turn" if caster == "you cast" \
        else f"each opponent's {low.split()[1]} each turn"
    effect = found[0]
    return (Effect(effect.name, (*effect.args, ("ordinal", ordinal)),
                   effect.optional, effect.condition, effect.text),)


@_static("cost_change", "{what:np} 's activated abilities cost {n:mana} less to activate",
         "activated abilities of {what:np} cost {n:mana} less to activate",
         "{kw:words} abilities you activate cost {n:mana} less to activate",
         "{kw:words} abilities you activate cost {n:mana} more to activate",
         "activated abilities of {what:np} cost {n:mana} more to activate")
def _activation_cost(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """"Enchanted artifact's activated abilities cost {2} less to activate." (Power
    Artifact), "Ninjutsu abilities you activate cost {1} less to activate." (Silver-Fur
    Master; CR 601.2f as applied to activation, 602.2b)."""
    if b.get("kw") is not None:
        from analyzer.oracle.keywords import is_activated_keyword, keyword_spec

        word = b["kw"].lower()
        if " more " in text or keyword_spec(word) is None or not is_activated_keyword(word):
            return None
        return (Effect.make("reduce_keyword_cost", keyword=word, amount=b["n"], text=text),)
    if " more " in text:
        return (Effect.make("modify_cost", target=b["what"], amount=b["n"], more="more",
                            text=text),)
    return (Effect.make("reduce_cost", target=b["what"], amount=b["n"], minimum=Amount(0),
                        text=text),)


@_static("additional_cost", "as an additional cost to cast SELF , {cost:words}",
         "as an additional cost to cast SELF , you may {cost:words}")
def _additional(b: dict[str, Any], text: str) -> tuple[Effect, ...] | None:
    """An additional cost (CR 601.2b): its parts are read by the cost grammar and kept in
    the static's ``costs``; the builder only checks they all read."""
    from analyzer.oracle.costs import parse_costs

    costs, unread = parse_costs(b["cost"])
    if unread or not costs:
        return None
    b["costs"] = costs
    return ()
