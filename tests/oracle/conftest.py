"""Fixtures of the Oracle compiler tests: cards built by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from analyzer.cards.model import Card, Face

CardFactory = Callable[..., Card]


def make_card(name: str, text: str = "", *, types: Sequence[str] = ("Creature",),
              subtypes: Sequence[str] = (), supertypes: Sequence[str] = (),
              mana_cost: str = "", colors: Sequence[str] = (), keywords: Sequence[str] = (),
              mana_value: float = 0.0, faces: Sequence[Face] | None = None,
              layout: str = "normal", **face_fields: Any) -> Card:
    """A one-faced card (or a card with the given ``faces``), id = name."""
    type_line = " ".join([*supertypes, *types])
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    built = tuple(faces) if faces is not None else (Face(
        name=name, mana_cost=mana_cost, mana_value=mana_value, colors=tuple(colors),
        type=type_line, supertypes=tuple(supertypes), types=tuple(types),
        subtypes=tuple(subtypes), text=text, **face_fields),)
    return Card(id=name, name=name, layout=layout, mana_value=mana_value,
                keywords=tuple(keywords), faces=built)


@pytest.fixture
def card() -> CardFactory:
    """The :func:`make_card` factory."""
    return make_card
