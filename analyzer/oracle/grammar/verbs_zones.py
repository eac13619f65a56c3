"""Verbs that move or remove objects: destroy, exile, return, put, shuffle into, sacrifice,
counter, regenerate, attach, phase out, transform (CR 400.7, 701).

A zone change keeps where the object comes from when its words say it ("target creature
card from your graveyard"); a pronoun ("that card") gets its zone from the effect before it
(:func:`~.sentence.infer_origins`).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("Return target creature card from your graveyard to your hand.")
>>> e.name, e.arg("origin").name, e.arg("destination").name
('change_zone', 'GRAVEYARD', 'HAND')
"""

from __future__ import annotations

from analyzer.oracle.effects import Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef, Zone
from analyzer.oracle.syntax import Clause

__all__ = ["origin_of"]

_ZONE_WORDS = (("library", Zone.LIBRARY), ("graveyard", Zone.GRAVEYARD), ("hand", Zone.HAND),
               ("exile", Zone.EXILE))


def origin_of(target: ObjectRef) -> Zone | None:
    """Where a moved object is; ``None`` for a pronoun ("that card") whose zone an earlier
    effect gives (:func:`~.sentence.infer_origins`), never a guessed battlefield."""
    if target.filter.kind == "card" and target.filter.zone is Zone.BATTLEFIELD:
        return None  # a card named without its zone: not on the battlefield (CR 108.3)
    if target.filter.kind != "it":
        return target.filter.zone
    return next((z for word, z in _ZONE_WORDS if word in target.text), None)


def _move(c: Clause, destination: Zone, *, tapped: bool = False, position: str | None = None,
          attacking: bool = False, transformed: bool = False) -> Effect | None:
    target = c.slot("target")
    if target is None or target.filter.kind in ("player", "opponent"):
        return None
    effect = Effect.make("change_zone", target=target, origin=origin_of(target),
                         destination=destination, tapped=tapped, position=position,
                         text=c.text)
    if c.subject is not None and c.subject.filter.kind in ("player", "opponent") \
            and c.subject.text.lower() != "you":
        # "Target opponent puts a card from their hand on top of their library": that
        # player chooses and moves it.
        effect = Effect(effect.name, (*effect.args, ("player", c.subject)), effect.optional,
                        effect.condition, effect.text)
    if attacking:
        effect = Effect(effect.name, (*effect.args, ("attacking", True)), effect.optional,
                        effect.condition, effect.text)
    if transformed:
        effect = Effect(effect.name, (*effect.args, ("transformed", True)), effect.optional,
                        effect.condition, effect.text)
    return effect


@frame("destroy", "destroy {target:np}")
def _destroy(c: Clause) -> Effect | None:
    target = c.slot("target")
    if target.filter.kind in ("player", "opponent", "card", "spell"):
        return None
    return Effect.make("destroy", target=target, text=c.text)


@frame("cant_regenerate", "it|they can't be regenerated")
def _no_regenerate(c: Clause) -> Effect:
    return Effect.make("restrict", restriction="can't be regenerated", text=c.text)


@frame("exile", "exile {target:np}")
def _exile(c: Clause) -> Effect | None:
    return _move(c, Zone.EXILE)


@frame("return", "return {target:np} to {dest:zone}")
def _return(c: Clause) -> Effect | None:
    return _move(c, c.slot("dest"))


@frame("return", "return {target:np} to the battlefield tapped",
       "return {target:np} to the battlefield",
       "return {target:np} to the battlefield tapped and attacking")
def _return_battlefield(c: Clause) -> Effect | None:
    words = c.frame_text.split("battlefield", 1)[-1]
    return _move(c, Zone.BATTLEFIELD, tapped="tapped" in words, attacking="attacking" in words)


@frame("return", "return {target:np} to the battlefield transformed",
       "return {target:np} to the battlefield tapped and transformed",
       "put {target:np} onto the battlefield transformed",
       "put {target:np} onto the battlefield tapped and transformed")
