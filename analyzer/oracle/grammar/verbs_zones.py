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

import re

from analyzer.oracle.effects import Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ONE, ObjectRef, Zone
from analyzer.oracle.quantities import owned_object
from analyzer.oracle.syntax import Clause

__all__ = ["names_two_zones", "origin_of"]

_ZONE_WORDS = (("library", Zone.LIBRARY), ("graveyard", Zone.GRAVEYARD), ("hand", Zone.HAND),
               ("exile", Zone.EXILE))


def origin_of(target: ObjectRef) -> Zone | None:
    """Where a moved object is; ``None`` for a pronoun ("that card") whose zone an earlier
    effect gives (:func:`~.sentence.infer_origins`), never a guessed battlefield."""
    if target.filter.kind == "card" and target.filter.zone is Zone.BATTLEFIELD:
        return None  # a card named without its zone: not on the battlefield (CR 108.3)
    if len({f.zone for f in target.filter.any_of}) > 1:
        return None  # "target spell or creature": on the stack or on the battlefield
    if target.filter.kind != "it":
        return target.filter.zone
    return next((z for word, z in _ZONE_WORDS if word in target.text), None)


_TWO_ZONES = re.compile(r"\b(graveyards?|hands?|librar(?:y|ies)|exile)\s*,?\s+(?:and/or|or|and)\s+"
                        r"(?:your |their )?(graveyards?|hands?|librar(?:y|ies)|exile)\b")


def names_two_zones(ref: ObjectRef) -> bool:
    """True for an object named in two zones ("from your graveyard or hand"): one zone
    can't say where it is, so the reading is refused rather than guessed."""
    return _TWO_ZONES.search(ref.text.lower()) is not None


