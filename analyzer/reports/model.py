"""The report model: one typed tree, built once from a deck analysis, read by every renderer.

:func:`analyzer.reports.build.build_report` turns a
:class:`~analyzer.services.DeckAnalysis` (and, when given, combo findings) into a
:class:`Report`. The HTML, PDF, Markdown and JSON renderers only read this tree, so the four
formats always hold the same content. Every string in it is plain text as the user or the card
data wrote it; each renderer escapes it for its own format.

The combo inputs (:class:`ComboFindings` and the values under it) are the contract between the
combo analysis and the report: the combo finder, line search and goldfish simulation fill
them; a part left ``None`` was not run, and its section then says so instead of showing
anything.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeAlias

from analyzer.errors import InputError

__all__ = [
    "HUB_NODE_COLOR",
    "NAME_SEPARATOR",
    "NODE_COLOR",
    "NODE_LEGEND",
    "ODDS_NOTHING_TRACKED",
    "CardLine",
    "ComboEntry",
    "ComboFindings",
    "ComboVerdict",
    "CurveBucket",
    "DeckGroupReport",
    "DeckIssueReport",
    "DeckReport",
    "EdgeReport",
    "GoldfishOdds",
    "GraphLink",
    "GraphNode",
    "GraphPicture",
    "KeyCard",
    "KeyCardsReport",
    "LineStep",
    "NearMiss",
    "OddsRow",
    "Package",
    "PipCount",
    "Report",
    "ReportOptions",
    "ReportSection",
    "SampleLine",
    "SectionTotal",
    "StatsReport",
    "TypeCount",
    "Unavailable",
    "capitalized",
    "join_names",
    "kind_label",
]

CardName: TypeAlias = str
"""A card's Oracle name (MTGJSON ``name``), or a deck line's name as written."""

NAME_SEPARATOR = " · "
"""Between card names in a running list: a card name may hold a comma ("Urborg, Tomb of
Yawgmoth"), never a middle dot (no name in MTGJSON AtomicCards holds U+00B7)."""

HUB_NODE_COLOR = "#2f4b75"
"""Fill of a hub's circle in the graph picture (one of the most linked cards)."""
NODE_COLOR = "#4f6d9a"
"""Fill of every other card's circle in the graph picture."""
NODE_LEGEND: tuple[tuple[str, str], ...] = (
    (HUB_NODE_COLOR, "hub: one of the cards with the most synergy edges (bold label)"),
    (NODE_COLOR, "other card; a circle grows with its card's number of synergy edges"),
)
"""(colour, meaning) of the graph picture's circles, for its legend (hubs first; a picture
of 10 cards or fewer has none)."""

ODDS_NOTHING_TRACKED = (
    "the goldfish simulation ran, but the deck has no complete catalog combo and no card "
    "with a sneak or prowl cost, so there was no goal to count")
"""Why the odds section holds no goal after the simulation ran: it counts the catalog combos
complete in the deck and each sneak or prowl card (:func:`analyzer.services.deck_odds`)."""


def join_names(names: Iterable[str]) -> str:
    """Card names as one running list, :data:`NAME_SEPARATOR` between them.

    >>> join_names(["Swamp", "Urborg, Tomb of Yawgmoth"])
    'Swamp · Urborg, Tomb of Yawgmoth'
    """
    return NAME_SEPARATOR.join(names)


def kind_label(kind: str) -> str:
    """A synergy kind (``SynergyEdge.kind``) as people read it, as the PNG legend and the
    window show it (:func:`analyzer.graph.kinds.kind_label`).

    >>> kind_label("shares_creature_type")
    'shares creature type'
    """
    from analyzer.graph.kinds import kind_label as label

    return label(kind)


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case, the rest kept (card names keep their
    case): a heading.

    >>> capitalized("the most damage to the opponents this turn (line 1)")
    'The most damage to the opponents this turn (line 1)'
    """
    return text[:1].upper() + text[1:]


class ReportSection(enum.Enum):
    """The parts of a report a user can include or leave out, in report order.

    The value is the name used on the command line (``--sections deck,stats``) and as the
    JSON key of the section.
    """

    DECK = "deck"
    """The deck list by section and card type, with the problems met reading the file."""
    STATS = "stats"
    """Mana curve, colour pips and card type counts (:mod:`analyzer.stats`)."""
    KEY_CARDS = "key_cards"
    """The cards most central to the synergies, and the deck's packages."""
    GRAPH = "graph"
    """The picture of the synergy graph."""
    EDGES = "edges"
    """Every synergy edge with its explanation and rules."""
    COMBOS = "combos"
    """Combos with their verdict, steps and per-iteration gain."""
    NEAR_MISSES = "near_misses"
    """Combos one card away, by missing card."""
    LINES = "lines"
    """Sample lines of play, step by step."""
    ODDS = "odds"
    """Goldfish odds: how often the deck assembles a combo by a given turn."""

    @property
    def title(self) -> str:
        """The section heading (``"Every synergy edge"``)."""
        return _SECTION_TITLES[self]

    @classmethod
    def parse_list(cls, text: str) -> tuple[ReportSection, ...]:
        """Sections from a comma-separated list of values, in report order.

        Raises
        ------
        InputError
            A name is no section; the message lists the valid names.

        Examples
        --------
        >>> [s.value for s in ReportSection.parse_list("edges, deck")]
        ['deck', 'edges']
        >>> ReportSection.parse_list("all") == tuple(ReportSection)
        True
        """
        names = [n.strip().lower().replace("-", "_") for n in text.split(",") if n.strip()]
        if names == ["all"]:
            return tuple(cls)
        known = {s.value: s for s in cls}
        unknown = [n for n in names if n not in known]
        if unknown or not names:
            raise InputError(f"unknown report section {', '.join(unknown) or text!r}; choose "
                             f"from {', '.join(known)} (comma-separated) or 'all'")
        return tuple(s for s in cls if s.value in names)


_SECTION_TITLES = {
    ReportSection.DECK: "Deck", ReportSection.STATS: "Mana and card types",
    ReportSection.KEY_CARDS: "Key cards and packages", ReportSection.GRAPH: "Synergy graph",
    ReportSection.EDGES: "Every synergy edge", ReportSection.COMBOS: "Combos",
    ReportSection.NEAR_MISSES: "Near misses", ReportSection.LINES: "Sample lines",
    ReportSection.ODDS: "Goldfish odds",
}


@dataclass(frozen=True, slots=True)
class ReportOptions:
    """What the user chose for a report: its sections, title and notes."""

    sections: tuple[ReportSection, ...] = tuple(ReportSection)
    """The sections to include (report order is kept whatever the order given)."""
    title: str | None = None
    """The report title; default the deck's name."""
    notes: str = ""
    """Free text printed under the title (escaped in every format; line breaks kept)."""
    generated_at: datetime | None = None
    """The time written in the report; default now (UTC). Set it for reproducible files."""

    def includes(self, section: ReportSection) -> bool:
        """Whether ``section`` is to be printed."""
        return section in self.sections


# -- the combo analysis' inputs ----------------------------------------------------------


class ComboVerdict(enum.Enum):
    """What simulating a combo with the rules core concluded."""

    VERIFIED = "verified"
    """The rules core ran the combo's steps and it repeats with the stated gain."""
    NOT_WORKING = "not_working"
    """The rules core ran the steps and the loop does not close (the reason says where)."""
    NOT_VERIFIABLE = "not_verifiable"
    """The rules core cannot run it (a card it does not understand; the reason names it)."""

    @property
    def label(self) -> str:
        """``"verified"``, ``"not working"``, ``"not verifiable"``."""
        return self.value.replace("_", " ")


@dataclass(frozen=True, slots=True)
class ComboEntry:
    """One combo of the deck as the combo analysis reports it."""

    name: str
    """A short name (``"Splinter + Ninja of the Deep Hours"``)."""
    cards: tuple[CardName, ...]
    """The cards the combo needs."""
    verdict: ComboVerdict
    """What the simulation concluded."""
    reason: str
    """Why: the verified outcome, the step that fails, or the card the rules core cannot run."""
    steps: tuple[str, ...] = ()
    """One iteration of the combo, step by step, in plain words."""
    gain_per_iteration: tuple[str, ...] = ()
    """What one iteration nets (``"+1 {B}"``, ``"draw 1 card"``); empty for no net gain."""
    rules: tuple[str, ...] = ()
    """Comprehensive Rules numbers the combo relies on."""


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A card the deck lacks and the combos it would complete."""

    missing_card: CardName
    """The card to add."""
    combos: tuple[str, ...]
    """Names of the combos it completes."""
    cards_in_deck: tuple[CardName, ...] = ()
    """The other pieces, already in the deck."""


@dataclass(frozen=True, slots=True)
class LineStep:
    """One action of a sample line and the events it caused."""

    action: str
    """What the player does (``"Cast Ninja of the Deep Hours for {1}{U} (ninjutsu)"``)."""
    events: tuple[str, ...] = ()
    """What happened as a result, in order."""


@dataclass(frozen=True, slots=True)
class SampleLine:
    """A line of play simulated by the rules core."""

    title: str
    """What the line shows."""
    steps: tuple[LineStep, ...]
    """Its actions in order."""
    outcome: str = ""
    """The end state in one sentence."""


@dataclass(frozen=True, slots=True)
class OddsRow:
    """How often something happened by a turn, over the simulated games."""

    turn: int
    """The turn number (1 = the first turn)."""
    probability: float
    """Share of games, 0..1."""


@dataclass(frozen=True, slots=True)
class GoldfishOdds:
    """Goldfish (no opponent) Monte Carlo odds of one goal, by turn."""

    goal: str
    """What was counted (``"a verified combo assembled"``)."""
    games: int
    """Number of simulated games."""
    rows: tuple[OddsRow, ...]
    """One row per turn, in turn order."""
    on_the_play: bool = True
    """Whether the simulated player went first (no draw on turn 1, CR 103.8a)."""


@dataclass(frozen=True, slots=True)
class ComboFindings:
    """What the combo analysis found; each part ``None`` when that analysis was not run.

    An empty tuple means the analysis ran and found nothing, which the report says as such.
    """

    combos: tuple[ComboEntry, ...] | None = None
    """Combos with verdicts (:data:`ReportSection.COMBOS`)."""
    near_misses: tuple[NearMiss, ...] | None = None
    """Near misses (:data:`ReportSection.NEAR_MISSES`)."""
    lines: tuple[SampleLine, ...] | None = None
    """Sample lines (:data:`ReportSection.LINES`)."""
    odds: tuple[GoldfishOdds, ...] | None = None
    """Goldfish odds (:data:`ReportSection.ODDS`)."""
    reasons: tuple[tuple[ReportSection, str], ...] = ()
    """(section, why) for a part left ``None`` because it was tried and could not run (a
    40-card simulation of a 4-card deck); the report says that instead of "not run"."""


# -- the report tree ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardLine:
    """One deck line: copies of a card (or of a name no card matched)."""

    count: int
    """Copies."""
    name: CardName
    """The card's Oracle name, or the name as written when unresolved."""
    card_id: str | None
    """The card's id in the database, ``None`` when unresolved."""
    mana_cost: str = ""
    """MTGJSON ``manaCost`` of the front face (``"{1}{U}"``), empty for none."""
    type_line: str = ""
    """MTGJSON ``type`` of the front face."""
    mana_value: float | None = None
    """MTGJSON ``manaValue``; ``None`` when unresolved."""
    note: str = ""
    """How the name was matched when it is not the Oracle name (flavor name, face...)."""


@dataclass(frozen=True, slots=True)
class DeckGroupReport:
    """A heading of the deck list and its lines (:class:`analyzer.decks.DeckGroup`)."""

    title: str
    """``"Commander"``, ``"Creatures"``, ``"Sideboard"``..."""
    section: str
    """The deck section's label (``"main"``, ``"sideboard"``, ``"commander"``...)."""
    count: int
    """Copies under the heading."""
    cards: tuple[CardLine, ...]
    """The lines, in file order."""


@dataclass(frozen=True, slots=True)
class DeckIssueReport:
    """A problem met reading the deck file (:class:`analyzer.decks.ParseIssue`)."""

    line_no: int | None
    """1-based line, ``None`` for the whole file."""
    severity: str
    """``"error"`` or ``"warning"``."""
    text: str
    """The line or name as written."""
    reason: str
    """What is wrong."""
    suggestions: tuple[str, ...] = ()
    """Closest names or a hint."""


@dataclass(frozen=True, slots=True)
class SectionTotal:
    """Copies in one deck section."""

    section: str
    """The section's label (``"main"``...)."""
    title: str
    """Its heading (``"Main deck"``...)."""
    count: int
    """Copies, unknown names included."""


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The deck: name, file, totals, grouped lines and reading problems."""

    name: str | None
    """The deck's name (the file's own, else the file name without extension)."""
    file_name: str | None
    """The deck file's name (no folder: reports are shared)."""
    format: str
    """The deck format it was read as (``"text"``, ``"mtgo_dek"``...)."""
    totals: tuple[SectionTotal, ...]
    """Copies per section."""
    groups: tuple[DeckGroupReport, ...]
    """The deck as displayed (:meth:`analyzer.decks.Deck.groups`)."""
    issues: tuple[DeckIssueReport, ...] = ()
    """Reading problems, in file order."""


