"""Completion of a search query being typed: field keys, the values a field takes, names.

The vocabulary is the search syntax's own (:mod:`analyzer.cards.search.syntax`: field
keywords, ``is:`` values, formats, colour names, rarities) plus what the card database holds
(card types, supertypes and subtypes; keywords), read by :func:`database_vocabulary`.
:func:`complete_at` looks at the text before the cursor and says what is being typed and
what could follow; card names for bare words come from the database (the caller looks them
up with the returned :attr:`Completion.prefix`).

Examples
--------
>>> vocab = Vocabulary(types=("Creature", "Ninja"), keywords=("Ninjutsu",))
>>> found = complete_at("c:b t:nin", 9, vocab)
>>> found.kind.name, found.start, found.prefix, [s.text for s in found.suggestions]
('VALUE', 6, 'nin', ['Ninja'])
>>> [s.text for s in complete_at("-co", 3, vocab).suggestions]
['color:', 'colour:']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum, auto

from sqlalchemy import select
from sqlalchemy.orm import Session

from analyzer.cards.db.engine import Database
from analyzer.cards.db.schema import CardNameRow, CardRow, FaceRow
from analyzer.cards.names import normalize_name
from analyzer.cards.search.syntax import (
    COLOR_NAMES,
    FIELD_ALIASES,
    FORMATS,
    PARITIES,
    RARITY_ORDER,
    Field,
    IsValue,
    quote_value,
)
from analyzer.progress import CancelToken, Job, Progress

__all__ = [
    "FIELD_HELP",
    "Completion",
    "CompletionKind",
    "Suggestion",
    "Vocabulary",
    "card_name_suggestions",
    "complete_at",
    "database_vocabulary",
    "vocabulary_job",
]

FIELD_HELP: dict[Field, str] = {
    Field.NAME: "words in the card's names",
    Field.TYPE: "type line (card type, supertype or subtype)",
    Field.ORACLE: "Oracle text",
    Field.COLOR: "colours",
    Field.IDENTITY: "colour identity (fits within)",
    Field.MANA_VALUE: "mana value (compare with = < <= > >=)",
    Field.POWER: "power (a number, or tou)",
    Field.TOUGHNESS: "toughness (a number, or pow)",
    Field.KEYWORD: "keyword ability or action",
    Field.IS: "card property",
    Field.FORMAT: "legal in a format",
    Field.RARITY: "a printing's rarity (needs printings data)",
    Field.SET: "a printing's set code (needs printings data)",
    Field.BANNED: "banned in a format",
    Field.RESTRICTED: "restricted in a format (one copy)",
    Field.MANA: "mana cost holds these symbols ({2}{R}, rw, {R/W})",
    Field.PRODUCES: "colours its mana abilities add (wubrg, c)",
}
"""What each field searches, shown beside its key in a completion list."""

_NUMERIC = (Field.MANA_VALUE, Field.POWER, Field.TOUGHNESS)
_FIELD_OP = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_STOP = frozenset(" \t\r\n()")
_MAX_SUGGESTIONS = 50
_NAME_CANDIDATES = 400
"""Names read per condition by :func:`card_name_suggestions` before ranking."""


class CompletionKind(Enum):
    """What the text before the cursor is."""

    NOTHING = auto()
    """Nothing to complete (white space, an operator, an unknown field, a number)."""
    FIELD = auto()
    """A bare word: a field key (``t:``) or a card name may follow."""
    VALUE = auto()
    """The value of ``field operator``: the field's values."""
    NAME = auto()
    """After ``!``: an exact card name."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One completion: the text that replaces ``Completion.start .. Completion.end``."""

    text: str
    """What is inserted, quoted as the query syntax needs (``"first strike"``)."""
    label: str
    """What a list shows (``"t:  type line..."``)."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Every value a completion may offer (STYLE.md habit 3: from the closed vocabularies
    of :mod:`analyzer.cards.search.syntax`, plus the database's types and keywords)."""

    types: tuple[str, ...] = ()
    """Card types, supertypes and subtypes in the database (MTGJSON ``types``,
    ``supertypes``, ``subtypes``), sorted."""
    keywords: tuple[str, ...] = ()
    """Keywords in the database (MTGJSON ``keywords``), sorted."""
    fields: tuple[str, ...] = field(default_factory=lambda: _field_keys())
    """Field keywords: the canonical spelling of each field first, then the aliases."""

    def values(self, of: Field) -> tuple[str, ...]:
        """The values ``of`` takes, as a query spells them (unquoted).

        Examples
        --------
        >>> Vocabulary().values(Field.RARITY)[:3]
        ('common', 'uncommon', 'rare')
        >>> "dimir" in Vocabulary().values(Field.IDENTITY)
        True
        """
        if of is Field.TYPE:
            return self.types
        if of is Field.KEYWORD:
            return self.keywords
        if of is Field.IS:
            return tuple(v.value for v in IsValue)
        if of in (Field.FORMAT, Field.BANNED, Field.RESTRICTED):
            return FORMATS
        if of is Field.RARITY:
            return RARITY_ORDER
        if of in (Field.COLOR, Field.IDENTITY):
            letters = tuple(v for v in dict.fromkeys(COLOR_NAMES.values()) if len(v) == 1)
            return (*letters, *COLOR_NAMES)
        if of in (Field.POWER, Field.TOUGHNESS):
            return (Field.POWER.value, Field.TOUGHNESS.value)
        if of is Field.MANA_VALUE:
            return PARITIES
        if of is Field.PRODUCES:
            return tuple("wubrgc")
        return ()


