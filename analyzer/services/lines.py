"""Lines: search a board for a line to a goal, from a scenario file or a deck's sample board,
and the boards themselves.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer.cards.db.engine import Database
from analyzer.cards.model import Card
from analyzer.decks import Deck
from analyzer.progress import CancelToken, Job, Progress
from analyzer.services.decks import looks_like_deck, read_deck, read_text_file

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.rules import CardLibrary, Game
    from analyzer.rules.errors import UnsupportedCardError
    from analyzer.simulate.board import BoardSpec
    from analyzer.simulate.lines import LinesReport

__all__ = ["SampleBoard", "board_game", "board_lines_job", "deck_sample_board_job",
           "deck_sample_lines", "lines_card_library", "scenario_board_spec", "scenario_lines"]


def scenario_lines(db: Database | None, path: Path | str, goal: str, *,
                   depth: int | None = None, nodes: int | None = None,
                   top: int = 3) -> LinesReport:
    """Search the board of a scenario file (its first document's ``turn``, ``players`` and
    inline ``cards``; its ``actions`` are not played) for the best lines reaching ``goal``
    (``spellweb lines``; see :mod:`analyzer.simulate.lines`).

    Parameters
    ----------
    db : Database or None
        Where card names are looked up; ``None``: the starter set.
    goal : str
        ``damage``, ``cast:CARD`` or ``combo:ID`` (a catalog combo id).

    Raises
    ------
    InputError
        An unreadable scenario file, a bad goal, an unknown combo id, or a board the rules
        core can't set up.
    """
    from analyzer.combos.engine import ComboBoard, Unplayable
    from analyzer.combos.goals import resolve_goal
    from analyzer.errors import InputError
    from analyzer.rules.cards import CardLibrary, inline_card
    from analyzer.rules.errors import ScenarioError
    from analyzer.rules.scenario_file import load_documents
    from analyzer.simulate.lines import DEFAULT_DEPTH, DEFAULT_NODES, scenario_board, search_lines

    wanted = resolve_goal(goal)
    text = read_text_file(path, "scenario file")
    try:
        documents = load_documents(text, str(path))
    except InputError as err:
        if looks_like_deck(path):
            raise InputError(f"{path} is a deck file: add --sample to search a sample board "
                             "of it, or give a scenario file") from err
        raise
    if not documents or "players" not in documents[0]:
        raise ScenarioError(f"{path}: no scenario with 'players' in the file")
    document = documents[0]
    cards = CardLibrary.from_database(db) if db is not None else CardLibrary.starter()
    for entry in document.get("cards") or []:
        try:
            cards.define(inline_card(
                str(entry["name"]), str(entry.get("mana_cost", "") or ""), str(entry["type"]),
                str(entry.get("text", "") or ""),
                None if entry.get("power") is None else str(entry["power"]),
                None if entry.get("toughness") is None else str(entry["toughness"])))
        except (KeyError, ValueError) as err:
            raise ScenarioError(f"{path}: inline card {entry!r}: {err}") from err
    try:
        start = scenario_board(document)
    except ValueError as err:
        raise ScenarioError(f"{path}: {err}") from err
    try:
        board = ComboBoard(start, cards, str(path))
    except Unplayable as err:
        raise InputError(f"{path}: {err}") from err
    return search_lines(board.game, wanted, depth=depth or DEFAULT_DEPTH,
                        nodes=nodes or DEFAULT_NODES, top=top)


def deck_sample_lines(db: Database, deck: Deck | Path | str, goal: str, *, seed: int = 0,
                      turn: int = 3, depth: int | None = None, nodes: int | None = None,
                      top: int = 3, strict: bool = True) -> LinesReport:
    """Search a sample board of the deck (a seeded hand played out to turn ``turn``, see
    :mod:`analyzer.simulate.sample`) for the best lines reaching ``goal``
    (``spellweb lines DECK --sample``). Cards the rules core cannot play yet are left out of
    the deck first; :attr:`LinesReport.left_out` names them with the reason.

    Raises
    ------
    InputError
        A bad goal, ``turn`` below 1, or a board the rules core can't set up.
    """
    import dataclasses

    from analyzer.combos.engine import ComboBoard, Unplayable
    from analyzer.combos.goals import resolve_goal
    from analyzer.decks.model import Section
    from analyzer.errors import InputError
    from analyzer.rules.cards import CardLibrary
    from analyzer.rules.errors import RulesError
    from analyzer.simulate.goldfish import GoldfishCard
    from analyzer.simulate.lines import DEFAULT_DEPTH, DEFAULT_NODES, search_lines
    from analyzer.simulate.sample import sample_board

    wanted = resolve_goal(goal)
    if not isinstance(deck, Deck):
        deck = read_deck(db, deck, strict=strict)
    cards = CardLibrary.from_database(db)
    left_out: list[str] = []
    from analyzer.cards.profiles import profiles_for

    with db.session() as session:   # stored profiles where current (cards.profiles)
        profiles = profiles_for(session, [card for card, _ in deck.main_and_commander()])

    def playable(entries: list[tuple[Card, int]]) -> list[tuple[GoldfishCard, int]]:
        kept = []
        for card, n in entries:
            try:   # the rules core refuses a card it cannot play as soon as it is set up,
                # or when it lists the actions the card allows
                probe = ComboBoard({"players": {
                    "A": {"battlefield": [card.name], "hand": [card.name], "library": []},
                    "B": {"battlefield": ["Grizzly Bears"]}}}, cards)
                list(probe.game.legal_actions())
            except (Unplayable, RulesError) as err:
                left_out.append(f"{card.name}: {err}")
                continue
            kept.append((GoldfishCard.from_card(card, profiles.get(card.id)), n))
        return kept

    main, commanders = playable(deck.cards(Section.MAIN)), playable(
        deck.cards(Section.COMMANDER))
    while True:   # a card whose ability the set-up itself needs is left out, then again
        try:
            board = sample_board(main, seed=seed, turn=turn,
                                 commanders=[c for c, _ in commanders])
            game = ComboBoard(board, cards, str(deck.path)).game
            break
        except (ValueError, Unplayable) as err:
            unsupported = _unsupported_card(err)
            if unsupported is None or not _leave_out(unsupported.card, main, commanders):
                raise InputError(f"{deck.path}: sample board: {err}") from err
            left_out.append(f"{unsupported.card}: {unsupported} (needed as the sample "
                            "board was set up)")
    found = search_lines(game, wanted, depth=depth or DEFAULT_DEPTH,
                         nodes=nodes or DEFAULT_NODES, top=top)
    return dataclasses.replace(found, left_out=tuple(left_out))


def _unsupported_card(err: BaseException) -> UnsupportedCardError | None:
    """The :class:`~analyzer.rules.UnsupportedCardError` behind ``err`` (its cause chain)."""
    from analyzer.rules.errors import UnsupportedCardError

    seen: BaseException | None = err
    while seen is not None:
        if isinstance(seen, UnsupportedCardError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def _leave_out(name: str, *sections: list[tuple[Any, int]]) -> bool:
    """Remove the card ``name`` (a :class:`GoldfishCard` list of (card, copies)) from every
    section; True when there was one to remove."""
    removed = False
    for section in sections:
        kept = [(card, n) for card, n in section if card.name != name]
        removed = removed or len(kept) != len(section)
        section[:] = kept
    return removed


# -- the Lines view: boards set up by hand, sample hands, lines stepped through -------------


def lines_card_library(db: Database | None) -> CardLibrary:
    """The cards a board's game looks names up in: the database's (``None``: the starter
    set), each compiled once and kept (:class:`~analyzer.rules.CardLibrary`)."""
    from analyzer.rules.cards import CardLibrary as Library

    return Library.from_database(db) if db is not None else Library.starter()


def board_game(cards: CardLibrary, board: BoardSpec) -> Game:
    """The rules-core game of a board set up by hand (:func:`analyzer.simulate.board.
    build_game`, the scenario runner's own setup).

    Raises
    ------
    InputError
        A card the database lacks or the rules core cannot play, named with its text.
    """
    from analyzer.simulate.board import build_game

    return build_game(board, cards)


def scenario_board_spec(path: Path | str) -> BoardSpec:
    """The start board of a scenario file (its first scenario with ``players``; inline
    ``cards`` kept, ``actions`` not played).

    Raises
    ------
    InputError
        The file can't be read or holds no board (the file, line and key named).
    """
    from analyzer.simulate.board import BoardSpec as Spec

    return Spec.from_scenario_file(path)


@dataclass(frozen=True)
class SampleBoard:
    """A deck's sample-hand board, its game, and the cards left out of it."""

    board: BoardSpec
    """The board (:func:`analyzer.simulate.board.sample_hand_board`)."""
    game: Game = field(repr=False)
    """Its game, set up."""
    left_out: tuple[str, ...] = ()
    """Cards of the deck the rules core cannot play, each with the reason."""


def deck_sample_board_job(db: Database, deck: Deck, cards: CardLibrary, *, seed: int = 0,
                          turn: int = 3, cancel: CancelToken | None = None) -> Job[SampleBoard]:
    """The board of a seeded sample game of ``deck`` at turn ``turn``
    (:mod:`analyzer.simulate.sample`), with the cards the rules core cannot play left out
    first (:func:`analyzer.simulate.board.playable_problem`); yields one progress step per
    distinct card checked.

    Raises
    ------
    InputError
        ``turn`` below 1, too few playable cards for a hand, or a board that can't be set up.
    Cancelled
        ``cancel`` was set.
    """
    from analyzer.cards.profiles import profiles_for
    from analyzer.decks.model import Section
    from analyzer.errors import InputError
    from analyzer.simulate.board import build_game, playable_problem, sample_hand_board
    from analyzer.simulate.goldfish import GoldfishCard

    entries = deck.main_and_commander()
    with db.session() as session:
        profiles = profiles_for(session, [card for card, _ in entries])
    left_out: list[str] = []
    problems: dict[str, str | None] = {}
    for done, (card, _) in enumerate(entries):
        if cancel is not None:
            cancel.check()
        yield Progress(done, len(entries), f"checking {card.name}")
        if card.name not in problems:
            problems[card.name] = playable_problem(card.name, cards)
            if problems[card.name]:
                left_out.append(f"{card.name}: {problems[card.name]}")

    def playable(section: Section) -> list[tuple[GoldfishCard, int]]:
        return [(GoldfishCard.from_card(card, profiles.get(card.id)), n)
                for card, n in deck.cards(section) if not problems.get(card.name)]

    main, commanders = playable(Section.MAIN), playable(Section.COMMANDER)
    while True:   # a card whose ability the set-up itself needs is left out, then again
        board = sample_hand_board(main, seed=seed, turn=turn,
                                  commanders=[c for c, _ in commanders])
        try:
            return SampleBoard(board, build_game(board, cards), tuple(left_out))
        except InputError as err:
            unsupported = _unsupported_card(err)
            if unsupported is None or not _leave_out(unsupported.card, main, commanders):
                raise
            left_out.append(f"{unsupported.card}: {unsupported} (needed as the sample "
                            "board was set up)")


def board_lines_job(game: Game, goal: str, *, depth: int | None = None,
                    nodes: int | None = None, top: int = 3,
                    cancel: CancelToken | None = None) -> Job[LinesReport]:
    """Search ``game`` (a board's game; left as it was) for the best lines reaching
    ``goal`` (:func:`analyzer.simulate.lines.search_lines_job`: progress, cancel); each
    line's :attr:`~analyzer.simulate.lines.Line.moves` replay on a game set up the same way.

    Raises
    ------
    InputError
        A bad goal or an unknown combo id.
    Cancelled
        ``cancel`` was set.
    """
    from analyzer.combos.goals import resolve_goal
    from analyzer.simulate.lines import DEFAULT_DEPTH, DEFAULT_NODES
    from analyzer.simulate.lines import search_lines_job as search

    wanted = resolve_goal(goal)
    return (yield from search(game, wanted, depth=depth or DEFAULT_DEPTH,
                              nodes=nodes or DEFAULT_NODES, top=top, cancel=cancel))
