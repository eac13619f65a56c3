"""``untap`` edges: untappers to permanents whose {T} abilities they reset, and tappers to
permanents whose {Q} abilities they ready.

{T} in a cost means "tap this permanent" and can't be paid while it is tapped; {Q} means
"untap this permanent" and can't be paid while it is untapped (CR 107.5, 107.6). An effect
that untaps another permanent ("untap target permanent", "untap up to three lands", "untap
all lands you control", CR 701.26b) lets that permanent's {T} abilities be activated again
the same turn: an edge from the untapper to each permanent of the deck it can untap that has
a {T} ability. A cost that taps other permanents ("Tap an untapped creature you control",
convoke, improvise) puts a {Q} permanent in the state its {Q} ability needs: an edge from the
tapper to it. A creature's {T} and {Q} abilities still need it under its controller's
control since the turn began (CR 302.6); abilities that untap only their own permanent
(Basalt Monolith) make no edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzer.graph.edges import PairFamily, SynergyEdge, register_pair_family
from analyzer.graph.families._mana import mana_yield, tap_mana_abilities
from analyzer.graph.families._match import object_matches, yours_qualify
from analyzer.oracle.abilities import ActivatedAbility
from analyzer.oracle.objects import ObjectFilter, ObjectRef
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["UNTAP", "Resets", "Toggle", "untap_edges"]

_TAPPING_KEYWORDS = {"Convoke": ("702.51a", ObjectFilter(types=frozenset({"Creature"}))),
                     "Improvise": ("702.126a", ObjectFilter(types=frozenset({"Artifact"})))}


@dataclass(frozen=True, slots=True)
class Toggle:
    """An effect or cost that untaps (or taps) other permanents."""

    untaps: bool
    """True for an untapper, False for a cost that taps other permanents."""
    what: ObjectFilter
    """Which permanents."""
    words: str
    """The effect's or cost's words (``"untap target permanent"``)."""
    rule: str
    """701.26b for untapping; the keyword's or cost's rule for tapping."""


@dataclass(frozen=True, slots=True)
class Resets:
    """The {T} and {Q} abilities a permanent has, in words, and its best {T} mana yield."""

    tap: tuple[str, ...]
    """Its {T} abilities (mana abilities included)."""
    untap: tuple[str, ...]
    """Its {Q} abilities."""
    tap_mana: float
    """The most mana one {T} mana ability adds (0 if it has none)."""


def _others(ref: object) -> ObjectRef | None:
    if not isinstance(ref, ObjectRef) or ref.filter.kind not in ("permanent", "any") \
            or ref.text == SELF or not yours_qualify(ref.filter):
        return None
    return ref


def _source_role(profile: CardProfile) -> tuple[Toggle, ...] | None:
    found: list[Toggle] = []
    for effect in profile.effects():
        if effect.name in ("untap", "tap_or_untap") and (ref := _others(effect.arg("target"))):
            found.append(Toggle(True, ref.filter, effect.describe(), "701.26b"))
    costs = [c for a in profile.abilities if isinstance(a, ActivatedAbility) for c in a.costs]
    costs += [c for m in profile.mana_abilities for c in m.cost.costs]
    for cost in costs:
        if cost.name == "tap_permanents" and (ref := _others(cost.what)):
            found.append(Toggle(False, ref.filter, cost.describe(), "107.6"))
    for keyword in profile.keywords:
        if keyword.name in _TAPPING_KEYWORDS:
            rule, what = _TAPPING_KEYWORDS[keyword.name]
            found.append(Toggle(False, what, f"{keyword.name.lower()} taps your "
                                             f"{sorted(what.types)[0].lower()}s", rule))
    return tuple(found) or None


def _target_role(profile: CardProfile) -> Resets | None:
    tap = [m.describe().replace(SELF, profile.name) for m in tap_mana_abilities(
        profile.mana_abilities)]
    untap: list[str] = [m.describe() for m in profile.mana_abilities if m.cost.untap]
    for ability in profile.abilities:
        if isinstance(ability, ActivatedAbility):
            names = {c.name for c in ability.costs}
            if "tap" in names:
                tap.append(ability.describe())
            if "untap" in names:
                untap.append(ability.describe())
    if not tap and not untap:
        return None
    yields = [mana_yield(m) for m in tap_mana_abilities(profile.mana_abilities)]
    return Resets(tuple(tap), tuple(untap), max(yields, default=0.0))


def _pair(source: CardProfile, toggles: tuple[Toggle, ...], target: CardProfile,
          resets: Resets) -> SynergyEdge | None:
    for toggle in toggles:
        if not object_matches(toggle.what, target):
            continue
        rules: tuple[str, ...]
        if toggle.untaps and resets.tap:
            strength = 0.8 if resets.tap_mana >= 2 else 0.6 if resets.tap_mana == 0 else 0.5
            rules = ("701.26b", "107.5")
            rules += ("302.6",) if target.is_creature else ()
            return SynergyEdge(
                source.card_id, target.card_id, "untap",
                f"{source.name} can untap {target.name} ({toggle.words}), so its {{T}} "
                f"ability ({resets.tap[0]}) can be activated again.", rules, strength)
        if not toggle.untaps and resets.untap:
            rules = (toggle.rule, "107.6")
            rules += ("302.6",) if target.is_creature else ()
            return SynergyEdge(
                source.card_id, target.card_id, "untap",
                f"{source.name} can tap {target.name} ({toggle.words}), which readies its "
                f"{{Q}} ability ({resets.untap[0]}).", tuple(dict.fromkeys(rules)), 0.4)
    return None


UNTAP = register_pair_family(PairFamily("untap", _source_role, _target_role, _pair))
"""The ``untap`` family."""


def untap_edges(profiles: Sequence[CardProfile]) -> Iterator[SynergyEdge]:
    """Yield an edge from each untapper to each other permanent with a {T} ability it can
    untap, and from each tapping cost to each other permanent with a {Q} ability.

    Strength: untapping a {T} mana ability that adds two or more mana 0.8, a {T} non-mana
    ability 0.6, one mana 0.5; tapping for a {Q} ability 0.4.

    Examples
    --------
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle.compile import compile_card
    >>> def card(name, text, types):
    ...     return compile_card(Card(id=name, name=name, faces=(Face(name=name, types=types,
    ...         text=text),)))
    >>> untapper = card("Untapper", "Untap target land.", ("Instant",))
    >>> tomb = card("Tomb", "{T}: Add {C}{C}.", ("Land",))
    >>> [(e.target, e.strength) for e in untap_edges([untapper, tomb])]
    [('Tomb', 0.8)]
    """
    return UNTAP.edges(profiles)
