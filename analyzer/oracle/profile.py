"""The card profile: everything the compiler understood about one card, and what it did not.

A :class:`CardProfile` is compiled once per card by :func:`analyzer.oracle.compile_card` and
read by the synergy graph and, later, the rules core. It is frozen and hashable, prints as
plain English (:meth:`CardProfile.describe`) and as JSON (:meth:`CardProfile.to_json`).
Nothing the compiler skipped is lost: every ability line (or part of one) it could not read
is an :class:`UnsupportedSpan` in :attr:`CardProfile.unsupported`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzer.card_model import CardId
from analyzer.oracle.abilities import Ability
from analyzer.oracle.effects import Effect
from analyzer.oracle.filters import NO_COLOR
from analyzer.oracle.keywords import Evasion, KeywordAbility
from analyzer.oracle.mana import Color, ManaCost
from analyzer.oracle.mana_abilities import ManaAbility
from analyzer.oracle.statics import Anthem, CantBeBlocked, CostReduction
from analyzer.oracle.text import SELF
from analyzer.oracle.types import CREATURE_TYPES

__all__ = ["CardProfile", "UnsupportedSpan", "shared_creature_types"]

_NO_MANA_COST = ManaCost()


@dataclass(frozen=True, slots=True)
class UnsupportedSpan:
    """A piece of Oracle text the compiler did not understand (kept, counted, shown)."""

    face: str
    """The face it is printed on."""
    text: str
    """The text: a whole ability line without reminder text, or the part of a line left
    over once the rest was read (e.g. "Spend this mana only to cast creature spells.")."""
    reason: str = ""
    """Why it is kept apart when the text itself was read: ``"keyword not read"`` (a
    keyword of the card's ``keywords`` the profile lacks), ``"data: ..."`` (a data problem
    of the card file, not of the compiler), or the construction not typed yet."""

    def describe(self) -> str:
        """``"Not understood on <face>: <text>"``."""
        return f"Not understood on {self.face}: {self.text}"

    def to_json(self) -> dict[str, str]:
        """``{"face": ..., "text": ...}``."""
        return {"face": self.face, "text": self.text}


@dataclass(frozen=True, slots=True)
class CardProfile:
    """The typed understanding of one card (the Oracle compiler's output).

    Card-wide characteristics merge the faces: ``types`` and ``creature_types`` are the
    union over faces, ``colors`` and ``mana_cost`` are the front face's (CR 711.4, 712.8).

    Examples
    --------
    >>> from analyzer.card_model import Card, Face
    >>> from analyzer.oracle import compile_card
    >>> p = compile_card(Card(id="x", name="Grizzly Bears", faces=(Face(
    ...     name="Grizzly Bears", type="Creature — Bear", types=("Creature",),
    ...     subtypes=("Bear",), mana_cost="{1}{G}", colors=("G",)),)))
    >>> sorted(p.creature_types), p.fully_understood, p.to_json()["unsupported"]
    (['Bear'], True, [])
    """

    card_id: CardId
    """The card's identity."""
    name: str
    """The card's full name."""
    types: frozenset[str] = frozenset()
    """Card types of every face (Creature, Kindred, Land...)."""
    supertypes: frozenset[str] = frozenset()
    """Supertypes of every face (Legendary, Basic, Snow)."""
    colors: Color = NO_COLOR
    """The front face's colours."""
    mana_cost: ManaCost = _NO_MANA_COST
    """The front face's mana cost (empty when it has none)."""
    mana_value: float = 0.0
    """The card's mana value as the card file gives it (CR 202.3)."""
    creature_types: frozenset[str] = frozenset()
    """Creature types of its creature and kindred faces (CR 205.3m, 308.3)."""
    is_changeling: bool = False
    """Every creature type (Changeling, CR 702.73a, or "is every creature type")."""
    keywords: tuple[KeywordAbility, ...] = ()
    """Its keyword abilities in printed order (CR 702)."""
    evasion: frozenset[Evasion] = frozenset()
    """How it evades blockers: evasion keywords plus "can't be blocked" abilities."""
    blocking: tuple[CantBeBlocked, ...] = ()
    """Its own "can't be blocked" abilities (CR 509.1b)."""
    can_block: bool = True
    """False if it says it can't block."""
    enters_tapped: bool = False
    """True if it says it enters tapped (CR 614.1c)."""
    anthems: tuple[Anthem, ...] = ()
    """Static abilities pumping or granting keywords to a group (CR 613.4c, 613.1f)."""
    cost_reductions: tuple[CostReduction, ...] = ()
    """"... spells you cast cost {N} less" abilities (CR 601.2f)."""
    mana_abilities: tuple[ManaAbility, ...] = ()
    """Activated mana abilities, intrinsic ones of basic land types included (CR 605)."""
    abilities: tuple[Ability, ...] = ()
    """Its other abilities in printed order: spell effects, activated (non-mana),
    triggered, static and replacement abilities (CR 113.3)."""
    ability_words: tuple[str, ...] = ()
    """Ability words printed before its abilities ("Landfall", "Threshold", CR 207.2c)."""
    keyword_actions: tuple[str, ...] = ()
    """Keyword actions (CR 701: "scry", "fight"...) named with their number inside text
    left unsupported: recognised, though the ability around them is not."""
    unsupported: tuple[UnsupportedSpan, ...] = ()
    """Every piece of its text the compiler did not understand."""
    printed_order: tuple[tuple[str, int], ...] = ()
    """Where each ability was printed: ``("keyword" | "mana" | "ability", index)`` into
    :attr:`keywords`, :attr:`mana_abilities` or :attr:`abilities`, in Oracle line order
    (abilities read from one line keep their order; intrinsic mana abilities of basic land
    types, CR 305.6, come first)."""

    # -- queries ----------------------------------------------------------------------------

    @property
    def fully_understood(self) -> bool:
        """True if no text was left unsupported."""
        return not self.unsupported

    @property
    def is_creature(self) -> bool:
        """True if a face is a creature."""
        return "Creature" in self.types

    @property
    def effective_creature_types(self) -> frozenset[str]:
        """Its creature types, every known creature type for a Changeling (CR 702.73a)."""
        return CREATURE_TYPES | self.creature_types if self.is_changeling \
            else self.creature_types

    def keyword(self, name: str) -> KeywordAbility | None:
        """Its first keyword ability named ``name`` (any case), or ``None``."""
        low = name.lower()
        return next((k for k in self.keywords if k.name.lower() == low), None)

    def has_keyword(self, name: str) -> bool:
        """True if it has the keyword ability ``name``."""
        return self.keyword(name) is not None

    def effects(self) -> list[Effect]:
        """Every effect of its abilities, modes and delayed effects included, in order."""
        found: list[Effect] = []
        stack = [e for a in self.abilities for e in a.effects]
        while stack:
            effect = stack.pop(0)
            found.append(effect)
            for _, value in effect.args:
                if isinstance(value, tuple):
                    stack += [v for v in value if isinstance(v, Effect)]
        return found

    def recognised_keywords(self) -> frozenset[str]:
        """Lower-case names of the keywords it was understood to have or to use: keyword
        abilities with their parameters, ability words, keyword actions read as effects or
        costs (``"scry"`` for "Scry 2"), and keywords it grants, removes or gives tokens
        (MTGJSON's ``keywords`` lists those too: "Creatures you control have flying")."""
        names = {k.name.lower() for k in self.keywords}
        names |= {k.name.lower().rstrip("!") for k in self.keywords}
        names |= {f"{k.name} {k.parameter}".lower() for k in self.keywords if k.parameter}
        names |= {f"{k.name} {k.parameter.split()[0]}".lower() for k in self.keywords
                  if k.parameter}
        names |= set(self.keyword_actions)
        names |= {"role" for e in self.effects() if "Role" in str(e.arg("token", ""))}
        names |= {w.lower() for w in self.ability_words}
        effects = self.effects()
        for mana in self.mana_abilities:
            effects += list(mana.effects)
        names |= {e.spec.keyword.lower() for e in effects if e.spec.keyword}
        names |= {e.name.replace("_", " ") for e in effects}
        for effect in effects:
            names |= _granted_keywords(effect)
        for anthem in self.anthems:
            names |= {k.name.lower() for k in anthem.keywords}
        if "manifest dread" in names:
            names.add("manifest")              # MTGJSON lists the keyword action's name
        if "solve" in names:
            names.add("solved")                # a Case's "Solved —" (CR 719.3)
        if any("you have max speed" in getattr(a, "condition", "")
               for a in (*self.abilities, *self.mana_abilities)):
            names.add("max speed")             # "Max speed — <ability>" (CR 702.178a)
        for ability in self.abilities:
            trigger = getattr(ability, "trigger", None)
            if trigger is not None:            # "Whenever you scry", "Whenever you cycle"
                from analyzer.oracle.builder import keyword_actions_in

                names |= set(keyword_actions_in(trigger.detail))
                names |= {w for w in trigger.detail.lower().split()[:1]
                          if w.rstrip("s") in ("scry", "surveil", "cycle", "explore")}
                names |= {w.rstrip("s") for w in trigger.detail.lower().split()[:1]}
                # "Whenever you scry or surveil": each keyword action the event names
                parts = [w.strip() for w in trigger.detail.lower().split(" or ")]
                if len(parts) > 1 and all(len(w.split()) == 1 for w in parts):
                    names |= {w for w in parts if keyword_actions_in(f"{w} 1")}
        for ability in self.abilities:
            names |= {c.name.replace("_", " ") for c in getattr(ability, "costs", ())}
            for cost in getattr(ability, "costs", ()):
                names |= {o.name.replace("_", " ") for o in cost.options}
        for mana in self.mana_abilities:
            names |= {c.name.replace("_", " ") for c in mana.cost.costs}
        if any(k.name.endswith("cycling") or k.name.endswith("walk") for k in self.keywords):
            names |= {"typecycling", "landwalk"}
        return frozenset(names)

    # -- output -----------------------------------------------------------------------------

    def _named(self, text: str) -> str:
        return text.replace(SELF, self.name.split(" // ")[0])

    def descriptions(self) -> list[str]:
        """One plain-English line per thing understood, then per span not understood."""
        lines = [k.describe() for k in self.keywords]
        if self.is_changeling and not self.has_keyword("Changeling"):
            lines.append("Is every creature type")
        lines += [f"{self.name} {b.describe()}" for b in self.blocking]
        if not self.can_block:
            lines.append(f"{self.name} can't block")
        if self.enters_tapped:
            lines.append(f"{self.name} enters tapped")
        lines += [a.describe() + (f" ({self._named(a.condition)})" if a.condition else "")
                  for a in self.anthems]
        lines += [r.describe() for r in self.cost_reductions]
        lines += [self._named(m.describe()) + (" (basic land type)" if m.intrinsic else "")
                  for m in self.mana_abilities]
        lines += [self._named(a.describe()) for a in self.abilities]
        lines += [u.describe() for u in self.unsupported]
        return lines

    def describe(self) -> str:
        """The profile in plain English, one line per ability, for the card detail view."""
        head = self.name
        if self.creature_types or self.is_changeling:
            kinds = "every creature type" if self.is_changeling \
                else " ".join(sorted(self.creature_types))
            head += f" ({kinds})"
        return "\n".join([head, *(f"- {line}" for line in self.descriptions())])

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the whole profile; ``"unsupported"`` is always present."""
        return {
            "card_id": self.card_id,
            "name": self.name,
            "types": sorted(self.types),
            "supertypes": sorted(self.supertypes),
            "colors": list(self.colors.letters),
            "mana_cost": str(self.mana_cost),
            "mana_value": self.mana_value,
            "creature_types": sorted(self.creature_types),
            "is_changeling": self.is_changeling,
            "keywords": [k.to_json() for k in self.keywords],
            "evasion": sorted(e.name.lower() for e in self.evasion),
            "blocking": [b.to_json() for b in self.blocking],
            "can_block": self.can_block,
            "enters_tapped": self.enters_tapped,
            "anthems": [a.to_json() for a in self.anthems],
            "cost_reductions": [r.to_json() for r in self.cost_reductions],
            "mana_abilities": [m.to_json() for m in self.mana_abilities],
            "abilities": [a.to_json() for a in self.abilities],
            "ability_words": list(self.ability_words),
            "keyword_actions": list(self.keyword_actions),
            "unsupported": [u.to_json() for u in self.unsupported],
            "fully_understood": self.fully_understood,
            "description": self.describe(),
        }


def _granted_keywords(effect: Effect) -> set[str]:
    """Keywords an effect gives, removes or puts on a token, and those named in a quoted
    ability it grants (lower case)."""
    found: set[str] = set()
    keywords = effect.arg("keywords")
    if isinstance(keywords, tuple):
        found |= {k.name.lower() for k in keywords if isinstance(k, KeywordAbility)}
    token = effect.arg("token")
    if isinstance(token, str):
        from analyzer.oracle.tokens import parse_token

        spec = parse_token(token)
        if spec is not None:
            found |= {k.name.lower() for k in spec.keywords}
            found |= {w for text in spec.abilities for w in _words_of(text)}
    quoted = effect.arg("ability")
    if isinstance(quoted, str):
        found |= _words_of(quoted)
    return found


def _words_of(text: str) -> set[str]:
    """Keyword abilities and actions named in a quoted ability (it was read as a whole)."""
    from analyzer.oracle.builder import keyword_actions_in
    from analyzer.oracle.keywords import KEYWORDS

    low = text.lower()
    found = set(keyword_actions_in(text))
    found |= {name for name in KEYWORDS if name in low and len(name) > 3}
    return found


def shared_creature_types(a: CardProfile, b: CardProfile) -> frozenset[str]:
    """The creature types two cards share, Changelings sharing every type (CR 702.73a).

    Two Changelings share every creature type (the whole :data:`CREATURE_TYPES` list); a
    Changeling and a Goblin Rogue share Goblin and Rogue.

    Examples
    --------
    >>> goblin = CardProfile("g", "Goblin", creature_types=frozenset({"Goblin", "Rogue"}))
    >>> shape = CardProfile("s", "Shape", creature_types=frozenset({"Shapeshifter"}),
    ...                     is_changeling=True)
    >>> sorted(shared_creature_types(goblin, shape))
    ['Goblin', 'Rogue']
    """
    return a.effective_creature_types & b.effective_creature_types
