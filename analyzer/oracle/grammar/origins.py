"""Where the cards an effect talks about are, read across a sentence's clauses: a library
search and the clauses after it that say what happens to the card found, as one
``search_library`` effect (:func:`fuse_search`, CR 701.23), and the zone each "it", "them"
or "the rest" refers to (:func:`infer_origins`, CR 608.2c: the text's earlier instructions
say which object a later one means).
"""

from __future__ import annotations

import dataclasses

from analyzer.oracle.effects import Effect
from analyzer.oracle.objects import ONE, ObjectRef, Zone

__all__ = ["fuse_search", "infer_origins"]

Effects = tuple[Effect, ...]


def _is_it(value: object) -> bool:
    """The card or cards found, every one of them ("it", "them", "that card"), not a part
    of them ("one", "one of them")."""
    return isinstance(value, ObjectRef) and value.filter.kind == "it" \
        and value.text.lower() in _ALL_FOUND


_ENTRY_ARGS = ("attached_to", "enters_with", "transformed", "face_down", "controller",
               "attacking")
"""How a card found enters, which a search's own arguments can't say: the move is kept."""

_ALL_FOUND = frozenset({"it", "them", "that card", "those cards", "the card", "these cards",
                        "the cards", "that permanent", "those permanents"})


def fuse_search(effects: Effects) -> Effects:
    """A library search and the clauses after it that say what happens to the card found
    ("reveal it", "put it into your hand", "then shuffle") as one ``search_library``
    effect with its ``destination``, ``tapped`` and ``reveal`` (CR 701.23).

    >>> from analyzer.oracle.grammar import parse_effects
    >>> e, = parse_effects("Search your library for a basic land card, reveal it, put it "
    ...                    "into your hand, then shuffle.")
    >>> e.name, e.arg("destination").name, e.arg("reveal")
    ('search_library', 'HAND', True)
    """
    found: list[Effect] = []
    i = 0
    while i < len(effects):
        effect = effects[i]
        if effect.name == "search_library" and effect.arg("destination") is not None:
            found.append(effect)
            i += 1
            if i + 1 < len(effects) and effects[i].name == "attach" \
                    and _is_it(effects[i].arg("what")) and effects[i + 1].name == "shuffle":
                # "... put it onto the battlefield. Attach it to a creature you control. Then
                # shuffle." (Stonehewer Giant): the attach, then the search's own shuffle
                found.append(effects[i])
                i += 1
            if i < len(effects) and effects[i].name == "shuffle" and not effects[i].optional \
                    and effects[i].condition in ("", "if you do", effect.condition) \
                    and effects[i].arg("player") in (None, effect.arg("player")):
                # "... into your graveyard. Then shuffle your library." / "If you do,
                # shuffle your library.": the search's own shuffle (CR 701.23), not a second
                at = len(found) - 1 if found[-1] is effect else len(found) - 2
                found[at] = _shuffled(found[at])
                i += 1
            continue
        if effect.name != "search_library":
            found.append(effect)
            i += 1
            continue
        args = dict(effect.args)
        k = i + 1
        if k < len(effects) and effects[k].name == "reveal" and _is_it(effects[k].arg("target")) \
                and effects[k].condition == effect.condition:
            args["reveal"] = True
            k += 1
        shuffled_first = k + 1 < len(effects) and effects[k].name == "shuffle" \
            and effects[k].arg("player") == effect.arg("player") \
            and effects[k].condition == effect.condition \
            and effects[k + 1].name == "change_zone" \
            and effects[k + 1].arg("destination") is Zone.LIBRARY \
            and effects[k + 1].arg("position") == "on top of"
        if shuffled_first:
            # "..., then shuffle and put that card on top": the shuffle comes before the
            # card goes on top (CR 701.23, 701.24).
            args["shuffle"] = True
            k += 1
        if k < len(effects) and effects[k].name == "change_zone" \
                and _is_it(effects[k].arg("target")) \
                and effects[k].condition == effect.condition \
                and not any(effects[k].arg(key) for key in _ENTRY_ARGS) \
                and effects[k].arg("player") == effect.arg("player"):
            move = effects[k]
            args["destination"] = move.arg("destination")
            args["tapped"] = move.arg("tapped") is True
            if move.arg("position"):
                args["destination"] = Zone.LIBRARY
                args["position"] = move.arg("position")
            k += 1
        elif shuffled_first:
            k -= 1
            del args["shuffle"]
        if not shuffled_first and k < len(effects) and effects[k].name == "shuffle" \
                and effects[k].condition == effect.condition \
                and effects[k].arg("player") in (None, args.get("player")):
            args["shuffle"] = True
            k += 1
        if args.get("destination") is None:
            found.append(effect)
            i += 1
            continue
        found.append(Effect(effect.name, tuple(args.items()), effect.optional,
                            effect.condition, effect.text))
        i = k
    return tuple(found)


