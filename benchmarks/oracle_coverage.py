"""Oracle compiler coverage over the real card file (prints figures, asserts nothing).

Usage: ``python benchmarks/oracle_coverage.py [PATH] [--decks DIR] [--json]``; PATH defaults
to ../shared/data/AtomicCards.json.gz and DIR to ../shared/data/decks. Prints cards fully
understood (count and %), faces with an unread span, keyword instances recognised, the same
figures for the distinct cards of the deck lists in DIR, by card type, by data source (the
file has no sets), the 30 most common unsupported phrasings, and the compile time of the
whole file beside two baselines measured in the same run: reading the file, and the lexer
alone over every normalized ability line (the least any grammar must do). The goal of issue
15: under 30 s on a 2-core machine (phase.rs: 132 s on one core).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file
from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.decks.folder import folder_card_ids
from analyzer.oracle.coverage import DeckCards, coverage_job
from analyzer.oracle.lexer import tokenize
from analyzer.oracle.text import ability_lines, normalize_line, self_names
from analyzer.progress import run_job

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DEFAULT = SHARED / "AtomicCards.json.gz"


def _lexer_baseline(cards: list) -> float:  # type: ignore[type-arg]
    """Seconds to normalize and tokenize every ability line of every face."""
    start = time.perf_counter()
    for card in cards:
        names = self_names(card.name, card.face_names)
        for face in card.faces or (card.front,):
            for line in ability_lines(face.text):
                tokenize(normalize_line(line, names))
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    path = Path(args[0]) if args else DEFAULT
    decks = Path(argv[argv.index("--decks") + 1]) if "--decks" in argv else SHARED / "decks"
    start = time.perf_counter()
    cards = [c for c in iter_atomic_cards(read_atomic_file(path)) if not isinstance(c, Exception)]
    loaded = time.perf_counter() - start
    deck_cards = None
    if decks.is_dir():
        files, ids = folder_card_ids(decks, InMemoryCardLookup(cards))
        deck_cards = DeckCards(str(decks), files, ids)
    lexed = _lexer_baseline(cards)
    report = run_job(coverage_job(cards, len(cards), decks=deck_cards))
    if "--json" in argv:
        found = report.to_json()
        found["baselines"] = {"read_file_seconds": round(loaded, 3),
                              "lexer_seconds": round(lexed, 3)}
        print(json.dumps(found, indent=2))
        return 0
    print(f"read {len(cards):,} cards from {path} in {loaded:.1f} s")
    print(report.format_text())
    print(f"compile time {report.seconds:.1f} s = {report.seconds / loaded:.1f}x reading the "
          f"file ({loaded:.1f} s) = {report.seconds / lexed:.1f}x the lexer alone "
          f"({lexed:.1f} s); goal: under 30 s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