def _return_transformed(c: Clause) -> Effect | None:
    """"Exile CARDNAME, then return it to the battlefield transformed under its owner's
    control": a transforming double-faced card put onto the battlefield with its back face
    up (CR 712.14, 701.28); the move keeps ``transformed``."""
    target = c.slot("target")
    if target is None or target.filter.kind not in ("self", "it"):
        return None
    effect = _move(c, Zone.BATTLEFIELD, tapped="tapped and" in c.frame_text, transformed=True)
    if effect is not None and effect.arg("origin") is Zone.BATTLEFIELD:
        # "When enchanted creature dies, return CARDNAME to the battlefield transformed":
        # not from the battlefield it is put onto; where it is comes from the effect before
        # or stays unknown
        effect = Effect(effect.name, tuple((k, None if k == "origin" else v)
                                           for k, v in effect.args), effect.optional,
                        effect.condition, effect.text)
    return effect


@frame("put", "put {target:np} onto the battlefield",
       "put {target:np} onto the battlefield tapped",
       "put {target:np} onto the battlefield tapped and attacking",
       "put {target:np} onto the battlefield attacking")
def _put_battlefield(c: Clause) -> Effect | None:
    words = c.frame_text.split("battlefield", 1)[-1]
    return _move(c, Zone.BATTLEFIELD, tapped="tapped" in words, attacking="attacking" in words)


@frame("put", "{who:player?} put|puts {target:np} into {dest:zone}")
def _put_into(c: Clause) -> Effect | None:
    if c.slot("dest") not in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE):
        return None
    return _move(c, c.slot("dest"))


@frame("put", "{who:player?} put|puts {target:np} on top of {dest:zone}",
       "{who:player?} put|puts {target:np} on the bottom of {dest:zone}",
       "{who:player?} put|puts {target:np} on their|its_owner's choice of the top or bottom "
       "of {dest:zone}", "{who:player?} put|puts {target:np} on the top or bottom of "
       "{dest:zone}")
def _put_library(c: Clause) -> Effect | None:
    """"put it on top of its owner's library", "... on the bottom of ...", "Target
    creature's owner puts it on their choice of the top or bottom of their library"
    (CR 401.4: the owner chooses)."""
    if c.slot("dest") is not Zone.LIBRARY:
        return None
    words = c.frame_text.lower()
    position = "on top or bottom of" if " top or bottom " in words else \
        "on top of" if " on top of " in words else "on the bottom of"
    return _move(c, Zone.LIBRARY, position=position)


@frame("put", "put {target:np} into {dest:zone} second from the top",
       "put {target:np} into {dest:zone} third from the top")
def _put_second(c: Clause) -> Effect | None:
    if c.slot("dest") is not Zone.LIBRARY:
        return None
    position = "second from the top" if "second" in c.frame_text else "third from the top"
    return _move(c, Zone.LIBRARY, position=position)


@frame("shuffle_into", "shuffle {target:np} into {dest:zone}",
       "{who:player} shuffles {target:np} into {dest:zone}")
def _shuffle_into(c: Clause) -> Effect | None:
    if c.slot("dest") is not Zone.LIBRARY:
        return None
    return _move(c, Zone.LIBRARY)


@frame("hand_and_rest", "put {target:np} into your hand and the rest on the bottom of your "
       "library", "put {target:np} into your hand and the rest into your graveyard")
def _hand_and_rest(c: Clause) -> tuple[Effect, ...] | None:
    from analyzer.oracle.objects import parse_object

    rest = parse_object("the rest")
    chosen = c.slot("target")
    if rest is None:
        return None
    graveyard = c.frame_text.endswith("graveyard")
    return (Effect.make("change_zone", target=chosen, origin=Zone.LIBRARY,
                        destination=Zone.HAND, text=c.text),
            Effect.make("change_zone", target=rest, origin=Zone.LIBRARY,
                        destination=Zone.GRAVEYARD if graveyard else Zone.LIBRARY,
                        position=None if graveyard else "on the bottom of", text=c.text))


