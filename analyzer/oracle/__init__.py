"""Oracle text -> typed :class:`CardProfile` (the only module that reads Oracle text).

Layout: :mod:`.mana` (colours, mana symbols and costs), :mod:`.types` (creature types),
:mod:`.text` (reminder text, wording years, self-references), :mod:`.keywords` (the keyword
registry and keyword lines), :mod:`.filters` (typed creature and spell filters),
:mod:`.statics` (anthems, "can't be blocked", cost reductions), :mod:`.mana_abilities`
(activated mana abilities and their costs), :mod:`.profile` (the profile value) and
:mod:`.compile` (the line readers put together).

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> pool = compile_card(Card(id="p", name="Reflecting Pool", faces=(Face(
...     name="Reflecting Pool", type="Land", types=("Land",),
...     text="{T}: Add one mana of any type that a land you control could produce."),)))
>>> pool.mana_abilities[0].produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE
True
"""

from analyzer.oracle.compile import compile_card, compile_cards
from analyzer.oracle.errors import ManaCostError, OracleError
from analyzer.oracle.filters import Controller, CreatureFilter, SpellFilter
from analyzer.oracle.keywords import KEYWORDS, Evasion, KeywordAbility, KeywordSpec
from analyzer.oracle.mana import Color, ManaCost, ManaSymbol, SymbolKind
from analyzer.oracle.mana_abilities import AbilityCost, ManaAbility, ManaChoice
from analyzer.oracle.profile import CardProfile, UnsupportedSpan, shared_creature_types
from analyzer.oracle.statics import Anthem, CantBeBlocked, CostReduction
from analyzer.oracle.types import CREATURE_TYPES

__all__ = [
    "CREATURE_TYPES",
    "KEYWORDS",
    "AbilityCost",
    "Anthem",
    "CantBeBlocked",
    "CardProfile",
    "Color",
    "Controller",
    "CostReduction",
    "CreatureFilter",
    "Evasion",
    "KeywordAbility",
    "KeywordSpec",
    "ManaAbility",
    "ManaChoice",
    "ManaCost",
    "ManaCostError",
    "ManaSymbol",
    "OracleError",
    "SpellFilter",
    "SymbolKind",
    "UnsupportedSpan",
    "compile_card",
    "compile_cards",
    "shared_creature_types",
]
