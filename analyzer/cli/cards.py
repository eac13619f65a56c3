"""The card database's commands: ``import-cards``, ``info``, ``card``, ``coverage``, ``search``.

Part of :mod:`analyzer.cli` (the package builds the parser from every group).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from analyzer import services
from analyzer.cards.model import Card
from analyzer.cards.printings import PrintingsSummary
from analyzer.cli.common import _cards, _int_at_least, _progress_printer, _UsageError
from analyzer.progress import run_job

if TYPE_CHECKING:
    from analyzer.cards.importing import ImportSummary

def _cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    from analyzer.errors import CardImportError

    db = services.open_database(args.db, seed=False, create_folder=True)
    show = None if args.quiet else _progress_printer(sys.stderr)
    try:
        summary = run_job(services.import_cards_job(db, args.file), show)
    except CardImportError as err:
        if services.looks_like_deck(args.file):
            raise CardImportError(
                f"{str(args.file)!r}: not card data: expected MTGJSON AtomicCards/AllPrintings "
                "or Scryfall JSON (this looks like a deck list; open it with `spellweb deck`)"
            ) from err
        raise
    if isinstance(summary, PrintingsSummary):
        print(f"imported {summary.printings:,} printings of {summary.linked:,} cards from "
              f"{summary.sets:,} sets from {summary.path} in {summary.seconds:.1f} s into "
              f"{db.safe_url}", file=out)
        if summary.unlinked:
            print(f"{len(summary.unlinked):,} cards of the file are not in the card database "
                  f"(e.g. {summary.unlinked[0]!r}); their printings are kept and linked when "
                  "their cards are imported (MTGJSON AtomicCards)", file=sys.stderr)
    else:
        print(f"imported {summary.cards:,} cards ({summary.faces:,} faces) from "
              f"{summary.path} in {summary.seconds:.1f} s into {db.safe_url}", file=out)
        _print_card_data_notes(summary)
    for message in summary.skipped[:20]:
        print(f"skipped: {message}", file=sys.stderr)
    return 0


def _print_card_data_notes(summary: ImportSummary) -> None:
    """The import's placeholder entries and cards with missing text, on stderr."""
    if summary.data_problems:
        count = len(summary.data_problems)
        says = "has no text though its data says it has" if count == 1 else \
            "have no text though their data says they have"
        print(f"{_cards(count)} {says} abilities "
              f"(e.g. {summary.data_problems[0].card!r}; `spellweb info --problems` lists "
              "them)", file=sys.stderr)
    if summary.placeholders:
        count = len(summary.placeholders)
        print(f"{count:,} placeholder entr{'y is' if count == 1 else 'ies are'} no cards and "
              f"were left out: {', '.join(summary.placeholders[:10])}", file=sys.stderr)


def _cmd_info(args: argparse.Namespace, out: TextIO) -> int:
    info = services.database_info(services.open_database(args.db))
    print(f"database: {info.url}\ncards:    {info.cards:,} ({info.faces:,} faces)\n"
          f"source:   {info.source or '-'}\nimported: {info.imported_at or '-'}\n"
          f"date:     {info.data_date or '-'}\nschema:   {info.schema_version}", file=out)
    if getattr(args, "problems", False):
        problems = services.card_data_problems(services.open_database(args.db))
        their = "its data says it has" if len(problems) == 1 else "their data says they have"
        print(f"problems: {_cards(len(problems))} whose text is missing though {their} "
              "abilities", file=out)
        for problem in problems:
            print(f"  {problem}", file=out)
    return 0


def _card_json(card: Card) -> dict[str, Any]:
    """A search result as JSON: Scryfall-like card fields (multi-face values joined ' // ')."""
    faces = card.faces or (card.front,)
    colors = {c for f in faces for c in f.colors}
    return {"name": card.name, "id": card.id, "layout": card.layout,
            "mana_cost": " // ".join(f.mana_cost for f in faces) if len(faces) > 1
            else card.mana_cost,
            "type_line": " // ".join(f.type for f in faces), "mana_value": card.mana_value,
            "colors": [c for c in "WUBRG" if c in colors],
            "color_identity": list(card.color_identity), "text": card.text,
            "power": card.power, "toughness": card.toughness, "keywords": list(card.keywords),
            "faces": [f.name for f in faces] if len(faces) > 1 else []}


