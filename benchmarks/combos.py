"""Benchmark: combo detection, verification per combo, and goldfish games per second.

Reads the real card file once (../shared/data/AtomicCards.json.gz) and times, each beside a
baseline measured in the same run:

- detection of the whole catalog in a real 100-card deck (the Duel Commander Leonardo's
  Technique list) through a prebuilt :class:`~analyzer.combos.detect.CatalogIndex`, against
  the naive check of every combo's pieces as a set (goal: under 100 ms);
- verification of every catalog combo in the rules core (setup and loop), against setting
  up its start board alone;
- goldfish games per second on that 100-card deck with its combos and sneak/prowl cards,
  against shuffling the same deck and dealing seven cards;
- line search for the most damage on a board of 15 creatures (the bounded attack
  declarations of :mod:`analyzer.simulate.lines`, replay and pruning included), against
  merely listing the ``2 ** 15`` declarations the rules core would offer.

No assertion: the figures are printed. Usage::

    python benchmarks/combos.py [ATOMIC_CARDS] [--games N] [--repeat N]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file  # noqa: E402
from analyzer.combos import load_catalog  # noqa: E402
from analyzer.combos.detect import CatalogIndex, detect_combos  # noqa: E402
from analyzer.combos.engine import ComboBoard, Unplayable  # noqa: E402
from analyzer.combos.verify import verify_combo  # noqa: E402
from analyzer.decks import read_deck_file  # noqa: E402
from analyzer.decks.model import Section  # noqa: E402
from analyzer.rules.cards import CardLibrary  # noqa: E402
from analyzer.simulate.goldfish import GoldfishCard, goldfish  # noqa: E402

SHARED = ROOT.parent / "shared"
DECK = SHARED / "data/decks/mtgo_txt/duel-commander-trial-16-2026-04-0212838130__" \
                "leonardos_technique.txt"


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        fn()
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", type=Path,
                        default=SHARED / "data/AtomicCards.json.gz")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    doc = read_atomic_file(args.cards)
    by_name = {c.name: c for c in iter_atomic_cards(doc) if not isinstance(c, Exception)}
    by_face = {f.name: c for c in by_name.values() for f in c.faces}
    deck = read_deck_file(DECK).deck
    entries = [(by_name.get(e.name) or by_face[e.name], e.count, e.section)
               for e in deck.entries]
    names = [card.name for card, _, _ in entries]     # MTGO lists the commander aside
    library = [(card, n) for card, n, section in entries if section is Section.MAIN]
    print(f"deck: {DECK.name} ({sum(n for _, n, _ in entries)} cards, {len(names)} names; "
          f"library {sum(n for _, n in library)})")

    # -- detection -------------------------------------------------------------------------
    catalog = load_catalog()
    index = CatalogIndex(catalog)
    fast = _median_ms(lambda: detect_combos(names, index), args.repeat)
    lowered = {n.lower() for n in names}
    naive = _median_ms(lambda: [c for c in catalog if c.card_set <= lowered], args.repeat)
    build = _median_ms(lambda: CatalogIndex(catalog), args.repeat)
    found = detect_combos(names, index)
    print(f"detection, {len(catalog)} combos: {fast:.3f} ms (goal < 100 ms; index built once "
          f"in {build:.3f} ms); baseline naive subset scan {naive:.3f} ms "
          f"(ratio {fast / naive:.2f}); found {len(found.present)} combos, "
          f"{len(found.near_misses)} near-miss cards")

    # -- verification ------------------------------------------------------------------------
    cards = CardLibrary(by_name.get)
    rows = []
    for combo in catalog:
        begin = time.perf_counter()
        result = verify_combo(combo, cards)
        verify_ms = (time.perf_counter() - begin) * 1000
        begin = time.perf_counter()
        with contextlib.suppress(Unplayable):
            ComboBoard(combo.start, cards, combo.source)
        setup_ms = (time.perf_counter() - begin) * 1000
        rows.append((combo.id, result.verdict.label, verify_ms, setup_ms))
    for cid, verdict, verify_ms, setup_ms in rows:
        print(f"  verify {cid:52s} {verdict:15s} {verify_ms:8.1f} ms  "
              f"(setup alone {setup_ms:6.1f} ms)")
    total = sum(r[2] for r in rows)
    print(f"verification: {len(rows)} combos in {total / 1000:.2f} s, median "
          f"{statistics.median(r[2] for r in rows):.1f} ms per combo; baseline median setup "
          f"{statistics.median(r[3] for r in rows):.1f} ms")

    # -- goldfish ----------------------------------------------------------------------------
    main_cards = [(GoldfishCard.from_card(card), n) for card, n in library]
    combos = [(c.id, c.cards) for c in found.present]
    report = goldfish(main_cards, combos=combos, games=args.games, turns=6, seed=1)
    rate = args.games / report.seconds
    flat = [card.name for card, n in main_cards for _ in range(n)]
    rng = random.Random(1)
    begin = time.perf_counter()
    for _ in range(args.games):
        rng.shuffle(flat)
        _ = flat[:7]
    base = args.games / (time.perf_counter() - begin)
    print(f"goldfish: {rate:,.0f} games/s ({args.games:,} games, 6 turns, {len(combos)} combos, "
          f"{len(report.alt_costs)} sneak/prowl cards); baseline shuffle-and-deal "
          f"{base:,.0f} games/s (ratio {rate / base:.3f})")


    # -- line search ---------------------------------------------------------------------------
    from analyzer.rules.generate import attack_declarations
    from analyzer.simulate.lines import MORE_ATTACKS, Goal, GoalKind, search_lines

    board = {"turn": {"active": "A", "step": "main1"},
             "players": {"A": {"battlefield": ["Grizzly Bears"] * 15}, "B": {"life": 20}}}
    game = ComboBoard(board, cards, "benchmark").game
    begin = time.perf_counter()
    lines = search_lines(game, Goal(GoalKind.DAMAGE), nodes=300)
    search_s = time.perf_counter() - begin
    begin = time.perf_counter()
    every = sum(1 for _ in attack_declarations(game))
    listing_s = time.perf_counter() - begin
    best = lines.lines[0]
    print(f"line search, 15 Grizzly Bears: {search_s:.2f} s, {lines.nodes} states, best "
          f"{best.summary} ({best.result}), {len(best.steps)} steps; attack declarations "
          f"tried at most {15 + 3 + MORE_ATTACKS} of {every:,}; baseline listing all "
          f"{every:,} declarations {listing_s:.2f} s (ratio {search_s / listing_s:.2f})")


if __name__ == "__main__":
    main()
