"""Goldfish Monte Carlo: how often a deck has its combo pieces, or casts a sneak or prowl
card for its alternative cost, by turn N.

"Goldfish" means the opponent does nothing: no blockers, no removal, no counterspells. The
model, stated once and reported with every result (:attr:`OddsReport.assumptions`):

- Two players; you are on the play (no draw on turn 1, CR 103.8a) unless ``on_the_play`` is
  false. The library is the main deck, shuffled with ``random.Random(seed)``; commander
  cards start in the command zone and count as available from turn 1.
- Mulligans (:class:`MulliganRule`): ``london`` keeps a 7-card hand with 2 to 5 lands, else
  shuffles and draws 7 again, at most twice, then keeps; after ``k`` mulligans ``k`` cards go
  to the bottom (CR 103.5): first the highest-mana-value nonland cards that are not a piece
  of a tracked combo nor a tracked sneak/prowl card, then lands beyond the third, then any.
  ``never`` keeps every 7 (the model of the hypergeometric cross-check).
- Combo pieces: a combo is "assembled" by turn N when every piece has been in hand (drawn
  or kept) by turn N's main phase. Mana, colours and tutors are ignored: this is the
  probability of having the cards, not of casting them.
- Sneak and prowl: each turn you play a land if you have one (every land makes one mana of
  any needed colour), attack with every creature that has been under your control since the
  turn began (or has haste), and - all attackers being unblocked - cast the card for its
  sneak cost in the declare blockers step, or for its prowl cost after combat damage when an
  attacker shares a creature type with it (changelings share every type), if your lands can
  pay its mana value. In the second main phase you cast creatures from hand, cheapest first,
  with all your lands; tracked sneak/prowl cards are never cast for their normal cost. Cost
  reductions (e.g. Frogtosser Banneret) are ignored, so prowl odds are a lower bound.

Examples
--------
>>> land = GoldfishCard("Island", is_land=True)
>>> a, b = GoldfishCard("A"), GoldfishCard("B")
>>> deck = [(land, 40), (a, 4), (b, 4), (GoldfishCard("Filler"), 12)]
>>> report = goldfish(deck, combos=[("a+b", ("A", "B"))], turns=3, games=2000, seed=1,
...                   mulligan=MulliganRule.NEVER)
>>> odds = report.combos[0]
>>> abs(odds.by_turn[2] - odds.exact[2]) < 0.05
True
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from analyzer.simulate.hypergeometric import cards_seen, p_all_drawn

if TYPE_CHECKING:
    from analyzer.oracle.profile import CardProfile

__all__ = [
    "AltCostOdds",
    "ComboOdds",
    "GoldfishCard",
    "MulliganRule",
    "OddsReport",
    "goldfish",
]

HAND_SIZE = 7
"""Opening hand size (CR 103.4)."""
MAX_MULLIGANS = 2
"""Mulligans taken at most by the ``london`` rule before keeping."""


class MulliganRule(enum.Enum):
    """When the simulated player mulligans."""

    LONDON = enum.auto()
    """Keep 2 to 5 lands in 7, else mulligan (at most twice); bottom one card per
    mulligan (CR 103.5)."""
    NEVER = enum.auto()
    """Keep every opening hand."""

    @property
    def label(self) -> str:
        """``"london"`` or ``"never"``."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class GoldfishCard:
    """What the goldfish needs to know about a card."""

    name: str
    """The card's name."""
    is_land: bool = False
    """A land (played one a turn)."""
    mana_value: int = 0
    """Mana value (CR 202.3), what casting it normally costs here."""
    is_creature: bool = False
    """A creature (cast in the second main phase, attacks from the next turn)."""
    haste: bool = False
    """It can attack the turn it is cast."""
    creature_types: frozenset[str] = frozenset()
    """Its creature types (kindred spells too), for prowl."""
    changeling: bool = False
    """Every creature type (CR 702.73a)."""
    sneak: int | None = None
    """Mana value of its sneak cost, ``None`` without sneak."""
    prowl: int | None = None
    """Mana value of its prowl cost, ``None`` without prowl."""

    @classmethod
    def from_card(cls, card: Any, profile: CardProfile | None = None) -> GoldfishCard:
        """Read a :class:`~analyzer.cards.model.Card` through its compiled profile.

        Parameters
        ----------
        card : analyzer.cards.model.Card
            The card (``name`` and ``mana_value`` are read from it).
        profile : CardProfile, optional
            Its profile as the card database stores it
            (:func:`analyzer.cards.profiles.profiles_for`); compiled from the Oracle text
            here (:func:`analyzer.oracle.compile.compile_card`) only when not given, as
            without a database.
        """
        if profile is None:
            from analyzer.oracle.compile import compile_card

            profile = compile_card(card)
        sneak = profile.keyword("Sneak")
        prowl = profile.keyword("Prowl")
        return cls(
            name=card.name, is_land="Land" in profile.types,
            mana_value=int(card.mana_value), is_creature=profile.is_creature,
            haste=profile.has_keyword("Haste"), creature_types=profile.creature_types,
            changeling=profile.is_changeling,
            sneak=sneak.cost.mana_value if sneak is not None and sneak.cost is not None
            else None,
            prowl=prowl.cost.mana_value if prowl is not None and prowl.cost is not None
            else None)

    def shares_type(self, other: GoldfishCard) -> bool:
        """True if the two share a creature type (CR 702.76a, changelings every type)."""
        if self.changeling and (other.changeling or other.creature_types):
            return True
        if other.changeling and self.creature_types:
            return True
        return bool(self.creature_types & other.creature_types)