@dataclass(frozen=True, slots=True)
class CurveBucket:
    """One bar of the mana curve."""

    mana_value: int
    """The mana value (the last bucket holds this and more)."""
    label: str
    """``"3"``, or ``"7+"`` for the last bucket."""
    count: int
    """Copies of nonland cards."""


@dataclass(frozen=True, slots=True)
class PipCount:
    """Coloured mana symbols of one colour."""

    color: str
    """MTGJSON colour letter (W U B R G)."""
    name: str
    """``"White"``..."""
    count: int
    """Symbols weighed by copies (:func:`analyzer.stats.color_pips`)."""


@dataclass(frozen=True, slots=True)
class TypeCount:
    """Copies of one card type."""

    card_type: str
    """MTGJSON ``types`` value (``"Creature"``; ``Tribal`` read as ``Kindred``)."""
    count: int
    """Copies (a card with two types counts under both)."""


TYPES_NOTE = "A card of two types (an artifact creature) counts once in each."
"""Said under the card types table: its copies can add up to more than the cards counted."""


@dataclass(frozen=True, slots=True)
class StatsReport:
    """The numbers a deck view shows first (:class:`analyzer.stats.DeckStats`)."""

    total: int
    """Copies in the main deck and command zone."""
    curve: tuple[CurveBucket, ...]
    """Mana curve, mana value 0 to 7+."""
    pips: tuple[PipCount, ...]
    """Colour pips, colours with none left out."""
    types: tuple[TypeCount, ...]
    """Copies by card type, most first."""