def _field_keys() -> tuple[str, ...]:
    canonical = [f.value for f in Field]
    return tuple(dict.fromkeys([*canonical, *FIELD_ALIASES]))


def _key_spelling(key: str) -> str:
    """``t`` -> ``t:``; numeric fields take ``=`` (``mv=``)."""
    return f"{key}=" if FIELD_ALIASES[key] in _NUMERIC else f"{key}:"


@dataclass(frozen=True, slots=True)
class Completion:
    """What :func:`complete_at` found at the cursor."""

    kind: CompletionKind
    """What is being typed."""
    start: int
    """Offset where the replaced text starts (the field key, the value, or the name)."""
    end: int
    """Offset where it ends (the end of the word under the cursor)."""
    prefix: str
    """The text typed so far, unquoted (for a name look-up)."""
    field: Field | None = None
    """:attr:`CompletionKind.VALUE`: the field whose value is typed."""
    suggestions: tuple[Suggestion, ...] = ()
    """Matching keys or values, those starting with :attr:`prefix` first (case-insensitive),
    then those containing it; at most 50. Names are not included (see the module doc)."""


def _word_bounds(query: str, cursor: int) -> tuple[int, int]:
    """Start and end of the word under the cursor; quotes group (``kw:"first str``)."""
    start, quoted, i = 0, False, 0
    while i < cursor:
        ch = query[i]
        if ch == "\\" and quoted:
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in _STOP:
            start = i + 1
        i += 1
    end = cursor
    while end < len(query) and (quoted or query[end] not in _STOP):
        if query[end] == '"':
            quoted = not quoted
        end += 1
    return start, end


def _matching(prefix: str, choices: tuple[str, ...],
              spell: dict[str, str] | None = None,
              help_text: dict[str, str] | None = None) -> tuple[Suggestion, ...]:
    wanted = prefix.casefold()
    first = [c for c in choices if c.casefold().startswith(wanted)]
    then = [c for c in choices if wanted and wanted in c.casefold() and c not in first]
    found = []
    for choice in [*first, *then][:_MAX_SUGGESTIONS]:
        text = spell[choice] if spell else quote_value(choice)
        label = f"{text}  {help_text[choice]}" if help_text and choice in help_text else text
        found.append(Suggestion(text, label))
    return tuple(found)


