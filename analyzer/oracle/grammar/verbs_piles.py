"""Piles: "An opponent separates those cards into two piles.", "An opponent chooses one of
those piles.", "Put one pile into your hand and the other into your graveyard." (CR 700.3).

Separating objects into piles is not targeting; each pile belongs to the effect that made
it, and "one pile" / "that pile" / "the other" name those piles (CR 700.3a-b).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.describe() for e in parse_effects("An opponent separates those cards into two piles.")]
['an opponent: separate those cards into 2 piles']
>>> [e.describe() for e in parse_effects("Put one pile into your hand and the other into "
...                                      "your graveyard.")]
['put the pile you choose into your hand and the other into your graveyard']
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import Zone
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


@frame("separate_piles", "{who:player?} separate|separates {what:np} into two piles",
       "{who:player?} separate|separates {what:np} into a face-down pile and a face-up pile")
def _separate(c: Clause) -> Effect | None:
    """"An opponent separates those cards into two piles." (CR 700.3): who separates (you
    when no one is named), what, and the piles' faces when they are face down and up."""
    what = c.slot("what")
    if what is None or what.filter.kind in ("player", "opponent") or what.targeted:
        return None
    faces = "face-down and face-up" if "face-down pile" in c.frame_text else ""
    return Effect.make("separate_piles", player=c.subject, target=what, amount=Amount(2),
                       faces=faces, text=c.text)


@frame("choose_pile", "{who:player} choose|chooses one of those|the piles")
def _choose(c: Clause) -> Effect | None:
    """"An opponent chooses one of those piles." (CR 700.3): "that pile" after it is the
    chosen one."""
    if c.subject is None or c.subject.text.lower() == "you":
        return None
    return Effect.make("choose_pile", player=c.subject, text=c.text)


@frame("put_piles", "put one|that pile into {a:zone} and the other into {b:zone}",
       "put one|that pile into {a:zone} and the other on the bottom of your library in any "
       "order")
def _put(c: Clause) -> Effect | None:
    """"Put one pile into your hand and the other into your graveyard." (you choose the
    pile), "Put that pile into your hand and the other into your graveyard." (the pile
    chosen before, CR 700.3)."""
    chosen = c.slot("a")
    other = c.slot("b")
    if other is None:
        if " on the bottom of your library in any order" not in c.frame_text:
            return None
        other = Zone.LIBRARY
        order = "bottom, any order"
    else:
        order = ""
    if chosen not in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY) \
            or other not in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY) \
            or chosen is other:
        return None
    words = c.frame_text.lower()
    pile = "chosen" if words.startswith("put that pile") else "yours"
    return Effect.make("put_piles", pile=pile, chosen=chosen, other=other, order=order,
                       text=c.text)
