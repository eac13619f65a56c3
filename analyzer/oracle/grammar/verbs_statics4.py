"""Verb frames of static abilities, fourth round (CR 115.4, 113.7).

- targeting restrictions by color, the Informers and Gaea's Revenge: "CARDNAME can't be
  the target of black spells or abilities from black sources." -- a spell is its own
  source, so the words name the spells and abilities whose source is black (CR 113.7a): a
  ``restrict`` effect ("can't be the target of") ``by`` black sources.

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> e, = parse_effects("CARDNAME can't be the target of black spells or abilities from "
...                    "black sources.")
>>> e.arg("restriction"), e.arg("by").filter.kind, e.arg("by").filter.colors.name
("can't be the target of", 'source', 'B')
"""

from __future__ import annotations

import dataclasses

from analyzer.oracle.effects import Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.syntax import Clause

__all__: list[str] = []


@frame("restrict", "{subject:np} can't be the target of {spells:np} or abilities from {by:np}",
       "{subject:np} can't be the targets of {spells:np} or abilities from {by:np}")
def _target_of_colored_sources(c: Clause) -> Effect | None:
    """"can't be the target of nongreen spells or abilities from nongreen sources" (CR
    115.4): the spells and abilities whose source has the color (a spell is its own source,
    CR 113.7a), so ``by`` is the sources named, with the whole phrase as its text."""
    spells, by = c.slot("spells"), c.slot("by")
    if c.subject is None or not isinstance(spells, ObjectRef) or not isinstance(by, ObjectRef):
        return None
    s, b = spells.filter, by.filter
    if s.kind != "spell" or b.kind != "source" or not (b.colors or b.excluded_colors) \
            or (s.colors, s.excluded_colors) != (b.colors, b.excluded_colors) \
            or dataclasses.replace(s, kind="source", zone=b.zone, words=b.words) != b:
        return None
    phrase = f"{spells.text} or abilities from {by.text}"
    return Effect.make("restrict", target=c.subject, restriction="can't be the target of",
                       by=dataclasses.replace(by, text=phrase), duration=Duration.PERMANENT,
                       text=c.text)


@frame("gain_abilities_of", "{subject:np} has|have all activated abilities of {of:np}",
       "{subject:np} has|have all activated and triggered abilities of {of:np}",
       "{subject:np} gains|gain all activated abilities of {of:np}")
def _abilities_of(c: Clause) -> Effect | None:
    """"Dark Impostor has all activated abilities of all creature cards exiled with it." (CR
    613.1f: abilities added in layer 6; the objects' abilities as they are, CR 113.1):
    ``of`` the objects, ``kinds`` "activated" or "activated and triggered"."""
    of = c.slot("of")
    if c.subject is None or not isinstance(of, ObjectRef):
        return None
    kinds = "activated and triggered" if " and triggered " in c.frame_text.lower() \
        else "activated"
    return Effect.make("gain_abilities_of", target=c.subject, of=of, kinds=kinds,
                       duration=Duration.PERMANENT, text=c.text)