@dataclass(frozen=True, slots=True)
class KeyCard:
    """A card central to the deck's synergies."""

    card_id: str
    """The card's id."""
    name: CardName
    """The card's name."""
    score: float
    """Its centrality score (see :attr:`KeyCardsReport.method`)."""


@dataclass(frozen=True, slots=True)
class Package:
    """A group of cards that work together (a densely linked part of the graph)."""

    name: str
    """What the package does or its central card."""
    cards: tuple[CardName, ...]
    """Its cards."""


@dataclass(frozen=True, slots=True)
class KeyCardsReport:
    """Key cards and packages."""

    method: str
    """How key cards were scored, in words."""
    cards: tuple[KeyCard, ...]
    """Most central first; cards with no synergy edge are left out."""
    packages: tuple[Package, ...] | None
    """The deck's packages (:func:`analyzer.graph.packages`); ``None`` only in a report
    read back from JSON that has none (the schema allows ``null``)."""
    packages_note: str = ""
    """How the packages were found."""


@dataclass(frozen=True, slots=True)
class GraphNode:
    """A card in the synergy graph picture (coordinates in picture units)."""

    card_id: str
    """The card's id."""
    name: CardName
    """Its name."""
    label: str
    """The name as drawn: cut to :data:`~analyzer.reports.build.LABEL_MAX_CHARS` with "…"."""
    x: float
    """Centre, from the left."""
    y: float
    """Centre, from the top."""
    radius: float
    """Grows with the number of edges."""
    degree: int
    """Edges in and out."""
    hub: bool
    """One of the most linked cards: drawn darker, its label bold."""
    label_x: float
    """Where the label starts (or ends, see :attr:`label_anchor`), from the left."""
    label_y: float
    """The label's baseline point, from the top (the text is centred on it)."""
    label_angle: float
    """The label's rotation in degrees, clockwise (outer-ring labels point away from the
    centre)."""
    label_anchor: str
    """``"start"``: the text begins at the label point; ``"end"``: it ends there;
    ``"middle"``: it is centred on it."""


