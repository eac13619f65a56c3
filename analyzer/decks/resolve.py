"""Name resolution: a parsed :class:`DeckList` in, a :class:`Deck` of cards out.

Each entry's name is looked up under these keys, all folded by
:func:`~analyzer.cards.names.normalize_name` (case, accents, ligatures, and the split-card
separator: ``"Fire/Ice"``, ``"Fire / Ice"`` and ``"Fire // Ice"`` are one key):

1. the name as written. The lookup ranks what a key names (:class:`NameKind`): a card's
   Oracle name, then its ``asciiName``, then one face's name (``"Delver of Secrets"``,
   ``"Ice"``), then a flavor name printed on a crossover card (``"Splinter, Vengeful
   Sensei"`` is *Ink-Eyes, Servant of Oni*). So a half name that is also a real card
   (``"Swords to Plowshares"``) is the real card, not the half of *Emeritus of Truce //
   Swords to Plowshares*. Alchemy names (``"A-Futurist Operative"``) are names like any
   other;
2. for a multi-face spelling that names no card (``"Brazen Borrower // Petty Thief"``), its
   first part, with a warning;
3. for an Alchemy name the database lacks, the paper card (``"A-Orcish Bowmasters"`` ->
   *Orcish Bowmasters*), with a warning: the Alchemy card's rebalanced text may differ.

A name that is the back face of a double-faced card (``"Insectile Aberration"``, CR 712.1)
resolves to the card with a warning naming the front face: MTG Arena and MTGO refuse such a
line, their lists name a double-faced card by its front face.

All keys of a deck go to the lookup in one :meth:`~analyzer.cards.lookup.CardLookup.hits`
call (the database answers it with one query). A name that stays unknown is kept in the deck
with ``card=None`` and an issue listing the closest names (:mod:`analyzer.decks.suggest`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from analyzer.cards.lookup import CardLookup, NameHit, NameKind
from analyzer.cards.model import Card
from analyzer.cards.names import normalize_name, split_name_variants
from analyzer.decks.issues import IssueSink
from analyzer.decks.model import (
    Deck,
    DeckList,
    ParseIssue,
    ResolvedEntry,
    Section,
    Severity,
)
from analyzer.decks.suggest import NameSuggester
from analyzer.errors import UnknownCardError

__all__ = ["COMMANDER_DECK_SIZE", "can_be_commander", "promote_commanders", "resolve_deck",
           "resolve_entry"]

COMMANDER_DECK_SIZE = 100
"""Cards in a Commander or Duel Commander deck, commander(s) included (CR 903.5a)."""
_COMMANDER_SIZED = range(COMMANDER_DECK_SIZE - 2, COMMANDER_DECK_SIZE + 11)
"""Main deck sizes (98 to 110) of a deck read as a Commander deck, possibly of the wrong size,
when its sideboard is 1 or 2 cards that can be commanders (a Cockatrice EDH deck)."""
_ALCHEMY_PREFIX = "a-"
_DOUBLE_FACED = frozenset({"transform", "modal_dfc"})
"""``layout`` values of cards with a back face (CR 712.1: transforming and modal double-faced
cards); a deck list names them by the front face."""


@dataclass(frozen=True, slots=True)
class _Keys:
    """The lookup keys of one name, in the order they are tried."""

    name: str
    front: str | None = None
    paper: str | None = None

    @classmethod
    def of(cls, name: str) -> _Keys:
        key = normalize_name(name)
        parts = split_name_variants(name)
        front = normalize_name(parts[0]) if len(parts) > 1 else None
        paper = key[len(_ALCHEMY_PREFIX):] if key.startswith(_ALCHEMY_PREFIX) else None
        return cls(key, front, paper)

    def all(self) -> list[str]:
        return [k for k in (self.name, self.front, self.paper) if k]


def resolve_deck(decklist: DeckList, lookup: CardLookup, *, strict: bool = False) -> Deck:
    """Pair every entry of ``decklist`` with its card.

    Parameters
    ----------
    decklist : DeckList
        A parsed deck (:func:`analyzer.decks.load.parse_deck_text`).
    lookup : CardLookup
        Where cards are found by name; asked once, for every key of the deck.
    strict : bool
        Raise on the first unknown name instead of reporting it.

    Returns
    -------
    Deck
        Every entry, unknown ones with ``card=None``; ``issues`` holds one error per unknown
        name (with the closest names) and one warning per guess. Parse issues are not
        included: :func:`analyzer.decks.load.load_deck` merges both.

    Raises
    ------
    UnknownCardError
        With ``strict=True``: the first unknown name, with file, line and closest names.

    Examples
    --------
    >>> from analyzer.cards.lookup import InMemoryCardLookup
    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.decks.model import DeckEntry
    >>> lookup = InMemoryCardLookup([Card("1", "Fire // Ice", faces=(Face("Fire"), Face("Ice")))])
    >>> deck = resolve_deck(DeckList((DeckEntry("fire/ice", 2),)), lookup)
    >>> [(e.name, e.card.name) for e in deck.entries]
    [('fire/ice', 'Fire // Ice')]

    Notes
    -----
    MTGO lists a Commander deck's commander as its only sideboard card
    (``../shared/data/README.md`` section 3). When a deck has no commander section, 99 main
    deck cards and a sideboard of one card that can be a commander (CR 903.3), that card is
    moved to :attr:`Section.COMMANDER`; two such cards with 98 main deck cards are partners.
    Cockatrice keeps an EDH deck's commander in its sideboard too, and such decks are not
    always 100 cards: a sideboard of one or two cards that can be commanders beside a main
    deck of 98 to 110 cards is read the same way, so validation checks a Commander deck and
    reports its size.
    With 99 main deck cards and two sideboard cards of which one has Companion (CR 702.139),
    the other is the commander and that one the companion.
    A plain 100-card singleton list (CR 903.5a-b) with no sideboard names its commander by
    place, as deck sites export it: a card that can be a commander alone on the first line
    before a blank line (the reader takes the 99 after it for a sideboard), or on the last or
    first line out of the list's alphabetical order (appended after 99 sorted cards). Moved
    entries carry a note.
    """
    sink = IssueSink(decklist.path, strict=strict)
    plans = [_Keys.of(e.name) for e in decklist.entries]
    hits = lookup.hits({k for plan in plans for k in plan.all()}) if plans else {}
    suggester: NameSuggester | None = None
    resolved: list[ResolvedEntry] = []
    for entry, keys in zip(decklist.entries, plans, strict=True):
        card, note, warning = _pick(entry.name, keys, hits)
        if card is not None and card.is_meld_result:
            sink.report(_meld_result_issue(entry.line_no, entry.name, card, lookup),
                        UnknownCardError)
            card, note = None, ""
        elif card is None:
            suggester = suggester or NameSuggester(lookup.all_names())
            sink.report(ParseIssue(entry.line_no, entry.name, f"no card is named {entry.name!r}",
                                   suggester.suggest(entry.name)), UnknownCardError)
        elif warning:
            sink.report(ParseIssue(entry.line_no, entry.name, warning,
                                   severity=Severity.WARNING))
        elif (front := _back_face_front(keys, hits)) is not None:
            sink.report(ParseIssue(entry.line_no, entry.name, (
                f"{entry.name!r} is the back face of {card.name}; MTG Arena and MTGO name a "
                f"double-faced card by its front face, {front!r}"), (front,),
                severity=Severity.WARNING))
        resolved.append(ResolvedEntry(entry, card, note))
    entries = _promote_commanders(resolved)
    return Deck(tuple(entries), tuple(sink.issues), decklist.name, decklist.path,
                decklist.format, decklist.extras)


def _pick(name: str, keys: _Keys, hits: Mapping[str, Sequence[NameHit]]
          ) -> tuple[Card | None, str, str]:
    """The card for one name: ``(card, note, warning)``; see the module docstring for the order."""
    found = hits.get(keys.name)
    if found:
        best = found[0]
        others = sorted({h.card.name for h in found if h.kind is best.kind} - {best.card.name})
        warning = (f"{name!r} names several cards ({', '.join([best.card.name, *others])}); "
                   f"read as {best.card.name!r}") if others else ""
        return best.card, _note(name, best), warning
    if keys.front and hits.get(keys.front):
        card = hits[keys.front][0].card
        return (card, f'read by its first part as {card.name}',
                f"{name!r} names no card; read by its first part as {card.name!r}")
    if keys.paper and hits.get(keys.paper):
        card = hits[keys.paper][0].card
        return (card, f'Alchemy card "{name}" read as the paper card {card.name}',
                f"the Alchemy card {name!r} is not in the card database; read as the paper "
                f"card {card.name!r}, whose text may differ")
    return None, "", ""


def _back_face_front(keys: _Keys, hits: Mapping[str, Sequence[NameHit]]) -> str | None:
    """The front face's name when the name as written is the back face of a double-faced
    card (:data:`_DOUBLE_FACED`), else ``None``."""
    found = hits.get(keys.name)
    if not found:
        return None
    best = found[0]
    if (best.kind is NameKind.FACE and best.face_index > 0
            and best.card.layout in _DOUBLE_FACED):
        return best.card.front.name
    return None


def _meld_result_issue(line_no: int | None, name: str, card: Card,
                       lookup: CardLookup) -> ParseIssue:
    """The error for a deck line naming a melded permanent (CR 712.4: no card of its own; a
    deck holds its two halves), the halves as suggestions: the meld fronts MTGJSON keys
    ``"Front // Melded"``."""
    suffix = f" // {card.name}"
    halves = sorted(n[:-len(suffix)] for n in lookup.all_names() if n.endswith(suffix))
    return ParseIssue(line_no, name, f"{card.name!r} is a melded permanent, not a card a deck "
                      "can hold; put its two halves in the deck", tuple(halves))


def _note(name: str, hit: NameHit) -> str:
    """The note for a name matched other than by the card's own name or its front face."""
    if hit.kind is NameKind.FLAVOR:
        return f'printed name "{name}" is {hit.card.name}'
    if hit.kind is NameKind.FACE and hit.face_index > 0:
        return f'"{name}" is a face of {hit.card.name}'
    return ""


