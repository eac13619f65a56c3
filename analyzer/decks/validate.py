"""Deck checks: commander(s), partners, companion, colour identity, deck size, copies and
format legality, each problem with its reason.

Format rules are small classes overriding a few :class:`GameFormat` settings (STYLE.md habit
7), keyed by the legality names of the card data (``Card.legalities``, MTGJSON's statuses
``"Legal"``, ``"Restricted"``, ``"Banned"`` and ``"Not Legal"``): a restricted card is allowed
once in that format (CR 100.6: Vintage's restricted list), a banned one never; a format absent
from a card's legalities (the shared file lists ``"Legal"`` entries only) means the card is not
legal there, banned or outside the card pool alike.

Sources: Comprehensive Rules 100.2a (constructed: at least 60 cards, 15 sideboard cards, four
copies), 903.5 (Commander: 100 cards, singleton, colour identity), 702.124 (partner), 702.139
(companion), and the basic land / "any number of cards named" exceptions (CR 100.2a).

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> from analyzer.decks.model import DeckEntry, ResolvedEntry, Section
>>> bolt = Card("b", "Lightning Bolt", color_identity=("R",), legalities={"legacy": "Legal"},
...             faces=(Face("Lightning Bolt", types=("Instant",)),))
>>> deck = Deck((ResolvedEntry(DeckEntry("Lightning Bolt", 5), bolt),))
>>> result = validate_deck(deck, "legacy")
>>> [str(p) for p in result.problems]
['the main deck has 5 cards; legacy needs at least 60', 'Lightning Bolt: 5 copies; legacy allows 4']
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from analyzer.cards.model import Card
from analyzer.decks.companion import companion_breaches
from analyzer.decks.model import Deck, ResolvedEntry, Section
from analyzer.decks.resolve import can_be_commander
from analyzer.oracle.deck_rules import NO_LIMIT, deck_rules

__all__ = ["BANNED", "FORMAT_RULES", "LEGAL", "NOT_LEGAL", "RESTRICTED", "DeckProblem",
           "DeckValidation", "GameFormat", "Problem", "guess_format", "validate_deck"]

LEGAL = "Legal"
"""MTGJSON ``legalities`` status: legal, any number of copies the format allows."""
RESTRICTED = "Restricted"
"""MTGJSON ``legalities`` status: legal, one copy at most (CR 100.6, Vintage)."""
BANNED = "Banned"
"""MTGJSON ``legalities`` status: no copy allowed (CR 100.6)."""
NOT_LEGAL = "Not Legal"
"""MTGJSON ``legalities`` status: outside the format's card pool."""
_PLAYABLE = frozenset({LEGAL, RESTRICTED})

_COLOURS = "WUBRG"


class Problem(enum.Flag):
    """Kinds of deck problems (they combine in :attr:`DeckValidation.kinds`)."""

    NONE = 0
    """No problem."""
    DECK_SIZE = enum.auto()
    """Too few or too many cards in the deck."""
    SIDEBOARD_SIZE = enum.auto()
    """Too many sideboard cards."""
    COPIES = enum.auto()
    """More copies of a card than the format allows."""
    NO_COMMANDER = enum.auto()
    """A commander format deck with no commander."""
    NOT_A_COMMANDER = enum.auto()
    """A commander that cannot be one (not a legendary creature...)."""
    PARTNER = enum.auto()
    """Two commanders that are not partners, or more than two."""
    COLOR_IDENTITY = enum.auto()
    """A card outside the commander's colour identity."""
    COMPANION = enum.auto()
    """A companion without the Companion ability, or more than one."""
    NOT_LEGAL = enum.auto()
    """A card not legal in the format."""


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One thing wrong with a deck, with the reason."""

    kind: Problem
    """What kind of problem."""
    message: str
    """The reason, in one sentence."""
    card: str | None = None
    """The card's name, for problems about one card."""

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class DeckValidation:
    """The result of :func:`validate_deck`."""

    format: str
    """The format checked (a legality name: ``"commander"``, ``"legacy"``...)."""
    problems: tuple[DeckProblem, ...] = ()
    """Every problem, deck-wide ones first."""
    legal_in: tuple[str, ...] = ()
    """Every format of the card data in which each known card of the deck is legal."""

    @property
    def ok(self) -> bool:
        """True when there is no problem."""
        return not self.problems

    @property
    def kinds(self) -> Problem:
        """Every kind of problem found, combined."""
        result = Problem.NONE
        for problem in self.problems:
            result |= problem.kind
        return result

    def to_json(self) -> dict[str, object]:
        """``{"format", "ok", "legal_in", "problems": [{"kind", "message", "card"}]}``."""
        return {"format": self.format, "ok": self.ok, "legal_in": list(self.legal_in),
                "problems": [{"kind": (p.kind.name or "").lower(), "message": p.message,
                              "card": p.card} for p in self.problems]}


