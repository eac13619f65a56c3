"""Use cases: what a button press or a command does, one database session each.

The command line (:mod:`analyzer.cli`) and the GUI (``ui/``) both call these functions and
nothing below them, so the two stay the same program (STYLE.md habits 13, 16, 17). Long use
cases are jobs: generators yielding :class:`~analyzer.progress.Progress` and returning their
result; the plain function of the same name without ``_job`` runs the job to its end.

The use cases are grouped by what the user does: :mod:`~analyzer.services.database` (open,
import, download, compile, coverage), :mod:`~analyzer.services.cards` (look up, search,
notes), :mod:`~analyzer.services.decks` (read, convert, check, fix),
:mod:`~analyzer.services.analysis` (graph, suggestions), :mod:`~analyzer.services.reports`,
:mod:`~analyzer.services.combos` (combos, odds) and :mod:`~analyzer.services.lines` (line
search, sample boards). Every public name is re-exported here, so callers write
``services.read_deck(...)``.
"""

from __future__ import annotations

from analyzer.deck_analysis import DeckAnalysis
from analyzer.services.analysis import (
    analyze_deck,
    analyze_deck_job,
    export_graph,
    suggest,
    suggest_job,
    suggestion_index_job,
)
from analyzer.services.cards import (
    card_by_name,
    card_detail,
    card_note,
    card_profile,
    cards_by_ids,
    require_card,
    search,
    search_cards,
    set_card_note,
)
from analyzer.services.combos import (
    deck_combos,
    deck_combos_job,
    deck_odds,
    goal_combos,
)
from analyzer.services.database import (
    card_data_problems,
    compile_profiles_job,
    coverage_job,
    database_info,
    download_cards_job,
    has_only_starter_cards,
    import_cards,
    import_cards_job,
    open_database,
    search_index_missing,
)
from analyzer.services.decks import (
    convert_deck,
    converted_deck_list,
    fix_deck_entry,
    looks_like_deck,
    read_deck,
    read_text_file,
    validate,
)
from analyzer.services.lines import (
    SampleBoard,
    board_game,
    board_lines_job,
    deck_sample_board_job,
    deck_sample_lines,
    lines_card_library,
    scenario_board_spec,
    scenario_lines,
)
from analyzer.services.reports import (
    export_report,
    export_report_job,
    report_findings_job,
)

__all__ = [
    "DeckAnalysis",
    "SampleBoard",
    "analyze_deck",
    "analyze_deck_job",
    "board_game",
    "board_lines_job",
    "card_by_name",
    "card_data_problems",
    "card_detail",
    "card_note",
    "card_profile",
    "cards_by_ids",
    "compile_profiles_job",
    "convert_deck",
    "converted_deck_list",
    "coverage_job",
    "database_info",
    "deck_combos",
    "deck_combos_job",
    "deck_odds",
    "deck_sample_board_job",
    "deck_sample_lines",
    "download_cards_job",
    "export_graph",
    "export_report",
    "export_report_job",
    "fix_deck_entry",
    "goal_combos",
    "has_only_starter_cards",
    "import_cards",
    "import_cards_job",
    "lines_card_library",
    "looks_like_deck",
    "open_database",
    "read_deck",
    "read_text_file",
    "report_findings_job",
    "require_card",
    "scenario_board_spec",
    "scenario_lines",
    "search",
    "search_cards",
    "search_index_missing",
    "set_card_note",
    "suggest",
    "suggest_job",
    "suggestion_index_job",
    "validate",
]