def can_be_commander(card: Card) -> bool:
    """Whether ``card`` can be a commander: a legendary creature (CR 903.3), a Background,
    or a card whose text says it can be your commander; never a meld result (Brisela, Voice
    of Nightmares: :attr:`~analyzer.cards.model.Card.is_meld_result`).

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> can_be_commander(Card("1", "Yuriko", faces=(Face("Yuriko", supertypes=("Legendary",),
    ...                                                      types=("Creature",)),)))
    True
    >>> can_be_commander(Card("2", "Island", faces=(Face("Island", types=("Land",)),)))
    False
    """
    if card.is_meld_result:
        return False  # a melded permanent's face is no card (CR 712.4)
    front = card.front
    return (("Legendary" in front.supertypes and "Creature" in front.types)
            or "Background" in front.subtypes
            or "can be your commander" in card.text.lower())


def deck_sections(card: Card) -> frozenset[Section]:
    """The deck sections ``card`` may be added to: none for a meld result
    (:attr:`~analyzer.cards.model.Card.is_meld_result`); every section but the command zone for a card that cannot be
    a commander (:func:`can_be_commander`, CR 903.3); all otherwise.

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> bolt = Card(id="l", name="Lightning Bolt", faces=(Face("Lightning Bolt",
    ...                                                       types=("Instant",)),))
    >>> Section.COMMANDER in deck_sections(bolt), Section.MAIN in deck_sections(bolt)
    (False, True)
    """
    if card.is_meld_result:
        return frozenset()
    if can_be_commander(card):
        return frozenset(Section)
    return frozenset(s for s in Section if s is not Section.COMMANDER)