def complete_at(query: str, cursor: int, vocabulary: Vocabulary) -> Completion:
    """What could complete the word before ``cursor`` in ``query``.

    Parameters
    ----------
    query : str
        The query being typed (possibly malformed: it is not parsed).
    cursor : int
        The cursor offset, 0 to ``len(query)``.
    vocabulary : Vocabulary
        The values to offer (:func:`database_vocabulary`, or ``Vocabulary()`` for the
        syntax alone).

    Returns
    -------
    Completion
        Replace ``query[start:end]`` by a suggestion's ``text``.

    Examples
    --------
    >>> vocab = Vocabulary(keywords=("First strike", "Flying"))
    >>> c = complete_at('kw:"fir', 7, vocab)
    >>> c.kind.name, c.field, c.start, [s.text for s in c.suggestions]
    ('VALUE', <Field.KEYWORD: 'kw'>, 3, ['"First strike"'])
    >>> complete_at("is:", 3, vocab).suggestions[0].text
    'split'
    >>> c = complete_at("!light", 6, vocab)
    >>> c.kind.name, c.start, c.prefix
    ('NAME', 1, 'light')
    """
    cursor = max(0, min(cursor, len(query)))
    start, end = _word_bounds(query, cursor)
    while start < cursor and query[start] == "-":
        start += 1
    typed = query[start:cursor]
    if not typed:
        return Completion(CompletionKind.NOTHING, cursor, cursor, "")
    if typed.startswith("!"):
        return Completion(CompletionKind.NAME, start + 1, end, typed[1:].strip('"'))
    match = _FIELD_OP.match(typed)
    if match:
        of = FIELD_ALIASES.get(match.group(1).lower())
        value_start = start + match.end()
        prefix = typed[match.end():].lstrip('"')
        if of is None or of is Field.NAME:
            kind = CompletionKind.NAME if of is Field.NAME else CompletionKind.NOTHING
            return Completion(kind, value_start, end, prefix, of)
        values = vocabulary.values(of)
        if of is Field.MANA_VALUE and match.group(2) not in (":", "="):
            values = ()  # mv:even, mv=odd; never mv>=even
        return Completion(CompletionKind.VALUE, value_start, end, prefix, of,
                          _matching(prefix, values))
    if typed.startswith('"'):
        return Completion(CompletionKind.NAME, start, end, typed.strip('"'))
    if not typed.replace("'", "").replace("-", "").isalpha():
        return Completion(CompletionKind.NOTHING, start, end, typed)
    keys = tuple(k for k in vocabulary.fields if k in FIELD_ALIASES)
    spell = {k: _key_spelling(k) for k in keys}
    help_text = {k: FIELD_HELP[FIELD_ALIASES[k]] for k in keys}
    suggestions = tuple(s for s in _matching(typed, keys, spell, help_text)
                        if s.text.casefold().startswith(typed.casefold()))
    return Completion(CompletionKind.FIELD, start, end, typed, None, suggestions)


def database_vocabulary(session: Session) -> Vocabulary:
    """The completion vocabulary with the database's card types and keywords.

    Parameters
    ----------
    session : Session
        A session on the card database.

    Returns
    -------
    Vocabulary
        Types: every supertype, card type and subtype of any face (distinct JSON lists
        read, so about 0.1 s for MTGJSON's 24,000 cards); keywords: every card's.
    """
    types: set[str] = set()
    for supertypes, card_types, subtypes in session.execute(
            select(FaceRow.supertypes, FaceRow.types, FaceRow.subtypes).distinct()):
        types.update(supertypes, card_types, subtypes)
    keywords: set[str] = set()
    for (listed,) in session.execute(select(CardRow.keywords).distinct()):
        keywords.update(listed)
    return Vocabulary(types=tuple(sorted(types, key=str.casefold)),
                      keywords=tuple(sorted(keywords, key=str.casefold)))


def vocabulary_job(db: Database, *, cancel: CancelToken | None = None) -> Job[Vocabulary]:
    """:func:`database_vocabulary` as a job for a worker thread (a session of its own).

    Yields
    ------
    Progress
        One report before the read.

    Raises
    ------
    Cancelled
        ``cancel`` was set before the read.
    """
    (cancel or CancelToken()).check()
    yield Progress(0, 1, "Reading the card types and keywords")
    with db.session() as session:
        return database_vocabulary(session)


def card_name_suggestions(db: Database, text: str, limit: int = 15) -> list[str]:
    """Card names for a word being typed: names starting with ``text`` first (``"bolt"`` ->
    *Bolt Bend*), then names with a word starting with it (*Lightning Bolt*), then names
    containing it, each group by name; accents and case do not matter (every name a card is found under:
    face, ASCII and flavor names, :class:`~analyzer.cards.db.schema.CardNameRow`).

    Parameters
    ----------
    db : Database
        The card database (one session is opened and closed).
    text : str
        What was typed (one character or more).
    limit : int
        At most this many names.

    Returns
    -------
    list of str
        Full card names (``"Fire // Ice"`` for *Ice*), each once.
    """
    key = normalize_name(text)
    if not key or limit <= 0:
        return []
    with db.session() as session:
        hits: dict[str, str] = {}  # card id -> the best key it matched
        for condition in (CardNameRow.key.startswith(key, autoescape=True),
                          CardNameRow.key.contains(key, autoescape=True)):
            rows = session.execute(select(CardNameRow.card_id, CardNameRow.key)
                                   .where(condition).limit(_NAME_CANDIDATES))
            for card_id, name_key in rows:
                hits.setdefault(card_id, name_key)
        names = {card_id: name for card_id, name in session.execute(
            select(CardRow.id, CardRow.name).where(CardRow.id.in_(list(hits))))}

    def rank(card_id: str) -> tuple[int, str]:
        name_key = hits[card_id]
        place = 0 if name_key.startswith(key) else 1 if f" {key}" in name_key else 2
        return place, names.get(card_id, "").casefold()

    ordered = sorted((i for i in hits if i in names), key=rank)
    return list(dict.fromkeys(names[i] for i in ordered))[:limit]
