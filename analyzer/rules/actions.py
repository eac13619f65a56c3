"""Actions a player takes, as small immutable values (CR 117 and the turn-based choices).

Like python-chess's ``Move``, an action is a frozen dataclass that formats itself
(:meth:`describe`); :meth:`~analyzer.rules.game.Game.legal_actions` yields them and
:meth:`~analyzer.rules.game.Game.apply` plays them.

Examples
--------
>>> PassPriority("A").describe()
'A passes priority'
>>> DeclareAttackers("A", ((3, "B"),)).describe()
'A declares attackers: #3 -> B'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from analyzer.rules.model import ObjId, PlayerId

__all__ = [
    "Action",
    "ActivateAbility",
    "ActivateManaAbility",
    "CastSpell",
    "Choose",
    "DeclareAttackers",
    "DeclareBlockers",
    "PassPriority",
    "PlayLand",
    "Target",
]

Target: TypeAlias = "PlayerId | ObjId"
"""A target as an action names it: a player's name or an object's id."""


@dataclass(frozen=True, slots=True)
class PassPriority:
    """Pass priority (CR 117.3d); in the cleanup step, let the turn go on."""

    player: PlayerId
    """Who passes."""

    def describe(self) -> str:
        """``"A passes priority"``."""
        return f"{self.player} passes priority"


@dataclass(frozen=True, slots=True)
class PlayLand:
    """Play a land (CR 305.1, special action 116.2a)."""

    player: PlayerId
    """Who plays it."""
    card: ObjId
    """The land card in hand (or exile, when allowed)."""

    def describe(self) -> str:
        """``"A plays land #4"``."""
        return f"{self.player} plays land #{self.card}"


@dataclass(frozen=True, slots=True)
class CastSpell:
    """Cast a spell (CR 601.2): cost choice, X, targets, the attacker returned for sneak."""

    player: PlayerId
    """The caster."""
    card: ObjId
    """The card cast (in hand, or in exile when allowed)."""
    cost: str = "normal"
    """``"normal"`` (mana cost) or an alternative cost: ``"sneak"``, ``"prowl"``
    (CR 118.9)."""
    x: int = 0
    """The value of X (CR 107.3a)."""
    targets: tuple[Target, ...] = ()
    """Targets in the order of the spell's text (CR 601.2c)."""
    returned: ObjId | None = None
    """Sneak: the unblocked attacker returned to its owner's hand (CR 702.190a)."""
    pay_with: tuple[ObjId, ...] | None = None
    """Permanents whose mana abilities pay (CR 601.2g); ``None``: the rules core chooses."""

    def describe(self) -> str:
        """``"A casts #7 (sneak, returning #2)"``."""
        extra = [self.cost] if self.cost != "normal" else []
        extra += [f"X={self.x}"] if self.x else []
        extra += [f"returning #{self.returned}"] if self.returned is not None else []
        extra += ["targeting " + ", ".join(map(_name, self.targets))] if self.targets else []
        return f"{self.player} casts #{self.card}" + (f" ({', '.join(extra)})" if extra else "")


@dataclass(frozen=True, slots=True)
class ActivateAbility:
    """Activate an activated ability (CR 602), ninjutsu from hand included (CR 702.49)."""

    player: PlayerId
    """Who activates it."""
    card: ObjId
    """The permanent (or the card in hand for ninjutsu)."""
    ability: int
    """Index among the card's activatable abilities (see
    :func:`~analyzer.rules.abilities.activatable`)."""
    x: int = 0
    """The value of X in its cost."""
    targets: tuple[Target, ...] = ()
    """Targets in the order of the text."""
    returned: ObjId | None = None
    """Ninjutsu: the unblocked attacker returned to hand (CR 702.49a)."""
    pay_with: tuple[ObjId, ...] | None = None
    """Permanents whose mana abilities pay; ``None``: the rules core chooses."""
    cost_choices: tuple[ObjId, ...] = ()
    """Objects chosen to pay its cost ("Sacrifice a creature", "Tap an untapped creature you
    control", CR 601.2h via 602.2b); see :mod:`analyzer.rules.costs`."""

    def describe(self) -> str:
        """``"A activates ability 1 of #5"``."""
        extra = [f"returning #{self.returned}"] if self.returned is not None else []
        extra += ["targeting " + ", ".join(map(_name, self.targets))] if self.targets else []
        return (f"{self.player} activates ability {self.ability + 1} of #{self.card}"
                + (f" ({', '.join(extra)})" if extra else ""))


@dataclass(frozen=True, slots=True)
class ActivateManaAbility:
    """Activate a mana ability outside a payment (CR 605.3a): it resolves at once."""

    player: PlayerId
    """Who activates it."""
    card: ObjId
    """The permanent."""
    ability: int = 0
    """Index among the permanent's mana abilities."""
    choice: str = ""
    """The type of mana chosen, as a letter (``"G"``), for "any color/type" abilities."""
    cost_choices: tuple[ObjId, ...] = ()
    """Objects chosen to pay its cost ("Sacrifice a creature", CR 605.3a, 601.2h)."""
    activated: bool = False
    """``ability`` indexes the profile's activated abilities: a mana ability (CR 605.1a: no
    target, adds mana, not a loyalty ability) the compiler reads as an activated ability
    (an X amount, a spending restriction; Food Chain)."""

    def describe(self) -> str:
        """``"A activates mana ability 1 of #5"``."""
        chosen = f" choosing {{{self.choice}}}" if self.choice else ""
        return f"{self.player} activates mana ability {self.ability + 1} of #{self.card}{chosen}"


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    """Declare attackers (CR 508.1): each attacker and the player or planeswalker it
    attacks."""

    player: PlayerId
    """The active player."""
    attackers: tuple[tuple[ObjId, Target], ...]
    """``((creature, player or planeswalker id), ...)``; empty: no attack."""

    def describe(self) -> str:
        """``"A declares attackers: #3 -> B"``."""
        what = ", ".join(f"#{a} -> {_name(t)}" for a, t in self.attackers) or "none"
        return f"{self.player} declares attackers: {what}"


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    """Declare blockers (CR 509.1): each blocker and the attacker it blocks."""

    player: PlayerId
    """The defending player."""
    blocks: tuple[tuple[ObjId, ObjId], ...]
    """``((blocker, attacker), ...)``; empty: no blocks."""

    def describe(self) -> str:
        """``"B declares blockers: #9 blocks #3"``."""
        what = ", ".join(f"#{b} blocks #{a}" for b, a in self.blocks) or "none"
        return f"{self.player} declares blockers: {what}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer the question the game asks (CR 608.2d "you may", 603.3b order...)."""

    player: PlayerId
    """Who answers."""
    choice: str
    """The answer: ``"yes"``/``"no"`` or one of the question's options."""

    def describe(self) -> str:
        """``"A chooses yes"``."""
        return f"{self.player} chooses {self.choice}"


def _name(target: object) -> str:
    return f"#{target}" if isinstance(target, int) else str(target)


Action: TypeAlias = (PassPriority | PlayLand | CastSpell | ActivateAbility | ActivateManaAbility
                     | DeclareAttackers | DeclareBlockers | Choose)
"""Any action."""