@dataclass(frozen=True, slots=True)
class ComboOdds:
    """How often a combo's pieces were all in hand by each turn."""

    combo_id: str
    """The combo's id."""
    cards: tuple[str, ...]
    """Its pieces."""
    by_turn: tuple[float, ...]
    """``by_turn[t - 1]``: fraction of games with every piece in hand by turn t."""
    exact: tuple[float, ...] | None
    """The hypergeometric value per turn with no mulligan (``None`` when a piece is
    missing from the deck)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"combo": self.combo_id, "cards": list(self.cards),
                "by_turn": [round(p, 4) for p in self.by_turn],
                "exact_no_mulligan": None if self.exact is None
                else [round(p, 4) for p in self.exact]}


@dataclass(frozen=True, slots=True)
class AltCostOdds:
    """How often a sneak or prowl card was cast for its alternative cost by each turn."""

    card: str
    """The card."""
    cost: str
    """``"sneak"`` or ``"prowl"``."""
    mana_value: int
    """Mana value of that cost."""
    by_turn: tuple[float, ...]
    """``by_turn[t - 1]``: fraction of games where it was cast that way by turn t."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"card": self.card, "cost": self.cost, "mana_value": self.mana_value,
                "by_turn": [round(p, 4) for p in self.by_turn]}


@dataclass(frozen=True)
class OddsReport:
    """The result of :func:`goldfish`."""

    games: int
    """Games played."""
    turns: int
    """Turns per game."""
    seed: int
    """The random seed (same seed, same deck: same result)."""
    on_the_play: bool
    """True: no draw on turn 1."""
    mulligan: MulliganRule
    """The mulligan rule."""
    mulligans: tuple[float, ...]
    """Fraction of games kept after 0, 1, 2... mulligans."""
    combos: tuple[ComboOdds, ...]
    """One per tracked combo."""
    alt_costs: tuple[AltCostOdds, ...]
    """One per sneak or prowl card in the deck."""
    seconds: float = field(default=0.0, compare=False)
    """Wall time of the simulation."""

    @property
    def assumptions(self) -> str:
        """The model in one paragraph (this module's docstring, condensed)."""
        mull = ("London mulligan: keep 2-5 lands in 7, at most 2 mulligans, one card to the "
                "bottom per mulligan" if self.mulligan is MulliganRule.LONDON
                else "no mulligans")
        return (f"Goldfish (opponent does nothing), {'on the play' if self.on_the_play else 'on the draw'}, "
                f"{mull}. Pieces count once drawn; mana and colours ignored for combos. "
                "Sneak/prowl: one land a turn (any colour), creatures cast cheapest first "
                "in main 2, attack with all non-sick creatures, none blocked; cost "
                "reductions ignored.")

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"games": self.games, "turns": self.turns, "seed": self.seed,
                "on_the_play": self.on_the_play, "mulligan": self.mulligan.label,
                "mulligans": [round(p, 4) for p in self.mulligans],
                "assumptions": self.assumptions,
                "combos": [c.to_json() for c in self.combos],
                "alt_costs": [a.to_json() for a in self.alt_costs],
                "seconds": round(self.seconds, 3)}


