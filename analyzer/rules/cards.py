"""Where the rules core gets its cards: the starter set, a database, or inline definitions.

A :class:`CardLibrary` turns a name into :class:`~analyzer.rules.model.CardData` (the card
and its compiled profile, compiled once) and builds the cards a scenario defines inline and
the tokens effects create.

Examples
--------
>>> lib = CardLibrary.starter()
>>> lib.get("Grizzly Bears").power
2
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from analyzer.cards.model import Card, Face
from analyzer.errors import InputError
from analyzer.oracle.compile import compile_card, compile_with_granted
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.tokens import TokenSpec
from analyzer.rules.model import CardData

if TYPE_CHECKING:
    from analyzer.cards.db.engine import Database

__all__ = ["CardLibrary", "inline_card", "token_card"]

_SUPERTYPES = ("Legendary", "Basic", "Snow", "World")
_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Instant", "Sorcery",
          "Battle", "Kindred", "Tribal")


class CardLibrary:
    """Cards by name, each compiled once (CR 201: a card is known by its name).

    Parameters
    ----------
    lookup : callable
        ``name -> Card | None`` (the database, or the starter set).
    """

    def __init__(self, lookup: Callable[[str], Card | None]) -> None:
        self._lookup = lookup
        self._cache: dict[str, CardData] = {}
        self._granted: dict[tuple[str, tuple[str, ...]], CardData] = {}

    @classmethod
    def starter(cls) -> CardLibrary:
        """The starter set of ``data/starter_cards.json`` (read once per process)."""
        cards = _starter_cards()
        return cls(lambda name: cards.get(name) or cards.get(name.lower()))

    @classmethod
    def from_database(cls, db: Database) -> CardLibrary:
        """Cards of a card database (``--db URL``)."""
        from analyzer.cards.db import repository as repo

        def find(name: str) -> Card | None:
            with db.session() as session:
                return repo.find_card(session, name)

        return cls(find)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardLibrary:
        """Just these cards (tests)."""
        table = {c.name: c for c in cards}
        return cls(table.get)

    def define(self, card: Card) -> CardData:
        """Add a card (an inline scenario card or a token), replacing one of that name."""
        data = CardData(card, compile_card(card))
        self._cache[card.name] = data
        return data

    def get(self, name: str) -> CardData:
        """The card named ``name``.

        Raises
        ------
        InputError
            No card has that name.
        """
        if name in self._cache:
            return self._cache[name]
        card = self._lookup(name)
        if card is None:
            raise InputError(f"no card named {name!r} in the card database "
                                   "(define it inline under 'cards:')")
        data = CardData(card, compile_card(card))
        self._cache[name] = data
        self._cache[card.name] = data
        return data

    def granted(self, name: str, texts: tuple[str, ...]) -> CardData:
        """The card named ``name`` with the abilities ``texts`` granted to it by other
        objects (CR 613.1f), read after its printed abilities (compiled once per card and
        texts; see :func:`~analyzer.oracle.compile.compile_with_granted`).

        Raises
        ------
        InputError
            No card has that name.
        """
        key = (name, texts)
        found = self._granted.get(key)
        if found is None:
            card = self.get(name).card
            found = CardData(card, compile_with_granted(card, texts))
            self._granted[key] = found
        return found


_STARTER: dict[str, Card] = {}


def _starter_cards() -> dict[str, Card]:
    if not _STARTER:
        from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file
        from analyzer.data_files import starter_cards_path

        for card in iter_atomic_cards(read_atomic_file(starter_cards_path())):
            if isinstance(card, Card):
                _STARTER[card.name] = card
                _STARTER[card.name.lower()] = card
    return _STARTER


def inline_card(name: str, mana_cost: str, type_line: str, text: str = "",
                power: str | None = None, toughness: str | None = None,
                loyalty: str | None = None) -> Card:
    """A one-faced card from the fields a scenario gives (MTGJSON field meanings).

    Raises
    ------
    ValueError
        For a mana cost that does not parse or a type line without a card type.

    Examples
    --------
    >>> c = inline_card("Test Bear", "{1}{G}", "Creature — Bear", "", "2", "2")
    >>> c.front.types, c.front.subtypes, c.mana_value, c.front.colors
    (('Creature',), ('Bear',), 2.0, ('G',))
    >>> inline_card("Test Elf", "{G}", "Creature — Elf", "{T}: Add {U}. ({B} is not.)"
    ...             ).color_identity
    ('U', 'G')

    The colour identity (MTGJSON ``colorIdentity``) is the colours of the mana symbols in
    the mana cost and rules text, reminder text left out (CR 903.4, 903.4a).
    """
    cost = ManaCost.parse(mana_cost) if mana_cost.strip() else ManaCost()
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = tuple(w for w in words if w in _SUPERTYPES)
    types = tuple(w for w in words if w in _TYPES)
    if not types:
        raise ValueError(f"type line {type_line!r} names no card type "
                         f"({', '.join(_TYPES[:8])})")
    face = Face(name=name, mana_cost=str(cost) if not cost.is_empty else "",
                mana_value=float(cost.mana_value), colors=tuple(cost.colors.letters),
                type=type_line.strip(), supertypes=supertypes, types=types,
                subtypes=tuple(right.split()), text=text, power=power, toughness=toughness,
                loyalty=loyalty)
    rules_text = re.sub(r"\([^)]*\)", "", text)
    symbols = "".join(re.findall(r"\{([^}]*)\}", mana_cost + rules_text))
    identity = tuple(c for c in "WUBRG" if c in symbols)
    return Card(id=f"inline:{name}", name=name, mana_value=float(cost.mana_value),
                faces=(face,), data_source="scenario", color_identity=identity)


def token_card(spec: TokenSpec) -> Card:
    """The card-like record of a token (CR 111.4), compiled like any card.

    >>> from analyzer.oracle.tokens import parse_token
    >>> token_card(parse_token("1/1 blue Illusion creature token with flying")).name
    'Illusion'
    """
    text = "\n".join([*(str(k) for k in spec.keywords), *spec.abilities])
    type_line = " ".join(spec.types) + (" — " + " ".join(spec.subtypes) if spec.subtypes
                                        else "")
    face = Face(name=spec.name, colors=tuple(spec.colors.letters), type=type_line,
                types=spec.types, subtypes=spec.subtypes, text=text,
                power=None if spec.power is None else str(spec.power),
                toughness=None if spec.toughness is None else str(spec.toughness))
    return Card(id=f"token:{spec.name}", name=spec.name, faces=(face,), data_source="token")