@dataclass(frozen=True, slots=True)
class GraphLink:
    """An edge in the synergy graph picture."""

    source: str
    """The helping card's id."""
    target: str
    """The helped card's id."""
    kind: str
    """The edge family."""
    color: str
    """CSS hex colour of the kind (:data:`analyzer.graph.kinds.KIND_COLORS`)."""
    x1: float
    """Where the curve starts: the helping card's centre."""
    y1: float
    """(see :attr:`x1`)"""
    cx: float
    """The quadratic Bézier control point: edges bow to their right, so two cards helping
    each other show two curves."""
    cy: float
    """(see :attr:`cx`)"""
    x2: float
    """Where the curve ends: on the helped card's circle, where the arrow tip goes."""
    y2: float
    """(see :attr:`x2`)"""


@dataclass(frozen=True, slots=True)
class GraphPicture:
    """The synergy graph drawn as a ring of cards, the most linked ones (hubs) amid the
    cards they share most edges with (see :func:`analyzer.reports.build.graph_picture`)."""

    width: float
    """Picture width in picture units (room for the labels all around)."""
    height: float
    """Picture height."""
    nodes: tuple[GraphNode, ...]
    """The cards with at least one edge."""
    links: tuple[GraphLink, ...]
    """Every edge between them."""
    unlinked: tuple[CardName, ...]
    """Cards with no edge, by name (not drawn)."""
    legend: tuple[tuple[str, str], ...]
    """(kind, colour) of the kinds drawn."""

    @property
    def edge_opacity(self) -> float:
        """Stroke opacity of the edges: 0.6 up to 150 edges, fainter for more (at least
        0.15), so a dense graph still shows its cards."""
        return round(max(0.15, min(0.6, 0.6 * 150 / max(len(self.links), 1))), 2)


