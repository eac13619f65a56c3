"""Oracle text -> typed :class:`CardProfile` (the only module that reads Oracle text).

Layout: :mod:`.mana` (colours, mana symbols and costs), :mod:`.types` (creature types),
:mod:`.text` (reminder text, wording years, self-references), :mod:`.keywords` (the keyword
registry and keyword lines), :mod:`.filters` (typed creature and spell filters),
:mod:`.statics` (anthems, "can't be blocked", cost reductions), :mod:`.mana_abilities`
(activated mana abilities and their costs), :mod:`.profile` (the profile value) and
:mod:`.compile` (the line readers put together).

The public names are loaded on first use (:func:`analyzer.lazy.lazy_exports`), so that a
light submodule such as :mod:`.symbols` can be imported without the whole compiler.

Examples
--------
>>> from analyzer.card_model import Card, Face
>>> from analyzer.oracle import ManaChoice, compile_card
>>> pool = compile_card(Card(id="p", name="Reflecting Pool", faces=(Face(
...     name="Reflecting Pool", type="Land", types=("Land",),
...     text="{T}: Add one mana of any type that a land you control could produce."),)))
>>> pool.mana_abilities[0].produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE
True
"""

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = lazy_exports(__name__, {
    "compile_card": "analyzer.oracle.compile",
    "compile_cards": "analyzer.oracle.compile",
    "ManaCostError": "analyzer.oracle.errors",
    "OracleError": "analyzer.oracle.errors",
    "Controller": "analyzer.oracle.filters",
    "CreatureFilter": "analyzer.oracle.filters",
    "SpellFilter": "analyzer.oracle.filters",
    "KEYWORDS": "analyzer.oracle.keywords",
    "Evasion": "analyzer.oracle.keywords",
    "KeywordAbility": "analyzer.oracle.keywords",
    "KeywordSpec": "analyzer.oracle.keywords",
    "Color": "analyzer.oracle.mana",
    "ManaCost": "analyzer.oracle.mana",
    "ManaSymbol": "analyzer.oracle.mana",
    "SymbolKind": "analyzer.oracle.mana",
    "AbilityCost": "analyzer.oracle.mana_abilities",
    "ManaAbility": "analyzer.oracle.mana_abilities",
    "ManaChoice": "analyzer.oracle.mana_abilities",
    "CardProfile": "analyzer.oracle.profile",
    "UnsupportedSpan": "analyzer.oracle.profile",
    "shared_creature_types": "analyzer.oracle.profile",
    "Anthem": "analyzer.oracle.statics",
    "CantBeBlocked": "analyzer.oracle.statics",
    "CostReduction": "analyzer.oracle.statics",
    "CREATURE_TYPES": "analyzer.oracle.types",
})