@frame("sacrifice", "{who:player?} sacrifice|sacrifices {what:np}")
def _sacrifice(c: Clause) -> Effect | None:
    what = c.slot("what")
    if what.filter.kind in ("player", "opponent", "card", "spell"):
        return None
    who = c.subject if c.subject is not None and c.subject.text.lower() != "you" else None
    return Effect.make("sacrifice", player=who, filter=what, text=c.text)


@frame("counter", "counter {target:np}")
def _counter(c: Clause) -> Effect | None:
    target = c.slot("target")
    if target.filter.kind not in ("spell", "it", "ability", "any") \
            and not (target.filter.kind == "permanent" and target.targeted):
        return None
    if target.filter.kind == "permanent":
        return None
    return Effect.make("counter", target=target, unless="", text=c.text)


@frame("counter", "counter {target:np} unless its controller pays {cost:cost}",
       "counter {target:np} unless that player pays {cost:cost}")
def _counter_unless(c: Clause) -> Effect | None:
    target = c.slot("target")
    if target.filter.kind not in ("spell", "it", "ability"):
        return None
    words = c.frame_text[c.frame_text.find(" unless ") :]
    return Effect.make("counter", target=target, unless=words, text=c.text)


@frame("regenerate", "regenerate {target:np}")
def _regenerate(c: Clause) -> Effect:
    return Effect.make("regenerate", target=c.slot("target"), text=c.text)


@frame("attach", "attach SELF|it to {target:np}")
def _attach(c: Clause) -> Effect:
    return Effect.make("attach", target=c.slot("target"), text=c.text)


@frame("phase_out", "{subject:np} phase|phases out")
def _phase_out(c: Clause) -> Effect:
    return Effect.make("phase_out", target=c.subject, text=c.text)


@frame("transform", "transform {target:np}")
def _transform(c: Clause) -> Effect:
    return Effect.make("transform", target=c.slot("target"), text=c.text)


@frame("put", "put {target:np} back", "put {target:np} back on top of {dest:zone}",
       "put {target:np} back on top")
def _put_back(c: Clause) -> Effect | None:
    """"then put them back in any order", "put the rest back on top of your library": the
    cards looked at go back on top of the library they came from (CR 401.4)."""
    target = c.slot("target")
    if target is None or target.filter.kind != "it" or c.slot("dest") not in (None,
                                                                              Zone.LIBRARY):
        return None
    return Effect.make("change_zone", target=target, origin=Zone.LIBRARY,
                       destination=Zone.LIBRARY, position="on top of", text=c.text)


@frame("put", "{subject:np} 's owner puts it on their choice of the top or bottom of their "
       "library", "{subject:np} 's owner puts it on the top or bottom of their library")
def _owner_puts(c: Clause) -> Effect | None:
    """"Target creature's owner puts it on their choice of the top or bottom of their
    library" (Dire Downdraft): the object goes to its owner's library, on the top or the
    bottom as the owner chooses (CR 401.4)."""
    target = c.subject
    if target is None or target.filter.kind in ("player", "opponent", "card"):
        return None
    return Effect.make("change_zone", target=target, origin=origin_of(target),
                       destination=Zone.LIBRARY, position="on top or bottom of",
                       text=c.text)


@frame("put", "put {target:np} on top", "put {target:np} on top of it",
       "put {target:np} on top in any order")
def _put_on_top(c: Clause) -> Effect | None:
    """"then shuffle and put that card on top" (a tutor, CR 701.23): the card found goes
    on top of the library just shuffled."""
    target = c.slot("target")
    if target is None or target.filter.kind != "it":
        return None
    return Effect.make("change_zone", target=target, origin=None, destination=Zone.LIBRARY,
                       position="on top of", text=c.text)
