"""Cockatrice ``.cod`` zones other than main and side (issue 16): no card is ever lost.

A ``Commander`` zone (any case) is the commander section; ``tokens`` holds the tokens a deck
makes (not cards of the deck) and is skipped with a warning, as before; any other zone is kept
as the maybeboard, with a warning naming the zone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.decks import Section, Severity, read_deck_file
from analyzer.decks.formats import COCKATRICE


def cod(*zones: tuple[str, list[tuple[int, str]]]) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
             "    <deckname>Krenko</deckname>", "    <comments></comments>"]
    for zone, cards in zones:
        lines.append(f'    <zone name="{zone}">')
        lines += [f'        <card number="{n}" price="0" name="{name}"/>' for n, name in cards]
        lines.append("    </zone>")
    return "\n".join([*lines, "</cockatrice_deck>"]) + "\n"


@pytest.mark.parametrize("zone", ["Commander", "commander", "COMMANDER", " Commander "])
def test_a_commander_zone_is_the_commander_section(tmp_path: Path, zone: str) -> None:
    path = tmp_path / "krenko.cod"
    path.write_text(cod(("main", [(99, "Mountain")]), (zone, [(1, "Krenko, Mob Boss")])),
                    encoding="utf-8")
    result = read_deck_file(path)
    assert [(e.name, e.count, e.section) for e in result.deck.entries] == [
        ("Mountain", 99, Section.MAIN), ("Krenko, Mob Boss", 1, Section.COMMANDER)]
    assert result.issues == ()


def test_an_unknown_zone_is_kept_as_the_maybeboard_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "deck.cod"
    path.write_text(cod(("main", [(4, "Lightning Bolt")]), ("Wishlist", [(2, "Sol Ring")]),
                        ("side", [(1, "Negate")])), encoding="utf-8")
    result = read_deck_file(path)
    assert [(e.name, e.count, e.section) for e in result.deck.entries] == [
        ("Lightning Bolt", 4, Section.MAIN), ("Sol Ring", 2, Section.MAYBEBOARD),
        ("Negate", 1, Section.SIDEBOARD)]
    (issue,) = result.issues
    assert issue.severity is Severity.WARNING
    assert issue.line_no == 8
    assert "'Wishlist'" in issue.reason and "maybeboard" in issue.reason


def test_tokens_are_still_skipped_with_a_warning() -> None:
    result = COCKATRICE.parse(cod(("main", [(4, "Lightning Bolt")]),
                                  ("tokens", [(1, "Goblin")])))
    assert [e.name for e in result.deck.entries] == ["Lightning Bolt"]
    (issue,) = result.issues
    assert issue.severity is Severity.WARNING and "tokens" in issue.reason


def test_a_broken_file_keeps_its_zones_too() -> None:
    text = cod(("main", [(99, "Mountain")]), ("Commander", [(1, "Krenko, Mob Boss")]),
               ("Maybe later", [(1, "Sol Ring")]))
    result = COCKATRICE.parse(text.replace("</cockatrice_deck>", "<oops"))
    assert [(e.name, e.section) for e in result.deck.entries] == [
        ("Mountain", Section.MAIN), ("Krenko, Mob Boss", Section.COMMANDER),
        ("Sol Ring", Section.MAYBEBOARD)]
