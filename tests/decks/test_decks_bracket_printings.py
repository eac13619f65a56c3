"""``1 Name [C20]`` and ``1 Name [FDN:140]`` in a text list (issue 16).

A bracket after the name holding a set code and collector number (``[FDN:140]``,
``[C21#263]``) is a printing, not an Archidekt category. A bracket holding only something
shaped like a set code (``[C20]``) could be either: it is read as the printing, kept among
the categories too, and a warning says which reading was chosen. Words (``[Ramp]``) and
section names (``[Commander]``) are read as before.
"""

from __future__ import annotations

import pytest

from analyzer.cards.lookup import InMemoryCardLookup
from analyzer.cards.model import Card, Face
from analyzer.decks import Section, Severity, parse_deck_text, resolve_deck
from analyzer.decks.formats.marked import split_markers

BOLT = Card("id-bolt", "Lightning Bolt", faces=(Face("Lightning Bolt", types=("Instant",)),))


@pytest.mark.parametrize(("line", "set_code", "number"), [
    ("1 Lightning Bolt [FDN:140]", "FDN", "140"),
    ("1 Lightning Bolt [fdn:140]", "fdn", "140"),
    ("1x Lightning Bolt [C21#263]", "C21", "263"),
    ("1 Lightning Bolt [THB:347*]", "THB", "347*"),
])
def test_set_and_collector_number_is_a_printing(line: str, set_code: str, number: str) -> None:
    result = parse_deck_text(line)
    (entry,) = result.deck.entries
    assert (entry.name, entry.set_code, entry.collector_number, entry.categories) == (
        "Lightning Bolt", set_code, number, ())
    assert result.issues == ()
    deck = resolve_deck(result.deck, InMemoryCardLookup([BOLT]))
    assert deck.entries[0].card == BOLT


@pytest.mark.parametrize("code", ["C20", "M19", "2X2", "FDN", "c20"])
def test_a_bare_set_code_is_read_as_the_printing_and_kept_as_a_category(code: str) -> None:
    result = parse_deck_text(f"1 Lightning Bolt [{code}]")
    (entry,) = result.deck.entries
    assert (entry.name, entry.set_code, entry.collector_number) == ("Lightning Bolt", code, None)
    assert entry.categories == (code,)
    (issue,) = result.issues
    assert issue.severity is Severity.WARNING and issue.line_no == 1
    assert f"[{code}]" in issue.reason and "set code" in issue.reason
    assert "category" in issue.reason


@pytest.mark.parametrize(("line", "categories", "section"), [
    ("1x Lightning Bolt [Ramp]", ("Ramp",), Section.MAIN),
    ("1x Lightning Bolt [Removal,Burn]", ("Removal", "Burn"), Section.MAIN),
    ("1x Lightning Bolt [Sideboard]", (), Section.SIDEBOARD),
    ("1x Lightning Bolt [2025]", ("2025",), Section.MAIN),
])
def test_words_are_still_categories(line: str, categories: tuple[str, ...],
                                    section: Section) -> None:
    result = parse_deck_text(line)
    (entry,) = result.deck.entries
    assert (entry.set_code, entry.categories, entry.section) == (None, categories, section)
    assert result.issues == ()


def test_with_a_printing_in_parentheses_the_bracket_is_a_category() -> None:
    result = parse_deck_text("1x Lightning Bolt (m10) 146 [WAR]")
    (entry,) = result.deck.entries
    assert (entry.set_code, entry.collector_number, entry.categories) == ("m10", "146", ("WAR",))
    assert result.issues == ()


def test_markers_say_which_reading_was_chosen() -> None:
    marks = split_markers("Lightning Bolt [C20] *F*")
    assert (marks.name, marks.set_code, marks.foil, marks.categories) == (
        "Lightning Bolt", "C20", True, ("C20",))
    assert "printing" in marks.note
