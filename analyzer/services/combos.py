"""A deck's combos and goldfish odds, and the catalog combos a line can assemble.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.cards.db.engine import Database
from analyzer.decks import Deck
from analyzer.progress import CancelToken, Job, run_job
from analyzer.services.analysis import analyze_deck_job
from analyzer.services.decks import read_deck

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.combos.report import ComboReport
    from analyzer.simulate.goldfish import OddsReport

__all__ = ["deck_combos", "deck_combos_job", "deck_odds", "goal_combos"]


def deck_combos_job(db: Database, deck: Deck | Path | str, *, discover: bool = True,
                    iterations: int | None = None, strict: bool = True,
                    cancel: CancelToken | None = None) -> Job[ComboReport]:
    """The deck's combos: catalog combos present, loops discovered in its synergy graph,
    each verified in the rules core, and near misses (``spellweb combos``).

    See :func:`analyzer.combos.report.combo_report_job`.

    Yields
    ------
    Progress
        Reading the deck, building the graph, then one per combo verified.

    Returns
    -------
    ComboReport
    """
    from analyzer.combos.report import combo_report_job
    from analyzer.combos.verify import DEFAULT_ITERATIONS
    from analyzer.rules.cards import CardLibrary

    analysis = yield from analyze_deck_job(db, deck, strict=strict, cancel=cancel)
    names = [card.name for card, _ in analysis.deck.main_and_commander()]
    return (yield from combo_report_job(
        names, CardLibrary.from_database(db), graph=analysis.graph if discover else None,
        iterations=iterations or DEFAULT_ITERATIONS, cancel=cancel))


def deck_combos(db: Database, deck: Deck | Path | str, *, discover: bool = True,
                iterations: int | None = None, strict: bool = True) -> ComboReport:
    """:func:`deck_combos_job` run to its end."""
    return run_job(deck_combos_job(db, deck, discover=discover, iterations=iterations,
                                   strict=strict))


def deck_odds(db: Database, deck: Deck | Path | str, *, turns: int = 6, games: int = 10_000,
              seed: int = 0, on_the_play: bool = True, mulligan: str = "london",
              strict: bool = True) -> OddsReport:
    """Goldfish odds of the deck's combos and sneak/prowl cards by turn (``spellweb odds``).

    Tracks the catalog combos complete in the deck (see :mod:`analyzer.simulate.goldfish`
    for the model and its stated assumptions).

    Raises
    ------
    InputError
        An unknown mulligan rule, or ``turns``/``games`` below 1.
    """
    from analyzer.combos.detect import detect_combos
    from analyzer.decks.model import Section
    from analyzer.errors import InputError
    from analyzer.simulate.goldfish import GoldfishCard, MulliganRule, goldfish

    if not isinstance(deck, Deck):
        deck = read_deck(db, deck, strict=strict)
    rules = {r.label: r for r in MulliganRule}
    if mulligan not in rules:
        raise InputError(f"unknown mulligan rule {mulligan!r}; use {' or '.join(rules)}")
    from analyzer.cards.profiles import profiles_for

    with db.session() as session:   # stored profiles where current (cards.profiles)
        profiles = profiles_for(session, [card for card, _ in deck.main_and_commander()])
    main = [(GoldfishCard.from_card(card, profiles.get(card.id)), n)
            for card, n in deck.cards(Section.MAIN)]
    commanders = [GoldfishCard.from_card(card, profiles.get(card.id))
                  for card, _ in deck.cards(Section.COMMANDER)]
    present = detect_combos([c.name for c, _ in deck.main_and_commander()]).present
    try:
        return goldfish(main, combos=[(c.id, c.cards) for c in present],
                        commanders=commanders, turns=turns, games=games, seed=seed,
                        on_the_play=on_the_play, mulligan=rules[mulligan])
    except ValueError as err:
        raise InputError(str(err)) from err


def goal_combos() -> list[tuple[str, str]]:
    """The catalog combos a line can be searched to assemble (``combo:ID`` goals), as
    ``(id, name)`` in catalog order (``data/combos``).

    Raises
    ------
    InputError
        The catalog can't be read.
    """
    from analyzer.combos.catalog import load_catalog

    return [(combo.id, combo.name) for combo in load_catalog()]