class GameFormat:
    """A constructed format's deck rules (CR 100.2a); subclasses override the settings."""

    name: ClassVar[str] = "constructed"
    """The legality name in the card data."""
    min_cards: ClassVar[int] = 60
    """Fewest cards in the deck (main deck plus commanders)."""
    max_cards: ClassVar[int | None] = None
    """Most cards in the deck, ``None`` for no limit."""
    max_sideboard: ClassVar[int] = 15
    """Most sideboard cards."""
    max_copies: ClassVar[int] = 4
    """Most copies of one card (basic lands and "any number" cards excepted)."""
    commanders: ClassVar[bool] = False
    """The deck has a commander (CR 903.3)."""

    def deck_problems(self, deck: Deck) -> Iterator[DeckProblem]:
        """Deck size and sideboard size."""
        size = deck.total(Section.MAIN) + deck.total(Section.COMMANDER)
        what = "the deck" if self.commanders else "the main deck"
        if self.max_cards == self.min_cards and size != self.min_cards:
            yield DeckProblem(Problem.DECK_SIZE, f"{what} has {size} cards; {self.name} "
                              f"needs exactly {self.min_cards}")
        elif size < self.min_cards:
            yield DeckProblem(Problem.DECK_SIZE, f"{what} has {size} cards; {self.name} needs "
                              f"at least {self.min_cards}")
        elif self.max_cards is not None and size > self.max_cards:
            yield DeckProblem(Problem.DECK_SIZE, f"{what} has {size} cards; {self.name} allows "
                              f"at most {self.max_cards}")
        side = deck.total(Section.SIDEBOARD)
        if side > self.max_sideboard:
            yield DeckProblem(Problem.SIDEBOARD_SIZE, f"the sideboard has {side} cards; "
                              f"{self.name} allows {self.max_sideboard}")


class CommanderFormat(GameFormat):
    """Commander (CR 903): 100 cards with the commander(s), singleton, no sideboard."""

    name: ClassVar[str] = "commander"
    min_cards: ClassVar[int] = 100
    max_cards: ClassVar[int | None] = 100
    max_sideboard: ClassVar[int] = 0
    max_copies: ClassVar[int] = 1
    commanders: ClassVar[bool] = True


class DuelCommanderFormat(CommanderFormat):
    """Duel Commander: Commander's deck rules, its own ban list."""

    name: ClassVar[str] = "duel"


class PauperCommanderFormat(CommanderFormat):
    """Pauper Commander: Commander's deck rules over commons."""

    name: ClassVar[str] = "paupercommander"


class PreDHFormat(CommanderFormat):
    """PreDH: Commander's deck rules, cards printed before Commander 2011."""

    name: ClassVar[str] = "predh"


class BrawlFormat(CommanderFormat):
    """Brawl (historic): 100 cards with the commander."""

    name: ClassVar[str] = "brawl"


