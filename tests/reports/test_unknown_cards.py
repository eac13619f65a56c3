"""A real deck with cards missing from the card file: graph, suggest and report skip them,
carry on, and name them (issue 10; ../shared/data/README.md lists 8,250 real card names the
card file lacks)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from analyzer import cli, services

REAL = "mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt"
MAIN_UNKNOWN = "Ninja of the Deep Hourz"
SIDE_UNKNOWN = "Hydroblastt"
MEANT = {MAIN_UNKNOWN: "Ninja of the Deep Hours", SIDE_UNKNOWN: "Hydroblast"}
"""Misspelt names (no card has them) and the real card each means."""


@pytest.fixture
def deck_with_unknowns(shared: Path, tmp_path: Path) -> Path:
    """The real Pauper Ninjas list with one unknown card in the main deck and one in the
    sideboard (MTGO text: the sideboard follows the blank line)."""
    text = (shared / "data" / "decks" / REAL).read_text(encoding="utf-8")
    main, side = text.split("\n\n", 1)
    path = tmp_path / "ninjas_plus_unknown.txt"
    path.write_text(f"{main}\n1 {MAIN_UNKNOWN}\n\n{side.rstrip()}\n1 {SIDE_UNKNOWN}\n",
                    encoding="utf-8")
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = cli.main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def _known_main_names(shared: Path) -> Iterator[str]:
    """The main deck names of the real file (read straight from it: "N Name" lines before
    the blank line)."""
    main = (shared / "data" / "decks" / REAL).read_text(encoding="utf-8").split("\n\n")[0]
    for line in main.splitlines():
        yield line.split(" ", 1)[1]


def _names_unknowns_on_stderr(err: str) -> None:
    for name in (MAIN_UNKNOWN, SIDE_UNKNOWN):
        line = next((x for x in err.splitlines() if name in x), "")
        assert line.startswith("spellweb: warning:"), err
        assert "did you mean" in line and repr(MEANT[name]) in line, line


def test_graph_skips_and_names_unknown_cards(deck_with_unknowns: Path, shared: Path,
                                             real_db_url: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["--db", real_db_url, "graph", str(deck_with_unknowns)], capsys)
    assert code == 0, err
    names = {n["name"] for n in json.loads(out)["nodes"]}
    assert names == set(_known_main_names(shared))
    _names_unknowns_on_stderr(err)


def test_suggest_skips_and_names_unknown_cards(deck_with_unknowns: Path, real_db_url: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["--db", real_db_url, "suggest", str(deck_with_unknowns),
                           "--count", "3", "--json", "--quiet"], capsys)
    assert code == 0, err
    assert len(json.loads(out)) == 3
    _names_unknowns_on_stderr(err)


def test_report_lists_unknown_cards_under_problems(deck_with_unknowns: Path, tmp_path: Path,
                                                   real_db_url: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "r.md"
    code, _, err = _run(["--db", real_db_url, "report", str(deck_with_unknowns), "-o",
                         str(target), "--sections", "deck,graph"], capsys)
    assert code == 0, err
    _names_unknowns_on_stderr(err)
    text = target.read_text(encoding="utf-8")
    problems = text.split("Problems in the deck file", 1)[1].split("\n#", 1)[0]
    assert MAIN_UNKNOWN in problems and SIDE_UNKNOWN in problems


def test_deck_strict_still_fails(deck_with_unknowns: Path, real_db_url: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["--db", real_db_url, "deck", "--strict", str(deck_with_unknowns)],
                        capsys)
    assert code != 0 and MAIN_UNKNOWN in err


def test_analyze_deck_skips_unknown_cards(deck_with_unknowns: Path, shared: Path,
                                          real_db_url: str) -> None:
    db = services.open_database(real_db_url, seed=False)
    analysis = services.analyze_deck(db, deck_with_unknowns)
    names = {analysis.graph.nodes[n]["name"] for n in analysis.graph}
    assert names == set(_known_main_names(shared))
    assert {i.text for i in analysis.deck.issues} >= {MAIN_UNKNOWN, SIDE_UNKNOWN}
