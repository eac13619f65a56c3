"""A deck's analysis: the synergy graph, its suggestions and the graph file.

Use cases of :mod:`analyzer.services` (the package re-exports every public name).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.cards.db import repository as repo
from analyzer.cards.db.engine import Database
from analyzer.cards.model import Card
from analyzer.deck_analysis import DeckAnalysis
from analyzer.decks import Deck
from analyzer.progress import CancelToken, Job, Progress, run_job
from analyzer.services.database import database_info
from analyzer.services.decks import read_deck

if TYPE_CHECKING:
    # The graph (networkx), the Oracle compiler, the rules core and the reports are imported
    # where they are used, so that the window starts without them (issue 3: start < 1.5 s).

    from analyzer.graph.suggest import FeatureIndex, Suggestion
    from analyzer.oracle.profile import CardProfile

__all__ = ["analyze_deck", "analyze_deck_job", "export_graph", "suggest", "suggest_job",
           "suggestion_index_job"]


def analyze_deck_job(db: Database, deck: Deck | Path | str, *, strict: bool = False,
                     cancel: CancelToken | None = None) -> Job[DeckAnalysis]:
    """Read a deck (unless given one) and build its synergy graph.

    Cards missing from the database are skipped (they stay in ``deck.issues``, with the
    closest names, for the caller to show); ``strict=True`` raises on the first instead
    (:func:`read_deck`).

    Yields
    ------
    Progress
        Reading the deck, then the graph builder's reports.

    Returns
    -------
    DeckAnalysis
    """
    if not isinstance(deck, Deck):
        yield Progress(0, 0, f"Reading {Path(deck).name}")
        deck = read_deck(db, deck, strict=strict)
    entries = deck.main_and_commander()
    yield Progress(0, 0, "Reading card profiles")
    from analyzer.cards.profiles import profiles_for
    from analyzer.graph import synergy_graph_job

    with db.session() as session:
        # Stored profiles where current; the rest compiled once and stored (cards.profiles).
        profiles = profiles_for(session, [card for card, _ in entries])
    graph = yield from synergy_graph_job(entries, cancel=cancel, profiles=profiles)
    return DeckAnalysis(deck=deck, graph=graph)


def analyze_deck(db: Database, deck: Deck | Path | str, *, strict: bool = False) -> DeckAnalysis:
    """:func:`analyze_deck_job` run to its end."""
    return run_job(analyze_deck_job(db, deck, strict=strict))


def suggestion_index_job(db: Database, *, cancel: CancelToken | None = None
                         ) -> Job[FeatureIndex]:
    """The database's synergy feature index (:mod:`analyzer.graph.suggest`): from memory,
    from its file beside a SQLite database (else in the user cache folder), or built (about
    15-40 s for 24,000 cards) and saved. It is rebuilt after a card import or a compiler
    change (the key holds the import time and the compiler version)."""
    import platformdirs
    from sqlalchemy.engine import make_url

    from analyzer.graph.suggest import cache_path, cached_index_job, index_key

    info = database_info(db)
    key = index_key(db.safe_url, info.cards, info.source, info.imported_at, info.data_date)
    url = make_url(db.url)
    file = Path(url.database) if url.get_backend_name() == "sqlite" and url.database \
        and url.database != ":memory:" else None
    folder = Path(platformdirs.user_cache_dir("spellweb", appauthor=False))
    path = None if file is None and db.url.startswith("sqlite") \
        else cache_path(db.safe_url, file, folder)

    def cards() -> list[Card]:
        with db.session() as session:
            return list(repo.iter_cards(session))

    def profiles(batch: Sequence[Card]) -> dict[str, CardProfile]:
        from analyzer.cards.profiles import stored_profiles

        # the stored profiles where current (cards.profiles); the index compiles the rest
        # without writing them: compile_profiles_job is what stores every card's profile
        with db.session() as session:
            return stored_profiles(session, batch)

    return (yield from cached_index_job(key, path, cards, info.cards, cancel=cancel,
                                        profiles=profiles))


def suggest_job(db: Database, analysis: DeckAnalysis, n: int = 20, *,
                cancel: CancelToken | None = None,
                game_format: str | None = None) -> Job[list[Suggestion]]:
    """The ``n`` database cards that would add the most synergy edges to the deck, within
    its colour identity and legal in its format: ``game_format`` (a ``legalities`` key),
    else ``commander`` for a deck with a commander, else the most restrictive format all
    its cards are legal in (:func:`analyzer.graph.suggest.deck_legality`,
    :func:`analyzer.graph.suggest.suggest_for_graph`).

    Raises
    ------
    KeyError
        ``game_format`` is no known format.
    """
    from analyzer.decks.model import Section
    from analyzer.graph.suggest import deck_legality, suggest_for_graph

    index = yield from suggestion_index_job(db, cancel=cancel)
    yield Progress(0, 0, "Ranking suggestions")
    deck = analysis.deck
    found, digital = deck_legality([card for card, _ in deck.main_and_commander()], index,
                                   commander=bool(deck.section(Section.COMMANDER)),
                                   game_format=game_format)
    return suggest_for_graph(analysis.graph, index, n, game_format=found, digital=digital)


def suggest(db: Database, analysis: DeckAnalysis, n: int = 20, *,
            game_format: str | None = None) -> list[Suggestion]:
    """:func:`suggest_job` run to its end."""
    return run_job(suggest_job(db, analysis, n, game_format=game_format))


def export_graph(analysis: DeckAnalysis, path: Path | str) -> Path:
    """Write the synergy graph: node-link JSON (``.json``), GraphML (``.graphml``), or a
    picture (``.svg``, ``.png``); see :func:`analyzer.graph.write_graph`."""
    from analyzer.graph import write_graph

    path = Path(path)
    write_graph(analysis.graph, path)
    return path