def _shuffled(search: Effect) -> Effect:
    """The search with its own shuffle (``shuffle`` True, CR 701.23)."""
    args = dict(search.args)
    args["shuffle"] = True
    return Effect(search.name, tuple(args.items()), search.optional, search.condition,
                  search.text)


_ZONE_NAMES = (("library", Zone.LIBRARY), ("graveyard", Zone.GRAVEYARD), ("hand", Zone.HAND),
               ("exile", Zone.EXILE))


def _where(effect: Effect) -> Zone | None:
    """The zone the object an effect talks about ends up in, if the effect says."""
    if effect.name == "change_zone":
        found = effect.arg("destination")
        return found if isinstance(found, Zone) else None
    if effect.name == "look_at":
        found = effect.arg("zone")
        return found if isinstance(found, Zone) else None
    if effect.name == "search_library":
        found = effect.arg("destination")
        if not isinstance(found, Zone) and effect.arg("zones"):
            return None        # "search your library and/or graveyard": either zone
        return found if isinstance(found, Zone) else Zone.LIBRARY
    if effect.name in _UNTIL:
        return _UNTIL[effect.name]
    if effect.name == "reveal" and isinstance(effect.arg("origin"), Zone):
        found = effect.arg("origin")
        return found if isinstance(found, Zone) else None
    target = effect.arg("target")
    if isinstance(target, ObjectRef):
        if target.filter.kind in ("player", "opponent"):
            return None
        if target.filter.kind == "card" and target.filter.zone is Zone.BATTLEFIELD:
            return None  # a card named without its zone is not on the battlefield
        if target.filter.kind != "it":
            return target.filter.zone
        return next((z for word, z in _ZONE_NAMES if word in target.text), None)
    return None


def infer_origins(effects: Effects) -> Effects:
    """Give a zone change whose words name no zone ("put that card into your hand") the
    zone an earlier effect says its object is in ("reveal the top card of your library");
    else leave it unknown.

    Three zones are followed: where the last object named is (a pronoun after "destroy
    target creature" is in the graveyard, CR 701.8), where the last group of cards named is
    ("look at the top five cards": "one of them", "the rest", "a card from among them" are
    there), and where a choice among that group was taken from.

    >>> from analyzer.oracle.grammar import parse_effects
    >>> e = parse_effects("Reveal the top card of your library and put that card into your "
    ...                   "hand.")
    >>> e[1].arg("origin").name
    'LIBRARY'
    """
    found: list[Effect] = []
    last: Zone | None = None
    last_it: Zone | None = None
    group: Zone | None = None
    picked_from: Zone | None = None
    picked = False
    saved = (last, last_it, group, picked_from, picked)
    before = offered = saved
    was_optional = False
    for effect in effects:
        state = (last, last_it, group, picked_from, picked)
        if effect.optional and not was_optional:
            offered = state
        was_optional = effect.optional
        if _denies(effect.condition):
            # "You may put it onto the battlefield. If you don't, put it into your hand":
            # what was offered was not done, so things are where they were before it
            # (CR 608.2c)
            last, last_it, group, picked_from, picked = offered
        elif effect.condition.endswith("(instead)"):
            # "Exile that creature until ... If ..., instead exile the chosen creature": the
            # effect replaces the one before it (CR 608.2e) and sees things as they were
            last, last_it, group, picked_from, picked = before
            replaced = found[-1] if found else None
            origin = replaced.arg("origin") if replaced is not None else None
            if isinstance(origin, Zone):
                last_it = origin                     # "that card" is where it still is
        elif effect.condition.startswith("otherwise"):
            # "If ..., put them onto the battlefield. Otherwise, put them into your hand":
            # the other branch starts from where things were before the first.
            last, last_it, group, picked_from, picked = saved
        elif effect.condition.startswith("if "):
            saved = (last, last_it, group, picked_from, picked)
        among = _among_refs(effect)
        group_zone = picked_from if picked else group
        if among:
            effect = _in_group_zone(effect, group_zone)
        target = effect.arg("target")
        of_group = isinstance(target, ObjectRef) and _is_group_part(target)
        it = isinstance(target, ObjectRef) and target.filter.kind == "it"
        origin = group_zone if of_group else last_it if it else last
        if effect.name == "change_zone" and effect.arg("origin") is None and origin is not None:
            effect = Effect(effect.name, tuple((k, origin if k == "origin" else v)
                                               for k, v in effect.args),
                            effect.optional, effect.condition, effect.text)
        if among:
            picked, picked_from = True, group_zone or _among_zone(effect)
        elif effect.name == "change_zone" and of_group:
            moved_from = effect.arg("origin")
            picked, picked_from = True, moved_from if isinstance(moved_from, Zone) else None
        if not among:
            where = _where(effect)
            last = where or last
            last_it = _where_it(effect) or where or last_it
            if not of_group and (named := _group_where(effect)) is not None:
                group, picked, picked_from = named, False, None
        before = state
        found.append(effect)
    return tuple(found)


