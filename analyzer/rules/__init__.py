"""The rules core: play lines of Magic exactly, step by step (DESIGN.md "The rules core").

A :class:`Game` holds the state; actions (:class:`CastSpell`, :class:`ActivateAbility`,
:class:`DeclareAttackers`, :class:`PassPriority`...) are small immutable values;
:meth:`Game.apply` plays one and returns its events, :meth:`Game.undo` takes it back,
:meth:`Game.legal_actions` yields what may be played. Cards behave as their compiled
profiles (:mod:`analyzer.oracle`) say, through the effect registry :data:`EFFECTS`.
Scenario files (``spellweb scenario``) are read and checked by :mod:`.scenario`.

The public names are loaded on first use (:func:`analyzer.lazy.lazy_exports`), so the
window starts without the rules core.
"""

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_exports

if TYPE_CHECKING:
    from analyzer.rules.actions import (
        Action,
        ActivateAbility,
        ActivateManaAbility,
        CastSpell,
        Choose,
        DeclareAttackers,
        DeclareBlockers,
        PassPriority,
        PlayLand,
    )
    from analyzer.rules.cards import CardLibrary
    from analyzer.rules.effects import EFFECTS
    from analyzer.rules.errors import (
        IllegalActionError,
        RulesError,
        ScenarioError,
        UnsupportedCardError,
    )
    from analyzer.rules.game import Game
    from analyzer.rules.model import Event, EventKind, GameObject, Step, Zone
    from analyzer.rules.state import Pending

__all__ = [
    "EFFECTS",
    "Action",
    "ActivateAbility",
    "ActivateManaAbility",
    "CardLibrary",
    "CastSpell",
    "Choose",
    "DeclareAttackers",
    "DeclareBlockers",
    "Event",
    "EventKind",
    "Game",
    "GameObject",
    "IllegalActionError",
    "PassPriority",
    "Pending",
    "PlayLand",
    "RulesError",
    "ScenarioError",
    "Step",
    "UnsupportedCardError",
    "Zone",
]

__getattr__, __dir__ = lazy_exports(__name__, {
    "Action": "analyzer.rules.actions",
    "ActivateAbility": "analyzer.rules.actions",
    "ActivateManaAbility": "analyzer.rules.actions",
    "CastSpell": "analyzer.rules.actions",
    "Choose": "analyzer.rules.actions",
    "DeclareAttackers": "analyzer.rules.actions",
    "DeclareBlockers": "analyzer.rules.actions",
    "PassPriority": "analyzer.rules.actions",
    "PlayLand": "analyzer.rules.actions",
    "CardLibrary": "analyzer.rules.cards",
    "EFFECTS": "analyzer.rules.effects",
    "IllegalActionError": "analyzer.rules.errors",
    "RulesError": "analyzer.rules.errors",
    "ScenarioError": "analyzer.rules.errors",
    "UnsupportedCardError": "analyzer.rules.errors",
    "Game": "analyzer.rules.game",
    "Event": "analyzer.rules.model",
    "EventKind": "analyzer.rules.model",
    "GameObject": "analyzer.rules.model",
    "Step": "analyzer.rules.model",
    "Zone": "analyzer.rules.model",
    "Pending": "analyzer.rules.state",
})