def _cmd_search(args: argparse.Namespace, out: TextIO) -> int:
    db = services.open_database(args.db)
    if args.limit is not None and args.limit < 0:
        raise _UsageError(f"--limit must be 0 or more, not {args.limit!r}")

    def building() -> None:
        print("building the full-text search index (once after an import)...",
              file=sys.stderr, flush=True)

    cards = services.search(db, " ".join(args.query), limit=args.limit, on_index_build=building)
    if args.json:
        json.dump([_card_json(c) for c in cards], out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        for card in cards:
            print(card.name, file=out)
    return 0


def _cmd_card(args: argparse.Namespace, out: TextIO) -> int:
    card, profile = services.card_profile(services.open_database(args.db), args.name)
    if args.json:
        data = profile.to_json()
        data["oracle"] = {"name": card.name, "layout": card.layout,
                          "mana_value": card.mana_value, "keywords": list(card.keywords),
                          "faces": [{"name": f.name, "mana_cost": f.mana_cost, "type": f.type,
                                     "text": f.text, "power": f.power,
                                     "toughness": f.toughness, "loyalty": f.loyalty}
                                    for f in card.faces]}
        json.dump(data, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        # A split card's faces each have a cost (CR 709.2): "Fire // Ice  {1}{R} // {1}{U}".
        # A transforming card's back face has no cost (CR 712.2) and is left out.
        costs = [f.mana_cost for f in card.faces if f.mana_cost]
        cost = " // ".join(costs) if len(costs) > 1 else card.mana_cost
        print(f"{card.name}  {cost}\n{card.type_line}\n{card.text}\n", file=out)
        print(profile.describe(), file=out)
    return 0


def _cmd_coverage(args: argparse.Namespace, out: TextIO) -> int:
    db = services.open_database(args.db)
    show = None if args.quiet or args.json else _progress_printer(sys.stderr)
    from analyzer.data_files import sample_decks_dir, shared_decks_dir

    decks = Path(args.decks) if args.decks else (shared_decks_dir() or sample_decks_dir())
    report = run_job(services.coverage_job(db, decks=decks), show)
    if args.json:
        json.dump(report.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        print(report.format_text(), file=out)
    return 0


def _parser_import_cards(sub: Any) -> None:
    """The ``import-cards`` subcommand and its arguments."""
    p = sub.add_parser("import-cards", help="import card data: MTGJSON AtomicCards, "
                                            "AllPrintings or a set file, Scryfall oracle-cards")
    p.add_argument("file", type=Path, help="AtomicCards.json, AllPrintings.json, LEA.json or "
                                           "oracle-cards-*.json (.gz, .xz, .zip)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")


def _parser_info(sub: Any) -> None:
    """The ``info`` subcommand and its arguments."""
    p = sub.add_parser("info", help="show the card database: URL, cards, source, date")
    p.add_argument("--problems", action="store_true",
                   help="also list the cards whose data says they have abilities their text "
                        "lacks (empty text with keywords, a planeswalker...)")


def _parser_card(sub: Any) -> None:
    """The ``card`` subcommand and its arguments."""
    p = sub.add_parser("card", help="print a card's compiled Oracle profile")
    p.add_argument("name", help="card name (full, face or flavor name)")
    p.add_argument("--json", action="store_true",
                   help='print JSON: the profile with "unsupported" and the Oracle fields')


def _parser_coverage(sub: Any) -> None:
    """The ``coverage`` subcommand and its arguments."""
    p = sub.add_parser("coverage", help="measure what the Oracle compiler understands")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--decks", metavar="DIR", default=None,
                   help="a folder of deck lists whose distinct cards are measured apart "
                        "(default: the shared folder's data/decks when there is one, else "
                        "the sample decks)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")


def _parser_search(sub: Any) -> None:
    """The ``search`` subcommand and its arguments."""
    p = sub.add_parser("search", help="search cards with Scryfall's query syntax")
    p.add_argument("query", nargs="+",
                   help="e.g. 't:ninja c:b', 'o:\"draw a card\" mv<=2', '-t:land'; several "
                        "words are one query")
    p.add_argument("--json", action="store_true",
                   help="print a JSON list of card objects instead of names")
    p.add_argument("--limit", type=_int_at_least(0), metavar="N",
                   help="at most N cards (the first by name)")


PARSERS: dict[str, Callable[[Any], None]] = {
    "import-cards": _parser_import_cards,
    "info": _parser_info,
    "card": _parser_card,
    "coverage": _parser_coverage,
    "search": _parser_search,
}
"""The subcommands of this group: name -> the function that adds its parser."""

HANDLERS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "import-cards": _cmd_import,
    "info": _cmd_info,
    "card": _cmd_card,
    "coverage": _cmd_coverage,
    "search": _cmd_search,
}
"""The subcommands of this group: name -> the function that runs it."""
