"""A deck under edit as JSON and back, card choices included: the editor's recovery file.

A deck file cannot always say everything the editor knows: a format may lack sections or
printings, and a name the user resolved by hand (*Fix…*) would be looked up again on
reading. A snapshot keeps it all: :func:`deck_snapshot` is :func:`~analyzer.decks.export.
deck_to_json` (every entry with its card id, printing, tags, note; every issue) plus a
version and the file the deck belongs to; :func:`deck_from_snapshot` rebuilds the
:class:`~analyzer.decks.model.Deck` from it, given the cards its ids name.

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> from analyzer.decks.model import DeckEntry, ResolvedEntry, Section
>>> bolt = Card("b", "Lightning Bolt", faces=(Face("Lightning Bolt", types=("Instant",)),))
>>> deck = Deck((ResolvedEntry(DeckEntry("Lightnig Bolt", 3, Section.SIDEBOARD, 4), bolt,
...                            "picked"),), name="Red")
>>> data = deck_snapshot(deck)
>>> snapshot_card_ids(data)
{'b'}
>>> deck_from_snapshot(data, {"b": bolt}) == deck
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from analyzer.cards.model import Card
from analyzer.decks.export import deck_to_json
from analyzer.decks.model import (
    Deck,
    DeckEntry,
    FormatExtras,
    ParseIssue,
    ResolvedEntry,
    Section,
    Severity,
)
from analyzer.errors import InputError

__all__ = ["SNAPSHOT_VERSION", "deck_from_snapshot", "deck_snapshot", "snapshot_card_ids"]

SNAPSHOT_VERSION = 1
"""The ``"snapshot"`` key's value; a file with another version is refused."""


def deck_snapshot(deck: Deck) -> dict[str, Any]:
    """``deck`` as JSON-ready data: :func:`deck_to_json` plus ``"snapshot": 1``.

    Returns
    -------
    dict
        See :func:`~analyzer.decks.export.deck_to_json`; ``path`` and ``format`` are the
        file the deck was read from or last saved to (``null``: never saved).
    """
    data = deck_to_json(deck)
    data["snapshot"] = SNAPSHOT_VERSION
    extras = deck.extras
    if extras.format:
        data["extras"] = {"format": extras.format, "metadata": list(map(list, extras.metadata)),
                          "trailer": list(extras.trailer),
                          "card_ids": list(map(list, extras.card_ids)),
                          "comments": list(map(list, extras.comments)),
                          "newline": extras.newline, "bom": extras.bom}
    return data


def snapshot_card_ids(data: Mapping[str, Any]) -> set[str]:
    """The card ids a snapshot's entries name (to look up before :func:`deck_from_snapshot`).

    Raises
    ------
    InputError
        ``data`` is not a snapshot (no list under ``"entries"``).
    """
    return {str(e["card_id"]) for e in _entries(data)
            if isinstance(e, Mapping) and e.get("card_id")}


def deck_from_snapshot(data: Mapping[str, Any], cards: Mapping[str, Card]) -> Deck:
    """The deck a snapshot holds.

    Parameters
    ----------
    data : Mapping
        What :func:`deck_snapshot` wrote (read back from JSON).
    cards : Mapping[str, Card]
        The cards by id (:func:`snapshot_card_ids` says which); an id missing here leaves
        its entry unresolved (``card=None``), as an unknown name would.

    Raises
    ------
    InputError
        A wrong version, or an entry or key of the wrong shape; the message names the entry
        and the key.
    """
    if data.get("snapshot") != SNAPSHOT_VERSION:
        raise InputError(f"not a deck snapshot of version {SNAPSHOT_VERSION} "
                         f"(snapshot={data.get('snapshot')!r})")
    entries = []
    for number, raw in enumerate(_entries(data), 1):
        try:
            entries.append(_entry(raw, cards))
        except KeyError as err:
            raise InputError(f"entry {number} of the snapshot cannot be read: it has no "
                             f"{err.args[0]!r}") from err
        except (TypeError, ValueError, AttributeError) as err:
            raise InputError(f"entry {number} of the snapshot cannot be read: "
                             f"{_reason(err)}") from err
    try:
        issues = tuple(ParseIssue(i["line"], str(i["text"]), str(i["reason"]),
                                  tuple(map(str, i.get("suggestions", ()))),
                                  Severity[str(i.get("severity", "error")).upper()])
                       for i in data.get("issues", ()))
    except KeyError as err:
        raise InputError(f"the snapshot's issues cannot be read: an issue has no "
                         f"{err.args[0]!r}") from err
    except (TypeError, ValueError, AttributeError) as err:
        raise InputError(f"the snapshot's issues cannot be read: {_reason(err)}") from err
    path = data.get("path")
    return Deck(tuple(entries), issues, name=_optional(data.get("name")),
                path=Path(path) if path else None, format=str(data.get("format") or "text"),
                extras=_extras(data.get("extras")))


def _reason(err: Exception) -> str:
    """A message for people: the error's own text when it is ours, else its kind."""
    if isinstance(err, ValueError) and not isinstance(err, UnicodeError) and err.args:
        return str(err.args[0])
    return "a value has the wrong type (the file was changed or is damaged)"


def _extras(raw: Any) -> FormatExtras:
    """The snapshot's :class:`FormatExtras`; an unreadable value gives none (only what the
    file kept beside its cards is lost, never the deck)."""
    if not isinstance(raw, Mapping):
        return FormatExtras()
    try:
        def pairs(key: str) -> tuple[tuple[str, str], ...]:
            return tuple((str(a), str(b)) for a, b in raw.get(key, ()))
        newline = str(raw.get("newline", "\n"))
        return FormatExtras(str(raw.get("format", "")), pairs("metadata"),
                            tuple(map(str, raw.get("trailer", ()))), pairs("card_ids"),
                            pairs("comments"), newline if newline in ("\n", "\r\n") else "\n",
                            bool(raw.get("bom", False)))
    except (TypeError, ValueError):
        return FormatExtras()


def _entries(data: Mapping[str, Any]) -> list[Any]:
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise InputError("not a deck snapshot: no list under 'entries'")
    return entries


def _optional(value: Any) -> str | None:
    return None if value is None else str(value)


def _entry(raw: Mapping[str, Any], cards: Mapping[str, Card]) -> ResolvedEntry:
    count = raw["count"]
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count {count!r} is not a positive whole number")
    printing = raw.get("printing") or {}
    entry = DeckEntry(str(raw["name"]), count, Section.from_label(str(raw["section"])),
                      raw.get("line"), _optional(printing.get("set_code")),
                      _optional(printing.get("collector_number")),
                      _optional(printing.get("art_index")), bool(raw.get("foil", False)),
                      tuple(map(str, raw.get("tags", ()))),
                      tuple(map(str, raw.get("categories", ()))))
    card_id = raw.get("card_id")
    return ResolvedEntry(entry, cards.get(str(card_id)) if card_id else None,
                         str(raw.get("note") or ""))