def _move(c: Clause, destination: Zone, *, tapped: bool = False, position: str | None = None,
          attacking: bool = False, transformed: bool = False) -> Effect | None:
    target = c.slot("target")
    if target is None or target.filter.kind in ("player", "opponent") \
            or names_two_zones(target):
        return None
    owned = owned_object(c.subject)
    if owned is not None:
        # "The owner of target permanent shuffles it into their library": "it" is that
        # object, which its owner moves (and chooses where, "on their choice of the top
        # or bottom of their library"); it goes to its owner's zone (CR 400.3)
        if target.text.lower() != "it" or transformed:
            return None
        target = owned
    origin = origin_of(target)
    if target.filter.kind == "self" and destination is Zone.BATTLEFIELD \
            and origin is Zone.BATTLEFIELD:
        origin = None  # "return CARDNAME to the battlefield": it is somewhere else now
    effect = Effect.make("change_zone", target=target, origin=origin,
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


@frame("exile", "{who:player?} exile|exiles {target:np}")
def _exile(c: Clause) -> Effect | None:
    return _move(c, Zone.EXILE)


@frame("return", "{who:player?} return|returns {target:np} to {dest:zone}")
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


@frame("put", "{who:player?} put|puts {target:np} onto the battlefield",
       "{who:player?} put|puts {target:np} onto the battlefield tapped",
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
def _shuffle_into(c: Clause) -> tuple[Effect, ...] | None:
    """"shuffle CARDNAME into its owner's library" (CR 701.24): the object goes to the
    library, which is then shuffled."""
    if c.slot("dest") is not Zone.LIBRARY:
        return None
    moved = _move(c, Zone.LIBRARY)
    if moved is None:
        return None
    who = c.subject if c.subject is not None and c.subject.text.lower() != "you" else None
    words = c.frame_text.lower()
    target = c.slot("target")
    if who is None and " owner" in words.rsplit(" into ", 1)[-1] \
            and target.filter.kind not in ("self",) and target.filter.owner.name != "YOU":
        # "Shuffle target creature into its owner's library": the owner shuffles.
        from analyzer.oracle.quantities import player_phrase

        who = player_phrase(tokenize("its owner"), 0, 2)
        if who is None:
            return moved,
    return moved, Effect.make("shuffle", player=who, text=c.text)


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


@frame("attach", "attach {what:np} to {target:np}")
def _attach(c: Clause) -> Effect | None:
    """"Attach it to target creature you control", "attach CARDNAME to ..." (CR 701.3a):
    ``what`` is the Aura, Equipment or Fortification attached (the card itself or the
    object named before)."""
    what = c.slot("what")
    if what is None or what.filter.kind not in ("self", "it") or what.count != ONE:
        return None
    return Effect.make("attach", what=what, target=c.slot("target"), text=c.text)


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


@frame("put", "put {target:np} on the bottom", "put {target:np} on the bottom in any order")
def _put_on_bottom(c: Clause) -> Effect | None:
    """"Put the rest on the bottom in a random order": the cards looked at go to the bottom
    of the library they came from."""
    target = c.slot("target")
    if target is None or target.filter.kind != "it":
        return None
    return Effect.make("change_zone", target=target, origin=None, destination=Zone.LIBRARY,
                       position="on the bottom of", text=c.text)


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


# -- how a permanent enters ----------------------------------------------------------------

_CONTROLS = {("under", "your", "control"): "you", ("under", "its", "owner's", "control"): "owner",
             ("under", "their", "owner's", "control"): "owner",
             ("under", "their", "owners'", "control"): "owner",
             ("under", "her", "owner's", "control"): "owner",
             ("under", "his", "owner's", "control"): "owner",
             ("under", "that", "player's", "control"): "that player"}
_FLAGS = {("tapped",): "tapped", ("transformed",): "transformed", ("attacking",): "attacking",
          ("face", "down"): "face_down"}


def _entry(tokens: tuple[Token, ...]) -> dict[str, object] | None:
    """How a permanent is put onto the battlefield, after "to/onto the battlefield":
    "tapped and transformed", "under its owner's control with a +1/+1 counter on it",
    "attached to target creature", "with a finality counter on it" (CR 110.2, 614.1c), or
    ``None`` when a part is not one of those."""
    from analyzer.oracle.grammar.frames import _merged_words

    words = list(_merged_words(tokens, 0, len(tokens)))
    # _merged_words joins possessives: map word positions back to token positions.
    starts: list[int] = []
    for k, t in enumerate(tokens):
        if t.kind != "POSS":
            starts.append(k)
    found: dict[str, object] = {}
    at = 0
    while at < len(words):
        if words[at] == "and" and at > 0:
            at += 1
            continue
        step = _entry_item(tokens, words, starts, at, found)
        if step is None:
            return None
        at = step
    return found or None


def _entry_item(tokens: tuple[Token, ...], words: list[str], starts: list[int], at: int,
                found: dict[str, object]) -> int | None:
    for table, key in ((_FLAGS, None), (_CONTROLS, "controller")):
        for phrase, value in table.items():
            if tuple(words[at:at + len(phrase)]) == phrase:
                name = key or value
                if name in found:
                    return None
                found[name] = value if key else True
                return at + len(phrase)
    if words[at:at + 2] == ["attached", "to"] and "attached_to" not in found:
        for end in range(len(words), at + 2, -1):
            if end < len(words) and words[end] not in ("and", "with", "under", "tapped"):
                continue
            first = starts[at + 2]
            last = starts[end] if end < len(starts) else len(tokens)
            ref = noun_phrase(tokens, first, last)
            if ref is not None:
                found["attached_to"] = ref
                return end
        return None
    if words[:at + 1][-1:] == ["with"] and "enters_with" not in found:
        for end in range(len(words), at + 1, -1):
            if words[end - 2:end] not in (["on", "it"], ["on", "them"], ["on", "her"],
                                          ["on", "him"]):
                continue
            counters = _counters(tokens, starts[at + 1], starts[end - 2])
            if counters is not None:
                found["enters_with"] = counters
                return end
        return None
    return None


def _counters(tokens: tuple[Token, ...], i: int, j: int) -> tuple[Effect, ...] | None:
    """"a finality counter", "two +1/+1 counters", "X additional +1/+1 counters", "a +1/+1
    counter and a flying counter": the counters a permanent enters with (CR 122.6)."""
    from analyzer.oracle.grammar.frames import parse_amount_tokens

    parts: list[tuple[int, int]] = []
    start = i
    for k in range(i, j):
        if tokens[k].low == "and" or tokens[k].kind == ",":
            parts.append((start, k))
            start = k + 1
    parts.append((start, j))
    it = noun_phrase(tokenize("it"), 0, 1)
    found: list[Effect] = []
    for a, b in parts:
        if a < b and tokens[a].low == "and":
            a += 1
        if b - a < 3 or tokens[b - 1].low not in ("counter", "counters"):
            return None
        amount = parse_amount_tokens(tokens, a, a + 1)
        at = a + 1
        if tokens[at].low == "additional":
            at += 1
        if amount is None or b - at != 2:
            return None
        kind = tokens[at].text if tokens[at].kind == "PT" else tokens[at].low
        if not kind or kind in ("counter", "counters"):
            return None
        found.append(Effect.make("put_counters", counter=kind, amount=amount, target=it,
                                 text=untokenize(tokens[a:b])))
    return tuple(found)


@frame("return", "return {target:np} to the battlefield {how:words}",
       "{who:player?} put|puts {target:np} onto the battlefield {how:words}")
def _enters(c: Clause) -> Effect | None:
    """"return it to the battlefield transformed under its owner's control", "return target
    creature card from your graveyard to the battlefield with a finality counter on it",
    "put an Aura card from your hand onto the battlefield attached to CARDNAME": a zone
    change to the battlefield with how the permanent enters (``tapped``, ``attacking``,
    ``controller``, ``face_down``, ``transformed``, ``attached_to``, ``enters_with``)."""
    tokens = tokenize(c.slot("how"))
    how = _entry(tokens)
    if how is None:
        return None
    effect = _move(c, Zone.BATTLEFIELD, tapped=how.get("tapped") is True,
                   attacking=how.get("attacking") is True)
    if effect is None:
        return None
    extra = [(k, v) for k, v in how.items() if k in ("controller", "face_down", "transformed",
                                                     "attached_to", "enters_with")]
    return Effect(effect.name, (*effect.args, *extra), effect.optional,  # type: ignore[arg-type]
                  effect.condition, effect.text)
