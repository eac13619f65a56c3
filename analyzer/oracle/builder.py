"""What the card compiler has found so far on one card, while it reads the card's lines
(:mod:`analyzer.oracle.compile` freezes it into a :class:`~analyzer.oracle.profile.CardProfile`),
and the keyword actions a line names (for keyword coverage, CR 701).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from analyzer.card_model import Face
from analyzer.oracle.abilities import Ability
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.mana_abilities import ManaAbility
from analyzer.oracle.profile import UnsupportedSpan
from analyzer.oracle.statics import Anthem, CantBeBlocked, CostReduction
from analyzer.oracle.text import SELF


@dataclass
class _Builder:
    """What the readers found so far on one card (mutable while compiling, then frozen)."""

    keywords: list[KeywordAbility] = field(default_factory=list)
    blocking: list[CantBeBlocked] = field(default_factory=list)
    anthems: list[Anthem] = field(default_factory=list)
    reductions: list[CostReduction] = field(default_factory=list)
    mana: list[ManaAbility] = field(default_factory=list)
    unsupported: list[UnsupportedSpan] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    ability_words: list[str] = field(default_factory=list)
    cant_block: bool = False
    every_type: bool = False
    enters_tapped: bool = False
    order: list[tuple[str, int]] = field(default_factory=list)

    def skip(self, face: Face, text: str, name: str) -> None:
        self.unsupported.append(UnsupportedSpan(face.name, text.replace(SELF, name)))
        self.actions.extend(keyword_actions_in(text))


_ACTION_NAMES = {"mills": "mill", "fights": "fight", "manifests": "manifest",
                 "investigates": "investigate", "explores": "explore", "clashes": "clash",
                 "connives": "connive", "waterbends": "waterbend", "earthbends": "earthbend",
                 "airbends": "airbend", "endures": "endure", "detains": "detain",
                 "collects evidence": "collect evidence", "suspects": "suspect",
                 "forages": "forage", "populates": "populate", "proliferates": "proliferate",
                 "goads": "goad", "exerts": "exert", "cloaks": "cloak", "melds": "meld",
                 "manifests dread": "manifest dread"}


_ACTION_SCAN = re.compile(
    r"\b(?P<a>scry|surveil|mills?|fights?|manifests?(?: dread)?|investigates?|explores?|amass|"
    r"clash(?:es)?|connives?|blight|waterbends?|earthbends?|airbends?|firebending|endures?|"
    r"detains?|collects? evidence|suspects?|discover|forages?|populates?|bolster|adapt|"
    r"monstrosity|proliferates?|goads?|incubate|exerts?|cloaks?|fateseal|melds?|"
    r"[A-Z]\w+ Role)\b(?P<n> (?:X|\d+|a|one|two|three|four|five|[A-Z][a-z]+ \d+|\w+ cards?))?",
    re.IGNORECASE)


def keyword_actions_in(text: str) -> list[str]:
    """Keyword actions named in a piece of text, with their number where one is due
    (CR 701): ``["scry"]`` for "Scry 2"; a Role token counts as "role" (CR 111.10)."""
    found: list[str] = []
    for match in _ACTION_SCAN.finditer(text):
        word = match["a"].lower()
        if word.endswith(" role"):
            found.append("role")
            continue
        word = _ACTION_NAMES.get(word, word)
        if word in ("scry", "surveil", "mill", "blight", "bolster", "adapt", "monstrosity",
                    "fateseal", "incubate", "discover", "endure", "amass") \
                and not match["n"]:
            continue
        found.append(word)
    return found