class _Deck:
    """The deck flattened: one index per physical card, names numbered."""

    def __init__(self, entries: Iterable[tuple[GoldfishCard, int]],
                 commanders: Iterable[GoldfishCard]) -> None:
        self.kinds: list[GoldfishCard] = []
        self.name_id: dict[str, int] = {}
        self.library: list[int] = []
        for card, count in entries:
            kind = self._kind(card)
            self.library += [kind] * count
        self.commanders = [self._kind(c) for c in commanders]

    def _kind(self, card: GoldfishCard) -> int:
        key = card.name.lower()
        if key not in self.name_id:
            self.name_id[key] = len(self.kinds)
            self.kinds.append(card)
        return self.name_id[key]


def _bottom(hand: list[int], k: int, deck: _Deck, keep: set[int]) -> list[int]:
    """The ``k`` cards of ``hand`` to put on the bottom (rule in the module docstring)."""
    kinds = deck.kinds
    order = sorted(range(len(hand)), key=lambda i: (
        hand[i] in keep,                                   # tracked pieces last
        kinds[hand[i]].is_land,                            # spells before lands
        -kinds[hand[i]].mana_value))                       # expensive first
    lands = [i for i in order if kinds[hand[i]].is_land]
    chosen = [i for i in order if not kinds[hand[i]].is_land and hand[i] not in keep][:k]
    chosen += lands[3:][:k - len(chosen)]
    chosen += [i for i in order if i not in chosen][:k - len(chosen)]
    return chosen


def _opening(rng: random.Random, deck: _Deck, rule: MulliganRule, keep: set[int]
             ) -> tuple[list[int], list[int], int]:
    """(kept hand, library top first, mulligans taken)."""
    cards = deck.library[:]
    mulligans = 0
    while True:
        rng.shuffle(cards)
        hand = cards[:HAND_SIZE]
        lands = sum(deck.kinds[c].is_land for c in hand)
        if rule is MulliganRule.NEVER or mulligans == MAX_MULLIGANS or 2 <= lands <= 5:
            break
        mulligans += 1
    if not mulligans:
        return hand, cards[HAND_SIZE:], 0
    out = set(_bottom(hand, mulligans, deck, keep))
    kept = [c for i, c in enumerate(hand) if i not in out]
    return kept, cards[HAND_SIZE:] + [c for i, c in enumerate(hand) if i in out], mulligans


def _alt_costs(deck: _Deck, hand: list[int], library: list[int], turns: int,
               on_the_play: bool, tracked: list[int]) -> dict[int, int]:
    """Turn on which each tracked sneak/prowl card was first cast for that cost."""
    kinds = deck.kinds
    hand = hand[:] + deck.commanders
    creatures: list[tuple[int, int]] = []   # (kind, turn it came under your control)
    lands = 0
    done: dict[int, int] = {}
    tracked_set = set(tracked)
    for turn in range(1, turns + 1):
        if turn > 1 or not on_the_play:
            draw = turn - 2 if on_the_play else turn - 1
            if draw < len(library):
                hand.append(library[draw])
        land = next((c for c in hand if kinds[c].is_land), None)
        if land is not None:
            hand.remove(land)
            lands += 1
        attackers = [kinds[c] for c, since in creatures if since < turn or kinds[c].haste]
        for kind in tracked:
            if kind in done or kind not in hand:
                continue
            card = kinds[kind]
            sneaks = card.sneak is not None and bool(attackers) and lands >= card.sneak
            prowls = card.prowl is not None and lands >= card.prowl and \
                any(a.shares_type(card) for a in attackers)
            if sneaks or prowls:
                done[kind] = turn
        mana = lands
        for c in sorted((c for c in hand if kinds[c].is_creature and c not in tracked_set),
                        key=lambda c: kinds[c].mana_value):
            if kinds[c].mana_value <= mana:
                mana -= kinds[c].mana_value
                hand.remove(c)
                creatures.append((c, turn))
    return done


