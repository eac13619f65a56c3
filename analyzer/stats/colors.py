"""Colour pips in mana costs against the mana sources that could produce each colour.

Mana sources are read from the compiled card profiles' mana abilities
(:mod:`analyzer.oracle.mana_abilities`, CR 605, "could produce" CR 106.7), never from text.

References
----------
Frank Karsten, "How Many Colored Mana Sources Do You Need to Consistently Cast Your
Spells?" (ChannelFireball, 2018; updated on TCGplayer, 2022): a *source* of a colour is a
land that can produce it, a dual land counting for both colours and a fetch land for every
colour it can find; mana rocks and creatures are counted apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from analyzer.cards.model import Card, CardId
from analyzer.oracle.abilities import ActivatedAbility, ReplacementEffect, StaticAbility
from analyzer.oracle.mana_abilities import ManaAbility, ManaChoice
from analyzer.oracle.objects import ObjectRef, Zone
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.symbols import mana_symbols
from analyzer.stats.curve import (
    COLOR_NAMES,
    COLOR_ORDER,
    ColorLetter,
    is_land_card,
    nonland,
)

__all__ = ["ColorBalance", "ManaSources", "becomes_chosen_basic_land_type", "color_balance",
           "color_pips", "mana_sources", "produced_colors"]


def _pip_colors(card: Card) -> Counter[str]:
    pips: Counter[str] = Counter()
    for face in card.faces:
        for symbol in mana_symbols(face.mana_cost):
            for color in set(symbol.split("/")) & set(COLOR_ORDER):
                pips[color] += 1
    return pips


def color_pips(entries: Iterable[tuple[Card, int]]) -> dict[str, int]:
    """Coloured mana symbols in the mana costs of every face, by colour letter (W U B R G).

    A hybrid symbol such as ``{R/W}`` counts once for each of its colours; ``{B/P}`` counts
    for black.
    """
    pips: Counter[str] = Counter()
    for card, count in entries:
        for color, n in _pip_colors(card).items():
            pips[color] += n * count
    return {c: pips[c] for c in COLOR_ORDER if pips[c]}


_EVERY_COLOR = frozenset(COLOR_ORDER)


def _ability_colors(ability: ManaAbility,
                    commander_identity: frozenset[str] | None) -> frozenset[str] | None:
    """The colours one mana ability could add by itself, or None when they depend on other
    permanents (another land's, an opponent's)."""
    if ability.produces is ManaChoice.COMMANDER_COLOR_IDENTITY:
        return commander_identity or frozenset()
    if ability.produces is ManaChoice.SAME_TYPE_PRODUCED:
        return frozenset()   # a trigger adding what another ability made: no source itself
    colors = ability.fixed_colors
    if colors is None:
        return None
    return frozenset(colors.letters) & _EVERY_COLOR


def becomes_chosen_basic_land_type(profile: CardProfile) -> bool:
    """True for a land that chooses a basic land type as it enters and is that type
    ("As this land enters, choose a basic land type. ... This land is the chosen type.",
    Multiversal Passage).

    A land with a basic land type has that type's intrinsic mana ability (CR 305.6, 305.7),
    so such a land could produce the colour of any basic land type (Plains W, Island U,
    Swamp B, Mountain R, Forest G). The profile holds the choice (a ``choose_on_entry``
    replacement effect, CR 614.12) and the type change (a continuous static ability whose
    ``set_types`` effect gives this object "the chosen type", CR 613.1d).
    """
    if "Land" not in profile.types:
        return False
    chooses = any(isinstance(a, ReplacementEffect) and a.event == "choose_on_entry"
                  and any(e.name == "choose" and "basic land type" in str(e.arg("what"))
                          for e in a.effects)
                  for a in profile.abilities)
    if not chooses:
        return False
    return any(isinstance(a, StaticAbility) and not a.condition
               and any(e.name == "set_types" and e.arg("subtypes") == "the chosen type"
                       and _is_self(e.arg("target")) for e in a.effects)
               for a in profile.abilities)


def _is_self(target: object) -> bool:
    """True when ``target`` (an effect's ObjectRef) is the object itself (CARDNAME)."""
    return isinstance(target, ObjectRef) and target.filter.kind == "self"


def produced_colors(profile: CardProfile, *, lands_could_produce: frozenset[str] = frozenset(),
                    commander_identity: frozenset[str] | None = None) -> frozenset[str]:
    """The colours (WUBRG letters) the card's mana abilities could produce (CR 106.7).

    Parameters
    ----------
    profile : CardProfile
        The compiled card; its :attr:`~CardProfile.mana_abilities` are read.
    lands_could_produce : frozenset of str
        Colours the deck's other lands could produce, for "any type that a land you control
        could produce" (Reflecting Pool; with none it produces nothing, CR 106.7).
    commander_identity : frozenset of str, optional
        The commander's colour identity, for "any color in your commander's color
        identity" (Command Tower, CR 903.4); None or empty: no colour (no commander).

    Returns
    -------
    frozenset of str
        Subset of ``{"W", "U", "B", "R", "G"}``; colourless mana is no colour. A land that
        becomes a chosen basic land type (:func:`becomes_chosen_basic_land_type`) could
        produce every colour (CR 305.6, 305.7). "Any color
        that a land an opponent controls could produce" (Exotic Orchard) depends on the
        opponent's deck and adds none here (see :attr:`ManaSources.unknown`).

    Examples
    --------
    >>> from analyzer.oracle.mana_abilities import parse_mana_ability
    >>> def land(*texts):
    ...     return CardProfile("x", "x", types=frozenset({"Land"}),
    ...                        mana_abilities=tuple(parse_mana_ability(t)[0] for t in texts))
    >>> sorted(produced_colors(land("{T}: Add {C}.", "{T}: Add {W} or {B}.")))
    ['B', 'W']
    >>> pool = land("{T}: Add one mana of any type that a land you control could produce.")
    >>> sorted(produced_colors(pool)), sorted(produced_colors(pool, lands_could_produce=frozenset("U")))
    ([], ['U'])
    """
    found: set[str] = set(_EVERY_COLOR) if becomes_chosen_basic_land_type(profile) else set()
    for ability in profile.mana_abilities:
        colors = _ability_colors(ability, commander_identity)
        if colors is not None:
            found |= colors
        elif ability.produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE:
            found |= lands_could_produce
    return frozenset(found)


def _depends_on_opponent(profile: CardProfile) -> bool:
    return any(a.produces is ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE
               for a in profile.mana_abilities)


_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
"""The basic land types (CR 205.3i): "a basic Swamp, Forest, or Island card" is a land."""


def _fetched_land_filters(profile: CardProfile) -> list[ObjectRef]:
    """Filters of "search your library for a ... land card, put it onto the battlefield"
    in the card's activated abilities (fetch lands such as Fabled Passage, Foreboding
    Landscape's "basic Swamp, Forest, or Island card")."""
    found = []
    for ability in profile.abilities:
        if not isinstance(ability, ActivatedAbility):
            continue
        for effect in ability.effects:
            what = effect.arg("filter")
            if effect.name == "search_library" and isinstance(what, ObjectRef) \
                    and ("Land" in what.filter.types
                         or what.filter.subtypes & _BASIC_LAND_TYPES) \
                    and effect.arg("destination") is Zone.BATTLEFIELD:
                found.append(what)
    return found


@dataclass(frozen=True, slots=True)
class ManaSources:
    """Copies that could produce each colour, lands apart from other permanents."""

    lands: dict[ColorLetter, int]
    """Land copies that could produce the colour (a dual land counts for both; a fetch land
    for each colour of the deck's lands it can find), WUBRG order, zeros left out."""
    other: dict[ColorLetter, int]
    """Nonland copies with a mana ability that could produce the colour (mana rocks,
    creatures such as Birds of Paradise, a modal double-faced spell // land)."""
    unknown: tuple[str, ...] = ()
    """Names of cards whose colours depend on the opponent's lands (Exotic Orchard,
    Fellwar Stone), counted for no colour."""


def mana_sources(entries: Iterable[tuple[Card, int]],
                 profiles: Mapping[CardId, CardProfile], *,
                 commander_identity: frozenset[str] | None = None) -> ManaSources:
    """Count the mana sources of each colour (Karsten's source counting, see the module).

    Parameters
    ----------
    entries : iterable of (Card, int)
        Cards and copies.
    profiles : mapping of card id to CardProfile
        Compiled profiles of those cards (the graph's, front-face view of a double-faced
        card); a card without one counts as producing nothing.
    commander_identity : frozenset of str, optional
        See :func:`produced_colors`.

    Returns
    -------
    ManaSources

    Notes
    -----
    Three passes, so that what depends on other lands sees them all: (1) each card's own
    mana abilities; (2) "any type a land you control could produce" adds the colours other
    lands produced in pass 1 (two Reflecting Pools do not define each other, CR 106.7);
    (3) a land whose activated ability puts a land card from the library onto the
    battlefield counts for the colours of the deck's lands matching its filter.
    """
    from analyzer.graph.families._match import object_matches

    cards = [(card, n, profiles.get(card.id)) for card, n in entries]
    own: dict[CardId, frozenset[str]] = {
        card.id: produced_colors(p, commander_identity=commander_identity)
        for card, _, p in cards if p is not None}
    lands = [(card, p) for card, _, p in cards if p is not None and is_land_card(card)]
    colors: dict[CardId, frozenset[str]] = {}
    for card, _, profile in cards:
        if profile is None:
            continue
        others = frozenset().union(*(own[c.id] for c, _ in lands if c.id != card.id))
        made = produced_colors(profile, lands_could_produce=others,
                               commander_identity=commander_identity)
        if is_land_card(card):
            for fetch in _fetched_land_filters(profile):
                made |= frozenset().union(*(own[c.id] for c, p in lands
                                            if object_matches(fetch.filter, p)))
        colors[card.id] = made
    land_counts: Counter[str] = Counter()
    other_counts: Counter[str] = Counter()
    for card, n, _ in cards:
        target = land_counts if is_land_card(card) else other_counts
        for color in colors.get(card.id, ()):
            target[color] += n
    unknown = tuple(card.name for card, _, p in cards if p is not None and
                    _depends_on_opponent(p))
    return ManaSources({c: land_counts[c] for c in COLOR_ORDER if land_counts[c]},
                       {c: other_counts[c] for c in COLOR_ORDER if other_counts[c]}, unknown)


@dataclass(frozen=True, slots=True)
class ColorBalance:
    """One colour's demand (pips in costs) against its supply (sources)."""

    color: ColorLetter
    """The colour letter."""
    pips: int
    """Coloured symbols of this colour in the mana costs, by copies (:func:`color_pips`)."""
    cards: int
    """Nonland copies with at least one such symbol in a cost."""
    land_sources: int
    """Land copies that could produce it (:attr:`ManaSources.lands`)."""
    other_sources: int
    """Nonland copies that could produce it (:attr:`ManaSources.other`)."""

    @property
    def name(self) -> str:
        """The colour's name (``"Blue"``)."""
        return COLOR_NAMES[self.color]


def color_balance(entries: Iterable[tuple[Card, int]], sources: ManaSources
                  ) -> tuple[ColorBalance, ...]:
    """Pips against sources for each colour that has either, in WUBRG order."""
    cards = list(entries)
    pips = color_pips(cards)
    needing: Counter[str] = Counter()
    for card, n in nonland(cards):
        for color in _pip_colors(card):
            needing[color] += n
    return tuple(ColorBalance(c, pips.get(c, 0), needing[c], sources.lands.get(c, 0),
                              sources.other.get(c, 0))
                 for c in COLOR_ORDER
                 if pips.get(c) or sources.lands.get(c) or sources.other.get(c))