def _denies(condition: str) -> bool:
    """True for a condition that the optional action before was not done ("if you don't",
    "if you didn't put the revealed card onto the battlefield this way")."""
    if not condition.startswith("if ") or not any(
            w in condition for w in ("don't", "didn't", "doesn't")):
        return False
    from analyzer.oracle.grammar.conditions import read_condition

    found = read_condition(condition)
    return found is not None and (found.kind == "didnt" or (
        found.kind == "this_way" and found.negated))


_UNTIL = {"reveal_until": Zone.LIBRARY, "exile_until": Zone.EXILE}
"""Where the cards of "reveal / exile cards from the top of your library until ..." are."""

_SIBLINGS = frozenset({"the other", "the rest", "the others", "the other one",
                       "the rest of them", "the rest of the cards", "one pile", "that pile",
                       "the chosen pile", "the other pile", "the pile of your choice"})
"""Pronouns for the objects left after a choice among them ("put one into your hand and
the other into your graveyard"): they are where the chosen one was picked from."""

_GROUP_STATES = frozenset({"revealed this way"})


def _is_group_part(ref: ObjectRef) -> bool:
    """"one of them", "two of those cards", "one", "the rest", "the other", "all creature
    cards revealed this way": some of a group of objects named before, which are where the
    group is (not where the last object moved went)."""
    text = ref.text.lower()
    if ref.filter.kind != "it":
        return bool(ref.filter.states & _GROUP_STATES)
    return text in _SIBLINGS or text == "one" or text.endswith((
        " of them", " of those cards", " of the revealed cards", " of the exiled cards"))


def _where_it(effect: Effect) -> Zone | None:
    """Where the object of a destroy, sacrifice, discard or mill is afterwards, for a
    pronoun naming it ("destroy target creature ... return it": the card, CR 701.8)."""
    return Zone.GRAVEYARD if effect.name in ("destroy", "sacrifice", "discard", "mill") \
        else None


def _group_where(effect: Effect) -> Zone | None:
    """Where the group of cards an effect names is: the cards looked at or revealed from a
    library, milled, searched for, or several cards moved at once ("exile the top three
    cards of your library")."""
    if effect.name == "look_at" or (effect.name == "reveal" and effect.arg("origin")):
        found = effect.arg("zone") if effect.name == "look_at" else effect.arg("origin")
        return found if isinstance(found, Zone) else None
    if effect.name == "mill":
        return Zone.GRAVEYARD
    if effect.name in _UNTIL:
        return _UNTIL[effect.name]
    if effect.name == "search_library":
        found = effect.arg("destination")
        if not isinstance(found, Zone) and effect.arg("zones"):
            return None        # "search your library and/or graveyard": either zone
        return found if isinstance(found, Zone) else Zone.LIBRARY
    target = effect.arg("target")
    if effect.name == "change_zone" and isinstance(target, ObjectRef) \
            and target.filter.kind != "it" and target.count != ONE:
        found = effect.arg("destination")
        return found if isinstance(found, Zone) else None
    return None


def _among_zone(effect: Effect) -> Zone | None:
    zones = {v.filter.zone for k, v in effect.args if k in _among_refs(effect)
             and isinstance(v, ObjectRef)} - {Zone.BATTLEFIELD}
    return zones.pop() if len(zones) == 1 else None


def _among_refs(effect: Effect) -> list[str]:
    """The argument keys of ``effect`` naming an object "from among" a group named before
    ("a creature card from among them")."""
    return [k for k, v in effect.args if isinstance(v, ObjectRef)
            and any(kind == "among" for f in (v.filter, *v.filter.any_of)
                    for kind, _ in f.relations)]


def _in_group_zone(effect: Effect, zone: Zone | None) -> Effect:
    """``effect`` with its "from among them" objects in ``zone``, the zone of the group
    the effect before named (its ``origin`` too, for a zone change or a reveal); unchanged
    while that zone is not known."""
    if zone is None:
        return effect
    keys = _among_refs(effect)
    args: list[tuple[str, object]] = []
    for k, v in effect.args:
        if k in keys and isinstance(v, ObjectRef):
            items = tuple(dataclasses.replace(f, zone=zone) for f in v.filter.any_of)
            v = dataclasses.replace(v, filter=dataclasses.replace(v.filter, zone=zone,
                                                                  any_of=items))
        elif k == "origin" and v is None:
            v = zone
        args.append((k, v))
    if "origin" in effect.spec.params and not any(k == "origin" for k, _ in args):
        args.append(("origin", zone))
    return Effect(effect.name, tuple(args), effect.optional,  # type: ignore[arg-type]
                  effect.condition, effect.text)