def goldfish(entries: Iterable[tuple[GoldfishCard, int]], *,
             combos: Sequence[tuple[str, Sequence[str]]] = (),
             commanders: Iterable[GoldfishCard] = (), turns: int = 6, games: int = 10_000,
             seed: int = 0, on_the_play: bool = True,
             mulligan: MulliganRule = MulliganRule.LONDON) -> OddsReport:
    """Play ``games`` goldfish games and count combos assembled and alternative costs paid.

    Parameters
    ----------
    entries : iterable of (GoldfishCard, int)
        The main deck (the library) with copies.
    combos : sequence of (id, piece names)
        Combos to track; a piece neither in the deck nor a commander never counts as drawn.
    commanders : iterable of GoldfishCard
        Command-zone cards: available from turn 1.
    turns, games, seed : int
        Turns per game (1 or more), games (1 or more), the random seed.
    on_the_play : bool
        No draw on turn 1.
    mulligan : MulliganRule
        When to mulligan.

    Returns
    -------
    OddsReport

    Raises
    ------
    ValueError
        ``turns`` or ``games`` below 1, or a library smaller than an opening hand.
    """
    if turns < 1 or games < 1:
        raise ValueError(f"turns and games must be 1 or more, not {turns} and {games}")
    begin = time.perf_counter()
    deck = _Deck(entries, commanders)
    if len(deck.library) < HAND_SIZE:
        raise ValueError(f"a {len(deck.library)}-card library cannot deal a "
                         f"{HAND_SIZE}-card opening hand")
    free = set(deck.commanders)
    combo_pieces = [[deck.name_id.get(n.lower(), -1) for n in names] for _, names in combos]
    tracked_alt = [k for k, card in enumerate(deck.kinds) if card.sneak is not None
                   or card.prowl is not None]
    keep = {k for pieces in combo_pieces for k in pieces} | set(tracked_alt)
    combo_counts = [[0] * (turns + 1) for _ in combos]
    alt_counts = {k: [0] * (turns + 1) for k in tracked_alt}
    mulligan_counts = [0] * (MAX_MULLIGANS + 1)
    rng = random.Random(seed)
    depth = turns + 1
    for _ in range(games):
        hand, library, mulls = _opening(rng, deck, mulligan, keep)
        mulligan_counts[mulls] += 1
        seen: dict[int, int] = {c: 1 for c in hand}
        for c in free:
            seen[c] = 1
        first_draw_turn = 2 if on_the_play else 1
        for pos, c in enumerate(library[:depth]):
            seen.setdefault(c, pos + first_draw_turn)
        for i, pieces in enumerate(combo_pieces):
            turn = max((seen.get(k, turns + 1) if k >= 0 else turns + 1 for k in pieces),
                       default=1)
            if turn <= turns:
                combo_counts[i][turn] += 1
        if tracked_alt:
            for kind, turn in _alt_costs(deck, hand, library, turns, on_the_play,
                                         tracked_alt).items():
                alt_counts[kind][turn] += 1

    def cumulative(counts: list[int]) -> tuple[float, ...]:
        out, running = [], 0
        for t in range(1, turns + 1):
            running += counts[t]
            out.append(running / games)
        return tuple(out)

    combo_odds = []
    for (combo_id, names), pieces, counts in zip(combos, combo_pieces, combo_counts,
                                                 strict=True):
        copies = [deck.library.count(k) for k in pieces if k not in free]
        exact = None if any(k < 0 or (k not in free and not c) for k, c in
                            zip(pieces, [deck.library.count(k) for k in pieces],
                                strict=True)) \
            else tuple(p_all_drawn(len(deck.library), copies,
                                   cards_seen(t, on_the_play=on_the_play))
                       for t in range(1, turns + 1))
        combo_odds.append(ComboOdds(combo_id, tuple(names), cumulative(counts), exact))
    alt_odds = []
    for kind in tracked_alt:
        card = deck.kinds[kind]
        cost, value = ("sneak", card.sneak) if card.sneak is not None else \
            ("prowl", card.prowl)
        alt_odds.append(AltCostOdds(card.name, cost, int(value or 0),
                                    cumulative(alt_counts[kind])))
    return OddsReport(games=games, turns=turns, seed=seed, on_the_play=on_the_play,
                      mulligan=mulligan,
                      mulligans=tuple(n / games for n in mulligan_counts),
                      combos=tuple(combo_odds), alt_costs=tuple(alt_odds),
                      seconds=time.perf_counter() - begin)
