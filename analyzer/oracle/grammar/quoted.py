"""Quoted abilities: an ability granted to another object in quotation marks must be read
as an ability of its own (CR 113.1c, 613.1f) before the effect granting it counts as read.

Examples
--------
>>> quoted_ability_read("{T}: Add {G}."), quoted_ability_read("Dance wildly.")
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["ability_text", "quoted_ability_read"]


_INNER_QUOTE = re.compile(r"(?<=\s)'([A-Z{].*?\.)'(?=$|[\s,.;])")
"""A quotation inside a quotation, in single quotation marks."""


def ability_text(text: str) -> str:
    """A quoted ability's text as an ability line: a quotation inside it, in single
    quotation marks, in double ones (CR 113.1c).

    >>> ability_text("Create a token with 'This creature gets +1/+1.'")
    'Create a token with "This creature gets +1/+1."'
    """
    return _INNER_QUOTE.sub(r'"\1"', text)


@lru_cache(maxsize=4096)
def quoted_ability_read(text: str) -> bool:
    """True if every line of the quoted text reads as an ability (keyword, activated,
    triggered, static), with "this creature" as the object that has it. A quotation inside
    it is written in single quotation marks ("... token with 'This creature gets +1/+1 for
    each artifact you control.'"): it is read as the ability of that object.

    >>> quoted_ability_read("{2}, {T}: Create a 0/0 colorless Construct artifact creature "
    ...     "token with 'This creature gets +1/+1 for each artifact you control.'")
    True
    """
    from analyzer.card_model import Card, Face

    text = ability_text(text)
    from analyzer.oracle.compile import compile_card

    card = Card(id="quoted", name="Quoted", faces=(Face(
        name="Quoted", type="Creature", types=("Creature",), text=text),))
    return compile_card(card).fully_understood
