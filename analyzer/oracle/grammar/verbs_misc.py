"""Verbs of turns, choices, copies and permissions: extra turns and combats, the monarch,
the initiative, choosing, copying, playing cards, adding mana, modes (CR 500, 700-707).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.name for e in parse_effects("Take an extra turn after this one.")]
['extra_turn']
>>> e, = parse_effects("Choose one —")
>>> e.name, e.arg("count")
('choose_mode', 'one')
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Quantity, parse_object
from analyzer.oracle.syntax import Clause
from analyzer.oracle.text import SELF

__all__: list[str] = []


@frame("extra_turn", "take an extra turn after this one",
       "you take an extra turn after this one")
def _extra_turn(c: Clause) -> Effect:
    return Effect.make("extra_turn", text=c.text)


@frame("extra_combat", "after this main? phase , there is an additional combat phase",
       "after this main? phase , there is an additional combat phase followed by an "
       "additional main phase")
def _extra_combat(c: Clause) -> Effect:
    return Effect.make("extra_combat", text=c.text)


@frame("become_the_monarch", "you? become the monarch")
def _monarch(c: Clause) -> Effect:
    return Effect.make("become_the_monarch", text=c.text)


@frame("take_the_initiative", "you? take the initiative")
def _initiative(c: Clause) -> Effect:
    return Effect.make("take_the_initiative", text=c.text)


@frame("venture", "venture into the dungeon")
def _venture(c: Clause) -> Effect:
    return Effect.make("venture_into_the_dungeon", text=c.text)


@frame("ring", "the ring tempts you")
def _ring(c: Clause) -> Effect:
    return Effect.make("ring_tempts_you", text=c.text)


@frame("emblem", "you? get an emblem with {q:quote}",
       "you? get an emblem with {q:quote} and {r:quote}",
       "{who:player} gets an emblem with {q:quote}",
       "{who:player} gets an emblem with {q:quote} and {r:quote}")
def _emblem(c: Clause) -> Effect | None:
    """An emblem (CR 114.1), for you or the player named ("Target opponent gets an emblem
    with ..."): each quoted ability must be readable too; two are kept joined by
    ``'" and "'``, as printed."""
    from analyzer.oracle.grammar.quoted import quoted_ability_read

    quoted = [q for q in (c.slot("q"), c.slot("r")) if q]
    if not all(quoted_ability_read(q) for q in quoted):
        return None
    who = c.subject
    if who is not None and who.filter.kind not in ("player", "opponent"):
        return None
    return Effect.make("create_emblem", ability='" and "'.join(quoted), player=who,
                       text=c.text)


_CHOICES = ("a color", "a creature type", "a card type", "a card name", "a number",
            "odd or even", "a basic land type", "a nonbasic land type", "a land type",
            "an opponent", "a player", "two colors", "a color other than white",
            "a nonland card name", "a creature card name", "a mode", "a direction",
            "left or right", "a card type other than creature", "a permanent type")


@frame("choose", "you? choose {what:words}")
def _choose(c: Clause) -> Effect | None:
    what = c.slot("what")
    low = what.lower()
    if low in _CHOICES or low in ("one of them", "two of them", "three of them",
                                  "a of them", "one of those cards", "an artifact, a "
                                  "creature, an enchantment, or a land"):
        return Effect.make("choose", what=what, text=c.text)
    if low.startswith(("a nonland card from it", "a card from it", "a nonland card from "
                       "among them", "a card from among them")):
        return Effect.make("choose", what=what, text=c.text)
    return None


_THAT_SPELL = ObjectRef(ObjectFilter(kind="it"), text="that spell")


@frame("change_targets", "change the target of {target:np}",
       "choose new targets for {target:np}", "change the targets of {target:np}")
def _change_targets(c: Clause) -> Effect | None:
    """"Change the target of target spell with a single target." (CR 115.7a), "You may
    choose new targets for target spell." (CR 115.7d): the spell or ability whose target
    changes."""
    target = c.slot("target")
    if target is None or not target.targeted or not ({"spell", "ability"} & {
            f.kind for f in (target.filter.any_of or (target.filter,))}):
        return None
    how = "new targets" if "new targets" in c.frame_text.lower() else "change"
    if c.frame_text.lower().startswith("change the target of") and not any(
            "single target" in f.states for f in (target.filter.any_of or (target.filter,))) \
            and "single target" not in target.filter.states:
        return None     # "the target" of a spell with more than one: not said which
    return Effect.make("change_targets", target=target, how=how, text=c.text)


@frame("choose", "choose {target:np}")
def _choose_target(c: Clause) -> Effect | None:
    target = c.slot("target")
    if not target.targeted:
        return None
    return Effect.make("choose", what=target.text, target=target, text=c.text)


@frame("spend_as_any", "spend mana as though it were mana of any type|color to cast "
       "that spell|it|them")
def _spend_as_any(c: Clause) -> Effect:
    """"You may spend mana as though it were mana of any type to cast that spell." (Dire
    Fleet Daredevil, CR 609.4b): a permission for the spell named before."""
    what = "type" if " any type " in c.frame_text else "color"
    return Effect.make("spend_as_any", target=_THAT_SPELL, what=what, text=c.text)


@frame("choose_mode", "choose one|two|three —", "choose one or both —",
       "choose one or more —", "choose any number —", "choose up to one|two|three —",
       "choose one|two|three", "choose one or both", "choose one or more",
       "choose one . you may choose the same mode more than once —",
       "choose one that hasn't been chosen —", "choose one at random —",
       "choose two . you may choose the same mode more than once —",
       "choose three . you may choose the same mode more than once —",
       "choose up to four|five —", "choose four|five —")
def _choose_mode(c: Clause) -> Effect:
    """Modes (CR 700.2); the bullets are filled in by the line reader."""
    words = c.frame_text.removeprefix("choose ").removeprefix("Choose ").rstrip(" —")
    return Effect.make("choose_mode", count=words, modes=(), text=c.text)


@frame("repeat", "repeat this process")
def _repeat(c: Clause) -> Effect:
    return Effect.make("note", what="repeat this process", text=c.text)


@frame("may_play", "play|cast {target:np}",
       "play|cast {target:np} without paying its|their|that_card's|that_spell's mana cost",
       "play|cast {target:np} without paying their mana costs")
def _may_play(c: Clause) -> Effect | None:
    target = c.slot("target")
    if target.filter.kind in ("player", "opponent"):
        return None
    if target.filter.kind == "self" and "without paying" in c.frame_text:
        # "If you control a commander, you may cast this spell without paying its mana
        # cost": a permission to cast the card itself (an alternative cost, CR 118.9), a
        # static ability, never an effect of the spell
        return None
    cast = c.frame_text.lower().split()[0] == "cast"
    return Effect.make("may_play", target=target, free="without paying" in c.frame_text,
                       cast=cast, duration=Duration.PERMANENT, text=c.text)


@frame("copy", "copy {target:np}")
def _copy(c: Clause) -> Effect | None:
    target = c.slot("target")
    if target.filter.kind not in ("spell", "ability", "it"):
        return None
    if target.filter.kind == "it" and not target.targeted \
            and target.text.lower() not in ("that ability", "it", "that spell", "the spell"):
        return None
    return Effect.make("copy", target=target, text=c.text)


@frame("choose_new_targets", "choose new targets for the copy",
       "choose new targets for the copies", "choose a new target for the copy",
       "choose new targets for it")
def _new_targets(c: Clause) -> Effect:
    return Effect.make("choose_new_targets", text=c.text)


@frame("gain_level", "level {n:number}")
def _level(c: Clause) -> Effect:
    return Effect.make("gain_level", amount=Amount(c.slot("n")), text=c.text)


@frame("solve", "SELF becomes solved")
def _solve(c: Clause) -> Effect:
    """A Case becomes solved (CR 719.3): what its "to solve" ability does."""
    return Effect.make("solve", target=c.subject or parse_object(SELF), text=c.text)


@frame("enters_as", "{subject:np} enter|enters tapped", "{subject:np} enter|enters tapped "
       "and attacking", "{subject:np} enter|enters tapped and attacking that player")
def _enters_as(c: Clause) -> Effect | None:
    if c.subject is None:
        return None
    what = c.frame_text[c.frame_text.lower().find("tapped"):]
    return Effect.make("enters_as", target=c.subject, what=what, text=c.text)


@frame("skip", "you? skip your next turn|untap|draw|combat", "you? skip your next untap step",
       "you? skip your next draw step", "you? skip your next combat phase")
def _skip(c: Clause) -> Effect | None:
    words = c.frame_text.split("your next ", 1)[-1]
    if words not in ("turn", "untap step", "draw step", "combat phase"):
        return None
    # "You skip your next turn": only the next one (CR 500.11), not every turn
    return Effect.make("skip", what=f"your next {words}", text=c.text)


@frame("add_mana", "add {what:words}", "{who:player} adds {what:words}",
       "{who:player} adds an additional {what:words}", "add an additional {what:words}")
def _add_mana(c: Clause) -> Effect | None:
    from analyzer.oracle.mana_abilities import parse_added_mana

    if c.subject is not None and c.subject.text.lower() not in ("its controller",
                                                                "that player"):
        return None
    added = parse_added_mana(c.slot("what"))
    if added is None:
        return None
    produces, amount, note = added
    mana = None if not isinstance(produces, tuple) else " or ".join(str(p) for p in produces)
    choice = produces.phrase if not isinstance(produces, tuple) else ""
    counted = None
    if amount is None:
        counted = _mana_quantity(note)
        if counted is None:
            return None
    player = c.subject if c.subject is not None else None
    return Effect.make("add_mana", mana=mana or "", choice=choice,
                       amount=Amount(None, note, quantity=counted) if amount is None else
                       Amount(amount) if amount != 1 else None, player=player, text=c.text)


def _mana_quantity(note: str) -> Quantity | None:
    """The typed count of a varying amount of mana: "X", "for each Elf on the battlefield",
    "equal to the number of ..."."""
    from analyzer.oracle.grammar.counted import counted_phrase, counted_quantity
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.quantities import quantity

    if note == "X":
        return Quantity("x")
    if note.startswith("for each "):
        from analyzer.oracle.grammar.counted import counted_quantity

        tokens = tokenize(note[len("for each "):])
        what = counted_phrase(tokens, 0, len(tokens))
        if what is None:        # "for each charge counter on CARDNAME" (Astral Cornucopia)
            return counted_quantity(tokens, 0, len(tokens))
        return Quantity("count", what)
    if note.startswith("equal to "):
        tokens = tokenize(note[len("equal to "):])
        return quantity(tokens, 0, len(tokens))
    return None