def promote_commanders(entries: Sequence[ResolvedEntry]) -> list[ResolvedEntry]:
    """``entries`` as :func:`resolve_deck` returns them: a commander a format without a
    commander section lists in the sideboard (MTGO, XMage, Cockatrice) or by place moved to
    the commander section; unchanged when there is none. Used by
    :func:`analyzer.decks.save.loss_report` to tell whether the reader undoes a loss."""
    return _promote_commanders(list(entries))


def _promote_commanders(entries: list[ResolvedEntry]) -> list[ResolvedEntry]:
    """Move MTGO's sideboard commander to the commander section (see :func:`resolve_deck`)."""
    if any(e.section is Section.COMMANDER for e in entries):
        return entries
    listed = _listed_commander(entries)
    if listed is not None:
        return listed
    side = [i for i, e in enumerate(entries) if e.section is Section.SIDEBOARD]
    cards = [entries[i].card for i in side]
    if not 1 <= len(side) <= 2 or any(entries[i].count != 1 for i in side):
        return entries
    main = sum(e.count for e in entries if e.section is Section.MAIN)
    roles = _sideboard_roles(main, [c for c in cards if c is not None])
    if roles is None or len(roles) != len(side):
        return entries
    promoted = list(entries)
    for index, section in zip(side, roles, strict=True):
        promoted[index] = _moved(entries[index], section)
    return promoted


def _singleton(entries: Sequence[ResolvedEntry]) -> bool:
    """Whether no card but basic lands (or a card allowing any number) has two copies
    (CR 903.5b)."""
    return all(e.count == 1 or (e.card is not None and (
        "Basic" in e.card.front.supertypes or "any number of cards named" in e.card.text))
        for e in entries)


