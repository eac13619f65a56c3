"""Writing a resolved deck out: the JSON shape scripts read, and a normalised text list.

:func:`deck_to_json` is the machine output (``spellweb deck --json``); its keys ``entries``
(each with ``name``, ``count``, ``section``) and ``issues`` are a promise to external scripts.
:func:`format_deck_text` is the human output (``spellweb deck``): an MTG Arena style list
with Oracle names, grouped by card type, that :func:`analyzer.decks.load.parse_deck_text`
reads back.
"""

from __future__ import annotations

from typing import Any

from analyzer.decks.grammar import format_card_line
from analyzer.decks.model import Deck, DeckGroup, ResolvedEntry, Section
from analyzer.decks.validate import DeckValidation

__all__ = ["deck_to_json", "format_deck_text"]


def deck_to_json(deck: Deck, validation: DeckValidation | None = None) -> dict[str, Any]:
    """The deck as JSON-ready data, in the shape external scripts rely on.

    Returns
    -------
    dict
        ``{"name", "path", "format", "entries": [{"name", "count", "section", "line",
        "card_name", "card_id", "mana_value", "type", "set_code", "collector_number",
        "note", "printing": {"set_code", "collector_number", "art_index"}, "tags", "foil",
        "categories"}], "issues": [{"line", "text", "reason", "suggestions", "severity"}],
        "totals": {"main": n, "sideboard": n, "commander": n, "companion": n,
        "maybeboard": n}}``, and ``"validation"``
        (:meth:`~analyzer.decks.validate.DeckValidation.to_json`) when ``validation`` is given. ``card_name``, ``card_id``, ``mana_value`` and ``type`` are
        ``null`` for unknown names; ``note``, ``set_code``, ``collector_number`` and ``line``
        are ``null`` when absent. The keys ``entries`` (with ``name``, ``count``,
        ``section``) and ``issues`` are a promise: they will not change.

    Examples
    --------
    >>> from analyzer.decks.model import DeckEntry, ResolvedEntry
    >>> deck = Deck((ResolvedEntry(DeckEntry("Opt", 4, line_no=1), None),))
    >>> data = deck_to_json(deck)
    >>> data["entries"][0]["name"], data["entries"][0]["card_name"], data["totals"]["main"]
    ('Opt', None, 4)
    """
    entries = []
    for item in deck.entries:
        card, entry = item.card, item.entry
        entries.append({
            "name": entry.name, "count": entry.count, "section": entry.section.label,
            "line": entry.line_no,
            "card_name": card.name if card else None, "card_id": card.id if card else None,
            "mana_value": _number(card.mana_value) if card else None,
            "type": card.type_line if card else None,
            "set_code": entry.set_code, "collector_number": entry.collector_number,
            "note": item.note or None,
            "printing": {"set_code": entry.set_code,
                         "collector_number": entry.collector_number,
                         "art_index": entry.art_index},
            "tags": list(entry.tags), "foil": entry.foil, "categories": list(entry.categories),
        })
    issues = [{"line": i.line_no, "text": i.text, "reason": i.reason,
               "suggestions": list(i.suggestions), "severity": i.severity.label}
              for i in deck.issues]
    result: dict[str, Any] = {
        "name": deck.name, "path": str(deck.path) if deck.path else None,
        "format": deck.format, "entries": entries, "issues": issues,
        "totals": {s.label: n for s, n in deck.totals(include_empty=True).items()}}
    if validation is not None:
        result["validation"] = validation.to_json()
    return result


def _number(value: float) -> int | float:
    """A mana value as JSON writes it best: ``3`` rather than ``3.0``, ``0.5`` kept."""
    return int(value) if float(value).is_integer() else value


def format_deck_text(deck: Deck) -> str:
    """The deck as a normalised, annotated MTG Arena style list.

    ``About`` / ``Name`` when the deck has a name; the sections under their headers
    (``Commander``, ``Companion``, ``Deck``, ``Sideboard``, ``Maybeboard``); in the main deck,
    a ``// Creatures (24)`` comment above each card type group (:meth:`Deck.groups`). Resolved
    entries are written with the card's Oracle name and the printing as written; a note
    (flavor name, face, commander taken from the sideboard) or "not found" is a ``//`` comment
    above its line. The last line is a comment with the totals. Reading the text back gives
    the same cards, counts and sections.

    Examples
    --------
    >>> from analyzer.decks.model import DeckEntry
    >>> deck = Deck((ResolvedEntry(DeckEntry("Opt", 4, set_code="XLN", collector_number="65"),
    ...                            None),), name="Blue")
    >>> print(format_deck_text(deck), end="")
    About
    Name Blue
    <BLANKLINE>
    Deck
    // Not found (4)
    // not found in the card database
    4 Opt (XLN) 65
    <BLANKLINE>
    // 4 cards: 4 main
    """
    blocks = [f"About\nName {deck.name}"] if deck.name else []
    for section in (Section.COMMANDER, Section.COMPANION, Section.MAIN, Section.SIDEBOARD,
                    Section.MAYBEBOARD):
        groups = [g for g in deck.groups() if g.section is section]
        if groups:
            header = "Deck" if section is Section.MAIN else section.title
            blocks.append("\n".join([header, *(line for g in groups for line in _group(g))]))
    totals = deck.totals()
    blocks.append(f"// {sum(totals.values())} cards: "
                  + ", ".join(f"{n} {s.label}" for s, n in totals.items()))
    return "\n\n".join(blocks) + "\n"


def _group(group: DeckGroup) -> list[str]:
    lines = [f"// {group.label}"] if group.type_group is not None else []
    for item in group.entries:
        lines.extend(_entry(item))
    return lines


def _entry(item: ResolvedEntry) -> list[str]:
    entry = item.entry
    name = item.card.name if item.card is not None else entry.name
    line = format_card_line(entry.count, name, entry.set_code, entry.collector_number)
    note = item.note if item.card is not None else "not found in the card database"
    return [f"// {note}", line] if note else [line]
