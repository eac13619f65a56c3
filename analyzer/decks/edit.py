"""Editing a resolved deck: add a card, set a count, remove, move between sections.

Every operation takes a :class:`~analyzer.decks.model.Deck` and returns a *new* deck; the
argument is never changed (a ``Deck`` is a frozen value), so an editor keeps the decks it has
shown as its undo history, as python-chess keeps board snapshots. :class:`DeckEdit` bundles
one operation with the deck before and after it and the words an *Undo* menu item shows
(``"Set Lightning Bolt to 3"``).

Entries are addressed by their index in :attr:`Deck.entries`. A card added to a section that
already holds it (same :attr:`Card.id`) adds copies to that entry, as deck sites do; a new
entry goes at the end of the deck, so it comes last in its section (file order).

Checked here, with :class:`DeckEditError` (an :class:`~analyzer.errors.InputError`) naming
the card and the fix:

- a count is a whole number from 0 to :data:`~analyzer.decks.grammar.MAX_COUNT`; 0 removes
  the entry (a deck line holds at least one copy);
- a commander is one card (CR 903.3), a legendary creature or a card whose text allows it
  (:func:`~analyzer.decks.resolve.can_be_commander`), and a deck has at most two commanders
  (partner, CR 702.124; "Choose a Background", CR 702.124 too).

Deck-building limits that depend on the game format (four copies, singleton, 60 or 100
cards) are *not* refused while editing: a deck under construction breaks them all the time.
:func:`~analyzer.decks.validate.validate_deck` reports them.

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> bolt = Card("b", "Lightning Bolt", faces=(Face("Lightning Bolt", types=("Instant",)),))
>>> deck = add_card(Deck(()), bolt, count=4)
>>> [(e.name, e.count, e.section.label) for e in deck.entries]
[('Lightning Bolt', 4, 'main')]
>>> edit = DeckEdit.set_count(deck, 0, 3)
>>> edit.text, edit.do().entries[0].count, edit.undo() is deck
('Set Lightning Bolt to 3', 3, True)
>>> moved = move_entry(edit.do(), 0, Section.SIDEBOARD, count=1)
>>> [(e.count, e.section.label) for e in moved.entries]
[(2, 'main'), (1, 'sideboard')]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from analyzer.cards.model import Card
from analyzer.decks.grammar import MAX_COUNT
from analyzer.decks.model import Deck, DeckEntry, ResolvedEntry, Section
from analyzer.decks.resolve import can_be_commander
from analyzer.errors import InputError

__all__ = [
    "MAX_COMMANDERS",
    "DeckEdit",
    "DeckEditError",
    "add_card",
    "check_count",
    "entry_index",
    "move_entry",
    "new_deck",
    "remove_entry",
    "set_count",
]

MAX_COMMANDERS = 2
"""Commanders a deck may have: one, or two with partner or a Background (CR 702.124)."""


class DeckEditError(InputError):
    """An edit the deck cannot take: a negative count, a second copy of a commander...

    The message names the card and says what to do instead.
    """


# -- checks -----------------------------------------------------------------------------------


def check_count(count: int, name: str = "") -> int:
    """``count`` if it is a valid number of copies (0 to ``MAX_COUNT``), else raise.

    Parameters
    ----------
    count : int
        The number of copies asked for (0 means *remove*).
    name : str
        The card's name, for the message.

    Raises
    ------
    DeckEditError
        ``count`` is not an ``int`` (``bool`` included), is negative or above ``MAX_COUNT``.

    Examples
    --------
    >>> check_count(4)
    4
    >>> check_count(-1, "Opt")
    Traceback (most recent call last):
    ...
    analyzer.decks.edit.DeckEditError: a count of 'Opt' must be 0 or more, not -1
    """
    what = f"a count of {name!r}" if name else "a count"
    if isinstance(count, bool) or not isinstance(count, int):
        raise DeckEditError(f"{what} must be a whole number, not {count!r}")
    if count < 0:
        raise DeckEditError(f"{what} must be 0 or more, not {count}")
    if count > MAX_COUNT:
        raise DeckEditError(f"{what} must be at most {MAX_COUNT}, not {count}")
    return count


def _check_commander(deck: Deck, card: Card | None, name: str, count: int,
                     leaving: int | None = None) -> None:
    """Raise unless ``count`` copies of ``card`` may join the commander section.

    ``leaving``: the index of an entry that leaves the section in the same edit.
    """
    if card is None:
        raise DeckEditError(f"{name!r} matches no card, so it cannot be a commander; "
                            "fix its name first (Fix…)")
    if not can_be_commander(card):
        raise DeckEditError(f"{card.name!r} cannot be a commander: a commander is a legendary "
                            "creature or says it can be your commander (CR 903.3)")
    others = [e for i, e in enumerate(deck.entries)
              if e.section is Section.COMMANDER and i != leaving]
    same = [e for e in others if e.card is not None and e.card.id == card.id]
    if same or count != 1:
        raise DeckEditError(f"a deck has one copy of its commander {card.name!r} (CR 903.3); "
                            "put the other copies in the main deck")
    if len(others) >= MAX_COMMANDERS:
        raise DeckEditError(f"a deck has at most {MAX_COMMANDERS} commanders (partner, "
                            f"CR 702.124); move {others[0].name!r} out first")


def _entry(deck: Deck, index: int) -> ResolvedEntry:
    if isinstance(index, bool) or not isinstance(index, int) \
            or not 0 <= index < len(deck.entries):
        raise IndexError(f"the deck has no entry {index!r} ({len(deck.entries)} entries)")
    return deck.entries[index]


def entry_index(deck: Deck, entry: ResolvedEntry) -> int:
    """The index of ``entry`` (that very object) in ``deck.entries``.

    Raises
    ------
    DeckEditError
        ``entry`` is not one of the deck's entries (it belongs to an older version).
    """
    for i, candidate in enumerate(deck.entries):
        if candidate is entry:
            return i
    raise DeckEditError(f"{entry.name!r} ({entry.section.title}) is no longer in the deck")


# -- operations -------------------------------------------------------------------------------


def new_deck(name: str = "Untitled") -> Deck:
    """An empty deck named ``name`` (no file yet; format plain text).

    Examples
    --------
    >>> new_deck().name, new_deck().entries
    ('Untitled', ())
    """
    return Deck((), name=name, path=None, format="text")


def _same_card(entry: ResolvedEntry, card: Card | None, name: str, section: Section) -> bool:
    if entry.section is not section:
        return False
    if card is not None:
        return entry.card is not None and entry.card.id == card.id
    return entry.card is None and entry.name == name


def add_card(deck: Deck, card: Card, section: Section = Section.MAIN, count: int = 1) -> Deck:
    """``deck`` with ``count`` more copies of ``card`` in ``section``.

    Copies go to the first entry of ``section`` with the same card when there is one (its
    printing is kept), else to a new entry written under the card's Oracle name.

    Raises
    ------
    DeckEditError
        ``count`` is below 1 or the total above ``MAX_COUNT``; the card cannot be a
        commander, or the deck has its commanders already (``section`` COMMANDER).
    """
    check_count(count, card.name)
    if count == 0:
        raise DeckEditError(f"add at least one copy of {card.name!r}")
    entries = list(deck.entries)
    for i, entry in enumerate(entries):
        if _same_card(entry, card, card.name, section):
            total = check_count(entry.count + count, card.name)
            if section is Section.COMMANDER:
                _check_commander(deck, card, card.name, total, leaving=i)
            entries[i] = replace(entry, entry=replace(entry.entry, count=total))
            return replace(deck, entries=tuple(entries))
    if section is Section.COMMANDER:
        _check_commander(deck, card, card.name, count)
    entries.append(ResolvedEntry(DeckEntry(card.name, count, section), card))
    return replace(deck, entries=tuple(entries))


def remove_entry(deck: Deck, index: int) -> Deck:
    """``deck`` without entry ``index``; the issue reported for its line goes with it.

    Raises
    ------
    IndexError
        No entry ``index``.
    """
    old = _entry(deck, index)
    entries = deck.entries[:index] + deck.entries[index + 1:]
    issues = deck.issues
    if not any(e.entry.line_no == old.entry.line_no and e.name == old.name for e in entries):
        issues = tuple(i for i in issues
                       if not (i.line_no == old.entry.line_no and i.text.strip() == old.name))
    return replace(deck, entries=entries, issues=issues)


def set_count(deck: Deck, index: int, count: int) -> Deck:
    """``deck`` with entry ``index`` holding ``count`` copies (0 removes it).

    Raises
    ------
    IndexError
        No entry ``index``.
    DeckEditError
        ``count`` is invalid (:func:`check_count`), or above 1 for a commander.
    """
    old = _entry(deck, index)
    check_count(count, old.name)
    if count == 0:
        return remove_entry(deck, index)
    if old.section is Section.COMMANDER and count != 1:
        raise DeckEditError(f"a deck has one copy of its commander {old.name!r} (CR 903.3); "
                            "add the other copies to the main deck")
    entries = list(deck.entries)
    entries[index] = replace(old, entry=replace(old.entry, count=count))
    return replace(deck, entries=tuple(entries))


def move_entry(deck: Deck, index: int, section: Section, count: int | None = None) -> Deck:
    """``deck`` with ``count`` copies (default: all) of entry ``index`` moved to ``section``.

    The copies join an entry of ``section`` holding the same card, else a new entry that
    keeps the line's name and printing. Copies left behind stay where they were.

    Raises
    ------
    IndexError
        No entry ``index``.
    DeckEditError
        ``count`` is not 1 to the entry's count; the move makes an invalid commander
        (see :func:`add_card`); the total in ``section`` exceeds ``MAX_COUNT``.
    """
    old = _entry(deck, index)
    moving = old.count if count is None else check_count(count, old.name)
    if not 1 <= moving <= old.count:
        raise DeckEditError(f"move 1 to {old.count} copies of {old.name!r}, not {moving}")
    if section is old.section:
        return deck
    if section is Section.COMMANDER:
        _check_commander(deck, old.card, old.name, moving, leaving=index)
    entries = list(deck.entries)
    target = next((i for i, e in enumerate(entries)
                   if _same_card(e, old.card, old.name, section)), None)
    if target is not None:
        joined = entries[target]
        total = check_count(joined.count + moving, old.name)
        entries[target] = replace(joined, entry=replace(joined.entry, count=total))
    else:
        entries.append(replace(old, entry=replace(old.entry, count=moving, section=section)))
    if moving == old.count:
        del entries[index]
    else:
        entries[index] = replace(old, entry=replace(old.entry, count=old.count - moving))
    return replace(deck, entries=tuple(entries))


# -- edits with undo --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckEdit:
    """One edit of a deck: the deck before and after it, and its name for an *Undo* item.

    Build one with a constructor (:meth:`add`, :meth:`set_count`, :meth:`remove`,
    :meth:`move`, :meth:`replace_deck`); each checks the edit and raises
    :class:`DeckEditError` (or ``IndexError``) before anything changes.
    """

    text: str
    """What the edit does, for *Undo …* / *Redo …* (``"Set Lightning Bolt to 3"``)."""
    before: Deck
    """The deck the edit was made on."""
    after: Deck
    """The deck the edit makes."""

    def do(self) -> Deck:
        """The deck after the edit."""
        return self.after

    def undo(self) -> Deck:
        """The deck before the edit."""
        return self.before

    @property
    def changed(self) -> bool:
        """False when the edit leaves the deck as it was (moving to the same section)."""
        return self.after != self.before

    @classmethod
    def add(cls, deck: Deck, card: Card, section: Section = Section.MAIN,
            count: int = 1) -> DeckEdit:
        """:func:`add_card` as an edit: ``"Add 2 Lightning Bolt to Sideboard"``."""
        where = "" if section is Section.MAIN else f" to {section.title}"
        return cls(f"Add {count} {card.name}{where}", deck, add_card(deck, card, section, count))

    @classmethod
    def set_count(cls, deck: Deck, index: int, count: int) -> DeckEdit:
        """:func:`set_count` as an edit: ``"Set Lightning Bolt to 3"`` (``"Remove …"`` at 0)."""
        name = _entry(deck, index).name
        text = f"Remove {name}" if count == 0 else f"Set {name} to {count}"
        return cls(text, deck, set_count(deck, index, count))

    @classmethod
    def remove(cls, deck: Deck, index: int) -> DeckEdit:
        """:func:`remove_entry` as an edit: ``"Remove Lightning Bolt"``."""
        return cls(f"Remove {_entry(deck, index).name}", deck, remove_entry(deck, index))

    @classmethod
    def move(cls, deck: Deck, index: int, section: Section,
             count: int | None = None) -> DeckEdit:
        """:func:`move_entry` as an edit: ``"Move Lightning Bolt to Sideboard"``."""
        old = _entry(deck, index)
        copies = "" if count is None or count == old.count else f"{count} "
        return cls(f"Move {copies}{old.name} to {section.title}", deck,
                   move_entry(deck, index, section, count))

    @classmethod
    def replace_deck(cls, deck: Deck, after: Deck, text: str) -> DeckEdit:
        """Any other change computed elsewhere (a name picked with *Fix…*), named ``text``."""
        return cls(text, deck, after)