@dataclass(frozen=True, slots=True)
class EdgeReport:
    """One synergy edge with its explanation (:class:`analyzer.graph.EdgeRow`)."""

    source: str
    """The helping card's id."""
    target: str
    """The helped card's id."""
    source_name: CardName
    """The helping card's name."""
    target_name: CardName
    """The helped card's name."""
    kind: str
    """The edge family."""
    explanation: str
    """One sentence naming both cards."""
    rules: tuple[str, ...]
    """Comprehensive Rules numbers."""
    strength: float
    """0..1."""


@dataclass(frozen=True, slots=True)
class Unavailable:
    """A section the user asked for that this report cannot fill, and why."""

    section: ReportSection
    """The section."""
    reason: str
    """Why it is empty (``"the combo analysis was not run"``)."""


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a report shows, for every format.

    A section's field is ``None`` when the section was not asked for or cannot be filled;
    :attr:`unavailable` tells the second case from the first.
    """

    title: str
    """The report's title."""
    notes: str
    """The user's notes."""
    generated_at: datetime
    """When it was made (UTC)."""
    generator: str
    """``"spellweb 0.1.0"``."""
    sections: tuple[ReportSection, ...]
    """The sections asked for, in report order."""
    deck: DeckReport | None = None
    """:data:`ReportSection.DECK`."""
    stats: StatsReport | None = None
    """:data:`ReportSection.STATS`."""
    key_cards: KeyCardsReport | None = None
    """:data:`ReportSection.KEY_CARDS`."""
    graph: GraphPicture | None = None
    """:data:`ReportSection.GRAPH`."""
    edges: tuple[EdgeReport, ...] | None = None
    """:data:`ReportSection.EDGES`."""
    combos: tuple[ComboEntry, ...] | None = None
    """:data:`ReportSection.COMBOS`."""
    near_misses: tuple[NearMiss, ...] | None = None
    """:data:`ReportSection.NEAR_MISSES`."""
    lines: tuple[SampleLine, ...] | None = None
    """:data:`ReportSection.LINES`."""
    odds: tuple[GoldfishOdds, ...] | None = None
    """:data:`ReportSection.ODDS`."""
    unavailable: tuple[Unavailable, ...] = field(default=())
    """Sections asked for that could not be filled, with the reason."""
    odds_note: str = ""
    """Why :attr:`odds` holds no goal although the simulation ran
    (:data:`ODDS_NOTHING_TRACKED`); empty otherwise."""
    edge_count: int = 0
    """Synergy edges in the graph (also when the edge table is left out)."""
    card_count: int = 0
    """Distinct cards in the graph."""

    def shown(self) -> Iterable[ReportSection]:
        """The sections asked for that hold content, in report order."""
        missing = {u.section for u in self.unavailable}
        return (s for s in self.sections if s not in missing)

    def reason_missing(self, section: ReportSection) -> str | None:
        """Why ``section`` is empty, or ``None`` when it is filled or not asked for."""
        return next((u.reason for u in self.unavailable if u.section is section), None)