class StandardBrawlFormat(CommanderFormat):
    """Standard Brawl: 60 cards with the commander."""

    name: ClassVar[str] = "standardbrawl"
    min_cards: ClassVar[int] = 60
    max_cards: ClassVar[int | None] = 60


def _constructed(legality: str) -> type[GameFormat]:
    return type(f"{legality.capitalize()}Format", (GameFormat,), {"name": legality})


FORMAT_RULES: dict[str, type[GameFormat]] = {
    rule.name: rule for rule in (CommanderFormat, DuelCommanderFormat, PauperCommanderFormat,
                                 PreDHFormat, BrawlFormat, StandardBrawlFormat)}
"""The deck rules of the commander formats by legality name; any other legality name of the
card data (``legacy``, ``modern``, ``pauper``...) uses :class:`GameFormat`'s 60-card rules."""


def guess_format(deck: Deck) -> str:
    """``"commander"`` for a deck with a commander section, else ``"constructed"`` (checked for
    size and copies only, no legality)."""
    return "commander" if deck.section(Section.COMMANDER) else "constructed"


def validate_deck(deck: Deck, format: str | None = None) -> DeckValidation:
    """Check ``deck`` against a format's deck rules and legality.

    Parameters
    ----------
    deck : Deck
        A resolved deck; unknown names are skipped (they are issues already).
    format : str, optional
        A legality name of the card data (``"commander"``, ``"duel"``, ``"legacy"``,
        ``"modern"``...); default :func:`guess_format`. ``"constructed"`` checks the
        60-card rules without legality.

    Returns
    -------
    DeckValidation
        The problems, and the formats the deck's cards are all legal in.
    """
    name = (format or guess_format(deck)).strip().lower()
    rules = FORMAT_RULES.get(name) or _constructed(name)
    problems = list(rules().deck_problems(deck))
    if rules.commanders:
        problems += _commander_problems(deck)
    problems += _companion(deck, rules)
    problems += _copies(deck, rules)
    if name != "constructed":
        problems += _legality(deck, name)
    return DeckValidation(name, tuple(problems), _legal_in(deck))


def _known(deck: Deck, *sections: Section) -> list[tuple[ResolvedEntry, Card]]:
    return [(e, e.card) for s in sections for e in deck.section(s) if e.card is not None]


def _commander_problems(deck: Deck) -> Iterator[DeckProblem]:
    commanders = [card for _, card in _known(deck, Section.COMMANDER)]
    if not deck.section(Section.COMMANDER):
        yield DeckProblem(Problem.NO_COMMANDER, "the deck has no commander (put it under a "
                          "'Commander' header)")
    for card in commanders:
        if not (can_be_commander(card) or "Background" in card.subtypes):
            yield DeckProblem(Problem.NOT_A_COMMANDER, f"{card.name} cannot be a commander "
                              "(it is not a legendary creature and does not say it can be)",
                              card.name)
    if len(commanders) > 2:
        yield DeckProblem(Problem.PARTNER, f"the deck has {len(commanders)} commanders; at "
                          "most two partners are allowed")
    elif len(commanders) == 2 and not _partners(*commanders):
        yield DeckProblem(Problem.PARTNER, f"{commanders[0].name} and {commanders[1].name} are "
                          "not partners (partner, partner with, friends forever, choose a "
                          "Background, Doctor's companion)")
    if commanders:
        yield from _identity(deck, commanders)


def _partners(a: Card, b: Card) -> bool:
    return deck_rules(a).partners_with(a, b, deck_rules(b))