def _sort_key(entry: ResolvedEntry) -> str:
    return entry.name.casefold()


def _listed_commander(entries: list[ResolvedEntry]) -> list[ResolvedEntry] | None:
    """A plain 100-card singleton list with its commander named by place (see
    :func:`resolve_deck`), the commander moved; or None."""
    if len(entries) < 3 or any(e.section not in (Section.MAIN, Section.SIDEBOARD)
                               for e in entries):
        return None
    if sum(e.count for e in entries) != COMMANDER_DECK_SIZE or not _singleton(entries):
        return None

    def commander_at(index: int, where: str) -> list[ResolvedEntry] | None:
        entry = entries[index]
        if entry.count != 1 or entry.card is None or not can_be_commander(entry.card):
            return None
        note = f"commander: the {where} of a 100-card singleton list"
        moved = [ResolvedEntry(replace(e.entry, section=Section.MAIN), e.card, e.note)
                 if e.section is Section.SIDEBOARD else e for e in entries]
        moved[index] = ResolvedEntry(replace(entry.entry, section=Section.COMMANDER),
                                     entry.card, "; ".join(n for n in (entry.note, note) if n))
        return moved

    main = [i for i, e in enumerate(entries) if e.section is Section.MAIN]
    if len(main) < len(entries):   # the reader took the cards after a blank line for a sideboard
        if main == [0]:
            return commander_at(0, "first line, alone before a blank line,")
        return None
    if _sort_key(entries[-1]) < _sort_key(entries[-2]):
        return commander_at(len(entries) - 1, "last line, out of alphabetical order,")
    if _sort_key(entries[0]) > _sort_key(entries[1]):
        return commander_at(0, "first line, out of alphabetical order,")
    return None


def _sideboard_roles(main: int, cards: list[Card]) -> list[Section] | None:
    """What each sideboard card of a would-be Commander deck is, or ``None`` if it is not one."""
    if main + len(cards) == COMMANDER_DECK_SIZE and all(can_be_commander(c) for c in cards):
        return [Section.COMMANDER] * len(cards)
    companion = ["Companion" in c.keywords for c in cards]
    if len(cards) == 2 and main + 1 == COMMANDER_DECK_SIZE and sum(companion) == 1:
        commander = cards[companion.index(False)]
        if can_be_commander(commander):
            return [Section.COMPANION if c else Section.COMMANDER for c in companion]
    if main in _COMMANDER_SIZED and all(can_be_commander(c) for c in cards):
        return [Section.COMMANDER] * len(cards)   # a Commander deck of the wrong size
    return None


def _moved(entry: ResolvedEntry, section: Section) -> ResolvedEntry:
    what = "commander" if section is Section.COMMANDER else "companion"
    note = (f"{what}: MTGO and Cockatrice list a Commander deck's {what} in the "
            "sideboard")
    return ResolvedEntry(replace(entry.entry, section=section), entry.card,
                         "; ".join(n for n in (entry.note, note) if n))


def resolve_entry(deck: Deck, index: int, card: Card) -> Deck:
    """The deck with entry ``index`` resolved to ``card``: the user's pick for a name no card
    has (the GUI's *Fix…*), or a correction of a guess.

    The entry keeps the name as written and gets a note; the issue reported for its name is
    dropped; an MTGO sideboard commander is promoted again (see :func:`resolve_deck`).

    Raises
    ------
    IndexError
        ``index`` is not an entry of ``deck``.

    Examples
    --------
    >>> from analyzer.cards.model import Face
    >>> from analyzer.decks.model import DeckEntry
    >>> deck = Deck((ResolvedEntry(DeckEntry("Lightening Bolt", 4, line_no=1), None),),
    ...             (ParseIssue(1, "Lightening Bolt", "no card is named 'Lightening Bolt'"),))
    >>> fixed = resolve_entry(deck, 0, Card("1", "Lightning Bolt", faces=(Face("Lightning Bolt"),)))
    >>> fixed.entries[0].card.name, fixed.entries[0].note, fixed.issues
    ('Lightning Bolt', '"Lightening Bolt" picked as Lightning Bolt', ())
    """
    old = deck.entries[index]
    note = "" if normalize_name(old.name) == normalize_name(card.name) else (
        f'"{old.name}" picked as {card.name}')
    entries = list(deck.entries)
    entries[index] = ResolvedEntry(old.entry, card, note)
    issues = tuple(i for i in deck.issues
                   if not (i.line_no == old.entry.line_no and i.text == old.name))
    return replace(deck, entries=tuple(_promote_commanders(entries)), issues=issues)
