"""A seeded random sample of fully understood cards, for a reader to check clause by clause.

Usage: ``python benchmarks/oracle_sample.py [PATH] [--n 100] [--seed 15] [--json]``; PATH
defaults to ../shared/data/AtomicCards.json.gz. Prints, for each sampled card, its Oracle
text (every face) and the English rendering of its compiled profile, numbered, so that a
reviewer can mark each card read right or misread (issue 15: at most 2 misread in 100). The
sample is the same for the same file, seed and size.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file
from analyzer.oracle.compile import compile_card

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "AtomicCards.json.gz"


def _option(argv: list[str], name: str, default: int) -> int:
    return int(argv[argv.index(name) + 1]) if name in argv else default


def main(argv: list[str]) -> int:
    args = [a for i, a in enumerate(argv) if not a.startswith("--")
            and (i == 0 or argv[i - 1] not in ("--n", "--seed"))]
    path = Path(args[0]) if args else DEFAULT
    n, seed = _option(argv, "--n", 100), _option(argv, "--seed", 15)
    cards = sorted((c for c in iter_atomic_cards(read_atomic_file(path))
                    if not isinstance(c, Exception)), key=lambda c: c.name)
    understood = []
    for card in cards:
        profile = compile_card(card)
        if profile.fully_understood and any(f.text.strip() for f in card.faces):
            understood.append((card, profile))
    sample = random.Random(seed).sample(understood, min(n, len(understood)))
    rows = [{"n": i + 1, "name": card.name,
             "text": [f"{f.name} ({f.type}): {f.text}" for f in card.faces],
             "reading": profile.descriptions()} for i, (card, profile) in enumerate(sample)]
    if "--json" in argv:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    print(f"{len(rows)} of {len(understood):,} fully understood cards (seed {seed})\n")
    for row in rows:
        print(f"{row['n']:>3}. {row['name']}")
        for face in row["text"]:
            print("     TEXT  " + face.replace("\n", "\n           "))
        for line in row["reading"]:
            print(f"     READ  {line}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