def _companion(deck: Deck, rules: type[GameFormat]) -> Iterator[DeckProblem]:
    """At most one companion, with the Companion ability, whose condition the starting deck
    fulfils (CR 702.139a, :mod:`analyzer.decks.companion`); in every format."""
    companions = _known(deck, Section.COMPANION)
    if sum(e.count for e, _ in companions) > 1:
        yield DeckProblem(Problem.COMPANION, "a deck has at most one companion")
    for _, card in companions:
        if "Companion" not in card.keywords:
            yield DeckProblem(Problem.COMPANION, f"{card.name} has no Companion ability",
                              card.name)
            continue
        for message in companion_breaches(card, deck, min_cards=rules.min_cards):
            yield DeckProblem(Problem.COMPANION, message, card.name)


def _identity(deck: Deck, commanders: list[Card]) -> Iterator[DeckProblem]:
    allowed = {c for card in commanders for c in card.color_identity}
    shown = "".join(c for c in _COLOURS if c in allowed) or "colourless"
    for _entry, card in _known(deck, Section.MAIN, Section.COMPANION, Section.SIDEBOARD):
        outside = [c for c in _COLOURS if c in card.color_identity and c not in allowed]
        if outside:
            yield DeckProblem(Problem.COLOR_IDENTITY, f"{card.name} has {''.join(outside)} in "
                              f"its colour identity, outside the commander's ({shown})",
                              card.name)


def _copies(deck: Deck, rules: type[GameFormat]) -> Iterator[DeckProblem]:
    counts: dict[str, tuple[Card, int]] = {}
    for entry, card in _known(deck, Section.MAIN, Section.COMMANDER, Section.SIDEBOARD):
        counts[card.name] = (card, counts.get(card.name, (card, 0))[1] + entry.count)
    for name, (card, count) in counts.items():
        if count > 1 and card.legalities.get(rules.name) == RESTRICTED:
            yield DeckProblem(Problem.COPIES, f"{name}: {count} copies; {name} is restricted "
                              f"in {rules.name} (one copy allowed)", name)
            continue
        limit = _copy_limit(card, rules.max_copies)
        if limit is not None and count > limit:
            yield DeckProblem(Problem.COPIES, f"{name}: {count} copies; {rules.name} allows "
                              f"{limit}", name)


def _copy_limit(card: Card, default: int) -> int | None:
    if "Basic" in card.supertypes and "Land" in card.types:
        return None
    limit = deck_rules(card).copy_limit
    if limit == NO_LIMIT:
        return None
    return default if limit is None else limit


def _legality(deck: Deck, name: str) -> Iterator[DeckProblem]:
    seen: set[str] = set()
    for entry in deck.entries:
        card = entry.card
        if card is None or entry.section is Section.MAYBEBOARD or card.name in seen:
            continue
        seen.add(card.name)
        status = card.legalities.get(name)
        if status in _PLAYABLE:
            continue
        if status == BANNED:
            yield DeckProblem(Problem.NOT_LEGAL, f"{card.name} is banned in {name}", card.name)
            continue
        where = _where_legal(card)
        if status is None:
            where = "the card data gives no status there: banned or outside its card pool; " \
                + where
        yield DeckProblem(Problem.NOT_LEGAL, f"{card.name} is not legal in {name} ({where})",
                          card.name)


def _where_legal(card: Card) -> str:
    """``"legal in a, b; restricted in c"``: the formats the card may be played in."""
    legal = sorted(f for f, s in card.legalities.items() if s == LEGAL)
    restricted = sorted(f for f, s in card.legalities.items() if s == RESTRICTED)
    parts = ([f"legal in {', '.join(legal)}"] if legal else []) + (
        [f"restricted in {', '.join(restricted)}"] if restricted else [])
    return "; ".join(parts) or "legal in no format of the card data"


def _legal_in(deck: Deck) -> tuple[str, ...]:
    cards = [e.card for e in deck.entries
             if e.card is not None and e.section is not Section.MAYBEBOARD]
    if not cards:
        return ()
    legal = {f for f, status in cards[0].legalities.items() if status in _PLAYABLE}
    for card in cards[1:]:
        legal &= {f for f, status in card.legalities.items() if status in _PLAYABLE}
    return tuple(sorted(legal))
